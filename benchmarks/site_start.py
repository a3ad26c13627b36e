"""How long the table apps of the static site take to answer a first tap, against a bare page
that starts the same Pyodide, in one run (not part of the test suite; `make bench` runs it when
Chromium and npm are there).

    .venv/bin/python benchmarks/site_start.py        (--rounds N, default 5; --site DIR)

It builds the JupyterLab part of the site (``tools/build_site.py --parts lab``, downloads cached),
adds two pages of its own, and serves the site from a local port, offline:

* **pyodide**: a bare page that loads the site's Pyodide (``loadPyodide()``) and runs one line of
  Python: what no page that runs Python here can go under;
* **shipped**: the same page on Pyodide as its distribution ships it, before the site's build
  compiled the modules the pages import (tools/compile_wheels.py: this Pyodide's standard library
  comes as sources alone, compiled at every start), the reference the floor was first set against;
* **kernel**: a Voici page of one cell, ``print("Python is ready")``: JupyterLite's page and its
  Pyodide kernel, with nothing of ours (where the time between the two goes);
* **scorekeeper**: the scorekeeper's page, until it answers a tap: on a first visit four players
  typed, *Start*, the night's totals shown; on a second, that night opened again, a winner tapped
  and the players who could have thrown shown;
* **trainer**: the trainer's page, until it answers a tap on *Show me* (its tally changes).

Each is timed on a **first visit** (a fresh browser context: an empty cache, empty storage) and
then on a **second** (a new page in the same context: the browser's cache and the site's offline
copy as the first visit left them). The kinds take turns within each round, their order turned
every round. Printed: each time; the medians; each table app's median as a ratio of the pyodide
page's, and the median of each round's ratio (a round's pages share the load of the moment),
against the floor (2x) and the goal (1.5x).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

FLOOR, GOAL = 2.0, 1.5
KERNEL = {"nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"},
                       "language_info": {"name": "python"}},
          "cells": [{"cell_type": "code", "id": "bare", "metadata": {}, "execution_count": None, "outputs": [],
                     "source": ['print("Python is ready")']}]}
KINDS = ("pyodide", "shipped", "kernel", "scorekeeper", "trainer")
TABLE_APPS = ("scorekeeper", "trainer")
WAIT_MS = 300_000


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json"}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")  # as a web host that checks each file again
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


def answered(page, url: str, kind: str, first: bool) -> float:
    """Seconds from opening the page of ``kind`` to its answer, on a first visit or a second."""
    from playwright.sync_api import expect

    t0 = time.perf_counter()
    if kind in ("pyodide", "shipped"):
        page.goto(f"{url}/bare-{kind}.html")
        expect(page.locator("#said")).to_have_text("Python is ready", timeout=WAIT_MS)
    elif kind == "kernel":
        page.goto(f"{url}/voici/render/bare-kernel.html")
        page.get_by_text("Python is ready").first.wait_for(timeout=WAIT_MS)
    elif kind == "scorekeeper":
        page.goto(f"{url}/voici/render/scorekeeper.html")
        app = page.locator(".mjs-score-app").first
        if first:  # a new night
            app.locator(".mjs-score-players input").fill("Ann, Bea, Cat, Dee", timeout=WAIT_MS)
            app.locator(".mjs-score-start").tap()
            expect(app.locator(".mjs-score-totals caption")).to_have_text("Totals after 0 hands", timeout=WAIT_MS)
        else:  # the night of the first visit, opened again: its first hand's winner
            app.locator(".mjs-score-winner button").first.tap(timeout=WAIT_MS)
            expect(app.locator(".mjs-score-thrower button")).to_have_count(3, timeout=WAIT_MS)
    else:
        page.goto(f"{url}/voici/render/trainer.html")
        app = page.locator(".mjs-practice").first
        app.locator(".mjs-practice-show").first.tap(timeout=WAIT_MS)
        expect(app.locator(".mjs-practice-tally")).to_contain_text("of 1 right", timeout=WAIT_MS)
    return time.perf_counter() - t0


def visits(browser, url: str, kind: str) -> tuple[float, float]:
    """The first visit's time and the second's, in one browser context."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    times = []
    for visit in range(2):
        page = context.new_page()
        times.append(answered(page, url, kind, first=visit == 0))
        page.close()
    context.close()
    return times[0], times[1]


def build(site: Path) -> None:
    import build_site

    t0 = time.perf_counter()
    build_site.CACHE = Path.home() / ".cache" / "mjscore-site"
    build_site.build(site, parts=("lab",), extra_apps={"bare-kernel": KERNEL})
    # the bare page: the site's own Pyodide, started as its documentation shows, then one line
    bare = (Path(__file__).parent / "bare-pyodide.html").read_text(encoding="utf-8")
    (site / "bare-pyodide.html").write_text(bare, encoding="utf-8")
    # and on Pyodide as shipped: its own standard library, not the one the build compiled
    shipped = site / "shipped"
    version = json.loads((site / "static" / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    build_site.unpack(build_site.npm_package("pyodide", version), shipped)
    (site / "bare-shipped.html").write_text(bare.replace("static/pyodide/", "shipped/"), encoding="utf-8")
    print(f"the site built in {time.perf_counter() - t0:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--site", help="a site built before by this script (default: build one)")
    args = parser.parse_args(argv)
    try:
        from playwright.sync_api import sync_playwright
        from browser_pages import CHROMIUM, CHROMIUM_ARGS
    except ImportError as e:
        print(f"site_start: skipped: {e}")
        return 0
    if not Path(CHROMIUM).exists():
        print(f"site_start: skipped: no Chromium at {CHROMIUM}")
        return 0
    times = {(kind, visit): [] for kind in KINDS for visit in ("first", "second")}
    with tempfile.TemporaryDirectory(prefix="mjscore-site-bench-") as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            build(site)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}"
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for r in range(args.rounds):
                for kind in KINDS if r % 2 == 0 else KINDS[::-1]:
                    first, second = visits(browser, url, kind)
                    times[kind, "first"].append(first)
                    times[kind, "second"].append(second)
                    print(f"round {r + 1}: {kind:11s} first {first:5.1f} s, second {second:5.1f} s", flush=True)
            browser.close()
        server.shutdown()
    return report(times, args.rounds)


def report(times: dict, rounds: int) -> int:
    print(f"\nmedians of {rounds} rounds, and as a ratio of each bare page (floor {FLOOR}x, goal {GOAL}x):")
    for reference in ("shipped", "pyodide"):
        worst = 0.0
        for visit in ("first", "second"):
            bare = times[reference, visit]
            for kind in KINDS:
                med = statistics.median(times[kind, visit])
                ratio = med / statistics.median(bare)
                paired = statistics.median(t / b for t, b in zip(times[kind, visit], bare))
                print(f"  {visit:6s} {kind:11s} {med:5.1f} s  {ratio:5.2f}x of {reference} "
                      f"(each round's ratio, median: {paired:.2f}x)")
                if kind in TABLE_APPS:
                    worst = max(worst, ratio, paired)
        print(f"against the {reference} page: floor {'held' if worst <= FLOOR else 'NOT held'}; "
              f"goal {'met' if worst <= GOAL else 'NOT met'} ({worst:.2f}x at worst)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
