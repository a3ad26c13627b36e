"""mjscore's speed, measured side by side in one run, as ratios against a baseline of the same run.

    python benchmarks/run.py            (or: make bench; --quick: tiny counts, proves it runs)

1. ``score()`` on typical legal hands (the random-hand model of :mod:`mjscore.willingdon.stats_model`),
   in hands a second, against the ``mahjong`` package's riichi ``HandCalculator.estimate_hand_value``
   on as many *different* complete riichi wins (its own game; its hand divider caches 128 hands,
   and is emptied before each round); and ``parse`` + ``score()`` from text against its full
   calculation with its tiles read from text. Floor: 2.5x its rate.
2. Dealing practice hands (:func:`mjscore.willingdon.deal.deal`), in hands a second.
3. The statistics run: a million random hands generated, scored and counted
   (:func:`mjscore.willingdon.stats.random_stats`), in seconds.
4. ``import mjscore`` against a bare interpreter start (``python -c pass``), many times each,
   in turn. Goal: adds under 30 ms, and imports no pandas, matplotlib or ipywidgets.
5. The notebook suite: every ``notebooks/*.ipynb`` executed with nbclient in this process,
   against as many bare kernel starts (the floor no notebook can beat). Skipped in ``--quick``.
6. This engine against the one before it (``benchmarks/against.py``: commit 2c0cb51, or
   ``--against DIR``), side by side: ``score()``, and ``mjscore stats --hands 1000000``.
   Floor: the statistics take at most 3x as long (in CPU time: the machine may be shared).

Section 1 is timed in CPU time (``time.process_time``): the two sides run in turn, round by
round (the order alternating), and each figure is the median of the rounds with their lowest
and highest; each ratio is taken round by round, so both sides saw the same moment of a shared
machine. Sections 2 and 3 print CPU time beside wall time; section 4 is wall time (a process
start). Nothing here is a test: ``tests/test_benchmarks.py`` only runs ``--quick`` to prove the
script works.
"""

from __future__ import annotations

import argparse
import datetime
import gc
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

GOALS = {"score_ratio": 2.5, "stats_against": 3.0, "import_ms": 30.0}


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


# --------------------------------------------------------------------------- 1. score() vs riichi


def spread(values: list[float]) -> dict:
    """Median, lowest and highest of a benchmark's rounds."""
    return {"median": statistics.median(values), "low": min(values), "high": max(values)}


def riichi_hands(n: int, seed: int):
    """``n`` different complete, closed riichi wins, or None when ``mahjong`` is missing.

    Each: four random sets (runs or triplets, no tile more than four times) and a pair, a
    winning tile from the hand, riichi declared (so every one has a yaku), won by self-draw or
    on a discard, one dora indicator; checked a valid win by the calculator itself. Every hand
    differs, so the calculator's hand divider (an lru_cache of 128 hands) cannot answer from
    memory; its cache is also emptied before each round. Returned as (calls, texts): the
    calculator's arguments, and the same hands as its one-line strings for parse+score.
    """
    try:
        from mahjong.hand_calculating.divider import HandDivider
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
        from mahjong.tile import TilesConverter
    except ImportError:
        return None
    rng = random.Random(seed)
    seen, calls, texts = set(), [], []
    while len(calls) < n:
        counts = [0] * 34
        blocks = []
        for _ in range(4):
            while True:
                if rng.random() < 0.6:  # a run: 1-7 of a suit
                    start = 9 * rng.randrange(3) + rng.randrange(7)
                    tiles = [start, start + 1, start + 2]
                else:
                    tiles = [rng.randrange(34)] * 3
                if all(counts[t] + tiles.count(t) <= 4 for t in set(tiles)):
                    break
            for t in tiles:
                counts[t] += 1
            blocks.append(tiles)
        pair = rng.choice([t for t in range(34) if counts[t] <= 2])
        counts[pair] += 2
        key = tuple(counts)
        if key in seen:
            continue
        tiles_136 = []
        for kind, c in enumerate(counts):
            tiles_136 += [4 * kind + k for k in range(c)]
        win = rng.choice(tiles_136)
        dora = [4 * rng.randrange(34) + 3] if counts[0] < 4 else [7]
        config = HandConfig(is_riichi=True, is_tsumo=rng.random() < 0.5)
        result = HandCalculator.estimate_hand_value(tiles_136, win, dora_indicators=dora, config=config)
        if result.error is not None or not result.han:
            continue
        seen.add(key)
        calls.append((tiles_136, win, dora, config))
        texts.append((TilesConverter.to_one_line_string(tiles_136), win, dora, config))
    return HandCalculator.estimate_hand_value, TilesConverter.one_line_string_to_136_array, HandDivider, calls, texts


