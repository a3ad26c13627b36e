"""A night at the table: the scorekeeper's ledger. Hands in, payments and running totals out.

A :class:`Ledger` holds a night's players and its hands in order. Each hand is an
:class:`Entry` (who won, how, who threw the winning tile, the card value, jokerless declared,
the card's section, dead hands, the bettor's pick); the ledger asks the engine what it pays
(:func:`mjscore.american.settle`, or for a Willingdon night :mod:`mjscore.willingdon.settle` with the
score from :func:`mjscore.willingdon.score`) and keeps every player's running total. The
totals always sum to zero. :meth:`Ledger.undo` takes back the last hand; :meth:`Ledger.correct`
changes any earlier hand and every hand after it is recomputed.

The seed's worked examples, a hand worth 25, one after another:

>>> night = Ledger(["Ann", "Bea", "Cat", "Dee"])
>>> night.add(winner="Ann", how="discard", thrower="Cat", value=25).payments
{'Ann': 100, 'Bea': -25, 'Cat': -50, 'Dee': -25}
>>> night.add(winner="Bea", how="self-drawn", value=25).payments
{'Ann': -50, 'Bea': 150, 'Cat': -50, 'Dee': -50}
>>> night.add(winner="Cat", how="discard", thrower="Dee", value=25, jokerless=True).payments
{'Ann': -50, 'Bea': -50, 'Cat': 200, 'Dee': -100}
>>> night.add(how="wall").text
'Wall game: nobody pays'
>>> night.totals
{'Ann': 0, 'Bea': 75, 'Cat': 100, 'Dee': -175}

Dee did not throw in hand 3 after all, Ann did: correct it, and everything after is redone.

>>> night.correct(3, thrower="Ann").payments
{'Ann': -100, 'Bea': -50, 'Cat': 200, 'Dee': -50}
>>> night.totals, sum(night.totals.values())
({'Ann': -50, 'Bea': 75, 'Cat': 100, 'Dee': -125}, 0)
>>> night.undo().text
'Wall game: nobody pays'
>>> len(night)
3

**Nothing is lost.** Give the ledger a journal file and every hand is written to it the
moment it is entered (the whole file is rewritten atomically: a temporary file in the same
folder, flushed, synced to disk, then renamed over the old one, so a crash leaves either the
old journal or the new, never half of one). :func:`open_night` (or :func:`load_journal`)
reads it back after a kernel restart, a crash or a closed laptop, players and all. A ledger
never writes over a journal someone else changed since (a second tab on the same night, an
edit in a spreadsheet): it refuses, and the night is opened again to carry on.

**The journal** is a CSV a person can open in a spreadsheet. It starts with a few setting
rows, each a first cell beginning ``#`` and its values in the cells after it, then the row
of column names, then one row per hand::

    #players,Ann,Bea,Cat,Dee
    #game,american
    #jokerless-exempt,quints,singles-and-pairs
    winner,how,thrower,value,jokerless,category,dead,bettor,pick,note
    Ann,discard,Cat,25,no,other,,,,
    ,wall,,,no,other,,,,

Setting rows (before the column names): ``#players`` (the four, or five: the fifth listed
sits out and bets unless a hand's ``bettor`` names another), ``#game`` (``american`` or
``willingdon``), and the rules: ``#jokerless-exempt`` (the card's sections with no jokerless
double) for American; ``#east-double``, ``#three-exposed-penalty`` (yes/no),
``#false-mahjong`` (the penalty to each player), ``#clean-hand-doubles`` and
``#minimum-doubles`` for Willingdon. Any setting left out takes its default.

Columns (any order; names are case-blind; only ``winner`` and ``how`` are required, a missing
column is empty in every row):

- ``winner``: who went mah jongg; empty for a wall game. For a Willingdon false mahjong, the
  player who called it.
- ``how``: ``discard``, ``self-drawn``, ``wall``, ``joker-exchange`` or ``heavenly-hand``
  (the last two pay as self-drawn); Willingdon: ``discard``, ``self-drawn``, ``wall`` or
  ``false-mahjong``.
- ``thrower``: who threw the winning tile, on a discard only.
- ``value``: the card value (American); the hand's score (Willingdon), which may be left
  empty when ``tiles`` gives the hand. Empty for a wall game.
- ``jokerless``: ``yes`` when declared (``no`` or empty otherwise).
- ``category``: the card's section (``other``, ``singles-and-pairs``, ``quints``, ...).
- ``dead``: players whose hands were dead, separated by ``;`` (they pay like anyone else).
- ``bettor``, ``pick``: with five players, who sat out this hand and whom she backed.
- ``tiles`` (Willingdon): the winning hand in the short notation, scored by the engine.
- ``exposed`` (Willingdon): how many pungs/kongs the winner showed (worked out from
  ``tiles`` when given), for the three-exposed penalty; ``fishing``: yes when the
  discarder was fishing with no other choice.
- ``east`` (Willingdon): who sat East this hand (default the first player); the seats go
  round the players in the order listed.
- ``note``: anything the scorekeeper wants to remember.

Yes/no cells also take ``y``, ``n``, ``true``, ``false``, ``1``, ``0``, ``x``. A cell the
journal writes that would begin with ``=``, ``+``, ``-`` or ``@`` (an exposed set in
``tiles``, say) gets one leading space, so a spreadsheet keeps it as text; the reader strips
spaces from every cell.

**A bad row** does not stop the night: :func:`read_journal` and :func:`load_journal` return a
:class:`LoadResult` with the good hands in its ledger and each bad row as a
:class:`Problem` (its line number and what is wrong). Before such a ledger first writes to
its journal, the damaged file is kept beside it as ``NAME.before-repair.csv``, so the bad
rows can still be fixed by hand.

>>> text = '''#players,Ann,Bea,Cat,Dee
... winner,how,thrower,value
... Ann,discard,Cat,25
... Bea,discard,Zed,30
... Dee,self-drawn,,35
... '''
>>> result = read_journal(text)
>>> [str(p) for p in result.problems]
["line 4: the thrower 'Zed' is not one of the players (Ann, Bea, Cat, Dee)"]
>>> len(result.ledger), result.ledger.totals
(2, {'Ann': 30, 'Bea': -95, 'Cat': -120, 'Dee': 185})
"""

