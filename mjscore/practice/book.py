"""What a learner has practised besides the Willingdon trainer, as the progress log keeps it: the
American payments drill, the tournament drill, and the "Your turn" questions of lessons 1 to 6.

The progress log (:mod:`mjscore.practice.log`) is one file of JSON records, one a line.
The records of this module carry ``"drill"`` (``american`` or ``tournament``) or ``"lesson"``
(the lesson's slug in the course, ``mjscore.lessons.course``), so one log holds everything a
learner practised, each with its own tally line::

    {"kind": "start", "drill": "american", "seed": 0, "item": {...}}       a drill begun again (Reset)
    {"kind": "answer", "drill": "american", "number": 1, "given": [100, -50, -25, -25],
     "shown": false, "right": true, "correct": [100, -50, -25, -25], "missed": null}
    {"kind": "deal", "drill": "american", "number": 2, "item": {...}}      the next situation
    {"kind": "undo", "drill": "american"}                                   the last Reset taken back
    {"kind": "table", "drill": "tournament", "table": {...}}                the organizer's table chosen
    {"kind": "answer", "lesson": "american-who-pays", "round": 1, "number": 2,
     "question": "A self-drawn hand", "given": [50, 150], "shown": false, "right": true,
     "correct": [50, 150], "missed": null}
    {"kind": "start", "lesson": "american-who-pays", "round": 2}            new questions for a lesson

A lesson is named by its slug, so a lesson put between two others changes no learner's history.
Logs of an earlier mjscore named it by its number then (``"lesson": 1``): they are read by
:data:`~mjscore.lessons.course.NUMBERED`, the course as it was, whatever the course becomes.

``given`` is the learner's first answer (``null`` when Show me came first), ``correct`` the
answer as the engine worked it out then, ``missed`` the one rule the learner most likely missed
(a short sentence, the same for every learner who missed it: the teacher's view counts them).
A drill's situation (``item``) is stored when it is dealt, so a restart shows the same one.

:class:`Book` is the state all these records build; it is written whole into the log's summary
records (:meth:`Book.to_json`), so a reader can start from the last summary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from ..lessons.course import NUMBERED
from ..missed import Rule

__all__ = ["DRILLS", "MAX_ITEMS", "NUMBERED", "Answer", "Book", "BookError", "Counts", "DrillState", "LessonState", "answer_fields",
           "drill_record", "lesson_of", "lesson_record"]

#: The drills the log keeps, and what a tally line calls them.
DRILLS = {"american": "American payments", "tournament": "Tournament points"}
#: The highest lesson number an earlier log's record may carry. The log keeps the records of any
#: lesson: which lessons ask questions is the course's to say (``mjscore.lessons.LESSONS``).
MAX_LESSON = 99
#: A lesson's slug: lower-case words and numbers joined by hyphens, a letter first (``doubles-compound``).
SLUG = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
MAX_SLUG = 60
#: The most figures one answer may hold (five players, or a question's fields).
MAX_ITEMS = 8
#: The largest figure an answer may hold (a card value is at most 100,000; Willingdon scores grow).
MAX_FIGURE = 10**15
#: The longest text a record may carry (a question's title, a rule missed, a choice).
MAX_TEXT = 300


class BookError(ValueError):
    """A record of a drill or a lesson that does not follow from the ones before it."""


def drill_record(kind: str, drill: str, **fields) -> dict:
    """A drill's record (``start``, ``deal``, ``answer``, ``undo`` or ``table``) for the log.

    The fields come in the order the log writes them.

    >>> drill_record("deal", "american", number=2, item={})
    {'kind': 'deal', 'drill': 'american', 'number': 2, 'item': {}}
    """
    return {"kind": kind, "drill": drill, **fields}


def lesson_record(kind: str, lesson: str, **fields) -> dict:
    """A lesson's record (``answer``, or ``start`` for a new round of questions); ``lesson`` is its slug.

    >>> lesson_record("start", "doubles-compound", round=2)
    {'kind': 'start', 'lesson': 'doubles-compound', 'round': 2}
    """
    return {"kind": kind, "lesson": lesson, **fields}


def lesson_of(v: Any) -> str:
    """The slug of the lesson a record names.

    That is its slug, or in a log of an earlier mjscore its number then (:data:`NUMBERED`; a
    number no lesson had is kept as ``lesson-N``). Raises :class:`BookError` for anything else.

    >>> lesson_of("willingdon-faq"), lesson_of(4), lesson_of(12)
    ('willingdon-faq', 'willingdon-faq', 'lesson-12')
    """
    if isinstance(v, str) and len(v) <= MAX_SLUG and SLUG.fullmatch(v):
        return v
    if _is_lesson(v):
        return NUMBERED.get(v, f"lesson-{v}")
    raise BookError(f"there is no lesson {v!r} with questions")


def answer_fields(*, number: int, given, correct, missed: Rule | None) -> dict:
    """The fields of a first answer: ``given`` None for Show me."""
    right = given is not None and tuple(given) == tuple(correct)
    return {"number": number, "given": None if given is None else list(given), "shown": given is None,
            "right": right, "correct": list(correct), "missed": missed.title if missed and not right else None}


def _is_lesson(v: Any) -> bool:
    """Whether ``v`` is a lesson's number (1 to :data:`MAX_LESSON`, not True)."""
    return isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_LESSON


