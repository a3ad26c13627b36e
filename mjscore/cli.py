"""The command line: ``mjscore`` or ``python -m mjscore``.

Every refusal is one line on stderr starting ``mjscore: error:`` and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from typing import Sequence

from .files.inputs import MAX_SEED  # the largest --seed
from .night.entry import MAX_VALUE  # the largest card value
from .willingdon.rules import MAX_DOUBLES  # a doubles setting is 0 to 13


class CLIError(ValueError):
    """Bad input on the command line."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """Refuse bad usage with a :class:`CLIError` (one line on stderr, status 2), not argparse's exit.

        argparse puts ``argument --value: `` before a value's own message; where that message
        names the option already (``--value must be a whole number``), it is said once.
        """
        prefix = re.match(r"argument ([^:]+): (?=\1\b)", message)
        raise CLIError(message[prefix.end():] if prefix else message)


def _whole(what: str, minimum: int = 0, maximum: int | None = None):
    """An argparse type: a whole number from ``minimum`` to ``maximum``, refused naming ``what``."""
    from .files.inputs import InputError, whole_number

    def convert(text: str) -> int:
        try:
            return whole_number(text, what, minimum, maximum, required=True)
        except InputError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return convert


def _read_text(path: str, what: str = "hand file", kind: str = "hand") -> str:
    """A file's text (or standard input's, for ``-``), bounded and decoded (mjscore.files.inputs)."""
    from .files.inputs import read_text

    return read_text(path, kind, what, CLIError)


def _hand_text(given: str) -> str:
    """The hand as given on the command line: the text of a file (or of standard input, for
    ``-``), else the argument itself, read as the notation or as JSON. A name that looks like a
    file's (one word ending .json or .txt, or a path) and is not there is refused as a file."""
    if given == "-" or os.path.exists(given):
        return _read_text(given)
    if " " not in given.strip() and (given.lower().endswith((".json", ".txt")) or os.sep in given):
        raise CLIError(f"no such hand file: {given}")
    return given


def _where(path: str) -> str:
    return "standard input" if path == "-" else path


def _print_json(data: object) -> None:
    """JSON for a person and a program: one key a line, each value kept on its line."""
    if isinstance(data, dict) and data:
        body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items())
        print("{\n" + body + "\n}")
    else:
        print(json.dumps(data, ensure_ascii=False))


# --------------------------------------------------------------------------- willingdon


def _add_willingdon(sub) -> None:
    p = sub.add_parser("willingdon", help="score a Willingdon hand, given in the short notation or as JSON")
    p.add_argument("hand", metavar="HAND", help="the hand in the short notation (quoted, such as \"RDx3 +1Bx4 "
                   "+EWx3 9Bx3 GDx2 F1 S3 seat=E\"), a file holding it or its JSON, or - for standard input")
    p.add_argument("--clean-hand-doubles", type=_whole("--clean-hand-doubles", 0, MAX_DOUBLES), default=None,
                   metavar="N", help=f"doubles for a Clean Hand, 0 to {MAX_DOUBLES} (default 0, as the rule book)")
    p.add_argument("--minimum-doubles", type=_whole("--minimum-doubles", 0, MAX_DOUBLES), default=None,
                   metavar="N", help=f"doubles a hand needs to pay anything, 0 to {MAX_DOUBLES} (default 3)")
    p.add_argument("--explain", action="store_true", help="print the breakdown for a person")
    p.set_defaults(run=_run_willingdon)


def _run_willingdon(args) -> None:
    from .hands import HandError, load_hand
    from .willingdon.scoring import WILLINGDON, score

    try:
        hand = load_hand(_hand_text(args.hand))
    except HandError as e:
        raise CLIError(f"{_where(args.hand)}: {e}") from None
    rules = WILLINGDON
    settings = {k: v for k, v in (("clean_hand_doubles", args.clean_hand_doubles),
                                  ("minimum_doubles", args.minimum_doubles)) if v is not None}
    if settings:
        rules = rules.with_settings(**settings)
    result = score(hand, rules)
    if args.explain:
        print(result.explain())
    else:
        _print_json(result.to_json())


# --------------------------------------------------------------------------- american


