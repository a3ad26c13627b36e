"""The tournament drill: the drill's situations (:mod:`mjscore.american.drill`, dealt with
``game="tournament"``: no bettor) scored under the organizer's table the learner chooses, each
player's points, and the one rule a wrong answer most likely missed.

>>> from ..drill import situation
>>> s = situation(1, game="tournament")
>>> print(s.describe())
Ann wins on a discard thrown by Cat: a 25 hand from any other section of the card, with a joker in it.
>>> tournament_answer(s)
(25, 0, -10, 0)
>>> print(tournament_miss(s, (100, -25, -50, -25)).title)
A tournament scores points from its table: nobody pays the winner
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ...missed import Misreading, Rule, worst_miss
from ...numbers import signed
from ..drill import DrillError, Situation, home_answer
from .scoring import Game, score_game
from .tables import COMMON, TournamentTable

__all__ = ["game_of", "misreadings", "tournament_answer", "tournament_miss", "tournament_reasons"]


def game_of(s: Situation) -> Game:
    """The situation as a tournament :class:`~mjscore.american.tournament.Game`.

    A bettor has no place at a tournament: a situation with one is refused."""
    if s.bettor:
        raise DrillError("a tournament has no fifth player betting")
    won = s.pays_as != "wall"
    return Game(s.players, s.how, winner=s.winner, thrower=s.thrower, value=s.value, jokerless=s.jokerless and won,
                category=s.category if won else "other", exposures=s.exposures if won else 0,
                dead=frozenset(s.dead))


def tournament_answer(s: Situation, table: TournamentTable = COMMON) -> tuple[int, ...]:
    """Each player's points under ``table``, in the order of ``s.players``."""
    points = score_game(game_of(s), table).points
    return tuple(points[p] for p in s.players)


def tournament_reasons(s: Situation, table: TournamentTable = COMMON) -> tuple[str, ...]:
    """Every figure and its reason, one a line (the table's own explanation)."""
    return tuple(score_game(game_of(s), table).explain().splitlines())


def misreadings(s: Situation, t: TournamentTable = COMMON) -> list[Misreading]:
    """Each misread rule that applies to ``s`` under ``t``, with the points it gives."""
    def under(**changes) -> tuple[int, ...]:
        return tournament_answer(s, replace(t, **changes))

    worlds = []
    if s.pays_as == "wall":
        other = "every-player" if t.wall_game_to == "live-hands" else "live-hands"
        if s.dead:
            worlds.append(Misreading(Rule("Who scores the wall-game points is the table's rule",
                                f"Under the {t.name} a wall game gives {t.wall_game_points} to "
                                + ("every player whose hand is not dead." if t.wall_game_to == "live-hands"
                                   else "every player, dead hands included.")), under(wall_game_to=other)))
        worlds.append(Misreading(Rule("A wall game gives points at a tournament",
                            f"Under the {t.name} a wall game gives {t.wall_game_points} points."), under(wall_game_points=0)))
        return worlds
    worlds.append(Misreading(Rule("A tournament scores points from its table: nobody pays the winner",
                                  "At a tournament each player scores points from the organizer's table; the home "
                                  "payments do not apply."), home_answer(s)))
    if s.pays_as == "self-drawn":
        how = "" if s.how == "self-drawn" else f" ({s.how.replace('-', ' ')} scores as self-drawn)"
        worlds.append(Misreading(Rule("A self-drawn win earns a flat bonus",
                            f"The winner adds the self-drawn bonus, {t.self_drawn_bonus}{how}."), under(self_drawn_bonus=0)))
    if s.jokerless:
        if s.category in t.jokerless_excludes:
            worlds.append(Misreading(Rule("Some sections get no jokerless bonus",
                                f"The {t.name} gives no jokerless bonus to this section of the card."),
                           under(jokerless_excludes=frozenset())))
        else:
            worlds.append(Misreading(Rule("A jokerless win earns a flat bonus",
                                f"The winner adds the jokerless bonus, {t.jokerless_bonus}."), under(jokerless_bonus=0)))
    if s.pays_as == "discard":
        lost = t.thrower_penalty_for(s.exposures)
        detail = (f"{s.thrower} threw to a winner showing {s.exposures} exposure{'s' * (s.exposures != 1)}: "
                  f"she loses {lost} under the {t.name}.")
        for figure in sorted(set(t.thrower_penalty) - {lost}):
            worlds.append(Misreading(Rule("The thrower's penalty follows the winner's exposures", detail),
                           under(thrower_penalty=(figure,) * 3)))
        worlds.append(Misreading(Rule("Only the thrower loses points", f"The other losers score {-t.other_loser_penalty}."),
                       under(other_loser_penalty=lost)))
    return worlds


def tournament_miss(s: Situation, given: Sequence[int], table: TournamentTable = COMMON) -> Rule | None:
    """The one rule a wrong answer (each player's points, in order) most likely missed.

    None when the answer is right."""
    correct = tournament_answer(s, table)
    given = tuple(given)
    if len(given) != len(correct):
        raise DrillError(f"give {len(correct)} figures, one for each of {', '.join(s.players)}")
    if given == correct:
        return None
    worlds = misreadings(s, table)
    found = worst_miss(worlds, given, correct)
    if found:
        return found
    i = next(i for i, (g, c) in enumerate(zip(given, correct)) if g != c)
    player = s.players[i]
    if player == s.winner:
        return Rule("The winner scores the card value and the table's bonuses",
                    f"{player} scores {signed(correct[i])}: the card value, plus any bonus the table gives.")
    titles = {m.rule.title: m.rule for m in worlds}
    if player == s.thrower:
        return titles["The thrower's penalty follows the winner's exposures"] if len(titles) > 1 and any(
            t.startswith("The thrower's") for t in titles) else Rule(
            "The thrower's penalty follows the winner's exposures", f"{player} scores {signed(correct[i])}.")
    if s.pays_as == "wall":
        return next(iter(r for t, r in titles.items() if t.startswith(("Who scores", "A wall game"))))
    return titles.get("Only the thrower loses points") or Rule(
        "Only the thrower loses points", f"{player} did not throw the winning tile: she scores {signed(correct[i])}.")
