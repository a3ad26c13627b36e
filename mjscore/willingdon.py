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
from typing import Callable, NamedTuple

from .hands import Hand
from .tiles import INFO, SEAT_WIND, SUITS, tile_name

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
        for m in hand.sets:
            tile = m.tile
            t = INFO[tile]
            if t.honour:
                honours += 1
            else:
                suits.add(t.suit)
                if not t.terminal:
                    all_terminal = False
            kind = m.kind
            if kind == "pair":
                self.pair = tile
                continue
            if t.honour:
                (dragons if t.dragon else winds).append(tile)
            elif t.terminal:
                (ones if t.rank == 1 else nines).add(t.suit)
            key = _KEY[kind, t.major, m.exposed]
            buckets[key] = buckets[key] + (tile,) if key in buckets else (tile,)
            if m.exposed:
                all_concealed = False
                if kind == "kong":
                    ek += 1
            elif kind == "kong":
                ck += 1
            else:
                cp += 1
        self.buckets = buckets
        self.dragons = tuple(dragons)
        self.winds = tuple(winds)
        both = ones & nines
        self.ends = tuple(SUITS[x] for x in sorted(both)) if both else ()
        self.concealed_pungs, self.exposed_kongs, self.concealed_kongs = cp, ek, ck
        self.all_concealed = all_concealed
        self.suits, self.honours, self.all_terminal = suits, honours, all_terminal
        own, rnd = SEAT_WIND[hand.seat], SEAT_WIND[hand.round]
        self.own_wind = (own,) if own in winds else ()
        self.round_wind = (rnd,) if rnd in winds else ()
        fl = self.flowers = hand.flowers
        if fl:
            self.own_flowers = tuple(f for f in fl if INFO[f].seat == hand.seat)
            self.round_flowers = tuple(f for f in fl if INFO[f].seat == hand.round)
            self.bouquets = tuple(word for kind, word in (("F", "flowers"), ("S", "seasons"))
                                  if sum(1 for f in fl if f[0] == kind) == 4)
        else:
            self.own_flowers = self.round_flowers = self.bouquets = ()
        self.mask = ((1 if fl else 0) | (2 if dragons else 0) | (4 if winds else 0)
                     | (8 if ek or ck else 0) | (16 if hand.blessing else 0))


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


#: What a row may need before it can fire at all. :func:`score` skips the rows whose need the
#: hand lacks (a hand with no flowers never asks the flower lines): same result, less work.
GATES = ("flowers", "dragons", "winds", "kongs", "blessing")


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
                                 _bucket(key), column=column, needs="kongs" if kind == "kong" else ""))
    return rows


