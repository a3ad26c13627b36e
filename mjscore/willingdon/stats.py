"""How rare is a good hand? Willingdon scores over many hands, counted.

Two sources of hands:

- **random hands**, from a stated model (:class:`HandModel`, below): every legal hand shape is
  possible, nothing leans towards doubles. This is the answer to "how rare is a good hand if
  the tiles just fall": :func:`random_hands`, :func:`random_stats`.
- **the trainer's dealt hands** (:mod:`mjscore.willingdon.deal`), which lean on purpose towards hands
  that are interesting to score: :func:`dealt_stats`.

:func:`tally` scores any hands with the engine (never a copy of its rules) and counts: the hand
points and doubles of every hand (so the scores, paper totals and the share paid under any
minimum follow), and how often each line of the rule table fired, and what it brought. The
result, :class:`HandStats`, is plain counts: :mod:`mjscore.views.willingdon.stats_views` draws them.

>>> stats = random_stats(2000, seed=1)
>>> stats.count, sum(stats.doubles_counts().values())
(2000, 2000)
>>> stats.paid == sum(n for s, n in stats.score_counts().items() if s > 0)
True
>>> random_stats(2000, seed=1) == stats
True

The random-hand model, its generator and the reasons for its chances are in
:mod:`mjscore.willingdon.stats_model` (every name of it can be imported from here too).
The command line is ``mjscore stats`` (:mod:`mjscore.willingdon.stats_cli`).
"""

from __future__ import annotations

import gc
import random
import time
from collections import Counter
from dataclasses import dataclass
from itertools import islice
from typing import Callable, Iterable, NamedTuple

from ..hands import Hand
from .scoring import WILLINGDON, RuleSet, fired_rows, rule_table
from .stats_model import (CHUNK, MODEL, HandModel, StatsError, check_count, check_seed, hand_chunks, random_hand,
                          random_hands)

__all__ = ["DEALT", "HandModel", "HandStats", "LineCount", "MODEL", "Progress", "StatsError", "dealt_stats",
           "random_hand", "random_hands", "random_stats", "tally"]


# --------------------------------------------------------------------------- counting


class LineCount(NamedTuple):
    """How one line of the rule table fared over all the hands counted.

    ``hands``: on how many hands the line fired, and ``paid_hands`` how many of those met the
    minimum; ``times``: how many times it fired in all (two dragon pungs are two); ``total``
    and ``paid_total``: the points or doubles it brought, in all the hands and in the paid
    ones. Of the hand kinds only the one that counts (the best that fits) is counted.
    """

    line: str  # as the breakdown reads it: "Pung of minor (2–8), exposed"
    table: str  # the rule book's table: "Hand points", "One double each", ...
    kind: str  # "points" or "doubles"
    each: int
    hands: int
    paid_hands: int
    times: int
    total: int
    paid_total: int


