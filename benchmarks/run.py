"""mjscore's speed, measured side by side in one run, as ratios against a baseline of the same run.

    python benchmarks/run.py            (or: make bench; --quick: tiny counts, proves it runs)

1. ``score()`` on typical legal hands (the random-hand model of :mod:`mjscore.willingdon.stats`), in hands
   a second, against the ``mahjong`` package's riichi ``HandCalculator.estimate_hand_value``
   on complete riichi hands (its own game). Goal: at least 100,000 hands/s, and 10x its rate.
2. Dealing practice hands (:func:`mjscore.willingdon.deal.deal`), in hands a second.
3. The statistics run: a million random hands generated, scored and counted
   (:func:`mjscore.willingdon.stats.random_stats`). Goal: at most 10 s.
4. ``import mjscore`` against a bare interpreter start (``python -c pass``), many times each,
   in turn. Goal: adds under 30 ms, and imports no pandas, matplotlib or ipywidgets.
5. The notebook suite: every ``notebooks/*.ipynb`` executed with nbclient in this process,
   against as many bare kernel starts (the floor no notebook can beat).

Times are wall-clock (``time.perf_counter``); each micro-benchmark is the best of several
rounds. The machine is shared, so read the ratios, which are measured in the same run, before
the absolute figures. Nothing here is a test: ``tests/test_benchmarks.py`` only runs
``--quick`` to prove the script works.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOALS = {"score_rate": 100_000, "score_ratio": 10.0, "stats_seconds": 10.0, "import_ms": 30.0}


def machine() -> dict[str, str]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        load = "unknown"
    return {"date": datetime.date.today().isoformat(), "nproc": str(os.cpu_count()), "cpu": model,
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "load average (1, 5, 15 min)": load}


def best_rate(fn, items, rounds: int) -> float:
    """Items a second: the best of ``rounds`` passes of ``fn`` over every item."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


# --------------------------------------------------------------------------- 1. score() vs riichi

# Complete riichi hands for the baseline, each as (tiles, winning tile, dora indicator,
# HandConfig settings): everyday wins (riichi, tsumo, pinfu, seven pairs, half flush, pure
# double sequence, triple sequence, three concealed triplets) with one dora indicator, as at
# any real table. Every one is checked to be a valid win before it is timed.
RIICHI_HANDS = (
    ("123m456m789p234s55s", "5s", "1m", {"is_riichi": True}),
    ("234m345p456s678s99p", "8s", "3p", {"is_tsumo": True}),
    ("11m33m55p77p99s22z44z", "4z", "2z", {"is_riichi": True}),
    ("111m234m567m999m11z", "7m", "9p", {"is_riichi": True, "is_tsumo": True}),
    ("112233m456p789s44s", "4s", "5m", {"is_riichi": True}),
    ("123m123p123s456s99m", "6s", "8m", {"is_riichi": True}),
    ("111222333m456p77s", "7s", "4s", {"is_riichi": True}),
    ("234567m234p678s55p", "5p", "7s", {"is_riichi": True, "is_tsumo": True}),
)


