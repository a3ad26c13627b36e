"""The trainer's state and its saved progress: marking, the tally, the file, two windows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import mjscore.willingdon.trainer.session as trainer_module
from mjscore.willingdon.deal import RAMP, deal
from mjscore.hands import Hand, parse
from mjscore.willingdon.trainer import (PROGRESS_FILE, Tally, Trainer, TrainerError, data_dir, likely_misses,
                             progress_path)
from mjscore.willingdon import CLEAN_HAND_ONE, score


def answer(hand: Hand) -> tuple[int, int]:
    s = score(hand)
    return s.hand_points, s.doubles


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def path(tmp_path) -> Path:
    return tmp_path / "data" / PROGRESS_FILE


# --------------------------------------------------------------------------- where


def test_data_dir_follows_the_override(monkeypatch, tmp_path):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    assert progress_path() == tmp_path / "x" / "practice.json"


def test_data_dir_on_linux(monkeypatch, tmp_path):
    monkeypatch.delenv("MJSCORE_DATA_DIR", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "mjscore"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert data_dir() == tmp_path / ".local" / "share" / "mjscore"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")  # the XDG spec: only absolute paths
    assert data_dir() == tmp_path / ".local" / "share" / "mjscore"


def test_data_dir_on_windows_and_macos(monkeypatch, tmp_path):
    monkeypatch.delenv("MJSCORE_DATA_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    assert data_dir() == tmp_path / "Roaming" / "mjscore"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert data_dir() == tmp_path / "Library" / "Application Support" / "mjscore"


def test_default_path_is_in_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path / "mine"))
    t = Trainer()
    assert t.path == tmp_path / "mine" / "practice.json"
    assert t.path.exists()


# --------------------------------------------------------------------------- marking


def test_a_right_answer(path):
    t = Trainer(path)
    assert t.current_number == 1 and t.current_hand == RAMP[0] and not t.answered
    f = t.check(28, 0)
    assert f.counted and f.right and f.points_right and f.doubles_right
    assert f.hints == ()
    assert t.answered
    assert t.tally == Tally(played=1, right=1, shown=0, points_right=1, doubles_right=1)


def test_under_the_minimum_the_paper_total_is_still_shown(path):
    t = Trainer(path)
    f = t.check(28, 0)
    assert (f.result.paper_total, f.result.score, f.short_of_minimum) == (28, 0, 3)
    text = f.summary()
    assert "Paper total: 28 x 2^0 = 28" in text
    assert "Score: 0" in text and "3 short" in text


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
    assert not again.counted and again.right  # the trainer still says the new answer is right...
    assert "first answer" in again.note
    assert t.tally == before  # ...but the tally keeps the first
    assert t.played[0].points == 20
    assert saved(path)["hands"][0]["points"] == 20


def test_show_me_reveals_and_counts_as_a_miss(path):
    t = Trainer(path)
    f = t.show_me()
    assert f.shown and f.counted and not f.right
    assert (f.result.hand_points, f.result.doubles) == (28, 0)
    assert "Shown: 28 hand points and 0 doubles." in f.summary()
    assert t.tally == Tally(played=1, right=0, shown=1)
    # An answer after Show me does not count either.
    later = t.check(28, 0)
    assert not later.counted and t.tally.right == 0
    assert saved(path)["hands"][0] | {"hand": None} == {
        "number": 1, "hand": None, "points": None, "doubles": None, "shown": True,
        "correct_points": 28, "correct_doubles": 0, "points_right": False, "doubles_right": False}


def test_show_me_after_an_answer_changes_nothing(path):
    t = Trainer(path)
    t.check(28, 0)
    f = t.show_me()
    assert not f.counted and "changes nothing" in f.note
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
    assert [p.hand for p in t.played] == expected
    assert t.tally.right == 9


def test_re_reading_a_played_hand_never_changes_the_tally(path):
    t = Trainer(path)
    t.check(20, 0)
    t.next()
    t.show_me()
    t.next()
    before, file_before = t.tally, path.read_bytes()
    for number in (1, 2, 1, 2):
        f = t.review(number)
        assert not f.counted
        assert f.number == number and f.hand == RAMP[number - 1]
    assert t.review(1).points == 20 and t.review(2).shown
    assert t.review(1).hints  # the miss is explained again
    assert t.tally == before and path.read_bytes() == file_before
    assert t.current_number == 3


@pytest.mark.parametrize("number", [0, 3, -1, "1", True])
def test_review_refuses_hands_not_played(path, number):
    t = Trainer(path)
    t.check(28, 0)
    t.next()
    t.check(1, 1)
    with pytest.raises(TrainerError, match="no played hand"):
        t.review(number)


@pytest.mark.parametrize("points, doubles", [(-1, 0), (0, -2), ("28", 0), (28.0, 0), (True, 0), (None, 0)])
def test_check_refuses_answers_that_are_not_counts(path, points, doubles):
    t = Trainer(path)
    with pytest.raises(TrainerError, match="whole number 0 or more") as e:
        t.check(points, doubles)
    assert isinstance(e.value, ValueError)
    assert t.tally.played == 0


def test_bad_seed_and_name_are_refused(path):
    with pytest.raises(TrainerError, match="seed"):
        Trainer(path, seed=-1)
    with pytest.raises(TrainerError, match="text"):
        Trainer(path).set_name(42)


def test_the_name_is_kept_as_plain_text(path):
    t = Trainer(path)
    t.set_name("  <b>Ann</b>\n  Lee ")
    assert t.name == "<b>Ann</b> Lee"
    assert saved(path)["name"] == "<b>Ann</b> Lee"
    t.set_name("x" * 500)
    assert len(t.name) == trainer_module.MAX_NAME


def test_reset_clears_everything(path):
    t = Trainer(path, seed=4)
    t.set_name("Ann")
    t.check(28, 0)
    t.next()
    t.reset()
    assert (t.name, t.played, t.tally, t.current_number) == ("", (), Tally(), 1)
    again = Trainer(path)
    assert (again.name, again.played, again.tally, again.current_number, again.seed) == ("", (), Tally(), 1, 4)
    data = saved(path)
    assert data["hands"] == [] and data["name"] == "" and data["tally"]["played"] == 0


def test_the_rule_set_marks_the_answer(path):
    # A Clean Hand (ramp hand 3) scores 1 more double when the book's 0 is read as 1.
    t = Trainer(path, rules=CLEAN_HAND_ONE)
    for hand in RAMP[:2]:
        t.show_me()
        t.next()
    assert t.check(42, 6).right


# --------------------------------------------------------------------------- the saved file


def test_the_file_format(path):
    t = Trainer(path)
    t.set_name("Ann")
    t.check(28, 0)
    t.next()
    t.check(40, 0)
    data = saved(path)
    assert list(data) == ["format", "version", "name", "seed", "current", "hands", "tally"]
    assert (data["format"], data["version"], data["name"], data["seed"], data["current"]) == (
        "mjscore-practice", 1, "Ann", 0, 2)
    assert Hand.from_json(data["hands"][0]["hand"]) == RAMP[0]
    assert data["hands"][1] | {"hand": None} == {
        "number": 2, "hand": None, "points": 40, "doubles": 0, "shown": False,
        "correct_points": 40, "correct_doubles": 1, "points_right": True, "doubles_right": False}
    assert data["tally"] == {"played": 2, "right": 1, "missed": 1, "shown": 0, "points_right": 2,
                             "doubles_right": 1}


def test_a_restart_restores_name_hands_and_tally(path):
    """Ten hands with right answers, wrong ones and Show me; then a new trainer, as after a
    kernel restart, finds the same name, hands, tally and hand on the table."""
    t = Trainer(path, seed=11)
    t.set_name("Ann")
    for i in range(10):
        hand = t.current_hand
        p, d = answer(hand)
        if i % 3 == 0:
            t.check(p, d)
        elif i % 3 == 1:
            t.check(p + 2, d)
        else:
            t.show_me()
        if i < 9:
            t.next()
    after = Trainer(path)
    assert after.name == "Ann"
    assert after.played == t.played
    assert [p.hand for p in after.played] == deal(10, seed=11)
    assert after.tally == t.tally == Tally(played=10, right=4, shown=3, points_right=4, doubles_right=7)
    assert (after.current_number, after.answered, after.seed) == (10, True, 11)
    after.next()
    assert after.current_hand == deal(11, seed=11)[10]


def test_the_tally_is_recounted_from_the_hands(path):
    t = Trainer(path)
    t.check(28, 0)
    data = saved(path)
    data["tally"] = {"played": 99, "right": 99}
    path.write_text(json.dumps(data))
    assert Trainer(path).tally == Tally(played=1, right=1, shown=0, points_right=1, doubles_right=1)


def test_writes_are_atomic_temp_file_fsync_replace(path, monkeypatch):
    t = Trainer(path)
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])

    def replace(src, dst):
        calls.append(("replace", Path(src).parent == Path(dst).parent, Path(dst).name))
        return real_replace(src, dst)
    monkeypatch.setattr(os, "replace", replace)
    t.set_name("Ann")
    assert calls[0] == "fsync"
    assert calls[1] == ("replace", True, "practice.json")  # from a temp file in the same folder
    assert saved(path)["name"] == "Ann"


def test_a_write_that_fails_leaves_the_old_file_whole(path, monkeypatch):
    t = Trainer(path)
    t.set_name("Ann")
    good = path.read_bytes()

    def broken(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", broken)
    t.check(28, 0)  # never a crash...
    assert path.read_bytes() == good  # ...the file on disk is the last whole one...
    assert not [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")]  # ...no litter
    assert any("could not be saved" in m and "No space left" in m for m in t.messages)
    assert not t.saving
    assert t.tally.played == 1  # the session goes on in memory
    t.next()
    assert t.current_number == 2
    assert str(path.parent) not in " ".join(t.messages)  # the file name only, never the path


def test_no_temporary_files_are_left(path):
    t = Trainer(path)
    for _ in range(3):
        t.show_me()
        t.next()
    names = sorted(p.name for p in path.parent.iterdir())
    assert names in (["practice.json"], ["practice.json", "practice.json.lock"])


@pytest.mark.parametrize("content", [
    b"{ this is not json",
    b"",
    b"\xff\xfe\x00garbage",
    b"[1, 2, 3]",
    json.dumps({"format": "mjscore-practice", "version": 99, "name": "", "seed": 0, "current": 1,
                "hands": []}).encode(),
    json.dumps({"format": "mjscore-practice", "version": 1, "name": "Ann", "seed": 0, "current": 5,
                "hands": []}).encode(),
    json.dumps({"format": "mjscore-practice", "version": 1, "name": "Ann", "seed": 0, "current": 2,
                "hands": [{"number": 1, "hand": {"sets": []}, "points": 1, "doubles": 0,
                           "shown": False, "correct_points": 1, "correct_doubles": 0}]}).encode(),
    b"[" * 100_000,
])
def test_a_corrupt_file_is_set_aside_and_a_fresh_one_started(path, content):
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    t = Trainer(path)  # never a crash
    aside = [p for p in path.parent.iterdir() if p.name.startswith("practice.json.corrupt-")]
    assert len(aside) == 1
    assert aside[0].read_bytes() == content  # kept, never silently lost
    assert len(aside[0].name) == len("practice.json.corrupt-YYYYMMDD-HHMMSS")
    assert (t.name, t.played, t.current_number) == ("", (), 1)
    assert saved(path)["format"] == "mjscore-practice"  # a fresh, valid file
    assert len(t.messages) == 1
    message = t.messages[0]
    assert "could not be read" in message and aside[0].name in message and "fresh" in message
    assert str(path.parent) not in message
    assert t.take_messages() == [message] and t.messages == []


def test_two_corrupt_files_in_one_second_are_both_kept(path, monkeypatch):
    monkeypatch.setattr(trainer_module.time, "strftime", lambda fmt: "20250101-120000")
    path.parent.mkdir(parents=True)
    for text in ("first", "second"):
        path.write_text(text)
        Trainer(path)
    kept = sorted(p.name for p in path.parent.iterdir() if ".corrupt-" in p.name)
    assert kept == ["practice.json.corrupt-20250101-120000", "practice.json.corrupt-20250101-120000-2"]
    assert sorted((path.parent / k).read_text() for k in kept) == ["first", "second"]


def test_a_file_that_cannot_be_moved_aside_is_left_alone(path, monkeypatch):
    path.parent.mkdir(parents=True)
    path.write_text("not json")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "replace", refuse)
    t = Trainer(path)
    assert not t.saving and "left untouched" in t.messages[0]
    t.set_name("Ann")
    t.check(28, 0)
    assert path.read_text() == "not json"
    assert t.tally.played == 1 and t.name == "Ann"


def test_a_file_that_goes_bad_mid_session_keeps_the_session(path):
    t = Trainer(path)
    t.set_name("Ann")
    t.check(28, 0)
    path.write_text("scribbled over")
    t.next()
    assert [p.name for p in path.parent.iterdir() if ".corrupt-" in p.name]
    assert (t.name, t.tally.played, t.current_number) == ("Ann", 1, 2)
    assert Trainer(path).tally.played == 1  # written back from the session


def test_a_deleted_file_is_written_again_from_the_session(path):
    t = Trainer(path)
    t.check(28, 0)
    path.unlink()
    t.next()
    assert saved(path)["current"] == 2 and len(saved(path)["hands"]) == 1


# --------------------------------------------------------------------------- two windows


def test_two_trainers_on_one_file_merge(path):
    a, b = Trainer(path), Trainer(path)
    a.set_name("Ann")
    fa = a.check(28, 0)
    fb = b.check(1, 1)  # b has not seen a's answer: the first answer stands
    assert fa.counted and not fb.counted and "another window" in fb.note
    assert a.tally == b.tally == Tally(played=1, right=1, shown=0, points_right=1, doubles_right=1)
    assert b.name == "Ann"
    b.next()
    fa = a.check(5, 5)  # hand 1 is no longer on the table
    assert not fa.counted and "no longer on the table" in fa.note
    assert a.current_number == 2
    a.show_me()
    b.set_name("Bea")  # last writer wins
    a.next()  # a sees b's name
    assert a.name == "Bea"
    assert Trainer(path).tally == a.tally == Tally(played=2, right=1, shown=1, points_right=1,
                                                   doubles_right=1)
    b.reload()
    assert b.played == a.played and b.current_number == 3


def test_a_reset_in_one_window_is_followed_by_the_other(path):
    a, b = Trainer(path), Trainer(path)
    a.check(28, 0)
    a.next()
    b.reset()
    f = a.check(40, 1)
    assert not f.counted and a.current_number == 1 and a.played == ()


def test_the_lock_without_flock_uses_an_exclusive_lock_file(path, monkeypatch):
    monkeypatch.setattr(trainer_module, "fcntl", None)
    t = Trainer(path)
    t.check(28, 0)
    assert not path.with_name("practice.json.lock").exists()  # released
    assert Trainer(path).tally.played == 1


def test_the_lock_without_flock_takes_over_a_stale_lock(path, monkeypatch):
    monkeypatch.setattr(trainer_module, "fcntl", None)
    path.parent.mkdir(parents=True)
    lock = path.with_name("practice.json.lock")
    lock.write_text("")
    os.utime(lock, (0, 0))  # left behind long ago by a kernel that died
    Trainer(path).set_name("Ann")
    assert saved(path)["name"] == "Ann" and not lock.exists()


def test_a_file_system_without_flock_falls_back_to_the_lock_file(path, monkeypatch):
    class NoFlock:
        LOCK_EX = LOCK_UN = 0

        @staticmethod
        def flock(fd, how):
            raise OSError(95, "Operation not supported")
    monkeypatch.setattr(trainer_module, "fcntl", NoFlock)
    t = Trainer(path)
    t.check(28, 0)
    assert not t.messages and t.saving
    assert not path.with_name("practice.json.lock-excl").exists()  # released
    assert Trainer(path).tally.played == 1


_WORKER = textwrap.dedent("""
    import sys
    from mjscore.willingdon.trainer import Trainer, TrainerError
    from mjscore.willingdon import score
    path, who, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    t = Trainer(path)
    for i in range(rounds):
        t.set_name(who)
        if not t.answered:
            s = score(t.current_hand)
            t.check(s.hand_points, s.doubles)
        try:
            t.next()
        except TrainerError:  # the other window moved on meanwhile: a fresh hand is on the table
            pass
    assert not t.messages, t.messages
