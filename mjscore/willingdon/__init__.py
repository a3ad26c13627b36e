"""Willingdon scoring for Goulash: the rule table (:mod:`.rules`), the facts it reads
(:mod:`.facts`), scoring (:mod:`.scoring`), settlement, the claiming rules of play, the dealer,
the statistics and the practice trainer.

Only the scoring is loaded with this package; the rest is imported when asked for
(``mjscore.willingdon.deal``, ``.stats``, ``.trainer``, ``.play``, ``.settle``).
"""

from .facts import Facts
from .rules import CLEAN_HAND_ONE, WILLINGDON, Rule, RuleSet, rule_table
from .scoring import LineItem, Score, fired_rows, near_misses, paper_and_score, score

__all__ = ["CLEAN_HAND_ONE", "WILLINGDON", "Facts", "LineItem", "Rule", "RuleSet", "Score", "fired_rows",
           "near_misses", "paper_and_score", "rule_table", "score"]
