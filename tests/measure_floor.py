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
* Chromium, started once;
* the JupyterLab server, its page, and the one kernel the notebook tests share;
* the Voila server, and one kernel per notebook render a test needs (11: the ten notebooks, and
  a render of its own for the test that drives the app), each as the render of a notebook
  whose one cell does nothing;
* the static site's build, and Pyodide started in the page once, plus the page reload each of
  the two reload tests needs (2).

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

    import conftest as harness  # tests/browser/conftest.py: the servers as the tests start them
    from browser_pages import CHROMIUM, CHROMIUM_ARGS, VIEWPORT

    pw = sync_playwright().start()
    with measured("Chromium start"):
        context = pw.chromium.launch_persistent_context(str(scratch / "profile"), executable_path=CHROMIUM,
                                                        headless=True, args=CHROMIUM_ARGS, viewport=VIEWPORT)
        context.new_page().close()
    context.set_default_timeout(240_000)
    try:
        lab(harness, context, scratch)
        voila(harness, context, scratch)
        site(context, scratch)
    finally:
        # Chromium's CPU (pages, Pyodide) is counted when it exits and is reaped: here.
        with measured("Chromium stop, and the CPU of all it ran (counted when it exits)"):
            context.close()
            pw.stop()


def lab(harness, context, scratch: Path) -> None:
    home = scratch / "jupyter-home"
    root = harness.copy_notebooks(home / "notebooks")
    harness.write_lab_settings(home / "settings")
    (root / "empty.ipynb").write_text(json.dumps(_empty_notebook()), encoding="utf-8")
    root_flag = ["--allow-root"] if os.geteuid() == 0 else []

    def cmd(port, token):
        return [sys.executable, "-m", "jupyterlab", *root_flag, "--no-browser", "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
                f"--ServerApp.root_dir={root}", "--ServerApp.terminals_enabled=False",
                "--LanguageServerManager.autodetect=False", "--LabApp.expose_app_in_browser=True"]
    w0, c0 = time.monotonic(), cpu()
    with measured("JupyterLab server start"):
        server = harness.start_server(cmd, home, root, "/api/contents/{marker}", runtime_check=True)
    try:
        page = context.new_page()
        with measured("JupyterLab page loaded"):
            page.goto(f"{server.url}/lab?reset&token={server.token}")
            page.wait_for_function("() => window.jupyterapp !== undefined")
            page.evaluate("() => window.jupyterapp.restored")
        with measured("JupyterLab: the shared kernel (an empty notebook opened until its kernel is idle)"):
            page.evaluate("() => window.jupyterapp.commands.execute('docmanager:open', {path: 'empty.ipynb'})"
                          ".then(() => null)")
            page.locator("#jp-main-statusbar").get_by_text("Python 3 (ipykernel) | Idle", exact=True).wait_for()
        page.close()
    finally:
        with measured("JupyterLab server stop (its kernel too)"):
            harness.stop(server.proc)
    print(f"  (the JupyterLab block: {time.monotonic() - w0:.2f} s wall, {cpu() - c0:.2f} s CPU)")


def voila(harness, context, scratch: Path) -> None:
    home = scratch / "voila-home"
    root = home / "notebooks"
    root.mkdir(parents=True)
    (root / "empty.ipynb").write_text(json.dumps(_empty_notebook()), encoding="utf-8")
    jupyter_path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("JUPYTER_PATH")) if p)

    def cmd(port, token):
        return [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
                "--Voila.port_retries=0", f"--token={token}", "--template=classroom", "--strip_sources=True",
                str(root)]
    with measured("Voila server started, 11 renders of a notebook that does nothing, stopped"):
        t0 = time.monotonic()
        server = harness.start_server(cmd, home, root, "/voila/api/contents", runtime_check=False,
                                      extra_env={"JUPYTER_PATH": jupyter_path})
        print(f"  (of which the Voila server start: {time.monotonic() - t0:.2f} s wall)")
        try:
            for _ in range(11):
                page = context.new_page()
                page.goto(f"{server.url}/voila/render/empty.ipynb?token={server.token}")
                page.locator("#rendered_cells").wait_for(state="visible")
                page.close()
        finally:
            harness.stop(server.proc)


def site(context, scratch: Path) -> None:
    import test_site  # tests/browser/test_site.py: its server, as the tests serve the site

    out = scratch / "site" / "site"
    with measured("the static site built (tools/build_site.py, downloads cached)"):
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out), "--cache",
                        str(Path.home() / ".cache" / "mjscore-site"), "--work", str(out.parent / "src")],
                       check=True, capture_output=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(test_site._Exposed, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = context.new_page()
    lite = test_site.Lite(page, f"http://127.0.0.1:{server.server_address[1]}")
    try:
        with measured("Pyodide: the site's page loaded, its browser kernel idle"):
            page.goto(f"{lite.url}/lab/index.html?path={test_site.LIGHT[0]}")
            lite.wait_ready()
        for _ in range(2):
            with measured("Pyodide: a page reload, the new browser kernel idle", times=2):
                page.reload()
                lite.wait_ready()
    finally:
        page.close()
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
