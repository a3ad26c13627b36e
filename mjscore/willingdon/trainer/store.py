"""The learner's progress on disk: an append-only log, one JSON record a line.

::

    {"kind": "start", "format": "mjscore-practice", "version": 2, "seed": 0, "hand": {...}}
    {"kind": "name", "name": "Ann"}
    {"kind": "mode", "mode": "points"}
    {"kind": "answer", "number": 1, "mode": "both", "points": 28, "doubles": 0, "shown": false,
     "correct_points": 28, "correct_doubles": 0}
    {"kind": "deal", "number": 2, "hand": {...}}

``start`` opens a session (and a Reset appends a new one); ``deal`` puts the next hand on the
table, the hand itself in the hand JSON of docs/rules.md, so a restart shows it without dealing anything;
``answer`` is the first answer on the hand on the table (``null`` for a figure not asked or
when Show me came first) with the right figures as scored then. Every change is one record,
appended in one write, flushed and fsynced, under :func:`mjscore.storage.locked`: an answer
costs the same at hand 10 and at hand 10,000. Before appending, the writer reads what other
writers appended since it last looked (only that), and applies its change to the state it
finds, so two notebooks, or a notebook and a terminal, never lose or double-count an answer.

Opening reads the log once. A record that cannot be read, or that does not follow from the
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...hands import Hand, HandError
from ...inputs import LIMITS, InputError, load_json, regular_file
from ...storage import append_record, atomic_write
from ..deal import dealt_hand
from .records import MODES, Played, Tally, asks, clean_name, is_count

__all__ = ["FORMAT", "VERSION", "Log", "Progress", "Unreadable", "carry_over", "read_upload", "why"]

FORMAT = "mjscore-practice"
VERSION = 2


class Unreadable(Exception):
    """A record, or a whole file, that the trainer cannot read (the message says why)."""


def why(e: OSError) -> str:
    return e.strerror or errno.errorcode.get(e.errno or 0, "") or e.__class__.__name__


# --------------------------------------------------------------------------- the state


@dataclass
class Progress:
    """What the log says: the name, the mode, the hand on the table, the hands played."""

    seed: int = 0
    name: str = ""
    mode: str = "both"
    current: int = 1
    table: Any = None  # the hand on the table: a Hand, or its JSON until first asked for
    played: list[Played] = field(default_factory=list)
    tallies: dict[str, Tally] = field(default_factory=dict)

    @property
    def hand(self) -> Hand | None:
        """The hand on the table; one whose stored JSON is not a hand is dealt again."""
        if self.table is not None and not isinstance(self.table, Hand):
            try:
                self.table = Hand.from_json(self.table)
            except HandError:
                self.table = dealt_hand(self.current, self.seed)
        return self.table

    @property
    def answered(self) -> bool:
        return bool(self.played) and self.played[-1].number == self.current

    def find(self, number: int) -> Played | None:
        """The played hand ``number`` (hands are in order; one lost to damage is missing)."""
        if 0 < number <= len(self.played) and self.played[number - 1].number == number:
            return self.played[number - 1]
        return next((p for p in reversed(self.played) if p.number == number), None)

    @property
    def tally(self) -> Tally:
        t = Tally()
        for m in self.tallies.values():
            t = Tally(t.played + m.played, t.right + m.right, t.shown + m.shown,
                      t.points_right + m.points_right, t.doubles_right + m.doubles_right)
        return t

    def apply(self, r: Any) -> None:
        """Apply one record (a parsed JSON line), or raise :class:`Unreadable` saying why."""
        if not isinstance(r, dict):
            raise Unreadable("it is not a record")
        kind = r.get("kind")
        if kind == "start":
            start = progress_from_start(r)
            self.__dict__.update(start.__dict__)
        elif kind == "name":
            if not isinstance(r.get("name"), str):
                raise Unreadable("the name is not text")
            try:
                self.name = clean_name(r["name"])
            except ValueError as e:
                raise Unreadable(str(e)) from None
        elif kind == "mode":
            if not isinstance(r.get("mode"), str) or r["mode"] not in MODES:  # a list is no key
                raise Unreadable(f"there is no mode {r.get('mode')!r}")
            self.mode = r["mode"]
        elif kind == "answer":
            p = _played(r, self)
            self.played.append(p)
            self.tallies[p.mode] = self.tallies.get(p.mode, Tally()).plus(p)
        elif kind == "deal":
            # Writers deal only after an answer; a reader accepts any later hand, so that a
            # damaged answer or deal record costs that hand only, not the rest of the log.
            number = r.get("number")
            if not is_count(number) or number <= self.current:
                raise Unreadable(f"hand {number!r} is dealt while hand {self.current} is on the table")
            self.table = _hand_data(r.get("hand"))
            self.current = number
            return
        else:
            raise Unreadable(f"there is no record kind {kind!r}")


def _hand_data(data: Any) -> dict:
    """A hand's JSON, checked for its shape only (it is read in full when first shown)."""
    if not isinstance(data, dict) or not isinstance(data.get("sets"), list) or len(data["sets"]) != 5:
        raise Unreadable("the hand is not four sets and a pair")
    return data


