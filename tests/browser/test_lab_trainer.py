"""The practice trainer in JupyterLab: answer one hand right, one wrong, and ask for a third;
the feedback and the tally say so, with the engine's figures.

The test's data folder is its own and new, so the trainer starts at hand 1; the hands are the
seeded dealer's, so the test knows each one's right answer from the engine.
"""

from __future__ import annotations

from mjscore import score
from mjscore.willingdon.deal import deal

NOTEBOOK = "07-practice.ipynb"


def test_answer_right_then_wrong_then_show_me(lab_notebook):
    from playwright.sync_api import expect

    nb = lab_notebook(NOTEBOOK)
    app = nb.one("mjs-practice")
    feedback, tally = nb.one("mjs-practice-feedback", app), nb.one("mjs-practice-tally", app)
    points, doubles = nb.one("mjs-practice-points", app), nb.one("mjs-practice-doubles", app)
    check, show, next_ = (nb.one(f"mjs-practice-{part}", app) for part in ("check", "show", "next"))

    nb.fill(nb.one("mjs-practice-name", app), "Robin")
    expect(nb.one("mjs-practice-greeting", app)).to_contain_text("Playing as Robin")
    expect(tally).to_contain_text("No hands played yet")

    first = 1  # the test's own data folder: nothing played before
    expect(nb.one("mjs-practice-number", app)).to_contain_text("Hand 1")
    hands = deal(first + 2)

    # 1. the right answer
    right = score(hands[first - 1])
    nb.fill(points, right.hand_points)
    nb.fill(doubles, right.doubles)
    check.click()
    expect(feedback.locator(".mjs-right")).to_have_count(2)
    expect(feedback.locator(".mjs-wrong")).to_have_count(0)
    expect(feedback.locator(".mjs-headline")).to_contain_text(f"Score: {right.score:,}")
    expect(tally).to_contain_text("1 of 1 right")
    expect(next_).to_be_enabled()

    # 2. a wrong answer: the doubles right, the hand points not
    next_.click()
    expect(nb.one("mjs-practice-number", app)).to_contain_text(f"Hand {first + 1}")
    expect(feedback).to_have_text("")
    wrong = score(hands[first])
    nb.fill(points, wrong.hand_points + 2)
    nb.fill(doubles, wrong.doubles)
    check.click()
    expect(feedback.locator(".mjs-wrong")).to_have_count(1)
    expect(feedback.locator(".mjs-right")).to_have_count(1)
    expect(feedback).to_contain_text(f"the hand has {wrong.hand_points:,}")
    expect(tally).to_contain_text("1 of 2 right")
    expect(tally).to_contain_text("1 missed (0 shown)")
    nb.shot("practice-wrong-answer", app, feedback.locator(".mjs-headline"), max_height=900)

    # 3. Show me: the answer, counted as a miss
    next_.click()
    expect(nb.one("mjs-practice-number", app)).to_contain_text(f"Hand {first + 2}")
    shown = score(hands[first + 1])
    show.click()
    expect(feedback.locator(".mjs-shown")).to_contain_text(
        f"{shown.hand_points:,} hand points and {shown.doubles} doubles")
    expect(tally).to_contain_text("1 of 3 right")
    expect(tally).to_contain_text("2 missed (1 shown)")
    expect(nb.one("mjs-practice-played", app).locator("option")).to_have_count(3)

    # 4. hand points only: the doubles box goes, and the mode gets its own tally line
    next_.click()
    # the next hand drawn first: the long breakdown empties as it comes, so the notebook may
    # scroll back (it is no longer as long), and a click meanwhile can land where the button was
    expect(nb.one("mjs-practice-number", app)).to_contain_text(f"Hand {first + 3}")
    nb.one("mjs-practice-mode", app).get_by_role("button", name="Hand points only").click()
    expect(doubles).to_be_hidden()
    points_only = score(deal(first + 3)[first + 2])
    nb.fill(points, points_only.hand_points)
    check.click()
    expect(tally).to_contain_text("Hand points only: 1 of 1 right")

    # 5. the progress file, downloaded from the page itself
    nb.one("mjs-practice-download", app).click()
    expect(nb.one("mjs-practice-link", app).locator("a[download='practice.jsonl']")).to_have_count(1)
    nb.assert_no_page_errors()
