"""The controls of one hand in the scorekeeper app, for either game: who won, how, who threw;
American: the card value, jokerless, the section, dead hands, the bettor; Willingdon: the tiles
in the short notation (or a typed score), the sets shown before the discard, fishing, who sat
East. :class:`HandForm` builds them, shows those of the night's game, reads them as the fields
:meth:`mjscore.night.Ledger.add` takes, and fills them from an earlier hand to correct it.
Nothing is worked out here: the ledger checks and settles every hand.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...american.home import CATEGORIES
from ...night import Entry, LedgerError
from .._app import classed
from .cards import payments_html

__all__ = ["HandForm", "VALUES"]

#: The card values offered as buttons (the card's hands are 25 to 50, a few more).
VALUES = (25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75)
_HOWS = {"american": (("On a discard", "discard"), ("Self-drawn", "self-drawn"), ("Wall game", "wall")),
         "willingdon": (("On a discard", "discard"), ("Self-drawn", "self-drawn"), ("Wall game", "wall"),
                        ("False mahjong", "false-mahjong"))}
_EXPOSED = (("as the tiles show", None), ("0", 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4))


def _hide(widget: widgets.Widget, hidden: bool) -> None:
    widget.layout.display = "none" if hidden else ""  # "" not None: a browser kernel sends None as nothing


class HandForm:
    """The hand's controls (a mixin of the app: ``self.ledger`` is the night, or None;
    ``self.editing`` the hand being corrected, 0 for the next one)."""

    ledger = None

    def _build_hand(self) -> widgets.Widget:
        self.winner = classed(widgets.ToggleButtons(options=[], value=None, description="Winner"), "mjs-score-winner")
        self.how = classed(widgets.ToggleButtons(options=_HOWS["american"], value="discard", description="How"),
                           "mjs-score-how")
        self.thrower = classed(widgets.ToggleButtons(options=[], value=None, description="Thrower"),
                               "mjs-score-thrower")
        self.value = classed(widgets.ToggleButtons(options=[(str(v), v) for v in VALUES], value=25,
                                                   description="Value", style={"button_width": "3.2em"}),
                             "mjs-score-value")
        self.jokerless = classed(widgets.Checkbox(value=False, description="Jokerless (declared)", indent=True),
                                 "mjs-score-jokerless")
        self.category = classed(widgets.Dropdown(options=[(CATEGORIES[k], k) for k in CATEGORIES], value="other",
                                                 description="Section"), "mjs-score-category")
        self.dead = classed(widgets.SelectMultiple(options=[], value=(), description="Dead hands", rows=4),
                            "mjs-score-dead")
        self.bettor = classed(widgets.Dropdown(options=[], value=None, description="Sits out"), "mjs-score-bettor")
        self.pick = classed(widgets.ToggleButtons(options=[], value=None, description="She backs"),
                            "mjs-score-pick")
        self.tiles = classed(widgets.Text(description="Tiles", placeholder="RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1",
                                          layout=widgets.Layout(width="32em")), "mjs-score-tiles")
        self.score = classed(widgets.Text(description="Or a score", placeholder="when the tiles are not given",
                                          layout=widgets.Layout(width="20em")), "mjs-score-score")
        self.exposed = classed(widgets.Dropdown(options=_EXPOSED, value=None, description="Shown before",
                                                tooltip="exposed sets the winner showed before the discard"),
                               "mjs-score-exposed")
        self.fishing = classed(widgets.Checkbox(value=False, description="The thrower was fishing", indent=True),
                               "mjs-score-fishing")
        self.east = classed(widgets.Dropdown(options=[], value=None, description="East"), "mjs-score-east")
        self.note = classed(widgets.Text(description="Note", layout=widgets.Layout(width="32em")), "mjs-score-note")
        self.five = widgets.VBox([self.bettor, self.pick], layout=widgets.Layout(display="none"))
        self.american_box = widgets.VBox([self.value, self.jokerless, widgets.Accordion(
            children=[widgets.VBox([self.category, self.dead])], titles=("Section of the card, dead hands",))])
        self.willingdon_box = widgets.VBox(
            [self.tiles, self.score,
             widgets.HTML('<small>Sets shown before the discard: ask when the discard may have '
                          'completed an exposed pung and the three-exposed penalty is on.</small>'),
             self.exposed, self.fishing, self.east], layout=widgets.Layout(display="none"))
        for w in (self.winner, self.how, self.thrower, self.value, self.jokerless, self.category, self.dead,
                  self.bettor, self.pick, self.tiles, self.score, self.exposed, self.fishing, self.east):
            self.watch(w, on_change=self._hand_changed)
        return widgets.VBox([self.five, self.winner, self.how, self.thrower, self.american_box,
                             self.willingdon_box, self.note])

    # -- the night's game ------------------------------------------------------------------

    def _setup_hand(self) -> None:
        """Show the controls of the night's game, with its players."""
        game = self.ledger.game
        with self._quietly():
            self.how.options = _HOWS[game]
            self.how.value = "discard"
            _hide(self.american_box, game != "american")
            _hide(self.willingdon_box, game != "willingdon")
            _hide(self.five, self.ledger.bettor is None)
            if self.ledger.bettor is not None:
                self.bettor.options = self.ledger.players
                last = self.ledger.lines[-1].entry.bettor if len(self.ledger) else None
                self.bettor.value = last or self.ledger.bettor
            self.east.options = self.ledger.players
            self.east.value = self.ledger.players[0]
            self._table_changed()

    def _table(self) -> list[str]:
        out = self.bettor.value if self.ledger.bettor is not None else None
        return [p for p in self.ledger.players if p != out]

    def _table_changed(self) -> None:
        table = self._table()
        self.winner.options = self.pick.options = table
        self._winner_changed()

    def _winner_changed(self) -> None:
        others = [p for p in self._table() if p != self.winner.value]
        thrower = self.thrower.value if self.thrower.value in others else None
        dead = tuple(p for p in self.dead.value if p in others)
        self.thrower.options = self.dead.options = others
        self.thrower.value, self.dead.value = thrower, dead
        wall = self.how.value == "wall"
        self.winner.disabled = self.value.disabled = self.jokerless.disabled = self.category.disabled = wall
        self.tiles.disabled = self.score.disabled = self.how.value in ("wall", "false-mahjong")
        self.thrower.disabled = self.how.value != "discard"

    def _hand_changed(self, change) -> None:
        with self._quietly():
            if change["owner"] is self.bettor:
                self._table_changed()
            elif change["owner"] in (self.winner, self.how):
                self._winner_changed()
        self._preview()

    # -- reading and filling -----------------------------------------------------------------

    def fields(self) -> dict:
        """The hand as the controls stand, as :meth:`Ledger.add` takes it."""
        how = self.how.value
        f: dict = {"how": how, "note": self.note.value}
        if how != "wall":
            f["winner"] = self.winner.value
        if how == "discard":
            f["thrower"] = self.thrower.value
        if self.ledger.game == "american":
            if how != "wall":
                f.update(value=self.value.value, jokerless=self.jokerless.value, category=self.category.value)
            if self.dead.value:
                f["dead"] = tuple(self.dead.value)
            if self.ledger.bettor is not None:
                f["bettor"], f["pick"] = self.bettor.value, self.pick.value
        else:
            if how in ("discard", "self-drawn"):
                f.update(tiles=self.tiles.value.strip() or None, value=self.score.value.strip() or None,
                         exposed=self.exposed.value, fishing=self.fishing.value)
            f["east"] = self.east.value
        return f

    def _missing(self) -> str | None:
        if self.how.value == "wall":
            return None
        if self.winner.value is None:
            return ("Click who called it." if self.how.value == "false-mahjong" else
                    "Click the winner (or Wall game if nobody won).")
        if self.how.value == "discard" and self.thrower.value is None:
            return "Click who threw the winning tile."
        if self.ledger.bettor is not None and self.pick.value is None:
            return "Click whom the bettor backs."
        if (self.ledger.game == "willingdon" and self.how.value != "false-mahjong"
                and not self.tiles.value.strip() and not self.score.value.strip()):
            return "Type the tiles (or the score)."
        return None

    def _preview(self) -> None:
        if self.ledger is None:
            self.payments.value = ""
            return
        missing = self._missing()
        if missing:
            self.payments.value = f'<p class="mjs-score-waiting">{html.escape(missing)}</p>'
            return
        try:
            line = self.ledger.check(**self.fields())
        except LedgerError as e:
            self.payments.value = f'<p class="mjs-score-error">{html.escape(str(e))}</p>'
            return
        n = self.editing.value
        self.payments.value = payments_html(line, heading=f"Hand {n}, corrected" if n else
                                            f"Hand {line.number}, if you add it")

    def _fill(self, e: Entry) -> None:
        """Set the controls to an earlier hand, to correct it."""
        with self._quietly():
            if self.ledger.bettor is not None:
                self.bettor.value = e.bettor or self.ledger.bettor
                self._table_changed()
            self.how.value = e.how if e.how in dict(map(reversed, self.how.options)) else "self-drawn"
            self.winner.value = e.winner
            self._winner_changed()
            self.thrower.value = e.thrower
            if self.ledger.game == "american":
                if e.value in VALUES:
                    self.value.value = e.value
                self.jokerless.value, self.category.value = e.jokerless, e.category
                self.dead.value = e.dead
                self.pick.value = e.pick
            else:
                self.tiles.value = e.tiles or ""
                self.score.value = "" if e.tiles or e.value is None else str(e.value)
                self.exposed.value, self.fishing.value = e.exposed, e.fishing
                self.east.value = e.east or self.ledger.players[0]
            self.note.value = e.note or ""

    def _clear(self) -> None:
        """Ready for the next hand (East and the bettor stay where they were)."""
        with self._quietly():
            self.winner.value = self.thrower.value = self.pick.value = None
            self.how.value = "discard"
            self.value.value = 25
            self.jokerless.value = self.fishing.value = False
            self.category.value = "other"
            self.dead.value = ()
            self.tiles.value = self.score.value = self.note.value = ""
            self.exposed.value = None
            self._winner_changed()
