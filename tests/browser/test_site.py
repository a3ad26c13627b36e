"""The collection with no server: the static site that ``make site`` builds (JupyterLab in
``lab/``, the app pages in ``apps/``, the pages to read in ``read/``), served from a local port
and used in headless Chromium, offline.

The site is built once for the module by ``make site`` itself, into a temporary folder named by
a path relative to the checkout, as the README's ``build/site`` is (the downloads it needs are
cached outside the checkout). Every host name but 127.0.0.1 fails to resolve in the ``browser``
fixture, so the tests prove the site needs nothing from the internet for the lessons and the
app pages that need no numpy, pandas or matplotlib; the others must open and say that they load
those packages on first use.

The tests share the browser profile, so the browser storage of the site (where ``/drive``, the
learner's files, lives) persists from one page load to the next, as for a learner.

Starting Pyodide in the browser is the fixed cost here (15-40 s of CPU each time), so the
JupyterLab tests share one page of the site (``lite``), loaded once, and one browser kernel, as
the JupyterLab tests do: each test closes what is open and opens its notebook on that kernel.
They stay independent because each one runs its own notebook's cells (or types its own) from the
top and reads only what that run shows. The test that checks what survives a rebuild reloads
the page, which starts Pyodide again: that reload, nothing more. Each app page starts its own
kernel (an app page is a page of its own): the payments app's and the hand builder's pages, the
scorekeeper's as a private window shows it, and lesson 7 (the trainer) at 1024 x 768 in the
classroom look; and at a table, with touch: the scorekeeper's page and lesson 7's, each on a phone
(390 x 844), then, the same page and kernel, turned into a tablet's (820 x 1180): one Pyodide
start each.
"""

from __future__ import annotations

import functools
import html.parser
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from browser_pages import SETTLED, WAIT_MS, WIDGETS_DRAWN, _timed
from conftest import ROOT, require  # tests/browser/conftest.py (this folder is not a package)
from touch_pages import PHONE, TABLET, another_hand, fits, keep_a_night, practise, touch_context

pytestmark = pytest.mark.browser

KERNEL_IDLE = "Python (Pyodide) | Idle"
#: The notebook in front (the site remembers the notebooks opened before, in other tabs).
CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"
#: The lessons the offline site runs whole (no numpy, pandas or matplotlib); notebook 8's
#: scorekeeper app runs too (test_progress_survives_a_rebuild_that_brings_a_new_lesson),
#: though its lesson needs more.
LIGHT = ("00-start-here.ipynb", "07-practice.ipynb")
START_S = 240  # Pyodide starting in a browser on a busy shared machine


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json"}

    def end_headers(self) -> None:
        # as a web host that asks the browser to check each file again (GitHub Pages: after ten
        # minutes): a rebuilt site is seen at the next load
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


class _Exposed(_Quiet):
    """The site as built, but the JupyterLab part's page config says ``exposeAppInBrowser`` (as
    the JupyterLab tests' ``--LabApp.expose_app_in_browser``): ``window.jupyterapp`` lets one page
    open each test's notebook by JupyterLab's own command, on the kernel the tests share. The
    built files are not changed."""

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
        super().end_headers()
        self.wfile.write(body)


CACHE = Path.home() / ".cache" / "mjscore-site"


def make_site(out: Path) -> subprocess.CompletedProcess:
    """``make site`` as the README gives it, into ``out`` named relative to the checkout (as
    ``build/site`` is), with the download cache; the checkout's environment is taken as it is
    (``-o``: not made again)."""
    require(shutil.which("make") is not None, "make is not installed")
    require((ROOT / ".venv" / "bin" / "python").exists(), "the checkout has no .venv (make .venv/.installed-stamp)")
    return subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "site",
                           f"SITE_OUT={os.path.relpath(out, ROOT)}", f"SITE_CACHE={CACHE}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=1200)