def _add_american(sub) -> None:
    from .american.home import CATEGORIES, HOWS

    p = sub.add_parser("american", help="who pays what for an American Mah Jongg hand")
    p.add_argument("--value", required=True, type=_whole("the hand's value", 1, MAX_VALUE), metavar="N",
                   help=f"the hand's value on the card, 1 to {MAX_VALUE:,}")
    p.add_argument("--how", required=True, choices=HOWS, metavar="{" + "|".join(HOWS) + "}",
                   help="how the hand was won (a joker exchange and a Heavenly Hand pay as self-drawn)")
    p.add_argument("--jokerless", action="store_true", help="declared jokerless")
    p.add_argument("--category", default="other", choices=list(CATEGORIES),
                   metavar="{" + "|".join(CATEGORIES) + "}",
                   help="the card's section the hand is from (the jokerless double depends on it; default other)")
    p.add_argument("--league-card", action="store_true",
                   help="exempt only Singles and Pairs from the jokerless double, as the card prints it")
    p.set_defaults(run=_run_american)


def _run_american(args) -> None:
    from .american.home import HOME, LEAGUE_CARD, home_payments

    payout = home_payments(args.value, args.how, jokerless=args.jokerless, category=args.category,
                           rules=LEAGUE_CARD if args.league_card else HOME)
    _print_json(payout.to_json())


# --------------------------------------------------------------------------- deal

#: More practice hands than this in one go is surely a typing slip.
_MAX_DEAL = 100_000


def _add_deal(sub) -> None:
    p = sub.add_parser("deal", help="deal practice hands as JSON: Willingdon hands (the six ramp hands first), "
                                    "or the American or tournament drill's situations with their answers")
    p.add_argument("--count", type=_whole("--count", 0, _MAX_DEAL), default=10,
                   help=f"how many hands, 0 to {_MAX_DEAL:,} (default 10)")
    p.add_argument("--seed", type=_whole("--seed", 0, MAX_SEED), default=0,
                   help="seed of the random hands after the warm-up hands (default 0)")
    _add_game(p, "what to deal")
    p.set_defaults(run=_run_deal)


def _run_deal(args) -> None:
    from .willingdon.deal import deal

    if args.count > _MAX_DEAL:
        raise CLIError(f"--count must be {_MAX_DEAL:,} or less, not {args.count:,}")
    if args.game != "willingdon":
        from .practice.deal import dealt_json

        items = dealt_json(args.game, args.count, args.seed, table=args.table)
    else:
        _no_table(args)
        items = [h.to_json() for h in deal(args.count, args.seed)]
    lines = [json.dumps(x, ensure_ascii=False) for x in items]
    print("[\n" + ",\n".join(f"  {x}" for x in lines) + "\n]" if lines else "[]")


#: The games a drill practises: the Willingdon trainer, American payments, tournament points.
_GAMES = ("willingdon", "american", "tournament")


def _add_game(p, what: str) -> None:
    p.add_argument("--game", default="willingdon", choices=_GAMES, metavar="{" + "|".join(_GAMES) + "}",
                   help=f"{what}: willingdon (the default), american (who pays what at home) or "
                        "tournament (each player's points under an organizer's table)")
    p.add_argument("--table", default=None, metavar="NAME|FILE",
                   help="--game tournament: a preset (common, variant) or an organizer's table file (.json); "
                        "default: as last time, else common")


def _no_table(args) -> None:
    if args.table is not None and args.game != "tournament":
        raise CLIError("--table is for --game tournament")


# --------------------------------------------------------------------------- tournament


def _add_tournament(sub) -> None:
    from .american.home import CATEGORIES
    from .american.tournament.tables import PRESET_NAMES, TOURNAMENT_HOWS

    p = sub.add_parser("tournament", help="tournament points for an American Mah Jongg hand, by role")
    p.add_argument("--value", type=_whole("the hand's value", 1, MAX_VALUE), default=None,
                   help="the card value (not needed for a wall or unfinished game)")
    p.add_argument("--how", required=True, choices=TOURNAMENT_HOWS,
                   metavar="{" + "|".join(TOURNAMENT_HOWS) + "}",
                   help="how the game ended (wall: the wall ran out; unfinished: time was called)")
    p.add_argument("--jokerless", action="store_true", help="the winning hand has no jokers")
    p.add_argument("--exposures", type=_whole("--exposures", 0, 4), default=0,
                   help="how many exposures the winner showed, 0 to 4 (default 0)")
    p.add_argument("--category", default="other", choices=list(CATEGORIES),
                   metavar="{" + "|".join(CATEGORIES) + "}", help="the card's section the hand is from (default other)")
    p.add_argument("--table", default="common", metavar="NAME|FILE",
                   help=f"a preset ({', '.join(PRESET_NAMES)}; default common) or an organizer's table file (.json)")
    p.set_defaults(run=_run_tournament)


