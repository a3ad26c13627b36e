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
it (a false mahjong does not end the hand: East stays); the app says so under the East buttons,
where the scorekeeper can choose another.

All the arithmetic is the :class:`~mjscore.night.Ledger`'s, and what the night is doing (the
hand being entered, a correction, what can be brought back, which night is open) is the
:class:`~.night_session.NightSession`'s, which tests drive without a widget: this module only
shows it and passes on what the scorekeeper does.
A club that keeps its card (``card.csv`` or ``card.json`` in the data folder, as ``mjscore
record --line`` finds it, or the file given as ``card``) names an American hand's line of it
instead of the value (:mod:`.card_part`).
Player names are always shown as text (escaped), never read as HTML.

The parts carry stable CSS classes (``mjs-score-...``), for the browser tests and styling:
``nights`` (the saved nights), ``open`` (carry on), ``name``, ``players``, ``game``,
``league-card``, ``east-double``, ``penalty``, ``false-mahjong``, ``start`` (a new night);
``editing`` (the next hand, or an earlier one to correct), ``editing-note``, ``winner``, ``how``,
``thrower``, ``line`` (a line of the club's card) and ``card-note`` (which card, or why none),
``value`` (the card value, typed), ``quick`` (common card values), ``jokerless``, ``category``, ``dead``, ``bettor``, ``pick``, ``tiles``, ``score``, ``exposed``, ``fishing``,
``east``, ``east-note``, ``note``, ``add``, ``undo``; ``ask`` (Undo's question, with ``yes``
and ``no``), ``bring-back``; ``payments``, ``status``, ``totals``, ``report``, ``chart``,
``journal``, ``sync`` (show hands from another tab), ``season`` (the season of the saved nights) and
``season-view`` (the season shown), ``another`` (close this night) and
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
from .._controls import AskFirst
from .._downloads import download_html, nothing_kept_html
from .._style import ERROR, count
from . import entered
from .card_part import CardPart
from .hand_form import KEYS, HandControls
from .night_choice import PARTS, NightChoice
from .night_html import payments_html, report_card_html, totals_chart_html, totals_html
from .night_session import NightSession, Question, fresh_name, hands
from .season_view import SeasonPart

__all__ = ["ScorekeeperApp"]


#: Sentences in the app wrap at the prose's line height (a widget's HTML is as tall as a button per line).
_CSS = ("<style>.mjs-score-app .widget-html-content {line-height:1.4}"
        f".mjs-score-app .mjs-score-error {{color:{ERROR};font-weight:bold}}</style>")
#: The hand's parts that the app shows as its own, beside :data:`~.hand_form.KEYS`.
_HAND_PARTS = ("quick", "east_note", "five", "american_box", "willingdon_box", "tile_entry")


def _asker(name: str) -> AskFirst:
    return AskFirst(box=f"mjs-score-{name}ask", yes=f"mjs-score-{name}yes", no=f"mjs-score-{name}no",
                    question=f"mjs-score-{name}question", row=True, yes_style="warning")


def _button(description: str, css: str, **kwargs) -> widgets.Button:
    return classed(widgets.Button(description=description, layout=widgets.Layout(width="auto"), **kwargs),
                   f"mjs-score-{css}")


def _save_link(path) -> str:
    """A link that saves the night's journal (a CSV a spreadsheet opens), on every front end: a
    copy to keep, or to give the club."""
    try:
        return download_html(path.name, path.read_bytes(), "text/csv")
    except OSError:
        return ""


def _journal_html(session: NightSession, typed: str) -> str:
    """Which journal the night is kept in (or would be: ``typed``), and how to keep a copy."""
    if session.ledger is None:
        try:
            name = html.escape(journal_path(typed.strip() or "night.csv").name)
        except LedgerError:
            name = "night.csv"
        return (f"<p>Journal: <code>{name}</code> (a new night, or choose a saved one)</p>"
                + nothing_kept_html("the nights you keep here", "save each night's journal"))
    return (f"<p>Journal: <code>{html.escape(session.path.name)}</code>, {session.ledger.kind.a_night}"
            f", {hands(len(session.ledger))} saved. To switch nights: “Another night”, below.</p>"
            + nothing_kept_html("this night's hands", "save its journal (the link below) before you leave")
            + f"<p>{_save_link(session.path)}</p>")


def _said_html(said) -> str:
    """What the session said (not a refusal): a hand saved, with its payments, or a sentence."""
    if said.line is not None:
        return ('<div role="status" aria-live="polite">' + payments_html(said.line, heading=said.heading)
                + (f"<p>{html.escape(said.text)}</p>" if said.text else "") + "</div>")
    return f'<p class="mjs-score-note" role="status" aria-live="polite">{html.escape(said.text)}</p>'


class ScorekeeperApp(App):
    """The scorekeeper app; ``.widget`` is what to display (or make the app a cell's result).

    ``journal``: the night's file. A bare name (``"our-night.csv"``) lives in the data
    folder's ``nights`` (see :func:`mjscore.night.journal_path`). If it holds a night, the app
    carries it on; else it is the name offered for a new night. Without it, the app opens the
    night in progress (:mod:`mjscore.night.in_progress`: opened here and not closed), or asks
    which where several are, or offers a new night (``night-YYYY-MM-DD.csv``, or ``-2``... when
    that name holds a night already). ``players`` (and ``game``): start that new night at once.
    ``card``: the club's card's file (default: the one kept in the data folder, if any).

    ``session`` is what the night is doing; its parts on screen: :class:`~.night_choice.NightChoice`
    (choosing the night), :class:`~.hand_form.HandControls` (the hand's controls), ``club_card``
    (the line of the club's card: :class:`~.card_part.CardPart`).
    """

    title = "the scorekeeper"

    def __init__(self, journal: str | os.PathLike | None = None, *, players=None, game: str = "american",
                 card: str | os.PathLike | None = None) -> None:
        self.club_card = CardPart(card)
        self.session = NightSession(self.club_card.card)
        self._night = self._said = None  # the night the controls show, and what was said last
        self._previewed = ""
        default = os.fspath(journal) if journal is not None else fresh_name()
        (self.payments, self.status, self.totals, self.report, self.chart, self.journal, self.editing_note) = (
            classed(widgets.HTML(), f"mjs-score-{part}")
            for part in ("payments", "status", "totals", "report", "chart", "journal", "editing-note"))
        self.choice = NightChoice(default, game)
        self.hand = HandControls(self._hand_changed, watch=self.watch, quietly=self._quietly, card=self.club_card)
        for name in PARTS:
            setattr(self, name, getattr(self.choice, name))
        for name in KEYS + _HAND_PARTS:
            setattr(self, name, getattr(self.hand, name))
        self.editing = classed(widgets.Dropdown(options=[("the next hand", 0)], value=0, description="Hand",
                                                style={"description_width": "5.5em"},
                                                layout=widgets.Layout(width="20em")), "mjs-score-editing")
        self.add = _button("Add the hand", "add", button_style="success", icon="plus")
        self.undo = _button("Undo the last hand", "undo", icon="undo")
        self.sync_button = _button("Show hands from other tabs", "sync", icon="refresh")
        self.another = _button("Another night", "another", icon="list")
        self.bring_back = _button("", "bring-back", icon="undo")
        # a question before anything is taken away, beside the button that asked it (Undo's under
        # the hand's buttons, Another night's below the report card)
        self.asker, self.closer = _asker(""), _asker("close-")
        self.question, self.yes, self.no, self.ask = (self.asker.question, self.asker.yes, self.asker.no,
                                                      self.asker.widget)
        row = widgets.Layout(flex_flow="row wrap")
        self.hand_box = widgets.VBox([self.editing, self.editing_note, self.hand.widget,
                                      widgets.HBox([self.add, self.undo], layout=row), self.ask, self.payments],
                                     layout=widgets.Layout(display="none"))
        self.night_box = widgets.VBox([widgets.HBox([self.totals, self.chart], layout=row), self.report,
                                       widgets.HBox([self.sync_button, self.another], layout=row),
                                       self.closer.widget], layout=widgets.Layout(display="none"))
        self.season = SeasonPart(lambda: self.session.path.parent if self.session.path is not None else None)
        self.widget = classed(widgets.VBox([widgets.HTML(_CSS), self.journal, self.setup, self.hand_box, self.status,
                                            self.bring_back, self.night_box, self.season.widget]), "mjs-score-app")
        self.open.on_click(lambda _: self.carry_on())
        self.start.on_click(lambda _: self.start_night())
        self.add.on_click(lambda _: self.add_hand())
        self.undo.on_click(lambda _: self._ask(self.asker, self.session.undo_question()))
        self.bring_back.on_click(lambda _: self._do(self.session.take_offer))
        self.sync_button.on_click(lambda _: self.refresh())
        self.another.on_click(lambda _: self._ask(self.closer, self.session.close_question()))
        self.watch(self.editing, on_change=lambda change: self._do(self.session.choose, change["new"]))
        # typing or tapping the tiles: what the form asks for says which
        self.watch(self.tile_entry.mode, on_change=lambda _: self._show_form() if self.session.form else None)
        self.watch(self.name, on_change=lambda _: self.refresh() if self.session.ledger is None else None)
        # a refusal of the night as it was typed goes once any of it is changed
        self.watch(self.name, self.players, self.game, self.league_card, self.east_double, self.penalty,
                   self.false_mahjong, self.nights, on_change=lambda _: self._setup_changed())
        path = journal_path(default)
        if journal is None and players is None:
            going = self.session.open_in_progress()
            if len(going) > 1:
                self.choice.choose(going[0], going[0].name)
        elif holds_a_night(path):
            self.session.open(path)
        elif players is not None:
            self.players.value = ", ".join(players)
            self.start_night()
        self.refresh()

    ledger = property(lambda self: self.session.ledger, doc="The open night's ledger (None before a night is open).")
    path = property(lambda self: self.session.path, doc="The open night's journal (None before a night is open).")

    def fields(self) -> dict:
        """The hand as the controls stand, as :meth:`mjscore.night.Ledger.add` takes it."""
        return entered.fields(self.session.ledger, self.hand.values(), self.session.card)

    # -- what the scorekeeper does -----------------------------------------------------------

    def _do(self, action, *args) -> None:
        """Any question on the screen is answered no by going on; do ``action``, then show the night."""
        self._cancel_questions()
        if self.session.form is not None:
            self.session.form.tapping = self.tile_entry.mode.value == "tap"
        action(*args)
        self._show()

    def _ask(self, asker: AskFirst, question: Question | None) -> None:
        """Ask ``question`` by the button that asked it (``asker``); on yes, do what it asks."""
        self._cancel_questions()  # one question at a time
        self._show()
        if question is not None:
            asker.ask(f'<div role="alert">{html.escape(question.text)}</div>', lambda: self._do(question.then),
                      yes=question.yes, no=question.no)

    def _cancel_questions(self) -> None:
        self.asker.cancel()
        self.closer.cancel()

    def _hand_changed(self, key: str, value) -> None:
        form = self.session.form
        if form is None:
            return
        form.enter(**{key: value})
        if self.error is not None and "mjs-error" in self.status.value:  # a refusal of the hand as it was
            self.status.value = ""
            self.clear_error()
        if self.session.catch_up():  # hands another tab added, read in at the next click
            self._show()
        else:
            self._show_form()

    def _setup_changed(self) -> None:
        if self.session.ledger is None and self.error is not None and "mjs-error" in self.status.value:
            self.status.value = ""
            self.clear_error()

    def add_hand(self) -> None:
        """Add the hand as the controls stand, or save the correction; say what is missing."""
        self._do(self.session.add)
        said = self.session.said
        if said.error and said.text == self._previewed:
            self.payments.value = ""  # said once, in the status line (it comes back with the next change)

    def carry_on(self) -> None:
        """Open the night chosen in the list of saved nights."""
        if not self.nights.value:
            self.session.say("Choose a night under “Saved nights” first, or start a new one below.", error=True)
        else:
            self.session.open(journal_path(self.nights.value))
        self.refresh()

    def start_night(self) -> None:
        """Start a new night with the file name, players, game and rules typed in."""
        if self.session.ledger is not None:
            return
        names = self.choice.names()
        if not names:
            self.show_error(self.status, "Type the players' names first, under “Players”: four, separated by commas "
                                         "(an American night may have a fifth, who sits out and bets).")
            return
        try:
            rules = self.choice.rules()
            typed = self.name.value.strip() or "night.csv"
            path = journal_path(typed)
        except ValueError as e:  # the rules or the file name: say why, start nothing
            self.show_error(self.status, e)
            return
        if holds_a_night(path):  # never written over: chosen in the list instead
            with self._quietly():
                self.choice.choose(path, typed)
            self.show_error(self.status, f"{path.name} already holds a night: it is chosen under “Saved nights” "
                                         f"above, so “Carry on this night” carries it on. Or give the new night "
                                         f"another file name.")
            return
        self.session.open(path, names, **rules)
        self.refresh()

    # -- showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read in the hands another tab added, then redraw everything from the night."""
        self.session.catch_up()
        self._show()

    def _show(self) -> None:
        """Everything from the session: which night, its totals, report card and chart, the hand."""
        s = self.session
        if s.ledger is not self._night:
            self._night_changed()
        self.journal.value = _journal_html(s, self.name.value)
        if s.ledger is None:
            self.totals.value = self.report.value = self.chart.value = self.payments.value = ""
            self._show_said()
            return
        n = len(s.ledger)
        self.totals.value = f'<div role="status" aria-live="polite">{totals_html(s.ledger)}</div>'
        self.report.value = report_card_html(s.ledger)
        self.chart.value = totals_chart_html(s.ledger)
        self.undo.disabled = n == 0
        with self._quietly():
            self.editing.options = [("the next hand", 0)] + [(f"correct hand {count(ln.number)}", ln.number)
                                                              for ln in s.ledger.lines]
            self.editing.value = s.form.editing
        self._show_form()

    def _night_changed(self) -> None:
        """Another night is open (or none): the setup or the hand, and the controls of its game."""
        s, was = self.session, self._night
        self._night = s.ledger
        open_ = s.ledger is not None
        self.setup.layout.display = "none" if open_ else ""
        self.hand_box.layout.display = self.night_box.layout.display = "" if open_ else "none"
        with self._quietly():
            if open_:
                self.players.value = ", ".join(s.ledger.players)
                self.game.value = s.ledger.game
                self.hand.set_game(s.ledger)
            elif was is not None:
                self.name.value = fresh_name()  # never the night just closed
                self.choice.list_nights()
            self.choice.show_rules()  # the setup shown again after this night shows the rules of its game

    def _show_form(self) -> None:
        """The hand as entered, what it would pay, what can be brought back and what was said."""
        s = self.session
        form = s.form
        form.tapping = self.tile_entry.mode.value == "tap"
        self.hand.show(s.ledger, form)
        self.east_note.value = (f'<div class="mjs-score-east-says"><small>{html.escape(form.east_note)}</small></div>'
                                if form.east_note else "")
        n = form.editing
        self.add.description = f"Save the correction of hand {n}" if n else "Add the hand"
        self.editing_note.value = (f'<div class="mjs-score-editing-text">Hand {n} as saved: '
                                   f'{html.escape(s.ledger.lines[n - 1].text)}. Change what was wrong, then save the '
                                   f'correction.</div>' if n else "")
        wanted, line, said = form.preview()
        self._previewed = wanted or said if line is None else ""
        self.payments.value = (payments_html(line, heading=said) if line is not None else
                               f'<p class="mjs-score-{"waiting" if wanted else "error"}">{html.escape(self._previewed)}</p>')
        self._show_said()

    def _show_said(self) -> None:
        """What the session said last, in the status line, and the button that brings back what was taken."""
        s = self.session
        self.bring_back.description = s.offer.label if s.offer else ""
        self.bring_back.layout.display = "" if s.offer else "none"
        said = s.said
        if said is None or said is self._said:
            return
        self._said = said
        if said.error:
            self.show_error(self.status, said.text)
        else:
            self.status.value = _said_html(said)
