"""Set for the whole test run, notebooks included: saved progress and ledgers go to a
temporary folder, never to the learner's own data folder."""

import os
import tempfile

import pytest

_scratch = tempfile.TemporaryDirectory(prefix="mjscore-test-")
os.environ["MJSCORE_DATA_DIR"] = _scratch.name


#: The lanes of `make test` (``pytest -n 3``, pytest-xdist), started in this order: the browser
#: tests in three (each keeps its own Chromium and server, and its tests in their order), then
#: each notebook's cells (nbval runs them in order in one kernel), then every other test, dealt
#: out one by one to whichever process is free.
LANES = {"tests/browser/test_site.py": "the static site",
         "tests/browser/test_layout.py::test_classroom": "the classroom view (Voila)",
         "tests/browser/test_voila": "the classroom view (Voila)",
         "tests/browser/": "JupyterLab"}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`make test` runs its tests in three processes, in lanes (:data:`LANES`): the browser tests
    mostly wait (for Chromium, a server, a kernel, Pyodide), and the other lanes and the engine's
    tests fill that time. Without ``-n``, pytest runs everything in one process, in order."""
    from xdist.scheduler import LoadScopeScheduling

    order = list(dict.fromkeys(LANES.values()))

    class Lanes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            for start, lane in LANES.items():
                if nodeid.startswith(start):
                    return lane
            path = nodeid.split("::", 1)[0]
            return path if path.endswith(".ipynb") else nodeid

        def _assign_work_unit(self, node) -> None:
            for lane in order:  # the browser lanes first, the longest first
                if lane in self.workqueue:
                    self.workqueue.move_to_end(lane, last=False)
                    break
            super()._assign_work_unit(node)

    return Lanes(config, log)
