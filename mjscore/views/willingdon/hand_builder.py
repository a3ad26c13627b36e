"""The hand builder: put together a Willingdon hand (four sets, the pair, flowers and seasons,
seat and round, how it was won) and watch the tiles, the line-by-line breakdown and the score
change with every click. A hand can also be typed in the short notation and loaded.

The engine does all the work: :class:`mjscore.hands.Hand` checks the hand and
:func:`mjscore.willingdon.score` scores it. An illegal hand (two sets on one tile, a blessing
with a kong, ...) shows the engine's :class:`~mjscore.hands.HandError` message, never a
traceback; typed text is always shown escaped.

CSS classes of the parts (for browser tests), ``N`` being 0 to 3:

================================ ======================================================
``mjs-builder``                  the whole app (``.widget``)
``mjs-builder-tabs``             Tab: the controls, in three tabs (:data:`TABS`)
``mjs-builder-setN-tile``        Dropdown: the tile of set N
``mjs-builder-setN-kind``        ToggleButtons: pung or kong
``mjs-builder-setN-exposed``     Checkbox: exposed (else concealed)
``mjs-builder-pair-tile``        Dropdown: the pair's tile
``mjs-builder-flower``           every flower/season ToggleButton; each also has
                                 ``mjs-builder-flower-F1`` ... ``mjs-builder-flower-S4``
``mjs-builder-seat``             ToggleButtons: E, S, W, N
``mjs-builder-round``            ToggleButtons: E, S, W, N
``mjs-builder-self-drawn``       Checkbox: the last tile came from the wall
``mjs-builder-blessing``         Dropdown: none, Earth's Blessing, Heaven's Blessing
``mjs-builder-rules``            Dropdown: the rule set (Willingdon, or Clean Hand 1)
``mjs-builder-notation``         Text: a hand typed in the short notation
``mjs-builder-load``             Button: load the typed hand into the builder
``mjs-builder-tiles``            HTML: the tiles drawn
``mjs-builder-hand-text``        HTML: the hand in the short notation
``mjs-builder-message``          HTML: empty, or the engine's refusal (``mjs-error``)
``mjs-builder-breakdown``        HTML: the line-by-line breakdown (``mjs-breakdown``)
``mjs-builder-score``            HTML: paper total and score (``mjs-headline``)
================================ ======================================================

Their look is :data:`RULES` (with the tiles' own, :data:`mjscore.views.tiles.RULES`), in a
``<style>`` before each value.

>>> app = HandBuilderApp("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W")
>>> app.score.paper_total
1728
>>> app.sets[0]["tile"].value = "7B"
>>> print(app.error)
two sets are built on 7 Bamboo
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as widgets

from ...hands import Hand, HandError, Meld, format_hand, load_hand, parse
from ...tiles import BONUS_TILES, INFO, SEATS, SET_TILES
from ...willingdon.scoring import CLEAN_HAND_ONE, WILLINGDON, RuleSet, Score, score
from .._app import App, classed, switch_off
from .._style import ERROR, FONT, FONT_SMALL, MONO, MUTED, TEXT, styled, unstyled
from ..results import RULES as RESULT_RULES, error_html, headline_html, score_html
from ..tiles import RULES as TILE_RULES, ViewError, flowers_html, hand_html, meld_html, seat_words

#: The hand the builder starts with: the Willingdon rule book's 54 points with 5 doubles.
START = "6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W"

RULE_SETS = {"willingdon": WILLINGDON, "clean-one": CLEAN_HAND_ONE}
#: The tabs of the controls.
TABS = ("Sets and pair", "Flowers and seat", "Rules and typing")
#: The size the tiles are drawn at (small: the hand on one row, beside nothing else).
SIZE = "sm"

#: A tile by its name (its code shows in the hand's short notation, under the breakdown).
_TILE_OPTIONS = [(INFO[c].name, c) for c in SET_TILES]
_SEAT_OPTIONS = [(s, s) for s in SEATS]
_NARROW = {"description_width": "0px"}
#: The house style of the builder's words and of a hand that is not legal yet, by class (a later
#: rule refines an earlier one), after the tiles'.
RULES = {
    **TILE_RULES,
    ".mjs-builder-heading": FONT,
    ".mjs-builder-sets": "display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end",  # as a hand's
    ".mjs-clash": f"outline:2px dashed {ERROR};outline-offset:3px;border-radius:4px",
    ".mjs-builder-clash-note": f"{FONT_SMALL};color:{ERROR};font-weight:700",
    ".mjs-builder-said": f"{FONT};color:{MUTED}",
    ".mjs-builder-code": f"{MONO};font-size:0.95em;color:{TEXT}",
}
#: The width of a set's column of controls.
def _column() -> widgets.Layout:
    return widgets.Layout(width="9em")


def _heading(text: str) -> widgets.HTML:
    return widgets.HTML(styled(f'<b class="mjs-builder-heading">{escape(text)}</b>', RULES))


class HandBuilderApp(App):
    """A hand builder (see the module notes for the parts)."""

    title = "the hand builder"

    def __init__(self, hand: Hand | str = START, rules: RuleSet | str = "willingdon", *, at_table: bool = False,
                 on_hand: Callable[[Hand | None], None] | None = None) -> None:
        if isinstance(hand, str):
            hand = load_hand(hand)
        if not isinstance(hand, Hand):
            raise ViewError(f"the builder starts from a Hand or a hand in notation, not {type(hand).__name__}")
        if not isinstance(rules, (str, RuleSet)):
            raise ViewError(f"rules must be a RuleSet or one of {', '.join(RULE_SETS)}, not {rules!r}")
        self.sets = []
        columns = []
        for i in range(4):
            tile = classed(widgets.Dropdown(options=_TILE_OPTIONS, layout=_column()), f"mjs-builder-set{i}-tile")
            kind = classed(widgets.ToggleButtons(options=[("pung", "pung"), ("kong", "kong")],
                                                 style={"button_width": "4.3em"}), f"mjs-builder-set{i}-kind")
            exposed = classed(widgets.Checkbox(description="exposed", indent=False, layout=_column(),
                                               tooltip="on the table (claimed from a discard); else concealed"),
                              f"mjs-builder-set{i}-exposed")
            self.sets.append({"tile": tile, "kind": kind, "exposed": exposed})
            columns.append(widgets.VBox([_heading(f"Set {i + 1}"), tile, kind, exposed]))
        self.pair = classed(widgets.Dropdown(options=_TILE_OPTIONS, layout=_column()), "mjs-builder-pair-tile")
        columns.append(widgets.VBox([_heading("Pair"), self.pair]))
        rows = [widgets.HBox(columns, layout=widgets.Layout(flex_flow="row wrap", grid_gap="0.3em 0.8em"))]
        self.flowers = {}
        for code in BONUS_TILES:
            b = classed(widgets.ToggleButton(value=False, description=code, tooltip=INFO[code].name,
                                             layout=widgets.Layout(width="3.4em")),
                        "mjs-builder-flower", f"mjs-builder-flower-{code}")
            self.flowers[code] = b
        rows.append(widgets.HBox([widgets.Label("Flowers, seasons", layout=widgets.Layout(width="9em")),
                                  *self.flowers.values()]))
        self.seat = classed(widgets.ToggleButtons(options=_SEAT_OPTIONS, description="Seat",
                                                  style={"button_width": "2.6em", "description_width": "3em"}),
                            "mjs-builder-seat")
        self.round = classed(widgets.ToggleButtons(options=_SEAT_OPTIONS, description="Round",
                                                   style={"button_width": "2.6em", "description_width": "3em"}),
                             "mjs-builder-round")
        rows.append(widgets.HBox([self.seat, self.round]))
        self.self_drawn = classed(widgets.Checkbox(value=False, description="Self-drawn (last tile from the wall)",
                                                   indent=False, layout=widgets.Layout(width="22em")),
                                  "mjs-builder-self-drawn")
        self.blessing = classed(widgets.Dropdown(options=[("no blessing", ""), ("Earth's Blessing", "earth"),
                                                          ("Heaven's Blessing", "heaven")],
                                                 layout=widgets.Layout(width="13em")), "mjs-builder-blessing")
        rows.append(widgets.HBox([self.self_drawn, self.blessing]))
        self._rule_sets = dict(RULE_SETS)
        if isinstance(rules, RuleSet):
            rule_key = next((k for k, v in RULE_SETS.items() if v == rules), "custom")
            self._rule_sets.setdefault(rule_key, rules)
        else:
            rule_key = rules
        if rule_key not in self._rule_sets:
            raise ViewError(f"unknown rule set {rule_key!r} (one of {', '.join(self._rule_sets)})")
        self.rules = classed(widgets.Dropdown(options=[(r.name, k) for k, r in self._rule_sets.items()],
                                              value=rule_key, description="Rules",
                                              layout=widgets.Layout(width="22em")), "mjs-builder-rules")
        rows.append(self.rules)
        self.notation = classed(widgets.Text(placeholder="type a hand: RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1",
                                             continuous_update=False, layout=widgets.Layout(width="32em")),
                                "mjs-builder-notation")
        self.load = classed(widgets.Button(description="Load", tooltip="Load the typed hand"), "mjs-builder-load")
        rows.append(widgets.HBox([self.notation, self.load]))
        self.tiles = classed(widgets.HTML(), "mjs-builder-tiles")
        self.hand_text = classed(widgets.HTML(), "mjs-builder-hand-text")
        self.message = classed(widgets.HTML(), "mjs-builder-message")
        self.breakdown = classed(widgets.HTML(), "mjs-builder-breakdown")
        self.headline = classed(widgets.HTML(), "mjs-builder-score")
        self.hand: Hand | None = None
        self.score: Score | None = None
        self.error: str | None = None
        # The controls in three tabs, so that they, the tiles and the breakdown fit one screen
        # of a projector together (stacked, they were 1,365 px tall in the classroom view).
        self.on_hand, self._setting = on_hand, False
        if at_table:
            # At a table the seat, the round and how the hand was won are the night's: only the
            # tiles are built here (the scorekeeper shows what the hand pays).
            self.tabs = classed(widgets.Tab(children=[widgets.VBox(rows[:1]), widgets.VBox([rows[1], self.blessing])],
                                            titles=TABS[:1] + ("Flowers",)), "mjs-builder-tabs")
            self.widget = classed(widgets.VBox([self.tabs, self.message, self.tiles]), "mjs-builder",
                                  "mjs-builder-at-table")
        else:
            self.tabs = classed(widgets.Tab(children=[widgets.VBox(rows[:1]), widgets.VBox(rows[1:4]),
                                                      widgets.VBox(rows[4:])],
                                            titles=TABS), "mjs-builder-tabs")
            self.widget = classed(widgets.VBox([self.tabs, self.message, self.tiles, self.headline, self.breakdown,
                                                self.hand_text]), "mjs-builder")
        self.set_hand(hand)
        self.watch(*self._controls())
        self.load.on_click(self._on_load)
        # Enter (or leaving the box) loads the typed hand too.
        self.watch(self.notation, on_change=lambda _change: self._on_load())

    def _controls(self):
        for s in self.sets:
            yield from s.values()
        yield self.pair
        yield from self.flowers.values()
        yield from (self.seat, self.round, self.self_drawn, self.blessing, self.rules)

    def disable(self, off: bool) -> None:
        """Switch every control off (or on again)."""
        for control in (*self._controls(), self.notation, self.load):
            switch_off(control, off)

    # ---------------------------------------------------------------- state in, state out

    def set_hand(self, hand: Hand) -> None:
        """Show ``hand`` in the controls (its pair last) and score it.

        ``on_hand`` is not told: it hears of the hands built by a click only."""
        self._setting = True
        try:
            self._set_hand(hand)
        finally:
            self._setting = False

    def _set_hand(self, hand: Hand) -> None:
        with self._quietly():
            for row, m in zip(self.sets, hand.melds):
                row["tile"].value, row["kind"].value, row["exposed"].value = m.tile, m.kind, m.exposed
            self.pair.value = hand.pair.tile
            for code, b in self.flowers.items():
                b.value = code in hand.flowers
            self.seat.value, self.round.value = hand.seat, hand.round
            self.self_drawn.value = hand.self_drawn
            self.blessing.value = hand.blessing or ""
        self.refresh()

    def _melds(self) -> list[Meld]:
        melds = [Meld(s["kind"].value, s["tile"].value, s["exposed"].value) for s in self.sets]
        return melds + [Meld("pair", self.pair.value)]

    def build(self) -> Hand:
        """The hand the controls describe (a :class:`HandError` if it is not a legal hand)."""
        return Hand(sets=tuple(self._melds()),
                    flowers=tuple(c for c, b in self.flowers.items() if b.value),
                    seat=self.seat.value, round=self.round.value, self_drawn=self.self_drawn.value,
                    blessing=self.blessing.value or None)

    def refresh(self) -> None:
        """Build the hand from the controls, score it, and redraw."""
        rules = self._rule_sets[self.rules.value]
        try:
            hand = self.build()
        except HandError as e:
            self.hand, self.score, self.error = None, None, str(e)
            # What the controls show is drawn as it stands, flowers included, a set on a tile an
            # earlier set is already on marked as the one to change: only the score waits.
            flowers = [c for c, b in self.flowers.items() if b.value]
            self.tiles.value = styled('<div class="mjs-builder-sets">' + "".join(_marked(self._melds()))
                                      + unstyled(flowers_html(flowers, size=SIZE)) + "</div>", RULES)
            self.hand_text.value = ""
            self.show_error(self.message, f"Not a legal hand: {e}")
            self._no_score("none until the hand is legal: change what the red message names")
            self._tell(None)
            return
        s = score(hand, rules)
        self.hand, self.score, self.error = hand, s, None
        self.tiles.value = hand_html(hand, size=SIZE, seat=False)  # (the seat is said under the breakdown)
        self.hand_text.value = styled(f'<div class="mjs-builder-said">{escape(", ".join(seat_words(hand)))}. In the '
                                      f'short notation: <code class="mjs-builder-code">{escape(format_hand(hand))}'
                                      f'</code></div>', RULES)
        self.message.value = ""
        self.headline.value = headline_html(s)
        self.breakdown.value = score_html(s, side_by_side=True)
        self._tell(hand)

    def _tell(self, hand: Hand | None) -> None:
        if self.on_hand is not None and not self._setting:
            self.on_hand(hand)

    # ---------------------------------------------------------------- reactions

    def show_error(self, target: widgets.HTML, error: object) -> None:
        """A refusal, in the panels' style (announced at once to a screen reader)."""
        target.value = error_html(error)

    def _no_score(self, why: str) -> None:
        self.headline.value = styled(f'<div class="mjs-headline mjs-no-hand" role="status" aria-live="polite">'
                                     f'Score: {escape(why)}</div>', RESULT_RULES)  # as a score's headline
        self.breakdown.value = ""

    def _on_load(self, _button=None) -> None:
        text = self.notation.value
        try:
            hand = load_hand(text)
        except HandError as e:
            # No score stays on the screen that a learner could take for the typed hand's.
            self.hand, self.score, self.error = None, None, str(e)
            self.show_error(self.message, f"Could not read the typed hand: {e}. Correct it and press Load, or "
                                          f"change any control to score the hand the controls show.")
            self.tiles.value = self.hand_text.value = ""
            self._no_score("none: the typed hand could not be read")
            return
        self.set_hand(hand)

    def load_text(self, text: str) -> None:
        """Type ``text`` into the notation box and press Load (what a test or a cell calls)."""
        with self._quietly():
            self.notation.value = text
        self._on_load()


