"""``mjscore practice``: the practice trainer at a terminal, on the same progress as the notebook.

It deals the learner's next hand (drawn in text), reads ``POINTS DOUBLES`` (one figure in the
``points`` and ``doubles`` modes), ``show`` or ``quit`` from standard input, answers as the app
does (right or not, what was most likely missed, the line-by-line breakdown) and deals the next.
On a pipe it prints no prompts, so answers can be fed from a file; at the end of the input it
prints the tally (``--json``: as one JSON line, last).
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from ..hands import Hand
from ..files.inputs import InputError, whole_number
from ..tiles import SEAT_NAMES, tile_name
from .played import MODES, Feedback, asks
from .terminal import begin, one_answer
from .trainer import Trainer, TrainerError

__all__ = ["add_arguments", "draw", "run"]


def add_arguments(p) -> None:
    """The options of ``mjscore practice`` (on an argparse parser)."""
    p.add_argument("--name", default=None, help="practise under this name (kept with your progress)")
    p.add_argument("--mode", default=None, choices=list(MODES),
                   help="what you answer: both (hand points and doubles), points or doubles; "
                        "kept for next time (default: as last time, else both)")
    p.add_argument("--json", action="store_true",
                   help="at the end, print the tally as one JSON line")


def draw(hand: Hand) -> str:
    """The hand in text, one set a line, for a terminal.

    >>> print(draw(Hand.from_json({"sets": [{"kind": "pung", "tile": "3B", "exposed": True},
    ...     {"kind": "kong", "tile": "RD"}, {"kind": "pung", "tile": "5C"}, {"kind": "pung", "tile": "EW"},
    ...     {"kind": "pair", "tile": "9D"}], "flowers": ["F1"], "seat": "S"})))
      + 3B 3B 3B        exposed pung of 3 Bamboo
        RD RD RD RD     concealed kong of Red Dragon
        5C 5C 5C        concealed pung of 5 Characters
        EW EW EW        concealed pung of East Wind
        9D 9D           pair of 9 Dots
        F1              Flower 1
      seat South, round East, won on a discard
    """
    lines = []
    for m in hand.sets:
        size = {"pung": 3, "kong": 4, "pair": 2}[m.kind]
        tiles = " ".join([m.tile] * size)
        if m.kind == "pair":
            what = f"pair of {tile_name(m.tile)}"
        else:
            what = f"{'exposed' if m.exposed else 'concealed'} {m.kind} of {tile_name(m.tile)}"
        lines.append(f"  {'+' if m.exposed else ' '} {tiles:<15} {what}")
    if hand.flowers:
        lines.append(f"    {' '.join(hand.flowers):<15} {', '.join(tile_name(f) for f in hand.flowers)}")
    how = ("Earth's Blessing" if hand.blessing == "earth" else "Heaven's Blessing" if hand.blessing == "heaven"
           else "self-drawn (the last tile from the wall)" if hand.self_drawn else "won on a discard")
    lines.append(f"  seat {SEAT_NAMES[hand.seat]}, round {SEAT_NAMES[hand.round]}, {how}")
    return "\n".join(lines)


def _ask(mode: str) -> str:
    return {"both": "POINTS DOUBLES", "points": "POINTS", "doubles": "DOUBLES"}[mode]


def _tally_lines(t: Trainer) -> list[str]:
    if not t.tally.played:
        return ["No hands played yet."]
    out = [f"{MODES[m].capitalize()}: {x.right} of {x.played} right ({x.shown} shown)"
           for m, x in t.tallies.items()]
    return out


def _figure(word: str) -> int | None:
    """One figure of an answer, read by the one reader (mjscore.files.inputs.whole_number), or None."""
    try:
        return whole_number(word, "a figure", 0, 10**9 - 1)
    except InputError:
        return None


def _parse(text: str, mode: str) -> tuple[int | None, int | None]:
    words = text.replace(",", " ").split()
    want = sum(asks(mode))
    numbers = [_figure(w) for w in words]
    if len(words) != want or None in numbers:
        raise TrainerError(f"type {_ask(mode)} ({'two whole numbers' if want == 2 else 'a whole number'}), "
                           f"show or quit")
    if mode == "both":
        return numbers[0], numbers[1]
    return (numbers[0], None) if mode == "points" else (None, numbers[0])


def _say(f: Feedback, out: TextIO) -> None:
    """The verdict and the hints, then the breakdown (which ends with the paper total and score)."""
    verdict = [line for line in f.summary().splitlines() if not line.startswith(("Paper total:", "Score:"))]
    print("\n".join(verdict), file=out)
    print(f.result.explain(), file=out)


def run(args, stdin: TextIO | None = None, out: TextIO | None = None, path=None) -> None:
    """Play until the input ends or says ``quit``."""
    stdin, out = stdin or sys.stdin, out or sys.stdout
    t = Trainer(path)
    if args.mode is not None:
        t.set_mode(args.mode)
    interactive = stdin.isatty()
    who = begin(t, args.name, out)
    print(f"Practising{who}: {MODES[t.mode]}. " + " ".join(_tally_lines(t)), file=out)
    print(f"For each hand type {_ask(t.mode)}, or show, or quit.", file=out)
    while True:
        if t.answered:
            t.next()
        print(f"\nHand {t.current_number}\n{draw(t.current_hand)}", file=out)

        def answer(word: str) -> Feedback:
            return t.show_me() if word == "show" else t.check(*_parse(word, t.mode))

        if not one_answer(t, stdin, out, interactive=interactive, refused=TrainerError, what="two numbers",
                          answer=answer, say=_say):
            _finish(t, args, out)
            return


def _finish(t: Trainer, args, out: TextIO) -> None:
    print("\n" + "\n".join(_tally_lines(t)), file=out)
    if not t.saving:
        print("(This session could not be saved.)", file=out)
    if args.json:
        print(json.dumps(t.to_json(), ensure_ascii=False), file=out)
