"""The README's examples are run: every ``$ command`` in a console block prints what the README
shows, and the Python examples pass as a doctest."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def console_examples():
    for block in re.findall(r"```console\n(.*?)```", README, re.S):
        for m in re.finditer(r"^\$ (.+)\n((?:(?!\$ ).*\n)*)", block, re.M):
            yield pytest.param(m.group(1), m.group(2), id=m.group(1)[:60])


@pytest.mark.parametrize("command, expected", list(console_examples()))
def test_console_examples(command, expected, tmp_path):
    bindir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", "")}
    out = subprocess.run(command, shell=True, capture_output=True, text=True, cwd=tmp_path, env=env)
    assert out.stdout == expected, out.stderr


def test_there_are_console_examples():
    assert len(list(console_examples())) >= 3


def test_python_examples():
    parser = doctest.DocTestParser()
    blocks = "\n".join(re.findall(r"```python\n(.*?)```", README, re.S))
    test = parser.get_doctest(blocks, {}, "README.md", "README.md", 0)
    assert test.examples, "the README has no Python examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0
