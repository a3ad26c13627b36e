"""The collection with no server: the static site that ``make site`` builds (JupyterLab in
``lab/``, the app pages in ``voici/``, the pages to read in ``read/``), served from a local port
and used in headless Chromium, offline.

The site is built once for the whole run by ``make site`` itself (``once_for_the_run``: whichever
test process needs it first), into a folder named by a path relative to the checkout, as the
README's ``build/site`` is (the downloads it needs are cached outside the checkout); each test
process serves it from a port of its own. Every host name but 127.0.0.1 fails to resolve in the
browser, so the tests prove the site needs nothing from the internet for the lessons and the app
pages that need no numpy, pandas or matplotlib; the others must open and say that they load those
packages on first use.

Every test opens its pages in a browser context of its own: its own browser storage (where
``/drive``, the learner's files, lives, and the scorekeeper's nights), which a reload or a second
tab of the same test shares, as a learner's browser does. Starting Pyodide in the browser is the
fixed cost (15-40 s of CPU each page), so a JupyterLab page of the site opens its notebooks on
the kernel of the first one (:class:`Lite`), and a test reads all it can of one page. The test
that rebuilds the JupyterLab part does so on a copy of the site of its own.
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
import urllib.parse
from pathlib import Path

import pytest

from mjscore.lessons.course import COURSE

from browser_pages import ROOT, RUN_MS, NotebookPage, drawn
from conftest import once_for_the_run, require  # tests/browser/conftest.py (this folder is not a package)
from test_touch import another_hand, keep_a_night, practise  # the uses at a table, as in the classroom view
from touch_pages import PHONE, TABLET, fits

#: The notebook in front (the site remembers the notebooks opened before).
CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"
#: The lessons the offline site runs whole (no numpy, pandas or matplotlib); notebook 8's
#: scorekeeper app runs too (test_progress_survives_a_rebuild_that_brings_a_new_lesson),
#: though its lesson needs more.
LIGHT = ("00-start-here.ipynb", "07-practice.ipynb")
SCREEN = {"width": 1024, "height": 768}


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
    open a test's notebooks by JupyterLab's own commands and wait on its own promises. The built
    files are not changed."""

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


def build_site(folder: Path) -> dict:
    """``make site`` into ``folder``/site, checked: what :func:`once_for_the_run` keeps."""
    out = folder / "site"
    done = make_site(out)
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-3000:]
    assert (out / "index.html").exists() and (out / "voici" / "render").is_dir() and (out / "read").is_dir()
    return {"out": str(out)}


@pytest.fixture(scope="session")
def site():
    """(the built site's folder, its address): built once for the run, served by this process."""
    require(shutil.which("npm") is not None, "npm is not installed (the site's build fetches Pyodide with it)")
    out = Path(once_for_the_run("site", build_site)["out"])
    server, url = serve(out)
    yield out, url
    server.shutdown()
    server.server_close()


#: Open ``path`` (unless open), once the page has restored its layout; wait until its kernel has
#: answered (Pyodide started); put it in front. Each notebook starts a kernel of its own: the
#: site's JupyterLite (0.7, which Voici decides) cannot open a notebook on another's kernel.
OPEN = """async (path) => {
    const app = window.jupyterapp;
    await app.restored;
    const main = () => [...app.shell.widgets('main')];
    if (!main().some(w => w.context?.path === path))
        await app.commands.execute('docmanager:open', {path});
    const panel = main().find(w => w.context?.path === path);
    await panel.context.ready;
    await panel.sessionContext.ready;
    await panel.sessionContext.session.kernel.info;
    app.shell.activateById(panel.id);
    return null;
}"""
#: Every cell of the notebook in front drawn (the site draws them when the browser is idle).
ALL_CELLS_DRAWN = """() => {
    const notebook = window.jupyterapp.shell.currentWidget?.content;
    return !!notebook?.model && notebook.widgets.length > 0 && notebook.widgets.length === notebook.model.cells.length &&
        notebook.widgets.every(cell => cell.isAttached);
}"""


