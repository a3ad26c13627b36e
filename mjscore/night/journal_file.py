"""A night's journal file on disk: appended to safely, and read back when another writer appends.

Only what is new is read. The format of its rows is :mod:`mjscore.night.journal_format`.

**Safe with two writers and a crash.** Every record is written under the journal's lock
(:func:`mjscore.files.storage.locked`) in one appended write, flushed and synced to disk before the
ledger counts it (:func:`mjscore.files.storage.append_record`). Under the lock the writer first reads
whatever another writer appended since its last look (from the byte offset it had reached: the
cost is the new rows only), so two tabs, or a tab and the command line, each see the other's
hands and never lose one. A last row cut short by a crash mid-write is reported, not counted,
and set aside in ``NAME.torn.csv`` before the next record is written; a heading cut short is
refused. A file with bad rows loads its good ones (each bad row a
:class:`~mjscore.night.entry.Problem`); before the first write it is kept as
``NAME.before-repair.csv`` and written again clean, as is a CSV typed by hand (once, into the
format of :mod:`~mjscore.night.journal_format`). Temporary files a crash left behind are removed.
"""

from __future__ import annotations

import glob
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Sequence

from ..files.inputs import LIMITS, read_input, regular_file
from ..files.storage import append_record, atomic_write, cut_back, locked
from .entry import Entry, LedgerError, LoadResult
from .journal_format import decode_rows, decode_tail, header, heading, journal_text, record
from .replay import Replay, torn_problem

__all__ = ["Journal"]

_SIG = 64  # bytes before the offset compared on each look, to notice a file rewritten underneath


class Journal:
    """A ledger's journal file: where it has read up to, and how to append to it safely.

    ``replay`` reads the file's rows into the ledger (:class:`~mjscore.night.replay.Replay`);
    its ``new_ledger`` makes a ledger when the file is read afresh.
    """

    def __init__(self, path: Path, replay: Replay) -> None:
        self.path, self.replay = path, replay
        self.new_ledger = replay.new_ledger
        self.offset = 0            # the bytes read (and counted) so far
        self.ino: int | None = None
        self.sig = b""             # the bytes just before the offset, to notice a rewrite
        self.torn = b""            # a last row cut short, not counted
        self.notes: list[str] = []  # what the journal did on its own (a torn row set aside, a repair)

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, ledger) -> "Journal":
        """Start ``ledger``'s journal at ``path`` (its heading, on disk); refuse a file holding a night."""
        with locked(path):
            _clean_temporary_files(path)
            if path.exists() and path.stat().st_size > 0:
                raise LedgerError(f"{path.name} already holds a night: open it with open_night() "
                                  f"to carry on, or choose another file name")
            journal = cls(path, Replay(path.name, None, None, type(ledger)))
            journal._wrote(b"", ("\ufeff" + heading(ledger)).encode("utf-8"), ledger, fresh=True)
        return journal

    @classmethod
    def load(cls, path: Path, players: Sequence[str] | None, game: str | None,
             new_ledger: Callable[..., object]) -> LoadResult:
        """Read the night in ``path`` into a ledger made by ``new_ledger``, and attach it.

        See :func:`mjscore.night.load_journal`.
        """
        with locked(path):
            _clean_temporary_files(path)
            return cls._load(path, players, game, new_ledger)

    @classmethod
    def _load(cls, path: Path, players: Sequence[str] | None, game: str | None,
              new_ledger: Callable[..., object]) -> LoadResult:
        regular_file(path, "journal", LedgerError)
        data = read_input(path, limit=LIMITS["journal"], what="journal", error=LedgerError)
        journal = cls(path, Replay(path.name, players, game, new_ledger))
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
        self.replay.feed(decode_rows(whole_rows, self.path.name) if start == 0 else
                         decode_tail(whole_rows, self.path.name))
        self.offset = start + cut
        self.sig = (self.sig + whole_rows)[-_SIG:]
        if self.torn:
            typed = self.replay.header is None and not self.torn.lstrip(b"\xef\xbb\xbf").startswith(b"#")
            if typed or (self.replay.hand_col is None and self.replay.header is not None):
                # a CSV typed by hand whose last row has no line break: not a crash; written again
                # plainly before the next record (appended, it would join that row)
                self.replay.feed(decode_tail(self.torn, self.path.name))
                self.replay.untidy = True
                self.offset, self.sig, self.torn = start + len(data), (self.sig + self.torn)[-_SIG:], b""
            else:
                torn_problem(self.replay, self.torn, self.path.name)

    # -- writing ----------------------------------------------------------------------------

    @contextmanager
    def writing(self, ledger):
        """Make ready to append, holding the lock while the caller appends.

        Brings ``ledger`` up to date with the file, sets aside a torn row and repairs a damaged
        or hand-typed file (once); then the caller appends.
        """
        with locked(self.path):
            self._catch_up(ledger)
            if self.torn:
                self._set_aside_torn()
            damaged = any("cut short" not in p.message for p in self.replay.problems)
            if damaged or not self.replay.canonical:
                self._rewrite(ledger, keep=damaged)
            yield

    def refresh(self, ledger) -> bool:
        """Catch up with the file (under the lock, reading only); True when something changed.

        A look at the file's size comes first, without the lock: when nothing was appended or
        rewritten since, nothing more is done (the scorekeeper app looks at each click)."""
        try:
            st = os.stat(self.path)
            if st.st_ino == self.ino and st.st_size == self.offset + len(self.torn):
                return False
        except OSError:
            pass  # gone, or unreadable: the look under the lock says
        before = (self.ino, self.offset)
        with locked(self.path):
            if self.path.exists():
                self._catch_up(ledger)
        return (self.ino, self.offset) != before

    def append(self, ledger, hand: object, entry: Entry | None) -> None:
        """Append one record (inside :meth:`writing`): on disk when this returns.

        A hand with a line of the card, in a journal written before its ``line`` column, first
        has the journal written again with the column (the night as it stands)."""
        if entry is not None and entry.line is not None and "line" not in (self.replay.header or ()):
            self._rewrite(ledger, keep=False)
        text = record(ledger, hand, entry)
        try:
            self._wrote(self.sig, text.encode("utf-8"), ledger)
        except OSError:  # not on disk for sure: take back whatever part of it reached the file
            try:
                cut_back(self.path, self.offset)
            except OSError:
                pass
            raise

    def _wrote(self, sig: bytes, data: bytes, ledger, fresh: bool = False) -> None:
        self.offset = append_record(self.path, data)
        self.ino = os.stat(self.path).st_ino
        self.sig = (sig + data)[-_SIG:]
        if fresh:
            self.replay = Replay(self.path.name, None, None, self.new_ledger)
            self.replay.feed(data.decode("utf-8-sig"))
            self.replay.ledger = ledger
        else:
            self.replay.line += data.count(b"\n")

    def _catch_up(self, ledger) -> None:
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
        fresh = Journal._load(self.path, ledger.players, ledger.game, self.new_ledger)  # rewritten: read it all again
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

    def _rewrite(self, ledger, *, keep: bool) -> None:
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
        self.replay = Replay(self.path.name, None, None, self.new_ledger)
        self.replay.header = list(header(ledger))
        self.replay.hand_col = 0
        self.replay.use = {i: c for i, c in enumerate(ledger.columns, 1)}
        self.replay.ledger = ledger
        self.replay.line = data.count(b"\n")


def _clean_temporary_files(path: Path) -> None:
    """Remove the temporary files a crash in :func:`mjscore.files.storage.atomic_write` left (only ever
    called under the journal's lock, so no writer is using one)."""
    try:
        for tmp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass
    except OSError:
        pass