def _run_tournament(args) -> None:
    from .american.tournament.scoring import points_by_role
    from .american.tournament.tables import SCORES_AS, get_table

    table = get_table(args.table)
    value = args.value
    if SCORES_AS[args.how] in ("wall", "unfinished"):
        value = None  # nobody won: the card value plays no part
    elif value is None:
        raise CLIError("--value is needed: the card value of the winning hand, such as 25")
    _print_json(points_by_role(value, args.how, jokerless=args.jokerless, exposures=args.exposures,
                               category=args.category, table=table))


# --------------------------------------------------------------------------- night


def _add_night(sub) -> None:
    """``record``, ``undo``, ``correct``, ``night`` (mjscore/night/cli.py) and ``season`` (season_cli.py)."""
    from .night import cli as night_cli, season_cli

    night_cli.register(sub, _whole)
    season_cli.register(sub, _whole)


# --------------------------------------------------------------------------- stats


def _add_stats(sub) -> None:
    """``mjscore stats``: its options and its code are in mjscore.willingdon.stats_cli."""
    from .willingdon.stats_cli import register

    register(sub, _whole)


# --------------------------------------------------------------------------- main

#: Examples at the foot of each command's help (the tests run them, in this order, in one folder).
EXAMPLES = {
    "willingdon": ['mjscore willingdon "RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3 seat=E" --explain',
                   'mjscore willingdon "2Bx3 5Bx3 7Bx3 RDx3 EWx2" --minimum-doubles 0'],
    "american": ["mjscore american --value 25 --how discard", "mjscore american --value 30 --how self-drawn --jokerless"],
    "deal": ["mjscore deal --count 3 --seed 7", "mjscore deal --game american --count 2"],
    "tournament": ["mjscore tournament --value 25 --how discard --exposures 2",
                   "mjscore tournament --how wall --table variant"],
    "record": ["mjscore record tuesday.csv --players Ann,Bea,Cat,Dee --winner Ann --how discard --thrower Cat "
               "--value 25",
               "mjscore record tuesday.csv --winner Bea --how self-drawn --value 30"],
    "correct": ["mjscore correct tuesday.csv 1 --value 35"],
    "night": ["mjscore night tuesday.csv", "mjscore night tuesday.csv --csv > tuesday-report.csv"],
    "undo": ["mjscore undo tuesday.csv"], "season": ["mjscore season tuesday.csv", "mjscore season . --csv"],
    "stats": ["mjscore stats --hands 2000 --seed 1"],
    "practice": ["mjscore practice", "mjscore practice --game american"],
    "class": ["mjscore class class-logs/", "mjscore class class-logs/ --json"],
    "lessons": ["mjscore lessons mahjong-course", "mjscore lessons mahjong-course --replace-edited"],
}