@dataclass(frozen=True)
class HandStats:
    """The counts over ``count`` hands scored under ``rules``; every figure derives from them.

    ``label``: a short name for tables and legends (``"random hands"``); ``source``: what the
    hands were, in full. ``joint``: ``(hand_points, doubles, hands)`` for every pair seen,
    sorted. ``lines``: one :class:`LineCount` per row of the rule table, in the table's order.
    """

    label: str
    source: str
    count: int
    rules: RuleSet
    joint: tuple[tuple[int, int, int], ...]
    lines: tuple[LineCount, ...]

    # Shares and counts ---------------------------------------------------------------------

    @property
    def minimum(self) -> int:
        """The rule set's minimum doubles: a hand with fewer pays nothing."""
        return self.rules.minimum_doubles

    @property
    def paid(self) -> int:
        """How many hands met the rule set's minimum (and so score more than 0)."""
        return self.paid_at(self.minimum)

    @property
    def share_paid(self) -> float:
        """The share of the hands that met the minimum (0 to 1)."""
        return self.paid / self.count if self.count else 0.0

    def paid_at(self, minimum: int) -> int:
        """How many hands would be paid if the minimum were ``minimum`` doubles."""
        return sum(n for _, d, n in self.joint if d >= minimum)

    def paid_shares(self, minimums: Iterable[int] = range(7)) -> dict[int, float]:
        """The share of hands paid under each minimum-doubles setting."""
        return {m: (self.paid_at(m) / self.count if self.count else 0.0) for m in minimums}

    def doubles_counts(self) -> dict[int, int]:
        """Doubles -> how many hands, from 0 to the most seen (every value listed)."""
        top = max((d for _, d, _ in self.joint), default=-1)
        out = dict.fromkeys(range(top + 1), 0)
        for _, d, n in self.joint:
            out[d] += n
        return out

    def points_counts(self) -> dict[int, int]:
        """Hand points -> how many hands, sorted (only the values seen)."""
        out: dict[int, int] = {}
        for p, _, n in self.joint:
            out[p] = out.get(p, 0) + n
        return dict(sorted(out.items()))

    def score_counts(self) -> dict[int, int]:
        """Score (0 for a hand under the minimum) -> how many hands, sorted."""
        out: dict[int, int] = {}
        for p, d, n in self.joint:
            s = p << d if d >= self.minimum else 0
            out[s] = out.get(s, 0) + n
        return dict(sorted(out.items()))

    def paper_counts(self) -> dict[int, int]:
        """Paper total (hand points x 2^doubles, paid or not) -> how many hands, sorted."""
        out: dict[int, int] = {}
        for p, d, n in self.joint:
            out[p << d] = out.get(p << d, 0) + n
        return dict(sorted(out.items()))

    def mean(self, what: str = "score") -> float:
        """The mean of ``"score"``, ``"paper_total"``, ``"hand_points"`` or ``"doubles"``."""
        counts = self._counts(what)
        return sum(v * n for v, n in counts.items()) / self.count if self.count else 0.0

    def quantile(self, q: float, what: str = "score", paid_only: bool = False) -> int:
        """The smallest value with at least a share ``q`` of the hands at or below it."""
        if not 0 <= q <= 1:
            raise StatsError(f"a quantile is a share from 0 to 1, not {q!r}")
        counts = self._counts(what)
        if paid_only:
            if what not in ("score", "paper_total"):
                raise StatsError("paid_only applies to the score or the paper total")
            counts = self._counts("paid")
        total = sum(counts.values())
        if not total:
            raise StatsError("no hands to take a quantile of")
        seen = 0
        for value, n in counts.items():
            seen += n
            if seen >= q * total:
                return value
        return value  # pragma: no cover - q == 1 returns above

    def _counts(self, what: str) -> dict[int, int]:
        if what == "paid":
            out: dict[int, int] = {}
            for p, d, n in self.joint:
                if d >= self.minimum:
                    out[p << d] = out.get(p << d, 0) + n
            return dict(sorted(out.items()))
        table = {"score": self.score_counts, "paper_total": self.paper_counts,
                 "hand_points": self.points_counts, "doubles": self.doubles_counts}
        if what not in table:
            raise StatsError(f"no figure {what!r}: try score, paper_total, hand_points or doubles")
        return table[what]()

    def line(self, name: str) -> LineCount:
        """The counts of one line, by its name as the breakdown reads it."""
        for item in self.lines:
            if item.line == name:
                return item
        raise StatsError(f"no line {name!r} in the rule table")

    # Text --------------------------------------------------------------------------------

    def to_json(self) -> dict:
        """The counts as plain JSON data: what ``mjscore stats --json`` prints.

        >>> data = random_stats(500, seed=2).to_json()
        >>> data["hands"], sum(data["doubles"].values()) == 500, data["lines"][0]["line"]
        (500, True, 'Pung of minor (2–8), exposed')
        """
        r = self.rules
        return {"label": self.label, "source": self.source, "hands": self.count,
                "rules": {"name": r.name, "version": r.version, "clean_hand_doubles": r.clean_hand_doubles,
                          "minimum_doubles": r.minimum_doubles},
                "paid": self.paid, "share_paid": self.share_paid,
                "doubles": {str(d): n for d, n in self.doubles_counts().items()},
                "joint": [list(x) for x in self.joint],
                "lines": [item._asdict() for item in self.lines]}

    def at_least(self, value: int, what: str = "score") -> int:
        """How many hands have at least ``value`` of ``what``.

        ``what``: ``"score"``, ``"doubles"``, ``"hand_points"`` or ``"paper_total"``.
        """
        return sum(n for v, n in self._counts(what).items() if v >= value)

    def summary(self) -> str:
        """The figures as plain text: what ``mjscore stats`` prints.

        >>> print(random_stats(1000, seed=4).summary().splitlines()[1])
        paid (score > 0): 306 of 1,000 hands, 30.60% (1 in 3.3)
        """
        c = self.count
        out = [f"{c:,} {self.source}, scored under {self.rules.name} (minimum {self.minimum} doubles)"]
        if not c:
            return out[0]

        def share(n: int) -> str:
            digits = 2 if n * 10_000 >= c or not n else 4
            return f"{100 * n / c:.{digits}f}%" + (f" (1 in {c / n:,.{1 if c / n < 10 else 0}f})" if n else "")

        out.append(f"paid (score > 0): {self.paid:,} of {c:,} hands, {share(self.paid)}")
        out.append("")
        out.append("doubles     hands   share       paid if this were the minimum")
        paid_from = c
        for d, n in self.doubles_counts().items():
            out.append(f"{d:>7} {n:>9,}   {100 * n / c:6.2f}%     {100 * paid_from / c:6.2f}%")
            paid_from -= n
        out.append("")
        out.append(f"hand points: mean {self.mean('hand_points'):.1f}, median {self.quantile(0.5, 'hand_points')}, "
                   f"most {max(self.points_counts())}")
        out.append(f"doubles: mean {self.mean('doubles'):.2f}, median {self.quantile(0.5, 'doubles')}, "
                   f"most {max(self.doubles_counts())}")
        out.append(f"score: mean {self.mean():,.0f} (every hand, 0 for those not paid)")
        if self.paid:
            qs = [(0.5, "median"), (0.9, "90th percentile"), (0.99, "99th percentile")]
            out.append("score of a paid hand: " + ", ".join(
                f"{label} {self.quantile(q, paid_only=True):,}" for q, label in qs)
                + f", best {max(self._counts('paid')):,}")
        for limit in (1_000, 10_000, 100_000, 1_000_000):
            out.append(f"score {limit:,} or more: {share(self.at_least(limit))}")
        out.append("")
        out.append(f"{'line':<46} {'fires on: hands':>16} {'share':>8}   brings, per 100 hands")
        for item in self.lines:
            word = "doubles" if item.kind == "doubles" else "points"
            out.append(f"{item.line:<46} {item.hands:>16,} {100 * item.hands / c:7.2f}%   "
                       f"{100 * item.total / c:8.2f} {word}")
        return "\n".join(out)


