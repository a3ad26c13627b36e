"""What the progress log says: the records and the state they build (:class:`Progress`).

The Willingdon trainer's records (``start``, ``name``, ``mode``, ``answer``, ``deal``) are read
here; a record that carries ``"drill"`` or ``"lesson"`` belongs to the drills and the lessons'
questions and is read by :class:`mjscore.practice.book.Book`. Every so often the writer appends a
``summary``: the whole state in one record (the tallies, the hand on the table, the last
:data:`RECENT` hands played, every drill and lesson), so that opening the log reads the last
summary and what follows it, whatever the log's length::

    {"kind": "summary", "format": "mjscore-practice", "version": 4, "seed": 0, "name": "Ann",
     "mode": "both", "current": 412, "hand": {...}, "tallies": {"both": {...}}, "missed": {...},
     "recent": [{"number": 362, "hand": "+3Bx3 ...", ...}, ...], "drills": {...}, "lessons": {...}}

A Reset of the Willingdon trainer (a ``start`` after the first, then its ``mode`` again) starts
the trainer again and forgets the name, which the drills and the lessons' questions share; the
drills and the lessons keep their own tallies (a drill has its own Reset).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..hands import Hand, HandError, format_hand
from ..willingdon.deal import dealt_hand
from ..willingdon.hints import NO_CAUSE
from .book import Book, BookError
from .played import MODES, Played, Tally, asks, clean_name, is_count

__all__ = ["FORMAT", "READS", "RECENT", "VERSION", "Progress", "Unreadable", "answer_record", "rule_of_hint",
           "start_state", "summary_record"]

FORMAT = "mjscore-practice"
#: Version 3 adds the drills, the lessons' questions, the rule missed and the summaries; version
#: 4 names a lesson by its slug where version 3 gave its number (:data:`~.book.NUMBERED`).
VERSION = 4
#: The versions this mjscore reads (a version 2 log is a version 3 log without the new records).
READS = (2, 3, 4)
#: The hands played that a summary carries (the practice app lists the latest 50).
RECENT = 50


class Unreadable(Exception):
    """A record, or a whole file, that the trainer cannot read (the message says why)."""


@dataclass
class Progress:
    """What the log says: the name, the mode, the hand on the table, the hands played (all of
    them when ``complete``; else the latest, from a summary on), the tallies, the rules missed,
    and the drills and lessons (``book``)."""

    seed: int = 0
    name: str = ""
    mode: str = "both"
    current: int = 1
    table: Any = None  # the hand on the table: a Hand, or its JSON until first asked for
    played: list[Played] = field(default_factory=list)
    tallies: dict[str, Tally] = field(default_factory=dict)
    missed: dict[str, int] = field(default_factory=dict)
    book: Book = field(default_factory=Book)
    complete: bool = True

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
        """Whether the hand on the table is answered (or shown)."""
        return bool(self.played) and self.played[-1].number == self.current

    def find(self, number: int) -> Played | None:
        """The played hand ``number``, if it is among those read (hands are in order)."""
        first = self.played[0].number if self.played else 1
        i = number - first
        if 0 <= i < len(self.played) and self.played[i].number == number:
            return self.played[i]
        return next((p for p in reversed(self.played) if p.number == number), None)

    @property
    def tally(self) -> Tally:
        """The trainer's tally over every practice mode."""
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
        if Book.concerns(r):
            try:
                self.book.apply(r, self.seed)
            except BookError as e:
                raise Unreadable(str(e)) from None
        elif kind == "start":
            start = start_state(r)
            start.book = self.book  # a Reset of the trainer keeps the drills and the lessons
            self.__dict__.update(start.__dict__)
        elif kind == "summary":
            s = start_state(r)
            if self.complete:  # keep the whole history already read
                s.played = ([p for p in self.played if p.number < s.played[0].number] if s.played else []) + s.played
                s.complete = True
            self.__dict__.update(s.__dict__)
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
            missed = r.get("missed")
            if isinstance(missed, str) and missed and not p.right:
                self.missed[missed[:300]] = self.missed.get(missed[:300], 0) + 1
        elif kind == "deal":
            # Writers deal only after an answer; a reader accepts any later hand, so that a
            # damaged answer or deal record costs that hand only, not the rest of the log.
            number = r.get("number")
            if not is_count(number) or number <= self.current:
                raise Unreadable(f"hand {number!r} is dealt while hand {self.current} is on the table")
            self.table = _hand_data(r.get("hand"))
            self.current = number
        else:
            raise Unreadable(f"there is no record kind {kind!r}")


