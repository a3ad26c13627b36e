"""The random-hand model of the statistics: legal Goulash hands with no player behind them.

A random hand is a legal Goulash shape with no player behind it:

- **tiles**: five *different* tiles from the 34 (the rule: no two sets on one tile), every
  choice of five equally likely; one of the five, each equally likely, is the pair. So a
  tile is as likely to be a dragon as a 5 of Dots: no strategy, just the tiles.
- **sets**: each of the four is a **kong** with chance ``kong`` (default 1/8: a kong needs the
  fourth tile of its kind as well, so it is the exception) and otherwise a pung; each is
  **exposed** with chance ``exposed`` (default 1/2: Goulash is an exposed game and any pung may
  be claimed from a discard, so neither is favoured).
- **flowers**: the winner holds each of the 8 flowers and seasons with chance ``flower``
  (default 1/4: each bonus tile ends up with one of the four players), independently, so 2 on
  average and a bouquet now and then.
- **seat and round**: each of E, S, W, N equally likely, independently.
- **self-drawn**: with chance ``self_drawn`` (default 1/4: the winning tile is the winner's own
  draw, or a discard from one of the three others).
- **blessings**: never. Earth's and Heaven's Blessing are events of the deal, not shapes of a
  hand; at a real table they come once in many thousands of hands. (The dealt hands have them.)

Each chance is applied to 1/256 (every decision reads 8 random bits); the defaults are exact.
The model draws only ``random.Random(seed).random()``, whose sequence Python guarantees, so a
seed gives the same hands on every machine.

The generator builds each hand from shared, ready-made sets and flower tuples, and since it lays
down only legal shapes, :class:`~mjscore.hands.Hand`'s checks are skipped on this one internal
path (:func:`unchecked_hand`); the tests rebuild a sample with the full checks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations
from typing import Iterator

from ..hands import Hand, Meld
from ..tiles import BONUS_TILES, SEATS, SET_TILES

__all__ = ["CHUNK", "HandModel", "MODEL", "StatsError", "check_count", "check_seed", "hand_chunks", "random_hand",
           "random_hands", "unchecked_hand"]


class StatsError(ValueError):
    """A request the statistics cannot run: the message says why."""


# --------------------------------------------------------------------------- the model


def _chance(name: str, p: object) -> float:
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
        raise StatsError(f"the chance of {name} must be a number from 0 to 1, not {p!r}")
    return float(p)


@dataclass(frozen=True)
class HandModel:
    """The stated chances of the random-hand model (see the module notes for why these).

    >>> MODEL
    HandModel(kong=0.125, exposed=0.5, flower=0.25, self_drawn=0.25)
    >>> HandModel(kong=2)
    Traceback (most recent call last):
    ...
    mjscore.willingdon.stats_model.StatsError: the chance of a kong must be a number from 0 to 1, not 2
    """

    kong: float = 1 / 8
    exposed: float = 1 / 2
    flower: float = 1 / 4
    self_drawn: float = 1 / 4

    def __post_init__(self) -> None:
        for field, name in (("kong", "a kong"), ("exposed", "an exposed set"),
                            ("flower", "holding a flower"), ("self_drawn", "self-drawn")):
            object.__setattr__(self, field, _chance(name, getattr(self, field)))

    def describe(self) -> str:
        """The chances in words: ``'kong 1/8, exposed 1/2, each flower 1/4, self-drawn 1/4'``."""
        def show(p: float) -> str:
            n = round(p * 256)
            if n in (0, 256):
                return str(n // 256)
            d = 256
            while n % 2 == 0:
                n, d = n // 2, d // 2
            return f"{n}/{d}"
        return (f"kong {show(self.kong)}, exposed {show(self.exposed)}, "
                f"each flower {show(self.flower)}, self-drawn {show(self.self_drawn)}")


#: The default model: kong 1/8, exposed 1/2, each flower or season 1/4, self-drawn 1/4.
MODEL = HandModel()

#: Hands are made, scored and counted this many at a time: few enough that they stay in the cache.
CHUNK = 256
_TWO53 = float(1 << 53)  # random() * 2**53 is a whole number: 53 random bits, exactly
_COUPLES = tuple(combinations(range(len(SET_TILES)), 2))  # the 561 pairs of tile indices
# Every set the generator can lay down, made once and shared (a Meld is immutable):
# _MELDS[shape][tile index], shape 0 concealed pung, 1 exposed pung, 2 concealed kong, 3 exposed kong.
_MELDS = tuple(tuple(Meld(kind, t, exposed) for t in SET_TILES)
               for kind in ("pung", "kong") for exposed in (False, True))
_PAIRS = tuple(Meld("pair", t) for t in SET_TILES)
# The 256 sets of flowers and seasons, bit k for BONUS_TILES[k], in F1..F4, S1..S4 order.
_FLOWER_SETS = tuple(tuple(f for k, f in enumerate(BONUS_TILES) if mask >> k & 1) for mask in range(256))


@lru_cache(maxsize=16)
def _tables(model: HandModel) -> tuple:
    """Lookup tables that turn 16 random bits into two decisions (8 bits each) of the model."""
    kong, exposed = round(model.kong * 256), round(model.exposed * 256)
    flower = round(model.flower * 256)
    shape = bytes(2 * ((u & 255) < kong) + ((u >> 8) < exposed) for u in range(1 << 16))
    two_flowers = bytes(((u & 255) < flower) + 2 * ((u >> 8) < flower) for u in range(1 << 16))
    return shape, two_flowers, round(model.self_drawn * 256)


def unchecked_hand(sets: tuple, flowers: tuple, seat: str, round_: str, self_drawn: bool) -> Hand:
    """A :class:`~mjscore.hands.Hand` from parts already known to be legal, without checking them again.

    The one place a hand is made without its checks: the generator below lays down only legal
    shapes (five different tiles, four pungs or kongs and a pair, distinct flowers, a seat and
    round from SEATS, no blessing), so checking each of a million would only measure the checks.
    Each field is set as the frozen dataclass's own ``__init__`` sets it.
    """
    hand = object.__new__(Hand)
    object.__setattr__(hand, "sets", sets)
    object.__setattr__(hand, "flowers", flowers)
    object.__setattr__(hand, "seat", seat)
    object.__setattr__(hand, "round", round_)
    object.__setattr__(hand, "self_drawn", self_drawn)
    object.__setattr__(hand, "blessing", None)
    return hand


def hand_chunks(rng: random.Random, model: HandModel, count: int) -> Iterator[list[Hand]]:
    """``count`` hands of the model drawn from ``rng``, in lists of :data:`CHUNK`."""
    shape, two_flowers, self_drawn = _tables(model)
    rand = rng.random
    while count > 0:
        size = min(count, CHUNK)
        count -= size
        chunk: list[Hand] = []
        for _ in range(size):
            # Five different tiles, every five equally likely: two random pairs of tiles for
            # the four sets and one tile for the pair, all drawn again until the five differ
            # (about 4 times in 5 they do at once); the pair is then a uniform one of the five.
            while True:
                a, b = _COUPLES[int(rand() * len(_COUPLES))]
                c, d = _COUPLES[int(rand() * len(_COUPLES))]
                p = int(rand() * len(SET_TILES))
                if c != a and c != b and d != a and d != b and p != a and p != b and p != c and p != d:
                    break
            u = int(rand() * _TWO53)  # 3 x 16 bits: the look of three sets
            v = int(rand() * _TWO53)  # 16 bits: the fourth set; 2 x 16 bits: four bonus tiles
            w = int(rand() * _TWO53)  # 2 x 16: four more; 2 + 2 + 8 bits: seat, round, self-drawn
            sets = (_MELDS[shape[u & 0xFFFF]][a], _MELDS[shape[u >> 16 & 0xFFFF]][b],
                    _MELDS[shape[u >> 32 & 0xFFFF]][c], _MELDS[shape[v & 0xFFFF]][d], _PAIRS[p])
            flowers = _FLOWER_SETS[two_flowers[v >> 16 & 0xFFFF] | two_flowers[v >> 32 & 0xFFFF] << 2
                                   | two_flowers[w & 0xFFFF] << 4 | two_flowers[w >> 16 & 0xFFFF] << 6]
            seat, round_, drawn = SEATS[w >> 32 & 3], SEATS[w >> 34 & 3], (w >> 36 & 255) < self_drawn
            chunk.append(unchecked_hand(sets, flowers, seat, round_, drawn))
        yield chunk


def check_count(what: str, n: object) -> int:
    """``n`` if it is a whole number 0 or more (how many hands), else a :class:`StatsError` naming ``what``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise StatsError(f"{what} must be a whole number 0 or more, not {n!r}")
    return n


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number, else a :class:`StatsError`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise StatsError(f"a seed must be a whole number, not {seed!r}")
    return seed


def random_hands(count: int, seed: int = 0, model: HandModel = MODEL) -> Iterator[Hand]:
    """``count`` random legal hands from the model, the same for the same seed.

    >>> from mjscore.hands import format_hand
    >>> for hand in random_hands(2, seed=3):
    ...     print(format_hand(hand))
    4Cx3 +4Dx3 +5Cx3 +6Cx3 3Bx2 S2 S3 seat=E round=E
    5Bx3 2Cx3 RDx3 GDx3 7Cx2 F2 F4 S4 seat=N round=N self-drawn
    """
    rng = random.Random(check_seed(seed))
    return chain.from_iterable(hand_chunks(rng, model, check_count("the number of hands", count)))


def random_hand(rng: random.Random, model: HandModel = MODEL) -> Hand:
    """One random hand of the model, drawn from ``rng`` (as :func:`mjscore.willingdon.deal.random_hand`)."""
    return next(hand_chunks(rng, model, 1))[0]


