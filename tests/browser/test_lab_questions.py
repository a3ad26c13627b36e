"""The "Your turn" questions of lessons 1 to 6 and the two drills in JupyterLab, answered through
the page and marked with the engine's figures; then lesson 7's progress, lesson by lesson.

Every right answer here is the engine's (:mod:`mjscore.lessons` through
:class:`~mjscore.practice.questions.LessonQuestions`, :class:`~mjscore.practice.Drill`), read
from the learner's own progress log: the JupyterLab server's data folder (``MJSCORE_DATA_DIR``,
one for the whole session: see ``server_env`` in conftest.py), which the kernel writes and the
test reads, as a second window would. So no test depends on what ran before it: each reads the
round, the situation and the tally it finds there, and answers a question no test here answered
before it (lesson 7's test practises a lesson that nothing has practised yet on its last
question, never on the first ones these tests answer).

The tests drive only the lesson's question or drill app, so each leaves its notebook's run (the
layout check's, ``shares_run``) as it found it for every other app, to the next test on it; they
read it at the layout check's size, a projector's 1024 x 768.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjscore.american.drill import home_miss, misreadings
from mjscore.lessons import COUNT, LESSONS, TITLES, mark
from mjscore.numbers import signed
from mjscore.practice import Drill
from mjscore.practice.questions import LessonQuestions
from mjscore.practice.teacher import DRILL_TITLES, read_student
from mjscore.progress import Counts
from mjscore.willingdon.trainer.records import answered_again
from mjscore.willingdon.trainer.session import PROGRESS_FILE

from browser_pages import NOTEBOOKS
from test_layout import CUT_LABELS, LOW_CONTRAST, OVERFLOWS, SCREEN, _use_theme

#: Each lesson's notebook, by its number.
NOTEBOOK = {n: next(NOTEBOOKS.glob(f"{n:02d}-*.ipynb")).name for n in (*LESSONS, 7)}

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
    page.set_viewport_size(SCREEN)
    nb.settle()
    overflows, cut = page.evaluate(OVERFLOWS_HERE), page.evaluate(CUT_HERE)
    assert not overflows, f"{nb.name}: sticks out at 1024 px:\n" + "\n".join(overflows[:12])
    assert not cut, f"{nb.name}: cut short at 1024 px:\n" + "\n".join(cut)
    if not themes:
        return
    low = {"light": page.evaluate(CONTRAST_HERE)}
    try:
        _use_theme(page, "dark")
        nb.settle()
        low["dark"] = page.evaluate(CONTRAST_HERE)
    finally:
        _use_theme(page, "light")
    for theme, (under, read) in low.items():
        assert read > 20, f"{nb.name}, {theme} theme: only {read} pieces of the practice apps' text read"
        assert not under, f"{nb.name}, {theme} theme: text under AA [where, contrast, colour, behind]: {under}"


def log_of(lab) -> Path:
    """The progress log the JupyterLab kernel keeps (the server's data folder)."""
    return lab.home / "data" / PROGRESS_FILE


def tally_text(lesson: LessonQuestions, counts: Counts) -> str:
    """The lesson's tally line as the app writes it."""
    if not counts.played:
        return "Nothing answered yet in this lesson."
    return f"{lesson.title}: {counts.right} of {counts.played} right ({counts.shown} shown)"


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


def free_question(lesson: LessonQuestions, number: int) -> None:
    """The question is not answered yet in the lesson's round (each test here answers its own)."""
    assert lesson.first_answer(number) is None, (
        f"{lesson.title}: question {number} of round {lesson.round} is already answered in {lesson.path}; "
        "these tests answer each question once a session")


def open_lesson(notebook, lab, n: int):
    """Lesson ``n`` run in JupyterLab, its questions' app, and the lesson's questions on its log."""
    from playwright.sync_api import expect

    nb = notebook(NOTEBOOK[n], viewport=SCREEN)
    turn = nb.one("mjs-your-turn")
    lesson = LessonQuestions(n, log_of(lab))
    expect(turn.locator(".mjs-question")).to_have_count(lesson.count)
    expect(nb.one("mjs-your-turn-tally", turn)).to_have_text(tally_text(lesson, lesson.tally))
    return nb, turn, lesson


@pytest.mark.parametrize("n", [pytest.param(n, id=f"lesson{n}", marks=pytest.mark.shares_run(NOTEBOOK[n], leaves=True))
                               for n in LESSONS])
def test_the_first_question_is_marked_right(notebook, lab, n):
    """Each lesson's first question, answered with the engine's answer: marked right, and the
    lesson's tally line counts it."""
    from playwright.sync_api import expect

    nb, turn, lesson = open_lesson(notebook, lab, n)
    free_question(lesson, 1)
    before, q = lesson.tally, lesson.question(1)
    app = turn.locator(".mjs-question").nth(0)
    expect(app.locator(".mjs-question-prompt")).to_contain_text(q.prompt)
    answer(nb, app, q, q.answer)
    feedback = app.locator(".mjs-question-feedback")
    nb.click_for(app.locator(".mjs-question-check"), feedback.locator(".mjs-right"), feedback)
    expect(feedback.locator(".mjs-right")).to_have_text("✓ Right.")
    expect(feedback.locator(".mjs-wrong")).to_have_count(0)
    after = Counts(before.played + 1, before.right + 1, before.shown)
    expect(nb.one("mjs-your-turn-tally", turn)).to_have_text(tally_text(lesson, after))
    lesson.reload()
    assert lesson.tally == after and tuple(lesson.first_answer(1).given) == q.answer
    nb.assert_no_page_errors()


@pytest.mark.shares_run(NOTEBOOK[3], leaves=True)
def test_a_wrong_answer_a_hint_a_show_me_and_a_second_try_that_does_not_count(notebook, lab):
    """Lesson 3: a wrong answer is marked with the rule the engine says was missed; Hint says
    where to look and counts nothing; Show me reveals the answer and counts as a miss; and the
    first answer is the one counted: the right answer given after it is marked right, the tally unmoved. With
    the verdicts showing (the green of a right answer, the red of a wrong one, the grey of the
    notes), the lesson fits 1,024 px and reads in both themes. (Questions 2 and 3: the first is
    the test above's.)"""
    from playwright.sync_api import expect

    nb, turn, lesson = open_lesson(notebook, lab, 3)
    tally = nb.one("mjs-your-turn-tally", turn)
    apps = turn.locator(".mjs-question")
    for number in (2, 3):
        free_question(lesson, number)
    counts = lesson.tally

    # a wrong answer, as a learner who misreads a rule gives it: the rule named
    q = lesson.question(2)
    wrong = q.misreadings[0].answer
    missed = mark(q, wrong).missed
    assert missed is not None
    app = apps.nth(1)
    answer(nb, app, q, wrong)
    feedback = app.locator(".mjs-question-feedback")
    nb.click_for(app.locator(".mjs-question-check"), feedback.locator(".mjs-wrong"), feedback)
    expect(feedback.locator(".mjs-wrong")).to_have_text("✗ Not quite.")
    expect(feedback.locator(".mjs-question-rule")).to_contain_text(f"The rule you most likely missed: {missed.title}.")
    counts = Counts(counts.played + 1, counts.right, counts.shown)
    expect(tally).to_have_text(tally_text(lesson, counts))

    # Hint: where to look, nothing counted; then Show me: the answer, counted as a miss
    q = lesson.question(3)
    app = apps.nth(2)
    feedback = app.locator(".mjs-question-feedback")
    nb.click_for(app.locator(".mjs-question-hint"), feedback.locator(".mjs-question-hint-text"), feedback)
    expect(feedback.locator(".mjs-question-hint-text")).to_have_text(f"Hint: {q.hint}")
    expect(tally).to_have_text(tally_text(lesson, counts))
    app.locator(".mjs-question-show").click()
    expect(feedback.locator(".mjs-shown")).to_be_visible()
    for field, value in zip(q.fields, q.answer):
        expect(feedback).to_contain_text(f"{field.label}: — {signed(value).lstrip('+')}")
    counts = Counts(counts.played + 1, counts.right, counts.shown + 1)
    expect(tally).to_have_text(tally_text(lesson, counts))

    # the first answer (here Show me) is the one the tally keeps: the right answer now is marked
    # right, said as information, and the tally does not move
    answer(nb, app, q, q.answer)
    app.locator(".mjs-question-check").click()
    expect(feedback).to_contain_text(answered_again("question", first=None, now=True))
    expect(feedback.locator(".mjs-right")).to_have_text("✓ Right.")
    expect(tally).to_have_text(tally_text(lesson, counts))
    lesson.reload()
    assert lesson.tally == counts
    assert tuple(lesson.first_answer(2).given) == wrong and lesson.first_answer(3).given is None
    fits_and_reads(nb)
    nb.shot("lesson-3-your-turn", apps.nth(1), apps.nth(2))
    nb.assert_no_page_errors()


def drill_of(lab, game: str) -> Drill:
    """The drill as the kernel left it in the log (read as a second window reads it)."""
    return Drill(game, log_of(lab))


def drill_tally(drill: Drill, counts: Counts) -> str:
    """The drill's tally line as the app writes it (after the learner's name, if any)."""
    if not counts.played:
        return f"{drill.title}: nothing played yet."
    missed = counts.played - counts.right
    return f"{drill.title}: {counts.right} of {counts.played} right · {missed} missed ({counts.shown} shown)"


def type_amounts(nb, app, amounts) -> None:
    """Type each player's amount in the drill's boxes, as a learner writes it (+100, -25, 0)."""
    from playwright.sync_api import expect

    boxes = app.locator(".mjs-drill-amount")
    expect(boxes).to_have_count(len(amounts))
    for i, amount in enumerate(amounts):
        nb.fill(boxes.nth(i), f"{amount:+d}" if amount else "0")


def wrong_payments(s, correct: tuple) -> tuple:
    """A wrong answer to a payments situation: a learner's who misreads one of its rules, or
    (a wall game: no rule to misread) three paying the first player 10 each."""
    found = misreadings(s)
    wrong = found[0].answer if found else (30, -10, -10, -10, *[0] * (len(correct) - 4))
    assert wrong != correct and home_miss(s, wrong) is not None
    return wrong


def open_drill(notebook, lab, n: int, game: str):
    """Lesson ``n`` run, its drill app on a situation not yet answered, and the drill's state."""
    from playwright.sync_api import expect

    nb = notebook(NOTEBOOK[n], viewport=SCREEN)
    app = nb.one(f"mjs-drill-{game}")
    drill = drill_of(lab, game)
    if drill.answered:  # left answered: on to a new one, as a learner would
        nb.one("mjs-drill-next", app).click()
        expect(nb.one("mjs-drill-number", app)).to_have_text(f"Situation {drill.number + 1}")
        drill = drill_of(lab, game)
    expect(nb.one("mjs-drill-number", app)).to_have_text(f"Situation {drill.number}")
    expect(nb.one("mjs-drill-tally", app)).to_contain_text(drill_tally(drill, drill.tally))
    return nb, app, drill


@pytest.mark.shares_run(NOTEBOOK[1], leaves=True)
def test_the_payments_drill_marks_a_right_then_a_wrong_answer(notebook, lab):
    """Lesson 1's drill: the situation dealt answered right, the next one wrong (the rule the
    engine says was missed is named), then Next deals a third."""
    from playwright.sync_api import expect

    nb, app, drill = open_drill(notebook, lab, 1, "american")
    tally, feedback, next_ = (nb.one(f"mjs-drill-{part}", app) for part in ("tally", "feedback", "next"))
    number, before = drill.number, drill.tally
    s = drill.situation
    expect(nb.one("mjs-drill-situation", app)).to_contain_text(s.describe())
    expect(next_).to_be_disabled()
    type_amounts(nb, app, drill.answer())
    nb.click_for(nb.one("mjs-drill-check", app), feedback.locator(".mjs-right"), feedback)
    expect(feedback.locator(".mjs-right")).to_have_text("✓ Right.")
    counts = Counts(before.played + 1, before.right + 1, before.shown)
    expect(tally).to_contain_text(drill_tally(drill, counts))
    expect(nb.one("mjs-drill-number", app)).to_contain_text("answered: press Next")

    next_.click()
    expect(nb.one("mjs-drill-number", app)).to_have_text(f"Situation {number + 1}")
    expect(feedback).to_have_text("")
    drill = drill_of(lab, "american")
    s, correct = drill.situation, drill.answer()
    assert drill.number == number + 1
    expect(nb.one("mjs-drill-situation", app)).to_contain_text(s.describe())
    wrong = wrong_payments(s, correct)
    missed = home_miss(s, wrong)
    type_amounts(nb, app, wrong)
    nb.click_for(nb.one("mjs-drill-check", app), feedback.locator(".mjs-wrong"), feedback)
    expect(feedback.locator(".mjs-wrong")).to_have_text("✗ Not quite.")
    expect(feedback.locator(".mjs-drill-rule")).to_contain_text(f"The rule you most likely missed: {missed.title}.")
    rows = feedback.locator("tr")
    for i, (player, amount) in enumerate(zip(s.players, correct), start=1):
        expect(rows.nth(i)).to_contain_text(player)
        expect(rows.nth(i).locator("td").last).to_have_text(signed(amount))
    counts = Counts(counts.played + 1, counts.right, counts.shown)
    expect(tally).to_contain_text(drill_tally(drill, counts))
    fits_and_reads(nb, themes=False)  # (its colours are the questions': lesson 3's test reads them)

    next_.click()
    expect(nb.one("mjs-drill-number", app)).to_have_text(f"Situation {number + 2}")
    expect(nb.one("mjs-drill-situation", app)).to_contain_text(drill_of(lab, "american").situation.describe())
    assert drill_of(lab, "american").tally == counts
    nb.assert_no_page_errors()


@pytest.mark.shares_run(NOTEBOOK[6], leaves=True)
def test_the_tournament_drill_marks_a_situation(notebook, lab):
    """Lesson 6's drill: the situation dealt, scored under the table the drill shows, answered
    with the engine's points."""
    from playwright.sync_api import expect

    nb, app, drill = open_drill(notebook, lab, 6, "tournament")
    before = drill.tally
    expect(nb.one("mjs-drill-situation", app)).to_contain_text(f"Scored with: {drill.table.name}")
    type_amounts(nb, app, drill.answer())
    feedback = nb.one("mjs-drill-feedback", app)
    nb.click_for(nb.one("mjs-drill-check", app), feedback.locator(".mjs-right"), feedback)
    expect(feedback.locator(".mjs-right")).to_have_text("✓ Right.")
    counts = Counts(before.played + 1, before.right + 1, before.shown)
    expect(nb.one("mjs-drill-tally", app)).to_contain_text(drill_tally(drill, counts))
    expect(nb.one("mjs-drill-next", app)).to_be_enabled()
    nb.assert_no_page_errors()


#: Lesson 7's cell that shows the progress (its Update button reads the log again).
PROGRESS_CELL = "ProgressView(follow=[app])"


@pytest.mark.shares_run(NOTEBOOK[7], leaves=True)
def test_lesson_7_shows_what_was_practised_lesson_by_lesson(notebook, lab):
    """Lesson 7's progress table, updated (its Update button) after the practice above: a row for each lesson and
    drill with its answers, right first time and shown, as the log has them. A lesson nothing
    has practised yet this session (the test run alone) is practised first, on its last question."""
    from playwright.sync_api import expect

    nb = notebook(NOTEBOOK[7], viewport=SCREEN)
    path = log_of(lab)
    for n in LESSONS:
        lesson = LessonQuestions(n, path)
        if not lesson.tally.played:
            last = lesson.question(COUNT[n])
            assert lesson.check(COUNT[n], last.answer).counted
    student = read_student(path)
    assert all(student.lessons[n].played for n in LESSONS)

    cell = nb.page.locator(".jp-Notebook .jp-CodeCell").filter(has_text=PROGRESS_CELL)
    expect(cell).to_have_count(1)
    cell.locator(".mjs-progress-update").click()  # what was practised elsewhere, read again
    table = cell.locator("table[aria-label='your progress']")
    expect(table).to_be_visible()
    expected = [(f"Lesson {n}: {TITLES[n]}", student.lessons[n]) for n in LESSONS]
    expected += [(DRILL_TITLES[d], student.drills[d]) for d in DRILL_TITLES]
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(expected))
    for i, (what, c) in enumerate(expected):
        expect(rows.nth(i).locator("th")).to_have_text(what)
        expect(rows.nth(i).locator("td")).to_have_text([str(c.played), str(c.right), str(c.shown)])
    nb.wait_idle()
    nb.assert_no_page_errors()

