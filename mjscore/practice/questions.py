"""A lesson's "Your turn" questions on the learner's progress log.

:class:`LessonQuestions` asks the questions of :mod:`mjscore.lessons` for one lesson, marks an
answer, gives the hint and the Show me, and records the first answer on each question in the
progress log with its lesson (:mod:`mjscore.practice.book`): only the first answer counts, Show me
counts as a miss, and a restart shows what was answered. New questions (:meth:`more`) start
a new round; the tally of every round is kept.

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> lesson = LessonQuestions(3, pathlib.Path(folder.name) / "practice.jsonl")
>>> print(lesson.question(1).prompt)
A hand has 54 hand points and 5 doubles. What is its paper total, and what does it score?
>>> f = lesson.check(1, lesson.read(1, ["1,728", "1728"]))
>>> f.right, f.counted
(True, True)
>>> f = lesson.check(2, lesson.read(2, ["368", "368"]))
>>> f.right, f.missed.title
(False, 'Under three doubles a hand pays nothing')
>>> print(lesson.tally)
1 of 2 right (0 shown)
>>> folder.cleanup()
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Sequence

from ..files.inputs import MAX_DIGITS, figure, keepable
from ..lessons import (COUNT, SLUGS, TITLES, LessonError, Question, mark, question, read_answer,
                       the_lessons_with_questions)
from ..missed import Rule
from .book import Answer, Counts, LessonState, answer_fields, lesson_record
from .keeper import KeptProgress
from .played import answered_again

__all__ = ["LessonQuestions", "QuestionFeedback"]


@dataclass(frozen=True)
class QuestionFeedback:
    """What is said about one answer (or one Show me): ``counted`` only for the first answer
    on a question, the one in the tally; ``fields_right`` one mark a field (empty for Show me)."""

    question: Question
    given: tuple | None
    fields_right: tuple
    missed: Rule | None
    counted: bool
    note: str = ""

    @property
    def shown(self) -> bool:
        """Whether this was a Show me rather than an answer."""
        return self.given is None

    @property
    def right(self) -> bool:
        """Whether every field was right (a Show me never is)."""
        return not self.shown and all(self.fields_right)


class LessonQuestions(KeptProgress):
    """The questions of ``lesson`` (a lesson that has them: lessons 1 to 6) on the progress log at ``path`` (default: the
    learner's own); ``seed`` makes the questions of a new log (a saved log keeps its own)."""

    error = LessonError

    def __init__(self, lesson: int, path: str | os.PathLike | None = None, *, seed: int = 0) -> None:
        if lesson not in COUNT or isinstance(lesson, bool):
            raise LessonError(f"{the_lessons_with_questions()} have questions, not {lesson!r}")
        super().__init__(path, seed)
        self.lesson = lesson
        self.slug = SLUGS[lesson]  # how the log names the lesson, whatever its number becomes

    @property
    def title(self) -> str:
        """The lesson's number and title, as a heading."""
        return f"Lesson {self.lesson}: {TITLES[self.lesson]}"

    @property
    def state(self) -> LessonState:
        """The lesson's questions as the progress log has them now."""
        return self._progress.book.lesson(self.slug)

    @property
    def seed(self) -> int:
        """The number the questions are made from (the saved log's own)."""
        return self._progress.seed

    @property
    def round(self) -> int:
        """Which round of questions is asked (1 first; New questions starts the next)."""
        return self.state.round

    @property
    def tally(self) -> Counts:
        """How many questions were answered, right at the first answer, and shown, over every round."""
        return self.state.counts

    @property
    def count(self) -> int:
        """How many questions a round asks."""
        return COUNT[self.lesson]

    def question(self, number: int) -> Question:
        """Question ``number`` of this round."""
        return question(self.lesson, number, self.seed, self.round)

    def questions(self) -> tuple[Question, ...]:
        """Every question of this round, in order."""
        return tuple(self.question(n) for n in range(1, self.count + 1))

    def first_answer(self, number: int) -> Answer | None:
        """The first answer recorded on question ``number`` of this round (None: not yet)."""
        return self.state.answers.get(number)

    @property
    def finished(self) -> bool:
        """Every question of this round answered (or shown)."""
        return len(self.state.answers) >= self.count

    def read(self, number: int, texts: Sequence[str | None]) -> tuple:
        """The answer typed for question ``number`` (raises LessonError naming an empty box)."""
        return read_answer(self.question(number), texts)

    def hint(self, number: int) -> str:
        """Where to look, before answering (never the answer; it is not recorded)."""
        return self.question(number).hint

    def check(self, number: int, given: Sequence) -> QuestionFeedback:
        """Mark ``given`` (as :meth:`read` gives it); the first answer on a question is recorded."""
        q = self.question(number)
        big = next((g for g in given if isinstance(g, int) and not keepable(g)), None)
        if big is not None:
            raise LessonError(f"a figure must be a whole number of at most {MAX_DIGITS} digits "
                              f"(the progress log keeps no more), not {figure(big)}")
        m = mark(q, given)
        return self._record(q, tuple(given), m.fields_right, m.missed)

    def show_me(self, number: int) -> QuestionFeedback:
        """The answer; on a question not yet answered it counts as a miss."""
        return self._record(self.question(number), None, (), None)

    def more(self) -> None:
        """New questions: the next round (the tally of the rounds before is kept)."""
        now = self.round
        self._keep.change(lambda progress: lesson_record("start", self.slug, round=now + 1)
                          if progress.book.lesson(self.slug).round == now else None)

    def _record(self, q: Question, given: tuple | None, rights: tuple, missed: Rule | None) -> QuestionFeedback:
        round_, note = self.round, []

        def change(progress):
            st = progress.book.lesson(self.slug)
            if st.round != round_:
                note.append("These questions were replaced by new ones in another window: not counted.")
                return None
            if q.number in st.answers:
                return None
            return lesson_record("answer", self.slug, round=round_, question=q.title,
                                 **answer_fields(number=q.number, given=given, correct=q.answer, missed=missed))
        counted = self._keep.change(change)
        if not counted and not note:
            first = self.first_answer(q.number)
            note.append(answered_again("question", first=None if first is None or first.shown else first.right,
                                       now=None if given is None else bool(rights) and all(rights)))
        return QuestionFeedback(question=q, given=given, fields_right=rights, missed=missed, counted=counted,
                                note=note[0] if note else "")
