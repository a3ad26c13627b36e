"""The apps at a table: a phone (390 x 844) and a tablet (820 x 1180), touched, not clicked.

A page here is opened in a browser context of its own that emulates a touch screen
(``has_touch``, ``is_mobile``: the page's ``(pointer: coarse)`` media query holds, and it is
laid out at the device's width), and it is driven by taps (``locator.tap()``), as a finger
drives it. :func:`measure` reads what a person at a table would trip on, in one look:

* the page scrolls sideways (``document.scrollingElement.scrollWidth`` past the window), or an
  element of the app sticks out of the app or the window (cut off, or scrolling sideways in its
  box);
* a tap target under 44 x 44 px (WCAG 2.5.5's size, Apple's and Google's too): every visible
  button (toggle buttons are buttons), tab, dropdown, text box, and checkbox, a checkbox
  counting with its label (a tap on either ticks it) and as the box itself; a link inside a sentence is left out
  (WCAG leaves it out);
* text under 16 px as it is drawn: the computed font size times the zoom of the page around
  it, for SVG text times the scale its picture is drawn at; the text the boxes show (inputs,
  dropdowns) and text put in by CSS (``::after``) count too; the faces of tiles are pictures
  and are left out;
* text cut short: a label or a title that clips its own words, and a dropdown too narrow for
  one of its choices (any may be chosen: "3 Characters" once showed as "3 Charact");
* text under WCAG AA contrast against what is behind it (``browser_pages.LOW_CONTRAST_IN``), in
  the theme the page is in (:func:`dark_theme` puts a Voila page in JupyterLab's dark theme);
* a hand of the report card whose players' figures do not stay on one row (the fourth player's
  once wrapped under the others on a phone).

The "why" of a hand (a ``<details>``' summary) is a tap target like a button.
"""

from __future__ import annotations

from contextlib import contextmanager

from browser_pages import LOW_CONTRAST_IN, SETTLED

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
SIZES = {"phone": PHONE, "tablet": TABLET}
#: The least tap target and the least text, in CSS pixels.
MIN_TARGET = 44
MIN_TEXT = 16


def touch_context(chromium, size: dict, **options):
    """A new browser context like a phone or tablet of ``size``: touch, a mobile layout
    viewport, no mouse hover."""
    return chromium.new_context(viewport=size, screen=size, has_touch=True, is_mobile=True,
                                device_scale_factor=1, **options)


