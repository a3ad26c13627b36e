"""The doubles app's live chart: our own SVG, light enough to draw again at every slider step
(a matplotlib picture is not; benchmarks/README.md has the figures), with its alternative text.

One line per hand of points × 2^d (dotted under the minimum, in the shaded band), a marker at the
hand's own doubles (hollow when it pays 0). Every label (each hand's figures, the key, the
band's name, what two near lines mean) is drawn after the lines, on a background of the page's
own colour (``--jp-layout-color0``, so in JupyterLab's dark theme too), where no line, marker or
other label is (:mod:`mjscore.views._label_geometry`); where there is no such room, its background hides
the line behind it.

CSS classes (for tests): ``mjs-chart-line-N`` the line of series N (0: your hand),
``mjs-chart-hand-N`` its marker, ``mjs-chart-label`` every label's background (with
``mjs-chart-note-N``, ``mjs-chart-key``, ``mjs-chart-band`` or ``mjs-chart-said``),
``mjs-chart-text`` every label's text, ``mjs-chart-leader`` the line from a label to its marker.

>>> svg, alt = doubles_svg(54, 5, compare=[("58 points, 12 doubles", 58, 12)])
>>> svg.startswith("<svg") and 'role="img"' in svg and "1,728" in alt
True
>>> "almost coincide" in svg and "almost coincide" in alt
True
"""

from __future__ import annotations

import textwrap
from math import log2
from typing import Sequence

from ...willingdon.play import paper_and_score
from ...willingdon.scoring import WILLINGDON, RuleSet
from .._label_geometry import Spot, box_cost, in_each_others_way, offsets, place_together, spot_options, text_width
from .._style import FONT_FAMILY, MUTED, SHADE, TEXT, count, series
from ..svg import add, drawing, points, svg_text
from .charts import compound_alt, minimum_title, near_lines

_W, _H = 760, 400
_LEFT, _RIGHT, _TOP, _BOTTOM = 78, 16, 40, 52
#: The page's own background: a label's background and halo, so that it hides the lines behind
#: it in JupyterLab's dark theme as in the light one.
_PAGE = "var(--jp-layout-color0, #ffffff)"
#: Text sizes (in the chart's own pixels; a notebook at 1,024 px shows the chart at about 0.78 of
#: them, JupyterLab's file browser open): labels and axis names, and the axes' numbers.
_SIZE, _TICK, _PAD = 14, 13, 3
#: Where a hand's figures may go around its marker, nearest first (pixels, y up): the lines run
#: up to the right, so above-left and below-right are where they are not.
_NOTE_SPOTS = offsets(angles=(135, -45, 90, -90, -100, -80, 100, 80, 45, -135, 180, 0),
                      radii=(10, 20, 34, 52, 76, 100, 130))


def _label_svg(parent, lines: Sequence[str], box, *, bold: bool = False, cls: str = "", edge: str | None = None,
               fill: str = _PAGE, colour: str = TEXT) -> None:
    """Text on an opaque background (``box``: left, top, right, bottom); each line of the text
    has a halo of the background's colour as well."""
    x0, y0, x1, y1 = box
    add(parent, "rect", class_="mjs-chart-label" + (" " + cls if cls else ""), x=x0, y=y0, width=x1 - x0,
        height=y1 - y0, rx=3, fill=fill, **({"stroke": edge, "stroke_width": 1} if edge else {}))
    for k, line in enumerate(lines):
        base = y0 + _PAD + (k + 0.5) * _SIZE * 1.25 + _SIZE * 0.36
        add(parent, "text", line, class_="mjs-chart-text", x=x0 + _PAD + 1, y=base, font_size=_SIZE,
            font_family=FONT_FAMILY, font_weight="bold" if bold else "normal", fill=colour, stroke=fill,
            stroke_width=4, paint_order="stroke")


