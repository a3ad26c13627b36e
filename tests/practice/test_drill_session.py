"""The drills on the progress log: the first answer counted once (two windows, two processes),
Show me a miss, Reset with its undo, the situation and the table kept, the trainer's own tally
apart, and a writer killed mid-write."""

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

from mjscore.american.drill import RAMP, deal, home_answer
from mjscore.american.tournament import COMMON, VARIANT
from mjscore.american.tournament.drill import tournament_answer
from mjscore.practice import Drill, DrillError, read_amounts
from mjscore.practice.book import Counts
from mjscore.willingdon import score
from mjscore.practice import Trainer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def path(tmp_path) -> Path:
    return tmp_path / "data" / "practice.jsonl"


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def play(d: Drill, n: int, *, right: bool = True) -> None:
    for _ in range(n):
        if d.answered:
            d.next()
        a = d.answer()
        d.check(a if right else tuple(x + 5 for x in a))


def test_a_new_log_deals_what_mjscore_deal_prints(path):
    d = Drill("american", path)
    seen = []
    for _ in range(12):
        seen.append(d.situation)
        d.show_me()
        d.next()
    assert seen == deal(12)
    t = Drill("tournament", path)
    assert t.situation == deal(1, game="tournament")[0] and t.answer() == tournament_answer(RAMP[0])


def test_the_first_answer_counts_show_me_is_a_miss_and_re_answering_changes_nothing(path):
    d = Drill("american", path)
    f = d.check((100, -25, -50, -25))
    assert f.right and f.counted and f.missed is None
    again = d.check((1, -1, 0, 0))
    assert not again.counted and "first answer" in again.note and d.tally == Counts(1, 1, 0)
    shown = d.show_me()
    assert not shown.counted and d.tally == Counts(1, 1, 0)
    d.next()
    f = d.show_me()
    assert f.shown and f.counted and f.correct == (-60, 180, -60, -60) and d.tally == Counts(2, 1, 1)
    d.next()
    f = d.check((-50, -25, -25, 100))
    assert not f.right and f.missed.title == "The jokerless double doubles every payment again"
    assert d.tally == Counts(3, 1, 1) and d.state.missed == {"The jokerless double doubles every payment again": 1}
    rs = [r for r in records(path) if r.get("drill")]
    assert rs[-1] == {"kind": "answer", "drill": "american", "number": 3, "given": [-50, -25, -25, 100],
                      "shown": False, "right": False, "correct": [-100, -50, -50, 200],
                      "missed": "The jokerless double doubles every payment again"}


def test_next_needs_an_answer_and_answers_must_be_one_amount_a_player(path):
    d = Drill("american", path)
    with pytest.raises(DrillError, match="answer situation 1 first"):
        d.next()
    for bad in [(1, 2, 3), (1, 2, 3, "4"), (1, 2, 3, True)]:
        with pytest.raises(DrillError):
            d.check(bad)
    assert d.tally.played == 0


def test_reading_the_amounts_typed():
    players = ("Ann", "Bea", "Cat", "Dee")
    assert read_amounts("+100 -50 -25 -25", players) == (100, -50, -25, -25)
    assert read_amounts("100,−50, -25 , -25", players) == (100, -50, -25, -25)
    for bad, says in [("+100 -50 -25", "4 amounts"), ("+100 -50 -25 x", "Dee's amount"),
                      ("+1e3 0 0 0", "Ann's amount"), ("1 2 3 4 5", "4 amounts")]:
        with pytest.raises(DrillError, match=says):
            read_amounts(bad, players)


def test_a_restart_shows_the_same_situation_and_the_answer_given(path):
    d = Drill("american", path)
    play(d, 8)
    d.next()
    again = Drill("american", path)
    assert again.number == 9 and again.situation == d.situation and not again.answered
    d.check(d.answer())
    again = Drill("american", path)
    f = again.last_feedback()
    assert again.answered and f.right and f.given == d.answer()


