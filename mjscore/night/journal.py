"""A night's journal: an append-only CSV log of its hands, read back by replaying it.

**The format** is a CSV a person can open in a spreadsheet, or type. A few setting rows come
first, each a first cell beginning ``#`` and its values in the cells after it; then the row of
column names; then one row per record::

    #players,Ann,Bea,Cat,Dee
    #game,american
    #jokerless-exempt,quints,singles-and-pairs
    hand,winner,how,thrower,value,jokerless,category,dead,bettor,pick,note
    1,Ann,discard,Cat,25,no,other,,,,
    2,,wall,,,no,other,,,,
    undo 2,,,,,,,,,,
    2,Bea,self-drawn,,30,no,other,,,,
    1,Ann,discard,Dee,25,no,other,,,,

Each hand, undo and correction is **one appended row**: ``hand`` is the hand's number (empty
means the next hand); a number already used is a correction of that hand (the row says the
whole hand again); ``undo N`` takes back hand N, the last. Above, hand 2 was a wall game,
taken back and entered again as Bea's win, then hand 1 was corrected (Dee threw, not Cat).

Setting rows (before the column names): ``#players`` (the four, or five: the fifth listed
sits out and bets unless a hand's ``bettor`` names another), ``#game`` (``american`` or
``willingdon``), and the rules: ``#jokerless-exempt`` (the card's sections with no jokerless
double) for American; ``#east-double``, ``#three-exposed-penalty`` (yes/no),
``#false-mahjong`` (the penalty to each player), ``#clean-hand-doubles`` and
``#minimum-doubles`` for Willingdon. Any setting left out takes its default.

Columns (any order; names are case-blind; only ``winner`` and ``how`` are required, a missing
column is empty in every row, and a CSV typed by hand without ``hand`` is one hand a row):
``winner`` (empty for a wall game; for a Willingdon false mahjong, who called it), ``how``
(``discard``, ``self-drawn``, ``wall``, ``joker-exchange`` or ``heavenly-hand``; Willingdon:
``discard``, ``self-drawn``, ``wall`` or ``false-mahjong``), ``thrower`` (on a discard),
``value`` (the card value; Willingdon: the score, which may be left empty when ``tiles``
gives the hand), ``jokerless`` (yes when declared), ``category`` (the card's section),
``dead`` (players with dead hands, separated by ``;``), ``bettor`` and ``pick`` (five
players: who sat out, whom she backed), ``tiles`` (Willingdon: the hand in the short
notation), ``exposed`` (Willingdon: how many pungs/kongs the winner showed *before* the
discard, for the three-exposed penalty), ``fishing`` (yes when the discarder had no other
choice), ``east`` (who sat East; the seats go round the players in order), ``note``.

Yes/no cells also take ``y``, ``n``, ``true``, ``false``, ``1``, ``0``, ``x``. A text cell that
a spreadsheet would run as a formula gets a leading apostrophe (``'+1Bx4 ...``), which the
reader takes off again.

**Safe with two writers and a crash.** Every record is written under the journal's lock
(:func:`mjscore.storage.locked`) in one appended write, flushed and synced to disk before the
ledger counts it (:func:`mjscore.storage.append_record`). Under the lock the writer first reads
whatever another writer appended since its last look (from the byte offset it had reached: the
cost is the new rows only), so two tabs, or a tab and the command line, each see the other's
hands and never lose one. A last row cut short by a crash mid-write is reported, not counted,
and set aside in ``NAME.torn.csv`` before the next record is written; a heading cut short is
refused. A file with bad rows loads its good ones (each bad row a :class:`Problem`); before the
first write it is kept as ``NAME.before-repair.csv`` and written again clean, as is a CSV typed
by hand (once, into the format above). Temporary files a crash left behind are removed.

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
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Sequence

from ..storage import append_record, atomic_write, data_dir, locked, read_bytes
from .entry import Entry, LedgerError, LoadResult, Problem, cell_in, cell_out, check_players, whole, word, yes
from .ledger import KINDS, Ledger

__all__ = ["Journal", "journal_path", "journal_text", "load_journal", "open_night", "read_journal"]

_SETTINGS = ("players", "game") + tuple(s for kind in KINDS.values() for s in kind.settings)
_REQUIRED = ("winner", "how")
_SIG = 64  # bytes before the offset compared on each look, to notice a file rewritten underneath


def journal_path(name: str | os.PathLike) -> Path:
    """Where the scorekeeper app keeps a journal: a bare file name goes in the ``nights``
    folder of the user data folder (:func:`mjscore.storage.data_dir`: ``MJSCORE_DATA_DIR``
    when set, else ``~/.local/share/mjscore`` or the platform's equivalent); anything with a
    folder in it (``./night.csv``) is used as is.

    >>> journal_path("tuesday.csv").parts[-2:]
    ('nights', 'tuesday.csv')
    >>> str(journal_path("./tuesday.csv"))
    'tuesday.csv'
    """
    text = os.fspath(name)
    if not text.strip():
        raise LedgerError("the journal needs a file name, such as tuesday.csv")
    if "/" in text or os.sep in text:
        return Path(text)
    return data_dir() / "nights" / text


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

    @property
    def canonical(self) -> bool:
        return self.ledger is not None and tuple(self.header or ()) == _header(self.ledger)

    def feed(self, text: str) -> None:
        reader = csv.reader(io.StringIO(text), strict=True)
        base = self.line
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
            hand = ledger.settle(_entry({col: cell_in(row[i]) if i < len(row) else "" for i, col in self.use.items()}))
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
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LedgerError(f"{name} is not a UTF-8 text file (save it as CSV UTF-8)") from None


def _torn_problem(replay: _Replay, torn: bytes, name: str) -> None:
    if replay.ledger is None or replay.header is None:
        raise LedgerError(f"{name} line {replay.line + 1}: the journal's heading is cut short (a crash "
                          f"while the night was being created?): {torn[:40].decode('utf-8', 'replace')!r}")
    replay.problems.append(Problem(replay.line + 1, "the last row is cut short (a crash while it was being "
                                                    "written?): it is not counted, and is set aside in "
                                                    f"{Path(name).stem}.torn.csv before the next hand"))


def read_journal(text: str, *, players: Sequence[str] | None = None, game: str | None = None,
                 name: str = "the journal") -> LoadResult:
    """A night from journal text (see the module notes for the format).

    ``players`` and ``game`` are for a file that does not name them (a CSV typed by hand);
    when the file names them too, they must agree. Bad rows become :class:`Problem` s and
    the good ones still load; a file that cannot be read at all (no players anywhere, no
    ``winner`` or ``how`` column) raises :class:`LedgerError` naming the line.
    """
    replay = _Replay(name, players, game)
    text = text[1:] if text.startswith("\ufeff") else text
    cut = text.rfind("\n") + 1
    replay.feed(text[:cut])
    rest = text[cut:]
    if rest.strip():
        if replay.hand_col is not None or (replay.header is None and rest.lstrip().startswith("#")):
            _torn_problem(replay, rest.encode(), name)  # a log the ledger wrote: a crash cut it
        else:  # a CSV typed by hand whose last row has no line break
            replay.feed(rest)
    replay.finish()
    return LoadResult(replay.ledger, tuple(sorted(replay.problems, key=lambda p: p.line)))


# --------------------------------------------------------------------------- the journal on disk


class Journal:
    """A ledger's journal file: where it has read up to, and how to append to it safely."""

    def __init__(self, path: Path, replay: _Replay) -> None:
        self.path, self.replay = path, replay
        self.offset = 0            # the bytes read (and counted) so far
        self.ino: int | None = None
        self.sig = b""             # the bytes just before the offset, to notice a rewrite
        self.torn = b""            # a last row cut short, not counted
        self.notes: list[str] = []  # what the journal did on its own (a torn row set aside, a repair)

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, ledger: Ledger) -> "Journal":
        """Start ``ledger``'s journal at ``path`` (its heading, on disk); refuse a file holding a night."""
        with locked(path):
            _clean_temporary_files(path)
            if path.exists() and path.stat().st_size > 0:
                raise LedgerError(f"{path.name} already holds a night: open it with open_night() "
                                  f"to carry on, or choose another file name")
            journal = cls(path, _Replay(path.name, None, None))
            journal._wrote(b"", ("\ufeff" + _heading(ledger)).encode("utf-8"), ledger, fresh=True)
        return journal

    @classmethod
    def load(cls, path: Path, players: Sequence[str] | None = None, game: str | None = None) -> LoadResult:
        """Read the night in ``path`` and attach it; see :func:`load_journal`."""
        with locked(path):
            _clean_temporary_files(path)
            return cls._load(path, players, game)

    @classmethod
    def _load(cls, path: Path, players: Sequence[str] | None, game: str | None) -> LoadResult:
        data = read_bytes(path, LedgerError)
        journal = cls(path, _Replay(path.name, players, game))
        journal._read(data, 0)
        journal.ino = os.stat(path).st_ino
        ledger = journal.replay.finish()
        ledger._journal = journal
        return LoadResult(ledger, tuple(sorted(journal.replay.problems, key=lambda p: p.line)))

    def _read(self, data: bytes, start: int) -> None:
        """Replay ``data`` (the file from byte ``start``): whole rows only; a torn tail is kept aside."""
        cut = data.rfind(b"\n") + 1
        whole_rows, self.torn = data[:cut], data[cut:]
        self.replay.feed(_decode(whole_rows, self.path.name) if start == 0 else
                         _decode_tail(whole_rows, self.path.name))
        self.offset = start + cut
        self.sig = (self.sig + whole_rows)[-_SIG:]
        if self.torn:
            typed = self.replay.header is None and not self.torn.lstrip(b"\xef\xbb\xbf").startswith(b"#")
            if typed or (self.replay.hand_col is None and self.replay.header is not None):
                # a CSV typed by hand whose last row has no line break: not a crash
                self.replay.feed(_decode_tail(self.torn, self.path.name))
                self.offset, self.sig, self.torn = start + len(data), (self.sig + self.torn)[-_SIG:], b""
            else:
                _torn_problem(self.replay, self.torn, self.path.name)

    # -- writing ----------------------------------------------------------------------------

    @contextmanager
    def writing(self, ledger: Ledger):
        """Hold the lock; bring ``ledger`` up to date with the file; set aside a torn row and
        repair a damaged or hand-typed file (once); then the caller appends."""
        with locked(self.path):
            self._catch_up(ledger)
            if self.torn:
                self._set_aside_torn()
            damaged = any("cut short" not in p.message for p in self.replay.problems)
            if damaged or not self.replay.canonical:
                self._rewrite(ledger, keep=damaged)
            yield

    def append(self, ledger: Ledger, hand: object, entry: Entry | None) -> None:
        """Append one record (inside :meth:`writing`): on disk when this returns."""
        text = _record(ledger, hand, entry)
        try:
            self._wrote(self.sig, text.encode("utf-8"), ledger)
        except OSError:  # not on disk for sure: take back whatever part of it reached the file
            try:
                fd = os.open(self.path, os.O_WRONLY)
                try:
                    os.ftruncate(fd, self.offset)
                    os.fsync(fd)
                finally:
                    os.close(fd)
            except OSError:
                pass
            raise

    def _wrote(self, sig: bytes, data: bytes, ledger: Ledger, fresh: bool = False) -> None:
        self.offset = append_record(self.path, data)
        self.ino = os.stat(self.path).st_ino
        self.sig = (sig + data)[-_SIG:]
        if fresh:
            self.replay = _Replay(self.path.name, None, None)
            self.replay.feed(data.decode("utf-8-sig"))
            self.replay.ledger = ledger
        else:
            self.replay.line += data.count(b"\n")

    def _catch_up(self, ledger: Ledger) -> None:
        """Read what others appended since our last look (only that), or everything again if the
        file was rewritten underneath."""
        self.replay.ledger = ledger
        try:
            st = os.stat(self.path)
        except FileNotFoundError:  # deleted underneath: write the night as this ledger knows it
            self._rewrite(ledger, keep=False)
            return
        back = len(self.sig)
        if st.st_ino == self.ino and st.st_size >= self.offset:
            if st.st_size == self.offset + len(self.torn):
                return
            with open(self.path, "rb") as f:
                f.seek(self.offset - back)
                data = f.read()
            if data[:back] == self.sig:
                self._read(data[back:], self.offset)
                return
        fresh = Journal._load(self.path, ledger.players, ledger.game)  # rewritten: read it all again
        ledger._adopt(fresh.ledger)
        new = fresh.ledger._journal
        self.replay, self.offset, self.ino, self.sig, self.torn = new.replay, new.offset, new.ino, new.sig, new.torn
        self.replay.ledger = ledger

    def _set_aside_torn(self) -> None:
        aside = self.path.with_name(self.path.stem + ".torn.csv")
        append_record(aside, self.torn + b"\n")
        fd = os.open(self.path, os.O_WRONLY)
        try:
            os.ftruncate(fd, self.offset)
            os.fsync(fd)
        finally:
            os.close(fd)
        self.notes.append(f"the last row of {self.path.name} was cut short by a crash: it is set aside "
                          f"in {aside.name}")
        self.torn = b""
        self.replay.problems = [p for p in self.replay.problems if "cut short" not in p.message]

    def _rewrite(self, ledger: Ledger, *, keep: bool) -> None:
        if keep:
            stem, n = self.path.stem + ".before-repair", 1
            while (copy := self.path.with_name(f"{stem}{'' if n == 1 else f'-{n}'}.csv")).exists():
                n += 1
            atomic_write(copy, self.path.read_bytes())
            self.notes.append(f"{self.path.name} had rows that could not be read: it is written again "
                              f"with the good hands, and kept as it was in {copy.name}")
        data = ("\ufeff" + journal_text(ledger)).encode("utf-8")
        atomic_write(self.path, data)
        st = os.stat(self.path)
        self.ino, self.offset, self.sig, self.torn = st.st_ino, len(data), data[-_SIG:], b""
        self.replay = _Replay(self.path.name, None, None)
        self.replay.header = list(_header(ledger))
        self.replay.hand_col = 0
        self.replay.use = {i: c for i, c in enumerate(ledger.columns, 1)}
        self.replay.ledger = ledger
        self.replay.line = data.count(b"\n")


