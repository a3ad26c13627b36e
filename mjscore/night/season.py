"""A season at the club: several nights' journals read together, as they are, and added up.

A season is a set of journals (files, or folders of them; by default the scorekeeper's
``nights`` folder). Each is read once, the way ``mjscore night`` reads it, and nothing is
written to it or beside it: no lock, no repair. For each game it holds:

- **the standings**: each player's total over the season, the nights they played, the hands
  they won, their average per night and their best night, with their place (equal totals share
  one);
- **the nights**, in order of date: each night's players and each one's result. A player who
  was not at a night is absent from it, never a zero: she plays no part in its average;
- **the running totals**: each player's season total after each night they played.

Nights of different games are never added together: a season of American and Willingdon nights
holds one table per game (:attr:`Season.games`). A night counts as its journal says after every
correction and undo (the ledger's totals). A journal that cannot be read, or that has a bad row
(``mjscore night`` refuses it too), is named with the reason in :attr:`Season.skipped`, and the
rest of the season is still counted; a last row cut short by a crash is left out with a note,
as everywhere.

A night's date is the one its file name holds (``night-2025-03-04.csv``, the scorekeeper's
own names, or ``2025.03.04``), else the day its journal was last changed.

>>> from mjscore.night import Ledger
>>> tue = Ledger(["Ann", "Bea", "Cat", "Dee"])
>>> _ = tue.add(winner="Ann", how="discard", thrower="Cat", value=25)
>>> wed = Ledger(["Ann", "Bea", "Cat", "Eve"])
>>> _ = wed.add(winner="Eve", how="self-drawn", value=30)
>>> season = season_of([("tue.csv", "2025-03-04", tue), ("wed.csv", "2025-03-05", wed)])
>>> [(s.place, s.player, s.total, s.nights) for s in season.games[0].standings]
[(1, 'Eve', 180, 1), (2, 'Ann', 40, 2), (3, 'Dee', -25, 1), (4, 'Bea', -85, 2), (5, 'Cat', -110, 2)]
>>> season.games[0].running["Dee"]
((0, -25),)
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Iterable, Sequence

from ..files.storage import data_dir
from .entry import GAMES, LedgerError
from .journal import list_nights, read_night_file

__all__ = ["Night", "Season", "SeasonError", "Skipped", "Standing", "Table", "journals", "night_of", "read_season",
           "season_of"]

#: A date in a file name: 2025-03-04, 2025.03.04 or 2025_03_04.
_DATE = re.compile(r"(?<!\d)(\d{4})[-._](\d{2})[-._](\d{2})(?!\d)")
#: How each game is named in a sentence.
GAME_NAMES = {"american": "American", "willingdon": "Willingdon"}


class SeasonError(LedgerError):
    """A season that cannot be read at all (no journal anywhere): the message says why."""


@dataclass(frozen=True)
class Night:
    """One night of a season, as its journal says after every correction and undo.

    ``journal``: the file's name; ``date``: ``YYYY-MM-DD``; ``totals``: each player's result for
    the night (only those at the table); ``won``: the hands each of them won.
    """

    journal: str
    date: str
    game: str
    players: tuple[str, ...]
    totals: dict
    won: dict
    hands: int


@dataclass(frozen=True)
class Standing:
    """A player's season in one game: place, total, nights played, hands won, average, best night."""

    place: int
    player: str
    total: int
    nights: int
    won: int
    best: int
    best_night: str  # the journal of the best night (the first, where two are equal)

    @property
    def average(self) -> float:
        """The player's average result per night played."""
        return self.total / self.nights


