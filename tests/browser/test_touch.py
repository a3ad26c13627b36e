"""The scorekeeper and the practice trainer at a table, in the classroom view (`make present`:
Voila, the classroom template) on a phone (390 x 844) and a tablet (820 x 1180), with touch:
each is used by taps, as a finger uses it, and in every state it passes through nothing makes
the page scroll sideways, every tap target is at least 44 x 44 px, every piece of text at
least 16 px as drawn, whole (no label or dropdown's choice cut short) and at WCAG AA contrast
(tests/browser/touch_pages.py measures; the same uses, the flows below, run on the static
site's app pages in test_site.py).

The scorekeeper: a Willingdon night with four players, a hand whose tiles are tapped in (the
hand builder of lesson 2, at the table: its dropdowns of tiles), added, the totals; then
another hand; then the report card of those hands (each with its "why", the running totals
below the figures, four players' figures on one row), read again in JupyterLab's dark theme.
The trainer: an answer typed in its two boxes, Check, Next.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from touch_pages import SIZES, fits

#: The classroom template's zoom where the page is a phone's (none) and a tablet's (a projector's).
ZOOM = {"phone": 1.0, "tablet": 1.35}

#: Puts the page in JupyterLab's dark theme (``true``) or back in its light one: the theme's style
#: sheet swapped for the other (the one Voila serves for ``?theme=dark``, which sets the variables
#: every colour of the page reads) and the body marked as Voila marks it. Resolves once the new
#: sheet has loaded.
THEME = """dark => new Promise((resolve, reject) => {
    const sheet = /theme-(light|dark)\\.css/;
    const link = [...document.querySelectorAll('link[rel=stylesheet]')].find(l => sheet.test(l.href));
    if (!link) { reject(new Error('the page has no theme style sheet')); return; }
    const want = dark ? 'dark' : 'light';
    const next = link.cloneNode();
    next.href = link.href.replace(sheet, `theme-${want}.css`);
    next.onload = () => {
        link.remove();
        document.body.classList.remove('theme-light', 'theme-dark');
        document.body.classList.add(`theme-${want}`);
        document.body.dataset.jpThemeLight = String(!dark);
        document.body.dataset.jpThemeName = dark ? 'JupyterLab Dark' : 'JupyterLab Light';
        resolve();
    };
    next.onerror = () => reject(new Error(`could not load ${next.href}`));
    link.after(next);
})"""


# --- a real use, by taps (test_site.py uses these on the site's app pages too) -----------------

def tapped_hand() -> str:
    """The hand :func:`tap_a_hand` builds, as the tiles box shows it (the builder, driven in Python, says)."""
    import ipywidgets as widgets

    from mjscore.views.night.tile_entry import TileEntry

    entry = TileEntry(widgets.Text())
    entry.mode.value = "tap"
    entry.builder.sets[0]["tile"].value = "RD"
    entry.builder.sets[1]["kind"].value = "kong"
    entry.builder.flowers["F1"].value = True
    return entry.box.value


def tap_a_hand(app, where: str) -> None:
    """In the scorekeeper, a Willingdon hand by tapping its tiles: Red Dragon for the first set
    (the phone's own list of the tiles), a kong for the second, the flower F1."""
    from playwright.sync_api import expect

    app.locator(".mjs-score-entry").get_by_role("button", name="Tap the tiles", exact=True).tap()
    builder = app.locator(".mjs-builder")
    expect(builder).to_be_visible()
    builder.locator(".lm-TabBar-tab", has_text="Sets and pair").tap()
    fits(app, f"{where}, the tiles to tap")
    tile = builder.locator(".mjs-builder-set0-tile select")
    tile.tap()
    tile.select_option(label="Red Dragon")
    builder.locator(".mjs-builder-set1-kind").get_by_role("button", name="kong", exact=True).tap()
    builder.locator(".lm-TabBar-tab", has_text="Flowers").tap()
    builder.locator(".mjs-builder-flower-F1").tap()
    expect(app.locator(".mjs-score-tiles input")).to_have_value(tapped_hand())
    fits(app, f"{where}, a hand tapped in")


def _add(app, totals: str) -> None:
    """Tap "Add the hand"; the totals then say ``totals`` (else fail with what the app said)."""
    from playwright.sync_api import expect

    app.locator(".mjs-score-add").tap()
    try:
        expect(app.locator(".mjs-score-totals caption")).to_have_text(totals)
    except AssertionError as e:
        said = app.locator(".mjs-score-status").inner_text()
        raise AssertionError(f"after Add the totals do not say {totals!r}; the app says: {said!r}") from e


def keep_a_night(app, name: str, where: str) -> None:
    """The scorekeeper, from its first screen (a new night: the test's own storage): a Willingdon
    night with four players, a hand whose tiles are tapped in, added, and the totals."""
    from playwright.sync_api import expect

    expect(app.locator(".mjs-score-journal")).to_contain_text("(a new night")
    players = app.locator(".mjs-score-players input")
    expect(players).to_be_visible()
    fits(app, f"{where}: a new night")
    for box, text in ((app.locator(".mjs-score-name input"), name), (players, "Ann, Bea, Cat, Dee")):
        box.tap()  # a text box as a phone fills it: tap it, type
        box.fill(text)
    app.locator(".mjs-score-game").get_by_role("button", name="Willingdon", exact=True).tap()
    app.locator(".mjs-score-east-double label.widget-label-basic").tap()
    expect(app.locator(".mjs-score-east-double input")).to_be_checked()
    fits(app, f"{where}: a new Willingdon night")
    app.locator(".mjs-score-start").tap()
    winner = app.locator(".mjs-score-winner")
    # nothing came from another tab (read once the totals are drawn: they come after the status)
    expect(app.locator(".mjs-score-totals caption")).to_have_text("Totals after 0 hands")
    expect(app.locator(".mjs-score-status")).not_to_contain_text("another tab")
    expect(winner.get_by_role("button")).to_have_text(["Ann", "Bea", "Cat", "Dee"])
    fits(app, f"{where}: the first hand")
    winner.get_by_role("button", name="Bea", exact=True).tap()
    thrower = app.locator(".mjs-score-thrower")  # the throwers offered follow the winner
    expect(thrower.get_by_role("button")).to_have_text(["Ann", "Cat", "Dee"])
    thrower.get_by_role("button", name="Dee", exact=True).tap()
    tap_a_hand(app, where)
    _add(app, "Totals after 1 hand")
    expect(app.locator(".mjs-score-status")).to_contain_text("Hand 1: Bea (South) wins on Dee's discard")
    expect(app.locator(".mjs-score-totals")).to_contain_text("Bea")
    fits(app, f"{where}: the totals after a hand")


def another_hand(app, where: str, hands: int = 1) -> None:
    """The next hand (after ``hands``), by taps: a wall game looks off; Ann self-drawn, the plain
    hand changed by a tap (the first set a kong), added."""
    from playwright.sync_api import expect

    from mjscore.views.night.tile_entry import PLAIN

    # the last hand's winner and thrower are not shown chosen once it is added
    expect(app.locator(".mjs-score-winner .mod-active, .mjs-score-thrower .mod-active")).to_have_count(0)
    how = app.locator(".mjs-score-how")
    how.get_by_role("button", name="Wall game", exact=True).tap()
    for part in (".mjs-score-winner", ".mjs-score-thrower"):  # off, and looks off (faded)
        expect(app.locator(f"{part}.mjs-off")).to_have_count(1)
        assert float(app.locator(f"{part} button").first.evaluate("b => getComputedStyle(b).opacity")) < 0.5
    how.get_by_role("button", name="Self-drawn", exact=True).tap()
    expect(app.locator(".mjs-score-winner.mjs-off")).to_have_count(0)
    app.locator(".mjs-score-winner").get_by_role("button", name="Ann", exact=True).tap()
    how.get_by_role("button", name="Self-drawn", exact=True).tap()
    builder = app.locator(".mjs-builder")
    expect(builder).to_be_visible()  # still tapping, as for the last hand
    builder.locator(".lm-TabBar-tab", has_text="Sets and pair").tap()
    builder.locator(".mjs-builder-set0-kind").get_by_role("button", name="kong", exact=True).tap()
    expect(app.locator(".mjs-score-tiles input")).to_have_value(PLAIN.replace("x3", "x4", 1))
    fits(app, f"{where}: another hand tapped in")
    _add(app, f"Totals after {hands + 1} hands")
    fits(app, f"{where}: the totals after another hand")


def practise(app, where: str) -> None:
    """The practice trainer on a hand not yet answered: both figures asked, an answer typed in
    the two boxes, Check, Next."""
    from playwright.sync_api import expect

    number = app.locator(".mjs-practice-number")
    expect(number).to_contain_text("Hand")
    nxt = app.locator(".mjs-practice-next button, button.mjs-practice-next")
    expect(nxt).to_be_disabled()
    app.locator(".mjs-practice-mode").get_by_role("button", name="Points and doubles", exact=True).tap()
    fits(app, f"{where}: a hand dealt")
    n = int(number.inner_text().split()[1])
    for box, text in (("points", "30"), ("doubles", "2")):
        app.locator(f".mjs-practice-{box} input").tap()
        app.locator(f".mjs-practice-{box} input").fill(text)
    app.locator(".mjs-practice-check").tap()
    feedback = app.locator(".mjs-practice-feedback")
    expect(feedback).to_contain_text("Hand points: you said 30")
    expect(feedback).to_contain_text("Doubles: you said 2")
    expect(nxt).to_be_enabled()
    fits(app, f"{where}: the answer checked")
    nxt.tap()
    expect(number).to_contain_text(f"Hand {n + 1}")
    expect(feedback).to_have_text("")
    expect(nxt).to_be_disabled()  # the new hand is not answered
    fits(app, f"{where}: the next hand")


@contextmanager
def dark_theme(page):
    """The page (Voila's classroom view) in JupyterLab's dark theme for a while, then light again."""
    page.evaluate(THEME, True)
    try:
        yield
    finally:
        page.evaluate(THEME, False)


def at_table(classroom, name: str, size: str, css: str):
    """The notebook in the classroom view on a phone or a tablet (touch): (the view, its app)."""
    from playwright.sync_api import expect

    view = classroom(name, viewport=SIZES[size], has_touch=True, is_mobile=True)
    page = view.page
    assert page.evaluate("() => matchMedia('(pointer: coarse)').matches"), "no touch screen emulated"
    assert page.evaluate("() => innerWidth") == SIZES[size]["width"]
    zoom = page.locator("#rendered_cells > div").evaluate("e => getComputedStyle(e).zoom")
    assert float(zoom) == pytest.approx(ZOOM[size]), f"the classroom zoom on a {size} is {zoom}"
    app = page.locator(css).first
    expect(app).to_be_visible()
    app.scroll_into_view_if_needed()
    return view, app


@pytest.mark.parametrize("size", SIZES)
def test_the_scorekeeper_at_a_table(classroom, size):
    from playwright.sync_api import expect

    view, app = at_table(classroom, "08-scorekeeper.ipynb", size, ".mjs-score-app")
    keep_a_night(app, f"touch-{size}.csv", f"the scorekeeper on a {size}")
    another_hand(app, f"the scorekeeper on a {size}")
    app.locator(".mjs-builder").scroll_into_view_if_needed()
    view.shots.take(f"touch-scorekeeper-{size}", view.page)
    # the report card was measured with the rest: two hands, each with its "why" and its four
    # players' figures (what each paid, and the running total under it)
    report = app.locator(".mjs-score-report")
    expect(report.locator("summary").filter(visible=True)).to_have_count(2)
    expect(report.locator("td[data-player]").filter(visible=True)).to_have_count(8)
    expect(report.locator(".mjs-total").filter(visible=True)).to_have_count(8)
    with dark_theme(view.page):
        expect(view.page.locator("body.theme-dark")).to_have_count(1)
        view.drawn()
        fits(app, f"the scorekeeper on a {size}, in the dark theme")
    view.assert_no_page_errors()


@pytest.mark.parametrize("size", SIZES)
def test_the_trainer_at_a_table(classroom, size):
    view, app = at_table(classroom, "07-practice.ipynb", size, ".mjs-practice")
    practise(app, f"the trainer on a {size}")
    app.locator(".mjs-practice-hand").scroll_into_view_if_needed()
    view.shots.take(f"touch-trainer-{size}", view.page)
    view.assert_no_page_errors()


def test_the_hand_builder_on_a_phone(classroom):
    """Lesson 2's hand builder on a phone: its tabs' titles whole (they once read "Sets and pai"),
    its buttons big enough for a finger, nothing sticking out; a tap changes the hand."""
    from playwright.sync_api import expect

    view, app = at_table(classroom, "02-willingdon-hand-points.ipynb", "phone", ".mjs-builder")
    for tab in ("Sets and pair", "Flowers and seat", "Rules and typing"):
        app.locator(".lm-TabBar-tab", has_text=tab).tap()
        fits(app, f"the hand builder on a phone, {tab}")
    app.locator(".lm-TabBar-tab", has_text="Sets and pair").tap()
    app.locator(".mjs-builder-set0-kind").get_by_role("button", name="kong", exact=True).tap()
    expect(app.locator(".mjs-builder-breakdown")).to_contain_text("kong")
    view.assert_no_page_errors()
