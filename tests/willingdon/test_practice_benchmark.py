"""benchmarks/practice.py runs (quick mode, tiny counts); it times, this test never does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_practice_benchmark_runs_in_quick_mode():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "practice.py"), "--quick", "--answers", "5"],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("per-answer cost of the practice trainer (5 answers")
    assert [line.split()[0] for line in lines[2:5]] == ["0", "20", "100"]
    assert lines[6].startswith("opening the progress log") and [line.split()[0] for line in lines[8:10]] == ["20", "200"]
    assert lines[10].startswith("at 200 against 20: trainer ") and lines[10].endswith("(goal: within 2x)")
