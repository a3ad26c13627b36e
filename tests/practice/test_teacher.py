"""The teacher's view counts what its words say: the questions most got wrong, per question, of
the students who answered that question, by each student's first answer to it; the same count
in the class app, in ``mjscore class`` and in its JSON."""

from __future__ import annotations

import json
from html import escape

from mjscore.cli import main
from mjscore.lessons.course import NUMBERED
from mjscore.practice.book import answer_fields, lesson_record
from mjscore.practice.log import Log, encode, start_record, summary_record
from mjscore.practice.teacher import QUESTIONS_COUNTED, QuestionWrong, read_class
from mjscore.files.storage import atomic_write
from mjscore.views.practice.progress_views import questions_table

SAME = "The hand points of a hand"  # lesson 2 asks it twice a round, as questions 1 and 4


def answer(lesson, rnd, number, title, right=None):
    """A first answer: right, wrong (a figure off), or Show me (``right`` None)."""
    given = None if right is None else (10,) if right else (12,)
    return lesson_record("answer", lesson, round=rnd, question=title,
                         **answer_fields(number=number, given=given, correct=(10,), missed=None))


def new_round(lesson, rnd):
    return lesson_record("start", lesson, round=rnd)


#: A class made for the purpose: which questions each student answered, in the order answered.
CLASS = {
    # wrong on the first deal of "Discard", right when it came again: wrong
    "Ann": [answer(1, 1, 1, "Discard", right=False), new_round(1, 2), answer(1, 2, 1, "Discard", right=True)],
    # right first, wrong when it came again: not wrong
    "Bea": [answer(1, 1, 1, "Discard", right=True), new_round(1, 2), answer(1, 2, 1, "Discard", right=False)],
    # answered another question of lesson 1 only: not among those who answered "Discard"
    "Cat": [answer(1, 1, 2, "Self-drawn", right=True)],
    # lesson 2's question asked twice: right first, then wrong: not wrong
    "Dee": [answer(2, 1, 1, SAME, right=True), answer(2, 1, 4, SAME, right=False)],
    # Show me first is not right: wrong
    "Eve": [answer(2, 1, 4, SAME), answer(2, 1, 1, SAME, right=True), answer(1, 1, 2, "Self-drawn", right=True)],
}


def write_class(folder, *, downloaded=False):
    """One log a student; ``downloaded``: as *Download my progress* writes it (the lessons in a
    summary, none of their records)."""
    for name, records in CLASS.items():
        path = folder / f"{name}.jsonl"
        atomic_write(path, b"".join(encode(r) for r in [start_record(0), {"kind": "name", "name": name}, *records]))
        if downloaded:
            log = Log(path)
            log.read()
            atomic_write(path, encode(start_record(0)) + encode(summary_record(log.state)))
    return folder


def test_a_question_counts_those_who_answered_it_and_their_first_answer(tmp_path):
    report = read_class([write_class(tmp_path)])
    assert report.questions_wrong() == [QuestionWrong(1, "Discard", wrong=1, answered=2),
                                        QuestionWrong(2, SAME, wrong=1, answered=2)]
    # The old counting said 2 of 4 for "Discard" (Bea wrong when it came again; Cat and Eve
    # answered the lesson, not this question) and 2 of 2 for lesson 2's (Dee wrong on its second deal).


def test_the_count_survives_a_download_of_the_progress(tmp_path):
    """A downloaded file keeps the lessons in a summary only: the first answers travel in it."""
    (tmp_path / "played").mkdir()
    (tmp_path / "downloaded").mkdir()
    played = read_class([write_class(tmp_path / "played")])
    downloaded = read_class([write_class(tmp_path / "downloaded", downloaded=True)])
    assert '"lesson"' not in (tmp_path / "downloaded" / "Ann.jsonl").read_text(encoding="utf-8")
    assert downloaded.questions_wrong() == played.questions_wrong() and downloaded.problems == ()


def test_a_summary_of_an_earlier_mjscore_is_named_and_not_counted(tmp_path):
    write_class(tmp_path, downloaded=True)
    path = tmp_path / "Ann.jsonl"
    start, summary = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    # as mjscore wrote it before it kept the first answers: version 3, the lessons by their numbers then
    number = {slug: str(n) for n, slug in NUMBERED.items()}
    summary = {**summary, "version": 3, "lessons": {number[slug]: s for slug, s in summary["lessons"].items()}}
    del summary["lessons"]["1"]["first_right"]
    atomic_write(path, encode(start) + encode(summary))
    report = read_class([tmp_path])
    assert report.questions_wrong() == [QuestionWrong(2, SAME, wrong=1, answered=2)]  # Bea alone: right first
    ann = next(s for s in report.students if s.name == "Ann")
    assert ann.unsorted == (1,) and ann.lessons[1].played == 2
    assert any("Ann.jsonl: saved by an earlier mjscore, it does not say which questions of lesson 1 were answered"
               in p for p in report.problems)
    assert "5 students; 1 read in part" in report.text()


def test_every_view_says_what_is_counted_in_the_same_words(tmp_path, capsys):
    folder = write_class(tmp_path)
    report = read_class([folder])
    assert " ".join(report.text().split()).endswith(f"({QUESTIONS_COUNTED})")
    assert "1 of 2   lesson 1: Discard" in report.text()
    assert main(["class", str(folder), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["questions_wrong_counts"] == QUESTIONS_COUNTED
    assert data["questions_wrong"][0] == {"lesson": 1, "question": "Discard", "wrong": 1, "answered": 2}
    table = questions_table(report)
    assert list(table.frame.columns) == ["lesson", "question", "wrong", "answered"]
    assert table.frame.iloc[0].tolist() == [1, "Discard", 1, 2]
    assert escape(QUESTIONS_COUNTED[1:]) in table.html
