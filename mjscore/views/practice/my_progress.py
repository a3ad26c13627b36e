"""The learner's own progress, lesson by lesson and drill by drill, as a small HTML table (no
pandas: lesson 7 shows it, and lesson 7 runs in the browser with nothing more to load), and
:class:`ProgressView`, the table with an Update button that also brings itself up to date when
a practice app on the same page records an answer (where the page shows no code, as in the
classroom view and the site's app pages, there is no cell to run again).

CSS classes (for browser tests): ``mjs-progress`` (the view), ``mjs-progress-update`` (the
button), ``mjs-progress-table`` (the table, or the words saying nothing is practised yet).

>>> import tempfile, pathlib
>>> from mjscore.practice.trainer import Trainer
>>> folder = tempfile.TemporaryDirectory()
>>> path = pathlib.Path(folder.name) / "practice.jsonl"
>>> "Nothing practised yet" in progress_html(path)
True
>>> from mjscore.views.practice.trainer_app import PracticeApp
>>> trainer = PracticeApp(Trainer(path))
>>> view = ProgressView(path, follow=[trainer])
>>> trainer.show.click()                    # an answer recorded above: the view follows
>>> "your progress" in view.table.value
True
>>> folder.cleanup()
"""

from __future__ import annotations

import os
from html import escape
from pathlib import Path

import ipywidgets as widgets

from ...lessons import LESSONS, TITLES
from ...numbers import count
from ...practice.book import Counts
from ...practice.log import Unreadable
from ...practice.teacher import DRILL_TITLES, Student, read_student
from ...practice.trainer import progress_path
from .._app import App, classed
from .._style import BORDER, FONT, MUTED, SHADE, styled

__all__ = ["RULES", "ProgressView", "progress_html", "progress_rows"]

#: The buttons of the practice apps after which the progress may have changed (an answer, a
#: Show me, a Reset, its undo): a view following the app reads the log again after each.
_CHANGES = ("check", "show", "clear", "bring_back", "reset_yes", "undo")

#: The house style of the learner's progress, by class (a later rule refines an earlier one).
RULES = {
    ".mjs-progress-text": FONT,
    ".mjs-progress-muted": f"color:{MUTED}",
    ".mjs-progress-line": "margin:4px 0",
    ".mjs-progress-grid": "border-collapse:collapse;max-width:100%",
    ".mjs-progress-cell": f"padding:0.2em 0.6em;border-bottom:1px solid {BORDER};vertical-align:top",
    ".mjs-progress-head": f"font-weight:700;background:{SHADE}",
    ".mjs-progress-what": "text-align:left;font-weight:400",
    ".mjs-progress-left": "text-align:left",
    ".mjs-progress-right": "text-align:right",
    ".mjs-progress-figure": "text-align:right;font-variant-numeric:tabular-nums",
}


def progress_rows(s: Student) -> list[tuple[str, Counts]]:
    """What a learner practised, a row each: every lesson's questions, then every drill."""
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
        return styled('<div class="mjs-progress-text mjs-progress-muted">Nothing practised yet: your progress will '
                      'show here.</div>', RULES)
    heads = "".join(f'<th scope="col" class="mjs-progress-cell mjs-progress-head mjs-progress-{align}">{name}</th>'
                    for name, align in (("", "left"), ("answered", "right"), ("right first time", "right"),
                                        ("shown", "right")))
    rows = "".join(f'<tr><th scope="row" class="mjs-progress-cell mjs-progress-what">{escape(what)}</th>'
                   + "".join(f'<td class="mjs-progress-cell mjs-progress-figure">{count(n)}</td>'
                             for n in (c.played, c.right, c.shown))
                   + "</tr>" for what, c in progress_rows(s))
    who = f'<p class="mjs-progress-line">Progress of <b>{escape(s.name)}</b></p>' if s.name else ""
    return styled(f'<div class="mjs-progress-text">{who}<table class="mjs-table mjs-progress-grid" '
                  f'aria-label="your progress"><thead><tr>{heads}</tr></thead>'
                  f'<tbody>{rows}</tbody></table></div>', RULES)


class ProgressView(App):
    """:func:`progress_html` with an Update button, read again after each change in the apps
    in ``follow`` (a :class:`~mjscore.views.practice.trainer_app.PracticeApp`, a drill app, a
    lesson's questions); ``path`` the progress log (by default the learner's own)."""

    title = "the table of your progress"

    def __init__(self, path: str | os.PathLike | None = None, follow=()) -> None:
        self.path = Path(path) if path is not None else progress_path()
        self.update = classed(widgets.Button(description="Update", icon="refresh",
                                             tooltip="Read your progress file again",
                                             layout=widgets.Layout(width="8em")), "mjs-progress-update")
        self.table = classed(widgets.HTML(layout=widgets.Layout(max_width="100%")), "mjs-progress-table")
        said = widgets.HTML(styled('<div class="mjs-progress-text mjs-progress-muted">It brings itself up to date '
                                   'when you answer above; after practising somewhere else (another lesson, another '
                                   'window), press Update.</div>', RULES), layout=widgets.Layout(flex="1 1 12em"))
        self.widget = classed(widgets.VBox([widgets.HBox([self.update, said],
                                                         layout=widgets.Layout(flex_flow="row wrap",
                                                                               align_items="center")),
                                            self.table]), "mjs-progress")
        self.update.on_click(lambda _button: self.refresh())
        for app in follow:
            self.follow(app)
        self.refresh()

    def follow(self, app: App) -> None:
        """Read the log again after each change ``app`` makes to the progress.

        That is each answer, Show me, Reset or undo in ``app``, and any progress it restores
        from a file."""
        for name in _CHANGES:
            button = getattr(app, name, None)
            if isinstance(button, widgets.Button):
                button.on_click(lambda _button: self.refresh())
        upload = getattr(app, "upload", None)
        if isinstance(upload, widgets.FileUpload):
            upload.observe(lambda _change: self.refresh(), "value")
        for inner in getattr(app, "apps", ()):  # a lesson's questions: each question's own buttons
            self.follow(inner)

    def refresh(self) -> None:
        """Read the progress log again and redraw the table."""
        self.table.value = progress_html(self.path)
