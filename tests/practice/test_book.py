"""The drills' and the lessons' records (mjscore/progress.py): each follows from the ones before
it or is refused saying why; the whole state goes into a summary and comes back the same."""

from __future__ import annotations

import pytest

from mjscore.lessons.course import NUMBERED
from mjscore.practice.book import Book, BookError, Counts, answer_fields, drill_record, lesson_of, lesson_record


def answer(drill, number, given, correct, missed=None):
    from mjscore.missed import Rule

    return drill_record("answer", drill, **answer_fields(number=number, given=given, correct=correct,
                                                          missed=Rule(missed, "") if missed else None))


def test_a_drill_answer_deal_reset_and_undo():
    b = Book()
    b.apply(answer("american", 1, (100, -25, -50, -25), (100, -25, -50, -25)), seed=0)
    b.apply(drill_record("deal", "american", number=2, item={"x": 1}), seed=0)
    b.apply(answer("american", 2, None, (1, -1, 0, 0)), seed=0)
    b.apply(drill_record("deal", "american", number=3, item={}), seed=0)
    b.apply(answer("american", 3, (0, 0, 0, 0), (1, -1, 0, 0), "A rule"), seed=0)
    st = b.drills["american"]
    assert st.counts == Counts(3, 1, 1) and st.missed == {"A rule": 1} and st.answered and st.number == 3
    b.apply(drill_record("start", "american", seed=5, item=None), seed=0)
    assert b.drills["american"].counts == Counts() and b.drills["american"].seed == 5
    b.apply(drill_record("undo", "american"), seed=0)
    assert b.drills["american"] == st
    assert Book.from_json(b.to_json()) == b


@pytest.mark.parametrize("record, says", [
    (drill_record("answer", "riichi", number=1), "no drill"),
    (drill_record("deal", "american", number=2, item={}), "unanswered"),
    (drill_record("undo", "american"), "no Reset"),
    (drill_record("answer", "american", number=2, given=[1], shown=False, right=False, correct=[1]), "situation 2"),
    (drill_record("answer", "american", number=1, given=None, shown=False, right=False, correct=[1]), "Show me"),
    (drill_record("answer", "american", number=1, given=[1], shown=True, right=True, correct=[1]), "not both"),
    (drill_record("answer", "american", number=1, given=[1.5], shown=False, right=False, correct=[1]), "1.5"),
    (drill_record("answer", "american", number=1, given=[1] * 9, shown=False, right=False, correct=[1]), "list of"),
    (drill_record("table", "tournament", table=[]), "JSON object"),
    (lesson_record("answer", 0, round=1, number=1), "no lesson 0"),
    (lesson_record("answer", 100, round=1, number=1), "no lesson 100"),
    (lesson_record("answer", "3", round=1, number=1), "no lesson '3'"),
    (lesson_record("answer", True, round=1, number=1), "no lesson True"),
    (lesson_record("start", 1, round=3), "round 3 follows round 1"),
    (lesson_record("answer", 1, round=2, number=1), "not open"),
    (lesson_record("deal", 1, round=1), "no lesson record kind"),
])
def test_a_record_that_does_not_follow_is_refused(record, says):
    with pytest.raises(BookError, match=says):
        Book().apply(record, seed=0)


def test_a_lesson_counts_each_question_once_a_round():
    b = Book()
    rec = lesson_record("answer", "doubles-compound", round=1, question="Q",
                        **answer_fields(number=1, given=(1,), correct=(2,), missed=None))
    b.apply(rec, seed=0)
    with pytest.raises(BookError, match="not open"):
        b.apply(rec, seed=0)
    b.apply(lesson_record("start", "doubles-compound", round=2), seed=0)
    b.apply({**rec, "round": 2}, seed=0)
    st = b.lessons["doubles-compound"]
    assert st.counts == Counts(2, 0, 0) and st.wrong == {"Q": 2} and st.round == 2 and list(st.answers) == [1]
    assert st.first_right == {"Q": False}  # the first answer to each question, for the teacher's view
    assert Book.from_json(b.to_json()) == b
    earlier = b.to_json()  # a summary written before mjscore kept the first answers: unknown, not guessed
    del earlier["lessons"]["doubles-compound"]["first_right"]
    assert Book.from_json(earlier).lessons["doubles-compound"].first_right is None


def test_a_lesson_is_kept_by_its_slug_and_an_earlier_logs_numbers_are_read_as_the_course_was():
    """A log of an earlier mjscore named a lesson by its number then: 1 is still "who pays" after
    a lesson is put before it, in its records and in its summaries; what is written now names
    the slug."""
    b = Book()
    numbered = lesson_record("answer", 1, round=1, question="Q", **answer_fields(number=1, given=(1,), correct=(1,),
                                                                                 missed=None))
    b.apply(numbered, seed=0)
    b.apply(lesson_record("start", "american-who-pays", round=2), seed=0)  # the same lesson, by its slug
    assert list(b.lessons) == ["american-who-pays"] and b.lessons["american-who-pays"].round == 2
    summary = b.to_json()
    assert list(summary["lessons"]) == ["american-who-pays"]
    earlier = {"lessons": {"1": summary["lessons"]["american-who-pays"]}}  # a summary of an earlier mjscore
    assert Book.from_json(earlier) == b
    assert [lesson_of(n) for n in NUMBERED] == list(NUMBERED.values())


@pytest.mark.parametrize("lesson", [0, 100, "3", True, "Doubles", "doubles-", "-x", "a" * 61, None, 2.0])
def test_a_lesson_that_is_neither_a_slug_nor_a_number_then_is_refused(lesson):
    with pytest.raises(BookError, match="no lesson"):
        lesson_of(lesson)


@pytest.mark.parametrize("data", [[], {"drills": []}, {"drills": {"riichi": {}}}, {"lessons": {"9": {}}},
                                  {"drills": {"american": {"seed": 0, "number": 0, "answered": False}}},
                                  {"lessons": {"1": {"round": 1, "answers": [{"number": 1}], "played": 0,
                                                     "right": 0, "shown": 0, "missed": {}, "wrong": {}}}},
                                  {"lessons": {"1": {"round": 1, "answers": [], "played": 1, "right": 1, "shown": 0,
                                                     "missed": {}, "wrong": {}, "first_right": {"Q": 1}}}}])
def test_a_summary_that_is_not_one_is_refused(data):
    with pytest.raises(BookError):
        Book.from_json(data)


def test_a_lesson_the_course_does_not_ask_is_kept_not_refused():
    """Which lessons ask questions is the course's to say: a log from a course with a lesson more
    opens, the records of that lesson kept (and shown by a course that has it)."""
    b = Book()
    for lesson in ("a-lesson-to-come", 12):  # by its slug, or by a number of an earlier log
        b.apply(lesson_record("answer", lesson, round=1, question="Q",
                              **answer_fields(number=1, given=(1,), correct=(1,), missed=None)), seed=0)
    assert b.lessons["a-lesson-to-come"].counts == b.lessons["lesson-12"].counts == Counts(1, 1, 0)
    assert Book.from_json(b.to_json()) == b
