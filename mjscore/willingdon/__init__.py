"""Willingdon scoring for Goulash: the rule table (:mod:`.rules`), the facts it reads
(:mod:`.facts`), scoring (:mod:`.scoring`), settlement, the claiming rules of play, the dealer,
the statistics and the practice trainer.

Only the scoring is loaded with this package; the rest is imported when asked for
(``mjscore.willingdon.deal``, ``.stats``, ``.trainer``, ``.play``, ``.settle``).
"""

from .facts import Facts
from .rules import CLEAN_HAND_ONE, WILLINGDON, Rule, RuleSet, gates, rule_table
from .scoring import LineItem, Score, fired_rows, near_misses, paper_and_score, score

__all__ = ["BIT", "CLEAN_HAND_ONE", "GATES", "WILLINGDON", "Facts", "LineItem", "Rule", "RuleSet", "Score",
           "fired_rows", "gates", "near_misses", "paper_and_score", "rule_table", "score"]


def __getattr__(name: str):
    if name in ("GATES", "BIT"):  # read off the rule table on first use, not at import
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
