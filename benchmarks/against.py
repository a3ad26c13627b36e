"""This engine against an earlier one, side by side in one run: section 6 of run.py.

    python benchmarks/run.py --only against [--against DIR]

The earlier engine is the checkout in ``DIR`` (its ``mjscore`` package), by default the engine
of commit :data:`BEFORE` (the last with the scoring code written in strings), taken out of this
repository's history with ``git archive`` into a scratch folder. Both engines run as separate
processes (both packages are called ``mjscore``), in turn, the order swapped every round:

- ``score()`` on the same 20,000 random hands (each process makes them with its own
  ``random_hands(..., seed=2024)``, and the model has not changed), CPU time of the scoring
  alone, after one pass to warm up, with the hands set aside from the cycle collector;
- ``mjscore stats --hands 1000000``, the whole command, wall clock and CPU time of the process.

Each ratio is taken within a round (both sides saw the same moment of a shared machine); the
median and the range over the rounds are printed.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The engine the plain one is measured against: the scoring code written into strings and run
#: with ``exec`` (issue 24 replaced it).
BEFORE = "2c0cb51"

#: What each side runs for ``score()``: one pass to warm up, then one timed pass.
SCORE_ROUND = """
import gc, json, sys, time
from mjscore.willingdon import score
from mjscore.willingdon.stats import random_hands
hands = list(random_hands(int(sys.argv[1]), seed=2024))
for h in hands:
    score(h)
gc.collect()
gc.freeze()
start = time.process_time()
for h in hands:
    score(h)
print(json.dumps({"seconds": time.process_time() - start, "engine": __import__("mjscore").__file__}))
"""


def earlier_engine(against: str | None, scratch: Path) -> Path | None:
    """The folder holding the earlier ``mjscore`` package: ``against``, or :data:`BEFORE` taken out
    of git into ``scratch``; None when git or the commit is not there (a shallow clone)."""
    if against is not None:
        folder = Path(against).resolve()
        if not (folder / "mjscore" / "__init__.py").is_file():
            raise SystemExit(f"--against {against}: no mjscore package there")
        return folder
    try:
        archive = subprocess.run(["git", "archive", BEFORE, "mjscore"], cwd=ROOT, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    folder = scratch / f"mjscore-{BEFORE}"
    folder.mkdir()
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def _env(engine: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    env["PYTHONPATH"] = str(engine)
    env["PYTHONPYCACHEPREFIX"] = env.get("PYTHONPYCACHEPREFIX") or str(Path(tempfile.gettempdir()) / "mjscore-bench-pyc")
    return env


def _score_round(engine: Path, hands: int) -> float:
    done = subprocess.run([sys.executable, "-c", SCORE_ROUND, str(hands)], env=_env(engine), cwd=engine,
                          capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout)
    assert Path(answer["engine"]).resolve().is_relative_to(engine.resolve()), answer["engine"]
    return answer["seconds"]


def _stats_round(engine: Path, hands: int) -> tuple[float, float]:
    """Wall clock and CPU time of ``mjscore stats --hands N`` run with ``engine``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mjscore", "stats", "--hands", str(hands)], env=_env(engine), cwd=engine,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "low": min(values), "high": max(values)}


def bench_against(quick: bool, against: str | None) -> dict | None:
    """Both engines' ``score()`` and ``mjscore stats``, in turn; None when there is no earlier engine."""
    score_hands, stats_hands, rounds = (300, 2_000, 1) if quick else (20_000, 1_000_000, 5)
    scratch = Path(tempfile.mkdtemp(prefix="mjscore-against-"))
    try:
        before = earlier_engine(against, scratch)
        if before is None:
            return None
        sides = {"before": before, "now": ROOT}
        score: dict = {name: [] for name in sides}
        wall: dict = {name: [] for name in sides}
        cpu: dict = {name: [] for name in sides}
        for r in range(rounds):
            for name in (sides if r % 2 == 0 else list(sides)[::-1]):
                score[name].append(_score_round(sides[name], score_hands))
        for r in range(rounds):
            for name in (sides if r % 2 == 0 else list(sides)[::-1]):
                w, c = _stats_round(sides[name], stats_hands)
                wall[name].append(w)
                cpu[name].append(c)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return {"engine": str(against or BEFORE), "rounds": rounds, "score_hands": score_hands, "stats_hands": stats_hands,
            "score_us": {n: _spread([1e6 * t / score_hands for t in ts]) for n, ts in score.items()},
            "score_ratio": _spread([n / b for n, b in zip(score["now"], score["before"])]),
            "stats_wall": {n: _spread(ts) for n, ts in wall.items()},
            "stats_cpu": {n: _spread(ts) for n, ts in cpu.items()},
            "stats_ratio": _spread([n / b for n, b in zip(wall["now"], wall["before"])]),
            "stats_cpu_ratio": _spread([n / b for n, b in zip(cpu["now"], cpu["before"])])}
