"""The scorekeeper in JupyterLab: start a night, enter two hands by clicking and typing (a card
value the buttons do not offer among them), correct each from the table changing one thing, and
the totals show them, as the engine's Ledger works them out; a stray click on Undo asks first;
then another night, a Willingdon one, where the sets-shown question names a control on the page.
At 1,024 x 768 nothing in the app is cut short in any of these states: no label, button, option
or placeholder."""

from __future__ import annotations

import re

from mjscore.night import Ledger
from mjscore.numbers import signed

NOTEBOOK = "08-scorekeeper.ipynb"
PLAYERS = ["Ann", "Bea", "Cat", "Dee"]
SCREEN = {"width": 1024, "height": 768}

#: Text of the app that does not fit where it is shown: a label or button cut short, a list's
#: option or a box's placeholder wider than its box.
CUT_SHORT = """app => {
    const out = [];
    const ctx = document.createElement('canvas').getContext('2d');
    const textWidth = (e, text) => {
        const s = getComputedStyle(e);
        ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        return ctx.measureText(text).width;
    };
    const room = e => { const s = getComputedStyle(e); return e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); };
    for (const e of app.querySelectorAll('.widget-label, .widget-label-basic, button, label'))
        if (e.offsetParent && e.scrollWidth > e.clientWidth + 1) out.push(`cut short: "${e.innerText}"`);
    for (const s of app.querySelectorAll('select'))
        if (s.offsetParent) for (const o of s.options)
            if (textWidth(s, o.text) > room(s) + 1) out.push(`option wider than its list: "${o.text}"`);
    for (const i of app.querySelectorAll('input[placeholder]'))
        if (i.offsetParent && i.placeholder && textWidth(i, i.placeholder) > room(i) + 1)
            out.push(`placeholder wider than its box: "${i.placeholder}"`);
    const right = app.getBoundingClientRect().right;
    for (const e of app.querySelectorAll('*')) {
        const r = e.getBoundingClientRect();
        if (e.offsetParent && r.width > 1 && r.right > right + 1) out.push(`sticks out: ${e.tagName} "${(e.innerText || '').slice(0, 40)}"`);
    }
    return out;
}"""


def fits(nb, app, state: str) -> None:
    nb.drawn()  # (opened at SCREEN: the state just drawn, and painted)
    cut = app.evaluate(CUT_SHORT)
    assert not cut, f"the scorekeeper at 1,024 px, {state}: {cut[:10]}"


def expect_totals(widget, totals: dict[str, int]) -> None:
    """Each player's total as the app shows it (rows: place, name, total)."""
    from playwright.sync_api import expect

    for player, total in totals.items():
        row = widget.locator("table.mjs-totals tr").filter(has_text=player)
        expect(row.locator("td")).to_have_text([re.compile(r"\d+"), player, signed(total)])


