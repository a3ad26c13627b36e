"""Willingdon scoring for Goulash: hand points x 2^doubles, with a minimum of three doubles.

The rule table is data. Each :class:`Rule` row carries the seed's own name for the line,
the table it sits in, its points or doubles, and a small function that says where in the
hand it fires. :func:`score` runs every row and returns an immutable :class:`Score` whose
line items say which line gave each point and each double.

>>> from mjscore.hands import parse
>>> s = score(parse("RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3"))
>>> s.hand_points, s.doubles, s.paper_total, s.score, s.minimum_met
(66, 7, 8448, 8448, True)

A hand under the minimum pays nothing, but its paper total is still shown:

>>> s = score(parse("+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2"))
>>> s.hand_points, s.doubles, s.paper_total, s.score
(28, 0, 28, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import Callable, NamedTuple

from ..hands import Hand
from ..tiles import BONUS_TILES, INFO, SEAT_WIND, SET_TILES, SUITS, tile_name

# --------------------------------------------------------------------------- rule sets


@dataclass(frozen=True)
class RuleSet:
    """The identity and the settings of a rule set (the facts of a hand are kept apart).

    ``clean_hand_doubles``: the book prints 0 for A Clean Hand, most other books 1.
    ``minimum_doubles``: a hand with fewer doubles pays nothing (Willingdon: 3).
    """

    name: str = "Willingdon"
    version: str = "1"
    clean_hand_doubles: int = 0
    minimum_doubles: int = 3

    def __post_init__(self) -> None:
        for key in ("clean_hand_doubles", "minimum_doubles"):
            v = getattr(self, key)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"{key} must be a whole number 0 or more, not {v!r}")

    def with_settings(self, **settings: int) -> "RuleSet":
        """A variant: this rule set with a few settings patched."""
        return replace(self, **settings)


WILLINGDON = RuleSet()
#: The same table with the Clean Hand at 1 double, as most other rule books print it.
CLEAN_HAND_ONE = RuleSet(name="Willingdon, Clean Hand 1", clean_hand_doubles=1)


# --------------------------------------------------------------------------- the facts


_KEY = {(kind, major, exposed): f"{kind}-{'major' if major else 'minor'}-{'exposed' if exposed else 'concealed'}"
        for kind in ("pung", "kong") for major in (False, True) for exposed in (False, True)}

#: What a row may need before it can fire at all. :func:`score` skips the rows whose need the
#: hand lacks (a hand with no flowers never asks the flower lines): same result, less work.
#: :class:`Facts` sets the gate's bit (:data:`BIT`) in its ``mask`` when the hand has it:
#: flowers; dragons, winds (a pung/kong of one); blessing; dragon pair; hand kind (at most
#: one suit, or 1s and 9s only); ends (a suit with pungs of its 1 and its 9); concealed pungs
#: (three or more); three kongs (three or more exposed, or concealed); self_drawn; one per
#: kind of set ("pung-minor-exposed" .. "kong-major-concealed": its set-points row); wind
#: pair; end pair (a 1 or a 9); three winds (pungs/kongs of three or four); own wind, round
#: wind (a pung/kong of it); own flower; round flower; bouquet. The tests check that no row
#: ever fires behind a closed gate.
GATES = ("flowers", "dragons", "winds", "blessing", "dragon pair", "hand kind", "ends",
         "concealed pungs", "three kongs", "self_drawn") + tuple(_KEY.values()) + (
         "wind pair", "end pair", "three winds", "own wind", "round wind", "own flower",
         "round flower", "bouquet")


#: The bit of each gate in :attr:`Facts.mask` (named, so that the order of GATES is free).
BIT = {name: 1 << i for i, name in enumerate(GATES)}
_FLOWERS, _DRAGONS, _WINDS, _BLESSING, _HAND_KIND, _ENDS = (
    BIT["flowers"], BIT["dragons"], BIT["winds"], BIT["blessing"], BIT["hand kind"], BIT["ends"])
_CONCEALED_PUNGS, _THREE_KONGS, _SELF_DRAWN = BIT["concealed pungs"], BIT["three kongs"], BIT["self_drawn"]
_THREE_WINDS, _OWN_WIND, _ROUND_WIND = BIT["three winds"], BIT["own wind"], BIT["round wind"]


# What Facts asks of each tile, looked up once per set instead of worked out (speed only:
# a million hands are scored for the statistics). The pair: (honour, suit, terminal, its
# bits of the mask: dragon pair, wind pair, end pair).
_PAIR_TILE = {c: (t.honour, t.suit, t.terminal, (BIT["dragon pair"] if t.dragon else 0)
                     | (BIT["wind pair"] if t.wind else 0) | (BIT["end pair"] if t.terminal else 0)) for c, t in INFO.items() if c in SET_TILES}
# A pung or kong: _MELD_TILE[kind][exposed][tile] = (bucket key, its bit in GATES, honour,
# dragon, suit, terminal, is a 1, counter), counter 0 exposed pung, 1 exposed kong,
# 2 concealed kong, 3 concealed pung.
_BUCKET_BIT = {key: BIT[key] for key in _KEY.values()}
_MELD_TILE = {kind: tuple({c: (_KEY[kind, t.major, exp], _BUCKET_BIT[_KEY[kind, t.major, exp]], t.honour,
                               t.dragon, t.suit, t.terminal, t.rank == 1,
                               (1 if exp else 2) if kind == "kong" else (0 if exp else 3))
                           for c, t in INFO.items() if c in SET_TILES}
                          for exp in (False, True))
              for kind in ("pung", "kong")}
_BONUS_SEAT = {c: INFO[c].seat for c in BONUS_TILES}


def _flower_facts(flowers: tuple, seat: str, round_: str) -> tuple:
    """The flower facts of a hand: (own, round's, bouquets, their bits of the mask)."""
    own = tuple(f for f in flowers if _BONUS_SEAT[f] == seat)
    rnd = tuple(f for f in flowers if _BONUS_SEAT[f] == round_)
    bouquets = tuple(word for kind, word in (("F", "flowers"), ("S", "seasons"))
                     if sum(1 for f in flowers if f[0] == kind) == 4)
    bits = ((BIT["own flower"] if own else 0) | (BIT["round flower"] if rnd else 0)
            | (BIT["bouquet"] if bouquets else 0))
    return own, rnd, bouquets, bits


# They depend on the flowers, the seat and the round alone, and few combinations come up, so
# each is worked out once (a bound keeps the memory small whatever hands are scored).
_FLOWER_FACTS: dict[tuple, tuple] = {}
_FLOWER_FACTS_KEPT = 1 << 16


class Facts:
    """What the rows ask of a hand, worked out once in a single pass over its sets."""

    __slots__ = ("hand", "buckets", "pair", "dragons", "winds", "own_wind", "round_wind",
                 "concealed_pungs", "exposed_kongs", "concealed_kongs", "all_concealed",
                 "suits", "honours", "all_terminal", "ends", "own_flowers",
                 "round_flowers", "bouquets", "flowers", "mask")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        buckets: dict[str, tuple] = {}
        dragons: list[str] = []
        winds: list[str] = []
        ones: set[str] = set()  # suits with a pung/kong of their 1
        nines: set[str] = set()  # suits with a pung/kong of their 9
        suits: set[str] = set()
        honours = cp = ek = ck = 0
        all_terminal = all_concealed = True
        pair_bits = 0
        present = 0  # the GATES bits of the kinds of set in the hand
        for m in hand.sets:
            kind = m.kind
            tile = m.tile
            if kind == "pair":
                self.pair = tile
                honour, suit, terminal, pair_bits = _PAIR_TILE[tile]
                if honour:
                    honours += 1
                else:
                    suits.add(suit)
                    if not terminal:
                        all_terminal = False
                continue
            key, bit, honour, dragon, suit, terminal, one, counter = _MELD_TILE[kind][m.exposed][tile]
            present |= bit
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
        self.buckets = buckets
        self.dragons = tuple(dragons)
        self.winds = tuple(winds)
        both = ones & nines if ones and nines else None
        self.ends = tuple(SUITS[x] for x in sorted(both)) if both else ()
        self.concealed_pungs, self.exposed_kongs, self.concealed_kongs = cp, ek, ck
        self.all_concealed = all_concealed
        self.suits, self.honours, self.all_terminal = suits, honours, all_terminal
        seat, round_ = hand.seat, hand.round
        more = pair_bits
        if winds:
            own, rnd = SEAT_WIND[seat], SEAT_WIND[round_]
            if own in winds:
                self.own_wind = (own,)
                more |= _OWN_WIND
            else:
                self.own_wind = ()
            if rnd in winds:
                self.round_wind = (rnd,)
                more |= _ROUND_WIND
            else:
                self.round_wind = ()
            if len(winds) >= 3:
                more |= _THREE_WINDS
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
            self.own_flowers, self.round_flowers, self.bouquets, bits = known
            more |= bits
        else:
            self.own_flowers = self.round_flowers = self.bouquets = ()
        # Bit i is GATES[i]; `present` has the kinds of set, `more` the pair, winds, flowers.
        self.mask = ((_FLOWERS if fl else 0) | (_DRAGONS if dragons else 0) | (_WINDS if winds else 0)
                     | (_BLESSING if hand.blessing else 0) | more
                     | (_HAND_KIND if len(suits) <= 1 or (not honours and all_terminal) else 0)
                     | (_ENDS if both else 0) | (_CONCEALED_PUNGS if cp >= 3 else 0)
                     | (_THREE_KONGS if ek >= 3 or ck >= 3 else 0) | (_SELF_DRAWN if hand.self_drawn else 0)
                     | present)


# --------------------------------------------------------------------------- the table


class Rule(NamedTuple):
    """One line of the rule book.

    ``fires(facts)`` returns where the line fires: one entry per time (a tile code, or ``""``
    for a line about the whole hand), and an empty tuple when it does not fire.
    """

    name: str
    table: str  # the seed's table: "Hand points", "Hand doubles", "One double each", ...
    value: int
    kind: str  # "points" or "doubles"
    fires: Callable[[Facts], tuple]
    column: str = ""  # for set points: "exposed" or "concealed"
    group: str = ""  # rows of one group: only the best that fires counts
    note: str = ""
    needs: str = ""  # one of GATES: the row cannot fire unless the hand has some of these


ONCE = ("",)
NONE = ()


def _when(cond: bool) -> tuple:
    return ONCE if cond else NONE


def _bucket(key: str) -> Callable[[Facts], tuple]:
    return lambda f: f.buckets.get(key, NONE)


def _pure(f: Facts) -> tuple:
    return _when(f.honours == 0 and len(f.suits) == 1)


def _royal(f: Facts) -> tuple:
    return _when(not f.suits)


def _heads_tails(f: Facts) -> tuple:
    return _when(f.honours == 0 and f.all_terminal)


def _all_major(f: Facts) -> tuple:
    return _when(f.honours > 0 and len(f.suits) == 1 and f.all_terminal)


def _clean(f: Facts) -> tuple:
    return _when(f.honours > 0 and len(f.suits) == 1)


def _set_rows() -> list[Rule]:
    rows = []
    for kind, word in (("pung", "Pung"), ("kong", "Kong")):
        for major, label in ((False, "minor (2–8)"), (True, "major (honours, 1s and 9s)")):
            base = {"pung": 2, "kong": 8}[kind] * (2 if major else 1)
            for column, value in (("exposed", base), ("concealed", 2 * base)):
                key = f"{kind}-{'major' if major else 'minor'}-{column}"
                rows.append(Rule(f"{word} of {label}", "Hand points", value, "points",
                                 _bucket(key), column=column, needs=key))
    return rows


@lru_cache(maxsize=None)
def rule_table(rules: RuleSet = WILLINGDON) -> tuple[Rule, ...]:
    """Every line of the rule book, points first, in the seed's order."""
    P, D = "points", "doubles"
    pair_tile = lambda test: (lambda f: (f.pair,) if test(INFO[f.pair]) else NONE)  # noqa: E731
    rows = _set_rows() + [
        Rule("Each flower or season", "Also worth points", 4, P, attrgetter("flowers"), needs="flowers"),
        Rule("A pair of dragons", "Also worth points", 2, P, pair_tile(lambda t: t.dragon),
             needs="dragon pair"),
        Rule("A pair of any wind", "Also worth points", 2, P, pair_tile(lambda t: t.wind),
             needs="wind pair"),
        Rule("A pair of any 1s & 9s", "Also worth points", 2, P, pair_tile(lambda t: t.terminal),
             needs="end pair"),
        Rule("Mahjong", "Also worth points", 20, P, lambda f: ONCE),
        # Hand doubles: only the best that fits counts.
        Rule("A Pure Hand", "Hand doubles", 3, D, _pure, group="hand kind",
             note="one suit, no honours", needs="hand kind"),
        Rule("A Royal Honour Hand", "Hand doubles", 3, D, _royal, group="hand kind",
             note="winds and dragons only", needs="hand kind"),
        Rule("A Heads & Tails Hand", "Hand doubles", 3, D, _heads_tails, group="hand kind",
             note="1s and 9s only", needs="hand kind"),
        Rule("An All Major Hand", "Hand doubles", 1, D, _all_major, group="hand kind",
             note="honours plus 1s and 9s, all from one suit",
             needs="hand kind"),
        Rule("A Clean Hand", "Hand doubles", rules.clean_hand_doubles, D, _clean,
             group="hand kind", note="one suit plus honours", needs="hand kind"),
        # One double each.
        Rule("Pungs of 1s and 9s in one suit", "One double each", 1, D, attrgetter("ends"),
             needs="ends"),
        Rule("A pung/kong of dragons", "One double each", 1, D, attrgetter("dragons"), needs="dragons"),
        Rule("3 pungs/kongs of all 3 dragons", "One double each", 1, D,
             lambda f: _when(len(f.dragons) == 3), needs="dragons"),
        Rule("3 pungs/kongs of winds", "One double each", 1, D, lambda f: _when(len(f.winds) == 3),
             needs="three winds"),
        Rule("A pung/kong of your own wind", "One double each", 1, D, attrgetter("own_wind"), needs="own wind"),
        Rule("A pung/kong of the wind of the round", "One double each", 1, D,
             attrgetter("round_wind"), needs="round wind"),
        Rule("Each of your own flower/season", "One double each", 1, D, attrgetter("own_flowers"),
             needs="own flower"),
        Rule("Each flower/season of the round", "One double each", 1, D,
             attrgetter("round_flowers"), needs="round flower"),
        Rule("3 concealed pungs", "One double each", 1, D,
             lambda f: _when(f.concealed_pungs == 3), needs="concealed pungs"),
        # Two doubles each.
        Rule("4 concealed pungs", "Two doubles each", 2, D, lambda f: _when(f.concealed_pungs == 4),
             needs="concealed pungs"),
        Rule("3 exposed kongs", "Two doubles each", 2, D, lambda f: _when(f.exposed_kongs == 3),
             needs="three kongs"),
        Rule("4 pungs of winds", "Two doubles each", 2, D, lambda f: _when(len(f.winds) == 4),
             needs="three winds"),
        # Three doubles each.
        Rule("3 concealed kongs", "Three doubles each", 3, D,
             lambda f: _when(f.concealed_kongs == 3), needs="three kongs"),
        Rule("Concealed mahjong last tile from the wall", "Three doubles each", 3, D,
             lambda f: _when(f.all_concealed and f.hand.self_drawn), needs="self_drawn"),
        Rule("4 exposed kongs", "Three doubles each", 3, D, lambda f: _when(f.exposed_kongs == 4),
             needs="three kongs"),
        Rule("A bouquet of flowers", "Three doubles each", 3, D, attrgetter("bouquets"), needs="bouquet"),
        # The big ones.
        Rule("4 concealed kongs", "The big ones", 4, D, lambda f: _when(f.concealed_kongs == 4),
             needs="three kongs"),
        Rule("Earth's Blessing", "The big ones", 8, D, lambda f: _when(f.hand.blessing == "earth"),
             note="mahjong on the first tile discarded by East", needs="blessing"),
        Rule("Heaven's Blessing", "The big ones", 9, D,
             lambda f: _when(f.hand.blessing == "heaven"), note="East is dealt a mahjong", needs="blessing"),
    ]
    return tuple(rows)


#: The gates of the points rows, and of the doubles rows: :func:`score` keeps the rows it asks
#: for each combination of each separately, so there are few combinations to keep.
_POINTS_GATES, _DOUBLES_GATES = (
    sum({BIT[r.needs] for r in rule_table() if r.kind == kind and r.needs})
    for kind in ("points", "doubles"))


# --------------------------------------------------------------------------- the result


class LineItem(NamedTuple):
    """One line of the rule book that fired: ``count`` times ``each``, on ``where``."""

    line: str
    each: int
    where: tuple  # tile codes the line fired on ("" for a line about the whole hand)
    column: str = ""

    @property
    def count(self) -> int:
        return len(self.where)

    @property
    def total(self) -> int:
        return self.each * len(self.where)

    @property
    def label(self) -> str:
        """The line's name as read out: ``'Pung of minor (2–8), concealed'``."""
        return f"{self.line}, {self.column}" if self.column else self.line

    def describe(self) -> str:
        """``'A pung/kong of dragons (Red Dragon, Green Dragon): 2 x 1'``."""
        names = [tile_name(w) if w in INFO else w for w in self.where if w]
        text = self.label + (f" ({', '.join(names)})" if names else "")
        return text + (f": {self.count} x {self.each}" if self.count > 1 else "")


class Score(NamedTuple):
    """The score of one hand under one rule set, with the reasons for every figure.

    Immutable (a named tuple: cheaper to make than a frozen dataclass, and a million hands
    are scored in seconds).
    """

    hand_points: int
    doubles: int
    paper_total: int
    score: int
    minimum_met: bool
    points: tuple[LineItem, ...]
    doubles_detail: tuple[LineItem, ...]
    rules: RuleSet
    also_fits: tuple[str, ...] = ()  # hand kinds that fit but are not counted (best only)

    def explain(self) -> str:
        """The breakdown, line by line, as a scorer would read it out."""
        rows = [(i.describe(), i.total) for i in self.points + self.doubles_detail]
        w = max(len(text) for text, _ in rows) + 2
        out = ["Hand points"]
        for item in self.points:
            out.append(f"  {item.describe():<{w}}{item.total:>4}")
        out.append(f"  {'total':<{w}}{self.hand_points:>4}")
        out.append("Doubles")
        if not self.doubles_detail:
            out.append("  (none)")
        for item in self.doubles_detail:
            out.append(f"  {item.describe():<{w}}{item.total:>4}")
        for name in self.also_fits:
            out.append(f"  ({name} fits too, but only the best hand kind counts)")
        out.append(f"  {'total':<{w}}{self.doubles:>4}")
        out.append(f"Paper total: {self.hand_points:,} x 2^{self.doubles} = {self.paper_total:,}")
        if self.minimum_met:
            out.append(f"Score: {self.score:,}")
        else:
            short = self.rules.minimum_doubles - self.doubles
            out.append(f"Score: 0 ({self.rules.name} pays nothing under {self.rules.minimum_doubles} "
                       f"doubles; this hand is {short} short)")
        return "\n".join(out)

    def to_json(self) -> dict:
        return {
            "hand_points": self.hand_points,
            "doubles": self.doubles,
            "paper_total": self.paper_total,
            "score": self.score,
            "minimum_met": self.minimum_met,
            "points": [[i.label, i.total] for i in self.points],
            "doubles_detail": [[i.label, i.total] for i in self.doubles_detail],
            "rules": {"name": self.rules.name, "version": self.rules.version,
                      "clean_hand_doubles": self.rules.clean_hand_doubles,
                      "minimum_doubles": self.rules.minimum_doubles},
        }


def _compiled(rules: RuleSet, mask: int) -> tuple:
    """The rows that can fire on a hand with these gates, split for :func:`score`:
    points rows, hand-kind rows, other doubles rows. Kept on the rule set, built once for each
    combination of the points rows' gates, and of the doubles rows' gates."""
    kept = rules.__dict__
    if "_rows" not in kept:  # each row with its gate's bit (0: no gate), once per rule set
        kept["_rows"] = tuple((BIT[r.needs] if r.needs else 0, r.kind, bool(r.group),
                               (r.fires, r.name, r.value, r.column, 4 * i))
                              for i, r in enumerate(rule_table(rules)))
    points, doubles = kept.setdefault("_points", {}), kept.setdefault("_doubles", {})
    pm, dm = mask & _POINTS_GATES, mask & _DOUBLES_GATES
    if pm not in points:
        points[pm] = tuple(flat for gate, kind, _, flat in kept["_rows"]
                           if kind == "points" and (not gate or pm & gate))
    if dm not in doubles:
        table = [(group, flat) for gate, kind, group, flat in kept["_rows"]
                 if kind == "doubles" and (not gate or dm & gate)]
        doubles[dm] = (tuple(flat for group, flat in table if group),
                       tuple(flat for group, flat in table if not group))
    return (points[pm],) + doubles[dm]


def _rows_for(rules: RuleSet, mask: int) -> tuple:
    """The rows :func:`score` and :func:`fired_rows` ask for a hand with these gates."""
    kept = rules.__dict__
    try:
        return (kept["_points"][mask & _POINTS_GATES],) + kept["_doubles"][mask & _DOUBLES_GATES]
    except KeyError:
        return _compiled(rules, mask)


def paper_and_score(hand_points: int, doubles: int, rules: RuleSet = WILLINGDON) -> tuple[int, int]:
    """Hand points x 2^doubles (the paper total), and what it pays under the rule set's minimum:
    the arithmetic :func:`score` ends with, for charts and questions given as bare numbers.

    >>> paper_and_score(54, 5), paper_and_score(58, 12)
    ((1728, 1728), (237568, 237568))
    >>> paper_and_score(14, 0), paper_and_score(128, 2)
    ((14, 0), (512, 0))
    """
    for what, n in (("hand points", hand_points), ("doubles", doubles)):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"{what} must be a whole number 0 or more, not {n!r}")
    paper = hand_points << doubles
    return paper, (paper if doubles >= rules.minimum_doubles else 0)


