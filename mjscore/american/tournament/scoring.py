"""American Mah Jongg tournament scoring: organizer tables as data, games scored in points.

At home the losers pay the winner; at a tournament every player scores points, and each
organizer publishes its own table of bonuses and penalties. The engine reads a table (a
:class:`TournamentTable`, from a JSON file); it does not hard-code one. Two presets ship
with mjscore: ``"common"`` (the default) and ``"variant"``, both as docs/rules.md gives them.

The common table: the winner scores the card value, +10 if self-drawn, +20 if jokerless (not
Singles and Pairs); the thrower of the winning tile loses 10 if the winner showed 0-1
exposures, 20 for 2, 25 for 3 or more; the other losers score 0. For a hand worth 25:

>>> points_by_role(25, "discard", exposures=1)
{'winner': 25, 'thrower': -10, 'other': 0}
>>> points_by_role(25, "self-drawn", exposures=1)
{'winner': 35, 'other': 0}
>>> points_by_role(25, "discard", jokerless=True, exposures=3)
{'winner': 45, 'thrower': -25, 'other': 0}

A wall game gives 10 to every player whose hand is not dead; a dead hand scores 0. The
variant takes 30 (not 25) for 3 exposures and gives 10 to every player in a wall game:

>>> from mjscore.american.tournament.tables import VARIANT
>>> points_by_role(None, "wall")
{'live_hand': 10, 'dead_hand': 0}
>>> points_by_role(None, "wall", table=VARIANT)
{'live_hand': 10, 'dead_hand': 10}
>>> points_by_role(25, "discard", exposures=3, table=VARIANT)["thrower"]
-30

A whole game, with every figure explained:

>>> g = Game(("Ann", "Bea", "Cat", "Dee"), "discard", winner="Ann", thrower="Cat", value=30,
...          jokerless=True, exposures=2)
>>> score_game(g).points
{'Ann': 50, 'Bea': 0, 'Cat': -20, 'Dee': 0}
>>> print(score_game(g).explain())
Ann wins on Cat's discard: a 30 hand, jokerless, 2 exposures (Common published table)
  Ann  the card value                                           +30
  Ann  jokerless bonus                                          +20
  Bea  did not win and did not throw                              0
  Cat  threw the winning tile to a winner showing 2 exposures   −20
  Dee  did not win and did not throw                              0
Points: Ann +50, Bea 0, Cat −20, Dee 0
"""

from __future__ import annotations

from dataclasses import dataclass

from ..home import CATEGORIES
from ...numbers import signed
from .tables import (COMMON, MAX_EXPOSURES, RECIPIENTS, SCORES_AS, TOURNAMENT_HOWS, TournamentError, TournamentTable,
                     is_whole)


# --------------------------------------------------------------------------- a game