@dataclass(frozen=True)
class Table:
    """The season of one game: its nights in order, the standings, and the running totals.

    ``running``: for each player, ``(night, total)`` after each night they played, ``night``
    counting the table's nights from 0.
    """

    game: str
    nights: tuple[Night, ...]
    standings: tuple[Standing, ...]
    running: dict

    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the season in this game, in the order they first played."""
        return tuple(self.running)


@dataclass(frozen=True)
class Skipped:
    """A journal left out of the season, and why."""

    journal: str
    reason: str

    def __str__(self) -> str:
        return f"{self.journal}: {self.reason}"


@dataclass(frozen=True)
class Season:
    """Nights' journals read together: one :class:`Table` a game, and what was left out.

    ``notes``: what was read but not counted (a night with no hands, a row cut short).
    """

    games: tuple[Table, ...]
    skipped: tuple[Skipped, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def game(self, name: str) -> Table | None:
        """The table of one game (``american`` or ``willingdon``), None when no night was of it."""
        return next((t for t in self.games if t.game == name), None)


# --------------------------------------------------------------------------- the journals


def journals(paths: Iterable[str | os.PathLike] | None = None) -> list[Path]:
    """The journal files a season is made of: each path a file, or a folder of nights.

    A folder gives every night it holds (:func:`mjscore.night.list_nights`: not what a journal
    keeps beside itself, not hidden files); no paths, the data folder's ``nights``. Each file once.
    """
    if paths is None:
        return list_nights(data_dir() / "nights")
    found: list[Path] = []
    for p in map(Path, paths):
        found += list_nights(p) if p.is_dir() else [p]
    seen, out = set(), []
    for p in found:
        key = os.path.abspath(p)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _date_of(path: Path) -> str:
    match = _DATE.search(path.name)
    if match:
        try:
            return date(*map(int, match.groups())).isoformat()
        except ValueError:
            pass
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).date().isoformat()
    except OSError:
        return ""


def night_of(journal: str, day: str, ledger) -> Night:
    """A night of the season from its ledger: its result for each player and the hands each won.

    A Willingdon false mahjong names who called it as its ``winner``: it is no win.
    """
    won = dict.fromkeys(ledger.players, 0)
    for e in ledger.entries:
        if e.winner is not None and e.how != "false-mahjong":
            won[e.winner] += 1
    return Night(journal, day, ledger.game, tuple(ledger.players), ledger.totals, won, len(ledger))


def read_season(paths: Iterable[str | os.PathLike] | None = None) -> Season:
    """The season of these journals (files or folders; none: the data folder's ``nights``).

    Each journal is read once and nothing is written. One that cannot be read, or has a bad row,
    is in :attr:`Season.skipped` with its reason; the rest are counted. Raises
    :class:`SeasonError` only when there is no journal at all.
    """
    files = journals(paths)
    if not files:
        where = ", ".join(map(str, paths)) if paths is not None else str(data_dir() / "nights")
        raise SeasonError(f"no night's journal in {where}")
    read, skipped, notes = [], [], []
    for path in files:
        name = path.name
        try:
            result = read_night_file(path, name=name)
        except (LedgerError, OSError) as e:
            skipped.append(Skipped(name, _reason(e, name)))
            continue
        bad = [p for p in result.problems if "cut short" not in p.message]
        if bad:
            more = len(bad) - 1
            skipped.append(Skipped(name, f"{bad[0]}" + (f" (and {more} more bad row{'s' * (more > 1)})" if more
                                                        else "") + ": fix it, and the night counts"))
            continue
        notes += [f"{name} {p}" for p in result.problems]
        read.append((name, _date_of(path), result.ledger))
    season = season_of(read)
    return Season(season.games, tuple(skipped), tuple(notes) + season.notes)


def _reason(error: BaseException, name: str) -> str:
    """Why a journal cannot be read, without its name (said before it) or the options of another command."""
    text = str(error) if isinstance(error, LedgerError) else (getattr(error, "strerror", None) or str(error))
    text = text.replace(" (or give them with --players)", "").replace(f"the journal {name} is empty", "it is empty")
    return text[len(name) + 1:].lstrip(": ") if text.startswith((name + " ", name + ":")) else text


# --------------------------------------------------------------------------- adding up


def season_of(nights: Sequence[tuple[str, str, object]]) -> Season:
    """The season of nights already read: ``(journal, date, ledger)`` each, in any order.

    The nights are put in order of date (then journal); a night with no hands is noted, not
    counted. Players are the same player when their names differ only in case.
    """
    counted = [night_of(j, d, ledger) for j, d, ledger in nights if len(ledger)]
    notes = tuple(f"{j} holds no hands yet: not counted" for j, _, ledger in nights if not len(ledger))
    counted.sort(key=lambda n: (n.date, n.journal))
    tables = tuple(_table(game, [n for n in counted if n.game == game]) for game in GAMES
                   if any(n.game == game for n in counted))
    return Season(tables, (), notes)


def _table(game: str, nights: list[Night]) -> Table:
    spelling: dict[str, str] = {}  # a name folded -> as it was first spelled
    for n in nights:
        for p in n.players:
            spelling.setdefault(p.casefold(), p)
    nights = [_respelled(n, spelling) for n in nights]
    total = dict.fromkeys(spelling.values(), 0)
    played, won = dict.fromkeys(total, 0), dict.fromkeys(total, 0)
    best: dict[str, tuple[int, str]] = {}
    running: dict[str, list] = {p: [] for p in total}
    for i, n in enumerate(nights):
        for p, v in n.totals.items():
            total[p] += v
            played[p] += 1
            won[p] += n.won[p]
            if p not in best or v > best[p][0]:
                best[p] = (v, n.journal)
            running[p].append((i, total[p]))
    order = sorted(total, key=lambda p: -total[p])  # equal totals keep the order they first played in
    standings, place = [], 0
    for k, p in enumerate(order):
        if k == 0 or total[p] != total[order[k - 1]]:
            place = k + 1
        standings.append(Standing(place, p, total[p], played[p], won[p], *best[p]))
    return Table(game, tuple(nights), tuple(standings), {p: tuple(r) for p, r in running.items()})


def _respelled(night: Night, spelling: dict[str, str]) -> Night:
    """``night`` with each player named as the season first spelled her."""
    name = {p: spelling[p.casefold()] for p in night.players}
    if all(k == v for k, v in name.items()):
        return night
    return Night(night.journal, night.date, night.game, tuple(name[p] for p in night.players),
                 {name[p]: v for p, v in night.totals.items()}, {name[p]: v for p, v in night.won.items()},
                 night.hands)
