"""What a learner most likely missed: a rule, the answer of someone who misreads it, and the one
rule that explains a wrong answer best. The drills and the lessons' questions of both games say
their misses in these words, and the progress log counts them (:mod:`mjscore.practice.book`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Misreading", "Rule", "worst_miss"]


@dataclass(frozen=True)
class Rule:
    """A rule a learner missed: ``title`` is the rule, the same words for every learner who
    missed it (the teacher's view counts them, from the records' ``missed``); ``detail`` says
    it of the question at hand."""

    title: str
    detail: str


@dataclass(frozen=True)
class Misreading:
    """What a learner answers who misreads ``rule``: ``answer``, one figure a field or a player."""

    rule: Rule
    answer: tuple


def worst_miss(misreadings, given, correct) -> Rule | None:
    """The rule the learner most likely missed, to answer ``given`` instead of ``correct``.

    That is the rule of the misreading whose answer is ``given``, else of the one that explains
    most of the wrong figures; None if none explains any.

    >>> m = [Misreading(Rule("The thrower pays double", ""), (75, -25, -25, -25))]
    >>> worst_miss(m, (75, -25, -25, -25), (100, -25, -50, -25)).title
    'The thrower pays double'
    """
    best, explained = None, 0
    given, correct = tuple(given), tuple(correct)
    for m in misreadings:
        if tuple(m.answer) == given:
            return m.rule
        n = sum(g == w != c for g, w, c in zip(given, m.answer, correct))
        if n > explained:
            best, explained = m.rule, n
    return best
