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
from time import monotonic

import ipywidgets as widgets
import pandas as pd

from ...lessons import LESSONS
from ...numbers import count
from ...practice.teacher import DRILL_TITLES, QUESTIONS_COUNTED, ClassReport, Found, read_class
from ...practice.book import Counts
from .._app import App, classed, switch_off
from .._controls import upload_button
from .._style import BORDER, FONT, MUTED, SHADE, TEXT, styled
from ..tables import HtmlTable, show

__all__ = ["RULES", "ClassApp", "class_frame", "class_table", "problems_html", "questions_table", "rules_table"]


def _cell(c: Counts) -> str:
    return f"{count(c.right)}/{count(c.played)}" if c.played else "–"


def _figure(value) -> str:
    """A cell of the class table as HTML: a count, or "right/played", which may take two lines
    after its "/" where the table has no room (a figure itself is never broken)."""
    if isinstance(value, int):
        return count(value)
    right, slash, played = str(value).partition("/")
    return escape(right) + (f"/<wbr>{escape(played)}" if slash else "")


#: The class table's headers, short enough for its 12 columns beside JupyterLab's file browser on a
#: 1,024 px projector (each says what it is in full to a screen reader and on hover; a long one
#: always takes two lines, so that it never takes the figures' room).
_SHORT = {"all": "all", "Willingdon trainer": "trainer", "American payments": "pay-<br>ments",
          "Tournament points": "tourna-<br>ment"}
#: How wide the names may be (in the headers' font): a longer one takes two lines, so that it never
#: takes the figures' room.
_NAMES_WIDTH = "6em"
#: What the column "all" holds, in full.
_ALL = "everything practised: right of played"
#: The house style of the class's views, by class (a later rule refines an earlier one).
RULES = {
    ".mjs-class-text": FONT,
    ".mjs-class-muted": f"color:{MUTED}",
    ".mjs-class-heading": "font-weight:700;margin:0.8em 0 0.2em",
    ".mjs-class-counted": "margin:0.3em 0 0;max-width:40em",
    ".mjs-class-table": f"border-collapse:collapse;max-width:100%;{FONT};color:{TEXT}",
    ".mjs-class-cell": f"padding:0.2em 0.3em;border-bottom:1px solid {BORDER};vertical-align:top",
    ".mjs-class-head": f"font-weight:700;font-size:0.9em;background:{SHADE};vertical-align:bottom",
    ".mjs-class-names": f"text-align:left;width:{_NAMES_WIDTH}",
    ".mjs-class-figures": "text-align:right",
    ".mjs-class-abbr": "text-decoration:none",
    ".mjs-class-name": "text-align:left;font-weight:400;overflow-wrap:anywhere",
    ".mjs-class-figure": "text-align:right;font-variant-numeric:tabular-nums",
}


def class_frame(report: ClassReport) -> pd.DataFrame:
    """One row a student: right of played in all, how many shown, then by drill and by lesson."""
    rows = []
    for s in report.students:
        t = s.total
        row = {"student": s.shown_name, "all": _cell(t), "shown": t.shown}
        row.update({DRILL_TITLES[d]: _cell(s.drills[d]) for d in DRILL_TITLES})
        row.update({f"L{n}": _cell(s.lessons[n]) for n in LESSONS})
        rows.append(row)
    return pd.DataFrame(rows)


def class_table(report: ClassReport) -> HtmlTable:
    """:func:`class_frame` as the HTML a teacher reads, every name escaped.

    Compact, "4/4" for 4 right of 4 answered, so it fits a 1,024 px projector with JupyterLab's
    file browser open; where even that is too wide (a class that practised thousands of hands),
    a cell takes two lines after its "/", and a figure is never broken."""
    frame = class_frame(report)
    full = {c: _ALL if c == "all" else c for c in frame.columns}
    heads = "".join(
        f'<th scope="col" class="mjs-class-cell mjs-class-head mjs-class-{"names" if c == "student" else "figures"}"'
        + (f' title="{escape(full[c])}"><abbr title="{escape(full[c])}" class="mjs-class-abbr">{_SHORT[c]}</abbr>'
           f'</th>' if c in _SHORT else f">{escape(str(c))}</th>")
        for c in frame.columns)
    rows = "".join(
        f'<tr><th scope="row" class="mjs-class-cell mjs-class-name">{escape(str(row[0]))}</th>'
        + "".join(f'<td class="mjs-class-cell mjs-class-figure">{_figure(v)}</td>' for v in row[1:]) + "</tr>"
        for row in frame.itertuples(index=False))
    html = ('<table class="mjs-table mjs-class-table" aria-label="the class, one student a row">'
            f'<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>')
    return HtmlTable(frame, styled(html, RULES))


