"""matplotlib charts of Willingdon's arithmetic: hand points × 2^doubles, and the minimum.

- :func:`compound_chart` one line per hand (its points doubled again and again), each hand
  marked where it stands, the region under the rule set's minimum shaded "pays 0".
- :func:`halving_chart` one hand's score with each double missed: every step halves it, and
  under the minimum the bar is the paper total only (it pays 0).
- :func:`doubles_figure` a stand-alone :class:`~matplotlib.figure.Figure` (no pyplot, so it
  never pops up by itself) of the doubles app's chart, for a printed page.
- :func:`near_lines` and :func:`compound_alt` the words these charts and the doubles app's live
  chart (:mod:`.live_chart`) share: what two near lines mean, and what the chart shows.
- :func:`chart_caption` what a static chart shows, in words, to print under it (JupyterLab gives
  a picture output no alternative text; each chart function leaves its own on ``ax.mjs_alt``).

Each chart draws on the ``ax`` given, or on a new figure's, and returns the axes. The
figures come from :func:`mjscore.willingdon.play.paper_and_score` (the engine's arithmetic); a hand
given as a :class:`~mjscore.willingdon.Score` is drawn from its own figures.

>>> from mjscore import parse, score
>>> s = score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W"))
>>> ax = compound_chart([("54 points, 5 doubles", s.hand_points, s.doubles)])
>>> ax.get_xlabel()
'doubles'
>>> [t.get_text() for t in ax.texts][:3]
['54 × 32 = 1,728', '54 points', 'under 3\\ndoubles:\\npays 0']
"""

from __future__ import annotations

import math
import textwrap
from html import escape
from math import log2
from typing import Iterable, Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, FuncFormatter

from ...willingdon.play import paper_and_score
from ...willingdon.scoring import WILLINGDON, RuleSet
from .._matplotlib_labels import FreeLabels
from .._label_geometry import offsets
from .._style import MUTED, MUTED_FALLBACK, SERIES, ZERO, count, series, styled
from ..tiles import ViewError

_PAYS = SERIES[0].colour
_ZERO = ZERO.colour
_COLOURS = tuple(s.colour for s in SERIES)
_BAND = "#f3efe4"  # the shade of "pays 0"
#: Where a hand's sum may go around its marker (points, y up), nearest first: the lines run up to
#: the right, so above-left and below-right are where they are not.
_NOTE_SPOTS = offsets(angles=(135, -45, 90, -90, 110, -70, -110, 70, 45, -135, 180, 0),
                      radii=(9, 18, 30, 46, 66, 90, 120))
#: The house style of the words under a chart (:func:`chart_caption`), by class.
RULES = {".mjs-chart-alt": f"font-size:0.9em;color:{MUTED};margin:0.2em 0 0.8em;max-width:60em"}


def _axes(ax: Axes | None, size=(6.8, 4.6)) -> Axes:
    if ax is not None:
        return ax
    return Figure(figsize=size, dpi=100).add_subplot()


def _money(v: float, _pos=None) -> str:
    return f"{v:,.0f}"


def _log2_axis(ax: Axes, top: float) -> None:
    ax.set_yscale("log", base=2)
    ticks, t = [], 1
    while t <= top * 4:
        ticks.append(t)
        t *= 4
    ax.yaxis.set_major_locator(FixedLocator(ticks))
    ax.yaxis.set_minor_locator(FixedLocator([]))
    ax.yaxis.set_major_formatter(FuncFormatter(_money))


def _shade_minimum(ax: Axes, rules: RuleSet) -> None:
    m = rules.minimum_doubles
    if m <= 0:
        return
    ax.axvspan(-0.5, m - 0.5, color=_BAND, zorder=0)
    FreeLabels.of(ax).corner(f"under {m}\ndoubles:\npays 0", corners=("upper left",), color=MUTED_FALLBACK,
                             bbox=dict(boxstyle="round,pad=0.25", facecolor=_BAND, edgecolor="none"))


def near_lines(hands: Sequence[tuple[str, int, int]]) -> list[str]:
    """What to say of two hands whose lines almost coincide: a few more points change little.

    Lines almost coincide when the hands' points are within a fifth of each other; then the
    doubles change everything.

    >>> near_lines([("a", 54, 5), ("b", 58, 12), ("c", 128, 2)])
    ['The 54- and 58-point lines almost coincide: 4 more points change little; the doubles change everything (5 doubles against 12).']
    """
    points = sorted({p for _, p, _ in hands})
    out = []
    for a, b in zip(points, points[1:]):
        if a > 0 and b <= a * 1.2:
            da = sorted({d for _, p, d in hands if p == a})
            db = sorted({d for _, p, d in hands if p == b})
            says = f"The {a:,}- and {b:,}-point lines almost coincide: {b - a:,} more points change little"
            if len(da) == len(db) == 1 and da != db:
                says += f"; the doubles change everything ({da[0]} doubles against {db[0]})"
            out.append(says + ".")
    return out


