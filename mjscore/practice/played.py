"""What the trainer keeps and says: one answered hand (:class:`Played`), the tally
(:class:`Tally`), the verdict on one answer (:class:`Feedback`), the practice modes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..files import inputs
from ..hands import Hand, parse
from ..willingdon import Score

__all__ = ["MAX_NAME", "MODES", "Feedback", "Played", "Tally", "answered_again", "clean_name",
           "is_count"]

#: The longest name kept; a longer one is cut (it is shown on one line of the session card).
MAX_NAME = inputs.MAX_NAME

#: The practice modes: what the learner is asked for.
MODES = {"both": "hand points and doubles", "points": "hand points only", "doubles": "doubles only"}


def is_count(v: Any) -> bool:
    """A whole number 0 or more (not a bool)."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def clean_name(name: str, error: type[ValueError] = ValueError) -> str:
    """The learner's name as the progress keeps it ("" for no name).

    In one Unicode spelling, spaces squeezed, cut to :data:`MAX_NAME`; a control or invisible
    character is refused (:func:`mjscore.files.inputs.clean_name`)."""
    name = " ".join(name.encode("utf-8", "replace").decode("utf-8").split())[:MAX_NAME]
    return inputs.clean_name(name, "the name", error) if name else ""


def asks(mode: str) -> tuple[bool, bool]:
    """(asks for the hand points, asks for the doubles) in ``mode``."""
    return mode != "doubles", mode != "points"


class Played:
    """One hand answered: the first answer given (``None`` for a figure not asked, or when
    Show me came first), in the mode it was asked in.

    ``hand`` may be given as its docs/rules.md JSON, or in the short notation: it is read when
    first asked for, so opening a long progress file does not build hands that nobody looks at.
    """

    __slots__ = ("number", "_hand", "points", "doubles", "shown", "correct_points", "correct_doubles", "mode")

    def __init__(self, number: int, hand: Hand | dict | str, points: int | None, doubles: int | None, shown: bool,
                 correct_points: int, correct_doubles: int, mode: str = "both") -> None:
        self.number, self._hand, self.points, self.doubles = number, hand, points, doubles
        self.shown, self.correct_points, self.correct_doubles, self.mode = (shown, correct_points,
                                                                             correct_doubles, mode)

    @property
    def hand(self) -> Hand:
        """The hand (raises :class:`~mjscore.hands.HandError` if its stored JSON is not a hand)."""
        if isinstance(self._hand, str):
            self._hand = parse(self._hand)
        elif not isinstance(self._hand, Hand):
            self._hand = Hand.from_json(self._hand)
        return self._hand

    def _key(self) -> tuple:
        return (self.number, self.hand, self.points, self.doubles, self.shown, self.correct_points,
                self.correct_doubles, self.mode)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Played) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Played(number={self.number}, hand={self.hand}, points={self.points}, doubles={self.doubles}, "
                f"shown={self.shown}, mode={self.mode!r})")

    @property
    def points_right(self) -> bool:
        """Whether the hand points were asked and right at the first answer, without Show me."""
        return not self.shown and asks(self.mode)[0] and self.points == self.correct_points

    @property
    def doubles_right(self) -> bool:
        """Whether the doubles were asked and right at the first answer, without Show me."""
        return not self.shown and asks(self.mode)[1] and self.doubles == self.correct_doubles

    @property
    def right(self) -> bool:
        """Every figure asked right at the first answer, without Show me."""
        p, d = asks(self.mode)
        return not self.shown and (not p or self.points_right) and (not d or self.doubles_right)


@dataclass(frozen=True)
class Tally:
    """The running tally: hands played, how many right at the first answer, how many shown."""

    played: int = 0
    right: int = 0
    shown: int = 0
    points_right: int = 0
    doubles_right: int = 0

    @property
    def missed(self) -> int:
        """Hands not right at the first answer; Show me counts here."""
        return self.played - self.right

    def plus(self, p: Played) -> "Tally":
        """This tally with one more hand played."""
        return Tally(self.played + 1, self.right + p.right, self.shown + p.shown,
                     self.points_right + p.points_right, self.doubles_right + p.doubles_right)

    @classmethod
    def of(cls, played) -> "Tally":
        """The tally of the hands ``played``."""
        t = cls()
        for p in played:
            t = t.plus(p)
        return t

    def to_json(self) -> dict:
        """The tally as JSON: played, right, missed, shown, and the figures right one by one."""
        return {"played": self.played, "right": self.right, "missed": self.missed,
                "shown": self.shown, "points_right": self.points_right,
                "doubles_right": self.doubles_right}

    def __str__(self) -> str:
        return f"{self.right} of {self.played} right ({self.shown} shown)"