def _hand(data: Any) -> Hand:
    try:
        return Hand.from_json(data)
    except HandError as e:
        raise Unreadable(f"the hand: {e}") from None


def progress_from_start(r: dict) -> Progress:
    """The progress a log's start record begins with; :class:`Unreadable` if it is not one of ours."""
    if r.get("format") != FORMAT:
        raise Unreadable("it is not an mjscore practice log")
    if r.get("version") != VERSION:
        raise Unreadable(f"it is version {r.get('version')!r}, and this mjscore reads version {VERSION}")
    seed = r.get("seed")
    if not is_count(seed):
        raise Unreadable("its seed is not a whole number")
    return Progress(seed=seed, table=_hand_data(r.get("hand")))


def _played(r: dict, s: Progress) -> Played:
    number = r.get("number")
    if number != s.current or s.answered:
        raise Unreadable(f"an answer to hand {number!r}, but hand {s.current} is on the table"
                         + (" and answered" if s.answered else ""))
    mode, shown = r.get("mode"), r.get("shown")
    if not isinstance(mode, str) or mode not in MODES:  # a list or an object is no mode (nor a key)
        raise Unreadable(f"there is no mode {mode!r}")
    if not isinstance(shown, bool):
        raise Unreadable("'shown' must be true or false")
    figures = {}
    for key, asked in zip(("points", "doubles"), asks(mode)):
        v = r.get(key)
        if v is None and (shown or not asked):
            figures[key] = None
        elif is_count(v) and asked and not shown:
            figures[key] = v
        else:
            raise Unreadable(f"{key!r} is {v!r}")
    for key in ("correct_points", "correct_doubles"):
        if not is_count(r.get(key)):
            raise Unreadable(f"{key!r} must be a whole number")
    return Played(number=number, hand=s.table, shown=shown, mode=mode, correct_points=r["correct_points"],
                  correct_doubles=r["correct_doubles"], **figures)


def start_record(seed: int) -> dict:
    return {"kind": "start", "format": FORMAT, "version": VERSION, "seed": seed,
            "hand": dealt_hand(1, seed).to_json()}


def answer_record(p: Played) -> dict:
    return {"kind": "answer", "number": p.number, "mode": p.mode, "points": p.points,
            "doubles": p.doubles, "shown": p.shown, "correct_points": p.correct_points,
            "correct_doubles": p.correct_doubles}


