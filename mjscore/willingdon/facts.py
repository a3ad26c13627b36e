"""What the rows of the rule table read from a hand, worked out once in a single pass.

A fact is plain data about the hand (its dragon pungs, how many concealed pungs, the flowers
of its seat); no fact knows a rule's threshold or value: those live in the rows
(:mod:`mjscore.willingdon.rules`).

>>> from mjscore.hands import parse
>>> f = Facts(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"))
>>> f.dragons, f.winds, f.round_wind, f.own_flowers, f.wind_pair, f.concealed_pungs
(('RD', 'GD', 'WD'), ('EW',), ('EW',), ('F1',), ('NW',), 3)
"""

from __future__ import annotations

from ..hands import Hand
from ..tiles import BONUS_TILES, INFO, SEAT_WIND, SET_TILES, SUITS

# What the facts ask of each tile, looked up once per set instead of worked out.
# The pair: (honour, suit, terminal, dragon_pair, wind_pair, end_pair).
_PAIR_TILE = {c: (t.honour, t.suit, t.terminal, (c,) if t.dragon else (), (c,) if t.wind else (),
                  (c,) if t.terminal else ())
              for c, t in INFO.items() if c in SET_TILES}
#: The kinds of set, each a fact of :class:`Facts` (its tiles): "pung_minor_exposed" ...
SET_KINDS = tuple(f"{kind}_{size}_{column}" for kind in ("pung", "kong") for size in ("minor", "major")
                  for column in ("exposed", "concealed"))
# A pung or kong: _MELD_TILE[kind][exposed][tile] = (its kind of set, honour, dragon, suit,
# terminal, is a 1, counter), counter 0 exposed pung, 1 exposed kong, 2 concealed kong,
# 3 concealed pung.
_MELD_TILE = {kind: tuple({c: (f"{kind}_{'major' if t.major else 'minor'}_{'exposed' if exp else 'concealed'}",
                               t.honour, t.dragon, t.suit, t.terminal, t.rank == 1,
                               (1 if exp else 2) if kind == "kong" else (0 if exp else 3))
                           for c, t in INFO.items() if c in SET_TILES}
                          for exp in (False, True))
              for kind in ("pung", "kong")}
_BONUS_SEAT = {c: INFO[c].seat for c in BONUS_TILES}


def _flower_facts(flowers: tuple, seat: str, round_: str) -> tuple:
    """The flower facts of a hand: (own, round's, bouquets)."""
    own = tuple(f for f in flowers if _BONUS_SEAT[f] == seat)
    rnd = tuple(f for f in flowers if _BONUS_SEAT[f] == round_)
    bouquets = tuple(word for kind, word in (("F", "flowers"), ("S", "seasons"))
                     if sum(1 for f in flowers if f[0] == kind) == 4)
    return own, rnd, bouquets


# They depend on the flowers, the seat and the round alone, and few combinations come up, so
# each is worked out once (a bound keeps the memory small whatever hands are scored).
_FLOWER_FACTS: dict[tuple, tuple] = {}
_FLOWER_FACTS_KEPT = 1 << 16


