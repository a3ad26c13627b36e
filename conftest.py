"""Set for the whole test run, notebooks included: saved progress and ledgers go to a
temporary folder, never to the learner's own data folder.

``make test`` runs in four processes (pytest-xdist, ``--dist loadgroup``): each notebook's cells
stay together in one process, in order (nbval runs them in one kernel); every other test goes to
whichever process is free. The browser tests' servers start once for the run, in whichever
process needs one first (tests/browser/conftest.py), and are stopped here when the run ends.
"""

import functools
import os
import shutil
import signal
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import settings

# Speed is measured by the benchmarks, never by a test: no example fails for being slow on a busy
# machine (hypothesis's default deadline is 200 ms). A test that must catch a hang sets its own.
settings.register_profile("mjscore", deadline=None)
settings.load_profile("mjscore")


def _kernel_started_twice_if_it_died(start):
    """nbval's kernel start, tried again once if the kernel died before it answered: jupyter_client
    picks its ports free, and between that and the kernel binding them another process of a
    parallel run can take one ("Address already in use"; CI lost a whole notebook so once)."""
    @functools.wraps(start)
    def start_new_kernel(*args, **kwargs):
        try:
            return start(*args, **kwargs)
        except RuntimeError:  # nbval has stopped it and logged why
            return start(*args, **kwargs)
    start_new_kernel.tried_twice = True
    return start_new_kernel


try:
    import nbval.kernel
except ImportError:  # nbval is in [test]: without it there is no notebook to run
    pass
else:
    if not getattr(nbval.kernel.start_new_kernel, "tried_twice", False):
        nbval.kernel.start_new_kernel = _kernel_started_twice_if_it_died(nbval.kernel.start_new_kernel)

_scratch = tempfile.TemporaryDirectory(prefix="mjscore-test-")
os.environ["MJSCORE_DATA_DIR"] = _scratch.name


def _in_charge(config) -> bool:
    """This process runs the test run (not one of xdist's workers)."""
    return not hasattr(config, "workerinput")


def pytest_configure(config):
    if _in_charge(config):  # the workers, started after this, inherit it
        os.environ["MJSCORE_TEST_SERVERS"] = tempfile.mkdtemp(prefix="mjscore-servers-")


def pytest_unconfigure(config):
    """Stop every server of the run (and the kernels it started: its process group)."""
    folder = os.environ.get("MJSCORE_TEST_SERVERS")
    if not (_in_charge(config) and folder):
        return
    for pid_file in Path(folder).glob("*.pid"):
        pid = int(pid_file.read_text())
        try:  # SIGTERM: the server stops its kernels (they run in sessions of their own)
            os.kill(pid, signal.SIGTERM)
            for _look in range(100):  # up to 20 s
                time.sleep(0.2)
                if not _alive(pid):
                    break
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    """Still running (a process that ended and waits for its parent to read it counts as ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] == "Z")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """A notebook's cells in one process, in order (``--dist loadgroup``)."""
    for item in items:
        if str(item.fspath).endswith(".ipynb"):
            item.add_marker(pytest.mark.xdist_group(name=Path(str(item.fspath)).name))
