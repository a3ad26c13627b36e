"""A "Your turn" question, its answer read from what the learner typed, and its marking.

A :class:`Question` is made by the engine (never stored with its answer): the lesson's own
worked example first, new ones after (:mod:`mjscore.lessons`). It asks for one figure or choice
a :class:`Field`; :func:`read_answer` reads the typed text (an empty box is asked for, not
counted); :func:`mark` says which figures are right and the one rule a wrong answer most likely
missed, from the question's misreadings (each the answer a learner gives who misreads one rule)
or, for a Willingdon hand, from the trainer's own hints.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ..hands import parse
from ..files.inputs import MAX_DIGITS, InputError, OutOfRange, keepable, whole_number
from ..missed import Misreading, Rule, worst_miss
from ..willingdon import score
from ..willingdon.hints import likely_misses, rule_of_hint

__all__ = ["Field", "LessonError", "Marking", "Question", "mark", "read_answer", "stream"]


class LessonError(ValueError):
    """A question that cannot be asked, or an answer that cannot be read, said plainly."""


@dataclass(frozen=True)
class Field:
    """One thing asked: a whole number (``signed``: it may be minus, as points lost are), or
    one of ``choices``."""

    label: str
    choices: tuple = ()
    signed: bool = False


@dataclass(frozen=True)
class Question:
    """One question of a lesson.

    ``title`` names what it practises in the same words for every learner (the teacher's view
    counts the questions most got wrong by it); ``hint`` says where to look, never the answer;
    ``rule`` is the rule it practises; ``reasons`` say how the answer comes about (Show me);
    ``misreadings`` the answers a misread rule gives. ``hand`` (short notation) is a Willingdon
    hand to draw; with ``asks`` (``points`` or ``doubles``) it is marked by the trainer's hints.
    """

    lesson: int
    number: int
    title: str
    prompt: str
    fields: tuple
    answer: tuple
    reasons: tuple
    hint: str
    rule: Rule
    misreadings: tuple = ()
    hand: str = ""
    asks: str = ""

    def __post_init__(self) -> None:
        if len(self.fields) != len(self.answer) or not self.fields:
            raise LessonError("a question has one answer a field")
        # a misreading that comes to the right answer here says nothing about a wrong one
        object.__setattr__(self, "misreadings", tuple(m for m in self.misreadings if tuple(m.answer) != self.answer))


@dataclass(frozen=True)
class Marking:
    """Each figure right or not, and the one rule most likely missed (None when all are right)."""

    right: bool
    fields_right: tuple
    missed: Rule | None


def stream(lesson: str, seed: int, round_: int, number: int) -> random.Random:
    """The random stream of one question: the same question on every machine and Python.

    ``lesson`` is the lesson's stream name (:func:`mjscore.lessons.course.stream_name`)."""
    return random.Random(f"mjscore-lesson-{lesson}-{seed}-{round_}-{number}")


def read_answer(q: Question, texts: Sequence[str | None]) -> tuple:
    """The answer in ``texts``, one a field: a number as typed (``1,728`` or ``-10``), or a choice.

    A number is read by :func:`mjscore.files.inputs.whole_number`, as the command line and every app
    read one. Raises :class:`LessonError` naming the first field left empty or not understood.

    >>> from mjscore.lessons import question
    >>> q = question(3, 1)
    >>> read_answer(q, ["1,728", "1728"])
    (1728, 1728)
    >>> read_answer(q, ["1728", ""])
    Traceback (most recent call last):
    ...
    mjscore.lessons.model.LessonError: fill in “Score” first
    """
    if len(texts) != len(q.fields):
        raise LessonError(f"this question asks for {len(q.fields)} answers")
    out = []
    for f, t in zip(q.fields, texts):
        t = "" if t is None else str(t).strip()
        if not t:
            raise LessonError(f"fill in “{f.label}” first")
        if f.choices:
            if t not in f.choices:
                raise LessonError(f"“{f.label}” is one of: {', '.join(f.choices)}")
            out.append(t)
            continue
        try:
            n = whole_number(t, f"“{f.label}”")
        except OutOfRange:
            n = None
        except InputError:
            raise LessonError(f"type a whole number for “{f.label}”"
                              + (", with a minus sign for a loss or a payment" if f.signed else "")) from None
        if n is None or not keepable(n):  # the progress log keeps no more
            raise LessonError(f"the number typed for “{f.label}” is too big (at most {MAX_DIGITS} digits)")
        if n < 0 and not f.signed:
            raise LessonError(f"type a number of 0 or more for “{f.label}” (no minus sign here)")
        out.append(n)
    return tuple(out)


def mark(q: Question, given: Sequence) -> Marking:
    """Mark ``given`` (one value a field, as :func:`read_answer` gives it)."""
    given = tuple(given)
    if len(given) != len(q.answer):
        raise LessonError(f"this question asks for {len(q.answer)} answers")
    rights = tuple(g == a for g, a in zip(given, q.answer))
    if all(rights):
        return Marking(True, rights, None)
    if q.asks:
        hand = parse(q.hand)
        figure = given[0]
        hints = likely_misses(score(hand), hand, figure if q.asks == "points" else None,
                              figure if q.asks == "doubles" else None) if isinstance(figure, int) else ()
        title = rule_of_hint(hints[0]) if hints else None
        return Marking(False, rights, Rule(title, hints[0]) if title else q.rule)
    return Marking(False, rights, worst_miss(q.misreadings, given, q.answer) or q.rule)


def misreading(title: str, detail: str, answer: Sequence) -> Misreading:
    """A misreading of one rule (a shorthand for the lesson modules)."""
    return Misreading(Rule(title, detail), tuple(answer))
