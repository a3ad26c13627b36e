"""Every static chart of the lessons reads at a notebook's width: each is drawn as the lesson
draws it (its code cells run here, matplotlib drawing off screen) and then

- is at most 6.9 inches wide at 100 dpi, and its picture as JupyterLab stores it (``bbox_inches
  ="tight"``) at most 690 pixels: a notebook's output in JupyterLab at 1,024 px, its file
  browser open, is 592 px wide, which shows such a picture at 86% of its size or more (the
  browser test of the layout checks 85%); the charts were once 890 to 1,090 px, their 9-point
  text 7 px on screen;
- has no text under 10 points (14 px at full size);
- has no label crossed by a line or hidden under one, and no two texts on top of each other
  (the line between a label and its point, a leader, is not a line of the chart).

The pictures stored in every notebook are checked for their width too.
"""

from __future__ import annotations

import base64
import io
import json
import struct
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.text import Text  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The lessons with static charts, each with how many it draws.
LESSONS = {"03-doubles-compound.ipynb": 2, "06-tournament-vs-home.ipynb": 1,
           "09-how-rare.ipynb": 4}
WIDEST_INCHES, WIDEST_PIXELS, SMALLEST_POINTS = 6.9, 690, 10


def _pngs(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            png = out.get("data", {}).get("image/png")
            if png:
                yield struct.unpack(">II", base64.b64decode(png)[16:24])


def lesson_figures(name: str, monkeypatch, tmp_path) -> list:
    """The figures the lesson's code cells draw, in order (run in this process)."""
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path))
    monkeypatch.chdir(NOTEBOOKS)
    shown = []

    def show(*_args, **_kw):
        for n in plt.get_fignums():
            shown.append(plt.figure(n))
        plt.close("all")

    monkeypatch.setattr(plt, "show", show)
    plt.close("all")
    space: dict = {"__name__": "__lesson__"}
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        code = "\n".join(line for line in "".join(cell["source"]).splitlines() if not line.startswith("%"))
        exec(compile(code, name, "exec"), space)  # noqa: S102 (the lesson's own code)
        show()  # what the inline backend shows at the end of a cell
    return shown


def _extent(artist, renderer, shrink=1.0):
    """Where an artist is drawn; for a label, its text (not its leader)."""
    b = Text.get_window_extent(artist, renderer) if isinstance(artist, Text) else artist.get_window_extent(renderer)
    return b.x0 + shrink, b.y0 + shrink, b.x1 - shrink, b.y1 - shrink


def _inside(x, y, box):
    return box[0] < x < box[2] and box[1] < y < box[3]


def _line_points(line: Line2D, step=1.0):
    """Points every pixel along a drawn line (display coordinates)."""
    xy = [tuple(p) for p in line.get_transform().transform(line.get_xydata()) if p[0] == p[0] and p[1] == p[1]]
    for (x0, y0), (x1, y1) in zip(xy, xy[1:]):
        n = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) / step))
        for k in range(n + 1):
            yield x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n


def _hidden_ticks(fig) -> set[int]:
    """The tick labels matplotlib keeps but does not draw (their ticks lie outside the axes)."""
    out = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            low, high = sorted(axis.get_view_interval())
            slack = (high - low) * 1e-6
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not low - slack <= tick.get_loc() <= high + slack:
                    out |= {id(tick.label1), id(tick.label2)}
    return out


def _texts(fig, renderer):
    """Every text a reader sees: visible, not empty, on the figure."""
    page = fig.bbox
    hidden = _hidden_ticks(fig)
    out = []
    for t in fig.findobj(Text):
        if not t.get_visible() or not t.get_text().strip() or id(t) in hidden:
            continue
        b = Text.get_window_extent(t, renderer)
        if b.x1 < page.x0 or b.x0 > page.x1 or b.y1 < page.y0 or b.y0 > page.y1:
            continue
        out.append((t, (b.x0, b.y0, b.x1, b.y1)))
    return out


def problems(fig) -> list[str]:
    """What a reader would trip on in one figure (see the module's notes)."""
    found = []
    width = fig.get_size_inches()[0]
    if width > WIDEST_INCHES + 1e-9 or fig.dpi != 100:
        found.append(f"the figure is {width:.2f} in wide at {fig.dpi} dpi")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight")
    png_width = struct.unpack(">II", buf.getvalue()[16:24])[0]
    if png_width > WIDEST_PIXELS:
        found.append(f"its picture is {png_width} px wide")
    canvas = FigureCanvasAgg(fig)  # (a figure pyplot has closed keeps no canvas of its own)
    canvas.draw()
    renderer = canvas.get_renderer()
    texts = _texts(fig, renderer)
    for t, _ in texts:
        if t.get_fontsize() < SMALLEST_POINTS:
            found.append(f"{t.get_text()!r} is {t.get_fontsize():.1f} pt")
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            if box_a[0] < box_b[2] - 1 and box_b[0] < box_a[2] - 1 and box_a[1] < box_b[3] - 1 and box_b[1] < box_a[3] - 1:
                found.append(f"{a.get_text()!r} and {b.get_text()!r} overlap")
    for ax in fig.axes:
        labels = [(t.get_text(), _extent(t, renderer)) for t in ax.texts if t.get_visible() and t.get_text().strip()]
        legend = ax.get_legend() or (fig.legends[0] if fig.legends else None)
        if legend is not None:
            labels.append(("the legend", _extent(legend, renderer)))
        lines = [line for line in ax.lines if line.get_visible() and line.get_linestyle() not in ("None", "", " ")]
        for text, box in labels:
            for line in lines:
                if any(_inside(x, y, box) for x, y in _line_points(line)):
                    found.append(f"{text!r} is crossed by the line {line.get_label()!r}")
                    break
            for container in ax.containers:
                for bar in getattr(container, "patches", ()):
                    if bar.get_height() and bar.get_width():
                        b = _extent(bar, renderer, shrink=2)
                        if box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]:
                            found.append(f"{text!r} is on a bar")
                            break
    return found


