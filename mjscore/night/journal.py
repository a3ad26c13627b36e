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

:func:`read_journal` (in :mod:`mjscore.night.replay`) reads journal text without a file.
"""

from __future__ import annotations

import glob
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Sequence

from ..inputs import LIMITS, read_input, regular_file, tidy
from ..storage import append_record, atomic_write, cut_back, data_dir, locked
from .entry import Entry, LedgerError, LoadResult
from .ledger import Ledger
from .replay import _decode, _header, _heading, _record, _Replay, _torn_problem, journal_text, read_journal

__all__ = ["Journal", "journal_path", "journal_text", "list_nights", "load_journal", "open_night", "read_journal"]

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
        regular_file(path, "journal", LedgerError)
        data = read_input(path, limit=LIMITS["journal"], what="journal", error=LedgerError)
        journal = cls(path, _Replay(path.name, players, game))
        journal._read(data, 0)
        journal.ino = os.stat(path).st_ino
        ledger = journal.replay.finish()
        ledger._journal = journal
        return LoadResult(ledger, tuple(sorted(journal.replay.problems, key=lambda p: p.line)))

    def _read(self, data: bytes, start: int) -> None:
        """Replay ``data`` (the file from byte ``start``): whole rows only; a torn tail is kept aside."""
        if data.endswith(b"\x1a") or b"\r" in data:  # a Ctrl-Z or CR line ends: write it plainly next
            self.replay.untidy = True
            data = data.rstrip(b"\x1a")
        cut = data.rfind(b"\n") + 1
        whole_rows, self.torn = data[:cut], data[cut:]
        self.replay.feed(_decode(whole_rows, self.path.name) if start == 0 else
                         _decode_tail(whole_rows, self.path.name))
        self.offset = start + cut
        self.sig = (self.sig + whole_rows)[-_SIG:]
        if self.torn:
            typed = self.replay.header is None and not self.torn.lstrip(b"\xef\xbb\xbf").startswith(b"#")
            if typed or (self.replay.hand_col is None and self.replay.header is not None):
                # a CSV typed by hand whose last row has no line break: not a crash; written again
                # plainly before the next record (appended, it would join that row)
                self.replay.feed(_decode_tail(self.torn, self.path.name))
                self.replay.untidy = True
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

    def refresh(self, ledger: Ledger) -> bool:
        """Catch up with the file (under the lock, reading only); True when something changed."""
        before = (self.ino, self.offset)
        with locked(self.path):
            if self.path.exists():
                self._catch_up(ledger)
        return (self.ino, self.offset) != before

    def append(self, ledger: Ledger, hand: object, entry: Entry | None) -> None:
        """Append one record (inside :meth:`writing`): on disk when this returns."""
        text = _record(ledger, hand, entry)
        try:
            self._wrote(self.sig, text.encode("utf-8"), ledger)
        except OSError:  # not on disk for sure: take back whatever part of it reached the file
            try:
                cut_back(self.path, self.offset)
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
        cut_back(self.path, self.offset)
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
        return tidy(data.decode("utf-8"), name, LedgerError)
    except UnicodeDecodeError:
        raise LedgerError(f"{name} has rows that are not UTF-8 text (save it as CSV UTF-8)") from None


def _clean_temporary_files(path: Path) -> None:
    """Remove the temporary files a crash in :func:`mjscore.storage.atomic_write` left (only ever
    called under the journal's lock, so no writer is using one)."""
    try:
        for tmp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass
    except OSError:
        pass


def list_nights(folder: str | os.PathLike | None = None) -> list[Path]:
    """The saved nights in ``folder`` (default the data folder's ``nights``), newest first: every
    journal, without the copies kept beside them (``.before-repair``, ``.torn``).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = open_night(folder / "tuesday.csv", ["Ann", "Bea", "Cat", "Dee"])
    >>> [p.name for p in list_nights(folder)]
    ['tuesday.csv']
    """
    folder = Path(folder) if folder is not None else data_dir() / "nights"
    try:
        found = [p for p in folder.glob("*.csv") if not p.name.startswith(".")
                 and ".before-repair" not in p.name and not p.name.endswith(".torn.csv")]
    except OSError:
        return []
    return sorted(found, key=lambda p: (-p.stat().st_mtime, p.name))


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
    regular_file(path, "journal", LedgerError)
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
