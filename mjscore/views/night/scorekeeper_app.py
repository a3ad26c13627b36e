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
``east``, ``east-note``, ``note``, ``add``, ``undo``; ``ask`` (a question, with ``yes`` and
``no``), ``bring-back``; ``payments``, ``status``, ``totals``, ``report``, ``chart``,
``journal``, ``sync`` (show hands from another tab), ``another`` (close this night).

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
from typing import Callable

import ipywidgets as widgets

from ...american.home import HOME, LEAGUE_CARD
from ...night import LedgerError, journal_path, list_nights, open_night
from ...willingdon.settle import TableRules
from .._app import App, classed
from .._style import ERROR, count
from .hand_form import VALUES, HandForm, next_east
from .cards import payments_html, report_card_html, totals_html, totals_svg

__all__ = ["ScorekeeperApp", "VALUES"]


#: Sentences in the app wrap at the prose's line height (a widget's HTML is as tall as a button per line).
_CSS = ("<style>.mjs-score-app .widget-html-content {line-height:1.4}"
        f".mjs-score-app .mjs-score-error {{color:{ERROR};font-weight:bold}}</style>")


def _hands(n: int) -> str:
    return f"{count(n)} hand{'s' * (n != 1)}"


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
        self._draft = None       # the next hand as it was being entered, while an earlier one is corrected
        self._baseline = None    # the controls' fields as last filled or cleared (what "changed" is against)
        self._asked = None       # what a yes to the question does
        self._offer = None       # what the bring-back button does
        default = os.fspath(journal) if journal is not None else f"night-{date.today().isoformat()}.csv"
        # the setup's labels share a width wide enough for the longest ("False mahjong", uncut at 1,024 px)
        labels = {"description_width": "8.5em"}
        self.nights = classed(widgets.Dropdown(description="Saved nights", style=labels,
                                               layout=widgets.Layout(width="32em")), "mjs-score-nights")
        self.open = classed(widgets.Button(description="Carry on this night", icon="folder-open",
                                           layout=widgets.Layout(width="auto")), "mjs-score-open")
        self.name = classed(widgets.Text(value=default, description="File name", style=labels,
                                         layout=widgets.Layout(width="32em")), "mjs-score-name")
        self.players = classed(widgets.Text(description="Players", style=labels, layout=widgets.Layout(width="32em"),
                                            placeholder="Ann, Bea, Cat, Dee"), "mjs-score-players")
        self.game = classed(widgets.ToggleButtons(options=(("American", "american"), ("Willingdon", "willingdon")),
                                                  value=game, description="Game", style=labels),
                            "mjs-score-game")
        self.league_card = classed(widgets.Checkbox(description="Quints exempt from the jokerless double too",
                                                    tooltip="Off: only Singles and Pairs, as the League's card prints it",
                                                    value=True, indent=False, layout=widgets.Layout(width="auto")),
                                   "mjs-score-league-card")
        self.east_double = classed(widgets.Checkbox(description="East pays and receives double", indent=False,
                                                    layout=widgets.Layout(width="auto")), "mjs-score-east-double")
        self.penalty = classed(widgets.Checkbox(description="Three-exposed penalty: whoever feeds a winner showing "
                                                            "three sets pays for all", indent=False,
                                                layout=widgets.Layout(width="auto")), "mjs-score-penalty")
        # not a BoundedIntText: it would turn 200,000 into 100,000 without a word; the rules refuse it instead
        self.false_mahjong = classed(widgets.IntText(value=500, step=100, description="False mahjong", style=labels,
                                                     tooltip="what the caller pays each other player, 0 to 100,000",
                                                     layout=widgets.Layout(width="16em")),
                                     "mjs-score-false-mahjong")
        self.start = classed(widgets.Button(description="Start the night", button_style="primary",
                                            layout=widgets.Layout(width="auto")), "mjs-score-start")
        self.editing = classed(widgets.Dropdown(options=[("the next hand", 0)], value=0, description="Hand",
                                                style={"description_width": "5.5em"},
                                                layout=widgets.Layout(width="20em")), "mjs-score-editing")
        self.editing_note = classed(widgets.HTML(), "mjs-score-editing-note")
        self.add = classed(widgets.Button(description="Add the hand", button_style="success", icon="plus",
                                          layout=widgets.Layout(width="auto")), "mjs-score-add")
        self.undo = classed(widgets.Button(description="Undo the last hand", icon="undo",
                                           layout=widgets.Layout(width="auto")), "mjs-score-undo")
        self.sync_button = classed(widgets.Button(description="Show hands from other tabs", icon="refresh",
                                                  layout=widgets.Layout(width="auto")),
                                   "mjs-score-sync")
        self.another = classed(widgets.Button(description="Another night", icon="list",
                                              layout=widgets.Layout(width="auto")), "mjs-score-another")
        # a question before anything is taken away, and the button that brings back what was
        self.question = classed(widgets.HTML(), "mjs-score-question")
        self.yes = classed(widgets.Button(button_style="warning", layout=widgets.Layout(width="auto")),
                           "mjs-score-yes")
        self.no = classed(widgets.Button(layout=widgets.Layout(width="auto")), "mjs-score-no")
        self.ask = classed(widgets.HBox([self.question, self.yes, self.no],
                                        layout=widgets.Layout(display="none", flex_flow="row wrap",
                                                              align_items="center")), "mjs-score-ask")
        self.bring_back = classed(widgets.Button(icon="undo", layout=widgets.Layout(width="auto", display="none")),
                                  "mjs-score-bring-back")
        (self.payments, self.status, self.totals, self.report, self.chart, self.journal) = (
            classed(widgets.HTML(), f"mjs-score-{part}")
            for part in ("payments", "status", "totals", "report", "chart", "journal"))

        self.american_rules = widgets.VBox([self.league_card])
        self.willingdon_rules = widgets.VBox([self.east_double, self.penalty, self.false_mahjong])
        self.setup = widgets.VBox([
            widgets.HBox([self.nights, self.open], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>Or a new night:</b>"), self.name, self.players,
            widgets.HTML("<div><small>Four players, separated by commas; an American night may have a fifth, "
                         "who sits out each hand and backs a player.</small></div>"),
            self.game, self.american_rules, self.willingdon_rules, self.start])
        self.hand_box = widgets.VBox([self.editing, self.editing_note, self._build_hand(),
                                      widgets.HBox([self.add, self.undo], layout=widgets.Layout(flex_flow="row wrap")),
                                      self.payments], layout=widgets.Layout(display="none"))
        self.night_box = widgets.VBox([widgets.HBox([self.totals, self.chart], layout=widgets.Layout(flex_flow="row wrap")),
                                       self.report,
                                       widgets.HBox([self.sync_button, self.another],
                                                    layout=widgets.Layout(flex_flow="row wrap"))],
                                      layout=widgets.Layout(display="none"))
        self.widget = classed(widgets.VBox([widgets.HTML(_CSS), self.journal, self.setup, self.hand_box, self.ask, self.status,
                                            self.bring_back, self.night_box]), "mjs-score-app")
        self.open.on_click(lambda _: self.carry_on())
        self.start.on_click(lambda _: self.start_night())
        self.add.on_click(lambda _: self.add_hand())
        self.undo.on_click(lambda _: self._ask_undo())
        self.sync_button.on_click(lambda _: self.refresh())
        self.another.on_click(lambda _: self._ask_first(*self._close_question()))
        self.yes.on_click(lambda _: self._answer(True))
        self.no.on_click(lambda _: self._answer(False))
        self.bring_back.on_click(lambda _: self._take_offer())
        self.watch(self.game, on_change=lambda _: self._show_rules())
        self.watch(self.name, on_change=lambda _: self.refresh() if self.ledger is None else None)
        self.watch(self.editing, on_change=self._editing_changed)
        self._list_nights()
        self._show_rules()
        path = journal_path(default)
        if path.exists() and path.stat().st_size > 0:
            self._open(path, None)
        elif players is not None:
            self.players.value = ", ".join(players)
            self.start_night()
        self.refresh()

    # -- asking first, and bringing back -------------------------------------------------------

    def _ask_first(self, question: str | None, yes: str = "", no: str = "", then: Callable | None = None) -> None:
        """Show ``question`` with its two buttons; ``then()`` runs on yes (nothing on no)."""
        if question is None:
            return
        self.question.value = f'<div role="alert">{html.escape(question)}</div>'
        self.yes.description, self.no.description = yes, no
        self._asked = then
        self.ask.layout.display = ""

    def _answer(self, yes: bool) -> None:
        then, self._asked = self._asked, None
        self.ask.layout.display = "none"
        self.question.value = ""
        if yes and then is not None:
            then()

    def _offer_back(self, label: str | None = None, action: Callable | None = None) -> None:
        """Offer to bring back what was just taken away (``label`` on the button); None: no offer."""
        self._offer = action
        self.bring_back.description = label or ""
        self.bring_back.layout.display = "" if action else "none"

    def _take_offer(self) -> None:
        action = self._offer
        self._offer_back()
        if action is not None:
            action()

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
        try:
            rules = ({"rules": HOME if self.league_card.value else LEAGUE_CARD} if self.game.value == "american" else
                     {"table_rules": TableRules(east_double=self.east_double.value,
                                                three_exposed_penalty=self.penalty.value,
                                                false_mahjong=self.false_mahjong.value)})
            path = journal_path(self.name.value.strip() or "night.csv")
            if path.exists() and path.stat().st_size > 0:
                raise LedgerError(f"{path.name} already holds a night: choose it in the list to carry it on, "
                                  f"or give the new night another file name")
        except ValueError as e:  # the rules or the file name: say why, start nothing
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
        self._draft = None
        self._offer_back()
        n = len(self.ledger)
        if result.problems:
            listed = "; ".join(str(p) for p in result.problems[:5])
            more = len(result.problems) - 5
            torn = all("cut short" in p.message for p in result.problems)
            self._say(f"{path.name} has rows that could not be read ({listed}{f'; and {more} more' if more > 0 else ''}"
                      f"). The good hands are here" + ("." if torn else f"; before the next hand the file as it "
                                                       f"was is kept as {path.stem}.before-repair.csv."), error=True)
        else:
            self._say(f"Carried on from {path.name}: {_hands(n)} so far." if names is None or n
                      else "The night has started: enter the first hand.")
        with self._quietly():
            self.players.value = ", ".join(self.ledger.players)
            self.game.value = self.ledger.game
            self.editing.value = 0
        self._setup_hand()
        self._next_hand()
        self.setup.layout.display = "none"
        self.hand_box.layout.display = self.night_box.layout.display = ""

    def _close_question(self):
        if self.ledger is None:
            return (None,)
        unsaved = self._unsaved() or self._draft is not None
        return (f"Close {self.path.name}? Its hands are saved: carry it on from the list any time"
                + (", but the hand being entered is not added." if unsaved else "."),
                "Close the night", "Keep it open", self.close_night)

    def close_night(self) -> None:
        """Back to the list of nights (the night is saved; the button that appears opens it again,
        with the hand that was being entered)."""
        if self.ledger is None:
            return
        path, draft = self.path, (self.fields() if self._unsaved() and not self.editing.value else self._draft)
        self._answer(False)
        self.ledger = self.path = None
        self.setup.layout.display = ""
        self.hand_box.layout.display = self.night_box.layout.display = "none"
        self.name.value = f"night-{date.today().isoformat()}.csv"
        self._list_nights()
        self._say(f"{path.name} is closed; its hands are saved.")
        self.refresh()

        def reopen() -> None:
            if self.ledger is not None:
                return
            self._open(path, None)
            if self.ledger is not None and draft is not None:
                self._put(draft)
                self._say(f"{path.name} is open again, with the hand you were entering.")
            self.refresh()
        self._offer_back(f"Open {path.name} again", reopen)

    # -- a hand ------------------------------------------------------------------------------

    def _unsaved(self) -> bool:
        """The controls hold something the scorekeeper entered and has not saved."""
        return self.ledger is not None and self._baseline is not None and self.fields() != self._baseline

    def _editing_changed(self, change) -> None:
        old, n = change["old"], change["new"]
        left = self.fields() if self._unsaved() else None
        if old == 0 and left is not None:
            self._draft = left  # the hand being entered waits, and comes back with "the next hand"
        if n:
            self._fill(self.ledger.lines[n - 1].entry)
            self._baseline = self.fields()
            self._east_says(f"Who sat East in hand {n}, as recorded.")
        else:
            self._next_hand()
        if old and left is not None:  # a correction left unsaved: offer it back
            def back() -> None:
                if old > len(self.ledger):
                    return
                self.editing.value = old  # what is being entered now waits, or is offered back in turn
                self._put(left)
                self._labels()
                self._preview()
            self._offer_back(f"Back to your unsaved changes to hand {old}", back)
        self._labels()
        self._preview()

    def _labels(self) -> None:
        n = self.editing.value
        self.add.description = f"Save the correction of hand {n}" if n else "Add the hand"
        if n:
            text = self.ledger.lines[n - 1].text
            self.editing_note.value = (f'<div class="mjs-score-editing-text">Hand {n} as saved: {html.escape(text)}. '
                                       f'Change what was wrong, then save the correction.</div>')
        else:
            self.editing_note.value = ""

    def _next_hand(self) -> None:
        """The controls ready for the next hand: the one being entered before a correction, or empty;
        in a Willingdon night East as the deal has passed."""
        lines = self.ledger.lines
        if self.ledger.game == "willingdon":
            players = self.ledger.players
            with self._quietly():
                if lines:
                    last = lines[-1].entry
                    before = last.east or players[0]
                    self.east.value = next_east(players, before, last.winner)
                    why = (f"{before} won hand {len(lines)} as East and keeps the deal" if self.east.value == before
                           else f"the deal passed from {before} to the next player")
                    self._east_says(f"{self.east.value} is East for hand {len(lines) + 1}: {why}. East passes after "
                                    f"each hand unless East wins it; click another player if your table plays "
                                    f"it otherwise.")
                else:
                    self.east.value = players[0]
                    self._east_says(f"{players[0]}, listed first, is East for hand 1. After each hand East passes "
                                    f"to the next player listed unless East wins; click another player if your "
                                    f"table plays it otherwise.")
        self._clear()
        self._baseline = self.fields()
        if self._draft is not None:
            self._put(self._draft)
            self._draft = None

    def _east_says(self, text: str) -> None:
        self.east_note.value = f'<div class="mjs-score-east-says"><small>{html.escape(text)}</small></div>'

    def add_hand(self) -> None:
        """Add the hand as the controls stand (or save the correction: only the fields changed);
        say what is missing."""
        if self.ledger is None:
            self._say("Type the players and start the night first.", error=True)
            return
        missing = self._missing()
        if missing:
            self._say(missing, error=True)
            return
        f, _line, problem = self._settled(self.fields())
        if problem:
            self._say(problem, error=True)
            return
        before, n = len(self.ledger), self.editing.value
        old = self.ledger.lines[n - 1].entry if n else None
        changed = {k: v for k, v in f.items() if v != self._baseline.get(k)} if n else None
        if n and not changed:
            self._say(f"Nothing in hand {n} was changed: nothing to save.")
            return
        try:
            line = self.ledger.correct(n, **changed) if n else self.ledger.add(**f)
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
                             + (f"<p>{_hands(others)} from another tab came in first.</p>"
                                if others > 0 else "") + "</div>")
        if n:
            self._offer_back(f"Put hand {n} back as it was", lambda: self._put_back(n, old))
        else:
            self._offer_back()
        self._done_editing()

    def _put_back(self, n: int, entry) -> None:
        try:
            line = self.ledger.correct(n, entry)
        except (LedgerError, OSError) as e:
            self.show_error(self.status, e)
            return
        self._say(f"Hand {n} is back as it was: {line.text}.")
        self._done_editing()

    def _ask_undo(self) -> None:
        if self.ledger is None:
            return
        if not len(self.ledger):
            self._say("There is no hand to take back.", error=True)
            return
        last = self.ledger.lines[-1]
        self._ask_first(f"Take back hand {last.number} ({last.text})?", f"Take back hand {last.number}", "Keep it",
                        self.undo_hand)

    def undo_hand(self) -> None:
        """Take back the last hand (the button that appears brings it back)."""
        try:
            line = self.ledger.undo()
        except LedgerError as e:
            self.show_error(self.status, e)
            return
        except OSError as e:
            self._say(f"Nothing was undone: {self.path.name} could not be written ({e.strerror or e}).", error=True)
            return
        self._say(f"Took back hand {line.number}: {line.text}.")
        self._offer_back(f"Bring back hand {line.number}", lambda: self._bring_back_hand(line))
        self._done_editing()

    def _bring_back_hand(self, line) -> None:
        if len(self.ledger) != line.number - 1:
            self._say(f"Hand {line.number} cannot come back as hand {line.number}: the night has "
                      f"{_hands(len(self.ledger))} now. Enter it again if it belongs at the end.", error=True)
            return
        try:
            back = self.ledger.add(line.entry)
        except (LedgerError, OSError) as e:
            self.show_error(self.status, e)
            return
        self._say(f"Hand {back.number} is back: {back.text}.")
        self._done_editing()

    def _done_editing(self) -> None:
        with self._quietly():
            self.editing.value = 0
        self._next_hand()
        self._labels()
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
            try:
                name = html.escape(journal_path(self.name.value.strip() or "night.csv").name)
            except LedgerError:
                name = "night.csv"
            self.journal.value = f"<p>Journal: <code>{name}</code> (a new night, or choose a saved one)</p>"
            self.totals.value = self.report.value = self.chart.value = self.payments.value = ""
            return
        try:
            if self.ledger.sync():
                self._say(f"{self.path.name} changed in another tab or at the terminal: its hands are shown.")
        except (LedgerError, OSError) as e:
            self.show_error(self.status, e)
        n = len(self.ledger)
        self.journal.value = (f"<p>Journal: <code>{html.escape(self.path.name)}</code>, {self.ledger.kind.a_night}"
                              f", {_hands(n)} saved</p>")
        self.totals.value = f'<div role="status" aria-live="polite">{totals_html(self.ledger)}</div>'
        self.report.value = report_card_html(self.ledger)
        self.chart.value = totals_svg(self.ledger)
        self.undo.disabled = n == 0
        with self._quietly():
            keep = self.editing.value if self.editing.value <= n else 0
            self.editing.options = [("the next hand", 0)] + [(f"correct hand {count(ln.number)}", ln.number)
                                                              for ln in self.ledger.lines]
            self.editing.value = keep
        self._labels()
        self._preview()