#: {wide: scrollWidth past innerWidth, sticking: [...], targets: [[what, w, h]...] every target,
#:  texts: [[what, px]...] every piece of text, cut: [...], low: [[what, contrast, colour,
#:  behind]...], split: [...] hands of the report card} for the app ``root``.
MEASURE = """root => {
    const describe = e => {
        const cls = typeof e.className === 'string' ? e.className : (e.className && e.className.baseVal) || '';
        const text = (e.innerText || e.textContent || e.value || e.getAttribute('aria-label') || '')
            .trim().replace(/\\s+/g, ' ').slice(0, 40);
        return `${e.tagName.toLowerCase()}${cls ? '.' + cls.trim().split(/\\s+/).slice(0, 3).join('.') : ''} "${text}"`;
    };
    const shown = e => e.checkVisibility({visibilityProperty: true}) && e.getClientRects().length > 0 &&
        e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0;
    const vw = window.innerWidth;
    const out = {wide: document.scrollingElement.scrollWidth - vw, sticking: [], targets: [], texts: [], cut: [],
                 low: (""" + LOW_CONTRAST_IN + """)([root])[0], split: []};
    // the app inside the window, and everything in it inside the app (a box of the app that is
    // wider than the app is cut off, or scrolls sideways inside it)
    const app = root.getBoundingClientRect(), left = Math.max(0, app.left), right = Math.min(vw, app.right);
    const span = r => `${Math.round(r.left)}..${Math.round(r.right)}`;
    if (app.right > vw + 1 || app.left < -1) out.sticking.push(`the app spans ${span(app)}`);
    for (const e of root.querySelectorAll('*')) {
        if (!shown(e)) continue;
        const r = e.getBoundingClientRect();
        if (r.right > right + 1 || r.left < left - 1)
            out.sticking.push(`${describe(e)} spans ${span(r)} (the app ${Math.round(left)}..${Math.round(right)})`);
    }
    // tap targets
    const seen = new Set();
    const targets = root.querySelectorAll('button, select, textarea, [role=tab], .lm-TabBar-tab, a[href], summary, ' +
        'input:not([type=hidden]):not([type=file])');
    // a checkbox counts twice: with its label (a tap on either ticks it), and the box itself
    const boxes = [...targets].filter(e => e.matches('input[type=checkbox], input[type=radio]'));
    for (let e of [...targets, ...boxes.map(b => ({box: b}))]) {
        if (e.box) e = e.box;
        else if (e.matches('input[type=checkbox], input[type=radio]')) e = e.closest('label') || e.parentElement;
        if (e.matches('a[href]') && e.parentElement && [...e.parentElement.childNodes].some(
                n => n.nodeType === 3 && n.textContent.trim())) continue;  // a link in a sentence
        if (e.matches('.lm-TabBar-tab *')) e = e.closest('.lm-TabBar-tab');
        if (seen.has(e) || !shown(e)) continue;
        seen.add(e);
        const r = e.getBoundingClientRect();
        out.targets.push([describe(e), Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]);
    }
    // text as drawn
    const drawn = (e, style) => {
        const px = parseFloat(style.fontSize);
        if (e instanceof SVGElement) {
            const svg = e.ownerSVGElement || e, box = svg.viewBox && svg.viewBox.baseVal;
            return box && box.width ? px * svg.getBoundingClientRect().width / box.width : px * (e.currentCSSZoom || 1);
        }
        return px * (e.currentCSSZoom || 1);
    };
    for (const e of root.querySelectorAll('*')) {
        if (e.closest('[data-tile], .mjs-tile') || e.matches('option, style, script') || !shown(e)) continue;
        const style = getComputedStyle(e);
        const box = e.matches('input:not([type=checkbox]):not([type=radio]), select, textarea');
        const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) ||
            (box && (e.value || e.placeholder || e.options));
        if (own && parseFloat(style.fontSize) > 0) out.texts.push([describe(e), Math.round(drawn(e, style) * 10) / 10]);
        // text cut short: a label or a tab's title that clips its own words ("Sets and pai...")
        if (own && !box && style.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)
            out.cut.push(`${describe(e)} "${e.textContent.trim().slice(0, 40)}" (${e.scrollWidth} px in ${e.clientWidth})`);
        // a dropdown too narrow for one of its choices (measured in its own font, in the room inside it)
        if (e.matches('select:not([multiple]):not([size])')) {
            const pen = document.createElement('canvas').getContext('2d');
            pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const inside = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            for (const o of e.options) {
                const w = pen.measureText(o.text).width;
                if (w > inside + 1) out.cut.push(`${describe(e)} option "${o.text}" (${Math.round(w)} px in ${Math.round(inside)})`);
            }
        }
        for (const pseudo of ['::before', '::after']) {
            const p = getComputedStyle(e, pseudo);
            if (p.content && !['none', 'normal', '""', "''"].includes(p.content) && parseFloat(p.fontSize) > 0 &&
                    p.display !== 'none')
                out.texts.push([`${describe(e)} ${pseudo}`,
                                Math.round(parseFloat(p.fontSize) * (e.currentCSSZoom || 1) * 10) / 10]);
        }
    }
    // each hand of the report card: its players' figures on one row
    for (const row of root.querySelectorAll('.mjs-report tr')) {
        const tops = new Set([...row.querySelectorAll('td[data-player]')].filter(shown)
            .map(td => Math.round(td.getBoundingClientRect().top)));
        if (tops.size > 1) out.split.push(`${describe(row)}: on ${tops.size} rows`);
    }
    return out;
}"""