from __future__ import annotations

import csv
import io
import os
import random
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Iterable, Sequence

from ..american.home import CATEGORIES, HOME, HOWS, LEAGUE_CARD, PAYS_AS, AmericanError, HomeRules, home_payments, settle
from ..hands import HandError, parse
from ..willingdon.settle import (SettlementError, TableRules, settle_false_mahjong, settle_wall_game,
                     settle_win)
from ..tiles import SEAT_NAMES, SEATS, TileError
from ..storage import atomic_write, data_dir, read_bytes  # the one per-user folder (MJSCORE_DATA_DIR wins when set)
from ..willingdon.scoring import WILLINGDON, RuleSet, score
from ..willingdon.deal import weighted_choice

__all__ = ["AMERICAN_COLUMNS", "Entry", "Figures", "GAMES", "Ledger", "LedgerError", "Line", "LoadResult",
           "Problem", "WILLINGDON_COLUMNS", "WILLINGDON_HOWS", "journal_path",
           "load_journal", "open_night", "read_journal", "simulate_night"]


class LedgerError(ValueError):
    """A hand, a player list or a journal the ledger cannot take: the message says why."""


GAMES = ("american", "willingdon")
#: How a Willingdon hand can end.
WILLINGDON_HOWS = ("discard", "self-drawn", "wall", "false-mahjong")
#: The columns a journal is written with, in order.
AMERICAN_COLUMNS = ("winner", "how", "thrower", "value", "jokerless", "category", "dead", "bettor",
                    "pick", "note")
WILLINGDON_COLUMNS = ("winner", "how", "thrower", "value", "tiles", "exposed", "fishing", "east",
                      "note")
_REQUIRED = ("winner", "how")
_YES = {"yes", "y", "true", "1", "x"}
_NO = {"no", "n", "false", "0", ""}
_HOW_WORDS = {"self": "self-drawn", "selfdrawn": "self-drawn", "drawn": "self-drawn",
              "wall-game": "wall", "false": "false-mahjong", "false-mah-jongg": "false-mahjong"}
_CATEGORY_WORDS = {k.replace("-", ""): k for k in CATEGORIES}
_CATEGORY_WORDS.update({"".join(c for c in v.lower() if c.isalnum()): k for k, v in CATEGORIES.items()})
_FORMULA_START = ("=", "+", "-", "@")


# --------------------------------------------------------------------------- where journals live


def journal_path(name: str | os.PathLike) -> Path:
    """Where the scorekeeper app keeps a journal: a bare file name goes in the ``nights``
    folder of the user data folder (:func:`mjscore.storage.data_dir`: ``MJSCORE_DATA_DIR``
    when set, else ``~/.local/share/mjscore`` or the platform's equivalent); anything with a
    folder in it (``./night.csv``) is used as is.

    >>> journal_path("tuesday.csv").parts[-2:]
    ('nights', 'tuesday.csv')
    >>> str(journal_path("./tuesday.csv"))
    'tuesday.csv'
    """
    text = os.fspath(name)
    if not text.strip():
        raise LedgerError("the journal needs a file name, such as tuesday.csv")
    if "/" in text or os.sep in text:
        return Path(text)
    return data_dir() / "nights" / text


def _atomic_write(path: Path, text: str | bytes) -> bytes:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new, never half.

    Text is written as UTF-8 with a byte-order mark, so a spreadsheet reads names such as
    Zoë right; bytes are written as they are. Returns the bytes written.
    """
    data = text if isinstance(text, bytes) else text.encode("utf-8-sig")
    atomic_write(path, data)
    return data


# --------------------------------------------------------------------------- a hand as entered


@dataclass(frozen=True)
class Entry:
    """One hand as the scorekeeper entered it. Which fields matter depends on the game:

    American: ``winner`` (None for a wall game), ``how``, ``thrower`` (on a discard),
    ``value`` (the card value), ``jokerless`` (declared), ``category``, ``dead`` (players
    whose hands were dead), ``bettor`` and ``pick`` (five players: who sat out, whom she backed).
    Willingdon: ``winner``, ``how``, ``thrower``, ``value`` (the score, typed in) or ``tiles``
    (the hand in notation, scored by the engine), ``exposed`` and ``fishing`` (for the
    three-exposed penalty), ``east`` (who sat East). ``note``: free text, for either.
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

    def __post_init__(self) -> None:
        for name in ("winner", "thrower", "bettor", "pick", "east", "tiles"):
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
        return {f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v)
                for f in fields(self)}


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
        return not self.problems


# --------------------------------------------------------------------------- checking names and cells


def _check_players(players: object, game: str) -> tuple[str, ...]:
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
        p = p.strip()
        if p.startswith("#"):
            raise LedgerError(f"a name cannot start with #: {p!r}")
        if ";" in p or "\n" in p or "\r" in p:
            raise LedgerError(f"a name cannot hold a ; or a line break: {p!r}")
        out.append(p)
    folded = [p.casefold() for p in out]
    if len(set(folded)) != len(folded):
        dup = next(p for p in out if folded.count(p.casefold()) > 1)
        raise LedgerError(f"two players are called {dup!r}: give everyone a different name")
    if game == "willingdon" and len(out) != 4:
        raise LedgerError(f"a Willingdon night has four players, not {len(out)}")
    if len(out) not in (4, 5):
        raise LedgerError(f"a night has four players, or five where the fifth sits out and bets; "
                          f"got {len(out)}")
    return tuple(out)


def _yes(cell: object, what: str) -> bool:
    if isinstance(cell, bool):
        return cell
    text = str(cell).strip().lower()
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise LedgerError(f"{what} must be yes or no, not {cell!r}")


