"""Classroom mode: `make present`'s Voila (the classroom template, sources stripped) renders the
American payments notebook as an app with no code in sight, enlarged for a projector, and its
widget still answers with the engine's figures."""

from __future__ import annotations

import json
from pathlib import Path

from mjscore.views.american.american_app import HOW_LABELS
from test_lab_american import NOTEBOOK, expect_payout

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _code_lines(name: str) -> list[str]:
    """Every longish line of the notebook's code cells: none may be in the classroom view."""
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return [line.strip() for cell in nb["cells"] if cell["cell_type"] == "code"
            for line in "".join(cell["source"]).splitlines() if len(line.strip()) > 12]


def test_classroom_view_hides_the_code_and_drives_the_app(classroom):
    from playwright.sync_api import expect

    view = classroom(NOTEBOOK)
    app = view.one("mjs-american")
    value, how, result = (view.one(f"mjs-american-{part}", app) for part in ("value", "how", "result"))
    expect(result.locator(".mjs-collects")).to_be_visible()

    page = view.page
    assert page.locator(".jp-CodeCell .jp-InputArea, .jp-CodeCell .highlight, .cm-editor").count() == 0, "code is shown"
    text = page.locator("#rendered_cells").inner_text()
    shown = [line for line in _code_lines(NOTEBOOK) if line in text]
    assert not shown, f"source code in the page: {shown[:3]}"
    zoom = page.locator("#rendered_cells > div").evaluate("e => getComputedStyle(e).zoom")
    assert float(zoom) >= 1.2, f"the classroom template is not applied (zoom {zoom})"
    font = result.locator(".mjs-collects").evaluate("e => e.getBoundingClientRect().height")
    assert font >= 24, f"a result row is {font}px tall: too small for a projector"

    view.fill(value, 30)
    expect_payout(result, 30, "discard")
    view.fill(value, 25)
    expect_payout(result, 25, "discard")
    view.scroll_to_top(app)  # the whole app on the screen
    view.shot("classroom-voila")
    how.locator("select").select_option(label=HOW_LABELS["self-drawn"])
    expect_payout(result, 25, "self-drawn")
    view.assert_clean()
