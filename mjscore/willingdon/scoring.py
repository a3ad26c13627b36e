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

from typing import Callable, NamedTuple

from ..hands import Hand
from ..tiles import INFO, tile_name
from .facts import READ, Facts, reading, written_out
from .rules import CLEAN_HAND_ONE, ONCE, WILLINGDON, Rule, RuleSet, rule_table

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



# --------------------------------------------------------------------------- the row runner

#: What the runner keeps for each rule set, built on first use (never inside the frozen rule
#: set, which stays plain data): see :func:`_compile`. Keyed by the rule set itself (equal
#: rule sets share it; finding it by the rule set's id instead saved 3% of a score).
_COMPILED: dict[RuleSet, "Compiled"] = {}
#: At most this many answers of the ``once`` rows are remembered for one rule set, at most
#: this many line items for one row, and at most this many rule sets are kept.
_MEMO_KEPT = 1 << 16
_ITEMS_KEPT = 1 << 10
_RULE_SETS_KEPT = 64


class Compiled(NamedTuple):
    """The rows of one rule set made ready to run (:func:`_compile`).

    ``table``: its :func:`rule_table`; ``rows``: every row in the table's order, each in its flat form ``(4 * index, name, value,
    column, items, points)`` (``items``: its line items made so far, by where it fired
    (:func:`_item`); ``points``: true for a row of points, false for one of doubles); ``once``:
    the ``once`` rows as :func:`_answer` takes them, and ``memo`` their answers, kept by what
    decides the facts they read; ``score`` and ``count``: the runner, made for this rule set
    (:func:`_runner`), with the figures of a :class:`Score`, and with the rows' counts of
    :func:`fired_rows`."""

    rules: RuleSet
    table: tuple
    rows: tuple
    once: tuple
    memo: dict
    score: Callable | None = None
    count: Callable | None = None


def _compile(rules: RuleSet) -> Compiled:
    """The rows of the rule table made ready for the runner (:class:`Compiled`), and the runner."""
    table = rule_table(rules)
    for r in table:
        for fact in r.reads:
            if fact not in READ:
                raise ValueError(f"the rule table reads {fact!r}, which is not a fact of a hand")
    rows = tuple((4 * i, r.name, r.value, r.column, {}, r.kind == "points") for i, r in enumerate(table))
    once_facts = _once_facts(table)
    once = tuple((rows[i], r.kind, bool(r.group), r.test, tuple(once_facts.index(fact) for fact in r.reads))
                 for i, r in enumerate(table) if r.test is not None)
    kept = Compiled(rules, table, rows, once, {})
    kept = kept._replace(score=_runner("score", kept), count=_runner("count", kept))
    if len(_COMPILED) >= _RULE_SETS_KEPT:  # a program that makes rule sets by the thousand
        _COMPILED.clear()
    _COMPILED[rules] = kept
    return kept


def _once_facts(table: tuple) -> tuple:
    """The facts the ``once`` rows read, each once, in the table's order."""
    return tuple(dict.fromkeys(fact for r in table if r.test is not None for fact in r.reads))


