"""Tables and charts of :mod:`mjscore.willingdon.stats`: how rare a good Willingdon hand is.

Every figure here is drawn from the counts in a :class:`~mjscore.willingdon.stats.HandStats`; nothing is
scored or worked out again. Several counts can be shown side by side (random hands against the
trainer's dealt hands): pass them in the order you want them, each with its ``label``.

- :func:`summary_table` one row per count: hands, the share paid, the typical figures.
- :func:`rarity_table` "1 hand in N": at least so many doubles, or at least such a score.
- :func:`doubles_table` / :func:`doubles_chart` the share of hands with 0, 1, 2, ... doubles.
- :func:`score_chart` the scores of the hands that pay, on a log scale.
- :func:`minimum_table` / :func:`minimum_chart` the share of hands paid if the minimum were
  0, 1, ... 6 doubles.
- :func:`lines_table` / :func:`lines_chart` which lines of the rule table bring the doubles.
- :class:`ProgressShown` how far a long count has got, under the cell that counts.

Every table is a plain ``DataFrame`` with rounded figures in a fixed order, and every chart
draws on the ``ax`` given (or a new figure's) and returns it, so a notebook's stored output is
the same on every run.

>>> from mjscore.willingdon.stats import random_stats
>>> st = random_stats(500, seed=2)
>>> int(summary_table(st).loc["random hands", "hands"])
500
>>> ax = doubles_chart(st)
>>> ax.get_xlabel()
'doubles'
"""

from __future__ import annotations

import html
import math
import textwrap
import time
from typing import Iterable, Sequence

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FixedLocator, FuncFormatter, PercentFormatter

from IPython.display import HTML, display

from ...willingdon.stats import HandStats, Progress
from .._matplotlib_labels import FreeLabels
from .._label_geometry import offsets
from .._style import MUTED_FALLBACK, SERIES, SHADE_FALLBACK, ZERO
from ..tiles import ViewError

_COLOURS = tuple(s.colour for s in SERIES)
_HATCHES = ("", "//", "..", "xx", "\\\\")
_ZERO = ZERO.colour
_SHADE = SHADE_FALLBACK
#: Where a value goes beside its point: above first, then around it, near.
_VALUE_SPOTS = offsets(angles=(90, 45, 135, -90, -45, -135, 0, 180), radii=(6, 12, 20))


def _shares_of_hands(ax, xlabel: str, ylabel: str, title: str) -> None:
    """The frame of a chart of shares of hands: a percent scale, its words, a grid and the legend."""
    ax.yaxis.set_major_formatter(PercentFormatter(decimals=0))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, axis="y", color="#e6e1d3")
    ax.legend(loc="upper right", fontsize=10, framealpha=1)


def _percents(values) -> str:
    """``(label, percentage)`` pairs in words for a screen reader: "0: 12.5%, 1: 30.0%"."""
    return ", ".join(f"{d}: {v:.1f}%" for d, v in values)


def _axes(ax: Axes | None, size=(6.8, 4.4)) -> Axes:
    if ax is not None:
        return ax
    return Figure(figsize=size, dpi=100).add_subplot()


def _all(stats: Sequence[HandStats]) -> list[HandStats]:
    out = list(stats)
    if not out:
        raise ViewError("give at least one HandStats (from mjscore.willingdon.stats)")
    for s in out:
        if not isinstance(s, HandStats):
            raise ViewError(f"expected HandStats from mjscore.willingdon.stats, not {type(s).__name__}")
        if not s.count:
            raise ViewError(f"no hands were counted in {s.label!r}")
    labels = [s.label for s in out]
    if len(set(labels)) != len(labels):
        raise ViewError(f"two counts have the same label: {labels}")
    return out


def _percent(n: int, total: int) -> float:
    """``n`` as a percentage of ``total``, to two places (0 when there is no total)."""
    return round(100 * n / total, 2) if total else 0.0


# --------------------------------------------------------------------------- tables


