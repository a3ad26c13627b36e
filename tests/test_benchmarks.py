"""The benchmark script runs (in its quick mode, with tiny counts). Nothing here times anything:
the machines are shared and noisy, so speed is measured by `make bench`, never asserted. The
quick mode runs no pytest of its own (never pytest inside pytest): a section that times the
test suite is for `make bench` only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmarks_run_in_quick_mode():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick"],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("mjscore benchmarks (--quick")
    for section in ("1. score() on ", "2. dealing ", "3. statistics: ", "4. python -c pass: ", "goals:"):
        assert section in out, f"no {section!r} in the output"
    assert "5. notebooks" in out  # run, or said to be skipped in quick mode
    assert "6. against the engine of 2c0cb51" in out  # measured, or skipped in a clone without the commit
    assert "floor: score() >= 2.5x" in out or "mahjong (riichi) is not installed" in out
    assert "100,000" not in out and "tricks" not in out
    assert "third-party modules imported: none" in out
    try:
        import mahjong  # noqa: F401  (a benchmark-only dependency: `make bench` installs it)
    except ImportError:
        assert "mahjong (riichi) is not installed" in out
    else:
        assert "ratio score() / estimate_hand_value: " in out


def test_benchmarks_refuse_an_unknown_benchmark():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--only", "jokers"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and "unknown benchmark 'jokers'" in done.stderr
