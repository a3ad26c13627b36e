"""What the scorekeeper's night is doing, without a widget: :class:`NightSession`.

It holds which night is open (the ledger and its journal), the hand being entered (a dict of
:mod:`.entered`), which hand is being corrected, the hand that waits while an earlier one is
corrected, what can be brought back, the East and the player sitting out that follow from the
last hand, and what to say. The app (:mod:`.scorekeeper_app`) only shows it and passes on what
the scorekeeper does; a test drives it directly, as a scorekeeper would:

>>> from mjscore.night import journal_path
>>> session = NightSession()
>>> session.open(journal_path("doctest-session.csv"), ["Ann", "Bea", "Cat", "Dee"])
>>> session.form.enter(winner="Ann", thrower="Cat", value="25")
>>> session.add(); session.ledger.totals
{'Ann': 100, 'Bea': -25, 'Cat': -50, 'Dee': -25}
>>> session.choose(1); session.form.enter(value="30"); session.add(); session.offer.label
'Put hand 1 back as it was'
>>> session.take_offer(); session.said.text
"Hand 1 is back as it was: Ann wins on Cat's discard, 25 on the card."

- **Nothing lost to one click.** A hand taken back, a correction saved, a correction left
  unsaved and a closed night can each be brought back (:attr:`offer`, :meth:`take_offer`); the
  hand being entered waits while an earlier one is corrected, and while the night is closed.
- **Other tabs** on the same night (or ``mjscore record`` at the terminal) are read in at each
  change (:meth:`catch_up`; only hands are news). In a Willingdon night East passes after each
  hand unless East won it, and with five players whoever sat out the last hand sits out the next
  until changed: when other tabs' hands move either, the form follows and says so, and at Add
  nothing is saved until the scorekeeper has looked. The engine refuses to save a hand under
  another number than it was entered as (:meth:`mjscore.night.Ledger.add`), so hands that come in
  at the very moment of Add are caught too.
- A correction sends the ledger only the fields the scorekeeper changed: whatever the form does
  not show stays as recorded.
- **The club's card** (``card``, an American night's): a hand may name a line of it instead of
  its value (:class:`~.entered.Form`); a line not on the card is refused with its nearest lines.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Callable, NamedTuple

from ...night import LedgerError, Line, journal_path, load_journal, open_night
from ...night.journal import holds_a_night
from ...night.in_progress import in_progress, mark_closed, mark_open
from ...numbers import count
from .entered import Form, Waiting

__all__ = ["NightSession", "Offer", "Question", "Said", "fresh_name", "hands", "what_night"]


class Said(NamedTuple):
    """What the session has to say: ``text``; ``error`` when something was refused or is wrong;
    a hand saved (or corrected) as ``line``, its payments shown under ``heading``, ``text`` after."""

    text: str = ""
    error: bool = False
    line: Line | None = None
    heading: str | None = None


class Question(NamedTuple):
    """A question asked before anything is taken away: ``then()`` runs on ``yes``."""

    text: str
    yes: str
    no: str
    then: Callable[[], None]


class Offer(NamedTuple):
    """Something just taken away, to be brought back by ``action()``: the button says ``label``."""

    label: str
    action: Callable[[], None]


def hands(n: int) -> str:
    """"1 hand", "1,000 hands"."""
    return f"{count(n)} hand{'s' * (n != 1)}"


def fresh_name() -> str:
    """A file name for a new night that holds none yet.

    Today's (``night-YYYY-MM-DD.csv``), else with -2, -3, ... as a person numbers a second night
    of the day."""
    stem, n = f"night-{date.today().isoformat()}", 1
    while True:
        name = f"{stem}{'' if n == 1 else f'-{n}'}.csv"
        try:
            if not holds_a_night(journal_path(name)):
                return name
        except (ValueError, OSError):
            return name
        n += 1


def what_night(path) -> str:
    """"American, 3 hands": a saved night's game and length, for telling two nights apart."""
    try:
        ledger = load_journal(path).ledger
    except (LedgerError, OSError):
        return "cannot be read"
    return f"{ledger.game.capitalize()}, {hands(len(ledger))}"


