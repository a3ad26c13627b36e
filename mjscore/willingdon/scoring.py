"""Willingdon scoring for Goulash: hand points x 2^doubles, with a minimum of three doubles.

The rule table (:mod:`mjscore.willingdon.rules`) is data; :func:`score` runs its rows on the
facts of a hand (:mod:`mjscore.willingdon.facts`) and returns an immutable :class:`Score`
whose line items say which line gave each point and each double.

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

from functools import lru_cache
from operator import attrgetter
from typing import Callable, NamedTuple

from ..hands import Hand
from ..tiles import INFO, tile_name
from .facts import Facts
from .rules import CLEAN_HAND_ONE, WILLINGDON, Rule, RuleSet, rule_table
from .. import html_of

# --------------------------------------------------------------------------- the result


class LineItem(NamedTuple):
    """One line of the rule book that fired: ``count`` times ``each``, on ``where``."""

    line: str
    each: int
    where: tuple  # tile codes the line fired on ("" for a line about the whole hand)
    column: str = ""

    @property
    def count(self) -> int:
        """How many times the line fired."""
        return len(self.where)

    @property
    def total(self) -> int:
        """What the line brought: ``count`` times ``each``."""
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

    Immutable (a named tuple), and compared as one.
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

    def _repr_html_(self) -> str | None:
        return html_of(self)  # drawn by the views where a notebook shows it

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
        """The score as plain JSON data: what ``mjscore willingdon`` prints."""
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


# --------------------------------------------------------------------------- the rows, ready to run


class ReadyRow(NamedTuple):
    """A row of :func:`rule_table`, ready for :func:`score` to run (:func:`ready_rows`).

    ``items`` keeps the row's line items by where it fired: a line item is immutable, and the
    hands share most of theirs (a pung of dragons on ``("RD",)``), so each is made once.
    """

    rule: Rule
    place: int  # its place in the table (fired_rows() packs its count in bits 4 * place on)
    fires: Callable[[Facts], tuple]  # rule.fires
    value: int  # rule.value
    points: bool  # a row of points (else of doubles)
    group: str  # rule.group: of a group's rows only the best that fires counts
    items: dict[tuple, LineItem]


#: At most this many line items are kept for one row (a program scoring made-up hands by the
#: million would otherwise keep them all).
ITEMS_KEPT = 1024


@lru_cache(maxsize=64)
def ready_rows(rules: RuleSet = WILLINGDON) -> tuple[ReadyRow, ...]:
    """The rows of :func:`rule_table`, in its order, each made a :class:`ReadyRow`."""
    return tuple(ReadyRow(rule, place, rule.fires, rule.value, rule.kind == "points", rule.group, {})
                 for place, rule in enumerate(rule_table(rules)))


def line_item(row: ReadyRow, where: tuple) -> LineItem:
    """The line item of a row that fired on ``where``: made once, then kept in ``row.items``."""
    item = row.items.get(where)
    if item is None:
        item = LineItem(row.rule.name, row.value, where, row.rule.column)
        if len(row.items) < ITEMS_KEPT:
            row.items[where] = item
    return item


_EACH = attrgetter("each")


def paper_and_score(hand_points: int, doubles: int, rules: RuleSet = WILLINGDON) -> tuple[int, int]:
    """Hand points x 2^doubles (the paper total), and what it pays under the rule set's minimum.

    The arithmetic :func:`score` ends with, for charts and questions given as bare numbers.

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

    The rows are asked in the table's order where they fire on the facts of the hand; of the
    hand kinds (a group) only the best that fires counts, the first of the most doubles, at the
    group's place, and the others that fit are named in ``also_fits``.

    The book's two figures, 54 points with 5 doubles and 58 points with 12:

    >>> from mjscore.hands import parse
    >>> s = score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W"))
    >>> s.hand_points, s.doubles, s.paper_total
    (54, 5, 1728)
    >>> s = score(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"))
    >>> s.hand_points, s.doubles, s.paper_total
    (58, 12, 237568)
    """
    facts = Facts(hand)
    points, doubles, kinds = [], [], []
    hand_points = doubles_total = 0
    kinds_at = 0  # the group's place among the doubles
    for row in ready_rows(rules):
        where = row.fires(facts)
        if not where:
            continue
        item = line_item(row, where)
        if row.group:
            kinds.append(item)
            kinds_at = len(doubles)
        elif row.points:
            points.append(item)
            hand_points += row.value * len(where)
        else:
            doubles.append(item)
            doubles_total += row.value * len(where)
    also_fits = ()
    if kinds:
        best = max(kinds, key=_EACH)  # max() keeps the first of equals
        doubles.insert(kinds_at, best)
        doubles_total += best.each
        also_fits = tuple(item.line for item in kinds if item is not best)
    paper = hand_points << doubles_total
    met = doubles_total >= rules.minimum_doubles
    return Score(hand_points, doubles_total, paper, paper if met else 0, met, tuple(points), tuple(doubles),
                 rules, also_fits)


class FiredRows(NamedTuple):
    """What :func:`fired_rows` gives: :func:`score`'s figures, and how many times each row fired."""

    hand_points: int
    doubles: int
    points_fired: int  # four bits a row: row i of rule_table() in bits 4i to 4i + 3
    doubles_fired: int


def fired_rows(hand: Hand, rules: RuleSet = WILLINGDON) -> FiredRows:
    """:func:`score`'s figures without its line items, for counting many hands (mjscore.willingdon.stats).

    ``points_fired`` and ``doubles_fired`` pack how many times each row of
    :func:`rule_table` fired, four bits a row (row ``i`` in bits ``4i`` to ``4i + 3``): the
    points rows in one, the doubles rows in the other, and of the hand kinds only the one
    :func:`score` counts (the best that fits). The loop is :func:`score`'s, without the line
    items (a third of its time); the tests check on every hand of a grid that both agree.

    >>> from mjscore.hands import parse
    >>> hand = parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2")
    >>> fired = fired_rows(hand)
    >>> (fired.hand_points, fired.doubles) == score(hand)[:2]
    True
    >>> row = [r.name for r in rule_table()].index("A pung/kong of dragons")
    >>> fired.doubles_fired >> 4 * row & 15
    3
    """
    facts = Facts(hand)
    hand_points = doubles = points_fired = doubles_fired = 0
    best = None  # the hand kind that counts
    for row in ready_rows(rules):
        where = row.fires(facts)
        if not where:
            continue
        if row.group:
            if best is None or row.value > best.value:
                best = row
        elif row.points:
            hand_points += row.value * len(where)
            points_fired |= len(where) << 4 * row.place
        else:
            doubles += row.value * len(where)
            doubles_fired |= len(where) << 4 * row.place
    if best is not None:
        doubles += best.value
        doubles_fired |= 1 << 4 * best.place
    return FiredRows(hand_points, doubles, points_fired, doubles_fired)


def near_misses(hand: Hand, rules: RuleSet = WILLINGDON) -> tuple[Rule, ...]:
    """The lines a hand came one step short of: a help for hints, asked of the table.

    A row is near when it does not fire on the hand, is a :func:`~.rules.once` row outside a
    group (not a hand kind: only the best of those counts), and would fire if one of the facts
    it reads were one step further: a count one more (two dragon pungs, not three; three
    concealed pungs, not four), or a fact that is false made true (a concealed hand won on a
    discard, not self-drawn).

    >>> from mjscore.hands import parse
    >>> [r.name for r in near_misses(parse("+RDx3 +GDx3 +3Cx3 +4Dx3 7Bx2"))]
    ['3 pungs/kongs of all 3 dragons']
    >>> [r.name for r in near_misses(parse("2Bx3 3Cx3 4Dx3 6Dx4 7Bx2"))]
    ['4 concealed pungs', 'Concealed mahjong last tile from the wall']
    """
    facts = Facts(hand)
    near = []
    for row in rule_table(rules):
        if row.test is None or row.group or not row.reads or row.fires(facts):
            continue
        for fact in row.reads:
            value = getattr(facts, fact)
            if isinstance(value, bool):
                if value:
                    continue
                step = True
            elif isinstance(value, int):
                step = value + 1
            else:
                continue
            if row.test(facts.misread(**{fact: step})):
                near.append(row)
                break
    return tuple(near)


__all__ = ["CLEAN_HAND_ONE", "Facts", "FiredRows", "LineItem", "ReadyRow", "Rule", "RuleSet", "Score", "WILLINGDON",
           "fired_rows", "line_item", "near_misses", "paper_and_score", "ready_rows", "rule_table", "score"]