def _whole(cell: object, what: str) -> int | None:
    if cell is None:
        return None
    if isinstance(cell, bool):
        raise LedgerError(f"{what} must be a whole number, not {cell!r}")
    if isinstance(cell, int):
        return cell
    text = str(cell).strip().replace(",", "").replace("_", "").replace(" ", "")
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        f = float(text)
    except ValueError:
        f = None
    if f is not None and f.is_integer():
        return int(f)
    raise LedgerError(f"{what} must be a whole number, not {str(cell).strip()!r}")


def _word(text: str) -> str:
    return "-".join(str(text).strip().lower().replace("_", " ").split())


def _cell_out(v: object) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return str(v)  # a number stays a number in a spreadsheet, sign and all
    if isinstance(v, tuple):
        v = ";".join(v)
    text = str(v)
    return " " + text if text.startswith(_FORMULA_START) else text


# --------------------------------------------------------------------------- the ledger


class Ledger:
    """A night's players and hands, with each hand's payments and the running totals.

    ``players``: four names, or five (the fifth listed sits out as the bettor unless a hand
    names another). ``game``: ``"american"`` (the default) or ``"willingdon"``. ``rules``:
    the American :class:`~mjscore.american.HomeRules`; ``table_rules`` and ``scoring``: the
    Willingdon :class:`~mjscore.willingdon.settle.TableRules` and :class:`~mjscore.willingdon.RuleSet`.
    ``journal``: a path (used as given); the heading is written at once and every hand after.
    A journal that already holds a night is refused: open it with :func:`open_night`.
    """

    def __init__(self, players: Sequence[str], *, game: str = "american", rules: HomeRules = HOME,
                 table_rules: TableRules = TableRules(), scoring: RuleSet = WILLINGDON,
                 journal: str | os.PathLike | None = None) -> None:
        if game not in GAMES:
            raise LedgerError(f"the game is american or willingdon, not {game!r}")
        self.game = game
        self.players = _check_players(players, game)
        self.rules = rules
        self.table_rules = table_rules
        self.scoring = scoring
        self._lines: list[Line] = []
        self._keep_damaged = False
        self._on_disk: bytes | None = None  # the journal as this ledger last wrote or read it
        self.journal: Path | None = None
        if journal is not None:
            path = Path(journal)
            if path.exists() and path.stat().st_size > 0:
                raise LedgerError(f"{path.name} already holds a night: open it with open_night() "
                                  f"to carry on, or choose another file name")
            self.journal = path
            self._write(self._lines)

    # -- reading -------------------------------------------------------------------------

    @property
    def columns(self) -> tuple[str, ...]:
        return AMERICAN_COLUMNS if self.game == "american" else WILLINGDON_COLUMNS

    @property
    def lines(self) -> tuple[Line, ...]:
        """Every hand so far, as it stands on the report card."""
        return tuple(self._lines)

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(line.entry for line in self._lines)

    @property
    def totals(self) -> dict:
        """Each player's running total after the last hand (all zero before the first)."""
        return dict(self._lines[-1].totals) if self._lines else {p: 0 for p in self.players}

    @property
    def bettor(self) -> str | None:
        """The fifth player, who sits out and bets unless a hand names another; else None."""
        return self.players[4] if len(self.players) == 5 else None

    def __len__(self) -> int:
        return len(self._lines)

    def __repr__(self) -> str:
        where = f", journal={self.journal.name!r}" if self.journal else ""
        return f"<Ledger {self.game}: {', '.join(self.players)}; {len(self)} hands{where}>"

    # -- changing --------------------------------------------------------------------------

    def check(self, entry: Entry | None = None, /, **fields_: object) -> Line:
        """What a hand would pay, without adding it (the app's preview). Raises LedgerError."""
        entry = self._entry(entry, fields_)
        return self._line(len(self._lines) + 1, entry, self.totals)

    def add(self, entry: Entry | None = None, /, **fields_: object) -> Line:
        """Enter the next hand (an :class:`Entry`, or its fields as keywords); returns its line.

        The journal, if any, is written before the ledger changes: if writing fails, the
        hand is not entered and the error is raised.
        """
        line = self.check(entry, **fields_)
        self._commit(self._lines + [line])
        return line

    def undo(self) -> Line:
        """Take back the last hand; returns it."""
        if not self._lines:
            raise LedgerError("there is no hand to undo")
        last = self._lines[-1]
        self._commit(self._lines[:-1])
        return last

    def correct(self, number: int, entry: Entry | None = None, /, **fields_: object) -> Line:
        """Change hand ``number`` (counting from 1): a whole new :class:`Entry`, or only the
        fields given. Every hand after it is recomputed. Returns the corrected line."""
        n = _whole(number, "the hand number")
        if n is None or not 1 <= n <= len(self._lines):
            raise LedgerError(f"there is no hand {number} (the night has {len(self._lines)})")
        old = self._lines[n - 1].entry
        if entry is None:
            entry = replace(old, **self._normal_fields(fields_))
        elif fields_:
            raise LedgerError("give a whole Entry or the fields to change, not both")
        entry = self._entry(entry, {})
        lines = self._lines[:n - 1]
        totals = lines[-1].totals if lines else {p: 0 for p in self.players}
        for i, e in enumerate([entry] + [ln.entry for ln in self._lines[n:]], start=n):
            lines.append(self._line(i, e, totals))
            totals = lines[-1].totals
        self._commit(lines)
        return lines[n - 1]

    def _commit(self, lines: list[Line]) -> None:
        if self.journal is not None:
            self._write(lines)
        self._lines = lines

    def _write(self, lines: list[Line]) -> None:
        path = self.journal
        assert path is not None
        try:
            now = path.read_bytes()
        except FileNotFoundError:
            now = None
        if now is not None and self._on_disk is not None and now != self._on_disk:
            # Another app, another tab or a spreadsheet changed the file: writing now would lose
            # what they wrote.
            raise LedgerError(f"{path.name} was changed by someone else since it was opened: open it "
                              f"again to carry on (nothing was written)")
        if self._keep_damaged and now is not None:
            stem, n = path.stem + ".before-repair", 1
            while (keep := path.with_name(f"{stem}{'' if n == 1 else f'-{n}'}.csv")).exists():
                n += 1
            _atomic_write(keep, now)
            self._keep_damaged = False
        self._on_disk = _atomic_write(path, self._journal_text([ln.entry for ln in lines]))

    # -- one hand ----------------------------------------------------------------------------

    def _normal_fields(self, fields_: dict) -> dict:
        known = {f.name for f in fields(Entry)}
        unknown = sorted(set(fields_) - known)
        if unknown:
            raise LedgerError(f"unknown field {unknown[0]!r} (known: {', '.join(sorted(known))})")
        return fields_

    def _entry(self, entry: Entry | None, fields_: dict) -> Entry:
        if entry is None:
            entry = Entry(**self._normal_fields(fields_))
        elif fields_:
            raise LedgerError("give an Entry or its fields, not both")
        if not isinstance(entry, Entry):
            raise LedgerError(f"a hand is an Entry, not {type(entry).__name__}")
        return entry

    def _name(self, name: object, what: str, among: Sequence[str] | None = None) -> str | None:
        if name is None:
            return None
        if not isinstance(name, str):
            raise LedgerError(f"{what} must be a player's name, not {name!r}")
        name = name.strip()
        if not name:
            return None
        pool = self.players if among is None else among
        if name in pool:
            return name
        folded = [p for p in pool if p.casefold() == name.casefold()]
        if len(folded) == 1:
            return folded[0]
        if name in self.players:
            raise LedgerError(f"{what} {name!r} is not at the table this hand")
        raise LedgerError(f"{what} {name!r} is not one of the players ({', '.join(self.players)})")

    def _line(self, number: int, entry: Entry, before: dict) -> Line:
        try:
            if self.game == "american":
                entry, value, payments, text, reasons = self._american(entry)
            else:
                entry, value, payments, text, reasons = self._willingdon(entry)
        except (AmericanError, SettlementError, HandError, TileError) as e:
            raise LedgerError(str(e)) from None
        payments = {p: payments.get(p, 0) for p in self.players}
        if sum(payments.values()) != 0:  # the engine promises this; a ledger never drifts
            raise LedgerError(f"hand {number} does not balance: {payments}")
        totals = {p: before.get(p, 0) + payments[p] for p in self.players}
        return Line(number, entry, value, Figures(payments), Figures(totals), text, tuple(reasons))

    def _how(self, how: object, allowed: Sequence[str]) -> str:
        word = _word(how) if isinstance(how, str) else how
        word = _HOW_WORDS.get(word, word)
        if word not in allowed:
            game = "an American" if self.game == "american" else "a Willingdon"
            raise LedgerError(f"how {game} hand ends: one of {', '.join(allowed)}, not {how!r}")
        return word  # type: ignore[return-value]

    def _american(self, e: Entry):
        for col in ("tiles", "exposed", "east"):
            if getattr(e, col) is not None:
                raise LedgerError(f"{col!r} is for a Willingdon night, not an American one")
        if e.fishing:
            raise LedgerError("'fishing' is for a Willingdon night, not an American one")
        how = self._how(e.how, HOWS)
        category = _CATEGORY_WORDS.get(_word(e.category or "other").replace("-", ""), e.category)
        if category not in CATEGORIES:
            raise LedgerError(f"unknown category {e.category!r} (one of {', '.join(CATEGORIES)})")
        jokerless = _yes(e.jokerless, "jokerless")
        value = _whole(e.value, "the hand's value")
        # Who sits at the table this hand, and the bettor.
        bettor = pick = None
        if len(self.players) == 5:
            bettor = self._name(e.bettor, "the bettor") or self.bettor
        elif e.bettor is not None or e.pick is not None:
            raise LedgerError("a bettor and her pick need a fifth player, who sits out")
        table = [p for p in self.players if p != bettor]
        if bettor is not None:
            pick = self._name(e.pick, "the bettor's pick", table)
        winner = self._name(e.winner, "the winner", table)
        thrower = self._name(e.thrower, "the thrower", table)
        dead = tuple(self._name(d, "the dead hand", table) for d in e.dead)
        if len(set(dead)) != len(dead):
            raise LedgerError("a dead hand is named twice")
        entry = replace(e, winner=winner, how=how, thrower=thrower, value=value, jokerless=jokerless,
                        category=category, dead=dead,
                        bettor=bettor if bettor != self.bettor else None, pick=pick)
        if PAYS_AS[how] == "wall":
            if winner is not None or thrower is not None:
                raise LedgerError("a wall game has no winner and no thrower")
            if value not in (None, 0):
                raise LedgerError("a wall game has no value: leave it empty")
            if jokerless:
                raise LedgerError("a wall game has no winner, so nothing was declared jokerless")
            entry = replace(entry, value=None)
            # home_payments asks for a card value even for a wall game; it pays nothing anyway.
            value = 1
        else:
            if winner is None:
                raise LedgerError("name the winner (leave it empty only for a wall game)")
            if value is None:
                raise LedgerError("the hand's value is missing: the number beside it on the card")
            if winner in dead:
                raise LedgerError(f"{winner} cannot win with a dead hand")
            if PAYS_AS[how] == "discard" and thrower is None:
                raise LedgerError("on a discard, name the thrower: who threw the winning tile")
        if bettor is not None and (pick is not None or PAYS_AS[how] != "wall"):
            if pick is None:
                raise LedgerError(f"the bettor, {bettor}, must pick a player to back")
            payments = settle(self.players, winner=winner, how=how, value=value, thrower=thrower,
                              jokerless=jokerless, category=category, dead=dead, bettor=bettor,
                              backs=pick, rules=self.rules)
        else:
            payments = settle(table, winner=winner, how=how, value=value, thrower=thrower,
                              jokerless=jokerless, category=category, dead=dead, rules=self.rules)
        payout = home_payments(value, how, jokerless=jokerless, category=category, rules=self.rules)
        text = self._american_text(entry, bettor)
        return entry, (None if PAYS_AS[how] == "wall" else value), payments, text, payout.reasons

    def _american_text(self, e: Entry, bettor: str | None) -> str:
        if e.how == "wall":
            text = "Wall game: nobody pays"
        else:
            way = {"discard": f"on {e.thrower}'s discard", "self-drawn": "self-drawn",
                   "joker-exchange": "by a joker exchange (pays as self-drawn)",
                   "heavenly-hand": "with a Heavenly Hand (pays as self-drawn)"}[e.how]
            text = f"{e.winner} wins {way}, {e.value} on the card"
            if e.category != "other":
                text += f", {CATEGORIES[e.category]}"
            if e.jokerless:
                exempt = e.category in self.rules.jokerless_exempt
                text += ", jokerless" + (" (no double for this section)" if exempt else "")
        if e.dead:
            text += f"; dead: {', '.join(e.dead)}"
        if bettor is not None and e.pick is not None:
            text += f"; {bettor} sits out and backs {e.pick}"
        return text

    def seats(self, east: str | None = None) -> dict:
        """Willingdon: each player's seat when ``east`` sits East (default the first player);
        the seats go round the players in the order listed.

        >>> Ledger(["Ann", "Bea", "Cat", "Dee"], game="willingdon").seats("Cat")
        {'Ann': 'W', 'Bea': 'N', 'Cat': 'E', 'Dee': 'S'}
        """
        east = self._name(east, "East") or self.players[0]
        i = self.players.index(east)
        return {p: SEATS[(j - i) % 4] for j, p in enumerate(self.players)}

    def _willingdon(self, e: Entry):
        if e.jokerless or e.dead or e.bettor is not None or e.pick is not None:
            raise LedgerError("jokerless, dead hands and the bettor are for an American night")
        if e.category not in (None, "", "other"):
            raise LedgerError("a category is for an American night, not a Willingdon one")
        how = self._how(e.how, WILLINGDON_HOWS)
        east = self._name(e.east, "East")
        seats = self.seats(east)
        name_of = {s: p for p, s in seats.items()}
        winner = self._name(e.winner, "the caller" if how == "false-mahjong" else "the winner")
        thrower = self._name(e.thrower, "the thrower")
        value = _whole(e.value, "the score")
        exposed = _whole(e.exposed, "exposed")
        fishing = _yes(e.fishing, "fishing")
        entry = replace(e, winner=winner, how=how, thrower=thrower, value=value, exposed=exposed,
                        fishing=fishing, east=east if east != self.players[0] else None,
                        category="other")
        reasons: list[str] = []
        if how in ("wall", "false-mahjong"):
            if thrower is not None or value is not None or e.tiles is not None:
                raise LedgerError(f"a {how.replace('-', ' ')} has no thrower, score or tiles")
            if how == "wall":
                if winner is not None:
                    raise LedgerError("a wall game has no winner")
                s = settle_wall_game()
                text = "Wall game: nobody pays"
            else:
                if winner is None:
                    raise LedgerError("name who called the false mahjong (in the winner column)")
                s = settle_false_mahjong(seats[winner], self.table_rules)
                text = f"{winner} called a false mahjong: {self.table_rules.false_mahjong:,} to each other player"
            payments = {name_of[seat]: v for seat, v in s.payments.items()}
            return entry, None, payments, text, s.reasons
        if winner is None:
            raise LedgerError("name the winner (leave it empty only for a wall game)")
        if how == "discard":
            if thrower is None or thrower == winner:
                raise LedgerError("on a discard, name the thrower: another player at the table")
        elif thrower is not None:
            raise LedgerError("a self-drawn hand has no thrower")
        if e.tiles is not None:
            hand = parse(e.tiles)
            if "seat=" not in e.tiles.lower():
                hand = replace(hand, seat=seats[winner])
            elif hand.seat != seats[winner]:
                raise LedgerError(f"the tiles say seat={hand.seat}, but {winner} sits "
                                  f"{SEAT_NAMES[seats[winner]]} this hand")
            if how == "self-drawn" and not hand.self_drawn and hand.blessing is None:
                hand = replace(hand, self_drawn=True)
            if how == "discard" and hand.self_drawn:
                raise LedgerError("the tiles say self-drawn, but the hand was won on a discard")
            result = score(hand, self.scoring)
            if value is not None and value != result.score:
                raise LedgerError(f"the tiles score {result.score:,}, not {value:,} as typed")
            shown = sum(1 for m in hand.melds if m.exposed)
            if exposed is not None and exposed != shown:
                raise LedgerError(f"the tiles show {shown} exposed sets, not {exposed}")
            value, exposed = result.score, shown
            reasons.append(f"The tiles score {result.hand_points} x 2^{result.doubles} = "
                           f"{result.paper_total:,}" + ("" if result.minimum_met else
                                                        f", but under {self.scoring.minimum_doubles} doubles it pays 0"))
        if value is None:
            raise LedgerError("the score is missing: type it in, or give the tiles")
        if value < 0:
            raise LedgerError(f"the score must be 0 or more, not {value}")
        if exposed is not None and not 0 <= exposed <= 4:
            raise LedgerError(f"exposed counts the winner's exposed pungs and kongs, 0 to 4, not {exposed}")
        s = settle_win(value, winner=seats[winner], discarder=seats[thrower] if thrower else None,
                       exposed_sets=exposed or 0, fishing=fishing, rules=self.table_rules)
        payments = {name_of[seat]: v for seat, v in s.payments.items()}
        way = f"on {thrower}'s discard" if thrower else "self-drawn"
        text = f"{winner} ({SEAT_NAMES[seats[winner]]}) wins {way}, scoring {value:,}"
        return entry, value, payments, text, tuple(reasons) + s.reasons

    # -- the journal -------------------------------------------------------------------------

    def _settings_rows(self) -> list[list[str]]:
        rows = [["#players", *self.players], ["#game", self.game]]
        if self.game == "american":
            rows.append(["#jokerless-exempt", *sorted(self.rules.jokerless_exempt)])
        else:
            t, r = self.table_rules, self.scoring
            rows += [["#east-double", _cell_out(t.east_double)],
                     ["#three-exposed-penalty", _cell_out(t.three_exposed_penalty)],
                     ["#false-mahjong", str(t.false_mahjong)],
                     ["#clean-hand-doubles", str(r.clean_hand_doubles)],
                     ["#minimum-doubles", str(r.minimum_doubles)]]
        return rows

    def _journal_text(self, entries: Iterable[Entry]) -> str:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerows([_cell_out(c) if i else c for i, c in enumerate(row)] for row in self._settings_rows())
        w.writerow(self.columns)
        for e in entries:
            w.writerow([_cell_out(getattr(e, c)) for c in self.columns])
        return buf.getvalue()

    def journal_text(self) -> str:
        """The journal as it is (or would be) written: the CSV text."""
        return self._journal_text(self.entries)

    def save(self, path: str | os.PathLike) -> Path:
        """Write the journal to ``path`` (atomically), for instance a copy to keep."""
        path = Path(path)
        _atomic_write(path, self.journal_text())
        return path

    # -- the report card -----------------------------------------------------------------------

    def report_columns(self) -> tuple[str, ...]:
        """The report card's columns: the hand, then what each player paid, then the totals."""
        cols = ["hand", "winner", "how", "thrower"]
        if self.game == "american":
            cols += ["value", "jokerless", "category"]
            if any(ln.entry.dead for ln in self._lines):
                cols.append("dead")
            if len(self.players) == 5:
                cols += ["bettor", "pick"]
        else:
            cols.append("score")
            if any(ln.entry.tiles for ln in self._lines):
                cols.append("tiles")
        return tuple(cols) + self.players + tuple(f"{p} total" for p in self.players)

    def report_rows(self) -> list[dict]:
        """The report card as plain rows (dicts keyed by :meth:`report_columns`)."""
        cols = self.report_columns()
        rows = []
        for ln in self._lines:
            e = ln.entry
            cells = {"hand": ln.number, "winner": e.winner or "", "how": e.how,
                     "thrower": e.thrower or "", "value": ln.value if ln.value is not None else "",
                     "score": ln.value if ln.value is not None else "",
                     "jokerless": "yes" if e.jokerless else "",
                     "category": "" if e.how == "wall" else e.category,
                     "dead": ";".join(e.dead), "tiles": e.tiles or "",
                     "bettor": (e.bettor or self.bettor or "") if self.bettor else "",
                     "pick": e.pick or ""}
            for p in self.players:
                cells[p] = ln.payments[p]
                cells[f"{p} total"] = ln.totals[p]
            rows.append({c: cells[c] for c in cols})
        return rows

    def report_csv(self) -> str:
        """The report card as CSV text (what each hand paid, and the running totals)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(self.report_columns())
        for row in self.report_rows():
            w.writerow([_cell_out(v) for v in row.values()])
        return buf.getvalue()

    def export_report_card(self, path: str | os.PathLike) -> Path:
        """Write the report card as a CSV file (atomically); returns the path."""
        path = Path(path)
        _atomic_write(path, self.report_csv())
        return path

    def report_text(self) -> str:
        """The report card as a plain-text table, with the totals under it.

        >>> night = Ledger(["Ann", "Bea", "Cat", "Dee"])
        >>> _ = night.add(winner="Ann", how="discard", thrower="Cat", value=25)
        >>> print(night.report_text())
        hand  winner  how      thrower  value  jokerless  category  |   Ann  Bea  Cat  Dee  |   Ann  Bea  Cat  Dee
                                                                    |  paid this hand       |  running totals
           1  Ann     discard  Cat         25             other     |  +100  -25  -50  -25  |  +100  -25  -50  -25
        Totals: Ann +100, Bea -25, Cat -50, Dee -25
        """
        cols = self.report_columns()
        k = len(self.players)
        head = list(cols[:-2 * k])
        rows = [[_signed(v) if i >= len(head) else str(v) for i, v in enumerate(r.values())]
                for r in self.report_rows()]
        titles = head + list(self.players) * 2
        widths = [max([len(t)] + [len(r[i]) for r in rows]) for i, t in enumerate(titles)]
        numeric = {i for i, c in enumerate(titles) if c in ("hand", "value", "score") or i >= len(head)}

        def fmt(cells: list[str]) -> str:
            parts = [c.rjust(widths[i]) if i in numeric else c.ljust(widths[i]) for i, c in enumerate(cells)]
            left = "  ".join(parts[:len(head)])
            mid = "  ".join(parts[len(head):len(head) + k])
            right = "  ".join(parts[len(head) + k:])
            return f"{left}  |  {mid}  |  {right}".rstrip()

        out = [fmt(titles)]
        mid_w = sum(widths[len(head):len(head) + k]) + 2 * (k - 1)
        out.append(f"{' ' * len('  '.join(' ' * w for w in widths[:len(head)]))}  |  "
                   f"{'paid this hand'.ljust(mid_w)}  |  running totals")
        out += [fmt(r) for r in rows]
        out.append("Totals: " + ", ".join(f"{p} {_signed(v)}" for p, v in self.totals.items()))
        return "\n".join(out)

    def to_json(self) -> dict:
        """``{"totals": {...}, "hands": [...]}``: each hand's entry, payments and totals."""
        hands = []
        for ln in self._lines:
            d = {"hand": ln.number}
            d.update({c: v for c, v in ln.entry.to_json().items() if c in self.columns
                      and (self.bettor or c not in ("bettor", "pick"))})
            if self.game == "willingdon":
                d["score"] = ln.value
            if self.bettor:
                d["bettor"] = ln.entry.bettor or self.bettor
            d["text"] = ln.text
            d["payments"] = ln.payments
            d["totals"] = ln.totals
            hands.append(d)
        return {"totals": self.totals, "hands": hands}


