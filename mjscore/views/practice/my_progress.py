"""The learner's own progress, lesson by lesson and drill by drill, as a small HTML table (no
pandas: lesson 7 shows it, and lesson 7 runs in the browser with nothing more to load).

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> "Nothing practised yet" in progress_html(pathlib.Path(folder.name) / "practice.jsonl")
True
>>> folder.cleanup()
"""

from __future__ import annotations

import os
from html import escape
from pathlib import Path

from ...lessons import TITLES
from ...numbers import count
from ...practice.teacher import DRILL_TITLES, Student, read_student
from ...progress import LESSONS, Counts
from ...willingdon.trainer.session import progress_path
from ...willingdon.trainer.store import Unreadable
from .._style import BORDER, FONT, MUTED, SHADE

__all__ = ["progress_html", "progress_rows"]

_CELL = f"padding:0.2em 0.6em;border-bottom:1px solid {BORDER};vertical-align:top"
_HEAD = f"{_CELL};font-weight:700;background:{SHADE}"
_FIGURE = f"{_CELL};text-align:right;font-variant-numeric:tabular-nums"


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
        return f'<div style="{FONT};color:{MUTED}">Nothing practised yet: your progress will show here.</div>'
    heads = "".join(f'<th scope="col" style="{_HEAD};text-align:{align}">{name}</th>'
                    for name, align in (("", "left"), ("answered", "right"), ("right first time", "right"),
                                        ("shown", "right")))
    rows = "".join(f'<tr><th scope="row" style="{_CELL};text-align:left;font-weight:400">{escape(what)}</th>'
                   + "".join(f'<td style="{_FIGURE}">{count(n)}</td>' for n in (c.played, c.right, c.shown))
                   + "</tr>" for what, c in progress_rows(s))
    who = f"<p style='margin:4px 0'>Progress of <b>{escape(s.name)}</b></p>" if s.name else ""
    return (f'<div style="{FONT}">{who}<table class="mjs-table" aria-label="your progress" '
            f'style="border-collapse:collapse;max-width:100%"><thead><tr>{heads}</tr></thead>'
            f'<tbody>{rows}</tbody></table></div>')
