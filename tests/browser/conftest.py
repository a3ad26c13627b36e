"""The browser harness: one JupyterLab server for the whole session, driven by Chromium.

How it works (the facts behind each step are in shared/JUPYTER-NOTES.md):

* ``lab`` (session) copies ``notebooks/`` to a temporary folder, without their stored outputs
  (each test runs its notebook anew), and starts its own JupyterLab there, on a free loopback
  port with ``--ServerApp.port_retries=0`` and a random token, with fresh settings, workspace,
  config, runtime and data folders (news and update checks off, every cell kept in the page).
  It then checks that its own server is the one answering (its runtime file names our process
  and port; a marker folder only our copy holds is listed), and stops it with SIGTERM at the
  end (then SIGKILL to its process group if it lingers).
* ``browser`` (session) launches Debian's Chromium through Playwright with a fresh profile.
  Every host name but 127.0.0.1 fails to resolve (``--host-resolver-rules``): nothing leaves the machine.
  ``chromium`` (session, only when asked for) launches a second one with the same switches, for
  browser contexts of their own: a phone or a tablet with touch (``touch_pages.py``).
* ``lab_page`` (session): one JupyterLab page (``?reset``), loaded once for every test.
* ``notebook`` (per test) closes whatever is open, opens the test's notebook in that page by
  JupyterLab's own command, on the one kernel the notebook tests share, waits for the *status
  bar* to read ``Python 3 (ipykernel) | Idle`` (accepting a "Select Kernel" dialog), runs it
  (Run All), and hands the test a :class:`~browser_pages.NotebookPage`
  (``tests/browser/browser_pages.py``: find, drive and photograph the widgets). Afterwards the
  notebook is closed, except that a test that only reads the page, or drives only an app of its
  own, leaves its run to the next test on that notebook (the ``shares_run`` marker): the layout
  check of a notebook, its "Your turn" questions and drill, and its app's test share one Run All.
* ``voila`` (session, only when asked for) starts the classroom command of ``make present``
  (standalone Voila, the ``classroom`` template from ``voila/``) on another copy;
  ``classroom`` (per test) opens a notebook there as a :class:`~browser_pages.VoilaPage`;
  ``classroom_view`` (per module) does the same for tests that only read the page, rendering
  each notebook once for all of them.
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

from browser_pages import (CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, ROOT, RUN_ALL_S,  # noqa: E402
                           SERVER_START_S, TIMINGS, VIEWPORT, WAIT_MS, NotebookPage, Shots, VoilaPage, _timed)

# tests/conftest.py holds `require`; conftest modules share the name "conftest", so load it
# by its path rather than by an import that could find this file instead.
_spec = importlib.util.spec_from_file_location("_mjscore_tests_conftest", ROOT / "tests" / "conftest.py")
_shared = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_shared)
require = _shared.require

def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
    # The tests that share a notebook's run, together where the first of them was: those that
    # only read it first, then those that drive only an app of their own, then the others (the
    # `notebook` fixture); every other test keeps its place.
    groups: dict[str, list] = {}
    for item in items:
        marker = item.get_closest_marker("shares_run")
        if marker is not None:
            groups.setdefault(marker.args[0], []).append(item)
    if not groups:
        return
    placed, ordered = set(), []
    for item in items:
        marker = item.get_closest_marker("shares_run")
        if marker is None:
            ordered.append(item)
        elif marker.args[0] not in placed:
            placed.add(marker.args[0])
            group = groups[marker.args[0]]
            ordered += sorted(group, key=_sharing_order)
    items[:] = ordered


def _sharing_order(item) -> int:
    """0 for a test that only reads its notebook's run, 1 for one that leaves it (it drives only
    an app no other test reads), 2 for one that uses it up."""
    kwargs = item.get_closest_marker("shares_run").kwargs
    return 0 if kwargs.get("reads_only", False) else 1 if kwargs.get("leaves", False) else 2


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
    """The notebooks, copied without their stored outputs: every test runs its notebook anew
    (after clearing the outputs), and JupyterLab takes seconds to draw a notebook's stored
    tables and pictures when it opens it."""
    dest.mkdir(parents=True)
    for path in sorted([*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("teacher/*.ipynb")]):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        target = dest / path.relative_to(NOTEBOOKS)  # the teacher's notebook in its own folder, teacher/
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
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
def _playwright():
    """Playwright, started once for the session (one per thread: the browsers below share it)."""
    require(Path(CHROMIUM).exists(), f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "Playwright for Python is not installed (pip install playwright)")
    pw = sync_playwright().start()
    yield pw
    pw.stop()


@pytest.fixture(scope="session")
def browser(tmp_path_factory, _playwright):
    t0 = time.monotonic()
    pw = _playwright
    context = pw.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM,
        headless=True, args=CHROMIUM_ARGS, viewport=VIEWPORT, device_scale_factor=1)
    context.set_default_timeout(WAIT_MS)
    from playwright.sync_api import Error as PlaywrightError, expect
    probe = context.new_page()  # the resolver rule holds: a name outside the machine fails at once
    with pytest.raises(PlaywrightError, match="ERR_NAME_NOT_RESOLVED"):
        probe.goto("https://example.org/", timeout=10_000)
    probe.close()
    expect.set_options(timeout=WAIT_MS)  # a busy shared machine: widgets answer slowly at times
    _timed("Chromium start", t0)
    yield context
    context.close()


@pytest.fixture(scope="session")
def chromium(_playwright, browser):
    """A second Chromium, with no profile of its own, for pages that need a browser context of
    their own: a phone or a tablet (``touch_pages.touch_context``: touch, a mobile viewport),
    which a persistent profile (``browser``) cannot open. The same switches: offline too."""
    t0 = time.monotonic()
    launched = _playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    _timed("Chromium start (touch screens)", t0)
    yield launched
    launched.close()


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
                "--ServerApp.terminals_enabled=False", "--LanguageServerManager.autodetect=False",
                # window.jupyterapp: the one page opens each test's notebook by a command, no reload
                "--LabApp.expose_app_in_browser=True"]
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
                "--template=classroom", "--strip_sources=True", "--MappingKernelManager.cull_idle_timeout=120",
                "--MappingKernelManager.cull_interval=30", str(root)]
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


@pytest.fixture
def shots(request, tmp_path):
    staging = tmp_path / "screenshots"
    staging.mkdir()
    s = Shots(staging)
    yield s
    if getattr(request.node, "_mjscore_passed", False):
        s.publish()


@pytest.fixture(scope="session")
def lab_page(lab, browser):
    """One JupyterLab page for the whole session: the application loads once (fresh workspace),
    and each test opens its notebook in it by a command. Between tests every document is
    closed, so each test starts from an empty JupyterLab (and one kernel: see ``notebook``)."""
    t0 = time.monotonic()
    page = browser.new_page()
    page.goto(f"{lab.url}/lab?reset&token={lab.token}", timeout=SERVER_START_S * 1000)
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=SERVER_START_S * 1000)
    page.evaluate("() => window.jupyterapp.restored")
    _timed("JupyterLab page load", t0)
    yield page
    page.close()


def _close_documents(page) -> None:
    """Close every document, without the save prompt (the notebooks are throwaway copies)."""
    page.evaluate("""() => { for (const w of Array.from(window.jupyterapp.shell.widgets('main'))) w.dispose(); }""")
    page.locator(".jp-NotebookPanel").first.wait_for(state="detached")


#: The kernel the notebook tests share (its id), started by the first notebook opened.
_KERNEL: dict[str, str] = {}


def _kernel_of(lab, name: str) -> str | None:
    status, body = lab.get("/api/sessions")
    if status != 200:
        return None
    for session in json.loads(body):
        if session["path"] == name or session["path"].endswith("/" + name):
            return session["kernel"]["id"]
    return None


#: A run a test that only read it left open for the next test on the same notebook (the
#: ``shares_run`` marker): {"name": ..., "page": NotebookPage}.
_LEFT_RUN: dict = {}


@pytest.fixture
def notebook(request, lab, lab_page, shots):
    """open(name, viewport=VIEWPORT) -> NotebookPage, opened with its kernel idle and run (Run
    All: every output cleared, every cell run from the top), in a window of that size; closed
    afterwards.

    Every notebook test runs on one kernel, started once: a kernel start is most of the time
    a notebook takes to open. The tests stay independent of each other because each one
    gets its notebook cleared and run from the top, so nothing it checks can come from an
    earlier test; that each notebook runs alone, in a fresh kernel, is what nbval proves
    (``pytest notebooks/``).

    A Run All takes seconds, so tests marked ``shares_run(name, reads_only=True)`` (they only
    read the page: no click, no typing, no picture; each sets the window size it reads at) leave
    their run open when they pass, and the next test marked ``shares_run`` on that notebook
    takes it instead of running its own: the page as the Run All left it, only resized, with its
    page errors since the notebook opened. A test that drives only an app of its own, one no
    other test on the notebook reads (``shares_run(name, leaves=True)``: a lesson's "Your turn"
    questions or its drill), leaves the page as the Run All left it for every other app, so it
    leaves its run too. A test that drives the app (neither set) uses the run up and it is
    closed after it. The hook ``pytest_collection_modifyitems`` puts a notebook's marked tests
    together, those that only read first, then those that leave it. Run alone, each test runs
    its own."""
    opened = []
    marker = request.node.get_closest_marker("shares_run")

    def open_(name: str, viewport: dict = VIEWPORT) -> NotebookPage:
        shares = marker is not None and marker.args[0] == name
        left_name, left = _LEFT_RUN.pop("name", None), _LEFT_RUN.pop("page", None)
        if left is not None and shares and left_name == name and _in_front(lab_page) == name:
            left.shots = shots
            opened.append(left)
            if lab_page.viewport_size != viewport:
                lab_page.set_viewport_size(viewport)
                left.settle()
            return left
        if left is not None:
            left.stop_watching()
        notebook_exists(name)
        t0 = time.monotonic()
        _close_documents(lab_page)
        if lab_page.viewport_size != viewport:
            lab_page.set_viewport_size(viewport)
        nb = NotebookPage(lab_page, name, shots)
        opened.append(nb)
        kernel = _KERNEL.get("id")
        # The command's result is the notebook widget: `.then(() => null)`, because Playwright
        # would otherwise copy that whole object graph back to Python (about 4 s an open).
        if kernel and _kernel_of_server(lab, kernel):
            lab_page.evaluate("([path, id]) => window.jupyterapp.commands.execute('docmanager:open', "
                              "{path, kernel: {id}}).then(() => null)", [name, kernel])
        else:
            lab_page.evaluate("path => window.jupyterapp.commands.execute('docmanager:open', {path})"
                              ".then(() => null)", name)
        lab_page.locator(".jp-NotebookPanel").first.wait_for(state="visible", timeout=SERVER_START_S * 1000)
        nb.wait_idle()
        _KERNEL["id"] = _kernel_of(lab, name) or ""
        _timed(f"{name}: open until kernel idle", t0)
        nb.run_all()
        return nb

    yield open_
    keep = (marker is not None and (marker.kwargs.get("reads_only", False) or marker.kwargs.get("leaves", False))
            and len(opened) == 1
            and opened[0].name == marker.args[0] and getattr(request.node, "_mjscore_passed", False))
    if keep:
        _LEFT_RUN.update(name=opened[0].name, page=opened[0])
        return
    for nb in opened:
        nb.stop_watching()
    _close_documents(lab_page)


def _in_front(page) -> str | None:
    """The path of the document in front in the JupyterLab page."""
    return page.evaluate("() => window.jupyterapp.shell.currentWidget?.context?.path ?? null")


def _kernel_of_server(lab, kernel_id: str) -> bool:
    """The shared kernel is still running (a test may have shut it down)."""
    status, _body = lab.get(f"/api/kernels/{kernel_id}")
    return status == 200


def _render(voila, browser, name: str, shots: Shots) -> VoilaPage:
    notebook_exists(name)
    t0 = time.monotonic()
    page = browser.new_page()
    vp = VoilaPage(page, name, shots)
    page.goto(f"{voila.url}/voila/render/{name}?token={voila.token}", timeout=SERVER_START_S * 1000)
    page.locator("#rendered_cells").wait_for(state="visible", timeout=RUN_ALL_S * 1000)
    # Voila shows the page as soon as its outputs are there, each widget's still "Loading
    # widget..." until the kernel has sent its model: a check of the whole page waits for them.
    vp.wait_widgets_drawn()
    _timed(f"{name}: Voila render", t0)
    return vp


@pytest.fixture
def classroom(voila, browser, shots):
    """open(name) -> VoilaPage: the notebook as `make present` shows it, rendered for this test
    alone (a test that drives the widgets)."""
    pages = []

    def open_(name: str) -> VoilaPage:
        pages.append(_render(voila, browser, name, shots))
        return pages[-1]

    yield open_
    for vp in pages:
        vp.stop_watching()
        vp.page.close()


@pytest.fixture(scope="module")
def _read_only_renders(voila, browser, tmp_path_factory):
    """The renders ``classroom_view`` keeps for this module (name -> [VoilaPage, times read]),
    and a staging folder for their (never published) screenshots."""
    renders: dict[str, list] = {}
    yield renders, Shots(tmp_path_factory.mktemp("read-only-screenshots"))
    for vp, _reads in renders.values():
        vp.stop_watching()
        vp.page.close()


@pytest.fixture
def classroom_view(request, voila, browser, _read_only_renders):
    """open(name) -> VoilaPage, for tests that only read the page (they click, type and
    photograph nothing): one render of a notebook serves every such test in the module, so a
    notebook that two checks read is rendered (and its Voila kernel started) once. The module
    says how many tests read a notebook (``CLASSROOM_READERS``, default 1); the page is closed
    after the last of them (open pages slow the others down). Each test sets the window size it
    reads at; page errors are counted from the render."""
    renders, shots = _read_only_renders
    readers = getattr(request.module, "CLASSROOM_READERS", {})
    opened: list[str] = []

    def open_(name: str) -> VoilaPage:
        if name not in renders:
            renders[name] = [_render(voila, browser, name, shots), 0]
        renders[name][1] += 1
        opened.append(name)
        return renders[name][0]

    yield open_
    for name in opened:
        if name in renders and renders[name][1] >= readers.get(name, 1):
            vp, _reads = renders.pop(name)
            vp.stop_watching()
            vp.page.close()
