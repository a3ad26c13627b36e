"""The scorekeeper keeping up with other tabs on the same night (and with ``mjscore record`` at
the terminal), and the East that follows from the hand before (:class:`OtherTabs`, a part of
:class:`~mjscore.views.night.scorekeeper_app.ScorekeeperApp`).

- **Read in at each change.** Every change of the form, and Add, first looks at the journal (its
  size, under its lock: nothing is read unless it grew) and shows the hands another tab added.
- **East follows.** In a Willingdon night East passes after each hand unless East won it, so
  the form offers the East that follows from the last hand. When other tabs' hands move it, the
  form follows and says so; if that happens at Add, nothing is saved and the scorekeeper is asked
  to check the hand and press Add again: a hand is never saved with the East of a hand that is no
  longer the last. The engine refuses to save a hand under another number than it was entered
  as (:meth:`mjscore.night.Ledger.add`), so hands that come in at the very moment of Add are caught too.
- A hand being entered that waited (while an earlier one was corrected, or the night was closed)
  comes back with the East as it now follows, if the deal moved meanwhile.
"""

from __future__ import annotations

from ...night import LedgerError
from .hand_form import next_east
from .night_setup import hands

__all__ = ["OtherTabs"]


class OtherTabs:
    """Reading in other tabs' hands, and the next hand's East (a part of the app)."""

    _offered = None  # the East the form offered for the next hand, as it followed from the last hand

    # -- East for the next hand --------------------------------------------------------------

    def _east_follows(self) -> tuple[str, str]:
        """Who is East for the next hand as the deal passed, and why (said under the East buttons)."""
        players, n = self.ledger.players, len(self.ledger)
        if not n:
            return players[0], (f"{players[0]}, listed first, is East for hand 1. After each hand East passes "
                                f"to the next player listed unless East wins; click another player if your "
                                f"table plays it otherwise.")
        last = self.ledger.line(n).entry
        before = last.east or players[0]
        east = next_east(players, before, last.winner)
        why = (f"{before} won hand {n} as East and keeps the deal" if east == before
               else f"the deal passed from {before} to the next player")
        return east, (f"{east} is East for hand {n + 1}: {why}. East passes after each hand unless East wins "
                      f"it; click another player if your table plays it otherwise.")

    def _offer_east(self) -> None:
        """Put the East that follows from the last hand on the form, and say why (Willingdon)."""
        east, why = self._east_follows()
        self._offered = east
        with self._quietly():
            self.east.value = east
        self._east_says(why)
        if self._baseline is not None and not self.editing.value:  # the form as cleared, East and all
            self._baseline = {**self._baseline, "east": east}

    def _east_moved(self) -> str | None:
        """After other tabs' hands: the next hand's East as it now follows, on the form.

        Says what moved (None when the form's East stays)."""
        if self.ledger.game != "willingdon" or self.editing.value or self._east_follows()[0] == self._offered:
            return None  # a correction keeps its hand's East; the deal passed as the form had it
        shown = self.east.value
        self._offer_east()
        if self.east.value == shown:
            return None
        return (f"{self.east.value} is East for hand {len(self.ledger) + 1} now, not {shown}: the East buttons "
                f"show it.")

    def _waiting(self) -> dict:
        """The next hand as entered so far, to come back later (with the East the form offered then)."""
        return {**self.fields(), "offered": self._offered}

    def _put_back_waiting(self, draft: dict) -> None:
        """Put back a hand that waited; East follows the last hand if the deal moved meanwhile."""
        self._put(draft)
        if self.ledger.game == "willingdon" and draft.get("offered") != self._offered:
            self._offer_east()

    # -- other tabs --------------------------------------------------------------------------

    def _catch_up(self) -> bool:
        """Read in what other tabs (or the terminal) wrote since the last look, and say so.

        True when the night changed; the next hand's East follows its new last hand."""
        if self.ledger is None:
            return False
        before = len(self.ledger)
        try:
            if not self.ledger.sync():
                return False
        except (LedgerError, OSError) as e:
            self.show_error(self.status, e)
            return False
        came = len(self.ledger) - before
        moved = self._east_moved()
        self._say(f"{self.path.name} changed in another tab or at the terminal: "
                  + (f"{hands(came)} came in." if came > 0 else "its hands are shown.") + (f" {moved}" if moved else ""))
        return True

    def _add_next(self, f: dict):
        """Add ``f`` as the next hand, after any hands other tabs added; its line, or None when
        nothing was saved (said why). LedgerError: the hand itself is refused."""
        shown = self.east.value
        for _ in range(3):  # other tabs adding at this very moment: read them in, try again
            number = len(self.ledger) + 1
            try:
                return self.ledger.add(**f, number=number) if self.ledger.game == "willingdon" else self.ledger.add(**f)
            except LedgerError:
                if len(self.ledger) + 1 == number:
                    raise
            if self._east_moved() or self.east.value != shown:
                self._stale_east()
                return None
        self._say("Other tabs are adding hands at this moment: nothing was saved. Press Add again.", error=True)
        return None

    def _stale_east(self) -> None:
        """Say that other tabs' hands moved East, so the hand was not saved."""
        n = len(self.ledger) + 1
        self._say(f"Hands from another tab came in first, so this is hand {n} and {self.east.value} is East for it "
                  f"now. Nothing was saved: check the hand and press Add again.", error=True)
        self.refresh()
