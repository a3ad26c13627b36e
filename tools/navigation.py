"""One course, not ten notebooks: the titles, the top and bottom navigation, and the wording
fixes of every notebook, generated from the one list below.

    python tools/navigation.py                 rewrite all ten notebooks
    python tools/navigation.py --only 00 03    rewrite these only (by number or file name)
    python tools/navigation.py --check         list what would change; exit status 1 if anything

What it writes, and nothing else (code cells and outputs are never touched):

* the first line of the first cell: ``# N. Title``, the title from :data:`COURSE`;
* the navigation line under it (the first line of the cell starting with ``<small>`` or
  one of the old hand-written forms, replaced where it stands, or inserted after the title);
* the last cell: ``---`` and the links to the next notebook and back to the contents (a last
  cell that is only navigation is replaced; otherwise one is appended);
* the phrases of :data:`WORDING` replaced in markdown cells (words a learner cannot know).

It is idempotent: run twice, the second run changes nothing (``--check`` then exits 0).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

#: The course, in order: (file name without .ipynb, title).
COURSE = (
    ("00-start-here", "Start here"),
    ("01-american-who-pays", "American Mah Jongg: who pays"),
    ("02-willingdon-hand-points", "Willingdon hand points"),
    ("03-doubles-compound", "Doubles compound"),
    ("04-willingdon-faq", "The Willingdon FAQ, answered by the engine"),
    ("05-playing-goulash", "Playing Goulash"),
    ("06-tournament-vs-home", "Tournament versus home"),
    ("07-practice", "Practice: score a dealt hand yourself"),
    ("08-scorekeeper", "The scorekeeper: a night at the table"),
    ("09-how-rare", "How rare is a good hand?"),
)

#: Phrases learners cannot know (the project's internal names for its spec documents) and the
#: real source in their place. Exact text of markdown cells; no new text contains its old text.
WORDING = (
    ("the seed also\nleaves out Quints", "Sloperama's\nMah-Jongg FAQ 19 also leaves out Quints"),
    ("section by section, under the seed's rule:", "section by section, under that rule (`HOME`):"),
    ("The rules come from the project's seed document on American payments, which cites\n"
     "Sloperama's Mah-Jongg FAQ 19 for the League's payment rules.",
     "The rules are the National Mah Jongg League's, as Sloperama's Mah-Jongg FAQ 19 explains them;\n"
     "every figure is in the project's [rule book](rule-book.ipynb)."),
    ("## A worked example: the seed's 54-point hand", "## A worked example: a 54-point hand"),
    ("- how the seed's two figures come about", "- how the rule book's two figures come about"),
    ("## The seed's first figure: 54 × 32 = 1,728", "## The rule book's first figure: 54 × 32 = 1,728"),
    ("The seed's two hands sit where the engine scored them.",
     "The rule book's two hands sit where the engine scored them."),
    ("The seed's two warnings are marked there", "The rule book's two warnings are marked there"),
    ("The seed's two figures, computed with", "The rule book's two figures, computed with"),
    ("The 14-point hand is the seed's illustration", "The 14-point hand is the rule book's illustration"),
    ("against the seed's two, says what it pays", "against the rule book's two, says what it pays"),
    ("The seeds do not say who pays a Willingdon score; the project's rules set the default",
     "The Willingdon rule book does not say who pays a score; this project's rules\n"
     "(its [rule book](rule-book.ipynb)) set the default"),
    ("as this project's RULES.md gives it", "as this project's [rule book](rule-book.ipynb) gives it"),
    ("The project's rules\n(RULES.md) read", "The project's [rule book](rule-book.ipynb)\nreads"),
    ("The seed's hand worth 25, won by Ann", "The League's worked example, a hand worth 25, won by Ann"),
    ("These are the seed's four worked\nexamples", "These are the League's four worked\nexamples"),
)

_TITLE = re.compile(r"^#\s+(?:\d+\.\s+)?(.*)$")
_LINK = re.compile(r"\[[^\]]*\]\((?:\./)?[\w-]+\.ipynb\)")
#: A line that is nothing but navigation: links to notebooks and a few joining words.
_NAV_WORDS = re.compile(r"(?i)^[\s*_·|←→<>/.:,-]*(?:(?:next|previous|back to|the contents|contents|start here|"
                        r"notebook \d+ of the collection|where next|the end of the course|this is the last notebook of the collection)[\s*_·|←→.:,-]*)*$")


def _is_nav_line(line: str) -> bool:
    s = line.strip()
    if s.startswith("<small class=\"mjs-nav\">"):
        return True
    if not _LINK.search(s):
        return False
    rest = _LINK.sub("", s)
    rest = re.sub(r"^[-*]\s+", "", rest)
    return bool(_NAV_WORDS.match(rest))


def label(i: int) -> str:
    return f"{i}. {COURSE[i][1]}"


def top_line(i: int) -> str:
    parts = []
    if i > 0:
        parts.append(f"[Contents](00-start-here.ipynb)")
        parts.append(f"previous: [← {label(i - 1)}]({COURSE[i - 1][0]}.ipynb)")
    if i + 1 < len(COURSE):
        parts.append(f"next: [{label(i + 1)} →]({COURSE[i + 1][0]}.ipynb)")
    return '<small class="mjs-nav">' + " · ".join(parts) + "</small>"


def bottom_cell(i: int) -> str:
    parts = []
    if i + 1 < len(COURSE):
        parts.append(f"**Next:** [{label(i + 1)}]({COURSE[i + 1][0]}.ipynb)")
    else:
        parts.append(f"**The end of the course.** Previous: [{label(i - 1)}]({COURSE[i - 1][0]}.ipynb)")
    if i > 0:
        parts.append("[Back to the contents: 0. Start here](00-start-here.ipynb)")
    return "---\n\n" + " · ".join(parts)


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return src if isinstance(src, str) else "".join(src)


def _set_source(cell: dict, text: str) -> None:
    lines = text.splitlines(keepends=True)
    cell["source"] = lines


def _title_cell(text: str, i: int) -> str:
    lines = text.split("\n")
    if not lines or not _TITLE.match(lines[0]):
        lines = ["", ""] + lines
    lines[0] = f"# {label(i)}"
    # Old navigation lines near the top go; the generated one takes the first one's place.
    body_start = 1
    while body_start < len(lines) and lines[body_start].strip() == "":
        body_start += 1
    j = body_start
    while j < len(lines) and _is_nav_line(lines[j]):
        j += 1
    rest = lines[j:]
    while rest and rest[0].strip() == "":
        rest = rest[1:]
    return "\n".join([lines[0], "", top_line(i), ""] + rest)


def _is_nav_cell(cell: dict) -> bool:
    if cell.get("cell_type") != "markdown":
        return False
    lines = [ln for ln in _source(cell).split("\n") if ln.strip() and ln.strip() != "---"]
    return bool(lines) and all(_is_nav_line(ln) for ln in lines)


def _new_markdown(text: str, nb: dict) -> dict:
    cell = {"cell_type": "markdown", "metadata": {}, "source": []}
    if (nb.get("nbformat"), nb.get("nbformat_minor", 0)) >= (4, 5):
        cell["id"] = "course-navigation"  # cell ids are required from nbformat 4.5
    _set_source(cell, text)
    return cell


def _reword(text: str) -> str:
    for old, new in WORDING:
        text = text.replace(old, new)
    return text


def rewrite(nb: dict, i: int) -> dict:
    """The notebook ``nb`` (number ``i`` of the course) with its title, navigation and wording."""
    cells = nb["cells"]
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            text = _source(cell)
            new = _reword(text)
            if new != text:
                _set_source(cell, new)
    first = cells[0]
    text = _title_cell(_source(first), i)
    if text != _source(first):
        _set_source(first, text)
    # "Where next" sections written by hand at the end of a cell go: the bottom cell says it.
    last = cells[-1]
    if _is_nav_cell(last) and len(cells) > 1:
        if _source(last) != bottom_cell(i):
            _set_source(last, bottom_cell(i))
    else:
        text = _source(last)
        trimmed = _strip_where_next(text) if last.get("cell_type") == "markdown" else text
        if trimmed != text:
            _set_source(last, trimmed)
        cells.append(_new_markdown(bottom_cell(i), nb))
    return nb


def _strip_where_next(text: str) -> str:
    """Navigation lines written by hand in a closing "## Where next" section go (other lines of
    it stay); the heading goes too when nothing else is left under it."""
    lines = text.rstrip("\n").split("\n")
    heads = [k for k, ln in enumerate(lines) if re.match(r"^##+\s+Where next\s*$", ln)]
    if heads:
        k = heads[-1]
        kept = [ln for ln in lines[k + 1:] if not _is_nav_line(ln)]
        if any(ln.strip() for ln in kept):
            lines = lines[:k + 1] + kept
        else:
            lines = lines[:k]
    while lines and (not lines[-1].strip() or lines[-1].strip() == "---" or _is_nav_line(lines[-1])):
        lines.pop()
    return "\n".join(lines)


def _dump(nb: dict) -> str:
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def select(only: list[str] | None) -> list[tuple[int, Path]]:
    chosen = []
    for i, (name, _title) in enumerate(COURSE):
        if only and not any(name == o or name.startswith(o) or f"{name}.ipynb" == Path(o).name for o in only):
            continue
        chosen.append((i, NOTEBOOKS / f"{name}.ipynb"))
    return chosen


def check(path: Path, i: int) -> list[str]:
    """What :func:`rewrite` would change in this notebook (empty when it is up to date)."""
    raw = path.read_text(encoding="utf-8")
    nb = json.loads(raw)
    before = [_source(c) for c in nb["cells"]]
    after = [_source(c) for c in rewrite(json.loads(raw), i)["cells"]]
    problems = []
    if len(after) != len(before):
        problems.append(f"{path.name}: the bottom navigation cell is missing")
    for k, (a, b) in enumerate(zip(before, after)):
        if a != b:
            problems.append(f"{path.name}: cell {k} differs from the generated title, navigation or wording")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the course's titles, navigation and wording.")
    parser.add_argument("--only", nargs="+", metavar="NOTEBOOK", help="only these notebooks (e.g. 00 03)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if anything would change")
    args = parser.parse_args(argv)
    problems = []
    for i, path in select(args.only):
        if not path.exists():
            problems.append(f"{path.name}: missing")
            continue
        if args.check:
            problems += check(path, i)
            continue
        raw = path.read_text(encoding="utf-8")
        new = _dump(rewrite(json.loads(raw), i))
        if new != raw:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {path.relative_to(ROOT)}")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
