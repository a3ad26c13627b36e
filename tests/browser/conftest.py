"""The browser harness: one JupyterLab server for the whole session, driven by Chromium.

How it works (the facts behind each step are in shared/JUPYTER-NOTES.md):

* ``lab`` (session) copies ``notebooks/`` to a temporary folder and starts its own JupyterLab
  there, on a free loopback port with ``--ServerApp.port_retries=0`` and a random token, with
  fresh settings, workspace, config, runtime and data folders (news and update checks off,
  every cell kept in the page). It then checks that its own server is the one answering (its
  runtime file names our process and port; a marker folder only our copy holds is listed), and
  stops it with SIGTERM at the end (then SIGKILL to its process group if it lingers).
* ``browser`` (session) launches Debian's Chromium through Playwright with a fresh profile.
  Every request to anywhere but 127.0.0.1 is aborted, so nothing leaves the machine.
* ``notebook`` (per test) opens a notebook with ``?reset``, waits for the *status bar* to read
  ``Python 3 (ipykernel) | Idle`` (accepting a "Select Kernel" dialog), and hands the test a
  :class:`NotebookPage`: ``run_all()`` (Edit > Clear Outputs of All Cells, so the stored
  outputs cannot pass for new ones, then Run > Run All Cells; waits until every code cell has
  its number, the kernel is idle again, and fails on a cell's traceback), ``one(css_class)``,
  ``fill``/``choose``/``press``/``tick`` for the widgets, and ``shot(name, top, bottom)``.
  Afterwards the page is closed and its kernels shut down.
* ``voila`` (session, only when asked for) starts the classroom command of ``make present``
  (standalone Voila, the ``classroom`` template from ``voila/``) on another copy;
  ``classroom`` (per test) opens a notebook there as a :class:`VoilaPage`.
* Screenshots go to a staging folder. Only when asked (``make screenshots`` sets
  ``MJSCORE_SCREENSHOTS=docs/screenshots``; a relative folder is the checkout's) are they
  copied there, when the test passed and the picture changed: ``make test`` leaves the
  checkout exactly as it found it.
* Without Chromium or Playwright a test skips, except under ``CI=true``, where it fails.

Every test here is marked ``browser``: ``pytest -m "not browser"`` leaves them out.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--no-proxy-server"]
VIEWPORT = {"width": 1280, "height": 800}
#: Where passing tests publish their pictures: nowhere unless MJSCORE_SCREENSHOTS names a folder.
SCREENSHOTS = ROOT / os.environ["MJSCORE_SCREENSHOTS"] if os.environ.get("MJSCORE_SCREENSHOTS") else None
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
SERVER_START_S = 120      # a cold JupyterLab on a busy shared machine
KERNEL_IDLE_S = 120
RUN_ALL_S = 180
WAIT_MS = 60_000          # default Playwright wait for one widget to respond

# tests/conftest.py holds `require`; conftest modules share the name "conftest", so load it
# by its path rather than by an import that could find this file instead.
_spec = importlib.util.spec_from_file_location("_mjscore_tests_conftest", ROOT / "tests" / "conftest.py")
_shared = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_shared)
require = _shared.require

TIMINGS: dict[str, float] = {}


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item._mjscore_passed = report.passed


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.write_sep("-", "browser timings (s)")
        for name, seconds in TIMINGS.items():
            terminalreporter.write_line(f"{seconds:7.1f}  {name}")


def _timed(name: str, start: float) -> None:
    TIMINGS[name] = TIMINGS.get(name, 0.0) + time.monotonic() - start


# --- processes --------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback only


def http_get(url: str, timeout: float = 10) -> tuple[int, bytes]:
    try:
        with _opener.open(url, timeout=timeout) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def stop(proc: subprocess.Popen, grace: float = 20) -> None:
    """SIGTERM (Jupyter ignores SIGINT in a background job), then SIGKILL its group."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            pass
    try:  # kernels it started and did not stop; the group is ours (start_new_session)
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait(10)


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def copy_notebooks(dest: Path) -> Path:
    shutil.copytree(NOTEBOOKS, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return dest


def server_env(home: Path) -> dict[str, str]:
    """Fresh Jupyter folders, and the kernel's own matplotlib backend (inline)."""
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)  # the test run sets Agg; a kernel with Agg shows no charts
    for name in ("config", "runtime", "data", "settings", "workspaces"):
        (home / name).mkdir(parents=True, exist_ok=True)
    env.update(JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
               MJSCORE_DATA_DIR=str(home / "data"), PYTHONUNBUFFERED="1")
    return env


