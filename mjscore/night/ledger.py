"""A night at the table in memory: the players, each hand as entered, what it paid, and the
running totals. The game's own rules live in its strategy (:mod:`mjscore.night.american`,
:mod:`mjscore.night.willingdon`); the journal on disk in :mod:`mjscore.night.journal`; the
report card in :mod:`mjscore.night.report`.

The worked examples of the National Mah Jongg League's home payments, a hand worth 25, one
after another:

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

Dee did not throw in hand 3 after all, Ann did: correct it. Only that hand is settled again;
the running totals after it shift by the difference.

>>> night.correct(3, thrower="Ann").payments
{'Ann': -100, 'Bea': -50, 'Cat': 200, 'Dee': -50}
>>> night.totals, sum(night.totals.values())
({'Ann': -50, 'Bea': 75, 'Cat': 100, 'Dee': -125}, 0)
>>> night.undo().text
'Wall game: nobody pays'
>>> len(night)
3

**The cost of a hand does not grow with the night.** Each hand's payments are kept; the
running totals are kept as a sum (updated by a hand's payments, or by the difference a
correction makes) and the totals after each hand are worked out only when asked for, from
the first hand a correction changed. A hand the ledger has settled before (same entry) is
not settled again.
"""

from __future__ import annotations

import os
from contextlib import nullcontext
from dataclasses import fields, replace
from pathlib import Path
from typing import NamedTuple, Sequence

from ..american.home import HOME, HomeRules
from ..files.storage import atomic_write
from ..willingdon.scoring import WILLINGDON, RuleSet
from ..willingdon.settle import TableRules
from . import report
from .american import AMERICAN_COLUMNS
from .entry import GAMES, Entry, Figures, LedgerError, Line, Unsaid, check_players, whole
from .journal_file import Journal
from .journal_format import GAME_KINDS, journal_text
from .willingdon import WILLINGDON_COLUMNS, WILLINGDON_HOWS, Willingdon
from .. import html_of

__all__ = ["AMERICAN_COLUMNS", "GAMES", "KeptHand", "Ledger", "WILLINGDON_COLUMNS", "WILLINGDON_HOWS"]

_FIELDS = frozenset(f.name for f in fields(Entry))


class KeptHand(NamedTuple):
    """A hand as the ledger keeps it: as its game settled it, the payments in the players' order."""

    entry: Entry  # as kept: names as the players spell them, each word in its one spelling
    value: int | None  # the card value or the score; None when nothing was won
    payments: tuple[int, ...]  # each player's gain (+) or payment (-), in the order of the players
    text: str
    reasons: tuple[str, ...]


def _known(fields_: dict) -> dict:
    unknown = sorted(set(fields_) - _FIELDS)
    if unknown:
        raise LedgerError(f"unknown field {unknown[0]!r} (known: {', '.join(sorted(_FIELDS))})")
    return fields_


def _asked(ledger: "Ledger", hand: KeptHand) -> KeptHand:
    """``hand``, a new hand or a correction, if it says all its payments depend on; else
    :class:`~mjscore.night.entry.Unsaid` asking for what it leaves unsaid (the game's ``unsaid``).
    The journal's replay does not ask: a row is read back as it was kept."""
    question = ledger.kind.unsaid(ledger.players, hand.entry)
    if question:
        raise Unsaid(question)
    return hand


def _entry(entry: Entry | None, fields_: dict) -> Entry:
    if entry is None:
        entry = Entry(**_known(fields_))
    elif fields_:
        raise LedgerError("give an Entry or its fields, not both")
    if not isinstance(entry, Entry):
        raise LedgerError(f"a hand is an Entry, not {type(entry).__name__}")
    return entry


