"""The practice trainer: deals Willingdon hands, checks a learner's points and doubles, hints
at what was missed and keeps the learner's progress."""

from .session import (FORMAT, MAX_NAME, PROGRESS_FILE, VERSION, Feedback, Played, Tally, Trainer, TrainerError,
                      data_dir, likely_misses, progress_path)

__all__ = ["FORMAT", "MAX_NAME", "PROGRESS_FILE", "VERSION", "Feedback", "Played", "Tally", "Trainer",
           "TrainerError", "data_dir", "likely_misses", "progress_path"]