def bench_score(quick: bool) -> dict:
    """score() alone, and parse+score, against the riichi calculator alone and its full
    calculation (its tiles read from text too), on as many different hands each, in CPU time
    (``time.process_time``), the sides interleaved round by round (the order alternating)."""
    from mjscore.hands import format_hand, parse
    from mjscore.willingdon import fired_rows, score
    from mjscore.willingdon.deal import deal
    from mjscore.willingdon.stats import random_hands

    n, rounds = (300, 3) if quick else (20_000, 11)
    hands = list(random_hands(n, seed=2024))
    texts = [format_hand(h) for h in hands]
    dealt = deal(n, seed=2024)
    riichi = riichi_hands(n, seed=2024)
    sides = {"score": lambda: [score(h) for h in hands],
             "fired_rows": lambda: [fired_rows(h) for h in hands],
             "dealt": lambda: [score(h) for h in dealt],
             "parse+score": lambda: [score(parse(t)) for t in texts]}
    if riichi is not None:
        estimate, convert, divider, calls, riichi_texts = riichi

        def riichi_alone() -> None:
            divider._divide_hand_impl.cache_clear()
            for tiles, win, dora, config in calls:
                estimate(tiles, win, dora_indicators=dora, config=config)

        def riichi_full() -> None:
            divider._divide_hand_impl.cache_clear()
            for text, win, dora, config in riichi_texts:
                estimate(convert(text), win, dora_indicators=dora, config=config)

        sides["riichi"] = riichi_alone
        sides["riichi full"] = riichi_full
    for run in sides.values():  # once each before timing: the rule table's compile, imports
        run()
    # The inputs of every side (about a million objects) are set aside from the cycle collector
    # (gc.freeze), and each round starts from an empty young generation (gc.collect): otherwise a
    # full collection walking all of them lands in whichever side's round happens to trigger
    # it, and the rounds of the same side spread by a factor of two.
    gc.collect()
    gc.freeze()
    times: dict[str, list[float]] = {name: [] for name in sides}
    order = list(sides)
    try:
        for r in range(rounds):
            for name in (order if r % 2 == 0 else order[::-1]):
                gc.collect()
                start = time.process_time()
                sides[name]()
                times[name].append(time.process_time() - start)
    finally:
        gc.unfreeze()
    rates = {name: spread([n / t for t in ts]) for name, ts in times.items()}
    out = {"hands": n, "rounds": rounds, "rates": rates, "score_rate": rates["score"]["median"],
           "riichi_rate": None}
    if riichi is not None:
        out["riichi_rate"] = rates["riichi"]["median"]
        # the ratio of each round (interleaved, so both sides saw the same moment of the machine)
        out["score_ratio"] = spread([r / c for c, r in zip(times["score"], times["riichi"])])
        out["full_ratio"] = spread([r / c for c, r in zip(times["parse+score"], times["riichi full"])])
    return out


# --------------------------------------------------------------------------- 2. dealing


