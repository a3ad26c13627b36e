"""The school's table: a seeded, made-up American night for a class to discuss."""

from __future__ import annotations

import os
import random
from typing import Sequence

from ..numbers import count
from ..willingdon.deal import weighted_choice
from .ledger import Ledger

__all__ = ["SIM_VALUES", "how_it_went", "simulate_night"]

#: The card values of a simulated night and their weights: most hands on the card are 25,
#: and 30 and 35 are common; 40 to 50 are the harder hands.
SIM_VALUES = ((25, 40), (30, 25), (35, 15), (40, 8), (45, 6), (50, 6))


def simulate_night(players: Sequence[str] = ("Ann", "Bea", "Cat", "Dee"), hands: int = 20, *,
                   seed: int = 2, wall: float = 0.20, self_drawn: float = 0.30,
                   jokerless: float = 0.05, dead: float = 0.10,
                   journal: str | os.PathLike | None = None) -> Ledger:
    """The school's table: a seeded, made-up American night for a class to discuss.

    The frequencies are a teacher's estimates, chosen to look like a real home table, not
    measured from one:

    - ``wall`` = 20%: about one game in five ends with the wall run out and nobody paying;
      it happens often enough that every night has some.
    - ``self_drawn`` = 30% of the wins: most wins come on a discard (three players feed the
      winner, one tile from the wall does), but self-drawn wins are common.
    - values 25/30/35/40/45/50 weighted 40/25/15/8/6/6 (:data:`SIM_VALUES`): most of the
      card is 25-35, the concealed and singles-and-pairs hands are the 40s and 50s.
    - categories: 6% of wins are Singles and Pairs (worth 50, and no jokers can be used, so
      declared jokerless but with no double: a good question for the class), 4% Quints
      (worth 40 or 45, never jokerless); the rest are "other" sections.
    - ``jokerless`` = 5% of the other wins: a hand without jokers is the hard way, and rare.
    - ``dead`` = 10% of hands have one dead hand (never the winner's), which still pays.
    - the winner, the thrower and the dead hand are equally likely to be anyone.

    The default seed, 2, was picked because its twenty hands show each case at least once
    (discard, self-drawn, wall, jokerless, Singles and Pairs, a dead hand). Only
    ``rng.random()`` is drawn, so a seed gives the same night on every Python.

    >>> night = simulate_night()
    >>> len(night), sum(night.totals.values())
    (20, 0)
    >>> night.lines[0].text
    'Dee wins self-drawn, 40 on the card'
    """
    ledger = Ledger(players, journal=journal)
    table = [p for p in ledger.players if p != ledger.bettor]
    rng = random.Random(seed)
    for _ in range(hands):
        entry: dict = {}
        if ledger.bettor is not None:
            entry["pick"] = table[min(int(rng.random() * 4), 3)]
        if rng.random() < wall:
            entry["how"] = "wall"
            winner = None
        else:
            winner = table[min(int(rng.random() * 4), 3)]
            others = [p for p in table if p != winner]
            how = "self-drawn" if rng.random() < self_drawn else "discard"
            category = weighted_choice(rng, (("other", 90), ("singles-and-pairs", 6), ("quints", 4)))
            if category == "singles-and-pairs":
                value, joke = 50, True
            elif category == "quints":
                value, joke = weighted_choice(rng, ((40, 1), (45, 1))), False
            else:
                value, joke = weighted_choice(rng, SIM_VALUES), rng.random() < jokerless
            entry.update(winner=winner, how=how, value=value, jokerless=joke, category=category)
            if how == "discard":
                entry["thrower"] = others[min(int(rng.random() * 3), 2)]
        if rng.random() < dead:
            pool = [p for p in table if p != winner]
            entry["dead"] = (pool[min(int(rng.random() * len(pool)), len(pool) - 1)],)
        ledger.add(**entry)
    return ledger


def how_it_went(ledger: Ledger) -> str:
    """What a night's hands came to, counted, to set beside the rates it was made from.

    A night of twenty hands strays from its rates as a real night does; this says by how much,
    from the hands themselves.

    >>> print(how_it_went(simulate_night()))
    Of its 20 hands, 4 were wall games. Of its 16 wins, 7 were self-drawn and 4 were declared jokerless. 3 hands had a player with a dead hand.
    """
    hands = ledger.entries
    wins = [e for e in hands if e.winner is not None]
    walls = len(hands) - len(wins)
    self_drawn = sum(e.how == "self-drawn" for e in wins)
    jokerless = sum(bool(e.jokerless) for e in wins)
    dead = sum(bool(e.dead) for e in hands)

    def n(k: int, one: str, many: str) -> str:
        return f"{count(k)} {one if k == 1 else many}"
    return (f"Of its {n(len(hands), 'hand', 'hands')}, {n(walls, 'was a wall game', 'were wall games')}. "
            f"Of its {n(len(wins), 'win', 'wins')}, {n(self_drawn, 'was self-drawn', 'were self-drawn')} and "
            f"{n(jokerless, 'was declared jokerless', 'were declared jokerless')}. "
            f"{n(dead, 'hand had', 'hands had')} a player with a dead hand.")
