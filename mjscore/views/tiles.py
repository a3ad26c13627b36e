"""Tiles on screen: our own small SVG faces, one for every tile code, as HTML text.

Every face is drawn with plain shapes and short Latin words (no special font, no CJK glyph),
and every tile carries its name for a screen reader (``role="img"``, ``aria-label`` and an
SVG ``<title>``). Output is deterministic: the same call gives the same text, with no ids.

- :func:`tile_html` one tile; ``exposed=True`` gives it a gold rim (a tile on the table).
- :func:`tiles_html` one row of tiles.
- :func:`hand_html` a Willingdon :class:`~mjscore.hands.Hand` as one row: each set boxed and
  labelled, exposed sets raised on a gold box, concealed sets in a plain box; the pair; then
  the flowers and seasons; then the seat and round.

Sizes: ``"sm"`` (30 x 40 px, for tables), ``"md"`` (42 x 56 px) and ``"lg"`` (66 x 88 px, for
a projector). Besides the 42 codes of :mod:`mjscore.tiles`, ``"J"`` draws an American joker.

CSS classes for tests and styling: ``mjs-tile`` on every tile, plus ``mjs-tile-<CODE>``
(``mjs-tile-5D``) and ``mjs-tile-exposed``; ``data-tile="<CODE>"``. A row is ``mjs-tiles``;
a hand is ``mjs-hand``, each set ``mjs-set`` with ``mjs-set-exposed``, ``mjs-set-concealed``
or ``mjs-set-pair``, the flowers ``mjs-set-flowers`` and the seat line ``mjs-hand-seat``; a set's
tiles are in ``mjs-set-tiles`` and its words in ``mjs-set-caption``. Their look is :data:`RULES`,
in a ``<style>`` before each row, hand, set or flowers (:func:`mjscore.views._style.styled`); a
single tile has none of its own (other views put it in their HTML): the rules of what holds it
give it its look (:data:`TILE_LOOK`).

>>> html = tile_html("5D")
>>> 'aria-label="5 Dots"' in html and "<title>5 Dots</title>" in html
True
>>> tile_html("5D") == tile_html("5D")
True
>>> tile_html("J", size="lg").count("<svg")
1
>>> tile_html("10D")
Traceback (most recent call last):
...
mjscore.tiles.TileError: '10D' is not a tile code (try 5D, 9B, EW, RD, F1 or S3; J for a joker)
"""

from __future__ import annotations

from html import escape
from typing import Iterable

from ..hands import Hand, Meld
from ..tiles import INFO, SEAT_NAMES, TileError
from ._style import MUTED, styled, unstyled
from .svg import add, drawing, svg_text

JOKER = "J"

#: Width and height in pixels of each size; every face is drawn on a 48 x 64 view box.
SIZES = {"sm": (30, 40), "md": (42, 56), "lg": (66, 88)}

_FONT = "Verdana, 'DejaVu Sans', Arial, Helvetica, sans-serif"
_SUIT_COLOUR = {"B": "#17703a", "C": "#a81e1a", "D": "#1b4c99"}
_SUIT_WORD = {"B": "BAM", "C": "CRAK", "D": "DOT"}
_WIND_WORD = {"EW": "EAST", "SW": "SOUTH", "WW": "WEST", "NW": "NORTH"}
_INK = "#1f2a44"

#: How a tile sits in a row, a hand or a set: a block at the foot of the line, never squeezed.
TILE_LOOK = "display:inline-block;vertical-align:bottom;flex:none"
#: The house style of the rows, hands and sets, by class (a later rule refines an earlier one).
RULES = {
    ".mjs-tiles": "display:inline-flex;flex-wrap:wrap;gap:2px;align-items:flex-end",
    ".mjs-hand": "display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end",
    ".mjs-tiles .mjs-tile, .mjs-hand .mjs-tile, .mjs-set .mjs-tile": TILE_LOOK,
    ".mjs-set": "display:inline-flex;flex-direction:column;align-items:center;padding:3px 4px 2px;border-radius:7px",
    ".mjs-set-exposed": "border:2px solid #c28a00;background:#fff1c7;box-shadow:0 3px 0 #c28a00;margin-bottom:8px",
    ".mjs-set-concealed": "border:2px solid #b9b2a0;background:transparent",
    ".mjs-set-pair": "border:2px dotted #b9b2a0;background:transparent",
    ".mjs-set-flowers": "border:2px dotted #d9a9bd;background:transparent",
    ".mjs-set-tiles": "display:flex;gap:2px",
    ".mjs-set-caption": f"font:600 0.8em Verdana,Arial,sans-serif;color:{MUTED};letter-spacing:0.03em;margin-top:2px",
    ".mjs-set-exposed > .mjs-set-caption": "color:#7a5600",  # darker on the exposed set's gold
    ".mjs-hand-seat": f"font:0.85em Verdana,Arial,sans-serif;color:{MUTED};align-self:center;line-height:1.5",
}