""")


@pytest.mark.parametrize("lock", ["flock", "exclusive-file"])
def test_two_processes_on_one_file_never_corrupt_it(path, lock):
    path.parent.mkdir(parents=True)
    script = _WORKER if lock == "flock" else "import mjscore.willingdon.trainer.session as m; m.fcntl = None\n" + _WORKER
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    procs = [subprocess.Popen([sys.executable, "-c", script, str(path), who, "40"], env=env,
                              stderr=subprocess.PIPE, text=True) for who in ("Ann", "Bea")]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    t = Trainer(path)
    assert not t.messages  # the file is whole and valid
    assert not [p for p in path.parent.iterdir() if ".corrupt-" in p.name or p.name.endswith(".tmp")]
    assert t.name in ("Ann", "Bea")
    # Every hand was answered once, in order, and every answer was right.
    assert [p.number for p in t.played] == list(range(1, len(t.played) + 1))
    assert [p.hand for p in t.played] == deal(len(t.played))
    assert t.tally.right == t.tally.played >= 40


# --------------------------------------------------------------------------- what was missed


def hints(text: str, points: int | None, doubles: int | None, rules=None) -> list[str]:
    hand = parse(text)
    result = score(hand) if rules is None else score(hand, rules)
    return list(likely_misses(result, hand, points, doubles))


def test_a_missed_flower_is_one_line():
    # 6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W: 54 points, 5 doubles.
    out = hints("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W", 50, 5)
    assert out[0].startswith("Hand points: 4 short.")
    assert ("Hand points: 4 short. Perhaps you missed one “Each flower or season” (one of Flower 3, "
            "Season 2, Season 3), worth 4 points.") in out


def test_mahjong_forgotten():
    out = hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 8, 0)
    assert out == ["Hand points: 20 short. Perhaps you missed “Mahjong”, worth 20 points."]


def test_a_pair_of_lines():
    # 42 points: the flowers (8) and the concealed pung of 3 Bamboo (4) make 12.
    out = hints("+EWx3 3Bx3 +7Bx3 +GDx3 5Bx2 F1 S2", 30, 5)
    assert ("Hand points: 12 short. Perhaps you missed “Pung of minor (2–8), concealed” (3 Bamboo), "
            "worth 4 points, and “Each flower or season” on all of Flower 1, Season 2, worth 8 points "
            "in all.") in out


def test_a_concealed_set_scored_as_exposed():
    out = hints("2Cx3 4Cx3 6Cx3 +8Cx3 9Cx2 S3 seat=W round=S", 38, 5)
    assert any("Each concealed pung (2 Characters, 4 Characters, 6 Characters) scores 4, not 2: "
               "concealed sets score double." in h for h in out)


def test_an_exposed_set_scored_as_concealed():
    out = hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 30, 0)
    assert out[0] == ("Hand points: 2 too many. Each exposed pung (3 Bamboo, 5 Characters, 7 Dots, "
                      "4 Bamboo) scores 2, not 4: only concealed sets score double.")


def test_a_minor_pair_scored():
    out = hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 30, 0)
    assert any("The pair of 6 Characters scores nothing" in h for h in out)


def test_a_kong_scored_as_a_pung():
    # +1Dx4 +9Dx4 RDx3 +WDx4 NWx2 F4 seat=N: the exposed kong of 1 Dots is 16, a pung 4.
    out = hints("+1Dx4 +9Dx4 RDx3 +WDx4 NWx2 F4 seat=N", 82 - 12, 7)
    assert ("Hand points: 12 short. Each exposed kong (1 Dots, 9 Dots, White Dragon) scores 16, not 4: "
            "a kong scores four times a pung.") in out


def test_both_own_and_round_wind():
    out = hints("+EWx3 3Bx3 +7Bx3 +GDx3 5Bx2 F1 S2", 42, 3)
    assert "East Wind is both your own wind and the round's" in out[0]


def test_two_hand_kinds_counted():
    # Winds and dragons only: Royal Honour (3), not also All Major (1), as the FAQ says.
    out = hints("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2", 58, 13)
    assert ("Doubles: 1 too many. An All Major Hand fits too, but only the best hand kind counts: "
            "A Royal Honour Hand.") in out
    # With the Clean Hand at 1, an All Major Hand is also a Clean Hand: still only the best.
    out = hints("+1Dx3 9Dx3 +RDx3 +EWx3 NWx2", None, 6, rules=CLEAN_HAND_ONE)
    assert any("A Clean Hand fits too, but only the best hand kind counts: An All Major Hand." in h
               for h in out)


def test_clean_hand_counted_as_one():
    out = hints("+EWx3 3Bx3 +7Bx3 +GDx3 5Bx2 F1 S2", 42, 6)
    assert any("A Clean Hand scores 0 doubles in this rule book" in h for h in out)


def test_tiers_stacked():
    out = hints("2Cx3 4Cx3 6Cx3 8Cx3 9Cx2", 20 + 16 + 2, 3 + 2 + 1)
    assert any("4 concealed pungs replaces 3 concealed pungs" in h for h in out)


def test_kongs_counted_as_concealed_pungs():
    out = hints("2Cx3 4Cx3 6Cx4 +8Dx3 RDx2", None, 1 + 1)
    assert any("Kongs do not count towards 3 concealed pungs" in h for h in out)


def test_ones_and_nines_from_two_suits():
    out = hints("+1Dx3 +9Bx3 +5Cx3 +RDx3 EWx2", None, 2)
    assert any("Pungs of 1s and 9s must be in one suit" in h for h in out)


def test_concealed_mahjong_won_on_a_discard():
    out = hints("2Cx3 4Cx3 6Cx3 8Cx3 9Cx2", None, 5 + 3)
    assert any("Concealed mahjong needs the last tile from the wall" in h for h in out)


def test_a_stray_flower_and_a_stray_wind():
    assert any("Flower 2 earns no double" in h for h in hints("+2Bx3 +3Bx3 +4Bx3 +5Bx3 6Bx2 F2", None, 4))
    assert any("A pung of West Wind earns no double by itself" in h
               for h in hints("+WWx3 +3Bx3 +4Bx3 +5Bx3 6Bx2", None, 1))


def test_no_line_fits():
    out = hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 29, 0)
    assert out == ["Hand points: 1 too many. No single line or pair of lines makes up the difference: "
                   "go through the breakdown line by line."]


def test_right_answers_and_show_me_have_no_hints():
    assert hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 28, 0) == []
    assert hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", None, None) == []


def test_hints_never_fail_on_dealt_hands():
    for hand in deal(300, seed=2):
        s = score(hand)
        for dp, dd in ((-4, 0), (4, 0), (0, -1), (0, 2), (-7, -3), (9, 5)):
            out = likely_misses(s, hand, max(0, s.hand_points + dp), max(0, s.doubles + dd))
            assert len(out) <= 6