def _label_size(lines: Sequence[str], bold: bool = False) -> tuple[float, float]:
    return (max(text_width(line, _SIZE, bold=bold) for line in lines) + 2 * _PAD + 2,
            len(lines) * _SIZE * 1.25 + 2 * _PAD)


def _fixed(boxes: Sequence[tuple], *, segments, dots, taken, inside) -> list[Spot]:
    """Places for a label that goes to one of a few set boxes, the first a little preferred."""
    return [Spot(box_cost(b, segments=segments, dots=dots, boxes=taken, inside=inside, margin=2) + 50 * k, k, b, None)
            for k, b in enumerate(boxes)]


def _place(notes, key_boxes, said_boxes, *, segments, dots, taken, inside):
    """Where the key, the words on near lines (if any) and each hand's figures go, together:
    every place of the key and of the words is tried (the first ones first), and with each, the
    hands' figures are placed around their markers (:func:`place_together`); the least bad wins.
    Most often the key and the words in their first places and each hand's figures in its own
    best spot touch nothing: that is found first, from a few spots a label."""
    def around(boxes, quick: bool) -> list:
        return [spot_options(px, py, *_label_size([note], bold=i == 0), _NOTE_SPOTS, segments=segments, dots=dots,
                             boxes=boxes, inside=inside, y_down=True, gap=r + 1, margin=3, best_only=quick)
                for i, note, (px, py), _, r in notes]

    key = min(_fixed(key_boxes, segments=segments, dots=dots, taken=taken, inside=inside))
    said = min(_fixed(said_boxes, segments=segments, dots=dots, taken=[*taken, key.box], inside=inside)) \
        if said_boxes else None
    first = [min(spots) for spots in around([*taken, key.box] + ([said.box] if said else []), quick=True)]
    if key.cost + (said.cost if said else 0) + sum(s.cost for s in first) < 1000 and not in_each_others_way(first, 3):
        return key, said, first
    options = around(taken, quick=False)
    best = None
    for key in _fixed(key_boxes, segments=segments, dots=dots, taken=taken, inside=inside):
        for said in (_fixed(said_boxes, segments=segments, dots=dots, taken=[*taken, key.box], inside=inside)
                     if said_boxes else [None]):
            base = key.cost + (said.cost if said else 0)
            if best is not None and base >= best[0]:
                continue
            chosen = place_together(options, margin=3, fixed=[key.box] + ([said.box] if said else []))
            total = base + sum(spot.cost for spot in chosen)
            if best is None or total < best[0]:
                best = (total, key, said, chosen)
            if total < 1000:  # nothing touches anything: no need to look further
                return best[1:]
    return best[1:]


