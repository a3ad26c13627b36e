"""The collection with no server: the static JupyterLite site that ``make site`` builds, served
from a local port and used in headless Chromium, offline.

The site is built once for the module into a temporary folder (the downloads it needs are
cached outside the checkout). Every request to anywhere but 127.0.0.1 is aborted by the
``browser`` fixture, so the test proves the site needs nothing from the internet for the
lessons that run without numpy, pandas or matplotlib; the others must open and say that they
load those packages on first use.

The tests share the browser profile, so the browser storage of the site (where ``/drive``,
the learner's files, lives) persists from one page load to the next, as for a learner.

Starting Pyodide in the browser is the fixed cost here (20-40 s of CPU each time), so the tests
share one page of the site (``lite``), loaded once, and one browser kernel, as the JupyterLab
tests do: each test closes what is open and opens its notebook on that kernel. They stay
independent because each one runs its own notebook's cells (or types its own) from the top and
reads only what that run shows. A test that checks what survives a reload reloads the page, which
starts Pyodide again: that reload, nothing more. The page errors a test sees are those since it
opened its notebook.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from browser_pages import _timed
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


class _Exposed(_Quiet):
    """The site as built, but its page config says ``exposeAppInBrowser`` (as the JupyterLab
    tests' ``--LabApp.expose_app_in_browser``): ``window.jupyterapp`` lets one page open each
    test's notebook by JupyterLab's own command, on the kernel the tests share. The built files
    are not changed."""

    def do_GET(self) -> None:
        if self.path.split("?")[0].rstrip("/") != "/jupyter-lite.json":
            return super().do_GET()
        config = json.loads((Path(self.directory) / "jupyter-lite.json").read_text(encoding="utf-8"))
        config["jupyter-config-data"]["exposeAppInBrowser"] = True
        body = json.dumps(config).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


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
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Exposed, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


SESSIONS = """async () => {
    const sessions = window.jupyterapp.serviceManager.sessions;
    await sessions.refreshRunning();
    return [...sessions.running()].filter(s => s.kernel).map(s => [s.path, s.kernel.id]);
}"""


ALL_CELLS_DRAWN = """() => {
    const notebook = window.jupyterapp.shell.currentWidget?.content;
    return !!notebook?.model && notebook.widgets.length > 0 && notebook.widgets.length === notebook.model.cells.length &&
        notebook.widgets.every(cell => cell.isAttached);
}"""


class Lite:
    """The one page of the site the tests share, its page errors, and the kernel they share."""

    def __init__(self, page, url: str):
        self.page, self.url = page, url
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def wait_ready(self) -> None:
        """The application is up (after a load or a reload) and a notebook is in front, its kernel idle."""
        page = self.page
        page.wait_for_function("() => window.jupyterapp !== undefined", timeout=START_S * 1000)
        page.evaluate("() => window.jupyterapp.restored")
        page.locator(f"{CURRENT} .jp-Notebook").wait_for(timeout=START_S * 1000)
        page.locator("#jp-main-statusbar").get_by_text(KERNEL_IDLE).wait_for(timeout=START_S * 1000)
        # Every cell drawn: the site draws a notebook's cells when the browser is idle, and a
        # notebook closed before that ends throws a page error ("... reading 'insertWidget'").
        page.wait_for_function(ALL_CELLS_DRAWN, timeout=START_S * 1000, polling=100)

    def kernel(self) -> str | None:
        """A running browser kernel of this page (after a reload: the one the reload started)."""
        running = self.page.evaluate(SESSIONS)
        return running[-1][1] if running else None

    def open(self, notebook: str):
        """Close every document (so that a reload restores only this one), open ``notebook`` on
        the shared kernel, and wait for it to be idle; page errors are counted from here."""
        page = self.page
        page.evaluate("() => { for (const w of Array.from(window.jupyterapp.shell.widgets('main'))) w.dispose(); }")
        page.locator(".jp-NotebookPanel").first.wait_for(state="detached")
        self.errors.clear()
        kernel = self.kernel()
        options = {"path": notebook, **({"kernel": {"id": kernel}} if kernel else {})}
        # `.then(() => null)`: the command's result is the notebook widget, which Playwright
        # would copy back to Python whole (seconds)
        page.evaluate("options => window.jupyterapp.commands.execute('docmanager:open', options).then(() => null)",
                      options)
        self.wait_ready()
        assert self.in_front() == notebook, f"{notebook} is not the notebook in front ({self.in_front()!r})"
        return page, self.errors

    def in_front(self) -> str:
        return self.page.evaluate("() => window.jupyterapp.shell.currentWidget?.context?.path || ''")

    def reload(self) -> None:
        """Reload the page (the browser kernel starts anew); the notebook in front comes back."""
        before, t0 = self.in_front(), time.monotonic()
        self.page.reload()
        self.wait_ready()
        _timed("site: page reloaded, a new kernel idle", t0)
        assert self.in_front() == before, f"after the reload {self.in_front()!r} is in front, not {before!r}"


@pytest.fixture(scope="module")
def lite(browser, site):
    """The site's lab page, loaded once from a lesson's link (``lab/index.html?path=...``, as the
    front page links it), with that lesson open and its browser kernel idle: one Pyodide start."""
    out, url = site
    page = browser.new_page()
    shared = Lite(page, url)
    t0 = time.monotonic()
    page.goto(f"{url}/lab/index.html?path={LIGHT[0]}")
    shared.wait_ready()
    _timed("site: page loaded, its kernel idle (Pyodide started)", t0)
    assert shared.in_front() == LIGHT[0]
    assert not shared.errors, shared.errors
    yield shared
    page.close()


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


def test_a_lesson_that_needs_more_packages_opens_and_says_so(lite, site):
    out, url = site
    page, errors = lite.open("03-doubles-compound.ipynb")
    first = page.locator(f"{CURRENT} .jp-Cell").first
    assert "loads from the internet the first time you run it" in first.inner_text()
    assert "matplotlib" in first.inner_text()
    assert not errors
    # Every lesson as the site serves it: the ones that need more say so first; the others do not.
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        staged = json.loads((out / "files" / path.name).read_text(encoding="utf-8"))
        first = "".join(staged["cells"][0]["source"])
        if path.name in LIGHT:
            assert "loads from the internet" not in first, path.name
        else:
            assert "loads from the internet the first time you run it" in first, path.name


def test_the_practice_tally_survives_a_reload(lite):
    from playwright.sync_api import expect

    page, errors = lite.open("07-practice.ipynb")
    _run_all(page)
    app = page.locator(f"{CURRENT} .mjs-practice").first
    tally = app.locator(".mjs-practice-tally")
    before = tally.inner_text()
    played = int(m.group(1)) if (m := re.search(r"of (\d+) right", before)) else 0
    app.locator(".mjs-practice-show").first.click()
    expect(tally).to_contain_text(f"of {played + 1} right")
    assert not errors, errors
    lite.reload()
    _run_all(page)
    expect(page.locator(f"{CURRENT} .mjs-practice .mjs-practice-tally").first).to_contain_text(f"of {played + 1} right")


def test_the_start_notebook_runs_in_the_browser(lite):
    page, errors = lite.open(LIGHT[0])
    _run_all(page)
    assert not errors, errors


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


def test_a_nights_hands_survive_a_reload(lite):
    """The scorekeeper needs neither pandas nor matplotlib: typed into notebook 8 (whose other
    cells need them), it keeps a night whose hands are still there after a reload."""
    from playwright.sync_api import expect

    page, errors = lite.open("08-scorekeeper.ipynb")
    _type_cell(page, NIGHT_CELL)
    app = page.locator(f"{CURRENT} .mjs-score-app").first
    expect(app).to_be_visible(timeout=START_S * 1000)
    totals = app.locator(".mjs-score-totals caption")
    before = int(re.search(r"\d+", totals.inner_text()).group())
    for part, label in (("winner", "Ann"), ("how", "On a discard"), ("thrower", "Cat"), ("quick", "25")):
        app.locator(f".mjs-score-{part}").get_by_role("button", name=label, exact=True).click()
    app.locator(".mjs-score-add").click()
    expect(totals).to_have_text(re.compile(rf"Totals after {before + 1} hands?$"))
    assert not errors, errors
    lite.reload()
    _type_cell(page, NIGHT_CELL)
    expect(page.locator(f"{CURRENT} .mjs-score-app .mjs-score-totals caption").first).to_have_text(
        re.compile(rf"Totals after {before + 1} hands?$"), timeout=START_S * 1000)
