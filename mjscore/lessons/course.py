"""The course: every lesson once, in order. Whatever lists the lessons reads this list: the
notebooks' titles and navigation and the contents (``tools/navigation.py``), the tests of the
notebooks, the lessons' "Your turn" questions (:mod:`mjscore.lessons`, and so the progress log and
the teacher's view), the apps of the browser site (``tools/site_pages.py``) and the README's table.

A lesson's number is its place in the list, and its notebook is ``NN-slug.ipynb`` in ``notebooks/``.

>>> lesson("doubles-compound").notebook
'03-doubles-compound'
>>> [lesson.number for lesson in COURSE if lesson.questions]
[1, 2, 3, 4, 5, 6]
>>> print(the_lessons_with_questions())
lessons 1 to 6
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import american, goulash, willingdon

__all__ = ["COURSE", "NUMBERED", "App", "CourseError", "Lesson", "lesson", "stream_name", "numbered", "the_lessons_with_questions",
           "with_questions"]


class CourseError(ValueError):
    """A lesson the course does not have."""


@dataclass(frozen=True)
class App:
    """An app of a lesson that runs whole in the browser site with no numpy, pandas or matplotlib,
    on a page of its own: the page's name, its title, the module the app lives in, the call that
    makes it, and a sentence on what it does."""

    name: str
    title: str
    module: str
    call: str
    what: str


@dataclass(frozen=True)
class Lesson:
    """One lesson: its slug (the notebook's name after its number), its title, what it teaches
    (the contents' line), the makers of its "Your turn" questions (one a question; none for a
    lesson without), and its apps on pages of their own. ``number`` is its place in the course."""

    slug: str
    title: str
    teaches: str
    questions: tuple = ()
    apps: tuple[App, ...] = ()
    number: int = 0

    @property
    def notebook(self) -> str:
        """The notebook's file name without ``.ipynb``: ``03-doubles-compound``."""
        return f"{self.number:02d}-{self.slug}"


def numbered(*lessons: Lesson) -> tuple[Lesson, ...]:
    """The lessons in this order, each numbered by its place (the first is 0)."""
    return tuple(replace(one, number=i) for i, one in enumerate(lessons))


COURSE = numbered(
    Lesson("start-here", "Start here",
           "what the collection teaches, in what order, for whom, and how to open it"),
    Lesson("american-who-pays", "American Mah Jongg: who pays",
           "the National Mah Jongg League's home payments: the thrower, self-drawn, jokerless and its "
           "exceptions, the wall game, dead hands; an app for any hand; the payments drill",
           questions=american.WHO_PAYS, apps=(App("payments", "American Mah Jongg: who pays", "mjscore.views.american.american_app",
                                     "AmericanPaymentsApp()",
                                     "Who pays whom, and how much, when an American hand is won."),)),
    Lesson("willingdon-hand-points", "Willingdon hand points",
           "the points of every set, flower and pair, shown from the engine's own rule table; a hand "
           "builder that scores as you click",
           questions=willingdon.HAND_POINTS, apps=(App("hand-builder", "The Willingdon hand builder", "mjscore.views.willingdon.hand_builder",
                                     "HandBuilderApp()",
                                     "Build a hand set by set and see it scored, every point and double named."),)),
    Lesson("doubles-compound", "Doubles compound",
           "hand points × 2^doubles: the rule book's 1,728 and 237,568, each missed double halving the "
           "score, and the three-double minimum", questions=willingdon.DOUBLES),
    Lesson("willingdon-faq", "The Willingdon FAQ, answered by the engine",
           "every question of the Willingdon FAQ, each answered by scoring a real hand",
           questions=willingdon.FAQ),
    Lesson("playing-goulash", "Playing Goulash",
           "claiming the last discard, whose turn comes next, and the optional penalties, settled",
           questions=goulash.CLAIMING, apps=(App("claim", "Goulash: claiming a discard", "mjscore.views.willingdon.goulash_app",
                                     "GoulashClaimApp()", "Who may claim the last discard, and whose turn comes next."),)),
    Lesson("tournament-vs-home", "Tournament versus home",
           "American tournament points against home payments: the same hands, and a night, scored both "
           "ways; the tournament drill", questions=american.TOURNAMENT),
    Lesson("practice", "Practice: score a dealt hand yourself",
           "the trainer: score dealt Willingdon hands yourself, your answers marked and your tally kept; "
           "your progress lesson by lesson",
           apps=(App("trainer", "The practice trainer", "mjscore.views.practice.trainer_app", "PracticeApp()",
                     "Score dealt Willingdon hands yourself, hand points and doubles; it marks each answer "
                     "and keeps your tally."),)),
    Lesson("scorekeeper", "The scorekeeper: a night at the table",
           "a whole night at a real table: hands in, payments, running totals, the report card and the journal",
           apps=(App("scorekeeper", "The scorekeeper", "mjscore.views.night.scorekeeper_app", "ScorekeeperApp()",
                     "Keep the score of a night at a real table, American or Willingdon: each hand's payments, "
                     "the running totals and the report card."),)),
    Lesson("how-rare", "How rare is a good hand?",
           "how often a Willingdon hand reaches three doubles, which lines bring them, typical scores: "
           "counted rather than guessed"),
)


#: The lessons with questions by the numbers they had before anything was keyed by slug (mjscore
#: up to December 2026). Never change it: progress logs of then name their lessons by these
#: numbers, and each lesson's questions are made from a random stream named by it
#: (:func:`stream_name`), so a learner's questions stay the same whatever the course becomes.
NUMBERED = {1: "american-who-pays", 2: "willingdon-hand-points", 3: "doubles-compound", 4: "willingdon-faq",
            5: "playing-goulash", 6: "tournament-vs-home"}
_FIRST_NUMBER = {slug: number for number, slug in NUMBERED.items()}


def stream_name(slug: str) -> str:
    """The name of the random stream a lesson's questions are made from.

    That is its number in :data:`NUMBERED` for the lessons that had questions then, else its slug:
    a lesson put between two others changes neither's questions.

    >>> stream_name("doubles-compound"), stream_name("a-new-lesson")
    ('3', 'a-new-lesson')
    """
    return str(_FIRST_NUMBER.get(slug, slug))


def lesson(slug: str) -> Lesson:
    """The lesson with this slug (raises :class:`CourseError` naming the slugs there are)."""
    for one in COURSE:
        if one.slug == slug:
            return one
    raise CourseError(f"the course has no lesson {slug!r}: it has {', '.join(one.slug for one in COURSE)}")


def with_questions(course: tuple[Lesson, ...] = COURSE) -> tuple[int, ...]:
    """The numbers of the lessons that end with "Your turn" questions."""
    return tuple(one.number for one in course if one.questions)


def the_lessons_with_questions(course: tuple[Lesson, ...] = COURSE) -> str:
    """Those lessons in words: ``lessons 1 to 6``, ``lessons 1, 2 and 4``, ``lesson 3``."""
    numbers = with_questions(course)
    if len(numbers) == 1:
        return f"lesson {numbers[0]}"
    if numbers == tuple(range(numbers[0], numbers[-1] + 1)):
        return f"lessons {numbers[0]} to {numbers[-1]}"
    return "lessons " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
