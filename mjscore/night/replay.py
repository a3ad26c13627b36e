"""Reading a night's journal by replaying it, a piece at a time, and writing its rows (the
format is described in :mod:`mjscore.night.journal`).

>>> text = '''#players,Ann,Bea,Cat,Dee
... winner,how,thrower,value
... Ann,discard,Cat,25
... Bea,discard,Zed,30
... Dee,self-drawn,,35
... '''
>>> result = read_journal(text)
>>> [str(p) for p in result.problems]
["line 4: the thrower 'Zed' is not one of the players (Ann, Bea, Cat, Dee)"]
>>> len(result.ledger), result.ledger.totals
(2, {'Ann': 30, 'Bea': -95, 'Cat': -120, 'Dee': 185})
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Sequence

from ..inputs import decode, tidy
from .entry import Entry, LedgerError, LoadResult, Problem, cell_in, cell_out, check_players, whole, word, yes
from .ledger import KINDS, Ledger

__all__ = ["journal_text", "read_journal"]

_SETTINGS = ("players", "game") + tuple(s for kind in KINDS.values() for s in kind.settings)
_REQUIRED = ("winner", "how")

# --------------------------------------------------------------------------- writing rows


def _header(ledger: Ledger) -> tuple[str, ...]:
    return ("hand",) + ledger.columns


def _csv(rows) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


def _heading(ledger: Ledger) -> str:
    rows = [["#players", *ledger.players], ["#game", ledger.game]] + ledger.kind.settings_rows()
    return _csv([[r[0], *(cell_out(c) for c in r[1:])] for r in rows] + [_header(ledger)])


def _record(ledger: Ledger, hand: object, entry: Entry | None) -> str:
    cells = [cell_out(getattr(entry, c)) if entry is not None else "" for c in ledger.columns]
    return _csv([[str(hand), *cells]])


def journal_text(ledger: Ledger) -> str:
    """The night as a fresh journal: its heading and one row per hand (no undos, no corrections)."""
    return _heading(ledger) + "".join(_record(ledger, n, e) for n, e in enumerate(ledger.entries, 1))


# --------------------------------------------------------------------------- reading by replaying


class _Replay:
    """Reads a journal's text a piece at a time, applying each record to its ledger."""

    def __init__(self, name: str, players: Sequence[str] | None, game: str | None) -> None:
        self.name, self.players, self.game = name, players, game
        self.settings: dict[str, tuple[int, list[str]]] = {}
        self.header: list[str] | None = None
        self.use: dict[int, str] = {}
        self.hand_col: int | None = None
        self.line = 0          # the lines read so far
        self.problems: list[Problem] = []
        self.ledger: Ledger | None = None
        self._rows: dict[tuple, Entry] = {}
        self.delimiter = ","   # Excel's "sep=;" first line may say otherwise
        self.untidy = False    # read fine, but to be written again plainly before the next hand

    @property
    def canonical(self) -> bool:
        return (self.ledger is not None and not self.untidy
                and tuple(self.header or ()) == _header(self.ledger))

    def feed(self, text: str) -> None:
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
        if key not in _SETTINGS:
            self.problems.append(Problem(line, f"unknown setting {first!r} (known: "
                                               f"{', '.join('#' + s for s in _SETTINGS)})"))
        elif key in self.settings:
            self.problems.append(Problem(line, f"#{key} is given twice (first on line {self.settings[key][0]})"))
        else:
            self.settings[key] = (line, values)

    def finish(self) -> Ledger:
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
            if g not in KINDS:
                raise LedgerError(f"{name} line {line}: the game is american or willingdon, not {g!r}")
            if game is not None and game != g:
                raise LedgerError(f"{name} line {line}: the journal is {KINDS[g].a_night}, not {KINDS[game].a_night}")
            game = g
        kind_type = KINDS.get(game or "american")
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
        own = {k: v[1] for k, v in settings.items() if k in kind_type.settings}
        try:
            kind = kind_type.from_settings(own)
        except LedgerError as e:
            line = min(settings[k][0] for k in own)
            raise LedgerError(f"{name} line {line}: {e}") from None
        for key, (line, _values) in settings.items():
            if key not in ("players", "game") and key not in kind_type.settings:
                self.problems.append(Problem(line, f"#{key} is not a setting of {kind_type.a_night}; ignored"))
        self.ledger = Ledger(players, kind=kind)
        if self.header is not None:
            self._columns()

    def _columns(self) -> None:
        header, line, known = self.header, self.header_line, self.ledger.columns
        missing = [c for c in _REQUIRED if c not in header]
        if missing:
            raise LedgerError(f"{self.name} line {line}: no {missing[0]!r} column (the columns "
                              f"are {', '.join(known)}; only winner and how are required)")
        for i, col in enumerate(header):
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
                entry = self._rows[key] = _entry({col: cell_in(row[i]) if i < len(row) else ""
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


def _entry(cells: dict) -> Entry:
    kw: dict = {}
    for col, cell in cells.items():
        if col in ("jokerless", "fishing"):
            kw[col] = yes(cell, col)
        elif col in ("value", "exposed"):
            kw[col] = whole(cell, "the hand's value" if col == "value" else col)
        elif col == "category":
            kw[col] = cell or "other"
        elif col == "how":
            kw[col] = cell
        else:
            kw[col] = cell or None
    if not kw.get("how"):
        if kw.get("winner"):
            raise LedgerError("say how the hand was won (discard, self-drawn, wall)")
        kw["how"] = "wall"
    kw["note"] = kw.get("note") or ""
    return Entry(**kw)


def _decode(data: bytes, name: str) -> str:
    return decode(data, name, LedgerError)


def _torn_problem(replay: _Replay, torn: bytes, name: str) -> None:
    if replay.ledger is None or replay.header is None:
        raise LedgerError(f"{name} line {replay.line + 1}: the journal's heading is cut short (a crash "
                          f"while the night was being created?): {torn[:40].decode('utf-8', 'replace')!r}")
    replay.problems.append(Problem(replay.line + 1, "the last row is cut short (a crash while it was being "
                                                    "written?): it is not counted, and is set aside in "
                                                    f"{Path(name).stem}.torn.csv before the next hand"))


def read_journal(text: str, *, players: Sequence[str] | None = None, game: str | None = None,
                 name: str = "the journal", tail: bytes = b"") -> LoadResult:
    """A night from journal text (see the module notes for the format).

    ``players`` and ``game`` are for a file that does not name them (a CSV typed by hand);
    when the file names them too, they must agree. ``tail``: the file's last row, after
    ``text``, when it is not text (a crash's NUL bytes, a character cut in half): a journal's row
    cut short, as the writer reads it; refused in a CSV typed by hand. Bad rows become :class:`Problem` s and
    the good ones still load; a file that cannot be read at all (no players anywhere, no
    ``winner`` or ``how`` column) raises :class:`LedgerError` naming the line.
    """
    replay = _Replay(name, players, game)
    text = tidy(text, name, LedgerError)
    cut = text.rfind("\n") + 1
    replay.feed(text[:cut])
    rest = text[cut:]
    if tail:
        if replay.hand_col is None and (replay.header is not None or not tail.startswith(b"#")):
            raise LedgerError(f"{name} line {replay.line + 1} has a NUL character: it is not a text file"
                              if b"\x00" in tail else f"{name} line {replay.line + 1}: the last row is not "
                              "UTF-8 text: save it as UTF-8, from a spreadsheet as CSV UTF-8")
        _torn_problem(replay, tail, name)
    elif rest.strip():
        if replay.hand_col is not None or (replay.header is None and rest.lstrip().startswith("#")):
            _torn_problem(replay, rest.encode(), name)  # a log the ledger wrote: a crash cut it
        else:  # a CSV typed by hand whose last row has no line break
            replay.feed(rest)
    replay.finish()
    return LoadResult(replay.ledger, tuple(sorted(replay.problems, key=lambda p: p.line)))
