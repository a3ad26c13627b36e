"""The teacher's view of a class: the progress logs of every student, read together.

:func:`read_class` takes files and folders (every ``*.jsonl`` below a folder: the files students
download from Binder or the browser site, or the data folders of a class on one JupyterHub) and
reads each log as it is, never changing it; a folder or file may be given as the teacher typed
it (``~/class``), and what is found in it is named that way. Per student: what was played, right
and shown, for the Willingdon trainer, each drill and each lesson's questions; for the class:
the rules missed most (from the rule each wrong answer most likely missed) and the questions most
got wrong (:meth:`ClassReport.questions_wrong`, counted as :data:`QUESTIONS_COUNTED` says: the one
count the notebook, the app, the text report and the JSON all show). A damaged or foreign file
is named in one line (:attr:`ClassReport.problems`), saying in plain words what is wrong and on
which line, and the rest are read. Names are kept as the students typed them: a view shows them
as text.

``mjscore class PATH...`` prints the report; ``--json`` one object with a ``students`` list.
"""

from __future__ import annotations

import os
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, NamedTuple

from ..files.inputs import LIMITS, InputError, load_json, shown
from ..lessons import LESSONS, SLUGS
from .book import DRILLS, Counts
from .log import FORMAT, Log, Unreadable
from .progress import READS

__all__ = ["QUESTIONS_COUNTED", "ClassReport", "Found", "QuestionWrong", "RuleMissed", "Student", "find_logs",
           "not_a_log", "read_class", "read_student"]

#: What the report calls each drill, the Willingdon trainer first.
DRILL_TITLES = {"willingdon": "Willingdon trainer", **DRILLS}
#: How many rules and questions the text report lists.
TOP = 10
#: What the questions most got wrong count, in the words every view of them shows (the notebook,
#: the class app, ``mjscore class`` and its JSON). A question is a lesson's question by its title:
#: the same title asked again with new figures (New questions, or twice in one lesson) is the same
#: question, and a student counts once for it, by the first time they answered it.
QUESTIONS_COUNTED = ("wrong: of the students who answered the question (answered, a Show me included), "
                     "those whose first answer to it was wrong or a Show me. Each student counts once a "
                     "question, by the first time they answered it, however often it came again with new figures.")


@dataclass(frozen=True)
class Student:
    """One student's log: ``name`` as typed (empty when none was given), ``file`` as found,
    the tallies by drill (``willingdon``, ``american``, ``tournament``) and by lesson (1 to 6),
    the rules missed (rule -> times), each question answered and whether the first answer to it
    was right ((lesson, title) -> True or False; a Show me is not right), the lessons whose file
    does not say that question by question (``unsorted``: saved by an earlier mjscore), and how
    many damaged records were left out."""

    name: str
    file: str
    drills: dict
    lessons: dict
    missed: dict = field(default_factory=dict)
    first_right: dict = field(default_factory=dict)
    unsorted: tuple = ()
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
    lessons, first, unsorted = {}, {}, []
    for n in LESSONS:
        st = p.book.lessons.get(SLUGS[n])
        lessons[n] = st.counts if st else Counts()
        for rule, k in (st.missed.items() if st else ()):
            missed[rule] = missed.get(rule, 0) + k
        if st and st.first_right is None:
            unsorted.append(n)
        for title, right in (st.first_right.items() if st and st.first_right else ()):
            first[(n, title)] = right
    return Student(name=p.name, file=shown_as or str(path), drills=drills, lessons=lessons, missed=missed,
                   first_right=first, unsorted=tuple(unsorted), damaged=len(log.damaged))


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
    """A lesson's question (its title): of the ``answered`` students who answered it, how many
    (``wrong``) got it wrong at their first answer to it (as :data:`QUESTIONS_COUNTED` says)."""

    lesson: int
    question: str
    wrong: int
    answered: int


