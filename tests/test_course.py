"""The notebooks read as one course: numbered titles, navigation and contents written from the one
list of the lessons (``mjscore/lessons/course.py``) by ``tools/navigation.py`` (checked, for every notebook
and the README, by the tool's own check), no word a learner cannot know, and the rule book in the
repository. A lesson added to the list is all the course needs to take it in (the last test).
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from mjscore.lessons.course import COURSE

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

_spec = importlib.util.spec_from_file_location("navigation", ROOT / "tools" / "navigation.py")
navigation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(navigation)

def _case_list():
    return [pytest.param(lesson.number, lesson.notebook, id=lesson.notebook) for lesson in COURSE]


#: "seed" meaning the spec documents (a random-number seed, seed=3 or --seed 3, is fine).
INTERNAL = re.compile(r"(?i)\bthe seeds?\b(?!\s*=)|\bseed(?:'s|s')|\bseed \d{3}\b|\bseed:|\bseed documents?\b|(?<![/\w])(?-i:RULES)\.md")


def markdown(name: str) -> str:
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_the_course_lists_the_notebooks_that_exist_and_no_other():
    names = [lesson.notebook for lesson in COURSE]
    assert [n[:2] for n in names] == [f"{i:02d}" for i in range(len(COURSE))]
    assert len({lesson.slug for lesson in COURSE}) == len(COURSE)
    assert sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")) == names


def test_titles_navigation_and_contents_are_the_generated_ones():
    stale = [path.name for path, (now, wanted) in navigation.written().items() if now != wanted]
    assert not stale, f"run python tools/navigation.py: {stale} differ from mjscore/lessons/course.py"


@pytest.mark.parametrize("i,name", _case_list())
def test_each_notebook_links_its_neighbours_and_the_contents(i, name):
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    first, last = "".join(nb["cells"][0]["source"]), "".join(nb["cells"][-1]["source"])
    assert first.startswith(f"# {i}. "), first[:80]
    if i + 1 < len(COURSE):
        nxt = COURSE[i + 1].notebook
        assert f"({nxt}.ipynb)" in first and f"({nxt}.ipynb)" in last
    if i > 0:
        assert f"({COURSE[i - 1].notebook}.ipynb)" in first
        assert "(00-start-here.ipynb)" in last
    # a footer names the lesson, never its raw file name
    assert not re.search(r"\[\d\d-[\w-]+\.ipynb\]", last)


@pytest.mark.parametrize("i,name", _case_list())
def test_no_internal_names_of_the_sources(i, name):
    found = INTERNAL.findall(markdown(name))
    assert not found, f"{name} says {found}: name the real source, or docs/rules.md"


def test_the_readme_uses_no_internal_names_and_points_to_the_rule_book():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not INTERNAL.findall(readme), INTERNAL.findall(readme)
    assert "docs/rules.md" in readme


@pytest.mark.parametrize("page", sorted(p.name for p in (ROOT / "docs").glob("*.md")))
def test_the_pages_of_docs_use_no_internal_names(page):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    assert not INTERNAL.findall(text), f"docs/{page} says {INTERNAL.findall(text)}: name the real source"


def test_the_rule_book_is_in_the_repository_with_its_figures():
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "seed" not in rules.lower() and "RULES.md" not in rules
    for figure in ("54 × 32 = **1,728**", "237,568", "3 doubles", "500 to each other player",
                   "Sloperama", "Mah Jongg Master Points", "Mah Jongg Fever", "Willingdon rule book"):
        assert figure in rules, figure
    for rel in ("04-willingdon-faq", "06-tournament-vs-home"):  # (the link itself: tests/test_links.py)
        assert "[rule book](rule-book.ipynb" in markdown(rel), rel


def test_the_internal_name_check_would_catch_each_old_wording():
    for bad in ("the seed's hand", "Seed: Singles and Pairs", "League (seed 000)", "The seeds do not say",
                "as RULES.md gives it"):
        assert INTERNAL.search(bad), bad
    for fine in ("random_stats(5_000, seed=9)", "--seed 3", "drawn at random from a fixed seed", "seeded"):
        assert not INTERNAL.search(fine), fine


def test_the_tool_is_idempotent(tmp_path):
    for i, name in ((0, "00-start-here"), (6, "06-tournament-vs-home")):
        nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
        once = navigation.dump(navigation.rewrite(nb, i))
        twice = navigation.dump(navigation.rewrite(json.loads(once), i))
        assert once == twice


#: A lesson as docs/architecture.md says to add one ("Where to add: a lesson"): its questions...
THROWAWAY_QUESTIONS = '''"""A throwaway lesson's questions (tests/test_course.py adds the lesson to a copy of the course)."""

from ..missed import Rule
from .model import Field, Question


def _a_sum(number, rng):
    a, b = (2, 3) if rng is None else (rng.randint(1, 9), rng.randint(1, 9))
    return Question(lesson=10, number=number, title="A sum", prompt=f"What is {a} + {b}?", fields=(Field("The sum"),),
                    answer=(a + b,), reasons=(f"{a} + {b} = {a + b}",), hint="Add them.", rule=Rule("Adding", "Add."))


