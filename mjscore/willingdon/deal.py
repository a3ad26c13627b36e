"""Practice hands for the Willingdon trainer: six hand-picked hands, then random ones.

Every hand dealt here is a :class:`~mjscore.hands.Hand`, so it is a legal Goulash shape by
construction: four pungs or kongs and a pair on five different tiles, no repeated flower,
and the seat, round, self-drawn and blessing rules of docs/rules.md.

The first six, :data:`RAMP`, ramp up: a plain hand of exposed minor pungs, then concealed and
major sets, winds and flowers, a Pure Hand, kongs, and last one of the big doubles. After them
:func:`deal` deals at random, leaning towards hands that are
interesting to score: most reach the three-double minimum (a few stay under it, on purpose),
and over a session every line of the rule table comes up.

>>> [format_hand(h) for h in RAMP[:2]]
['+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2 seat=E round=E', '+2Dx3 5Dx3 +9Cx3 RDx3 SWx2 seat=S round=E']
>>> hands = deal(8, seed=1)
>>> hands[:6] == list(RAMP)
True
>>> deal(8, seed=1) == hands
True

Hand ``n`` after the ramp is drawn from its own ``random.Random`` stream, seeded from the
session's seed and ``n`` (:func:`dealt_hand`), so a trainer can deal hand 10,000 without
dealing the 9,999 before it. The same seed deals the same hands on every machine and every
Python: the dealer draws only ``rng.random()``, whose sequence Python guarantees for a given
seed, and builds every choice on it (never ``choice``, ``sample`` or ``shuffle``, whose
algorithms may change).

Only hands that can happen at a real table are dealt (docs/rules.md): an Earth's Blessing is won
on East's first discard, so it has no kong, is not self-drawn, the winner does not sit East,
and at most one set is exposed (the pung that discard completed); a Heaven's Blessing is
East's dealt hand: nothing exposed, no kong, not self-drawn.
"""

from __future__ import annotations

import random
from typing import Iterator, Sequence

from ..hands import Hand, Meld, format_hand, parse  # noqa: F401 (format_hand: the doctests)
from ..tiles import DRAGONS, SEASONS, FLOWERS, SEATS, SUITS, WINDS
from . import score  # the package API (kept stable while the rule table is refactored)

__all__ = ["RAMP", "deal", "dealer", "dealt_hand", "random_hand"]

#: The six hand-picked hands every learner starts with, in order (the same on every machine).
RAMP: tuple[Hand, ...] = tuple(parse(text) for text in (
    # 1. Nothing but exposed minor pungs: 20 for mahjong and 2 a pung, no doubles at all.
    "+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2",
    # 2. Concealed and major sets, a pair of wind, one dragon double: still under the three.
    "+2Dx3 5Dx3 +9Cx3 RDx3 SWx2 seat=S",
    # 3. Own wind, round wind, a dragon and a flower that is both: over the minimum.
    "+EWx3 3Bx3 +7Bx3 +GDx3 5Bx2 F1 S2",
    # 4. A Pure Hand with three concealed pungs and the seat's own season.
    "2Cx3 4Cx3 6Cx3 +8Cx3 9Cx2 S3 seat=W round=S",
    # 5. Kongs: three exposed, the 1 and 9 of one suit, dragons, an All Major Hand.
    "+1Dx4 +9Dx4 RDx3 +WDx4 NWx2 F4 seat=N",
    # 6. One of the big ones: Earth's Blessing on a concealed Pure Hand.
    "1Bx3 3Bx3 5Bx3 7Bx3 9Bx2 seat=S earth",
))


# --------------------------------------------------------------------------- choices on random()


def _random_below(rng: random.Random, n: int) -> int:
    """A whole number 0 <= k < n, from ``rng.random()`` only."""
    return min(int(rng.random() * n), n - 1)


def _pick(rng: random.Random, items: Sequence):
    return items[_random_below(rng, len(items))]