def bench_deal(quick: bool) -> dict:
    from mjscore.willingdon.deal import deal
    from mjscore.willingdon.stats import random_hands

    n = 200 if quick else 20_000
    deal_times, model_times = [], []
    for _ in range(1 if quick else 3):  # in turn, CPU time
        start = time.process_time()
        deal(n, seed=7)
        deal_times.append(time.process_time() - start)
        start = time.process_time()
        for _hand in random_hands(n, seed=7):
            pass
        model_times.append(time.process_time() - start)
    return {"hands": n, "deal_rate": n / statistics.median(deal_times),
            "model_rate": n / statistics.median(model_times)}


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
    parser.add_argument("--only", default="score,deal,stats,import,notebooks,against",
                        help="which benchmarks, comma-separated (default: all)")
    parser.add_argument("--stats-count", type=int, default=None, help="hands in the statistics run")
    parser.add_argument("--against", default=None, metavar="DIR",
                        help="section 6: a checkout of the earlier engine (default: commit 2c0cb51, from git)")
    args = parser.parse_args(argv)
    only = {w.strip() for w in args.only.split(",") if w.strip()}
    unknown = only - {"score", "deal", "stats", "import", "notebooks", "against"}
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
        rates = r["rates"]

        def shown(name: str) -> str:
            x = rates[name]
            return f"{_rate(x['median'])} (rounds {x['low']:,.0f} to {x['high']:,.0f})"

        print(f"1. score() on {r['hands']:,} random legal hands, CPU time, median of {r['rounds']} rounds: "
              f"{shown('score')}, {1e6 / r['score_rate']:.2f} us a hand; parse+score from text: "
              f"{shown('parse+score')}; on as many dealt practice hands: {shown('dealt')}; fired_rows(): "
              f"{shown('fired_rows')}")
        if r["riichi_rate"] is None:
            print("   mahjong (riichi) is not installed: pip install -c requirements/pins.txt mahjong")
        else:
            print(f"   mahjong HandCalculator.estimate_hand_value on {r['hands']:,} different riichi wins: "
                  f"{shown('riichi')}, {1e6 / r['riichi_rate']:.1f} us a hand; with its tiles read from "
                  f"text (its full calculation): {shown('riichi full')}")
            sr, fr = r["score_ratio"], r["full_ratio"]
            print(f"   ratio score() / estimate_hand_value: {sr['median']:.1f}x (rounds {sr['low']:.1f} to "
                  f"{sr['high']:.1f}); parse+score / its full calculation: {fr['median']:.1f}x "
                  f"(rounds {fr['low']:.1f} to {fr['high']:.1f})")
            verdicts.append(("floor: score() >= 2.5x the riichi calculator", sr["median"] >= GOALS["score_ratio"],
                             f"{sr['median']:.1f}x (rounds {sr['low']:.1f} to {sr['high']:.1f})"))

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

    if "import" in only:
        r = bench_import(args.quick)
        print(f"4. python -c pass: {r['bare_ms']:.1f} ms; python -c 'import mjscore': {r['import_ms']:.1f} ms "
              f"(median of {r['repeats']} each): adds {r['adds_ms']:.1f} ms (ratio {r['ratio']:.2f}); with no "
              f"bytecode cache (compiled each time) it adds {r['cold_adds_ms']:.1f} ms; "
              f"third-party modules imported: {r['heavy']}")
        verdicts.append(("import mjscore adds < 30 ms", r["adds_ms"] < GOALS["import_ms"], f"{r['adds_ms']:.1f} ms"))
        verdicts.append(("import mjscore imports no pandas/matplotlib/ipywidgets", r["heavy"] == "none", r["heavy"]))

    if "notebooks" in only and args.quick:
        print("5. notebooks: skipped in --quick (it would start a kernel per notebook; run without --quick)")
    elif "notebooks" in only:
        r = bench_notebooks(args.quick)
        print(f"5. notebooks: {r['notebooks']} executed in {r['suite_s']:.1f} s; {r['notebooks']} bare kernel "
              f"starts {r['floor_s']:.1f} s; ratio {r['ratio']:.2f}")
        for name, seconds in r["each"].items():
            print(f"   {name}: {seconds:.1f} s")

    if "against" in only:
        from against import BEFORE, bench_against  # benchmarks/against.py, beside this script

        r = bench_against(args.quick, args.against)
        if r is None:
            print(f"6. against the engine of {BEFORE}: skipped (no git, or the commit is not in this clone)")
        else:
            us, sr = r["score_us"], r["score_ratio"]
            print(f"6. against the engine of {r['engine']}, side by side, in turn, {r['rounds']} rounds (medians):")
            print(f"   score() on {r['score_hands']:,} random hands, CPU: {us['now']['median']:.2f} us a hand, before "
                  f"{us['before']['median']:.2f} us: {sr['median']:.2f}x as long (rounds {sr['low']:.2f} to "
                  f"{sr['high']:.2f})")
            w, c, wr, cr = r["stats_wall"], r["stats_cpu"], r["stats_ratio"], r["stats_cpu_ratio"]
            print(f"   mjscore stats --hands {r['stats_hands']:,}: {w['now']['median']:.2f} s (CPU "
                  f"{c['now']['median']:.2f} s), before {w['before']['median']:.2f} s (CPU {c['before']['median']:.2f} s): "
                  f"{wr['median']:.2f}x as long (rounds {wr['low']:.2f} to {wr['high']:.2f}; CPU {cr['median']:.2f}x)")
            # judged on CPU time: on a shared machine the wall clock measures the other load too
            verdicts.append((f"floor: mjscore stats at most 3x as long (CPU) as the engine of {r['engine']}",
                             cr["median"] <= GOALS["stats_against"],
                             f"{cr['median']:.2f}x (rounds {cr['low']:.2f} to {cr['high']:.2f}; wall clock {wr['median']:.2f}x)"))

    print()
    print("goals:")
    for what, good, figure in verdicts:
        print(f"  {_ok(good):<7} {what}: {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