@dataclass(frozen=True)
class Game:
    """The facts of one game at a table of four, whatever the scoring.

    ``how``: ``discard``, ``self-drawn``, ``wall``, ``unfinished`` (time was called), or
    ``joker-exchange`` / ``heavenly-hand`` (which score as self-drawn). ``exposures``: the
    exposed groups the winner showed. ``dead``: players whose hands were declared dead.
    ``penalties``: ``(player, penalty name)`` pairs, such as ``("Bea", "misnamed_discard")``.
    """

    players: tuple
    how: str
    winner: str | None = None
    thrower: str | None = None
    value: int | None = None
    jokerless: bool = False
    category: str = "other"
    exposures: int = 0
    dead: frozenset = frozenset()
    penalties: tuple = ()

    def __post_init__(self) -> None:
        players = tuple(self.players) if not isinstance(self.players, str) else (self.players,)
        if any(not isinstance(p, str) or not p.strip() for p in players):
            raise TournamentError("every player needs a name")
        if len(set(players)) != len(players):
            raise TournamentError("two players have the same name")
        if len(players) != 4:
            raise TournamentError(f"four players sit at a table, not {len(players)}")
        object.__setattr__(self, "players", players)
        if self.how not in SCORES_AS:
            raise TournamentError(f"unknown way the game ended {self.how!r} "
                                  f"(one of {', '.join(TOURNAMENT_HOWS)})")
        dead = frozenset([self.dead] if isinstance(self.dead, str) else self.dead)
        for d in sorted(dead):
            if d not in players:
                raise TournamentError(f"the dead hand {d!r} is not at the table")
        object.__setattr__(self, "dead", dead)
        pens = tuple(tuple(p) for p in self.penalties)
        for item in pens:
            if len(item) != 2 or item[0] not in players or not isinstance(item[1], str):
                raise TournamentError(f"a penalty is (player at the table, penalty name), not {item!r}")
        object.__setattr__(self, "penalties", pens)
        if self.category not in CATEGORIES:
            raise TournamentError(f"unknown category {self.category!r} (one of {', '.join(CATEGORIES)})")
        if not isinstance(self.jokerless, bool):
            raise TournamentError(f"jokerless must be true or false, not {self.jokerless!r}")
        if not is_whole(self.exposures) or not 0 <= self.exposures <= MAX_EXPOSURES:
            raise TournamentError(f"the winner's exposures must be a whole number from 0 to "
                                  f"{MAX_EXPOSURES}, not {self.exposures!r}")
        way = SCORES_AS[self.how]
        if way in ("wall", "unfinished"):
            ended = "a wall game" if way == "wall" else "an unfinished game"
            if self.winner is not None or self.thrower is not None:
                raise TournamentError(f"{ended} has no winner and no thrower")
            if self.value is not None:
                raise TournamentError(f"{ended} has no hand value (nobody won)")
            if self.jokerless or self.exposures or self.category != "other":
                raise TournamentError(f"{ended} has no winning hand: no jokerless, exposures or category")
            return
        if self.value is None:
            raise TournamentError("a won game needs the hand's value (the card value, such as 25)")
        if not is_whole(self.value) or self.value <= 0:
            raise TournamentError(f"the hand's value must be a whole number more than 0, such as 25, "
                                  f"not {self.value!r}")
        if self.winner not in players:
            raise TournamentError(f"the winner {self.winner!r} is not at the table")
        if self.winner in dead:
            raise TournamentError(f"{self.winner} cannot win with a dead hand")
        if self.category == "singles-and-pairs" and self.exposures:
            raise TournamentError("a Singles and Pairs hand is concealed: it shows no exposures")
        if way == "discard":
            if self.thrower not in players or self.thrower == self.winner:
                raise TournamentError("on a discard, name the thrower: another player at the table")
        elif self.thrower is not None:
            raise TournamentError(f"a {self.how.replace('-', ' ')} win has no thrower")

    @property
    def scores_as(self) -> str:
        """``discard``, ``self-drawn``, ``wall`` or ``unfinished``."""
        return SCORES_AS[self.how]

    def role(self, player: str) -> str:
        """``winner``, ``thrower``, ``other``, ``live hand`` or ``dead hand`` (no winner)."""
        if self.scores_as in ("wall", "unfinished"):
            return "dead hand" if player in self.dead else "live hand"
        return "winner" if player == self.winner else "thrower" if player == self.thrower else "other"

    def describe(self) -> str:
        """One line: ``'Ann wins on Cat's discard: a 30 hand, 2 exposures'``."""
        way = self.scores_as
        if way == "wall":
            text = "Wall game: the wall ran out"
        elif way == "unfinished":
            text = "Unfinished game: time was called"
        else:
            how = (f"on {self.thrower}'s discard" if way == "discard" else
                   "self-drawn" if self.how == "self-drawn" else f"by {self.how.replace('-', ' ')}")
            article = "an" if str(self.value).startswith("8") or self.value in (11, 18) else "a"
            bits = [f"{article} {self.value:,} hand"]
            if self.category != "other":
                bits.append(CATEGORIES[self.category])
            if self.jokerless:
                bits.append("jokerless")
            bits.append(f"{self.exposures} exposure{'s' if self.exposures != 1 else ''}")
            text = f"{self.winner} wins {how}: " + ", ".join(bits)
        if self.dead:
            text += f" (dead: {', '.join(p for p in self.players if p in self.dead)})"
        return text


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Line:
    """One figure and its reason."""

    player: str
    points: int
    reason: str


@dataclass(frozen=True)
class GameScore:
    """Each player's points for one game under one table, with a line for every figure."""

    game: Game
    table: TournamentTable
    lines: tuple

    @property
    def points(self) -> dict:
        """Each player's points, in seat order (a fresh dict each time)."""
        totals = {p: 0 for p in self.game.players}
        for line in self.lines:
            totals[line.player] += line.points
        return totals

    def reasons(self, player: str) -> tuple:
        """The lines for one player."""
        return tuple(line for line in self.lines if line.player == player)

    def explain(self) -> str:
        """Every figure, one line each, then the totals."""
        width = max(len(p) for p in self.game.players)
        rw = max(len(line.reason) for line in self.lines)
        out = [f"{self.game.describe()} ({self.table.name})"]
        for line in self.lines:
            out.append(f"  {line.player:<{width}}  {line.reason:<{rw}}  {signed(line.points):>4}")
        out.append("Points: " + ", ".join(f"{p} {signed(v)}" for p, v in self.points.items()))
        return "\n".join(out)

    def to_json(self) -> dict:
        """The game's points as plain JSON data: each player's points and each line."""
        return {"points": self.points,
                "lines": [[line.player, line.points, line.reason] for line in self.lines]}