def test_two_hands_and_a_correction_make_the_totals(lab_notebook):
    from playwright.sync_api import expect

    nb = lab_notebook(NOTEBOOK, viewport=SCREEN)
    app = nb.one("mjs-score-app")
    players = nb.one("mjs-score-players", app)
    # A new night (the test's own data folder holds none)
    journal = nb.one("mjs-score-journal", app)
    expect(journal).to_contain_text("(a new night")
    fits(nb, app, "a new night")
    players.locator("input").fill(", ".join(PLAYERS))
    players.locator("input").press("Tab")
    nb.one("mjs-score-start", app).click()
    winner, how, thrower = (nb.one(f"mjs-score-{part}", app) for part in ("winner", "how", "thrower"))
    value, quick, add = (nb.one(f"mjs-score-{part}", app) for part in ("value", "quick", "add"))
    totals, status = nb.one("mjs-score-totals", app), nb.one("mjs-score-status", app)
    expect(winner.get_by_role("button")).to_have_text(PLAYERS)
    expect_totals(totals, dict.fromkeys(PLAYERS, 0))

    night = Ledger(PLAYERS)  # the engine, for the expected figures

    # Hand 1: Ann wins on Cat's discard, a 25 hand (a button), Bea and Dee dead (two clicks).
    nb.press(winner, "Ann")
    expect(thrower.get_by_role("button")).to_have_text(["Bea", "Cat", "Dee"])
    nb.press(how, "On a discard")
    nb.press(thrower, "Cat")
    nb.press(quick, "25")
    dead = nb.one("mjs-score-dead", app)
    nb.press(dead, "Bea")
    nb.press(dead, "Dee")
    first = night.add(winner="Ann", how="discard", thrower="Cat", value=25, dead=("Bea", "Dee"))
    expect(nb.one("mjs-score-payments", app)).to_contain_text(first.text)
    fits(nb, app, "a hand being entered")
    add.click()
    expect(totals.locator("caption")).to_have_text("Totals after 1 hand")
    expect(status).to_contain_text(first.text)

    # Hand 2: Bea draws her own tile, a jokerless hand worth 80: typed, no button says 80.
    nb.press(how, "Self-drawn")
    nb.press(winner, "Bea")
    nb.fill(value, 80)
    nb.one("mjs-score-jokerless", app).locator("input[type=checkbox]").set_checked(True)
    second = night.add(winner="Bea", how="self-drawn", value=80, jokerless=True)
    expect(nb.one("mjs-score-payments", app)).to_contain_text(second.text)
    add.click()
    expect(status).to_contain_text(second.text)

    # Correct each from the table, one thing each: Dee threw hand 1, hand 2 was not jokerless.
    editing = nb.one("mjs-score-editing", app)
    n = 1
    editing.locator("select").select_option(label=f"correct hand {n}")
    expect(add).to_have_text(f"Save the correction of hand {n}")
    expect(nb.one("mjs-score-editing-note", app)).to_contain_text(first.text)
    fits(nb, app, "a hand being corrected")
    # hand 1 is in the controls (each control is redrawn by a message of its own): clicked before
    # the throwers follow its winner, Dee's button would be the old one, gone or another's
    expect(thrower.locator(".mod-active")).to_have_text("Cat")
    nb.press(thrower, "Dee")
    fixed = night.correct(1, thrower="Dee")
    add.click()
    expect(status).to_contain_text(fixed.text)
    expect(add).to_have_text("Add the hand")
    editing.locator("select").select_option(label=f"correct hand {n + 1}")
    expect(value.locator("input")).to_have_value("80")
    # the box shows hand 2's jokerless (its own message, maybe after the value's): unticked before
    # it did, the untick would do nothing and the tick arriving after would be saved
    jokerless = nb.one("mjs-score-jokerless", app)
    expect(jokerless.locator("input[type=checkbox]")).to_be_checked()
    jokerless.locator("input[type=checkbox]").set_checked(False)
    fixed_too = night.correct(2, jokerless=False)
    assert "80 on the card" in fixed_too.text
    add.click()
    expect(status).to_contain_text(fixed_too.text)

    expect(totals.locator("caption")).to_have_text("Totals after 2 hands")
    expect_totals(totals, {p: night.totals[p] for p in PLAYERS})
    expect(nb.one("mjs-score-journal", app)).to_contain_text("2 hands saved")
    chart = nb.one("mjs-score-chart", app)
    expect(chart.locator("svg:not(.mjs-totals-narrow) polyline")).to_have_count(4)  # on a desk the wide chart,
    expect(chart.locator("svg.mjs-totals-narrow")).to_be_hidden()                    # the phone's hidden
    nb.shot("scorekeeper", status, nb.one("mjs-score-chart", app))

    # A stray click on Undo takes nothing back: it asks.
    nb.one("mjs-score-undo", app).click()
    ask = nb.one("mjs-score-ask", app)
    expect(ask).to_contain_text("Take back hand 2")
    fits(nb, app, "asking before a hand is taken back")
    nb.one("mjs-score-no", app).click()
    expect(ask).to_be_hidden()
    expect(totals.locator("caption")).to_have_text("Totals after 2 hands")

    # Another night (asked first), a Willingdon one: the journal line follows the file name.
    nb.one("mjs-score-another", app).click()
    nb.one("mjs-score-close-yes", app).click()
    expect(nb.one("mjs-score-bring-back", app)).to_have_text(re.compile("Open .* again"))
    name = "goulash.csv"
    nb.fill(nb.one("mjs-score-name", app), name)
    expect(nb.one("mjs-score-journal", app)).to_contain_text(name)
    nb.fill(players, ", ".join(PLAYERS))
    nb.press(nb.one("mjs-score-game", app), "Willingdon")
    nb.one("mjs-score-penalty", app).locator("input[type=checkbox]").set_checked(True)
    fits(nb, app, "a new Willingdon night")
    nb.one("mjs-score-start", app).click()
    expect(nb.one("mjs-score-east-note", app)).to_contain_text("Ann, listed first, is East for hand 1")
    nb.press(winner, "Bea")
    expect(thrower.get_by_role("button")).to_have_text(["Ann", "Cat", "Dee"])
    nb.press(thrower, "Dee")
    nb.fill(nb.one("mjs-score-tiles", app), "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2")
    payments = nb.one("mjs-score-payments", app)
    expect(payments).to_contain_text("“Sets the winner showed”")
    expect(nb.one("mjs-score-willingdon-box", app)).to_contain_text("Sets the winner showed")  # the control is there
    fits(nb, app, "the Willingdon sets-shown question")
    nb.press(nb.one("mjs-score-exposed", app), "2")
    expect(payments).to_contain_text("if you add it")
    add.click()
    expect(nb.one("mjs-score-east-note", app)).to_contain_text("Bea is East for hand 2")
    fits(nb, app, "a Willingdon night")
    nb.assert_no_page_errors()
