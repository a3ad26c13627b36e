"""The report card of a night: what each hand paid, the running totals, and their chart.

- :func:`report_card` the report card as a pandas DataFrame, one row per hand (export it with
  ``.to_csv()``, or use :meth:`mjscore.night.Ledger.export_report_card`, which needs no pandas).
- :func:`totals_frame` the running totals, hand 0 being the start of the night.
- :func:`totals_svg`, :func:`report_card_html`, :func:`totals_html`, :func:`payments_html`: the
  pieces of the scorekeeper app, in :mod:`mjscore.views.night.night_html` (no pandas, no matplotlib:
  the app runs in a browser kernel that has neither) and re-exported here.
- :func:`tournament_standings` the same night scored the tournament way
  (:mod:`mjscore.american.tournament`; the games themselves are
  :func:`mjscore.night.tournament_games`), for comparison.

Every figure comes from the :class:`~mjscore.night.Ledger`: nothing is recomputed here.

>>> from mjscore.night import Ledger
>>> night = Ledger(["<b>Ann</b>", "Bea", "Cat", "Dee"])
>>> _ = night.add(winner="<b>Ann</b>", how="discard", thrower="Cat", value=25)
>>> report_card(night).loc[1, ["<b>Ann</b>", "Cat", "<b>Ann</b> total"]].tolist()
[100, -50, 100]
>>> "&lt;b&gt;Ann&lt;/b&gt;" in totals_html(night) and "<b>Ann</b>" not in totals_html(night)
True
"""

from __future__ import annotations

import pandas as pd
from matplotlib.axes import Axes

from ...american.tournament import Standings, TournamentTable, standings
from ...night import Ledger, tournament_games
from .night_html import PLAYER_COLOURS, payments_html, report_card_html, totals_html, totals_svg

__all__ = ["PLAYER_COLOURS", "payments_html", "report_card", "report_card_html", "totals_frame", "totals_html", "totals_svg", "tournament_games", "tournament_standings"]



def report_card(ledger: Ledger) -> pd.DataFrame:
    """The report card as a table: one row per hand, indexed by its number.

    Each row says what the hand was, what each player paid or collected (a column per player)
    and each running total (``NAME total``)."""
    cols = list(ledger.report_columns())
    frame = pd.DataFrame(ledger.report_rows(), columns=cols)
    return frame.set_index("hand")


def totals_frame(ledger: Ledger) -> pd.DataFrame:
    """Each player's running total after each hand; row 0 is the start of the night (all 0)."""
    rows = [{p: 0 for p in ledger.players}] + [ln.totals for ln in ledger.lines]
    frame = pd.DataFrame(rows, columns=list(ledger.players))
    frame.index.name = "hand"
    return frame


def tournament_standings(ledger: Ledger, table: TournamentTable | None = None) -> Standings:
    """The night's standings in tournament points (default: the common published table).

    >>> from mjscore.night import simulate_night
    >>> [r.player for r in tournament_standings(simulate_night()).rows]
    ['Dee', 'Cat', 'Bea', 'Ann']
    """
    return standings(tournament_games(ledger), table)