def _signed(v: object) -> str:
    return f"{v:+d}" if isinstance(v, int) and v else str(v)


# --------------------------------------------------------------------------- reading a journal


_SETTINGS = ("players", "game", "jokerless-exempt", "east-double", "three-exposed-penalty",
             "false-mahjong", "clean-hand-doubles", "minimum-doubles")


def read_journal(text: str, *, players: Sequence[str] | None = None, game: str | None = None,
                 name: str = "the journal") -> LoadResult:
    """A night from journal text (see the module notes for the format).

    ``players`` and ``game`` are for a file that does not name them (a CSV typed by hand);
    when the file names them too, they must agree. Bad rows become :class:`Problem` s and
    the good ones still load; a file that cannot be read at all (no players anywhere, no
    ``winner`` or ``how`` column) raises :class:`LedgerError` naming the line.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = csv.reader(io.StringIO(text), strict=True)
    settings: dict[str, tuple[int, list[str]]] = {}
    header: list[str] | None = None
    header_line = 0
    rows: list[tuple[int, list[str]]] = []
    problems: list[Problem] = []
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            problems.append(Problem(start, f"the row cannot be read as CSV: {e}"))
            continue
        if not any(c.strip() for c in row):
            continue
        first = row[0].strip()
        if first.startswith("#") and header is None:
            key = _word(first[1:])
            values = [c.strip() for c in row[1:]]
            while values and not values[-1]:
                values.pop()
            if key not in _SETTINGS:
                problems.append(Problem(start, f"unknown setting {first!r} (known: "
                                               f"{', '.join('#' + s for s in _SETTINGS)})"))
            elif key in settings:
                problems.append(Problem(start, f"#{key} is given twice (first on line {settings[key][0]})"))
            else:
                settings[key] = (start, values)
            continue
        if header is None:
            header, header_line = [_word(c) for c in row], start
            continue
        rows.append((start, row))

    # The night's settings, from the file or the arguments.
    file_game = settings.get("game")
    if file_game is not None:
        line, values = file_game
        g = _word(values[0]) if values else ""
        if g not in GAMES:
            raise LedgerError(f"{name} line {line}: the game is american or willingdon, not {g!r}")
        if game is not None and game != g:
            raise LedgerError(f"{name} line {line}: the journal is {_a_night(g)}, not {_a_night(game)}")
        game = g
    game = game or "american"
    file_players = settings.get("players")
    if file_players is not None:
        line, values = file_players
        try:
            named = _check_players(values, game)
        except LedgerError as e:
            raise LedgerError(f"{name} line {line}: {e}") from None
        if players is not None:
            given = _check_players(players, game)
            if given != named:
                raise LedgerError(f"{name} line {line}: the journal's players are {', '.join(named)}, "
                                  f"not {', '.join(given)}")
        players = named
    if players is None:
        raise LedgerError(f"{name} does not name its players: add a first row #players,Ann,Bea,Cat,Dee "
                          f"(or give them with --players)")
    kwargs: dict = {}
    line = 0
    try:
        if game == "american":
            if "jokerless-exempt" in settings:
                line, values = settings["jokerless-exempt"]
                exempt = frozenset(_CATEGORY_WORDS.get(_word(v).replace("-", ""), v) for v in values)
                kwargs["rules"] = next((r for r in (HOME, LEAGUE_CARD) if r.jokerless_exempt == exempt),
                                       None) or HomeRules(name="From the journal", jokerless_exempt=exempt)
        else:
            t: dict = {}
            for key, attr, conv in (("east-double", "east_double", _yes),
                                    ("three-exposed-penalty", "three_exposed_penalty", _yes),
                                    ("false-mahjong", "false_mahjong", _whole)):
                if key in settings:
                    line, values = settings[key]
                    t[attr] = conv(values[0] if values else "", f"#{key}")
            kwargs["table_rules"] = TableRules(**t)
            r: dict = {}
            for key in ("clean-hand-doubles", "minimum-doubles"):
                if key in settings:
                    line, values = settings[key]
                    r[key.replace("-", "_")] = _whole(values[0] if values else "0", f"#{key}")
            kwargs["scoring"] = WILLINGDON.with_settings(**r) if r else WILLINGDON
        for key in settings:
            american_only = key == "jokerless-exempt"
            if key not in ("players", "game") and american_only != (game == "american"):
                problems.append(Problem(settings[key][0], f"#{key} is not a setting of {_a_night(game)}; ignored"))
    except (ValueError, TypeError) as e:
        raise LedgerError(f"{name} line {line}: {e}") from None
    ledger = Ledger(players, game=game, **kwargs)

    if header is None:  # the settings only: a night with no hands yet
        return LoadResult(ledger, tuple(problems))
    known = AMERICAN_COLUMNS if game == "american" else WILLINGDON_COLUMNS
    missing = [c for c in _REQUIRED if c not in header]
    if missing:
        raise LedgerError(f"{name} line {header_line}: no {missing[0]!r} column (the columns "
                          f"are {', '.join(known)}; only winner and how are required)")
    use: dict[int, str] = {}
    for i, col in enumerate(header):
        if not col:
            continue
        if col in use.values():
            raise LedgerError(f"{name} line {header_line}: the column {col!r} appears twice")
        if col not in known:
            problems.append(Problem(header_line, f"unknown column {col!r} for {_a_night(game)} "
                                                 f"(known: {', '.join(known)}); ignored"))
            continue
        use[i] = col
    for line, row in rows:
        try:
            cells_used = len(row)
            while cells_used and not row[cells_used - 1].strip():
                cells_used -= 1  # a spreadsheet pads rows with empty cells
            if cells_used > len(header):
                raise LedgerError(f"the row has {cells_used} cells but there are {len(header)} columns")
            cells = {col: row[i].strip() if i < len(row) else "" for i, col in use.items()}
            entry = _entry_from_cells(cells)
            ledger._lines.append(ledger._line(len(ledger) + 1, entry, ledger.totals))
        except LedgerError as e:
            problems.append(Problem(line, str(e)))
    problems.sort(key=lambda p: p.line)
    return LoadResult(ledger, tuple(problems))


def _a_night(game: str) -> str:
    return "an American night" if game == "american" else "a Willingdon night"


def _entry_from_cells(cells: dict) -> Entry:
    kw: dict = {}
    for col, cell in cells.items():
        if col in ("jokerless", "fishing"):
            kw[col] = _yes(cell, col)
        elif col in ("value", "exposed"):
            kw[col] = _whole(cell, "the hand's value" if col == "value" else col)
        elif col == "category":
            kw[col] = cell or "other"
        elif col == "how":
            kw[col] = cell
        else:
            kw[col] = cell or None
    kw.setdefault("how", "")
    if not kw["how"]:
        kw["how"] = "wall" if not kw.get("winner") else ""
        if not kw["how"]:
            raise LedgerError("say how the hand was won (discard, self-drawn, wall)")
    kw["note"] = kw.get("note") or ""
    return Entry(**kw)


def load_journal(path: str | os.PathLike, *, players: Sequence[str] | None = None,
                 game: str | None = None) -> LoadResult:
    """A night from its journal file, attached to it: the next hand is written there too.

    The path is used as given. A file with bad rows loads its good ones, with the problems
    in the result; the file itself is kept as ``NAME.before-repair.csv`` before the ledger
    first rewrites it.
    """
    path = Path(path)
    data = read_bytes(path, LedgerError)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LedgerError(f"{path.name} is not a UTF-8 text file (save it as CSV UTF-8)") from None
    result = read_journal(text, players=players, game=game, name=path.name)
    result.ledger.journal = path
    result.ledger._keep_damaged = bool(result.problems)
    result.ledger._on_disk = data
    return result


def open_night(journal: str | os.PathLike, players: Sequence[str] | None = None,
               **settings: object) -> LoadResult:
    """Carry on the night in ``journal`` if it holds one, else start it with ``players``.

    This is what to call after a kernel restart: the same call starts the night and resumes
    it. ``settings`` (``game``, ``rules``, ...) are for a new night; a journal keeps its own.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tuesday.csv"
    >>> night = open_night(path, ["Ann", "Bea", "Cat", "Dee"]).ledger
    >>> _ = night.add(winner="Dee", how="self-drawn", value=30)
    >>> again = open_night(path).ledger          # after a restart: the players come from the file
    >>> again.players, again.totals
    (('Ann', 'Bea', 'Cat', 'Dee'), {'Ann': -60, 'Bea': -60, 'Cat': -60, 'Dee': 180})
    """
    path = Path(journal)
    if path.exists() and path.stat().st_size > 0:
        game = settings.get("game")
        return load_journal(path, players=players, game=game)  # type: ignore[arg-type]
    if players is None:
        raise LedgerError(f"{path.name} is a new night: name the players")
    return LoadResult(Ledger(players, journal=path, **settings))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the school's table


#: The card values of a simulated night and their weights: most hands on the card are 25,
#: and 30 and 35 are common; 40 to 50 are the harder hands.
SIM_VALUES = ((25, 40), (30, 25), (35, 15), (40, 8), (45, 6), (50, 6))


def simulate_night(players: Sequence[str] = ("Ann", "Bea", "Cat", "Dee"), hands: int = 20, *,
                   seed: int = 2, wall: float = 0.20, self_drawn: float = 0.30,
                   jokerless: float = 0.05, dead: float = 0.10,
                   journal: str | os.PathLike | None = None) -> Ledger:
    """The school's table: a seeded, made-up American night for a class to discuss.

    The frequencies are a teacher's estimates, chosen to look like a real home table, not
    measured from one:

    - ``wall`` = 20%: about one game in five ends with the wall run out and nobody paying;
      it happens often enough that every night has some.
    - ``self_drawn`` = 30% of the wins: most wins come on a discard (three players feed the
      winner, one tile from the wall does), but self-drawn wins are common.
    - values 25/30/35/40/45/50 weighted 40/25/15/8/6/6 (:data:`SIM_VALUES`): most of the
      card is 25-35, the concealed and singles-and-pairs hands are the 40s and 50s.
    - categories: 6% of wins are Singles and Pairs (worth 50, and no jokers can be used, so
      declared jokerless but with no double: a good question for the class), 4% Quints
      (worth 40 or 45, never jokerless); the rest are "other" sections.
    - ``jokerless`` = 5% of the other wins: a hand without jokers is the hard way, and rare.
    - ``dead`` = 10% of hands have one dead hand (never the winner's), which still pays.
    - the winner, the thrower and the dead hand are equally likely to be anyone.

    The default seed, 2, was picked because its twenty hands show each case at least once
    (discard, self-drawn, wall, jokerless, Singles and Pairs, a dead hand). Only
    ``rng.random()`` is drawn, so a seed gives the same night on every Python.

    >>> night = simulate_night()
    >>> len(night), sum(night.totals.values())
    (20, 0)
    >>> night.lines[0].text
    'Dee wins self-drawn, 40 on the card'
    """
    ledger = Ledger(players, journal=journal)
    table = [p for p in ledger.players if p != ledger.bettor]
    rng = random.Random(seed)
    for _ in range(hands):
        entry: dict = {}
        if ledger.bettor is not None:
            entry["pick"] = table[min(int(rng.random() * 4), 3)]
        if rng.random() < wall:
            entry["how"] = "wall"
            winner = None
        else:
            winner = table[min(int(rng.random() * 4), 3)]
            others = [p for p in table if p != winner]
            how = "self-drawn" if rng.random() < self_drawn else "discard"
            category = weighted_choice(rng, (("other", 90), ("singles-and-pairs", 6), ("quints", 4)))
            if category == "singles-and-pairs":
                value, joke = 50, True
            elif category == "quints":
                value, joke = weighted_choice(rng, ((40, 1), (45, 1))), False
            else:
                value, joke = weighted_choice(rng, SIM_VALUES), rng.random() < jokerless
            entry.update(winner=winner, how=how, value=value, jokerless=joke, category=category)
            if how == "discard":
                entry["thrower"] = others[min(int(rng.random() * 3), 2)]
        if rng.random() < dead:
            pool = [p for p in table if p != winner]
            entry["dead"] = (pool[min(int(rng.random() * len(pool)), len(pool) - 1)],)
        ledger.add(**entry)
    return ledger
