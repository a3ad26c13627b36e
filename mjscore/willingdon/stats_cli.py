"""``mjscore stats``: how rare is a good Willingdon hand, counted over many hands at the terminal.

Registered in :mod:`mjscore.cli` by :func:`register`, as the night's and the trainer's commands are.

    mjscore stats --hands 1000000            the random-hand model (mjscore.willingdon.stats_model)
    mjscore stats --dealt --hands 100000     the practice trainer's dealt hands
    mjscore stats --minimum-doubles 2 --json

It prints the figures (:meth:`~mjscore.willingdon.stats.HandStats.summary`, or the counts as
JSON), and on standard error how long it took. When standard error is a terminal it also shows
how far it has got while it counts, on one line written over.
"""

from __future__ import annotations

import json
import sys
import time
from typing import TextIO

from ..files.inputs import MAX_SEED
from .rules import MAX_DOUBLES, WILLINGDON
from .stats import MAX_COUNT, Progress, StatsError, dealt_stats, random_stats

__all__ = ["ProgressLine", "register", "run"]

def register(sub, whole) -> None:
    """Add ``stats`` to the ``mjscore`` parser (``whole``: its whole-number argument type)."""
    p = sub.add_parser("stats", help="how rare is a good Willingdon hand: scores counted over many hands")
    p.add_argument("--hands", "--count", dest="hands", type=whole("--hands", 0, 10**9), default=100_000,
                   help="how many hands (default 100,000)")
    p.add_argument("--seed", type=whole("--seed", 0, MAX_SEED), default=0, help="the random seed (default 0)")
    p.add_argument("--dealt", action="store_true",
                   help="count the practice trainer's dealt hands instead of the random-hand model's")
    p.add_argument("--minimum-doubles", type=whole("--minimum-doubles", 0, MAX_DOUBLES), default=None, metavar="N",
                   help=f"doubles a hand needs to pay anything, 0 to {MAX_DOUBLES} (default 3)")
    p.add_argument("--clean-hand-doubles", type=whole("--clean-hand-doubles", 0, MAX_DOUBLES), default=None,
                   metavar="N", help=f"doubles for a Clean Hand, 0 to {MAX_DOUBLES} (default 0, as the rule book)")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.set_defaults(run=run)


def run(args) -> None:
    """Count the hands the options ask for and print the figures; the time it took on stderr."""
    if args.hands > MAX_COUNT:
        raise StatsError(f"--hands must be {MAX_COUNT:,} or less, not {args.hands:,}")
    settings = {k: v for k, v in (("minimum_doubles", args.minimum_doubles),
                                  ("clean_hand_doubles", args.clean_hand_doubles)) if v is not None}
    rules = WILLINGDON.with_settings(**settings) if settings else WILLINGDON
    line = ProgressLine(sys.stderr, args.hands) if _is_terminal(sys.stderr) else None
    start = time.perf_counter()
    stats = (dealt_stats if args.dealt else random_stats)(args.hands, args.seed, rules=rules,
                                                          progress=line.show if line else None)
    elapsed = time.perf_counter() - start
    if line is not None:
        line.clear()
    if args.json:
        print(json.dumps(stats.to_json(), ensure_ascii=False, indent=1))
    else:
        print(stats.summary())
    rate = stats.count / elapsed if elapsed > 0 else float("inf")
    print(f"generated, scored and counted {stats.count:,} hands in {elapsed:.2f} s "
          f"({rate:,.0f} hands/s, one core)", file=sys.stderr)


class ProgressLine:
    """A :class:`Progress` written over one line of a terminal.

    >>> import io
    >>> out = io.StringIO()
    >>> line = ProgressLine(out, 1000, clock=iter([0.0, 0.5]).__next__)
    >>> line.show(256); line.clear()
    >>> out.getvalue().split("\\r")[1].rstrip()
    '256 of 1,000 hands counted (25%), 512 hands/s, about 1 s left'
    """

    def __init__(self, out: TextIO, total: int, *, clock=time.monotonic) -> None:
        self.out, self.progress = out, Progress(total, clock=clock)
        self.width = 0  # how long the line written last was

    def show(self, done: int) -> None:
        """Write how far the count has got (``done`` hands), unless it was written just now."""
        text = self.progress.line(done)
        if text is not None:
            self._write(text)

    def clear(self) -> None:
        """Rub the line out, so what is printed next starts on a clean line."""
        if self.width:
            self._write("")
            self.out.write("\r")
            self.out.flush()

    def _write(self, text: str) -> None:
        self.out.write("\r" + text.ljust(self.width))
        self.out.flush()
        self.width = len(text)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a stream without a file, or closed
        return False
