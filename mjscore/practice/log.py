"""The learner's progress on disk: an append-only log, one JSON record a line.

::

    {"kind": "start", "format": "mjscore-practice", "version": 4, "seed": 0, "hand": {...}}
    {"kind": "name", "name": "Ann"}
    {"kind": "mode", "mode": "points"}
    {"kind": "answer", "number": 1, "mode": "both", "points": 28, "doubles": 0, "shown": false,
     "correct_points": 28, "correct_doubles": 0}
    {"kind": "deal", "number": 2, "hand": {...}}

``start`` opens a session (and a Reset appends a new one); ``deal`` puts the next hand on the
table, the hand itself in the hand JSON of docs/rules.md, so a restart shows it without dealing anything;
``answer`` is the first answer on the hand on the table (``null`` for a figure not asked or
when Show me came first) with the right figures as scored then, and the rule most likely
missed (``"missed"``, for the teacher's view). The drills and the lessons' questions keep their
records in the same log (:mod:`mjscore.practice.book`), and every :data:`SUMMARY_EVERY` records a
``summary`` holds the whole state (:mod:`.state`). Every change is one record,
appended in one write, flushed and fsynced, under :func:`mjscore.files.storage.locked`: an answer
costs the same at hand 10 and at hand 10,000. Before appending, the writer reads what other
writers appended since it last looked (only that), and applies its change to the state it
finds, so two notebooks, or a notebook and a terminal, never lose or double-count an answer.

Opening reads the last summary and what follows it (the whole log while it has none), so it
costs the same at any length; the hands played before that summary are read only when asked
for (:meth:`Log.history`). A record that cannot be read, or that does not follow from the
ones before it (a line torn by a crash, a hand edited by hand), is set aside: appended to
``<log>.damaged`` with a message, and the log rewritten without it; the rest is kept. A file
that is not a progress log at all is kept as ``<log>.corrupt-YYYYMMDD-HHMMSS`` and a fresh one
started. A folder that cannot be written still shows the progress, and says it cannot be saved.
The one-file format of earlier versions (``practice.json``) is read and carried over.
"""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path
from typing import Any

from ..hands import Hand, HandError
from ..files.inputs import LIMITS, InputError, load_json, regular_file
from ..files.storage import append_record, atomic_write
from ..willingdon.deal import dealt_hand
from .played import Played, clean_name, is_count
from .progress import (FORMAT, VERSION, Progress, Unreadable, answer_record, start_state,  # noqa: F401 (the API)
                       summary_record)

__all__ = ["FORMAT", "SUMMARY_EVERY", "VERSION", "Damage", "Log", "Progress", "Unreadable", "answer_record",
           "carry_over", "encode", "read_upload", "start_record", "start_state", "summary_record", "why"]

#: A summary is appended once this many records follow the last one (or the start).
SUMMARY_EVERY = 200
#: How much is read at a time when looking back from the end for the last summary.
_BLOCK = 1 << 16
_SUMMARY_LINE = b'\n{"kind": "summary"'


def why(e: OSError) -> str:
    """Why a file could not be read or written, in the system's words ("Permission denied")."""
    return e.strerror or errno.errorcode.get(e.errno or 0, "") or e.__class__.__name__


def start_record(seed: int) -> dict:
    """The record that begins a log, or starts the trainer again: its first hand, dealt from ``seed``."""
    return {"kind": "start", "format": FORMAT, "version": VERSION, "seed": seed,
            "hand": dealt_hand(1, seed).to_json()}