def _is_count(v: Any) -> bool:
    """Whether ``v`` is a whole number, zero or more (not True or False)."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


@dataclass(frozen=True)
class Counts:
    """One tally line: how many answered, right at the first answer, and shown (Show me)."""

    played: int = 0
    right: int = 0
    shown: int = 0

    @property
    def missed(self) -> int:
        """How many were not right at the first answer (shown ones included)."""
        return self.played - self.right

    def plus(self, *, right: bool, shown: bool) -> "Counts":
        """The tally with one more answer counted."""
        return Counts(self.played + 1, self.right + right, self.shown + shown)

    def __add__(self, other: "Counts") -> "Counts":
        return Counts(self.played + other.played, self.right + other.right, self.shown + other.shown)

    def to_json(self) -> dict:
        """The tally as JSON: played, right and shown."""
        return {"played": self.played, "right": self.right, "shown": self.shown}

    @classmethod
    def from_json(cls, data: Any) -> "Counts":
        """The tally of a JSON object with played, right and shown (raises :class:`BookError`)."""
        if not isinstance(data, dict) or not all(_is_count(data.get(k)) for k in ("played", "right", "shown")):
            raise BookError("a tally is three whole numbers: played, right and shown")
        c = cls(data["played"], data["right"], data["shown"])
        if c.right + c.shown > c.played:
            raise BookError("a tally has more right and shown than played")
        return c

    def __str__(self) -> str:
        return f"{self.right} of {self.played} right ({self.shown} shown)"


def _text(v: Any, what: str) -> str:
    if not isinstance(v, str) or len(v) > MAX_TEXT:
        raise BookError(f"{what} is not a short text")
    return v


def _figures(v: Any, what: str, *, empty: bool = False) -> tuple | None:
    """A list of figures (whole numbers or short texts), or None where ``empty`` allows it."""
    if v is None and empty:
        return None
    if not isinstance(v, list) or not 1 <= len(v) <= MAX_ITEMS:
        raise BookError(f"{what} is not a list of 1 to {MAX_ITEMS} figures")
    for x in v:
        if isinstance(x, bool) or not (isinstance(x, int) and abs(x) <= MAX_FIGURE
                                       or isinstance(x, str) and len(x) <= MAX_TEXT):
            raise BookError(f"{what} holds {x!r}, which is neither a whole number nor a choice")
    return tuple(v)


def _tally_of(counter: Any, what: str) -> dict[str, int]:
    if not isinstance(counter, dict) or not all(isinstance(k, str) and len(k) <= MAX_TEXT and _is_count(n)
                                                for k, n in counter.items()):
        raise BookError(f"{what} is not a count by rule")
    return dict(counter)


@dataclass(frozen=True)
class Answer:
    """One first answer, as recorded: ``given`` is None when Show me came first."""

    number: int
    given: tuple | None
    shown: bool
    right: bool
    correct: tuple
    missed: str | None = None
    question: str = ""

    @classmethod
    def from_record(cls, r: dict) -> "Answer":
        """The answer of an ``answer`` record (raises :class:`BookError` if it does not hold together)."""
        shown, right = r.get("shown"), r.get("right")
        if not isinstance(shown, bool) or not isinstance(right, bool) or (shown and right):
            raise BookError("'shown' and 'right' must be true or false, and not both")
        given = _figures(r.get("given"), "the answer given", empty=True)
        if (given is None) != shown:
            raise BookError("an answer holds figures unless Show me came first")
        missed = r.get("missed")
        return cls(number=r["number"], given=given, shown=shown, right=right,
                   correct=_figures(r.get("correct"), "the right answer"),
                   missed=None if missed is None else _text(missed, "the rule missed"),
                   question=_text(r.get("question", ""), "the question"))

    def to_json(self) -> dict:
        """The answer as JSON, with the fields of its record."""
        return {"number": self.number, "given": None if self.given is None else list(self.given),
                "shown": self.shown, "right": self.right, "correct": list(self.correct),
                "missed": self.missed, "question": self.question}


def _missed_plus(missed: dict[str, int], a: Answer) -> dict[str, int]:
    if a.missed is None or a.right:
        return missed
    return {**missed, a.missed: missed.get(a.missed, 0) + 1}


@dataclass(frozen=True)
class DrillState:
    """One drill: the situation on the table (``item``: its JSON, None until first dealt, when the
    drill makes situation ``number`` from ``seed``), whether it is answered, the tally, the rules
    missed (rule -> times), the last answer, the organizer's table (the tournament drill), and the
    state a Reset put aside (``kept``), for its undo."""

    seed: int
    number: int = 1
    item: dict | None = None
    answered: bool = False
    counts: Counts = Counts()
    missed: dict = field(default_factory=dict)
    last: Answer | None = None
    table: dict | None = None
    kept: "DrillState | None" = None

    def apply(self, r: dict) -> "DrillState":
        """The drill after record ``r`` (raises :class:`BookError` if it does not follow)."""
        kind = r.get("kind")
        if kind == "start":
            if not _is_count(r.get("seed")):
                raise BookError("a drill's seed is not a whole number")
            return DrillState(seed=r["seed"], item=_situation(r.get("item"), empty=True), table=self.table,
                              kept=replace(self, kept=None))
        if kind == "undo":
            if self.kept is None:
                raise BookError("there is no Reset to take back")
            return replace(self.kept, table=self.table)
        if kind == "table":
            if not isinstance(r.get("table"), dict):
                raise BookError("a table is a JSON object")
            return replace(self, table=r["table"])
        number = r.get("number")
        if kind == "deal":
            if not _is_count(number) or number <= self.number or not self.answered:
                raise BookError(f"situation {number!r} is dealt while {self.number} is on the table"
                                + ("" if self.answered else " unanswered"))
            return replace(self, number=number, item=_situation(r.get("item")), answered=False)
        if kind == "answer":
            if number != self.number or self.answered:
                raise BookError(f"an answer to situation {number!r}, but {self.number} is on the table"
                                + (" and answered" if self.answered else ""))
            a = Answer.from_record(r)
            return replace(self, answered=True, counts=self.counts.plus(right=a.right, shown=a.shown),
                           missed=_missed_plus(self.missed, a), last=a)
        raise BookError(f"there is no drill record kind {kind!r}")

    def to_json(self) -> dict:
        """The drill's state as JSON, as a summary record writes it."""
        return {"seed": self.seed, "number": self.number, "item": self.item, "answered": self.answered,
                **self.counts.to_json(), "missed": self.missed,
                "last": None if self.last is None else self.last.to_json(), "table": self.table,
                "kept": None if self.kept is None else self.kept.to_json()}

    @classmethod
    def from_json(cls, d: Any, *, nested: bool = False) -> "DrillState":
        """The drill's state of a summary record (raises :class:`BookError`).

        ``nested`` is for the state a Reset put aside, which keeps no other.
        """
        if not isinstance(d, dict) or not _is_count(d.get("seed")) or not _is_count(d.get("number")) or d["number"] < 1:
            raise BookError("a drill's state has no seed or number")
        if not isinstance(d.get("answered"), bool):
            raise BookError("a drill's state does not say whether it is answered")
        last = d.get("last")
        if last is not None:
            if not isinstance(last, dict) or not _is_count(last.get("number")):
                raise BookError("a drill's last answer is not an answer")
            last = Answer.from_record(last)
        table = d.get("table")
        if table is not None and not isinstance(table, dict):
            raise BookError("a table is a JSON object")
        kept = d.get("kept")
        if kept is not None and nested:
            raise BookError("a kept state keeps no other")
        return cls(seed=d["seed"], number=d["number"], item=_situation(d.get("item"), empty=True),
                   answered=d["answered"], counts=Counts.from_json(d), missed=_tally_of(d.get("missed"), "missed"),
                   last=last, table=table, kept=None if kept is None else cls.from_json(kept, nested=True))


