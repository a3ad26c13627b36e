"""A class on a JupyterHub, on this machine: the route of "For a class" in the teacher's guide
(docs/teacher.md), followed as two students and their teacher would follow it.

* The class's repository: a git repository in a temporary folder, holding this checkout's HEAD
  on the branch of the repository setting (what GitHub would serve the hub).
* The hub: JupyterHub (from PyPI) on 127.0.0.1, behind configurable-http-proxy (from npm,
  ``make hub-proxy``), with the dummy authenticator (the two students, any password) and
  JupyterHub's simple local spawner: each student's server runs as the user running the tests,
  in a home folder of their own under the temporary folder, with nbgitpuller installed.
* Each student follows the guide's nbgitpuller link in Chromium (its hub and repository set to
  the two above): logs in, is sent to a new server of their own, where nbgitpuller copies the
  course in and JupyterLab opens ``notebooks/00-start-here.ipynb``; the lessons are then in the
  account (its server lists them).
* Each practises in a kernel of their own server, through the hub (as a notebook does): Ann
  plays the Willingdon trainer at the command line, ``mjscore practice``; Bea the American
  drill, ``mjscore practice --game american``, and two of lesson 3's questions. Their progress
  files are where the guide says: ``~/.local/share/mjscore/practice.jsonl`` in each home.
* The teacher's view, ``mjscore class``, reads the two data folders, and the folder of the homes,
  and finds what each practised; reading changes nothing there.

Everything it starts is stopped at the end: the hub stops the servers, their kernels and the
proxy; any process left with this run's mark in its environment is killed and named.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
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
import textwrap
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

from tests.conftest import require

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = {"ann": "Ann", "bea": "Bea"}
#: configurable-http-proxy as ``make hub-proxy`` installs it, with the .venv that runs the tests.
PROXY = Path(sys.prefix) / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run",
                 "--disable-sync", "--no-proxy-server", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
#: Generous limits for a busy machine (the whole test takes 15-20 s of processor time; on two shared
#: cores, 33 s at a load of 10, 75 s at 15 to 20, 102 s at 19 to 26).
START_S = 90
STEP_S = 120
MARK = "MJSCORE_HUB_TEST"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _tool():
    spec = importlib.util.spec_from_file_location("binder_links", ROOT / "tools" / "binder_links.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _git(*args: str, cwd: Path | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"git {' '.join(args)}: {done.stderr.strip()}"
    return done.stdout


def _ours(mark: str) -> list[int]:
    """Every process with this run's mark in its environment (the hub, the proxy, the students'
    servers and kernels, and what those started)."""
    needle = f"{MARK}={mark}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if needle in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def _cmdline(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


class Hub:
    """JupyterHub on 127.0.0.1, its files in ``folder``, its students' homes in ``folder/home``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.homes = folder / "home"
        self.homes.mkdir(parents=True)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_hex(16)  # the test's service: starts nothing, reads and runs kernels
        self.mark = uuid.uuid4().hex
        self.log = folder / "jupyterhub.log"
        self.process: subprocess.Popen | None = None

    def config(self) -> str:
        # compiled files where `make test` keeps them (never in the checkout), as in every process of the run
        keep = {name: os.environ[name] for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
                if name in os.environ}
        settings = {
            "JupyterHub.bind_url": self.url,
            "JupyterHub.hub_bind_url": f"http://127.0.0.1:{_free_port()}",
            "ConfigurableHTTPProxy.api_url": f"http://127.0.0.1:{_free_port()}",
            "ConfigurableHTTPProxy.command": [str(PROXY)],
            "JupyterHub.authenticator_class": "dummy",
            "Authenticator.allow_all": False,
            "Authenticator.allowed_users": sorted(STUDENTS),
            "JupyterHub.spawner_class": "simple",
            "SimpleLocalProcessSpawner.home_dir_template": str(self.homes / "{username}"),
            "Spawner.cmd": [sys.executable, "-m", "jupyterhub.singleuser"],
            # CI runs as root; JupyterLab refuses root without this
            "Spawner.args": ["--ServerApp.allow_root=True"],
            "Spawner.default_url": "/lab",
            "Spawner.start_timeout": START_S,
            "Spawner.http_timeout": START_S,
            "Spawner.environment": {MARK: self.mark, **keep},
            "JupyterHub.db_url": f"sqlite:///{self.folder / 'jupyterhub.sqlite'}",
            "JupyterHub.cookie_secret_file": str(self.folder / "jupyterhub_cookie_secret"),
            "JupyterHub.pid_file": str(self.folder / "jupyterhub.pid"),
            "ConfigurableHTTPProxy.pid_file": str(self.folder / "jupyterhub-proxy.pid"),
            "JupyterHub.services": [{"name": "class-test", "api_token": self.token}],
            "JupyterHub.load_roles": [{"name": "class-test", "services": ["class-test"],
                                       "scopes": ["admin:users", "admin:servers", "access:servers"]}],
        }
        lines = ["c = get_config()  # noqa"]
        lines += [f"c.{key} = {value!r}" for key, value in settings.items()]
        return "\n".join(lines) + "\n"

    def start(self) -> None:
        config = self.folder / "jupyterhub_config.py"
        config.write_text(self.config(), encoding="utf-8")
        env = {**os.environ, MARK: self.mark}
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)],
                                            cwd=self.folder, env=env, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + START_S
        while True:
            assert self.process.poll() is None, "JupyterHub stopped at start:\n" + self.tail()
            try:
                if "version" in self.api("/hub/api/"):
                    return
            except (OSError, urllib.error.URLError):
                pass
            assert time.monotonic() < deadline, f"JupyterHub did not answer in {START_S} s:\n" + self.tail()
            time.sleep(0.2)

    def api(self, path: str, method: str = "GET", body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
        return json.loads(text) if text else {}

    def tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> list[str]:
        """Stop the hub (it stops the students' servers and the proxy); return a line for each
        process that was still running afterwards (then killed)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        left = []
        deadline = time.monotonic() + 10
        while (pids := _ours(self.mark)) and time.monotonic() < deadline:
            time.sleep(0.2)  # a kernel or the proxy may take a moment after the hub has gone
        for pid in pids:
            left.append(f"{pid}: {_cmdline(pid)}")
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        return left


async def _run(hub: Hub, user: str, code: str, path: str) -> str:
    """Run ``code`` in a new kernel of ``user``'s server, through the hub (the proxy routes
    /user/NAME/ to that server): the messages a notebook sends, over the kernel's websocket.
    Returns what it printed; fails on an error."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    kernel = hub.api(f"/user/{user}/api/kernels", "POST", {"name": "python3", "path": path})
    try:
        ws = await websocket_connect(HTTPRequest(
            f"ws://127.0.0.1:{hub.port}/user/{user}/api/kernels/{kernel['id']}/channels",
            headers={"Authorization": f"token {hub.token}"}, connect_timeout=30, request_timeout=30))
        msg_id = uuid.uuid4().hex
        await ws.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": user,
                       "session": uuid.uuid4().hex, "version": "5.3", "date": "2026-01-01T00:00:00Z"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        out, error, replied, idle = [], None, False, False
        while not (replied and idle):
            raw = await asyncio.wait_for(ws.read_message(), STEP_S)
            assert raw is not None, f"{user}'s kernel closed its connection"
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                out.append(content["text"])
            elif kind == "error":
                error = "\n".join(content.get("traceback", [])) or content.get("evalue")
            elif kind == "execute_reply":
                replied = True
            elif kind == "status" and content["execution_state"] == "idle":
                idle = True
        ws.close()
    finally:
        hub.api(f"/user/{user}/api/kernels/{kernel['id']}", "DELETE")
    assert error is None, f"{user}'s code failed:\n" + ANSI.sub("", error)
    return "".join(out)


