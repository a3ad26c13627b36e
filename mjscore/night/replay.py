"""Reading a night's journal by replaying it, a piece at a time.

Each record is applied to the night's ledger in turn (the format is described in
:mod:`mjscore.night.journal_format`).

:class:`Replay` makes no ledger of its own kind: whoever starts it says how a ledger is made
(``new_ledger``), so this module sits below :mod:`mjscore.night.ledger`, which uses it
through the journal file (:mod:`mjscore.night.journal_file`). :func:`mjscore.night.read_journal`
reads journal text with it.

>>> from mjscore.night import Ledger
>>> replay = Replay("tuesday.csv", None, None, new_ledger=Ledger)
>>> replay.feed("#players,Ann,Bea,Cat,Dee\\nwinner,how,thrower,value\\nAnn,discard,Cat,25\\nBea,discard,Zed,30\\n")
>>> [str(p) for p in replay.problems]
["line 4: the thrower 'Zed' is not one of the players (Ann, Bea, Cat, Dee)"]
>>> replay.finish().totals
{'Ann': 100, 'Bea': -25, 'Cat': -50, 'Dee': -25}
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Callable, NamedTuple, Sequence

from .entry import LedgerError, Problem, cell_in, check_players, whole, word
from .journal_format import GAME_KINDS, REQUIRED, SETTINGS, entry_from_cells, header

__all__ = ["Replay", "SettingRow", "torn_problem"]


class SettingRow(NamedTuple):
    """A setting row of a journal (``#players,Ann,Bea,Cat,Dee``): its line and its values."""

    line: int
    values: list[str]


# --------------------------------------------------------------------------- reading by replaying


class Replay:
    """Reads a journal's text a piece at a time, applying each record to its ledger.

    ``name``: the file's name, for messages; ``players`` and ``game``: for a file that does not
    name them (a CSV typed by hand), which must agree with it when it does; ``new_ledger``: makes
    the night's ledger from its players and game (``new_ledger(players, kind=...)``: the
    :class:`~mjscore.night.Ledger` class itself).
    """

    def __init__(self, name: str, players: Sequence[str] | None, game: str | None,
                 new_ledger: Callable[..., object]) -> None:
        self.name, self.players, self.game, self.new_ledger = name, players, game, new_ledger
        self.settings: dict[str, SettingRow] = {}
        self.header: list[str] | None = None
        self.use: dict[int, str] = {}
        self.hand_col: int | None = None
        self.line = 0          # the lines read so far
        self.problems: list[Problem] = []
        self.ledger = None     # the night's ledger, made when its heading has been read
        self._rows: dict[tuple, Entry] = {}
        self.delimiter = ","   # Excel's "sep=;" first line may say otherwise
        self.untidy = False    # read fine, but to be written again plainly before the next hand

    @property
    def canonical(self) -> bool:
        """Whether the file is written as this module writes it (else it is written again).

        A journal written before the ``line`` column (a line of the card) is, until a hand names
        a line (:meth:`mjscore.night.journal_file.Journal.append` writes it again then)."""
        names = tuple(self.header or ())
        return (self.ledger is not None and not self.untidy
                and names in (header(self.ledger), tuple(c for c in header(self.ledger) if c != "line")))

    def feed(self, text: str) -> None:
        """Read ``text``, the next whole rows of the journal.

        Each setting, the column names, then each record applied to the ledger (a bad row
        becomes a :class:`~mjscore.night.entry.Problem`).
        """
        base = self.line
        if base == 0 and text[:4].lower() == "sep=":  # Excel's line naming the column separator
            first, _, text = text.partition("\n")
            sep = first[4:].strip()
            if sep not in (",", ";", "\t", "|") and first[4:5] not in ("\t",):
                raise LedgerError(f"{self.name} line 1: the file's columns are separated by {sep!r}: "
                                  "save it as CSV (commas, semicolons or tabs)")
            self.delimiter = sep or first[4:5]
            self.untidy, base = True, 1
        reader = csv.reader(io.StringIO(text), strict=True, delimiter=self.delimiter)
        while True:
            start = base + reader.line_num + 1
            try:
                row = next(reader)
            except StopIteration:
                break
            except csv.Error as e:
                self.problems.append(Problem(start, f"the row cannot be read as CSV: {e}"))
                continue
            if not any(c.strip() for c in row):
                continue
            if self.header is None:
                self._heading_row(start, row)
            else:
                self._row(start, row)
        self.line = base + reader.line_num

    def _heading_row(self, line: int, row: list[str]) -> None:
        first = row[0].strip()
        if not first.startswith("#"):
            self.header, self.header_line = [word(c) for c in row], line
            self._begin()
            return
        key = word(first[1:])
        values = [cell_in(c) for c in row[1:]]
        while values and not values[-1]:
            values.pop()
        if key not in SETTINGS:
            self.problems.append(Problem(line, f"unknown setting {first!r} (known: "
                                               f"{', '.join('#' + s for s in SETTINGS)})"))
        elif key in self.settings:
            self.problems.append(Problem(line, f"#{key} is given twice (first on line {self.settings[key].line})"))
        else:
            self.settings[key] = SettingRow(line, values)

    def finish(self):
        """The night's ledger, once the whole journal has been fed (made now if the file has no rows)."""
        if self.ledger is None:
            self._begin()
        assert self.ledger is not None
        return self.ledger

    def _begin(self) -> None:
        """The night from its settings (or the arguments), then the columns."""
        name, settings, game = self.name, self.settings, self.game
        if "game" in settings:
            line, values = settings["game"]
            g = word(values[0]) if values else ""
            if g not in GAME_KINDS:
                raise LedgerError(f"{name} line {line}: the game is american or willingdon, not {g!r}")
            if game is not None and game != g:
                raise LedgerError(f"{name} line {line}: the journal is {GAME_KINDS[g].a_night}, "
                                  f"not {GAME_KINDS[game].a_night}")
            game = g
        kind_type = GAME_KINDS.get(game or "american")
        if kind_type is None:
            raise LedgerError(f"the game is american or willingdon, not {game!r}")
        players = self.players
        if "players" in settings:
            line, values = settings["players"]
            try:
                named = kind_type().check_players(check_players(values))
            except LedgerError as e:
                raise LedgerError(f"{name} line {line}: {e}") from None
            if players is not None and check_players(players) != named:
                raise LedgerError(f"{name} line {line}: the journal's players are {', '.join(named)}, "
                                  f"not {', '.join(check_players(players))}")
            players = named
        if players is None:
            raise LedgerError(f"{name} does not name its players: add a first row #players,Ann,Bea,Cat,Dee "
                              f"(or give them with --players)")
        own = {k: row.values for k, row in settings.items() if k in kind_type.settings}
        try:
            kind = kind_type.from_settings(own)
        except LedgerError as e:
            line = min(settings[k].line for k in own)
            raise LedgerError(f"{name} line {line}: {e}") from None
        for key, row in settings.items():
            if key not in ("players", "game") and key not in kind_type.settings:
                self.problems.append(Problem(row.line, f"#{key} is not a setting of {kind_type.a_night}; ignored"))
        self.ledger = self.new_ledger(players, kind=kind)
        if self.header is not None:
            self._columns()

    def _columns(self) -> None:
        names, line, known = self.header, self.header_line, self.ledger.columns
        missing = [c for c in REQUIRED if c not in names]
        if missing:
            raise LedgerError(f"{self.name} line {line}: no {missing[0]!r} column (the columns "
                              f"are {', '.join(known)}; only winner and how are required)")
        for i, col in enumerate(names):
            if not col:
                continue
            if col in self.use.values() or (col == "hand" and self.hand_col is not None):
                raise LedgerError(f"{self.name} line {line}: the column {col!r} appears twice")
            if col == "hand":
                self.hand_col = i
            elif col in known:
                self.use[i] = col
            else:
                self.problems.append(Problem(line, f"unknown column {col!r} for {self.ledger.kind.a_night} "
                                                   f"(known: hand, {', '.join(known)}); ignored"))

    def _row(self, line: int, row: list[str]) -> None:
        ledger = self.ledger
        try:
            used = len(row)
            while used and not row[used - 1].strip():
                used -= 1  # a spreadsheet pads rows with empty cells
            if used > len(self.header):
                raise LedgerError(f"the row has {used} cells but there are {len(self.header)} columns")
            mark = row[self.hand_col].strip().lower() if self.hand_col is not None and self.hand_col < len(row) else ""
            if mark.startswith("undo"):
                n = whole(mark[4:], "the hand undone") or len(ledger)
                if not ledger or n != len(ledger):
                    raise LedgerError(f"undo {n}, but the last hand is hand {len(ledger)}")
                ledger._pop()
                return
            key = tuple(row) if self.hand_col is None else tuple(row[:self.hand_col] + row[self.hand_col + 1:])
            entry = self._rows.get(key)  # a night repeats its rows: read each kind once
            if entry is None:
                entry = self._rows[key] = entry_from_cells({col: cell_in(row[i]) if i < len(row) else ""
                                                  for i, col in self.use.items()})
            hand = ledger.settle(entry)
            n = whole(mark, "the hand number") if mark else None
            if n is not None and 1 <= n <= len(ledger):
                ledger._replace(n, hand)
            elif n is not None and n < 1:
                raise LedgerError(f"there is no hand {n}: hands count from 1")
            else:
                ledger._push(hand)
        except LedgerError as e:
            self.problems.append(Problem(line, str(e)))


def torn_problem(replay: Replay, torn: bytes, name: str) -> None:
    """Note the last row of a journal cut short (``torn``) as a problem of ``replay``.

    A heading cut short is refused.
    """
    if replay.ledger is None or replay.header is None:
        raise LedgerError(f"{name} line {replay.line + 1}: the journal's heading is cut short (a crash "
                          f"while the night was being created?): {torn[:40].decode('utf-8', 'replace')!r}")
    replay.problems.append(Problem(replay.line + 1, "the last row is cut short (a crash while it was being "
                                                    "written?): it is not counted, and is set aside in "
                                                    f"{Path(name).stem}.torn.csv before the next hand"))