class Facts:
    """What the rows ask of a hand, worked out once in a single pass over its sets.

    Tiles: ``dragons``, ``winds`` (the tiles of the dragon and wind pungs/kongs), ``own_wind``
    and ``round_wind`` (the seat's or the round's wind among them, or ``()``), ``ends`` (the
    names of the suits with pungs of both their 1 and 9), ``dragon_pair``, ``wind_pair``,
    ``end_pair`` (the pair's tile if it is one, or ``()``), ``flowers``, ``own_flowers``,
    ``round_flowers``, ``bouquets`` (``"flowers"``, ``"seasons"``); the tiles of each kind of
    set (:data:`SET_KINDS`: ``pung_minor_exposed`` ... ``kong_major_concealed``), and the same
    as ``buckets`` (``{"pung-minor-exposed": tiles}``, the kinds the hand has). Counts: ``concealed_pungs``,
    ``exposed_kongs``, ``concealed_kongs``, ``dragon_sets``, ``wind_sets``, ``honours`` (honour
    sets, the pair counted).
    The hand's kind: ``suits`` (the suit letters), ``one_suit`` (exactly one), ``honours_only``,
    ``all_terminal`` (no suited 2 to 8). Of the win: ``all_concealed``, ``self_drawn``,
    ``blessing``, and ``pair`` (its tile) and ``hand``.
    """

    __slots__ = SET_KINDS + ("hand", "pair", "dragons", "winds", "own_wind", "round_wind",
                 "concealed_pungs", "exposed_kongs", "concealed_kongs", "all_concealed",
                 "suits", "honours", "all_terminal", "ends", "own_flowers",
                 "round_flowers", "bouquets", "flowers", "dragon_pair", "wind_pair", "end_pair",
                 "one_suit", "honours_only", "self_drawn", "blessing", "dragon_sets", "wind_sets")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.pung_minor_exposed = self.pung_minor_concealed = self.pung_major_exposed = ()
        self.pung_major_concealed = self.kong_minor_exposed = self.kong_minor_concealed = ()
        self.kong_major_exposed = self.kong_major_concealed = ()
        buckets: dict[str, tuple] = {}
        dragons: list[str] = []
        winds: list[str] = []
        ones: set[str] = set()  # suits with a pung/kong of their 1
        nines: set[str] = set()  # suits with a pung/kong of their 9
        suits: set[str] = set()
        honours = cp = ek = ck = 0
        all_terminal = all_concealed = True
        for m in hand.sets:
            kind = m.kind
            tile = m.tile
            if kind == "pair":
                self.pair = tile
                honour, suit, terminal, self.dragon_pair, self.wind_pair, self.end_pair = _PAIR_TILE[tile]
                if honour:
                    honours += 1
                else:
                    suits.add(suit)
                    if not terminal:
                        all_terminal = False
                continue
            key, honour, dragon, suit, terminal, one, counter = _MELD_TILE[kind][m.exposed][tile]
            if honour:
                honours += 1
                (dragons if dragon else winds).append(tile)
            else:
                suits.add(suit)
                if terminal:
                    (ones if one else nines).add(suit)
                else:
                    all_terminal = False
            if key in buckets:
                buckets[key] += (tile,)
            else:
                buckets[key] = (tile,)
            if counter == 3:
                cp += 1
            elif counter == 0:
                all_concealed = False
            elif counter == 1:
                all_concealed = False
                ek += 1
            else:
                ck += 1
        for key, tiles in buckets.items():
            setattr(self, key, tiles)
        self.dragons = tuple(dragons)
        self.winds = tuple(winds)
        self.dragon_sets, self.wind_sets = len(dragons), len(winds)
        both = ones & nines if ones and nines else None
        self.ends = tuple(SUITS[x] for x in sorted(both)) if both else ()
        self.concealed_pungs, self.exposed_kongs, self.concealed_kongs = cp, ek, ck
        self.all_concealed = all_concealed
        self.suits, self.honours, self.all_terminal = suits, honours, all_terminal
        self.one_suit = len(suits) == 1
        self.honours_only = not suits
        self.self_drawn, self.blessing = hand.self_drawn, hand.blessing
        seat, round_ = hand.seat, hand.round
        if winds:
            own, rnd = SEAT_WIND[seat], SEAT_WIND[round_]
            self.own_wind = (own,) if own in winds else ()
            self.round_wind = (rnd,) if rnd in winds else ()
        else:
            self.own_wind = self.round_wind = ()
        fl = self.flowers = hand.flowers
        if fl:
            key = (fl, seat, round_)
            known = _FLOWER_FACTS.get(key)
            if known is None:
                known = _flower_facts(fl, seat, round_)
                if len(_FLOWER_FACTS) < _FLOWER_FACTS_KEPT:
                    _FLOWER_FACTS[key] = known
            self.own_flowers, self.round_flowers, self.bouquets = known
        else:
            self.own_flowers = self.round_flowers = self.bouquets = ()

    def misread(self, **changes: object) -> "Facts":
        """These facts with some read differently, and what follows from them worked out again
        (``suits`` gives ``one_suit`` and ``honours_only``; ``winds`` and ``dragons`` their counts):
        the trainer asks the rows what a learner who read the hand so would have counted.

        >>> from mjscore.hands import parse
        >>> f = Facts(parse("EWx3 SWx3 WWx3 NWx3 RDx2"))
        >>> f.misread(winds=f.winds[:3]).wind_sets, f.wind_sets
        (3, 4)
        """
        new = object.__new__(Facts)
        for name in self.__slots__:
            setattr(new, name, getattr(self, name))
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

    @property
    def mask(self) -> int:
        """Bit ``i`` set when the fact ``GATES[i]`` (the facts the ``each`` rows read) is not empty."""
        from .rules import gates

        return sum(1 << i for i, g in enumerate(gates()) if getattr(self, g))


__all__ = ["Facts", "SET_KINDS"]
