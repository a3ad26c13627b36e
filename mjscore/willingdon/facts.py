"""What the rows of the rule table read from a hand, worked out once in a single pass.

A fact is plain data about the hand (its dragon pungs, how many concealed pungs, the flowers
of its seat); no fact knows a rule's threshold or value: those live in the rows
(:mod:`mjscore.willingdon.rules`). How each fact is read is written down once, in
:data:`READ`: :class:`Facts` is written out from it, and so is the row runner of each rule set,
which reads only the facts its rows need (:mod:`mjscore.willingdon.scoring`).

>>> from mjscore.hands import parse
>>> f = Facts(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"))
>>> f.dragons, f.winds, f.round_wind, f.own_flowers, f.wind_pair, f.concealed_pungs
(('RD', 'GD', 'WD'), ('EW',), ('EW',), ('F1',), ('NW',), 3)
"""

from __future__ import annotations

from ..hands import MELD_CODES, Hand
from ..tiles import BONUS_TILES, INFO, SEAT_WIND, SET_TILES, SUITS

#: The kinds of set, each a fact of :class:`Facts` (its tiles): "pung_minor_exposed" ...
SET_KINDS = tuple(f"{kind}_{size}_{column}" for kind in ("pung", "kong") for size in ("minor", "major")
                  for column in ("exposed", "concealed"))
# The facts that collect tiles, in the order Facts fills them from the sets: the kinds of
# set, the pair, then the facts a set or the pair may add its tile to besides.
_TILE_FACTS = SET_KINDS + ("pair", "dragons", "winds", "dragon_pair", "wind_pair", "end_pair")
_AT = {name: i for i, name in enumerate(_TILE_FACTS)}
_N_TILE_FACTS = len(_TILE_FACTS)
_SUIT_BIT = {s: i for i, s in enumerate(SUITS)}
# What each set adds to the hand, looked up once per set instead of worked out: counts added
# up (three bits each: honour sets with the pair, dragon sets, wind sets, concealed pungs,
# exposed kongs, concealed kongs) and things seen OR-ed together (bits: a suit, 3 to 5 a
# suit's pung of 1s, 6 to 8 of 9s, 9 a suited 2 to 8, 10 an exposed set).
_COUNT = {name: 3 * i for i, name in enumerate(("honours", "dragon_sets", "wind_sets", "concealed_pungs",
                                                "exposed_kongs", "concealed_kongs"))}


def _set_info(kind: str, exposed: bool, code: str) -> tuple:
    """(counts, seen, the fact its tile goes to, the second fact or 0, (tile,))."""
    t = INFO[code]
    counts = seen = second = 0
    if t.honour:
        counts += 1 << _COUNT["honours"]
    else:
        seen |= 1 << _SUIT_BIT[t.suit]
        if not t.terminal:
            seen |= 1 << 9
    if kind == "pair":
        first = _AT["pair"]
        second = _AT["dragon_pair" if t.dragon else "wind_pair" if t.wind else "end_pair" if t.terminal else "pair"]
        return counts, seen, first, 0 if second == first else second, (code,)
    if t.honour:
        counts += 1 << _COUNT["dragon_sets" if t.dragon else "wind_sets"]
        second = _AT["dragons" if t.dragon else "winds"]
    elif t.terminal:
        seen |= 1 << (_SUIT_BIT[t.suit] + (3 if t.rank == 1 else 6))
    if exposed:
        seen |= 1 << 10
        if kind == "kong":
            counts += 1 << _COUNT["exposed_kongs"]
    else:
        counts += 1 << _COUNT["concealed_kongs" if kind == "kong" else "concealed_pungs"]
    first = _AT[f"{kind}_{'major' if t.major else 'minor'}_{'exposed' if exposed else 'concealed'}"]
    return counts, seen, first, second, (code,)


# What each set adds, by its number (Meld.code, hands.MELD_CODES).
_BY_CODE = tuple(_set_info(kind, exposed, tile) for kind, exposed, tile in MELD_CODES)
_BONUS_SEAT = {c: INFO[c].seat for c in BONUS_TILES}


