"""The "Your turn" questions of lessons 1 to 6: made by the engine from a seed (the lesson's own
example first), read from what was typed, marked with the one rule missed, and recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjscore.hands import parse
from mjscore.lessons import COUNT, LESSONS, LessonError, mark, question, questions, read_answer
from mjscore.practice.questions import LessonQuestions
from mjscore.practice.book import Counts
from mjscore.willingdon import score
from mjscore.practice import Trainer


def test_three_to_five_questions_a_lesson_the_first_the_lessons_own_example():
    assert set(LESSONS) == {1, 2, 3, 4, 5, 6} and all(3 <= COUNT[n] <= 5 for n in LESSONS)
    firsts = {n: question(n, 1) for n in LESSONS}
    assert firsts[1].answer == (50, 25, 100)                     # 25 on a discard, with a joker
    assert firsts[2].hand == "6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W round=E" and firsts[2].answer == (54,)
    assert firsts[3].answer == (1728, 1728)                      # 54 × 2^5
    assert firsts[4].hand.startswith("2Bx3 5Bx3 7Bx3 3Dx4 RDx2") and firsts[4].answer == (1,)
    assert "East has just discarded 5 Dots. West holds a pair" in firsts[5].prompt and firsts[5].answer == ("Yes",)
    assert firsts[6].answer == (25, 0, -10, 0)                    # Ann wins 25 on Cat's discard, one exposure
    for n in LESSONS:  # the same whatever the seed; new ones in a later round
        assert question(n, 1, seed=99) == firsts[n]
        assert question(n, 1, seed=0, round=2) != firsts[n]


def test_the_questions_after_the_first_come_from_the_seed():
    for n in LESSONS:
        assert questions(n, 5) == questions(n, 5)
        assert [q.prompt for q in questions(n, 5)] != [q.prompt for q in questions(n, 6)] or n == 5
        assert questions(n, 5, round=2) != questions(n, 5, round=3)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_answer_is_the_engines_and_reads_back_from_what_is_typed(lesson):
    for seed in range(25):
        for rnd in (1, 2):
            for q in questions(lesson, seed, rnd):
                assert q.lesson == lesson and q.title and q.hint and q.reasons and q.rule.title
                assert read_answer(q, [str(a) for a in q.answer]) == q.answer
                assert mark(q, q.answer).right and mark(q, q.answer).missed is None
                if q.asks:
                    s = score(parse(q.hand))
                    assert q.answer == ((s.hand_points,) if q.asks == "points" else (s.doubles,))
                for m in q.misreadings:
                    got = mark(q, m.answer)
                    assert not got.right and got.missed is not None
                if not q.fields[0].choices:
                    assert mark(q, (q.answer[0] + 3,) + q.answer[1:]).missed is not None


def test_reading_an_answer_asks_for_an_empty_box_and_refuses_what_is_not_one():
    q = question(1, 1)
    with pytest.raises(LessonError, match="fill in “Each of the other two pays” first"):
        read_answer(q, ["50", " ", "100"])
    with pytest.raises(LessonError, match="type a number of 0 or more for"):
        read_answer(q, ["-50", "25", "100"])
    with pytest.raises(LessonError, match="type a whole number for"):
        read_answer(q, ["fifty", "25", "100"])
    assert read_answer(question(6, 1), ["+25", "0", "−10", "0"]) == (25, 0, -10, 0)
    claim = question(5, 1)
    with pytest.raises(LessonError, match="is one of: Yes, No"):
        read_answer(claim, ["Maybe"])
    with pytest.raises(LessonError, match="fill in"):
        read_answer(claim, [None])


def test_a_wrong_answer_names_the_rule():
    assert mark(question(1, 1), (25, 25, 75)).missed.title == "The thrower pays double"
    assert mark(question(3, 1), (270, 270)).missed.title == "Doubles multiply: the points double once for each double"
    m = mark(question(4, 1), (2,))  # the FAQ's hand: kongs do not count towards concealed pungs
    assert m.missed.title == "4 concealed pungs" or "Kongs do not count" in m.missed.detail
    assert mark(question(6, 1), (100, -25, -50, -25)).missed.title.startswith("A tournament scores points")
    with pytest.raises(LessonError):
        mark(question(1, 1), (1, 2))
    for bad in [(0, 1), (7, 1), (1, 0), (1, 9), (True, 1)]:
        with pytest.raises(LessonError):
            question(*bad)


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_first_answer_is_recorded_with_its_lesson(tmp_path):
    path = tmp_path / "practice.jsonl"
    one = LessonQuestions(1, path)
    f = one.check(1, (25, 25, 75))
    assert f.counted and not f.right and f.missed.title == "The thrower pays double"
    again = one.check(1, (50, 25, 100))
    assert again.right and not again.counted and "first answer" in again.note
    shown = one.show_me(2)
    assert shown.counted and shown.shown
    assert one.tally == Counts(2, 0, 1)
    r = [x for x in records(path) if x.get("lesson")]
    assert r[0] == {"kind": "answer", "lesson": "american-who-pays", "round": 1, "question": "A hand won on a discard", "number": 1,
                    "given": [25, 25, 75], "shown": False, "right": False, "correct": [50, 25, 100],
                    "missed": "The thrower pays double"}
    reopened = LessonQuestions(1, path)
    assert reopened.first_answer(1).given == (25, 25, 75) and reopened.first_answer(2).shown
    assert LessonQuestions(2, path).tally == Counts()  # each lesson its own line
    assert Trainer(path).tally.played == 0


def test_new_questions_are_a_new_round_and_the_tally_is_kept(tmp_path):
    path = tmp_path / "practice.jsonl"
    lesson = LessonQuestions(3, path)
    first = lesson.questions()
    for q in first:
        assert not lesson.finished
        lesson.check(q.number, q.answer)
    assert lesson.finished and lesson.tally == Counts(4, 4, 0)
    lesson.more()
    assert lesson.round == 2 and not lesson.finished and lesson.questions() != first
    assert lesson.first_answer(1) is None and LessonQuestions(3, path).tally == Counts(4, 4, 0)


def test_two_windows_count_a_question_once(tmp_path):
    path = tmp_path / "practice.jsonl"
    a, b = LessonQuestions(5, path), LessonQuestions(5, path)
    assert a.check(1, ("Yes",)).counted
    assert not b.check(1, ("No",)).counted
    b.more()
    f = a.check(2, a.question(2).answer)
    assert not f.counted and "another window" in f.note
    assert LessonQuestions(5, path).tally == Counts(1, 1, 0)


@pytest.mark.parametrize("typed", ["99999999999999999999", "99,999,999,999,999,999,999", "−" + "9" * 5000])
def test_a_number_too_big_for_the_progress_log_is_refused_when_read(typed):
    with pytest.raises(LessonError, match="too big"):
        read_answer(question(6, 1), [typed, "0", "-10", "0"])
    assert read_answer(question(3, 1), ["999,999,999,999,999,999", "1728"])[0] == 10**18 - 1
