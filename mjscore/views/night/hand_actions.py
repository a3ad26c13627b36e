"""Entering, correcting and taking back the scorekeeper's hands, and nothing lost to one click
(:class:`HandActions`, a part of :class:`~mjscore.views.night.scorekeeper_app.ScorekeeperApp`).

- **Add the hand**, or save a correction: a correction sends the ledger only the fields the
  scorekeeper changed, so whatever the controls do not show stays as recorded.
- Taking back the last hand asks first, beside the Undo button (closing the night asks beside
  its own button). A hand taken back, a correction saved and a correction left unsaved can each
  be brought back with the button that appears; the hand being entered waits while an earlier
  one is corrected.
- A Willingdon night's East passes to the next player after each hand unless East won it, said
  under the East buttons (:mod:`.other_tabs`, which also reads in other tabs' hands first).
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as widgets

from ...night import LedgerError
from .._controls import AskFirst
from .._app import classed
from .night_html import payments_html
from .night_setup import hands

__all__ = ["HandActions"]


class HandActions:
    """The hand's buttons and what they do (a part of the app)."""

    def _build_actions(self) -> None:
        self.editing = classed(widgets.Dropdown(options=[("the next hand", 0)], value=0, description="Hand",
                                                style={"description_width": "5.5em"},
                                                layout=widgets.Layout(width="20em")), "mjs-score-editing")
        self.editing_note = classed(widgets.HTML(), "mjs-score-editing-note")
        self.add = classed(widgets.Button(description="Add the hand", button_style="success", icon="plus",
                                          layout=widgets.Layout(width="auto")), "mjs-score-add")
        self.undo = classed(widgets.Button(description="Undo the last hand", icon="undo",
                                           layout=widgets.Layout(width="auto")), "mjs-score-undo")
        # a question before anything is taken away, beside the button that asked it (Undo's under
        # the hand's buttons, Another night's under it, below the report card), and the button
        # that brings back what was
        self.asker = AskFirst(box="mjs-score-ask", yes="mjs-score-yes", no="mjs-score-no",
                              question="mjs-score-question", row=True, yes_style="warning")
        self.question, self.yes, self.no, self.ask = (self.asker.question, self.asker.yes, self.asker.no,
                                                      self.asker.widget)
        self.closer = AskFirst(box="mjs-score-close-ask", yes="mjs-score-close-yes", no="mjs-score-close-no",
                               question="mjs-score-close-question", row=True, yes_style="warning")
        self.bring_back = classed(widgets.Button(icon="undo", layout=widgets.Layout(width="auto", display="none")),
                                  "mjs-score-bring-back")
        self.add.on_click(lambda _: self.add_hand())
        self.undo.on_click(lambda _: self._ask_undo())
        self.bring_back.on_click(lambda _: self._take_offer())
        self.watch(self.editing, on_change=self._editing_changed)

    # -- asking first, and bringing back -------------------------------------------------------

    def _ask_first(self, asker: AskFirst, question: str | None, yes: str = "", no: str = "",
                   then: Callable | None = None) -> None:
        """Show ``question`` by the button that asked it (``asker``); ``then()`` runs on yes (nothing on no)."""
        if question is None:
            return
        self._cancel_questions()  # one question at a time
        asker.ask(f'<div role="alert">{html.escape(question)}</div>', then, yes=yes, no=no)

    def _cancel_questions(self) -> None:
        """Take away any question on the screen, as a no."""
        self.asker.cancel()
        self.closer.cancel()

    def _offer_back(self, label: str | None = None, action: Callable | None = None) -> None:
        """Offer to bring back what was just taken away (``label`` on the button); None: no offer."""
        self._offer = action
        self.bring_back.description = label or ""
        self.bring_back.layout.display = "" if action else "none"

    def _take_offer(self) -> None:
        action = self._offer
        self._offer_back()
        if action is not None:
            action()

    # -- a hand ------------------------------------------------------------------------------

    def _unsaved(self) -> bool:
        """The controls hold something the scorekeeper entered and has not saved."""
        return self.ledger is not None and self._baseline is not None and self.fields() != self._baseline

    def _editing_changed(self, change) -> None:
        self._cancel_questions()
        old, n = change["old"], change["new"]
        left = self.fields() if self._unsaved() else None
        if old == 0 and left is not None:
            self._draft = self._waiting()  # the hand being entered waits, and comes back with "the next hand"
        caught = False
        if n:
            self._fill(self.ledger.lines[n - 1].entry)
            self._baseline = self.fields()
            self._east_says(f"Who sat East in hand {n}, as recorded.")
        else:
            self._next_hand()
            caught = self._catch_up()  # other tabs' hands, read in: East follows them
        if old and left is not None:  # a correction left unsaved: offer it back
            def back() -> None:
                if old > len(self.ledger):
                    return
                self.editing.value = old  # what is being entered now waits, or is offered back in turn
                self._put(left)
                self._labels()
                self._preview()
            self._offer_back(f"Back to your unsaved changes to hand {old}", back)
        if caught:
            self.refresh()
        else:
            self._labels()
            self._preview()

    def _labels(self) -> None:
        n = self.editing.value
        self.add.description = f"Save the correction of hand {n}" if n else "Add the hand"
        if n:
            text = self.ledger.lines[n - 1].text
            self.editing_note.value = (f'<div class="mjs-score-editing-text">Hand {n} as saved: {html.escape(text)}. '
                                       f'Change what was wrong, then save the correction.</div>')
        else:
            self.editing_note.value = ""

    def _next_hand(self) -> None:
        """The controls ready for the next hand: the one being entered before a correction, or empty;
        in a Willingdon night East as the deal has passed, with five players who sat out the last hand."""
        if self.ledger.game == "willingdon":
            self._offer_east()
        if self.ledger.bettor is not None:
            self._offer_bettor()
        self._clear()
        self._baseline = self.fields()
        if self._draft is not None:
            self._put_back_waiting(self._draft)
            self._draft = None

    def _east_says(self, text: str) -> None:
        self.east_note.value = f'<div class="mjs-score-east-says"><small>{html.escape(text)}</small></div>'

    def add_hand(self) -> None:
        """Add the hand as the controls stand, or save the correction; say what is missing.

        A correction saves only the fields changed. Hands another tab added are read in first;
        if they move the next hand's East, nothing is saved until the scorekeeper has looked."""
        if self.ledger is None:
            self._say("Type the players and start the night first.", error=True)
            return
        self._cancel_questions()  # a question left unanswered is answered no by going on
        before, n, shown = len(self.ledger), self.editing.value, self._shown()
        if self._catch_up():
            self.refresh()
            if not n and self._shown() != shown:
                self._stale()
                return
        missing = self._missing()
        f, _line, problem = self._settled(self.fields()) if not missing else (None, None, missing)
        if problem:
            self._say(problem, error=True)
            self.payments.value = ""  # said once, in the status line (it comes back with the next change)
            return
        old = self.ledger.lines[n - 1].entry if n else None
        changed = {k: v for k, v in f.items() if v != self._baseline.get(k)} if n else None
        if n and not changed:
            self._say(f"Nothing in hand {n} was changed: nothing to save.")
            return
        try:
            line = self.ledger.correct(n, **changed) if n else self._add_next(f)
        except LedgerError as e:
            self.show_error(self.status, e)
            return
        except OSError as e:
            self._say(f"The hand was NOT added: {self.path.name} could not be written ({e.strerror or e}). Nothing is lost; "
                      f"try again.", error=True)
            return
        if line is None:
            return
        others = len(self.ledger) - before - (0 if n else 1)
        closed = self._kept_in_progress()
        self.status.value = ('<div role="status" aria-live="polite">'
                             + payments_html(line, heading=f"Hand {line.number}, corrected" if n else None)
                             + (f"<p>{hands(others)} from another tab came in first.</p>"
                                if others > 0 else "")
                             + (f"<p>{html.escape(self.path.name)} had been closed in another tab: it is in "
                                f"progress again, here.</p>" if closed else "") + "</div>")
        if n:
            self._offer_back(f"Put hand {n} back as it was", lambda: self._put_back(n, old))
        else:
            self._offer_back()
        self._done_editing()

    def _put_back(self, n: int, entry) -> None:
        try:
            line = self.ledger.correct(n, entry)
        except (LedgerError, OSError) as e:
            self.show_error(self.status, e)
            return
        self._say(f"Hand {n} is back as it was: {line.text}.")
        self._done_editing()

    def _ask_undo(self) -> None:
        if self.ledger is None:
            return
        if self._catch_up():  # the question names the last hand as it is now, other tabs' included
            self.refresh()
        if not len(self.ledger):
            self._say("There is no hand to take back.", error=True)
            return
        last = self.ledger.lines[-1]

        def take_back() -> None:  # only the hand the question named
            self._catch_up()
            if len(self.ledger) != last.number or self.ledger.lines[-1].entry != last.entry:
                self._say(f"Hand {last.number} is no longer the last as it was: nothing was taken back.", error=True)
                return
            self.undo_hand()
        self._ask_first(self.asker, f"Take back hand {last.number} ({last.text})?", f"Take back hand {last.number}",
                        "Keep it", take_back)

    def undo_hand(self) -> None:
        """Take back the last hand (the button that appears brings it back)."""
        try:
            line = self.ledger.undo()
        except LedgerError as e:
            self.show_error(self.status, e)
            return
        except OSError as e:
            self._say(f"Nothing was undone: {self.path.name} could not be written ({e.strerror or e}).", error=True)
            return
        self._say(f"Took back hand {line.number}: {line.text}.")
        self._offer_back(f"Bring back hand {line.number}", lambda: self._bring_back_hand(line))
        self._done_editing()

    def _bring_back_hand(self, line) -> None:
        if len(self.ledger) != line.number - 1:
            self._say(f"Hand {line.number} cannot come back as hand {line.number}: the night has "
                      f"{hands(len(self.ledger))} now. Enter it again if it belongs at the end.", error=True)
            return
        try:
            back = self.ledger.add(line.entry)
        except (LedgerError, OSError) as e:
            self.show_error(self.status, e)
            return
        self._say(f"Hand {back.number} is back: {back.text}.")
        self._done_editing()

    def _done_editing(self) -> None:
        with self._quietly():
            self.editing.value = 0
        self._next_hand()
        self._labels()
        self.refresh()