def write_lab_settings(settings: Path) -> None:
    wanted = {
        # no news pop-up, no update check: nothing covers a screenshot, nothing goes out
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
            {"fetchNews": "false", "checkForUpdates": False},
        # every cell in the page, so a test can see and wait for all of them
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    }
    for rel, value in wanted.items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")


class Server:
    """A server process we started, its address and token, and its log."""

    def __init__(self, proc, url, token, root, log, home):
        self.proc, self.url, self.token, self.root, self.log, self.home = proc, url, token, root, log, home

    def get(self, path: str) -> tuple[int, bytes]:
        sep = "&" if "?" in path else "?"
        return http_get(f"{self.url}{path}{sep}token={self.token}")

    def request(self, method: str, path: str) -> int:
        req = urllib.request.Request(f"{self.url}{path}?token={self.token}", method=method)
        try:
            with _opener.open(req, timeout=20) as reply:
                return reply.status
        except urllib.error.HTTPError as err:
            return err.code


def start_server(make_cmd, home: Path, root: Path, check_path: str, *, runtime_check: bool,
                 extra_env: dict[str, str] | None = None) -> Server:
    """Start a server on a free port and make sure it is ours; on a new port if it dies (a
    port race). Whatever goes wrong, a process started here is not left running."""
    # A folder only our copy holds (Voila lists folders and notebooks, not other files).
    marker = f"mjscore-browser-marker-{secrets.token_hex(4)}"
    (root / marker).mkdir()
    env = {**server_env(home), **(extra_env or {})}
    last = ""
    for _attempt in range(3):
        port, token = free_port(), secrets.token_hex(16)
        log = home / f"server-{port}.log"
        with log.open("wb") as out:  # the server keeps its own copy of the file
            proc = subprocess.Popen(make_cmd(port, token), cwd=str(root), env=env, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        server = Server(proc, f"http://127.0.0.1:{port}", token, root, log, home)
        try:
            if _answers(server, marker, check_path, runtime_check):
                return server
        except BaseException:
            stop(proc)
            raise
        last = _tail(log)
        stop(proc)
    pytest.fail(f"server did not start in {SERVER_START_S} s (3 tries); last log:\n{last}")


def _answers(server: Server, marker: str, check_path: str, runtime_check: bool) -> bool:
    """True once our server answers; False if it died first; a failure if another answers."""
    proc, port = server.proc, int(server.url.rsplit(":", 1)[1])
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            status, body = server.get(check_path.format(marker=marker))
        except OSError:
            time.sleep(0.5)
            continue
        if status != 200 or marker not in body.decode("utf-8", "replace"):
            pytest.fail(f"another server answers on port {port} (HTTP {status}): not ours")
        if runtime_check:  # Jupyter writes jpserver-PID.json for the server it is
            info = json.loads((server.home / "runtime" / f"jpserver-{proc.pid}.json").read_text())
            assert info["port"] == port, f"runtime file says port {info['port']}, not {port}"
        return True
    return False


# --- fixtures ---------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    require(Path(CHROMIUM).exists(), f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "Playwright for Python is not installed (pip install playwright)")
    t0 = time.monotonic()
    pw = sync_playwright().start()
    context = pw.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM,
        headless=True, args=CHROMIUM_ARGS, viewport=VIEWPORT, device_scale_factor=1)

    def only_loopback(route):
        url = route.request.url
        if re.match(r"^(http|ws)s?://127\.0\.0\.1(:\d+)?/", url):
            route.continue_()
        else:
            route.abort()
    context.route("**/*", only_loopback)
    context.set_default_timeout(WAIT_MS)
    from playwright.sync_api import expect
    expect.set_options(timeout=WAIT_MS)  # a busy shared machine: widgets answer slowly at times
    _timed("Chromium start", t0)
    yield context
    context.close()
    pw.stop()