def _counts(counts: int) -> tuple:
    """The counts of a hand from their sum: (honours, dragon_sets, wind_sets, concealed_pungs,
    exposed_kongs, concealed_kongs)."""
    return tuple(counts >> shift & 7 for shift in _COUNT.values())


#: The facts that follow from the things seen, in the order :func:`_seen` gives them.
_SEEN_FACTS = ("suits", "one_suit", "honours_only", "all_terminal", "all_concealed", "ends")


def _seen(seen: int) -> tuple:
    """What follows from the things seen (:data:`_SEEN_FACTS`)."""
    suits = frozenset(s for s, i in _SUIT_BIT.items() if seen >> i & 1)
    ends = tuple(SUITS[s] for s, i in _SUIT_BIT.items() if seen >> (i + 3) & seen >> (i + 6) & 1)
    return suits, len(suits) == 1, not suits, not seen >> 9 & 1, not seen >> 10 & 1, ends


#: The flower facts, in the order :func:`_flower_facts` gives them.
_FLOWER_FACT_NAMES = ("own_flowers", "round_flowers", "bouquets")


def _flower_facts(flowers: tuple, seat: str, round_: str) -> tuple:
    """The flower facts of a hand (:data:`_FLOWER_FACT_NAMES`)."""
    own = tuple(f for f in flowers if _BONUS_SEAT[f] == seat)
    rnd = tuple(f for f in flowers if _BONUS_SEAT[f] == round_)
    bouquets = tuple(word for kind, word in (("F", "flowers"), ("S", "seasons"))
                     if sum(1 for f in flowers if f[0] == kind) == 4)
    return own, rnd, bouquets


# Each depends on a few small values alone, and few combinations come up, so each is worked
# out once: the counts by their sum, the rest by the things seen, the flower facts by
# (flowers, seat, round) (a bound keeps the memory small whatever hands are scored).
_COUNTS: dict[int, tuple] = {}
_SEEN: dict[int, tuple] = {}
_FLOWER_FACTS: dict[tuple, tuple] = {}
_FLOWER_FACTS_KEPT = 1 << 16


#: The one pass over a hand's sets, as code (:func:`reading` starts every reader of facts with
#: it, written in, not called): it leaves ``tiles``, the tiles of each fact of ``_TILE_FACTS``
#: (a list), and ``counts`` and ``seen``, the counts and the things seen, packed (``_COUNT``,
#: ``_set_info``), each set's share read by its number.
PASS = (f"tiles = [()] * {_N_TILE_FACTS}",
        "counts = seen = 0",
        "for set_ in hand.sets:",
        "    add_, sees_, first_, second_, tile_ = BY_CODE[set_.code]",
        "    counts += add_",
        "    seen |= sees_",
        "    tiles[first_] += tile_",
        "    if second_:",
        "        tiles[second_] += tile_")


def count_facts(counts: int) -> tuple:
    """:func:`_counts`, remembered."""
    known = _COUNTS[counts] = _counts(counts)
    return known


def seen_facts(seen: int) -> tuple:
    """:func:`_seen`, remembered."""
    known = _SEEN[seen] = _seen(seen)
    return known


def flower_facts(key: tuple) -> tuple:
    """:func:`_flower_facts` of ``(flowers, seat, round)``, remembered (up to a bound)."""
    known = _flower_facts(*key)
    if len(_FLOWER_FACTS) < _FLOWER_FACTS_KEPT:
        _FLOWER_FACTS[key] = known
    return known


