"""The controls of one hand in the scorekeeper app, for either game: who won, how, who threw;
American: the card value, jokerless, the section, dead hands, the bettor; Willingdon: the tiles
in the short notation, typed or tapped (:mod:`.tile_entry`), or a typed score, the sets shown before the discard, fishing, who sat
East. :class:`HandForm` builds them, shows those of the night's game, reads them as the fields
:meth:`mjscore.night.Ledger.add` takes, and fills them from an earlier hand to correct it.
Nothing is worked out here: the ledger checks and settles every hand.

Every control holds every value the ledger accepts (any card value from 1 to 100,000, every
way an American hand ends, any players dead, any typed score, 0 to 4 sets shown, any East), so
a hand recorded elsewhere (``mjscore record``, a typed journal) is shown as it is. A correction
sends the ledger only the fields the scorekeeper changed: whatever the controls do not show
stays as it was recorded.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import traitlets

from ...american.home import CATEGORIES
from ...night import Entry, LedgerError, Unsaid
from ...night.entry import whole
from .._app import classed, switch_off
from .._controls import Picks, number_box
from .._style import count
from .night_html import payments_html
from .tile_entry import TileEntry

__all__ = ["HandForm", "VALUES"]

#: The card values offered as buttons (the card's hands are 25 to 50, a few more); any other
#: value from 1 to 100,000 is typed in the box beside them.
VALUES = (25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75)
_HOWS = {"american": (("On a discard", "discard"), ("Self-drawn", "self-drawn"), ("Wall game", "wall"),
                      ("Joker exchange", "joker-exchange"), ("Heavenly Hand", "heavenly-hand")),
         "willingdon": (("On a discard", "discard"), ("Self-drawn", "self-drawn"), ("Wall game", "wall"),
                        ("False mahjong", "false-mahjong"))}
#: The sets shown before the discard: "not said" (the tiles say, or no penalty) is -1 in the control.
NOT_SAID = -1
_EXPOSED = (("not said", NOT_SAID), ("0", 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4))
_WON = ("discard", "self-drawn")  # a Willingdon hand with tiles, a score, sets shown and fishing
_LABEL = {"description_width": "5.5em"}
#: What to say when a Willingdon hand has neither tiles nor a score, typing the tiles or tapping them.
_ASK_TILES = {"type": "Type the tiles (or the score).",
              "tap": "The hand shown is only a starting point, not the winner’s hand: tap to change it to "
                     "the winner’s sets, pair and flowers (or type the score)."}


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


def typed_value(text: str) -> int | str | None:
    """The card value or the score as typed, read as the ledger reads it (``night.entry.whole``).

    A whole number comes back as the number ("1,000" too), nothing as None. Anything else is
    kept as typed, for the ledger to refuse with its own message.

    >>> typed_value(" 30 "), typed_value(""), typed_value("27.5")
    (30, None, '27.5')
    """
    try:
        return whole(text, "the card value")
    except LedgerError:
        return text.strip()


def _hide(widget: widgets.Widget, hidden: bool) -> None:
    widget.layout.display = "none" if hidden else ""  # "" not None: a browser kernel sends None as nothing


def next_east(players, east: str | None, winner: str | None) -> str:
    """Who sits East for the next hand.

    East keeps the deal by winning the hand; otherwise it passes to the next player listed (who
    sat South).

    >>> next_east(("Ann", "Bea", "Cat", "Dee"), "Ann", "Cat"), next_east(("Ann", "Bea", "Cat", "Dee"), "Dee", None)
    ('Bea', 'Ann')
    >>> next_east(("Ann", "Bea", "Cat", "Dee"), "Cat", "Cat")
    'Cat'
    """
    east = east or players[0]
    return east if winner == east else players[(players.index(east) + 1) % len(players)]


def settle_hand(ledger, f: dict):
    """The hand ``f`` as the ledger checks it, with what to say if the ledger refuses it.

    Gives ``(fields, line, None)`` when the ledger takes it, else ``(fields, None, what to
    say)``. Where only the sets the winner showed before the discard stand in the way (the
    three-exposed penalty depends on them and they are not said), the message asks for them by
    the control's name; when either count pays the same (a hand that scores 0, say), the count
    the tiles show is taken and nobody is asked. Tiles and a typed score both filled in must agree.

    >>> from mjscore.night import Ledger
    >>> night = Ledger(["Ann", "Bea", "Cat", "Dee"], game="willingdon")
    >>> settle_hand(night, dict(winner="Bea", how="self-drawn", thrower=None, tiles="RDx3 GDx3 WDx3 2Bx3 3Cx2",
    ...                         value="100", exposed=None, fishing=False, east=None))[2]
    'The tiles score 24,576, but “Or a score” says 100: clear “Or a score” (the tiles are scored for you), or correct the tiles.'
    """
    if ledger.game == "willingdon" and f.get("tiles") is not None and f.get("value") is not None:
        disagree = _tiles_against_score(ledger, f)
        if disagree:
            return f, None, disagree
    try:
        return f, ledger.check(**f), None
    except Unsaid:  # a typed score won on a discard: only the scorekeeper knows the sets shown
        return f, None, (f"How many sets did {f['winner']} show before the winning tile? Choose the number under "
                         f"“Sets the winner showed”: with three or more, the three-exposed penalty makes "
                         f"{f['thrower']} pay for all three.")
    except LedgerError as e:
        error = str(e)
    if ledger.game != "willingdon" or f.get("tiles") is None:
        return f, None, error
    taken = {}
    for n in range(5):
        try:
            taken[n] = ledger.check(**{**f, "exposed": n})
        except LedgerError:
            pass
    if not taken:
        return f, None, error
    who = f["winner"]
    counts = " or ".join(count(n) for n in taken)
    if f["exposed"] is not None:  # a count the tiles cannot have
        return f, None, (f"With these tiles {who} showed {counts} set{'s' * (list(taken) != [1])} before the "
                         f"winning tile, not {f['exposed']}: change “Sets the winner showed”.")
    if len({tuple(line.payments.values()) for line in taken.values()}) == 1:
        shown = max(taken)
        return {**f, "exposed": shown}, taken[shown], None
    most, fewer = max(taken), min(taken)
    return f, None, (f"How many sets did {who} show before the winning tile? Choose {most} or {fewer} under "
                     f"“Sets the winner showed” ({fewer} if the discard completed an exposed pung): "
                     f"the three-exposed penalty depends on it.")


def _tiles_against_score(ledger, f: dict) -> str | None:
    """What to say when the tiles and the score typed beside them disagree (None: they agree, or
    one of them cannot be read, which the ledger then says)."""
    try:
        typed = whole(f["value"], "the score")
    except LedgerError:
        return None
    tiles = None
    for shown in (f.get("exposed"), 0, 1, 2, 3, 4):  # the tiles' score does not depend on the sets shown
        try:
            tiles = ledger.check(**{**f, "value": None, "exposed": shown}).value
            break
        except LedgerError:
            continue
    if typed is None or tiles is None or typed == tiles:
        return None
    return (f"The tiles score {count(tiles)}, but “Or a score” says {count(typed)}: clear “Or a score” (the "
            f"tiles are scored for you), or correct the tiles.")


def _entry_fields(ledger, e: Entry) -> dict:
    """An earlier hand as :meth:`HandForm.fields` reads the controls (to fill them with it)."""
    f = {"winner": e.winner, "how": e.how, "thrower": e.thrower, "note": e.note or ""}
    if ledger.game == "american":
        f.update(value=e.value, jokerless=e.jokerless, category=e.category, dead=e.dead,
                 bettor=e.bettor or ledger.bettor, pick=e.pick)
    else:
        f.update(value=None if e.tiles or e.value is None else count(e.value), tiles=e.tiles,
                 exposed=e.exposed, fishing=e.fishing, east=e.east or ledger.players[0])
    return f


class HandForm:
    """The hand's controls (a mixin of the app: ``self.ledger`` is the night, or None;
    ``self.editing`` the hand being corrected, 0 for the next one)."""

    ledger = None
    _baseline = None

    def _build_hand(self) -> widgets.Widget:
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
        for w in (self.winner, self.how, self.thrower, self.value, self.quick, self.jokerless, self.category,
                  self.dead, self.bettor, self.pick, self.tiles, self.score, self.exposed, self.fishing, self.east,
                  self.note):
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
                self._offer_bettor()
            self.east.options = self.ledger.players
            self._table_changed()
            self._clear()

    def _table(self) -> list[str]:
        out = self.bettor.value if self.ledger.bettor is not None else None
        return [p for p in self.ledger.players if p != out]

    def _table_changed(self) -> None:
        table = self._table()
        winner = self.winner.value if self.winner.value in table else None
        pick = self.pick.value if self.pick.value in table else None
        self.winner.options, self.pick.options = table, table
        self.winner.value, self.pick.value = winner, pick
        self._winner_changed()

    def _winner_changed(self) -> None:
        others = [p for p in self._table() if p != self.winner.value]
        thrower = self.thrower.value if self.thrower.value in others else None
        dead = tuple(p for p in self.dead.value if p in others)
        self.thrower.options = self.dead.options = others
        self.thrower.value, self.dead.value = thrower, dead
        how = self.how.value
        wall = how == "wall"
        for w in (self.winner, self.value, self.quick, self.jokerless, self.category):
            switch_off(w, wall)
        for w in (self.tiles, self.score, self.exposed, self.fishing):
            switch_off(w, how not in _WON)
        self.tile_entry.disable(how not in _WON)
        switch_off(self.thrower, how != "discard")

    def _hand_changed(self, change) -> None:
        with self._quietly():
            owner = change["owner"]
            if owner is self.bettor:
                self._table_changed()
            elif owner in (self.winner, self.how):
                self._winner_changed()
            elif owner is self.quick and self.quick.value is not None:
                self.value.value = str(self.quick.value)
            elif owner is self.value:
                typed = typed_value(self.value.value)
                self.quick.value = typed if typed in VALUES else None
        if self.error is not None and "mjs-error" in self.status.value:  # a refusal of the hand as it was
            self.status.value = ""
            self.clear_error()
        if self._catch_up():  # hands another tab added, read in at the next click
            self.refresh()
        else:
            self._preview()

    # -- reading and filling -----------------------------------------------------------------

    def fields(self) -> dict:
        """The hand as the controls stand, as :meth:`Ledger.add` takes it (a field not in play is empty)."""
        how = self.how.value
        f: dict = {"winner": None if how == "wall" else self.winner.value, "how": how,
                   "thrower": self.thrower.value if how == "discard" else None}
        if self.ledger.game == "american":
            won = how != "wall"
            five = self.ledger.bettor is not None
            f.update(value=typed_value(self.value.value) if won else None, jokerless=self.jokerless.value and won,
                     category=self.category.value, dead=tuple(self.dead.value),
                     bettor=self.bettor.value if five else None, pick=self.pick.value if five else None)
        else:
            won = how in _WON
            exposed = self.exposed.value
            f.update(value=typed_value(self.score.value) if won else None,
                     tiles=(self.tiles.value.strip() or None) if won else None,
                     exposed=None if exposed == NOT_SAID or not won else exposed,
                     fishing=self.fishing.value and won, east=self.east.value)
        f["note"] = self.note.value
        return f

    def _missing(self) -> str | None:
        if self.how.value == "wall":
            return None
        if self.winner.value is None:
            return ("Choose who called it." if self.how.value == "false-mahjong" else
                    "Choose the winner (or Wall game if nobody won).")
        if self.how.value == "discard" and self.thrower.value is None:
            return "Choose who threw the winning tile."
        if self.ledger.bettor is not None and self.pick.value is None:
            return "Choose whom the bettor backs."
        if (self.ledger.game == "willingdon" and self.how.value in _WON
                and not self.tiles.value.strip() and not self.score.value.strip()):
            return _ASK_TILES[self.tile_entry.mode.value]
        return None

    def _settled(self, f: dict):
        return settle_hand(self.ledger, f)

    def _preview(self) -> None:
        if self.ledger is None:
            self.payments.value = ""
            return
        missing = self._missing()
        if missing:
            self.payments.value = f'<p class="mjs-score-waiting">{html.escape(missing)}</p>'
            return
        f = self.fields()
        _f, line, problem = self._settled(f)
        if problem:
            self.payments.value = f'<p class="mjs-score-error">{html.escape(problem)}</p>'
            return
        n = self.editing.value
        heading = (f"Hand {line.number}, if you add it" if not n else
                   f"Hand {n} as saved (nothing changed yet)" if f == self._baseline else f"Hand {n}, corrected")
        self.payments.value = payments_html(line, heading=heading)

    def _fill(self, e: Entry) -> None:
        """Set the controls to an earlier hand, to correct it: every field as recorded."""
        self._put(_entry_fields(self.ledger, e))

    def _put(self, f: dict) -> None:
        """Set the controls to the fields :meth:`fields` gave (a hand being entered, put back)."""
        with self._quietly():
            if self.ledger.bettor is not None and f.get("bettor"):
                self.bettor.value = f["bettor"]
                self._table_changed()
            self.how.value = f["how"]
            self.winner.value = f["winner"]
            self._winner_changed()
            self.thrower.value = f["thrower"]
            if self.ledger.game == "american":
                if f["value"] is not None:
                    self.value.value = str(f["value"])
                    self.quick.value = f["value"] if f["value"] in VALUES else None
                self.jokerless.value, self.category.value = f["jokerless"], f["category"]
                self.dead.value = f["dead"]
                self.pick.value = f["pick"]
            else:
                self.tiles.value, self.score.value = f["tiles"] or "", "" if f["value"] is None else str(f["value"])
                self.tile_entry.load(self.tiles.value)
                self.exposed.value = NOT_SAID if f["exposed"] is None else f["exposed"]
                self.fishing.value, self.east.value = f["fishing"], f["east"]
            self.note.value = f["note"]
            self._winner_changed()

    def _clear(self) -> None:
        """Ready for the next hand (East and the bettor stay where they were)."""
        with self._quietly():
            self.winner.value = self.thrower.value = self.pick.value = None
            self.how.value = "discard"
            self.value.value, self.quick.value = "25", 25
            self.jokerless.value = self.fishing.value = False
            self.category.value = "other"
            self.dead.value = ()
            self.tiles.value = self.score.value = self.note.value = ""
            self.exposed.value = NOT_SAID
            self.tile_entry.clear()
            self._winner_changed()
