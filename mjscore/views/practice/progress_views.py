"""A class's progress as tables, for the teacher's notebook (the learner's own is
:mod:`.my_progress`). Names are shown as the students typed
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
>>> folder.cleanup()
"""

from __future__ import annotations

from html import escape

import pandas as pd

from ...practice.teacher import DRILL_TITLES, ClassReport
from ...progress import LESSONS, Counts
from .._style import FONT, MUTED
from ..tables import HtmlTable, show

__all__ = ["class_frame", "class_table", "problems_html", "questions_table", "rules_table"]


def _cell(c: Counts) -> str:
    return f"{c.right} of {c.played}" if c.played else "–"


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
