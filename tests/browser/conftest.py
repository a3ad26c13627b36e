"""The browser tests, on pytest-playwright (its ``browser``, ``new_context`` and ``page`` fixtures
on Debian's Chromium; a failing test's trace and screenshot kept in ``test-results/``).

Every test stands alone: its own browser context, its own copy of the lessons (so its own data
folder, ``MJSCORE_DATA_DIR=mjscore-data`` beside each notebook) and its own kernels. The servers
start once for the run, under a lock (``once_for_the_run``); the root conftest.py stops them.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from browser_pages import CHROMIUM, CHROMIUM_ARGS, HERE, NOTEBOOKS, ROOT, VIEWPORT, WAIT_MS, NotebookPage, Shots, VoilaPage

sys.path.insert(0, str(ROOT))
from tests.conftest import require  # noqa: E402

SERVER_START_S = 180  # a cold JupyterLab on a busy machine


def pytest_collection_modifyitems(items):
    """Every test here is marked ``browser``: ``pytest -m "not browser"`` leaves them out."""
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test's report ends with each server's log, its end (gone when the run ends)."""
    report, run = (yield).get_result(), os.environ.get("MJSCORE_TEST_SERVERS")
    for log in sorted(Path(run).glob("*/server.log")) if report.failed and run else ():
        report.sections.append((f"{log.parent.name}'s log, its end", log.read_text(errors="replace")[-4000:]))


