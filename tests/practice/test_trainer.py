"""The trainer's state and its saved progress: marking, the tally, modes, the log, two windows."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import mjscore.files.storage as storage
import mjscore.practice.keeper as keeper_module
import mjscore.practice.trainer as session_module
import mjscore.practice.log as store_module
from mjscore.hands import Hand
from mjscore.practice.played import answered_again
from mjscore.practice.trainer import Cleared
from mjscore.willingdon import CLEAN_HAND_ONE, score
from mjscore.willingdon.deal import RAMP, deal
from mjscore.practice import MAX_NAME, PROGRESS_FILE, PracticeError, Tally, Trainer, TrainerError, progress_path
from mjscore.files.storage import data_dir

ROOT = Path(__file__).resolve().parents[2]


def answer(hand: Hand) -> tuple[int, int]:
    s = score(hand)
    return s.hand_points, s.doubles


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture
def path(tmp_path) -> Path:
    return tmp_path / "data" / PROGRESS_FILE


def play(t: Trainer, n: int, *, right: bool = True) -> None:
    for _ in range(n):
        if t.answered:
            t.next()
        p, d = answer(t.current_hand)
        t.check(p if right else p + 2, d)


# --------------------------------------------------------------------------- where


def test_the_progress_file_is_in_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    assert progress_path() == tmp_path / "x" / "practice.jsonl"
    t = Trainer()
    assert t.path == progress_path() and t.path.exists()


@pytest.mark.parametrize("where", storage.PLACES)
def test_where_the_progress_is_kept_is_said_as_it_is_at_each_place(monkeypatch, where):
    """One function says where a learner's file is kept, true at each place: a machine's own
    folder, a Binder session, the browser site (its storage for the site), and the site in a
    window that keeps nothing."""
    for name in storage.BINDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    if where == "binder":
        monkeypatch.setenv("BINDER_REPO_URL", "https://github.com/mjscore/mjscore")
    if where in ("browser", "page"):
        monkeypatch.setattr(sys, "platform", "emscripten")
        monkeypatch.delenv("MJSCORE_DATA_DIR")
        monkeypatch.setattr(storage, "_BROWSER_KEEPS", where == "browser")
        assert storage.data_dir() == Path("/drive/mjscore-data")
    assert storage.place() == where
    text = storage.where_kept("your progress", storage.data_dir() / PROGRESS_FILE, download="Download my progress",
                              restore="Restore from a file")
    assert {"machine": "Your progress is kept on this machine only, in the file practice.jsonl in your mjscore "
                       "data folder; nothing is sent anywhere.",
            "binder": "Your progress is kept in this Binder session only, in the file practice.jsonl; nothing is "
                      "sent anywhere. It disappears with the session (after about ten minutes without use): press "
                      "Download my progress before you leave, and Restore from a file next time to carry on.",
            "browser": "Your progress is kept in this browser, in its storage for this site (the file "
                       "practice.jsonl in the folder mjscore-data of the site's file browser), until the site's "
                       "data is cleared; nothing is sent anywhere. Another browser or device does not see it: "
                       "press Download my progress to take it there, then Restore from a file.",
            "page": "This browser keeps nothing for this site: your progress is kept in this page only, and is "
                    "gone when you close it. Press Download my progress before you leave."}[where] == text


def test_a_file_outside_the_data_folder_is_said_to_be_where_it_is(tmp_path, monkeypatch):
    for name in storage.BINDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    text = storage.where_kept("your progress", tmp_path / "class" / "ann.jsonl", download="D", restore="R")
    assert "in the file ann.jsonl in the folder class;" in text and "data folder" not in text


# --------------------------------------------------------------------------- marking


def test_a_right_answer(path):
    t = Trainer(path)
    assert t.current_number == 1 and t.current_hand == RAMP[0] and not t.answered
    f = t.check(28, 0)
    assert f.counted and f.right and f.points_right and f.doubles_right and f.hints == ()
    assert t.answered
    assert t.tally == Tally(played=1, right=1, shown=0, points_right=1, doubles_right=1)


def test_under_the_minimum_the_paper_total_is_still_shown(path):
    f = Trainer(path).check(28, 0)
    assert (f.result.paper_total, f.result.score, f.short_of_minimum) == (28, 0, 3)
    text = f.summary()
    assert "Paper total: 28 x 2^0 = 28" in text and "Score: 0" in text and "3 short" in text


def test_a_wrong_answer_says_which_and_points_to_the_lines(path):
    t = Trainer(path)
    t.check(28, 0)
    t.next()
    f = t.check(40, 0)  # hand 2 has 40 points and 1 double (the Red Dragon pung)
    assert f.points_right and not f.doubles_right and not f.right
    assert f.hints == ("Doubles: 1 short. Perhaps you missed “A pung/kong of dragons” (Red Dragon), worth 1 double.",)
    assert t.tally == Tally(played=2, right=1, shown=0, points_right=2, doubles_right=1)
    assert t.tally.missed == 1
    assert "Doubles: 0 — not quite, the hand has 1." in f.summary()


def test_only_the_first_answer_counts(path):
    t = Trainer(path)
    first = t.check(20, 0)
    assert first.counted and not first.points_right
    before = t.tally
    again = t.check(28, 0)
    assert not again.counted and again.right and "first answer" in again.note
    assert t.tally == before and t.played[0].points == 20
    assert [r["points"] for r in records(path) if r["kind"] == "answer"] == [20]


def test_show_me_reveals_and_counts_as_a_miss(path):
    t = Trainer(path)
    f = t.show_me()
    assert f.shown and f.counted and not f.right
    assert "Shown: 28 hand points and 0 doubles." in f.summary()
    assert t.tally == Tally(played=1, right=0, shown=1)
    assert not t.check(28, 0).counted and t.tally.right == 0
    assert records(path)[-1] == {"kind": "answer", "number": 1, "mode": "both", "points": None, "doubles": None,
                                 "shown": True, "correct_points": 28, "correct_doubles": 0}


def test_show_me_after_an_answer_changes_nothing(path):
    t = Trainer(path)
    t.check(28, 0)
    f = t.show_me()
    assert not f.counted and f.note == answered_again("hand", first=True, now=None)
    assert f.note == "Here is the answer again. Only your first answer on a hand counts toward your tally, and it was right."
    assert t.tally == Tally(played=1, right=1, shown=0, points_right=1, doubles_right=1)


def test_next_needs_an_answer_first(path):
    t = Trainer(path)
    with pytest.raises(TrainerError, match="answer hand 1 first, or press Show me"):
        t.next()
    t.show_me()
    assert t.next() == RAMP[1]
    assert t.current_number == 2 and not t.answered


def test_the_hands_are_the_deal(path):
    t = Trainer(path, seed=3)
    expected = deal(9, seed=3)
    for i, hand in enumerate(expected, 1):
        assert t.current_number == i and t.current_hand == hand
        t.check(*answer(hand))
        t.next()
    assert [p.hand for p in t.played] == expected and t.tally.right == 9


def test_re_reading_a_played_hand_never_changes_the_tally(path):
    t = Trainer(path)
    t.check(20, 0)
    t.next()
    t.show_me()
    t.next()
    before, file_before = t.tally, path.read_bytes()
    for number in (1, 2, 1, 2):
        f = t.review(number)
        assert not f.counted and f.number == number and f.hand == RAMP[number - 1]
    assert t.review(1).points == 20 and t.review(2).shown and t.review(1).hints
    assert t.tally == before and path.read_bytes() == file_before and t.current_number == 3


@pytest.mark.parametrize("number", [0, 3, -1, "1", True])
def test_review_refuses_hands_not_played(path, number):
    t = Trainer(path)
    play(t, 2)
    with pytest.raises(TrainerError, match="no played hand"):
        t.review(number)


@pytest.mark.parametrize("points, doubles", [(-1, 0), (0, -2), ("28", 0), (28.0, 0), (True, 0), (None, 0)])
def test_check_refuses_answers_that_are_not_counts(path, points, doubles):
    t = Trainer(path)
    with pytest.raises(TrainerError, match="whole number 0 or more") as e:
        t.check(points, doubles)
    assert isinstance(e.value, ValueError) and t.tally.played == 0


def test_bad_seed_name_and_mode_are_refused(path):
    with pytest.raises(TrainerError, match="seed"):
        Trainer(path, seed=-1)
    with pytest.raises(TrainerError, match="text"):
        Trainer(path).set_name(42)
    with pytest.raises(TrainerError, match="the mode is one of both, points, doubles"):
        Trainer(path).set_mode("tiles")


def test_the_name_is_kept_as_plain_text(path):
    t = Trainer(path)
    t.set_name("  <b>Ann</b>\n  Lee ")
    assert t.name == "<b>Ann</b> Lee" and records(path)[-1] == {"kind": "name", "name": "<b>Ann</b> Lee"}
    t.set_name("x" * 500)
    assert len(t.name) == MAX_NAME
    t.set_name("Ann \ud800")  # a lone surrogate can never be written or shown: it is replaced
    assert t.name == "Ann ?" and Trainer(path).name == "Ann ?"


def test_reset_clears_everything(path):
    t = Trainer(path, seed=4)
    t.set_name("Ann")
    play(t, 2)
    t.reset()
    assert (t.name, t.played, t.tally, t.current_number) == ("", (), Tally(), 1)
    again = Trainer(path)
    assert (again.name, again.played, again.tally, again.current_number, again.seed) == ("", (), Tally(), 1, 4)
    assert records(path)[-1]["kind"] == "start"  # appended: a reset costs one record too


def test_a_reset_keeps_what_it_cleared_and_brings_it_back(path):
    """Nothing is cleared by one mistake: a Reset keeps the name and the hands it cleared beside
    the log, a new Trainer (a kernel restart) still finds them, and bringing them back swaps the
    two, so that bringing back is itself undone the same way."""
    t = Trainer(path, seed=4)
    assert t.cleared() is None
    t.set_name("Ann")
    play(t, 2)
    kept = (t.played, t.current_number, t.tally)
    t.reset()
    assert t.cleared() == Cleared("Ann", kept[2]) and t.cleared_path.name == "practice.jsonl.before-reset"
    play(t, 1)  # a hand after the reset
    again = Trainer(path)
    assert again.cleared() == Cleared("Ann", kept[2])
    again.bring_back()
    assert (again.name, again.played, again.current_number, again.tally) == ("Ann", *kept)
    assert again.cleared().tally.played == 1 and again.cleared().name == ""
    assert Trainer(path).name == "Ann"
    again.bring_back()
    assert (again.name, again.tally.played) == ("", 1)


def test_bringing_back_the_trainer_leaves_the_drills_as_they_are(path):
    """The progress log also keeps the drills: a trainer's Reset never cleared them, so bringing
    the trainer back must not roll them back to the moment of the Reset either."""
    from mjscore.practice.drill import Drill

    t = Trainer(path, seed=4)
    t.set_name("Ann")
    play(t, 2)
    d = Drill("american", path)
    d.show_me()
    t.reset()
    d.next()
    d.check(d.answer())  # a drill answer after the Reset
    t.bring_back()
    assert t.tally.played == 2 and t.name == "Ann"
    again = Drill("american", path)
    assert (again.tally.played, again.tally.right) == (2, 1)


def test_a_reset_keeps_the_drills_the_lessons_questions_and_the_mode(path):
    """Reset clears the trainer's own progress (the name, which the drills and the lessons'
    questions share, the hands, the tally) and nothing else of the log: the drills' and the
    lessons' answers stay, counted by kept_by_reset, and the practice mode stays as chosen.
    Bringing back restores the name and the hands, the drills and the questions untouched."""
    from mjscore.practice.drill import Drill
    from mjscore.practice.questions import LessonQuestions

    t = Trainer(path, seed=4)
    t.set_name("Ann")
    t.set_mode("doubles")
    play(t, 2)
    d = Drill("american", path)
    d.show_me()
    d.next()
    d.check(d.answer())
    q = LessonQuestions(3, path)
    q.show_me(1)
    t.reload()
    assert t.kept_by_reset() == session_module.KeptByReset(questions=1, drills=2)
    book = t._progress.book.to_json()
    t.reset()
    assert (t.name, t.tally.played, t.mode) == ("", 0, "doubles")
    assert t._progress.book.to_json() == book and t.kept_by_reset() == (1, 2)
    assert Drill("american", path).tally.played == 2 and LessonQuestions(3, path).tally.played == 1
    assert Drill("american", path).name == ""  # the name is theirs too: the question says so
    assert Trainer(path).mode == "doubles"
    t.bring_back()
    assert (t.name, t.tally.played, t.mode) == ("Ann", 2, "doubles") and t._progress.book.to_json() == book
    assert Drill("american", path).name == "Ann"


def test_a_reset_of_nothing_keeps_nothing(path):
    t = Trainer(path)
    t.reset()
    assert t.cleared() is None and not t.cleared_path.exists()
    with pytest.raises(PracticeError, match="no cleared progress"):
        t.bring_back()


def test_a_reset_in_memory_can_be_brought_back_too(path, monkeypatch):
    t = Trainer(path)
    t.set_name("Ann")
    play(t, 2)
    monkeypatch.setattr(keeper_module, "locked", lambda p, **kw: (_ for _ in ()).throw(OSError(30, "Read-only file system")))
    ro = Trainer(path)
    assert not ro.saving
    ro.reset()
    assert ro.tally.played == 0 and ro.cleared() == Cleared("Ann", t.tally)
    ro.bring_back()
    assert ro.name == "Ann" and ro.tally.played == 2 and not ro.cleared_path.exists()


def test_the_rule_set_marks_the_answer(path):
    t = Trainer(path, rules=CLEAN_HAND_ONE)  # ramp hand 3 is a Clean Hand: 1 more double
    for _ in RAMP[:2]:
        t.show_me()
        t.next()
    assert t.check(42, 6).right


# --------------------------------------------------------------------------- modes


def test_practice_modes_each_have_their_own_tally(path):
    t = Trainer(path)
    assert t.mode == "both"
    t.check(28, 0)
    t.next()
    t.set_mode("points")
    f = t.check(40)  # hand 2: the points right; the doubles are not asked
    assert f.right and f.doubles is None and "Doubles:" not in f.summary().split("Paper")[0]
    t.next()
    t.set_mode("doubles")
    f = t.check(doubles=4)  # hand 3 has 5 doubles
    assert not f.right and f.points is None and f.hints[0].startswith("Doubles: 1 short.")
    t.next()
    f = t.check(99, 4)  # a figure the mode does not ask for is ignored (hand 4 has 5 doubles)
    assert f.points is None and not f.right
    assert t.tallies == {"both": Tally(1, 1, 0, 1, 1), "points": Tally(1, 1, 0, 1, 0),
                         "doubles": Tally(2, 0, 0, 0, 0)}
    assert t.tally == Tally(played=4, right=2, shown=0, points_right=2, doubles_right=1)
    again = Trainer(path)
    assert again.mode == "doubles" and again.tallies == t.tallies
    assert again.to_json() == {"name": "", "played": 4, "right": 2, "shown": 0, "points_right": 2,
                               "doubles_right": 1, "modes": {"both": {"played": 1, "right": 1, "shown": 0},
                                                             "points": {"played": 1, "right": 1, "shown": 0},
                                                             "doubles": {"played": 2, "right": 0, "shown": 0}}}
    with pytest.raises(TrainerError, match="the doubles must be a whole number"):
        t.check(5)


# --------------------------------------------------------------------------- the log


def test_the_log_one_record_a_line(path):
    t = Trainer(path)
    t.set_name("Ann")
    t.check(28, 0)
    t.next()
    t.check(40, 0)
    rs = records(path)
    assert [r["kind"] for r in rs] == ["start", "name", "answer", "deal", "answer"]
    assert rs[0] | {"hand": None} == {"kind": "start", "format": "mjscore-practice", "version": 4, "seed": 0,
                                      "hand": None}
    assert Hand.from_json(rs[0]["hand"]) == RAMP[0] and Hand.from_json(rs[3]["hand"]) == RAMP[1]
    assert rs[4] == {"kind": "answer", "number": 2, "mode": "both", "points": 40, "doubles": 0, "shown": False,
                     "correct_points": 40, "correct_doubles": 1, "missed": "A pung/kong of dragons"}


def test_every_change_is_one_fsynced_append_under_the_lock(path, monkeypatch):
    t = Trainer(path)
    calls = []
    real_append, real_locked = store_module.append_record, keeper_module.locked

    def append(p, data):
        calls.append(("append", Path(p).name, data.count(b"\n")))
        return real_append(p, data)

    def locked(p):
        calls.append(("lock", Path(p).name))
        return real_locked(p)
    monkeypatch.setattr(store_module, "append_record", append)
    monkeypatch.setattr(keeper_module, "locked", locked)
    monkeypatch.setattr(os, "replace", lambda *a: pytest.fail("an answer never rewrites the file"))
    t.check(28, 0)
    assert calls == [("lock", "practice.jsonl"), ("append", "practice.jsonl", 1)]


def test_an_answer_reads_only_what_is_new_whatever_the_length(path, monkeypatch):
    """The cost of an answer is flat: at 2,000 hands played it reads nothing old, and a hand
    another window appended is the only thing read."""
    t = Trainer(path)
    play(t, 2000)
    read = []
    real = store_module.Log._apply
    monkeypatch.setattr(store_module.Log, "_apply", lambda self, data, first: (read.append(len(data)),
                                                                                real(self, data, first=first))[1])
    t.next()
    t.check(*answer(t.current_hand))
    assert read == []  # nothing re-read
    other = Trainer(path)
    read.clear()
    other.next()
    t.reload()
    assert len(read) == 1 and read[0] < 2000  # one deal record, not the file


def test_a_restart_resumes_without_dealing_the_history(path, monkeypatch):
    t = Trainer(path, seed=11)
    t.set_name("Ann")
    for i in range(10):
        p, d = answer(t.current_hand)
        if i % 3 == 0:
            t.check(p, d)
        elif i % 3 == 1:
            t.check(p + 2, d)
        else:
            t.show_me()
        if i < 9:
            t.next()
    dealt = []
    real = session_module.dealt_hand
    monkeypatch.setattr(session_module, "dealt_hand", lambda n, seed: (dealt.append(n), real(n, seed))[1])
    monkeypatch.setattr(store_module, "dealt_hand", lambda n, seed: pytest.fail("the history is dealt again"))
    after = Trainer(path)
    assert dealt == []
    assert after.name == "Ann" and after.played == t.played
    assert [p.hand for p in after.played] == deal(10, seed=11)
    assert after.tally == t.tally == Tally(played=10, right=4, shown=3, points_right=4, doubles_right=7)
    assert (after.current_number, after.answered, after.seed) == (10, True, 11)
    after.next()
    assert dealt == [11] and after.current_hand == deal(11, seed=11)[10]


def test_the_hand_on_the_table_is_the_stored_one(path):
    t = Trainer(path)
    t.check(28, 0)
    t.next()
    lines = path.read_text().splitlines()
    other = RAMP[4].to_json()  # as if an older dealer had dealt another hand 2
    lines[-1] = json.dumps({"kind": "deal", "number": 2, "hand": other})
    path.write_text("\n".join(lines) + "\n")
    assert Trainer(path).current_hand == RAMP[4]


def test_a_torn_last_record_is_set_aside_and_the_rest_kept(path):
    """What a kill -9 in the middle of a write can leave: half a line at the end."""
    t = Trainer(path)
    play(t, 3)
    with open(path, "ab") as f:
        f.write(b'{"kind": "deal", "number": 4, "ha')
    again = Trainer(path)
    assert again.tally.played == 3 and again.current_number == 3
    assert len(again.messages) == 1
    assert "1 damaged record" in again.messages[0] and "practice.jsonl.damaged" in again.messages[0]
    assert b'"number": 4, "ha' in path.with_name("practice.jsonl.damaged").read_bytes()
    assert path.read_bytes().endswith(b"\n")
    again.next()
    assert Trainer(path).current_number == 4 and not Trainer(path).messages


def test_another_writers_torn_line_never_glues_to_the_next_record(path):
    t = Trainer(path)
    t.check(28, 0)
    with open(path, "ab") as f:
        f.write(b'{"kind": "na')  # another process died mid-write, after t last read
    t.next()  # t catches up, sets the torn line aside, then appends on a line of its own
    assert any("damaged" in m for m in t.take_messages())
    assert [r["kind"] for r in records(path)] == ["start", "answer", "deal"]


@pytest.mark.parametrize("bad", [
    b'{"kind": "answer", "number": 2, "points": 1' + b"9" * 5000 + b"}",  # a number too long to read
    b'{"kind": "name", "name": 42}',
    b'\xff\xfe not text',
    b'{"kind": "answer", "number": 7, "mode": "both", "points": 1, "doubles": 1, "shown": false, '
    b'"correct_points": 1, "correct_doubles": 1}',
    b'{"kind": "deal", "number": 3, "hand": {"sets": []}}',
    b'[' * 100_000,
    b'{"kind": "mode", "mode": ["both"]}',  # found by tests/test_fuzz.py: a list is no mode (it crashed)
])
def test_a_damaged_record_in_the_middle_costs_that_record_only(path, bad):
    t = Trainer(path)
    t.set_name("Ann")
    play(t, 2)
    lines = path.read_bytes().split(b"\n")
    lines.insert(3, bad)
    path.write_bytes(b"\n".join(lines))
    again = Trainer(path)
    assert (again.name, again.tally.played, again.current_number) == ("Ann", 2, 2)
    assert len(again.messages) == 1 and "set aside" in again.messages[0] and "the rest" in again.messages[0]
    assert str(path.parent) not in again.messages[0]
    assert bad in path.with_name("practice.jsonl.damaged").read_bytes()
    assert not Trainer(path).messages  # set aside once


@pytest.mark.parametrize("mode", [[], {"both": 1}, ["both"]])
def test_an_answer_whose_mode_is_not_text_is_set_aside(path, mode):
    """Found by tests/test_fuzz.py: an answer record with ``"mode": []`` raised TypeError (a list
    looked up among the modes) and `mjscore practice` crashed instead of setting it aside."""
    Trainer(path)
    with open(path, "ab") as f:
        f.write(json.dumps({"kind": "answer", "number": 1, "mode": mode, "points": 28, "doubles": 0,
                            "shown": False, "correct_points": 28, "correct_doubles": 0}).encode() + b"\n")
    again = Trainer(path)
    assert (again.tally.played, again.current_number) == (0, 1)
    assert "set aside" in again.messages[0]


def test_a_damaged_answer_loses_that_hand_only(path):
    t = Trainer(path)
    play(t, 4)
    lines = path.read_text().splitlines()
    second = [i for i, line in enumerate(lines) if '"kind": "answer", "number": 2' in line][0]
    lines[second] = lines[second].replace('"shown": false', '"shown": "no"')
    path.write_text("\n".join(lines) + "\n")
    again = Trainer(path)
    assert [p.number for p in again.played] == [1, 3, 4] and again.current_number == 4
    assert again.review(3).number == 3
    with pytest.raises(TrainerError):
        again.review(2)


@pytest.mark.parametrize("content", [
    b"{ this is not json", b"\xff\xfe\x00garbage", b"[1, 2, 3]",
    b'{"kind": "start", "format": "mjscore-practice", "version": 99, "seed": 0}',
    b'{"kind": "name", "name": "Ann"}',
])
def test_a_file_that_is_not_a_log_is_kept_aside_and_a_fresh_one_started(path, content):
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    t = Trainer(path)
    aside = [p for p in path.parent.iterdir() if p.name.startswith("practice.jsonl.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert (t.name, t.played, t.current_number) == ("", (), 1)
    assert records(path)[0]["kind"] == "start"
    assert len(t.messages) == 1 and "could not be read" in t.messages[0] and aside[0].name in t.messages[0]
    assert t.take_messages() and t.messages == []


@pytest.mark.parametrize("content", [b"", b"\n \n", b'\n{"kind": "name", "name": "Ann"}\n'])
def test_an_empty_log_or_one_without_its_start_is_kept_aside_with_a_hand_dealt(path, content):
    """Found by tests/test_fuzz.py: an empty practice.jsonl (or one whose first record, after a
    blank line, was not its start) left no hand on the table, and `mjscore practice` crashed."""
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    t = Trainer(path)
    assert t.current_hand is not None and t.current_number == 1
    assert [p for p in path.parent.iterdir() if p.name.startswith("practice.jsonl.corrupt-")]
    assert records(path)[0]["kind"] == "start"


def test_a_file_that_goes_bad_mid_session_keeps_the_session(path):
    t = Trainer(path)
    t.set_name("Ann")
    t.check(28, 0)
    path.write_text("scribbled over")
    t.next()
    assert [p.name for p in path.parent.iterdir() if ".corrupt-" in p.name]
    assert (t.name, t.tally.played, t.current_number) == ("Ann", 1, 2)
    assert Trainer(path).tally.played == 1 and Trainer(path).current_number == 2


def test_a_deleted_file_is_written_again_from_the_session(path):
    t = Trainer(path)
    t.check(28, 0)
    path.unlink()
    t.next()
    again = Trainer(path)
    assert again.current_number == 2 and again.tally.played == 1


def test_a_write_that_fails_keeps_the_session_in_memory(path, monkeypatch):
    t = Trainer(path)
    t.set_name("Ann")
    good = path.read_bytes()

    def full(p, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(store_module, "append_record", full)
    t.check(28, 0)  # never a crash
    assert path.read_bytes() == good
    assert any("could not be saved" in m and "No space left" in m for m in t.messages)
    assert not t.saving and t.tally.played == 1
    t.next()
    assert t.current_number == 2 and str(path.parent) not in " ".join(t.messages)


def test_a_read_only_folder_shows_the_tally_and_says_it_cannot_save(path, monkeypatch):
    t = Trainer(path)
    t.set_name("Ann")
    play(t, 3)
    before = path.read_bytes()

    def refuse(p, **kw):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(keeper_module, "locked", refuse)
    ro = Trainer(path)
    assert (ro.name, ro.tally.played, ro.current_number) == ("Ann", 3, 3)
    assert not ro.saving and "cannot be saved" in ro.messages[0] and "Permission denied" in ro.messages[0]
    ro.next()
    ro.check(*answer(ro.current_hand))  # the session goes on in memory
    assert ro.tally.played == 4 and path.read_bytes() == before


def test_a_read_only_folder_with_only_an_old_file(path, monkeypatch):
    legacy = path.with_name("practice.json")
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps(OLD_FILE))
    monkeypatch.setattr(keeper_module, "locked", lambda p, **kw: (_ for _ in ()).throw(OSError(30, "Read-only file system")))
    ro = Trainer(path)
    assert ro.name == "Ann" and ro.tally.played == 2 and not ro.saving
    assert legacy.exists() and not path.exists()


# --------------------------------------------------------------------------- the old format


OLD_FILE = {
    "format": "mjscore-practice", "version": 1, "name": "Ann", "seed": 5, "current": 3,
    "hands": [
        {"number": 1, "hand": RAMP[0].to_json(), "points": 28, "doubles": 0, "shown": False,
         "correct_points": 28, "correct_doubles": 0, "points_right": True, "doubles_right": True},
        {"number": 2, "hand": RAMP[1].to_json(), "points": None, "doubles": None, "shown": True,
         "correct_points": 40, "correct_doubles": 1, "points_right": False, "doubles_right": False},
    ],
    "tally": {"played": 2, "right": 1, "missed": 1, "shown": 1, "points_right": 1, "doubles_right": 1},
}


def test_an_old_practice_json_is_carried_over(path):
    legacy = path.with_name("practice.json")
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps(OLD_FILE, indent=1))
    t = Trainer(path)
    assert (t.name, t.seed, t.current_number, t.answered) == ("Ann", 5, 3, False)
    assert t.tally == Tally(played=2, right=1, shown=1, points_right=1, doubles_right=1)
    assert [p.hand for p in t.played] == list(RAMP[:2]) and t.current_hand == RAMP[2]
    assert "carried over" in t.messages[0]
    assert not legacy.exists() and legacy.with_name("practice.json.carried-over").exists()
    t.check(*answer(t.current_hand))
    assert Trainer(path).tally.played == 3 and not Trainer(path).messages


def test_a_trainer_given_the_old_file_name_uses_the_log_beside_it(path):
    legacy = path.with_name("practice.json")
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps(OLD_FILE))
    t = Trainer(legacy)
    assert t.path == path and t.tally.played == 2


def test_an_old_file_that_cannot_be_read_is_kept_aside(path):
    legacy = path.with_name("practice.json")
    legacy.parent.mkdir(parents=True)
    legacy.write_text('{"format": "mjscore-practice", "version": 1, "name": "' + "9" * 5000)
    t = Trainer(path)
    assert t.tally.played == 0 and "could not be read" in t.messages[0]
    assert [p.name for p in path.parent.iterdir() if p.name.startswith("practice.json.corrupt-")]


# --------------------------------------------------------------------------- download and upload


def test_a_downloaded_file_restores_the_progress(path, tmp_path):
    t = Trainer(path)
    t.set_name("Ann")
    play(t, 5)
    saved = t.export_bytes()
    assert saved == path.read_bytes()
    fresh = Trainer(tmp_path / "elsewhere" / "practice.jsonl")  # a new Binder session
    fresh.restore(saved)
    assert (fresh.name, fresh.tally, fresh.current_number) == ("Ann", t.tally, 5)
    old = Trainer(tmp_path / "old" / "practice.jsonl")
    old.restore(json.dumps(OLD_FILE).encode())  # an old practice.json too
    assert old.name == "Ann" and old.tally.played == 2
    assert old.path.with_name("practice.jsonl.before-restore").exists()  # what it replaced is kept


@pytest.mark.parametrize("data", [b"", b"hello", b'{"kind": "name", "name": "x"}\n', b"\xff",
                                  b'{"kind": "start", "format": "mjscore-practice", "version": 2, "seed": 0, '
                                  b'"hand": {"sets": []}}'])
def test_an_upload_that_is_not_a_progress_file_is_refused(path, data):
    t = Trainer(path)
    play(t, 1)
    before = path.read_bytes()
    with pytest.raises(PracticeError, match="not a progress file"):
        t.restore(data)
    assert path.read_bytes() == before and t.tally.played == 1


# --------------------------------------------------------------------------- two windows, two processes


def test_two_trainers_on_one_file(path):
    a, b = Trainer(path), Trainer(path)
    a.set_name("Ann")
    fa = a.check(28, 0)
    fb = b.check(1, 1)  # b has not seen a's answer: the first answer stands
    assert fa.counted and not fb.counted and "another window" in fb.note
    assert a.tally == b.tally == Tally(played=1, right=1, shown=0, points_right=1, doubles_right=1)
    assert b.name == "Ann"
    b.next()
    fa = a.check(5, 5)  # hand 1 is no longer on the table
    assert not fa.counted and "no longer on the table" in fa.note and a.current_number == 2
    a.show_me()
    b.set_name("Bea")
    a.next()
    assert a.name == "Bea"
    assert Trainer(path).tally == a.tally == Tally(played=2, right=1, shown=1, points_right=1, doubles_right=1)
    b.reload()
    assert b.played == a.played and b.current_number == 3


def test_a_reset_in_one_window_is_followed_by_the_other(path):
    a, b = Trainer(path), Trainer(path)
    a.check(28, 0)
    a.next()
    b.reset()
    f = a.check(40, 1)
    assert not f.counted and a.current_number == 1 and a.played == ()


def test_without_flock_the_lock_is_an_exclusive_lock_file(path, monkeypatch):
    """JupyterLite's kernel: fcntl is an empty module, so there is no flock."""
    monkeypatch.setattr(storage, "_flock", None)
    t = Trainer(path)
    t.check(28, 0)
    assert not path.with_name("practice.jsonl.lock-excl").exists()  # released
    assert Trainer(path).tally.played == 1


