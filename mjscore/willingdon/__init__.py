"""Willingdon scoring for Goulash: the rule table, the facts it reads, scoring, settlement,
the claiming rules of play, the dealer, the statistics and the practice trainer.

Only the scoring is loaded with this package; the rest is imported when asked for
(``mjscore.willingdon.deal``, ``.stats``, ``.trainer``, ``.play``, ``.settle``).
"""

from .scoring import (BIT, CLEAN_HAND_ONE, GATES, WILLINGDON, Facts, LineItem, Rule, RuleSet, Score, fired_rows,
                      paper_and_score, rule_table, score)

__all__ = ["BIT", "CLEAN_HAND_ONE", "GATES", "WILLINGDON", "Facts", "LineItem", "Rule", "RuleSet", "Score",
           "fired_rows", "paper_and_score", "rule_table", "score"]
