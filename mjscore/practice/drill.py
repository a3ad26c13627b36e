"""A drill on the learner's progress log: the American payments drill, or the tournament drill
under the organizer's table the learner chooses.

A :class:`Drill` deals the situations of :mod:`mjscore.american.drill` one at a time. For each
the learner gives every player's amount, in the order the drill lists the players (the winner's
plus, the payers' minus; at a tournament each player's points); the drill marks the first
answer, says the one rule most likely missed, and keeps its tally in the same progress log as
the Willingdon trainer (:mod:`mjscore.practice.book`), with its own tally line. Show me reveals the
answer and counts as a miss; only the first answer on a situation counts; Reset starts the
drill again (the trainer and the other drills keep theirs) and can be taken back.

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> d = Drill("american", pathlib.Path(folder.name) / "practice.jsonl")
>>> print(d.situation.describe())
Ann wins on a discard thrown by Cat: a 25 hand from any other section of the card, with a joker in it.
>>> f = d.check(read_amounts("+100 -25 -25 -25", d.situation.players))
>>> f.right, f.counted, f.missed.title
(False, True, 'The thrower pays double')
>>> _ = d.next()
>>> d.show_me().correct
(-60, 180, -60, -60)
>>> print(d.tally)
0 of 2 right (1 shown)
>>> folder.cleanup()
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Sequence

from ..american.drill import DrillError, Situation, home_answer, home_miss, home_reasons, situation
from ..american.tournament.drill import tournament_answer, tournament_miss, tournament_reasons
from ..american.tournament.tables import COMMON, TournamentError, TournamentTable, get_table, table_from_json
from ..files.inputs import MAX_DIGITS, InputError, OutOfRange, figure, keepable, whole_number
from ..missed import Rule
from ..numbers import count, signed
from .book import DRILLS, Counts, DrillState, answer_fields, drill_record
from .keeper import KeptProgress
from .played import answered_again, clean_name

__all__ = ["Drill", "DrillError", "DrillFeedback", "read_amount", "read_amounts"]

#: The largest amount a player pays or collects in a drill (nine digits).
MOST = 10**9 - 1


def read_amount(text: str, player: str) -> int:
    """One player's amount as typed (``+100``, ``-50``, ``−1,100``, ``0``), read by the one reader.

    :func:`mjscore.files.inputs.whole_number` reads it, as the command line reads a number. Raises
    DrillError saying what to type.

    >>> read_amount(" −1,100 ", "Ann"), read_amount("+25", "Bea")
    (-1100, 25)
    >>> read_amount("27.5", "Cat")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjscore.american.drill.DrillError: Cat's amount must be a whole number, with a plus to collect ... not '27.5'
    """
    try:
        n = whole_number(text, f"{player}'s amount", -MOST, MOST, required=True)
    except OutOfRange:
        raise DrillError(f"{player}'s amount is too big: no one pays or collects more than {count(MOST)}") from None
    except InputError:
        raise DrillError(f"{player}'s amount must be a whole number, with a plus to collect and a minus to pay "
                         f"(such as +40 or -20), not {figure(text.strip())}") from None
    return n


def read_amounts(text: str, players: Sequence[str]) -> tuple[int, ...]:
    """Each player's amount, one for each of ``players``, from text such as ``+100 -50 -25 -25``.

    Spaces or commas go between (so no thousands separator here: a box each, as the drill's app
    has, takes ``+1,100``); each is read by :func:`read_amount`. Raises DrillError saying what to type.

    >>> read_amounts("+100, −50 -25 -25", ["Ann", "Bea", "Cat", "Dee"])
    (100, -50, -25, -25)
    """
    words = text.replace(",", " ").split()
    want = ", ".join(players)
    if len(words) != len(players):
        raise DrillError(f"type {len(players)} amounts, one for each of {want} in that order, "
                         f"such as {' '.join(['+100', '-50', '-25', '-25', '0'][:len(players)])}")
    return tuple(read_amount(w, p) for w, p in zip(words, players))


@dataclass(frozen=True)
class DrillFeedback:
    """What the drill says about one answer (or one Show me). ``counted`` is true only for the
    first answer on a situation, the one that went into the tally."""

    number: int
    situation: Situation
    given: tuple | None
    correct: tuple
    shown: bool
    counted: bool
    missed: Rule | None
    reasons: tuple
    note: str = ""

    @property
    def right(self) -> bool:
        """Whether the answer was right (a Show me never is)."""
        return not self.shown and self.given == self.correct

    def summary(self) -> str:
        """The verdict in plain text: right or not, each amount, the rule missed, the reasons."""
        s = self.situation
        lines = [self.note] if self.note else []
        amounts = ", ".join(f"{p} {signed(x)}" for p, x in zip(s.players, self.correct))
        if self.shown:
            lines.append(f"Shown: {amounts}.")
        elif self.right:
            lines.append(f"Right: {amounts}.")
        else:
            wrong = [f"{p} {signed(g)} (it is {signed(c)})" for p, g, c in zip(s.players, self.given, self.correct)
                     if g != c]
            lines.append(f"Not quite: {'; '.join(wrong)}.")
            if self.missed:
                lines.append(f"The rule: {self.missed.title}. {self.missed.detail}")
        return "\n".join(lines + list(self.reasons))


class Drill(KeptProgress):
    """A drill (``american`` or ``tournament``) on the progress log at ``path`` (default: the
    learner's own, :func:`~mjscore.practice.trainer.progress_path`). ``seed`` chooses the
    situations after the first six for a new log or a Reset; ``table`` (the tournament drill):
    a preset's name, a table file, or a :class:`~mjscore.american.tournament.TournamentTable`
    (kept for next time; default: as last time, else the common table)."""

    error = DrillError

    def __init__(self, game: str = "american", path: str | os.PathLike | None = None, *, seed: int = 0,
                 table: TournamentTable | str | None = None) -> None:
        if game not in DRILLS:
            raise DrillError(f"there is no drill {game!r} (one of {', '.join(DRILLS)})")
        super().__init__(path, seed)
        self.game = game
        self._seed = seed
        if table is not None:
            self.set_table(table)

    # ---------------------------------------------------------------- reading the state

    @property
    def state(self) -> DrillState:
        """The drill as the progress log has it now."""
        return self._progress.book.drill(self.game, self._progress.seed)

    @property
    def title(self) -> str:
        """What the tally line calls this drill."""
        return DRILLS[self.game]

    @property
    def tally(self) -> Counts:
        """How many situations were answered, right at the first answer, and shown."""
        return self.state.counts

    @property
    def number(self) -> int:
        """The number of the situation on the table, 1 for the first."""
        return self.state.number

    @property
    def situation(self) -> Situation:
        """The situation on the table (dealt again if the stored one is damaged)."""
        st = self.state
        if st.item is not None:
            try:
                s = Situation.from_json(st.item)
                if s.number == st.number and (self.game == "american" or not s.bettor):
                    return s
            except DrillError:
                pass  # a damaged situation is dealt again
        return situation(st.number, st.seed, game=self.game)

    @property
    def answered(self) -> bool:
        """Whether the situation on the table is answered (or shown)."""
        return self.state.answered

    @property
    def table(self) -> TournamentTable:
        """The organizer's table the tournament drill scores with."""
        data = self.state.table
        if data is not None:
            try:
                return table_from_json(data)
            except TournamentError:
                pass
        return COMMON

    @property
    def can_undo(self) -> bool:
        """Whether a Reset can be taken back."""
        return self.state.kept is not None

    def answer(self, s: Situation | None = None) -> tuple[int, ...]:
        """The right amounts for ``s`` (default: the situation on the table)."""
        s = s or self.situation
        return home_answer(s) if self.game == "american" else tournament_answer(s, self.table)

    def reasons(self, s: Situation | None = None) -> tuple[str, ...]:
        """Why the right amounts are what they are, a line a step (default: the situation on the table)."""
        s = s or self.situation
        return home_reasons(s) if self.game == "american" else tournament_reasons(s, self.table)

    def to_json(self) -> dict:
        """The tally as one JSON object (the last line of ``mjscore practice --json``)."""
        t = self.tally
        return {"name": self.name, "drill": self.game, "played": t.played, "right": t.right, "shown": t.shown,
                "missed": dict(sorted(self.state.missed.items(), key=lambda kv: (-kv[1], kv[0])))}

    # ---------------------------------------------------------------- playing

    def check(self, amounts: Sequence[int]) -> DrillFeedback:
        """Mark an answer (each player's amount, in order) for the situation on the table."""
        s = self.situation
        amounts = tuple(amounts)
        if len(amounts) != len(s.players) or any(isinstance(x, bool) or not isinstance(x, int) for x in amounts):
            raise DrillError(f"give {len(s.players)} whole numbers, one for each of {', '.join(s.players)}")
        big = next((x for x in amounts if not keepable(x)), None)
        if big is not None:
            raise DrillError(f"an amount must be a whole number of at most {MAX_DIGITS} digits "
                             f"(the progress log keeps no more), not {figure(big)}")
        return self._answer(s, amounts)

    def show_me(self) -> DrillFeedback:
        """Reveal the answer; on an unanswered situation it counts as a miss."""
        return self._answer(self.situation, None)

    def last_feedback(self) -> DrillFeedback | None:
        """The first answer on the situation on the table, once answered (after a restart too)."""
        st, s = self.state, self.situation
        if not st.answered or st.last is None:
            return None
        a = st.last
        return DrillFeedback(number=st.number, situation=s, given=a.given, correct=a.correct, shown=a.shown,
                             counted=False, missed=self._miss(s, a.given), reasons=self.reasons(s))

    def next(self) -> Situation:
        """Move on to the next situation, once this one is answered (or shown)."""
        number, refused = self.number, []

        def change(progress):
            st = progress.book.drill(self.game, progress.seed)
            if st.number != number:
                return None  # another window moved on or reset: follow it
            if not st.answered:
                refused.append(f"answer situation {number} first, or press Show me")
                return None
            item = situation(number + 1, st.seed, game=self.game).to_json()
            return drill_record("deal", self.game, number=number + 1, item=item)
        self._keep.change(change)
        if refused:
            raise DrillError(refused[0])
        return self.situation

    def reset(self) -> None:
        """Start the drill again at situation 1 (its tally too); :meth:`undo_reset` takes it back."""
        self._keep.change(lambda progress: drill_record("start", self.game, seed=self._seed,
                                                 item=situation(1, self._seed, game=self.game).to_json()))

    def undo_reset(self) -> None:
        """Bring back what the last Reset cleared."""
        if not self._keep.change(lambda progress: drill_record("undo", self.game)
                                 if progress.book.drill(self.game, progress.seed).kept is not None else None):
            raise DrillError("there is no Reset to take back")

    def set_table(self, table: TournamentTable | str) -> None:
        """Score the tournament drill with ``table`` (a preset's name, a file, or a table)."""
        if self.game != "tournament":
            raise DrillError("only the tournament drill scores with an organizer's table")
        t = table if isinstance(table, TournamentTable) else get_table(table)
        data = t.to_json()
        self._keep.change(lambda progress: None if progress.book.drill(self.game, progress.seed).table == data else
                          drill_record("table", self.game, table=data))

    def set_name(self, name: str) -> None:
        """The learner's name, kept with the progress (the same for the trainer and every drill)."""
        kept = clean_name(name, DrillError) if isinstance(name, str) else None
        if kept is None:
            raise DrillError(f"a name is text, not {type(name).__name__}")
        self._keep.change(lambda progress: {"kind": "name", "name": kept} if progress.name != kept else None)

    # ---------------------------------------------------------------- inside

    def _miss(self, s: Situation, given: tuple | None) -> Rule | None:
        if given is None:
            return None
        return home_miss(s, given) if self.game == "american" else tournament_miss(s, given, self.table)

    def _answer(self, s: Situation, given: tuple | None) -> DrillFeedback:
        number, correct = self.number, self.answer(s)
        missed = self._miss(s, given)
        answered_here, note = self.answered, []

        def change(progress):
            st = progress.book.drill(self.game, progress.seed)
            if st.number != number:
                note.append(f"Situation {number} is no longer on the table (another window moved on, or "
                            f"reset the drill), so this is not counted.")
                return None
            if st.answered:
                return None  # the first answer stands
            return drill_record("answer", self.game,
                                **answer_fields(number=number, given=given, correct=correct, missed=missed))
        counted = self._keep.change(change)
        if not counted and not note:
            first = self.state.last
            note.append(answered_again("situation", first=None if first is None or first.shown else first.right,
                                       now=None if given is None else tuple(given) == tuple(correct),
                                       elsewhere=not answered_here))
        return DrillFeedback(number=number, situation=s, given=given, correct=correct, shown=given is None,
                             counted=counted, missed=missed, reasons=self.reasons(s), note=note[0] if note else "")
