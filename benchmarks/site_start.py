"""How long an app page of the static site takes to answer, against Pyodide's own start, in one
run (not part of the test suite; `make bench` runs it when Chromium and npm are there).

    .venv/bin/python benchmarks/site_start.py            (--rounds N, default 3; --site DIR)

It builds the app pages of the site (``tools/build_site.py --parts lab``, downloads cached) with
one page more, a bare one: a single cell, ``print("Python is ready")``. Served from a local port,
offline, each page is opened in a fresh browser context (an empty cache and empty storage, as a
learner's first visit), with touch, and timed:

* **bare**: from opening the bare page to its printed line: a Pyodide kernel's first output on
  this site, the floor no page can go under;
* **lesson**: from opening lesson 7's app page (the classroom page of the practice lesson) to
  the trainer answering a tap on *Show me* (its tally changes);
* **app**: from opening the payments app's own page to the app answering a tap: the card value
  tapped, 40 typed and Enter, and the payments shown for 40.

Printed: each time, the medians, and each page's time as a ratio of the bare page's (goal <= 1.3:
our packages add at most 30% to Pyodide's own start), both as the ratio of the medians and as the
median of each round's ratio (the pages of a round share the load of the moment), and what
Pyodide loaded for each page
(each page loads only what it imports: numpy, pandas or matplotlib never). The kinds take turns
within each round, their order turned every round.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

GOAL = 1.3
BARE = {"nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"},
                     "language_info": {"name": "python"}},
        "cells": [{"cell_type": "code", "id": "bare", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": ['print("Python is ready")']}]}
KINDS = ("bare", "lesson", "app")
LOADED = re.compile(r"^Loaded (.+)$")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json"}

    def log_message(self, *args) -> None:
        pass


def one(browser, url: str, kind: str) -> tuple[float, list[str]]:
    """Seconds from opening the page of ``kind`` to its answer, and what Pyodide loaded."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    loaded: list[str] = []
    page.on("console", lambda m: loaded.extend(x.strip() for x in LOADED.match(m.text).group(1).split(","))
            if LOADED.match(m.text) else None)
    wait = 300_000
    t0 = time.perf_counter()
    if kind == "bare":
        page.goto(f"{url}/voici/render/bare-python.html")
        page.get_by_text("Python is ready").first.wait_for(timeout=wait)
    elif kind == "lesson":
        page.goto(f"{url}/voici/render/07-practice.html")
        app = page.locator(".mjs-practice").first
        app.locator(".mjs-practice-show").first.wait_for(timeout=wait)
        app.locator(".mjs-practice-show").first.tap()
        expect(app.locator(".mjs-practice-tally")).to_contain_text("of 1 right", timeout=wait)
    else:
        page.goto(f"{url}/voici/render/payments.html")
        app = page.locator(".mjs-american").first
        box = app.locator(".mjs-american-value input")
        box.wait_for(timeout=wait)
        box.tap()
        box.fill("40")
        box.press("Enter")
        expect(app.locator(".mjs-american-result .mjs-collects")).to_contain_text("collects 160", timeout=wait)
    took = time.perf_counter() - t0
    context.close()
    return took, loaded


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--site", help="an app site built before with the bare page (default: build one)")
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
    import build_site

    with tempfile.TemporaryDirectory(prefix="mjscore-site-bench-") as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            t0 = time.perf_counter()
            build_site.CACHE = Path.home() / ".cache" / "mjscore-site"
            build_site.build(site, parts=("lab",), extra_apps={"bare-python": BARE})
            print(f"app pages built in {time.perf_counter() - t0:.0f} s")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}"
        times: dict[str, list[float]] = {k: [] for k in KINDS}
        loads: dict[str, list[str]] = {}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for r in range(args.rounds):
                order = KINDS if r % 2 == 0 else KINDS[::-1]
                for kind in order:
                    took, loaded = one(browser, url, kind)
                    times[kind].append(took)
                    loads[kind] = loaded
                    print(f"round {r + 1}: {kind:6s} {took:6.1f} s", flush=True)
            browser.close()
        server.shutdown()
    bare = statistics.median(times["bare"])
    print(f"\nmedians of {args.rounds} rounds (s), and each as a ratio of the bare page (goal <= {GOAL}):")
    for kind in KINDS:
        med = statistics.median(times[kind])
        print(f"  {kind:6s} {med:6.1f} s   {med / bare:5.2f}x   loaded: {', '.join(sorted(set(loads[kind])))}")
    heavy = {k: [x for x in v if x.lower() in ("numpy", "pandas", "matplotlib")] for k, v in loads.items()}
    print("numpy, pandas, matplotlib loaded by any page: " + (", ".join(f"{k}: {v}" for k, v in heavy.items() if v)
                                                             or "none"))
    # the same round's pages, one right after the other, share the load of the moment: the
    # median of each round's ratio is steadier on a shared machine than the ratio of medians
    paired = {k: statistics.median(t / b for t, b in zip(times[k], times["bare"])) for k in ("lesson", "app")}
    print("each round's ratio, median: " + ", ".join(f"{k} {v:.2f}x" for k, v in paired.items()))
    worst = max(max(statistics.median(times[k]) / bare, paired[k]) for k in ("lesson", "app"))
    print(f"goal: {'met' if worst <= GOAL else 'NOT met'} ({worst:.2f}x at worst)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