class Ledger:
    """A night's players and hands, with each hand's payments and the running totals.

    ``players``: four names, or five (the fifth sits out as the bettor unless a hand names
    another). ``game``: ``"american"`` (the default) or ``"willingdon"``; ``rules``, ``table_rules``
    and ``scoring``: the American HomeRules, the Willingdon TableRules and RuleSet. ``journal``: a
    path (used as given), its heading written at once and every hand after (one that holds a night
    is refused: open it with :func:`open_night`). ``kind``: the game's strategy itself, instead."""

    def __init__(self, players: Sequence[str], *, game: str = "american", rules: HomeRules = HOME,
                 table_rules: TableRules = TableRules(), scoring: RuleSet = WILLINGDON,
                 journal: str | os.PathLike | None = None, kind: object = None) -> None:
        if kind is None:
            if game not in GAME_KINDS:
                raise LedgerError(f"the game is american or willingdon, not {game!r}")
            kind = GAME_KINDS[game](rules=rules, table_rules=table_rules, scoring=scoring)
        self.kind = kind
        self.players = kind.check_players(check_players(players))
        self._hands: list[KeptHand] = []
        self._running = [0] * len(self.players)
        self._prefix: list[tuple] = []     # the totals after hand i+1, valid for the first len(_prefix)
        self._settled: dict[Entry, KeptHand] = {}  # entry as given -> its hand, settled
        self._lines: tuple[Line, ...] | None = None
        self._journal = None
        if journal is not None:
            self._journal = Journal.create(Path(journal), self)

    # -- what the night holds --------------------------------------------------------------

    game = property(lambda self: self.kind.name, doc="``american`` or ``willingdon``.")
    rules = property(lambda self: getattr(self.kind, "rules", HOME))
    table_rules = property(lambda self: getattr(self.kind, "table_rules", TableRules()))
    scoring = property(lambda self: getattr(self.kind, "scoring", WILLINGDON))
    columns = property(lambda self: self.kind.columns, doc="The journal's columns for this game.")

    @property
    def journal(self) -> Path | None:
        """The journal's path, or None for a night kept in memory only."""
        return self._journal.path if self._journal is not None else None

    @property
    def bettor(self) -> str | None:
        """The fifth player, who sits out and bets unless a hand names another; else None."""
        return self.kind.bettor(self.players)

    @property
    def totals(self) -> dict:
        """Each player's running total after the last hand (all zero before the first)."""
        return dict(zip(self.players, self._running))

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every hand of the night as entered (as kept: names in one spelling)."""
        return tuple(hand.entry for hand in self._hands)

    @property
    def lines(self) -> tuple[Line, ...]:
        """Every hand so far, as it stands on the report card."""
        if self._lines is None:
            self._lines = tuple(self.line(n) for n in range(1, len(self._hands) + 1))
        return self._lines

    def line(self, number: int) -> Line:
        """Hand ``number`` (from 1) as it stands on the report card."""
        hand = self._hands[number - 1]
        return Line(number, hand.entry, hand.value, Figures(zip(self.players, hand.payments)),
                    Figures(zip(self.players, self._totals_after(number))), hand.text, hand.reasons)

    def seats(self, east: str | None = None) -> dict:
        """Willingdon: each player's seat when ``east`` sits East (default the first player).

        The seats go round the players in the order listed.

        >>> Ledger(["Ann", "Bea", "Cat", "Dee"], game="willingdon").seats("Cat")
        {'Ann': 'W', 'Bea': 'N', 'Cat': 'E', 'Dee': 'S'}
        """
        return Willingdon.seats(self.players, east)

    def __len__(self) -> int:
        return len(self._hands)

    def _repr_html_(self) -> str | None:
        return html_of(self)  # drawn by the views where a notebook shows it

    def __repr__(self) -> str:
        where = f", journal={self.journal.name!r}" if self.journal else ""
        return f"<Ledger {self.game}: {', '.join(self.players)}; {len(self)} hands{where}>"

    # -- changing ----------------------------------------------------------------------------

    def check(self, entry: Entry | None = None, /, **fields_: object) -> Line:
        """What a hand would pay, without adding it (the app's preview). Raises LedgerError."""
        hand = _asked(self, self.settle(_entry(entry, fields_)))
        after = tuple(t + p for t, p in zip(self._running, hand.payments))
        return Line(len(self) + 1, hand.entry, hand.value, Figures(zip(self.players, hand.payments)),
                    Figures(zip(self.players, after)), hand.text, hand.reasons)

    def add(self, entry: Entry | None = None, /, *, number: int | None = None, **fields_: object) -> Line:
        """Enter the next hand (an :class:`Entry`, or its fields as keywords); returns its line.

        With a journal, the hand is appended to it (and on disk) before the ledger changes: if
        writing fails, the hand is not entered. Hands another writer appended meanwhile are
        read first, so this hand comes after them; ``number``, the hand's number as entered
        (what was entered with it, such as East, may follow from the hand before): when they
        would give it another number, nothing is written and LedgerError says so.
        """
        entry = _entry(entry, fields_)
        _asked(self, self.settle(entry))  # a bad hand is refused before anything is written
        with self._writing():
            if number is not None and number != len(self) + 1:
                raise LedgerError(f"this would be hand {len(self) + 1}, not hand {number} as entered: nothing was saved")
            if self._journal is not None:
                self._journal.append(self, len(self) + 1, entry)
            self._push(self.settle(entry))
        return self.line(len(self))

    def undo(self) -> Line:
        """Take back the last hand; returns it."""
        with self._writing():
            last = self._last()
            if self._journal is not None:
                self._journal.append(self, f"undo {len(self)}", None)
            self._pop()
        return last

    def correct(self, number: int, entry: Entry | None = None, /, **fields_: object) -> Line:
        """Change hand ``number`` (counting from 1); returns the corrected line.

        Give a whole new :class:`Entry`, or only the fields to change. Only that hand is settled
        again; the totals after it shift.
        """
        if entry is not None and fields_:
            raise LedgerError("give a whole Entry or the fields to change, not both")
        with self._writing():
            n, new = self._correction(number, entry, fields_)
            if self._journal is not None:
                self._journal.append(self, n, new)
            self._replace(n, self.settle(new))
        return self.line(n)

    def _writing(self):
        """The journal's lock and catching up before a record is appended (nothing without a journal)."""
        return self._journal.writing(self) if self._journal is not None else nullcontext()

    def _correction(self, number: object, entry: Entry | None, fields_: dict) -> tuple[int, Entry]:
        n = whole(number, "the hand number")
        if n is None or not 1 <= n <= len(self._hands):
            raise LedgerError(f"there is no hand {number} (the night has {len(self._hands)})")
        fields_ = {"line": None, **fields_} if {"value", "category"} & fields_.keys() else fields_  # the card's, no more
        new = replace(self._hands[n - 1].entry, **_known(fields_)) if entry is None else entry
        new = _entry(new, {})
        _asked(self, self.settle(new))
        return n, new

    def _last(self) -> Line:
        if not self._hands:
            raise LedgerError("there is no hand to undo")
        return self.line(len(self._hands))

    # -- the bookkeeping (the journal's replay uses these too) -------------------------------

    def settle(self, entry: Entry) -> KeptHand:
        """``entry`` settled by the night's game, as the ledger keeps it; LedgerError if it cannot be."""
        hand = self._settled.get(entry)
        if hand is None:
            settled = self.kind.settle(self.players, entry)
            pay = tuple(settled.payments.get(p, 0) for p in self.players)
            if sum(pay) != 0:  # the engine promises this; a ledger never drifts
                raise LedgerError(f"the hand does not balance: {settled.payments}")
            hand = self._settled[entry] = KeptHand(settled.entry, settled.value, pay, settled.text,
                                                   tuple(settled.reasons))
        return hand

    def _push(self, hand: KeptHand) -> None:
        self._hands.append(hand)
        self._running = [t + p for t, p in zip(self._running, hand.payments)]
        if len(self._prefix) == len(self._hands) - 1:
            self._prefix.append(tuple(self._running))
        self._lines = None

    def _pop(self) -> KeptHand:
        hand = self._hands.pop()
        self._running = [t - p for t, p in zip(self._running, hand.payments)]
        del self._prefix[len(self._hands):]
        self._lines = None
        return hand

    def _replace(self, n: int, hand: KeptHand) -> None:
        old = self._hands[n - 1]
        self._hands[n - 1] = hand
        self._running = [t - o + p for t, o, p in zip(self._running, old.payments, hand.payments)]
        del self._prefix[n - 1:]
        self._lines = None

    def _totals_after(self, n: int) -> tuple:
        prefix = self._prefix
        while len(prefix) < n:
            last = prefix[-1] if prefix else (0,) * len(self.players)
            prefix.append(tuple(t + p for t, p in zip(last, self._hands[len(prefix)].payments)))
        return prefix[n - 1]

    def _adopt(self, other: "Ledger") -> None:
        """Take over the hands of ``other`` (the same night read again from its journal)."""
        if other.players != self.players or other.game != self.game:
            raise LedgerError(f"the journal now holds another night ({other.game}: "
                              f"{', '.join(other.players)}): open it again")
        self._hands, self._running, self._prefix = other._hands, other._running, other._prefix
        self._lines = None

    # -- the journal and the report card (see journal_format.py and report.py) --------------

    def journal_text(self) -> str:
        """The journal as it would be written afresh: the CSV text."""
        return journal_text(self)

    def save(self, path: str | os.PathLike) -> Path:
        """Write the journal to ``path`` (atomically), for instance a copy to keep."""
        atomic_write(Path(path), self.journal_text().encode("utf-8-sig"))
        return Path(path)

    def sync(self) -> bool:
        """Read what another writer appended to the journal since this ledger last looked.

        Another writer: a second tab, the command line. True when the night changed.
        """
        return self._journal is not None and self._journal.refresh(self)

    def report_columns(self) -> tuple[str, ...]:
        """The report card's columns (:func:`mjscore.night.report.report_columns`)."""
        return report.report_columns(self)

    def report_rows(self) -> list[dict]:
        """The report card as plain rows (:func:`mjscore.night.report.report_rows`)."""
        return report.report_rows(self)

    def report_csv(self) -> str:
        """The report card as CSV text (:func:`mjscore.night.report.report_csv`)."""
        return report.report_csv(self)

    def export_report_card(self, path: str | os.PathLike) -> Path:
        """Write the report card to ``path`` as CSV (:func:`mjscore.night.report.export_report_card`)."""
        return report.export_report_card(self, path)

    def report_text(self) -> str:
        """The report card as plain text (:func:`mjscore.night.report.report_text`)."""
        return report.report_text(self)

    def to_json(self) -> dict:
        """The night as JSON data (:func:`mjscore.night.report.to_json`)."""
        return report.to_json(self)