def summary_table(*stats: HandStats) -> pd.DataFrame:
    """One row per count: how many hands, the share paid, and the typical figures.

    >>> from mjscore.willingdon.stats import random_stats
    >>> summary_table(random_stats(200, seed=1)).columns.tolist()[:3]
    ['hands', 'paid (%)', 'mean doubles']
    """
    rows = {}
    for s in _all(stats):
        paid = s.paid
        rows[s.label] = {
            "hands": s.count,
            "paid (%)": _percent(paid, s.count),
            "mean doubles": round(s.mean("doubles"), 2),
            "median hand points": s.quantile(0.5, "hand_points"),
            "median paid score": s.quantile(0.5, paid_only=True) if paid else 0,
            "1 in 100 paid hands scores over": s.quantile(0.99, paid_only=True) if paid else 0,
            "best score": max(s.score_counts()),
        }
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame.index.name = "hands counted"
    return frame


def doubles_table(*stats: HandStats) -> pd.DataFrame:
    """The share of hands (%) with each number of doubles, one column per count.

    >>> from mjscore.willingdon.stats import tally
    >>> from mjscore.hands import parse
    >>> doubles_table(tally([parse("+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2")]))["hands"].tolist()
    [100.0]
    """
    all_stats = _all(stats)
    top = max(max(s.doubles_counts()) for s in all_stats)
    frame = pd.DataFrame({s.label: [_percent(s.doubles_counts().get(d, 0), s.count) for d in range(top + 1)]
                          for s in all_stats}, index=pd.RangeIndex(top + 1, name="doubles"))
    return frame


def minimum_table(*stats: HandStats, minimums: Iterable[int] = range(7)) -> pd.DataFrame:
    """The share of hands (%) that would be paid under each minimum-doubles setting."""
    all_stats = _all(stats)
    minimums = list(minimums)
    for m in minimums:
        if isinstance(m, bool) or not isinstance(m, int) or m < 0:
            raise ViewError(f"a minimum is a whole number of doubles, 0 or more, not {m!r}")
    frame = pd.DataFrame({s.label: [round(100 * s.paid_shares([m])[m], 2) for m in minimums]
                          for s in all_stats}, index=pd.Index(minimums, name="minimum doubles"))
    return frame


def rarity_table(*stats: HandStats, doubles: Iterable[int] = (3, 5, 8),
                 scores: Iterable[int] = (1_000, 10_000, 100_000, 1_000_000)) -> pd.DataFrame:
    """How rare a hand is: the share of hands with at least so many doubles, or such a score.

    One column for each count, each share written as a percentage and as "1 in N" (a dash when
    no hand got there).

    >>> from mjscore.willingdon.stats import random_stats
    >>> rarity_table(random_stats(1000, seed=4), doubles=[3], scores=[]).iloc[0, 0]
    '30.6% (1 in 3.3)'
    """
    all_stats = _all(stats)
    asks = [(f"{d} doubles or more" + (" (it pays)" if d == all_stats[0].minimum else ""), "doubles", d)
            for d in doubles]
    asks += [(f"a score of {v:,} or more", "score", v) for v in scores]

    def cell(s: HandStats, what: str, value: int) -> str:
        n = s.at_least(value, what)
        if not n:
            return "-"
        ratio = s.count / n
        return f"{100 * n / s.count:.{1 if n * 1000 >= s.count else 3}f}% (1 in {ratio:,.{1 if ratio < 10 else 0}f})"

    frame = pd.DataFrame({s.label: [cell(s, what, v) for _, what, v in asks] for s in all_stats},
                         index=pd.Index([label for label, _, _ in asks], name="a hand with"))
    return frame


