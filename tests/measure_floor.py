"""Measure the floor of `make test`: the fixed costs no test of each kind can avoid, each one
started and stopped here on its own, with its wall time and its CPU time (this process and the
processes it started and waited for, Chromium and kernels included).

    make floor        (about 3 minutes; writes nothing in the checkout)

``make floor`` runs it in the environment ``make test`` runs in (compiled files kept in
``.venv/pycache``), so that the two are measured alike.

What the suite cannot do without, and how many of each it needs (benchmarks/README.md, "The test
suite: its time and its floor", has the figures):

* pytest's start, its plugins and the collection of every item (``pytest --collect-only``);
* one kernel per notebook that nbval runs (10), started and stopped;
* the other processes the tests start (33: ``mjscore`` commands, ``python -c`` writers, a few
  scripts, ``git``), each counted as a bare ``python -c "import mjscore.cli"``;
* Chromium, started once per test process (counted once);
* the JupyterLab server, once for the run, and a page with a kernel of its own for each
  JupyterLab test (``LAB_PAGES``);
* the Voila server, once for the run, and a render (a kernel) for each classroom test
  (``VOILA_RENDERS``), each as the render of a notebook whose one cell does nothing;
* the static site's build, once for the run, and a page of it (Pyodide started) for each site
  test that opens one (``SITE_PAGES``).

This file is not a test (pytest collects only ``test_*.py``; its doctests are none).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RESULTS: list[tuple[str, int, float, float]] = []  # (what, times needed, wall s, CPU s) for ONE


def cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


class measured:
    def __init__(self, what: str, times: int = 1):
        self.what, self.times = what, times

    def __enter__(self):
        self.w0, self.c0 = time.monotonic(), cpu()
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            RESULTS.append((self.what, self.times, time.monotonic() - self.w0, cpu() - self.c0))
            print(f"{self.what}: {RESULTS[-1][2]:.2f} s wall, {RESULTS[-1][3]:.2f} s CPU", flush=True)


def median_of(what: str, times: int, fn, runs: int = 3) -> None:
    """Run fn `runs` times; record the median run as the cost of one."""
    walls, cpus = [], []
    for _ in range(runs):
        w0, c0 = time.monotonic(), cpu()
        fn()
        walls.append(time.monotonic() - w0)
        cpus.append(cpu() - c0)
    RESULTS.append((what, times, statistics.median(walls), statistics.median(cpus)))
    print(f"{what}: {RESULTS[-1][2]:.2f} s wall, {RESULTS[-1][3]:.2f} s CPU (median of {runs})", flush=True)


def processes(scratch: Path) -> None:
    env = {**os.environ, "MJSCORE_DATA_DIR": str(scratch / "data")}
    with measured("pytest start, plugins, collection of every item"):
        done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q"], cwd=ROOT, env=env,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stdout[-2000:]
    median_of("a process the tests start (python -c 'import mjscore.cli')", 33,
              lambda: subprocess.run([sys.executable, "-c", "import mjscore.cli"], check=True, env=env))

    from jupyter_client.manager import start_new_kernel

    def kernel():
        km, kc = start_new_kernel(kernel_name="python3")
        kc.stop_channels()
        km.shutdown_kernel(now=False)
    median_of("a kernel started, ready, stopped (nbval: one per notebook)", 10, kernel)


def browser_side(scratch: Path) -> None:
    from playwright.sync_api import sync_playwright

    from browser_pages import CHROMIUM, CHROMIUM_ARGS, VIEWPORT

    pw = sync_playwright().start()
    with measured("Chromium start"):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(240_000)
    try:
        lab(context, scratch)
        voila(context, scratch)
        site(context, scratch)
    finally:
        # Chromium's CPU (pages, Pyodide) is counted when it exits and is reaped: here.
        with measured("Chromium stop, and the CPU of all it ran (counted when it exits)"):
            browser.close()
            pw.stop()


#: How many of each the browser tests need: each test its own page and kernel (tests/browser).
LAB_PAGES, VOILA_RENDERS, SITE_PAGES = 25, 24, 10


def _server(name: str, scratch: Path, command, check: str):
    """A server as the browser tests start it (tests/browser/conftest.py), and a way to stop it."""
    import conftest as harness  # tests/browser/conftest.py

    home = scratch / name
    home.mkdir()
    server = harness.Server(harness.start_server(home, command, check))

    def stop():
        pid = int((scratch / f"{name}.pid").read_text())
        os.kill(pid, 15)
        os.waitpid(pid, 0)
    return server, stop


def lab(context, scratch: Path) -> None:
    root_flag = ["--allow-root"] if os.geteuid() == 0 else []
    with measured("JupyterLab server start"):
        server, stop = _server("jupyterlab", scratch, lambda port, token, root: [
            sys.executable, "-m", "jupyterlab", *root_flag, "--no-browser", "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}", "--ServerApp.terminals_enabled=False",
            "--LanguageServerManager.autodetect=False", "--LabApp.expose_app_in_browser=True"], "/api/contents")
    (server.root / "empty.ipynb").write_text(json.dumps(_empty_notebook()), encoding="utf-8")

    def one_page():
        page = context.new_page()
        page.goto(f"{server.url}/lab/workspaces/floor/tree/empty.ipynb?reset&token={server.token}")
        page.wait_for_function("() => [...(window.jupyterapp?.shell.widgets('main') ?? [])].some(w => w.context)")
        page.evaluate("""async () => { const panel = [...window.jupyterapp.shell.widgets('main')].find(w => w.context);
            await panel.sessionContext.ready; await window.jupyterapp.commands.execute('notebook:run-all-cells');
            await panel.sessionContext.shutdown(); }""")
        page.close()
    try:
        median_of("a JupyterLab page and its kernel (each JupyterLab test has its own)", LAB_PAGES, one_page)
    finally:
        with measured("JupyterLab server stop"):
            stop()


def voila(context, scratch: Path) -> None:
    with measured("Voila server start"):
        server, stop = _server("voila", scratch, lambda port, token, root: [
            sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
            "--Voila.port_retries=0", f"--token={token}", "--template=classroom", "--strip_sources=True",
            str(root)], "/voila/api/contents")
    (server.root / "empty.ipynb").write_text(json.dumps(_empty_notebook()), encoding="utf-8")

    def one_render():
        page = context.new_page()
        page.goto(f"{server.url}/voila/render/empty.ipynb?token={server.token}")
        page.locator("#rendered_cells").wait_for(state="visible")
        page.close()
    try:
        median_of("a Voila render of a notebook that does nothing (each classroom test has its own)",
                  VOILA_RENDERS, one_render)
    finally:
        stop()


def site(context, scratch: Path) -> None:
    out = scratch / "site" / "site"
    with measured("the static site built (tools/build_site.py, downloads cached)"):
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out), "--cache",
                        str(Path.home() / ".cache" / "mjscore-site"), "--work", str(out.parent / "src")],
                       check=True, capture_output=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
        http.server.SimpleHTTPRequestHandler, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def one_page():
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/voici/render/trainer.html")
        page.locator(".mjs-practice-number").wait_for()
        page.close()
    try:
        median_of("Pyodide: a page of the site, its browser kernel ready (each site test's own)", SITE_PAGES,
                  one_page, runs=2)
    finally:
        server.shutdown()
        server.server_close()


def _empty_notebook() -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": "pass"}],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def main() -> None:
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="mjscore-floor-") as scratch:
        os.environ["MJSCORE_DATA_DIR"] = str(Path(scratch) / "data")
        processes(Path(scratch))
        browser_side(Path(scratch))
    print(f"load average after: {os.getloadavg()}")
    # one line per fixed cost, each reload counted once: the mean of the runs, times two
    rows: dict[str, list] = {}
    for what, times, wall, cpu_s in RESULTS:
        rows.setdefault(what, [times, [], []])
        rows[what][1].append(wall)
        rows[what][2].append(cpu_s)
    total_wall = total_cpu = 0.0
    print(f"\n{'fixed cost':<90} {'n':>3} {'wall s':>8} {'CPU s':>8}")
    for what, (times, walls, cpus) in rows.items():
        wall, cpu_s = times * statistics.mean(walls), times * statistics.mean(cpus)
        total_wall += wall
        total_cpu += cpu_s
        print(f"{what:<90} {times:>3} {wall:>8.1f} {cpu_s:>8.1f}")
    print(f"{'floor':<90} {'':>3} {total_wall:>8.1f} {total_cpu:>8.1f}")


if __name__ == "__main__":
    main()