def test_every_lesson_with_a_chart_is_checked():
    with_pngs = {p.name for p in NOTEBOOKS.glob("*.ipynb") if any(True for _ in _pngs(p))}
    assert with_pngs == set(LESSONS)


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem[:2])
def test_stored_pictures_fit_a_notebook(path):
    for width, height in _pngs(path):
        assert width <= WIDEST_PIXELS, f"{path.name}: a picture {width} px wide is shrunk in a notebook"


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_chart_of_the_lesson_reads_at_full_size(name, monkeypatch, tmp_path):
    figures = lesson_figures(name, monkeypatch, tmp_path)
    assert len(figures) == LESSONS[name]
    found = {f"chart {k + 1}": problems(fig) for k, fig in enumerate(figures)}
    assert not any(found.values()), {k: v for k, v in found.items() if v}


def test_the_check_sees_a_crossed_label_small_text_and_a_wide_figure():
    """The check itself: a label on a line, 8-point text and a 9-inch figure are all found."""
    from matplotlib.figure import Figure
    fig = Figure(figsize=(9, 4), dpi=100)
    ax = fig.add_subplot()
    ax.plot([0, 10], [0, 10], label="a line")
    ax.text(5, 5, "30%", fontsize=8)
    found = problems(fig)
    assert any("crossed by the line 'a line'" in f for f in found)
    assert any("'30%' is 8.0 pt" in f for f in found)
    assert any("9.00 in wide" in f for f in found) and any("px wide" in f for f in found)


# --------------------------------------------------------------------------- the doubles app's SVG chart


def _svg_layout(svg: str):
    """The SVG chart's lines, markers, labels' backgrounds and leaders, and its plot frame."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    lines, labels, leaders, marks = [], [], [], []
    frame = None
    for e in root.iter():
        cls = e.get("class", "")
        if e.tag == ns + "polyline":
            pts = [tuple(map(float, p.split(","))) for p in e.get("points").split()]
            lines.append((cls, list(zip(pts, pts[1:]))))
        elif e.tag == ns + "rect" and "mjs-chart-label" in cls:
            x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
            labels.append((cls, (x, y, x + w, y + h)))
        elif e.tag == ns + "rect" and frame is None:
            x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
            frame = (x, y, x + w, y + h)
        elif e.tag == ns + "line" and "mjs-chart-leader" in cls:
            leaders.append(((float(e.get("x1")), float(e.get("y1"))), (float(e.get("x2")), float(e.get("y2")))))
        if cls.startswith("mjs-chart-hand-"):
            if e.tag == ns + "circle":
                marks.append((float(e.get("cx")), float(e.get("cy"))))
            elif e.tag == ns + "rect":
                marks.append((float(e.get("x")) + float(e.get("width")) / 2, float(e.get("y")) + float(e.get("height")) / 2))
            else:
                pts = [tuple(map(float, p.split(","))) for p in e.get("points").split()]
                marks.append((sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)))
    return lines, labels, leaders, marks, frame


def _along(segment, step=1.5):
    (x0, y0), (x1, y1) = segment
    n = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) / step))
    return [(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(n + 1)]


def svg_problems(svg: str) -> list[str]:
    lines, labels, leaders, marks, frame = _svg_layout(svg)
    found = []
    for i, (name, box) in enumerate(labels):
        inner = (box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1)
        if not (frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3]):
            found.append(f"{name} sticks out of the chart")
        for line, segments in lines:
            near = [s for s in segments if min(s[0][0], s[1][0]) <= inner[2] and max(s[0][0], s[1][0]) >= inner[0]]
            if any(_inside(x, y, inner) for s in near for x, y in _along(s)):
                found.append(f"{name} is crossed by {line or 'a dotted line'}")
                break
        if any(_inside(x, y, inner) for s in leaders for x, y in _along(s)):
            found.append(f"{name} is crossed by a leader")
        if any(_inside(x, y, (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2)) for x, y in marks):
            found.append(f"{name} covers a marker")
        for other, b in labels[i + 1:]:
            if box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]:
                found.append(f"{name} and {other} overlap")
    return found


def test_the_doubles_apps_chart_keeps_its_labels_clear():
    """Over the app's sliders (hand points, doubles, the minimum): every label of its chart is
    inside the chart, on nothing: no line, leader or marker under it, no other label."""
    from mjscore.views.willingdon.live_chart import doubles_svg
    from mjscore.views.willingdon.doubles_app import RULE_BOOK_HANDS
    from mjscore.willingdon.scoring import WILLINGDON

    found = {}
    for points in (28, 54, 58, 100, 200):
        for doubles in (0, 2, 3, 5, 7, 9, 12, 14, 16):
            for minimum in range(9):
                rules = WILLINGDON.with_settings(minimum_doubles=minimum)
                svg, _ = doubles_svg(points, doubles, rules=rules, base=WILLINGDON, compare=RULE_BOOK_HANDS)
                bad = svg_problems(svg)
                if bad:
                    found[(points, doubles, minimum)] = bad
    assert not found, f"{len(found)} states: " + "; ".join(f"{k}: {v}" for k, v in list(found.items())[:8])


def test_the_svg_check_sees_a_crossed_label():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="100" height="100"/>'
           '<polyline class="mjs-chart-line-0" points="0,50 100,50"/>'
           '<rect class="mjs-chart-label" x="40" y="40" width="30" height="20"/></svg>')
    assert svg_problems(svg) == ["mjs-chart-label is crossed by mjs-chart-line-0"]
