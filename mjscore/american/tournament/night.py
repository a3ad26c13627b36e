"""A night of American tournament games: the standings, and a made-up night for teaching.

:func:`standings` adds up a set of games scored under one table (players level on points
share a place); :func:`sample_night` makes up a seeded night, the same on every Python.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from .scoring import Game, score_game
from .tables import COMMON, TournamentError, TournamentTable, is_whole



@dataclass(frozen=True)
class Standing:
    """One player's line in the standings. ``place`` is shared by players level on points."""

    place: int
    player: str
    points: int
    games: int
    wins: int
    threw: int


@dataclass(frozen=True)
class Standings:
    """A set of games scored under one table: who stands where, and each game's score."""

    table: TournamentTable
    rows: tuple
    scores: tuple

    @property
    def leaders(self) -> tuple:
        """Everyone in first place (more than one on a tie)."""
        return tuple(r.player for r in self.rows if r.place == 1)

    @property
    def totals(self) -> dict:
        """Each player's points over the games: ``{player: points}``."""
        return {r.player: r.points for r in self.rows}

    def explain(self) -> str:
        """The standings as text, a player a line, best first."""
        w = max([len(r.player) for r in self.rows] + [6])
        out = [f"Standings after {len(self.scores)} game{'s' if len(self.scores) != 1 else ''} "
               f"({self.table.name})"]
        for r in self.rows:
            out.append(f"  {r.place:>2}. {r.player:<{w}} {r.points:>5}  ({r.wins} won, {r.threw} thrown, "
                       f"{r.games} played)")
        return "\n".join(out)


def standings(games: Iterable[Game], table: TournamentTable | None = None) -> Standings:
    """Total points over a set of games, best first.

    Players level on points share a place (and are listed by name). Players may change tables
    between games.

    >>> four = ("Ann", "Bea", "Cat", "Dee")
    >>> night = [Game(four, "discard", winner="Ann", thrower="Cat", value=25),
    ...          Game(four, "self-drawn", winner="Bea", value=30),
    ...          Game(four, "wall", dead={"Cat"})]
    >>> print(standings(night).explain())
    Standings after 3 games (Common published table)
       1. Bea       50  (1 won, 0 thrown, 3 played)
       2. Ann       35  (1 won, 0 thrown, 3 played)
       3. Dee       10  (0 won, 0 thrown, 3 played)
       4. Cat      -10  (0 won, 1 thrown, 3 played)
    """
    t = COMMON if table is None else table
    scores = []
    totals: dict[str, list[int]] = {}
    for g in games:
        if not isinstance(g, Game):
            raise TournamentError(f"standings are worked out from Game results, not {g!r}")
        s = score_game(g, t)
        scores.append(s)
        for p, v in s.points.items():
            row = totals.setdefault(p, [0, 0, 0, 0])
            row[0] += v
            row[1] += 1
            row[2] += p == g.winner
            row[3] += p == g.thrower
    order = sorted(totals, key=lambda p: (-totals[p][0], p))
    rows = tuple(Standing(1 + sum(1 for q in totals if totals[q][0] > totals[p][0]), p, *totals[p])
                 for p in order)
    return Standings(t, rows, tuple(scores))


# --------------------------------------------------------------------------- a sample night


#: Card values as they come up on a card: mostly 25 to 35, a few up to 75.
_VALUES = (25, 25, 25, 25, 30, 30, 30, 35, 35, 40, 45, 50, 55, 75)
_CATEGORIES = ("2468", "like-numbers", "addition", "quints", "consecutive-run", "13579",
               "winds-dragons", "369", "singles-and-pairs", "year")


def _pick(rng: random.Random, items: Sequence):
    """One of ``items``, from ``rng.random()`` only (``choice`` may change between Pythons)."""
    return items[min(int(rng.random() * len(items)), len(items) - 1)]


def sample_night(players: Sequence[str] = ("Ann", "Bea", "Cat", "Dee"), games: int = 16,
                 seed: int = 0) -> tuple:
    """A made-up night of ``games`` games at one table, the same for the same ``seed``.

    The same on every machine and every Python: it draws only ``random.Random(seed).random()``,
    whose sequence Python guarantees (never ``choice`` or ``sample``, whose algorithms may change).

    About one game in six is a wall game; about a quarter of the wins are self-drawn and one
    in eight jokerless; now and then a hand goes dead. For teaching and tests, not a model of
    real play.

    >>> [g.how for g in sample_night(games=4, seed=1)] == [g.how for g in sample_night(games=4, seed=1)]
    True
    """
    if not is_whole(games) or games < 0:
        raise TournamentError(f"the number of games must be a whole number 0 or more, not {games!r}")
    players = tuple(players)
    rng = random.Random(seed)
    night = []
    for _ in range(games):
        dead = frozenset([_pick(rng, players)]) if rng.random() < 0.12 else frozenset()
        if rng.random() < 0.17:
            night.append(Game(players, "wall", dead=dead))
            continue
        winner = _pick(rng, [p for p in players if p not in dead])
        category = _pick(rng, _CATEGORIES)
        exposures = 0 if category == "singles-and-pairs" else _pick(rng, (0, 1, 1, 2, 2, 2, 3, 3, 4))
        value = _pick(rng, _VALUES) + (25 if category == "singles-and-pairs" and rng.random() < 0.5 else 0)
        jokerless = category == "singles-and-pairs" or rng.random() < 0.125
        if rng.random() < 0.25:
            night.append(Game(players, "self-drawn", winner=winner, value=value, jokerless=jokerless,
                              category=category, exposures=exposures, dead=dead))
        else:
            thrower = _pick(rng, [p for p in players if p != winner])
            night.append(Game(players, "discard", winner=winner, thrower=thrower, value=value,
                              jokerless=jokerless, category=category, exposures=exposures, dead=dead))
    return tuple(night)


__all__ = ["Standing", "Standings", "sample_night", "standings"]
