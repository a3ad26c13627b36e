"""A season written out: as text for a person, as CSV (one row a player a night) and as JSON.

The figures are the :class:`~mjscore.night.season.Season`'s; nothing is worked out again here
but the average, which is written to the nearest whole number for a reader.

>>> from mjscore.night import Ledger
>>> from mjscore.night.season import season_of
>>> tue = Ledger(["Ann", "Bea", "Cat", "Dee"])
>>> _ = tue.add(winner="Ann", how="discard", thrower="Cat", value=25)
>>> wed = Ledger(["Ann", "Bea", "Cat", "Eve"])
>>> _ = wed.add(winner="Eve", how="self-drawn", value=30)
>>> season = season_of([("tue.csv", "2025-03-04", tue), ("wed.csv", "2025-03-05", wed)])
>>> print(season_text(season))
American: 2 nights, 5 players
place  player  total  nights  won  average  best night
    1  Eve      +180       1    1     +180  +180 on 2025-03-05
    2  Ann       +40       2    1      +20  +100 on 2025-03-04
    3  Dee       −25       1    0      −25  −25 on 2025-03-04
    4  Bea       −85       2    0      −43  −25 on 2025-03-04
    5  Cat      −110       2    0      −55  −50 on 2025-03-04
<BLANKLINE>
date        journal  hands   Ann  Bea  Cat  Dee   Eve
2025-03-04  tue.csv      1  +100  −25  −50  −25
2025-03-05  wed.csv      1   −60  −60  −60       +180
An empty cell: not at that night.
>>> print(season_csv(season), end="")
game,date,journal,player,result,won,season total
american,2025-03-04,tue.csv,Ann,100,1,100
american,2025-03-04,tue.csv,Bea,-25,0,-25
american,2025-03-04,tue.csv,Cat,-50,0,-50
american,2025-03-04,tue.csv,Dee,-25,0,-25
american,2025-03-05,wed.csv,Ann,-60,0,40
american,2025-03-05,wed.csv,Bea,-60,0,-85
american,2025-03-05,wed.csv,Cat,-60,0,-110
american,2025-03-05,wed.csv,Eve,180,1,180
"""

from __future__ import annotations

import csv
import io

from ..numbers import count, signed
from .entry import cell_out
from .season import GAME_NAMES, Season, Table

__all__ = ["nearest", "season_csv", "season_json", "season_text"]


def _plural(n: int, word: str) -> str:
    return f"{count(n)} {word}{'s' * (n != 1)}"


def nearest(total: int, nights: int) -> int:
    """``total / nights`` to the nearest whole number, a half away from zero (as a spreadsheet's ROUND).

    >>> nearest(-85, 2), nearest(85, 2), nearest(40, 3)
    (-43, 43, 13)
    """
    q = (abs(total) * 2 + nights) // (2 * nights)
    return q if total >= 0 else -q


def _columns(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(r)).rstrip()
            for r in rows]


def table_text(table: Table) -> str:
    """One game's season as text: a heading, the standings, then a row a night."""
    dates = {n.journal: n.date for n in table.nights}
    head = (f"{GAME_NAMES[table.game]}: {_plural(len(table.nights), 'night')}, "
            f"{_plural(len(table.players), 'player')}")
    standings = [["place", "player", "total", "nights", "won", "average", "best night"]]
    standings += [[count(s.place), s.player, signed(s.total), count(s.nights), count(s.won),
                   signed(nearest(s.total, s.nights)), f"{signed(s.best)} on {dates[s.best_night]}"]
                  for s in table.standings]
    nights = [["date", "journal", "hands", *table.players]]
    nights += [[n.date, n.journal, count(n.hands), *(signed(n.totals[p]) if p in n.totals else ""
                                                      for p in table.players)] for n in table.nights]
    return "\n".join([head, *_columns(standings, {0, 2, 3, 4, 5}), "",
                      *_columns(nights, set(range(2, 3 + len(table.players)))),
                      "An empty cell: not at that night."])


def season_text(season: Season) -> str:
    """The season as text for a person: one part a game (never added together), each said."""
    text = "\n\n".join(table_text(t) for t in season.games)
    if len(season.games) > 1:
        names = " and ".join(GAME_NAMES[t.game] for t in season.games)
        text = f"These nights are of two games, {names}: each is added up on its own, never together.\n\n" + text
    return text


def season_csv(season: Season) -> str:
    """The season as CSV, one row a player a night: the night's result, hands won, the season's total after it.

    Every figure of the standings follows from these rows (the sum, the count, the best).
    """
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["game", "date", "journal", "player", "result", "won", "season total"])
    for t in season.games:
        after = {p: dict((t.nights[i].journal, v) for i, v in r) for p, r in t.running.items()}
        for n in t.nights:
            for p in n.players:
                w.writerow([cell_out(c) for c in (t.game, n.date, n.journal, p, n.totals[p], n.won[p],
                                                   after[p][n.journal])])
    return buf.getvalue()


def season_json(season: Season) -> dict:
    """The season as JSON data: for each game its standings, nights and running totals; what was left out."""
    games = []
    for t in season.games:
        games.append({
            "game": t.game,
            "standings": [{"place": s.place, "player": s.player, "total": s.total, "nights": s.nights,
                           "won": s.won, "average": round(s.average, 2), "best": s.best,
                           "best_night": s.best_night} for s in t.standings],
            "nights": [{"journal": n.journal, "date": n.date, "hands": n.hands, "totals": n.totals, "won": n.won}
                       for n in t.nights],
            "running": {p: [[t.nights[i].journal, v] for i, v in r] for p, r in t.running.items()},
        })
    return {"games": games, "skipped": [{"journal": s.journal, "reason": s.reason} for s in season.skipped],
            "notes": list(season.notes)}