_WORKER = textwrap.dedent("""
    import sys
    import mjscore.files.storage
    from mjscore.practice import Trainer, TrainerError
    from mjscore.willingdon import score
    path, who, rounds, lock = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    if lock == "exclusive-file":
        mjscore.files.storage._flock = None
    t = Trainer(path)
    counted = 0
    for i in range(rounds):
        if not t.answered:
            s = score(t.current_hand)
            counted += t.check(s.hand_points, s.doubles).counted
        try:
            t.next()
        except TrainerError:
            pass
    assert not t.messages, t.messages
    print(counted)
""")


@pytest.mark.parametrize("lock", ["flock", "exclusive-file"])
def test_two_processes_answering_at_once_count_every_answer_once(path, lock):
    path.parent.mkdir(parents=True)
    Trainer(path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [subprocess.Popen([sys.executable, "-c", _WORKER, str(path), who, "60", lock], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for who in ("Ann", "Bea")]
    counted = 0
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        counted += int(out)
    t = Trainer(path)
    assert not t.messages
    assert [p.number for p in t.played] == list(range(1, len(t.played) + 1))
    assert [p.hand for p in t.played] == deal(len(t.played))
    assert t.tally.right == t.tally.played == counted >= 60  # each answer once, none lost
    assert sum(r["kind"] == "answer" for r in records(path)) == counted


def test_a_writer_killed_mid_session_leaves_a_log_that_reads(path):
    path.parent.mkdir(parents=True)
    Trainer(path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-c", _WORKER, str(path), "Ann", "100000", "flock"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or path.stat().st_size < 20_000):
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=30)
    t = Trainer(path)  # whole, or one torn line set aside
    assert t.tally.played >= 10 and t.tally.right == t.tally.played
    assert [q.number for q in t.played] == list(range(1, len(t.played) + 1))
    t.next() if t.answered else None
    t.check(*answer(t.current_hand))
    assert Trainer(path).tally.played == t.tally.played and not Trainer(path).messages