def _marked(melds: list[Meld]) -> list[str]:
    """The sets drawn, each set on a tile an earlier set is already on outlined in red and
    captioned (two sets on Red Dragon once showed as seven Red Dragons, unexplained)."""
    names = [f"set {i + 1}" for i in range(len(melds) - 1)] + ["the pair"]
    out = []
    for i, m in enumerate(melds):
        first = next((j for j in range(i) if melds[j].tile == m.tile), None)
        if first is None:
            out.append(unstyled(meld_html(m, size=SIZE)))
            continue
        note = f"✗ {names[first]} is on {INFO[m.tile].name} too"
        out.append(f'<div class="mjs-clash">{unstyled(meld_html(m, size=SIZE))}'
                   f'<div class="mjs-builder-clash-note">{escape(note)}</div></div>')
    return out


def table_notation(hand: Hand) -> str:
    """The hand in the short notation, as a night's journal takes it.

    The tiles, the flowers and a blessing, without the seat, the round or how it was won (those
    are the table's, not the tiles').

    >>> table_notation(parse("RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 seat=S round=W self-drawn"))
    'RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1'
    """
    return " ".join(word for word in format_hand(hand).split()
                    if not word.startswith(("seat=", "round=")) and word != "self-drawn")


__all__ = ["HandBuilderApp", "RULES", "RULE_SETS", "START", "TABS", "table_notation"]