def doubles_svg(hand_points: int, doubles: int, *, rules: RuleSet = WILLINGDON, base: RuleSet | None = None,
                compare: Sequence[tuple[str, int, int]] = ()) -> tuple[str, str]:
    """The doubles app's chart as an SVG string, and its alternative text (see the module's notes).

    Your hand is drawn last, on top of the compared ones (``(label, hand points, doubles)``),
    each with its own colour, marker and dash. ``base``: the rule set before its minimum was
    moved."""
    compare = [c for c in compare if (c[1], c[2]) != (hand_points, doubles)]
    hands = [*compare, (f"your hand: {hand_points} points", hand_points, doubles)]
    top_d = max([doubles, 13] + [d for _, _, d in compare])
    m = rules.minimum_doubles
    top = max(max(p, 1) * 2 ** top_d for _, p, _ in hands)
    y_hi = log2(top) + 2
    y_lo = 3.0
    ticks = [4 ** k for k in range(int(y_hi) // 2 + 1) if 2 ** y_lo <= 4 ** k <= 2 ** y_hi]
    # room for the widest number beside the axis, and for the axis's name beside that
    left = max(_LEFT, round(text_width(count(ticks[-1]), _TICK)) + 6 + 26)
    pw, ph = _W - left - _RIGHT, _H - _TOP - _BOTTOM

    def x(d: float) -> float:
        return left + (d + 0.5) / (top_d + 1) * pw

    def y(v: float) -> float:
        return _TOP + (y_hi - log2(max(v, 1))) / (y_hi - y_lo) * ph

    title = minimum_title(rules, base)
    alt = compound_alt([hands[-1], *hands[:-1]], rules)
    # as wide as the page allows, up to its own width (the class's style: CHART_CSS)
    chart = drawing("100%", None, viewBox=f"0 0 {_W} {_H}", class_="mjs-chart", role="img", aria_label=f"{title}. {alt}")
    add(chart, "title", title)
    add(chart, "desc", alt)
    text = {"fill": TEXT, "font_family": FONT_FAMILY}
    add(chart, "rect", x=left, y=_TOP, width=pw, height=ph, fill="none", stroke=MUTED, stroke_width=1)
    band = x(min(m, top_d + 1) - 0.5) - left if m > 0 else 0
    if m > 0:
        add(chart, "rect", class_="mjs-chart-minimum", x=left, y=_TOP, width=band, height=ph, fill=SHADE)
    for t in ticks:
        yy = y(t)
        add(chart, "line", x1=left, x2=left + pw, y1=yy, y2=yy, stroke=MUTED, stroke_opacity=0.25)
        add(chart, "text", count(t), x=left - 6, y=yy + 4, font_size=_TICK, text_anchor="end", **text)
    for d in range(top_d + 1):
        add(chart, "text", d, x=x(d), y=_TOP + ph + 18, font_size=_TICK, text_anchor="middle", **text)
    add(chart, "text", "doubles", x=left + pw / 2, y=_H - 10, font_size=_SIZE, text_anchor="middle", **text)
    add(chart, "text", "hand points × 2^doubles", x=14, y=_TOP + ph / 2, font_size=_SIZE, text_anchor="middle",
        transform=f"rotate(-90 14 {_TOP + ph / 2})", **text)
    add(chart, "text", title, x=left, y=22, font_size=15, font_weight="bold", **text)
    # the lines and markers first; every label after them, on top
    lines, labels = add(chart, "g"), add(chart, "g")  # every label on top of every line
    segments, dots, notes, rows = [], [], [], []
    n = len(hands)
    for k, (label, worth, d_own) in enumerate(hands):
        i = n - 1 - k  # your hand is series 0: the strongest colour, drawn last
        look = series(i)
        colour = look.css(i)
        pts = [(x(d), y(max(worth, 1) * 2 ** d)) for d in range(top_d + 1)]
        segments += list(zip(pts, pts[1:]))
        if m > 0:
            add(lines, "polyline", points=points(pts[:m + 1]), fill="none", stroke=colour, stroke_width=1.6,
                stroke_dasharray="2 4")
        add(lines, "polyline", class_=f"mjs-chart-line-{i}", points=points(pts[m:]), fill="none", stroke=colour,
            stroke_width=3.5 if i == 0 else 2.2, **({"stroke_dasharray": look.dash} if look.dash else {}))
        paper, paid = paper_and_score(worth, d_own, rules)
        filled = paid > 0 or paper == 0
        size = 8 if i == 0 else 6
        _marker(lines, look.marker, x(d_own), y(paper), size, colour, filled, f"mjs-chart-hand-{i}")
        dots.append((x(d_own), y(paper), size + 2))
        # the figures in the text colour: a series colour is dark enough for a line (3:1) on
        # either theme, but not for text (4.5:1) on the dark one; the box's edge says whose they are
        note = f"{count(worth)} × {count(2 ** d_own)} = {count(paper)}" + ("" if filled else ", pays 0")
        notes.append((i, note, (x(d_own), y(paper)), colour, size + 2))
        rows.append((i, label, look, colour))
    notes.sort()  # yours first
    rows.sort()
    inside = (left + 2, _TOP + 2, left + pw - 2, _TOP + ph - 2)
    leaders = add(labels, "g")  # a note's leader under every label
    taken = []
    key_w = 36 + max(text_width(label, _SIZE) for _, label, _, _ in rows) + 8
    key_h = 19 * len(rows) + 6
    key_at = [(left + band + 8, _TOP + 4), (inside[2] - 2 - key_w, inside[3] - 2 - key_h)]
    if m > 0:
        words = [f"under {m}:", "pays 0"] if band < text_width(f"under {m}: pays 0", _SIZE) + 14 else [f"under {m}: pays 0"]
        w, h = _label_size(words)
        box = (left + 4, _TOP + 4, left + 4 + w, _TOP + 4 + h)
        taken.append(box)
        # in the band's own shade where it fits in the band, else in the page's
        _label_svg(labels, words, box, fill=SHADE if box[2] <= left + band else _PAGE, colour=MUTED,
                   cls="mjs-chart-band")
        key_at = [(max(left + band, box[2]) + 8, _TOP + 4), (left + 4, box[3] + 6), key_at[1]]
    said = [line for sentence in near_lines(hands) for line in textwrap.wrap(sentence, 52)]
    said_boxes = []
    if said:
        w, h = _label_size(said)
        said_boxes = [(inside[2] - 2 - w, inside[3] - 2 - h, inside[2] - 2, inside[3] - 2),
                      (inside[2] - 2 - w, inside[1] + 2, inside[2] - 2, inside[1] + 2 + h)]
    key, said_at, chosen = _place(notes, [(kx, ky, kx + key_w, ky + key_h) for kx, ky in key_at], said_boxes,
                                  segments=segments, dots=dots, taken=taken, inside=inside)
    kx, ky, kx1, ky1 = key.box
    add(labels, "rect", class_="mjs-chart-label mjs-chart-key", x=kx, y=ky, width=kx1 - kx, height=ky1 - ky, rx=3,
        fill=_PAGE)
    for row, (i, label, look, colour) in enumerate(rows):
        lx, yy = kx + 6, ky + 12 + row * 19
        add(labels, "line", x1=lx, x2=lx + 30, y1=yy, y2=yy, stroke=colour, stroke_width=2.5,
            **({"stroke_dasharray": look.dash} if look.dash else {}))
        _marker(labels, look.marker, lx + 15, yy, 4.5, colour, True, "")
        add(labels, "text", label, class_="mjs-chart-text", x=lx + 36, y=yy + 5, font_size=_SIZE, **text)
    if said_at is not None:
        _label_svg(labels, said, said_at.box, cls="mjs-chart-said")
    for (i, note, _, colour, _), spot in zip(notes, chosen):
        if spot.leader is not None:
            (ax, ay), (bx, by) = spot.leader
            add(leaders, "line", class_="mjs-chart-leader", x1=ax, y1=ay, x2=bx, y2=by, stroke=colour,
                stroke_width=1.2)
        _label_svg(labels, [note], spot.box, bold=i == 0, edge=colour, cls=f"mjs-chart-note-{i}")
    return svg_text(chart), alt


def _marker(parent, kind: str, cx: float, cy: float, r: float, colour: str, filled: bool, cls: str) -> None:
    look = {**({"class_": cls} if cls else {}), "fill": colour if filled else _PAGE, "stroke": colour,
            "stroke_width": 2.2}
    if kind == "s":
        add(parent, "rect", **look, x=cx - r, y=cy - r, width=2 * r, height=2 * r)
    elif kind in "^v":
        s = -1 if kind == "^" else 1
        add(parent, "polygon", **look, points=points([(cx, cy + s * r), (cx - r, cy - s * r * 0.8),
                                                      (cx + r, cy - s * r * 0.8)]))
    elif kind == "D":
        add(parent, "polygon", **look, points=points([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]))
    else:
        add(parent, "circle", **look, cx=cx, cy=cy, r=r)


__all__ = ["doubles_svg"]
