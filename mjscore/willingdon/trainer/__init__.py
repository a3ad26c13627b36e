"""The practice trainer: deals Willingdon hands, checks a learner's points and doubles, hints
at what was missed and keeps the learner's progress.

``session`` (the :class:`Trainer`), ``records`` (what is kept and said), ``hints`` (what was
missed, asked of the rule table), ``store`` (the append-only progress log), ``terminal``
(``mjscore practice``).
"""

from ...storage import data_dir
from .hints import likely_misses
from .records import MAX_NAME, MODES, Feedback, Played, Tally, TrainerError
from .session import LEGACY_FILE, PROGRESS_FILE, Trainer, progress_path
from .store import FORMAT, VERSION

__all__ = ["FORMAT", "LEGACY_FILE", "MAX_NAME", "MODES", "PROGRESS_FILE", "VERSION", "Feedback", "Played",
           "Tally", "Trainer", "TrainerError", "data_dir", "likely_misses", "progress_path"]
