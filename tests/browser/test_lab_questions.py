"""A lesson's "Your turn" question and a drill in JupyterLab, each answered end to end through
the page (typed, Check, marked with the engine's figures, written to the progress log in the
test's own data folder); with the verdicts showing, the practice apps fit a projector's 1,024 px
and read at WCAG AA.

What the apps do on each click (every lesson's first question, Hint, Show me, a second try that
does not count, the two drills, lesson 7's progress table) is tested without a browser, on the
same app objects: tests/views/test_lesson_practice.py.
"""

from __future__ import annotations

from pathlib import Path

from mjscore.american.drill import home_miss
from mjscore.lessons import LESSONS, mark
from mjscore.practice import Drill
from mjscore.practice.questions import LessonQuestions
from mjscore.practice.book import Counts
from mjscore.practice import PROGRESS_FILE

from browser_pages import NOTEBOOKS
from test_layout import CUT_LABELS, LOW_CONTRAST, OVERFLOWS, SCREEN, _use_theme

from tests.views.test_lesson_practice import wrong_payments

#: Each lesson's notebook, by its number (the classroom view's test reads lesson 1's too).
NOTEBOOK = {n: next(NOTEBOOKS.glob(f"{n:02d}-*.ipynb")).name for n in LESSONS}

#: What holds a lesson's questions or a drill (the rest of a lesson is the layout checks' to read).
PRACTICE = ":has(.mjs-your-turn, .mjs-drill)"


def _practice_only(check: str, old: str, new: str, times: int) -> str:
    """A layout check of test_layout.py that reads only the cells that hold practice apps."""
    assert check.count(old) == times, f"test_layout.py's check changed: {old!r} is not there {times} times"
    return check.replace(old, new)


#: Nothing of a practice app sticks out of its cell, or is cut short, or reads under AA.
OVERFLOWS_HERE = _practice_only(OVERFLOWS, "querySelectorAll('.jp-Cell')", f"querySelectorAll('.jp-Cell{PRACTICE}')", 1)
CUT_HERE = _practice_only(CUT_LABELS, ".jp-OutputArea-output ", f".jp-OutputArea-output{PRACTICE} ", 5)
CONTRAST_HERE = _practice_only(LOW_CONTRAST, "'.jp-Notebook .jp-OutputArea-output, .jp-Notebook .jp-MarkdownOutput'",
                               f"'.jp-Notebook .jp-OutputArea-output{PRACTICE}'", 1)


def fits_and_reads(nb, *, themes: bool = True) -> None:
    """With the answers' verdicts showing, at the projector's 1,024 px (the layout checks read
    the lessons before anything is answered): nothing of the practice apps sticks out of its cell
    or is cut short, and (``themes``) every piece of their text reads at WCAG AA in JupyterLab's
    light and dark themes."""
    page = nb.page
    nb.drawn()  # (opened at SCREEN: the verdicts drawn, and painted)
    overflows, cut = page.evaluate(OVERFLOWS_HERE), page.evaluate(CUT_HERE)
    assert not overflows, f"{nb.name}: sticks out at 1024 px:\n" + "\n".join(overflows[:12])
    assert not cut, f"{nb.name}: cut short at 1024 px:\n" + "\n".join(cut)
    if not themes:
        return
    low = {"light": page.evaluate(CONTRAST_HERE)}
    try:
        _use_theme(page, "dark")
        nb.drawn()
        low["dark"] = page.evaluate(CONTRAST_HERE)
    finally:
        _use_theme(page, "light")
    for theme, (under, read) in low.items():
        assert read > 20, f"{nb.name}, {theme} theme: only {read} pieces of the practice apps' text read"
        assert not under, f"{nb.name}, {theme} theme: text under AA [where, contrast, colour, behind]: {under}"


def log_of(lab, nb) -> Path:
    """The progress log the notebook's kernel keeps: in the test's own data folder, beside the
    notebook (the server sets ``MJSCORE_DATA_DIR=mjscore-data``, relative to the kernel's folder)."""
    return (lab.root / nb.path).parent / "mjscore-data" / PROGRESS_FILE


def answer(nb, app, question, values) -> None:
    """Type (or pick) ``values`` into the question's boxes, one a field."""
    from playwright.sync_api import expect

    fields = app.locator(".mjs-question-field")
    expect(fields).to_have_count(len(question.fields))
    for i, (field, value) in enumerate(zip(question.fields, values)):
        if field.choices:
            nb.press(fields.nth(i), str(value))
        else:
            nb.fill(fields.nth(i), value)


