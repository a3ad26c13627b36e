"""Lesson 1's "Your turn" question and its payments drill in the classroom view (`make present`:
Voila, the classroom template, enlarged for a projector) at 1024 x 768: each answered through
the page and marked with the engine's figures, and with the verdicts showing nothing sticks out of
its cell or is cut short (the layout checks read the page before anything is answered).

The right answers are the engine's, read from the progress log the Voila kernels keep (the
Voila server's data folder, one for the session), so the test does not depend on what ran before.
"""

from __future__ import annotations

from mjscore.american.drill import home_miss
from mjscore.practice import Drill
from mjscore.practice.questions import LessonQuestions
from mjscore.progress import Counts
from mjscore.willingdon.trainer.session import PROGRESS_FILE

from test_lab_questions import CUT_HERE, NOTEBOOK, OVERFLOWS_HERE, tally_text, type_amounts, wrong_payments
from test_layout import SCREEN


def test_lesson_1_question_and_drill_in_the_classroom_view(classroom, voila):
    from playwright.sync_api import expect

    view = classroom(NOTEBOOK[1])
    page = view.page
    page.set_viewport_size(SCREEN)
    log = voila.home / "data" / PROGRESS_FILE

    turn = view.one("mjs-your-turn")
    app = turn.locator(".mjs-question").nth(0)
    expect(app).to_be_visible()
    lesson = LessonQuestions(1, log)
    q = lesson.question(1)
    if lesson.first_answer(1) is None:  # (asked again, the page shows the first answer)
        for i, value in enumerate(q.answer):
            view.fill(app.locator(".mjs-question-field").nth(i), value)
        feedback = app.locator(".mjs-question-feedback")
        view.click_for(app.locator(".mjs-question-check"), feedback.locator(".mjs-right"), feedback)
        expect(feedback.locator(".mjs-right")).to_have_text("✓ Right.")
        t = lesson.tally
        expect(view.one("mjs-your-turn-tally", turn)).to_have_text(
            tally_text(lesson, Counts(t.played + 1, t.right + 1, t.shown)))

    drill = view.one("mjs-drill-american")
    d = Drill("american", log)
    if d.answered:  # left answered: on to a new one, read from the log once the page shows it
        view.one("mjs-drill-next", drill).click()  # (read at once, the log may not have it yet)
        expect(view.one("mjs-drill-number", drill)).to_have_text(f"Situation {d.number + 1}")
        d = Drill("american", log)
    expect(view.one("mjs-drill-number", drill)).to_have_text(f"Situation {d.number}")
    s, correct = d.situation, d.answer()
    wrong = wrong_payments(s, correct)
    type_amounts(view, drill, wrong)
    feedback = view.one("mjs-drill-feedback", drill)
    view.click_for(view.one("mjs-drill-check", drill), feedback.locator(".mjs-drill-rule"), feedback)
    expect(feedback.locator(".mjs-drill-rule")).to_contain_text(home_miss(s, wrong).title)

    view.settle()
    overflows, cut = page.evaluate(OVERFLOWS_HERE), page.evaluate(CUT_HERE)  # (the apps' cells)
    assert not overflows, "sticks out at 1024 px:\n" + "\n".join(overflows[:12])
    assert not cut, "cut short at 1024 px:\n" + "\n".join(cut)
    view.scroll_to_top(drill)
    view.shot("classroom-payments-drill")
    view.assert_clean()
