"""The Willingdon practice trainer: the learner's name, the hands played, the tally, saved.

A :class:`Trainer` deals the practice hands of :mod:`mjscore.willingdon.deal` one at a time. For
each hand the learner answers the hand points and the doubles (or, in the ``points`` or
``doubles`` mode, one of them); the trainer says which are right, then gives the paper total,
the score and the breakdown, even when the hand is under the minimum. On a miss it names the
causes the learner most likely missed (:func:`~mjscore.willingdon.hints.likely_misses`).
"Show me" reveals the answer and counts as a miss. Only the first answer on a hand counts:
answering again, or re-reading a played hand, never changes the tally. :meth:`Trainer.reset`
clears the trainer's progress (the name, the hands, the tally), keeps it aside to bring back,
and leaves the drills' and the lessons' answers in the same log as they are.

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> t = Trainer(pathlib.Path(folder.name) / "practice.jsonl")
>>> t.set_name("Ann")
>>> print(t.current_hand)
+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2 seat=E round=E
>>> f = t.check(points=28, doubles=0)
>>> f.points_right, f.doubles_right, f.result.paper_total, f.result.score
(True, True, 28, 0)
>>> _ = t.next()
>>> f = t.check(points=36, doubles=1)
>>> f.points_right, f.doubles_right, f.hints[0]
(False, True, 'Hand points: 4 short. Perhaps you missed “Pung of minor (2–8), concealed” (5 Dots), worth 4 points.')
>>> print(t.tally)
1 of 2 right (0 shown)
>>> Trainer(t.path).tally == t.tally      # a new trainer on the same file: after a kernel restart
True
>>> folder.cleanup()

Where progress is kept
----------------------
On the learner's machine only, in ``practice.jsonl`` in a per-user data folder
(:func:`~mjscore.files.storage.data_dir`): ``MJSCORE_DATA_DIR`` when set, else ``%APPDATA%\\mjscore``
on Windows, ``~/Library/Application Support/mjscore`` on macOS, and ``$XDG_DATA_HOME/mjscore``
(by default ``~/.local/share/mjscore``) elsewhere. On a Binder that folder goes with the session;
in a browser kernel (the static site) it is ``/drive/mjscore-data``, kept in the browser's
storage for the site (where a private window keeps nothing).
:func:`mjscore.files.storage.where_kept` says which, where it runs. Nothing is sent anywhere. The format, the
locking and what happens to a damaged file are in :mod:`mjscore.practice.log`.
A ``practice.json`` of earlier versions beside it is carried over once (and kept, renamed
``practice.json.carried-over``); a path ending ``.json`` given to :class:`Trainer` means the
log beside it (``.jsonl``), carrying that file over.
"""

from __future__ import annotations

import os
from pathlib import Path
from dataclasses import replace
from typing import NamedTuple

from ..hands import Hand, HandError
from ..files.inputs import MAX_DIGITS, figure, keepable
from ..willingdon import WILLINGDON, RuleSet, score
from ..willingdon.deal import dealt_hand
from ..willingdon.hints import likely_misses, rule_of_hint
from .keeper import PROGRESS_FILE, KeptProgress, PracticeError, progress_path
from .log import start_record
from .played import MODES, Feedback, Played, Tally, answered_again, asks, clean_name, is_count
from .progress import answer_record

__all__ = ["Cleared", "KeptByReset", "LEGACY_FILE", "PROGRESS_FILE", "Trainer", "TrainerError", "progress_path"]

#: The one-file format of earlier versions, read and carried over.
LEGACY_FILE = "practice.json"


class TrainerError(PracticeError):
    """Something the trainer cannot do, said as a learner would understand it."""


class Cleared(NamedTuple):
    """What a Reset cleared and kept aside: the learner's name and tally."""

    name: str
    tally: Tally


class KeptByReset(NamedTuple):
    """What a Reset of the trainer leaves in the progress log: the first answers given to the
    lessons' questions and in the drills (each counted over all its tallies)."""

    questions: int
    drills: int


