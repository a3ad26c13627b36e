"""Choosing the scorekeeper's night: the list of saved nights to carry on, or a new night's file
name, players, game and table rules (:class:`NightSetup`, a part of
:class:`~mjscore.views.night.scorekeeper_app.ScorekeeperApp`). Closing a night asks first; the
button that appears opens it again, with the hand that was being entered.

The list holds every night the folder holds, the most recent chosen. A file name without an
extension gets ``.csv`` (:func:`mjscore.night.night_file`, as at the terminal). A new night
under the name of a saved one is refused, never written over: that night is chosen in the list
(added to it when it is kept in another folder), one click from carrying it on.
"""

from __future__ import annotations

from datetime import date

import ipywidgets as widgets

from ...american.home import HOME, LEAGUE_CARD
from ...night import LedgerError, journal_path, list_nights, load_journal, open_night
from ...night.journal import holds_a_night
from ...night.in_progress import in_progress, mark_closed, mark_open
from ...willingdon.settle import MAX_PENALTY, TableRules
from .._app import classed
from .._controls import number_box, typed_number
from .._style import count

__all__ = ["NightSetup"]


def hands(n: int) -> str:
    """"1 hand", "1,000 hands"."""
    return f"{count(n)} hand{'s' * (n != 1)}"


def fresh_name() -> str:
    """A file name for a new night that holds none yet.

    Today's (``night-YYYY-MM-DD.csv``), else with -2, -3, ... as a person numbers a second night
    of the day."""
    stem, n = f"night-{date.today().isoformat()}", 1
    while True:
        name = f"{stem}{'' if n == 1 else f'-{n}'}.csv"
        try:
            path = journal_path(name)
            if not holds_a_night(path):
                return name
        except (ValueError, OSError):
            return name
        n += 1


def _in_progress(path, going: bool) -> None:
    """Record that the night in ``path`` is in progress, or no longer (a folder that refuses the
    record loses only the reopening: the night itself is saved)."""
    try:
        (mark_open if going else mark_closed)(path)
    except (OSError, ValueError):
        pass


def _what(path) -> str:
    """"American, 3 hands": a saved night's game and length, for telling two nights apart."""
    try:
        ledger = load_journal(path).ledger
    except (LedgerError, OSError):
        return "cannot be read"
    return f"{ledger.game.capitalize()}, {hands(len(ledger))}"