def tally(hands: Iterable[Hand], rules: RuleSet = WILLINGDON, label: str = "hands",
          source: str | None = None) -> HandStats:
    """Score every hand and count the results.

    >>> from mjscore.hands import parse
    >>> st = tally([parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"), parse("+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2")])
    >>> st.joint, st.paid, st.score_counts()
    (((28, 0, 1), (58, 12, 1)), 1, {0: 1, 237568: 1})
    >>> st.line("A pung/kong of dragons")
    LineCount(line='A pung/kong of dragons', table='One double each', kind='doubles', each=1, hands=1, paid_hands=1, times=3, total=3, paid_total=3)

    Each hand is scored by :func:`mjscore.willingdon.fired_rows`: the rows of the rule table
    that :func:`~mjscore.willingdon.score` runs, run the same way, without making the line
    items a breakdown shows (they would take a third of the time). The tests check, hand by
    hand, that it finds what :func:`~mjscore.willingdon.score` finds.
    """
    it = iter(hands)
    return _tally(iter(lambda: list(islice(it, CHUNK)), []), rules, label, source or label)


def _tally(chunks: Iterable[list[Hand]], rules: RuleSet, label: str, source: str,
           progress: Callable[[int], None] | None = None) -> HandStats:
    if not isinstance(rules, RuleSet):
        raise StatsError(f"rules must be a RuleSet, not {rules!r}")
    joint: Counter = Counter()  # (hand points, doubles) -> hands
    points: Counter = Counter()  # (doubles, the points rows that fired) -> hands: a few thousand keys
    doubles: Counter = Counter()  # (doubles, the doubles rows that fired) -> hands
    count = 0
    # The cycle collector would walk every chunk's results over and over, and they hold no
    # cycles: it is paused while counting.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for chunk in chunks:
            if chunk and not isinstance(chunk[0], Hand):
                raise StatsError(f"tally counts Hands, not {type(chunk[0]).__name__}")
            for hand in chunk:
                fired = fired_rows(hand, rules)
                joint[fired.hand_points, fired.doubles] += 1
                points[fired.doubles, fired.points_fired] += 1
                doubles[fired.doubles, fired.doubles_fired] += 1
            count += len(chunk)
            if progress is not None:
                progress(count)
    finally:
        if collecting:
            gc.enable()
    return HandStats(label=label, source=source, count=count, rules=rules,
                     joint=tuple(sorted((p, d, n) for (p, d), n in joint.items())),
                     lines=_lines(rules, points, doubles))