def rules_table(report: ClassReport, top: int = 10) -> HtmlTable:
    """The rules missed most: by how many students, and how many times."""
    frame = pd.DataFrame([{"rule": r.rule, "students": r.students, "times": r.times}
                          for r in report.rules_missed()[:top]], columns=["rule", "students", "times"])
    return show(frame, label="the rules missed most")


def questions_table(report: ClassReport, top: int = 10) -> HtmlTable:
    """The questions most got wrong: how many got each wrong, of the students who answered it.

    Counted by :meth:`~mjscore.practice.teacher.ClassReport.questions_wrong`, and said under the
    table in its words (:data:`~mjscore.practice.teacher.QUESTIONS_COUNTED`)."""
    frame = pd.DataFrame([{"lesson": q.lesson, "question": q.question, "wrong": q.wrong, "answered": q.answered}
                          for q in report.questions_wrong()[:top]], columns=["lesson", "question", "wrong", "answered"])
    table = show(frame, label="the questions most got wrong")
    said = QUESTIONS_COUNTED[:1].upper() + QUESTIONS_COUNTED[1:]
    return HtmlTable(frame, styled(f'{table.html}<p class="mjs-counted mjs-class-text mjs-class-muted '
                                   f'mjs-class-counted">{escape(said)}</p>', RULES))


def problems_html(report: ClassReport) -> str:
    """Each file that could not be read (or only in part), one line each."""
    if not report.problems:
        return styled('<div class="mjs-class-text mjs-class-muted">Every file was read.</div>', RULES)
    return styled('<ul class="mjs-class-text">' + "".join(f"<li>{escape(p)}</li>" for p in report.problems) + "</ul>",
                  RULES)


