"""The scorekeeper and the practice trainer at a table, in the classroom view (`make present`:
Voila, the classroom template) on a phone (390 x 844) and a tablet (820 x 1180), with touch:
each is used by taps, as a finger uses it, and in every state it passes through nothing makes
the page scroll sideways, every tap target is at least 44 x 44 px, every piece of text at
least 16 px as drawn, whole (no label or dropdown's choice cut short) and at WCAG AA contrast
(tests/browser/touch_pages.py measures; the same uses run on the static site's app pages in
test_site.py).

The scorekeeper: a Willingdon night with four players, a hand whose tiles are tapped in (the
hand builder of lesson 2, at the table: its dropdowns of tiles), added, the totals; then
another hand; then the report card of those hands (each with its "why", the running totals
below the figures, four players' figures on one row), read again in JupyterLab's dark theme.
The trainer: an answer typed in its two boxes, Check, Next.
"""

from __future__ import annotations

import time

import pytest

from browser_pages import RUN_ALL_S, SERVER_START_S, WAIT_MS, _timed
from touch_pages import SIZES, another_hand, dark_theme, fits, keep_a_night, practise, touch_context

pytestmark = pytest.mark.browser

#: The classroom template's zoom where the page is a phone's (none) and a tablet's (a projector's).
ZOOM = {"phone": 1.0, "tablet": 1.35}


@pytest.fixture
def at_table(voila, chromium, shots):
    """open(notebook, size) -> (page, its page errors): the notebook in the classroom view, in a
    browser context of its own like a phone or a tablet (``size``), rendered for this test."""
    opened = []

    def open_(name: str, size: str):
        t0 = time.monotonic()
        context = touch_context(chromium, SIZES[size])
        context.set_default_timeout(WAIT_MS)
        opened.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{voila.url}/voila/render/{name}?token={voila.token}", timeout=SERVER_START_S * 1000)
        page.locator("#rendered_cells").wait_for(state="visible", timeout=RUN_ALL_S * 1000)
        _timed(f"{name}: Voila render on a {size}", t0)
        assert page.evaluate("() => matchMedia('(pointer: coarse)').matches"), "no touch screen emulated"
        assert page.evaluate("() => innerWidth") == SIZES[size]["width"]
        zoom = page.evaluate("() => getComputedStyle(document.querySelector('#rendered_cells > div')).zoom")
        assert float(zoom) == pytest.approx(ZOOM[size]), f"the classroom zoom on a {size} is {zoom}"
        return page, errors

    yield open_
    for context in opened:
        context.close()


def _app(page, css: str):
    from playwright.sync_api import expect

    app = page.locator(css).first
    expect(app).to_be_visible(timeout=RUN_ALL_S * 1000)
    app.scroll_into_view_if_needed()
    return app


@pytest.mark.parametrize("size", SIZES)
def test_the_scorekeeper_at_a_table(at_table, shots, size):
    page, errors = at_table("08-scorekeeper.ipynb", size)
    app = _app(page, ".mjs-score-app")
    from playwright.sync_api import expect

    keep_a_night(app, f"touch-{size}.csv", f"the scorekeeper on a {size}")
    another_hand(app, f"the scorekeeper on a {size}")
    app.locator(".mjs-builder").scroll_into_view_if_needed()
    shots.take(f"touch-scorekeeper-{size}", page)
    # the report card was measured with the rest: two hands, each with its "why" and its four
    # players' figures (what each paid, and the running total under it)
    report = app.locator(".mjs-score-report")
    expect(report.locator("summary").filter(visible=True)).to_have_count(2)
    expect(report.locator("td[data-player]").filter(visible=True)).to_have_count(8)
    expect(report.locator(".mjs-total").filter(visible=True)).to_have_count(8)
    with dark_theme(page):
        expect(page.locator("body.theme-dark")).to_have_count(1)
        fits(app, f"the scorekeeper on a {size}, in the dark theme")
    assert not errors, errors


@pytest.mark.parametrize("size", SIZES)
def test_the_trainer_at_a_table(at_table, shots, size):
    page, errors = at_table("07-practice.ipynb", size)
    app = _app(page, ".mjs-practice")
    practise(app, f"the trainer on a {size}")
    app.locator(".mjs-practice-hand").scroll_into_view_if_needed()
    shots.take(f"touch-trainer-{size}", page)
    assert not errors, errors


def test_the_hand_builder_on_a_phone(at_table):
    """Lesson 2's hand builder on a phone: its tabs' titles whole (they once read "Sets and pai"),
    its buttons big enough for a finger, nothing sticking out; a tap changes the hand."""
    from playwright.sync_api import expect

    from touch_pages import fits

    page, errors = at_table("02-willingdon-hand-points.ipynb", "phone")
    app = _app(page, ".mjs-builder")
    for tab in ("Sets and pair", "Flowers and seat", "Rules and typing"):
        app.locator(".lm-TabBar-tab", has_text=tab).tap()
        fits(app, f"the hand builder on a phone, {tab}")
    app.locator(".lm-TabBar-tab", has_text="Sets and pair").tap()
    app.locator(".mjs-builder-set0-kind").get_by_role("button", name="kong", exact=True).tap()
    expect(app.locator(".mjs-builder-breakdown")).to_contain_text("kong")
    assert not errors, errors
