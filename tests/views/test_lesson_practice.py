"""The "Your turn" questions of lessons 1 to 6 and the two drills, driven as the lessons show them
(``your_turn(n)``, ``AmericanDrillApp()``, ``TournamentDrillApp()``) on a progress log of the
test's own: marked with the engine's figures, the tally lines counting as the log does; and
lesson 7's progress table (``ProgressView``), lesson by lesson, as the log has it.

(Moved from the browser suite; tests/browser/test_lab_questions.py keeps one question and one
drill answered end to end in JupyterLab.)"""

from __future__ import annotations

import re
from html import unescape

import pytest

from mjscore.american.drill import home_miss, misreadings
from mjscore.lessons import COUNT, LESSONS, TITLES, mark
from mjscore.numbers import signed
from mjscore.practice import Drill
from mjscore.practice.questions import LessonQuestions
from mjscore.practice.teacher import DRILL_TITLES, read_student
from mjscore.practice.book import Counts
from mjscore.views.practice.drill_app import AmericanDrillApp, TournamentDrillApp
from mjscore.views.practice.my_progress import ProgressView
from mjscore.views.practice.question_app import your_turn
from mjscore.practice.played import answered_again


@pytest.fixture
def path(tmp_path):
    return tmp_path / "practice.jsonl"