def test_a_lesson_question_answered_in_jupyterlab(lab_notebook, lab):
    """Lesson 3 in JupyterLab: its first question answered right by typing (marked right, the
    tally counts it, the log in the test's own data folder has it), the second wrong (the rule
    named), the third shown; with the verdicts showing (the green of a right answer, the red of a
    wrong one, the grey of the notes) the lesson fits 1,024 px and reads in both themes."""
    from playwright.sync_api import expect

    nb = lab_notebook(NOTEBOOK[3], viewport=SCREEN)
    turn = nb.one("mjs-your-turn")
    tally = nb.one("mjs-your-turn-tally", turn)
    apps = turn.locator(".mjs-question")
    lesson = LessonQuestions(3, log_of(lab, nb))
    expect(apps).to_have_count(lesson.count)
    expect(tally).to_have_text("Nothing answered yet in this lesson.")

    q, app = lesson.question(1), apps.nth(0)
    expect(app.locator(".mjs-question-prompt")).to_contain_text(q.prompt)
    assert not any(f.choices for f in q.fields)  # typed, every one
    answer(nb, app, q, q.answer)
    app.locator(".mjs-question-check").click()
    feedback = app.locator(".mjs-question-feedback")
    expect(feedback.locator(".mjs-right")).to_have_text("✓ Right.")
    expect(feedback.locator(".mjs-wrong")).to_have_count(0)
    expect(tally).to_have_text(f"{lesson.title}: 1 of 1 right (0 shown)")
    lesson.reload()
    assert lesson.tally == Counts(1, 1, 0) and tuple(lesson.first_answer(1).given) == q.answer

    q, app = lesson.question(2), apps.nth(1)  # wrong, as a learner who misreads a rule
    wrong = q.misreadings[0].answer
    answer(nb, app, q, wrong)
    app.locator(".mjs-question-check").click()
    feedback = app.locator(".mjs-question-feedback")
    expect(feedback.locator(".mjs-wrong")).to_have_text("✗ Not quite.")
    expect(feedback.locator(".mjs-question-rule")).to_contain_text(mark(q, wrong).missed.title)
    apps.nth(2).locator(".mjs-question-show").click()
    expect(apps.nth(2).locator(".mjs-question-feedback .mjs-shown")).to_be_visible()
    expect(tally).to_have_text(f"{lesson.title}: 1 of 3 right (1 shown)")
    fits_and_reads(nb)
    nb.shot("lesson-3-your-turn", apps.nth(1), apps.nth(2))
    nb.assert_no_page_errors()


def type_amounts(nb, app, amounts) -> None:
    """Type each player's amount in the drill's boxes, as a learner writes it (+100, -25, 0)."""
    from playwright.sync_api import expect

    boxes = app.locator(".mjs-drill-amount")
    expect(boxes).to_have_count(len(amounts))
    for i, amount in enumerate(amounts):
        nb.fill(boxes.nth(i), f"{amount:+d}" if amount else "0")


def test_the_payments_drill_answered_in_jupyterlab(lab_notebook, lab):
    """Lesson 1's drill in JupyterLab: the situation dealt, answered right by typing each
    player's amount (marked right, counted, in the log); Next deals the next, answered wrong (the
    rule named); with the verdict showing, the drill fits 1,024 px."""
    from playwright.sync_api import expect

    nb = lab_notebook(NOTEBOOK[1], viewport=SCREEN)
    app = nb.one("mjs-drill-american")
    tally, feedback, next_ = (nb.one(f"mjs-drill-{part}", app) for part in ("tally", "feedback", "next"))
    check, number = nb.one("mjs-drill-check", app), nb.one("mjs-drill-number", app)
    path = log_of(lab, nb)
    drill = Drill("american", path)
    expect(number).to_have_text("Situation 1")
    expect(nb.one("mjs-drill-situation", app)).to_contain_text(drill.situation.describe())
    expect(next_).to_be_disabled()

    type_amounts(nb, app, drill.answer())
    check.click()
    expect(feedback.locator(".mjs-right")).to_have_text("✓ Right.")
    expect(tally).to_contain_text(f"{drill.title}: 1 of 1 right")
    expect(number).to_contain_text("answered: press Next")
    assert Drill("american", path).tally == Counts(1, 1, 0)

    next_.click()
    expect(number).to_have_text("Situation 2")
    drill = Drill("american", path)
    s = drill.situation
    expect(nb.one("mjs-drill-situation", app)).to_contain_text(s.describe())
    wrong = wrong_payments(s, drill.answer())
    type_amounts(nb, app, wrong)
    check.click()
    expect(feedback.locator(".mjs-wrong")).to_have_text("✗ Not quite.")
    expect(feedback.locator(".mjs-drill-rule")).to_contain_text(home_miss(s, wrong).title)
    expect(tally).to_contain_text(f"{drill.title}: 1 of 2 right")
    fits_and_reads(nb, themes=False)  # (its colours are the questions': the lesson test reads them)
    nb.assert_no_page_errors()
