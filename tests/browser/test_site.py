"""The collection with no server: the static JupyterLite site that ``make site`` builds, served
from a local port and used in headless Chromium, offline.

The site is built once for the module into a temporary folder (the downloads it needs are
cached outside the checkout). Every request to anywhere but 127.0.0.1 is aborted by the
``browser`` fixture, so the test proves the site needs nothing from the internet for the
lessons that run without numpy, pandas or matplotlib; the others must open and say that they
load those packages on first use.

The tests share the browser profile, so the browser storage of the site (where ``/drive``,
the learner's files, lives) persists from one page load to the next, as for a learner.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import ROOT, require  # tests/browser/conftest.py (this folder is not a package)

pytestmark = pytest.mark.browser

KERNEL_IDLE = "Python (Pyodide) | Idle"
#: The notebook in front (the site remembers the notebooks opened before, in other tabs).
CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"
#: The lessons the offline site runs whole (no numpy, pandas or matplotlib); notebook 8's
#: scorekeeper app runs too (test_a_nights_hands_survive_a_reload), though its lesson needs more.
LIGHT = ("00-start-here.ipynb", "07-practice.ipynb")
START_S = 240  # Pyodide starting in a browser on a busy shared machine


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json"}

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    require(subprocess.run(["which", "npm"], capture_output=True).returncode == 0,
            "npm is not installed (the site's build fetches Pyodide with it)")
    out = tmp_path_factory.mktemp("site") / "site"
    cache = Path.home() / ".cache" / "mjscore-site"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out),
                           "--cache", str(cache), "--work", str(out.parent / "src")],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _open(browser, url: str, notebook: str):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/lab/index.html?path={notebook}")
    page.locator(f"{CURRENT} .jp-Notebook").wait_for(timeout=START_S * 1000)
    page.locator("#jp-main-statusbar").get_by_text(KERNEL_IDLE).wait_for(timeout=START_S * 1000)
    return page, errors


def _run_all(page) -> None:
    """Run > Run All Cells, then wait until every code cell has its number and the kernel is idle."""
    page.keyboard.press("Escape")
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    page.wait_for_function(
        """() => {
            const nb = document.querySelector("%s");
            if (!nb) return false;
            if (nb.querySelector("[data-mime-type='application/vnd.jupyter.stderr']")) return true;
            const prompts = [...nb.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""" % CURRENT, timeout=START_S * 1000)
    tracebacks = page.locator(f"{CURRENT} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert tracebacks.count() == 0, tracebacks.first.inner_text()[:2000]
    page.locator("#jp-main-statusbar").get_by_text(KERNEL_IDLE).wait_for(timeout=START_S * 1000)


def test_the_front_page_links_every_lesson(browser, site):
    out, url = site
    page = browser.new_page()
    page.goto(f"{url}/index.html")
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    links = page.locator("main ol li a")
    assert links.count() == len(lessons) == 10
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs == [f"lab/index.html?path={name}" for name in lessons]
    assert "nothing you do is\nsent anywhere" in page.inner_text("main").replace("is sent", "is\nsent") or \
        "sent anywhere" in page.inner_text("main")
    page.close()


def test_a_lesson_that_needs_more_packages_opens_and_says_so(browser, site):
    out, url = site
    page, errors = _open(browser, url, "03-doubles-compound.ipynb")
    first = page.locator(f"{CURRENT} .jp-Cell").first
    assert "loads from the internet the first time you run it" in first.inner_text()
    assert "matplotlib" in first.inner_text()
    assert not errors
    page.close()
    # Every lesson as the site serves it: the ones that need more say so first; the others do not.
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        staged = json.loads((out / "files" / path.name).read_text(encoding="utf-8"))
        first = "".join(staged["cells"][0]["source"])
        if path.name in LIGHT:
            assert "loads from the internet" not in first, path.name
        else:
            assert "loads from the internet the first time you run it" in first, path.name


def test_the_practice_tally_survives_a_reload(browser, site):
    from playwright.sync_api import expect

    out, url = site
    page, errors = _open(browser, url, "07-practice.ipynb")
    _run_all(page)
    app = page.locator(f"{CURRENT} .mjs-practice").first
    tally = app.locator(".mjs-practice-tally")
    before = tally.inner_text()
    played = int(m.group(1)) if (m := re.search(r"of (\d+) right", before)) else 0
    app.locator(".mjs-practice-show").first.click()
    expect(tally).to_contain_text(f"of {played + 1} right")
    assert not errors, errors
    page.reload()
    page.locator(f"{CURRENT} .jp-Notebook").wait_for(timeout=START_S * 1000)
    page.locator("#jp-main-statusbar").get_by_text(KERNEL_IDLE).wait_for(timeout=START_S * 1000)
    _run_all(page)
    expect(page.locator(f"{CURRENT} .mjs-practice .mjs-practice-tally").first).to_contain_text(f"of {played + 1} right")
    page.close()


def test_the_start_notebook_runs_in_the_browser(browser, site):
    out, url = site
    page, errors = _open(browser, url, LIGHT[0])
    _run_all(page)
    assert not errors, errors
    page.close()


NIGHT_CELL = ('from mjscore.views.night.scorekeeper_app import ScorekeeperApp\n'
              'ScorekeeperApp(journal="site-night.csv", players=["Ann", "Bea", "Cat", "Dee"])')


def _type_cell(page, code: str) -> None:
    """As a learner would: a new cell at the top of the notebook, typed, then Shift+Enter."""
    page.locator(f"{CURRENT} .jp-Cell").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("a")
    page.keyboard.press("Enter")
    for i, line in enumerate(code.split("\n")):
        if i:
            page.keyboard.press("Enter")
            page.keyboard.press("Home")
        page.keyboard.insert_text(line)
    page.keyboard.press("Shift+Enter")


def test_a_nights_hands_survive_a_reload(browser, site):
    """The scorekeeper needs neither pandas nor matplotlib: typed into notebook 8 (whose other
    cells need them), it keeps a night whose hands are still there after a reload."""
    from playwright.sync_api import expect

    out, url = site
    page, errors = _open(browser, url, "08-scorekeeper.ipynb")
    _type_cell(page, NIGHT_CELL)
    app = page.locator(f"{CURRENT} .mjs-score-app").first
    expect(app).to_be_visible(timeout=START_S * 1000)
    totals = app.locator(".mjs-score-totals caption")
    before = int(re.search(r"\d+", totals.inner_text()).group())
    for part, label in (("winner", "Ann"), ("how", "On a discard"), ("thrower", "Cat"), ("value", "25")):
        app.locator(f".mjs-score-{part}").get_by_role("button", name=label, exact=True).click()
    app.locator(".mjs-score-add").click()
    expect(totals).to_have_text(re.compile(rf"Totals after {before + 1} hands?$"))
    assert not errors, errors
    page.reload()
    page.locator(f"{CURRENT} .jp-Notebook").wait_for(timeout=START_S * 1000)
    page.locator("#jp-main-statusbar").get_by_text(KERNEL_IDLE).wait_for(timeout=START_S * 1000)
    _type_cell(page, NIGHT_CELL)
    expect(page.locator(f"{CURRENT} .mjs-score-app .mjs-score-totals caption").first).to_have_text(
        re.compile(rf"Totals after {before + 1} hands?$"), timeout=START_S * 1000)
    page.close()