def lines_table(stats: HandStats, *, kind: str = "doubles", top: int | None = None) -> pd.DataFrame:
    """The rule table's lines with how often each fired and what it brought.

    ``kind`` ``"doubles"`` (the default) or ``"points"``; lines that never fired are left out;
    the most rewarding first (by what they brought, then in the table's order), at most ``top``.
    Columns: the share of hands the line fired on; what it brought per 100 hands; its share of
    all the doubles (or points); and the same share among the hands that were paid.
    """
    (stats,) = _all([stats])
    if kind not in ("doubles", "points"):
        raise ViewError(f"kind is 'doubles' or 'points', not {kind!r}")
    lines = [(i, ln) for i, ln in enumerate(stats.lines) if ln.kind == kind and ln.hands]
    total = sum(ln.total for _, ln in lines) or 1
    paid_total = sum(ln.paid_total for _, ln in lines) or 1
    lines.sort(key=lambda item: (-item[1].total, item[0]))
    if top is not None:
        lines = lines[:top]
    word = "doubles" if kind == "doubles" else "points"
    frame = pd.DataFrame({
        "table": [ln.table for _, ln in lines],
        "fires on (% of hands)": [_percent(ln.hands, stats.count) for _, ln in lines],
        f"{word} per 100 hands": [round(100 * ln.total / stats.count, 2) for _, ln in lines],
        f"share of all {word} (%)": [_percent(ln.total, total) for _, ln in lines],
        "share in paid hands (%)": [_percent(ln.paid_total, paid_total) for _, ln in lines],
    }, index=pd.Index([ln.line for _, ln in lines], name="line"))
    return frame


# --------------------------------------------------------------------------- charts


def doubles_chart(*stats: HandStats, ax: Axes | None = None, most: int | None = None) -> Axes:
    """Bars of the share of hands with 0, 1, 2, ... doubles, one colour per count.

    The doubles under the minimum are shaded "pays 0". ``most``: the last number of doubles to
    show (the rest are folded into it as "or more")."""
    all_stats = _all(stats)
    ax = _axes(ax)
    table = doubles_table(*all_stats)
    top = len(table) - 1 if most is None else min(most, len(table) - 1)
    shown = table.iloc[:top + 1].copy()
    if top < len(table) - 1:
        shown.iloc[top] = table.iloc[top:].sum()
    n = len(all_stats)
    width = 0.8 / n
    for i, s in enumerate(all_stats):
        xs = [d - 0.4 + width * (i + 0.5) for d in shown.index]
        ax.bar(xs, shown[s.label].tolist(), width=width, color=_COLOURS[i % len(_COLOURS)], label=s.label,
               hatch=_HATCHES[i % len(_HATCHES)], edgecolor="white")
    minimum = all_stats[0].minimum
    peak = float(shown.max().max())
    if minimum > 0:
        ax.axvspan(-0.5, minimum - 0.5, color=_SHADE, zorder=0)
        FreeLabels.of(ax).corner(f"under {minimum} doubles:\npays 0", corners=("upper left",), color=MUTED_FALLBACK,
                                 bbox=dict(boxstyle="round,pad=0.25", facecolor=_SHADE, edgecolor="none"))
    labels = [str(d) for d in shown.index]
    if top < len(table) - 1:
        labels[-1] += "+"
    ax.set_xticks(list(shown.index))
    ax.set_xticklabels(labels)
    ax.set_xlim(-0.5, top + 0.5)
    ax.set_ylim(0, peak * 1.3)  # room over the bars for the words
    _shares_of_hands(ax, "doubles", "share of hands", "How many doubles a hand has")
    ax.mjs_alt = (f"Bar chart: the share of hands with each number of doubles (0 to {labels[-1]}), "
                  f"under {minimum} doubles shaded as paying 0. "
                  + " ".join(f"{s.label}: " + _percents(zip(labels, shown[s.label].tolist())) + "." for s in all_stats))
    return ax


def _money(v: float, _pos=None) -> str:
    return f"{v:,.0f}"