def measure(app) -> dict:
    """What :data:`MEASURE` finds in the app (a locator), with the smallest target and text."""
    found = app.evaluate(MEASURE)
    found["small_targets"] = [t for t in found["targets"] if min(t[1], t[2]) < MIN_TARGET - 0.5]
    found["small_texts"] = [t for t in found["texts"] if t[1] < MIN_TEXT - 0.05]
    found["least_target"] = min(found["targets"], key=lambda t: min(t[1], t[2]), default=None)
    found["least_text"] = min(found["texts"], key=lambda t: t[1], default=None)
    return found


def problems(found: dict, where: str) -> list[str]:
    """What a person at a table would trip on, in words ([] when nothing)."""
    out = []
    if found["wide"] > 0:
        out.append(f"{where}: the page scrolls sideways by {found['wide']} px; sticking out: {found['sticking'][:8]}")
    elif found["sticking"]:
        out.append(f"{where}: sticking out of the window: {found['sticking'][:8]}")
    if found["small_targets"]:
        out.append(f"{where}: {len(found['small_targets'])} tap targets under {MIN_TARGET} x {MIN_TARGET} px "
                   f"[what, width, height]: {found['small_targets'][:10]}")
    if found["cut"]:
        out.append(f"{where}: text cut short: {found['cut'][:8]}")
    if found["low"]:
        out.append(f"{where}: {len(found['low'])} pieces of text under WCAG AA contrast "
                   f"[what, contrast, colour, behind]: {found['low'][:10]}")
    if found["split"]:
        out.append(f"{where}: a hand's figures wrap onto another row: {found['split'][:4]}")
    if found["small_texts"]:
        out.append(f"{where}: {len(found['small_texts'])} pieces of text under {MIN_TEXT} px: "
                   f"{found['small_texts'][:10]}")
    return out


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


@contextmanager
def dark_theme(page):
    """The page (Voila's classroom view) in JupyterLab's dark theme for a while, then light again."""
    page.evaluate(THEME, True)
    try:
        yield
    finally:
        page.evaluate(THEME, False)


# --- a real use, by taps -----------------------------------------------------------------

def fits(app, where: str, seen: dict | None = None) -> dict:
    """Measure the app (after the page has settled) and fail with everything a person at a table
    would trip on; ``seen`` collects the figures, by ``where``."""
    app.page.evaluate(SETTLED)  # the layout settles after a redraw (a fixed 400 ms once: too short under load)
    found = measure(app)
    if seen is not None:
        seen[where] = {"least target": found["least_target"], "least text": found["least_text"]}
    trouble = problems(found, where)
    assert not trouble, "\n".join(trouble)
    return found


def _type(box, text: str) -> None:
    """A text box as a phone fills it: tap it, type."""
    box.tap()
    box.fill(text)


def tapped_hand() -> str:
    """The hand :func:`tap_a_hand` builds, in the short notation, as the tiles box shows it (the
    builder itself, driven in Python, says)."""
    import ipywidgets as widgets

    from mjscore.views.night.tile_entry import TileEntry

    entry = TileEntry(widgets.Text())
    entry.mode.value = "tap"
    entry.builder.sets[0]["tile"].value = "RD"
    entry.builder.sets[1]["kind"].value = "kong"
    entry.builder.flowers["F1"].value = True
    return entry.box.value


def tap_a_hand(app, where: str, seen: dict | None = None) -> None:
    """In the scorekeeper, a Willingdon hand entered by tapping its tiles: Red Dragon for the first
    set (from the tile list), a kong for the second, the flower F1 (on the Flowers tab)."""
    from playwright.sync_api import expect

    entry = app.locator(".mjs-score-entry")
    entry.get_by_role("button", name="Tap the tiles", exact=True).tap()
    builder = app.locator(".mjs-builder")
    expect(builder).to_be_visible()
    builder.locator(".lm-TabBar-tab", has_text="Sets and pair").tap()
    fits(app, f"{where}, the tiles to tap", seen)
    tile = builder.locator(".mjs-builder-set0-tile select")
    tile.tap()
    tile.select_option(label="Red Dragon")  # the phone's own list of the tiles
    builder.locator(".mjs-builder-set1-kind").get_by_role("button", name="kong", exact=True).tap()
    builder.locator(".lm-TabBar-tab", has_text="Flowers").tap()
    builder.locator(".mjs-builder-flower-F1").tap()
    expect(app.locator(".mjs-score-tiles input")).to_have_value(tapped_hand())
    fits(app, f"{where}, a hand tapped in", seen)


