"""mjscore: score American Mah Jongg and Willingdon (Goulash) hands, and explain every point.

The engine is pure Python and imports nothing third-party; the views (tables, charts, widget
apps) live in :mod:`mjscore.views` and are imported only when asked for.

>>> from mjscore import parse, score
>>> score(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2")).paper_total
237568

Each name below is loaded on first use (``import mjscore`` itself loads nothing more, so a
command or a kernel starts at once); ``from mjscore import score`` works as usual.
"""

from __future__ import annotations

from importlib import import_module

__version__ = "0.1.0"

#: The public API: each name and the module it lives in.
_WHERE = {
    "AmericanError": "american.home", "HOME": "american.home", "HomeRules": "american.home",
    "LEAGUE_CARD": "american.home", "home_payments": "american.home",
    "Hand": "hands", "HandError": "hands", "Meld": "hands", "format_hand": "hands", "load_hand": "hands",
    "parse": "hands",
    "TableRules": "willingdon.settle", "settle_false_mahjong": "willingdon.settle",
    "settle_wall_game": "willingdon.settle", "settle_win": "willingdon.settle",
    "TileError": "tiles",
    "CLEAN_HAND_ONE": "willingdon.rules", "WILLINGDON": "willingdon.rules", "RuleSet": "willingdon.rules",
    "rule_table": "willingdon.rules",
    "Score": "willingdon.scoring", "score": "willingdon.scoring",
}

__all__ = sorted(_WHERE) + ["html_of"]

#: How a notebook shows a result of the engine by itself: the view that draws each kind, reached
#: by name only when a result is shown (the engine imports no view, and these views use nothing
#: beyond the standard library: ``tests/test_house.py`` checks both).
HTML_VIEWS = {"mjscore.willingdon.scoring.Score": "views.results:breakdown_html",
              "mjscore.willingdon.settle.Settlement": "views.results:settlement_html",
              "mjscore.night.ledger.Ledger": "views.night.night_html:totals_html"}


def html_of(result) -> str | None:
    """The HTML a notebook shows for ``result``: a score, a Willingdon settlement, a night's totals.

    It is what their ``_repr_html_`` gives, so a cell that ends with one shows it drawn; None
    for anything else (the notebook shows the text).

    >>> html_of(score(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"))).count("mjs-line-total")
    2
    """
    view = HTML_VIEWS.get(f"{type(result).__module__}.{type(result).__qualname__}")
    if view is None:
        return None
    module, name = view.split(":")
    return getattr(import_module(f".{module}", __name__), name)(result)


def __getattr__(name: str):
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'mjscore' has no attribute {name!r}")
    value = getattr(import_module(f".{where}", __name__), name)
    globals()[name] = value  # the next lookup is a plain one
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