#: How every fact is read, as code, from what the pass over the sets leaves (:data:`PASS`:
#: ``tiles``, ``counts``, ``seen``), the hand, and the look-ups of :data:`SHARED`: ``fact: (its code, what decides
#: it)``. :class:`Facts` is written out from it, and so is the row runner of each rule set
#: (:func:`mjscore.willingdon.scoring._runner`), which reads only the facts its rows read and
#: keeps the answers of its ``once`` rows by what decides their facts (a few numbers, not the
#: facts themselves).
READ: dict[str, tuple[str, tuple[str, ...]]] = {
    **{name: (f"tiles[{i}]", (f"tiles[{i}]",)) for i, name in enumerate(_TILE_FACTS) if name != "pair"},
    "pair": (f"tiles[{_AT['pair']}][0]", (f"tiles[{_AT['pair']}]",)),
    **{name: (f"counted[{i}]", ("counts",)) for i, name in enumerate(_COUNT)},
    **{name: (f"saw[{i}]", ("seen",)) for i, name in enumerate(_SEEN_FACTS)},
    **{name: (f"flowered[{i}]", ("hand.flowers", "hand.seat", "hand.round"))
       for i, name in enumerate(_FLOWER_FACT_NAMES)},
    **{name: (f"((wind_,) if tiles[{_AT['winds']}] and (wind_ := SEAT_WIND[hand.{where}]) in tiles[{_AT['winds']}] "
              f"else ())", (f"tiles[{_AT['winds']}]", f"hand.{where}"))
       for name, where in (("own_wind", "seat"), ("round_wind", "round"))},
    **{name: (f"hand.{name}", (f"hand.{name}",)) for name in ("flowers", "self_drawn", "blessing")},
    "hand": ("hand", ("hand",)),
}
#: The look-ups that several facts share, by the name READ gives their result: each is made
#: once, when a fact read needs it.
SHARED = {"counted": "COUNTS.get(counts) or count_facts(counts)",
          "saw": "SEEN.get(seen) or seen_facts(seen)",
          "flowered": "(FLOWER_FACTS.get(key_ := (hand.flowers, hand.seat, hand.round)) or flower_facts(key_)) "
                      "if hand.flowers else NO_FLOWERS"}
#: What the code of READ and SHARED may name besides the hand.
NAMES = {"BY_CODE": _BY_CODE, "COUNTS": _COUNTS, "count_facts": count_facts, "SEEN": _SEEN,
         "seen_facts": seen_facts, "FLOWER_FACTS": _FLOWER_FACTS, "flower_facts": flower_facts,
         "NO_FLOWERS": ((), (), ()), "SEAT_WIND": SEAT_WIND}


def reading(facts) -> list[str]:
    """The lines of code a reader of these facts of ``hand`` starts with: the pass over its
    sets (:data:`PASS`), then the look-ups of :data:`SHARED` their code in :data:`READ` needs."""
    codes = [READ[fact][0] for fact in facts]
    return [*PASS] + [
        f"{name} = {code}" for name, code in SHARED.items() if any(f"{name}[" in c for c in codes)]


def written_out(source: list[str], where: str, names: dict) -> dict:
    """The definitions of ``source`` (lines of Python), run with :data:`NAMES` and ``names``."""
    scope = {**NAMES, **names}
    exec(compile("\n".join(source), where, "exec"), scope)
    return scope


read_sets = written_out(["def read_sets(hand):", *(f"    {line}" for line in PASS), "    return tiles, counts, seen"],
                        "<read_sets, written out from PASS>", {})["read_sets"]
read_sets.__doc__ = """The pass over a hand's sets (:data:`PASS`) as a function: ``(tiles, counts, seen)``."""


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

    Each is read as :data:`READ` says (``__init__`` is written out from it).
    """

    __slots__ = tuple(READ)

    # __init__(self, hand): every fact of READ, set below.

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


Facts.__init__ = written_out(["def __init__(self, hand):"] + [f"    {line}" for line in reading(Facts.__slots__)]
                             + [f"    self.{fact} = {READ[fact][0]}" for fact in Facts.__slots__],
                             "<Facts.__init__, written out from READ>", {})["__init__"]
Facts.__init__.__qualname__ = "Facts.__init__"
Facts.__init__.__doc__ = "The facts of ``hand``, each read as :data:`READ` says."


__all__ = ["Facts", "SET_KINDS"]
