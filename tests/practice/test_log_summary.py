"""Opening the progress log costs the same at any length: the writer appends a summary every
SUMMARY_EVERY records, and a reader starts from the last one (the whole history only when asked)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mjscore.practice.log as store
from mjscore.practice import Drill
from mjscore.practice.questions import LessonQuestions
from mjscore.practice.book import Counts
from mjscore.willingdon import score
from mjscore.willingdon.deal import deal
from mjscore.practice import Trainer


@pytest.fixture
def path(tmp_path) -> Path:
    return tmp_path / "practice.jsonl"


def play(t: Trainer, n: int) -> None:
    for i in range(n):
        if t.answered:
            t.next()
        s = score(t.current_hand)
        if i % 5 == 4:
            t.show_me()
        else:
            t.check(s.hand_points + 2 * (i % 3 == 0), s.doubles)


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def applied_on_open(path: Path, monkeypatch) -> int:
    """How many bytes a new trainer reads to open the log."""
    read = []
    real = store.Log._apply
    monkeypatch.setattr(store.Log, "_apply", lambda self, data, first: (read.append(len(data)),
                                                                         real(self, data, first=first))[1])
    Trainer(path)
    monkeypatch.setattr(store.Log, "_apply", real)
    return sum(read)


def test_a_summary_every_so_many_records_holds_the_whole_state(path):
    t = Trainer(path)
    t.set_name("Ann")
    play(t, 250)
    rs = records(path)
    summaries = [i for i, r in enumerate(rs) if r["kind"] == "summary"]
    assert len(summaries) == (len(rs) - len(summaries) - 1) // store.SUMMARY_EVERY >= 2
    last = rs[summaries[-1]]
    assert last["name"] == "Ann" and last["version"] == 4 and len(last["recent"]) == 50
    assert last["tallies"]["both"]["played"] == sum(r["kind"] == "answer" for r in rs[:summaries[-1]])


def test_opening_reads_the_last_summary_and_what_follows_whatever_the_length(path, monkeypatch):
    t = Trainer(path)
    play(t, 150)
    short = applied_on_open(path, monkeypatch)
    play(t, 1500)
    long = applied_on_open(path, monkeypatch)
    assert long < 2 * short and long < path.stat().st_size / 10
    again = Trainer(path)
    assert again.tally == t.tally and again.current_number == t.current_number and again.answered == t.answered
    assert again.current_hand == t.current_hand and again.name == t.name and again.mode == t.mode
    assert again.latest(50) == t.latest(50)


def test_the_whole_history_is_read_only_when_asked_for(path, monkeypatch):
    t = Trainer(path, seed=3)
    play(t, 400)
    again = Trainer(path)
    monkeypatch.setattr(store.Log, "history", lambda self: pytest.fail("the history is read"))
    assert len(again.latest(50)) == 50 and again.review(again.current_number).number == again.current_number
    monkeypatch.undo()
    assert again.played == t.played and [p.hand for p in again.played] == deal(400, seed=3)
    assert again.review(7).hand == deal(7, seed=3)[6]


def test_a_torn_or_damaged_summary_is_passed_over_for_the_one_before(path):
    t = Trainer(path)
    play(t, 250)
    rs = records(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    last = max(i for i, r in enumerate(rs) if r["kind"] == "summary")
    bad = dict(rs[last], tallies={"both": {"played": "many"}})
    lines[last] = json.dumps(bad, ensure_ascii=False, separators=(", ", ": "))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    again = Trainer(path)
    assert again.tally == t.tally and again.current_number == t.current_number
    assert any("damaged record" in m for m in again.messages)  # the bad summary is set aside as damaged
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[-1] = lines[-1][:30]  # a torn last line (it may be a summary)
    path.write_text("\n".join(lines), encoding="utf-8")
    assert Trainer(path).tally.played >= t.tally.played - 1


def test_a_version_2_log_reads_and_gets_a_summary_at_the_next_change(path):
    t = Trainer(path)
    play(t, 300)
    old = [json.dumps({**r, "version": 2} if r["kind"] == "start" else r, ensure_ascii=False, separators=(", ", ": "))
           for r in records(path) if r["kind"] != "summary"]
    path.write_text("\n".join(old) + "\n", encoding="utf-8")
    again = Trainer(path)
    assert again.tally == t.tally
    if again.answered:
        again.next()
    again.show_me()
    assert "summary" in [r["kind"] for r in records(path)[-3:]]


def test_the_drills_and_the_lessons_come_through_the_summaries(path):
    d = Drill("american", path)
    for _ in range(160):
        if d.answered:
            d.next()
        d.check(d.answer())
    q = LessonQuestions(2, path)
    q.show_me(1)
    t = Trainer(path)
    play(t, 30)
    assert any(r["kind"] == "summary" for r in records(path))
    again = Drill("american", path)
    assert again.tally == d.tally == Counts(160, 160, 0) and again.situation == d.situation
    assert LessonQuestions(2, path).first_answer(1).shown
    d.reset()
    for _ in range(250):
        if t.answered:
            t.next()
        t.show_me()
    again = Drill("american", path)
    assert again.tally == Counts() and again.can_undo
    again.undo_reset()
    assert Drill("american", path).tally == Counts(160, 160, 0)


def test_a_reset_after_summaries_and_a_file_deleted_mid_session(path):
    t = Trainer(path)
    play(t, 300)
    t.reset()
    play(t, 3)
    again = Trainer(path)
    assert again.tally.played == 3 and len(again.played) == 3
    Drill("american", path).show_me()
    late = Trainer(path)
    play(late, 120)
    path.unlink()
    late.next() if late.answered else late.show_me()
    back = Trainer(path)
    assert back.tally == late.tally and Drill("american", path).tally == Counts(1, 0, 1)
