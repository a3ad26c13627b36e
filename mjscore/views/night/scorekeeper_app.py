"""The scorekeeper: a night at a real table, American or Willingdon, entered a hand at a time.

Choose a saved night from the list and carry it on, or start a new one: its file name, the
players (four; an American night may have a fifth who sits out and bets), the game and the
table's rules. Then for each hand click the winner, how it was won and the thrower, and the
card value (American) or the tiles, typed in the short notation or tapped (Willingdon); the app
shows at once who pays what and why, then the totals with each player's place, the report card
and the chart.
Any earlier hand can be corrected from the table (choose it under "Hand"), the last one taken
back. Every hand, undo and correction is appended to the night's journal the moment it is
made, so after a kernel restart the same cell opens the night where it was left; a second
tab (or ``mjscore record`` at the terminal) on the same night is read in at each change of the
form and at Add, never written over.

Nothing is lost to one click: taking a hand back and closing the night ask first; a hand taken
back, a correction saved, a correction left unsaved and a closed night can each be brought back
with the button that appears (``bring_back``); the hand being entered waits while an earlier
one is corrected.

In a Willingdon night East passes to the next player listed after each hand unless East won
it; the app says so under the East buttons, where the scorekeeper can choose another.

All the arithmetic is the :class:`~mjscore.night.Ledger`'s; this module only shows it.
Player names are always shown as text (escaped), never read as HTML.

The parts carry stable CSS classes (``mjs-score-...``), for the browser tests and styling:
``nights`` (the saved nights), ``open`` (carry on), ``name``, ``players``, ``game``,
``league-card``, ``east-double``, ``penalty``, ``false-mahjong``, ``start`` (a new night);
``editing`` (the next hand, or an earlier one to correct), ``editing-note``, ``winner``, ``how``,
``thrower``, ``value`` (the card value, typed), ``quick`` (common card values), ``jokerless``,
``category``, ``dead``, ``bettor``, ``pick``, ``tiles``, ``score``, ``exposed``, ``fishing``,
``east``, ``east-note``, ``note``, ``add``, ``undo``; ``ask`` (Undo's question, with ``yes``
and ``no``), ``bring-back``; ``payments``, ``status``, ``totals``, ``report``, ``chart``,
``journal``, ``sync`` (show hands from another tab), ``another`` (close this night) and
``close-ask`` (its question, with ``close-yes`` and ``close-no``); ``entry`` (type or tap the
tiles) and ``tap-start`` (what tapping starts from).

Driven without a browser, as the tests do:

>>> app = ScorekeeperApp(journal="doctest-night.csv", players=["Ann", "Bea", "Cat", "Dee"])
>>> app.winner.value, app.how.value, app.thrower.value, app.value.value = "Ann", "discard", "Cat", "25"
>>> app.add.click()
>>> app.ledger.totals
{'Ann': 100, 'Bea': -25, 'Cat': -50, 'Dee': -25}
>>> "doctest-night.csv" in app.journal.value and "1 hand saved" in app.journal.value
True
"""

from __future__ import annotations

import html
import os

import ipywidgets as widgets

from ...night import LedgerError, journal_path
from ...night.journal import holds_a_night
from .._app import App, classed
from .._downloads import download_html, nothing_kept_html
from .._style import ERROR, count
from .night_html import report_card_html, totals_chart_html, totals_html
from .hand_actions import HandActions
from .hand_form import VALUES, HandForm
from .night_setup import NightSetup, fresh_name, hands
from .other_tabs import OtherTabs

__all__ = ["ScorekeeperApp", "VALUES"]


#: Sentences in the app wrap at the prose's line height (a widget's HTML is as tall as a button per line).
_CSS = ("<style>.mjs-score-app .widget-html-content {line-height:1.4}"
        f".mjs-score-app .mjs-score-error {{color:{ERROR};font-weight:bold}}</style>")