class ClassApp(App):
    """The teacher's own class, read where the code is hidden (the classroom view, the browser
    site, Binder): a folder typed on this machine and Read, or progress files uploaded from the
    teacher's computer. It shows :func:`class_table`, :func:`rules_table`,
    :func:`questions_table` and :func:`problems_html` for what it read, and refuses in one line
    a folder that does not exist or holds nothing readable. Reading never changes a file.

    A read says at once that it is reading (``reading``: what is being read; the last refusal
    and the last class go, and Read and the upload are off until it is done), then draws the
    tables of what it read, and only then says it has read it and turns Read on again: a class of
    many files takes seconds to read, and seconds more to draw. A folder is named as typed
    (``~/class``), once.

    CSS classes (for browser tests): ``mjs-class`` (the app), ``mjs-class-folder`` (the box),
    ``mjs-class-read``, ``mjs-class-upload``, ``mjs-class-said`` (what is being read, what was
    read, or the refusal), ``mjs-class-students``, ``mjs-class-rules``, ``mjs-class-questions``,
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
        #: What is being read now ("the folder class"), None when nothing is.
        self.reading: str | None = None
        #: The folder the box itself last read when its text changed, and when that read ended: a
        #: click on Read takes the focus from the box, which sends its text first (see _on_read).
        self._box_read: tuple[str, float] | None = None
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.widget = classed(widgets.VBox([widgets.HBox([self.folder, self.read], layout=row),
                                            widgets.HBox([widgets.HTML(styled('<span class="mjs-class-text '
                                                                              'mjs-class-muted">or, from your own '
                                                                              'computer:</span>', RULES)),
                                                          self.upload], layout=row),
                                            self.said, self.students, self.rules, self.questions, self.problems]),
                              "mjs-class")
        self.read.on_click(self._on_read)
        self.folder.observe(self._on_typed, "value")  # Enter in the box reads too
        self.upload.observe(self._on_upload, "value")
        self.refresh()

    def _on_typed(self, _change) -> None:
        self._on_read()
        self._box_read = (self.folder.value.strip(), monotonic())

    def _on_read(self, button=None) -> None:
        typed = self.folder.value.strip()
        # Typing a folder and clicking Read sends the box's text (the click takes the focus from
        # it), which reads the folder, and then the click: that click asks for the same read.
        if button is not None and self._box_read is not None:
            same = self._box_read[0] == typed and monotonic() - self._box_read[1] < 1
            self._box_read = None
            if same:
                return
        if not typed:
            return self._refuse("Type the folder that holds your students' progress files, then press Read.")
        where = Path(os.path.expanduser(typed))
        if not where.exists():
            return self._refuse(f"There is no file or folder {typed} on the machine this notebook runs on. "
                                f"(On Binder or the browser site, upload the files instead.)")
        self._read_then_show(f"the {'file' if where.is_file() else 'folder'} {typed}", lambda: read_class([typed]))

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        self._read_then_show(f"{count(len(files))} file{'s' * (len(files) != 1)} uploaded",
                             lambda: _read_uploaded(files))

    def _read_then_show(self, what: str, read) -> None:
        """Say at once that ``what`` is being read (the last answer gone), then read it and show
        it; the controls come on again once it is shown."""
        self._start_reading(what)
        try:
            try:
                report = read()
            except OSError as e:  # a folder that cannot be listed
                return self._refuse(f"No progress file could be read in {what}: {e.strerror or e}")
            self._show(report, what)
        finally:
            self._stop_reading()

    def _start_reading(self, what: str) -> None:
        """The reading state, drawn before the work starts: no refusal, no old class, Read off."""
        self.reading = what
        self.clear_error()
        self.report = None
        for control in (self.read, self.upload, self.folder):
            switch_off(control, True)
        self.said.value = styled(f'<div class="mjs-class-reading mjs-class-text mjs-class-muted" role="status">'
                                 f'Reading {escape(what)} …</div>', RULES)
        self.refresh()

    def _stop_reading(self) -> None:
        self.reading = None
        for control in (self.read, self.upload, self.folder):
            switch_off(control, False)

    def _refuse(self, message: str) -> None:
        self.report = None
        self.show_error(self.said, message)
        self.refresh()

    def _show(self, report: ClassReport, what: str) -> None:
        """The class read: its tables drawn first, then the line that says it was read (the
        "Reading" line stays until the tables are there). Nothing read: why, each file or folder
        named once, as each problem names it."""
        if not report.students:
            return self._refuse("No progress file could be read" + (": " + "; ".join(report.problems)
                                                                    if report.problems else f" in {what}."))
        self.clear_error()
        self.report = report
        self.refresh()
        n = len(report.students)
        self.said.value = styled(f'<div class="mjs-class-text">Read {escape(what)}: {count(n)} '
                                 f'student{"s" * (n != 1)}.</div>', RULES)

    def refresh(self) -> None:
        """Draw the tables of the class read last (nothing before a read, while reading, or after a refusal)."""
        r = self.report
        for part, heading, draw in ((self.students, "The class, one student a row", class_table),
                                    (self.rules, "The rules missed most", rules_table),
                                    (self.questions, "The questions most got wrong", questions_table),
                                    (self.problems, "The files that could not be read", None)):
            body = "" if r is None else problems_html(r) if draw is None else draw(r).html
            part.value = body and styled(f'<p class="mjs-class-text mjs-class-heading">{heading}</p>{body}', RULES)


def _read_uploaded(files) -> ClassReport:
    """The class of the files uploaded (ipywidgets' values: name and content), each named as
    uploaded (a name given twice gets its number: "practice.jsonl #2")."""
    names = [str(f["name"]) for f in files]
    with tempfile.TemporaryDirectory() as scratch:
        found = []
        for i, (f, name) in enumerate(zip(files, names), 1):
            path = Path(scratch) / f"{i:03d}.jsonl"
            path.write_bytes(bytes(f["content"]))
            k = names[:i].count(name)
            found.append(Found(path, name if names.count(name) == 1 else f"{name} #{k}"))
        return read_class(found)
