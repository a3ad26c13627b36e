"""The practice trainer's cost per answer at 0, 1,000 and 10,000 hands played.

Run by hand: ``.venv/bin/python benchmarks/practice.py`` (``--quick`` for tiny counts).

For each length, a progress log of that many answered hands is written straight from the
dealer (so the set-up takes a second, not an evening of answering), then:

- the Trainer API: a new :class:`~mjscore.willingdon.trainer.Trainer` opens the log (the one
  read), then answers ``--answers`` hands (``check`` then ``next``, each one fsynced record);
  the median and the 90th percentile of one answer (wall clock, the disk's fsync included), its
  median CPU time (the Python work alone, steadier on a shared machine), and the time to open;
- ``mjscore practice`` piped: the command run with no answers and with ``--answers`` answers on
  standard input; the difference, divided by the answers, is one answer's cost.

A flat cost is the point: the figures at 10,000 should match those at 0. The machine is shared,
so compare the lines of one run with each other.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mjscore.willingdon import score
from mjscore.willingdon.deal import dealer
from mjscore.willingdon.trainer import Played, Trainer
from mjscore.willingdon.trainer.store import answer_record, encode, start_record


def write_log(path: Path, played: int) -> None:
    """A log of ``played`` hands answered right, and the next hand on the table."""
    out = [encode(start_record(0))]
    hands = dealer(0)
    for number in range(1, played + 1):
        hand = next(hands)
        if number > 1:
            out.append(encode({"kind": "deal", "number": number, "hand": hand.to_json()}))
        s = score(hand)
        out.append(encode(answer_record(Played(number, hand, s.hand_points, s.doubles, False,
                                               s.hand_points, s.doubles))))
    if played:
        out.append(encode({"kind": "deal", "number": played + 1, "hand": next(hands).to_json()}))
    path.write_bytes(b"".join(out))


def api(path: Path, answers: int) -> tuple[float, float, float, float]:
    """(open seconds, median and 90th percentile seconds of one answer, median CPU seconds)."""
    t0 = time.perf_counter()
    t = Trainer(path)
    opened = time.perf_counter() - t0
    times, cpu = [], []
    for _ in range(answers):
        s = score(t.current_hand)
        t0, c0 = time.perf_counter(), time.process_time()
        t.check(s.hand_points, s.doubles)
        t.next()
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    times.sort()
    return opened, statistics.median(times), times[int(0.9 * (len(times) - 1))], statistics.median(cpu)


def piped(folder: Path, answers: int) -> float:
    """Seconds for ``mjscore practice`` with ``answers`` lines piped in."""
    env = dict(os.environ, MJSCORE_DATA_DIR=str(folder))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mjscore", "practice"], input="0 0\n" * answers, env=env,
                   stdout=subprocess.DEVNULL, check=True, text=True)
    return time.perf_counter() - t0


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="tiny counts, to check the script runs")
    p.add_argument("--answers", type=int, default=None, help="answers timed at each length (default 300)")
    args = p.parse_args(argv)
    lengths = (0, 20, 100) if args.quick else (0, 1_000, 10_000)
    answers = args.answers or (20 if args.quick else 300)
    print(f"per-answer cost of the practice trainer ({answers} answers at each length; "
          f"one answer = check + next, two fsynced records)")
    print(f"{'hands played':>12}  {'log size':>9}  {'open':>8}  {'API median':>10}  {'API p90':>8}  "
          f"{'API CPU':>8}  {'piped, per answer':>17}")
    for n in lengths:
        with tempfile.TemporaryDirectory() as d:
            folder = Path(d)
            path = folder / "practice.jsonl"
            write_log(path, n)
            size = path.stat().st_size
            opened, median, p90, cpu = api(path, answers)
            write_log(path, n)  # the same length again for the command
            bare = piped(folder, 0)
            write_log(path, n)
            full = piped(folder, answers)
            per = (full - bare) / answers
        print(f"{n:>12,}  {size / 1e6:>7.2f}MB  {opened * 1e3:>6.0f}ms  {median * 1e3:>8.2f}ms  "
              f"{p90 * 1e3:>6.2f}ms  {cpu * 1e3:>6.2f}ms  {per * 1e3:>15.2f}ms")


if __name__ == "__main__":
    main()
