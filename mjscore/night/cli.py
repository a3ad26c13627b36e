"""The night's commands: ``mjscore record``, ``undo``, ``correct`` and ``night`` (registered in
:mod:`mjscore.cli` by :func:`register`). For a table with a laptop and no notebook::

    mjscore record tuesday.csv --players Ann,Bea,Cat,Dee --winner Ann --how discard --thrower Cat --value 25
    mjscore record tuesday.csv --how wall
    mjscore undo tuesday.csv
    mjscore correct tuesday.csv 1 --thrower Dee
    mjscore night tuesday.csv [--json | --csv]

Each change is one record appended to the journal (see :mod:`mjscore.night.journal`), on disk
before the command prints it. A journal named without an extension (``tuesday``) is
``tuesday.csv``, as in the scorekeeper app (:func:`mjscore.night.night_file`). Bad input is refused with one line and nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..files.inputs import regular_file, shown
from ..numbers import signed
from ..willingdon.settle import MAX_PENALTY
from .entry import LedgerError, check_players

__all__ = ["register"]


def register(sub, whole) -> None:
    """Add the night's sub-commands to the ``mjscore`` parser (``whole``: its whole-number type)."""
    p = sub.add_parser("record", help="append a hand to a night's journal (created the first time)")
    p.add_argument("journal", metavar="JOURNAL.csv",
                   help="the night's journal (a CSV file; a name without an extension gets .csv)")
    _night_options(p, whole)
    _hand_options(p, whole)
    p.set_defaults(run=_run_record)

    p = sub.add_parser("undo", help="take back the last hand of a night's journal")
    p.add_argument("journal", metavar="JOURNAL.csv", help="the night's journal")
    p.set_defaults(run=_run_undo)

    p = sub.add_parser("correct", help="correct an earlier hand of a night's journal")
    p.add_argument("journal", metavar="JOURNAL.csv", help="the night's journal")
    p.add_argument("number", type=whole("the hand number", 1, 10**9), metavar="N", help="the hand to correct (from 1)")
    _hand_options(p, whole)
    p.set_defaults(run=_run_correct)

    p = sub.add_parser("night", help="the report card of a night at the table, from its journal")
    p.add_argument("ledger", metavar="JOURNAL.csv",
                   help="the night's journal, or a CSV of its hands typed in a spreadsheet (a row a hand: "
                        "winner, how, thrower, value, ...), or - for standard input")
    p.add_argument("--players", default=None, metavar="ANN,BEA,CAT,DEE",
                   help="the four (or five) players, if the file does not name them")
    p.add_argument("--game", default=None, choices=("american", "willingdon"),
                   help="if the file does not say (default american)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help='print {"totals": {...}, "hands": [...]}')
    out.add_argument("--csv", action="store_true", help="print the report card as CSV")
    p.set_defaults(run=_run_night)


def _night_options(p, whole) -> None:
    g = p.add_argument_group("a new night (the first record)")
    g.add_argument("--players", default=None, metavar="ANN,BEA,CAT,DEE", help="the four (or five) players")
    g.add_argument("--game", default=None, choices=("american", "willingdon"), help="default american")
    g.add_argument("--east-double", action="store_true", help="Willingdon: East pays and receives double")
    g.add_argument("--three-exposed-penalty", action="store_true", help="Willingdon: the penalty rule")
    g.add_argument("--false-mahjong", type=whole("--false-mahjong", 0, MAX_PENALTY), default=None, metavar="N",
                   help="Willingdon: what a false mahjong costs, to each player (default 500)")


def _hand_options(p, whole) -> None:
    g = p.add_argument_group("the hand")
    g.add_argument("--winner", default=None, help="who went mah jongg (none for a wall game)")
    g.add_argument("--how", default=None, metavar="HOW",
                   help="discard, self-drawn, wall, joker-exchange, heavenly-hand; Willingdon: false-mahjong")
    g.add_argument("--thrower", default=None, help="who threw the winning tile (on a discard)")
    # read here as every typed number is (a whole number or refused), bounded by the night's game as the
    # scorekeeper app's box is: "the hand's value must be 100,000 or less", "the score must be from 0 to ..."
    g.add_argument("--value", type=whole("--value", None), default=None,
                   help="the card value (American) or the score (Willingdon)")
    g.add_argument("--jokerless", action=argparse.BooleanOptionalAction, default=None,
                   help="declared jokerless (American)")
    g.add_argument("--category", default=None, help="the card's section (American; default other)")
    g.add_argument("--line", default=None, metavar="'SECTION #N'",
                   help="American: a line of the club's card instead of --value, such as 'Evens #3' (or 'Evens #3 "
                        "concealed'): its value and section kind come from the card")
    g.add_argument("--card", default=None, metavar="FILE",
                   help="the club's card for --line (CSV or JSON; default card.csv or card.json in the data folder)")
    # A comma, as --players takes names: a bare ";" would end the command at the shell (the journal's
    # own column keeps ";", its cells being separated by commas).
    g.add_argument("--dead", default=None, metavar="A,B", type=lambda names: names.replace(",", ";"),
                   help="whose hands were dead, separated by commas, such as --dead Cat,Dee (American)")
    g.add_argument("--bettor", default=None, help="five players: who sits out this hand")
    g.add_argument("--pick", default=None, help="five players: whom the bettor backs")
    g.add_argument("--tiles", default=None, metavar="NOTATION",
                   help="Willingdon: the hand in the short notation, e.g. 'RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1'")
    g.add_argument("--exposed-before", type=whole("--exposed-before", 0, 4), default=None, metavar="N",
                   help="Willingdon: sets the winner showed before the discard (three-exposed penalty)")
    g.add_argument("--fishing", action=argparse.BooleanOptionalAction, default=None,
                   help="Willingdon: the discarder was fishing with no other choice")
    g.add_argument("--east", default=None, help="Willingdon: who sat East (default the first player)")
    g.add_argument("--note", default=None, help="anything to remember")


def _fields(args) -> dict:
    names = {"exposed_before": "exposed"}
    out = {}
    for attr in ("winner", "how", "thrower", "value", "jokerless", "category", "dead", "bettor", "pick",
                 "tiles", "exposed_before", "fishing", "east", "note"):
        v = getattr(args, attr)
        if v is not None:
            out[names.get(attr, attr)] = v
    if args.line is not None:
        out.update(_from_card(args, out))
    elif args.card is not None:
        raise LedgerError("--card is the card for --line: name the line, such as --line 'Evens #3'")
    return out


def _from_card(args, given: dict) -> dict:
    """The value, section kind and line of the card ``--line`` names; refused where --value or
    --category says otherwise."""
    from .card import card_for

    pick = card_for(args.card).pick(args.line)
    if given.get("value") not in (None, pick.value):
        raise LedgerError(f"the card gives {pick.name} the value {pick.value:,}, not {given['value']:,}: "
                          "give --line or --value")
    if given.get("category") not in (None, pick.category):
        raise LedgerError(f"{pick.name} is in a section of kind {pick.category}, not {given['category']}")
    return {"value": pick.value, "category": pick.category, "line": pick.name}


def _players(text: str | None):
    return None if text is None else [n.strip() for n in text.split(",")]


def _journal(text: str) -> Path:
    """The journal a name on the command line means (``tuesday``: ``tuesday.csv``)."""
    from .journal import night_file

    return night_file(text)


def _open(path: Path):
    from .journal import load_journal

    if not (path.exists() and path.stat().st_size > 0):
        raise LedgerError(f"{path} holds no night yet: start it with mjscore record {path} --players ...")
    return _checked(load_journal(path))


def _checked(result):
    """Refuse a journal with bad rows (a torn last row is no refusal: it is set aside)."""
    bad = [p for p in result.problems if "cut short" not in p.message]
    if bad:
        more = len(bad) - 1
        raise LedgerError(f"{result.ledger.journal} {bad[0]}" + (f" (and {more} more bad row{'s' * (more > 1)})"
                                                                 if more else "") + ": fix it first")
    return result.ledger


def _show(ledger, line, verb: str) -> None:
    print(f"{verb} hand {line.number}: {shown(line.text)}")
    width = max(len(p) for p in ledger.players)
    for p in ledger.players:
        v = line.payments[p]
        word = "collects" if v > 0 else "pays" if v < 0 else "pays nothing"
        print(f"  {p.ljust(width)}  {word}{f' {abs(v):,}' if v else ''}")
    _totals(ledger)


def _totals(ledger) -> None:
    print("Totals: " + ", ".join(f"{p} {signed(v)}" for p, v in ledger.totals.items()))
    for note in ledger._journal.notes if ledger._journal is not None else ():
        print(f"mjscore: note: {note}", file=sys.stderr)


def _run_record(args) -> None:
    from .journal import open_night
    from .ledger import Ledger
    from ..willingdon.settle import TableRules

    path = _journal(args.journal)
    regular_file(path, "journal", LedgerError)
    fields = _fields(args)
    if "how" not in fields:
        raise LedgerError("--how is needed: discard, self-drawn or wall (Willingdon: also false-mahjong)")
    if path.exists() and path.stat().st_size > 0:
        night = _open(path)
        players = _players(args.players)
        if players is not None and check_players(players) != night.players:
            raise LedgerError(f"{path} is the night of {', '.join(night.players)}, not {', '.join(players)}")
        if args.game is not None and args.game != night.game:
            raise LedgerError(f"{path} is {night.kind.a_night}, not a {args.game} one")
    else:
        if args.players is None:
            raise LedgerError(f"{path} is a new night: name the players with --players Ann,Bea,Cat,Dee")
        settings: dict = {"game": args.game or "american"}
        t = {k: v for k, v in (("east_double", args.east_double or None),
                               ("three_exposed_penalty", args.three_exposed_penalty or None),
                               ("false_mahjong", args.false_mahjong)) if v is not None}
        if t:
            if settings["game"] != "willingdon":
                raise LedgerError("--east-double, --three-exposed-penalty and --false-mahjong are "
                                  "Willingdon rules: add --game willingdon")
            settings["table_rules"] = TableRules(**t)
        Ledger(_players(args.players), **settings).check(**fields)  # refuse before writing anything
        night = open_night(path, _players(args.players), **settings).ledger
    line = night.add(**fields)
    _show(night, line, "Saved")


def _run_undo(args) -> None:
    night = _open(_journal(args.journal))
    line = night.undo()
    print(f"Took back hand {line.number}: {line.text}")
    _totals(night)


def _run_correct(args) -> None:
    night = _open(_journal(args.journal))
    fields = _fields(args)
    if not fields:
        raise LedgerError("say what to correct, e.g. --thrower Dee or --value 30")
    if fields.get("how") in ("wall", "wall-game"):  # a wall game keeps nothing of a win
        for k in ("winner", "thrower", "value", "jokerless", "tiles", "exposed", "fishing"):
            fields.setdefault(k, None if k not in ("jokerless", "fishing") else False)
    elif fields.get("how") in ("self-drawn", "self") and "thrower" not in fields:
        fields["thrower"] = None
    line = night.correct(args.number, **fields)
    _show(night, line, "Corrected")


def _run_night(args) -> None:
    from .journal import read_night_file

    source = args.ledger if args.ledger == "-" else str(_journal(args.ledger))
    result = read_night_file(source, players=_players(args.players), game=args.game)
    name = "standard input" if source == "-" else source
    bad = [p for p in result.problems if "cut short" not in p.message]
    if bad:
        first, more = bad[0], len(bad) - 1
        raise LedgerError(f"{name} {first}" + (f" (and {more} more bad row{'s' * (more > 1)})" if more else ""))
    for p in result.problems:
        print(f"mjscore: note: {name} {p}", file=sys.stderr)
    night = result.ledger
    if args.json:
        data = night.to_json()
        hands = ",\n".join(f"    {json.dumps(h, ensure_ascii=False)}" for h in data["hands"])
        print("{\n" + f'  "totals": {json.dumps(data["totals"], ensure_ascii=False)},\n'
              + ('  "hands": [\n' + hands + "\n  ]\n}" if hands else '  "hands": []\n}'))
    elif args.csv:
        sys.stdout.write(night.report_csv())
    else:
        print("\n".join(shown(row) for row in night.report_text().split("\n")))
