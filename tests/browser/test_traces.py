"""A browser test that fails leaves what is needed to see why: a trace (every action, what the
page looked like before and after, its console and its errors), a screenshot, in the folder
``--output`` names (``test-results/`` in ``make test``, which ``.ci/run`` names when it fails),
and the trace opens in ``playwright show-trace``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


HERE = Path(__file__).parent


def test_a_failing_test_leaves_a_trace_that_show_trace_opens(page, tmp_path):
    from playwright.sync_api import expect

    out = tmp_path / "test-results"
    done = subprocess.run([sys.executable, "-m", "pytest", str(HERE / "fails_on_purpose.py"), "-q", "-p", "no:xdist",
                           "--output", str(out)], cwd=HERE.parents[1], capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout[-2000:]
    assert "1 failed" in done.stdout, done.stdout[-2000:]
    (kept,) = out.iterdir()
    assert {p.name for p in kept.iterdir()} == {"trace.zip", "test-failed-1.png"}

    viewer = subprocess.Popen([str(Path(sys.executable).parent / "playwright"), "show-trace", "--host", "127.0.0.1",
                               "--port", "0", str(kept / "trace.zip")],  # a free port, which it says
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        said = ""
        while "Listening on" not in said and viewer.poll() is None:  # it says so once it listens
            said = viewer.stdout.readline()
        assert "Listening on" in said, f"playwright show-trace ended: {said}"
        page.goto(said.split("Listening on", 1)[1].strip())
        expect(page.get_by_text('Expect "to_have_text"').first).to_be_visible()
        page.get_by_role("tab", name="Console").click()
        expect(page.get_by_text("a line the page wrote to its console")).to_be_visible()
    finally:
        os.killpg(viewer.pid, 15)
        viewer.wait(20)