def rebuild_lab(out: Path, notebooks: Path) -> None:
    """Build the JupyterLab part of the site again in place, from another folder of lessons."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out), "--cache",
                           str(CACHE), "--parts", "lab", "--notebooks", str(notebooks)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]


def serve(folder: Path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Exposed, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    require(shutil.which("npm") is not None, "npm is not installed (the site's build fetches Pyodide with it)")
    out = tmp_path_factory.mktemp("site") / "site"
    t0 = time.monotonic()
    done = make_site(out)
    _timed("site: make site (downloads cached)", t0)
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-3000:]
    assert (out / "index.html").exists() and (out / "apps" / "voici" / "render").is_dir() and (out / "read").is_dir()
    server, url = serve(out)
    yield out, url
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
        """Reload the page (the browser kernel starts anew); a notebook comes back in front (the
        one in front before, unless the page had not yet saved its layout: a test opens its own
        afterwards)."""
        t0 = time.monotonic()
        self.page.reload()
        self.wait_ready()
        _timed("site: page reloaded, a new kernel idle", t0)


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


def _links_tool():
    spec = importlib.util.spec_from_file_location("binder_links", ROOT / "tools" / "binder_links.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def test_the_front_page_links_every_lesson_three_ways(browser, site):
    """Each lesson: its title opens it to read, then "run it" as an app or in JupyterLab (the
    same pages binder_links.py names on the published site); and each app on a page of its own."""
    out, url = site
    pages = _links_tool().site_pages
    page = browser.new_page()
    page.goto(f"{url}/index.html")
    rows = page.locator("main ol > li")
    assert rows.count() == len(LESSONS) == 10
    for i, name in enumerate(LESSONS):
        want = pages(name, site="")
        row = rows.nth(i)
        assert row.locator("a.read").get_attribute("href") == want["read"]
        assert row.locator("a.app").get_attribute("href") == want["classroom"]
        assert row.locator("a.lab").get_attribute("href") == want["lab"]
        for href in (want["read"], want["classroom"]):
            assert (out / href).is_file(), href
    more = page.locator("main ul.more-pages > li a.read")
    assert [more.nth(i).get_attribute("href") for i in range(more.count())] == [
        "read/rule-book.html", "read/teacher/class.html"]
    apps = page.locator("main ul.app-pages > li a")
    assert [apps.nth(i).get_attribute("href") for i in range(apps.count())] == [
        f"apps/voici/render/{name}.html" for name in ("scorekeeper", "trainer", "payments", "hand-builder", "claim")]
    assert "sent anywhere" in page.inner_text("main")
    page.close()


class _Links(html.parser.HTMLParser):
    """Every ``href`` of a page, and every ``id`` (the places a link may open at)."""

    def __init__(self):
        super().__init__()
        self.hrefs, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])
        if attrs.get("id"):
            self.ids.add(attrs["id"])


def _links(path: Path) -> _Links:
    found = _Links()
    found.feed(path.read_text(encoding="utf-8"))
    return found


def test_no_link_of_a_page_to_read_or_an_app_page_leads_nowhere(browser, site):
    """Every link of every page to read and every app page of a lesson (and of the rule book and
    the teacher's view, which the lessons link to) opens a page of the site, at a heading that page
    has; every notebook the lessons link to is in both JupyterLab parts' files. Then, in the
    browser, the links of the start page to read are followed as a learner follows them."""
    out, url = site
    pages = sorted((out / "read").rglob("*.html")) + sorted((out / "apps" / "voici" / "render").rglob("*.html"))
    pages = [p for p in pages if "@jupyter-widgets" not in p.parts]
    names = {p.relative_to(out).as_posix() for p in pages}
    for want in ("read/rule-book.html", "read/teacher/class.html", "apps/voici/render/rule-book.html",
                 "apps/voici/render/teacher/class.html", "read/00-start-here.html"):
        assert want in names, want
    followed, dead = 0, []
    for page in pages:
        for href in _links(page).hrefs:
            parts = urllib.parse.urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = (page.parent / urllib.parse.unquote(parts.path)).resolve() if parts.path else page
            where = f"{page.relative_to(out)}: {href}"
            if not target.is_relative_to(out.resolve()) or not (target.is_file() or (target / "index.html").is_file()):
                dead.append(f"{where} (no such page)")
            elif parts.fragment and target.suffix == ".html" and parts.fragment not in _links(target).ids:
                dead.append(f"{where} (no heading {parts.fragment!r} there)")
            followed += 1
    assert not dead, "\n".join(dead)
    assert followed > 100, followed
    for part in (out, out / "apps"):
        for name in ("rule-book.ipynb", "teacher/class.ipynb"):
            assert (part / "files" / name).is_file(), (part, name)

    page = browser.new_page()
    page.goto(f"{url}/read/00-start-here.html")
    page.locator("a[href='rule-book.html']").first.click()
    page.wait_for_url(f"{url}/read/rule-book.html")
    assert page.locator("h1").first.inner_text().startswith("The rules as mjscore plays them")
    assert page.title() == "The rules as mjscore plays them"  # the browser tab's title (not "Notebook")
    page.go_back()
    page.locator("a[href='teacher/class.html']").first.click()
    page.wait_for_url(f"{url}/read/teacher/class.html")
    assert "A teacher's view of the class" in page.locator("h1").first.inner_text()
    assert page.locator(".mjs-night, table").count() > 0  # the class's tables, drawn
    page.locator(".jp-RenderedMarkdown a[href='../00-start-here.html']").first.click()
    page.wait_for_url(f"{url}/read/00-start-here.html")
    page.goto(f"{url}/read/01-american-who-pays.html")
    page.locator("a[href='rule-book.html#American-home-payments']").first.click()
    page.wait_for_url(f"{url}/read/rule-book.html#American-home-payments")
    assert page.evaluate("() => document.getElementById('American-home-payments').getBoundingClientRect().top") < 200
    page.close()


def test_the_site_keeps_learners_files_under_its_own_name_and_publishes_lessons_read_only(site):
    """Both JupyterLite parts name their browser storage (not the default, keyed to the address
    and JupyterLite's own scheme), the same for both, and list every lesson as not writable."""
    out, _url = site
    names = []
    for part in (out, out / "apps"):
        config = json.loads((part / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
        names.append((config["contentsStorageName"], config["settingsStorageName"]))
        listing = json.loads((part / "api" / "contents" / "all.json").read_text(encoding="utf-8"))["content"]
        lessons = {item["name"]: item["writable"] for item in listing if item["name"] in LESSONS}
        assert lessons == dict.fromkeys(LESSONS, False), part
    assert names[0] == names[1] == ("mjscore-files", "mjscore-settings")


def test_a_lesson_to_read_needs_no_kernel_and_fits_a_phone(browser, site):
    """The page to read: the lesson as it was last run, its app drawn from the embedded state (a
    still picture), with no Python started; at a phone's width the page itself never scrolls
    sideways; its links run it as an app or in JupyterLab."""
    from playwright.sync_api import expect

    _out, url = site
    page = browser.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/read/02-willingdon-hand-points.html")
    builder = page.locator(".mjs-builder").first
    expect(builder).to_be_visible()
    expect(builder).to_contain_text("Score: 1,728")
    bar = page.locator(".mjs-read-bar")
    assert bar.locator("a.mjs-read-app").get_attribute("href") == "../apps/voici/render/02-willingdon-hand-points.html"
    assert bar.locator("a.mjs-read-lab").get_attribute("href") == "../lab/index.html?path=02-willingdon-hand-points.ipynb"
    assert "pandas" in bar.inner_text()
    page.evaluate(SETTLED)  # every app of the page drawn and laid out, not only the builder
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert page.evaluate("() => typeof window.jupyterapp") == "undefined"  # no JupyterLab, no kernel
    # lesson 1's payments app, drawn at a phone's width: every amount and every choice inside it
    # (the words wrap; a spelt-out choice's button is never wider than the column)
    page.goto(f"{url}/read/01-american-who-pays.html")
    app = page.locator(".mjs-app").first
    expect(app).to_contain_text("collects 100")
    page.evaluate(SETTLED)  # its parts are drawn one by one, each then given its width
    outside = app.evaluate("""app => {
        const edge = app.getBoundingClientRect().right + 1;
        return [...app.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > edge)
            .map(e => `${e.tagName}.${e.className} ${e.textContent.slice(0, 40)}`);
    }""")
    assert not outside, outside
    assert not errors, errors
    page.close()


def test_a_lesson_that_needs_more_packages_opens_and_says_so(lite, site):
    from playwright.sync_api import expect

    out, url = site
    page, errors = lite.open("03-doubles-compound.ipynb")
    first = page.locator(f"{CURRENT} .jp-Cell").first
    # (a Markdown cell's text is drawn a moment after the cell is)
    expect(first).to_contain_text("loads from the internet the first time you run it")
    expect(first).to_contain_text("matplotlib")
    assert not errors
    # Every lesson as the site serves it: the ones that need more say so first; the others do not.
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        for part in (out, out / "apps"):
            staged = json.loads((part / "files" / path.name).read_text(encoding="utf-8"))
            first = "".join(staged["cells"][0]["source"])
            if path.name in LIGHT:
                assert "loads from the internet" not in first, path.name
            else:
                assert "loads from the internet the first time you run it" in first, path.name


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


QUESTION_CELL = "from mjscore.views.practice.question_app import your_turn\nyour_turn(1)"


def test_a_lessons_question_is_marked_in_the_browser(lite):
    """Lesson 1's first "Your turn" question answered in the site's JupyterLab: marked right with
    the engine's answer, and counted. (Lesson 1 itself needs pandas, which the offline test cannot
    load: its questions' app, which needs none, is typed into lesson 7, which needs none either.)"""
    from playwright.sync_api import expect

    from mjscore.lessons import question

    page, errors = lite.open(LIGHT[1])
    _type_cell(page, QUESTION_CELL)
    turn = page.locator(f"{CURRENT} .mjs-your-turn").first
    expect(turn).to_be_visible(timeout=START_S * 1000)
    tally = turn.locator(".mjs-your-turn-tally")
    expect(tally).to_have_text("Nothing answered yet in this lesson.")
    app = turn.locator(".mjs-question").first
    q = question(1, 1)
    for i, value in enumerate(q.answer):
        box = app.locator(".mjs-question-field input").nth(i)
        box.fill(str(value))
        box.press("Enter")
    app.locator(".mjs-question-check").click()
    expect(app.locator(".mjs-question-feedback .mjs-right")).to_have_text("✓ Right.")
    expect(tally).to_have_text(re.compile(r": 1 of 1 right \(0 shown\)$"))
    assert not errors, errors


def _enter_a_hand(app) -> None:
    """In the scorekeeper: Ann wins 25 on Cat's discard. The throwers offered follow the winner:
    clicked before they have, Cat's old button is gone, or its place is another player's."""
    from playwright.sync_api import expect

    app.locator(".mjs-score-winner").get_by_role("button", name="Ann", exact=True).click()
    expect(app.locator(".mjs-score-thrower").get_by_role("button")).to_have_text(["Bea", "Cat", "Dee"])
    for part, label in (("how", "On a discard"), ("thrower", "Cat"), ("quick", "25")):
        app.locator(f".mjs-score-{part}").get_by_role("button", name=label, exact=True).click()


LISTING = """async path => {
    const model = await window.jupyterapp.serviceManager.contents.get(path, {content: true});
    return model.content.map(item => item.name).sort();
}"""

NEW_EDITION = "This lesson was published again while you were away."


def test_progress_survives_a_rebuild_that_brings_a_new_lesson(lite, site, tmp_path):
    """A learner practises and records a night; the site is built again with a lesson changed;
    after a reload the new lesson text is there, and so are the tally and the night's hands
    (the scorekeeper needs neither pandas nor matplotlib: typed into notebook 8, whose other
    cells need them). Nothing else is left in the learner's folder: no empty "Untitled Folder"."""
    from playwright.sync_api import expect

    out, _url = site
    page, errors = lite.open("07-practice.ipynb")
    _run_all(page)
    app = page.locator(f"{CURRENT} .mjs-practice").first
    tally = app.locator(".mjs-practice-tally")
    before = tally.inner_text()
    played = int(m.group(1)) if (m := re.search(r"of (\d+) right", before)) else 0
    app.locator(".mjs-practice-show").first.click()
    expect(tally).to_contain_text(f"of {played + 1} right")
    assert not errors, errors

    page, errors = lite.open("08-scorekeeper.ipynb")
    _type_cell(page, NIGHT_CELL)
    app = page.locator(f"{CURRENT} .mjs-score-app").first
    expect(app).to_be_visible(timeout=START_S * 1000)
    totals = app.locator(".mjs-score-totals caption")
    hands = int(re.search(r"\d+", totals.inner_text()).group())
    _enter_a_hand(app)
    app.locator(".mjs-score-add").click()
    expect(totals).to_have_text(re.compile(rf"Totals after {hands + 1} hands?$"))
    assert not errors, errors
    assert page.evaluate(LISTING, "mjscore-data") == ["nights", "practice.jsonl"]
    assert "Untitled Folder" not in page.evaluate(LISTING, "")

    # a lesson is published read-only: the learner cannot save it over (JupyterLab says so), so
    # the browser never keeps a copy of it that would hide the next edition
    page, errors = lite.open(LIGHT[0])
    page.locator(f"{CURRENT} .jp-Cell").first.click()
    page.keyboard.press("Control+s")
    expect(page.get_by_text(re.compile(r"is read-only\. Use .Save as")).first).to_be_visible()
    assert not errors, errors

    # the site published again, lesson 0 changed
    notebooks = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", notebooks)
    start = json.loads((notebooks / LIGHT[0]).read_text(encoding="utf-8"))
    start["cells"][0]["source"].append(f"\n\n{NEW_EDITION}")
    (notebooks / LIGHT[0]).write_text(json.dumps(start), encoding="utf-8")
    t0 = time.monotonic()
    rebuild_lab(out, notebooks)
    _timed("site: the JupyterLab part built again", t0)

    lite.reload()
    page, errors = lite.open(LIGHT[0])  # as the site now has it
    expect(page.locator(f"{CURRENT} .jp-Cell").first).to_contain_text(NEW_EDITION)
    page, errors = lite.open("07-practice.ipynb")
    _run_all(page)
    expect(page.locator(f"{CURRENT} .mjs-practice .mjs-practice-tally").first).to_contain_text(f"of {played + 1} right")
    page, errors = lite.open("08-scorekeeper.ipynb")
    _type_cell(page, NIGHT_CELL)
    expect(page.locator(f"{CURRENT} .mjs-score-app .mjs-score-totals caption").first).to_have_text(
        re.compile(rf"Totals after {hands + 1} hands?$"), timeout=START_S * 1000)
    assert page.evaluate(LISTING, "mjscore-data") == ["nights", "practice.jsonl"]


# --- the app pages (Voici): each its own page, its own kernel ---------------------------

#: what the browser console says Pyodide loaded ("Loaded a, b, c")
_LOADED = re.compile(r"^Loaded (.+)$")


class AppPage:
    """One app page of the site, opened in a page of its own; its page errors and what Pyodide
    loaded for it."""

    def __init__(self, browser, url: str, path: str, *, viewport=None, private: bool = False):
        self.page = browser.new_page()
        self.page.set_viewport_size(viewport or {"width": 1024, "height": 768})
        self.errors: list[str] = []
        self.loaded: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", self._console)
        if private:  # as a private window: the site's service worker cannot be registered
            self.page.add_init_script("navigator.serviceWorker.register = () => Promise.reject("
                                      "new DOMException('The operation is insecure.', 'SecurityError'));")
        self.t0 = time.monotonic()
        self.page.goto(f"{url}/apps/voici/render/{path}")

    def _console(self, message) -> None:
        m = _LOADED.match(message.text)
        if m:
            self.loaded.extend(name.strip() for name in m.group(1).split(","))

    def app(self, css: str):
        """The app, once the page has run its cells and drawn it."""
        from playwright.sync_api import expect
        app = self.page.locator(css).first
        expect(app).to_be_visible(timeout=START_S * 1000)
        _timed("site: an app page opened until its app is drawn", self.t0)
        return app

    def close(self) -> None:
        assert not self.errors, self.errors
        heavy = [name for name in self.loaded if name.lower() in ("numpy", "pandas", "matplotlib")]
        assert not heavy, f"the page loaded {heavy}: an app page loads only what its app imports"
        self.page.close()


@pytest.fixture
def app_page(browser, site):
    opened = []

    def open_(path: str, url: str = site[1], **kw) -> AppPage:
        opened.append(AppPage(browser, url, path, **kw))
        return opened[-1]

    yield open_
    for page in opened:
        page.close()


def test_the_payments_page_answers(app_page):
    from playwright.sync_api import expect

    from mjscore.views.american.american_app import HOW_LABELS

    page = app_page("payments.html")
    app = page.app(".mjs-american")
    result = app.locator(".mjs-american-result")
    expect(result.locator(".mjs-collects")).to_contain_text("collects 100")      # 25 on a discard
    app.locator(".mjs-american-how select").select_option(label=HOW_LABELS["self-drawn"])
    expect(result.locator(".mjs-collects")).to_contain_text("collects 150")
    box = app.locator(".mjs-american-value input")
    box.fill("40")
    box.press("Enter")
    expect(result.locator(".mjs-collects")).to_contain_text("collects 240")


def test_the_hand_builder_page_scores(app_page):
    from playwright.sync_api import expect

    page = app_page("hand-builder.html")
    app = page.app(".mjs-builder")
    expect(app.locator(".mjs-builder-score")).to_contain_text("1,728")
    app.locator(".lm-TabBar-tab", has_text="Rules and typing").click()  # the typing box is in the third tab
    app.locator(".mjs-builder-notation input").fill("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2")
    app.locator(".mjs-builder-load").click()
    expect(app.locator(".mjs-builder-score")).to_contain_text("237,568")


def test_a_lesson_as_a_classroom_page_at_a_projectors_size(app_page):
    """Lesson 7 as the classroom shows it, at 1024 x 768: no code, the prose and the trainer
    enlarged, nothing wider than the screen, and the trainer answers."""
    from playwright.sync_api import expect

    page = app_page("07-practice.html", viewport={"width": 1024, "height": 768})
    app = page.app(".mjs-practice")
    p = page.page
    assert p.locator(".jp-CodeCell .jp-InputArea:visible, .jp-InputArea-editor:visible").count() == 0  # no code
    assert "trainer_app import" not in p.locator("body").inner_text()
    zoom = p.evaluate("() => getComputedStyle(document.querySelector('#rendered_cells > div')).zoom")
    assert float(zoom) > 1.2, zoom
    p.wait_for_function(WIDGETS_DRAWN, timeout=START_S * 1000)  # every app of the lesson, not only the trainer,
    p.evaluate(SETTLED)                                        # drawn and laid out
    assert p.evaluate("() => document.documentElement.scrollWidth") <= 1024
    tally = app.locator(".mjs-practice-tally")
    app.locator(".mjs-practice-show").first.click()
    expect(tally).to_contain_text("right")
    expect(app.locator(".mjs-nothing-kept")).to_have_count(0)


def test_the_scorekeeper_page_in_a_private_window_keeps_a_night_and_offers_it(app_page, site):
    """The scorekeeper's own page, as a private window shows it (the site's service worker cannot
    be registered, so the browser keeps nothing): it says so before anything is entered, keeps
    the night for as long as the page is open, and offers its journal to save. (The site from
    another port: another origin, where the tests before registered no service worker that
    would answer anyway.) The same page in an ordinary window keeps its nights: the JupyterLab
    test above keeps one across a rebuild, with the same code."""
    from playwright.sync_api import expect

    server, url = serve(site[0])
    try:
        page = app_page("scorekeeper.html", url=url, private=True)
        app = page.app(".mjs-score-app")
        expect(app.locator(".mjs-nothing-kept")).to_contain_text("This browser keeps nothing for this site")
        app.locator(".mjs-score-name input").fill("app-page-night.csv")
        app.locator(".mjs-score-players input").fill("Ann, Bea, Cat, Dee")
        app.locator(".mjs-score-start").click()
        _enter_a_hand(app)
        app.locator(".mjs-score-add").click()
        expect(app.locator(".mjs-score-totals caption")).to_have_text(re.compile(r"Totals after 1 hand$"))
        journal = app.locator(".mjs-score-journal")
        expect(journal).to_contain_text("1 hand saved")
        expect(journal.locator(".mjs-nothing-kept")).to_be_visible()
        expect(journal.locator('a.mjs-download[download="app-page-night.csv"]')).to_be_visible()
    finally:
        server.shutdown()
        server.server_close()


def test_the_scorekeeper_page_reopens_the_night_in_progress_after_a_reload_and_in_a_second_tab(chromium, site):
    """The walk-through's case on the site's own page, in a browser of its own (its own storage):
    an American night under the default name, closed with "Another night"; a Willingdon night
    named "Tuesday's Goulash 🀄", one hand. A reload (a new Python in the page) and a second tab
    each open the Willingdon night, and say so: never the file with today's default name."""
    from playwright.sync_api import expect

    goulash = "Tuesday's Goulash 🀄"
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    context.set_default_timeout(WAIT_MS)
    pages = []
    try:
        first = AppPage(context, site[1], "scorekeeper.html")
        pages.append(first)
        app = first.app(".mjs-score-app")
        journal, status = app.locator(".mjs-score-journal"), app.locator(".mjs-score-status")
        expect(journal).to_contain_text("(a new night")
        app.locator(".mjs-score-players input").fill("Ann, Bea, Cat, Dee")
        app.locator(".mjs-score-start").click()
        expect(journal).to_contain_text("an American night, 0 hands saved")
        _enter_a_hand(app)
        app.locator(".mjs-score-add").click()
        expect(journal).to_contain_text("1 hand saved")
        app.locator(".mjs-score-another").click()
        app.locator(".mjs-score-close-yes").click()
        expect(status).to_contain_text("is closed; its hands are saved")
        name = app.locator(".mjs-score-name input")
        name.fill(goulash)
        name.press("Enter")
        app.locator(".mjs-score-game").get_by_role("button", name="Willingdon", exact=True).click()
        app.locator(".mjs-score-start").click()
        expect(journal).to_contain_text(f"{goulash}.csv, a Willingdon night, 0 hands saved")
        app.locator(".mjs-score-winner").get_by_role("button", name="Bea", exact=True).click()
        app.locator(".mjs-score-how").get_by_role("button", name="Self-drawn", exact=True).click()
        score = app.locator(".mjs-score-score input")
        score.fill("256")
        score.press("Enter")
        expect(app.locator(".mjs-score-payments")).to_contain_text("Bea (South) wins self-drawn, scoring 256")
        app.locator(".mjs-score-add").click()
        expect(journal).to_contain_text(f"{goulash}.csv, a Willingdon night, 1 hand saved")

        def opened_the_goulash(page: AppPage) -> None:
            shown = page.app(".mjs-score-app")
            expect(shown.locator(".mjs-score-journal")).to_contain_text(f"{goulash}.csv, a Willingdon night, 1 hand saved")
            expect(shown.locator(".mjs-score-status")).to_contain_text(f"Opened {goulash}.csv, the night in progress here")

        first.t0 = time.monotonic()
        first.page.reload()
        opened_the_goulash(first)
        second = AppPage(context, site[1], "scorekeeper.html")
        pages.append(second)
        opened_the_goulash(second)
    finally:
        for page in pages:
            page.close()
        context.close()


# --- at a table: a phone, then a tablet, with touch ------------------------------------------

@pytest.fixture
def touch_app_page(chromium, site):
    """open(path) -> AppPage: an app page in a browser context of its own like a phone (touch, a
    mobile viewport: ``touch_pages.touch_context``), with its own browser storage."""
    contexts, opened = [], []

    def open_(path: str) -> AppPage:
        context = touch_context(chromium, PHONE)
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        opened.append(AppPage(context, site[1], path, viewport=PHONE))
        return opened[-1]

    yield open_
    for page in opened:
        page.close()
    for context in contexts:
        context.close()


def _as(page, size: dict, zoom: float) -> None:
    """The page laid out at ``size`` (a phone's, or a tablet's), touch, the classroom zoom as the
    template sets it there (none on a phone)."""
    page.set_viewport_size(size)
    page.wait_for_function("w => innerWidth === w", arg=size["width"])
    assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
    found = page.evaluate("() => getComputedStyle(document.querySelector('#rendered_cells > div')).zoom")
    assert float(found) == pytest.approx(zoom), f"the classroom zoom at {size['width']} px is {found}"


def test_the_scorekeeper_page_at_a_table_on_a_phone_and_a_tablet(touch_app_page):
    """The scorekeeper's own page, tapped: on a phone a Willingdon night with four players, a
    hand's tiles tapped in, added, the totals; then on a tablet another hand. Nothing scrolls
    sideways, every tap target is 44 x 44 px or more, all text 16 px or more, at every step."""
    page = touch_app_page("scorekeeper.html")
    app = page.app(".mjs-score-app")
    _as(page.page, PHONE, 1)
    keep_a_night(app, "site-touch.csv", "the scorekeeper's page on a phone")
    _as(page.page, TABLET, 1.35)
    fits(app, "the scorekeeper's page on a tablet")
    another_hand(app, "the scorekeeper's page on a tablet")


def test_lesson_7_at_a_table_on_a_phone_and_a_tablet(touch_app_page):
    """Lesson 7's page (the trainer), tapped: on a phone an answer typed in its two boxes, Check,
    Next; then the same on a tablet."""
    page = touch_app_page("07-practice.html")
    app = page.app(".mjs-practice")
    _as(page.page, PHONE, 1)
    practise(app, "lesson 7's page on a phone")
    _as(page.page, TABLET, 1.35)
    practise(app, "lesson 7's page on a tablet")
