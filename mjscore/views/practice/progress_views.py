"""Progress as tables: the learner's own, lesson by lesson and drill by drill (for the course's
start page), and a class's, for the teacher's notebook. Names are shown as the students typed
them, as text (never as markup).

>>> import tempfile, pathlib
>>> from mjscore.practice.sample import sample_class
>>> from mjscore.practice.teacher import read_class
>>> folder = tempfile.TemporaryDirectory()
>>> paths = sample_class(folder.name)
>>> report = read_class([folder.name])
>>> html = class_table(report).html
>>> "&lt;b&gt;Max&lt;/b&gt;" in html, "<b>Max" in html, len(class_frame(report))
(True, False, 30)
>>> "Lesson 1" in progress_html(paths[0])
True
>>> folder.cleanup()
"""

from __future__ import annotations

import os
from html import escape
from pathlib import Path

import pandas as pd

from ...lessons import TITLES
from ...practice.teacher import DRILL_TITLES, ClassReport, Student, read_student
from ...progress import LESSONS, Counts
from ...willingdon.trainer.session import progress_path
from ...willingdon.trainer.store import Unreadable
from .._style import FONT, MUTED
from ..tables import HtmlTable, show

__all__ = ["class_frame", "class_table", "problems_html", "progress_html", "questions_table", "rules_table"]


def _cell(c: Counts) -> str:
    return f"{c.right} of {c.played}" if c.played else "–"


def _rows(s: Student) -> list[tuple[str, Counts]]:
    return ([(f"Lesson {n}: {TITLES[n]}", s.lessons[n]) for n in LESSONS]
            + [(DRILL_TITLES[d], s.drills[d]) for d in DRILL_TITLES])


def progress_html(path: str | os.PathLike | None = None) -> str:
    """The learner's progress, lesson by lesson and drill by drill, as HTML.

    ``path`` is the progress log (by default the learner's own). Reads the log as it is;
    nothing is written."""
    path = Path(path) if path is not None else progress_path()
    try:
        s = read_student(path)
    except (Unreadable, OSError):
        s = None
    if s is None or not s.total.played:  # no file yet, or nothing answered: the same words
        return f'<div style="{FONT};color:{MUTED}">Nothing practised yet: your progress will show here.</div>'
    frame = pd.DataFrame([{"": what, "answered": c.played, "right first time": c.right, "shown": c.shown}
                          for what, c in _rows(s)]).set_index("")
    who = f"<p style='margin:4px 0'>Progress of <b>{escape(s.name)}</b></p>" if s.name else ""
    return f'<div style="{FONT}">{who}{show(frame, label="your progress").html}</div>'


def class_frame(report: ClassReport) -> pd.DataFrame:
    """One row a student: the totals, then right of played by drill and by lesson."""
    rows = []
    for s in report.students:
        t = s.total
        row = {"student": s.shown_name, "played": t.played, "right": t.right, "shown": t.shown}
        row.update({DRILL_TITLES[d]: _cell(s.drills[d]) for d in DRILL_TITLES})
        row.update({f"L{n}": _cell(s.lessons[n]) for n in LESSONS})
        rows.append(row)
    return pd.DataFrame(rows)


def class_table(report: ClassReport) -> HtmlTable:
    """:func:`class_frame` as the HTML a teacher reads (every name escaped)."""
    return show(class_frame(report), label="the class, one student a row")


def rules_table(report: ClassReport, top: int = 10) -> HtmlTable:
    """The rules missed most: by how many students, and how many times."""
    frame = pd.DataFrame([{"rule": r.rule, "students": r.students, "times": r.times}
                          for r in report.rules_missed()[:top]], columns=["rule", "students", "times"])
    return show(frame, label="the rules missed most")


def questions_table(report: ClassReport, top: int = 10) -> HtmlTable:
    """The questions most got wrong: by how many of the students who answered them."""
    frame = pd.DataFrame([{"lesson": q.lesson, "question": q.question, "wrong": q.students, "answered": q.answered}
                          for q in report.questions_wrong()[:top]], columns=["lesson", "question", "wrong", "answered"])
    return show(frame, label="the questions most got wrong")


def problems_html(report: ClassReport) -> str:
    """Each file that could not be read (or only in part), one line each."""
    if not report.problems:
        return f'<div style="{FONT};color:{MUTED}">Every file was read.</div>'
    return (f'<ul style="{FONT}">' + "".join(f"<li>{escape(p)}</li>" for p in report.problems) + "</ul>")
