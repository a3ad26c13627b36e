"""The examples of the README and of every page of docs/ are run: every ``$ command`` in a
``console`` block prints exactly what the page shows under it, and the ``python`` blocks of a page
pass as one doctest. A block that is not meant to run is plain, ``sh`` or ``json``."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The README and every page of docs/, as paths from the top of the checkout.
PAGES = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]
#: Pages whose examples are their point: each must keep some (a glob or a pattern that finds none
#: would otherwise pass by testing nothing).
WITH_EXAMPLES = {"README.md": ("console", "python"), "docs/command-line.md": ("console",),
                 "docs/file-formats.md": ("console", "python")}


def read(page: str) -> str:
    return (ROOT / page).read_text(encoding="utf-8")


def blocks(page: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", read(page), re.S | re.M)


def console_examples(page: str):
    for block in blocks(page, "console"):
        for m in re.finditer(r"^\$ (.+)\n((?:(?!\$ ).*\n)*)", block, re.M):
            yield m.group(1), m.group(2)


def all_console_examples():
    for page in PAGES:
        for command, expected in console_examples(page):
            yield pytest.param(command, expected, id=f"{page}: {command[:60]}")


@pytest.mark.parametrize("command, expected", list(all_console_examples()))
def test_console_examples(command, expected, tmp_path):
    bindir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
           "JUPYTER_DATA_DIR": str(tmp_path / "jupyter-data")}  # `mjscore lessons` signs its copies there
    out = subprocess.run(command, shell=True, capture_output=True, text=True, cwd=tmp_path, env=env)
    assert out.stdout == expected, out.stderr


@pytest.mark.parametrize("page", [page for page in PAGES if blocks(page, "python")])
def test_python_examples(page):
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks(page, "python")), {}, page, page, 0)
    assert test.examples, f"{page} has a python block with no >>> example in it"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0


@pytest.mark.parametrize("page", sorted(WITH_EXAMPLES))
def test_the_pages_keep_their_examples(page):
    assert page in PAGES, f"{page} is gone"
    kinds = WITH_EXAMPLES[page]
    if "console" in kinds:
        assert list(console_examples(page)), f"{page} has no console examples"
    if "python" in kinds:
        assert blocks(page, "python"), f"{page} has no Python examples"


def test_every_block_is_read_as_its_kind():
    """A console block whose lines do not start with ``$ `` would run nothing; a block opened as
    ``Console`` or ``pycon`` would not be run at all."""
    for page in PAGES:
        for block in blocks(page, "console"):
            assert block.startswith("$ "), f"{page}: a console block starts without a command: {block[:60]!r}"
        fences = re.findall(r"^```(\S*)$", read(page), re.M)
        odd = {lang for lang in fences if lang.lower() in ("console", "python", "pycon", "shell-session", "doctest")
               and lang not in ("console", "python")}
        assert not odd, f"{page}: blocks opened as {sorted(odd)} are not run; use console or python"


def github_anchors(text: str) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown page (lower case, punctuation dropped,
    spaces as hyphens; a repeated heading gets -1, -2)."""
    found: set[str] = set()
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    for heading in re.findall(r"^#{1,6} +(.+?) *$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        n, anchor = 0, slug
        while anchor in found:
            n += 1
            anchor = f"{slug}-{n}"
        found.add(anchor)
    return found


_LINK = re.compile(r"\]\(([^)\s]+)\)|\b(?:href|src)=\"([^\"]+)\"")


def test_links_between_the_pages_lead_somewhere():
    """Each link of a page of docs/ to another file of the checkout (relative, as the pages link
    each other), and each whole address of a page of the repository in the README, names a file
    that is here and, with ``#``, a heading that page has."""
    blob = re.compile(r"https://github\.com/[\w.-]+/[\w.-]+/blob/[\w.-]+/(.+)")
    broken = []
    for page in PAGES:
        for m in _LINK.finditer(read(page)):
            target = m.group(1) or m.group(2)
            whole = blob.fullmatch(target)
            if whole:
                path, _, anchor = whole.group(1).partition("#")
                file = ROOT / path
            elif re.match(r"[a-z][\w+.-]*:", target):
                continue  # another site (its own tests follow Binder's and the browser site's)
            else:
                path, _, anchor = target.partition("#")
                file = (ROOT / page).parent / path if path else ROOT / page
            if not file.is_file():
                broken.append(f"{page}: {target} (no {path})")
            elif anchor and file.suffix == ".md" and anchor not in github_anchors(file.read_text(encoding="utf-8")):
                broken.append(f"{page}: {target} (no heading #{anchor} in {file.relative_to(ROOT)})")
    assert not broken, "links that lead nowhere:\n" + "\n".join(broken)


def test_the_anchors_are_githubs():
    assert github_anchors("# A\n## The progress log (`practice.jsonl`)\n## Drills, and a class's progress\n"
                          "```\n# not a heading\n```\n## A\n") == {
        "a", "the-progress-log-practicejsonl", "drills-and-a-classs-progress", "a-1"}