def _situation(v: Any, *, empty: bool = False) -> dict | None:
    """A drill's situation as stored (a JSON object), or None where ``empty`` allows it."""
    if v is None and empty:
        return None
    if not isinstance(v, dict):
        raise BookError("a situation is a JSON object")
    return v


@dataclass(frozen=True)
class LessonState:
    """One lesson's questions: the round being asked (1 first; new questions are a new round),
    the first answers of this round by question number, the tally over every round, the rules
    missed (rule -> times), the questions got wrong (title -> times), and whether the first answer
    to each question, in any round, was right (``first_right``, title -> bool; a Show me is not right;
    None where a summary of an earlier mjscore left it unknown): the teacher's view counts by it."""

    round: int = 1
    answers: dict = field(default_factory=dict)
    counts: Counts = Counts()
    missed: dict = field(default_factory=dict)
    wrong: dict = field(default_factory=dict)
    first_right: dict | None = field(default_factory=dict)

    def apply(self, r: dict) -> "LessonState":
        """The lesson after record ``r`` (raises :class:`BookError` if it does not follow)."""
        kind, rnd = r.get("kind"), r.get("round")
        if kind == "start":
            if rnd != self.round + 1:
                raise BookError(f"round {rnd!r} follows round {self.round}")
            return replace(self, round=rnd, answers={})
        if kind == "answer":
            number = r.get("number")
            if rnd != self.round or not _is_count(number) or not 1 <= number <= MAX_ITEMS or number in self.answers:
                raise BookError(f"question {number!r} of round {rnd!r} is not open (round {self.round})")
            a = Answer.from_record(r)
            wrong = self.wrong if a.right else {**self.wrong, a.question: self.wrong.get(a.question, 0) + 1}
            first = self.first_right
            if first is not None and a.question not in first:
                first = {**first, a.question: a.right}
            return replace(self, answers={**self.answers, number: a},
                           counts=self.counts.plus(right=a.right, shown=a.shown),
                           missed=_missed_plus(self.missed, a), wrong=wrong, first_right=first)
        raise BookError(f"there is no lesson record kind {kind!r}")

    def to_json(self) -> dict:
        """The lesson's state as JSON, as a summary record writes it."""
        return {"round": self.round, "answers": [a.to_json() for _, a in sorted(self.answers.items())],
                **self.counts.to_json(), "missed": self.missed, "wrong": self.wrong, "first_right": self.first_right}

    @classmethod
    def from_json(cls, d: Any) -> "LessonState":
        """The lesson's state of a summary record (raises :class:`BookError`)."""
        if not isinstance(d, dict) or not _is_count(d.get("round")) or d["round"] < 1:
            raise BookError("a lesson's state has no round")
        answers = d.get("answers")
        if not isinstance(answers, list) or len(answers) > MAX_ITEMS:
            raise BookError("a lesson's answers are not a list")
        kept = {}
        for a in answers:
            if not isinstance(a, dict) or not _is_count(a.get("number")) or a["number"] in kept:
                raise BookError("a lesson's answer has no number of its own")
            kept[a["number"]] = Answer.from_record(a)
        counts = Counts.from_json(d)
        first = d.get("first_right", None if counts.played else {})  # an earlier mjscore's summary: unknown
        if first is not None and not (isinstance(first, dict) and all(
                isinstance(k, str) and len(k) <= MAX_TEXT and isinstance(v, bool) for k, v in first.items())):
            raise BookError("a lesson's first answers are not right or wrong by question")
        return cls(round=d["round"], answers=kept, counts=counts, missed=_tally_of(d.get("missed"), "missed"),
                   wrong=_tally_of(d.get("wrong"), "wrong"), first_right=first)


