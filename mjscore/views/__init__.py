"""Views: everything that shows the engine on screen (HTML tiles, pandas tables, matplotlib
charts, ipywidgets apps). The engine never imports this package, so ``import mjscore`` stays
instant and free of third-party imports; import what you need from its modules::

    from mjscore.views.tiles import tile_html, tiles_html, hand_html
    from mjscore.views.tables import points_table
    from mjscore.views.american.american_app import AmericanPaymentsApp

This module itself imports only the tile faces (pure Python): pandas, matplotlib and
ipywidgets are loaded by the modules that need them, when they are imported.
"""

from .tiles import ViewError, hand_html, tile_html, tiles_html

__all__ = ["ViewError", "hand_html", "tile_html", "tiles_html"]