class ViewError(ValueError):
    """A request a view cannot draw (an unknown size, say): the message says what is allowed."""


def _check_size(size: str) -> tuple[int, int]:
    try:
        return SIZES[size]
    except (KeyError, TypeError):
        raise ViewError(f"size must be one of 'sm', 'md', 'lg', not {size!r}") from None


def tile_label(code: str) -> str:
    """The name a screen reader says: ``'5 Dots'``, ``'Red Dragon'``, ``'Joker'``."""
    if code == JOKER:
        return "Joker"
    if not isinstance(code, str) or code not in INFO:
        raise TileError(f"{code!r} is not a tile code (try 5D, 9B, EW, RD, F1 or S3; J for a joker)")
    return INFO[code].name


def _text(g, x: float, y: float, text: str, size: float, colour: str, weight: str = "700") -> None:
    add(g, "text", text, x=x, y=y, font_size=size, font_weight=weight, text_anchor="middle", fill=colour,
        font_family=_FONT)


def _word(g, text: str, colour: str = "#4a4536") -> None:
    """The small word at the foot of a face."""
    _text(g, 24, 55, text, 8, colour)


def _suited(g, code: str) -> None:
    rank, suit = code[0], code[1]
    colour = _SUIT_COLOUR[suit]
    _text(g, 24, 28, rank, 25, colour)
    if suit == "D":
        add(g, "circle", cx=24, cy=39, r=6.5, fill="none", stroke=colour, stroke_width=2.2)
        add(g, "circle", cx=24, cy=39, r=2.4, fill=colour)
    elif suit == "B":
        for x in (17.5, 26.5):
            add(g, "rect", x=x, y=32, width=4, height=15, rx=2, fill=colour)
            add(g, "line", x1=x, y1=39.5, x2=x + 4, y2=39.5, stroke="#fbf7ea", stroke_width=1)
    else:  # Characters: an abstract brush mark, three strokes and a stem
        mark = add(g, "g", stroke=colour, stroke_width=2, stroke_linecap="round")
        for x1, y1, x2, y2 in ((17, 34, 31, 34), (18, 39, 30, 39), (16, 44, 32, 44), (24, 32, 24, 47)):
            add(mark, "line", x1=x1, y1=y1, x2=x2, y2=y2)
    _word(g, _SUIT_WORD[suit], colour)


def _wind(g, code: str) -> None:
    _text(g, 24, 38, code[0], 30, _INK)
    _word(g, _WIND_WORD[code], _INK)


def _dragon(g, code: str) -> None:
    if code == "WD":
        blue = "#2a5ab0"
        add(g, "rect", x=12, y=12, width=24, height=32, rx=2, fill="none", stroke=blue, stroke_width=2.4)
        add(g, "rect", x=16.5, y=16.5, width=15, height=23, fill="none", stroke=blue, stroke_width=1.2)
        _word(g, "WHITE", blue)
        return
    colour, letter, word = ("#c0231b", "R", "RED") if code == "RD" else ("#17703a", "G", "GREEN")
    add(g, "circle", cx=24, cy=28, r=14, fill=colour)
    _text(g, 24, 37, letter, 24, "#ffffff")
    _word(g, word, colour)


def _bonus(g, code: str) -> None:
    _text(g, 9, 14, code[1], 11, _INK)
    _text(g, 40, 13, INFO[code].seat, 8, "#6b6452", "400")
    if code[0] == "F":
        pink = "#c9487c"
        for dx, dy in ((0, -7), (6.7, -2.2), (4.1, 5.7), (-4.1, 5.7), (-6.7, -2.2)):
            add(g, "circle", cx=24 + dx, cy=31 + dy, r=4.6, fill=pink)
        add(g, "circle", cx=24, cy=31, r=3, fill="#f2c230")
        _word(g, "FLOWER", pink)
    else:
        orange = "#d9730d"
        rays = add(g, "g", stroke=orange, stroke_width=2, stroke_linecap="round")
        for a, b, c, d in ((0, -8, 0, -12), (0, 8, 0, 12), (-8, 0, -12, 0), (8, 0, 12, 0),
                           (5.7, 5.7, 8.5, 8.5), (-5.7, -5.7, -8.5, -8.5), (5.7, -5.7, 8.5, -8.5), (-5.7, 5.7, -8.5, 8.5)):
            add(rays, "line", x1=24 + a, y1=31 + b, x2=24 + c, y2=31 + d)
        add(g, "circle", cx=24, cy=31, r=6, fill=orange)
        _word(g, "SEASON", orange)


def _joker(g) -> None:
    purple = "#5b2a86"
    _text(g, 24, 38, "J", 30, purple)
    _word(g, "JOKER", purple)


def _face(g, code: str) -> None:
    if code == JOKER:
        _joker(g)
        return
    t = INFO[code]
    (_suited if t.suit else _wind if t.wind else _dragon if t.dragon else _bonus)(g, code)


