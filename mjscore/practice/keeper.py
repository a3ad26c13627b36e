"""Keeping a session on disk: open the log once (carrying an old file over, setting damage
aside), then make every change one record under the lock. :class:`Keeper` is the part of the
:class:`~mjscore.practice.trainer.Trainer` that touches files (see :mod:`.store` for the format)."""

from __future__ import annotations

import os
from pathlib import Path

from ..files.inputs import LIMITS, read_input
from ..files.storage import atomic_write, data_dir, locked
from .log import (Log, Unreadable, answer_record, carry_over, encode, read_upload, start_record, start_state,
                  summary_record, why)
from .played import is_count

__all__ = ["Keeper", "KeptProgress", "PROGRESS_FILE", "PracticeError", "progress_path"]

#: The name of a learner's progress file in the data folder.
PROGRESS_FILE = "practice.jsonl"


def progress_path() -> Path:
    """The learner's progress file: :data:`PROGRESS_FILE` in :func:`~mjscore.files.storage.data_dir`."""
    return data_dir() / PROGRESS_FILE


class PracticeError(ValueError):
    """Something the progress log cannot do (restore a file, bring back what a Reset cleared),
    said as a learner would understand it. The trainer's, the drills' and the questions' own
    refusals are their own kinds (:class:`~mjscore.practice.trainer.TrainerError`, ...)."""


class KeptProgress:
    """What the trainer, the drills and the lessons' questions share: the progress log at
    ``path`` (default: :func:`progress_path`; an old ``.json`` name means its ``.jsonl``), kept
    by a :class:`Keeper`; ``seed`` for a new log. ``error`` is the class of the subclass's
    refusals."""

    error: type[ValueError] = PracticeError

    def __init__(self, path: str | os.PathLike | None, seed: int) -> None:
        if not is_count(seed):
            raise self.error(f"a seed must be a whole number 0 or more, not {seed!r}")
        path = Path(path) if path is not None else progress_path()
        self.path = path.with_suffix(".jsonl") if path.suffix == ".json" else path
        self._keep = Keeper(self.path, seed)

    @property
    def _progress(self):
        """The progress log as this window knows it now."""
        return self._keep.log.state

    @property
    def name(self) -> str:
        """The learner's name, as kept with the progress ("" until one is given)."""
        return self._progress.name

    @property
    def saving(self) -> bool:
        """Whether the progress is saved to its file (False: kept in memory only)."""
        return self._keep.saving

    @property
    def messages(self) -> list[str]:
        """What the learner should be told about the progress file (set aside, carried over, not saved)."""
        return self._keep.messages

    def take_messages(self) -> list[str]:
        """The messages not yet shown, then forgotten (so each is shown once)."""
        out = list(self.messages)
        self.messages.clear()
        return out

    def reload(self) -> None:
        """Read what other windows saved since (only what is new)."""
        self._keep.change(lambda progress: None)


