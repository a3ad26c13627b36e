"""The club's card in the scorekeeper: a line of it named instead of a hand's value (:class:`CardPart`).

A club that keeps its card (:mod:`mjscore.night.card`: the file the app is given, else
``card.csv`` or ``card.json`` in the data folder, where ``mjscore record --line`` finds it) gets,
in an American night, a box for the hand's line above the value: typed (``Evens #3``, ``evens
3``, ``Evens #3 concealed``) or chosen from the card's lines, which the box lists as it is
typed into (on a phone, a few letters and a tap). The line is read by
:meth:`~mjscore.night.card.Card.pick`, the command line's reader; the hand's form
(:class:`~.entered.Form`) takes the line's value and section kind from the card, and a line not
on the card is refused with the card's nearest lines named, in the command line's words.

Without a card the box is not shown and the hand is entered by its value, as before; a card that
cannot be read is named in the note under the value, with why (its file and row), and each hand's
value is typed.

>>> from mjscore.night.card import MADE_UP_CARD
>>> part = CardPart(MADE_UP_CARD)
>>> part.line.options[:4], part.line.placeholder
(('Evens #1', 'Evens #2', 'Evens #3', 'Evens #3 concealed'), 'such as Evens #1')
>>> part.offer("american"); part.widget.layout.display, part.line.layout.display
('', '')
>>> part.offer("willingdon"); part.widget.layout.display
'none'
"""

from __future__ import annotations

import html
import os
from pathlib import Path

import ipywidgets as widgets

from ...night import LedgerError
from ...night.card import Card, find_card, read_card
from .._app import classed, switch_off

__all__ = ["CardPart", "club_card", "line_names"]


def club_card(path: str | os.PathLike | None = None) -> tuple[Card | None, str]:
    """The club's card (``path``, else the one kept in the data folder) and what to say of it.

    ``(None, "")`` where the club keeps none; ``(None, why)`` where the card cannot be read (the
    file and the row named, as ``mjscore record --card`` names them)."""
    try:
        found = Path(path) if path is not None else find_card()
        return (None, "") if found is None else (read_card(found), "")
    except LedgerError as e:
        return None, f"The club's card cannot be used: {e}. Type each hand's value."


def line_names(card: Card) -> tuple[str, ...]:
    """Every line of ``card`` as the scorekeeper names it, a concealed value as a line of its own.

    >>> from mjscore.night.card import card_from_csv
    >>> line_names(card_from_csv("section,line,value,concealed\\nEvens,1,25,\\nEvens,2,25,30\\n"))
    ('Evens #1', 'Evens #2', 'Evens #2 concealed')
    """
    return tuple(name for line in card.lines
                 for name in (line.name, *((f"{line.name} concealed",) if line.concealed is not None else ())))


def _note_html(card: Card | None, said: str) -> str:
    """What the note under the line says: which card the lines are from, or why there is none."""
    if said:
        return f'<p class="mjs-score-error">{html.escape(said)}</p>'
    if card is None:
        return ""
    name = f", {html.escape(card.name)}" if card.name else ""
    return (f"<small>Lines of the club's card ({html.escape(card.source)}{name}): the line gives the value "
            f"and the section. Or type the value.</small>")


class CardPart:
    """The line of the club's card a hand was: ``line`` (the box), ``note`` and ``widget``.

    ``card`` is the club's card (None: the club keeps none, or it cannot be read: ``note`` says
    why); ``path``: the card's file, else the data folder's ``card.csv`` or ``card.json``."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.card, said = club_card(path)
        first = self.card.lines[0].name if self.card is not None else "Evens #3"
        # Text with the card's lines offered as it is typed into: any text may be typed, and is read
        # by the card (a line not on it refused with its nearest lines), as at the command line.
        self.line = classed(widgets.Combobox(options=line_names(self.card) if self.card is not None else (),
                                             value="", ensure_option=False, description="Card line",
                                             placeholder=f"such as {first}", style={"description_width": "5.5em"},
                                             tooltip="a line of the club's card: its section and number",
                                             layout=widgets.Layout(width="20em")), "mjs-score-line")
        self.line.layout.display = "" if self.card is not None else "none"
        self.note = classed(widgets.HTML(_note_html(self.card, said)), "mjs-score-card-note")
        self.widget = widgets.VBox([self.line, self.note], layout=widgets.Layout(display="none"))

    def offer(self, game: str) -> None:
        """Shown in an American night, where the club has a card (or one that cannot be read, to say so)."""
        shown = game == "american" and (self.card is not None or bool(self.note.value))
        self.widget.layout.display = "" if shown else "none"

    def show(self, text: str, *, off: bool) -> None:
        """The line as the form holds it (``off``: no line in play, a wall game)."""
        if self.line.value != text:
            self.line.value = text
        switch_off(self.line, off)