def score(hand: Hand, rules: RuleSet = WILLINGDON) -> Score:
    """Score one hand: every row of :func:`rule_table` that fires, added up.

    The seed's two figures, 54 points with 5 doubles and 58 points with 12:

    >>> from mjscore.hands import parse
    >>> s = score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W"))
    >>> s.hand_points, s.doubles, s.paper_total
    (54, 5, 1728)
    >>> s = score(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"))
    >>> s.hand_points, s.doubles, s.paper_total
    (58, 12, 237568)
    """
    f = Facts(hand)
    point_rows, kind_rows, double_rows = _rows_for(rules, f.mask)
    new = tuple.__new__
    points: list[LineItem] = []
    doubles: list[LineItem] = []
    keep = points.append
    hp = dbl = 0
    for fires, name, value, column, _ in point_rows:
        where = fires(f)
        if where:
            keep(new(LineItem, (name, value, where, column)))
            hp += value * len(where)
    keep = doubles.append
    for fires, name, value, column, _ in double_rows:
        where = fires(f)
        if where:
            keep(new(LineItem, (name, value, where, column)))
            dbl += value * len(where)
    also: tuple[str, ...] = ()
    kinds = [new(LineItem, (name, value, ONCE, column))
             for fires, name, value, column, _ in kind_rows if fires(f)] if kind_rows else None
    if kinds:
        best = max(kinds, key=lambda i: i.each)  # first of the best on a tie
        doubles.insert(0, best)
        dbl += best.each
        if len(kinds) > 1:
            also = tuple(i.line for i in kinds if i is not best)
    paper = hp << dbl
    met = dbl >= rules.minimum_doubles
    return new(Score, (hp, dbl, paper, paper if met else 0, met, tuple(points), tuple(doubles), rules,
                       also))



