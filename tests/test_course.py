"""The ten notebooks read as one course: numbered titles and navigation generated from the one
list in ``tools/navigation.py`` (checked, for every notebook, by the tool's own check), no word
a learner cannot know, and the rule book in the repository.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

_spec = importlib.util.spec_from_file_location("navigation", ROOT / "tools" / "navigation.py")
navigation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(navigation)

REGENERATED: set[str] = set()  # notebooks awaiting tools/navigation.py: none


def _case_list():
    cases = []
    for i, (name, _title) in enumerate(navigation.COURSE):
        marks = [pytest.mark.xfail(strict=False, reason="regenerated after the merge")] if name in REGENERATED else []
        cases.append(pytest.param(i, name, marks=marks, id=name))
    return cases


#: "seed" meaning the spec documents (a random-number seed, seed=3 or --seed 3, is fine).
INTERNAL = re.compile(r"(?i)\bthe seeds?\b(?!\s*=)|\bseed(?:'s|s')|\bseed \d{3}\b|\bseed:|\bseed documents?\b|(?<![/\w])(?-i:RULES)\.md")


def markdown(name: str) -> str:
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_the_course_lists_ten_notebooks_that_exist():
    names = [name for name, _ in navigation.COURSE]
    assert names == sorted(names) and len(names) == 10
    assert [n[:2] for n in names] == [f"{i:02d}" for i in range(10)]
    for name in names:
        assert (NOTEBOOKS / f"{name}.ipynb").exists(), name


@pytest.mark.parametrize("i,name", _case_list())
def test_title_and_navigation_are_the_generated_ones(i, name):
    problems = navigation.check(NOTEBOOKS / f"{name}.ipynb", i)
    assert not problems, "run python tools/navigation.py:\n" + "\n".join(problems)


@pytest.mark.parametrize("i,name", _case_list())
def test_each_notebook_links_its_neighbours_and_the_contents(i, name):
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    first, last = "".join(nb["cells"][0]["source"]), "".join(nb["cells"][-1]["source"])
    assert first.startswith(f"# {i}. "), first[:80]
    if i + 1 < len(navigation.COURSE):
        nxt = navigation.COURSE[i + 1][0]
        assert f"({nxt}.ipynb)" in first and f"({nxt}.ipynb)" in last
    if i > 0:
        assert f"({navigation.COURSE[i - 1][0]}.ipynb)" in first
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


def test_the_rule_book_is_in_the_repository_with_its_figures():
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "seed" not in rules.lower() and "RULES.md" not in rules
    for figure in ("54 × 32 = **1,728**", "237,568", "3 doubles", "500 to each other player",
                   "Sloperama", "Mah Jongg Master Points", "Mah Jongg Fever", "Willingdon rule book"):
        assert figure in rules, figure
    for rel in ("04-willingdon-faq", "06-tournament-vs-home"):  # (the link itself: tests/test_links.py)
        assert "[rule book](rule-book.ipynb" in markdown(rel), rel


def test_the_internal_name_check_would_catch_each_old_wording():
    for old, new in navigation.WORDING:
        assert old not in new
    for bad in ("the seed's hand", "Seed: Singles and Pairs", "League (seed 000)", "The seeds do not say",
                "as RULES.md gives it"):
        assert INTERNAL.search(bad), bad
    for fine in ("random_stats(5_000, seed=9)", "--seed 3", "drawn at random from a fixed seed", "seeded"):
        assert not INTERNAL.search(fine), fine


def test_the_tool_is_idempotent(tmp_path):
    for i, name in ((0, "00-start-here"), (6, "06-tournament-vs-home")):
        nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
        once = navigation._dump(navigation.rewrite(nb, i))
        twice = navigation._dump(navigation.rewrite(json.loads(once), i))
        assert once == twice
