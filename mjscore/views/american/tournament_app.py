"""A widget app: pick a hand, see the home payments and the tournament points side by side.

>>> app = TournamentVsHomeApp()
>>> app.set(value=30, how="discard", winner="Ann", thrower="Cat", exposures=2)
>>> app.frame().to_dict("index")["Cat"]
{'role': 'thrower', 'home': -60, 'tournament': -20}
>>> "mjs-tournament-table-out" in app.result.value
True
>>> app.value.value = "27.5"        # typed: read as the command line reads it, never made 275
>>> app.error
"the hand's value must be a whole number, not '27.5'"
"""

from __future__ import annotations

from html import escape
from typing import Mapping, Sequence

import ipywidgets as widgets

from ...american.home import CATEGORIES, HOME, AmericanError, HomeRules, home_payments
from ...american.tournament.compare import throw_cost
from ...american.tournament.scoring import Game, score_game
from ...american.tournament.tables import MAX_EXPOSURES, PRESETS, TournamentError, TournamentTable
from ...files.inputs import InputError
from ...night.entry import MAX_VALUE
from .._app import App, classed, switch_off
from .._controls import Picks, number_box, typed_number
from .._style import count, signed, styled
from .american_app import ASK_VALUE
from .tournament_views import compare_hand

#: The comparison's style, by class (a later rule refines an earlier one).
RULES = {
    ".mjs-tournament-out": "font:14px Verdana,Arial,sans-serif",
    ".mjs-tournament-note": "margin:4px 0",
    ".mjs-tournament-game": "margin:4px 0 6px",
    ".mjs-tournament-table-out": "border-collapse:collapse",
    ".mjs-tournament-cell": "padding:3px 10px;border-bottom:1px solid #e6e1d3",
    ".mjs-tournament-left": "text-align:left",
    ".mjs-tournament-right": "text-align:right",
    ".mjs-tournament-reasons": "display:flex;gap:28px;margin-top:8px",
    ".mjs-tournament-reasons ul": "margin:2px 0",
    ".mjs-tournament-thrower-cost": "margin:6px 0",
}
_HOWS = (("discard", "discard"), ("self-drawn", "self-drawn"), ("wall game", "wall"))
_ROLE = {"winner": "winner", "thrower": "threw the winning tile", "other": "other loser",
         "live hand": "live hand", "dead hand": "dead hand"}


