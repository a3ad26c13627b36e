"""Progress logs written by an earlier mjscore open unchanged, with every answer and tally kept.

The logs in ``logs/`` were written by mjscore at commit 68c3f20 (6 December 2026, before the
progress log moved out of ``willingdon/`` into ``mjscore/practice/`` and the lessons were kept
by slug: these logs name them by number), through the apps' own objects: the trainer, both drills and every lesson's questions. ``a-learner`` is a short
log (a Reset and a second round of questions in it); ``ten-thousand-answers`` has 10,000
answers and the summary records the log writes every 200 records. Beside each,
``*.holds.json`` is what that mjscore read of it: the name, the trainer's tallies and hands,
each drill and each lesson's questions (lessons named by the slug of the lesson they were
then). Today's code must read the same, and go on from where the log stopped.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest

from mjscore.lessons import LESSONS
from mjscore.lessons.course import COURSE
from mjscore.practice import Trainer
from mjscore.practice.drill import Drill
from mjscore.practice.questions import LessonQuestions

LOGS = Path(__file__).parent / "logs"
NAMES = ("a-learner", "ten-thousand-answers")


def played_row(p) -> list:
    return [p.number, str(p.hand), p.points, p.doubles, p.shown, p.correct_points, p.correct_doubles, p.mode]


def what_it_holds(path: Path) -> dict:
    """What the progress log at ``path`` holds, read through the apps' own objects."""
    t = Trainer(path)
    rows = [played_row(p) for p in t.played]
    held = {"name": t.name, "mode": t.mode, "seed": t.seed,
            "trainer": {"tally": str(t.tally), "tallies": {m: str(x) for m, x in t.tallies.items()},
                        "current": t.current_number, "answered": t.answered,
                        "played": hashlib.sha256(json.dumps(rows).encode()).hexdigest(),
                        "last_played": rows[-3:]},
            "drills": {}, "lessons": {}}
    for game in ("american", "tournament"):
        d = Drill(game, path)
        s = d.state
        held["drills"][game] = {"tally": str(d.tally), "number": d.number, "answered": d.answered,
                                "missed": s.missed, "table": d.table.name if game == "tournament" else None,
                                "last": None if s.last is None else s.last.to_json(), "can_undo": d.can_undo}
    for n in LESSONS:
        q = LessonQuestions(n, path)
        s = q.state
        held["lessons"][COURSE[n].slug] = {
            "round": s.round, "tally": str(q.tally), "missed": s.missed, "wrong": s.wrong,
            "first_right": s.first_right, "answers": {str(k): a.to_json() for k, a in sorted(s.answers.items())}}
    return held


def copy_of(name: str, folder: Path) -> Path:
    """The log ``name`` copied into ``folder`` (a test may write to its copy)."""
    path = folder / "practice.jsonl"
    path.write_bytes(gzip.decompress((LOGS / f"{name}.jsonl.gz").read_bytes()))
    return path


@pytest.mark.parametrize("name", NAMES)
def test_a_log_of_today_opens_with_everything_in_it(name, tmp_path):
    path = copy_of(name, tmp_path)
    before = path.read_bytes()
    expected = json.loads((LOGS / f"{name}.holds.json").read_text(encoding="utf-8"))
    assert what_it_holds(path) == expected
    assert path.read_bytes() == before, "opening a log wrote to it"


@pytest.mark.parametrize("name", NAMES)
def test_a_log_of_today_goes_on_from_where_it_stopped(name, tmp_path):
    path = copy_of(name, tmp_path)
    q = LessonQuestions(LESSONS[0], path)
    if q.finished:
        q.more()
    before = q.tally
    number = next(n for n in range(1, q.count + 1) if q.first_answer(n) is None)
    q.check(number, q.question(number).answer)
    again = LessonQuestions(LESSONS[0], path)
    assert (again.tally.played, again.tally.right) == (before.played + 1, before.right + 1)
    last = json.loads(path.read_bytes().splitlines()[-1])
    assert last["lesson"] == COURSE[LESSONS[0]].slug  # what is written now names the lesson by its slug
    t = Trainer(path)
    tally = t.tally
    if t.answered:
        t.next()
    t.show_me()
    assert Trainer(path).tally.played == tally.played + 1
