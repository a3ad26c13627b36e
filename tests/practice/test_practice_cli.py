"""``mjscore practice``: piped and interactive, the same progress as the notebook."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mjscore.practice.keeper as keeper_module
from mjscore.cli import main
from mjscore.willingdon import score
from mjscore.willingdon.deal import RAMP, deal
from mjscore.practice import Trainer, progress_path
from mjscore.practice.trainer_terminal import draw

ROOT = Path(__file__).resolve().parents[2]


def run(monkeypatch, capsys, text: str, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["practice", *args])
    out = capsys.readouterr()
    assert out.err == ""
    return code, out.out


def right(hand) -> str:
    s = score(hand)
    return f"{s.hand_points} {s.doubles}"


def test_piped_answers_are_marked_and_kept(monkeypatch, capsys):
    text = f"{right(RAMP[0])}\n40 0\nshow\n"
    code, out = run(monkeypatch, capsys, text, "--name", "Ann", "--json")
    assert code == 0
    assert "> " not in out  # no prompts on a pipe
    assert "Hand 1\n  + 3B 3B 3B        exposed pung of 3 Bamboo" in out
    assert "Hand points: 28 — right." in out and "Doubles: 0 — not quite, the hand has 1." in out
    assert "Perhaps you missed “A pung/kong of dragons” (Red Dragon)" in out
    assert "A pung/kong of dragons (Red Dragon)" in out  # the breakdown
    assert "Shown: 42 hand points and 5 doubles." in out
    last = json.loads(out.strip().splitlines()[-1])
    assert last == {"name": "Ann", "played": 3, "right": 1, "shown": 1, "points_right": 2, "doubles_right": 1,
                    "modes": {"both": {"played": 3, "right": 1, "shown": 1}}}
    t = Trainer()  # the notebook's trainer sees the same progress
    assert t.name == "Ann" and t.tally.played == 3 and t.current_number == 4


def test_quit_and_a_restart_go_on_where_it_stopped(monkeypatch, capsys):
    run(monkeypatch, capsys, f"{right(RAMP[0])}\nquit\n40 1\n")
    assert Trainer().tally.played == 1
    code, out = run(monkeypatch, capsys, "40 1\n")
    assert "Hand 2\n" in out and "Hand 1\n" not in out and Trainer().tally.right == 2


def test_bad_lines_are_asked_again(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, "twelve\n1 2 3\n-4 0\n28 0\n")
    assert code == 0
    assert out.count("(type POINTS DOUBLES (two whole numbers), show or quit)") == 3
    assert Trainer().tally.played == 1


def test_a_superscript_digit_is_asked_again_and_other_scripts_digits_are_read(monkeypatch, capsys):
    """Found by tests/test_fuzz.py: "¹" passed str.isdigit() but not int(), and the session ended
    with `mjscore: error: invalid literal for int()` and status 2."""
    code, out = run(monkeypatch, capsys, "\u00b9 0\n\u00b2\u2078 0\n\u0662\u0668 \u0660\n")  # ¹ 0, ²⁸ 0, ٢٨ ٠
    assert code == 0
    assert out.count("(type POINTS DOUBLES (two whole numbers), show or quit)") == 2
    assert "Hand points: 28 — right." in out and Trainer().tally.played == 1


def test_modes(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, "28\n39\n", "--mode", "points", "--json")
    assert "For each hand type POINTS, or show, or quit." in out
    assert "Hand points only: 1 of 2 right (0 shown)" in out
    assert "Doubles: " not in out.split("Hand points\n")[0]
    code, out = run(monkeypatch, capsys, "5\n", "--mode", "doubles", "--json")
    assert "Hand points only: 1 of 2 right (0 shown)\nDoubles only: 1 of 1 right (0 shown)" in out
    assert json.loads(out.splitlines()[-1])["modes"]["doubles"] == {"played": 1, "right": 1, "shown": 0}
    code, out = run(monkeypatch, capsys, "")
    assert "Practising: doubles only." in out  # the mode is kept for next time


def test_a_bad_mode_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["practice", "--mode", "tiles"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mjscore: error:")


def test_a_read_only_folder_shows_the_tally(monkeypatch, capsys):
    run(monkeypatch, capsys, "28 0\n", "--name", "Ann")
    real = keeper_module.locked
    monkeypatch.setattr(keeper_module, "locked", lambda p, **kw: (_ for _ in ()).throw(PermissionError(13, "Permission denied")))
    code, out = run(monkeypatch, capsys, "40 1\n", "--json")
    assert code == 0
    assert "Note: Your progress cannot be saved in this folder (Permission denied)" in out
    assert "Practising as Ann" in out and "1 of 1 right" in out
    assert "(This session could not be saved.)" in out
    assert json.loads(out.splitlines()[-1])["played"] == 2
    monkeypatch.setattr(keeper_module, "locked", real)
    assert Trainer(progress_path()).tally.played == 1


def test_the_console_script_piped_and_interactive(tmp_path):
    env = dict(os.environ, MJSCORE_DATA_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    hands = deal(3)
    answers = "".join(f"{right(h)}\n" for h in hands)
    out = subprocess.run([sys.executable, "-m", "mjscore", "practice", "--json"], input=answers,
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0 and out.stderr == ""
    assert json.loads(out.stdout.splitlines()[-1])["right"] == 3
    # At a terminal: a prompt before each answer (a pseudo-terminal stands in for one).
    import pty
    pid, fd = pty.fork()
    if pid == 0:  # the child: mjscore practice on the terminal
        os.environ.update(env)
        os.execv(sys.executable, [sys.executable, "-m", "mjscore", "practice"])
    seen = b""
    try:
        while b"> " not in seen:
            seen += os.read(fd, 4096)
        os.write(fd, b"quit\n")
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"Hand 4" in seen and b"3 of 3 right" in seen


def test_draw_marks_exposed_sets_and_says_how_the_hand_was_won():
    text = draw(RAMP[5])
    assert "seat South, round East, Earth's Blessing" in text
    assert text.splitlines()[0] == "    1B 1B 1B        concealed pung of 1 Bamboo"


@pytest.mark.parametrize("args", [["--name"], ["--json", "x"]])
def test_bad_options_are_one_line(monkeypatch, capsys, args):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["practice", *args]) == 2
    assert capsys.readouterr().err.startswith("mjscore: error:")


def test_the_run_quoted_in_notebook_7_is_the_commands_own(monkeypatch, capsys):
    """Notebook 7 quotes a piped run (it runs in a browser too, where no command can be started):
    the tally line it shows is what the command prints."""
    nb = json.loads((ROOT / "notebooks" / "07-practice.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    quoted = text.split("$ printf '28 0\\n40 0\\n' | mjscore practice --name Robin --json\n...\n", 1)[1]
    code, out = run(monkeypatch, capsys, "28 0\n40 0\n", "--name", "Robin", "--json")
    assert code == 0
    assert quoted.split("\n", 1)[0] == out.splitlines()[-1]