def test_reset_clears_the_drill_only_and_can_be_undone(path):
    t = Trainer(path)
    t.set_name("Ann")
    s = score(t.current_hand)
    t.check(s.hand_points, s.doubles)
    d = Drill("american", path)
    play(d, 5)
    q = Drill("tournament", path)
    play(q, 2)
    before = d.tally
    d.reset()
    assert d.tally == Counts() and d.number == 1 and d.can_undo
    assert q.tally == Drill("tournament", path).tally == Counts(2, 2, 0)
    assert Trainer(path).tally.played == 1 and Trainer(path).name == "Ann"
    d.undo_reset()
    assert d.tally == before and d.number == 5 and not d.can_undo
    with pytest.raises(DrillError, match="no Reset"):
        d.undo_reset()
    t.reset()  # the trainer's Reset keeps the drills
    assert Drill("american", path).tally == before and Trainer(path).tally.played == 0


def test_the_tournament_table_is_kept_and_marks_the_answer(path, tmp_path):
    d = Drill("tournament", path, table="variant")
    assert d.table == VARIANT
    assert Drill("tournament", path).table == VARIANT
    d.set_table(COMMON)
    assert Drill("tournament", path).table == COMMON
    mine = tmp_path / "club.json"
    club = COMMON.to_json() | {"name": "Club night"}
    club["thrower_penalty"] = {"0-1": 5, "2": 5, "3+": 5}
    mine.write_text(json.dumps(club))
    d = Drill("tournament", path, table=str(mine))
    assert d.table.name == "Club night" and d.answer() == (25, 0, -5, 0)
    with pytest.raises(DrillError, match="only the tournament drill"):
        Drill("american", path).set_table(COMMON)


def test_two_windows_count_an_answer_once(path):
    a, b = Drill("american", path), Drill("american", path)
    fa = a.check(a.answer())
    fb = b.check((0, 0, 0, 0))
    assert fa.counted and not fb.counted and "another window" in fb.note
    assert a.tally == b.tally == Counts(1, 1, 0)
    b.next()
    fa = a.check((5, 5, 5, 5))
    assert not fa.counted and "no longer on the table" in fa.note and a.number == 2
    a.reload()
    assert Drill("american", path).tally == Counts(1, 1, 0)


_WORKER = textwrap.dedent("""
    import sys
    from mjscore.practice import Drill, DrillError
    path, game, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    d = Drill(game, path)
    counted = 0
    for i in range(rounds):
        if not d.answered:
            counted += d.check(d.answer()).counted
        try:
            d.next()
        except DrillError:
            pass
    assert not d.messages, d.messages
    print(counted)
""")


def test_two_processes_answering_at_once_count_every_answer_once(path):
    path.parent.mkdir(parents=True)
    Drill("american", path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [subprocess.Popen([sys.executable, "-c", _WORKER, str(path), "american", "60"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    counted = 0
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        counted += int(out)
    d = Drill("american", path)
    assert not d.messages
    assert d.tally.right == d.tally.played == counted >= 60
    answers = [r for r in records(path) if r.get("drill") == "american" and r["kind"] == "answer"]
    assert [r["number"] for r in answers] == list(range(1, counted + 1))


def test_a_writer_killed_mid_session_leaves_a_log_that_reads(path):
    path.parent.mkdir(parents=True)
    Drill("american", path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-c", _WORKER, str(path), "american", "100000"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or path.stat().st_size < 150_000):
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=30)
    d = Drill("american", path)  # whole, or one torn line set aside
    assert d.tally.played >= 20 and d.tally.right == d.tally.played
    if d.answered:
        d.next()
    d.check(d.answer())
    again = Drill("american", path)
    assert again.tally == d.tally and not again.messages
    assert any(r["kind"] == "summary" for r in records(path))  # long enough for a summary or more


def test_the_drills_tally_line_in_to_json(path):
    d = Drill("american", path)
    d.set_name("<b>Ann</b>")
    play(d, 3, right=False)
    j = d.to_json()
    assert j["name"] == "<b>Ann</b>" and j["drill"] == "american" and (j["played"], j["right"]) == (3, 0)
    assert sum(j["missed"].values()) == 3
    assert Trainer(path).name == "<b>Ann</b>"


def test_bad_drill_or_seed_is_refused(path):
    with pytest.raises(DrillError, match="no drill"):
        Drill("riichi", path)
    with pytest.raises(DrillError, match="seed"):
        Drill("american", path, seed=-1)
    assert home_answer(Drill("american", path).situation) == (100, -25, -50, -25)