def _log_in(browser, link: str, user: str):
    """Open the class link as a student, in a browser of their own, and log in; the rest of the
    way (their server started, nbgitpuller's page copying the course in, then the lesson) the
    browser goes by itself, so the two students go at the same time. Returns the page."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(STEP_S * 1000)
    page.visited = []  # (path, status) of every page the browser was sent to on the way
    page.on("response", lambda r: r.request.is_navigation_request()
            and page.visited.append((urlsplit(r.url).path, r.status)))
    page.goto(link)
    page.fill("#username_input", user)
    page.fill("#password_input", "any")
    page.click("#login_submit")
    return page


def _wait_for_lesson(page, lesson: str, hub: Hub) -> None:
    """Wait until JupyterLab has answered for the lesson (nbgitpuller sends the browser there once
    the course is copied in); fail at once on an error page, or on nbgitpuller's error."""
    deadline = time.monotonic() + STEP_S
    while (lesson, 200) not in page.visited:
        failed = [(path, status) for path, status in page.visited if status >= 400]
        assert not failed, f"on the way to {lesson}: {failed}\n" + hub.tail()
        try:
            if page.locator("#container-error").is_visible():  # nbgitpuller could not copy the course
                said = page.locator("#status-details").inner_text(timeout=5_000)  # git's own words, as the page shows them
                raise AssertionError(f"nbgitpuller could not copy the course in:\n{said}\n" + hub.tail())
        except AssertionError:
            raise
        except Exception:  # the page went on to the next one while we looked
            pass
        assert time.monotonic() < deadline, f"not at {lesson} after {STEP_S} s: {page.visited}\n" + hub.tail()
        page.wait_for_timeout(200)
    # the lesson's answer can come in a moment before the page's address changes to it
    page.wait_for_url(lambda url: urlsplit(url).path == lesson, timeout=STEP_S * 1000)


