"""A Willingdon hand entered in the scorekeeper by tapping its tiles, not only by typing them.

:class:`TileEntry` puts the hand builder of lesson 2 (:class:`~mjscore.views.willingdon.hand_builder.HandBuilderApp`,
at the table: the sets, the pair, the flowers and a blessing; the seat, the round and how the
hand was won are the night's) under a choice of "Type the tiles" or "Tap the tiles". Each hand
built by a tap is written into the tiles box in the short notation, as if it had been typed, so
the scorekeeper sees the notation and the ledger checks and settles it the one way.

Each hand starts from :data:`PLAIN`, a plain hand with no flowers that scores nothing, said to be
the place to start from; until the first tap the tiles box stays as it was, so the start is
never taken for the winner's hand. :meth:`TileEntry.clear` goes back to it for the next hand.

>>> box = widgets.Text()
>>> entry = TileEntry(box)
>>> entry.mode.value = "tap"
>>> box.value                                         # nothing taken before a tap
''
>>> entry.builder.sets[0]["tile"].value = "RD"
>>> box.value
'RDx3 3Cx3 4Dx3 6Bx3 8Cx2'
>>> entry.load("5Dx3 6Dx3 7Dx3 +8Dx4 RDx2 F1")   # a hand typed (or corrected) shows in the builder
>>> entry.builder.sets[3]["kind"].value, entry.builder.flowers["F1"].value
('kong', True)
>>> entry.clear(); entry.builder.flowers["F1"].value, entry.tapped
(False, False)
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

from ...hands import HandError, load_hand
from .._app import classed, switch_off
from ..willingdon.hand_builder import HandBuilderApp, table_notation

__all__ = ["PLAIN", "TileEntry"]

#: Where tapping starts for each hand: four plain sets in mixed suits and a pair, no flowers (a
#: hand that scores nothing, so a start left partly unchanged never pays too much).
PLAIN = "2Bx3 3Cx3 4Dx3 6Bx3 8Cx2"
_START_NOTE = ('<div class="mjs-score-tap-note"><small>A plain hand to start from, no flowers: set the '
               'winner’s sets, pair and flowers. The Tiles box below fills in at your first tap.</small></div>')


class TileEntry:
    """The choice of typing or tapping the tiles (``mode``), and the builder (``builder``, made
    when tapping is first chosen), shown while tapping; each hand built by a tap is written
    into ``box`` (the tiles box), and what the box holds is shown in the builder when tapping
    starts. ``on_tap``: called before a tap changes the box (the form forgets what depended on
    the tiles as they were)."""

    def __init__(self, box: widgets.Text, on_tap: Callable[[], None] | None = None) -> None:
        self.box = box
        self.on_tap = on_tap
        self.tapped = False  # the builder shows a hand the scorekeeper built (else the plain start)
        self.mode = classed(widgets.ToggleButtons(options=(("Type the tiles", "type"), ("Tap the tiles", "tap")),
                                                  value="type", style={"button_width": "auto"}),
                            "mjs-score-entry")
        self.note = classed(widgets.HTML(_START_NOTE), "mjs-score-tap-start")
        self.note.layout.display = "none"
        # made the first time tapping is chosen: its hundred-odd controls would otherwise be made,
        # and sent to the page, every time the scorekeeper opens (most nights are typed)
        self.builder: HandBuilderApp | None = None
        self.off = False
        self.widget = widgets.VBox([self.mode, self.note])
        self.mode.observe(lambda change: self._shown(change["new"] == "tap"), "value")

    def _shown(self, tapping: bool) -> None:
        if tapping and self.builder is None:
            self.builder = HandBuilderApp(PLAIN, at_table=True, on_hand=self._built)
            self.builder.disable(self.off)
            self.widget.children = (*self.widget.children, self.builder.widget)
        if self.builder is not None:
            self.builder.widget.layout.display = "" if tapping else "none"
        if tapping:
            self.load(self.box.value)
        self._say()

    def _say(self) -> None:
        self.note.layout.display = "" if self.mode.value == "tap" and not self.tapped else "none"

    def _built(self, hand) -> None:
        if self.mode.value != "tap":
            return
        text = table_notation(hand) if hand is not None else ""
        self.tapped = True
        self._say()
        if text != self.box.value:  # as if typed: whoever watches the box follows
            if self.on_tap is not None:
                self.on_tap()
            self.box.value = text

    def load(self, text: str) -> None:
        """Show the hand typed (or recorded) in the builder, when it is a hand.

        An empty box shows the plain start again; a box that is not a hand leaves the builder
        as it was."""
        if not text.strip():
            self.clear()
            return
        if self.builder is None:  # shown when tapping starts
            return
        try:
            hand = load_hand(text)
        except HandError:
            return
        self.builder.set_hand(hand)
        self.tapped = True
        self._say()

    def clear(self) -> None:
        """Back to the plain start, for the next hand (the box is the form's to clear)."""
        if self.builder is not None:
            self.builder.set_hand(load_hand(PLAIN))
        self.tapped = False
        self._say()

    def disable(self, off: bool) -> None:
        """Switched off with the tiles box (a wall game, a false mahjong)."""
        switch_off(self.mode, off)
        self.off = off
        if self.builder is not None:
            self.builder.disable(off)
