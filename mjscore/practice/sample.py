"""A made-up class for the teacher's view: students' progress logs written from a fixed seed, so
the teacher's notebook and the tests read the same class every time.

Each student practises a little of everything the course asks: Willingdon hands, the American
and tournament drills, and the questions of the lessons they reached. A student answers right
with her own skill; a wrong answer is the one a learner gives who misreads one rule (the
drills' and the questions' misreadings, the trainer's own hints), so the class's rules missed
read like a real class's. Every record is made as the drills and the trainer make it, and the
logs are read back by the same reader as any other.
"""

from __future__ import annotations

import random
from pathlib import Path

from ..american.drill import home_answer, home_miss, misreadings, situation
from ..american.tournament.drill import misreadings as tournament_misreadings, tournament_answer, tournament_miss
from ..lessons import COUNT, LESSONS, SLUGS, mark, question
from ..files.storage import atomic_write
from ..willingdon import score
from ..willingdon.deal import dealt_hand
from ..willingdon.hints import likely_misses, rule_of_hint
from .book import answer_fields, drill_record, lesson_record
from .log import encode, start_record
from .played import Played
from .progress import answer_record

__all__ = ["NAMES", "sample_class"]

#: The students' names, as they typed them (a teacher's view shows each as plain text).
NAMES = ("Ann", "Bea", "Cat", "Dee", "Eve", "Fay", "Gil", "Hal", "Ida", "Jo", "Kit", "Lou", "Mo", "Nan", "Ole",
         "Pia", "Quin", "Rosa", "Sam", "Tess", "Uma", "Vic", "Wen", "Xia", "Yuki", "Zoë", "Ana María", "O'Neil",
         "<b>Max</b>", "Li Wei")


def _willingdon(rng: random.Random, skill: float, hands: int) -> list[dict]:
    out = []
    for n in range(1, hands + 1):
        hand = dealt_hand(n, 0)
        if n > 1:
            out.append({"kind": "deal", "number": n, "hand": hand.to_json()})
        s = score(hand)
        shown, points, doubles, missed = rng.random() < 0.05, s.hand_points, s.doubles, None
        if shown:
            points = doubles = None
        elif rng.random() > skill:
            if rng.random() < 0.5:
                points += 2 * (1 + int(rng.random() * 3))
            else:
                doubles = max(0, doubles + (1 if rng.random() < 0.5 else -1))
            hints = likely_misses(s, hand, points, doubles)
            missed = rule_of_hint(hints[0]) if hints else None
        out.append(answer_record(Played(n, hand, points, doubles, shown, s.hand_points, s.doubles), missed))
    return out


def _drill(rng: random.Random, skill: float, game: str, count: int) -> list[dict]:
    out = []
    for n in range(1, count + 1):
        s = situation(n, 0, game=game)
        if n > 1:
            out.append(drill_record("deal", game, number=n, item=s.to_json()))
        correct = home_answer(s) if game == "american" else tournament_answer(s)
        given = None if rng.random() < 0.05 else correct
        if given is not None and rng.random() > skill:
            worlds = misreadings(s) if game == "american" else tournament_misreadings(s)
            given = worlds[int(rng.random() * len(worlds))].answer if worlds else tuple(x + 5 for x in correct)
        missed = None
        if given is not None and given != correct:
            missed = home_miss(s, given) if game == "american" else tournament_miss(s, given)
        out.append(drill_record("answer", game, **answer_fields(number=n, given=given, correct=correct,
                                                                 missed=missed)))
    return out


def _lessons(rng: random.Random, skill: float, reached: int) -> list[dict]:
    out = []
    for lesson in LESSONS[:reached]:
        for n in range(1, COUNT[lesson] + 1):
            q = question(lesson, n)
            given = None if rng.random() < 0.06 else q.answer
            if given is not None and rng.random() > skill:
                if q.misreadings:
                    given = q.misreadings[int(rng.random() * len(q.misreadings))].answer
                elif q.fields[0].choices:
                    given = (next(c for c in q.fields[0].choices if c != q.answer[0]),) + q.answer[1:]
                else:
                    given = (q.answer[0] + 2,) + q.answer[1:]
            missed = mark(q, given).missed if given is not None else None
            out.append(lesson_record("answer", SLUGS[lesson], round=1, question=q.title,
                                     **answer_fields(number=n, given=given, correct=q.answer, missed=missed)))
    return out


def sample_class(folder: str | Path, students: int = 30, seed: int = 0) -> list[Path]:
    """Write ``students`` made-up progress logs under ``folder`` and return their paths.

    One folder a student, as on a JupyterHub: ``student-01/practice.jsonl``, ..."""
    folder = Path(folder)
    paths = []
    for i in range(students):
        rng = random.Random(f"mjscore-sample-class-{seed}-{i}")
        skill = 0.45 + 0.5 * rng.random()
        records = [start_record(0), {"kind": "name", "name": NAMES[i % len(NAMES)]}]
        records += _lessons(rng, skill, 1 + int(rng.random() * len(LESSONS)))
        records += _drill(rng, skill, "american", int(rng.random() * 16))
        records += _drill(rng, skill, "tournament", int(rng.random() * 8))
        records += _willingdon(rng, skill, int(rng.random() * 20))
        path = folder / f"student-{i + 1:02d}" / "practice.jsonl"
        atomic_write(path, b"".join(encode(r) for r in records))
        paths.append(path)
    return paths
