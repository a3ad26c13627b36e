"""What mjscore reads from outside and writes to disk: every file, typed value and standard input
read the one careful way (:mod:`.inputs`), and every file written so that nothing is ever
half-saved, in the learner's own data folder (:mod:`.storage`)."""
