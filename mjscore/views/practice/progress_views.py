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

import os
import tempfile
from html import escape
from pathlib import Path

import ipywidgets as widgets
import pandas as pd

from ...numbers import count
from ...practice.teacher import DRILL_TITLES, ClassReport, Found, read_class
from ...progress import LESSONS, Counts
from .._app import App, classed
from .._controls import upload_button
from .._style import BORDER, FONT, MUTED, SHADE, TEXT
from ..tables import HtmlTable, show

__all__ = ["ClassApp", "class_frame", "class_table", "problems_html", "questions_table", "rules_table"]


def _cell(c: Counts) -> str:
    return f"{c.right}/{c.played}" if c.played else "–"


#: The class table's headers, short enough for 13 columns on a 1,024 px projector (each says
#: what it is in full to a screen reader and on hover).
_SHORT = {"Willingdon trainer": "trainer", "American payments": "payments", "Tournament points": "tourna&shy;ment"}
_CELL = f"padding:0.2em 0.4em;border-bottom:1px solid {BORDER};vertical-align:top"
_FIGURE = f"{_CELL};text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums"


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
    """:func:`class_frame` as the HTML a teacher reads, every name escaped.

    Compact, "4/4" for 4 right of 4 answered, no figure broken over two lines, so it fits a
    1,024 px projector."""
    frame = class_frame(report)
    head = f"{_CELL};font-weight:700;background:{SHADE};vertical-align:bottom"
    heads = "".join(
        f'<th scope="col" style="{head};text-align:{"left" if c == "student" else "right"}"'
        + (f' title="{escape(c)}"><abbr title="{escape(c)}" style="text-decoration:none">{_SHORT[c]}</abbr></th>'
           if c in _SHORT else f">{escape(str(c))}</th>")
        for c in frame.columns)
    rows = "".join(
        f'<tr><th scope="row" style="{_CELL};text-align:left;font-weight:400;overflow-wrap:anywhere">'
        f'{escape(str(row[0]))}</th>'
        + "".join(f'<td style="{_FIGURE}">{escape(f"{v:,}" if isinstance(v, int) else str(v))}</td>'
                  for v in row[1:]) + "</tr>"
        for row in frame.itertuples(index=False))
    html = (f'<table class="mjs-table mjs-class-table" aria-label="the class, one student a row" '
            f'style="border-collapse:collapse;max-width:100%;{FONT};color:{TEXT}">'
            f'<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>')
    return HtmlTable(frame, html)


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


class ClassApp(App):
    """The teacher's own class, read where the code is hidden (the classroom view, the browser
    site, Binder): a folder typed on this machine and Read, or progress files uploaded from the
    teacher's computer. It shows :func:`class_table`, :func:`rules_table`,
    :func:`questions_table` and :func:`problems_html` for what it read, and refuses in one line
    a folder that does not exist or holds nothing readable. Reading never changes a file.

    CSS classes (for browser tests): ``mjs-class`` (the app), ``mjs-class-folder`` (the box),
    ``mjs-class-read``, ``mjs-class-upload``, ``mjs-class-said`` (what was read, or the
    refusal), ``mjs-class-students``, ``mjs-class-rules``, ``mjs-class-questions``,
    ``mjs-class-problems``.
    """

    title = "the class reader"

    def __init__(self) -> None:
        self.folder = classed(widgets.Text(description="Folder", placeholder="the folder that holds your "
                                           "students' progress files", continuous_update=False,
                                           style={"description_width": "4em"},
                                           layout=widgets.Layout(width="34em", max_width="100%")), "mjs-class-folder")
        self.read = classed(widgets.Button(description="Read", icon="folder-open", button_style="primary",
                                           layout=widgets.Layout(width="7em")), "mjs-class-read")
        self.upload = upload_button("Upload progress files", accept=".jsonl", css="mjs-class-upload")
        self.upload.multiple = True
        self.said = classed(widgets.HTML(), "mjs-class-said")
        self.students = classed(widgets.HTML(layout=widgets.Layout(max_width="100%")), "mjs-class-students")
        self.rules = classed(widgets.HTML(layout=widgets.Layout(max_width="100%")), "mjs-class-rules")
        self.questions = classed(widgets.HTML(layout=widgets.Layout(max_width="100%")), "mjs-class-questions")
        self.problems = classed(widgets.HTML(), "mjs-class-problems")
        self.report: ClassReport | None = None
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.widget = classed(widgets.VBox([widgets.HBox([self.folder, self.read], layout=row),
                                            widgets.HBox([widgets.HTML(f'<span style="{FONT};color:{MUTED}">or, '
                                                                       f'from your own computer:</span>'),
                                                          self.upload], layout=row),
                                            self.said, self.students, self.rules, self.questions, self.problems]),
                              "mjs-class")
        self.read.on_click(self._on_read)
        self.folder.observe(lambda _change: self._on_read(), "value")  # Enter in the box reads too
        self.upload.observe(self._on_upload, "value")
        self.refresh()

    def _on_read(self, _button=None) -> None:
        typed = self.folder.value.strip()
        if not typed:
            return self._refuse("Type the folder that holds your students' progress files, then press Read.")
        where = Path(os.path.expanduser(typed))
        if not where.exists():
            return self._refuse(f"There is no file or folder {typed} on the machine this notebook runs on. "
                                f"(On Binder or the browser site, upload the files instead.)")
        self._show(read_class([where]), f"the {'file' if where.is_file() else 'folder'} {typed}")

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        names = [str(f["name"]) for f in files]
        with tempfile.TemporaryDirectory() as scratch:
            found = []
            for i, (f, name) in enumerate(zip(files, names), 1):
                path = Path(scratch) / f"{i:03d}.jsonl"
                path.write_bytes(bytes(f["content"]))
                k = names[:i].count(name)
                found.append(Found(path, name if names.count(name) == 1 else f"{name} #{k}"))
            report = read_class(found)
        self._show(report, f"{count(len(files))} file{'s' * (len(files) != 1)} uploaded")

    def _refuse(self, message: str) -> None:
        self.report = None
        self.show_error(self.said, message)
        self.refresh()

    def _show(self, report: ClassReport, what: str) -> None:
        if not report.students:
            self.report = None
            self.show_error(self.said, f"No progress file could be read in {what}: "
                            + ("; ".join(report.problems) or "it holds none"))
            self.refresh()
            return
        self.clear_error()
        self.report = report
        n = len(report.students)
        self.said.value = f'<div style="{FONT}">Read {escape(what)}: {count(n)} student{"s" * (n != 1)}.</div>'
        self.refresh()

    def refresh(self) -> None:
        """Draw the tables of the class read last (nothing before a read, or after a refusal)."""
        r = self.report
        for part, heading, draw in ((self.students, "The class, one student a row", class_table),
                                    (self.rules, "The rules missed most", rules_table),
                                    (self.questions, "The questions most got wrong", questions_table),
                                    (self.problems, "The files that could not be read", None)):
            body = "" if r is None else problems_html(r) if draw is None else draw(r).html
            part.value = body and f'<p style="{FONT};font-weight:700;margin:0.8em 0 0.2em">{heading}</p>{body}'