def encode(record: dict) -> bytes:
    """The record as the log writes it: one line of JSON."""
    return (json.dumps(record, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")


# --------------------------------------------------------------------------- the file


def _parse(line: bytes) -> Any:
    try:
        return load_json(line.decode("utf-8"), "")
    except UnicodeDecodeError:
        raise Unreadable("it is not text") from None
    except InputError as e:  # not JSON, nested too deeply, a number too long to read
        raise Unreadable(str(e)) from None


class Damage:
    """A record set aside: where its line starts in the file, the line, and why."""

    __slots__ = ("offset", "line", "reason")

    def __init__(self, offset: int, line: bytes, reason: str) -> None:
        self.offset, self.line, self.reason = offset, line, reason


class Log:
    """The log file and what has been read of it: ``read()`` once, then ``catch_up()``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.state = Progress()
        self._offset = 0
        self._base = 0  # where in the file the data being applied starts
        self._ident: tuple | None = None
        self._ends_clean = True  # the file's last byte is a newline (or it is empty)
        #: Records read since the last summary (or the start): a summary is due at SUMMARY_EVERY.
        self.since_summary = 0
        #: Damaged records found by the last read.
        self.damaged: list[Damage] = []

    def exists(self) -> bool:
        """Whether the log file is there."""
        return self.path.exists()

    def read(self) -> None:
        """Read the log from its last summary (raises Unreadable if it is not a progress log)."""
        try:
            regular_file(self.path, "progress log")
        except InputError as e:
            raise Unreadable(str(e)) from None
        with open(self.path, "rb") as f:
            st = os.fstat(f.fileno())
            if st.st_size > LIMITS["progress"]:
                raise Unreadable(f"it is more than {LIMITS['progress'] >> 20} MB: too big to be a progress log")
            start = _last_summary(f, st.st_size)
            f.seek(start)
            data = f.read()
        kept = self.state, self.damaged, self._ident, self._offset, self._ends_clean, self.since_summary
        self.state, self.damaged, self.since_summary = Progress(), [], 0
        self._ident, self._offset, self._base = (st.st_dev, st.st_ino), start, start
        try:
            self._apply(data, first=True)
        except Unreadable:
            (self.state, self.damaged, self._ident, self._offset, self._ends_clean,
             self.since_summary) = kept
            raise

    def history(self) -> list[Played]:
        """Every hand played in this session of the trainer, its damaged records left out.

        Read from the whole file: the state holds only the latest once a summary was read."""
        if self.state.complete:
            return list(self.state.played)
        whole = Log(self.path)
        whole.read_whole()
        return whole.state.played if whole.state.complete else list(self.state.played)

    def read_whole(self) -> None:
        """Read the log from its first line (raises Unreadable if it is not a progress log)."""
        try:
            regular_file(self.path, "progress log")
        except InputError as e:
            raise Unreadable(str(e)) from None
        data = self.path.read_bytes()[:LIMITS["progress"]]
        self.state, self.damaged, self.since_summary, self._base, self._offset = Progress(), [], 0, 0, 0
        self._apply(data, first=True)

    def catch_up(self) -> None:
        """Read what other writers appended since the last read.

        The whole file is read again only if it was replaced or shortened. Raises
        FileNotFoundError if it is gone."""
        st = os.stat(self.path)
        if (st.st_dev, st.st_ino) != self._ident or st.st_size < self._offset:
            self.read()
        elif st.st_size > self._offset:
            with open(self.path, "rb") as f:
                f.seek(self._offset)
                self._base = self._offset
                self._apply(f.read(), first=False)

    def _apply(self, data: bytes, *, first: bool) -> None:
        lines = data.split(b"\n")
        tail = lines.pop()  # b"" when the data ends with a newline
        offset = self._base
        opening = first  # the first record read must open the state: the start, or a summary
        for line in lines + ([tail] if tail else []):
            at, offset = offset, offset + len(line) + 1
            if not line.strip():
                continue
            try:
                record = _parse(line)
                if opening:
                    if not isinstance(record, dict) or record.get("kind") not in ("start", "summary"):
                        raise Unreadable("it does not begin as an mjscore practice log")
                    self.state = start_state(record)
                    opening = False
                    continue
                self.state.apply(record)
                self.since_summary = 0 if record.get("kind") == "summary" else self.since_summary + 1
            except Unreadable as e:
                if opening:
                    raise
                self.damaged.append(Damage(at, line, str(e)))
        if opening:
            raise Unreadable("it is empty")
        self._offset += len(data)
        self._ends_clean = not tail and (bool(data) or self._ends_clean)

    def append(self, record: dict) -> None:
        """Append one record and apply it; the caller holds the lock and has caught up.

        Then, when one is due, a summary of the state follows (a second append: the record is
        safe first)."""
        data = encode(record)
        if not self._ends_clean:  # a line torn by a crash: start on a line of our own
            data = b"\n" + data
        size = append_record(self.path, data)
        self.state.apply(record)
        self.since_summary += 1
        st = os.stat(self.path)
        self._ident, self._offset, self._ends_clean = (st.st_dev, st.st_ino), size, True
        if self.since_summary >= SUMMARY_EVERY:
            self._offset = append_record(self.path, encode(summary_record(self.state)))
            self.since_summary = 0

    def rewrite(self, records: list[dict] | None = None) -> None:
        """Write the log anew, all at once, then read it again.

        It holds ``records``, or else the good lines of the file as it is, the damaged ones left
        out."""
        if records is None:
            bad = {d.offset for d in self.damaged}
            body, at = [], 0
            for line in self.path.read_bytes().split(b"\n"):
                if line.strip() and at not in bad:
                    body.append(line + b"\n")
                at += len(line) + 1
            body = b"".join(body)
        else:
            body = b"".join(encode(r) for r in records)
        atomic_write(self.path, body)
        self.read()

    def set_aside_damaged(self) -> str:
        """Move the damaged records to ``<log>.damaged`` and rewrite the log without them."""
        aside = self.path.with_name(self.path.name + ".damaged")
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        whole = self.path.read_bytes()
        note = b"".join(f"# {stamp} line {_line_number(whole, d.offset)}: {d.reason}\n".encode("utf-8", "replace")
                        + d.line + b"\n" for d in self.damaged)
        count, first = len(self.damaged), self.damaged[0].reason
        append_record(aside, note)
        self.rewrite()
        return (f"{count} damaged record{'s' * (count > 1)} in your progress file {self.path.name} "
                f"({first}) {'were' if count > 1 else 'was'} set aside in {aside.name}; the rest of "
                f"your progress is kept.")

    def set_aside_whole(self, reason: str) -> str:
        """Keep an unreadable file as ``<log>.corrupt-STAMP`` (raises OSError if it cannot)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        os.replace(self.path, target)
        return (f"Your progress file {self.path.name} could not be read: {reason}. It is kept as "
                f"{target.name}, and a fresh one has been started.")


def _line_number(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _last_summary(f, size: int) -> int:
    """Where the last readable summary line starts (0, the start, if there is none), looking
    back from the end a block at a time: bounded by the records written since that summary."""
    end, carry = size, b""
    while end > 0:
        start = max(0, end - _BLOCK)
        f.seek(start)
        block = f.read(end - start) + carry
        i = block.rfind(_SUMMARY_LINE)
        while i >= 0:
            line_end = block.find(b"\n", i + 1)
            if line_end < 0:  # the line runs past what was read: read it whole
                f.seek(start + i + 1)
                line = f.readline()
            else:
                line = block[i + 1:line_end]
            try:
                record = _parse(line)
                start_state(record)
            except Unreadable:
                i = block.rfind(_SUMMARY_LINE, 0, i)
                continue
            return start + i + 1
        carry = block[:len(_SUMMARY_LINE) - 1]
        end = start
    return 0


# --------------------------------------------------------------------------- the old format


def carry_over(raw: bytes) -> list[dict]:
    """The records of a progress file in the one-file format of earlier versions.

    That is version 1: ``{"format": "mjscore-practice", "version": 1, "name", "seed", "current",
    "hands": [...]}``. Raises Unreadable."""
    data = _parse(raw)
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
        raise Unreadable("it is not an mjscore practice file")
    name, seed, current, hands = (data.get(k) for k in ("name", "seed", "current", "hands"))
    if not isinstance(name, str) or not is_count(seed) or not isinstance(hands, list):
        raise Unreadable("its name, seed or hands are not what a practice file holds")
    if not is_count(current) or current not in (len(hands), len(hands) + 1) or current < 1:
        raise Unreadable(f"the current hand {current!r} does not follow the {len(hands)} played")
    records: list[dict] = []
    state = Progress(seed=seed)
    for number, h in enumerate(hands, 1):
        if not isinstance(h, dict) or h.get("number") != number:
            raise Unreadable(f"hand {number} is not numbered {number}")
        try:
            hand = Hand.from_json(h.get("hand"))
        except HandError as e:
            raise Unreadable(f"the hand: {e}") from None
        deal = ({**start_record(seed), "hand": hand.to_json()} if number == 1 else
                {"kind": "deal", "number": number, "hand": hand.to_json()})
        answer = {"kind": "answer", "number": number, "mode": "both",
                  **{k: h.get(k) for k in ("points", "doubles", "shown", "correct_points", "correct_doubles")}}
        for r in (deal, answer):
            state = start_state(r) if r["kind"] == "start" else state
            if r["kind"] != "start":
                state.apply(r)
            records.append(r)
    if not records:
        records.append(start_record(seed))
    if current > len(hands) and hands:
        records.append({"kind": "deal", "number": current, "hand": dealt_hand(current, seed).to_json()})
    if name:
        records.append({"kind": "name", "name": clean_name(name)})
    return records


def read_upload(data: bytes) -> list[dict]:
    """The records of an uploaded progress file: a log, or an old ``practice.json``."""
    if len(data) > LIMITS["progress"]:
        raise Unreadable(f"it is more than {LIMITS['progress'] >> 20} MB: too big to be a progress log")
    try:
        whole = _parse(data)
    except Unreadable:
        whole = None
    if isinstance(whole, dict) and "hands" in whole:
        return carry_over(data)
    return [_parse(line) for line in data.split(b"\n") if line.strip()]