def _add(app, totals: str) -> None:
    """Tap "Add the hand" and wait for the totals to say ``totals``; if they do not, fail with
    what the app said instead (its status line), so a refusal reads as one."""
    from playwright.sync_api import expect

    caption = app.locator(".mjs-score-totals caption")
    app.locator(".mjs-score-add").tap()
    try:
        expect(caption).to_have_text(totals, timeout=20_000)
    except AssertionError:
        # A refusal fails at once, with its words. With no word from the app at all, the tap was
        # lost (once, on a machine under heavy load, a tap landed as the page moved): tap again.
        if app.locator(".mjs-score-status .mjs-error").count():
            raise AssertionError(f"Add was refused: {app.locator('.mjs-score-status').inner_text()!r}") from None
        app.locator(".mjs-score-add").tap()
    try:
        expect(caption).to_have_text(totals)
    except AssertionError as e:
        said = app.locator(".mjs-score-status").inner_text()
        raise AssertionError(f"after Add the totals do not say {totals!r}; the app says: {said!r}") from e


def keep_a_night(app, name: str, where: str, seen: dict | None = None) -> None:
    """The scorekeeper, from its first screen: a Willingdon night with four players, a hand whose
    tiles are tapped in, added, and the totals."""
    from playwright.sync_api import expect

    players = app.locator(".mjs-score-players input")
    # A new night or one carried on, as the journal line says (drawn with the app; whether the
    # players' box shows could be read before the app had hidden it)
    journal = app.locator(".mjs-score-journal")
    expect(journal).to_contain_text("Journal:")
    if "(a new night" not in journal.inner_text():  # a night carried on: back to the list first
        app.locator(".mjs-score-another").tap()
        app.locator(".mjs-score-close-yes").tap()
    expect(players).to_be_visible()
    fits(app, f"{where}: a new night", seen)
    _type(app.locator(".mjs-score-name input"), name)
    _type(players, "Ann, Bea, Cat, Dee")
    app.locator(".mjs-score-game").get_by_role("button", name="Willingdon", exact=True).tap()
    app.locator(".mjs-score-east-double label.widget-label-basic").tap()
    expect(app.locator(".mjs-score-east-double input")).to_be_checked()
    fits(app, f"{where}: a new Willingdon night", seen)
    app.locator(".mjs-score-start").tap()
    winner = app.locator(".mjs-score-winner")
    # a new night: nothing came from another tab (the browser's storage once made it seem so),
    # read once the night is drawn (the totals come after what the start says: read before them,
    # the status line could still be the one from before the tap)
    expect(app.locator(".mjs-score-totals caption")).to_have_text("Totals after 0 hands")
    expect(app.locator(".mjs-score-status")).not_to_contain_text("another tab")
    expect(winner.get_by_role("button")).to_have_text(["Ann", "Bea", "Cat", "Dee"])
    fits(app, f"{where}: the first hand", seen)
    winner.get_by_role("button", name="Bea", exact=True).tap()
    # the throwers offered change with the winner: tapped before they have, Dee's old button is
    # gone, or its place is another player's
    thrower = app.locator(".mjs-score-thrower")
    expect(thrower.get_by_role("button")).to_have_text(["Ann", "Cat", "Dee"])
    thrower.get_by_role("button", name="Dee", exact=True).tap()
    tap_a_hand(app, where, seen)
    _add(app, "Totals after 1 hand")
    expect(app.locator(".mjs-score-status")).to_contain_text("Hand 1: Bea (South) wins on Dee's discard")
    expect(app.locator(".mjs-score-totals")).to_contain_text("Bea")
    fits(app, f"{where}: the totals after a hand", seen)


