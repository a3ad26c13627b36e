"""The claims app: a player discards a tile, another wants it. May she claim it, what does it
make, and whose turn is it next? Every answer is :func:`mjscore.willingdon.play.claim`'s.

CSS classes of the parts (for browser tests):

=========================== =====================================================
``mjs-goulash``             the whole app (``.widget``)
``mjs-goulash-discarder``   ToggleButtons: who discarded (E, S, W, N)
``mjs-goulash-tile``        Dropdown: the tile discarded
``mjs-goulash-claimer``     ToggleButtons: who wants it (E, S, W, N)
``mjs-goulash-held``        ToggleButtons: how many of that tile the claimer holds
``mjs-goulash-last``        ToggleButtons: the last discard, or an earlier one
``mjs-goulash-result``      HTML: the ruling (``mjs-claim-allowed`` or
                            ``mjs-claim-refused``), the pung made, and the turns
                            (``mjs-goulash-turns``, one ``mjs-seat`` per seat)
=========================== =====================================================

Their look is :data:`RULES` (with the tiles' own, :data:`mjscore.views.tiles.RULES`), in a
``<style>`` before the ruling; a seat that loses its turn is also ``mjs-goulash-skipped``, the
seat that plays now ``mjs-goulash-plays``.

>>> app = GoulashClaimApp()
>>> app.ruling.allowed, app.ruling.loses_turn
(True, ('S',))
>>> app.held.value = 1
>>> app.ruling.allowed, "mjs-claim-refused" in app.result.value
(False, True)
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...willingdon.play import claim
from ...tiles import INFO, SEAT_NAMES, SEATS, SET_TILES
from .._app import App, classed
from .._style import BORDER, ERROR, GOOD, TEXT_FALLBACK, styled, unstyled
from ..tiles import RULES as TILE_RULES, TILE_LOOK, meld_html, tile_html

_SEATS = [(SEAT_NAMES[s], s) for s in SEATS]
#: The house style of the ruling, by class (a later rule refines an earlier one), after the tiles'.
RULES = {
    **TILE_RULES,
    ".mjs-goulash-ruling": "font:15px Verdana,Arial,sans-serif",
    ".mjs-claim-allowed, .mjs-claim-refused, .mjs-goulash-reason": "margin:4px 0",
    ".mjs-claim-allowed": f"color:{GOOD}",
    ".mjs-claim-refused": f"color:{ERROR}",
    ".mjs-goulash-made": "display:flex;align-items:flex-end;gap:10px;margin:6px 0",
    ".mjs-faded-tile": "opacity:0.6",  # the tile faded, never the words
    ".mjs-faded-tile .mjs-tile": TILE_LOOK,
    ".mjs-goulash-turns": "display:flex;gap:6px;margin-top:6px",
    ".mjs-goulash-turns .mjs-seat": f"padding:4px 10px;border:1px solid {BORDER};border-radius:6px;min-width:7em;"
                                    "text-align:center",
    # a seat shaded light red or green keeps dark text whatever the theme (its shade is fixed)
    ".mjs-goulash-skipped": f"background:#fdecea;color:{TEXT_FALLBACK};text-decoration:line-through",
    ".mjs-goulash-plays": f"background:#e4f2e8;color:{TEXT_FALLBACK};font-weight:700",
}


class GoulashClaimApp(App):
    """Try a claim (see the module notes for the parts)."""

    title = "the claim app"

    def __init__(self, tile: str = "5D", *, discarder: str = "E", claimer: str = "W", held: int = 2,
                 last_discard: bool = True) -> None:
        claim(tile, discarder=discarder, claimer=claimer, held=held, last_discard=last_discard)  # checks them
        style = {"description_width": "9em", "button_width": "5em"}
        self.discarder = classed(widgets.ToggleButtons(options=_SEATS, value=discarder, description="Discarded by",
                                                       style=style), "mjs-goulash-discarder")
        self.tile = classed(widgets.Dropdown(options=[(f"{INFO[c].name} ({c})", c) for c in SET_TILES], value=tile,
                                             description="Tile", style={"description_width": "9em"},
                                             layout=widgets.Layout(width="24em")), "mjs-goulash-tile")
        self.claimer = classed(widgets.ToggleButtons(options=_SEATS, value=claimer, description="Wanted by",
                                                     style=style), "mjs-goulash-claimer")
        self.held = classed(widgets.ToggleButtons(options=[("none", 0), ("one", 1), ("a pair", 2), ("three", 3)],
                                                  value=held, description="She holds", style=style),
                            "mjs-goulash-held")
        self.last = classed(widgets.ToggleButtons(options=[("the last discard", True), ("an earlier discard", False)],
                                                  value=last_discard, description="It is",
                                                  style={"description_width": "9em", "button_width": "auto"}),
                            "mjs-goulash-last")
        self.result = classed(widgets.HTML(), "mjs-goulash-result")
        self.ruling = None
        self.widget = classed(widgets.VBox([self.discarder, self.tile, self.claimer, self.held, self.last,
                                            self.result]), "mjs-goulash")
        self.watch(self.discarder, self.tile, self.claimer, self.held, self.last)
        self.refresh()

    def refresh(self) -> None:
        """Ask the engine for the ruling and redraw it."""
        r = self.ruling = claim(self.tile.value, discarder=self.discarder.value, claimer=self.claimer.value,
                                held=self.held.value, last_discard=self.last.value)
        if r.allowed:
            verdict = '<p class="mjs-claim-allowed"><b>Claim allowed.</b></p>'
            made = (f'<div class="mjs-goulash-made">'
                    f'{unstyled(meld_html(r.pung))}<span>the pung goes face up on the table</span></div>')
        else:
            verdict = '<p class="mjs-claim-refused"><b>No claim.</b></p>'
            made = (f'<div class="mjs-goulash-made">'
                    f'<span class="mjs-faded-tile">{tile_html(r.tile)}</span>'
                    f'<span>the tile stays in the discards</span></div>')  # the tile faded, never the words
        self.result.value = styled(f'<div class="mjs-goulash-ruling" role="status" aria-live="polite">{verdict}'
                                   f'<p class="mjs-goulash-reason">{escape(r.reason)}</p>'
                                   f'{made}{self._turns_html(r)}</div>', RULES)

    @staticmethod
    def _turns_html(r) -> str:
        """The four seats in turn order, each with what happens to it now."""
        cells = []
        for seat in SEATS:
            notes = []
            if seat == r.discarder:
                notes.append("discarded")
            if seat in r.loses_turn:
                notes.append("loses a turn")
            if seat == r.plays_now:
                notes.append("claims, then discards" if r.allowed else "plays next")
            if seat == r.next_turn and seat != r.plays_now:
                notes.append("then plays")
            classes = ("mjs-seat" + (" mjs-goulash-skipped" if seat in r.loses_turn else "")
                       + (" mjs-goulash-plays" if seat == r.plays_now else ""))
            note = escape(", ".join(notes)) if notes else "&nbsp;"
            cells.append(f'<div class="{classes}" data-seat="{seat}">{escape(SEAT_NAMES[seat])}'
                         f'<br><small>{note}</small></div>')
        return f'<div class="mjs-goulash-turns" aria-label="turn order">{"→".join(cells)}</div>'


__all__ = ["GoulashClaimApp", "RULES"]
