"""Choosing the scorekeeper's night (:class:`NightChoice`): the list of saved nights to carry
on, or a new night's file name, players, game and table rules. The app
(:mod:`.scorekeeper_app`) opens the night chosen; closing a night asks first, and the button that
appears opens it again, with the hand that was being entered.

The list holds every night the folder holds, the most recent chosen. A file name without an
extension gets ``.csv`` (:func:`mjscore.night.night_file`, as at the terminal). A new night
under the name of a saved one is refused, never written over: that night is chosen in the list
(added to it when it is kept in another folder), one click from carrying it on.
"""

from __future__ import annotations

import ipywidgets as widgets

from ...american.home import HOME, LEAGUE_CARD
from ...night import journal_path, list_nights
from ...night.in_progress import in_progress
from ...willingdon.settle import MAX_PENALTY, TableRules
from .._app import classed
from .._controls import number_box, typed_number

__all__ = ["NightChoice"]

#: The parts of the choice that the app shows as its own (the tests and the styles find them there).
PARTS = ("nights", "open", "name", "players", "game", "league_card", "east_double", "penalty", "false_mahjong",
         "start", "american_rules", "willingdon_rules", "setup")


class NightChoice:
    """The setup's controls (``widget``): the saved nights, and a new night's name, players, game and rules."""

    def __init__(self, default: str, game: str) -> None:
        self.widget = self._build(default, game)

    def _build(self, default: str, game: str) -> widgets.Widget:
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
        self.game.observe(lambda _: self.show_rules(), "value")
        self.list_nights()
        self.show_rules()
        return self.setup

    def list_nights(self) -> None:
        """Every night the folder holds, the most recent chosen; those in progress say so."""
        found, going = list_nights(), {p.name for p in in_progress()}
        self.nights.options = ([(f"{p.name} (in progress)" if p.name in going else p.name, p.name) for p in found]
                               or [("(no saved nights yet)", "")])
        self.nights.value = self.nights.options[0][1]
        self.open.disabled = not found

    def choose(self, path, typed: str) -> None:
        """Choose the night in ``path`` in the list (added to it if it is kept elsewhere)."""
        self.list_nights()
        key = path.name if journal_path(path.name) == path else typed
        if key not in [v for _, v in self.nights.options]:
            self.nights.options = [(key, key)] + [o for o in self.nights.options if o[1]]
        self.nights.value = key
        self.open.disabled = False

    def show_rules(self) -> None:
        """Show the table rules of the game chosen."""
        self.american_rules.layout.display = "" if self.game.value == "american" else "none"
        self.willingdon_rules.layout.display = "" if self.game.value == "willingdon" else "none"

    def names(self) -> list[str]:
        """The players as typed, separated by commas."""
        return [n.strip() for n in self.players.value.split(",") if n.strip()]

    def rules(self) -> dict:
        """The new night's game and table rules as :func:`mjscore.night.open_night` takes them.

        ValueError: a rule typed that cannot be."""
        if self.game.value == "american":
            return {"game": "american", "rules": HOME if self.league_card.value else LEAGUE_CARD}
        return {"game": "willingdon", "table_rules": TableRules(
            east_double=self.east_double.value, three_exposed_penalty=self.penalty.value,
            false_mahjong=typed_number(self.false_mahjong, "False mahjong", 0, MAX_PENALTY))}
