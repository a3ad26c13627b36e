"""A matplotlib chart's labels, put where no line is when the figure is drawn (so after any
``tight_layout``: places worked out earlier would be wrong once the axes move), by the geometry
of :mod:`mjscore.views._label_geometry`.

>>> from matplotlib.backends.backend_agg import FigureCanvasAgg
>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(4, 3), dpi=100)
>>> ax = fig.add_subplot()
>>> _ = ax.plot([0, 1, 2], [0, 1, 2])
>>> label = FreeLabels.of(ax).near("here", (1, 1))
>>> FigureCanvasAgg(fig).draw()
>>> label.get_horizontalalignment(), label.get_verticalalignment()  # above left of the rising line
('right', 'bottom')
"""

from __future__ import annotations

from matplotlib.artist import Artist
from matplotlib.text import Text

from ._label_geometry import anchor, best_spot, box_cost, offsets, spread


class _Label:
    def __init__(self, ann, kind: str, spots, leader: bool) -> None:
        self.ann, self.kind, self.spots, self.leader = ann, kind, spots, leader


class FreeLabels(Artist):
    """The labels of one axes, which find their places when the figure is drawn: ``near`` a
    point, in a ``corner`` of the axes, or ``at_end`` of a line, in a column to the right of
    the axes. Every label has an opaque white background and is drawn above the lines
    (zorder 20). ``FreeLabels.of(ax)`` gives the axes' placer, made on first use."""

    @classmethod
    def of(cls, ax) -> "FreeLabels":
        """The labels of the axes ``ax``, made on first use."""
        for child in ax.get_children():
            if isinstance(child, cls):
                return child
        return cls(ax)

    def __init__(self, ax) -> None:
        super().__init__()
        self.ax = ax
        self.labels: list[_Label] = []
        self.set_zorder(-100)      # drawn first of the axes' children: it only moves labels
        self.set_in_layout(False)
        ax.add_artist(self)

    def _annotate(self, text, xy, xycoords, *, edge, leader, **kw):
        look = dict(fontsize=10, color="#1a1a1a", zorder=20, annotation_clip=False,
                    bbox=dict(boxstyle="round,pad=0.25", facecolor="white", alpha=1.0,
                              edgecolor=edge or "none", linewidth=1.0))
        look.update(kw)
        arrow = dict(arrowstyle="-", color=edge or "#545454", linewidth=0.9, shrinkA=0, shrinkB=2) if leader else None
        return self.ax.annotate(text, xy, xycoords=xycoords, xytext=(0, 0), textcoords="offset points",
                                arrowprops=arrow, **look)

    def near(self, text: str, xy, *, spots=None, edge=None, leader=True, **kw):
        """A label beside the point ``xy`` (data), at the first free spot of ``spots``.

        A spot is ``(dx, dy)`` in points, y up; by default :func:`offsets`."""
        ann = self._annotate(text, xy, "data", edge=edge, leader=leader, **kw)
        self.labels.append(_Label(ann, "near", list(spots or offsets()), leader))
        return ann

    def corner(self, text: str, *, corners=("upper left", "upper right", "lower right", "lower left"), **kw):
        """A label in the first free corner of the axes."""
        ann = self._annotate(text, (0, 0), "axes fraction", edge=None, leader=False, **kw)
        self.labels.append(_Label(ann, "corner", list(corners), False))
        return ann

    def at_end(self, text: str, xy, *, edge=None, **kw):
        """A label for the line ending at ``xy`` (data), right of the axes and level with the end.

        It is moved up or down (with a leader back to the end) if labels meet."""
        ann = self._annotate(text, xy, "data", edge=edge, leader=True, ha="left", va="center", **kw)
        self.labels.append(_Label(ann, "end", [], True))
        return ann

    def draw(self, renderer) -> None:
        """Place the labels (matplotlib calls this when it draws the figure; the labels draw themselves)."""
        self.place(renderer)

    # ------------------------------------------------------------------ placing
    def _obstacles(self, renderer, mine):
        segments, dots, boxes = [], [], []
        px = renderer.points_to_pixels(1)
        for line in self.ax.lines:
            if not line.get_visible():
                continue
            xy = line.get_transform().transform(line.get_xydata())
            pts = [tuple(p) for p in xy if p[0] == p[0] and p[1] == p[1]]
            if line.get_linestyle() not in ("None", "", " ") and line.get_linewidth() > 0:
                segments += list(zip(pts, pts[1:]))
            if line.get_marker() not in (None, "None", "", " "):
                dots += [(x, y, line.get_markersize() / 2 * px + 1) for x, y in pts]
        for container in self.ax.containers:
            for patch in getattr(container, "patches", ()):
                if patch.get_visible() and patch.get_height() != 0 and patch.get_width() != 0:
                    b = patch.get_window_extent(renderer)
                    boxes.append((b.x0, b.y0, b.x1, b.y1))
        for text in self.ax.texts:
            if id(text) not in mine and text.get_visible() and text.get_text().strip():
                b = text.get_window_extent(renderer)
                boxes.append((b.x0, b.y0, b.x1, b.y1))
        legend = self.ax.get_legend()
        if legend is not None and legend.get_visible():
            b = legend.get_window_extent(renderer)
            boxes.append((b.x0, b.y0, b.x1, b.y1))
        return segments, dots, boxes

    @staticmethod
    def _box(ann, renderer, ha, va, xytext):
        ann.set_horizontalalignment(ha)
        ann.set_verticalalignment(va)
        ann.xyann = xytext
        ann.update_positions(renderer)
        b = Text.get_window_extent(ann, renderer)
        pad = FreeLabels._pad(ann, renderer)
        return (b.x0 - pad, b.y0 - pad, b.x1 + pad, b.y1 + pad)

    @staticmethod
    def _pad(ann, renderer) -> float:
        """The room the label's background takes round its text, in pixels (and one more)."""
        return renderer.points_to_pixels(0.3 * ann.get_fontsize()) + 1

    def place(self, renderer) -> None:
        """Put every label in its place, avoiding the lines, markers, bars and labels already there.

        First the column of line ends, then the corners, then the labels near a point."""
        mine = {id(label.ann) for label in self.labels}
        self.segments, self.dots, self.boxes = self._obstacles(renderer, mine)
        frame = self.ax.get_window_extent(renderer)
        self.inside = (frame.x0 + 1, frame.y0 + 1, frame.x1 - 1, frame.y1 - 1)
        self._place_ends(renderer, [label for label in self.labels if label.kind == "end"], frame)
        for label in self.labels:
            if label.kind == "corner":
                self._place_corner(renderer, label)
        for label in self.labels:
            if label.kind == "near":
                self._place_near(renderer, label)

    def _place_ends(self, renderer, ends, frame) -> None:
        if not ends:
            return
        px = renderer.points_to_pixels(1)
        wanted = [self.ax.transData.transform(label.ann.xy)[1] for label in ends]
        sizes = [self._box(label.ann, renderer, "left", "center", (0, 0)) for label in ends]
        gap = max(b[3] - b[1] for b in sizes) + 2
        for label, want, y in zip(ends, wanted, spread(wanted, gap=gap, low=frame.y0, high=frame.y1)):
            x_end = self.ax.transData.transform(label.ann.xy)[0]
            dx = (frame.x1 - x_end) / px + 6
            self.boxes.append(self._box(label.ann, renderer, "left", "center", (dx, (y - want) / px)))
            label.ann.arrow_patch.set_visible(abs(y - want) > 2 or dx > 8)

    def _place_corner(self, renderer, label) -> None:
        def put(where):
            v, h = where.split()
            label.ann.xy = (0.02 if h == "left" else 0.98, 0.97 if v == "upper" else 0.03)
            return self._box(label.ann, renderer, h, "top" if v == "upper" else "bottom", (0, 0))

        costs = [(box_cost(put(where), segments=self.segments, dots=self.dots, boxes=self.boxes,
                           inside=self.inside), k) for k, where in enumerate(label.spots)]
        self.boxes.append(put(label.spots[min(costs)[1]]))

    def _place_near(self, renderer, label) -> None:
        x, y = self.ax.transData.transform(label.ann.xy)
        px = renderer.points_to_pixels(1)
        x0, y0, x1, y1 = self._box(label.ann, renderer, "left", "bottom", (0, 0))
        pad = self._pad(label.ann, renderer)
        spots = [(dx * px, dy * px) for dx, dy in label.spots]
        _, k, box, leader = best_spot(x, y, x1 - x0 - 2 * pad, y1 - y0 - 2 * pad, spots, segments=self.segments,
                                   dots=self.dots, boxes=self.boxes, inside=self.inside, pad=pad,
                                   leader_after=12 * px if label.leader else float("inf"))
        dx, dy = label.spots[k]
        ha, va = anchor(dx, dy)
        self.boxes.append(self._box(label.ann, renderer, ha, va, (dx, dy)))
        if label.leader:
            label.ann.arrow_patch.set_visible(leader is not None)
        if leader is not None:
            self.segments.append(leader)


__all__ = ["FreeLabels"]
