"""The command line as people expect it: ``--version``, help on every option and examples at the
foot of each command's help (run here, as they are written), and a hand given as its notation."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import importlib.metadata
from pathlib import Path

import pytest

from mjscore.cli import EXAMPLES, build_parser, main

ROOT = Path(__file__).resolve().parent.parent


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices


def test_version_is_the_packages(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    version = importlib.metadata.version("mjscore")  # the installed package's, read by the build from mjscore/__init__.py
    assert stop.value.code == 0 and capsys.readouterr().out.strip() == f"mjscore {version}"


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_option_says_what_it_is_and_every_command_shows_examples(name):
    command = commands()[name]
    silent = [a.option_strings or a.dest for a in command._actions if not a.help]
    assert silent == [], f"mjscore {name}: options without help"
    assert command.format_help().rstrip().endswith(EXAMPLES[name][-1])
    assert all(line.startswith(f"mjscore {name}") for line in EXAMPLES[name])


def test_every_command_has_examples():
    assert set(commands()) == set(EXAMPLES)


def test_the_examples_run_as_written(tmp_path):
    """Each example, in order, at a shell in one folder (the night's examples make and read one
    journal; the class's read a class made for it; practising at the terminal is left out, as it
    waits for answers)."""
    from mjscore.practice.sample import sample_class

    sample_class(tmp_path / "class-logs", students=3)
    env = {**os.environ, "MJSCORE_DATA_DIR": str(tmp_path / "data")}
    for name, lines in EXAMPLES.items():
        if name == "practice":
            continue
        for line in lines:
            command = shlex.join([sys.executable, "-m", "mjscore"]) + line[len("mjscore"):]
            done = subprocess.run(command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True)
            assert done.returncode == 0 and "error" not in done.stderr, (line, done.stderr)
    assert (tmp_path / "tuesday-report.csv").read_text(encoding="utf-8").startswith("hand,winner,how")


def test_a_hand_is_given_as_its_notation_or_a_file(tmp_path, capsys):
    notation = "RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3 seat=E"
    assert main(["willingdon", notation]) == 0
    given = json.loads(capsys.readouterr().out)
    (tmp_path / "hand.txt").write_text(notation, encoding="utf-8")
    assert main(["willingdon", str(tmp_path / "hand.txt")]) == 0
    assert json.loads(capsys.readouterr().out) == given
    assert main(["willingdon", str(tmp_path / "gone.json")]) == 2
    assert "no such hand file" in capsys.readouterr().err
    assert main(["willingdon", "RDx3 +1Bx4 ZZx3"]) == 2
    assert "'ZZ' is not a tile code" in capsys.readouterr().err


def test_no_help_points_into_the_repository():
    """An installed package has no README.md or docs/ beside it: help says what it means in its
    own words (or names a page of the published site), never a path of the checkout."""
    texts = [build_parser().format_help()] + [command.format_help() for command in commands().values()]
    for text in texts:
        flat = " ".join(text.split())
        for path in ("README", "docs/", ".md", "notebooks/", "mjscore/"):
            assert path not in flat, f"help names {path!r}: {flat[:200]}"
