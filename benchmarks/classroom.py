"""How fast the doubles app answers a slider step, measured by hand (not part of the test suite).

    .venv/bin/python benchmarks/classroom.py            (--steps N: how many steps, default 300)

One slider step is what the browser waits for in Python: the app's ``refresh()`` (the figures,
the ladder, the SVG chart) set off by a changed ``IntSlider`` value. Steps walk the doubles,
points and minimum sliders through their ranges. Printed: the median and the 95th percentile of
a step, against the goal (under 50 ms), and beside it the old way (a matplotlib figure saved as
a PNG per step), measured in the same run as the baseline.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GOAL_MS = 50.0


def _steps(n: int):
    for k in range(n):
        yield ("doubles", k % 17) if k % 3 == 0 else (("points", 28 + (k * 7) % 173) if k % 3 == 1
                                                        else ("minimum", k % 9))


def time_app(n: int) -> list[float]:
    from mjscore.views.willingdon.doubles_app import DoublesApp
    app = DoublesApp()
    times = []
    for name, value in _steps(n):
        slider = getattr(app, name)
        if slider.value == value:
            value = slider.min if value != slider.min else slider.min + 1
        t0 = time.perf_counter()
        slider.value = value
        times.append((time.perf_counter() - t0) * 1000)
    return times


def time_matplotlib(n: int) -> list[float]:
    from mjscore.views.willingdon.charts import doubles_figure
    times = []
    for k, (_name, value) in enumerate(_steps(n)):
        t0 = time.perf_counter()
        fig = doubles_figure(28 + (k * 7) % 173, k % 17)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", metadata={"Software": None})
        times.append((time.perf_counter() - t0) * 1000)
    return times


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(times):7.2f} ms, 95th percentile {p95:7.2f} ms, worst {max(times):7.2f} ms"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args(argv)
    time_app(5)  # warm: imports, first widget models
    app = time_app(args.steps)
    old = time_matplotlib(max(10, args.steps // 10))
    print(f"doubles app, one slider step (SVG chart), {len(app)} steps: {summary(app)}")
    print(f"the old way, a matplotlib PNG per step, {len(old)} steps:   {summary(old)}")
    print(f"ratio of medians: {statistics.median(old) / statistics.median(app):.0f}x faster; "
          f"goal: under {GOAL_MS:.0f} ms a step: {'met' if statistics.median(app) < GOAL_MS else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
