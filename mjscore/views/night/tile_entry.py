"""A Willingdon hand entered in the scorekeeper by tapping its tiles, not only by typing them.

:class:`TileEntry` puts the hand builder of lesson 2 (:class:`~mjscore.views.willingdon.hand_builder.HandBuilderApp`,
at the table: the sets, the pair, the flowers and a blessing; the seat, the round and how the
hand was won are the night's) under a choice of "Type the tiles" or "Tap the tiles". Each hand
built by a tap is written into the tiles box in the short notation, as if it had been typed, so
the scorekeeper sees the notation and the ledger checks and settles it the one way. Until the
first tap the box stays as it was: the builder's starting hand is never taken for the hand.

>>> box = widgets.Text()
>>> entry = TileEntry(box)
>>> entry.mode.value = "tap"
>>> box.value                                         # nothing taken before a tap
''
>>> entry.builder.sets[0]["tile"].value = "RD"
>>> box.value
'RDx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3'
>>> entry.load("5Dx3 6Dx3 7Dx3 +8Dx4 RDx2 F1")   # a hand typed (or corrected) shows in the builder
>>> entry.builder.sets[3]["kind"].value, entry.builder.flowers["F1"].value
('kong', True)
"""

from __future__ import annotations

import ipywidgets as widgets

from ...hands import HandError, load_hand
from .._app import classed
from ..willingdon.hand_builder import HandBuilderApp, table_notation

__all__ = ["TileEntry"]


class TileEntry:
    """The choice of typing or tapping the tiles (``mode``), and the builder (``builder``),
    shown while tapping; each hand built by a tap is written into ``box`` (the tiles box), and
    what the box holds is shown in the builder when tapping starts."""

    def __init__(self, box: widgets.Text) -> None:
        self.box = box
        self.mode = classed(widgets.ToggleButtons(options=(("Type the tiles", "type"), ("Tap the tiles", "tap")),
                                                  value="type", style={"button_width": "auto"}),
                            "mjs-score-entry")
        self.builder = HandBuilderApp(at_table=True, on_hand=self._built)
        self.builder.widget.layout.display = "none"
        self.widget = widgets.VBox([self.mode, self.builder.widget])
        self.mode.observe(lambda change: self._shown(change["new"] == "tap"), "value")

    def _shown(self, tapping: bool) -> None:
        self.builder.widget.layout.display = "" if tapping else "none"
        if tapping:
            self.load(self.box.value)

    def _built(self, hand) -> None:
        if self.mode.value == "tap":  # as if typed: whoever watches the box follows
            self.box.value = table_notation(hand) if hand is not None else ""

    def load(self, text: str) -> None:
        """Show the hand typed (or recorded) in the builder, when it is a hand; else leave it."""
        try:
            hand = load_hand(text)
        except HandError:
            return
        self.builder.set_hand(hand)

    def disable(self, off: bool) -> None:
        """Switched off with the tiles box (a wall game, a false mahjong)."""
        self.mode.disabled = off
        self.builder.disable(off)