class TournamentVsHomeApp(App):
    """Pick a hand; see what each player pays at home and scores at a tournament.

    The controls and the result carry CSS classes, for styling and for browser tests:

    - ``mjs-tournament-app`` the whole app (``.widget``, a VBox);
    - ``mjs-tournament-value`` the card value (a typed box, ``mjs-number``: any whole number from 1
      to 100,000, read as the command line reads it and refused in its words);
    - ``mjs-tournament-how`` how the game ended (ToggleButtons: discard, self-drawn, wall);
    - ``mjs-tournament-winner`` and ``mjs-tournament-thrower`` (Dropdowns of the players);
    - ``mjs-tournament-exposures`` the winner's exposures (ToggleButtons, 0 to 4);
    - ``mjs-tournament-jokerless`` (Checkbox) and ``mjs-tournament-category`` (Dropdown);
    - ``mjs-tournament-dead`` the dead hands (a toggle button per player: click each one);
    - ``mjs-tournament-table`` the organizer's table (Dropdown of the presets, or the tables given);
    - ``mjs-tournament-result`` the answer (HTML): a table ``mjs-tournament-table-out`` with a
      row ``mjs-tournament-row`` per player, the reasons (``mjs-tournament-reasons``), the
      thrower's cost (``mjs-tournament-thrower-cost``), or an error (``mjs-error``).

    Drive it without a browser: set a control's ``.value`` (or call :meth:`set`) and read
    ``result.value``, :attr:`game` or :meth:`frame`. Player names are shown escaped.
    """

    title = "the tournament-and-home app"

    def __init__(self, players: Sequence[str] = ("Ann", "Bea", "Cat", "Dee"),
                 tables: Mapping[str, TournamentTable] | None = None, home_rules: HomeRules = HOME) -> None:
        self.players = tuple(players)
        if len(self.players) != 4 or len(set(self.players)) != 4:
            raise TournamentError("the app needs four players with different names")
        self.tables = dict(PRESETS if tables is None else tables)
        if not self.tables:
            raise TournamentError("the app needs at least one tournament table")
        self.home_rules = home_rules
        style = {"description_width": "initial"}
        self.value = number_box("Card value", "mjs-tournament-value", value=25, placeholder="1 to 100,000",
                                style=style, width="14em")
        self.how = widgets.ToggleButtons(options=_HOWS, value="discard", description="Won", style=style)
        self.winner = widgets.Dropdown(options=self.players, value=self.players[0], description="Winner",
                                       style=style)
        self.thrower = widgets.Dropdown(options=self.players[1:], value=self.players[2], description="Thrower",
                                        style=style)
        self.exposures = widgets.ToggleButtons(options=[(str(n), n) for n in range(MAX_EXPOSURES + 1)], value=1,
                                               description="Winner's exposures",
                                               tooltip="The sets the winner has laid face up on her rack, each made "
                                                       "with a discard she claimed",
                                               style={**style, "button_width": "2.6em"})
        self.jokerless = widgets.Checkbox(value=False, description="Jokerless", indent=False)
        self.category = widgets.Dropdown(options=[(label, key) for key, label in CATEGORIES.items()],
                                         value="other", description="Card section", style=style)
        self.dead = Picks(options=self.players, description="Dead hands:", hint="(choose each)")
        self.table = widgets.Dropdown(options=[(t.name, key) for key, t in self.tables.items()],
                                      value=next(iter(self.tables)), description="Tournament table", style=style)
        self.result = widgets.HTML()
        for part in ("how", "winner", "thrower", "exposures", "jokerless", "category", "dead", "table",
                     "result"):
            classed(getattr(self, part), f"mjs-tournament-{part}")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.widget = widgets.VBox([
            widgets.HBox([self.value, self.how], layout=wrap),
            widgets.HBox([self.winner, self.thrower], layout=wrap),
            self.exposures,
            widgets.HBox([self.jokerless, self.category], layout=widgets.Layout(flex_flow="row wrap",
                                                                                align_items="center")),
            self.dead,
            self.table,
            self.result,
        ])
        classed(self.widget, "mjs-tournament-app")
        self.watch(self.winner, on_change=self._winner_changed)
        self.watch(self.value, self.how, self.thrower, self.exposures, self.jokerless, self.category, self.dead,
                   self.table)
        self.refresh()

    # ------------------------------------------------------------------ state

    def set(self, **state) -> None:
        """Set several controls at once, then show the result once.

        For example ``value=30, how="self-drawn", dead=("Bea",)``. The winner is set before the
        thrower."""
        order = ("table", "how", "value", "winner", "thrower", "exposures", "jokerless", "category", "dead")
        unknown = set(state) - set(order)
        if unknown:
            raise TypeError(f"no control named {sorted(unknown)[0]!r} (one of {', '.join(order)})")
        with self._quietly():
            for name in order:
                if name in state:
                    if name == "winner":
                        self.winner.value = state[name]
                        self._sync_thrower()
                    elif name == "value":
                        self.value.value = str(state[name])  # typed text, as a person types it
                    else:
                        getattr(self, name).value = tuple(state[name]) if name == "dead" else state[name]
        self.refresh()

    @property
    def game(self) -> Game:
        """The hand the controls describe (raises :class:`TournamentError` if it cannot be)."""
        how = self.how.value
        if how == "wall":
            return Game(self.players, "wall", dead=self.dead.value)
        return Game(self.players, how, winner=self.winner.value,
                    thrower=self.thrower.value if how == "discard" else None, value=self.card_value,
                    jokerless=self.jokerless.value, category=self.category.value, exposures=self.exposures.value,
                    dead=self.dead.value)

    @property
    def card_value(self) -> int:
        """The card value typed, read as ``mjscore tournament --value`` reads it (refused in its words)."""
        return typed_number(self.value, "the hand's value", 1, MAX_VALUE, ask=ASK_VALUE)

    @property
    def tournament_table(self) -> TournamentTable:
        """The organizer's table chosen."""
        return self.tables[self.table.value]

    def frame(self):
        """The comparison as a pandas table (:func:`~mjscore.views.american.tournament_views.compare_hand`)."""
        return compare_hand(self.game, self.tournament_table, self.home_rules)

    # ------------------------------------------------------------------ reacting

    def _sync_thrower(self, previous_winner: str | None = None) -> str:
        """The thrower chosen among the players other than the winner. If the winner is the
        player who was the thrower, the winner before them becomes the thrower (the two swap);
        returns a note saying so, or ""."""
        others = tuple(p for p in self.players if p != self.winner.value)
        note = ""
        if self.thrower.value in others:
            keep = self.thrower.value
        elif previous_winner in others:
            keep = previous_winner
            if self.how.value == "discard":
                note = (f"{self.winner.value} was the thrower and now wins, so {previous_winner} "
                        "is the thrower now: change it if that is not right.")
        else:
            keep = others[0]
        if tuple(self.thrower.options) != others:
            self.thrower.options = others
        self.thrower.value = keep
        return note

    def _winner_changed(self, change) -> None:
        with self._quietly():
            note = self._sync_thrower(previous_winner=change["old"])
        self.refresh(note)

    def refresh(self, note: str = "") -> None:
        """Ask the engines again and redraw the comparison (or the refusal), ``note`` above it.

        ``note`` says what the app changed by itself (a thrower moved when they became the winner)."""
        how = self.how.value
        won = how != "wall"
        for control in (self.value, self.winner, self.exposures, self.jokerless, self.category):
            switch_off(control, not won)
        switch_off(self.thrower, how != "discard")
        try:
            said = f'<p class="mjs-tournament-note">{escape(note)}</p>' if note else ""
            self.result.value = styled(f'<div role="status" aria-live="polite">{said}{self._html(self.game)}</div>',
                                       RULES)
        except (TournamentError, AmericanError, InputError) as e:
            self.show_error(self.result, e)
        else:
            self.clear_error()

    # ------------------------------------------------------------------ drawing

    def _html(self, game: Game) -> str:
        table = self.tournament_table
        frame = compare_hand(game, table, self.home_rules)
        tour = score_game(game, table)
        cell, left, right = ('class="mjs-tournament-cell"', 'class="mjs-tournament-cell mjs-tournament-left"',
                             'class="mjs-tournament-cell mjs-tournament-right"')
        head = (f'<tr><th {left}>Player</th><th {left}>Role</th>'
                f'<th {right}>Home pays (+ collects)</th>'
                f'<th {right}>Tournament points</th></tr>')
        rows = []
        for p, r in frame.iterrows():
            rows.append(f'<tr class="mjs-tournament-row" data-player="{escape(p)}">'
                        f'<td {cell}>{escape(p)}</td><td {cell}>{escape(_ROLE[r["role"]])}</td>'
                        f'<td {right}>{signed(int(r["home"]))}</td>'
                        f'<td {right}>{signed(int(r["tournament"]))}</td></tr>')
        out = ['<div class="mjs-tournament-out">',
               f'<p class="mjs-tournament-game"><b>{escape(game.describe())}</b></p>',
               f'<table class="mjs-tournament-table-out">{head}{"".join(rows)}</table>']
        # why: the home reasons (the engine's own sentences) and the tournament lines
        home_reasons = (home_payments(game.value, game.how, jokerless=game.jokerless, category=game.category,
                                      rules=self.home_rules).reasons if game.value is not None
                        else ("The wall ran out: nobody pays.",))
        tour_lines = [f"{escape(line.player)}: {escape(line.reason)} {signed(line.points)}" for line in tour.lines]
        out.append('<div class="mjs-tournament-reasons">'
                   '<div><b>At home</b><ul>'
                   + "".join(f"<li>{escape(r)}</li>" for r in home_reasons)
                   + f'</ul></div><div><b>At the tournament</b> ({escape(table.name)})<ul>'
                   + "".join(f"<li>{t}</li>" for t in tour_lines) + "</ul></div></div>")
        if game.scores_as == "discard":
            cost = throw_cost(game, table, self.home_rules)
            out.append(f'<p class="mjs-tournament-thrower-cost">Throwing the winning tile cost '
                       f'{escape(game.thrower)} {count(cost.home_paid)} at home ({count(cost.home_extra)} more than '
                       f'each other loser) and {count(cost.tournament_lost)} points at the tournament '
                       f'({count(cost.tournament_extra)} more than each other loser).</p>')
        out.append("</div>")
        return "".join(out)


__all__ = ["TournamentVsHomeApp"]
