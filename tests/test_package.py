"""The package as a registry shows it: `python -m build` makes its source and its wheel, `twine
check` passes them, and the metadata says what it is for (the classifiers a search on PyPI
filters by, the site, the source and the issues)."""

from __future__ import annotations

import email
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_builds_and_twine_passes_it(tmp_path):
    source = tmp_path / "checkout"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info",
                                                                 "__pycache__", ".hypothesis", "test-results"))
    out = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)], check=True,
                   capture_output=True, text=True, timeout=600)
    built = sorted(out.iterdir(), key=lambda p: p.suffix)  # the source (.tar.gz), then the wheel
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