def _decode_tail(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise LedgerError(f"{name} has rows that are not UTF-8 text (save it as CSV UTF-8)") from None


def _clean_temporary_files(path: Path) -> None:
    """Remove the temporary files a crash in :func:`mjscore.storage.atomic_write` left (only ever
    called under the journal's lock, so no writer is using one)."""
    try:
        for tmp in path.parent.glob(f".{path.name}.*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass
    except OSError:
        pass


def load_journal(path: str | os.PathLike, *, players: Sequence[str] | None = None,
                 game: str | None = None) -> LoadResult:
    """A night from its journal file, attached to it: the next hand is appended there.

    The path is used as given. A file with bad rows loads its good ones, with the problems
    in the result; before the first write the file is kept as ``NAME.before-repair.csv`` and
    written again with the good hands.
    """
    return Journal.load(Path(path), players, game)


def open_night(journal: str | os.PathLike, players: Sequence[str] | None = None,
               **settings: object) -> LoadResult:
    """Carry on the night in ``journal`` if it holds one, else start it with ``players``.

    This is what to call after a kernel restart: the same call starts the night and resumes
    it. ``settings`` (``game``, ``rules``, ...) are for a new night; a journal keeps its own.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tuesday.csv"
    >>> night = open_night(path, ["Ann", "Bea", "Cat", "Dee"]).ledger
    >>> _ = night.add(winner="Dee", how="self-drawn", value=30)
    >>> again = open_night(path).ledger          # after a restart: the players come from the file
    >>> again.players, again.totals
    (('Ann', 'Bea', 'Cat', 'Dee'), {'Ann': -60, 'Bea': -60, 'Cat': -60, 'Dee': 180})
    """
    path = Path(journal)
    if not (path.exists() and path.stat().st_size > 0):
        if players is None:
            raise LedgerError(f"{path.name} is a new night: name the players")
        try:
            return LoadResult(Ledger(players, journal=path, **settings))  # type: ignore[arg-type]
        except LedgerError:
            if not (path.exists() and path.stat().st_size > 0):
                raise
            # another writer started this night a moment ago: carry it on
    return load_journal(path, players=players, game=settings.get("game"))  # type: ignore[arg-type]
