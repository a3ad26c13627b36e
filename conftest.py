"""Set for the whole test run, notebooks included: saved progress and ledgers go to a
temporary folder, never to the learner's own data folder."""

import os
import tempfile

_scratch = tempfile.TemporaryDirectory(prefix="mjscore-test-")
os.environ["MJSCORE_DATA_DIR"] = _scratch.name