def tile_html(code: str, *, exposed: bool = False, size: str = "md") -> str:
    """One tile as an inline SVG, labelled for a screen reader.

    >>> tile_html("RD", size="sm").split(" viewBox")[0]
    '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40"'
    >>> "mjs-tile-exposed" in tile_html("RD", exposed=True)
    True
    """
    label = tile_label(code)
    width, height = _check_size(size)
    classes = f"mjs-tile mjs-tile-{code}" + (" mjs-tile-exposed" if exposed else "")
    if exposed:
        label += " (exposed)"
    tile = drawing(width, height, viewBox="0 0 48 64", class_=classes, data_tile=code, role="img", aria_label=label)
    add(tile, "title", label)
    add(tile, "rect", x=1, y=4, width=46, height=59, rx=6, fill="#3f7d5c")
    add(tile, "rect", x=1.2, y=1.2, width=45.6, height=58, rx=6, fill="#fbf7ea",
        **({"stroke": "#c28a00", "stroke_width": 2.4} if exposed else {"stroke": "#7d7462", "stroke_width": 1.2}))
    _face(tile, code)
    return svg_text(tile)


def tiles_html(codes: Iterable[str], *, size: str = "md") -> str:
    """One row of tiles, in the order given.

    >>> tiles_html(["1B", "EW", "J"], size="sm").count('class="mjs-tile ')
    3
    """
    if isinstance(codes, str):
        raise ViewError("give tiles_html a list of codes, such as ['5D', 'RD'], not one string")
    tiles = "".join(tile_html(c, size=size) for c in codes)
    return styled(f'<div class="mjs-tiles">{tiles}</div>', RULES)


def _group(kind: str, caption: str, label: str, body: str) -> str:
    return (f'<div class="mjs-set mjs-set-{kind}" role="group" aria-label="{escape(label)}">'
            f'<div class="mjs-set-tiles">{body}</div>'
            f'<div class="mjs-set-caption" aria-hidden="true">{escape(caption)}</div></div>')


def meld_html(meld: Meld, *, size: str = "md") -> str:
    """One set, boxed and labelled: ``exposed pung``, ``concealed kong`` or ``pair``.

    A view that puts :data:`RULES` before the whole of its HTML takes it :func:`~._style.unstyled`
    (one ``<style>``, not one a set)."""
    tiles = "".join(tile_html(meld.tile, exposed=meld.exposed, size=size) for _ in range(meld.size))
    if meld.kind == "pair":
        html = _group("pair", "pair", meld.name, tiles)
    else:
        how = "exposed" if meld.exposed else "concealed"
        html = _group(how, f"{how} {meld.kind}", meld.name, tiles)
    return styled(html, RULES)


def flowers_html(codes, *, size: str = "md") -> str:
    """The flowers and seasons, boxed and labelled (empty when there are none)."""
    codes = list(codes)
    if not codes:
        return ""
    names = ", ".join(INFO[f].name for f in codes)
    html = _group("flowers", "flowers & seasons", f"flowers and seasons: {names}",
                  "".join(tile_html(f, size=size) for f in codes))
    return styled(html, RULES)


def seat_words(hand: Hand) -> list[str]:
    """The seat, the round and how the hand was won, as a player says them."""
    how = [f"{SEAT_NAMES[hand.seat]} seat", f"{SEAT_NAMES[hand.round]} round"]
    if hand.self_drawn:
        how.append("self-drawn")
    if hand.blessing:
        how.append("Earth's Blessing" if hand.blessing == "earth" else "Heaven's Blessing")
    return how


def hand_html(hand: Hand, *, size: str = "md", seat: bool = True) -> str:
    """A hand as one row of tiles in HTML.

    Its sets in order, then flowers and seasons, then seat and round (``seat=False``: without
    them, for a view that says them elsewhere).

    >>> from mjscore import parse
    >>> html = hand_html(parse("RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3"))
    >>> [html.count(f'class="{c}') for c in ("mjs-set mjs-set-exposed", "mjs-set mjs-set-concealed", "mjs-tile ")]
    [2, 2, 17]
    """
    if not isinstance(hand, Hand):
        raise ViewError(f"hand_html draws a Hand (from mjscore.parse), not {type(hand).__name__}")
    _check_size(size)
    parts = [unstyled(meld_html(m, size=size)) for m in hand.sets]
    if hand.flowers:
        parts.append(unstyled(flowers_html(hand.flowers, size=size)))
    if seat:
        parts.append(f'<div class="mjs-hand-seat">{"<br>".join(escape(w) for w in seat_words(hand))}</div>')
    label = escape("hand: " + str(hand))
    return styled(f'<div class="mjs-hand" role="group" aria-label="{label}">{"".join(parts)}</div>', RULES)


__all__ = ["JOKER", "RULES", "SIZES", "TILE_LOOK", "ViewError", "flowers_html", "hand_html", "meld_html", "seat_words",
           "tile_html", "tile_label", "tiles_html"]
