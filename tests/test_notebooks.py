"""The notebooks as a collection: every notebook is in the contents of 00, is stored with its
outputs, carries no absolute path and no widget state, and is collected by pytest (nbval), so a
glob that matches nothing can never pass for a test.

The outputs themselves are compared by nbval (``pytest notebooks/``), not here.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from mjscore.lessons.course import COURSE

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
START = NOTEBOOKS / "00-start-here.ipynb"
BINDER = "https://mybinder.org/v2/gh/mjscore/mjscore/main"

#: The collection, in order (mjscore/lessons/course.py): every one is checked for the house shape below.
PLANNED = tuple(lesson.notebook for lesson in COURSE)
LESSONS = PLANNED

PRESENT = sorted(NOTEBOOKS.glob("*.ipynb"))
#: Notebooks kept apart from the numbered course, in subfolders (the teacher's view of a class).
APART = sorted(p for p in NOTEBOOKS.glob("*/*.ipynb") if ".ipynb_checkpoints" not in p.parts)
EVERY = PRESENT + APART
#: Pages of the course with no code to run: the rule book (written from docs/rules.md by
#: tools/rule_book.py; tests/test_links.py checks it and the links to it).
PAGES = {"rule-book.ipynb"}
RUN = [p for p in EVERY if p.name not in PAGES]
ABSOLUTE = re.compile(r"(?<![\w.:/~-])(?:/(?:home|root|tmp|work|Users|usr|var|opt|private|mnt)/|[A-Za-z]:\\\\)")


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def text(cell: dict) -> str:
    src = cell.get("source", "")
    return src if isinstance(src, str) else "".join(src)


def markdown(nb: dict) -> str:
    return "\n".join(text(c) for c in nb["cells"] if c["cell_type"] == "markdown")


def links(nb: dict) -> set[str]:
    """Relative links to notebooks, as ``NAME`` without ``.ipynb``."""
    return set(re.findall(r"\]\((?:\./)?([\w-]+)\.ipynb(?:#[\w-]*)?\)", markdown(nb)))


def test_the_folder_holds_the_lessons():
    names = {p.stem for p in PRESENT}
    for name in PLANNED:
        assert name in names, f"notebooks/{name}.ipynb is missing"


def test_every_notebook_in_the_folder_is_in_the_contents():
    contents = links(load(START))
    for path in PRESENT:
        assert path.stem in contents, f"{path.name} is not linked from the contents of 00-start-here"


def test_the_contents_link_the_whole_planned_collection_with_binder_and_classroom_links():
    md = markdown(load(START))
    contents = links(load(START))
    for name in PLANNED:
        assert name in contents, f"00-start-here does not link {name}.ipynb"
        assert f"{BINDER}?urlpath=lab/tree/notebooks/{name}.ipynb" in md, f"no Binder link for {name}"
        assert f"{BINDER}?urlpath=voila/render/notebooks/{name}.ipynb" in md, f"no classroom link for {name}"
    assert "make lab" in md and "make present" in md


@pytest.mark.parametrize("path", PRESENT, ids=lambda p: p.name)
def test_links_point_to_notebooks_of_the_collection(path):
    for name in links(load(path)):
        assert (NOTEBOOKS / f"{name}.ipynb").exists() or name in PLANNED, \
            f"{path.name} links {name}.ipynb, which is neither in the folder nor planned"


@pytest.mark.parametrize("path", RUN, ids=lambda p: p.name)
def test_every_code_cell_is_stored_with_its_outputs(path):
    nb = load(path)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code, f"{path.name} has no code cells"
    for i, c in enumerate(code):
        assert c.get("execution_count") is not None, f"{path.name}: code cell {i} was never executed"
    assert any(c.get("outputs") for c in code), f"{path.name}: no stored outputs at all"


@pytest.mark.parametrize("path", EVERY, ids=lambda p: p.name)
def test_no_errors_no_absolute_paths_no_widget_state(path):
    nb = load(path)
    assert "widgets" not in nb.get("metadata", {}), f"{path.name} stores metadata.widgets"
    raw = path.read_text(encoding="utf-8")
    m = ABSOLUTE.search(raw)
    assert not m, f"{path.name} holds an absolute path: ...{raw[max(0, m.start() - 40):m.end() + 40]}..."
    for c in nb["cells"]:
        for out in c.get("outputs", []):
            assert out.get("output_type") != "error", f"{path.name} stores an error: {out.get('evalue')}"
            assert "Traceback" not in json.dumps(out), f"{path.name} stores a traceback"


@pytest.mark.parametrize("name", LESSONS)
def test_each_lesson_has_the_house_shape(name):
    nb = load(NOTEBOOKS / f"{name}.ipynb")
    first = text(nb["cells"][0])
    number = int(name[:2])
    assert re.match(rf"# {number}\. \S", first), f"{name} does not open with '# {number}. Title'"
    assert "What you will learn" in first
    last = text(nb["cells"][-1])
    if number + 1 < len(PLANNED):
        assert f"{PLANNED[number + 1]}.ipynb" in last, f"{name} does not end with a link to the next notebook"
    if number:
        assert "00-start-here.ipynb" in last, f"{name} does not end with a link back to 00-start-here"


def test_pytest_collects_every_notebook(request):
    """Without running pytest inside pytest: the settings that make pytest collect notebooks
    with nbval are in place, every notebook has cells nbval compares, and when this session
    collected the notebooks itself (``make test``), each of them gave it test items."""
    ini = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "notebooks" in ini["testpaths"]
    assert "--nbval " in ini["addopts"] + " " and "--nbval-lax" not in ini["addopts"]
    assert PRESENT, "notebooks/ holds no notebook: a glob that matches nothing must not pass"
    for path in RUN:
        compared = [c for c in load(path)["cells"] if c["cell_type"] == "code" and text(c).strip()
                    and c.get("execution_count") is not None]
        assert compared, f"nbval would compare nothing in {path.name}"
    collected: dict[str, int] = {}
    for item in request.session.items:
        where = Path(str(item.fspath))
        if where.suffix == ".ipynb":
            collected[where.name] = collected.get(where.name, 0) + 1
    if collected:
        for path in RUN:
            assert collected.get(path.name, 0) > 0, f"pytest collects nothing from {path.name}"


def test_the_teachers_notebook_is_apart_from_the_course_and_links_back():
    assert [p.relative_to(NOTEBOOKS).as_posix() for p in APART] == ["teacher/class.ipynb"]
    nb = load(APART[0])
    first, last = text(nb["cells"][0]), text(nb["cells"][-1])
    assert first.startswith("# A teacher's view of the class") and "What you will see" in first
    assert "(../00-start-here.ipynb)" in first and "(../00-start-here.ipynb)" in last
    assert "seed" not in markdown(nb).lower()


def test_every_page_is_titled_by_its_heading():
    """The browser tab's title, in the classroom view and on the site, is the page's own heading
    (``metadata.title``; without it Voila showed the file's name, "rule-book")."""
    for path in sorted(NOTEBOOKS.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        nb = json.loads(path.read_text(encoding="utf-8"))
        first = next("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        heading = re.sub(r"[*_`]", "", re.search(r"^#\s+(.+)$", first, re.M).group(1)).strip()
        assert nb["metadata"].get("title") == heading, path.name
