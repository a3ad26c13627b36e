"""What the rows of the rule table read from a hand, worked out once in a single pass.

A fact is plain data about the hand (its dragon pungs, how many concealed pungs, the flowers
of its seat); no fact knows a rule's threshold or value: those live in the rows
(:mod:`mjscore.willingdon.rules`), which read the facts by name (``facts.concealed_pungs``).

>>> from mjscore.hands import parse
>>> f = Facts(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"))
>>> f.dragons, f.winds, f.round_wind, f.own_flowers, f.wind_pair, f.concealed_pungs
(('RD', 'GD', 'WD'), ('EW',), ('EW',), ('F1',), ('NW',), 3)

To add a fact: name it in :attr:`Facts.__slots__`, work it out in :meth:`Facts.__init__`, and
say what it is in the class's notes; a row can then read it (docs/architecture.md).
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import NamedTuple

from ..tiles import INFO, SEAT_WIND, SUITS

#: The kinds of set, each a fact of :class:`Facts` (its tiles): "pung_minor_exposed" ...
SET_KINDS = tuple(f"{kind}_{size}_{column}" for kind in ("pung", "kong") for size in ("minor", "major")
                  for column in ("exposed", "concealed"))

#: The kind of a set, by what it is made of: ``SET_KIND["pung", major, exposed]``.
SET_KIND = {(kind, major, exposed): f"{kind}_{'major' if major else 'minor'}_{'exposed' if exposed else 'concealed'}"
            for kind in ("pung", "kong") for major in (False, True) for exposed in (False, True)}


class FlowerFacts(NamedTuple):
    """The flowers and seasons that count for the seat and the round, and the bouquets."""

    own: tuple  # the seat's own flower and season
    round: tuple  # the round's flower and season
    bouquets: tuple  # "flowers" when all four flowers are held, "seasons" for all four seasons


NO_FLOWERS = FlowerFacts((), (), ())


@lru_cache(maxsize=4096)  # every set of flowers at every seat in every round: 256 x 4 x 4
def flower_facts(flowers: tuple, seat: str, round_: str) -> FlowerFacts:
    """The flower facts of a hand's flowers and seasons, at its seat, in its round.

    >>> flower_facts(("F1", "F2", "F3", "F4", "S3"), "S", "W")
    FlowerFacts(own=('F2',), round=('F3', 'S3'), bouquets=('flowers',))
    """
    own = tuple(f for f in flowers if INFO[f].seat == seat)
    in_round = tuple(f for f in flowers if INFO[f].seat == round_)
    bouquets = tuple(word for letter, word in (("F", "flowers"), ("S", "seasons"))
                     if sum(1 for f in flowers if f[0] == letter) == 4)
    return FlowerFacts(own, in_round, bouquets)


class Facts:
    """What the rows ask of a hand, worked out once in a single pass over its sets.

    Tiles (a tuple of tile codes, empty when there are none): ``dragons``, ``winds`` (the tiles
    of the dragon and wind pungs/kongs), ``own_wind`` and ``round_wind`` (the seat's or the
    round's wind among them), ``dragon_pair``, ``wind_pair``, ``end_pair`` (the pair's tile if it
    is one), ``flowers``, ``own_flowers``, ``round_flowers``; the tiles of each kind of set
    (:data:`SET_KINDS`: ``pung_minor_exposed`` ... ``kong_major_concealed``), and the same as
    ``buckets`` (``{"pung-minor-exposed": tiles}``, the kinds the hand has). Words: ``ends``
    (the names of the suits with pungs of both their 1 and 9), ``bouquets`` (``"flowers"``,
    ``"seasons"``). Counts: ``concealed_pungs``, ``exposed_kongs``, ``concealed_kongs``,
    ``dragon_sets``, ``wind_sets``, ``honours`` (honour sets, the pair counted).
    The hand's kind: ``suits`` (the suit letters), ``one_suit`` (exactly one), ``honours_only``,
    ``all_terminal`` (no suited 2 to 8). Of the win: ``all_concealed``, ``self_drawn``,
    ``blessing``; and ``pair`` (its tile) and ``hand``.
    """

    __slots__ = (*SET_KINDS, "pair", "dragons", "winds", "own_wind", "round_wind", "ends",
                 "dragon_pair", "wind_pair", "end_pair",
                 "honours", "dragon_sets", "wind_sets", "concealed_pungs", "exposed_kongs", "concealed_kongs",
                 "suits", "one_suit", "honours_only", "all_terminal", "all_concealed",
                 "flowers", "own_flowers", "round_flowers", "bouquets", "self_drawn", "blessing", "hand")

    def __init__(self, hand) -> None:
        """The facts of ``hand``: one pass over its sets, then its flowers, seat, round and win."""
        tiles_of = dict.fromkeys(SET_KINDS, ())  # the tiles of each kind of set
        dragons = winds = dragon_pair = wind_pair = end_pair = ()
        pair = ""
        honours = dragon_sets = wind_sets = concealed_pungs = exposed_kongs = concealed_kongs = 0
        suits = set()
        ones = nines = ""  # the suits with a pung or kong of 1s, and of 9s
        all_terminal = all_concealed = True
        for meld in hand.sets:
            code = meld.tile
            tile = INFO[code]
            if tile.honour:
                honours += 1
            else:
                suits.add(tile.suit)
                if not tile.terminal:
                    all_terminal = False
            if meld.kind == "pair":
                pair = code
                if tile.dragon:
                    dragon_pair = (code,)
                elif tile.wind:
                    wind_pair = (code,)
                elif tile.terminal:
                    end_pair = (code,)
                continue
            if tile.dragon:
                dragons += (code,)
                dragon_sets += 1
            elif tile.wind:
                winds += (code,)
                wind_sets += 1
            elif tile.rank == 1:
                ones += tile.suit
            elif tile.rank == 9:
                nines += tile.suit
            if meld.exposed:
                all_concealed = False
                if meld.kind == "kong":
                    exposed_kongs += 1
            elif meld.kind == "kong":
                concealed_kongs += 1
            else:
                concealed_pungs += 1
            tiles_of[SET_KIND[meld.kind, tile.major, meld.exposed]] += (code,)

        self.pung_minor_exposed = tiles_of["pung_minor_exposed"]
        self.pung_minor_concealed = tiles_of["pung_minor_concealed"]
        self.pung_major_exposed = tiles_of["pung_major_exposed"]
        self.pung_major_concealed = tiles_of["pung_major_concealed"]
        self.kong_minor_exposed = tiles_of["kong_minor_exposed"]
        self.kong_minor_concealed = tiles_of["kong_minor_concealed"]
        self.kong_major_exposed = tiles_of["kong_major_exposed"]
        self.kong_major_concealed = tiles_of["kong_major_concealed"]
        self.pair = pair
        self.dragons = dragons
        self.winds = winds
        own, in_round = SEAT_WIND[hand.seat], SEAT_WIND[hand.round]
        self.own_wind = (own,) if own in winds else ()
        self.round_wind = (in_round,) if in_round in winds else ()
        self.ends = tuple(name for suit, name in SUITS.items() if suit in ones and suit in nines) if ones else ()
        self.dragon_pair = dragon_pair
        self.wind_pair = wind_pair
        self.end_pair = end_pair

        self.honours = honours
        self.dragon_sets = dragon_sets
        self.wind_sets = wind_sets
        self.concealed_pungs = concealed_pungs
        self.exposed_kongs = exposed_kongs
        self.concealed_kongs = concealed_kongs

        self.suits = frozenset(suits)
        self.one_suit = len(suits) == 1
        self.honours_only = not suits
        self.all_terminal = all_terminal
        self.all_concealed = all_concealed

        flowers = hand.flowers
        counted = flower_facts(flowers, hand.seat, hand.round) if flowers else NO_FLOWERS
        self.flowers = flowers
        self.own_flowers = counted.own
        self.round_flowers = counted.round
        self.bouquets = counted.bouquets
        self.self_drawn = hand.self_drawn
        self.blessing = hand.blessing
        self.hand = hand

    def misread(self, **changes: object) -> "Facts":
        """These facts with some read differently, and what follows from them worked out again.

        ``suits`` gives ``one_suit`` and ``honours_only``; ``winds`` and ``dragons`` their counts.
        The trainer asks the rows what a learner who read the hand so would have counted.

        >>> from mjscore.hands import parse
        >>> f = Facts(parse("EWx3 SWx3 WWx3 NWx3 RDx2"))
        >>> f.misread(winds=f.winds[:3]).wind_sets, f.wind_sets
        (3, 4)
        """
        new = copy.copy(self)
        for name, value in changes.items():
            setattr(new, name, value)
        if "suits" in changes:
            new.one_suit, new.honours_only = len(new.suits) == 1, not new.suits
        if "winds" in changes:
            new.wind_sets = len(new.winds)
        if "dragons" in changes:
            new.dragon_sets = len(new.dragons)
        return new

    @property
    def buckets(self) -> dict[str, tuple]:
        """The tiles of each kind of set the hand has: ``{"pung-minor-exposed": ("2B",), ...}``."""
        return {kind.replace("_", "-"): tiles for kind in SET_KINDS if (tiles := getattr(self, kind))}

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__
                          if name != "hand" and getattr(self, name))
        return f"Facts({shown})"


__all__ = ["FlowerFacts", "Facts", "SET_KINDS", "flower_facts"]