def _in_progress(path, going: bool) -> None:
    """Record that the night in ``path`` is in progress, or no longer (a folder that refuses the
    record loses only the reopening: the night itself is saved)."""
    try:
        (mark_open if going else mark_closed)(path)
    except (OSError, ValueError):
        pass


def _kept_in_progress(path) -> bool:
    """The night marked in progress again if another tab closed it (a hand was just added: the
    night goes on); True when it had been closed."""
    try:
        if path.resolve() in {p.resolve() for p in in_progress()}:
            return False
        mark_open(path)
    except (OSError, ValueError):
        return False
    return True


def _unread(path: Path, problems) -> str:
    """What to say of a journal with rows that could not be read."""
    listed = "; ".join(str(p) for p in problems[:5])
    more = len(problems) - 5
    torn = all("cut short" in p.message for p in problems)
    return (f"{path.name} has rows that could not be read ({listed}{f'; and {more} more' if more > 0 else ''}). "
            f"The good hands are here" + ("." if torn else f"; before the next hand the file as it was is kept as "
                                          f"{path.stem}.before-repair.csv."))


def _add_after_others(ledger, form, f: dict) -> tuple[Line | None, str | None]:
    """Add ``f`` as the next hand, after any hands other tabs added: ``(its line, None)``, or
    ``(None, why nothing was saved)``. LedgerError: the hand itself is refused."""
    shown = form.shown()
    for _ in range(3):  # other tabs adding at this very moment: read them in, try again
        number = len(ledger) + 1
        try:
            return ledger.add(**f, number=number), None
        except LedgerError:
            if len(ledger) + 1 == number:
                raise
        form.follow()
        if form.shown() != shown:
            return None, _stale(ledger, form)
    return None, "Other tabs are adding hands at this moment: nothing was saved. Press Add again."


def _stale(ledger, form) -> str:
    """Other tabs' hands changed what the hand takes from the last, so it was not saved: what to say."""
    east, out = form.shown()
    now = ([f"{east} is East"] if ledger.game == "willingdon" else []) + (
        [f"{out} sits out"] if ledger.bettor is not None else [])
    return (f"Hands from another tab came in first, so this is hand {len(ledger) + 1}"
            + "".join(f" and {w}" for w in now) + ". Nothing was saved: check the hand and press Add again.")


