"""A season's cost in the scorekeeper app, measured: ``python benchmarks/season.py`` (``--quick``: fewer rounds).

The goal (issue 34): **a season of 50 nights of 40 hands opens in the app within 3x the time of
one night of 40 hands.** One night: the scorekeeper opening a saved night of 40 hands (its
journal read, its totals, report card and chart drawn: ``ScorekeeperApp(journal=...)``). The
season: the scorekeeper's "The season of the saved nights" on a folder of 50 such nights (every
journal read once, the standings, the chart and the table of nights drawn:
``SeasonPart.show()``), in an app already open. The two are taken in turn, round by round, the
order reversed every other round; each ratio is taken within a round and the median of the
rounds printed with its range. Wall clock, in a scratch folder. Nothing is asserted: read the
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FOUR = ["Ann", "Bea", "Cat", "Dee"]
CLUB = ["Ann", "Bea", "Cat", "Dee", "Eve", "Fay", "Gus", "Hal"]
GOAL = 3.0


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    nights, hands, rounds = (50, 40, 3) if quick else (50, 40, 15)
    folder = Path(tempfile.mkdtemp(prefix="mjscore-season-bench-"))
    os.environ["MJSCORE_DATA_DIR"] = str(folder / "data")
    try:
        from mjscore.files.storage import atomic_write
        from mjscore.night import simulate_night
        from mjscore.views.night.scorekeeper_app import ScorekeeperApp

        club = folder / "club"
        club.mkdir()
        for i in range(nights):  # eight players, four a night, in turn: each misses some nights
            players = [CLUB[(i + k * 2) % len(CLUB)] for k in range(4)]
            text = simulate_night(players, hands=hands, seed=i).journal_text()
            atomic_write(club / f"night-2025-{1 + i // 28:02d}-{1 + i % 28:02d}.csv", ("\ufeff" + text).encode())
        one = folder / "one.csv"
        atomic_write(one, ("\ufeff" + simulate_night(FOUR, hands=hands, seed=99).journal_text()).encode())
        app = ScorekeeperApp(journal=str(club / "night-2025-01-01.csv"))

        def open_night() -> None:
            ScorekeeperApp(journal=str(one))

        def open_season() -> None:
            app.season.show()

        open_night(), open_season()  # imports and first draws, before timing
        taken: dict[str, list[float]] = {"night": [], "season": []}
        for r in range(rounds):
            order = [("night", open_night), ("season", open_season)]
            for name, f in order if r % 2 == 0 else order[::-1]:
                t = time.perf_counter()
                f()
                taken[name].append(time.perf_counter() - t)
        ratios = [s / n for n, s in zip(taken["night"], taken["season"])]
        night, season = statistics.median(taken["night"]), statistics.median(taken["season"])
        games = app.season.season.games[0]
        print(f"one night of {hands} hands opened in the app: {night * 1e3:7.1f} ms "
              f"({min(taken['night']) * 1e3:.1f} to {max(taken['night']) * 1e3:.1f})")
        print(f"a season of {len(games.nights)} nights of {hands} hands shown in the app: {season * 1e3:7.1f} ms "
              f"({min(taken['season']) * 1e3:.1f} to {max(taken['season']) * 1e3:.1f}), "
              f"{len(games.players)} players")
        ratio = statistics.median(ratios)
        print(f"season / night: {ratio:.2f}x (rounds {min(ratios):.2f}x to {max(ratios):.2f}x); goal: within "
              f"{GOAL:.0f}x: {'met' if ratio <= GOAL else 'NOT met'}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
