"""``mjscore practice --game american`` (or ``--game tournament``): a drill at a terminal, on the
same progress log as the notebooks.

It lists the players of each situation with their part in it, reads each one's amount in that
order (``+100 -50 -25 -25``: the winner's plus, the payers' minus; at a tournament each
player's points), or ``show``, or ``quit``; says right or not, the one rule most likely missed
and how the answer comes about; and deals the next. On a pipe it prints no prompts, so answers
can be fed from a file; at the end it prints the tally line (``--json``: as one JSON line, last).
"""

from __future__ import annotations

import json
import sys
from typing import Callable, TextIO

from .drill import Drill, DrillError, DrillFeedback, read_amounts

__all__ = ["one_answer", "run"]

#: The longest line read as an answer (a longer one is refused).
_LONGEST = 1000


def _players(d: Drill) -> str:
    s = d.situation
    return ", ".join(f"{p} ({s.role(p)})" if s.role(p) else p for p in s.players)


def _show(d: Drill, out: TextIO) -> None:
    s = d.situation
    print(f"\nSituation {d.number}\n  {s.describe()}", file=out)
    if d.game == "tournament" and s.pays_as != "wall":
        print(f"  The winner showed {s.exposures} exposure{'s' * (s.exposures != 1)}. "
              f"Table: {d.table.name}.", file=out)
    print(f"  Players, in order: {_players(d)}", file=out)


def _say(f: DrillFeedback, out: TextIO) -> None:
    print(f.summary(), file=out)


def _tally_line(d: Drill) -> str:
    t = d.tally
    return f"{d.title}: {t.right} of {t.played} right ({t.shown} shown)" if t.played else \
        f"{d.title}: nothing played yet."


def run(args, stdin: TextIO | None = None, out: TextIO | None = None, path=None) -> None:
    """Play until the input ends or says ``quit`` (``args``: ``game``, ``name``, ``table``, ``json``)."""
    stdin, out = stdin or sys.stdin, out or sys.stdout
    d = Drill(args.game, path, table=getattr(args, "table", None))
    interactive = stdin.isatty()
    who = begin(d, args.name, out)
    what = "each player's points" if d.game == "tournament" else "who pays what"
    print(f"Practising {what}{who}. {_tally_line(d)}", file=out)
    sign = "each player's points, plus or minus" if d.game == "tournament" else \
        "each player's amount, the winner's plus and the payers' minus"
    print(f"For each situation type {sign}, in the order listed (such as +100 -50 -25 -25), "
          f"or show, or quit.", file=out)
    while True:
        if d.answered:
            d.next()
        _show(d, out)

        def answer(word: str) -> DrillFeedback:
            return d.show_me() if word == "show" else d.check(read_amounts(word, d.situation.players))

        if not one_answer(d, stdin, out, interactive=interactive, refused=DrillError, what="a few amounts",
                          answer=answer, say=_say):
            _finish(d, args, out)
            return


def begin(session, name: str | None, out: TextIO) -> str:
    """Start a practice at the terminal, and give " as NAME" for the greeting ("" without a name).

    The learner's ``name`` is kept (if given), and the notes on the progress file are said."""
    if name is not None:
        session.set_name(name)
    for m in session.take_messages():
        print(f"Note: {m}", file=out)
    return f" as {session.name}" if session.name else ""


def one_answer(session, stdin: TextIO, out: TextIO, *, interactive: bool, refused: type[Exception], what: str,
               answer: Callable[[str], object], say: Callable[[object, TextIO], None]) -> bool:
    """Read lines until one is answered and say its verdict (True), or until the input ends (False).

    The input ends at its end or at ``quit``; after the verdict come the log's notes. ``answer``
    marks a line (``show``, or the figures) and raises ``refused`` for a line it cannot read, which
    is said in brackets before the next line is read; ``what`` says what an answer is when a line
    is far too long to be one. The trainer's terminal asks the same way."""
    while True:
        if interactive:
            print("> ", end="", file=out, flush=True)
        line = stdin.readline(_LONGEST)
        if len(line) == _LONGEST and not line.endswith("\n"):  # no answer is this long
            while (rest := stdin.readline(_LONGEST)) and not rest.endswith("\n"):
                pass
            print(f"(an answer is {what}, not {_LONGEST:,} characters)", file=out)
            continue
        word = line.strip().lower()
        if not line or word in ("quit", "q", "exit"):
            return False
        try:
            verdict = answer(word)
        except refused as e:
            print(f"({e})", file=out)
            continue
        say(verdict, out)
        for m in session.take_messages():
            print(f"Note: {m}", file=out)
        return True


def _finish(d: Drill, args, out: TextIO) -> None:
    print("\n" + _tally_line(d), file=out)
    if not d.saving:
        print("(This session could not be saved.)", file=out)
    if args.json:
        print(json.dumps(d.to_json(), ensure_ascii=False), file=out)
