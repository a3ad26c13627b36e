"""Lesson 1's "Your turn" question and its payments drill in the classroom view (`make present`:
Voila, the classroom template, enlarged for a projector) at 1024 x 768: each answered by a real
click and marked, and with the verdicts showing nothing sticks out of its cell or is cut short.
(How they are marked, the tally and the rule named: tests/views/test_practice_apps.py.)

The test's own copy of the lessons has its own progress log (``mjscore-data`` beside the
notebook): it starts on the first question, unanswered, and the drill's first situation; the
situation's right answer is the engine's, read from that log once the page shows it.
"""

from __future__ import annotations

from mjscore.american.drill import home_miss
from mjscore.practice import Drill
from mjscore.practice.questions import LessonQuestions
from mjscore.practice import PROGRESS_FILE

from test_lab_questions import CUT_HERE, NOTEBOOK, OVERFLOWS_HERE, type_amounts, wrong_payments
from test_layout import SCREEN


def test_lesson_1_question_and_drill_in_the_classroom_view(classroom, voila):
    from playwright.sync_api import expect

    view = classroom(NOTEBOOK[1], viewport=SCREEN)
    page = view.page
    folder = page.url.split("/voila/render/", 1)[1].split("/", 1)[0]  # the test's own copy of the lessons
    log = voila.root / folder / "mjscore-data" / PROGRESS_FILE

    turn = view.one("mjs-your-turn")
    app = turn.locator(".mjs-question").nth(0)
    expect(app).to_be_visible()
    for i, value in enumerate(LessonQuestions(1, log).question(1).answer):
        view.fill(app.locator(".mjs-question-field").nth(i), value)
    app.locator(".mjs-question-check").click()
    expect(app.locator(".mjs-question-feedback .mjs-right")).to_have_text("✓ Right.")

    drill = view.one("mjs-drill-american")
    expect(view.one("mjs-drill-number", drill)).to_have_text("Situation 1")
    d = Drill("american", log)
    s = d.situation
    wrong = wrong_payments(s, d.answer())
    type_amounts(view, drill, wrong)
    view.one("mjs-drill-check", drill).click()
    expect(view.one("mjs-drill-feedback", drill).locator(".mjs-drill-rule")).to_contain_text(home_miss(s, wrong).title)

    view.drawn()
    overflows, cut = page.evaluate(OVERFLOWS_HERE), page.evaluate(CUT_HERE)  # (the apps' cells)
    assert not overflows, "sticks out at 1024 px:\n" + "\n".join(overflows[:12])
    assert not cut, "cut short at 1024 px:\n" + "\n".join(cut)
    view.scroll_to_top(drill)
    view.shot("classroom-payments-drill")
    view.assert_clean()
