"""The practice trainer's cost per answer at 0, 1,000 and 10,000 hands played, and the cost of
opening the progress log at 100 and at 10,000 answers.

Run by hand: ``.venv/bin/python benchmarks/practice.py`` (``--quick`` for tiny counts).

For each length, a progress log of that many answered hands is written straight from the
dealer (so the set-up takes a second, not an evening of answering), with the summaries the
writer appends every ``SUMMARY_EVERY`` records (and, for the opening, as many American drill
answers again, as a learner who practises both keeps them), then:

- the Trainer API: a new :class:`~mjscore.practice.trainer.Trainer` opens the log (the one
  read), then answers ``--answers`` hands (``check`` then ``next``, each one fsynced record);
  the median and the 90th percentile of one answer (wall clock, the disk's fsync included), its
  median CPU time (the Python work alone, steadier on a shared machine), and the time to open;
- ``mjscore practice`` piped: the command run with no answers and with ``--answers`` answers on
  standard input; the difference, divided by the answers, is one answer's cost.

A flat cost is the point: the figures at 10,000 should match those at 0. The machine is shared,
so compare the lines of one run with each other.

The opening (the second table): a new ``Trainer`` and a new ``Drill`` on a log of 100 and of
10,000 answers (median of ``--opens`` opens each, taken in turn), and ``mjscore practice`` run
with no answer (a Python process started, the log opened, the hand drawn: what a learner waits
for at a terminal), taken in turn too; then each figure at 10,000 against 100. The goal: within 2x.
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

from mjscore.american.drill import home_answer, situation
from mjscore.practice import Drill
from mjscore.practice.book import answer_fields, drill_record
from mjscore.willingdon import score
from mjscore.willingdon.deal import dealer
from mjscore.practice import Played, Trainer
from mjscore.practice.log import SUMMARY_EVERY, answer_record, encode, start_record, start_state, summary_record


def write_log(path: Path, played: int, drilled: int = 0) -> None:
    """A log of ``played`` hands answered right, and the next hand on the table, then ``drilled``
    American drill situations answered right; with a summary every SUMMARY_EVERY records, as the
    writer appends them."""
    start = start_record(0)
    state, since = start_state(start), 0
    out = [encode(start)]

    def add(record: dict) -> None:
        nonlocal since
        out.append(encode(record))
        state.apply(record)
        since += 1
        if since >= SUMMARY_EVERY:
            out.append(encode(summary_record(state)))
            since = 0
    hands = dealer(0)
    for number in range(1, played + 1):
        hand = next(hands)
        if number > 1:
            add({"kind": "deal", "number": number, "hand": hand.to_json()})
        s = score(hand)
        add(answer_record(Played(number, hand, s.hand_points, s.doubles, False, s.hand_points, s.doubles)))
    if played:
        add({"kind": "deal", "number": played + 1, "hand": next(hands).to_json()})
    for number in range(1, drilled + 1):
        s = situation(number)
        if number > 1:
            add(drill_record("deal", "american", number=number, item=s.to_json()))
        a = home_answer(s)
        add(drill_record("answer", "american", **answer_fields(number=number, given=a, correct=a, missed=None)))
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


def piped(folder: Path, answers: int, game: str = "willingdon") -> float:
    """Seconds for ``mjscore practice`` with ``answers`` lines piped in."""
    env = dict(os.environ, MJSCORE_DATA_DIR=str(folder))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mjscore", "practice", "--game", game], input="0 0\n" * answers, env=env,
                   stdout=subprocess.DEVNULL, check=True, text=True)
    return time.perf_counter() - t0


def opening(lengths: tuple[int, ...], opens: int) -> None:
    """The cost of opening the log, at each length, taken in turn (medians)."""
    print(f"\nopening the progress log (median of {opens} opens each, the lengths taken in turn; each log holds "
          f"that many Willingdon answers and as many American drill answers)")
    with tempfile.TemporaryDirectory() as d:
        folders = {}
        for n in lengths:
            folder = Path(d) / str(n)
            folder.mkdir()
            write_log(folder / "practice.jsonl", n, n)
            folders[n] = folder
        times: dict[tuple[int, str], list[float]] = {(n, k): [] for n in lengths for k in ("trainer", "drill", "command")}
        for _ in range(opens):
            for n in lengths:
                path = folders[n] / "practice.jsonl"
                t0 = time.perf_counter()
                Trainer(path)
                times[(n, "trainer")].append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                Drill("american", path)
                times[(n, "drill")].append(time.perf_counter() - t0)
                times[(n, "command")].append(piped(folders[n], 0))
        print(f"{'answers':>8}  {'log size':>9}  {'Trainer()':>10}  {'Drill()':>9}  {'mjscore practice':>16}")
        med = {k: statistics.median(v) for k, v in times.items()}
        for n in lengths:
            size = (folders[n] / "practice.jsonl").stat().st_size
            print(f"{2 * n:>8,}  {size / 1e6:>7.2f}MB  {med[(n, 'trainer')] * 1e3:>8.1f}ms  "
                  f"{med[(n, 'drill')] * 1e3:>7.1f}ms  {med[(n, 'command')] * 1e3:>14.0f}ms")
        lo, hi = lengths[0], lengths[-1]
        print(f"at {2 * hi:,} against {2 * lo:,}: " + ", ".join(
            f"{k} {med[(hi, k)] / med[(lo, k)]:.2f}x" for k in ("trainer", "drill", "command")) + " (goal: within 2x)")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="tiny counts, to check the script runs")
    p.add_argument("--answers", type=int, default=None, help="answers timed at each length (default 300)")
    p.add_argument("--opens", type=int, default=None, help="opens timed at each length (default 15)")
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
    opening((10, 100) if args.quick else (50, 5_000), args.opens or (2 if args.quick else 15))


if __name__ == "__main__":
    main()
