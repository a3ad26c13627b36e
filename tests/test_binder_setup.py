"""Binder's postBuild: installs the package and makes the classroom template the one the Voilà
links use, so a class on Binder sees what `make present` shows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_postbuild_installs_the_package_and_the_classroom_template(tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "pip").write_text(f'#!/bin/sh\necho "$@" > "{tmp_path}/pip-args"\n')
    (fake / "pip").chmod(0o755)
    home, data = tmp_path / "home", tmp_path / "data"
    env = {**os.environ, "HOME": str(home), "JUPYTER_DATA_DIR": str(data),
           "PATH": f"{fake}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run(["bash", str(ROOT / "postBuild")], cwd=ROOT, env=env, check=True)
    assert (tmp_path / "pip-args").read_text().split() == ["install", "--no-deps", "-e", "."]
    assert (data / "voila" / "templates" / "classroom" / "index.html.j2").is_file()
    config = json.loads((home / ".jupyter" / "jupyter_server_config.json").read_text())
    assert config == {"VoilaConfiguration": {"template": "classroom", "strip_sources": True}}