def _chance(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def weighted_choice(rng: random.Random, table: Sequence[tuple[object, float]]):
    """One item from ``(item, weight)`` pairs, using ``rng.random()`` only.

    So the same seed gives the same choice on every machine and Python version.
    """
    r = rng.random() * sum(w for _, w in table)
    for item, w in table:
        r -= w
        if r < 0:
            return item
    return table[-1][0]


def _sample(rng: random.Random, items: Sequence, k: int) -> list:
    """``k`` different items, in a random order (a partial Fisher-Yates shuffle)."""
    pool = list(items)
    for i in range(k):
        j = i + _random_below(rng, len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


# --------------------------------------------------------------------------- the tiles of a hand

_WINDS = tuple(WINDS)
_DRAGONS = tuple(DRAGONS)
_HONOURS = _WINDS + _DRAGONS
_SUITS = tuple(SUITS)


def _suit_tiles(suit: str, ranks: Sequence[int] = range(1, 10)) -> list[str]:
    return [f"{r}{suit}" for r in ranks]


_ALL_SUITED = [t for s in _SUITS for t in _suit_tiles(s)]
_TERMINALS = [f"{r}{s}" for s in _SUITS for r in (1, 9)]


def _tiles_mixed(rng: random.Random) -> tuple[list[str], str]:
    """Anything goes: two or three suits and perhaps an honour or two."""
    honours = weighted_choice(rng, ((0, 3), (1, 4), (2, 2)))
    tiles = _sample(rng, _HONOURS, honours) + _sample(rng, _ALL_SUITED, 5 - honours)
    tiles = _sample(rng, tiles, 5)
    return tiles[:4], tiles[4]


def _tiles_pure(rng: random.Random) -> tuple[list[str], str]:
    tiles = _sample(rng, _suit_tiles(_pick(rng, _SUITS)), 5)
    return tiles[:4], tiles[4]


def _tiles_clean(rng: random.Random) -> tuple[list[str], str]:
    honours = weighted_choice(rng, ((1, 4), (2, 4), (3, 1)))
    tiles = _sample(rng, _HONOURS, honours) + _sample(rng, _suit_tiles(_pick(rng, _SUITS)), 5 - honours)
    tiles = _sample(rng, tiles, 5)
    return tiles[:4], tiles[4]


def _tiles_royal(rng: random.Random) -> tuple[list[str], str]:
    tiles = _sample(rng, _HONOURS, 5)
    return tiles[:4], tiles[4]


def _tiles_heads_tails(rng: random.Random) -> tuple[list[str], str]:
    tiles = _sample(rng, _TERMINALS, 5)
    return tiles[:4], tiles[4]


def _tiles_all_major(rng: random.Random) -> tuple[list[str], str]:
    suit = _pick(rng, _SUITS)
    ends = _sample(rng, [f"1{suit}", f"9{suit}"], weighted_choice(rng, ((1, 1), (2, 3))))
    tiles = _sample(rng, ends + _sample(rng, _HONOURS, 5 - len(ends)), 5)
    return tiles[:4], tiles[4]


def _tiles_winds(rng: random.Random) -> tuple[list[str], str]:
    n = weighted_choice(rng, ((3, 3), (4, 1)))
    melds = _sample(rng, _WINDS, n)
    rest = [t for t in _sample(rng, _DRAGONS + tuple(_ALL_SUITED), 5) if t not in melds]
    melds += rest[:4 - n]
    pair = rest[4 - n]
    return _sample(rng, melds, 4), pair


def _tiles_dragons(rng: random.Random) -> tuple[list[str], str]:
    n = weighted_choice(rng, ((2, 2), (3, 3)))
    melds = _sample(rng, _DRAGONS, n)
    rest = _sample(rng, _WINDS + tuple(_ALL_SUITED), 5 - n)
    return _sample(rng, melds + rest[:4 - n], 4), rest[4 - n]


def _tiles_ends(rng: random.Random) -> tuple[list[str], str]:
    """The 1 and the 9 of one suit as pungs, and anything else."""
    suit = _pick(rng, _SUITS)
    melds = [f"1{suit}", f"9{suit}"]
    rest = [t for t in _sample(rng, _HONOURS + tuple(_ALL_SUITED), 5) if t not in melds]
    return _sample(rng, melds + rest[:2], 4), rest[2]


_THEMES = (
    (_tiles_mixed, 20), (_tiles_pure, 13), (_tiles_clean, 14), (_tiles_royal, 6),
    (_tiles_heads_tails, 6), (_tiles_all_major, 8), (_tiles_winds, 9), (_tiles_dragons, 9),
    (_tiles_ends, 7),
)


# --------------------------------------------------------------------------- how the sets lie


def _style_open(rng: random.Random, n: int) -> list[tuple[str, bool]]:
    """The usual Goulash rack: most sets exposed, now and then a kong."""
    return [("kong" if _chance(rng, 0.15) else "pung", _chance(rng, 0.6)) for _ in range(n)]


def _style_concealed(rng: random.Random, n: int) -> list[tuple[str, bool]]:
    """Three or four sets kept in the hand."""
    hidden = 4 if _chance(rng, 0.55) else 3
    looks = [("kong" if _chance(rng, 0.12) else "pung", i >= hidden) for i in range(n)]
    return _sample(rng, looks, n)


def _style_exposed_kongs(rng: random.Random, n: int) -> list[tuple[str, bool]]:
    k = 4 if _chance(rng, 0.4) else 3
    looks = [("kong", True) if i < k else ("pung", _chance(rng, 0.5)) for i in range(n)]
    return _sample(rng, looks, n)


def _style_concealed_kongs(rng: random.Random, n: int) -> list[tuple[str, bool]]:
    k = 4 if _chance(rng, 0.4) else 3
    looks = [("kong", False) if i < k else ("pung", _chance(rng, 0.5)) for i in range(n)]
    return _sample(rng, looks, n)


_STYLES = ((_style_open, 62), (_style_concealed, 26), (_style_exposed_kongs, 6),
           (_style_concealed_kongs, 6))


def _flowers(rng: random.Random) -> list[str]:
    how = weighted_choice(rng, (("none", 30), ("some", 62), ("bouquet", 8)))
    if how == "none":
        return []
    if how == "bouquet":
        first = list(FLOWERS if _chance(rng, 0.5) else SEASONS)
        other = SEASONS if first[0] == "F1" else FLOWERS
        extra = _sample(rng, other, weighted_choice(rng, ((0, 3), (1, 2), (2, 1))))
        return _sample(rng, first + extra, 4 + len(extra))
    return _sample(rng, FLOWERS + SEASONS, weighted_choice(rng, ((1, 5), (2, 4), (3, 2))))


# --------------------------------------------------------------------------- dealing


def _one_hand(rng: random.Random) -> Hand:
    melds, pair = weighted_choice(rng, _THEMES)(rng)
    looks = weighted_choice(rng, _STYLES)(rng, 4)
    seat, rnd = _pick(rng, SEATS), _pick(rng, SEATS)
    all_concealed = not any(exposed for _, exposed in looks)
    self_drawn = _chance(rng, 0.6 if all_concealed else 0.25)
    blessing = weighted_choice(rng, ((None, 94), ("earth", 3), ("heaven", 3)))
    if blessing:  # no tile drawn yet: no kongs, not self-drawn; East is dealt Heaven's hand
        # Earth's Blessing is won on East's first discard, before the winner's first turn:
        # the only set that can be exposed is the pung that discard completed (docs/rules.md).
        # Heaven's hand is dealt: nothing exposed.
        claimed = next((i for i, (_, exposed) in enumerate(looks) if exposed), None)
        looks = [("pung", blessing == "earth" and i == claimed) for i in range(len(looks))]
        self_drawn = False
        if blessing == "heaven":
            seat = "E"
        elif seat == "E":
            seat = _pick(rng, SEATS[1:])
    sets = [Meld(kind, tile, exposed) for tile, (kind, exposed) in zip(melds, looks)]
    sets.append(Meld("pair", pair))  # the pair last, as players lay out a rack
    flowers = tuple(sorted(_flowers(rng)))  # F1..F4, then S1..S4
    return Hand(sets=tuple(sets), flowers=flowers, seat=seat, round=rnd,
                self_drawn=self_drawn, blessing=blessing)


#: A hand under the minimum is dealt again this often, so most hands reach the three doubles
#: and some, as at a real table, do not.
_REDEAL_UNDER_MINIMUM = 0.4


def random_hand(rng: random.Random) -> Hand:
    """One random practice hand, legal by construction, drawn from ``rng``.

    >>> h = random_hand(random.Random(7))
    >>> h == random_hand(random.Random(7)), len(h.sets)
    (True, 5)
    """
    while True:
        hand = _one_hand(rng)
        if score(hand).minimum_met or not _chance(rng, _REDEAL_UNDER_MINIMUM):
            return hand


def _rng(seed: int, number: int) -> random.Random:
    """The random numbers of hand ``number`` of the session with this ``seed``: one stream
    per hand, so that any hand is dealt without dealing the ones before it."""
    return random.Random((seed << 40) | number)


def dealt_hand(number: int, seed: int = 0) -> Hand:
    """Hand ``number`` (1 for the first) of the practice session with this ``seed``, dealt on its own.

    The warm-up hand for 1 to 6, else a random hand from its own stream. The cost is the same
    for hand 7 and hand 1,000,000 (a restarted trainer deals only the hand it needs).

    >>> dealt_hand(1) == RAMP[0], dealt_hand(40, seed=2) == deal(40, seed=2)[-1]
    (True, True)
    """
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"a hand number is a whole number 1 or more, not {number!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed must be a whole number, not {seed!r}")
    if number <= len(RAMP):
        return RAMP[number - 1]
    return random_hand(_rng(seed, number))


def dealer(seed: int = 0) -> Iterator[Hand]:
    """Practice hands without end: :data:`RAMP` first, then :func:`dealt_hand` 7, 8, ..."""
    yield from RAMP
    number = len(RAMP)
    while True:
        number += 1
        yield random_hand(_rng(seed, number))


def deal(count: int, seed: int = 0) -> list[Hand]:
    """The first ``count`` practice hands of the session with this ``seed``: the ramp, then random.

    >>> [format_hand(h) for h in deal(1)]
    ['+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2 seat=E round=E']
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"the number of hands must be a whole number 0 or more, not {count!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed must be a whole number, not {seed!r}")
    hands = dealer(seed)
    return [next(hands) for _ in range(count)]
