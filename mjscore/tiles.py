"""Tile codes, as docs/rules.md fixes them, and the facts a scorer asks of a tile.

Suits: ``1B``..``9B`` (Bamboo), ``1C``..``9C`` (Characters, "Craks"), ``1D``..``9D`` (Dots).
Winds ``EW SW WW NW``; dragons ``RD GD WD``; flowers ``F1``..``F4``; seasons ``S1``..``S4``.

>>> tile_name("5D"), tile_name("RD"), tile_name("S3")
('5 Dots', 'Red Dragon', 'Season 3')
>>> is_major("9B"), is_major("EW"), is_major("5C")
(True, True, False)
"""

from __future__ import annotations

from typing import NamedTuple

SUITS = {"B": "Bamboo", "C": "Characters", "D": "Dots"}
WINDS = {"EW": "East Wind", "SW": "South Wind", "WW": "West Wind", "NW": "North Wind"}
DRAGONS = {"RD": "Red Dragon", "GD": "Green Dragon", "WD": "White Dragon"}
SEATS = ("E", "S", "W", "N")
SEAT_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
#: The wind tile of each seat letter.
SEAT_WIND = {"E": "EW", "S": "SW", "W": "WW", "N": "NW"}

SUITED = tuple(f"{rank}{suit}" for suit in SUITS for rank in range(1, 10))
HONOURS = tuple(WINDS) + tuple(DRAGONS)
#: The 34 kinds of tile that sets are built from, in display order.
SET_TILES = SUITED + HONOURS
FLOWERS = ("F1", "F2", "F3", "F4")
SEASONS = ("S1", "S2", "S3", "S4")
BONUS_TILES = FLOWERS + SEASONS
ALL_TILES = SET_TILES + BONUS_TILES


class TileError(ValueError):
    """A tile code that is not one of docs/rules.md's."""


class TileInfo(NamedTuple):
    code: str
    name: str
    suit: str | None  # "B", "C", "D", or None for honours and bonus tiles
    rank: int | None  # 1..9 for suited tiles, 1..4 for flowers and seasons
    honour: bool
    dragon: bool
    wind: bool
    major: bool  # honours, and the 1s and 9s
    terminal: bool  # a 1 or a 9 of a suit
    seat: str | None  # for a wind or a flower/season: the seat it belongs to


def _info(code: str) -> TileInfo:
    if code in WINDS:
        return TileInfo(code, WINDS[code], None, None, True, False, True, True, False, code[0])
    if code in DRAGONS:
        return TileInfo(code, DRAGONS[code], None, None, True, True, False, True, False, None)
    if code in BONUS_TILES:
        n = int(code[1])
        kind = "Flower" if code[0] == "F" else "Season"
        return TileInfo(code, f"{kind} {n}", None, n, False, False, False, False, False, SEATS[n - 1])
    rank, suit = int(code[0]), code[1]
    end = rank in (1, 9)
    return TileInfo(code, f"{rank} {SUITS[suit]}", suit, rank, False, False, False, end, end, None)


INFO: dict[str, TileInfo] = {code: _info(code) for code in ALL_TILES}


def info(code: str) -> TileInfo:
    """The facts of one tile code; an unknown code is refused with a :class:`TileError`."""
    try:
        return INFO[code]
    except (KeyError, TypeError):
        raise TileError(f"{code!r} is not a tile code (try 5D, 9B, EW, RD, F1 or S3)") from None


def tile_name(code: str) -> str:
    """The tile's name as a player says it: ``'5 Dots'``, ``'Red Dragon'``."""
    return info(code).name


def is_major(code: str) -> bool:
    """Whether the tile is major: an honour, or a 1 or a 9."""
    return info(code).major