def text(html: str) -> str:
    """What a reader sees of some HTML: the style sheets and the tags gone, the spaces as a browser shows them."""
    html = re.sub(r"<style[^>]*>.*?</style>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def tally_text(lesson: LessonQuestions, counts: Counts) -> str:
    """The lesson's tally line as the app writes it."""
    if not counts.played:
        return "Nothing answered yet in this lesson."
    return f"{lesson.title}: {counts.right} of {counts.played} right ({counts.shown} shown)"


def drill_tally(drill: Drill, counts: Counts) -> str:
    """The drill's tally line as the app writes it (after the learner's name, if any)."""
    if not counts.played:
        return f"{drill.title}: nothing played yet."
    missed = counts.played - counts.right
    return f"{drill.title}: {counts.right} of {counts.played} right · {missed} missed ({counts.shown} shown)"


def answer(app, question, values) -> None:
    """Type (or pick) ``values`` into the question's boxes, one a field, as a learner does."""
    assert len(app.boxes) == len(question.fields)
    for box, field, value in zip(app.boxes, question.fields, values):
        box.value = str(value)


def type_amounts(app, amounts) -> None:
    """Each player's amount in the drill's boxes, as a learner writes it (+100, -25, 0)."""
    assert len(app.amounts) == len(amounts)
    for box, amount in zip(app.amounts, amounts):
        box.value = f"{amount:+d}" if amount else "0"


def wrong_payments(s, correct: tuple) -> tuple:
    """A wrong answer to a payments situation: a learner's who misreads one of its rules, or
    (a wall game: no rule to misread) three paying the first player 10 each."""
    found = misreadings(s)
    wrong = found[0].answer if found else (30, -10, -10, -10, *[0] * (len(correct) - 4))
    assert wrong != correct and home_miss(s, wrong) is not None
    return wrong


@pytest.mark.parametrize("n", LESSONS)
def test_the_first_question_is_marked_right(path, n):
    """Each lesson's first question, answered with the engine's answer: marked right, the
    lesson's tally line counts it, and the log has it."""
    turn = your_turn(n, path)
    lesson = turn.lesson
    assert len(turn.apps) == lesson.count
    assert text(turn.tally.value) == tally_text(lesson, Counts(0, 0, 0))
    q, app = lesson.question(1), turn.apps[0]
    assert q.prompt in text(app.prompt.value)
    answer(app, q, q.answer)
    app.check.click()
    assert "✓ Right." in text(app.feedback.value) and "mjs-wrong" not in app.feedback.value
    after = Counts(1, 1, 0)
    assert text(turn.tally.value) == tally_text(lesson, after)
    log = LessonQuestions(n, path)
    assert log.tally == after and tuple(log.first_answer(1).given) == q.answer


def test_a_wrong_answer_a_hint_a_show_me_and_a_second_try_that_does_not_count(path):
    """Lesson 3: a wrong answer is marked with the rule the engine says was missed; Hint says
    where to look and counts nothing; Show me reveals the answer and counts as a miss; and the
    first answer is the one counted: the right answer given after it is marked right, the tally
    unmoved."""
    turn = your_turn(3, path)
    lesson = turn.lesson

    # a wrong answer, as a learner who misreads a rule gives it: the rule named
    q = lesson.question(2)
    wrong = q.misreadings[0].answer
    missed = mark(q, wrong).missed
    assert missed is not None
    app = turn.apps[1]
    answer(app, q, wrong)
    app.check.click()
    assert "✗ Not quite." in text(app.feedback.value)
    assert f"The rule you most likely missed: {missed.title}." in text(app.feedback.value)
    counts = Counts(1, 0, 0)
    assert text(turn.tally.value) == tally_text(lesson, counts)

    # Hint: where to look, nothing counted; then Show me: the answer, counted as a miss
    q, app = lesson.question(3), turn.apps[2]
    app.hint.click()
    assert 'class="mjs-question-hint-text"' in app.feedback.value
    assert text(app.feedback.value) == f"Hint: {q.hint}"
    assert text(turn.tally.value) == tally_text(lesson, counts)
    app.show.click()
    assert 'class="mjs-shown"' in app.feedback.value
    for field, value in zip(q.fields, q.answer):
        assert f"{field.label}: — {signed(value).lstrip('+')}" in text(app.feedback.value)
    counts = Counts(2, 0, 1)
    assert text(turn.tally.value) == tally_text(lesson, counts)

    # the first answer (here Show me) is the one the tally keeps: the right answer now is marked
    # right, said as information, and the tally does not move
    answer(app, q, q.answer)
    app.check.click()
    assert answered_again("question", first=None, now=True) in text(app.feedback.value)
    assert "✓ Right." in text(app.feedback.value)
    assert text(turn.tally.value) == tally_text(lesson, counts)
    log = LessonQuestions(3, path)
    assert log.tally == counts
    assert tuple(log.first_answer(2).given) == wrong and log.first_answer(3).given is None


def test_the_payments_drill_marks_a_right_then_a_wrong_answer(path):
    """Lesson 1's drill: the situation dealt answered right, the next one wrong (the rule the
    engine says was missed is named, the right amounts shown), then Next deals a third."""
    app = AmericanDrillApp(Drill("american", path))
    drill = Drill("american", path)
    assert "Situation 1" in text(app.number.value) and drill.number == 1
    assert text(app.tally.value).endswith(drill_tally(drill, Counts(0, 0, 0)))
    assert drill.situation.describe() in text(app.situation.value) and app.next.disabled
    type_amounts(app, drill.answer())
    app.check.click()
    assert "✓ Right." in text(app.feedback.value)
    counts = Counts(1, 1, 0)
    assert text(app.tally.value).endswith(drill_tally(drill, counts))
    assert text(app.number.value) == "Situation 1 — answered: press Next" and not app.next.disabled

    app.next.click()
    assert text(app.number.value) == "Situation 2" and app.feedback.value == ""
    drill = Drill("american", path)
    s, correct = drill.situation, drill.answer()
    assert drill.number == 2 and s.describe() in text(app.situation.value)
    wrong = wrong_payments(s, correct)
    missed = home_miss(s, wrong)
    type_amounts(app, wrong)
    app.check.click()
    assert "✗ Not quite." in text(app.feedback.value)
    assert f"The rule you most likely missed: {missed.title}." in text(app.feedback.value)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", app.feedback.value, re.S)[1:]
    assert len(rows) >= len(correct)
    for row, player, amount in zip(rows, s.players, correct):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        assert player in text(row) and text(cells[-1]) == signed(amount)
    counts = Counts(2, 1, 0)
    assert text(app.tally.value).endswith(drill_tally(drill, counts))

    app.next.click()
    assert text(app.number.value) == "Situation 3"
    again = Drill("american", path)
    assert again.situation.describe() in text(app.situation.value) and again.tally == counts


def test_the_tournament_drill_marks_a_situation(path):
    """Lesson 6's drill: the situation dealt, scored under the table the drill shows, answered
    with the engine's points."""
    app = TournamentDrillApp(Drill("tournament", path))
    drill = Drill("tournament", path)
    assert f"Scored with: {drill.table.name}" in text(app.situation.value)
    type_amounts(app, drill.answer())
    app.check.click()
    assert "✓ Right." in text(app.feedback.value)
    assert text(app.tally.value).endswith(drill_tally(drill, Counts(1, 1, 0)))
    assert not app.next.disabled and Drill("tournament", path).tally == Counts(1, 1, 0)


def test_lesson_7_shows_what_was_practised_lesson_by_lesson(path):
    """Lesson 7's progress table, updated (its Update button) after practice elsewhere: a row
    for each lesson and drill with its answers, right first time and shown, as the log has them."""
    view = ProgressView(path)
    for n in LESSONS:  # each lesson practised: its first question shown, its last answered right
        lesson = LessonQuestions(n, path)
        lesson.show_me(1)
        last = lesson.question(COUNT[n])
        assert lesson.check(COUNT[n], last.answer).counted
    american = Drill("american", path)
    american.check(american.answer())
    Drill("tournament", path).show_me()
    student = read_student(path)
    view.update.click()  # what was practised elsewhere, read again
    assert 'aria-label="your progress"' in view.table.value
    body = view.table.value.split("<tbody>")[1]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    expected = [(f"Lesson {n}: {TITLES[n]}", student.lessons[n]) for n in LESSONS]
    expected += [(DRILL_TITLES[d], student.drills[d]) for d in DRILL_TITLES]
    assert len(rows) == len(expected)
    for row, (what, c) in zip(rows, expected):
        assert text(re.search(r"<th[^>]*>(.*?)</th>", row, re.S).group(1)) == what
        assert [text(t) for t in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)] == [
            str(c.played), str(c.right), str(c.shown)]
    assert all(student.lessons[n] == Counts(2, 1, 1) for n in LESSONS)
    assert student.drills["american"] == Counts(1, 1, 0) and student.drills["tournament"] == Counts(1, 0, 1)
