"""Keeping a session on disk: open the log once (carrying an old file over, setting damage
aside), then make every change one record under the lock. :class:`Keeper` is the part of the
:class:`~mjscore.willingdon.trainer.Trainer` that touches files (see :mod:`.store` for the format)."""

from __future__ import annotations

import os
from pathlib import Path

from ...inputs import LIMITS, read_input
from ...storage import locked
from .records import TrainerError
from .store import (Log, Unreadable, answer_record, carry_over, encode, progress_from_start, read_upload,
                    start_record, why)

__all__ = ["Keeper"]


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
        try:
            return self.path.read_bytes()
        except OSError:
            return b"".join(encode(r) for r in _records_of(self.log.state))

    def restore(self, data: bytes) -> None:
        try:
            records = read_upload(data)
            _replay(records)  # every record must follow from the ones before it
        except Unreadable as e:
            raise TrainerError(f"this is not a progress file the trainer can read: {e}") from None
        if not self.saving:
            raise TrainerError("your progress cannot be saved here, so it cannot be restored either")
        try:
            with locked(self.path):
                if self.path.exists():
                    os.replace(self.path, self.path.with_name(self.path.name + ".before-restore"))
                self.log.rewrite(records)
        except OSError as e:
            raise TrainerError(f"the progress could not be restored ({why(e)})") from None

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
        """Under the lock: catch up with the log, make the record from the state found
        (``make(state)``: a record, or None for no change), append it. True if appended."""
        if not self.saving:
            return self._in_memory(make)
        try:
            with locked(self.path):
                log = self.log
                try:
                    log.catch_up()
                    if log.damaged:
                        log.read()
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

    def _in_memory(self, make) -> bool:
        record = make(self.log.state)
        if record is not None:
            if record["kind"] == "start":
                self.log.state = _replay([record])
            else:
                self.log.state.apply(record)
        return record is not None


def _replay(records: list[dict]):
    if not records or not isinstance(records[0], dict) or records[0].get("kind") != "start":
        raise Unreadable("it does not begin as an mjscore practice log")
    state = progress_from_start(records[0])
    for r in records[1:]:
        state.apply(r)
    return state


def _records_of(state) -> list[dict]:
    """The records that rebuild ``state`` (to write a session back after its file was lost)."""
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
    return out