def _lines(rules: RuleSet, points: dict, doubles: dict) -> tuple[LineCount, ...]:
    """Unpack the rows' counts (four bits a row, see :func:`~mjscore.willingdon.fired_rows`)."""
    table = rule_table(rules)
    # for each row: on how many hands it fired, how many of them were paid, how many times in
    # all, how many times in the paid hands
    hands, paid_hands, times, paid_times = ([0] * len(table) for _ in range(4))
    for packed in (points, doubles):
        for (dbl, fired), n in packed.items():
            paid = dbl >= rules.minimum_doubles
            row = 0
            while fired:
                fired_times = fired & 15
                if fired_times:
                    hands[row] += n
                    times[row] += fired_times * n
                    if paid:
                        paid_hands[row] += n
                        paid_times[row] += fired_times * n
                fired >>= 4
                row += 1
    return tuple(LineCount(f"{r.name}, {r.column}" if r.column else r.name, r.table, r.kind, r.value,
                           hands[i], paid_hands[i], times[i], r.value * times[i], r.value * paid_times[i])
                 for i, r in enumerate(table))


def random_stats(count: int, seed: int = 0, model: HandModel = MODEL, rules: RuleSet = WILLINGDON,
                 progress: Callable[[int], None] | None = None) -> HandStats:
    """:func:`tally` over ``count`` random hands of the model (see the module notes).

    ``progress``: called with the hands counted so far, every :data:`~.stats_model.CHUNK` hands.
    """
    source = f"random hands (seed {seed}; {model.describe()})"
    chunks = hand_chunks(random.Random(check_seed(seed)), model, check_count("the number of hands", count))
    return _tally(chunks, rules, "random hands", source, progress)


#: More hands than this in one run is surely a typing slip (a million take a few seconds).
MAX_COUNT = 100_000_000

#: How the dealt hands are described in a summary.
DEALT = "hands dealt by the practice trainer (after its six warm-up hands)"


def dealt_stats(count: int, seed: int = 0, rules: RuleSet = WILLINGDON,
                progress: Callable[[int], None] | None = None) -> HandStats:
    """:func:`tally` over the trainer's random hands: :func:`mjscore.willingdon.deal.dealer` after the ramp.

    ``progress``: as for :func:`random_stats`.
    """
    from .deal import RAMP, dealer

    check_count("the number of hands", count)
    hands = iter(islice(dealer(check_seed(seed)), len(RAMP), len(RAMP) + count))
    chunks = iter(lambda: list(islice(hands, CHUNK)), [])
    return _tally(chunks, rules, "dealt hands", f"{DEALT[:-1]}; seed {seed})", progress)


#: How often the progress line is given again, in seconds.
PROGRESS_EVERY = 0.2


class Progress:
    """How far a count has got, as a line a person reads, with its rate and the time left at that
    rate (``12,800 of 100,000 hands counted (12%), 48,000 hands/s, about 2 s left``), at most every
    :data:`PROGRESS_EVERY` seconds: the terminal's line and a notebook's both say it this way.

    >>> progress = Progress(1000, clock=iter([0.0, 0.5, 0.6]).__next__)
    >>> progress.line(256)
    '256 of 1,000 hands counted (25%), 512 hands/s, about 1 s left'
    >>> progress.line(300) is None  # asked again within PROGRESS_EVERY seconds
    True
    """

    def __init__(self, total: int, *, clock=time.monotonic) -> None:
        self.total, self.clock = total, clock
        self.started = clock()
        self.said_at = float("-inf")  # when a line was last given

    def line(self, done: int) -> str | None:
        """The line for ``done`` hands counted, or None when one was given just now."""
        now = self.clock()
        if now - self.said_at < PROGRESS_EVERY:
            return None
        self.said_at = now
        share = 100 * done // self.total if self.total else 100
        text = f"{done:,} of {self.total:,} hands counted ({share}%)"
        if done and now > self.started:
            rate = done / (now - self.started)
            text += f", {rate:,.0f} hands/s, about {_duration((self.total - done) / rate)} left"
        return text


def _duration(seconds: float) -> str:
    """A time left as a person says it: "1 s", "45 s", "3 min 20 s", "2 h 5 min"."""
    whole = max(1, round(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"