def find_logs(paths: Iterable[str | os.PathLike | Found]) -> tuple[list[Found], list[str]]:
    """Every log to read, and a line for each path that holds none.

    A path is named as given (``~/class``, a ``~`` read as the home folder), and a file found
    below a folder by the folder as given and the file's path below it (``~/class/ann.jsonl``).
    A :class:`Found` given is read as it is, named as it says (a file uploaded into a scratch
    folder is named by the name it was uploaded with)."""
    found, problems, seen = [], [], set()
    for given in paths:
        path = given.path if isinstance(given, Found) else Path(os.path.expanduser(given))
        if isinstance(given, Found):
            candidates = [given]
        elif path.is_dir():
            logs = sorted(p for p in path.rglob("*.jsonl") if p.is_file() and ".ipynb_checkpoints" not in p.parts)
            if not logs:
                problems.append(f"{os.fspath(given)} holds no progress files (*.jsonl)")
            candidates = [Found(p, str(Path(given) / p.relative_to(path))) for p in logs]
        elif path.exists():
            candidates = [Found(path, str(given))]
        else:
            problems.append(f"{os.fspath(given)}: no such file or folder")
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
        """Every question some student got wrong, the one most students got wrong first.

        Counted as :data:`QUESTIONS_COUNTED` says: per question, the students who answered it,
        and of those the ones whose first answer to it was wrong or a Show me. Then, among as
        many wrong, the larger share of those who answered first, then by lesson and title.

        >>> def one(name, lesson, **first):
        ...     return Student(name, name, {}, {}, first_right={(lesson, q): r for q, r in first.items()})
        >>> report = ClassReport((one("Ann", 1, A=False, B=True), one("Bea", 1, A=True), one("Cat", 2, C=False)), ())
        >>> [tuple(q) for q in report.questions_wrong()]
        [(2, 'C', 1, 1), (1, 'A', 1, 2)]
        """
        answered, wrong = {}, {}
        for s in self.students:
            for key, right in s.first_right.items():
                answered[key] = answered.get(key, 0) + 1
                wrong[key] = wrong.get(key, 0) + (not right)
        return sorted((QuestionWrong(lesson, title, wrong[lesson, title], n) for (lesson, title), n in answered.items()
                       if wrong[lesson, title]),
                      key=lambda x: (-x.wrong, -x.wrong / x.answered, x.lesson, x.question))

    def to_json(self) -> dict:
        """The report as JSON.

        The students, the rules missed, the questions got wrong, and the files that could not
        be read."""
        return {"students": [s.to_json() for s in self.students],
                "rules_missed": [r._asdict() for r in self.rules_missed()],
                "questions_wrong": [q._asdict() for q in self.questions_wrong()],
                "questions_wrong_counts": QUESTIONS_COUNTED,
                "unreadable": list(self.problems)}

    def text(self) -> str:
        """The report for a terminal: one line a student, then the rules and questions."""
        names = [shown(s.shown_name, 30) for s in self.students]
        w = max([len("Student")] + [len(n) for n in names])
        heads = ["Played", "Right", "Shown", "Trainer", "American", "Tournament"] + [f"L{n}" for n in LESSONS]
        partial = sum(1 for s in self.students if s.damaged or s.unsorted)
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
            out += ["", "Questions most got wrong (wrong of answered):"]
            out += [f"  {q.wrong:>3} of {q.answered:<3} lesson {q.lesson}: {q.question}" for q in qs]
            out += textwrap.wrap(f"({QUESTIONS_COUNTED})", 96)
        return "\n".join(out)


def _cell(c: Counts) -> str:
    return f"{c.right}/{c.played}" if c.played else "-"


def not_a_log(path: Path) -> str:
    """Why the file at ``path``, which the log reader refused, is not a progress file.

    In a teacher's words (never a parser's), with the line that shows it. The reader refuses a
    file as a whole (too big, not a file, empty) or by its opening record, on its first line that
    is not blank: that line is looked at again here.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     notes = Path(folder, "notes.jsonl")
    ...     _ = notes.write_text("\\n{nope\\n")
    ...     not_a_log(notes)
    'it is not the JSON lines mjscore writes (line 2)'
    """
    try:
        if not path.is_file():
            return "it is a pipe or a device, not a file"
        if path.stat().st_size > LIMITS["progress"]:
            return f"it is more than {LIMITS['progress'] >> 20} MB, too big for a progress file"
        data = path.read_bytes()
    except OSError as e:
        return f"it could not be read ({e.strerror or e.__class__.__name__})"
    for number, line in enumerate(data.split(b"\n"), 1):
        if line.strip():
            break
    else:
        return "it is empty"
    try:
        record = load_json(line.decode("utf-8"), "")
    except UnicodeDecodeError:
        return f"it is not text (line {number})"
    except InputError:  # not JSON at all, or JSON mjscore never writes (nested too deeply, a number too long)
        return f"it is not the JSON lines mjscore writes (line {number})"
    if not isinstance(record, dict) or record.get("kind") not in ("start", "summary") or record.get("format") != FORMAT:
        return f"it does not begin as a progress file does (line {number})"
    version, reads = record.get("version"), ", ".join(map(str, READS[:-1])) + f" and {READS[-1]}"
    if version not in READS:
        if isinstance(version, int) and not isinstance(version, bool) and version > max(READS):
            return (f"it was saved by a newer mjscore (its version {version}; this one reads versions {reads}): "
                    f"update mjscore to read it (line {number})")
        return f"it does not say a version this mjscore reads ({reads}) (line {number})"
    return f"its first line is damaged (line {number})"


def read_class(paths: Iterable[str | os.PathLike | Found]) -> ClassReport:
    """Read every log in ``paths`` (files, or folders searched for ``*.jsonl``, or :class:`Found`)."""
    found, problems = find_logs(paths)
    students = []
    for f in found:
        try:
            s = read_student(f.path, f.shown)
        except Unreadable:
            problems.append(f"{f.shown} is not a progress file: {not_a_log(f.path)}")
            continue
        except OSError as e:
            problems.append(f"{f.shown} could not be opened: {e.strerror or e}")
            continue
        said = []
        if s.damaged:
            said.append(f"{s.damaged} damaged record{'s' * (s.damaged != 1)} left out; the rest is read")
        if s.unsorted:
            lessons = ", ".join(map(str, s.unsorted))
            many = len(s.unsorted) != 1
            said.append(f"saved by an earlier mjscore, it does not say which questions of lesson{'s' * many} "
                        f"{lessons} were answered: left out of the questions most got wrong for "
                        f"{'those lessons' if many else 'that lesson'}")
        if said:
            problems.append(f"{f.shown}: " + "; ".join(said))
        students.append(s)
    students.sort(key=lambda s: (s.name.casefold() if s.name else "\uffff", s.file))
    return ClassReport(students=tuple(students), problems=tuple(problems))
