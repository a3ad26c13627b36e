"""Where a chart's labels go: plain geometry, shared by the SVG charts (which estimate their
text's size, :func:`text_width`) and the matplotlib ones (:mod:`mjscore.views._matplotlib_labels`).

A label on a chart is read only if nothing is drawn across it. A chart says where a label may
go (spots around the point it names, a few set boxes), and the label takes the spot that no
line, marker or other label touches (:func:`box_cost`), the nearest of those; if every spot is
touched, the least touched, and its opaque background, drawn above every line, hides what passes
behind it. Labels that compete for room are placed together (:func:`place_together`).

>>> box_hits((0, 0, 10, 10), segments=[((-5, 5), (15, 5)), ((20, 0), (30, 30))])
1
>>> spread([10, 11, 30], gap=5, low=0, high=100)
[8.0, 13.0, 30]
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import permutations
from math import cos, hypot, radians, sin
from typing import Iterable, NamedTuple, Sequence

Point = tuple[float, float]
#: A rectangle as (left, bottom, right, top), or (left, top, right, bottom) where y grows
#: downwards: only its two corners matter.
Box = tuple[float, float, float, float]

#: The directions to try around a point, in degrees (0 is to the right, 90 up), first the
#: diagonals, where a label leaves the point itself in view.
ANGLES = (45, 135, -45, -135, 90, -90, 0, 180)
#: How far from the point to try, in points (a typographer's, 1/72 inch).
RADII = (9, 18, 30, 46, 66)


def _ordered(box: Box) -> Box:
    """The same box with its corners in order: left, bottom (or top), right, top (or bottom)."""
    x0, y0, x1, y1 = box
    if x1 < x0:
        x0, x1 = x1, x0
    if y1 < y0:
        y0, y1 = y1, y0
    return x0, y0, x1, y1


def segment_hits_box(a: Point, b: Point, box: Box) -> bool:
    """Does the segment from ``a`` to ``b`` touch the rectangle (Liang and Barsky's clipping)?"""
    return _segment_meets(a, b, *_ordered(box))


def _segment_meets(a: Point, b: Point, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the segment from ``a`` to ``b`` touches the box from (x0, y0) to (x1, y1), corners in order."""
    (ax, ay), (bx, by) = a, b
    if (ax < x0 and bx < x0) or (ax > x1 and bx > x1) or (ay < y0 and by < y0) or (ay > y1 and by > y1):
        return False  # both ends beyond one side: most segments of a chart, at once
    dx, dy = bx - ax, by - ay
    low, high = 0.0, 1.0
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def boxes_meet(a: Box, b: Box) -> bool:
    """Whether the boxes ``a`` and ``b`` overlap (touching edges do not count)."""
    ax0, ay0, ax1, ay1 = _ordered(a)
    bx0, by0, bx1, by1 = _ordered(b)
    return ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1


def box_hits(box: Box, *, segments: Iterable[tuple[Point, Point]] = (),
             dots: Iterable[tuple[float, float, float]] = (), boxes: Iterable[Box] = ()) -> int:
    """How many of the segments, dots ``(x, y, radius)`` and boxes touch ``box``."""
    x0, y0, x1, y1 = _ordered(box)
    n = sum(1 for a, b in segments if _segment_meets(a, b, x0, y0, x1, y1))
    for x, y, r in dots:
        nx, ny = min(max(x, x0), x1), min(max(y, y0), y1)
        n += hypot(x - nx, y - ny) < r
    return n + sum(1 for other in boxes if boxes_meet(box, other))


def spread(wanted: Sequence[float], *, gap: float, low: float, high: float) -> list[float]:
    """Positions on one line as near ``wanted`` as they can be, each at least ``gap`` from the next.

    All stay within ``low`` .. ``high``: the labels of a column, moved apart."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    at = [wanted[i] for i in order]
    for _ in range(200):
        moved = False
        for k in range(1, len(at)):
            short = gap - (at[k] - at[k - 1])
            if short > 1e-9:
                at[k - 1] -= short / 2
                at[k] += short / 2
                moved = True
        for k in range(len(at)):
            at[k] = min(max(at[k], low), high)
        if not moved:
            break
    out = [0.0] * len(at)
    for k, i in enumerate(order):
        out[i] = at[k]
    return out


def offsets(angles: Sequence[float] = ANGLES, radii: Sequence[float] = RADII) -> list[tuple[float, float]]:
    """The spots to try around a point, nearest first: ``(dx, dy)`` with y up."""
    return [(round(r * cos(radians(a)), 2), round(r * sin(radians(a)), 2)) for r in radii for a in angles]


def anchor(dx: float, dy: float) -> tuple[str, str]:
    """Which side of a label sits at the spot (dx, dy) from its point, as matplotlib's ha and va.

    The side towards the point, so the label reaches away from it; y counts up."""
    ha = "left" if dx > 0.5 else "right" if dx < -0.5 else "center"
    va = "bottom" if dy > 0.5 else "top" if dy < -0.5 else "center"
    return ha, va


def spot_box(x: float, y: float, w: float, h: float, dx: float, dy: float, *, y_down: bool = False) -> Box:
    """The box of a label ``w`` × ``h`` put at the spot (dx, dy) from the point (x, y).

    The label reaches away from the point (:func:`anchor`); ``dy`` counts up, whichever way the
    y axis runs."""
    ha, va = anchor(dx, dy)
    sx = x + dx
    sy = y - dy if y_down else y + dy
    x0 = sx if ha == "left" else sx - w if ha == "right" else sx - w / 2
    up = -1 if y_down else 1  # the direction "up" runs
    if va == "center":
        y0, y1 = sy - h / 2, sy + h / 2
    else:
        y0, y1 = sorted((sy, sy + up * h * (1 if va == "bottom" else -1)))
    return x0, y0, x0 + w, y1


def box_cost(box: Box, *, segments: Iterable = (), dots: Iterable = (), boxes: Iterable[Box] = (),
             inside: Box, margin: float = 0) -> int:
    """How bad a place ``box`` is for a label: 0 is a good place, and more is worse.

    0 when it is inside ``inside`` and nothing comes within ``margin`` of it. A line behind a
    label is hidden by the label's background; a label on another label is lost; a label outside
    the chart is on something else.

    >>> box_cost((0, 0, 10, 10), segments=[((-5, 5), (15, 5))], inside=(0, 0, 100, 100))
    1000
    """
    x0, y0, x1, y1 = _ordered(box)
    ix0, iy0, ix1, iy1 = _ordered(inside)
    room = (x0 - margin, y0 - margin, x1 + margin, y1 + margin)
    lines = box_hits(room, segments=segments, dots=dots)
    return ((1000 + 100 * (lines - 1) if lines else 0) + 5000 * box_hits(room, boxes=boxes)
            + 10_000 * (not (ix0 <= x0 and x1 <= ix1 and iy0 <= y0 and y1 <= iy1)))


class Spot(NamedTuple):
    """A place a label may take: how bad it is, which of the spots, the label's box, its leader."""
    cost: float
    k: int
    box: Box
    leader: tuple[Point, Point] | None


def spot_options(x: float, y: float, w: float, h: float, spots: Sequence[tuple[float, float]], *,
                 segments: list, dots: Iterable = (), boxes: Sequence[Box] = (), inside: Box,
                 y_down: bool = False, leader_after: float = 12, gap: float = 5, pad: float = 0,
                 margin: float = 0, best_only: bool = False) -> list[Spot]:
    """Every spot for a label ``w`` × ``h`` beside the point (x, y), each with how bad it is.

    Its box (grown by ``pad`` all round: its background) should stay inside ``inside`` and meet
    no segment, dot or box, nor come within ``margin`` of one (:func:`box_cost`). Past
    ``leader_after`` a leader joins label and point, starting ``gap`` from the point: it may cross
    lines (a little worse for each) but no label. Nearer is a little better. ``best_only``: stop
    once no spot further on can be better (``spots`` nearest first), for a quick first try."""
    dots = list(dots)
    # the segments by where they start from the left, so each box looks only at those near it
    segments = sorted(((a, b) if a[0] <= b[0] else (b, a) for a, b in segments), key=lambda s: s[0][0])
    starts = [a[0] for a, _ in segments]
    widest = max((b[0] - a[0] for a, b in segments), default=0)

    def near(x0: float, x1: float) -> list:
        return segments[bisect_left(starts, x0 - widest):bisect_right(starts, x1)]

    out: list[Spot] = []
    for k, (dx, dy) in enumerate(spots):
        if best_only and out and min(out).cost < 1000 and hypot(dx, dy) / 10 >= min(out).cost:
            break
        x0, y0, x1, y1 = _ordered(spot_box(x, y, w, h, dx, dy, y_down=y_down))
        box = x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
        cost = box_cost(box, segments=near(x0 - margin, x1 + margin), dots=dots, boxes=boxes, inside=inside,
                        margin=margin)
        leader = None
        if hypot(dx, dy) > leader_after:
            bx, by = min(max(x, x0), x1), min(max(y, y0), y1)
            length = hypot(bx - x, by - y) or 1
            leader = ((x + (bx - x) * gap / length, y + (by - y) * gap / length), (bx, by))
            cost += 5000 * sum(segment_hits_box(*leader, b) for b in boxes)
            cost += 10 * sum(1 for s in near(min(x, bx), max(x, bx)) if _cross(leader, s))
        out.append(Spot(cost + hypot(dx, dy) / 10, k, box, leader))
    return out


def best_spot(x: float, y: float, w: float, h: float, spots: Sequence[tuple[float, float]], **kw) -> Spot:
    """The best of :func:`spot_options` (the first of the best)."""
    return min(spot_options(x, y, w, h, spots, **kw))


def place_together(options: Sequence[Sequence[Spot]], *, margin: float = 0, fixed: Sequence[Box] = ()) -> list[Spot]:
    """One spot for each of a few labels, none on another nor on the ``fixed`` boxes.

    Each label's spots come from its own :func:`spot_options` (worked out against the chart
    alone); ``fixed`` are the labels already placed. Labels are placed one by one, each avoiding
    the labels and leaders placed before it, in every order of the labels (up to five), and the
    order whose labels sit best wins: one label's good spot may be another's only one."""
    if fixed:
        walls = [Spot(0, -1, _ordered(b), None) for b in fixed]
        options = [[spot._replace(cost=spot.cost + 5000 * sum(_in_the_way(spot, w, margin) for w in walls))
                     for spot in spots] for spots in options]
    alone = [min(spots) for spots in options]
    if not in_each_others_way(alone, margin):
        return alone  # each label's own best spot, and they leave each other alone
    options = [sorted(spots) for spots in options]  # the best first: a search can stop early
    orders = permutations(range(len(options))) if len(options) <= 5 else [range(len(options))]
    best = None
    for order in orders:
        taken: list[Spot] = []
        chosen: dict[int, Spot] = {}
        for i in order:
            pick = None
            for spot in options[i]:
                if pick is not None and spot.cost >= pick.cost:
                    break  # no spot further on can do better
                cost = spot.cost + 5000 * sum(_in_the_way(spot, t, margin) for t in taken)
                if pick is None or cost < pick.cost:
                    pick = spot._replace(cost=cost)
            chosen[i] = pick
            taken.append(pick)
        total = sum(spot.cost for spot in chosen.values())
        if best is None or total < best[0]:
            best = (total, [chosen[i] for i in range(len(options))])
    return best[1]


def in_each_others_way(spots: Sequence[Spot], margin: float = 0) -> bool:
    """Is any of these placed labels in another's way (box on box, or a leader across a box)?"""
    return any(_in_the_way(a, b, margin) for i, a in enumerate(spots) for b in spots[:i])


def _in_the_way(a: Spot, b: Spot, margin: float) -> bool:
    """Do two placed labels get in each other's way (box on box, or a leader across a box)?"""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.box, b.box
    return ((ax0 - margin < bx1 and bx0 < ax1 + margin and ay0 - margin < by1 and by0 < ay1 + margin)
            or bool(a.leader and _segment_meets(*a.leader, *b.box))
            or bool(b.leader and _segment_meets(*b.leader, *a.box)))


def _cross(p: tuple[Point, Point], q: tuple[Point, Point]) -> bool:
    """Do two segments cross?"""
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    (a, b), (c, d) = p, q
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


#: Generous widths of characters, in ems, for Verdana bold (the widest face the SVG charts ask
#: for): an SVG label's background is drawn before the browser has measured its text.
_NARROW, _WIDE, _SIGNS = set("il.,:;'|!()[]fjtI"), set("mwMW%@"), set("×=+−<>")


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width, in pixels, a line of text of ``size`` pixels takes at most.

    An estimate a little over Verdana's and DejaVu Sans's own; a browser test checks it against
    the page.

    >>> round(text_width("54 × 32 = 1,728", 13))
    114
    """
    em = 0.0
    for c in text:
        if c.isdigit():
            em += 0.72 if bold else 0.65
        elif c == " ":
            em += 0.36
        elif c in _NARROW:
            em += 0.42
        elif c in _WIDE:
            em += 1.05
        elif c in _SIGNS:
            em += 0.86
        elif c.isupper():
            em += 0.82 if bold else 0.76
        else:
            em += 0.7 if bold else 0.64
    return em * size


__all__ = ["ANGLES", "RADII", "Box", "Point", "Spot", "anchor", "best_spot", "box_cost", "box_hits", "boxes_meet",
           "in_each_others_way", "offsets", "place_together", "segment_hits_box", "spot_box", "spot_options", "spread", "text_width"]
