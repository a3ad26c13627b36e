"""The doubles notebook in JupyterLab: the charts render as pictures, and the doubles app's
chart (our own SVG) and figures follow its sliders (the engine's paper total and score)."""

from __future__ import annotations

import re

import pytest

from mjscore.willingdon import paper_and_score

NOTEBOOK = "03-doubles-compound.ipynb"


def _readout(slider) -> int:
    return int(slider.locator(".widget-readout").inner_text().replace(",", ""))


@pytest.mark.shares_run(NOTEBOOK)  # after the layout check, on its run
def test_charts_render_and_follow_the_doubles(notebook):
    from playwright.sync_api import expect

    nb = notebook(NOTEBOOK)
    pictures = nb.page.locator(".jp-OutputArea-output img, .jp-OutputArea-output svg")
    expect(pictures.first).to_be_visible()
    drawn = nb.page.locator(".jp-OutputArea-output img").evaluate_all(
        "imgs => imgs.filter(i => i.complete && i.naturalWidth > 100 && i.naturalHeight > 100).length")
    assert drawn >= 2, f"expected the notebook's two charts, found {drawn} drawn pictures"

    app = nb.one("mjs-doubles")
    chart = nb.one("mjs-doubles-chart", app).locator("svg[role=img]")
    expect(chart).to_be_visible()
    assert chart.evaluate("s => s.getBoundingClientRect().width > 300")
    points, doubles = nb.one("mjs-doubles-points", app), nb.one("mjs-doubles-doubles", app)
    result = nb.one("mjs-doubles-result", app)
    p, d = _readout(points), _readout(doubles)
    paper, pays = paper_and_score(p, d)
    expect(result).to_contain_text(f"= {paper:,}")

    handle = doubles.locator(".noUi-handle")
    for _ in range(d - 2):            # down to 2 doubles: under the minimum of 3
        handle.press("ArrowLeft")
    expect(doubles.locator(".widget-readout")).to_have_text("2")
    paper, pays = paper_and_score(p, 2)
    assert pays == 0 < paper
    expect(result).to_contain_text(re.compile(rf"{p:,} × 2\s*2\s*= {p:,} × 4 = {paper:,}"))
    expect(result.locator(".mjs-pays-nothing")).to_contain_text("It pays 0")
    expect(chart).to_contain_text(f"{p:,} × 4 = {paper:,}, pays 0")
    nb.shot("doubles-chart", app, max_height=1000)
    nb.assert_no_page_errors()
