"""Every notebook readable on a 1024 x 768 projector, in the classroom view (Voila, `make
present`) and in JupyterLab: no element of any output sticks out of its cell (no sideways
scrolling, nothing cut off), no box inside an output scrolls sideways, and every row of a
score breakdown stays on one line.

Notebooks 07 and 08 are rewritten on other branches: their cases may fail until the merge.
"""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

pytestmark = pytest.mark.browser

SCREEN = {"width": 1024, "height": 768}
REWRITTEN: set[str] = set()  # notebooks awaiting a re-layout: none
#: Notebooks more than one test here reads in the classroom view: rendered once for them all
#: (the ``classroom_view`` fixture); the enlargement test follows the fit tests for that reason.
CLASSROOM_READERS = {"03-doubles-compound.ipynb": 2}

#: Elements that stick out of their cell or scroll sideways, with where they are, for the message.
OVERFLOWS = """() => {
    const out = [];
    const describe = e => (e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ?
        '.' + e.className.trim().split(/\\s+/).slice(0, 3).join('.') : '') + ' "' +
        (e.innerText || e.textContent || '').trim().slice(0, 50).replace(/\\s+/g, ' ') + '"');
    for (const cell of document.querySelectorAll('.jp-Cell')) {
        const area = cell.querySelector('.jp-OutputArea') || cell.querySelector('.jp-MarkdownOutput');
        if (!area) continue;
        const box = cell.getBoundingClientRect();
        if (box.width === 0) continue;
        for (const e of area.querySelectorAll('*')) {
            const r = e.getBoundingClientRect();
            if (r.width < 2 || r.height < 2) continue;
            const style = getComputedStyle(e);
            if (style.visibility === 'hidden' || style.display === 'none') continue;
            if (r.right > box.right + 1 || r.left < box.left - 1) {
                out.push(`${describe(e)} spans ${Math.round(r.left)}..${Math.round(r.right)} px, ` +
                         `its cell ${Math.round(box.left)}..${Math.round(box.right)} px`);
            } else if (/(auto|scroll)/.test(style.overflowX) && e.scrollWidth > e.clientWidth + 1) {
                out.push(`${describe(e)} scrolls sideways (${e.scrollWidth} px in ${e.clientWidth} px)`);
            }
        }
    }
    return out;
}"""

#: Breakdown rows whose text takes more than one line in any of its cells: [row text, lines].
WRAPPED_ROWS = """() => {
    const out = [];
    for (const row of document.querySelectorAll('.mjs-breakdown tr')) {
        let lines = 0;
        for (const td of row.querySelectorAll('td, th')) {
            const range = document.createRange();
            range.selectNodeContents(td);
            const tops = new Set();
            const h = parseFloat(getComputedStyle(td).fontSize);
            for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top / h));
            lines = Math.max(lines, tops.size);
        }
        if (lines > 1) out.push([row.innerText.replace(/\\s+/g, ' ').trim(), lines]);
    }
    return [out, document.querySelectorAll('.mjs-breakdown tr').length];
}"""


def _cases(shares_run: bool = False):
    """One case per notebook; with ``shares_run``, each leaves its JupyterLab run to the app test
    on its notebook (the ``notebook`` fixture), as it only reads the page."""
    names = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    return [pytest.param(n, id=n[:-6], marks=([pytest.mark.xfail(strict=False, reason="regenerated after the merge")]
                                              if n in REWRITTEN else [])
                         + ([pytest.mark.shares_run(n, reads_only=True)] if shares_run else []))
            for n in names]


def _check(view, name: str) -> None:
    page = view.page
    page.set_viewport_size(SCREEN)
    view.settle()  # (it waited a fixed 800 ms once)
    overflows = page.evaluate(OVERFLOWS)
    assert not overflows, f"{name} at 1024 px: {len(overflows)} elements stick out:\n" + "\n".join(overflows[:12])
    wrapped, rows = page.evaluate(WRAPPED_ROWS)
    assert not wrapped, f"{name}: breakdown rows on more than one line: {wrapped[:6]}"
    return rows