@dataclass
class Book:
    """Every drill and lesson of one progress log (those never practised are absent): the
    drills by name, the lessons by slug."""

    drills: dict = field(default_factory=dict)
    lessons: dict = field(default_factory=dict)

    @staticmethod
    def concerns(r: dict) -> bool:
        """Whether record ``r`` is a drill's or a lesson's (else it is the Willingdon trainer's)."""
        return "drill" in r or "lesson" in r

    def drill(self, name: str, seed: int) -> DrillState:
        """The drill's state (a fresh one, with ``seed``, if it was never practised)."""
        return self.drills.get(name) or DrillState(seed=seed)

    def lesson(self, slug: str) -> LessonState:
        """The state of the lesson with this slug (a fresh one if its questions were never answered)."""
        return self.lessons.get(slug) or LessonState()

    def apply(self, r: dict, seed: int) -> None:
        """Apply one drill or lesson record (raises :class:`BookError` saying why not)."""
        if "drill" in r:
            name = r["drill"]
            if not isinstance(name, str) or name not in DRILLS:
                raise BookError(f"there is no drill {name!r}")
            self.drills[name] = self.drill(name, seed).apply(r)
        else:
            lesson = lesson_of(r.get("lesson"))
            self.lessons[lesson] = self.lesson(lesson).apply(r)

    def to_json(self) -> dict:
        """Every drill and lesson as JSON, as the log's summary records write them."""
        return {"drills": {n: s.to_json() for n, s in self.drills.items()},
                "lessons": {slug: s.to_json() for slug, s in sorted(self.lessons.items())}}

    @classmethod
    def from_json(cls, data: Any) -> "Book":
        """The book of a summary record (``{"drills": {...}, "lessons": {...}}``); raises BookError."""
        if not isinstance(data, dict):
            raise BookError("the drills and lessons are not a JSON object")
        drills, lessons = data.get("drills", {}), data.get("lessons", {})
        if not isinstance(drills, dict) or not isinstance(lessons, dict):
            raise BookError("the drills and lessons are not JSON objects")
        book = cls()
        for name, d in drills.items():
            if name not in DRILLS:
                raise BookError(f"there is no drill {name!r}")
            book.drills[name] = DrillState.from_json(d)
        for key, d in lessons.items():  # a slug, or in a summary of an earlier mjscore a number
            book.lessons[lesson_of(int(key) if key.isdigit() else key)] = LessonState.from_json(d)
        return book