def _hand_data(data: Any) -> dict:
    """A hand's JSON, checked for its shape only (it is read in full when first shown)."""
    if not isinstance(data, dict) or not isinstance(data.get("sets"), list) or len(data["sets"]) != 5:
        raise Unreadable("the hand is not four sets and a pair")
    return data


def start_state(r: dict) -> Progress:
    """The state a ``start`` or a ``summary`` record opens (raises Unreadable)."""
    if r.get("format") != FORMAT:
        raise Unreadable("it is not an mjscore practice log")
    if r.get("version") not in READS:
        raise Unreadable(f"it is version {r.get('version')!r}, and this mjscore reads versions "
                         f"{', '.join(map(str, READS))}")
    seed = r.get("seed")
    if not is_count(seed):
        raise Unreadable("its seed is not a whole number")
    if r.get("kind") == "start":
        return Progress(seed=seed, table=_hand_data(r.get("hand")))
    return _from_summary(r, seed)


def _played(r: dict, s: Progress, *, hand: Any = None) -> Played:
    number = r.get("number")
    if hand is None and (number != s.current or s.answered):
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
    return Played(number=number, hand=s.table if hand is None else hand, shown=shown, mode=mode,
                  correct_points=r["correct_points"], correct_doubles=r["correct_doubles"], **figures)


def answer_record(p: Played, missed: str | None = None) -> dict:
    """The record of a first answer; ``missed``: the rule most likely missed (for the teacher)."""
    r = {"kind": "answer", "number": p.number, "mode": p.mode, "points": p.points,
         "doubles": p.doubles, "shown": p.shown, "correct_points": p.correct_points,
         "correct_doubles": p.correct_doubles}
    if missed:
        r["missed"] = missed
    return r


# --------------------------------------------------------------------------- summaries


def summary_record(s: Progress) -> dict:
    """The whole state as one record, for a reader to start from."""
    hand = s.hand
    return {"kind": "summary", "format": FORMAT, "version": VERSION, "seed": s.seed, "name": s.name,
            "mode": s.mode, "current": s.current, "hand": hand.to_json() if hand is not None else None,
            "tallies": {m: t.to_json() for m, t in s.tallies.items()}, "missed": s.missed,
            "recent": [_recent(p) for p in s.played[-RECENT:]], **s.book.to_json()}


def _recent(p: Played) -> dict:
    return {**answer_record(p), "hand": format_hand(p.hand)}


def _from_summary(r: dict, seed: int) -> Progress:
    name, mode, current = r.get("name"), r.get("mode"), r.get("current")
    if not isinstance(name, str) or not isinstance(mode, str) or mode not in MODES:
        raise Unreadable("the summary's name or mode is not one of the trainer's")
    if not is_count(current) or current < 1:
        raise Unreadable("the summary's hand number is not a whole number")
    tallies = r.get("tallies")
    if not isinstance(tallies, dict):
        raise Unreadable("the summary's tallies are not a JSON object")
    s = Progress(seed=seed, name=clean_name(name), mode=mode, current=current, table=_hand_data(r.get("hand")),
                 complete=False)
    for m, t in tallies.items():
        keys = ("played", "right", "shown", "points_right", "doubles_right")
        if m not in MODES or not isinstance(t, dict) or not all(is_count(t.get(k)) for k in keys):
            raise Unreadable(f"the summary's tally {m!r} is not a tally")
        s.tallies[m] = Tally(*(t[k] for k in keys))
    missed = r.get("missed")
    if not isinstance(missed, dict) or not all(isinstance(k, str) and is_count(v) for k, v in missed.items()):
        raise Unreadable("the summary's rules missed are not counts")
    s.missed = dict(missed)
    recent = r.get("recent")
    if not isinstance(recent, list) or len(recent) > RECENT:
        raise Unreadable("the summary's hands played are not a list")
    for x in recent:
        if not isinstance(x, dict) or not isinstance(x.get("hand"), str) or not is_count(x.get("number")):
            raise Unreadable("a hand played in the summary is not one")
        s.played.append(_played(x, s, hand=x["hand"]))
    if [p.number for p in s.played] != sorted({p.number for p in s.played}) or (
            s.played and s.played[-1].number > current):
        raise Unreadable("the summary's hands played are not in order")
    try:
        s.book = Book.from_json(r)
    except BookError as e:
        raise Unreadable(str(e)) from None
    return s
