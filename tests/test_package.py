"""The package as a registry shows it, and as a learner or a hub installs it.

`python -m build` makes its source and its wheel, `twine check` passes them, and the metadata says
what it is for (the classifiers a search on PyPI filters by, the site, the source and the issues).
The wheel carries the course: installed with its lessons' packages in a fresh virtual environment
outside the checkout, `mjscore lessons` puts the course in a folder, a lesson executes there, and
Voila shows it in the classroom template the wheel installed among Jupyter's data files. Both
tests share one build (one xdist group)."""

from __future__ import annotations

import email
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.xdist_group("package")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> list[Path]:
    """The source (.tar.gz) and the wheel, built by `python -m build` from a copy of the checkout."""
    tmp = tmp_path_factory.mktemp("package")
    source = tmp / "checkout"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info",
                                                                 "__pycache__", ".hypothesis", "test-results"))
    out = tmp / "dist"
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)], check=True,
                   capture_output=True, text=True, timeout=600)
    return sorted(out.iterdir(), key=lambda p: p.suffix)


def test_the_package_builds_and_twine_passes_it(built):
    assert [p.suffix for p in built] == [".gz", ".whl"]
    check = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, built)],
                           capture_output=True, text=True)
    assert check.returncode == 0 and check.stdout.count("PASSED") == 2, check.stdout + check.stderr
    with zipfile.ZipFile(built[1]) as wheel:
        meta = email.message_from_bytes(wheel.read(next(n for n in wheel.namelist() if n.endswith("/METADATA"))))
    classifiers = meta.get_all("Classifier")
    for wanted in ("Intended Audience :: Education", "Framework :: Jupyter", "Topic :: Games/Entertainment :: Board Games"):
        assert wanted in classifiers
    urls = meta.get_all("Project-URL")
    assert any(u.startswith("Homepage, https://") for u in urls) and any(u.startswith("Source, https://") for u in urls)
    assert meta["Requires-Python"] == ">=3.11"


def test_the_wheel_carries_the_course_and_the_classroom_template(built):
    with zipfile.ZipFile(built[1]) as wheel:
        names = set(wheel.namelist())
    lessons = {p.relative_to(ROOT / "notebooks").as_posix() for p in (ROOT / "notebooks").rglob("*.ipynb")}
    assert {name.removeprefix("mjscore/notebooks/") for name in names if name.startswith("mjscore/notebooks/")} == lessons
    from mjscore import __version__

    assert f"mjscore-{__version__}.data/data/share/jupyter/voila/templates/classroom/index.html.j2" in names
    assert not [name for name in names if "__pycache__" in name or ".ipynb_checkpoints" in name]


def test_from_the_wheel_in_a_fresh_environment_a_learner_gets_the_course(built, tmp_path):
    """The route of a learner, or a hub, with no checkout: pip install the wheel with its lessons'
    packages (the pinned versions; pip's cache makes it about half a minute), then, in a folder
    of their own, `mjscore lessons`, a lesson executed, and the classroom view of it."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bin_ = venv / "bin"
    pip = subprocess.run([str(bin_ / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                          "-c", str(ROOT / "requirements" / "pins.txt"), f"{built[1]}[notebooks]"],
                         capture_output=True, text=True, timeout=1200)
    assert pip.returncode == 0, pip.stderr[-3000:]
    home = tmp_path / "home"
    home.mkdir()
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("JUPYTER", "PYTHON", "MJSCORE", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), PATH=f"{bin_}{os.pathsep}{env.get('PATH', '')}", MJSCORE_DATA_DIR=str(home / "data"))

    def run(*command: str, **kwargs) -> str:
        done = subprocess.run(command, cwd=home, env=env, capture_output=True, text=True, timeout=600, **kwargs)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    where = run("python", "-c", "import mjscore; print(mjscore.__file__)").strip()
    assert Path(where).is_relative_to(venv), f"the checkout's mjscore was imported: {where}"
    assert "12 added" in run("mjscore", "lessons", "course")
    run("jupyter", "execute", "--inplace", "course/01-american-who-pays.ipynb")
    executed = json.loads((home / "course" / "01-american-who-pays.ipynb").read_text())
    assert any(cell.get("outputs") for cell in executed["cells"] if cell["cell_type"] == "code")

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # as the teacher's guide gives it: the folder (so a lesson's links to the next one open), and
    # what the apps save kept apart (MJSCORE_DATA_DIR, set above)
    voila = subprocess.Popen(["voila", "--no-browser", f"--port={port}", "--template=classroom", "course"],
                             cwd=home, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        page = _page_when_served(f"http://127.0.0.1:{port}/voila/render/01-american-who-pays.ipynb", voila)
        following = _page_when_served(f"http://127.0.0.1:{port}/voila/render/02-willingdon-hand-points.ipynb", voila)
    finally:
        voila.terminate()
        log = voila.communicate(timeout=60)[1]
    assert "--mjs-classroom-zoom" in page, log[-3000:]  # the classroom template, from the wheel's data files
    assert "the thrower pays 2 x 25 and the two others 25 each" in " ".join(page.split()).lower()
    assert "from mjscore" not in page  # the code is hidden, as in the classroom
    assert 'href="02-willingdon-hand-points.ipynb"' in page and "--mjs-classroom-zoom" in following


def _page_when_served(url: str, server: subprocess.Popen, within: float = 300) -> str:
    """The page at ``url``, once the server answers (it executes the lesson before it replies)."""
    deadline = time.monotonic() + within
    while True:
        try:
            with urllib.request.urlopen(url, timeout=within) as reply:
                return reply.read().decode("utf-8")
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.25)  # the server is not listening yet: ask again