@pytest.fixture(scope="session")
def lab(tmp_path_factory, browser):
    home = tmp_path_factory.mktemp("jupyter-home")
    root = copy_notebooks(home / "notebooks")
    write_lab_settings(home / "settings")
    root_flag = ["--allow-root"] if os.geteuid() == 0 else []

    def cmd(port, token):
        return [sys.executable, "-m", "jupyterlab", *root_flag, "--no-browser",
                "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
                "--ServerApp.terminals_enabled=False", "--LanguageServerManager.autodetect=False"]
    t0 = time.monotonic()
    server = start_server(cmd, home, root, "/api/contents/{marker}", runtime_check=True)
    _timed("JupyterLab server start", t0)
    yield server
    t0 = time.monotonic()
    stop(server.proc)
    _timed("JupyterLab server stop", t0)


@pytest.fixture(scope="session")
def voila(tmp_path_factory, browser):
    """The classroom view as `make present` runs it: standalone Voila, sources stripped,
    the classroom template from voila/ (found through JUPYTER_PATH)."""
    home = tmp_path_factory.mktemp("voila-home")
    root = copy_notebooks(home / "notebooks")

    def cmd(port, token):
        return [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1",
                f"--port={port}", "--Voila.port_retries=0", f"--token={token}",
                "--template=classroom", "--strip_sources=True", str(root)]
    t0 = time.monotonic()
    jupyter_path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("JUPYTER_PATH")) if p)
    server = start_server(cmd, home, root, "/voila/api/contents", runtime_check=False,
                          extra_env={"JUPYTER_PATH": jupyter_path})
    _timed("Voila server start", t0)
    yield server
    stop(server.proc)


# --- pages ------------------------------------------------------------------------------

def notebook_exists(name: str) -> None:
    require((NOTEBOOKS / name).exists(), f"notebooks/{name} has not landed yet")


class Shots:
    """Screenshots staged during a test, published to docs/screenshots/ if it passes."""

    def __init__(self, staging: Path):
        self.staging = staging
        self.names: list[str] = []

    def take(self, name: str, target, **options) -> Path:
        path = self.staging / f"{name}.png"
        target.screenshot(path=str(path), animations="disabled", caret="hide", **options)
        self.names.append(name)
        return path

    def publish(self) -> None:
        if SCREENSHOTS is None:
            return
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for name in self.names:
            new, old = self.staging / f"{name}.png", SCREENSHOTS / f"{name}.png"
            if not old.exists() or old.read_bytes() != new.read_bytes():
                shutil.copyfile(new, old)


def watch_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    return errors