def another_hand(app, where: str, seen: dict | None = None) -> None:
    """The next hand of the night the scorekeeper shows, by taps: Ann self-drawn, the plain hand
    each hand starts from changed by a tap (the first set a kong), added."""
    from playwright.sync_api import expect

    from mjscore.views.night.tile_entry import PLAIN

    caption = app.locator(".mjs-score-totals caption")
    hands = int(caption.inner_text().split()[2])
    # the last hand's winner and thrower are not shown chosen once it is added (a browser kernel
    # once left them lit while the app took them as unchosen)
    expect(app.locator(".mjs-score-winner .mod-active, .mjs-score-thrower .mod-active")).to_have_count(0)
    # a wall game switches off what it does not use, and it looks off (faded, no tap through)
    app.locator(".mjs-score-how").get_by_role("button", name="Wall game", exact=True).tap()
    for part in (".mjs-score-winner", ".mjs-score-thrower"):
        expect(app.locator(f"{part}.mjs-off")).to_have_count(1)
        assert float(app.locator(f"{part} button").first.evaluate("b => getComputedStyle(b).opacity")) < 0.5
    app.locator(".mjs-score-how").get_by_role("button", name="Self-drawn", exact=True).tap()
    expect(app.locator(".mjs-score-winner.mjs-off")).to_have_count(0)
    app.locator(".mjs-score-winner").get_by_role("button", name="Ann", exact=True).tap()
    app.locator(".mjs-score-how").get_by_role("button", name="Self-drawn", exact=True).tap()
    builder = app.locator(".mjs-builder")
    expect(builder).to_be_visible()  # still tapping, as for the last hand
    builder.locator(".lm-TabBar-tab", has_text="Sets and pair").tap()
    builder.locator(".mjs-builder-set0-kind").get_by_role("button", name="kong", exact=True).tap()
    expect(app.locator(".mjs-score-tiles input")).to_have_value(PLAIN.replace("x3", "x4", 1))
    fits(app, f"{where}: another hand tapped in", seen)
    _add(app, f"Totals after {hands + 1} hands")
    fits(app, f"{where}: the totals after another hand", seen)


def practise(app, where: str, seen: dict | None = None) -> None:
    """The practice trainer: both figures asked, an answer typed in the two boxes, Check, Next."""
    from playwright.sync_api import expect

    number = app.locator(".mjs-practice-number")
    expect(number).to_contain_text("Hand")
    nxt = app.locator(".mjs-practice-next button, button.mjs-practice-next")
    if nxt.is_enabled():  # the hand on the table was answered before: the next one
        before = number.inner_text()
        nxt.tap()
        expect(number).not_to_have_text(before)
    app.locator(".mjs-practice-mode").get_by_role("button", name="Points and doubles", exact=True).tap()
    fits(app, f"{where}: a hand dealt", seen)
    n = int(number.inner_text().split()[1])
    _type(app.locator(".mjs-practice-points input"), "30")
    _type(app.locator(".mjs-practice-doubles input"), "2")
    app.locator(".mjs-practice-check").tap()
    feedback = app.locator(".mjs-practice-feedback")
    expect(feedback).to_contain_text("Hand points: you said 30")
    expect(feedback).to_contain_text("Doubles: you said 2")
    expect(nxt).to_be_enabled()
    fits(app, f"{where}: the answer checked", seen)
    nxt.tap()
    expect(number).to_contain_text(f"Hand {n + 1}")
    expect(feedback).to_have_text("")
    # the new hand is not answered: Next is off again (drawn after the hand's number: a practice
    # that follows on this page reads it to know whether to press it)
    expect(nxt).to_be_disabled()
    fits(app, f"{where}: the next hand", seen)