class Lite:
    """A page of the site's JupyterLab in the test's own context, opened from a lesson's link
    (``lab/index.html?path=...``, as the front page links it)."""

    def __init__(self, context, url: str, first: str):
        self.page, self.errors, self.first = context.new_page(), context.errors, first
        self.page.goto(f"{url}/lab/index.html?path={first}")
        self.page.wait_for_function(  # the link opened its lesson
            "path => [...(window.jupyterapp?.shell.widgets('main') ?? [])].some(w => w.context?.path === path)",
            arg=first, timeout=RUN_MS)
        self.open(first)

    def open(self, path: str):
        """``path`` in front, its kernel started and its cells drawn."""
        self.page.wait_for_function("() => window.jupyterapp !== undefined", timeout=RUN_MS)
        self.page.evaluate(OPEN, path)
        self.page.wait_for_function(ALL_CELLS_DRAWN, timeout=RUN_MS, polling=100)
        self.path = path
        return self.page.locator(CURRENT)

    def run_all(self) -> None:
        """Run All Cells of the notebook in front, by JupyterLab's own command (it answers once
        every cell has run; a failed cell fails the test), then wait until drawn; nothing was
        written to stderr (a warning, a traceback)."""
        from playwright.sync_api import expect

        nb = NotebookPage(self.page, self.path, None)
        nb.path = self.path
        nb.run_all()
        expect(self.page.locator(f"{CURRENT} [data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)

    def type_cell(self, code: str) -> None:
        """As a learner would: a new cell at the top of the notebook, typed, then Shift+Enter."""
        page = self.page
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


def _links_tool():
    spec = importlib.util.spec_from_file_location("binder_links", ROOT / "tools" / "binder_links.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def test_the_front_page_links_every_lesson_three_ways(new_context, site):
    """Each lesson: its title opens it to read, then "run it" as an app or in JupyterLab (the
    same pages binder_links.py names on the published site); and each app on a page of its own."""
    out, url = site
    pages = _links_tool().site_pages
    page = new_context().new_page()
    page.goto(f"{url}/index.html")
    rows = page.locator("main ol.lessons > li")
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
        f"voici/render/{app.name}.html" for lesson in COURSE for app in lesson.apps]  # the course's order
    assert "sent anywhere" in page.inner_text("main")


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


def test_no_link_of_a_page_to_read_or_an_app_page_leads_nowhere(new_context, site):
    """Every link of every page to read and every app page of a lesson (and of the rule book and
    the teacher's view, which the lessons link to) opens a page of the site, at a heading that page
    has; every notebook the lessons link to is in the site's files. Then, in the
    browser, the links of the start page to read are followed as a learner follows them."""
    out, url = site
    pages = [out / "index.html", *sorted((out / "read").rglob("*.html")), *sorted((out / "voici" / "render").rglob("*.html"))]
    names = {p.relative_to(out).as_posix() for p in pages}
    for want in ("read/rule-book.html", "read/teacher/class.html", "voici/render/rule-book.html",
                 "voici/render/teacher/class.html", "read/00-start-here.html"):
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
    for name in ("rule-book.ipynb", "teacher/class.ipynb"):
        assert (out / "files" / name).is_file(), name

    page = new_context().new_page()
    page.goto(f"{url}/read/00-start-here.html")
    page.locator("a[href='rule-book.html']").first.click()
    page.wait_for_url(f"{url}/read/rule-book.html")
    assert page.locator("article h1").first.inner_text().startswith("The rules as mjscore plays them")
    assert page.title().startswith("The rules as mjscore plays them")  # the browser tab's title
    page.go_back()
    page.locator("a[href='teacher/class.html']").first.click()
    page.wait_for_url(f"{url}/read/teacher/class.html")
    assert "A teacher's view of the class" in page.locator("article h1").first.inner_text()
    assert page.locator("article .mjs-night, article table").count() > 0  # the class's tables, drawn
    page.locator("article a[href='../00-start-here.html']").first.click()
    page.wait_for_url(f"{url}/read/00-start-here.html")
    page.goto(f"{url}/read/01-american-who-pays.html")
    page.locator("article a[href='rule-book.html#american-home-payments']").first.click()
    page.wait_for_url(f"{url}/read/rule-book.html#american-home-payments")
    assert page.evaluate("() => document.getElementById('american-home-payments').getBoundingClientRect().top") < 200
    # the heading also answers to the anchor JupyterLab gives it, which the lessons' links name
    assert page.evaluate("() => document.getElementById('American-home-payments') !== null")
    # the contents' order: the next page of the last lesson is the rule book
    page.goto(f"{url}/read/09-how-rare.html")
    page.locator("a.right-next").click()
    page.wait_for_url(f"{url}/read/rule-book.html")


def test_the_site_keeps_learners_files_under_its_own_name_and_publishes_lessons_read_only(site):
    """The site's JupyterLite (JupyterLab and the app pages, one site) names its browser storage
    (not the default, keyed to the address and JupyterLite's own scheme), and lists every lesson as
    not writable; it carries one Pyodide."""
    out, _url = site
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert (config["contentsStorageName"], config["settingsStorageName"]) == ("mjscore-files", "mjscore-settings")
    listing = json.loads((out / "api" / "contents" / "all.json").read_text(encoding="utf-8"))["content"]
    lessons = {item["name"]: item["writable"] for item in listing if item["name"] in LESSONS}
    assert lessons == dict.fromkeys(LESSONS, False)
    assert [p.relative_to(out).as_posix() for p in out.rglob("pyodide.asm.wasm")] == ["static/pyodide/pyodide.asm.wasm"]


#: Every app of a page to read drawn from its stored state (the renderer puts each before its
#: script), the page's pictures loaded and its fonts ready.
READ_DRAWN = """() => [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
        .every(s => s.previousElementSibling && s.previousElementSibling.querySelector('.jupyter-widgets')) &&
    [...document.images].every(i => i.complete) && document.fonts.status === 'loaded'"""


def test_a_lesson_to_read_needs_no_kernel_and_fits_a_phone(new_context, site):
    """The page to read: the lesson as it was last run, its app drawn from the embedded state (a
    still picture), with no Python started; at a phone's width the page itself never scrolls
    sideways; its links run it as an app, in JupyterLab or on Binder; it, the front page and the
    teacher's view (a page in a folder) ask nothing of any other host, and every file they ask for
    is there (the widget renderer's icon fonts too). An app there is a picture: it answers no tap.
    The bar's first button opens the contents (one bar: a second, hidden, once took its clicks)."""
    from playwright.sync_api import expect

    _out, url = site
    context = new_context(viewport=PHONE)
    page = context.new_page()
    away, missing = [], []
    page.on("request", lambda request: None if re.match(
        r"(https?://127\.0\.0\.1[:/]|data:|blob:|about:)", request.url) else away.append(request.url))
    page.on("requestfailed", lambda request: missing.append(request.url))
    page.on("response", lambda response: missing.append(response.url) if response.status >= 400 else None)
    page.goto(f"{url}/read/02-willingdon-hand-points.html")
    builder = page.locator(".mjs-builder").first
    expect(builder).to_be_visible()
    expect(builder).to_contain_text("Score: 1,728")
    bar = page.locator(".mjs-read-bar")
    expect(bar.locator("a.mjs-read-app")).to_have_attribute("href", "../voici/render/02-willingdon-hand-points.html")
    expect(bar.locator("a.mjs-read-lab")).to_have_attribute("href", "../lab/index.html?path=02-willingdon-hand-points.ipynb")
    expect(bar.locator("a.mjs-read-binder")).to_have_attribute(
        "href", re.compile(r"^https://mybinder\.org/v2/gh/.+\?urlpath=lab/tree/notebooks/02-willingdon-hand-points\.ipynb$"))
    expect(bar).to_contain_text("pandas")
    page.wait_for_function(READ_DRAWN, timeout=RUN_MS, polling=100)  # every app of the page, not only the builder
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("() => typeof window.jupyterapp") == "undefined"  # no JupyterLab, no kernel
    # lesson 1's payments app, drawn at a phone's width: every amount and every choice inside it
    # (the words wrap; a spelt-out choice's button is never wider than the column)
    page.goto(f"{url}/read/01-american-who-pays.html")
    app = page.locator(".mjs-app").first
    expect(app).to_contain_text("collects 100")
    page.wait_for_function(READ_DRAWN, timeout=RUN_MS, polling=100)
    outside = app.evaluate("""app => {
        const edge = app.getBoundingClientRect().right + 1;
        return [...app.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > edge)
            .map(e => `${e.tagName}.${e.className} ${e.textContent.slice(0, 40)}`);
    }""")
    assert not outside, outside
    # a picture, which no tap reaches; the contents open from the bar's first button
    assert app.evaluate("app => getComputedStyle(app.closest('.jupyter-widgets')).pointerEvents") == "none"
    page.locator("button.primary-toggle").click()
    expect(page.locator("#pst-primary-sidebar-modal")).to_have_attribute("open", "")
    expect(page.locator("#pst-primary-sidebar-modal a", has_text="2. Willingdon hand points")).to_be_visible()
    page.keyboard.press("Escape")
    for other in ("read/teacher/class.html", "index.html"):
        page.goto(f"{url}/{other}")
        page.wait_for_function(READ_DRAWN, timeout=RUN_MS, polling=100)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], other
    assert not away, f"asked another host for {away}"
    assert not [m for m in missing if not m.endswith("/favicon.ico")], missing
    assert not context.errors, context.errors


QUESTION_CELL = "from mjscore.views.practice.question_app import your_turn\nyour_turn(1)"


def test_the_sites_jupyterlab_runs_a_lesson_opens_the_others_and_marks_a_question(new_context, site):
    """One page of the site's JupyterLab (one Pyodide start): the start lesson runs whole in the
    browser; a lesson that needs more packages opens and says so first (and, in the files as the
    site serves them, every such lesson says so, the others do not); lesson 1's first "Your turn"
    question, answered, is marked right with the engine's answer and counted. (Lesson 1 itself
    needs pandas, which the offline test cannot load: its questions' app, which needs none, is
    typed into lesson 7, which needs none either.)"""
    from playwright.sync_api import expect

    from mjscore.lessons import question

    out, url = site
    lite = Lite(new_context(), url, LIGHT[0])
    lite.run_all()
    assert not lite.errors, lite.errors

    first = lite.open("03-doubles-compound.ipynb").locator(".jp-Cell").first
    # (a Markdown cell's text is drawn a moment after the cell is)
    expect(first).to_contain_text("loads from the internet the first time you run it")
    expect(first).to_contain_text("matplotlib")
    assert not lite.errors, lite.errors
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        for part in (out,):
            staged = json.loads((part / "files" / path.name).read_text(encoding="utf-8"))
            said = "".join(staged["cells"][0]["source"])
            if path.name in LIGHT:
                assert "loads from the internet" not in said, path.name
            else:
                assert "loads from the internet the first time you run it" in said, path.name

    lite.open(LIGHT[1])
    lite.type_cell(QUESTION_CELL)
    turn = lite.page.locator(f"{CURRENT} .mjs-your-turn").first
    expect(turn).to_be_visible(timeout=RUN_MS)
    tally = turn.locator(".mjs-your-turn-tally")
    expect(tally).to_have_text("Nothing answered yet in this lesson.")
    app = turn.locator(".mjs-question").first
    for i, value in enumerate(question(1, 1).answer):
        box = app.locator(".mjs-question-field input").nth(i)
        box.fill(str(value))
        box.press("Enter")
    app.locator(".mjs-question-check").click()
    expect(app.locator(".mjs-question-feedback .mjs-right")).to_have_text("✓ Right.")
    expect(tally).to_contain_text(": 1 of 1 right (0 shown)")
    assert not lite.errors, lite.errors


def _enter_a_hand(app) -> None:
    """In the scorekeeper: Ann wins 25 on Cat's discard. The throwers offered follow the winner:
    clicked before they have, Cat's old button is gone, or its place is another player's."""
    from playwright.sync_api import expect

    app.locator(".mjs-score-winner").get_by_role("button", name="Ann", exact=True).click()
    expect(app.locator(".mjs-score-thrower").get_by_role("button")).to_have_text(["Bea", "Cat", "Dee"])
    for part, label in (("how", "On a discard"), ("thrower", "Cat"), ("quick", "25")):
        app.locator(f".mjs-score-{part}").get_by_role("button", name=label, exact=True).click()


def _a_night_with_a_hand(app, name: str) -> None:
    """In the scorekeeper: a new American night under ``name``, four players, one hand added."""
    app.locator(".mjs-score-name input").fill(name)
    app.locator(".mjs-score-players input").fill("Ann, Bea, Cat, Dee")
    app.locator(".mjs-score-start").click()
    _enter_a_hand(app)
    app.locator(".mjs-score-add").click()


NIGHT_CELL = ('from mjscore.views.night.scorekeeper_app import ScorekeeperApp\n'
              'ScorekeeperApp(journal="site-night.csv", players=["Ann", "Bea", "Cat", "Dee"])')
LISTING = """async path => {
    const model = await window.jupyterapp.serviceManager.contents.get(path, {content: true});
    return model.content.map(item => item.name).sort();
}"""
NEW_EDITION = "This lesson was published again while you were away."


def test_progress_survives_a_rebuild_that_brings_a_new_lesson(new_context, site, tmp_path):
    """A learner practises and records a night; the site (a copy of its own) is built again with
    a lesson changed; after a reload the new lesson text is there, and so are the tally and the
    night's hands (the scorekeeper needs neither pandas nor matplotlib: typed into notebook 8,
    whose other cells need them). Nothing else is left in the learner's folder: no empty
    "Untitled Folder". A lesson is published read-only: the learner cannot save it over."""
    from playwright.sync_api import expect

    out = tmp_path / "site"
    shutil.copytree(site[0], out, symlinks=True)
    server, url = serve(out)
    try:
        lite = Lite(new_context(), url, LIGHT[1])
        lite.run_all()
        app = lite.page.locator(f"{CURRENT} .mjs-practice").first
        tally = app.locator(".mjs-practice-tally")
        app.locator(".mjs-practice-show").first.click()
        expect(tally).to_contain_text("of 1 right")
        assert not lite.errors, lite.errors

        lite.open("08-scorekeeper.ipynb")
        lite.type_cell(NIGHT_CELL)
        app = lite.page.locator(f"{CURRENT} .mjs-score-app").first
        expect(app).to_be_visible(timeout=RUN_MS)
        totals = app.locator(".mjs-score-totals caption")
        expect(totals).to_have_text("Totals after 0 hands")
        _enter_a_hand(app)
        app.locator(".mjs-score-add").click()
        expect(totals).to_have_text("Totals after 1 hand")
        assert not lite.errors, lite.errors
        assert lite.page.evaluate(LISTING, "mjscore-data") == ["nights", "practice.jsonl"]
        assert "Untitled Folder" not in lite.page.evaluate(LISTING, "")

        # published read-only: JupyterLab says so on Save, so the browser never keeps a copy of
        # the lesson that would hide the next edition
        lite.open(LIGHT[0]).locator(".jp-Cell").first.click()
        lite.page.keyboard.press("Control+s")
        expect(lite.page.get_by_text("is read-only. Use").first).to_be_visible()
        assert not lite.errors, lite.errors

        # the site published again, lesson 0 changed
        notebooks = tmp_path / "notebooks"
        shutil.copytree(ROOT / "notebooks", notebooks)
        start = json.loads((notebooks / LIGHT[0]).read_text(encoding="utf-8"))
        start["cells"][0]["source"].append(f"\n\n{NEW_EDITION}")
        (notebooks / LIGHT[0]).write_text(json.dumps(start), encoding="utf-8")
        rebuild_lab(out, notebooks)

        lite.page.reload()  # a new Python in the page
        lite.first = LIGHT[0]
        expect(lite.open(LIGHT[0]).locator(".jp-Cell").first).to_contain_text(NEW_EDITION)
        lite.open(LIGHT[1])
        lite.run_all()
        expect(lite.page.locator(f"{CURRENT} .mjs-practice .mjs-practice-tally").first).to_contain_text("of 1 right")
        lite.open("08-scorekeeper.ipynb")
        lite.type_cell(NIGHT_CELL)
        expect(lite.page.locator(f"{CURRENT} .mjs-score-app .mjs-score-totals caption").first).to_have_text(
            "Totals after 1 hand", timeout=RUN_MS)
        assert lite.page.evaluate(LISTING, "mjscore-data") == ["nights", "practice.jsonl"]
    finally:
        server.shutdown()
        server.server_close()


# --- the app pages (Voici): each its own page, its own kernel ---------------------------

#: A private window that refuses the site its storage, as a script run first in a page or a worker.
_PRIVATE = ("if (self.navigator.serviceWorker) navigator.serviceWorker.register = () => Promise.reject("
            "new DOMException('The operation is insecure.', 'SecurityError'));"
            "indexedDB.open = () => { throw new DOMException("
            "'A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError'); };\n")



def _refused_storage(route) -> None:
    """A worker's script, answered with :data:`_PRIVATE` run first."""
    script = route.fetch()
    route.fulfill(response=script, body=_PRIVATE + script.text())


#: what the browser console says Pyodide loaded ("Loaded a, b, c")
_LOADED = re.compile(r"^Loaded (.+)$")


class SitePage:
    """One app page of the site, opened in a page of its own in ``context``; its context's page
    errors and what Pyodide loaded for it."""

    def __init__(self, context, url: str, path: str, *, private: bool = False):
        self.page, self.errors, self.loaded = context.new_page(), context.errors, []
        self.page.on("console", self._console)
        if private:  # as a private window that refuses a site its storage: no service worker, no IndexedDB
            self.page.add_init_script(_PRIVATE)
            # and no IndexedDB in the page's workers either (the table apps' Python runs in one)
            self.page.route("**/table/table-python.js", _refused_storage)
        self.page.goto(f"{url}/voici/render/{path}")

    def _console(self, message) -> None:
        m = _LOADED.match(message.text)
        if m:
            self.loaded.extend(name.strip() for name in m.group(1).split(","))

    def app(self, css: str):
        """The app, once the page has run its cells and drawn it."""
        from playwright.sync_api import expect
        app = self.page.locator(css).first
        expect(app).to_be_visible(timeout=RUN_MS)
        return app

    def check(self) -> None:
        assert not self.errors, self.errors
        heavy = [name for name in self.loaded if name.lower() in ("numpy", "pandas", "matplotlib")]
        assert not heavy, f"the page loaded {heavy}: an app page loads only what its app imports"


@pytest.fixture
def app_page(new_context, site):
    """open(path, viewport=SCREEN, private=False, context=None, **context options) -> SitePage,
    in a context of its own (or ``context``); each page checked at the end (no page error, no
    numpy, pandas or matplotlib loaded)."""
    opened = []

    def open_(path: str, viewport=SCREEN, private=False, context=None, **options) -> SitePage:
        context = context or new_context(viewport=viewport, **options)
        opened.append(SitePage(context, site[1], path, private=private))
        return opened[-1]

    yield open_
    for page in opened:
        page.check()
        page.page.close()  # before the context's trace is written: nothing still loading into it


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

    page = app_page("07-practice.html")
    app = page.app(".mjs-practice")
    p = page.page
    assert p.locator(".jp-CodeCell .jp-InputArea:visible, .jp-InputArea-editor:visible").count() == 0  # no code
    assert "trainer_app import" not in p.locator("body").inner_text()
    zoom = p.locator("#rendered_cells > div").evaluate("e => getComputedStyle(e).zoom")
    assert float(zoom) > 1.2, zoom
    drawn(p)  # every app of the lesson, not only the trainer, drawn and laid out
    assert p.evaluate("() => document.documentElement.scrollWidth") <= SCREEN["width"]
    tally = app.locator(".mjs-practice-tally")
    app.locator(".mjs-practice-show").first.click()
    expect(tally).to_contain_text("right")
    expect(app.locator(".mjs-nothing-kept")).to_have_count(0)


def test_the_scorekeeper_page_in_a_private_window_keeps_a_night_and_offers_it(app_page):
    """The scorekeeper's own page, as a private window that refuses the site its storage shows it
    (no service worker, no IndexedDB: the browser keeps nothing): it says so before anything is entered, keeps
    the night for as long as the page is open, and offers its journal to save. The same page in
    an ordinary window keeps its nights (the next test, and the JupyterLab one above with the
    same code)."""
    from playwright.sync_api import expect

    page = app_page("scorekeeper.html", private=True)
    app = page.app(".mjs-score-app")
    expect(app.locator(".mjs-nothing-kept")).to_contain_text("This browser keeps nothing for this site")
    _a_night_with_a_hand(app, "app-page-night.csv")
    expect(app.locator(".mjs-score-totals caption")).to_have_text("Totals after 1 hand")
    journal = app.locator(".mjs-score-journal")
    expect(journal).to_contain_text("1 hand saved")
    expect(journal.locator(".mjs-nothing-kept")).to_be_visible()
    expect(journal.locator('a.mjs-download[download="app-page-night.csv"]')).to_be_visible()


def test_the_scorekeeper_page_reopens_the_night_in_progress_after_a_reload_and_in_a_second_tab(app_page,
                                                                                                 new_context):
    """The walk-through's case on the site's own page, in a browser context of its own (its own
    storage): an American night under the default name, closed with "Another night"; a Willingdon
    night named "Tuesday's Goulash 🀄", one hand. A reload (a new Python in the page) and a second
    tab each open the Willingdon night, and say so: never the file with today's default name."""
    from playwright.sync_api import expect

    goulash = "Tuesday's Goulash 🀄"
    context = new_context(viewport=SCREEN)
    first = app_page("scorekeeper.html", context=context)
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

    def opened_the_goulash(page: SitePage) -> None:
        shown = page.app(".mjs-score-app")
        expect(shown.locator(".mjs-score-journal")).to_contain_text(f"{goulash}.csv, a Willingdon night, 1 hand saved")
        expect(shown.locator(".mjs-score-status")).to_contain_text(f"Opened {goulash}.csv, the night in progress here")

    first.page.reload()
    opened_the_goulash(first)
    opened_the_goulash(app_page("scorekeeper.html", context=context))


def test_the_scorekeepers_page_and_the_sites_jupyterlab_keep_the_same_nights(app_page, new_context, site):
    """The table app's page starts Python itself, with no JupyterLab, but keeps its files where the
    site's JupyterLab does: a night begun on the page goes on in lesson 8 in JupyterLab, and the
    page, reloaded, shows the hand added there."""
    from playwright.sync_api import expect

    context = new_context(viewport=SCREEN)
    page = app_page("scorekeeper.html", context=context)
    app = page.app(".mjs-score-app")
    _a_night_with_a_hand(app, "shared.csv")
    expect(app.locator(".mjs-score-journal")).to_contain_text("shared.csv, an American night, 1 hand saved")

    lite = Lite(context, site[1], "08-scorekeeper.ipynb")
    lite.type_cell('from mjscore.views.night.scorekeeper_app import ScorekeeperApp\n'
                   'ScorekeeperApp(journal="shared.csv")')
    in_lab = lite.page.locator(f"{CURRENT} .mjs-score-app").first
    expect(in_lab.locator(".mjs-score-totals caption")).to_have_text("Totals after 1 hand", timeout=RUN_MS)
    _enter_a_hand(in_lab)
    in_lab.locator(".mjs-score-add").click()
    expect(in_lab.locator(".mjs-score-totals caption")).to_have_text("Totals after 2 hands")
    assert "shared.csv" in lite.page.evaluate(LISTING, "mjscore-data/nights")
    assert not lite.errors, lite.errors

    page.page.reload()
    expect(page.app(".mjs-score-app").locator(".mjs-score-journal")).to_contain_text("shared.csv, an American night, 2 hands saved")


def test_two_tabs_of_the_scorekeepers_page_on_one_night_each_keep_the_others_hands(app_page, new_context):
    """A night open in two tabs: a hand added in each in turn, and neither is written over; each
    tab counts every hand."""
    from playwright.sync_api import expect

    context = new_context(viewport=SCREEN)
    first = app_page("scorekeeper.html", context=context).app(".mjs-score-app")
    _a_night_with_a_hand(first, "two-tabs.csv")
    expect(first.locator(".mjs-score-journal")).to_contain_text("two-tabs.csv, an American night, 1 hand saved")
    second = app_page("scorekeeper.html", context=context).app(".mjs-score-app")
    expect(second.locator(".mjs-score-journal")).to_contain_text("two-tabs.csv, an American night, 1 hand saved")
    _enter_a_hand(second)
    second.locator(".mjs-score-add").click()
    expect(second.locator(".mjs-score-journal")).to_contain_text("2 hands saved")
    _enter_a_hand(first)
    first.locator(".mjs-score-add").click()
    expect(first.locator(".mjs-score-journal")).to_contain_text("3 hands saved")
    second.locator(".mjs-score-winner").get_by_role("button", name="Bea", exact=True).click()
    expect(second.locator(".mjs-score-journal")).to_contain_text("3 hands saved")


# --- at a table: a phone, then a tablet, with touch ------------------------------------------

def _as(page, size: dict, zoom: float) -> None:
    """The page laid out at ``size`` (a phone's, or a tablet's), touch, the classroom zoom as the
    template sets it there (none on a phone)."""
    page.set_viewport_size(size)
    page.wait_for_function("w => innerWidth === w", arg=size["width"])
    drawn(page)
    assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
    found = page.locator("#rendered_cells > div").evaluate("e => getComputedStyle(e).zoom")
    assert float(found) == pytest.approx(zoom), f"the classroom zoom at {size['width']} px is {found}"


def at_table(app_page, path: str):
    """An app page like a phone (touch, a mobile viewport), with its own browser storage."""
    return app_page(path, viewport=PHONE, screen=PHONE, has_touch=True, is_mobile=True)


def test_a_table_apps_python_starts_from_the_sites_snapshot_which_names_no_folder_of_the_build(app_page, site):
    """The trainer's page starts Python from the snapshot the site's build took (not by loading
    its packages: that is the fallback, and slower); the snapshot, published with the site, holds
    no folder of the machine that built it."""
    import gzip

    from playwright.sync_api import expect

    said = []
    page = app_page("trainer.html")
    page.page.on("console", lambda message: said.append(message.text))
    page.page.reload()
    expect(page.app(".mjs-practice").locator(".mjs-practice-show")).to_be_visible()
    assert "mjscore: Python started from the site's snapshot" in said, said
    memory = gzip.decompress((site[0] / "static" / "pyodide" / "table-apps.snapshot.gz").read_bytes())
    for folder in (ROOT, site[0], CACHE):
        assert str(folder).encode() not in memory, folder


def test_the_table_apps_link_a_manifest_a_phone_can_keep(new_context, site):
    """The scorekeeper's page and the trainer's, on a phone, each link a web-app manifest of their
    own: its name, its icons (each served, a PNG of the size it says) and a start address that
    comes back to the page, wherever the site is served from."""
    from urllib.parse import urljoin

    from playwright.sync_api import expect

    _out, url = site
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    for name, short in (("scorekeeper", "Scorekeeper"), ("trainer", "Trainer")):
        address = f"{url}/voici/render/{name}.html"
        page.goto(address, wait_until="domcontentloaded")
        link = page.locator("link[rel='manifest']")
        expect(link).to_have_count(1)
        manifest_url = urljoin(address, link.get_attribute("href"))
        reply = page.request.get(manifest_url)
        assert reply.ok, manifest_url
        manifest = reply.json()
        assert manifest["short_name"] == short and urljoin(manifest_url, manifest["start_url"]) == address
        for icon in manifest["icons"]:
            image = page.request.get(urljoin(manifest_url, icon["src"]))
            assert image.ok and image.headers["content-type"] == "image/png", icon
            size = int.from_bytes(image.body()[16:20], "big")
            assert icon["sizes"] == f"{size}x{size}", icon


#: True once the site's offline copy holds every address given (service-worker.js keeps it).
KEPT = """async addresses => {
    const name = (await caches.keys()).find(name => name.startsWith("mjscore-offline-"));
    if (!name) return false;
    const copy = await caches.open(name);
    for (const address of addresses) if (!(await copy.match(address))) return false;
    return true;
}"""


#: The files Python needs in every page that runs it (a table app's worker fetches them, and the
#: requests a worker makes are not all seen before the page is drawn).
_PYTHONS_OWN = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def _visited_once(app_page, context, path: str, css: str):
    """``path`` opened once, the network on, in ``context``; returned once the site's worker has
    kept every file of the site the page and its kernel fetched (what a phone has after a visit)."""
    fetched = []
    context.on("requestfinished", lambda request: fetched.append(request.url))
    page = app_page(path, context=context)
    page.app(css)
    site = page.page.url.split("/voici/")[0] + "/"
    mine = sorted({url for url in fetched if url.startswith(site) and not re.search(
        r"/api/(drive|stdin)|service-worker\.js", url)} | {site + f"static/pyodide/{name}" for name in _PYTHONS_OWN})
    page.page.wait_for_function(KEPT, arg=mine, timeout=RUN_MS)
    return page


@pytest.mark.parametrize("name", ["scorekeeper", "trainer"])
def test_a_table_app_opens_and_keeps_its_work_with_the_network_off_after_one_visit(app_page, new_context, name):
    """A table app's page on a phone, visited once; then the network off (a club's room): the page
    opens again, is used (a night started and a hand added; a hand answered), and after another
    reload, still offline, what was done is there."""
    from playwright.sync_api import expect

    context = new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    css = {"scorekeeper": ".mjs-score-app", "trainer": ".mjs-practice"}[name]
    page = _visited_once(app_page, context, f"{name}.html", css)
    context.set_offline(True)
    page.page.reload()
    app = page.app(css)
    if name == "scorekeeper":
        app.locator(".mjs-score-players input").fill("Ann, Bea, Cat, Dee")
        app.locator(".mjs-score-start").click()
        _enter_a_hand(app)
        app.locator(".mjs-score-add").click()
        expect(app.locator(".mjs-score-journal")).to_contain_text("1 hand saved")
        done = (".mjs-score-journal", "1 hand saved")
    else:
        practise(app, "the trainer's page, offline")
        expect(app.locator(".mjs-practice-tally")).to_contain_text("of 1 right")
        done = (".mjs-practice-tally", "of 1 right")
    page.page.reload()
    expect(page.app(css).locator(done[0])).to_contain_text(done[1])
    assert page.page.evaluate("() => !navigator.onLine")


def test_the_scorekeeper_page_at_a_table_on_a_phone_and_a_tablet(app_page):
    """The scorekeeper's own page, tapped: on a phone a Willingdon night with four players, a
    hand's tiles tapped in, added, the totals; then on a tablet another hand. Nothing scrolls
    sideways, every tap target is 44 x 44 px or more, all text 16 px or more, at every step."""
    from playwright.sync_api import expect

    page = at_table(app_page, "scorekeeper.html")
    app = page.app(".mjs-score-app")
    _as(page.page, PHONE, 1)
    keep_a_night(app, "site-touch.csv", "the scorekeeper's page on a phone")
    # a number box brings up the phone's number keys (voila/templates/classroom/number-keys.js)
    expect(app.locator(".mjs-score-score input")).to_have_attribute("inputmode", "numeric")
    _as(page.page, TABLET, 1.35)
    fits(app, "the scorekeeper's page on a tablet")
    another_hand(app, "the scorekeeper's page on a tablet")


def test_lesson_7_at_a_table_on_a_phone_and_a_tablet(app_page):
    """Lesson 7's page (the trainer), tapped: on a phone an answer typed in its two boxes, Check,
    Next; then the same on a tablet."""
    from playwright.sync_api import expect

    page = at_table(app_page, "07-practice.html")
    app = page.app(".mjs-practice")
    _as(page.page, PHONE, 1)
    practise(app, "lesson 7's page on a phone")
    expect(app.locator(".mjs-practice-points input")).to_have_attribute("inputmode", "numeric")  # number keys
    _as(page.page, TABLET, 1.35)
    practise(app, "lesson 7's page on a tablet")
