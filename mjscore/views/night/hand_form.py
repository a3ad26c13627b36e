"""The controls of one hand in the scorekeeper app, for either game (:class:`HandControls`):
who won, how, who threw; American: the line of the club's card (:mod:`.card_part`, where the
club keeps one) or the card value, jokerless, the section, dead hands, the bettor; Willingdon: the tiles in the short notation, typed or tapped (:mod:`.tile_entry`), or a
typed score, the sets shown before the discard, fishing, who sat East.

They show the hand being entered (:class:`~.entered.Form`, a plain dict) and pass on each
change; what the hand is, and what the ledger makes of it, is the form's (:mod:`.entered`).
Every control holds every value the ledger accepts, so a hand recorded elsewhere is shown as it is.
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets
import traitlets

from ...american.home import CATEGORIES
from .._app import classed, switch_off
from .._controls import Picks, number_box
from .card_part import CardPart
from .entered import VALUES, WON, at_table, others, typed_value
from .tile_entry import TileEntry

__all__ = ["Choice", "HandControls"]

_HOWS = {"american": (("On a discard", "discard"), ("Self-drawn", "self-drawn"), ("Wall game", "wall"),
                      ("Joker exchange", "joker-exchange"), ("Heavenly Hand", "heavenly-hand")),
         "willingdon": (("On a discard", "discard"), ("Self-drawn", "self-drawn"), ("Wall game", "wall"),
                        ("False mahjong", "false-mahjong"))}
#: The sets shown before the discard: "not said" (the tiles say, or no penalty) is -1 in the control.
NOT_SAID = -1
_EXPOSED = (("not said", NOT_SAID), ("0", 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4))
_LABEL = {"description_width": "5.5em"}
#: The controls that hold the hand, each under its key in the form's dict.
KEYS = ("winner", "how", "thrower", "value", "jokerless", "category", "dead", "bettor", "pick", "tiles", "score",
        "exposed", "fishing", "east", "note", "line")


def _no_choice_as_minus_one(index, _widget):
    return -1 if index is None else index


def _minus_one_as_no_choice(index, _widget):
    return None if index is None or index < 0 else index


class Choice(widgets.ToggleButtons):
    """ToggleButtons whose "nothing chosen" reaches the page in every kernel.

    A browser kernel (JupyterLite, the Voici app pages) sends a trait set to None as nothing at
    all, so ``value = None`` left the page showing (and sending) the choice before: a winner
    still lit after Add that the app no longer used, a tap on it that changed nothing. Here
    "nothing chosen" is sent as the index -1, which lights no button in every front end.

    >>> who = Choice(options=["Ann", "Bea"], value="Bea")
    >>> who.value = None
    >>> who.get_state()["index"]
    -1
    """

    index = traitlets.Int(None, allow_none=True).tag(sync=True, to_json=_no_choice_as_minus_one,
                                                     from_json=_minus_one_as_no_choice)


def _hide(widget: widgets.Widget, hidden: bool) -> None:
    widget.layout.display = "none" if hidden else ""  # "" not None: a browser kernel sends None as nothing


def _offer(control: widgets.Widget, options, value) -> None:
    """``control`` offering ``options`` (set only when they change: a row of buttons is drawn anew), with ``value``."""
    if tuple(control.options) != tuple(options):
        control.options = tuple(options)
    control.value = value


class HandControls:
    """The hand's controls in ``widget``; ``on_change(key, value)`` hears of each change the
    scorekeeper makes (a key of :data:`KEYS`, the value as the form holds it), and
    :meth:`show` puts a form's hand on them. ``watch`` and ``quietly``: the app's (see
    :class:`~mjscore.views._app.App`), so that what the app sets itself is never taken for a click;
    ``card``: the club's card, whose box (``line``) is shown in an American night when there is one."""

    def __init__(self, on_change: Callable[[str, object], None], *, watch: Callable, quietly: Callable,
                 card: CardPart) -> None:
        self._on_change = on_change
        self.card = card
        self.line = card.line
        self._quietly = quietly  # the app's: what it sets itself is not the scorekeeper's change
        self._clearings = 0
        self.widget = self._build(watch)

    def _changed(self, change) -> None:
        owner, value = change["owner"], change["new"]
        if owner is self.quick:
            if value is None:
                return
            key, value = "value", str(value)
            with self._quietly():
                self.value.value = value
        else:
            key = next(k for k in KEYS if getattr(self, k) is owner)
            if key == "value":
                typed = typed_value(value)
                with self._quietly():
                    self.quick.value = typed if typed in VALUES else None
            elif key == "exposed":
                value = None if value == NOT_SAID else value
            elif key == "dead":
                value = tuple(value)
        self._on_change(key, value)

    def _build(self, watch: Callable) -> widgets.Widget:
        buttons = {"button_width": "auto"}
        self.winner = classed(Choice(options=[], value=None, description="Winner", style=buttons),
                              "mjs-score-winner")
        self.how = classed(widgets.ToggleButtons(options=_HOWS["american"], value="discard", description="How",
                                                 style=buttons), "mjs-score-how")
        self.thrower = classed(Choice(options=[], value=None, description="Thrower", style=buttons),
                               "mjs-score-thrower")
        # Typed, and read as the ledger reads it ("27.5" or "3O" refused with its message; a number
        # box in the page turned "27.5" into 275 without a word)
        self.value = number_box("Value", "mjs-score-value", value=25, style=_LABEL,
                                tooltip="the card value, 1 to 100,000", width="12em")
        self.quick = classed(Choice(options=[(str(v), v) for v in VALUES], value=25,
                                                   style={"button_width": "3.2em"},
                                                   tooltip="a common card value"), "mjs-score-quick")
        self.jokerless = classed(widgets.Checkbox(value=False, description="Jokerless (declared)", indent=False,
                                                  layout=widgets.Layout(width="auto")), "mjs-score-jokerless")
        self.category = classed(widgets.Dropdown(options=[(CATEGORIES[k], k) for k in CATEGORIES], value="other",
                                                 description="Section", style=_LABEL,
                                                 layout=widgets.Layout(width="24em")), "mjs-score-category")
        self.dead = classed(Picks(description="Dead hands:", hint="(choose each)"), "mjs-score-dead")
        self.bettor = classed(widgets.Dropdown(options=[], value=None, description="Sits out", style=_LABEL,
                                               layout=widgets.Layout(width="20em")), "mjs-score-bettor")
        self.pick = classed(Choice(options=[], value=None, description="She backs", style=buttons),
                            "mjs-score-pick")
        self.tiles = classed(widgets.Text(description="Tiles", placeholder="RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1",
                                          style=_LABEL, layout=widgets.Layout(width="32em")), "mjs-score-tiles")
        self.score = number_box("Or a score", "mjs-score-score", placeholder="without the tiles", style=_LABEL,
                                width="18em")
        self.exposed = classed(widgets.ToggleButtons(options=_EXPOSED, value=NOT_SAID, style=buttons),
                               "mjs-score-exposed")
        self.fishing = classed(widgets.Checkbox(value=False, description="The thrower was fishing", indent=False,
                                                layout=widgets.Layout(width="auto")), "mjs-score-fishing")
        self.east = classed(Choice(options=[], value=None, description="East", style=buttons),
                            "mjs-score-east")
        self.east_note = classed(widgets.HTML(), "mjs-score-east-note")
        self.note = classed(widgets.Text(description="Note", style=_LABEL, layout=widgets.Layout(width="32em")),
                            "mjs-score-note")
        self.five = widgets.VBox([self.bettor, self.pick], layout=widgets.Layout(display="none"))
        self.american_box = classed(widgets.VBox([
            self.card.widget,
            widgets.HBox([self.value, self.quick], layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([self.category, self.jokerless], layout=widgets.Layout(flex_flow="row wrap",
                                                                                align_items="center")),
            self.dead]), "mjs-score-american-box")
        self.tile_entry = TileEntry(self.tiles, on_tap=lambda: setattr(self.exposed, "value", NOT_SAID))
        self.willingdon_box = classed(widgets.VBox(
            [self.tile_entry.widget, self.tiles, self.score,
             widgets.HTML('<div class="mjs-score-exposed-label">Sets the winner showed before the winning tile '
                          '<small>(for the three-exposed penalty; “not said”: as the tiles show, and asked when it matters)</small></div>'),
             self.exposed, self.fishing, self.east, self.east_note], layout=widgets.Layout(display="none")),
            "mjs-score-willingdon-box")
        watch(self.quick, *(getattr(self, k) for k in KEYS), on_change=self._changed)
        return widgets.VBox([self.five, self.winner, self.how, self.thrower, self.american_box,
                             self.willingdon_box, self.note])

    def values(self) -> dict:
        """The hand as the controls stand, as the form holds it (:data:`KEYS`)."""
        hand = {k: getattr(self, k).value for k in KEYS}
        return {**hand, "dead": tuple(hand["dead"]), "exposed": None if hand["exposed"] == NOT_SAID else hand["exposed"]}

    def set_game(self, ledger) -> None:
        """Show the controls of the night's game, with its players."""
        game = ledger.game
        with self._quietly():
            _offer(self.how, _HOWS[game], "discard")
            _hide(self.american_box, game != "american")
            _hide(self.willingdon_box, game != "willingdon")
            self.card.offer(game)
            _hide(self.five, ledger.bettor is None)
            if ledger.bettor is not None:
                _offer(self.bettor, ledger.players, ledger.bettor)
            _offer(self.east, ledger.players, None)

    def show(self, ledger, form) -> None:
        """The controls as ``form`` holds the hand.

        Every value, the players each choice may name, and those not in play switched off."""
        hand = form.hand
        with self._quietly():
            if ledger.bettor is not None:
                self.bettor.value = hand["bettor"]
            self.how.value = hand["how"]
            table, rest = at_table(ledger, hand), others(ledger, hand)
            _offer(self.winner, table, hand["winner"])
            _offer(self.pick, table, hand["pick"])
            _offer(self.thrower, rest, hand["thrower"])
            _offer(self.dead, rest, tuple(hand["dead"]))
            typed = typed_value(hand["value"])
            self.value.value, self.quick.value = hand["value"], typed if typed in VALUES else None
            self.jokerless.value, self.category.value = hand["jokerless"], hand["category"]
            if self.tiles.value != hand["tiles"]:
                self.tiles.value = hand["tiles"]
                self.tile_entry.load(hand["tiles"])
            if form.clearings != self._clearings:  # a fresh form: tapping starts again from the plain hand
                self._clearings = form.clearings
                if not hand["tiles"]:
                    self.tile_entry.clear()
            self.score.value = hand["score"]
            self.exposed.value = NOT_SAID if hand["exposed"] is None else hand["exposed"]
            self.fishing.value, self.east.value, self.note.value = hand["fishing"], hand["east"], hand["note"]
            how = hand["how"]
            for w in (self.winner, self.value, self.quick, self.jokerless, self.category):
                switch_off(w, how == "wall")
            self.card.show(hand["line"], off=how == "wall")
            for w in (self.tiles, self.score, self.exposed, self.fishing):
                switch_off(w, how not in WON)
            self.tile_entry.disable(how not in WON)
            switch_off(self.thrower, how != "discard")
