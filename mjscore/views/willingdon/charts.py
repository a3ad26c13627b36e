"""matplotlib charts of Willingdon's arithmetic: hand points × 2^doubles, and the minimum.

- :func:`compound_chart` one line per hand (its points doubled again and again), each hand
  marked where it stands, the region under the rule set's minimum shaded "pays 0".
- :func:`halving_chart` one hand's score with each double missed: every step halves it, and
  under the minimum the bar is the paper total only (it pays 0).
- :func:`doubles_figure` a stand-alone :class:`~matplotlib.figure.Figure` (no pyplot, so it
  never pops up by itself) of the doubles app's chart, for a printed page.
- :func:`doubles_svg` the doubles app's live chart as our own SVG string (a few milliseconds a
  redraw, where a matplotlib PNG takes hundreds), with its alternative text.
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
>>> [t.get_text() for t in ax.texts][:2]
['54 × 32 = 1,728', 'under 3 doubles\\npays 0']
"""

from __future__ import annotations

from html import escape
from math import log2
from typing import Iterable, Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, FuncFormatter

from ...willingdon.play import paper_and_score
from ...willingdon.scoring import WILLINGDON, RuleSet
from .._style import FONT_FAMILY, MUTED, SERIES, SHADE, TEXT, ZERO, count, series
from ..tiles import ViewError

_PAYS = SERIES[0].colour
_ZERO = ZERO.colour
_COLOURS = tuple(s.colour for s in SERIES)


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
    ax.set_title(minimum_title(rules))
    ax.grid(True, axis="y", color="#dddddd")
    ax.legend(loc="lower right", fontsize=9)
    ax.mjs_alt = _compound_alt(hands, rules)
    return ax


def _compound_alt(hands, rules: RuleSet) -> str:
    parts = []
    for label, points, doubles in hands:
        paper, paid = paper_and_score(points, doubles, rules)
        parts.append(f"{label}: {count(points)} × 2^{doubles} = {count(paper)}, "
                     + (f"pays {count(paid)}" if paid or not paper else "pays 0"))
    return (f"Line chart of hand points × 2^doubles against doubles, on a scale that doubles at each "
            f"step, so each hand is a straight line. Under {rules.minimum_doubles} doubles (shaded) a "
            f"hand pays 0. " + "; ".join(parts) + ".")


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
    hatches = ["" if c == _PAYS else "//" for c in colours]
    bars = ax.bar(range(len(ds)), heights, color=colours, hatch=hatches, edgecolor="white")
    for bar, note in zip(bars, notes):
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), note, ha="center", va="bottom", fontsize=9)
    ax.set_xticks(range(len(ds)), labels, fontsize=8)
    ax.set_ylabel("score")
    ax.yaxis.set_major_formatter(FuncFormatter(_money))
    ax.set_ylim(0, max(heights) * 1.15 if heights and max(heights) else 1)
    ax.set_title(f"{hand_points} hand points: each missed double halves the score "
                 f"(grey, hatched: under {rules.minimum_doubles}, pays 0)")
    ax.mjs_alt = (f"Bar chart: {hand_points} hand points with {doubles} doubles and with each double "
                  f"missed in turn. Each bar is half the one before: " + ", ".join(notes)
                  + f". Under {rules.minimum_doubles} doubles the bar is grey and hatched: the hand pays 0, "
                  f"its paper total is in brackets.")
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


def chart_caption(alt: str) -> str:
    """HTML for under a static chart: what it shows, in words (its alternative text)."""
    return (f'<p class="mjs-chart-alt" style="font-size:0.9em;color:{MUTED};margin:0.2em 0 0.8em;max-width:60em">'
            f'<b>What the chart shows:</b> {escape(alt)}</p>')


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


# --------------------------------------------------------------------------- the live SVG chart
_W, _H = 760, 400
_LEFT, _RIGHT, _TOP, _BOTTOM = 78, 16, 40, 52