# --- the browser (pytest-playwright's, set up for this machine) -----------------------------

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    require(Path(CHROMIUM).exists(), f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def new_context(request, new_context):
    """pytest-playwright's, waiting up to WAIT_MS, its pages' script errors in ``context.errors``;
    traced without the screencast (42% more CPU, and it says no more). A passing test's pages close
    before the trace is zipped: one still writing broke the zip now and then (microsoft/playwright#22089)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    tracing, made = request.config.getoption("--tracing"), []

    def make(viewport=VIEWPORT, **options):
        context = new_context(viewport=viewport, device_scale_factor=1, **options)
        if tracing != "off":  # the trace pytest-playwright began, without its screencast
            context.tracing.stop()
            context.tracing.start(title=request.node.nodeid, screenshots=False, snapshots=True, sources=True)
        context.set_default_timeout(WAIT_MS)
        context.errors = []
        context.on("page", lambda page: page.on("pageerror", lambda exc: context.errors.append(str(exc))))
        made.append(context)
        return context
    yield make
    if getattr(request.node, "rep_call", None) and request.node.rep_call.passed:
        for page in [page for context in made for page in context.pages]:
            page.close()


@pytest.fixture
def shots(tmp_path):
    """Pictures for docs/screenshots/, published only by ``make screenshots`` (see Shots)."""
    return Shots(tmp_path / "screenshots")


# --- servers, once for the run ---------------------------------------------------------------

class Server:
    """A server of the run: its address, token and root folder (a json-able dict underneath)."""

    def __init__(self, info: dict):
        self.url, self.token, self.root = info["url"], info["token"], Path(info["root"])

    def api(self, method: str, path: str) -> tuple[int, object]:
        """Call the server's REST API (loopback, no proxy): the status and the JSON answer."""
        with requests.Session() as session:
            session.trust_env = False  # no proxy from the environment
            reply = session.request(method, self.url + path, headers={"Authorization": f"token {self.token}"}, timeout=30)
        return reply.status_code, reply.json() if reply.ok and reply.content else None

    def lessons(self, name: str) -> str:
        """A copy of the lessons for one test, in a folder of its own: that folder's name."""
        folder = re.sub(r"[^A-Za-z0-9_-]+", "-", name)[-60:] + "-" + secrets.token_hex(3)
        shutil.copytree(self.root / "_lessons", self.root / folder)
        return folder

    def stop_kernels(self, folder: str) -> None:
        """Stop every kernel a test's notebooks started (JupyterLab's sessions under its folder)."""
        for session in self.api("GET", "/api/sessions")[1] or []:
            if session["path"].startswith(folder + "/"):
                self.api("DELETE", f"/api/sessions/{session['id']}")


def once_for_the_run(name: str, make) -> dict:
    """What ``make(folder)`` gave (a json-able dict), made by the first test process to ask, under
    a lock: the others wait for it and read it (a server started, a site built)."""
    run = Path(os.environ["MJSCORE_TEST_SERVERS"])
    with open(run / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = run / f"{name}.json"
        if not made.exists():
            made.write_text(json.dumps(make(run / name)))
        return json.loads(made.read_text())


def shared_server(name: str, command, check: str) -> Server:
    """The run's server ``name``, started once for the run by ``command(port, token, root)``; ``check``
    is a path that must answer 200 with the marker folder only our copy holds."""
    return Server(once_for_the_run(name, lambda home: start_server(home, command, check)))


def start_server(home: Path, command, check: str) -> dict:
    root = copy_lessons(home / "root" / "_lessons").parent
    marker = "marker-" + secrets.token_hex(4)
    (root / marker).mkdir()
    env, log = server_env(home), home / "server.log"
    for _try in range(3):  # a new port if another process took ours first
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            port, token = free.getsockname()[1], secrets.token_hex(16)
        with log.open("ab") as out:
            proc = subprocess.Popen(command(port, token, root), cwd=root, env=env, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        (home.parent / f"{home.name}.pid").write_text(str(proc.pid))  # stopped at the end of the run
        info = {"url": f"http://127.0.0.1:{port}", "token": token, "root": str(root)}
        if answers(Server(info), proc, check, marker):
            return info
    pytest.fail(f"{home.name} did not start in {SERVER_START_S} s (3 tries); its log:\n{log.read_text()[-3000:]}")


def answers(server: Server, proc, check: str, marker: str) -> bool:
    """True once our server answers ``check`` with our marker; False if it died or never did."""
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline and proc.poll() is None:
        with contextlib.suppress(requests.RequestException):  # not listening yet
            status, body = server.api("GET", check)
            assert status == 200 and marker in json.dumps(body), f"another server answers at {server.url}"
            return True
        with contextlib.suppress(subprocess.TimeoutExpired):  # look again in half a second, or when it has ended
            proc.wait(0.5)
    proc.kill()
    return False


def copy_lessons(dest: Path) -> Path:
    """The notebooks (the teacher's in teacher/), their stored outputs cleared: a test runs its
    notebook anew, and JupyterLab takes seconds to draw stored pictures."""
    for path in sorted([*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("teacher/*.ipynb")]):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        target = dest / path.relative_to(NOTEBOOKS)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    return dest


def server_env(home: Path) -> dict[str, str]:
    """Fresh Jupyter folders; each kernel's data in its notebook's folder; the kernel's own
    matplotlib backend (the test run sets Agg, with which a kernel shows no charts)."""
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    for part in ("config", "runtime", "data", "settings", "workspaces"):
        (home / part).mkdir(parents=True, exist_ok=True)
    settings = {  # no news, no update check (nothing covers a picture); every cell in the page
        "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        "notebook-extension/tracker": {"windowingMode": "none"}}
    for rel, value in settings.items():
        path = home / "settings" / "@jupyterlab" / f"{rel}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")
    env.update(JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTER_DATA_DIR=str(home / "data"), JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"), MJSCORE_DATA_DIR="mjscore-data",
               JUPYTER_PATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("JUPYTER_PATH")) if p),
               PYTHONUNBUFFERED="1")
    return env


@pytest.fixture(scope="session")
def lab() -> Server:
    """JupyterLab, once for the run (``window.jupyterapp`` exposed, for a test to ask it things)."""
    root_flag = ["--allow-root"] if os.geteuid() == 0 else []
    return shared_server("jupyterlab", lambda port, token, root: [
        sys.executable, "-m", "jupyterlab", *root_flag, "--no-browser", "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}", "--ServerApp.terminals_enabled=False",
        "--LanguageServerManager.autodetect=False", "--LabApp.expose_app_in_browser=True"], "/api/contents")


@pytest.fixture(scope="session")
def voila() -> Server:
    """The classroom view as ``make present`` runs it (its template found through JUPYTER_PATH)."""
    return shared_server("voila", lambda port, token, root: [
        sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
        "--Voila.port_retries=0", f"--token={token}", "--template=classroom", "--strip_sources=True",
        "--MappingKernelManager.cull_idle_timeout=120", "--MappingKernelManager.cull_interval=30",
        str(root)], "/voila/api/contents")


# --- a test's own pages ----------------------------------------------------------------------

@pytest.fixture
def lab_notebook(request, lab, new_context, shots):
    """open(name, viewport=VIEWPORT) -> NotebookPage: the test's own copy of a lesson, run and drawn."""
    folder = lab.lessons(request.node.name)
    yield lambda name, viewport=VIEWPORT: NotebookPage.open(new_context(viewport=viewport).new_page(), lab, folder,
                                                            name, shots)
    lab.stop_kernels(folder)


@pytest.fixture
def classroom(request, voila, new_context, shots):
    """open(name, viewport=VIEWPORT, **context options) -> VoilaPage: the test's own copy of a lesson."""
    folder = voila.lessons(request.node.name)
    return lambda name, viewport=VIEWPORT, **options: VoilaPage.open(
        new_context(viewport=viewport, screen=viewport, **options).new_page(), voila, folder, name, shots)