class Trainer(KeptProgress):
    """A learner's practice session, saved to ``path`` (default: :func:`progress_path`).

    ``seed`` chooses the random hands after the ramp for a new progress file (a saved file
    keeps its own); ``rules`` is the rule set the answers are marked against.
    """

    error = TrainerError

    def __init__(self, path: str | os.PathLike | None = None, *, seed: int = 0,
                 rules: RuleSet = WILLINGDON) -> None:
        super().__init__(path, seed)
        self.rules = rules
        self._seed = seed

    # ---------------------------------------------------------------- reading the state

    @property
    def seed(self) -> int:
        """The number the hands are dealt from (the saved log's own)."""
        return self._progress.seed

    @property
    def mode(self) -> str:
        """What the learner is asked for: ``both``, ``points`` or ``doubles`` (:data:`MODES`)."""
        return self._progress.mode

    @property
    def played(self) -> tuple[Played, ...]:
        """The hands answered so far, in order (hand 1 first).

        Read from the whole log when need be; :meth:`latest` reads only the last few."""
        return tuple(self._keep.log.history())

    def latest(self, count: int) -> tuple[Played, ...]:
        """The last ``count`` hands played (a view costs the same at any length)."""
        out = []
        for p in self._progress.played[-count:] if count > 0 else ():
            try:
                p.hand  # noqa: B018 (read it now: one whose JSON is not a hand is left out)
            except HandError:
                continue
            out.append(p)
        return tuple(out)

    @property
    def tally(self) -> Tally:
        """All the hands played, whatever the mode."""
        return self._progress.tally

    @property
    def tallies(self) -> dict[str, Tally]:
        """One tally per mode played, in :data:`MODES` order."""
        return {m: self._progress.tallies[m] for m in MODES if m in self._progress.tallies}

    @property
    def current_number(self) -> int:
        """The number of the hand on the table, 1 for the first."""
        return self._progress.current

    @property
    def current_hand(self) -> Hand:
        """The hand on the table."""
        return self._progress.hand

    @property
    def answered(self) -> bool:
        """Whether the hand on the table has had its (first) answer."""
        return self._progress.answered

    def _change(self, make) -> bool:
        return self._keep.change(make)

    def to_json(self) -> dict:
        """The tally as one JSON object: name, played, right, shown, and each figure's tally."""
        t = self.tally
        return {"name": self.name, "played": t.played, "right": t.right, "shown": t.shown,
                "points_right": t.points_right, "doubles_right": t.doubles_right,
                "modes": {m: {"played": x.played, "right": x.right, "shown": x.shown}
                          for m, x in self.tallies.items()}}

    # ---------------------------------------------------------------- playing

    def set_name(self, name: str) -> None:
        """The learner's name (kept as plain text; cut to :data:`MAX_NAME` characters)."""
        if not isinstance(name, str):
            raise TrainerError(f"a name is text, not {type(name).__name__}")
        kept = clean_name(name, TrainerError)  # refused before anything is written
        self._change(lambda progress: {"kind": "name", "name": kept})

    def set_mode(self, mode: str) -> None:
        """Practise ``both`` figures, hand ``points`` only, or ``doubles`` only, from now on."""
        if mode not in MODES:
            raise TrainerError(f"the mode is one of {', '.join(MODES)}, not {mode!r}")
        self._change(lambda progress: {"kind": "mode", "mode": mode} if progress.mode != mode else None)

    def check(self, points: int | None = None, doubles: int | None = None) -> Feedback:
        """Mark an answer for the hand on the table (only the first counts; a figure not asked is ignored)."""
        ask_p, ask_d = asks(self.mode)
        points, doubles = (points if ask_p else None), (doubles if ask_d else None)
        for what, asked, v in (("hand points", ask_p, points), ("doubles", ask_d, doubles)):
            if asked and not is_count(v):
                raise TrainerError(f"the {what} must be a whole number 0 or more, not {figure(v)}")
            if asked and not keepable(v):
                raise TrainerError(f"the {what} must be a whole number of at most {MAX_DIGITS} digits "
                                   f"(the progress log keeps no more), not {figure(v)}")
        return self._answer(points, doubles, shown=False)

    def show_me(self) -> Feedback:
        """Reveal the answer for the hand on the table; on an unanswered hand it counts as a miss."""
        return self._answer(None, None, shown=True)

    def next(self) -> Hand:
        """Move on to the next hand, once this one is answered (or shown)."""
        number, hand = self._progress.current, self.current_hand
        refused: list[str] = []

        def change(progress):
            if progress.current != number or progress.hand != hand:
                return None  # another window moved on or reset: follow it
            if not progress.answered:
                refused.append(f"answer hand {number} first, or press Show me")
                return None
            return {"kind": "deal", "number": number + 1, "hand": dealt_hand(number + 1, progress.seed).to_json()}
        self._change(change)
        if refused:
            raise TrainerError(refused[0])
        return self.current_hand

    def review(self, number: int) -> Feedback:
        """Re-read a played hand: its first answer and the breakdown. Never changes the tally."""
        p = self._progress.find(number) if isinstance(number, int) and not isinstance(number, bool) else None
        if p is None and isinstance(number, int) and not self._progress.complete:
            p = next((q for q in self._keep.log.history() if q.number == number), None)
        if p is None:
            last = self._progress.played[-1].number if self._progress.played else 0
            raise TrainerError(f"there is no played hand {number!r} (hands 1 to {last})")
        try:
            return self._feedback(p, counted=False, note="")
        except HandError as e:
            raise TrainerError(f"hand {number} cannot be re-read: {e}") from None

    def reset(self) -> None:
        """Clear the name, the hands played and the tally, and start again at hand 1.

        The name is the one the drills and the lessons' questions are kept under too; their
        answers stay (:meth:`kept_by_reset`), and so does the practice mode. What it clears is
        kept aside (:meth:`cleared`, in ``<log>.before-reset``) until the next Reset, and
        :meth:`bring_back` brings it back."""
        mode = self.mode
        self._keep.clear(start_record(self._seed), self.cleared_path)
        self.set_mode(mode)  # a setting, not progress: Reset leaves it as the learner chose

    def kept_by_reset(self) -> KeptByReset:
        """How many answers a :meth:`reset` leaves: to the lessons' questions, and in the drills."""
        book = self._progress.book
        return KeptByReset(questions=sum(s.counts.played for s in book.lessons.values()),
                           drills=sum(s.counts.played for s in book.drills.values()))

    @property
    def cleared_path(self) -> Path:
        """Where :meth:`reset` keeps what it cleared: ``practice.jsonl.before-reset``."""
        return self.path.with_name(self.path.name + ".before-reset")

    def cleared(self) -> Cleared | None:
        """What the last :meth:`reset` cleared and kept aside (its name and tally), or None."""
        state = self._keep.aside(self.cleared_path)
        return None if state is None else Cleared(name=state.name, tally=state.tally)

    def bring_back(self) -> None:
        """Bring back what the last :meth:`reset` cleared.

        What is here now is kept aside in its place, so a second :meth:`bring_back` undoes it."""
        self._keep.swap_aside(self.cleared_path)

    # ---------------------------------------------------------------- download and upload

    def export_bytes(self) -> bytes:
        """The progress file as it is on disk (for a download)."""
        return self._keep.export_bytes()

    def restore(self, data: bytes) -> None:
        """Replace the progress with a downloaded progress file: a log, or an old ``practice.json``.

        What it replaces is kept as ``<log>.before-restore``. Raises TrainerError, saying why, if
        ``data`` is not a progress file."""
        self._keep.restore(data)

    # ---------------------------------------------------------------- inside

    def _answer(self, points: int | None, doubles: int | None, *, shown: bool) -> Feedback:
        number, hand, mode = self._progress.current, self.current_hand, self.mode
        answered_here = self.answered
        note: list[str] = []
        result = score(hand, self.rules)

        def change(progress):
            if progress.current != number or progress.hand != hand:
                note.append(f"Hand {number} is no longer on the table (another window moved on, or "
                            f"reset the progress), so this is not counted.")
                return None
            if progress.answered:
                return None  # already answered (here or elsewhere): the first answer stands
            hints = () if shown else likely_misses(result, hand, points, doubles)
            return answer_record(Played(number=number, hand=hand, points=points, doubles=doubles,
                                        shown=shown, correct_points=result.hand_points,
                                        correct_doubles=result.doubles, mode=mode),
                                 missed=rule_of_hint(hints[0]) if hints else None)
        counted = self._change(change)
        if counted:
            return self._feedback(self._progress.played[-1], counted=True, note="")
        again = Feedback(number=number, hand=hand, result=result, points=points, doubles=doubles,
                         shown=shown, counted=False, mode=mode,
                         hints=() if shown else likely_misses(result, hand, points, doubles))
        if not note:
            first = self._progress.find(number)
            note.append(answered_again("hand", first=None if first is None or first.shown else first.right,
                                       now=None if shown else again.right, elsewhere=not answered_here))
        return replace(again, note=note[0])

    def _feedback(self, p: Played, *, counted: bool, note: str) -> Feedback:
        result = score(p.hand, self.rules)
        hints = () if p.shown else likely_misses(result, p.hand, p.points, p.doubles)
        return Feedback(number=p.number, hand=p.hand, result=result, points=p.points, mode=p.mode,
                        doubles=p.doubles, shown=p.shown, counted=counted, hints=hints, note=note)