class NightSession:
    """The open night (``ledger``, ``path``), its hand being entered (``form``), the next hand
    waiting while an earlier one is corrected (``draft``), what can come back (``offer``), what was said."""

    def __init__(self, card=None) -> None:
        self.card, self.ledger, self.path = card, None, None  # the club's card, or None
        self.form: Form | None = None   # the hand being entered, while a night is open
        self.draft: Waiting | None = None  # the next hand, waiting while an earlier one is corrected or the night closed
        self.offer: Offer | None = None
        self.said: Said | None = None

    def say(self, text: str, *, error: bool = False) -> None:
        """Say ``text`` (``error``: something was refused)."""
        self.said = Said(str(text), error)

    def _offer_back(self, label: str | None = None, action: Callable[[], None] | None = None) -> None:
        self.offer = Offer(label, action) if action is not None else None

    def take_offer(self) -> None:
        """Bring back what the offer names (and offer nothing more)."""
        offer, self.offer = self.offer, None
        if offer is not None:
            offer.action()

    def catch_up(self) -> bool:
        """Read in what other tabs (or the terminal) wrote since the last look, and say so.

        True when the night's hands changed; the next hand's East and who sits out follow its new
        last hand."""
        if self.ledger is None:
            return False
        before = [line.entry for line in self.ledger.lines]
        try:
            if not self.ledger.sync():
                return False
        except (LedgerError, OSError) as e:
            self.say(e, error=True)
            return False
        if [line.entry for line in self.ledger.lines] == before:  # only hands are news (a browser's
            return False  # storage, the Voici pages' /drive, reports a file just made as changed)
        if self.form.editing > len(self.ledger):
            self.form.editing = 0
        came = len(self.ledger) - len(before)
        said = " ".join(self.form.follow())
        self.say(f"{self.path.name} changed in another tab or at the terminal: "
                 + (f"{hands(came)} came in." if came > 0 else "its hands are shown.") + (f" {said}" if said else ""))
        return True

    # -- which night is open -----------------------------------------------------------------

    def open(self, path, names=None, **settings) -> None:
        """Open the night in ``path``: a new one with ``names`` and ``settings``, if given.

        As :func:`mjscore.night.open_night` reads them; a refusal is said and nothing changes."""
        try:
            result = open_night(path, names, **settings)
        except LedgerError as e:  # not a night at all, or bad players: say so, change nothing
            self.say(e, error=True)
            return
        self.ledger, self.path = result.ledger, Path(path)
        _in_progress(path, True)
        self.draft = None
        self._offer_back()
        self.form = Form(self.ledger, self.card if self.ledger.game == "american" else None)
        self.form.next_hand()
        n, path = len(self.ledger), self.path
        if result.problems:
            self.say(_unread(path, result.problems), error=True)
        else:
            self.say(f"Carried on from {path.name}: {hands(n)} so far." if names is None or n
                     else "The night has started: enter the first hand.")

    def open_in_progress(self) -> list[Path]:
        """Open the night in progress here; where several are, ask which (they are given back)."""
        going = in_progress()
        if len(going) == 1:
            self.open(going[0])
            if self.ledger is not None and not self.said.error:
                self.say(f"Opened {going[0].name}, the night in progress here: {self.ledger.kind.a_night} of "
                         f"{', '.join(self.ledger.players)}, {hands(len(self.ledger))} so far. To switch "
                         f"nights, press “Another night” below: this one stays saved.")
        elif going:
            named = [f"{p.name} ({what_night(p)})" for p in going]
            self.say(f"{count(len(going))} nights are in progress here: {', '.join(named[:-1])} and {named[-1]}. "
                     f"Which one is this table's? Choose it under “Saved nights” and press “Carry on this "
                     f"night”, or start a new night below.")
        return going

    def close_question(self) -> Question | None:
        """What to ask before the night is closed (None: no night is open)."""
        if self.ledger is None:
            return None
        unsaved = self.form.unsaved() or self.draft is not None
        return Question(f"Close {self.path.name}? Its hands are saved: carry it on from the list any time"
                        + (", but the hand being entered is not added." if unsaved else "."),
                        "Close the night", "Keep it open", self.close)

    def close(self) -> None:
        """Close the night; it is saved, and the offer opens it again with the hand being entered."""
        if self.ledger is None:
            return
        path = self.path
        draft = self.form.waiting() if self.form.unsaved() and not self.form.editing else self.draft
        _in_progress(path, False)
        self.ledger = self.path = self.form = None
        self.say(f"{path.name} is closed; its hands are saved.")

        def reopen() -> None:
            if self.ledger is not None:
                return
            self.open(path)
            if self.ledger is not None and draft is not None:
                self.form.put_back(draft)
                self.say(f"{path.name} is open again, with the hand you were entering.")
        self._offer_back(f"Open {path.name} again", reopen)

    # -- a hand ------------------------------------------------------------------------------

    def choose(self, n: int) -> None:
        """Correct hand ``n`` (0: go back to the next hand).

        The hand being entered waits; a correction left unsaved is offered back."""
        form = self.form
        old = form.editing
        if n == old:
            return
        left = dict(form.hand) if form.unsaved() else None
        if old == 0 and left is not None:
            self.draft = form.waiting()  # the hand being entered waits, and comes back with "the next hand"
        if n:
            form.fill(n)
        else:
            self._next_hand()
            self.catch_up()  # other tabs' hands, read in: East follows them
        if old and left is not None:  # a correction left unsaved: offer it back
            def back() -> None:
                if old > len(self.ledger):
                    return
                self.choose(old)  # what is being entered now waits, or is offered back in turn
                form.enter(**left)
            self._offer_back(f"Back to your unsaved changes to hand {old}", back)

    def _next_hand(self) -> None:
        self.form.next_hand(self.draft)
        self.draft = None

    def add(self) -> None:
        """Add the hand as it stands, or save the correction; say what is missing.

        A correction saves only the fields changed. Hands another tab added are read in first;
        if they move the next hand's East, nothing is saved until the scorekeeper has looked."""
        if self.ledger is None:
            self.say("Type the players and start the night first.", error=True)
            return
        if self.said is not None and self.said.line is not None and not self.form.editing and not self.form.unsaved():
            return  # a second press (a double tap) on a hand just saved: nothing new was entered
        before, n, shown = len(self.ledger), self.form.editing, self.form.shown()
        if self.catch_up() and not n and self.form.shown() != shown:
            self.say(_stale(self.ledger, self.form), error=True)
            return
        missing = self.form.missing()
        f, _line, problem = self.form.settle() if not missing else (None, None, missing)
        if problem:
            self.say(problem, error=True)
            return
        old = self.ledger.lines[n - 1].entry if n else None
        changed = self.form.changes(f) if n else None
        if n and not changed:
            self.say(f"Nothing in hand {n} was changed: nothing to save.")
            return
        try:
            line, why = (self.ledger.correct(n, **changed), None) if n else _add_after_others(self.ledger, self.form, f)
        except LedgerError as e:
            self.say(e, error=True)
            return
        except OSError as e:
            self.say(f"The hand was NOT added: {self.path.name} could not be written ({e.strerror or e}). "
                     f"Nothing is lost; try again.", error=True)
            return
        if line is None:
            self.say(why, error=True)
            return
        others = len(self.ledger) - before - (0 if n else 1)
        notes = ([f"{hands(others)} from another tab came in first."] if others > 0 else []) + (
            [f"{self.path.name} had been closed in another tab: it is in progress again, here."]
            if _kept_in_progress(self.path) else [])
        self.said = Said(" ".join(notes), line=line, heading=f"Hand {line.number}, corrected" if n else None)
        if n:
            self._offer_back(f"Put hand {n} back as it was", lambda: self._put_back(n, old))
        else:
            self._offer_back()
        self._done_editing()

    def _put_back(self, n: int, entry) -> None:
        try:
            line = self.ledger.correct(n, entry)
        except (LedgerError, OSError) as e:
            self.say(e, error=True)
            return
        self.say(f"Hand {n} is back as it was: {line.text}.")
        self._done_editing()

    def undo_question(self) -> Question | None:
        """What to ask before the last hand is taken back (None: there is none, said why)."""
        if self.ledger is None:
            return None
        self.catch_up()  # the question names the last hand as it is now, other tabs' included
        if not len(self.ledger):
            self.say("There is no hand to take back.", error=True)
            return None
        last = self.ledger.lines[-1]

        def take_back() -> None:  # only the hand the question named
            self.catch_up()
            if len(self.ledger) != last.number or self.ledger.lines[-1].entry != last.entry:
                self.say(f"Hand {last.number} is no longer the last as it was: nothing was taken back.", error=True)
                return
            self.undo()
        return Question(f"Take back hand {last.number} ({last.text})?", f"Take back hand {last.number}", "Keep it",
                        take_back)

    def undo(self) -> None:
        """Take back the last hand (the offer brings it back)."""
        try:
            line = self.ledger.undo()
        except LedgerError as e:
            self.say(e, error=True)
            return
        except OSError as e:
            self.say(f"Nothing was undone: {self.path.name} could not be written ({e.strerror or e}).", error=True)
            return
        self.say(f"Took back hand {line.number}: {line.text}.")
        self._offer_back(f"Bring back hand {line.number}", lambda: self._bring_back_hand(line))
        self._done_editing()

    def _bring_back_hand(self, line) -> None:
        if len(self.ledger) != line.number - 1:
            self.say(f"Hand {line.number} cannot come back as hand {line.number}: the night has "
                     f"{hands(len(self.ledger))} now. Enter it again if it belongs at the end.", error=True)
            return
        try:
            back = self.ledger.add(line.entry)
        except (LedgerError, OSError) as e:
            self.say(e, error=True)
            return
        self.say(f"Hand {back.number} is back: {back.text}.")
        self._done_editing()

    def _done_editing(self) -> None:
        self._next_hand()