class Keeper:
    """The log at ``path`` and what this session knows of it; ``seed`` for a new log."""

    def __init__(self, path: Path, seed: int) -> None:
        self.path = path
        self.legacy = path.with_suffix(".json")
        self.seed = seed
        self.messages: list[str] = []
        self.saving = True
        self.log = Log(path)
        self._open()

    def export_bytes(self) -> bytes:
        """The progress file as it is on disk, or written from memory when it cannot be read."""
        try:
            return self.path.read_bytes()
        except OSError:
            return b"".join(encode(r) for r in _records_of(self.log.state))

    def restore(self, data: bytes) -> None:
        """Replace the log with the uploaded progress file ``data``, keeping the old one aside.

        The old log is kept as ``<log>.before-restore``. Raises PracticeError if ``data`` is not
        a progress file, or cannot be saved here."""
        try:
            records = read_upload(data)
            _replay(records)  # every record must follow from the ones before it
        except Unreadable as e:
            raise PracticeError(f"this is not a progress file the trainer can read: {e}") from None
        if not self.saving:
            raise PracticeError("your progress cannot be saved here, so it cannot be restored either")
        try:
            with locked(self.path):
                if self.path.exists():
                    os.replace(self.path, self.path.with_name(self.path.name + ".before-restore"))
                self.log.rewrite(records)
        except OSError as e:
            raise PracticeError(f"the progress could not be restored ({why(e)})") from None

    def _open(self) -> None:
        """Read the log once (carrying an old file over, setting damage aside)."""
        try:
            with locked(self.path):
                self._load(writable=True)
        except OSError as e:  # no lock can be made here: a read-only folder, a full disk
            self.saving = False
            try:
                self._load(writable=False)
            except OSError:
                pass
            if self.log.state.hand is None:  # nothing readable: a session in memory
                self.log.state = _replay([start_record(self.seed)])
            self.messages.append(f"Your progress cannot be saved in this folder ({why(e)}): the tally "
                                 f"below is what was saved before, and this session is kept in memory only.")

    def _load(self, *, writable: bool) -> None:
        log = self.log
        if log.exists():
            try:
                log.read()
            except Unreadable as e:
                if not writable:
                    raise OSError(0, f"{self.path.name} could not be read: {e}") from None
                self.messages.append(log.set_aside_whole(str(e)))
            else:
                if log.damaged:
                    if writable:
                        self.messages.append(log.set_aside_damaged())
                    else:
                        self.messages.append(f"{len(log.damaged)} damaged record(s) in {self.path.name} "
                                             f"are left out.")
                return
        if self.legacy.exists():
            try:
                records = carry_over(read_input(self.legacy, limit=LIMITS["progress"], what="practice file",
                                                error=Unreadable))
            except Unreadable as e:
                if writable:
                    self.messages.append(Log(self.legacy).set_aside_whole(str(e)))
            else:
                if not writable:
                    log.state = _replay(records)
                    return
                log.rewrite(records)
                os.replace(self.legacy, self.legacy.with_name(self.legacy.name + ".carried-over"))
                self.messages.append(f"Your progress in {self.legacy.name} (an earlier format) has been "
                                     f"carried over to {self.path.name}; the old file is kept as "
                                     f"{self.legacy.name}.carried-over.")
                return
        if writable:
            log.rewrite([start_record(self.seed)])
        else:
            log.state = _replay([start_record(self.seed)])

    def change(self, make) -> bool:
        """Make one change to the progress, under the lock; True if a record was appended.

        Catches up with the log first, then asks ``make(state)`` for the record to append (None
        for no change). When nothing can be saved, the change is kept in memory only."""
        if not self.saving:
            return self._in_memory(make)
        try:
            with locked(self.path):
                log = self.log
                try:
                    log.catch_up()
                    if log.damaged:
                        log.read()
                        if log.damaged:
                            self.messages.append(log.set_aside_damaged())
                except FileNotFoundError:  # deleted mid-session: written again from the session
                    log.rewrite(_records_of(self.log.state))
                except Unreadable as e:  # replaced by something else: kept aside, session goes on
                    state = self.log.state
                    self.messages.append(log.set_aside_whole(str(e)))
                    log.rewrite(_records_of(state))
                record = make(self.log.state)
                if record is not None:
                    log.append(record)
                return record is not None
        except OSError as e:
            self.saving = False
            self.messages.append(f"Your progress could not be saved to {self.path.name} ({why(e)}): "
                                 f"this session is kept in memory only.")
            return self._in_memory(make)

    def clear(self, record: dict, aside: Path) -> None:
        """Start again with ``record`` (a ``start`` record), keeping what it clears aside.

        What it clears is kept at ``aside`` (or in memory when nothing can be saved here), for
        :meth:`swap_aside` to bring back."""
        def make(state):
            self._keep_aside(aside, state)
            return record
        self.change(make)

    def aside(self, aside: Path):
        """What :meth:`clear` kept aside at ``aside``, read as a progress state, or None.

        The file is read again only when it changed (an app asks at every redraw)."""
        if not self.saving:
            data, key = self._aside_memory, None
        else:
            try:
                st = aside.stat()
            except OSError:
                return None
            key = (st.st_ino, st.st_mtime_ns, st.st_size)
            if key == self._aside_read[0]:
                return self._aside_read[1]
            data = _read_or_none(aside)
        try:
            state = _replay(read_upload(data)) if data else None
        except Unreadable:
            state = None
        self._aside_read = (key, state)
        return state

    def swap_aside(self, aside: Path) -> None:
        """Bring back what :meth:`clear` kept aside, and keep what is here now aside in its place.

        So bringing back is undone the same way. Raises PracticeError if nothing is kept."""
        if not self.saving:
            current, self.log.state = self.log.state, _brought_back(self._aside_memory, self.log.state)
            self._keep_aside(aside, current)
            return
        try:
            with locked(self.path):
                self.log.catch_up()
                current = self.log.state
                self.log.rewrite(_records_of(_brought_back(_read_or_none(aside), current)))
                self._keep_aside(aside, current)
        except OSError as e:
            raise PracticeError(f"the progress could not be brought back ({why(e)})") from None

    _aside_memory: bytes | None = None
    _aside_read: tuple = (None, None)  # (the file's identity and time, what it held)

    def _keep_aside(self, aside: Path, state) -> None:
        """Keep ``state`` at ``aside`` (in memory when nothing is saved here); a session with
        nothing in it (no name, no hand played) is not worth keeping, and leaves nothing."""
        worth = bool(state.played or state.name)
        data = b"".join(encode(r) for r in _records_of(state)) if worth else None
        if not self.saving:
            self._aside_memory = data
        elif data:
            atomic_write(aside, data)
        elif aside.exists():
            aside.unlink()

    def _in_memory(self, make) -> bool:
        record = make(self.log.state)
        if record is not None:
            self.log.state.apply(record)
        return record is not None


def _brought_back(data: bytes | None, current):
    """The trainer's progress kept aside in ``data``, with the drills and the lessons' answers as
    they are now (a trainer's Reset never cleared those, so bringing it back leaves them too)."""
    try:
        state = _replay(read_upload(data or b""))
    except Unreadable:
        raise PracticeError("there is no cleared progress to bring back") from None
    state.book = current.book
    return state


def _read_or_none(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _replay(records: list[dict]):
    if not records or not isinstance(records[0], dict) or records[0].get("kind") != "start":
        raise Unreadable("it does not begin as an mjscore practice log")
    state = start_state(records[0])
    for r in records[1:]:
        state.apply(r)
    return state


def _records_of(state) -> list[dict]:
    """The records that rebuild ``state`` (to write a session back after its file was lost): the
    trainer's hands as records when all of them are known, and a summary of the whole state."""
    if not state.complete:
        return [start_record(state.seed), summary_record(state)]
    first = state.played[0] if state.played and state.played[0].number == 1 else None
    out = [{**start_record(state.seed), **({"hand": first.hand.to_json()} if first else {})}]
    for p in state.played:
        if p.number > 1:
            out.append({"kind": "deal", "number": p.number, "hand": p.hand.to_json()})
        out.append(answer_record(p))
    if not state.answered and state.current > 1:
        out.append({"kind": "deal", "number": state.current, "hand": state.hand.to_json()})
    if state.name:
        out.append({"kind": "name", "name": state.name})
    if state.mode != "both":
        out.append({"kind": "mode", "mode": state.mode})
    if state.book.drills or state.book.lessons:
        out.append(summary_record(state))
    return out
