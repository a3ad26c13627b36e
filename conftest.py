"""Set for the whole test run, notebooks included: saved progress and ledgers go to a
temporary folder, never to the learner's own data folder."""

import os
import tempfile

import pytest

_scratch = tempfile.TemporaryDirectory(prefix="mjscore-test-")
os.environ["MJSCORE_DATA_DIR"] = _scratch.name


#: The lanes of `make test` (``pytest -n 4``, pytest-xdist), started in this order: the browser
#: tests in three (each keeps its own Chromium and server, and its tests in their order), then
#: each notebook's cells (nbval runs them in order in one kernel), then every other test, dealt
#: out one by one to whichever process is free: the fourth process starts on them at once.
LANES = {"tests/browser/test_site.py": "the static site",
         "tests/browser/test_layout.py::test_classroom": "the classroom view (Voila)",
         "tests/browser/test_voila": "the classroom view (Voila)",
         "tests/browser/": "JupyterLab"}


#: How far each lane's process stands back when the processes compete for the two cores
#: (``os.nice``): the static site's lane is the longest (Pyodide starting in Chromium, three
#: times), so it goes first, the other browser lanes next, and the tests that only compute fill
#: what is left. Only under ``-n``; a process never lowers its niceness again (it cannot without
#: privileges). It reaches what a process starts in its own session (the site's build and file
#: server, the ``mjscore`` commands), not Chromium, the servers or the kernels: they start
#: sessions of their own, and where the kernel schedules by session (autogroups, as on Linux
#: desktops and on the machine this was measured on) each session counts alike, whatever its nice.
NICE = {"the static site": 0, "the classroom view (Voila)": 4, "JupyterLab": 4}
NICE_OTHERS = 10


def _lane(nodeid: str) -> str | None:
    for start, lane in LANES.items():
        if nodeid.startswith(start):
            return lane
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    if os.environ.get("PYTEST_XDIST_WORKER"):
        want = NICE.get(_lane(item.nodeid), NICE_OTHERS)
        now = os.getpriority(os.PRIO_PROCESS, 0)
        if want > now:
            os.nice(want - now)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`make test` runs its tests in four processes, in lanes (:data:`LANES`): one for each
    browser lane, and one that starts on the notebooks and the engine's tests at once, joined by
    each browser lane's process when its lane ends. The browser lanes wait (for a server, a
    kernel, a page), and the other tests fill that time, standing back (:data:`NICE`) when the
    processes compete for the cores. Without ``-n``, pytest runs everything in one process, in
    order."""
    from xdist.scheduler import LoadScopeScheduling

    order = list(dict.fromkeys(LANES.values()))

    class Lanes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            lane = _lane(nodeid)
            if lane is not None:
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
