"""Practice beyond the Willingdon trainer, on the same progress log: the American payments drill
and the tournament drill (:mod:`.drill`), the "Your turn" questions at the end of lessons 1 to 6
(:mod:`.questions`), ``mjscore practice --game american|tournament`` (:mod:`.terminal`) and the
teacher's view of a class's progress logs (:mod:`.teacher`, ``mjscore class``)."""

from .drill import Drill, DrillError, DrillFeedback, read_amounts

__all__ = ["Drill", "DrillError", "DrillFeedback", "read_amounts"]
