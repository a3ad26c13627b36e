"""mjscore: score American Mah Jongg and Willingdon (Goulash) hands, and explain every point.

The engine is pure Python and imports nothing third-party; the views (tables, charts, widget
apps) live in :mod:`mjscore.views` and are imported only when asked for.

>>> from mjscore import parse, score
>>> score(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2")).paper_total
237568
"""

from .american.home import HOME, LEAGUE_CARD, AmericanError, HomeRules, home_payments
from .hands import Hand, HandError, Meld, format_hand, load_hand, parse
from .willingdon.settle import TableRules, settle_false_mahjong, settle_wall_game, settle_win
from .tiles import TileError
from .willingdon.rules import CLEAN_HAND_ONE, WILLINGDON, RuleSet, rule_table
from .willingdon.scoring import Score, score

__version__ = "0.1.0"

__all__ = ["AmericanError", "CLEAN_HAND_ONE", "HOME", "Hand", "HandError", "HomeRules", "LEAGUE_CARD",
           "Meld", "RuleSet", "Score", "TableRules", "TileError", "WILLINGDON", "format_hand",
           "home_payments", "load_hand", "parse", "rule_table", "score", "settle_false_mahjong",
           "settle_wall_game", "settle_win"]