class NightSetup:
    """The setup's controls and what they do (a part of the app: ``self.ledger``, ``self.path``)."""

    def _build_setup(self, default: str, game: str) -> widgets.Widget:
        # the setup's labels share a width wide enough for the longest ("False mahjong", uncut at 1,024 px)
        labels = {"description_width": "8.5em"}
        self.nights = classed(widgets.Dropdown(description="Saved nights", style=labels,
                                               layout=widgets.Layout(width="32em")), "mjs-score-nights")
        self.open = classed(widgets.Button(description="Carry on this night", icon="folder-open",
                                           layout=widgets.Layout(width="auto")), "mjs-score-open")
        self.name = classed(widgets.Text(value=default, description="File name", style=labels,
                                         layout=widgets.Layout(width="32em")), "mjs-score-name")
        self.players = classed(widgets.Text(description="Players", style=labels, layout=widgets.Layout(width="32em"),
                                            placeholder="such as Ann, Bea, Cat, Dee"), "mjs-score-players")
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
        # typed, and read as `mjscore record --false-mahjong` reads it (a number box is read by the
        # browser, which turned "27.5" into 275 without a word)
        self.false_mahjong = number_box("False mahjong", "mjs-score-false-mahjong", value=500, style=labels,
                                        tooltip="what the caller pays each other player, 0 to 100,000", width="16em")
        self.start = classed(widgets.Button(description="Start the night", button_style="primary",
                                            layout=widgets.Layout(width="auto")), "mjs-score-start")
        self.american_rules = widgets.VBox([self.league_card])
        self.willingdon_rules = widgets.VBox([self.east_double, self.penalty, self.false_mahjong])
        self.setup = widgets.VBox([
            widgets.HBox([self.nights, self.open], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>Or a new night:</b>"), self.name, self.players,
            widgets.HTML("<div><small>Four players, separated by commas; an American night may have a fifth, "
                         "who sits out each hand and backs a player.</small></div>"),
            self.game, self.american_rules, self.willingdon_rules, self.start])
        self.open.on_click(lambda _: self.carry_on())
        self.start.on_click(lambda _: self.start_night())
        self.watch(self.game, on_change=lambda _: self._show_rules())
        self.watch(self.name, on_change=lambda _: self.refresh() if self.ledger is None else None)
        # a refusal of the night as it was typed goes once any of it is changed
        self.watch(self.name, self.players, self.game, self.league_card, self.east_double, self.penalty,
                   self.false_mahjong, self.nights, on_change=lambda _: self._setup_changed())
        self._list_nights()
        self._show_rules()
        return self.setup

    # -- choosing the night ------------------------------------------------------------------

    def _list_nights(self) -> None:
        """Every night the folder holds, the most recent chosen; those in progress say so."""
        found, going = list_nights(), {p.name for p in in_progress()}
        with self._quietly():
            self.nights.options = ([(f"{p.name} (in progress)" if p.name in going else p.name, p.name) for p in found]
                                   or [("(no saved nights yet)", "")])
            self.nights.value = self.nights.options[0][1]
        self.open.disabled = not found

    def _kept_in_progress(self) -> bool:
        """The open night marked in progress again if another tab closed it (a hand was just added
        here: the night goes on); True when it had been closed."""
        try:
            if self.path.resolve() in {p.resolve() for p in in_progress()}:
                return False
            mark_open(self.path)
        except (OSError, ValueError):
            return False
        return True

    def _open_in_progress(self) -> None:
        """Open the night in progress here; where several are, ask which (none: a new night)."""
        going = in_progress()
        if len(going) == 1:
            self._open(going[0], None)
            if self.ledger is not None and not self.error:
                self._say(f"Opened {going[0].name}, the night in progress here: {self.ledger.kind.a_night} of "
                          f"{', '.join(self.ledger.players)}, {hands(len(self.ledger))} so far. To switch "
                          f"nights, press “Another night” below: this one stays saved.")
        elif going:
            self._choose(going[0], going[0].name)
            named = [f"{p.name} ({_what(p)})" for p in going]
            self._say(f"{count(len(going))} nights are in progress here: {', '.join(named[:-1])} and {named[-1]}. "
                      f"Which one is this table's? Choose it under “Saved nights” and press “Carry on this "
                      f"night”, or start a new night below.")

    def _choose(self, path, typed: str) -> None:
        """Choose the night in ``path`` in the list (added to it if it is kept elsewhere)."""
        self._list_nights()
        key = path.name if journal_path(path.name) == path else typed
        with self._quietly():
            if key not in [v for _, v in self.nights.options]:
                self.nights.options = [(key, key)] + [o for o in self.nights.options if o[1]]
            self.nights.value = key
        self.open.disabled = False

    def _setup_changed(self) -> None:
        if self.ledger is None and self.error is not None and "mjs-error" in self.status.value:
            self.status.value = ""
            self.clear_error()

    def _show_rules(self) -> None:
        self.american_rules.layout.display = "" if self.game.value == "american" else "none"
        self.willingdon_rules.layout.display = "" if self.game.value == "willingdon" else "none"

    def carry_on(self) -> None:
        """Open the night chosen in the list of saved nights."""
        if not self.nights.value:
            self._say("Choose a night under “Saved nights” first, or start a new one below.", error=True)
            return
        self._open(journal_path(self.nights.value), None)
        self.refresh()

    def start_night(self) -> None:
        """Start a new night with the file name, players, game and rules typed in."""
        if self.ledger is not None:
            return
        names = [n.strip() for n in self.players.value.split(",") if n.strip()]
        if not names:
            self.show_error(self.status, "Type the players' names first, under “Players”: four, separated by commas "
                                         "(an American night may have a fifth, who sits out and bets).")
            return
        try:
            rules = ({"rules": HOME if self.league_card.value else LEAGUE_CARD} if self.game.value == "american" else
                     {"table_rules": TableRules(east_double=self.east_double.value,
                                                three_exposed_penalty=self.penalty.value,
                                                false_mahjong=typed_number(self.false_mahjong, "False mahjong",
                                                                           0, MAX_PENALTY))})
            typed = self.name.value.strip() or "night.csv"
            path = journal_path(typed)
        except ValueError as e:  # the rules or the file name: say why, start nothing
            self.show_error(self.status, e)
            return
        if holds_a_night(path):  # never written over: chosen in the list instead
            self._choose(path, typed)
            self.show_error(self.status, f"{path.name} already holds a night: it is chosen under “Saved nights” "
                                         f"above, so “Carry on this night” carries it on. Or give the new night "
                                         f"another file name.")
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
        _in_progress(path, True)
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
            self._say(f"Carried on from {path.name}: {hands(n)} so far." if names is None or n
                      else "The night has started: enter the first hand.")
        with self._quietly():
            self.players.value = ", ".join(self.ledger.players)
            self.game.value = self.ledger.game
            self.editing.value = 0
        self._show_rules()  # the setup shown again after this night shows the rules of its game
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
        """Close the night and go back to the list of nights.

        The night is saved; the button that appears opens it again, with the hand that was being
        entered."""
        if self.ledger is None:
            return
        path, draft = self.path, (self._waiting() if self._unsaved() and not self.editing.value else self._draft)
        self._cancel_questions()
        _in_progress(path, False)
        self.ledger = self.path = None
        self.setup.layout.display = ""
        self.hand_box.layout.display = self.night_box.layout.display = "none"
        self.name.value = fresh_name()  # never the night just closed
        self._list_nights()
        self._say(f"{path.name} is closed; its hands are saved.")
        self.refresh()

        def reopen() -> None:
            if self.ledger is not None:
                return
            self._open(path, None)
            if self.ledger is not None and draft is not None:
                self._put_back_waiting(draft)
                self._say(f"{path.name} is open again, with the hand you were entering.")
            self.refresh()
        self._offer_back(f"Open {path.name} again", reopen)