@lru_cache(maxsize=None)
def rule_table(rules: RuleSet = WILLINGDON) -> tuple[Rule, ...]:
    """Every line of the rule book, points first, in the seed's order."""
    P, D = "points", "doubles"
    pair_tile = lambda test: (lambda f: (f.pair,) if test(INFO[f.pair]) else NONE)  # noqa: E731
    rows = _set_rows() + [
        Rule("Each flower or season", "Also worth points", 4, P, lambda f: f.flowers, needs="flowers"),
        Rule("A pair of dragons", "Also worth points", 2, P, pair_tile(lambda t: t.dragon)),
        Rule("A pair of any wind", "Also worth points", 2, P, pair_tile(lambda t: t.wind)),
        Rule("A pair of any 1s & 9s", "Also worth points", 2, P, pair_tile(lambda t: t.terminal)),
        Rule("Mahjong", "Also worth points", 20, P, lambda f: ONCE),
        # Hand doubles: only the best that fits counts.
        Rule("A Pure Hand", "Hand doubles", 3, D, _pure, group="hand kind",
             note="one suit, no honours"),
        Rule("A Royal Honour Hand", "Hand doubles", 3, D, _royal, group="hand kind",
             note="winds and dragons only"),
        Rule("A Heads & Tails Hand", "Hand doubles", 3, D, _heads_tails, group="hand kind",
             note="1s and 9s only"),
        Rule("An All Major Hand", "Hand doubles", 1, D, _all_major, group="hand kind",
             note="honours plus 1s and 9s, all from one suit"),
        Rule("A Clean Hand", "Hand doubles", rules.clean_hand_doubles, D, _clean,
             group="hand kind", note="one suit plus honours"),
        # One double each.
        Rule("Pungs of 1s and 9s in one suit", "One double each", 1, D, lambda f: f.ends),
        Rule("A pung/kong of dragons", "One double each", 1, D, lambda f: f.dragons, needs="dragons"),
        Rule("3 pungs/kongs of all 3 dragons", "One double each", 1, D,
             lambda f: _when(len(f.dragons) == 3), needs="dragons"),
        Rule("3 pungs/kongs of winds", "One double each", 1, D, lambda f: _when(len(f.winds) == 3), needs="winds"),
        Rule("A pung/kong of your own wind", "One double each", 1, D, lambda f: f.own_wind, needs="winds"),
        Rule("A pung/kong of the wind of the round", "One double each", 1, D,
             lambda f: f.round_wind, needs="winds"),
        Rule("Each of your own flower/season", "One double each", 1, D, lambda f: f.own_flowers, needs="flowers"),
        Rule("Each flower/season of the round", "One double each", 1, D,
             lambda f: f.round_flowers, needs="flowers"),
        Rule("3 concealed pungs", "One double each", 1, D,
             lambda f: _when(f.concealed_pungs == 3)),
        # Two doubles each.
        Rule("4 concealed pungs", "Two doubles each", 2, D, lambda f: _when(f.concealed_pungs == 4)),
        Rule("3 exposed kongs", "Two doubles each", 2, D, lambda f: _when(f.exposed_kongs == 3), needs="kongs"),
        Rule("4 pungs of winds", "Two doubles each", 2, D, lambda f: _when(len(f.winds) == 4), needs="winds"),
        # Three doubles each.
        Rule("3 concealed kongs", "Three doubles each", 3, D,
             lambda f: _when(f.concealed_kongs == 3), needs="kongs"),
        Rule("Concealed mahjong last tile from the wall", "Three doubles each", 3, D,
             lambda f: _when(f.all_concealed and f.hand.self_drawn)),
        Rule("4 exposed kongs", "Three doubles each", 3, D, lambda f: _when(f.exposed_kongs == 4), needs="kongs"),
        Rule("A bouquet of flowers", "Three doubles each", 3, D, lambda f: f.bouquets, needs="flowers"),
        # The big ones.
        Rule("4 concealed kongs", "The big ones", 4, D, lambda f: _when(f.concealed_kongs == 4), needs="kongs"),
        Rule("Earth's Blessing", "The big ones", 8, D, lambda f: _when(f.hand.blessing == "earth"),
             note="mahjong on the first tile discarded by East", needs="blessing"),
        Rule("Heaven's Blessing", "The big ones", 9, D,
             lambda f: _when(f.hand.blessing == "heaven"), note="East is dealt a mahjong", needs="blessing"),
    ]
    return tuple(rows)


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
    points rows, hand-kind rows, other doubles rows. Kept on the rule set, built once."""
    cache = rules.__dict__.setdefault("_compiled", {})
    if mask not in cache:
        table = [r for r in rule_table(rules) if not r.needs or mask & (1 << GATES.index(r.needs))]
        flat = lambda rows: tuple((r.fires, r.name, r.value, r.column) for r in rows)  # noqa: E731
        cache[mask] = (flat(r for r in table if r.kind == "points"),
                       flat(r for r in table if r.kind == "doubles" and r.group),
                       flat(r for r in table if r.kind == "doubles" and not r.group))
    return cache[mask]


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
    try:
        point_rows, kind_rows, double_rows = rules.__dict__["_compiled"][f.mask]
    except KeyError:
        point_rows, kind_rows, double_rows = _compiled(rules, f.mask)
    new = tuple.__new__
    points: list[LineItem] = []
    doubles: list[LineItem] = []
    hp = dbl = 0
    for fires, name, value, column in point_rows:
        where = fires(f)
        if where:
            points.append(new(LineItem, (name, value, where, column)))
            hp += value * len(where)
    for fires, name, value, column in double_rows:
        where = fires(f)
        if where:
            doubles.append(new(LineItem, (name, value, where, column)))
            dbl += value * len(where)
    also: tuple[str, ...] = ()
    kinds = [new(LineItem, (name, value, ONCE, column))
             for fires, name, value, column in kind_rows if fires(f)]
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


__all__ = ["CLEAN_HAND_ONE", "LineItem", "Rule", "RuleSet", "Score", "WILLINGDON", "paper_and_score", "rule_table",
           "score"]
