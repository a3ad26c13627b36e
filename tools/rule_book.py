"""The rule book as a page of the course: ``notebooks/rule-book.ipynb``, written from
``docs/rules.md``.

JupyterLab, Voilà and the browser site all serve the ``notebooks`` folder and nothing above it,
so a lesson's link to ``../docs/rules.md`` led nowhere. The lessons link to ``rule-book.ipynb``
instead: a notebook of markdown cells only (one per section of ``docs/rules.md``), which every
one of them opens like a lesson. ``docs/rules.md`` stays the one text to edit (GitHub and the
README link it); this tool writes the notebook from it, and a test fails when the two differ.

    python tools/rule_book.py            write notebooks/rule-book.ipynb
    python tools/rule_book.py --check    exit status 1 if it is not the one written from docs/rules.md

What changes on the way: each ``## `` section becomes a cell; a link to a heading of the page
(``#american-home-payments``, as GitHub names it) is given the name JupyterLab and Voilà give
the heading (``#American-home-payments``: the text, spaces as hyphens); a link to a lesson
(``../notebooks/NN-x.ipynb``) becomes a link beside it; a code block loses its language (JupyterLab's
highlighting greys its brackets to under 3:1); and a line under the title links back to the contents.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "docs" / "rules.md"
TARGET = ROOT / "notebooks" / "rule-book.ipynb"

BACK = '<small class="mjs-nav">[Contents: 0. Start here](00-start-here.ipynb)</small>'
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def lab_anchor(heading: str) -> str:
    """The anchor JupyterLab (and Voilà, and the browser site) gives a markdown heading: its text,
    spaces as hyphens."""
    return heading.strip().replace(" ", "-")


def headings(text: str) -> list[str]:
    """The headings of a markdown text (outside code blocks), in order."""
    found, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := _HEADING.match(line)):
            found.append(m.group(2))
    return found


def _relink(text: str, anchors: dict[str, str]) -> str:
    def one(m: re.Match) -> str:
        target = m.group(1)
        if target.startswith("#"):
            if target[1:] not in anchors:
                raise SystemExit(f"docs/rules.md links to {target}, which is not a heading of it")
            return f"](#{anchors[target[1:]]})"
        if target.startswith("../notebooks/"):
            return f"]({target[len('../notebooks/'):]})"
        if not re.match(r"[a-z]+:", target):  # another file of the repository: not served
            raise SystemExit(f"docs/rules.md links to {target}: the lessons cannot reach it")
        return m.group(0)
    return _LINK.sub(one, text)


def notebook() -> dict:
    """The rule book notebook, from docs/rules.md."""
    text = SOURCE.read_text(encoding="utf-8")
    anchors = {github_slug(h): lab_anchor(h) for h in headings(text)}
    text = _relink(text, anchors)
    # Code blocks unhighlighted: JupyterLab's highlighting greys brackets to under 3:1 on white.
    text = re.sub(r"(?m)^```\w+$", "```", text)
    sections = re.split(r"\n(?=## )", text.strip("\n"))
    title, *rest = sections
    lines = title.split("\n")
    title = "\n".join([lines[0], "", BACK, *lines[1:]])
    cells = []
    for k, section in enumerate([title, *rest]):
        cells.append({"cell_type": "markdown", "id": f"rule-book-{k}", "metadata": {},
                      "source": section.strip("\n").splitlines(keepends=True)})
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)",
                                                        "language": "python", "name": "python3"},
                                         "language_info": {"name": "python"},
                                         # the browser tab's title in Voila and on the site
                                         "title": lines[0].lstrip("#").strip()},
            "nbformat": 4, "nbformat_minor": 5}


def dump(nb: dict) -> str:
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write notebooks/rule-book.ipynb from docs/rules.md.")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if it is out of date")
    args = parser.parse_args(argv)
    new = dump(notebook())
    old = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if args.check:
        if new != old:
            print(f"{TARGET.relative_to(ROOT)} is not the one written from docs/rules.md: "
                  f"run python tools/rule_book.py")
            return 1
        return 0
    if new != old:
        TARGET.write_text(new, encoding="utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
