"""The doubles notebook in JupyterLab: the charts render as pictures, and the doubles app's
chart (our own SVG) and figures follow its sliders (the engine's paper total and score); every
label of the chart reads, measured on the page: on its background, on no other text, under no
line."""

from __future__ import annotations

import re

from mjscore.willingdon import paper_and_score

NOTEBOOK = "03-doubles-compound.ipynb"


#: What a reader of the app's chart would trip on, measured on the page (the chart places its
#: labels by estimated text sizes; here are the real ones): a label's text outside its background,
#: two texts on top of each other, a line of the chart through a text.
CHART_LABELS = """svg => {
    const out = [], ctm = svg.getScreenCTM(), shrink = 1;
    const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const within = (a, b) => a[0] >= b[0] - 0.5 && a[1] >= b[1] - 0.5 && a[2] <= b[2] + 0.5 && a[3] <= b[3] + 0.5;
    const inner = b => [b[0] + shrink, b[1] + shrink, b[2] - shrink, b[3] - shrink];
    const meet = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
    for (const back of svg.querySelectorAll('rect.mjs-chart-label')) {
        const bb = box(back);
        // its texts: what follows it, up to the next label (the key's rows hold a line and a marker too)
        for (let t = back.nextElementSibling; t && !t.classList.contains('mjs-chart-label'); t = t.nextElementSibling) {
            if (t.tagName !== 'text') continue;
            if (!within(box(t), bb)) out.push(`"${t.textContent}" is wider than its background`);
        }
    }
    const texts = [...svg.querySelectorAll('text')].map(t => [t.textContent, inner(box(t))]);
    texts.forEach(([a, ba], i) => texts.slice(i + 1).forEach(([b, bb]) => {
        if (meet(ba, bb)) out.push(`"${a}" and "${b}" overlap`); }));
    for (const line of svg.querySelectorAll('polyline')) {
        const pts = line.getAttribute('points').trim().split(/\\s+/).map(p => {
            const q = svg.createSVGPoint(); [q.x, q.y] = p.split(',').map(Number); return q.matrixTransform(ctm); });
        for (const [name, b] of texts) {
            let hit = false;
            for (let k = 1; k < pts.length && !hit; k++) {
                const n = Math.max(1, Math.ceil(Math.hypot(pts[k].x - pts[k - 1].x, pts[k].y - pts[k - 1].y)));
                for (let j = 0; j <= n && !hit; j++) {
                    const x = pts[k - 1].x + (pts[k].x - pts[k - 1].x) * j / n, y = pts[k - 1].y + (pts[k].y - pts[k - 1].y) * j / n;
                    hit = x > b[0] && x < b[2] && y > b[1] && y < b[3];
                }
            }
            if (hit) out.push(`"${name}" is crossed by a line`);
        }
    }
    return out;
}"""


def _shown(nb, app, part: str) -> int:
    """The value shown beside a slider (as text: its own readout, which can be typed into, is off)."""
    return int(nb.one(f"mjs-doubles-{part}-value", app).inner_text().replace(",", ""))


def test_charts_render_and_follow_the_doubles(lab_notebook):
    from playwright.sync_api import expect

    nb = lab_notebook(NOTEBOOK)
    pictures = nb.page.locator(".jp-OutputArea-output img, .jp-OutputArea-output svg")
    expect(pictures.first).to_be_visible()
    # the notebook's two charts, each a PNG drawn (lab_notebook waited for every picture loaded)
    drawn = nb.page.locator(".jp-OutputArea-output img").evaluate_all(
        "imgs => imgs.filter(i => i.complete && i.naturalWidth > 100 && i.naturalHeight > 100).length")
    assert drawn >= 2, f"expected the notebook's two charts, found {drawn} drawn pictures"

    app = nb.one("mjs-doubles")
    chart = nb.one("mjs-doubles-chart", app).locator("svg[role=img]")
    expect(chart).to_be_visible()
    assert chart.evaluate("s => s.getBoundingClientRect().width > 300")
    points, doubles = nb.one("mjs-doubles-points", app), nb.one("mjs-doubles-doubles", app)
    result = nb.one("mjs-doubles-result", app)
    for slider in (points, doubles):  # nothing to type into: a typed readout was read by parseInt
        expect(slider.locator(".widget-readout")).to_be_hidden()
    p, d = _shown(nb, app, "points"), _shown(nb, app, "doubles")
    paper, pays = paper_and_score(p, d)
    expect(result).to_contain_text(f"= {paper:,}")
    assert not chart.evaluate(CHART_LABELS), chart.evaluate(CHART_LABELS)

    handle = doubles.locator(".noUi-handle")
    for _ in range(d - 2):            # down to 2 doubles: under the minimum of 3
        handle.press("ArrowLeft")
    expect(nb.one("mjs-doubles-doubles-value", app)).to_have_text("2")
    paper, pays = paper_and_score(p, 2)
    assert pays == 0 < paper
    expect(result).to_contain_text(re.compile(rf"{p:,} × 2\s*2\s*= {p:,} × 4 = {paper:,}"))
    expect(result.locator(".mjs-pays-nothing")).to_contain_text("It pays 0")
    expect(chart).to_contain_text(f"{p:,} × 4 = {paper:,}, pays 0")
    assert not chart.evaluate(CHART_LABELS), chart.evaluate(CHART_LABELS)
    nb.shot("doubles-chart", app, max_height=1000)
    nb.assert_no_page_errors()
