"""The course's titles, navigation and contents, written from the one list of the lessons
(``mjscore.lessons.course.COURSE``) into every notebook and the README.

    python tools/navigation.py                 rewrite every notebook and the README
    python tools/navigation.py --check         list what would change; exit status 1 if anything

What it writes, and nothing else (code cells and outputs are never touched):

* the first line of each notebook's first cell, ``# N. Title`` (and the notebook's title in its
  metadata), and the navigation line under it (``<small class="mjs-nav">``, replaced where it
  stands or put under the title);
* each notebook's last cell: ``---`` and the links to the next lesson and back to the contents
  (a last cell that is already that is replaced; otherwise one is appended);
* the table of the contents in ``00-start-here`` (each lesson, what it teaches, and its links:
  Binder, the classroom view, the browser site) and the README's table of the notebooks.

Run twice, the second run changes nothing (``--check`` then exits 0).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
README = ROOT / "README.md"
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]
import binder_links  # noqa: E402
from mjscore.lessons.course import COURSE, Lesson  # noqa: E402

_TITLE = re.compile(r"^#\s+(?:\d+\.\s+)?(.*)$")
NAV = '<small class="mjs-nav">'
BOTTOM = ("---\n\n**Next:** ", "---\n\n**The end of the course.** ")
CONTENTS_HEAD = "| # | Notebook | What it teaches | Binder | Classroom | In your browser |\n|---|---|---|---|---|---|\n"
README_HEAD = "| notebook | what it teaches |\n|---|---|\n"


def label(lesson: Lesson) -> str:
    return f"{lesson.number}. {lesson.title}"


def top_line(i: int, course=COURSE) -> str:
    parts = []
    if i > 0:
        parts.append(f"[Contents]({course[0].notebook}.ipynb)")
        parts.append(f"previous: [← {label(course[i - 1])}]({course[i - 1].notebook}.ipynb)")
    if i + 1 < len(course):
        parts.append(f"next: [{label(course[i + 1])} →]({course[i + 1].notebook}.ipynb)")
    return NAV + " · ".join(parts) + "</small>"


def bottom_cell(i: int, course=COURSE) -> str:
    if i + 1 < len(course):
        parts = [f"{BOTTOM[0]}[{label(course[i + 1])}]({course[i + 1].notebook}.ipynb)"]
    else:
        parts = [f"{BOTTOM[1]}Previous: [{label(course[i - 1])}]({course[i - 1].notebook}.ipynb)"]
    if i > 0:
        parts.append(f"[Back to the contents: {label(course[0])}]({course[0].notebook}.ipynb)")
    return " · ".join(parts)


def contents_table(course=COURSE) -> str:
    """The contents' table: each lesson, what it teaches, and the ways to open it."""
    binder, rows = binder_links.setting(), []
    for one in course:
        name = f"{one.notebook}.ipynb"
        site = binder_links.site_pages(name)
        rows.append(f"| {one.number:02d} | [{one.title}]({name}) | {one.teaches} "
                    f"| [JupyterLab]({binder}?urlpath=lab/tree/notebooks/{name}) "
                    f"| [classroom]({site['classroom']}) · [on Binder]({binder}?urlpath=voila/render/notebooks/{name}) "
                    f"| [JupyterLab]({site['lab']}) · [read]({site['read']}) |\n")
    return CONTENTS_HEAD + "".join(rows)


def readme_table(course=COURSE) -> str:
    return README_HEAD + "".join(f"| `{one.notebook}` | {one.teaches} |\n" for one in course)


def _replace_table(text: str, head: str, table: str, where: str) -> str:
    """``text`` with the table that starts with ``head`` (up to its last row) replaced."""
    start = text.find(head.split("\n", 1)[0])
    if start < 0:
        raise SystemExit(f"{where} has no table starting {head.splitlines()[0]!r}")
    end = start
    for line in text[start:].splitlines(keepends=True):
        if not line.startswith("|"):
            break
        end += len(line)
    return text[:start] + table + text[end:]


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return src if isinstance(src, str) else "".join(src)


def _set_source(cell: dict, text: str) -> None:
    cell["source"] = text.splitlines(keepends=True)


def _title_cell(text: str, i: int, course) -> str:
    lines = text.split("\n")
    if not lines or not _TITLE.match(lines[0]):
        lines = ["", ""] + lines
    rest = lines[1:]
    while rest and (not rest[0].strip() or rest[0].startswith(NAV)):
        rest = rest[1:]
    return "\n".join([f"# {label(course[i])}", "", top_line(i, course), ""] + rest)


def rewrite(nb: dict, i: int, course=COURSE) -> dict:
    """The notebook ``nb`` (number ``i`` of the course) with its title, navigation and, for the
    first, the contents."""
    cells = nb["cells"]
    _set_source(cells[0], _title_cell(_source(cells[0]), i, course))
    nb.setdefault("metadata", {})["title"] = label(course[i])  # the browser tab's title (JupyterLab, the site)
    if i == 0:
        for cell in cells:
            if cell.get("cell_type") == "markdown" and CONTENTS_HEAD.split("\n", 1)[0] in _source(cell):
                _set_source(cell, _replace_table(_source(cell), CONTENTS_HEAD, contents_table(course), "the contents"))
    if len(cells) > 1 and _source(cells[-1]).startswith(BOTTOM):
        _set_source(cells[-1], bottom_cell(i, course))
    else:
        cell = {"cell_type": "markdown", "metadata": {}, "source": []}
        if (nb.get("nbformat"), nb.get("nbformat_minor", 0)) >= (4, 5):
            cell["id"] = "course-navigation"  # cell ids are required from nbformat 4.5
        _set_source(cell, bottom_cell(i, course))
        cells.append(cell)
    return nb


def dump(nb: dict) -> str:
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def written(course=COURSE, notebooks: Path = NOTEBOOKS, readme: Path = README) -> dict[Path, tuple[str, str]]:
    """Every file the course writes: {path: (as it is, as it should be)} (a missing notebook: '')."""
    out = {}
    for one in course:
        path = notebooks / f"{one.notebook}.ipynb"
        raw = path.read_text(encoding="utf-8") if path.exists() else ""
        out[path] = (raw, dump(rewrite(json.loads(raw), one.number, course)) if raw else "")
    text = readme.read_text(encoding="utf-8")
    out[readme] = (text, _replace_table(text, README_HEAD, readme_table(course), readme.name))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the course's titles, navigation and contents.")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if anything would change")
    args = parser.parse_args(argv)
    problems = []
    for path, (now, wanted) in written().items():
        if not wanted:
            problems.append(f"{path.relative_to(ROOT)}: missing")
        elif now != wanted and args.check:
            problems.append(f"{path.relative_to(ROOT)}: differs from the course's titles, navigation or contents")
        elif now != wanted:
            path.write_text(wanted, encoding="utf-8")
            print(f"rewrote {path.relative_to(ROOT)}")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