def compound_chart(hands: Iterable[tuple[str, int, int]], *, rules: RuleSet = WILLINGDON,
                   max_doubles: int | None = None, ax: Axes | None = None, legend: bool = False) -> Axes:
    """Each hand ``(label, hand points, doubles)`` as a line of points × 2^d for d = 0, 1, 2, ...

    A marker sits at the hand's own doubles. The line is dotted where the paper total pays
    nothing. Each line is labelled at its end with its points, each marker with its sum; lines
    that almost coincide are said to (:func:`near_lines`). ``legend``: a legend of the hands'
    labels as well."""
    hands = list(hands)
    if not hands:
        raise ViewError("compound_chart needs at least one hand (label, hand points, doubles)")
    ax = _axes(ax)
    labels = FreeLabels.of(ax)
    top_d = max_doubles if max_doubles is not None else max(max(d for _, _, d in hands) + 1,
                                                              rules.minimum_doubles + 1)
    xs = list(range(top_d + 1))
    top = max(paper_and_score(p, top_d, rules)[0] for _, p, _ in hands)
    ends = {}
    for i, (label, points, doubles) in enumerate(hands):
        look = series(i)
        colour = look.colour
        papers = [paper_and_score(points, d, rules)[0] for d in xs]
        low = [d for d in xs if d <= rules.minimum_doubles]
        high = [d for d in xs if d >= rules.minimum_doubles]
        z = 3 + (len(hands) - i)  # the first hand (yours) on top of the others
        ax.plot(low, [papers[d] for d in low], linestyle=":", color=colour, linewidth=1.5, zorder=z)
        ax.plot(high, [papers[d] for d in high], linestyle=look.linestyle, color=colour, linewidth=2.2,
                marker=look.marker, markersize=4, label=label, zorder=z)
        paper, paid = paper_and_score(points, doubles, rules)
        filled = paid > 0 or paper == 0
        ax.plot([doubles], [max(paper, 1)], marker=look.marker, markersize=10, color=colour, zorder=z + 10,
                markerfacecolor=colour if filled else "white", markeredgewidth=2, linestyle="none")
        text = f"{points:,} × {2 ** doubles:,} = {paper:,}" if paid or not paper else \
            f"{points:,} × {2 ** doubles:,} = {paper:,}, pays 0"
        labels.near(text, (doubles, max(paper, 1)), edge=colour, spots=_NOTE_SPOTS)
        ends.setdefault(points, (max(papers[-1], 1), colour))
    for points, (end, colour) in ends.items():
        labels.at_end(f"{points:,} points", (top_d, end), edge=colour)
    _shade_minimum(ax, rules)
    notes = near_lines(hands)
    if notes:
        labels.corner("\n".join(textwrap.fill(n, 38) for n in notes), corners=("lower right", "upper left"))
    _log2_axis(ax, top)
    ax.set_xlim(-0.5, top_d + 0.5)
    lowest = min(max(p, 1) for _, p, _ in hands)
    ax.set_ylim(min(8, 2 ** math.floor(log2(lowest) - 2.2)), top * 4)  # room under the lowest line's label
    ax.set_xticks(xs)
    ax.set_xlabel("doubles")
    ax.set_ylabel("hand points × 2^doubles")
    ax.set_title(minimum_title(rules))
    ax.grid(True, axis="y", color="#dddddd")
    if legend:  # under the chart, where no line goes
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2, fontsize=10, frameon=False)
    ax.mjs_alt = compound_alt(hands, rules)
    return ax


def compound_alt(hands, rules: RuleSet) -> str:
    """The words a screen reader says for :func:`compound_chart`: each hand's sum and what it pays."""
    parts = []
    for label, points, doubles in hands:
        paper, paid = paper_and_score(points, doubles, rules)
        parts.append(f"{label}: {count(points)} × 2^{doubles} = {count(paper)}, "
                     + (f"pays {count(paid)}" if paid or not paper else "pays 0"))
    return (f"Line chart of hand points × 2^doubles against doubles, on a scale that doubles at each "
            f"step, so each hand is a straight line. Under {rules.minimum_doubles} doubles (shaded) a "
            f"hand pays 0. " + "; ".join(parts) + "." + "".join(" " + n for n in near_lines(hands)))


