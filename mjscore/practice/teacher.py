"""The teacher's view of a class: the progress logs of every student, read together.

:func:`read_class` takes files and folders (every ``*.jsonl`` below a folder: the files students
download from Binder or the browser site, or the data folders of a class on one JupyterHub) and
reads each log as it is, never changing it. Per student: what was played, right and shown,
for the Willingdon trainer, each drill and each lesson's questions; for the class: the rules
missed most (from the rule each wrong answer most likely missed) and the questions most got
wrong. A damaged or foreign file is named in one line (:attr:`ClassReport.problems`) and the
rest are read. Names are kept as the students typed them: a view shows them as text.

``mjscore class PATH...`` prints the report; ``--json`` one object with a ``students`` list.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, NamedTuple

from ..inputs import shown
from ..progress import DRILLS, LESSONS, Counts
from ..willingdon.trainer.store import Log, Unreadable

__all__ = ["ClassReport", "Found", "QuestionWrong", "RuleMissed", "Student", "find_logs", "read_class",
           "read_student"]

#: What the report calls each drill, the Willingdon trainer first.
DRILL_TITLES = {"willingdon": "Willingdon trainer", **DRILLS}
#: How many rules and questions the text report lists.
TOP = 10


@dataclass(frozen=True)
class Student:
    """One student's log: ``name`` as typed (empty when none was given), ``file`` as found,
    the tallies by drill (``willingdon``, ``american``, ``tournament``) and by lesson (1 to 6),
    the rules missed (rule -> times), the questions got wrong ((lesson, title) -> times), and
    how many damaged records were left out."""

    name: str
    file: str
    drills: dict
    lessons: dict
    missed: dict = field(default_factory=dict)
    wrong: dict = field(default_factory=dict)
    damaged: int = 0

    @property
    def shown_name(self) -> str:
        """The name, or the file's name when the student typed none."""
        return self.name or f"({Path(self.file).name})"

    @property
    def total(self) -> Counts:
        """The student's tally over every drill and lesson."""
        t = Counts()
        for c in list(self.drills.values()) + list(self.lessons.values()):
            t = t + c
        return t

    def to_json(self) -> dict:
        """The student's line of the report as JSON: name, file, tallies, damaged records left out."""
        t = self.total
        return {"name": self.name, "file": self.file, "played": t.played, "right": t.right, "shown": t.shown,
                "drills": {d: c.to_json() for d, c in self.drills.items()},
                "lessons": {str(n): c.to_json() for n, c in self.lessons.items()}, "damaged": self.damaged}


def read_student(path: Path, shown_as: str | None = None) -> Student:
    """One student's log, read as it is (raises :class:`Unreadable` if it is not a progress log)."""
    log = Log(path)
    log.read()
    p = log.state
    willingdon = Counts(p.tally.played, p.tally.right, p.tally.shown)
    drills = {"willingdon": willingdon}
    missed = dict(p.missed)
    for name in DRILLS:
        st = p.book.drills.get(name)
        drills[name] = st.counts if st else Counts()
        for rule, n in (st.missed.items() if st else ()):
            missed[rule] = missed.get(rule, 0) + n
    lessons, wrong = {}, {}
    for n in LESSONS:
        st = p.book.lessons.get(n)
        lessons[n] = st.counts if st else Counts()
        for rule, k in (st.missed.items() if st else ()):
            missed[rule] = missed.get(rule, 0) + k
        for title, k in (st.wrong.items() if st else ()):
            wrong[(n, title)] = k
    return Student(name=p.name, file=shown_as or str(path), drills=drills, lessons=lessons, missed=missed,
                   wrong=wrong, damaged=len(log.damaged))


class Found(NamedTuple):
    """A log to read: where it is, and its path as the teacher gave it (or as found below it)."""

    path: Path
    shown: str


class RuleMissed(NamedTuple):
    """A rule the class missed: how many times in all, and by how many students."""

    rule: str
    times: int
    students: int


class QuestionWrong(NamedTuple):
    """A lesson's question: how many students got it wrong, of how many who answered the lesson."""

    lesson: int
    question: str
    students: int
    answered: int


def find_logs(paths: Iterable[str | os.PathLike | Found]) -> tuple[list[Found], list[str]]:
    """Every log to read, and a line for each path that holds none.

    A :class:`Found` given is read as it is, named as it says (a file uploaded into a scratch
    folder is named by the name it was uploaded with)."""
    found, problems, seen = [], [], set()
    for given in paths:
        path = given.path if isinstance(given, Found) else Path(given)
        if isinstance(given, Found):
            candidates = [given]
        elif path.is_dir():
            logs = sorted(p for p in path.rglob("*.jsonl") if p.is_file() and ".ipynb_checkpoints" not in p.parts)
            if not logs:
                problems.append(f"{given}: no progress logs (*.jsonl) in this folder")
            candidates = [Found(p, str(p)) for p in logs]
        elif path.exists():
            candidates = [Found(path, str(given))]
        else:
            problems.append(f"{given}: no such file or folder")
            continue
        for f in candidates:
            key = os.path.realpath(f.path)
            if key not in seen:
                seen.add(key)
                found.append(f)
    return found, problems