def test_a_class_on_a_hub(tmp_path):
    require(PROXY.exists(), f"configurable-http-proxy is not installed ({PROXY}): run `make hub-proxy` (npm)")
    require(importlib.util.find_spec("jupyterhub") is not None, "jupyterhub is not installed")
    require(importlib.util.find_spec("nbgitpuller") is not None, "nbgitpuller is not installed")
    require(importlib.util.find_spec("playwright") is not None, "playwright is not installed")
    require(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    require(shutil.which("git") is not None, "git is not installed")
    require(Path("/proc/self/environ").exists(), "no /proc to find the processes the hub started")
    require((ROOT / ".git").exists(), "the project is not a git checkout (the course is served from its HEAD)")
    tool = _tool()

    # The teacher's guide's link, as `make links` writes it from the repository setting.
    guide = (ROOT / "docs" / "teacher.md").read_text(encoding="utf-8")
    links = tool.HUB_LINK.findall(guide)
    assert links == [tool.hub_link()], f"docs/teacher.md's class link is not the one `make links` writes: {links}"
    query = dict(parse_qsl(urlsplit(links[0]).query))
    name = query["repo"].rstrip("/").rsplit("/", 1)[1]  # the folder nbgitpuller puts the course in
    assert query["urlpath"] == f"lab/tree/{name}/notebooks/00-start-here.ipynb", query

    # The class's repository: this checkout's HEAD, on the setting's branch, in a folder with the
    # repository's name (so nbgitpuller names the course's folder as it would from GitHub).
    origin = tmp_path / "origin" / name
    origin.mkdir(parents=True)
    _git("init", "--quiet", "--bare", str(origin))
    _git("config", "receive.shallowUpdate", "true", cwd=origin)  # a shallow CI checkout
    _git("push", "--quiet", origin.as_uri(), f"HEAD:refs/heads/{query['branch']}", cwd=ROOT)

    hub = Hub(tmp_path / "hub")
    timings = {}
    began = time.monotonic()
    try:
        hub.start()
        timings["hub up"] = time.monotonic() - began
        local = f"{hub.url}/hub/user-redirect/git-pull?" + urlencode({**query, "repo": origin.as_uri()}, safe="/:")
        assert urlsplit(local).path == urlsplit(links[0]).path

        # Each student follows the link, in a browser of their own. (In a thread of its own: an
        # earlier test in the same process may have left an event loop running in this one, and
        # Playwright's synchronous API refuses to start inside one.)
        from concurrent.futures import ThreadPoolExecutor

        from playwright.sync_api import sync_playwright

        def students_follow_the_link() -> None:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    pages = {user: _log_in(browser, local, user) for user in STUDENTS}
                    for user, page in pages.items():
                        _wait_for_lesson(page, f"/user/{user}/{query['urlpath']}", hub)
                        assert (f"/user/{user}/git-pull", 200) in page.visited, page.visited  # nbgitpuller's page
                        timings[f"{user} at the lesson"] = time.monotonic() - began
                finally:
                    browser.close()

        with ThreadPoolExecutor(1) as pool:
            pool.submit(students_follow_the_link).result()

        # The lessons are in each account: in the course's folder of the home, as its server lists them.
        lessons = sorted(Path(f).name for f in _git("ls-tree", "--name-only", "HEAD", "notebooks/", cwd=ROOT).split()
                         if re.fullmatch(r"\d\d-.*\.ipynb", Path(f).name))
        assert len(lessons) >= 10, lessons
        for user in STUDENTS:
            listing = hub.api(f"/user/{user}/api/contents/{name}/notebooks")
            found = sorted(item["name"] for item in listing["content"]
                           if item["type"] == "notebook" and re.fullmatch(r"\d\d-.*\.ipynb", item["name"]))
            assert found == lessons, f"{user}'s account: {found}"
            assert any(item["name"] == "rule-book.ipynb" for item in listing["content"])
            assert (hub.homes / user / name / "notebooks" / "teacher" / "class.ipynb").is_file()
            assert _git("rev-parse", "HEAD", cwd=hub.homes / user / name) == _git("rev-parse", "HEAD", cwd=ROOT)

        # Each practises in their own account (a kernel of their server, in the lessons' folder).
        ann = textwrap.dedent("""\
            import subprocess, sys
            done = subprocess.run([sys.executable, "-m", "mjscore", "practice", "--name", "Ann", "--json"],
                                  input="28 0\\nshow\\nquit\\n", capture_output=True, text=True, check=True)
            print(done.stdout.strip().splitlines()[-1])
            """)
        bea = textwrap.dedent("""\
            import subprocess, sys
            done = subprocess.run([sys.executable, "-m", "mjscore", "practice", "--game", "american",
                                   "--name", "Bea", "--json"],
                                  input="+1 -1 -1 -1\\nquit\\n", capture_output=True, text=True, check=True)
            print(done.stdout.strip().splitlines()[-1])
            from mjscore.practice.questions import LessonQuestions
            lesson = LessonQuestions(3)
            lesson.check(1, lesson.read(1, ["1,728", "1728"]))
            lesson.check(2, lesson.read(2, ["368", "368"]))
            print(lesson.tally)
            """)
        folder = f"{name}/notebooks"

        async def both():
            return await asyncio.gather(_run(hub, "ann", ann, folder), _run(hub, "bea", bea, folder))

        # (asyncio.run in a thread of its own too: an earlier test may have left a loop running in this one)
        with ThreadPoolExecutor(1) as pool:
            said = dict(zip(STUDENTS, pool.submit(asyncio.run, both()).result()))
        timings["both practised"] = time.monotonic() - began
        # what the end checks is stopped: the hub, the proxy and the two servers carry the mark
        running = [_cmdline(pid) for pid in _ours(hub.mark)]
        assert sum("jupyterhub.singleuser" in c for c in running) == 2, running
        assert any("configurable-http-proxy" in c for c in running), running
        assert json.loads(said["ann"])["played"] == 2, said["ann"]
        assert said["bea"].splitlines()[-1] == "1 of 2 right (0 shown)", said["bea"]

        # Their progress is where the guide says: the mjscore data folder in each home.
        data = {user: hub.homes / user / ".local" / "share" / "mjscore" for user in STUDENTS}
        for user, folder_ in data.items():
            logs = sorted(hub.homes.joinpath(user).rglob("*.jsonl"))
            assert (folder_ / "practice.jsonl").is_file(), f"{user}'s progress is not in {folder_}: {logs}"
        before = {user: sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in folder_.iterdir())
                  for user, folder_ in data.items()}
    finally:
        left = hub.stop()
        timings["hub stopped"] = time.monotonic() - began
        print("timings (s):", {k: round(v, 1) for k, v in timings.items()})
    assert not left, "left running after the hub stopped (killed now):\n" + "\n".join(left)

    # The teacher's view reads the two data folders, and the folder of all the homes.
    def teacher(*paths: Path) -> dict:
        done = subprocess.run([sys.executable, "-m", "mjscore", "class", "--json", *map(str, paths)],
                              capture_output=True, text=True)
        assert done.returncode == 0 and not done.stderr, done.stderr
        return json.loads(done.stdout)

    for paths in ([data["ann"], data["bea"]], [hub.homes]):
        report = teacher(*paths)
        assert report["unreadable"] == []
        students = {s["name"]: s for s in report["students"]}
        assert sorted(students) == ["Ann", "Bea"]
        assert students["Ann"]["drills"]["willingdon"] == {"played": 2, "right": 1, "shown": 1}
        assert (students["Ann"]["played"], students["Ann"]["right"]) == (2, 1)
        assert students["Bea"]["drills"]["american"] == {"played": 1, "right": 0, "shown": 0}
        assert students["Bea"]["lessons"]["3"] == {"played": 2, "right": 1, "shown": 0}
        assert (students["Bea"]["played"], students["Bea"]["right"]) == (3, 1)
        assert {Path(s["file"]).parent for s in report["students"]} == set(data.values())
        rules = {r["rule"] for r in report["rules_missed"]}
        assert "Under three doubles a hand pays nothing" in rules, rules
    # Reading changed nothing in the students' folders.
    after = {user: sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in folder_.iterdir())
             for user, folder_ in data.items()}
    assert after == before
