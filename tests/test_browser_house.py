"""The browser suite's house rules, so that what made it flaky cannot come back: it waits with
Playwright (``expect()``, locators), never a sleep or a fixed settle time; it never clicks again
in case a click was lost; it reads no status bar; no test shares state with another through the
module (``global``) or a marker; and the run is plain pytest-xdist, with no scheduler of our
own, no reordering of the tests and no niceness (conftest.py at the root)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BROWSER = sorted((ROOT / "tests" / "browser").glob("*.py"))
WAITS_OF_OUR_OWN = {"sleep", "wait_for_timeout"}
CLICKS = {"click", "tap", "dblclick", "dispatch_event"}
WORDS = {"jp-main-statusbar": "reads the status bar", "shares_run": "shares a run between tests",
         "SETTLED": "waits a fixed settle time"}


def problems(source: str) -> list[str]:
    """What in this browser test module breaks the rules above, each with its line."""
    out = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name)):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
            if name in WAITS_OF_OUR_OWN:
                out.append(f"line {node.lineno}: {name}(): wait for what a person would see (expect)")
        if isinstance(node, ast.ExceptHandler):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr in CLICKS:
                    out.append(f"line {inner.lineno}: a {inner.func.attr}() when something failed: a second click")
        if isinstance(node, ast.Global):
            out.append(f"line {node.lineno}: global {', '.join(node.names)}: state shared between tests")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) or isinstance(node, ast.Name):
            text = node.value if isinstance(node, ast.Constant) else node.id
            out += [f"line {node.lineno}: {why} ({word})" for word, why in WORDS.items() if word in text]
    return out


def run_problems(source: str) -> list[str]:
    """What in a conftest makes the run other than plain pytest-xdist."""
    tree = ast.parse(source)
    out = [f"line {n.lineno}: a scheduler of our own" for n in ast.walk(tree)
           if isinstance(n, ast.FunctionDef) and n.name == "pytest_xdist_make_scheduler"]
    out += [f"line {n.lineno}: os.nice()" for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and n.attr in ("nice", "setpriority")]
    out += [f"line {n.lineno}: the tests put in an order of our own" for n in ast.walk(tree)
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name)
                                                 and t.value.id == "items" for t in n.targets)]
    return out


def test_the_browser_modules_are_found():
    assert {p.name for p in BROWSER} >= {"conftest.py", "browser_pages.py", "test_site.py"}


@pytest.mark.parametrize("path", BROWSER, ids=lambda p: p.name)
def test_the_browser_tests_wait_with_playwright_and_share_nothing(path):
    assert problems(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", [ROOT / "conftest.py", ROOT / "tests" / "browser" / "conftest.py"],
                         ids=["root", "browser"])
def test_the_run_is_plain_xdist(path):
    assert run_problems(path.read_text(encoding="utf-8")) == []


def test_the_checks_catch_what_they_say():
    bad = '''
import time
SEEN = {}
def helper(page, button, said):
    global SEEN
    time.sleep(1)
    page.wait_for_timeout(300)
    page.locator("#jp-main-statusbar").inner_text()
    try:
        said.wait_for()
    except AssertionError:
        button.click()
'''
    found = problems(bad)
    assert len(found) == 5, found
    for words in ("sleep()", "wait_for_timeout()", "status bar", "second click", "global SEEN"):
        assert any(words in f for f in found), (words, found)
    lanes = '''
import os
def pytest_xdist_make_scheduler(config, log): pass
def pytest_collection_modifyitems(items):
    os.nice(4)
    items[:] = sorted(items, key=str)
'''
    assert len(run_problems(lanes)) == 3


def test_a_notebooks_cells_run_in_one_process_in_order():
    """nbval runs a notebook's cells in one kernel, in order: under ``make test``'s four processes
    they must stay together (conftest.py puts them in one xdist group). pytest-xdist marks a
    group in a test's node id, which a pytest that builds its node ids anew ignores, and then
    the cells go to several processes, and fail as if the notebook were wrong."""
    import re
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v", "-p", "no:randomly",
                           "notebooks/00-start-here.ipynb", "notebooks/05-playing-goulash.ipynb"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    ran = re.findall(r"\[(gw\d)\] \[ *\d+%\] PASSED (notebooks/[^:]+)::Cell (\d+)", done.stdout)
    assert done.returncode == 0 and ran, done.stdout[-3000:]
    by_notebook: dict[str, list] = {}
    for worker, notebook, cell in ran:
        by_notebook.setdefault(notebook, []).append((worker, int(cell)))
    for notebook, cells in by_notebook.items():
        assert len({worker for worker, _ in cells}) == 1, f"{notebook}'s cells ran in several processes: {cells}"
        assert [cell for _, cell in cells] == sorted(cell for _, cell in cells), f"{notebook}: out of order"


#: The harness, not the tests: what starts the servers and pages and waits for them, and what
#: measures a page. Issue 30 took it from 1,209 lines (the measures then inside it as strings) to
#: under half on pytest-playwright; a harness that grows again is machinery the tools should do.
HARNESS = ["conftest.py", "browser_pages.py", "touch_pages.py", "measure.js"]
HARNESS_MOST = 1209 // 2


def test_the_browser_harness_stays_at_half_of_what_it_was():
    lines = {name: len((ROOT / "tests" / "browser" / name).read_text().splitlines()) for name in HARNESS}
    others = [p.name for p in (ROOT / "tests" / "browser").glob("*.*s") if p.suffix in (".py", ".js")
              and not p.name.startswith("test_") and p.name not in HARNESS and p.name != "fails_on_purpose.py"]
    assert not others, f"helpers beside the harness, to count in HARNESS: {others}"
    assert sum(lines.values()) <= HARNESS_MOST, f"the browser harness is {sum(lines.values())} lines: {lines}"
