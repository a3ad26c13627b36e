"""The "Your turn" questions at the end of the lessons that have them (:data:`.course.COURSE`
says which: lessons 1 to 6), made by the engine from a random seed.

Each lesson asks :data:`COUNT` questions a round. In the first round the first question is
the lesson's own worked example (the same for every learner); the others, and every question of
a later round, are made from the random seed, the lesson, the round and the question's number, so a
class working from one seed sees the same questions and a learner who asks for more gets new
ones. No answer is stored: the engine works each one out (:mod:`.model` reads and marks it).

>>> q = question(1, 1)
>>> print(q.prompt)
Ann wins a 25 hand on a discard thrown by Cat; the hand has a joker in it. What does Cat pay, what do Bea and Dee each pay, and what does Ann collect?
>>> q.answer
(50, 25, 100)
>>> mark(q, (25, 25, 75)).missed.title
'The thrower pays double'
>>> [question(lesson, 1).title for lesson in LESSONS]  # doctest: +NORMALIZE_WHITESPACE
['A hand won on a discard', 'The hand points of a hand', 'Points times two to the doubles',
 'Kongs and concealed pungs', 'May she claim the discard?', 'A discard at a tournament']
"""

from __future__ import annotations

from .course import COURSE, stream_name, the_lessons_with_questions
from .model import Field, LessonError, Marking, Question, mark, read_answer, stream

__all__ = ["COUNT", "LESSONS", "SLUGS", "TITLES", "Field", "LessonError", "Marking", "Question", "mark", "question",
           "questions", "read_answer", "the_lessons_with_questions"]

_MAKERS = {lesson.number: lesson.questions for lesson in COURSE if lesson.questions}
#: The lessons that end with questions, by number.
LESSONS = tuple(sorted(_MAKERS))
#: The questions a lesson asks a round.
COUNT = {lesson: len(makers) for lesson, makers in _MAKERS.items()}
#: Each lesson's title, as the course names it.
TITLES = {lesson: COURSE[lesson].title for lesson in LESSONS}
#: Each lesson's slug: how the progress log names it, whatever its number becomes.
SLUGS = {lesson: COURSE[lesson].slug for lesson in LESSONS}
#: The largest round (a learner never gets there).
MAX_ROUND = 10**6


def question(lesson: int, number: int, seed: int = 0, round: int = 1) -> Question:
    """Question ``number`` (1 first) of ``lesson`` in ``round``, made from ``seed``."""
    if lesson not in _MAKERS or isinstance(lesson, bool):
        raise LessonError(f"{the_lessons_with_questions()} have questions, not {lesson!r}")
    makers = _MAKERS[lesson]
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(makers):
        raise LessonError(f"lesson {lesson} asks questions 1 to {len(makers)}, not {number!r}")
    for what, v, top in (("seed", seed, 2**63), ("round", round, MAX_ROUND)):
        if isinstance(v, bool) or not isinstance(v, int) or not (0 if what == "seed" else 1) <= v <= top:
            raise LessonError(f"the {what} must be a whole number, not {v!r}")
    rng = None if (round == 1 and number == 1) else stream(stream_name(SLUGS[lesson]), seed, round, number)
    return makers[number - 1](number, rng)


def questions(lesson: int, seed: int = 0, round: int = 1) -> tuple[Question, ...]:
    """Every question of ``lesson`` in ``round``, in order."""
    question(lesson, 1, seed, round)  # refuses a lesson, seed or round that has no questions
    return tuple(question(lesson, n, seed, round) for n in range(1, COUNT[lesson] + 1))