def halving_chart(hand_points: int, doubles: int, *, rules: RuleSet = WILLINGDON,
                  ax: Axes | None = None) -> Axes:
    """One hand's score with 0, 1, 2, ... of its doubles missed, as bars: each half the one before.

    Bars under the minimum are grey: they show the paper total, and the hand pays 0.

    >>> ax = halving_chart(54, 5)
    >>> [t.get_text() for t in ax.texts]
    ['1,728', '864', '432', '0 (216)', '0 (108)', '0 (54)', 'grey, hatched: under 3 doubles, pays 0']
    """
    ax = _axes(ax, size=(6.8, 3.6))
    ds = list(range(doubles, -1, -1))
    labels, heights, colours, notes = [], [], [], []
    for missed, d in enumerate(ds):
        paper, paid = paper_and_score(hand_points, d, rules)
        word = "double" if d == 1 else "doubles"
        labels.append(f"{d} {word}" if missed == 0 else f"miss {missed}\n({d} {word})")
        heights.append(paper)
        colours.append(_PAYS if paid else _ZERO)
        notes.append(f"{paid:,}" if paid else f"0 ({paper:,})")
    hatches = ["" if c == _PAYS else "//" for c in colours]
    bars = ax.bar(range(len(ds)), heights, color=colours, hatch=hatches, edgecolor="white")
    for bar, note in zip(bars, notes):
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), note, ha="center", va="bottom", fontsize=10)
    ax.set_xticks(range(len(ds)), labels, fontsize=10)
    ax.set_ylabel("score")
    ax.yaxis.set_major_formatter(FuncFormatter(_money))
    ax.set_ylim(0, max(heights) * 1.15 if heights and max(heights) else 1)
    ax.set_title(f"{hand_points} hand points: each missed double halves the score")
    if any(c == _ZERO for c in colours):
        FreeLabels.of(ax).corner(f"grey, hatched: under {rules.minimum_doubles} doubles, pays 0",
                                 corners=("upper right", "upper left"))
    ax.mjs_alt = (f"Bar chart: {hand_points} hand points with {doubles} doubles and with each double "
                  f"missed in turn. Each bar is half the one before: " + ", ".join(notes)
                  + f". Under {rules.minimum_doubles} doubles the bar is grey and hatched: the hand pays 0, "
                  f"its paper total is in brackets.")
    return ax


def doubles_figure(hand_points: int, doubles: int, *, rules: RuleSet = WILLINGDON,
                   compare: Sequence[tuple[str, int, int]] = ()) -> Figure:
    """The doubles app's chart as a stand-alone figure.

    This hand's line and marker, plus any ``compare`` hands drawn the same way, with a key of the
    hands' names."""
    fig = Figure(figsize=(6.8, 4.6), dpi=100)
    ax = fig.add_subplot()
    # A compared hand with the very same figures would hide under yours: leave it out.
    compare = [c for c in compare if (c[1], c[2]) != (hand_points, doubles)]
    top = max([doubles, 13] + [d for _, _, d in compare])
    compound_chart([(f"your hand: {hand_points} points", hand_points, doubles), *compare],
                   rules=rules, max_doubles=top, ax=ax, legend=True)
    fig.tight_layout()
    return fig


def chart_caption(alt: str) -> str:
    """HTML for under a static chart: what it shows, in words (its alternative text)."""
    return styled(f'<p class="mjs-chart-alt"><b>What the chart shows:</b> {escape(alt)}</p>', RULES)


def minimum_title(rules: RuleSet, base: RuleSet | None = None) -> str:
    """The chart's title: the rule set's own minimum, or "with a minimum of N" once it is moved.

    >>> minimum_title(WILLINGDON)
    'Each double doubles the score (Willingdon: 3 doubles or it pays 0)'
    >>> minimum_title(WILLINGDON.with_settings(minimum_doubles=2), WILLINGDON)
    'Each double doubles the score (Willingdon with a minimum of 2 doubles)'
    """
    m = rules.minimum_doubles
    if base is not None and base.minimum_doubles != m:
        return f"Each double doubles the score ({rules.name} with a minimum of {m} double{'s' * (m != 1)})"
    return f"Each double doubles the score ({rules.name}: {m} doubles or it pays 0)"


__all__ = ["RULES", "chart_caption", "compound_alt", "compound_chart", "doubles_figure", "halving_chart",
           "minimum_title", "near_lines"]
