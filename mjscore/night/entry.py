"""The pieces every part of a night shares: a hand as entered (:class:`Entry`), a hand as it
stands on the report card (:class:`Line`), a journal row that could not be loaded
(:class:`Problem`), the one error (:class:`LedgerError`) and the cell readers and writers.

Every cell the project writes to a CSV goes through :func:`cell_out`, which neutralizes a
cell a spreadsheet would run as a formula (one starting ``=``, ``+``, ``-``, ``@``, a tab or
a carriage return) the usual way, with a leading apostrophe; whole numbers stay numbers.
:func:`cell_in` reads such a cell back as it was typed.

>>> cell_out("=HYPERLINK(1)"), cell_out("+Bea"), cell_out(-25), cell_out("Ann")
("'=HYPERLINK(1)", "'+Bea", '-25', 'Ann')
>>> cell_in("'+1Bx4"), cell_in(" Ann ")
('+1Bx4', 'Ann')
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields
from typing import NamedTuple

from ..files.inputs import clean_name, whole_number
from ..numbers import signed

#: The largest card value a hand may have (the League's card prints 25 to 75 or so).
MAX_VALUE = 100_000
#: The largest Willingdon score a hand may be typed as (a limit hand doubled many times is less).
MAX_SCORE = 10_000_000

__all__ = ["MAX_SCORE", "MAX_VALUE", "Entry", "Figures", "GAMES", "LedgerError", "Line", "LoadResult", "Problem",
           "Settled", "Unsaid", "cell_in", "cell_out", "check_players", "whole", "word", "yes"]


class LedgerError(ValueError):
    """A hand, a player list or a journal the ledger cannot take: the message says why."""


class Unsaid(LedgerError):
    """A new hand that leaves unsaid something its payments depend on (the message asks for it)."""


GAMES = ("american", "willingdon")
_YES = {"yes", "y", "true", "1", "x"}
_NO = {"no", "n", "false", "0", ""}
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

# --------------------------------------------------------------------------- a hand as entered


@dataclass(frozen=True)
class Entry:
    """One hand as the scorekeeper entered it. Which fields matter depends on the game:

    American: ``winner`` (None for a wall game), ``how``, ``thrower`` (on a discard),
    ``value`` (the card value), ``jokerless`` (declared), ``category``, ``dead`` (players
    whose hands were dead), ``bettor`` and ``pick`` (five players: who sat out, whom she backed).
    Willingdon: ``winner``, ``how``, ``thrower``, ``value`` (the score, typed in) or ``tiles``
    (the hand in notation, scored by the engine), ``exposed`` and ``fishing`` (for the
    three-exposed penalty), ``east`` (who sat East). ``note``: free text, for either. ``line``:
    American, the line of the club's card the hand was (``2468 #3``), its value and section kind
    already in ``value`` and ``category`` (:mod:`mjscore.night.card`).
    """

    winner: str | None = None
    how: str = "discard"
    thrower: str | None = None
    value: int | None = None
    jokerless: bool = False
    category: str = "other"
    dead: tuple[str, ...] = ()
    bettor: str | None = None
    pick: str | None = None
    tiles: str | None = None
    exposed: int | None = None
    fishing: bool = False
    east: str | None = None
    note: str = ""
    line: str | None = None

    def __post_init__(self) -> None:
        for name in ("winner", "thrower", "bettor", "pick", "east", "tiles", "line"):
            v = getattr(self, name)
            if isinstance(v, str) and not v.strip():
                object.__setattr__(self, name, None)
        if isinstance(self.dead, str):
            object.__setattr__(self, "dead", tuple(d.strip() for d in self.dead.split(";") if d.strip()))
        elif not isinstance(self.dead, tuple):
            object.__setattr__(self, "dead", tuple(self.dead or ()))
        if self.note is None:
            object.__setattr__(self, "note", "")

    def to_json(self) -> dict:
        """The entry as plain JSON data, every field."""
        return {f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v)
                for f in fields(self)}


class Settled(NamedTuple):
    """A hand as its game settles it (the ``settle`` of :class:`~mjscore.night.american.American`
    and :class:`~mjscore.night.willingdon.Willingdon`)."""

    entry: Entry  # as kept: names as the players spell them, each word in its one spelling
    value: int | None  # the card value or the score; None when nothing was won
    payments: dict  # each player's gain (+) or payment (-), by name
    text: str  # what happened, in a sentence
    reasons: tuple  # the engine's own reasons for the figures


class Figures(dict):
    """A read-only dict of each player's figure: a line's payments or totals cannot be
    changed by mistake once the ledger has worked them out (it prints and compares as a dict).

    >>> f = Figures({"Ann": 100, "Bea": -100})
    >>> f["Ann"] = 5
    Traceback (most recent call last):
    ...
    TypeError: a hand's figures are read-only: correct the hand in the ledger instead
    """

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a hand's figures are read-only: correct the hand in the ledger instead")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self):  # copy and pickle build a new one, not fill in an empty one
        return (Figures, (dict(self),))

    def __str__(self) -> str:
        """As a scorekeeper reads them out (``repr`` stays the dict's):

        >>> print(Figures({"Ann": 100, "Bea": -25, "Cat": 0}))
        Ann +100, Bea −25, Cat 0
        """
        return ", ".join(f"{p} {signed(v)}" for p, v in self.items())


@dataclass(frozen=True)
class Line:
    """One hand on the report card: what it paid and where everyone stands after it.

    ``number`` counts from 1. ``value`` is the card value (American) or the hand's score
    (Willingdon); None when nothing was won. ``payments`` and ``totals`` give every player,
    in the ledger's order, a gain (+) or a payment (-); each sums to zero. ``text`` says what
    happened in a sentence; ``reasons`` are the engine's own reasons for the figures.
    """

    number: int
    entry: Entry
    value: int | None
    payments: dict
    totals: dict
    text: str
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class Problem:
    """A journal row that could not be loaded: its line number in the file and why."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class LoadResult:
    """What a journal gave: the ledger of its good hands, and a :class:`Problem` per bad row."""

    ledger: "Ledger"
    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether every row of the journal loaded."""
        return not self.problems



# --------------------------------------------------------------------------- checking names and cells


def check_players(players: object) -> tuple[str, ...]:
    """The players' names, checked and in one spelling: four, or five."""
    if isinstance(players, str):
        players = [p for p in players.split(",")]
    try:
        names = tuple(players)  # type: ignore[arg-type]
    except TypeError:
        raise LedgerError("the players must be a list of names, such as Ann, Bea, Cat, Dee") from None
    out = []
    for p in names:
        if not isinstance(p, str) or not p.strip():
            raise LedgerError("every player needs a name")
        p = clean_name(p, "a player's name", LedgerError)
        if p.startswith("#"):
            raise LedgerError(f"a name cannot start with #: {p!r}")
        if ";" in p or "\n" in p or "\r" in p:
            raise LedgerError(f"a name cannot hold a ; or a line break: {p!r}")
        out.append(p)
    folded = [p.casefold() for p in out]
    if len(set(folded)) != len(folded):
        dup = next(p for p in out if folded.count(p.casefold()) > 1)
        raise LedgerError(f"two players are called {dup!r}: give everyone a different name")
    if len(out) not in (4, 5):
        raise LedgerError(f"a night has four players, or five where the fifth sits out and bets; "
                          f"got {len(out)}")
    return tuple(out)



def yes(cell: object, what: str) -> bool:
    """A yes/no cell as True or False (``yes``, ``y``, ``true``, ``1``, ``x`` ...)."""
    if isinstance(cell, bool):
        return cell
    text = str(cell).strip().lower()
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise LedgerError(f"{what} must be yes or no, not {cell!r}")


def whole(cell: object, what: str, low: int | None = None, high: int | None = None) -> int | None:
    """A cell as an exact whole number ("1,000" and "25.0" are fine), None when empty."""
    return whole_number(cell, what, low, high, LedgerError)


def word(text: str) -> str:
    """``text`` as one word of the journal: lower case, words joined by ``-``."""
    return "-".join(str(text).strip().lower().replace("_", " ").split())


def cell_out(v: object) -> str:
    """A value as a CSV cell: formula-safe text, numbers as numbers, yes/no, ``;``-joined names."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return str(v)  # a number stays a number in a spreadsheet, sign and all
    if isinstance(v, tuple):
        v = ";".join(v)
    text = str(v)
    return "'" + text if text.startswith(_FORMULA_START) else text


def cell_in(cell: str) -> str:
    """A CSV cell as typed: spaces stripped, and the apostrophe :func:`cell_out` adds removed."""
    text = cell.strip()
    if text[:1] == "'" and text[1:2] in ("=", "+", "-", "@", "\t", "\r", ""):
        return text[1:].strip()
    return text


def match_name(players: tuple[str, ...], name: object, what: str, among=None) -> str | None:
    """``name`` as one of ``players`` (case-blind when that is unambiguous); None when empty.

    ``among``: the players who may be named here (those at the table this hand).
    """
    if name is None:
        return None
    if not isinstance(name, str):
        raise LedgerError(f"{what} must be a player's name, not {name!r}")
    name = unicodedata.normalize("NFC", name).strip()
    if not name:
        return None
    pool = players if among is None else among
    if name in pool:
        return name
    folded = [p for p in pool if p.casefold() == name.casefold()]
    if len(folded) == 1:
        return folded[0]
    if name in players:
        raise LedgerError(f"{what} {name!r} is not at the table this hand")
    raise LedgerError(f"{what} {name!r} is not one of the players ({', '.join(players)})")


def how_word(how: object, allowed, night: str) -> str:
    """``how`` in its one spelling (``self`` is ``self-drawn``, ...), or a refusal naming the choices."""
    w = word(how) if isinstance(how, str) else how
    w = _HOW_WORDS.get(w, w)
    if w not in allowed:
        raise LedgerError(f"how {night} hand ends: one of {', '.join(allowed)}, not {how!r}")
    return w  # type: ignore[return-value]


_HOW_WORDS = {"self": "self-drawn", "selfdrawn": "self-drawn", "drawn": "self-drawn",
              "wall-game": "wall", "false": "false-mahjong", "false-mah-jongg": "false-mahjong"}
