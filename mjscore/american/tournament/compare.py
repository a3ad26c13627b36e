"""The same games settled at home and scored at a tournament: every figure the comparison
views show, worked out here (the views in :mod:`mjscore.views.american.tournament_views` only
lay them out).

At home the losers pay the winner (:mod:`mjscore.american.home`); at a tournament every player
scores points from the organizer's table (:mod:`.scoring`). A game that ends unfinished
(time called) pays nothing at home, like a wall game.

>>> four = ("Ann", "Bea", "Cat", "Dee")
>>> g = Game(four, "discard", winner="Ann", thrower="Cat", value=25, exposures=1)
>>> home_points(g)
{'Ann': 100, 'Bea': -25, 'Cat': -50, 'Dee': -25}
>>> throw_cost(g)
ThrowCost(threw=1, home_paid=50, home_extra=25, tournament_lost=10, tournament_extra=10)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ..home import HOME, HandResult, HomeRules, settle
from .night import standings
from .scoring import Game, score_game
from .tables import COMMON, EXPOSURE_BANDS, TournamentError, TournamentTable

#: How each way a tournament game ends is settled at home: an unfinished game as a wall game.
HOME_HOW = {"discard": "discard", "self-drawn": "self-drawn", "joker-exchange": "joker-exchange",
            "heavenly-hand": "heavenly-hand", "wall": "wall", "unfinished": "wall"}


def _table(table: TournamentTable | None) -> TournamentTable:
    return COMMON if table is None else table


def home_points(game: Game, rules: HomeRules = HOME) -> dict:
    """Each player's gain (+) or payment (-) at home for the same game, in seat order.

    A wall game and an unfinished game pay nothing at home.

    >>> g = Game(("Ann", "Bea", "Cat", "Dee"), "self-drawn", winner="Bea", value=25, jokerless=True)
    >>> home_points(g)
    {'Ann': -100, 'Bea': 300, 'Cat': -100, 'Dee': -100}
    """
    how = HOME_HOW[game.how]
    if how == "wall":
        # settle() asks for a card value even for a wall game; nobody pays, whatever it is.
        return settle(game.players, HandResult("wall", dead=tuple(game.dead)), rules)
    return settle(game.players, HandResult(how, game.winner, game.thrower, game.value, game.jokerless, game.category,
                                           tuple(game.dead)), rules)


def places(totals: Mapping[str, int]) -> dict:
    """Each player's place by total, best first; players level on a total share the place.

    >>> places({"Ann": 30, "Bea": 50, "Cat": 30, "Dee": -10})
    {'Ann': 2, 'Bea': 1, 'Cat': 2, 'Dee': 4}
    """
    return {p: 1 + sum(1 for q in totals.values() if q > v) for p, v in totals.items()}


def same_players(games: Sequence[Game]) -> tuple:
    """The four players of a night (seat order of its first game); refused if they change."""
    if not games:
        raise TournamentError("no games to compare")
    players = games[0].players
    for g in games[1:]:
        if set(g.players) != set(players):
            raise TournamentError("every game of the night must be played by the same four players")
    return players


@dataclass(frozen=True)
class ThrowCost:
    """What throwing winning tiles cost: how many were thrown; at home what the thrower paid and
    how much more than an ordinary loser of the same game; at the tournament the thrower's
    penalties and how much more than an ordinary loser lost (the table's other-loser figure)."""

    threw: int = 0
    home_paid: int = 0
    home_extra: int = 0
    tournament_lost: int = 0
    tournament_extra: int = 0

    def __add__(self, other: "ThrowCost") -> "ThrowCost":
        return ThrowCost(*(a + b for a, b in zip(self._figures(), other._figures())))

    def _figures(self) -> tuple:
        return (self.threw, self.home_paid, self.home_extra, self.tournament_lost, self.tournament_extra)


def throw_cost(game: Game, table: TournamentTable | None = None, home_rules: HomeRules = HOME) -> ThrowCost:
    """What the thrower of ``game`` lost by throwing (nothing if it was not won on a discard)."""
    if game.scores_as != "discard":
        return ThrowCost()
    t = _table(table)
    home = home_points(game, home_rules)
    other = next(p for p in game.players if p not in (game.winner, game.thrower))
    penalty = t.thrower_penalty_for(game.exposures)
    return ThrowCost(1, -home[game.thrower], home[other] - home[game.thrower], penalty,
                     penalty - t.other_loser_penalty)


def throwing(games: Sequence[Game], table: TournamentTable | None = None,
             home_rules: HomeRules = HOME) -> dict:
    """Each player's :class:`ThrowCost` over a sequence of games, in seat order."""
    games = list(games)
    totals = dict.fromkeys(same_players(games), ThrowCost())
    for g in games:
        if g.scores_as == "discard":
            totals[g.thrower] += throw_cost(g, table, home_rules)
    return totals


@dataclass(frozen=True)
class ValueCost:
    """What throwing the winning tile of a hand of one card value costs: at home the thrower's
    payment, each other loser's, and the difference; at the tournament the thrower's loss in each
    exposure band (:data:`~.tables.EXPOSURE_BANDS`) and each other loser's."""

    value: int
    home_thrower_pays: int
    home_each_other_pays: int
    home_extra: int
    tournament_thrower_loses: tuple
    tournament_each_other_loses: int


def value_cost(value: int, table: TournamentTable | None = None, home_rules: HomeRules = HOME, *,
               jokerless: bool = False, category: str = "other") -> ValueCost:
    """What throwing costs for a hand worth ``value`` (exposures do not apply to Singles and Pairs).

    >>> value_cost(50)
    ValueCost(value=50, home_thrower_pays=100, home_each_other_pays=50, home_extra=50, tournament_thrower_loses=(10, 20, 25), tournament_each_other_loses=0)
    """
    t = _table(table)
    four = ("winner", "thrower", "other", "other 2")
    home = home_points(Game(four, "discard", winner="winner", thrower="thrower", value=value,
                            jokerless=jokerless, category=category), home_rules)
    loses = []
    for n in range(1, len(EXPOSURE_BANDS) + 1):
        exposures = 0 if category == "singles-and-pairs" else n
        pts = score_game(Game(four, "discard", winner="winner", thrower="thrower", value=value,
                              jokerless=jokerless, category=category, exposures=exposures), t).points
        loses.append(-pts["thrower"])
    return ValueCost(value, -home["thrower"], -home["other"], home["other"] - home["thrower"], tuple(loses),
                     -pts["other"])


@dataclass(frozen=True)
class NightRow:
    """One player's night both ways: totals, places (shared on a tie), wins and tiles thrown."""

    player: str
    home: int
    home_place: int
    tournament: int
    tournament_place: int
    wins: int
    threw: int


def compare_night(games: Iterable[Game], table: TournamentTable | None = None,
                  home_rules: HomeRules = HOME) -> tuple:
    """A night's :class:`NightRow` per player, in tournament order (best first, names breaking ties)."""
    games = list(games)
    st = standings(games, _table(table))
    home = dict.fromkeys(st.totals, 0)
    for g in games:
        for p, v in home_points(g, home_rules).items():
            home[p] += v
    home_place = places(home)
    return tuple(NightRow(r.player, home[r.player], home_place[r.player], r.points, r.place, r.wins, r.threw)
                 for r in st.rows)


def leaders(games: Iterable[Game], table: TournamentTable | None = None, home_rules: HomeRules = HOME) -> dict:
    """Who finishes first: ``{"home": (...), "tournament": (...)}`` (more than one on a tie), by name."""
    rows = compare_night(games, table, home_rules)
    return {"home": tuple(sorted(r.player for r in rows if r.home_place == 1)),
            "tournament": tuple(sorted(r.player for r in rows if r.tournament_place == 1))}


def running_totals(games: Sequence[Game], table: TournamentTable | None = None,
                   home_rules: HomeRules = HOME) -> dict:
    """Each player's total after each game, both ways: at home and at a tournament.

    ``{"home": [...], "tournament": [...]}``, each a list of ``{player: total}`` from the start
    (all 0) to the last game.
    """
    games = list(games)
    t = _table(table)
    players = same_players(games)
    home_rows = [dict.fromkeys(players, 0)]
    tour_rows = [dict.fromkeys(players, 0)]
    for g in games:
        h, s = home_points(g, home_rules), score_game(g, t).points
        home_rows.append({p: home_rows[-1][p] + h[p] for p in players})
        tour_rows.append({p: tour_rows[-1][p] + s[p] for p in players})
    return {"home": home_rows, "tournament": tour_rows}


@dataclass(frozen=True)
class NightFigures:
    """The figures a night's summary quotes: games and wins, what the winners collected at home
    and scored at the tournament, what the throwers paid and lost (:class:`ThrowCost` per
    player), the wall games and how many hands took the wall-game points."""

    games: int
    wins: int
    home_collected: int
    tournament_scored: int
    throws: dict
    walls: int
    wall_hands_paid: int

    @property
    def thrown(self) -> ThrowCost:
        """All the throws of the night together."""
        total = ThrowCost()
        for cost in self.throws.values():
            total += cost
        return total


def night_figures(games: Sequence[Game], table: TournamentTable | None = None,
                  home_rules: HomeRules = HOME) -> NightFigures:
    """The figures of a night both ways (see :class:`NightFigures`)."""
    games = list(games)
    t = _table(table)
    throws = throwing(games, t, home_rules)
    won = [g for g in games if g.winner is not None]
    walls = [g for g in games if g.scores_as == "wall"]
    paid = sum(1 for g in walls for p in g.players if p not in g.dead or t.wall_game_to == "every-player")
    return NightFigures(len(games), len(won), sum(home_points(g, home_rules)[g.winner] for g in won),
                        sum(score_game(g, t).points[g.winner] for g in won), throws, len(walls), paid)


__all__ = ["HOME_HOW", "NightFigures", "NightRow", "ThrowCost", "ValueCost", "compare_night", "home_points",
           "leaders", "night_figures", "places", "running_totals", "same_players", "throw_cost", "throwing",
           "value_cost"]