@dataclass(frozen=True)
class ClassReport:
    """The students read (sorted by name), and one line for each file that could not be read."""

    students: tuple
    problems: tuple

    def rules_missed(self) -> list[RuleMissed]:
        """Every rule missed, the one most students missed first (then the most times)."""
        times, who = {}, {}
        for s in self.students:
            for rule, n in s.missed.items():
                times[rule] = times.get(rule, 0) + n
                who[rule] = who.get(rule, 0) + 1
        return sorted((RuleMissed(r, times[r], who[r]) for r in times), key=lambda x: (-x.students, -x.times, x.rule))

    def questions_wrong(self) -> list[QuestionWrong]:
        """Every question got wrong at the first answer, the one most students got wrong first."""
        wrong, answered = {}, {}
        for s in self.students:
            for key in s.wrong:
                wrong[key] = wrong.get(key, 0) + 1
        for lesson, _ in wrong:
            answered[lesson] = sum(1 for s in self.students if s.lessons[lesson].played)
        return sorted((QuestionWrong(lesson, title, n, answered[lesson]) for (lesson, title), n in wrong.items()),
                      key=lambda x: (-x.students, x.lesson, x.question))

    def to_json(self) -> dict:
        """The report as JSON.

        The students, the rules missed, the questions got wrong, and the files that could not
        be read."""
        return {"students": [s.to_json() for s in self.students],
                "rules_missed": [r._asdict() for r in self.rules_missed()],
                "questions_wrong": [q._asdict() for q in self.questions_wrong()],
                "unreadable": list(self.problems)}

    def text(self) -> str:
        """The report for a terminal: one line a student, then the rules and questions."""
        names = [shown(s.shown_name, 30) for s in self.students]
        w = max([len("Student")] + [len(n) for n in names])
        heads = ["Played", "Right", "Shown", "Trainer", "American", "Tournament"] + [f"L{n}" for n in LESSONS]
        partial = sum(1 for s in self.students if s.damaged)
        unread = len(self.problems) - partial
        out = [f"{len(self.students)} student{'s' * (len(self.students) != 1)}"
               + (f"; {unread} file{'s' * (unread != 1)} not read" if unread else "")
               + (f"; {partial} read in part" if partial else ""),
               "", f"{'Student':<{w}}  " + "  ".join(f"{h:>{max(len(h), 5)}}" for h in heads)]
        for s, name in zip(self.students, names):
            t = s.total
            cells = [str(t.played), str(t.right), str(t.shown)] + [
                _cell(s.drills[d]) for d in DRILL_TITLES] + [_cell(s.lessons[n]) for n in LESSONS]
            out.append(f"{name:<{w}}  " + "  ".join(f"{c:>{max(len(h), 5)}}" for c, h in zip(cells, heads)))
        out.append("(Trainer ... L6: right of played)")
        rules = self.rules_missed()[:TOP]
        if rules:
            out += ["", "Rules missed most (students, times):"]
            out += [f"  {r.students:>3} {r.times:>4}  {r.rule}" for r in rules]
        qs = self.questions_wrong()[:TOP]
        if qs:
            out += ["", "Questions most got wrong (students wrong, of those who answered):"]
            out += [f"  {q.students:>3} of {q.answered:<3} lesson {q.lesson}: {q.question}" for q in qs]
        return "\n".join(out)


def _cell(c: Counts) -> str:
    return f"{c.right}/{c.played}" if c.played else "-"


def read_class(paths: Iterable[str | os.PathLike | Found]) -> ClassReport:
    """Read every log in ``paths`` (files, or folders searched for ``*.jsonl``, or :class:`Found`)."""
    found, problems = find_logs(paths)
    students = []
    for f in found:
        try:
            s = read_student(f.path, f.shown)
        except Unreadable as e:
            problems.append(f"{f.shown}: not a progress log, so not read ({e})")
            continue
        except OSError as e:
            problems.append(f"{f.shown}: not read ({e.strerror or e})")
            continue
        if s.damaged:
            problems.append(f"{f.shown}: {s.damaged} damaged record{'s' * (s.damaged != 1)} left out; "
                            f"the rest is read")
        students.append(s)
    students.sort(key=lambda s: (s.name.casefold() if s.name else "\uffff", s.file))
    return ClassReport(students=tuple(students), problems=tuple(problems))
