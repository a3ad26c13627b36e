"""``mjscore season``: the standings of a season of nights (registered in :mod:`mjscore.cli` by
:func:`register`)::

    mjscore season                       # the nights the scorekeeper keeps (the data folder's nights)
    mjscore season nights/ 2025-03-04.csv [--json | --csv]

It reads the journals as they are and writes nothing (:mod:`mjscore.night.season`). A journal
that cannot be read is named on stderr with its reason (``mjscore: note:``) and the rest are
counted; when none can be, the command is refused with one line and status 2.
"""

from __future__ import annotations

import json
import sys

from ..files.inputs import shown
from .season import SeasonError, read_season
from .season_report import season_csv, season_json, season_text

__all__ = ["register"]


def register(sub, whole) -> None:
    """Add ``mjscore season`` to the ``mjscore`` parser (``whole``: its whole-number type, unused here)."""
    p = sub.add_parser("season", help="a season's standings: several nights' journals added up, player by player")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="nights' journals, or folders of them (default: the nights the scorekeeper keeps, in "
                        "the data folder)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true",
                     help='print {"games": [...], "skipped": [...], "notes": [...]}: each game\'s standings, '
                          "nights and running totals")
    out.add_argument("--csv", action="store_true",
                     help="print CSV, one row a player a night: the result, hands won, the season total after it")
    p.set_defaults(run=_run_season)


def _run_season(args) -> None:
    season = read_season(args.paths or None)
    if not season.games and len(season.skipped) < 2:
        why = f": {season.skipped[0]}" if season.skipped else f" ({'; '.join(season.notes)})"
        raise SeasonError(f"no night of the season could be counted{why}")
    for skipped in season.skipped:
        print(f"mjscore: note: not counted: {shown(str(skipped))}", file=sys.stderr)
    for note in season.notes:
        print(f"mjscore: note: {shown(note)}", file=sys.stderr)
    if not season.games:
        raise SeasonError(f"none of the {len(season.skipped)} journals could be counted: each is named above")
    if args.json:
        print(json.dumps(season_json(season), ensure_ascii=False, indent=1))
    elif args.csv:
        sys.stdout.write(season_csv(season))
    else:
        print("\n".join(shown(row) for row in season_text(season).split("\n")))