def riichi_hands():
    """The hands above in the calculator's own form, or None when ``mahjong`` is missing."""
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
        from mahjong.tile import TilesConverter
    except ImportError:
        return None
    built = []
    for tiles, win, dora, config in RIICHI_HANDS:
        t = TilesConverter.one_line_string_to_136_array(tiles)
        kind = TilesConverter.one_line_string_to_136_array(win)[0] // 4
        win_tile = [x for x in t if x // 4 == kind][-1]
        args = (t, win_tile, TilesConverter.one_line_string_to_136_array(dora), HandConfig(**config))
        result = HandCalculator.estimate_hand_value(args[0], args[1], dora_indicators=args[2], config=args[3])
        if result.error is not None or not result.han:
            raise SystemExit(f"benchmark hand {tiles} is not a valid riichi win: {result.error}")
        built.append(args)
    return HandCalculator.estimate_hand_value, built


def bench_score(quick: bool) -> dict:
    from mjscore.willingdon.stats import random_hands
    from mjscore.willingdon import fired_rows, score

    from mjscore.willingdon.deal import deal

    n, rounds = (300, 1) if quick else (20_000, 5)
    hands = list(random_hands(n, seed=2024))
    dealt = deal(n, seed=2024)
    out = {"hands": n, "score_rate": best_rate(score, hands, rounds),
           "fired_rows_rate": best_rate(fired_rows, hands, rounds),
           "dealt_rate": best_rate(score, dealt, rounds)}
    riichi = riichi_hands()
    if riichi is None:
        out["riichi_rate"] = None
        return out
    estimate, built = riichi
    repeat = 2 if quick else 150  # each hand this many times per round
    calls = [h for h in built for _ in range(repeat)]
    out["riichi_rate"] = best_rate(lambda a: estimate(a[0], a[1], dora_indicators=a[2], config=a[3]), calls,
                                   1 if quick else 5)
    out["riichi_calls"] = len(calls)
    out["score_ratio"] = out["score_rate"] / out["riichi_rate"]
    return out


# --------------------------------------------------------------------------- 2. dealing


def bench_deal(quick: bool) -> dict:
    from mjscore.willingdon.deal import deal
    from mjscore.willingdon.stats import random_hands

    n = 200 if quick else 20_000
    best = float("inf")
    for _ in range(1 if quick else 3):
        start = time.perf_counter()
        deal(n, seed=7)
        best = min(best, time.perf_counter() - start)
    gen_best = float("inf")
    for _ in range(1 if quick else 3):
        start = time.perf_counter()
        for _hand in random_hands(n, seed=7):
            pass
        gen_best = min(gen_best, time.perf_counter() - start)
    return {"hands": n, "deal_rate": n / best, "model_rate": n / gen_best}


# --------------------------------------------------------------------------- 3. statistics


def bench_stats(quick: bool, count: int | None) -> dict:
    from mjscore.willingdon.stats import random_stats

    count = count if count is not None else (2_000 if quick else 1_000_000)
    start, cpu = time.perf_counter(), time.process_time()
    stats = random_stats(count, seed=0)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    return {"hands": count, "seconds": seconds, "cpu_seconds": cpu_seconds,
            "per_million": seconds * 1_000_000 / count, "paid": stats.paid}


# --------------------------------------------------------------------------- 4. import


def bench_import(quick: bool) -> dict:
    """Medians of many interpreter starts, taken in turn. Warm: bytecode cached (in a scratch
    folder, as PYTHONPYCACHEPREFIX, so the checkout stays clean), as on a user's machine after
    the first run. Cold: mjscore compiled from source each time (PYTHONDONTWRITEBYTECODE and no
    mjscore/__pycache__, as in a checkout where bytecode is never written)."""
    repeats = 3 if quick else 40
    cache = tempfile.mkdtemp(prefix="mjscore-pycache-")
    warm = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    warm["PYTHONPYCACHEPREFIX"] = cache
    cold = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
    cold["PYTHONDONTWRITEBYTECODE"] = "1"  # the standard library keeps its own cache
    runs = {(env_name, cmd): [] for env_name in ("warm", "cold") for cmd in ("pass", "import mjscore")}
    try:
        for cmd in ("pass", "import mjscore"):  # fill the warm cache first
            subprocess.run([sys.executable, "-c", cmd], check=True, env=warm, cwd=ROOT)
        for _ in range(repeats):  # in turn, so a busy moment of the machine hits all alike
            for (env_name, cmd), times in runs.items():
                start = time.perf_counter()
                subprocess.run([sys.executable, "-c", cmd], check=True, env=warm if env_name == "warm" else cold,
                               cwd=ROOT)
                times.append(time.perf_counter() - start)
        check = ("import sys, mjscore; print(','.join(m for m in ('pandas', 'matplotlib', 'ipywidgets', 'numpy')"
                 " if m in sys.modules))")
        heavy = subprocess.run([sys.executable, "-c", check], check=True, env=warm, cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    ms = {key: 1000 * statistics.median(times) for key, times in runs.items()}
    return {"repeats": repeats, "bare_ms": ms["warm", "pass"], "import_ms": ms["warm", "import mjscore"],
            "adds_ms": ms["warm", "import mjscore"] - ms["warm", "pass"],
            "ratio": ms["warm", "import mjscore"] / ms["warm", "pass"],
            "cold_adds_ms": ms["cold", "import mjscore"] - ms["cold", "pass"], "heavy": heavy or "none"}


# --------------------------------------------------------------------------- 5. notebooks


def bench_notebooks(quick: bool) -> dict:
    import nbformat
    from nbclient import NotebookClient

    scratch = Path(tempfile.mkdtemp(prefix="mjscore-bench-"))
    os.environ["MJSCORE_DATA_DIR"] = str(scratch / "data")  # never the learner's own progress
    os.environ.setdefault("MPLBACKEND", "Agg")
    folder = scratch / "notebooks"
    if quick:  # one tiny notebook: proves the code path without the minutes
        folder.mkdir()
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import mjscore\n1 + 1")])
        nbformat.write(nb, folder / "tiny.ipynb")
    else:
        shutil.copytree(ROOT / "notebooks", folder)
    paths = sorted(folder.glob("*.ipynb"))

    def run(nb) -> None:
        # the kernels' own chatter (a warning at start, a notice at shutdown) is not the report's
        NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=False,
                       resources={"metadata": {"path": str(folder)}}).execute(stderr=subprocess.DEVNULL)

    try:
        each = {}
        start = time.perf_counter()
        for path in paths:
            t = time.perf_counter()
            run(nbformat.read(path, as_version=4))
            each[path.name] = time.perf_counter() - t
        suite = time.perf_counter() - start
        start = time.perf_counter()
        for _ in paths:
            run(nbformat.v4.new_notebook())  # a kernel started and stopped, nothing run
        floor = time.perf_counter() - start
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return {"notebooks": len(paths), "suite_s": suite, "floor_s": floor, "ratio": suite / floor, "each": each}


# --------------------------------------------------------------------------- report


def _rate(v: float | None) -> str:
    return "-" if v is None else f"{v:,.0f}/s"


def _ok(good: bool) -> str:
    return "met" if good else "MISSED"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny counts: proves the script runs, times nothing")
    parser.add_argument("--only", default="score,deal,stats,import,notebooks",
                        help="which benchmarks, comma-separated (default: all)")
    parser.add_argument("--stats-count", type=int, default=None, help="hands in the statistics run")
    args = parser.parse_args(argv)
    only = {w.strip() for w in args.only.split(",") if w.strip()}
    unknown = only - {"score", "deal", "stats", "import", "notebooks"}
    if unknown:
        parser.error(f"unknown benchmark {sorted(unknown)[0]!r}")

    info = machine()
    print("mjscore benchmarks" + (" (--quick: tiny counts, the figures mean nothing)" if args.quick else ""))
    for k, v in info.items():
        print(f"  {k}: {v}")
    print()
    verdicts = []

    if "score" in only:
        r = bench_score(args.quick)
        print(f"1. score() on {r['hands']:,} random legal hands: {_rate(r['score_rate'])} "
              f"({1e6 / r['score_rate']:.2f} us a hand); on as many dealt practice hands (more lines fire): "
              f"{_rate(r['dealt_rate'])}; fired_rows() on the random hands: {_rate(r['fired_rows_rate'])}")
        verdicts.append(("score() >= 100,000 hands/s", r["score_rate"] >= GOALS["score_rate"],
                         _rate(r["score_rate"])))
        if r["riichi_rate"] is None:
            print("   mahjong (riichi) is not installed: pip install -c requirements/pins.txt mahjong")
        else:
            print(f"   mahjong HandCalculator.estimate_hand_value on {len(RIICHI_HANDS)} riichi wins "
                  f"({r['riichi_calls']:,} calls): {_rate(r['riichi_rate'])} ({1e6 / r['riichi_rate']:.1f} us a hand)")
            print(f"   ratio score() / estimate_hand_value: {r['score_ratio']:.1f}x")
            verdicts.append(("score() >= 10x the riichi calculator", r["score_ratio"] >= GOALS["score_ratio"],
                             f"{r['score_ratio']:.1f}x"))

    if "deal" in only:
        r = bench_deal(args.quick)
        print(f"2. dealing {r['hands']:,} practice hands (mjscore.willingdon.deal): {_rate(r['deal_rate'])}; "
              f"the random-hand model: {_rate(r['model_rate'])} (ratio {r['model_rate'] / r['deal_rate']:.0f}x: "
              f"the dealer builds themed hands, checks each, and scores it to decide on a redeal)")

    if "stats" in only:
        r = bench_stats(args.quick, args.stats_count)
        extrapolated = "" if r["hands"] == 1_000_000 else f" (a million: {r['per_million']:.2f} s, extrapolated)"
        print(f"3. statistics: {r['hands']:,} random hands generated, scored and counted in {r['seconds']:.2f} s "
              f"(CPU {r['cpu_seconds']:.2f} s){extrapolated}; {r['hands'] / r['seconds']:,.0f} hands/s")
        verdicts.append(("a million hands in <= 10 s", r["per_million"] <= GOALS["stats_seconds"],
                         f"{r['per_million']:.2f} s (CPU {r['cpu_seconds'] * 1_000_000 / r['hands']:.2f} s)"))

    if "import" in only:
        r = bench_import(args.quick)
        print(f"4. python -c pass: {r['bare_ms']:.1f} ms; python -c 'import mjscore': {r['import_ms']:.1f} ms "
              f"(median of {r['repeats']} each): adds {r['adds_ms']:.1f} ms (ratio {r['ratio']:.2f}); with no "
              f"bytecode cache (compiled each time) it adds {r['cold_adds_ms']:.1f} ms; "
              f"third-party modules imported: {r['heavy']}")
        verdicts.append(("import mjscore adds < 30 ms", r["adds_ms"] < GOALS["import_ms"], f"{r['adds_ms']:.1f} ms"))
        verdicts.append(("import mjscore imports no pandas/matplotlib/ipywidgets", r["heavy"] == "none", r["heavy"]))

    if "notebooks" in only:
        r = bench_notebooks(args.quick)
        print(f"5. notebooks: {r['notebooks']} executed in {r['suite_s']:.1f} s; {r['notebooks']} bare kernel "
              f"starts {r['floor_s']:.1f} s; ratio {r['ratio']:.2f}")
        for name, seconds in r["each"].items():
            print(f"   {name}: {seconds:.1f} s")

    print()
    print("goals:")
    for what, good, figure in verdicts:
        print(f"  {_ok(good):<7} {what}: {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