class AppPage:
    """A page showing widget apps (JupyterLab or Voila): find, drive and photograph them.

    ipywidgets 8 puts a widget's classes on its outer node; an IntText's ``<input>``, a
    Dropdown's ``<select>`` and a ToggleButtons' buttons are inside it."""

    outputs = ".jp-OutputArea"

    def __init__(self, page, name: str, shots: Shots):
        self.page, self.name, self.shots = page, name, shots
        self.errors = watch_errors(page)

    def one(self, css_class: str, within=None):
        """The one widget with this class (in the page; an empty HTML widget has no size)."""
        loc = (within if within is not None else self.page.locator(self.outputs)).locator(f".{css_class}")
        loc.first.wait_for(state="attached")
        count = loc.count()
        assert count == 1, f"{self.name}: {count} widgets with class {css_class}, expected 1"
        return loc

    @staticmethod
    def fill(widget, value) -> None:
        """Type into a Text/IntText and press Enter (the value is sent on Enter or on leaving)."""
        box = widget.locator("input")
        box.fill(str(value))
        box.press("Enter")

    @staticmethod
    def choose(widget, label: str) -> None:
        """Pick a Dropdown's option by its label."""
        widget.locator("select").select_option(label=label)

    @staticmethod
    def press(widget, label: str) -> None:
        """Click the button of a ToggleButtons with this label."""
        widget.get_by_role("button", name=label, exact=True).click()

    @staticmethod
    def tick(widget, on: bool = True) -> None:
        """Set a Checkbox."""
        widget.locator("input[type=checkbox]").set_checked(on)

    def output_of(self, locator):
        """The output area (of one cell) that holds this widget: a tidy screenshot target."""
        return locator.locator("xpath=ancestor::div[contains(@class,'jp-Cell-outputArea')][1]")

    @staticmethod
    def scroll_to_top(locator) -> None:
        """Scroll the nearest container that scrolls so that this element is at its top.
        (Not scrollIntoView: that also scrolls JupyterLab's overflow-hidden frames.)"""
        locator.evaluate("""e => {
            let s = e.parentElement;
            while (s && !(/(auto|scroll)/.test(getComputedStyle(s).overflowY) && s.scrollHeight > s.clientHeight))
                s = s.parentElement;
            if (s) s.scrollTop += e.getBoundingClientRect().top - s.getBoundingClientRect().top - 8;
        }""")

    def shot(self, name: str, top=None, bottom=None, max_height: int = 1000) -> Path:
        """A picture of the page, or of the region from ``top``'s top edge to ``bottom``'s
        bottom edge (default: ``top``'s own), at most ``max_height`` pixels tall. The window is
        made tall enough for the region first (JupyterLab scrolls inside a fixed frame, so a
        taller region would be cut by it), then put back."""
        page = self.page
        page.mouse.move(0, 0)  # no hover highlight, no focus ring in the picture
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        if top is None:
            return self.shots.take(name, page)
        bottom = top if bottom is None else bottom
        span = bottom.bounding_box()
        first = top.bounding_box()
        height = min(span["y"] + span["height"] - first["y"], max_height)
        page.set_viewport_size({"width": VIEWPORT["width"], "height": int(max(VIEWPORT["height"], height + 240))})
        try:
            self.scroll_to_top(top)
            page.wait_for_timeout(300)  # layout settles
            first, span = top.bounding_box(), bottom.bounding_box()
            height = min(span["y"] + span["height"] - first["y"], max_height)
            pad = 6  # a little white round the region
            clip = {"x": max(first["x"] - pad, 0), "y": max(first["y"] - pad, 0),
                    "width": max(first["width"], span["width"]) + 2 * pad, "height": height + 2 * pad}
            return self.shots.take(name, page, clip=clip)
        finally:
            page.set_viewport_size(VIEWPORT)

    def assert_no_page_errors(self) -> None:
        assert not self.errors, f"{self.name}: {self.errors}"