def _runner(flavour: str, kept: Compiled) -> Callable:
    """THE row runner, for :func:`score` (``flavour="score"``) and :func:`fired_rows`
    (``"count"``), written out for one rule set: a function of a hand that reads the facts its
    ``each`` rows read (as :data:`~.facts.READ` says: no :class:`Facts` is made), takes what
    the ``once`` rows give from its ``memo``, kept by what decides the facts they read (a few
    numbers; :func:`_answer` on the facts when they are new), and goes down the rows in the
    table's order, one ``if`` a row: an ``each`` row whose fact is empty does not fire, one with
    tiles fires once for each; a ``once`` row fires as its answer says. The two flavours differ
    only in what they note of a row that fired (its line item and total, or its count packed as
    :func:`fired_rows` packs it). Written out, not a loop over the rows, because it is faster
    (benchmarks/README.md)."""
    rules, table, rows = kept.rules, kept.table, kept.rows
    each_facts = [r.reads[0] for r in table if r.test is None]
    once_facts = _once_facts(table)
    decides = tuple(dict.fromkeys(what for fact in once_facts for what in READ[fact][1]))
    start = reading(each_facts)
    code = ["def run(hand):", *(f"    {line}" for line in start),
            f"    got = memo.get(({''.join(f'{what}, ' for what in decides)}))",
            "    if got is None:",
            *(f"        {line}" for line in reading(once_facts) if line not in start),
            f"        got = answer(once, ({''.join(f'{READ[fact][0]}, ' for fact in once_facts)}))",
            "        if len(memo) < MEMO_KEPT:",
            f"            memo[({''.join(f'{what}, ' for what in decides)})] = got"]
    names = {"memo": kept.memo, "answer": _answer, "once": kept.once, "MEMO_KEPT": _MEMO_KEPT,
             "new_item": _item, "new": tuple.__new__, "Score": Score, "rules": rules,
             "minimum": rules.minimum_doubles}
    if flavour == "count":
        code.append("    hp, dbl, points, doubles = got[:4]")
        for i, r in enumerate(table):
            if r.test is None:
                kind, total = ("points", "hp") if r.kind == "points" else ("doubles", "dbl")
                code += [f"    w = {READ[r.reads[0]][0]}", "    if w:", "        n = len(w)",
                         f"        {kind} |= n << {4 * i}", f"        {total} += {r.value} * n"]
        code.append("    return hp, dbl, points, doubles")
    else:
        code += ["    hp, dbl, _, _, best, also, once_points, once_doubles = got", "    points = []", "    doubles = []"]
        for kind, total, fired in (("points", "hp", "once_points"), ("doubles", "dbl", "once_doubles")):
            mine = [i for i, r in enumerate(table) if (r.kind == "points") == (kind == "points")]
            plain = _section(kept, mine, (kind, total, fired), names, with_once=False)
            if any(table[i].test is not None and not table[i].group for i in mine):
                code += [f"    if {fired}:",
                         *(f"    {line}" for line in _section(kept, mine, (kind, total, fired), names, with_once=True)),
                         "    else:", *(f"    {line}" for line in plain)]
            else:
                code += plain
        code += ["    paper = hp << dbl",
                 "    met = dbl >= minimum",
                 "    return new(Score, (hp, dbl, paper, paper if met else 0, met, tuple(points), tuple(doubles), rules,"
                 " also))"]
    for i, row in enumerate(rows):
        names[f"row_{i}"], names[f"items_{i}"] = row, row[4]
    return written_out(code, f"<the row runner of {rules.name}, {flavour}>", names)["run"]


def _section(kept: Compiled, mine: list, where: tuple, names: dict, with_once: bool) -> list:
    """The lines of :func:`_runner` (flavour ``score``) for the rows ``mine`` (those of points,
    or of doubles), in the table's order: an ``each`` row's line item made or found and added
    up; the hand kind that counts, at its group's place; and with ``with_once``, the line item of
    each other ``once`` row that fired (its total is in the answer already). ``where``: the
    runner's names of the list of line items, of the total, and of the ``once`` rows that fired."""
    table, rows, (kind, total, fired) = kept.table, kept.rows, where
    lines, groups = [], set()
    for i in mine:
        r = table[i]
        if r.test is None:
            lines += [f"    w = {READ[r.reads[0]][0]}", "    if w:",
                      f"        item = items_{i}.get(w) or new_item(row_{i}, w)",
                      f"        {kind}.append(item[0])", f"        {total} += item[1]"]
        elif r.group:
            if r.group not in groups:
                groups.add(r.group)
                lines += ["    if best is not None:", f"        {kind}.append(best)"]
        elif with_once:
            names[f"item_{i}"] = _item(rows[i], ONCE)[0]
            k = sum(1 for earlier in table[:i] if earlier.test is not None)  # its place in Compiled.once
            lines += [f"    if {fired} & {1 << k}:", f"        {kind}.append(item_{i})"]
    return lines