def score_chart(*stats: HandStats, ax: Axes | None = None) -> Axes:
    """Bars of the scores of the hands that pay, on a scale where one step is one double.

    Each bar covers scores from 2^k to 2^(k+1), as the share of *all* hands counted, so the bars
    of a count add up to its share paid; the hands that pay 0 are written on the chart."""
    all_stats = _all(stats)
    ax = _axes(ax)
    low = high = None
    for s in all_stats:
        paid = [v for v, n in s.score_counts().items() if v > 0]
        if paid:
            low = min(low or paid[0], paid[0])
            high = max(high or paid[-1], paid[-1])
    if low is None:
        raise ViewError("no hand in these counts was paid: there is no score to draw")
    k0, k1 = int(math.log2(low)), int(math.log2(high)) + 1
    edges = [2 ** k for k in range(k0, k1 + 1)]
    n = len(all_stats)
    keys: list[Patch] = []
    for i, s in enumerate(all_stats):
        bins = [0] * (len(edges) - 1)
        for v, c in s.score_counts().items():
            if v > 0:
                bins[int(math.log2(v)) - k0] += c
        shares = [100 * c / s.count for c in bins]
        colour = _COLOURS[i % len(_COLOURS)]
        # bars side by side inside each doubling of the score, drawn in log space
        for j, share in enumerate(shares):
            if share:
                left = edges[j] * 2 ** (i / n)
                ax.bar(left, share, width=left * (2 ** (1 / n) - 1) * 0.9, align="edge", color=colour,
                       hatch=_HATCHES[i % len(_HATCHES)], edgecolor="white")
        keys.append(Patch(facecolor=colour, hatch=_HATCHES[i % len(_HATCHES)], edgecolor="white", label=f"{s.label} ({100 * (s.count - s.paid) / s.count:.1f}% of them pay 0)"))

    ax.set_xscale("log", base=2)
    step = max(2, math.ceil((k1 - k0) / 6))  # at most about seven numbers: room for each
    ticks = [e for e in edges if math.log2(e) % step == 0] or edges
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_minor_locator(FixedLocator([]))
    ax.xaxis.set_major_formatter(FuncFormatter(_money))
    ax.set_xlim(edges[0], edges[-1])
    ax.yaxis.set_major_formatter(PercentFormatter(decimals=1))
    ax.set_xlabel("score of a paid hand (log scale: each step right is one more double)")
    ax.set_ylabel("share of all hands")
    ax.set_title("What the hands that pay are worth")
    ax.grid(True, axis="y", color="#e6e1d3")
    ax.legend(handles=keys, loc="upper right", fontsize=10, framealpha=1)
    ax.mjs_alt = ("Bar chart of the scores of the hands that pay, on a scale where each step right is one more "
                  "double, as shares of all hands counted. " + " ".join(
                      f"{s.label}: {100 * s.paid / s.count:.1f}% pay, median paid score "
                      f"{s.quantile(0.5, paid_only=True):,}, best {max(s.score_counts()):,}." for s in all_stats if s.paid))
    return ax


def minimum_chart(*stats: HandStats, minimums: Iterable[int] = range(7), ax: Axes | None = None) -> Axes:
    """The share of hands paid under each minimum-doubles setting, one line per count.

    The rule set's own minimum is marked."""
    all_stats = _all(stats)
    ax = _axes(ax)
    table = minimum_table(*all_stats, minimums=minimums)
    xs = list(table.index)
    labels, said = FreeLabels.of(ax), set()
    minimum = all_stats[0].minimum
    if minimum in xs:
        ax.axvline(minimum, color=_ZERO, linestyle="--", linewidth=1)
        labels.near(f"{all_stats[0].rules.name}: {minimum}", (minimum, 0), color=MUTED_FALLBACK,
                    spots=[(4, 7), (-4, 7), (4, 30), (-4, 30)], leader=False)
    for i, s in enumerate(all_stats):
        ys = table[s.label].tolist()
        colour = _COLOURS[i % len(_COLOURS)]
        ax.plot(xs, ys, marker=SERIES[i % len(SERIES)].marker, linestyle=SERIES[i % len(SERIES)].linestyle,
                color=colour, linewidth=2, label=s.label)
        for x, y in zip(xs, ys):
            text = f"{y:.0f}%" if y >= 10 else f"{y:.1f}%"
            if (x, text) not in said:  # two lines at one point (100% at 0): one label says it for both
                said.add((x, text))
                labels.near(text, (x, y), edge=colour, spots=_VALUE_SPOTS)
    ax.set_xticks(xs)
    ax.set_ylim(0, 112)
    _shares_of_hands(ax, "minimum doubles for a hand to pay", "share of hands paid", "How many hands pay, by the minimum")
    ax.mjs_alt = (f"Line chart: the share of hands paid under each minimum from {xs[0]} to {xs[-1]} doubles; "
                  f"{all_stats[0].rules.name}'s own minimum, {minimum}, marked. "
                  + " ".join(f"{s.label}: " + _percents(zip(xs, table[s.label].tolist())) + "." for s in all_stats))
    return ax


