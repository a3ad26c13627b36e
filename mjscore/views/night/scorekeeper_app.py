"""The scorekeeper: an American night at a real table, entered a hand at a time.

Pick the players once (four, or five where one sits out and bets), then for each hand click
the winner, how it was won, the thrower, the card value and jokerless; the app shows at once
who pays what, then the totals, the report card and the chart. Every hand goes into the
night's journal (a CSV) the moment it is added, so after a kernel restart the same cell,
``ScorekeeperApp(journal="our-night.csv")``, opens the night where it was left.

All the arithmetic is the :class:`~mjscore.night.Ledger`'s; this module only shows it.
Player names are always shown as text (escaped), never read as HTML.

The parts carry stable CSS classes, for the browser tests and for styling:

============================  ==========================================================
``mjs-score-players``         the players, typed once: ``Ann, Bea, Cat, Dee`` (Text)
``mjs-score-start``           start the night (Button)
``mjs-score-winner``          who went mah jongg (ToggleButtons; empty for a wall game)
``mjs-score-how``             on a discard / self-drawn / wall game (ToggleButtons)
``mjs-score-thrower``         who threw the winning tile (ToggleButtons, discard only)
``mjs-score-value``           the card value, 25 to 75 (ToggleButtons)
``mjs-score-jokerless``       jokerless, declared (Checkbox)
``mjs-score-category``        the card's section (Dropdown; default "any other section")
``mjs-score-dead``            dead hands, which still pay (SelectMultiple)
``mjs-score-bettor``          five players: who sits out this hand (Dropdown)
``mjs-score-pick``            five players: whom the bettor backs (ToggleButtons)
``mjs-score-add``             add the hand (Button)
``mjs-score-undo``            take back the last hand (Button)
``mjs-score-payments``        who pays what for the hand being entered, then the last hand (HTML)
``mjs-score-status``          what just happened, or what is missing (HTML)
``mjs-score-totals``          each player's total (HTML)
``mjs-score-report``          the report card (HTML table)
``mjs-score-chart``           the totals through the night (HTML holding an SVG)
``mjs-score-journal``         the journal's file name and how many hands it holds (HTML)
============================  ==========================================================

Driven without a browser, as the tests do:

>>> app = ScorekeeperApp(journal="doctest-night.csv", players=["Ann", "Bea", "Cat", "Dee"])
>>> app.winner.value, app.how.value, app.thrower.value, app.value.value = "Ann", "discard", "Cat", 25
>>> app.add.click()
>>> app.ledger.totals
{'Ann': 100, 'Bea': -25, 'Cat': -50, 'Dee': -25}
>>> "doctest-night.csv" in app.journal.value and "1 hand saved" in app.journal.value
True
"""

from __future__ import annotations

import html
import os
from datetime import date

import ipywidgets as widgets

from ...american.home import CATEGORIES
from ...night.ledger import Ledger, LedgerError, journal_path, open_night
from .._app import App
from .ledger_views import payments_html, report_card_html, totals_html, totals_svg

__all__ = ["ScorekeeperApp", "VALUES"]

#: The card values offered as buttons (the card's hands are 25 to 50, a few more).
VALUES = (25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75)
_HOWS = (("On a discard", "discard"), ("Self-drawn", "self-drawn"), ("Wall game", "wall"))


def _classed(widget: widgets.Widget, *classes: str) -> widgets.Widget:
    for c in classes:
        widget.add_class(c)
    return widget


