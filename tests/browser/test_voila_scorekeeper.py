"""The scorekeeper in the classroom view (`make present`: Voila, enlarged for a projector) at
1,024 x 768: a five-player American night, a hand and its correction, then a Willingdon night,
with nothing in the app cut short in any of these states (no label, button, option or
placeholder) and nothing sticking out of the page; closing the night asks beside its button,
on the screen. The test's own copy of the lessons starts with no night in progress."""

from __future__ import annotations

from test_lab_scorekeeper import CUT_SHORT, NOTEBOOK, SCREEN

FIVE = ["Ann", "Bea", "Cat", "Dee", "Eve"]


def test_the_scorekeeper_fits_a_projector_in_every_state(classroom):
    from playwright.sync_api import expect

    view = classroom(NOTEBOOK, viewport=SCREEN)
    page = view.page
    app = view.one("mjs-score-app")

    def fits(state: str) -> None:
        view.drawn()  # (the boxes read where they stay)
        cut = app.evaluate(CUT_SHORT)
        assert not cut, f"the scorekeeper in the classroom view at 1,024 px, {state}: {cut[:10]}"
        wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 1, f"{state}: the page scrolls sideways by {wide} px"

    players = view.one("mjs-score-players", app)
    expect(view.one("mjs-score-journal", app)).to_contain_text("(a new night")
    expect(players).to_be_visible()
    fits("a new night")
    view.fill(view.one("mjs-score-name", app), "classroom-five.csv")
    view.fill(players, ", ".join(FIVE))
    view.one("mjs-score-start", app).click()
    winner, how, thrower = (view.one(f"mjs-score-{part}", app) for part in ("winner", "how", "thrower"))
    expect(winner.get_by_role("button")).to_have_text(FIVE[:4])
    view.press(winner, "Ann")
    expect(thrower.get_by_role("button")).to_have_text(["Bea", "Cat", "Dee"])
    view.press(thrower, "Cat")
    view.press(view.one("mjs-score-pick", app), "Ann")
    view.fill(view.one("mjs-score-value", app), 100_000)
    view.press(view.one("mjs-score-dead", app), "Dee")
    expect(view.one("mjs-score-payments", app)).to_contain_text("100,000 on the card")
    fits("a five-player hand being entered")
    view.one("mjs-score-add", app).click()
    expect(view.one("mjs-score-journal", app)).to_contain_text("1 hand saved")
    view.one("mjs-score-editing", app).locator("select").select_option(label="correct hand 1")
    expect(view.one("mjs-score-add", app)).to_have_text("Save the correction of hand 1")
    fits("a hand being corrected")
    view.one("mjs-score-undo", app).click()
    expect(view.one("mjs-score-ask", app)).to_contain_text("Take back hand 1")
    fits("asking before a hand is taken back")
    view.one("mjs-score-no", app).click()
    # the question goes (the app above Another night gets shorter): scrolled to and clicked before
    # it has gone, the button moves under the click
    expect(view.one("mjs-score-ask", app)).to_be_hidden()

    # Another night asks beside its button, below the report card: on the screen, not far above it
    another = view.one("mjs-score-another", app)
    another.evaluate("e => e.scrollIntoView({block: 'center'})")
    another.click()
    asked = view.one("mjs-score-close-ask", app)
    expect(asked).to_contain_text("Close classroom-five.csv?")
    expect(asked).to_be_in_viewport()
    fits("asking before the night is closed")
    button, question = another.bounding_box(), asked.bounding_box()
    assert 0 <= question["y"] - (button["y"] + button["height"]) < 40, (button, question)
    view.one("mjs-score-close-yes", app).click()
    view.fill(view.one("mjs-score-name", app), "classroom-goulash.csv")
    view.fill(players, ", ".join(FIVE[:4]))
    view.press(view.one("mjs-score-game", app), "Willingdon")
    view.one("mjs-score-penalty", app).locator("input[type=checkbox]").set_checked(True)
    view.one("mjs-score-east-double", app).locator("input[type=checkbox]").set_checked(True)
    fits("a new Willingdon night")
    view.one("mjs-score-start", app).click()
    view.press(winner, "Bea")
    expect(thrower.get_by_role("button")).to_have_text(["Ann", "Cat", "Dee"])
    view.press(thrower, "Dee")
    view.fill(view.one("mjs-score-tiles", app), "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2")
    expect(view.one("mjs-score-payments", app)).to_contain_text("“Sets the winner showed”")
    fits("the Willingdon sets-shown question")
    view.scroll_to_top(app)
    view.shot("classroom-scorekeeper")
    view.assert_clean()