def lines_chart(stats: HandStats, *, top: int = 12, ax: Axes | None = None) -> Axes:
    """Horizontal bars of the doubles each line of the rule book brings per 100 hands, the most first.

    The dark part of a bar was brought in hands that were paid, the light part in hands that
    paid 0."""
    (stats,) = _all([stats])
    ax = _axes(ax, size=(6.8, 5.6))
    lines = [(i, ln) for i, ln in enumerate(stats.lines) if ln.kind == "doubles" and ln.total]
    lines.sort(key=lambda item: (-item[1].total, item[0]))
    lines = lines[:top][::-1]
    if not lines:
        raise ViewError("no doubles line fired in these hands")
    names = [ln.line for _, ln in lines]
    paid = [100 * ln.paid_total / stats.count for _, ln in lines]
    unpaid = [100 * (ln.total - ln.paid_total) / stats.count for _, ln in lines]
    ys = list(range(len(lines)))
    ax.barh(ys, paid, color=_COLOURS[0], label="in hands that were paid")
    ax.barh(ys, unpaid, left=paid, color="#b9c7e0", hatch="//", edgecolor="white",
            label=f"in hands under {stats.minimum} doubles (paid 0)")
    ax.set_yticks(ys)
    ax.set_yticklabels([textwrap.fill(n, 30) for n in names], fontsize=10)  # long names on two lines
    ax.set_xlabel("doubles brought, per 100 hands")
    ax.set_title(f"Which lines bring the doubles ({stats.label})")
    ax.grid(True, axis="x", color="#e6e1d3")
    ax.legend(loc="lower right", fontsize=10, framealpha=1)
    ax.mjs_alt = (f"Horizontal bar chart: the doubles each line of the rule table brings per 100 hands "
                  f"({stats.label}), the most first; the solid part in hands that were paid, the hatched part "
                  f"in hands that paid 0. " + "; ".join(f"{n}: {p + u:.1f} ({p:.1f} in paid hands)"
                                                        for n, p, u in list(zip(names, paid, unpaid))[::-1]) + ".")
    return ax


class ProgressShown:
    """How far a count has got, shown under the notebook cell that counts, as ``mjscore stats``
    shows it at a terminal: a bar, the hands counted, the rate and the time left. It goes when the
    count is done, so the cell keeps only its result (and a stored notebook is the same on every
    run). Give it as the count's ``progress``::

        with ProgressShown(200_000) as progress:
            more = random_stats(200_000, seed=1, progress=progress)
    """

    def __init__(self, total: int, *, clock=time.monotonic) -> None:
        self.total, self.clock = total, clock
        self.progress: Progress | None = None
        self.handle = None

    def __enter__(self) -> "ProgressShown":
        self.progress = Progress(self.total, clock=self.clock)
        self.handle = display(HTML(""), display_id=True)
        return self

    def __call__(self, done: int) -> None:
        """Show how far the count has got (``done`` hands), unless it was shown just now."""
        text = self.progress.line(done) if self.progress else None
        if text is not None and self.handle is not None:
            self.handle.update(HTML(f'<div><progress value="{done}" max="{self.total}"></progress> '
                                    f"{html.escape(text)}</div>"))

    def __exit__(self, *exc) -> None:
        if self.handle is not None:
            self.handle.update(HTML(""))


__all__ = ["ProgressShown", "doubles_chart", "doubles_table", "lines_chart", "lines_table", "minimum_chart", "minimum_table",
           "rarity_table", "score_chart", "summary_table"]