def doubles_svg(hand_points: int, doubles: int, *, rules: RuleSet = WILLINGDON, base: RuleSet | None = None,
                compare: Sequence[tuple[str, int, int]] = ()) -> tuple[str, str]:
    """The doubles app's chart as an SVG string, and its alternative text: one line per hand of
    points × 2^d (dotted under the minimum, in the shaded band), a marker at the hand's own
    doubles (hollow when it pays 0). Your hand is drawn last, on top of the compared ones, each
    with its own colour, marker and dash. ``base``: the rule set before its minimum was moved.

    >>> svg, alt = doubles_svg(54, 5, compare=[("58 points, 12 doubles", 58, 12)])
    >>> svg.startswith("<svg") and 'role="img"' in svg and "1,728" in alt
    True
    """
    compare = [c for c in compare if (c[1], c[2]) != (hand_points, doubles)]
    hands = [*compare, (f"your hand: {hand_points} points", hand_points, doubles)]
    top_d = max([doubles, 13] + [d for _, _, d in compare])
    m = rules.minimum_doubles
    top = max(max(p, 1) * 2 ** top_d for _, p, _ in hands)
    y_hi = log2(top) + 2
    y_lo = 3.0
    pw, ph = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM

    def x(d: float) -> float:
        return _LEFT + (d + 0.5) / (top_d + 1) * pw

    def y(v: float) -> float:
        return _TOP + (y_hi - log2(max(v, 1))) / (y_hi - y_lo) * ph

    text = f'fill="{TEXT}" font-family="{FONT_FAMILY}"'
    out = [f'<rect x="{_LEFT}" y="{_TOP}" width="{pw}" height="{ph}" fill="none" stroke="{MUTED}" '
           f'stroke-width="1"/>']
    if m > 0:
        band = x(min(m, top_d + 1) - 0.5) - _LEFT
        out.append(f'<rect class="mjs-chart-minimum" x="{_LEFT}" y="{_TOP}" width="{band:.1f}" height="{ph}" '
                   f'fill="{SHADE}"/>')
        out.append(f'<text x="{_LEFT + 6}" y="{_TOP + 18}" font-size="13" fill="{MUTED}" '
                   f'font-family="{FONT_FAMILY}">under {m}: pays 0</text>')
    t = 1
    while t <= 2 ** y_hi:
        if t >= 2 ** y_lo:
            yy = y(t)
            out.append(f'<line x1="{_LEFT}" x2="{_LEFT + pw}" y1="{yy:.1f}" y2="{yy:.1f}" stroke="{MUTED}" '
                       f'stroke-opacity="0.25"/>'
                       f'<text x="{_LEFT - 6}" y="{yy + 4:.1f}" font-size="12" text-anchor="end" {text}>'
                       f'{count(t)}</text>')
        t *= 4
    for d in range(top_d + 1):
        out.append(f'<text x="{x(d):.1f}" y="{_TOP + ph + 18}" font-size="12" text-anchor="middle" {text}>{d}</text>')
    out.append(f'<text x="{_LEFT + pw / 2}" y="{_H - 10}" font-size="13" text-anchor="middle" {text}>doubles</text>')
    out.append(f'<text x="14" y="{_TOP + ph / 2}" font-size="13" text-anchor="middle" {text} '
               f'transform="rotate(-90 14 {_TOP + ph / 2})">hand points × 2^doubles</text>')
    out.append(f'<text x="{_LEFT}" y="22" font-size="15" font-weight="bold" {text}>'
               f'{escape(minimum_title(rules, base))}</text>')
    legend = []
    n = len(hands)
    for k, (label, points, d_own) in enumerate(hands):
        i = n - 1 - k  # your hand is series 0: the strongest colour, drawn last
        look = series(i)
        colour = look.css(i)
        pts = [(x(d), y(max(points, 1) * 2 ** d)) for d in range(top_d + 1)]
        low = " ".join(f"{a:.1f},{b:.1f}" for a, b in pts[:m + 1])
        high = " ".join(f"{a:.1f},{b:.1f}" for a, b in pts[m:])
        width = 3.5 if i == 0 else 2.2
        if m > 0:
            out.append(f'<polyline points="{low}" fill="none" stroke="{colour}" stroke-width="1.6" '
                       f'stroke-dasharray="2 4"/>')
        dash = f' stroke-dasharray="{look.dash}"' if look.dash else ""
        out.append(f'<polyline class="mjs-chart-line-{i}" points="{high}" fill="none" stroke="{colour}" '
                   f'stroke-width="{width}"{dash}/>')
        paper, paid = paper_and_score(points, d_own, rules)
        filled = paid > 0 or paper == 0
        out.append(_marker(look.marker, x(d_own), y(paper), 8 if i == 0 else 6, colour, filled,
                           f"mjs-chart-hand-{i}"))
        # the figures beside the marker, in the text colour: a series colour is dark enough for a
        # line (3:1) on either theme, but not for text (4.5:1) on the dark one
        note = f"{count(points)} × {count(2 ** d_own)} = {count(paper)}" + ("" if filled else ", pays 0")
        right = d_own > top_d * 0.55
        tx = x(d_own) + (-12 if right else 12)
        ty = y(paper) + (-10 if i == 0 else 18)
        out.append(f'<text class="mjs-chart-note-{i}" x="{tx:.1f}" y="{ty:.1f}" font-size="13" '
                   f'text-anchor="{"end" if right else "start"}" fill="{TEXT}" font-family="{FONT_FAMILY}" '
                   f'paint-order="stroke" stroke="var(--jp-layout-color0, #ffffff)" stroke-width="4" '
                   f'font-weight="{"bold" if i == 0 else "normal"}">{escape(note)}</text>')
        legend.append((i, label, look, colour))
    lx = (x(min(m, top_d + 1) - 0.5) if m > 0 else _LEFT) + 14
    for row, (i, label, look, colour) in enumerate(sorted(legend)):
        yy = _TOP + 18 + row * 18
        dash = f' stroke-dasharray="{look.dash}"' if look.dash else ""
        out.append(f'<line x1="{lx:.1f}" x2="{lx + 30:.1f}" y1="{yy}" y2="{yy}" stroke="{colour}" '
                   f'stroke-width="2.5"{dash}/>'
                   + _marker(look.marker, lx + 15, yy, 4.5, colour, True, "")
                   + f'<text x="{lx + 36:.1f}" y="{yy + 4}" font-size="13" {text}>{escape(label)}</text>')
    alt = _compound_alt([hands[-1], *hands[:-1]], rules)
    title = minimum_title(rules, base)
    svg = (f'<svg class="mjs-chart" role="img" aria-label="{escape(title)}. {escape(alt)}" '
           f'viewBox="0 0 {_W} {_H}" width="100%" style="max-width:{_W}px;height:auto;display:block" '
           f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title><desc>{escape(alt)}</desc>'
           f'{"".join(out)}</svg>')
    return svg, alt


def _marker(kind: str, cx: float, cy: float, r: float, colour: str, filled: bool, cls: str) -> str:
    fill = colour if filled else "var(--jp-layout-color0, #ffffff)"
    attrs = f'class="{cls}" fill="{fill}" stroke="{colour}" stroke-width="2.2"'
    if kind == "s":
        return f'<rect {attrs} x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}"/>'
    if kind in "^v":
        s = -1 if kind == "^" else 1
        return (f'<polygon {attrs} points="{cx:.1f},{cy + s * r:.1f} {cx - r:.1f},{cy - s * r * 0.8:.1f} '
                f'{cx + r:.1f},{cy - s * r * 0.8:.1f}"/>')
    if kind == "D":
        return f'<polygon {attrs} points="{cx:.1f},{cy - r:.1f} {cx + r:.1f},{cy:.1f} {cx:.1f},{cy + r:.1f} {cx - r:.1f},{cy:.1f}"/>'
    return f'<circle {attrs} cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}"/>'


__all__ = ["chart_caption", "compound_chart", "doubles_figure", "doubles_svg", "halving_chart", "minimum_title"]