class NotebookPage(AppPage):
    """A notebook open in JupyterLab."""

    # waiting for the kernel -----------------------------------------------------------
    def wait_idle(self, timeout_s: float = KERNEL_IDLE_S) -> None:
        """The status bar (not the toolbar) reads "Python 3 (ipykernel) | Idle"."""
        page = self.page
        status = page.locator("#jp-main-statusbar").get_by_text(KERNEL_IDLE, exact=True)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            dialog = page.locator(".jp-Dialog")
            if dialog.count():
                text = dialog.first.inner_text()
                if "Select Kernel" in text:
                    dialog.first.locator(".jp-mod-accept").click()
                else:
                    pytest.fail(f"{self.name}: unexpected dialog: {text!r}")
            if status.count() and status.first.is_visible():
                return
            page.wait_for_timeout(250)
        bar = page.locator("#jp-main-statusbar").inner_text() if page.locator("#jp-main-statusbar").count() else ""
        pytest.fail(f"{self.name}: kernel not idle after {timeout_s} s; status bar: {bar!r}")

    # running ----------------------------------------------------------------------------
    def run_all(self) -> None:
        t0 = time.monotonic()
        page = self.page
        page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})  # make it current
        # The stored outputs and numbers first go, so that only this run's can be waited for.
        page.locator("#jp-MainMenu").get_by_role("menuitem", name="Edit", exact=True).click()
        page.locator('#jp-mainmenu-edit .lm-Menu-item[data-command="editmenu:clear-all"]').click()
        page.wait_for_function("""() => !document.querySelector('.jp-Notebook .jp-OutputArea-output') &&
            ![...document.querySelectorAll('.jp-Notebook .jp-InputPrompt')].some(p => /\\d/.test(p.textContent))""",
                               timeout=WAIT_MS, polling=250)
        page.locator("#jp-MainMenu").get_by_role("menuitem", name="Run", exact=True).click()
        page.locator("#jp-mainmenu-run .lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        # Done when every code cell with source has its number, or a cell failed (Run All
        # stops there). A failed cell shows its traceback as an error (or stderr) output.
        failed = """() => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')]
            .filter(o => o.dataset.mimeType === 'application/vnd.jupyter.error' ||
                (o.dataset.mimeType === 'application/vnd.jupyter.stderr' && /Traceback/.test(o.textContent)))
            .map(o => o.innerText.slice(0, 3000))"""
        done = """() => {
            const cells = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')];
            const pending = cells.filter(c => {
                const src = (c.querySelector('.cm-content')?.textContent || '').trim();
                const prompt = c.querySelector('.jp-InputPrompt')?.textContent || '';
                return src && !/\\[\\d+\\]/.test(prompt);
            });
            return (cells.length > 0 && pending.length === 0) || (FAILED)().length > 0;
        }""".replace("FAILED", failed)
        page.wait_for_function(done, timeout=RUN_ALL_S * 1000, polling=250)
        errors = page.evaluate(failed)
        if errors:
            pytest.fail(f"{self.name}: a cell failed:\n{errors[0]}")
        self.wait_idle()
        _timed(f"{self.name}: Run All", t0)


#: Offline, the Voila lab template's two icon style sheets from a CDN cannot load: icons only.
CDN_ICONS = re.compile(r"^https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@[^/]+/css/[\w.-]+\.css$")


class VoilaPage(AppPage):
    """A notebook rendered by Voila as an app (no code, no JupyterLab around it)."""

    outputs = "#rendered_cells"

    def __init__(self, page, name: str, shots: Shots):
        super().__init__(page, name, shots)
        self.failed: list[str] = []
        page.on("requestfailed", lambda request: self.failed.append(request.url))

    def assert_clean(self) -> None:
        """No script error, and nothing failed to load but the CDN's icon style sheets."""
        self.assert_no_page_errors()
        others = [url for url in self.failed if not CDN_ICONS.match(url)]
        assert not others, f"{self.name}: failed to load {others}"


@pytest.fixture
def shots(request, tmp_path):
    staging = tmp_path / "screenshots"
    staging.mkdir()
    s = Shots(staging)
    yield s
    if getattr(request.node, "_mjscore_passed", False):
        s.publish()


@pytest.fixture
def notebook(request, lab, browser, shots):
    """open(name) -> NotebookPage with its kernel idle; kernels are shut down afterwards."""
    pages = []

    def open_(name: str) -> NotebookPage:
        notebook_exists(name)
        t0 = time.monotonic()
        page = browser.new_page()
        pages.append(page)
        nb = NotebookPage(page, name, shots)
        page.goto(f"{lab.url}/lab/tree/{name}?reset&token={lab.token}")
        page.locator(".jp-NotebookPanel").first.wait_for(state="visible", timeout=SERVER_START_S * 1000)
        nb.wait_idle()
        _timed(f"{name}: open until kernel idle", t0)
        return nb

    yield open_
    for page in pages:
        page.close()
    status, body = lab.get("/api/sessions")
    if status == 200:
        for session in json.loads(body):
            lab.request("DELETE", f"/api/sessions/{session['id']}")


@pytest.fixture
def classroom(voila, browser, shots):
    """open(name) -> VoilaPage: the notebook as `make present` shows it."""
    pages = []

    def open_(name: str) -> VoilaPage:
        notebook_exists(name)
        t0 = time.monotonic()
        page = browser.new_page()
        pages.append(page)
        vp = VoilaPage(page, name, shots)
        page.goto(f"{voila.url}/voila/render/{name}?token={voila.token}", timeout=SERVER_START_S * 1000)
        page.locator("#rendered_cells").wait_for(state="visible", timeout=RUN_ALL_S * 1000)
        _timed(f"{name}: Voila render", t0)
        return vp

    yield open_
    for page in pages:
        page.close()