def encode(record: dict) -> bytes:
    return (json.dumps(record, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")


# --------------------------------------------------------------------------- the file


def _parse(line: bytes) -> Any:
    try:
        return load_json(line.decode("utf-8"), "")
    except UnicodeDecodeError:
        raise Unreadable("it is not text") from None
    except InputError as e:  # not JSON, nested too deeply, a number too long to read
        raise Unreadable(str(e)) from None


class Log:
    """The log file and what has been read of it: ``read()`` once, then ``catch_up()``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.state = Progress()
        self._offset = 0
        self._ident: tuple | None = None
        self._ends_clean = True  # the file's last byte is a newline (or it is empty)
        #: Damaged records found by the last read: (line number, bytes, why).
        self.damaged: list[tuple[int, bytes, str]] = []

    def exists(self) -> bool:
        return self.path.exists()

    def read(self) -> None:
        """Read the whole log (raises Unreadable if it is not a progress log at all)."""
        try:
            regular_file(self.path, "progress log")
        except InputError as e:
            raise Unreadable(str(e)) from None
        with open(self.path, "rb") as f:
            st = os.fstat(f.fileno())
            if st.st_size > LIMITS["progress"]:
                raise Unreadable(f"it is more than {LIMITS['progress'] >> 20} MB: too big to be a progress log")
            data = f.read()
        kept = self.state, self.damaged, self._ident, self._offset, self._ends_clean
        self.state, self.damaged = Progress(), []
        self._ident, self._offset = (st.st_dev, st.st_ino), 0
        try:
            self._apply(data, first=True)
        except Unreadable:
            self.state, self.damaged, self._ident, self._offset, self._ends_clean = kept
            raise

    def catch_up(self) -> None:
        """Read what other writers appended since the last read (the whole file again only if
        it was replaced or shortened). Raises FileNotFoundError if it is gone."""
        st = os.stat(self.path)
        if (st.st_dev, st.st_ino) != self._ident or st.st_size < self._offset:
            self.read()
        elif st.st_size > self._offset:
            with open(self.path, "rb") as f:
                f.seek(self._offset)
                self._apply(f.read(), first=False)

    def _apply(self, data: bytes, *, first: bool) -> None:
        lines = data.split(b"\n")
        tail = lines.pop()  # b"" when the data ends with a newline
        line_no = 0
        opening = first  # the first record of the file must start a session
        for line in lines + ([tail] if tail else []):
            line_no += 1
            if not line.strip():
                continue
            try:
                record = _parse(line)
                if opening:
                    if not isinstance(record, dict) or record.get("kind") != "start":
                        raise Unreadable("it does not begin as an mjscore practice log")
                    self.state = progress_from_start(record)
                    opening = False
                    continue
                self.state.apply(record)
            except Unreadable as e:
                if opening:
                    raise
                self.damaged.append((line_no, line, str(e)))
        if opening:
            raise Unreadable("it is empty")
        self._offset += len(data)
        self._ends_clean = not tail and (bool(data) or self._ends_clean)

    def append(self, record: dict) -> None:
        """Append one record (the caller holds the lock and has caught up) and apply it."""
        data = encode(record)
        if not self._ends_clean:  # a line torn by a crash: start on a line of our own
            data = b"\n" + data
        size = append_record(self.path, data)
        self.state.apply(record)
        st = os.stat(self.path)
        self._ident, self._offset, self._ends_clean = (st.st_dev, st.st_ino), size, True

    def rewrite(self, records: list[dict] | None = None) -> None:
        """Write the log anew (atomically): ``records``, or the good lines of the file as it is
        with the damaged ones left out. Then read it again."""
        if records is None:
            bad = {n for n, _, _ in self.damaged}
            lines = self.path.read_bytes().split(b"\n")
            body = b"".join(line + b"\n" for n, line in enumerate(lines, 1) if line.strip() and n not in bad)
        else:
            body = b"".join(encode(r) for r in records)
        atomic_write(self.path, body)
        self.read()

    def set_aside_damaged(self) -> str:
        """Move the damaged records to ``<log>.damaged`` and rewrite the log without them."""
        aside = self.path.with_name(self.path.name + ".damaged")
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        note = b"".join(f"# {stamp} line {n}: {reason}\n".encode("utf-8", "replace") + line + b"\n"
                        for n, line, reason in self.damaged)
        count, first = len(self.damaged), self.damaged[0][2]
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


# --------------------------------------------------------------------------- the old format


def carry_over(raw: bytes) -> list[dict]:
    """The records of a progress file in the one-file format of earlier versions (version 1:
    ``{"format": "mjscore-practice", "version": 1, "name", "seed", "current", "hands": [...]}``).
    Raises Unreadable."""
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
        hand = _hand(h.get("hand"))
        deal = ({**start_record(seed), "hand": hand.to_json()} if number == 1 else
                {"kind": "deal", "number": number, "hand": hand.to_json()})
        answer = {"kind": "answer", "number": number, "mode": "both",
                  **{k: h.get(k) for k in ("points", "doubles", "shown", "correct_points", "correct_doubles")}}
        for r in (deal, answer):
            state = progress_from_start(r) if r["kind"] == "start" else state
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