def _item(row: tuple, where: tuple) -> tuple:
    """The line item of a row that fired on ``where``, and its total: made once and shared by
    every score it appears in (a line item is immutable, and hands share most of theirs)."""
    item = row[4].get(where)
    if item is None:
        item = (LineItem(row[1], row[2], where, row[3]), row[2] * len(where))
        if len(row[4]) < _ITEMS_KEPT:
            row[4][where] = item
    return item


def _answer(once: tuple, values: tuple) -> tuple:
    """What the ``once`` rows give for these values of their facts, added up: (points, doubles
    (the hand kind's counted), the rows that fired packed as :func:`fired_rows` packs them, for
    the points and for the doubles, the hand kind's line item (the kind that counts: the first
    of the most doubles) or None, the names of the other kinds that fit, and the other rows of
    points and of doubles that fired, bit ``k`` for ``once[k]``)."""
    points, doubles, kinds = [], [], []
    for k, (row, kind, group, test, where) in enumerate(once):
        if test(*[values[i] for i in where]):
            (kinds if group else points if kind == "points" else doubles).append((k, row))
    best = None
    for _, row in kinds:
        if best is None or row[2] > best[2]:
            best = row
    counted = [row for _, row in doubles] + ([best] if best else [])
    return (sum(row[2] for _, row in points), sum(row[2] for row in counted),
            sum(1 << row[0] for _, row in points), sum(1 << row[0] for row in counted),
            _item(best, ONCE)[0] if best else None, tuple(row[1] for _, row in kinds if row is not best),
            sum(1 << k for k, _ in points), sum(1 << k for k, _ in doubles))


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

    The book's two figures, 54 points with 5 doubles and 58 points with 12:

    >>> from mjscore.hands import parse
    >>> s = score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W"))
    >>> s.hand_points, s.doubles, s.paper_total
    (54, 5, 1728)
    >>> s = score(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"))
    >>> s.hand_points, s.doubles, s.paper_total
    (58, 12, 237568)
    """
    return (_COMPILED.get(rules) or _compile(rules)).score(hand)


def fired_rows(hand: Hand, rules: RuleSet = WILLINGDON) -> tuple[int, int, int, int]:
    """:func:`score`'s figures without its line items, for counting many hands (mjscore.willingdon.stats):
    ``(hand_points, doubles, points_fired, doubles_fired)``.

    ``points_fired`` and ``doubles_fired`` pack how many times each row of
    :func:`rule_table` fired, four bits a row (row ``i`` in bits ``4i`` to ``4i + 3``): the
    points rows in one, the doubles rows in the other, and of the hand kinds only the one
    :func:`score` counts (the best that fits). The rows are those :func:`score` runs, by the
    same runner; only no line items are made.

    >>> from mjscore.hands import parse
    >>> hand = parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2")
    >>> hp, dbl, points, doubles = fired_rows(hand)
    >>> (hp, dbl) == score(hand)[:2]
    True
    >>> row = [r.name for r in rule_table()].index("A pung/kong of dragons")
    >>> doubles >> 4 * row & 15
    3
    """
    return (_COMPILED.get(rules) or _compile(rules)).count(hand)


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
    f = Facts(hand)
    near = []
    for r in rule_table(rules):
        if r.test is None or r.group or not r.reads or r.fires(f):
            continue
        values = [getattr(f, fact) for fact in r.reads]
        for i, v in enumerate(values):
            if isinstance(v, bool):
                step = True if not v else None
            elif isinstance(v, int):
                step = v + 1
            else:
                continue
            if step is not None and r.test(*values[:i], step, *values[i + 1:]):
                near.append(r)
                break
    return tuple(near)


__all__ = ["CLEAN_HAND_ONE", "Facts", "LineItem", "Rule", "RuleSet", "Score", "WILLINGDON", "fired_rows",
           "near_misses", "paper_and_score", "rule_table", "score"]


def __getattr__(name: str):
    if name in ("GATES", "BIT"):  # read off the rule table on first use (mjscore.willingdon.rules)
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