def build_parser() -> Parser:
    """The ``mjscore`` parser with every command registered."""
    from . import __version__

    parser = Parser(prog="mjscore", description="Score American Mah Jongg and Willingdon hands.",
                    epilog="each command's own help, with examples: mjscore COMMAND --help")
    parser.add_argument("--version", action="version", version=f"mjscore {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for add in _COMMANDS:
        add(sub)
    for name, command in sub.choices.items():  # each command's help ends with examples to copy
        command.formatter_class = argparse.RawDescriptionHelpFormatter
        command.epilog = "examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES[name])
    parser.command_names = sorted(sub.choices)  # `choices`: the public face of the sub-parsers action
    return parser


_COMMANDS = [_add_willingdon, _add_american, _add_deal, _add_tournament, _add_night]
_COMMANDS.append(_add_stats)  # mjscore stats (its own line, to keep merges with other commands easy)


# --------------------------------------------------------------------------- practice


def _add_practice(sub) -> None:
    """``mjscore practice``: the Willingdon trainer (mjscore.practice.trainer_terminal), or with
    ``--game american|tournament`` a drill (mjscore.practice.terminal)."""
    p = sub.add_parser("practice", help="practise at the terminal: scoring Willingdon hands, or with --game "
                                        "american|tournament who pays what, or each player's points")
    from .practice.trainer_terminal import add_arguments

    add_arguments(p)
    _add_game(p, "what to practise")
    p.set_defaults(run=_run_practice)


def _run_practice(args) -> None:
    _no_table(args)
    if args.game == "willingdon":
        from .practice.trainer_terminal import run

        run(args)
        return
    if args.mode is not None:
        raise CLIError("--mode is for the Willingdon trainer (--game willingdon)")
    from .practice.terminal import run as run_drill

    run_drill(args)


_COMMANDS.append(_add_practice)


# --------------------------------------------------------------------------- class


def _add_class(sub) -> None:
    """``mjscore class``: the teacher's view of a class's progress logs (mjscore.practice.teacher)."""
    p = sub.add_parser("class", help="a teacher's view: read the progress logs of a class (files or folders)")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="progress logs (.jsonl), or folders to search for them (every *.jsonl below)")
    p.add_argument("--json", action="store_true", help="print one JSON object with a students list")
    p.set_defaults(run=_run_class)


def _run_class(args) -> None:
    from .practice.teacher import read_class

    report = read_class(args.paths)
    for problem in report.problems:
        _say(f"mjscore: note: {_one_line(problem)}")
    if not report.students:
        raise CLIError("no progress log could be read in " + ", ".join(map(_one_line, args.paths)))
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(report.text())


_COMMANDS.append(_add_class)


# --------------------------------------------------------------------------- lessons


def _add_lessons(sub) -> None:
    """``mjscore lessons DIR``: put the course in a folder (mjscore.files.course)."""
    p = sub.add_parser("lessons", help="put the course (the lessons, the rule book, the teacher's notebook) in a "
                                       "folder; run it again for a new version's lessons")
    p.add_argument("folder", metavar="DIR", help="the folder for the course (made if missing)")
    p.add_argument("--replace-edited", action="store_true",
                   help="replace a lesson you have changed without asking, keeping yours as NAME-yours.ipynb "
                        "(at a terminal you are asked; otherwise a changed lesson is kept)")
    p.set_defaults(run=_run_lessons)


def _run_lessons(args) -> None:
    from .files.course import put_course, trust

    def ask(name: str) -> bool:
        if args.replace_edited:
            return True
        if not sys.stdin.isatty():
            return False
        while True:  # an answer that is neither yes nor no is asked again, never taken as either
            answer = input(f"You have changed {name}. Replace it with the course's copy (yours is kept beside it "
                           f"as {name.removesuffix('.ipynb')}-yours.ipynb)? [y/N] ").strip().lower()
            if answer in ("", "n", "no", "y", "yes"):
                return answer in ("y", "yes")

    done = put_course(args.folder, ask)
    print(done.text())
    trust(done.folder, [*done.added, *done.updated, *done.replaced, *done.unchanged])


_COMMANDS.append(_add_lessons)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command of the command line; return its exit status.

    Bad input: one ``mjscore: error:`` line and status 2. The output cannot be written (a full
    disk): one line and status 1. Its reader went away (``| head``): quietly, 1.
    """
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "run", None):
            raise CLIError("name a command: " + ", ".join(parser.command_names))
        args.run(args)
        sys.stdout.flush()
    except ValueError as e:  # every engine error is a ValueError subclass
        _say(f"mjscore: error: {_one_line(e)}")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _drop_stdout()
        return 1
    except OSError as e:  # the output could not be written (a full disk), or a file not kept
        _drop_stdout()
        where = f" {e.filename}" if e.filename else " the output"
        _say(f"mjscore: error: cannot write{where}: {e.strerror or e}")
        return 1
    except RecursionError:
        _say("mjscore: error: the input is nested too deeply to read")
        return 2
    return 0


def _one_line(e: BaseException) -> str:
    from .files.inputs import shown

    line = shown(" ".join(str(e).split()) or type(e).__name__)
    return line if len(line) <= 500 else line[:480] + "… (cut short)"


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr)
    except OSError:
        pass


def _drop_stdout() -> None:
    """Point standard output at nothing, so that Python's last flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