class ScorekeeperApp(App):
    """The scorekeeper app; ``.widget`` is what to display (or make the app a cell's result).

    ``journal``: the night's file. A bare name (``"our-night.csv"``) lives in the data
    folder's ``nights`` (see :func:`mjscore.night.journal_path`); the default is
    ``night-YYYY-MM-DD.csv`` for today. If it already holds a night, the app carries it on.
    ``players``: start a new night with them at once (else type them and press Start).
    """

    def __init__(self, journal: str | os.PathLike | None = None, *, players=None) -> None:
        self.path = journal_path(journal if journal is not None else f"night-{date.today().isoformat()}.csv")
        self.ledger: Ledger | None = None
        self._busy = False

        self.players = _classed(widgets.Text(description="Players",
                                             placeholder="Ann, Bea, Cat, Dee (a fifth sits out and bets)",
                                             layout=widgets.Layout(width="32em")), "mjs-score-players")
        self.start = _classed(widgets.Button(description="Start the night", button_style="primary"),
                              "mjs-score-start")
        self.winner = _classed(widgets.ToggleButtons(options=[], value=None, description="Winner"),
                               "mjs-score-winner")
        self.how = _classed(widgets.ToggleButtons(options=_HOWS, value="discard", description="How"),
                            "mjs-score-how")
        self.thrower = _classed(widgets.ToggleButtons(options=[], value=None, description="Thrower"),
                                "mjs-score-thrower")
        self.value = _classed(widgets.ToggleButtons(options=[(str(v), v) for v in VALUES], value=25,
                                                    description="Value",
                                                    style={"button_width": "3.2em"}), "mjs-score-value")
        self.jokerless = _classed(widgets.Checkbox(value=False, description="Jokerless (declared)",
                                                   indent=True), "mjs-score-jokerless")
        self.category = _classed(widgets.Dropdown(options=[(CATEGORIES[k], k) for k in CATEGORIES],
                                                  value="other", description="Section"), "mjs-score-category")
        self.dead = _classed(widgets.SelectMultiple(options=[], value=(), description="Dead hands",
                                                    rows=4), "mjs-score-dead")
        self.bettor = _classed(widgets.Dropdown(options=[], value=None, description="Sits out"),
                               "mjs-score-bettor")
        self.pick = _classed(widgets.ToggleButtons(options=[], value=None, description="She backs"),
                             "mjs-score-pick")
        self.add = _classed(widgets.Button(description="Add the hand", button_style="success",
                                           icon="plus"), "mjs-score-add")
        self.undo = _classed(widgets.Button(description="Undo the last hand", icon="undo"),
                             "mjs-score-undo")
        self.payments = _classed(widgets.HTML(), "mjs-score-payments")
        self.status = _classed(widgets.HTML(), "mjs-score-status")
        self.totals = _classed(widgets.HTML(), "mjs-score-totals")
        self.report = _classed(widgets.HTML(), "mjs-score-report")
        self.chart = _classed(widgets.HTML(), "mjs-score-chart")
        self.journal = _classed(widgets.HTML(), "mjs-score-journal")

        self.setup = widgets.HBox([self.players, self.start])
        self.five = widgets.VBox([self.bettor, self.pick], layout=widgets.Layout(display="none"))
        more = widgets.Accordion(children=[widgets.VBox([self.category, self.dead])],
                                 titles=("Section of the card, dead hands",))
        self.hand_box = widgets.VBox(
            [self.five, self.winner, self.how, self.thrower, self.value, self.jokerless, more,
             widgets.HBox([self.add, self.undo]), self.payments],
            layout=widgets.Layout(display="none"))
        self.night_box = widgets.VBox([widgets.HBox([self.totals, self.chart]), self.report],
                                      layout=widgets.Layout(display="none"))
        self.widget = _classed(widgets.VBox([self.journal, self.setup, self.hand_box, self.status,
                                             self.night_box]), "mjs-score-app")

        self.start.on_click(lambda _: self.start_night())
        self.add.on_click(lambda _: self.add_hand())
        self.undo.on_click(lambda _: self.undo_hand())
        for w in (self.winner, self.how, self.thrower, self.value, self.jokerless, self.category,
                  self.dead, self.bettor, self.pick):
            w.observe(self._changed, names="value")

        if self.path.exists() and self.path.stat().st_size > 0:
            try:
                self._open(None)
            except LedgerError as e:  # a file that is not a night at all: say so, change nothing
                self._say(str(e), error=True)
                self.players.disabled = self.start.disabled = True
        elif players is not None:
            self.players.value = ", ".join(players)
            self.start_night()
        self.refresh()

    # -- the night -----------------------------------------------------------------------------

    def start_night(self) -> None:
        """Start the night with the names typed in ``players`` (or carry on its journal)."""
        if self.ledger is not None:
            return
        names = [n.strip() for n in self.players.value.split(",") if n.strip()]
        try:
            self._open(names)
        except LedgerError as e:
            self._say(str(e), error=True)
            return
        self.refresh()

    def _open(self, names) -> None:
        result = open_night(self.path, names)
        if result.ledger.game != "american":
            raise LedgerError(f"{self.path.name} is a Willingdon night: this app keeps American "
                              f"nights (use mjscore.night for a Willingdon one)")
        self.ledger = result.ledger
        n = len(self.ledger)
        if result.problems:
            listed = "; ".join(str(p) for p in result.problems[:5])
            more = len(result.problems) - 5
            self._say(f"{self.path.name} has rows that could not be read ({listed}"
                      f"{f'; and {more} more' if more > 0 else ''}). The good hands are here; the file "
                      f"as it was is kept as {self.path.stem}.before-repair.csv.", error=True)
        elif names is None or n:
            self._say(f"Carried on from {self.path.name}: {n} hand{'s' * (n != 1)} so far.")
        else:
            self._say("The night has started: enter the first hand.")
        with self._quietly():
            self.players.value = ", ".join(self.ledger.players)
            self.players.disabled = self.start.disabled = True
            bettor = self.ledger.bettor
            if bettor is not None:
                self.bettor.options = self.ledger.players
                last = self.ledger.lines[-1].entry.bettor if n else None
                self.bettor.value = last or bettor
                self.five.layout.display = None
            self._table_changed()
        self.setup.layout.display = "none"
        self.hand_box.layout.display = None
        self.night_box.layout.display = None

    def _table(self) -> list[str]:
        assert self.ledger is not None
        return [p for p in self.ledger.players if p != self.bettor.value or self.ledger.bettor is None]

    def _table_changed(self) -> None:
        """The four at the table changed (a new night, or another player sits out)."""
        table = self._table()
        self.winner.options = table
        self.pick.options = table
        self.dead.options = table
        self._winner_changed()

    def _winner_changed(self) -> None:
        others = [p for p in self._table() if p != self.winner.value]
        thrower = self.thrower.value if self.thrower.value in others else None
        dead = tuple(p for p in self.dead.value if p in others)
        self.thrower.options = others
        self.thrower.value = thrower
        self.dead.options = others
        self.dead.value = dead
        self._how_changed()

    def _how_changed(self) -> None:
        wall = self.how.value == "wall"
        self.winner.disabled = self.value.disabled = self.jokerless.disabled = wall
        self.category.disabled = wall
        self.thrower.disabled = self.how.value != "discard"

    def _changed(self, change) -> None:
        if self._busy:
            return
        with self._quietly():
            if change["owner"] is self.bettor:
                self._table_changed()
            elif change["owner"] is self.winner:
                self._winner_changed()
            elif change["owner"] is self.how:
                self._how_changed()
        self._preview()

    def fields(self) -> dict:
        """The hand as the controls stand, as :meth:`Ledger.add` takes it."""
        how = self.how.value
        f: dict = {"how": how}
        if how != "wall":
            f.update(winner=self.winner.value, value=self.value.value, jokerless=self.jokerless.value,
                     category=self.category.value)
            if how == "discard":
                f["thrower"] = self.thrower.value
        if self.dead.value:
            f["dead"] = tuple(self.dead.value)
        if self.ledger is not None and self.ledger.bettor is not None:
            f["bettor"] = self.bettor.value
            if self.pick.value is not None:
                f["pick"] = self.pick.value
        return f

    def _missing(self) -> str | None:
        if self.how.value == "wall":
            return None
        if self.winner.value is None:
            return "Click the winner (or Wall game if nobody won)."
        if self.how.value == "discard" and self.thrower.value is None:
            return "Click who threw the winning tile."
        if self.ledger is not None and self.ledger.bettor is not None and self.pick.value is None:
            return "Click whom the bettor backs."
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
        self.payments.value = payments_html(line, heading=f"Hand {line.number}, if you add it")

    def add_hand(self) -> None:
        """Add the hand as the controls stand; say what is missing if it cannot be added."""
        if self.ledger is None:
            self._say("Type the players and start the night first.", error=True)
            return
        missing = self._missing()
        if missing:
            self._say(missing, error=True)
            return
        try:
            line = self.ledger.add(**self.fields())
        except LedgerError as e:
            self._say(str(e), error=True)
            return
        except OSError as e:
            self._say(f"The hand was NOT added: {self.path.name} could not be written "
                      f"({e.strerror or e}). Nothing is lost; try again.", error=True)
            return
        with self._quietly():
            self.winner.value = None
            self.thrower.value = None
            self.pick.value = None
            self.how.value = "discard"
            self.value.value = 25
            self.jokerless.value = False
            self.category.value = "other"
            self.dead.value = ()
            self._winner_changed()
        self.status.value = payments_html(line)
        self.refresh()

    def undo_hand(self) -> None:
        """Take back the last hand."""
        if self.ledger is None or not len(self.ledger):
            self._say("There is no hand to undo.", error=True)
            return
        try:
            line = self.ledger.undo()
        except LedgerError as e:
            self._say(str(e), error=True)
            return
        except OSError as e:
            self._say(f"Nothing was undone: {self.path.name} could not be written ({e.strerror or e}).",
                      error=True)
            return
        self._say(f"Took back hand {line.number}: {line.text}.")
        self.refresh()

    # -- showing -------------------------------------------------------------------------------

    def _say(self, text: str, *, error: bool = False) -> None:
        kind = "mjs-score-error" if error else "mjs-score-note"
        self.status.value = f'<p class="{kind}">{html.escape(text)}</p>'

    def refresh(self) -> None:
        """Redraw the totals, the report card, the chart and the journal line from the ledger
        (call it after changing ``app.ledger`` yourself, say with ``ledger.correct``)."""
        name = html.escape(self.path.name)
        if self.ledger is None:
            new = "" if self.path.exists() else " (a new night)"
            self.journal.value = f"<p>Journal: <code>{name}</code>{new}</p>"
            self.totals.value = self.report.value = self.chart.value = ""
            self._preview()
            return
        n = len(self.ledger)
        self.journal.value = (f"<p>Journal: <code>{name}</code>, {n} hand{'s' * (n != 1)} saved</p>")
        self.totals.value = totals_html(self.ledger)
        self.report.value = report_card_html(self.ledger)
        self.chart.value = totals_svg(self.ledger)
        self.undo.disabled = n == 0
        self._preview()