def score_game(game: Game, table: TournamentTable | None = None) -> GameScore:
    """Each player's points for ``game`` under ``table`` (default: :data:`COMMON`).

    Every rule that applies to a player gives a line, zero included. A dead hand can throw
    the winning tile and then loses the thrower's penalty, as a dead hand at home still pays.

    >>> from mjscore.american.tournament.tables import VARIANT
    >>> g = Game(("Ann", "Bea", "Cat", "Dee"), "wall", dead={"Bea"})
    >>> score_game(g).points, score_game(g, VARIANT).points
    ({'Ann': 10, 'Bea': 0, 'Cat': 10, 'Dee': 10}, {'Ann': 10, 'Bea': 10, 'Cat': 10, 'Dee': 10})
    """
    t = COMMON if table is None else table
    if not isinstance(t, TournamentTable):
        raise TournamentError(f"score with a TournamentTable, not {t!r}")
    g = game
    lines: list[Line] = []
    way = g.scores_as
    for p in g.players:
        if way in ("wall", "unfinished"):
            pts, to = ((t.wall_game_points, t.wall_game_to) if way == "wall"
                       else (t.unfinished_game_points, t.unfinished_game_to))
            what = "wall game" if way == "wall" else "unfinished game"
            if p in g.dead and to == "live-hands":
                lines.append(Line(p, 0, f"{what}: no points to a dead hand"))
            else:
                lines.append(Line(p, pts, f"{what}: points to {RECIPIENTS[to]}"))
        elif p == g.winner:
            base = g.value * t.card_value_times
            times = f" x {t.card_value_times}" if t.card_value_times != 1 else ""
            lines.append(Line(p, base, f"the card value{times}"))
            if way == "self-drawn":
                how = "" if g.how == "self-drawn" else f" ({g.how.replace('-', ' ')} scores as self-drawn)"
                lines.append(Line(p, t.self_drawn_bonus, "self-drawn bonus" + how))
            if g.jokerless:
                if g.category in t.jokerless_excludes:
                    lines.append(Line(p, 0, f"no jokerless bonus for {CATEGORIES[g.category]}"))
                else:
                    lines.append(Line(p, t.jokerless_bonus, "jokerless bonus"))
        elif p == g.thrower:
            n = g.exposures
            lines.append(Line(p, -t.thrower_penalty_for(n), f"threw the winning tile to a winner showing "
                              f"{n} exposure{'s' if n != 1 else ''}"))
        else:
            lines.append(Line(p, -t.other_loser_penalty, "did not win and did not throw"))
        if p in g.dead and (t.dead_hand_penalty or way not in ("wall", "unfinished")):
            # (in a wall or unfinished game the line above already says what a dead hand gets)
            lines.append(Line(p, -t.dead_hand_penalty, "dead hand" if t.dead_hand_penalty
                              else "dead hand: nothing more to pay at this table"))
    for p, name in g.penalties:
        lines.append(Line(p, -t.penalty(name), f"penalty: {name.replace('_', ' ')}"))
    return GameScore(g, t, tuple(lines))


def points_by_role(value: int | None, how: str, *, jokerless: bool = False, exposures: int = 0,
                   category: str = "other", table: TournamentTable | None = None) -> dict:
    """Each role's points for one hand: ``winner``, ``thrower`` (on a discard) and ``other``.

    For a wall or unfinished game: ``live_hand`` and ``dead_hand``; ``value`` is None then.

    >>> points_by_role(50, "self-drawn", jokerless=True, category="singles-and-pairs")
    {'winner': 60, 'other': 0}
    """
    seats = ("winner", "thrower", "other", "other 2")
    if SCORES_AS.get(how) in ("wall", "unfinished"):
        pts = score_game(Game(seats, how, value=value, jokerless=jokerless, exposures=exposures,
                              category=category, dead={"other 2"}), table).points
        return {"live_hand": pts["winner"], "dead_hand": pts["other 2"]}
    thrower = "thrower" if SCORES_AS.get(how) == "discard" else None
    pts = score_game(Game(seats, how, winner="winner", thrower=thrower, value=value, jokerless=jokerless,
                          exposures=exposures, category=category), table).points
    out = {"winner": pts["winner"]}
    if thrower:
        out["thrower"] = pts["thrower"]
    out["other"] = pts["other"]
    return out


__all__ = ["Game", "GameScore", "Line", "points_by_role", "score_game"]
