"""The night's costs, measured: ``python benchmarks/night.py`` (``--quick`` for tiny counts).

1. recording a hand (one appended, fsynced record) on a 5-hand and on a 10,000-hand night;
2. correcting hand 1 of a 10,000-hand night (only that hand is settled again);
3. reopening a 10,000-hand journal (reading and replaying it);
4. building a night in memory, 1,000 against 10,000 hands (linear: the ratio should be ~10);
5. a click in the scorekeeper app ("Add the hand") on a 200-hand night, chart and report included.

Medians of several runs, wall clock, in a scratch folder. Nothing here is asserted: read the
numbers (the machine may be shared).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

FOUR = ["Ann", "Bea", "Cat", "Dee"]


def _median(f, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _journal(folder: Path, name: str, hands: int) -> Path:
    from mjscore.night import simulate_night
    from mjscore.files.storage import atomic_write

    path = folder / name
    atomic_write(path, ("\ufeff" + simulate_night(FOUR, hands=hands, seed=3).journal_text()).encode("utf-8"))
    return path


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    big = 500 if quick else 10_000
    runs = 3 if quick else 25
    folder = Path(tempfile.mkdtemp(prefix="mjscore-night-bench-"))
    os.environ["MJSCORE_DATA_DIR"] = str(folder / "data")
    try:
        from mjscore.night import Ledger, load_journal, simulate_night

        hand = dict(winner="Ann", how="discard", thrower="Cat", value=25)
        nights = {n: load_journal(_journal(folder, f"record-{n}.csv", n)).ledger for n in (5, big)}
        times: dict = {n: [] for n in nights}
        for _ in range(runs):  # taken in turn, so that a busy moment of the disk hits both alike
            for n, night in nights.items():
                t = time.perf_counter()
                night.add(**hand)
                times[n].append(time.perf_counter() - t)
        for n, ts in times.items():
            print(f"record a hand, {n:>6,}-hand night: {statistics.median(ts) * 1e3:8.2f} ms "
                  f"(one appended, fsynced record; quartiles {statistics.quantiles(ts)[0] * 1e3:.2f}"
                  f"-{statistics.quantiles(ts)[2] * 1e3:.2f} ms)")
        night = load_journal(_journal(folder, "correct.csv", big)).ledger
        flip = iter(["Bea", "Cat"] * runs)
        t = _median(lambda: night.correct(1, **{**hand, "thrower": next(flip)}), runs)
        print(f"correct hand 1 of {big:,}:         {t * 1e3:8.2f} ms")
        path = _journal(folder, "reopen.csv", big)
        t = _median(lambda: load_journal(path), max(3, runs // 5))
        print(f"reopen {big:,} hands:              {t * 1e3:8.2f} ms ({t / big * 1e6:.1f} µs a hand)")
        entries = simulate_night(FOUR, hands=big, seed=4).entries

        def build(k: int) -> None:
            ledger = Ledger(FOUR)
            for e in entries[:k]:
                ledger.add(e)
            ledger.lines  # every line with its running totals

        small = big // 10
        t1, t2 = _median(lambda: build(small), 3), _median(lambda: build(big), 3)
        print(f"build in memory: {small:,} hands {t1 * 1e3:.1f} ms, {big:,} hands {t2 * 1e3:.1f} ms "
              f"(ratio {t2 / t1:.1f}; linear is {big / small:.0f})")
        from mjscore.views.night.scorekeeper_app import ScorekeeperApp

        _journal(folder / "data" / "nights", "app.csv", 200)
        app = ScorekeeperApp(journal="app.csv")

        def click() -> None:
            app.winner.value, app.how.value, app.thrower.value, app.value.value = "Ann", "discard", "Cat", "25"
            app.add.click()

        click()
        t = _median(click, max(3, runs // 2))
        print(f"app click (add a hand) at 200 hands: {t * 1e3:6.1f} ms (goal: under 50 ms)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