#: The questions of the lesson "A throwaway lesson".
THROWAWAY = (_a_sum, _a_sum, _a_sum)
'''
#: ... its one entry in the course (and its questions module named where the entry is) ...
THROWAWAY_ENTRY = '''    Lesson("throwaway", "A throwaway lesson", "nothing worth keeping", questions=throwaway.THROWAWAY,
           apps=(App("throwaway", "A throwaway app", "mjscore.views.american.american_app", "AmericanPaymentsApp()",
                     "Nothing worth keeping."),)),
)'''
#: ... and its notebook, which tools/navigation.py gives its title, navigation and contents row.
THROWAWAY_NOTEBOOK = {"cells": [
    {"cell_type": "markdown", "id": "title", "metadata": {},
     "source": ["# A throwaway lesson\n", "\n", "## What you will learn\n", "\n", "- nothing worth keeping"]},
    {"cell_type": "code", "id": "turn", "metadata": {}, "execution_count": None, "outputs": [],
     "source": ["from mjscore.views.practice.question_app import your_turn\n", "\n", "your_turn(10)"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5}
#: What the course then makes of it, run in the copy.
THROWAWAY_CHECKS = '''
import sys, tempfile, pathlib
sys.path.insert(0, "tools")
import site_pages
from mjscore.lessons import COUNT, LESSONS, TITLES, question
from mjscore.lessons.course import COURSE
from mjscore.practice.questions import LessonQuestions
from mjscore.practice.teacher import read_student

assert COURSE[-1].notebook == "10-throwaway" and 10 in LESSONS and COUNT[10] == 3, LESSONS
assert TITLES[10] == "A throwaway lesson" and question(10, 1).prompt == "What is 2 + 3?"
assert "throwaway" in [app.name for app in site_pages.APP_PAGES]
log = pathlib.Path(tempfile.mkdtemp()) / "practice.jsonl"
asked = LessonQuestions(10, log)
asked.check(1, asked.read(1, ["5"]))
assert str(asked.tally) == "1 of 1 right (0 shown)", asked.tally
assert read_student(log).lessons[10].played == 1
print("taken in")
'''


def test_a_new_lesson_is_its_notebook_one_entry_its_questions_and_its_tests(tmp_path):
    """A lesson added as docs/architecture.md says (its notebook, its entry in the course, its
    questions module), in a copy of the project: ``tools/navigation.py`` writes its title and
    navigation, its row in the contents and the README, and the link to it from the lesson before;
    its questions are asked and kept on the progress log; the site carries its app; and the tests
    of the course and the notebooks take it in. No other file is touched by hand."""
    import shutil
    import subprocess
    import sys

    copy = tmp_path / "project"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")
    for part in ("mjscore", "tools", "notebooks", "tests", "docs"):
        shutil.copytree(ROOT / part, copy / part, ignore=ignore)
    for part in ("README.md", "pyproject.toml", "conftest.py"):
        shutil.copy(ROOT / part, copy / part)
    before = {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*") if p.is_file()}

    course = copy / "mjscore" / "lessons" / "course.py"
    text = course.read_text(encoding="utf-8")
    assert text.count("\n)\n") == 1 and "from . import american, goulash, willingdon" in text
    text = text.replace("from . import american, goulash, willingdon", "from . import american, goulash, throwaway, willingdon")
    course.write_text(text.replace("\n)\n", "\n" + THROWAWAY_ENTRY + "\n"), encoding="utf-8")
    (copy / "mjscore" / "lessons" / "throwaway.py").write_text(THROWAWAY_QUESTIONS, encoding="utf-8")
    (copy / "notebooks" / "10-throwaway.ipynb").write_text(json.dumps(THROWAWAY_NOTEBOOK), encoding="utf-8")

    env = {**__import__("os").environ, "PYTHONPATH": str(copy), "MJSCORE_DATA_DIR": str(tmp_path / "data")}

    def run(*args):
        done = subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{args}: {done.stdout[-2000:]}{done.stderr[-3000:]}"
        return done.stdout

    written = run("tools/navigation.py")
    run("tools/navigation.py", "--check")
    run("tools/run_notebooks.py", "notebooks/10-throwaway.ipynb")
    assert "taken in" in run("-c", THROWAWAY_CHECKS)
    run("-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:xdist", "-o", "addopts=",
        "tests/test_course.py", "tests/test_notebooks.py", "tests/test_links.py",
        "-k", "not a_new_lesson and not pytest_collects")

    after = {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    changed = {str(p) for p in after if before.get(p) != after[p]}
    by_hand = {"notebooks/10-throwaway.ipynb", "mjscore/lessons/course.py", "mjscore/lessons/throwaway.py"}
    by_the_tool = {"notebooks/00-start-here.ipynb", "notebooks/09-how-rare.ipynb", "README.md"}
    assert changed == by_hand | by_the_tool, (changed, written)
    contents = (copy / "notebooks" / "00-start-here.ipynb").read_text(encoding="utf-8")
    assert "[A throwaway lesson](10-throwaway.ipynb)" in contents and "10-throwaway" in (copy / "README.md").read_text()
    assert "(10-throwaway.ipynb)" in (copy / "notebooks" / "09-how-rare.ipynb").read_text(encoding="utf-8")
