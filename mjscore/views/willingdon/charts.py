"""matplotlib charts of Willingdon's arithmetic: hand points × 2^doubles, and the minimum.

- :func:`compound_chart` one line per hand (its points doubled again and again), each hand
  marked where it stands, the region under the rule set's minimum shaded "pays 0".
- :func:`halving_chart` one hand's score with each double missed: every step halves it, and
  under the minimum the bar is the paper total only (it pays 0).
- :func:`doubles_figure` a stand-alone :class:`~matplotlib.figure.Figure` (no pyplot, so it
  never pops up by itself) for the doubles app.

Each chart draws on the ``ax`` given, or on a new figure's, and returns the axes. The
figures come from :func:`mjscore.willingdon.play.paper_and_score` (the engine's arithmetic); a hand
given as a :class:`~mjscore.willingdon.Score` is drawn from its own figures.

>>> from mjscore import parse, score
>>> s = score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W"))
>>> ax = compound_chart([("54 points, 5 doubles", s.hand_points, s.doubles)])
>>> ax.get_xlabel()
'doubles'
>>> [t.get_text() for t in ax.texts][:2]
['54 × 32 = 1,728', 'under 3 doubles\\npays 0']
"""

from __future__ import annotations

from typing import Iterable, Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, FuncFormatter

from ...willingdon.play import paper_and_score
from ...willingdon.scoring import WILLINGDON, RuleSet
from ..tiles import ViewError

_PAYS = "#1b4c99"
_ZERO = "#a0998a"
_COLOURS = ("#1b4c99", "#17703a", "#a81e1a", "#5b2a86", "#d9730d")


def _axes(ax: Axes | None, size=(8, 4.5)) -> Axes:
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


def _shade_minimum(ax: Axes, rules: RuleSet, top: float) -> None:
    m = rules.minimum_doubles
    if m <= 0:
        return
    ax.axvspan(-0.5, m - 0.5, color="#f3efe4", zorder=0)
    ax.text(-0.3, top, f"under {m} doubles\npays 0", va="top", ha="left", fontsize=9, color="#6b6452")


def compound_chart(hands: Iterable[tuple[str, int, int]], *, rules: RuleSet = WILLINGDON,
                   max_doubles: int | None = None, ax: Axes | None = None) -> Axes:
    """Each hand ``(label, hand points, doubles)`` as a line of points × 2^d for d = 0, 1, 2, ...,
    with a marker at its own doubles. Dashed where the paper total pays nothing."""
    hands = list(hands)
    if not hands:
        raise ViewError("compound_chart needs at least one hand (label, hand points, doubles)")
    ax = _axes(ax)
    top_d = max_doubles if max_doubles is not None else max(max(d for _, _, d in hands) + 1,
                                                              rules.minimum_doubles + 1)
    xs = list(range(top_d + 1))
    top = max(paper_and_score(p, top_d, rules)[0] for _, p, _ in hands)
    texts = []
    for i, (label, points, doubles) in enumerate(hands):
        colour = _COLOURS[i % len(_COLOURS)]
        papers = [paper_and_score(points, d, rules)[0] for d in xs]
        low = [d for d in xs if d <= rules.minimum_doubles]
        high = [d for d in xs if d >= rules.minimum_doubles]
        ax.plot(low, [papers[d] for d in low], linestyle=":", color=colour, linewidth=1.5)
        ax.plot(high, [papers[d] for d in high], linestyle="-", color=colour, linewidth=2, label=label)
        paper, paid = paper_and_score(points, doubles, rules)
        filled = paid > 0 or paper == 0
        ax.plot([doubles], [max(paper, 1)], marker="o", markersize=9, color=colour,
                markerfacecolor=colour if filled else "white", markeredgewidth=2, linestyle="none")
        text = f"{points:,} × {2 ** doubles:,} = {paper:,}" if paid or not paper else \
            f"{points:,} × {2 ** doubles:,} = {paper:,}, pays 0"
        texts.append((doubles, max(paper, 1), text, colour))
    for doubles, y, text, colour in texts:
        right = doubles > top_d * 0.6
        ax.annotate(text, (doubles, y), xytext=(-10, 8) if right else (10, -4), textcoords="offset points",
                    fontsize=9, color=colour, ha="right" if right else "left", va="bottom" if right else "top",
                    bbox=dict(boxstyle="round,pad=0.2", facecolor="white", edgecolor="none", alpha=0.85))
    _shade_minimum(ax, rules, top * 2)
    _log2_axis(ax, top)
    ax.set_xlim(-0.5, top_d + 0.5)
    ax.set_ylim(8, top * 4)
    ax.set_xticks(xs)
    ax.set_xlabel("doubles")
    ax.set_ylabel("hand points × 2^doubles")
    ax.set_title(f"Each double doubles the score ({rules.name}: {rules.minimum_doubles} doubles or it pays 0)")
    ax.grid(True, axis="y", color="#e6e1d3")
    ax.legend(loc="lower right", fontsize=9)
    return ax


def halving_chart(hand_points: int, doubles: int, *, rules: RuleSet = WILLINGDON,
                  ax: Axes | None = None) -> Axes:
    """One hand's score with 0, 1, 2, ... of its doubles missed: each bar half the one before;
    bars under the minimum are grey (the paper total; the hand pays 0).

    >>> ax = halving_chart(54, 5)
    >>> [t.get_text() for t in ax.texts]
    ['1,728', '864', '432', '0 (216)', '0 (108)', '0 (54)']
    """
    ax = _axes(ax, size=(8, 3.6))
    ds = list(range(doubles, -1, -1))
    labels, heights, colours, notes = [], [], [], []
    for missed, d in enumerate(ds):
        paper, paid = paper_and_score(hand_points, d, rules)
        word = "double" if d == 1 else "doubles"
        labels.append(f"{d} {word}" if missed == 0 else f"miss {missed}\n({d} {word})")
        heights.append(paper)
        colours.append(_PAYS if paid else _ZERO)
        notes.append(f"{paid:,}" if paid else f"0 ({paper:,})")
    bars = ax.bar(range(len(ds)), heights, color=colours)
    for bar, note in zip(bars, notes):
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), note, ha="center", va="bottom", fontsize=9)
    ax.set_xticks(range(len(ds)), labels, fontsize=8)
    ax.set_ylabel("score")
    ax.yaxis.set_major_formatter(FuncFormatter(_money))
    ax.set_ylim(0, max(heights) * 1.15 if heights and max(heights) else 1)
    ax.set_title(f"{hand_points} hand points: each missed double halves the score "
                 f"(grey: under {rules.minimum_doubles}, pays 0)")
    return ax


def doubles_figure(hand_points: int, doubles: int, *, rules: RuleSet = WILLINGDON,
                   compare: Sequence[tuple[str, int, int]] = ()) -> Figure:
    """The doubles app's chart as a stand-alone figure: this hand's line and marker, plus any
    ``compare`` hands drawn the same way."""
    fig = Figure(figsize=(8, 4.5), dpi=100)
    ax = fig.add_subplot()
    # A compared hand with the very same figures would hide under yours: leave it out.
    compare = [c for c in compare if (c[1], c[2]) != (hand_points, doubles)]
    top = max([doubles, 13] + [d for _, _, d in compare])
    compound_chart([(f"your hand: {hand_points} points", hand_points, doubles), *compare],
                   rules=rules, max_doubles=top, ax=ax)
    fig.tight_layout()
    return fig


__all__ = ["compound_chart", "doubles_figure", "halving_chart"]