class ScorekeeperApp(NightSetup, OtherTabs, HandActions, HandForm, App):
    """The scorekeeper app; ``.widget`` is what to display (or make the app a cell's result).

    ``journal``: the night's file. A bare name (``"our-night.csv"``) lives in the data
    folder's ``nights`` (see :func:`mjscore.night.journal_path`). If it holds a night, the app
    carries it on; else it is the name offered for a new night. Without it, the app opens the
    night in progress (:mod:`mjscore.night.in_progress`: opened here and not closed), or asks
    which where several are, or offers a new night (``night-YYYY-MM-DD.csv``, or ``-2``... when
    that name holds a night already). ``players`` (and ``game``): start that new night at once.

    Its parts: :class:`~.night_setup.NightSetup` (choosing the night),
    :class:`~.hand_form.HandForm` (the hand's controls), :class:`~.hand_actions.HandActions`
    (adding, correcting, taking back, bringing back), :class:`~.other_tabs.OtherTabs` (other
    tabs' hands, and the East that follows from the hand before).
    """

    title = "the scorekeeper"

    def __init__(self, journal: str | os.PathLike | None = None, *, players=None, game: str = "american") -> None:
        self.ledger = None
        self.path = None
        self._draft = None       # the next hand as it was being entered, while an earlier one is corrected
        self._baseline = None    # the controls' fields as last filled or cleared (what "changed" is against)
        self._offer = None       # what the bring-back button does
        default = os.fspath(journal) if journal is not None else fresh_name()
        (self.payments, self.status, self.totals, self.report, self.chart, self.journal) = (
            classed(widgets.HTML(), f"mjs-score-{part}")
            for part in ("payments", "status", "totals", "report", "chart", "journal"))
        self.sync_button = classed(widgets.Button(description="Show hands from other tabs", icon="refresh",
                                                  layout=widgets.Layout(width="auto")),
                                   "mjs-score-sync")
        self.another = classed(widgets.Button(description="Another night", icon="list",
                                              layout=widgets.Layout(width="auto")), "mjs-score-another")
        setup = self._build_setup(default, game)
        self._build_actions()
        self.hand_box = widgets.VBox([self.editing, self.editing_note, self._build_hand(),
                                      widgets.HBox([self.add, self.undo], layout=widgets.Layout(flex_flow="row wrap")),
                                      self.ask, self.payments], layout=widgets.Layout(display="none"))
        self.night_box = widgets.VBox([widgets.HBox([self.totals, self.chart], layout=widgets.Layout(flex_flow="row wrap")),
                                       self.report,
                                       widgets.HBox([self.sync_button, self.another],
                                                    layout=widgets.Layout(flex_flow="row wrap")),
                                       self.closer.widget],
                                      layout=widgets.Layout(display="none"))
        self.widget = classed(widgets.VBox([widgets.HTML(_CSS), self.journal, setup, self.hand_box,
                                            self.status, self.bring_back, self.night_box]), "mjs-score-app")
        self.sync_button.on_click(lambda _: self.refresh())
        self.another.on_click(lambda _: self._ask_first(self.closer, *self._close_question()))
        path = journal_path(default)
        if journal is None and players is None:
            self._open_in_progress()
        elif holds_a_night(path):
            self._open(path, None)
        elif players is not None:
            self.players.value = ", ".join(players)
            self.start_night()
        self.refresh()

    # -- showing -----------------------------------------------------------------------------

    def _say(self, text: str, *, error: bool = False) -> None:
        if error:
            self.show_error(self.status, text)
        else:
            self.status.value = f'<p class="mjs-score-note" role="status" aria-live="polite">{html.escape(text)}</p>'

    def _save_link(self) -> str:
        """A link that saves the night's journal (a CSV a spreadsheet opens), on every front end: a
        copy to keep, or to give the club."""
        try:
            return download_html(self.path.name, self.path.read_bytes(), "text/csv")
        except OSError:
            return ""

    def refresh(self) -> None:
        """Read in the hands another tab added, then redraw everything from the ledger.

        That is the totals, the report card, the chart and the journal line."""
        if self.ledger is None:
            try:
                name = html.escape(journal_path(self.name.value.strip() or "night.csv").name)
            except LedgerError:
                name = "night.csv"
            self.journal.value = (f"<p>Journal: <code>{name}</code> (a new night, or choose a saved one)</p>"
                                  + nothing_kept_html("the nights you keep here", "save each night's journal"))
            self.totals.value = self.report.value = self.chart.value = self.payments.value = ""
            return
        self._catch_up()
        n = len(self.ledger)
        self.journal.value = (f"<p>Journal: <code>{html.escape(self.path.name)}</code>, {self.ledger.kind.a_night}"
                              f", {hands(n)} saved. To switch nights: “Another night”, below.</p>"
                              + nothing_kept_html("this night's hands", "save its journal (the link below) before you leave")
                              + f"<p>{self._save_link()}</p>")
        self.totals.value = f'<div role="status" aria-live="polite">{totals_html(self.ledger)}</div>'
        self.report.value = report_card_html(self.ledger)
        self.chart.value = totals_chart_html(self.ledger)
        self.undo.disabled = n == 0
        with self._quietly():
            keep = self.editing.value if self.editing.value <= n else 0
            self.editing.options = [("the next hand", 0)] + [(f"correct hand {count(ln.number)}", ln.number)
                                                              for ln in self.ledger.lines]
            self.editing.value = keep
        self._labels()
        self._preview()