def fired_rows(hand: Hand, rules: RuleSet = WILLINGDON) -> tuple[int, int, int, int]:
    """:func:`score`'s figures without its line items, for counting many hands (mjscore.willingdon.stats):
    ``(hand_points, doubles, points_fired, doubles_fired)``.

    ``points_fired`` and ``doubles_fired`` pack how many times each row of
    :func:`rule_table` fired, four bits a row (row ``i`` in bits ``4i`` to ``4i + 3``): the
    points rows in one, the doubles rows in the other, and of the hand kinds only the one
    :func:`score` counts (the best that fits). The same rows run as in :func:`score`, in the
    same way; only no line items are made, which takes a third of the time.

    >>> from mjscore.hands import parse
    >>> hand = parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2")
    >>> hp, dbl, points, doubles = fired_rows(hand)
    >>> (hp, dbl) == score(hand)[:2]
    True
    >>> row = [r.name for r in rule_table()].index("A pung/kong of dragons")
    >>> doubles >> 4 * row & 15
    3
    """
    f = Facts(hand)
    point_rows, kind_rows, double_rows = _rows_for(rules, f.mask)
    hp = dbl = points = doubles = 0
    for fires, _, value, _, shift in point_rows:
        where = fires(f)
        if where:
            n = len(where)
            points |= n << shift
            hp += value * n
    for fires, _, value, _, shift in double_rows:
        where = fires(f)
        if where:
            n = len(where)
            doubles |= n << shift
            dbl += value * n
    if kind_rows:
        kinds = [(value, shift) for fires, _, value, _, shift in kind_rows if fires(f)]
        if kinds:
            value, shift = max(kinds, key=_FIRST)  # first of the best on a tie, as score()
            doubles |= 1 << shift
            dbl += value
    return hp, dbl, points, doubles


_FIRST = itemgetter(0)

__all__ = ["CLEAN_HAND_ONE", "LineItem", "Rule", "RuleSet", "Score", "WILLINGDON", "fired_rows", "paper_and_score",
           "rule_table", "score"]
