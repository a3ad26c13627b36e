"""The scorekeeper keeping up with other tabs on the same night (and with ``mjscore record`` at
the terminal), and the East that follows from the hand before (:class:`OtherTabs`, a part of
:class:`~mjscore.views.night.scorekeeper_app.ScorekeeperApp`).

- **Read in at each change.** Every change of the form, and Add, first looks at the journal (its
  size, under its lock: nothing is read unless it grew) and shows the hands another tab added;
  it says so only when the hands did change (a file read again with the same hands is not news).
- **What the next hand takes from the last follows.** In a Willingdon night East passes after
  each hand unless East won it, so the form offers the East that follows from the last hand; in
  a five-player American night, whoever sat out the last hand sits out the next until changed.
  When other tabs' hands move either, the form follows and says so; if that happens at Add,
  nothing is saved and the scorekeeper is asked to check the hand and press Add again: a hand is
  never saved with the East (or the player sitting out) of a hand that is no longer the last.
  The engine refuses to save a hand under another number than it was entered as
  (:meth:`mjscore.night.Ledger.add`), so hands that come in at the very moment of Add are caught too.
- A hand being entered that waited (while an earlier one was corrected, or the night was closed)
  comes back with East and who sits out as they now follow, if the last hand changed meanwhile.
"""

from __future__ import annotations

from ...night import LedgerError
from .hand_form import next_east
from .night_setup import hands

__all__ = ["OtherTabs"]


class OtherTabs:
    """Reading in other tabs' hands, and what the next hand takes from the last (a part of the app)."""

    _offered = None         # the East the form offered for the next hand, as it followed from the last hand
    _offered_bettor = None  # five players: who sits out, as the form offered it (who sat out the last hand)

    # -- what the next hand takes from the last ------------------------------------------------

    def _east_follows(self) -> tuple[str, str]:
        """Who is East for the next hand as the deal passed, and why (said under the East buttons)."""
        players, n = self.ledger.players, len(self.ledger)
        if not n:
            return players[0], (f"{players[0]}, listed first, is East for hand 1. After each hand East passes "
                                f"to the next player listed unless East wins; choose another player if your "
                                f"table plays it otherwise.")
        last = self.ledger.line(n).entry
        before = last.east or players[0]
        east = next_east(players, before, last.winner)
        why = (f"{before} won hand {n} as East and keeps the deal" if east == before
               else f"the deal passed from {before} to the next player")
        return east, (f"{east} is East for hand {n + 1}: {why}. East passes after each hand unless East wins "
                      f"it; choose another player if your table plays it otherwise.")

    def _bettor_follows(self) -> str:
        """Five players: who sits out the next hand (who sat out the last, until the scorekeeper changes it)."""
        n = len(self.ledger)
        return (self.ledger.line(n).entry.bettor if n else None) or self.ledger.bettor

    def _offer_east(self) -> None:
        """Put the East that follows from the last hand on the form, and say why (Willingdon)."""
        east, why = self._east_follows()
        self._offered = east
        with self._quietly():
            self.east.value = east
        self._east_says(why)
        self._as_cleared("east")

    def _offer_bettor(self) -> None:
        """Put who sat out the last hand on the form as sitting out the next (five players)."""
        self._offered_bettor = self._bettor_follows()
        with self._quietly():
            self.bettor.value = self._offered_bettor
            self._table_changed()
        self._as_cleared("bettor")

    def _as_cleared(self, field: str) -> None:
        if self._baseline is not None and not self.editing.value:  # the next hand's form as cleared
            self._baseline = {**self._baseline, field: self.fields()[field]}

    def _shown(self) -> tuple:
        """What the form took from the last hand, as it shows it: East, and who sits out."""
        return self.east.value, self.bettor.value

    def _follow(self) -> list[str]:
        """After other tabs' hands: the next hand's East and who sits out as they now follow from
        the last hand, on the form. Says what moved (a hand being corrected keeps its own)."""
        if self.editing.value:
            return []
        said, n = [], len(self.ledger) + 1
        east, out = self._shown()
        if self.ledger.game == "willingdon" and self._east_follows()[0] != self._offered:
            self._offer_east()
            if self.east.value != east:
                said.append(f"{self.east.value} is East for hand {n} now, not {east}.")
        if self.ledger.bettor is not None and self._bettor_follows() != self._offered_bettor:
            self._offer_bettor()
            if self.bettor.value != out:
                said.append(f"{self.bettor.value} sits out hand {n} now (as in hand {n - 1}), not {out}.")
        return said

    def _waiting(self) -> dict:
        """The next hand as entered so far, to come back later (with what the form offered then)."""
        return {**self.fields(), "offered": (self._offered, self._offered_bettor)}

    def _put_back_waiting(self, draft: dict) -> None:
        """Put back a hand that waited; East and who sits out follow the last hand if it changed meanwhile."""
        self._put(draft)
        east, out = draft.get("offered", (None, None))
        if self.ledger.game == "willingdon" and east != self._offered:
            self._offer_east()
        if self.ledger.bettor is not None and out != self._offered_bettor:
            self._offer_bettor()

    # -- other tabs --------------------------------------------------------------------------

    def _catch_up(self) -> bool:
        """Read in what other tabs (or the terminal) wrote since the last look, and say so.

        True when the night changed; the next hand's East and who sits out follow its new last hand."""
        if self.ledger is None:
            return False
        before = len(self.ledger)
        hands_before = [line.entry for line in self.ledger.lines]
        try:
            if not self.ledger.sync():
                return False
        except (LedgerError, OSError) as e:
            self.show_error(self.status, e)
            return False
        if [line.entry for line in self.ledger.lines] == hands_before:
            # read again, the same hands: the look at the file (its size and number) found it
            # other than the journal wrote it, as a browser's storage (the Voici pages' /drive)
            # reports a file just made, so every brand-new night "changed in another tab" at once
            # there. Only hands are news.
            return False
        came = len(self.ledger) - before
        said = " ".join(self._follow())
        self._say(f"{self.path.name} changed in another tab or at the terminal: "
                  + (f"{hands(came)} came in." if came > 0 else "its hands are shown.") + (f" {said}" if said else ""))
        return True

    def _add_next(self, f: dict):
        """Add ``f`` as the next hand, after any hands other tabs added; its line, or None when
        nothing was saved (said why). LedgerError: the hand itself is refused."""
        shown = self._shown()
        for _ in range(3):  # other tabs adding at this very moment: read them in, try again
            number = len(self.ledger) + 1
            try:
                return self.ledger.add(**f, number=number)
            except LedgerError:
                if len(self.ledger) + 1 == number:
                    raise
            self._follow()
            if self._shown() != shown:
                self._stale()
                return None
        self._say("Other tabs are adding hands at this moment: nothing was saved. Press Add again.", error=True)
        return None

    def _stale(self) -> None:
        """Say that other tabs' hands changed what the hand takes from the last, so it was not saved."""
        n = len(self.ledger) + 1
        now = ([f"{self.east.value} is East"] if self.ledger.game == "willingdon" else []) + (
            [f"{self.bettor.value} sits out"] if self.ledger.bettor is not None else [])
        self._say(f"Hands from another tab came in first, so this is hand {n}" + "".join(f" and {w}" for w in now)
                  + ". Nothing was saved: check the hand and press Add again.", error=True)
        self.refresh()