@dataclass(frozen=True)
class Feedback:
    """What the trainer says about one answer (or one Show me, or one re-reading).

    ``counted`` is true only for the first answer on a hand, the one that went into the tally.
    ``points``/``doubles`` are the answer this feedback is about (``None``: Show me, or a figure
    the mode does not ask for).
    """

    number: int
    hand: Hand
    result: Score
    points: int | None
    doubles: int | None
    shown: bool
    counted: bool
    hints: tuple[str, ...] = ()
    note: str = ""
    mode: str = "both"

    @property
    def points_right(self) -> bool:
        """Whether the hand points were asked and answered right (a Show me never is)."""
        return not self.shown and asks(self.mode)[0] and self.points == self.result.hand_points

    @property
    def doubles_right(self) -> bool:
        """Whether the doubles were asked and answered right (a Show me never is)."""
        return not self.shown and asks(self.mode)[1] and self.doubles == self.result.doubles

    @property
    def right(self) -> bool:
        """Whether every figure asked was answered right (a Show me never is)."""
        p, d = asks(self.mode)
        return not self.shown and (not p or self.points_right) and (not d or self.doubles_right)

    @property
    def short_of_minimum(self) -> int:
        """How many doubles the hand lacks to pay anything (0 when it meets the minimum)."""
        return max(0, self.result.rules.minimum_doubles - self.result.doubles)

    def summary(self) -> str:
        """The verdict in plain text, one line per figure asked, then the hints."""
        r = self.result
        lines = []
        if self.note:
            lines.append(self.note)
        if self.shown:
            lines.append(f"Shown: {r.hand_points} hand points and {r.doubles} doubles.")
        else:
            ask_p, ask_d = asks(self.mode)
            for what, asked, given, right, ok in (
                    ("Hand points", ask_p, self.points, r.hand_points, self.points_right),
                    ("Doubles", ask_d, self.doubles, r.doubles, self.doubles_right)):
                if asked:
                    lines.append(f"{what}: {given} — " + ("right." if ok else f"not quite, the hand has {right}."))
        lines.append(f"Paper total: {r.hand_points:,} x 2^{r.doubles} = {r.paper_total:,}")
        if r.minimum_met:
            lines.append(f"Score: {r.score:,}")
        else:
            lines.append(f"Score: 0 — under {r.rules.minimum_doubles} doubles a hand pays nothing; "
                         f"this one is {self.short_of_minimum} short.")
        lines.extend(self.hints)
        return "\n".join(lines)


def answered_again(what: str, *, first: bool | None, now: bool | None, elsewhere: bool = False) -> str:
    """What is said when a hand, a situation or a question already answered is checked again.

    It is information about the tally, never a warning. ``what``: "hand", "situation" or
    "question". Only the first answer on each counts toward the tally; the words say so, and what that first
    answer was. ``first``: the first answer was right (True), not right (False), or Show me came
    first (None). ``now``: this answer is right (True), not right (False), or this is Show me
    (None). ``elsewhere``: the first answer was given in another window.

    >>> answered_again("hand", first=True, now=True)
    'Right again. Only your first answer on a hand counts toward your tally, and it was right.'
    >>> answered_again("question", first=False, now=True)
    'Right this time. Only your first answer on a question counts toward your tally; working it out again is good practice.'
    """
    if elsewhere:
        return (f"This {what} was answered first in another window, and that first answer is the one "
                f"your tally keeps.")
    if first is None:
        kept = f"The answer to this {what} was shown first, and that is what your tally keeps"
    else:
        kept = f"Only your first answer on a {what} counts toward your tally" + (", and it was right" if first else "")
    if now is None:  # Show me
        if first is None:
            return "Here is the answer again."
        return f"Here is the answer again. {kept}." if first else f"Here is the answer. {kept}, so looking now costs nothing."
    if now and first:
        return f"Right again. {kept}."
    if now:
        return f"{'Right this time' if first is False else 'Right'}. {kept}; working it out again is good practice."
    return f"{kept}." if first else f"{kept}; try again as often as you like."
