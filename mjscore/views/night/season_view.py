"""The season of the saved nights, as the scorekeeper shows it: a button, then the season.

:class:`SeasonPart` is a part of the scorekeeper's page (:mod:`.scorekeeper_app` holds one): a
click reads the season of the nights in the scorekeeper's folder (the open night's folder, else
the data folder's ``nights``), each journal once and writing nothing
(:func:`mjscore.night.season.read_season`), and shows its standings, its chart and its nights
(:mod:`.season_html`). A second click reads it again, with the hands saved since.

>>> import tempfile, pathlib
>>> from mjscore.night import open_night
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> part = SeasonPart(lambda: folder)
>>> part.button.click()
>>> "No night's journal in" in part.html.value
True
>>> _ = open_night(folder / "night-2025-03-04.csv", ["Ann", "Bea", "Cat", "Dee"]).ledger.add(how="self-drawn",
...                                                                                          winner="Ann", value=25)
>>> part.button.click()
>>> [(s.player, s.total) for s in part.season.games[0].standings][:2], part.button.description
([('Ann', 150), ('Bea', -50)], 'Read the season again')
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Callable

import ipywidgets as widgets

from ...night import LedgerError
from ...night.season import read_season
from .._app import classed
from .season_html import season_html

__all__ = ["SeasonPart"]


class SeasonPart:
    """The season button and what it shows; ``folder()`` says where the nights are (None: the data folder's)."""

    def __init__(self, folder: Callable[[], Path | None]) -> None:
        self.folder = folder
        self.season = None  # the season last shown, for a test to read
        self.button = classed(widgets.Button(description="The season of the saved nights", icon="list",
                                             layout=widgets.Layout(width="auto")), "mjs-score-season")
        self.html = classed(widgets.HTML(), "mjs-score-season-view")
        self.widget = widgets.VBox([self.button, self.html])
        self.button.on_click(lambda _: self.show())

    def show(self) -> None:
        """Read the season of the nights in the folder now, and show it."""
        where = self.folder()
        try:
            self.season = read_season(None if where is None else [where])
        except LedgerError as e:  # no night's journal in the folder yet
            self.season = None
            self.html.value = f'<p class="mjs-score-season-none">{html.escape(str(e)[:1].upper() + str(e)[1:], quote=False)}.</p>'
        else:
            self.html.value = season_html(self.season)
        self.button.description = "Read the season again"
