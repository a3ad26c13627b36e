"""Practice: everything a learner answers, kept in one progress log, whichever game it is of.

- the log: :mod:`.log` (the append-only file, its summaries, a damaged line skipped),
  :mod:`.progress` (the state its records build), :mod:`.book` (the drills' and the lessons'
  records), :mod:`.keeper` (an app's hold on the log: saving, Reset kept aside, restore);
- the Willingdon trainer: :mod:`.played` (a hand answered, the tally, the verdict),
  :mod:`.trainer` (:class:`Trainer`), :mod:`.trainer_terminal` (``mjscore practice``);
- the American payments drill and the tournament drill (:mod:`.drill`, ``mjscore practice
  --game american|tournament``: :mod:`.terminal`), the "Your turn" questions at the end of the
  lessons (:mod:`.questions`), and the teacher's view of a class's logs (:mod:`.teacher`,
  ``mjscore class``).
"""

from .drill import Drill, DrillError, DrillFeedback, read_amounts
from .keeper import PROGRESS_FILE, PracticeError, progress_path
from .played import MAX_NAME, MODES, Feedback, Played, Tally
from .progress import FORMAT, VERSION
from .trainer import LEGACY_FILE, Trainer, TrainerError

__all__ = ["FORMAT", "LEGACY_FILE", "MAX_NAME", "MODES", "PROGRESS_FILE", "VERSION", "Drill", "DrillError",
           "DrillFeedback", "Feedback", "Played", "PracticeError", "Tally", "Trainer", "TrainerError", "progress_path",
           "read_amounts"]
