"""A night's journal, the file format: an append-only CSV log of its hands.

Its rows are written here, and read back by replaying them (:mod:`mjscore.night.replay`).

**The format** is a CSV a person can open in a spreadsheet, or type. A few setting rows come
first, each a first cell beginning ``#`` and its values in the cells after it; then the row of
column names; then one row per record::

    #players,Ann,Bea,Cat,Dee
    #game,american
    #jokerless-exempt,quints,singles-and-pairs
    hand,winner,how,thrower,value,jokerless,category,dead,bettor,pick,note,line
    1,Ann,discard,Cat,25,no,other,,,,,
    2,,wall,,,no,other,,,,,
    undo 2,,,,,,,,,,,
    2,Bea,self-drawn,,30,no,other,,,,,2468 #3
    1,Ann,discard,Dee,25,no,other,,,,,

Each hand, undo and correction is **one appended row**: ``hand`` is the hand's number (empty
means the next hand); a number already used is a correction of that hand (the row says the
whole hand again); ``undo N`` takes back hand N, the last. Above, hand 2 was a wall game,
taken back and entered again as Bea's win with the third line of the club card's 2468 section,
then hand 1 was corrected (Dee threw, not Cat).

Setting rows (before the column names): ``#players`` (the four, or five: the fifth listed
sits out and bets unless a hand's ``bettor`` names another), ``#game`` (``american`` or
``willingdon``), and the rules: ``#jokerless-exempt`` (the card's sections with no jokerless
double) for American; ``#east-double``, ``#three-exposed-penalty`` (yes/no),
``#false-mahjong`` (the penalty to each player), ``#clean-hand-doubles`` and
``#minimum-doubles`` for Willingdon. Any setting left out takes its default.

Columns (any order; names are case-blind; only ``winner`` and ``how`` are required, a missing
column is empty in every row, and a CSV typed by hand without ``hand`` is one hand a row):
``winner`` (empty for a wall game; for a Willingdon false mahjong, who called it), ``how``
(``discard``, ``self-drawn``, ``wall``, ``joker-exchange`` or ``heavenly-hand``; Willingdon:
``discard``, ``self-drawn``, ``wall`` or ``false-mahjong``), ``thrower`` (on a discard),
``value`` (the card value; Willingdon: the score, which may be left empty when ``tiles``
gives the hand), ``jokerless`` (yes when declared), ``category`` (the card's section),
``dead`` (players with dead hands, separated by ``;``), ``bettor`` and ``pick`` (five
players: who sat out, whom she backed), ``tiles`` (Willingdon: the hand in the short
notation), ``exposed`` (Willingdon: how many pungs/kongs the winner showed *before* the
discard, for the three-exposed penalty), ``fishing`` (yes when the discarder had no other
choice), ``east`` (who sat East; the seats go round the players in order), ``note``, ``line``
(American: the line of the club's card the hand was, such as ``2468 #3``; its value and section
kind are in ``value`` and ``category``, so the journal is read without the card). A journal
written before the ``line`` column reads as it is, and is written again with it when a hand
first names a line.

Yes/no cells also take ``y``, ``n``, ``true``, ``false``, ``1``, ``0``, ``x``. A text cell that
a spreadsheet would run as a formula gets a leading apostrophe (``'+1Bx4 ...``), which the
reader takes off again.

>>> from mjscore.night import Ledger
>>> night = Ledger(["Ann", "Bea", "Cat", "Dee"])
>>> _ = night.add(winner="Ann", how="discard", thrower="Cat", value=25)
>>> print(journal_text(night), end="")
#players,Ann,Bea,Cat,Dee
#game,american
#jokerless-exempt,quints,singles-and-pairs
hand,winner,how,thrower,value,jokerless,category,dead,bettor,pick,note,line
1,Ann,discard,Cat,25,no,other,,,,,
"""

from __future__ import annotations

import csv
import io

from ..files.inputs import decode, tidy
from .american import American
from .entry import Entry, LedgerError, cell_out, whole, yes
from .willingdon import Willingdon

__all__ = ["GAME_KINDS", "REQUIRED", "SETTINGS", "decode_rows", "decode_tail", "entry_from_cells", "header",
           "heading", "journal_text", "record"]

#: Each game's strategy, by the name a journal gives it (``#game,american``).
GAME_KINDS = {"american": American, "willingdon": Willingdon}
#: The setting rows a journal may start with (``#players``, ``#game``, then each game's own).
SETTINGS = ("players", "game") + tuple(s for kind in GAME_KINDS.values() for s in kind.settings)
#: The columns a journal cannot do without.
REQUIRED = ("winner", "how")


# --------------------------------------------------------------------------- writing rows


def header(ledger) -> tuple[str, ...]:
    """The row of column names a journal of ``ledger`` is written with: ``hand``, then its game's."""
    return ("hand",) + ledger.columns


def _csv(rows) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


def heading(ledger) -> str:
    """The setting rows of ``ledger``'s journal and its row of column names, as CSV text."""
    rows = [["#players", *ledger.players], ["#game", ledger.game]] + ledger.kind.settings_rows()
    return _csv([[r[0], *(cell_out(c) for c in r[1:])] for r in rows] + [header(ledger)])


def record(ledger, hand: object, entry: Entry | None) -> str:
    """One record as a CSV row.

    ``hand`` (its number, or ``undo N``) and the cells of ``entry`` (empty for an undo).
    """
    cells = [cell_out(getattr(entry, c)) if entry is not None else "" for c in ledger.columns]
    return _csv([[str(hand), *cells]])


def journal_text(ledger) -> str:
    """The night as a fresh journal: its heading and one row per hand (no undos, no corrections)."""
    return heading(ledger) + "".join(record(ledger, n, e) for n, e in enumerate(ledger.entries, 1))


# --------------------------------------------------------------------------- reading cells


def entry_from_cells(cells: dict) -> Entry:
    """The :class:`Entry` of a row, from its cells by column name (as :func:`cell_in` reads them)."""
    kw: dict = {}
    for col, cell in cells.items():
        if col in ("jokerless", "fishing"):
            kw[col] = yes(cell, col)
        elif col in ("value", "exposed"):
            kw[col] = whole(cell, "the hand's value" if col == "value" else col)
        elif col == "category":
            kw[col] = cell or "other"
        elif col == "how":
            kw[col] = cell
        else:
            kw[col] = cell or None
    if not kw.get("how"):
        if kw.get("winner"):
            raise LedgerError("say how the hand was won (discard, self-drawn, wall)")
        kw["how"] = "wall"
    kw["note"] = kw.get("note") or ""
    return Entry(**kw)


def decode_rows(data: bytes, name: str) -> str:
    """A whole journal file's bytes as text, as editors and spreadsheets save it.

    UTF-8 with or without a byte-order mark, or UTF-16 with one (:func:`mjscore.files.inputs.decode`).
    """
    return decode(data, name, LedgerError)


def decode_tail(data: bytes, name: str) -> str:
    """Rows read from the middle of a journal file (appended since the last look) as text."""
    try:
        return tidy(data.decode("utf-8"), name, LedgerError)
    except UnicodeDecodeError:
        raise LedgerError(f"{name} has rows that are not UTF-8 text (save it as CSV UTF-8)") from None
