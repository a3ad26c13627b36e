"""The scorekeeper: a night at a real table, American or Willingdon, entered a hand at a time.

Choose a saved night from the list and carry it on, or start a new one: its file name, the
players (four; an American night may have a fifth who sits out and bets), the game and the
table's rules. Then for each hand click the winner, how it was won and the thrower, and the
card value (American) or type the tiles in the short notation (Willingdon); the app shows at
once who pays what, then the totals with each player's place, the report card and the chart.
Any earlier hand can be corrected from the table (choose it under "Hand"), the last one taken
back. Every hand, undo and correction is appended to the night's journal the moment it is
made, so after a kernel restart the same cell opens the night where it was left; a second
tab (or ``mjscore record`` at the terminal) on the same night is read in, never written over.

All the arithmetic is the :class:`~mjscore.night.Ledger`'s; this module only shows it.
Player names are always shown as text (escaped), never read as HTML.

The parts carry stable CSS classes (``mjs-score-...``), for the browser tests and styling:
``nights`` (the saved nights), ``open`` (carry on), ``name``, ``players``, ``game``,
``league-card``, ``east-double``, ``penalty``, ``false-mahjong``, ``start`` (a new night);
``editing`` (the next hand, or an earlier one to correct), ``winner``, ``how``, ``thrower``,
``value``, ``jokerless``, ``category``, ``dead``, ``bettor``, ``pick``, ``tiles``, ``score``,
``exposed``, ``fishing``, ``east``, ``note``, ``add``, ``undo``; ``payments``, ``status``,
``totals``, ``report``, ``chart``, ``journal``, ``sync`` (show hands from another tab),
``another`` (close this night).

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

from ...american.home import HOME, LEAGUE_CARD
from ...night import LedgerError, journal_path, list_nights, open_night
from ...willingdon.settle import TableRules
from .._app import App, classed
from .._kept import nothing_kept_file_html, nothing_kept_html
from .hand_form import VALUES, HandForm
from .cards import payments_html, report_card_html, totals_html, totals_svg

__all__ = ["ScorekeeperApp", "VALUES"]


class ScorekeeperApp(HandForm, App):
    """The scorekeeper app; ``.widget`` is what to display (or make the app a cell's result).

    ``journal``: the night's file. A bare name (``"our-night.csv"``) lives in the data
    folder's ``nights`` (see :func:`mjscore.night.journal_path`). If it holds a night, the app
    carries it on; else it is the name offered for a new night (default ``night-YYYY-MM-DD.csv``).
    ``players`` (and ``game``): start that new night at once.
    """

    def __init__(self, journal: str | os.PathLike | None = None, *, players=None, game: str = "american") -> None:
        self.ledger = None
        self.path = None
        default = os.fspath(journal) if journal is not None else f"night-{date.today().isoformat()}.csv"
        # the three share a label width wide enough for the longest ("Saved nights", uncut at 1,024 px)
        labels = {"description_width": "7.5em"}
        self.nights = classed(widgets.Dropdown(description="Saved nights", style=labels,
                                               layout=widgets.Layout(width="32em")), "mjs-score-nights")
        self.open = classed(widgets.Button(description="Carry on this night", icon="folder-open",
                                           layout=widgets.Layout(width="auto")), "mjs-score-open")
        self.name = classed(widgets.Text(value=default, description="File name", style=labels,
                                         layout=widgets.Layout(width="32em")), "mjs-score-name")
        self.players = classed(widgets.Text(description="Players", style=labels, layout=widgets.Layout(width="32em"),
                                            placeholder="Ann, Bea, Cat, Dee (American: a fifth sits out and bets)"),
                               "mjs-score-players")
        self.game = classed(widgets.ToggleButtons(options=(("American", "american"), ("Willingdon", "willingdon")),
                                                  value=game, description="Game"), "mjs-score-game")
        self.league_card = classed(widgets.Checkbox(description="Quints exempt from the jokerless double too",
                                                    tooltip="Off: only Singles and Pairs, as the League's card prints it",
                                                    value=True, indent=True, layout=widgets.Layout(width="auto")),
                                   "mjs-score-league-card")
        self.east_double = classed(widgets.Checkbox(description="East pays and receives double", indent=True),
                                   "mjs-score-east-double")
        self.penalty = classed(widgets.Checkbox(description="Three-exposed penalty", indent=True), "mjs-score-penalty")
        self.false_mahjong = classed(widgets.BoundedIntText(value=500, min=0, max=1_000_000, step=100,
                                                            description="False mahjong"), "mjs-score-false-mahjong")
        self.start = classed(widgets.Button(description="Start the night", button_style="primary"), "mjs-score-start")
        self.editing = classed(widgets.Dropdown(options=[("the next hand", 0)], value=0, description="Hand"),
                               "mjs-score-editing")
        self.add = classed(widgets.Button(description="Add the hand", button_style="success", icon="plus"),
                           "mjs-score-add")
        self.undo = classed(widgets.Button(description="Undo the last hand", icon="undo",
                                           layout=widgets.Layout(width="auto")), "mjs-score-undo")
        self.sync_button = classed(widgets.Button(description="Show hands from other tabs", icon="refresh",
                                                  layout=widgets.Layout(width="auto")),
                                   "mjs-score-sync")
        self.another = classed(widgets.Button(description="Another night", icon="list"), "mjs-score-another")
        (self.payments, self.status, self.totals, self.report, self.chart, self.journal) = (
            classed(widgets.HTML(), f"mjs-score-{part}")
            for part in ("payments", "status", "totals", "report", "chart", "journal"))

        self.american_rules = widgets.VBox([self.league_card])
        self.willingdon_rules = widgets.VBox([self.east_double, self.penalty, self.false_mahjong])
        self.setup = widgets.VBox([widgets.HBox([self.nights, self.open]), widgets.HTML("<b>Or a new night:</b>"),
                                   self.name, self.players, self.game, self.american_rules,
                                   self.willingdon_rules, self.start])
        self.hand_box = widgets.VBox([self.editing, self._build_hand(), widgets.HBox([self.add, self.undo]),
                                      self.payments], layout=widgets.Layout(display="none"))
        self.night_box = widgets.VBox([widgets.HBox([self.totals, self.chart], layout=widgets.Layout(flex_flow="row wrap")),
                                       self.report,
                                       widgets.HBox([self.sync_button, self.another])],
                                      layout=widgets.Layout(display="none"))
        self.widget = classed(widgets.VBox([self.journal, self.setup, self.hand_box, self.status, self.night_box]),
                              "mjs-score-app")
        self.open.on_click(lambda _: self.carry_on())
        self.start.on_click(lambda _: self.start_night())
        self.add.on_click(lambda _: self.add_hand())
        self.undo.on_click(lambda _: self.undo_hand())
        self.sync_button.on_click(lambda _: self.refresh())
        self.another.on_click(lambda _: self.close_night())
        self.watch(self.game, on_change=lambda _: self._show_rules())
        self.watch(self.editing, on_change=lambda _: self._editing_changed())
        self._list_nights()
        self._show_rules()
        path = journal_path(default)
        if path.exists() and path.stat().st_size > 0:
            self._open(path, None)
        elif players is not None:
            self.players.value = ", ".join(players)
            self.start_night()
        self.refresh()

    # -- choosing the night ------------------------------------------------------------------

    def _list_nights(self) -> None:
        found = list_nights()
        self.nights.options = [(p.name, p.name) for p in found] or [("(no saved nights yet)", "")]
        self.open.disabled = not found

    def _show_rules(self) -> None:
        self.american_rules.layout.display = "" if self.game.value == "american" else "none"
        self.willingdon_rules.layout.display = "" if self.game.value == "willingdon" else "none"

    def carry_on(self) -> None:
        """Open the night chosen in the list of saved nights."""
        if self.nights.value:
            self._open(journal_path(self.nights.value), None)
            self.refresh()

    def start_night(self) -> None:
        """Start a new night with the file name, players, game and rules typed in."""
        if self.ledger is not None:
            return
        names = [n.strip() for n in self.players.value.split(",") if n.strip()]
        rules = ({"rules": HOME if self.league_card.value else LEAGUE_CARD} if self.game.value == "american" else
                 {"table_rules": TableRules(east_double=self.east_double.value, three_exposed_penalty=self.penalty.value,
                                             false_mahjong=self.false_mahjong.value)})
        try:
            path = journal_path(self.name.value.strip() or "night.csv")
            if path.exists() and path.stat().st_size > 0:
                raise LedgerError(f"{path.name} already holds a night: choose it in the list to carry it on, "
                                  f"or give the new night another file name")
        except LedgerError as e:
            self.show_error(self.status, e)
            return
        self._open(path, names, game=self.game.value, **rules)
        self.refresh()

    def _open(self, path, names, **settings) -> None:
        try:
            result = open_night(path, names, **settings)
        except LedgerError as e:  # not a night at all, or bad players: say so, change nothing
            self.show_error(self.status, e)
            return
        self.ledger, self.path = result.ledger, path
        n = len(self.ledger)
        if result.problems:
            listed = "; ".join(str(p) for p in result.problems[:5])
            more = len(result.problems) - 5
            torn = all("cut short" in p.message for p in result.problems)
            self._say(f"{path.name} has rows that could not be read ({listed}{f'; and {more} more' if more > 0 else ''}"
                      f"). The good hands are here" + ("." if torn else f"; before the next hand the file as it "
                                                       f"was is kept as {path.stem}.before-repair.csv."), error=True)
        else:
            self._say(f"Carried on from {path.name}: {n} hand{'s' * (n != 1)} so far." if names is None or n
                      else "The night has started: enter the first hand.")
        with self._quietly():
            self.players.value = ", ".join(self.ledger.players)
            self.game.value = self.ledger.game
        self._setup_hand()
        self.setup.layout.display = "none"
        self.hand_box.layout.display = self.night_box.layout.display = ""

    def close_night(self) -> None:
        """Back to the list of nights (the night is saved: nothing to do)."""
        self.ledger = self.path = None
        self.setup.layout.display = ""
        self.hand_box.layout.display = self.night_box.layout.display = "none"
        self.name.value = f"night-{date.today().isoformat()}.csv"
        self._list_nights()
        self.status.value = ""
        self.refresh()

    # -- a hand ------------------------------------------------------------------------------

    def _editing_changed(self) -> None:
        n = self.editing.value
        if n:
            self._fill(self.ledger.lines[n - 1].entry)
        else:
            self._clear()
        self.add.description = f"Save the correction of hand {n}" if n else "Add the hand"
        self._preview()

    def add_hand(self) -> None:
        """Add the hand as the controls stand (or save the correction); say what is missing."""
        if self.ledger is None:
            self._say("Type the players and start the night first.", error=True)
            return
        missing = self._missing()
        if missing:
            self._say(missing, error=True)
            return
        before, n = len(self.ledger), self.editing.value
        try:
            line = self.ledger.correct(n, **self.fields()) if n else self.ledger.add(**self.fields())
        except LedgerError as e:
            self.show_error(self.status, e)
            return
        except OSError as e:
            self._say(f"The hand was NOT added: {self.path.name} could not be written ({e.strerror or e}). Nothing is lost; "
                      f"try again.", error=True)
            return
        others = len(self.ledger) - before - (0 if n else 1)
        self.status.value = ('<div role="status" aria-live="polite">'
                             + payments_html(line, heading=f"Hand {line.number}, corrected" if n else None)
                             + (f"<p>{others} hand{'s' * (others != 1)} from another tab came in first.</p>"
                                if others > 0 else "") + "</div>")
        self._done_editing()

    def undo_hand(self) -> None:
        """Take back the last hand."""
        try:
            line = self.ledger.undo()
        except LedgerError as e:
            self.show_error(self.status, e)
            return
        except OSError as e:
            self._say(f"Nothing was undone: {self.path.name} could not be written ({e.strerror or e}).", error=True)
            return
        self._say(f"Took back hand {line.number}: {line.text}.")
        self._done_editing()

    def _done_editing(self) -> None:
        with self._quietly():
            self.editing.value = 0
        self._clear()
        self.add.description = "Add the hand"
        self.refresh()

    # -- showing -----------------------------------------------------------------------------

    def _say(self, text: str, *, error: bool = False) -> None:
        if error:
            self.show_error(self.status, text)
        else:
            self.status.value = f'<p class="mjs-score-note" role="status" aria-live="polite">{html.escape(text)}</p>'

    def refresh(self) -> None:
        """Read in hands another tab added, then redraw the totals, the report card, the chart
        and the journal line from the ledger."""
        if self.ledger is None:
            name = html.escape(journal_path(self.name.value.strip() or "night.csv").name)
            self.journal.value = (f"<p>Journal: <code>{name}</code> (a new night, or choose a saved one)</p>"
                                  + nothing_kept_html("the nights you keep here", "save each night's journal"))
            self.totals.value = self.report.value = self.chart.value = self.payments.value = ""
            return
        try:
            if self.ledger.sync():
                self._say(f"{self.path.name} changed in another tab or at the terminal: its hands are shown.")
        except (LedgerError, OSError) as e:
            self.show_error(self.status, e)
        n = len(self.ledger)
        self.journal.value = (f"<p>Journal: <code>{html.escape(self.path.name)}</code>, {self.ledger.kind.a_night}"
                              f", {n} hand{'s' * (n != 1)} saved</p>") + nothing_kept_file_html(
            "this night's hands", "save its journal (the link below) before you leave", self.path, "text/csv")
        self.totals.value = f'<div role="status" aria-live="polite">{totals_html(self.ledger)}</div>'
        self.report.value = report_card_html(self.ledger)
        self.chart.value = totals_svg(self.ledger)
        self.undo.disabled = n == 0
        with self._quietly():
            keep = self.editing.value if self.editing.value <= n else 0
            self.editing.options = [("the next hand", 0)] + [(f"correct hand {ln.number}: {ln.text}", ln.number)
                                                              for ln in self.ledger.lines]
            self.editing.value = keep
        self._preview()