@pytest.mark.parametrize("name", _cases())
def test_classroom_view_fits_a_projector(classroom_view, name):
    view = classroom_view(name)
    view.page.wait_for_load_state("networkidle")
    _check(view, name)
    if name == "00-start-here.ipynb":
        rows = view.page.evaluate(WRAPPED_ROWS)[1]
        assert rows >= 8, "the start page shows a breakdown"
    view.assert_clean()


def test_classroom_view_enlarges_apps_with_the_prose(classroom_view):
    """The doubles app's text and chart grow with the prose, and its selected toggle stands out.
    (It reads the page only: the render the fit test read serves it too.)"""
    view = classroom_view("03-doubles-compound.ipynb")
    page = view.page
    page.set_viewport_size(SCREEN)
    app = view.one("mjs-doubles")
    result = view.one("mjs-doubles-result", app)
    result.locator("[aria-live]").wait_for()
    prose = page.locator(".jp-MarkdownOutput p").first.evaluate("e => e.getBoundingClientRect().height / "
                                                                "e.getClientRects().length")
    ratio = result.locator("[aria-live]").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize) / parseFloat(getComputedStyle(document.querySelector("
        "'.jp-MarkdownOutput p')).fontSize)")
    assert ratio >= 0.95, f"the app's text is {ratio:.2f} of the prose's size"
    chart = view.one("mjs-doubles-chart", app).locator("svg")
    assert chart.get_attribute("role") == "img" and "doubles" in chart.get_attribute("aria-label")
    width = chart.evaluate("e => e.getBoundingClientRect().width")
    assert width > 500, f"the chart is {width} px wide at 1024 px"
    assert prose > 0


@pytest.mark.parametrize("name", _cases(shares_run=True))
def test_jupyterlab_fits_a_projector(notebook, name):
    nb = notebook(name, viewport=SCREEN)
    _check(nb, name)
    nb.assert_no_page_errors()


@pytest.mark.shares_run("02-willingdon-hand-points.ipynb", reads_only=True)
def test_selected_toggle_is_visible_in_the_hand_builder(notebook):
    """At the projector's 1024 px: the selected toggle stands out, and no label is cut short."""
    nb = notebook("02-willingdon-hand-points.ipynb", viewport=SCREEN)
    nb.settle()
    app = nb.one("mjs-builder")
    seat = nb.one("mjs-builder-seat", app)
    chosen = seat.locator(".mod-active")
    other = seat.locator("button:not(.mod-active)").first
    look = "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).outlineStyle, getComputedStyle(e).color]"
    on, off = chosen.evaluate(look), other.evaluate(look)
    assert on[0] != off[0] and on[1] == "solid" and on[2] != off[2], (on, off)
    # no toggle label is cut short ("concea…"): its text fits its button
    cut = app.locator(".widget-toggle-button").evaluate_all(
        "bs => bs.filter(b => b.offsetParent && b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)")
    assert not cut, f"toggle labels cut short: {cut}"


def test_illegal_hand_keeps_its_flowers_in_the_browser(notebook):
    from playwright.sync_api import expect

    nb = notebook("02-willingdon-hand-points.ipynb")
    app = nb.one("mjs-builder")
    tiles = nb.one("mjs-builder-tiles", app)
    expect(tiles.locator('[data-tile="F3"]')).to_have_count(1)
    nb.choose(nb.one("mjs-builder-set0-tile", app), "7 Bamboo (7B)")
    expect(nb.one("mjs-builder-message", app).locator(".mjs-error")).to_contain_text("two sets are built on 7 Bamboo")
    expect(tiles.locator('[data-tile="F3"]')).to_have_count(1)
    assert "mod-active" in nb.one("mjs-builder-flower-F3", app).get_attribute("class")
