"""The command line: the figures of the seeds, and a one-line refusal for every bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from mjscore.cli import main

HAND = {"sets": [{"kind": "pung", "tile": "RD"}, {"kind": "pung", "tile": "GD"}, {"kind": "pung", "tile": "WD"},
                 {"kind": "pung", "tile": "EW", "exposed": True}, {"kind": "pair", "tile": "NW"}],
        "flowers": ["F1", "F2"]}


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_american_discard_reads_50_25_25_and_100(capsys):
    code, out, err = run(capsys, "american", "--value", "25", "--how", "discard")
    assert code == 0 and err == ""
    assert json.loads(out) == {"payments": [50, 25, 25], "winner_collects": 100}


@pytest.mark.parametrize("args, payments, collects", [
    (["--how", "self-drawn"], [50, 50, 50], 150),
    (["--how", "discard", "--jokerless"], [100, 50, 50], 200),
    (["--how", "self-drawn", "--jokerless"], [100, 100, 100], 300),
    (["--how", "wall"], [0, 0, 0], 0),
    (["--how", "discard", "--jokerless", "--category", "singles-and-pairs"], [50, 25, 25], 100),
    (["--how", "discard", "--jokerless", "--category", "quints"], [50, 25, 25], 100),
    (["--how", "discard", "--jokerless", "--category", "quints", "--league-card"], [100, 50, 50], 200),
    (["--how", "discard", "--jokerless", "--category", "winds-dragons"], [100, 50, 50], 200),
])
def test_american_worked_examples(capsys, args, payments, collects):
    code, out, _ = run(capsys, "american", "--value", "25", *args)
    assert code == 0 and json.loads(out) == {"payments": payments, "winner_collects": collects}


def test_willingdon_json(capsys, tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(HAND))
    code, out, err = run(capsys, "willingdon", str(path))
    data = json.loads(out)
    assert code == 0 and err == ""
    assert (data["hand_points"], data["doubles"], data["paper_total"], data["score"], data["minimum_met"]) == (
        58, 12, 237568, 237568, True)
    assert ["Mahjong", 20] in data["points"]
    assert ["A Royal Honour Hand", 3] in data["doubles_detail"]
    assert sum(p for _, p in data["points"]) == 58 and sum(d for _, d in data["doubles_detail"]) == 12


def test_willingdon_reads_standard_input_and_explains(capsys, monkeypatch):
    code, out, _ = run(capsys, "willingdon", "--explain", "-", stdin=json.dumps(HAND), monkeypatch=monkeypatch)
    assert code == 0
    assert "A Royal Honour Hand" in out and "58 x 2^12 = 237,568" in out and "Score: 237,568" in out


def test_willingdon_settings(capsys, monkeypatch):
    clean = {"sets": [{"kind": "pung", "tile": t, "exposed": True} for t in ("2B", "3B", "4B", "EW")]
             + [{"kind": "pair", "tile": "9B"}]}
    _, out, _ = run(capsys, "willingdon", "-", stdin=json.dumps(clean), monkeypatch=monkeypatch)
    _, out1, _ = run(capsys, "willingdon", "-", "--clean-hand-doubles", "1", "--minimum-doubles", "0",
                     stdin=json.dumps(clean), monkeypatch=monkeypatch)
    a, b = json.loads(out), json.loads(out1)
    assert b["doubles"] == a["doubles"] + 1 and b["score"] == b["paper_total"] and a["score"] == 0


def test_willingdon_under_the_minimum_explains_how_close(capsys, monkeypatch):
    _, out, _ = run(capsys, "willingdon", "--explain", "-", stdin="+RDx3 +GDx3 +3Cx3 +4Dx3 7Bx2",
                    monkeypatch=monkeypatch)
    assert "Score: 0" in out and "1 short" in out


BAD = [
    (["american", "--value", "abc", "--how", "discard"], "whole number"),
    (["american", "--value", "0", "--how", "discard"], "from 1 to 100,000"),
    (["american", "--value", "-5", "--how", "discard"], "from 1 to 100,000"),
    (["american", "--value", "2.5", "--how", "discard"], "whole number"),
    (["american", "--value", "25", "--how", "stolen"], "invalid choice"),
    (["american", "--value", "25"], "required"),
    (["american", "--value", "25", "--how", "discard", "--category", "sevens"], "invalid choice"),
    (["willingdon"], "required"),
    (["willingdon", "/no/such/hand.json"], "no such hand file"),
    (["willingdon", "-", "--minimum-doubles", "x"], "whole number"),
    (["willingdon", "-", "--clean-hand-doubles", "-1"], "from 0 to 13"),
    (["nonsense"], "invalid choice"),
    ([], "name a command"),
]


@pytest.mark.parametrize("argv, message", BAD)
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("mjscore: error:") and err.count("\n") == 1 and message in err


@pytest.mark.parametrize("text, message", [
    ("{not json", "not valid JSON"),
    ("[]", "must be a JSON object"),
    ('{"sets": []}', "four pungs or kongs and one pair"),
    ('{"sets": [{"kind": "pung", "tile": "ZZ"}]}', "'ZZ' is not a tile code"),
    (json.dumps({**HAND, "flowers": ["F1", "F1"]}), "appears twice"),
    ("", "standard input is empty"),
    ("\xff\xfe", "not a set"),
])
def test_bad_hands_exit_2_with_one_line(capsys, monkeypatch, text, message):
    code, out, err = run(capsys, "willingdon", "-", stdin=text, monkeypatch=monkeypatch)
    assert code == 2 and out == "" and err.startswith("mjscore: error:") and err.count("\n") == 1
    assert message in err


def test_a_folder_or_binary_file_is_refused(capsys, tmp_path):
    code, _, err = run(capsys, "willingdon", str(tmp_path))
    assert code == 2 and "folder" in err
    binary = tmp_path / "hand.bin"
    binary.write_bytes(b"\x80\x81\xff")
    code, _, err = run(capsys, "willingdon", str(binary))
    assert code == 2 and "not UTF-8 text" in err


def test_python_dash_m_and_no_traceback():
    ok = subprocess.run([sys.executable, "-m", "mjscore", "american", "--value", "25", "--how", "discard"],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and json.loads(ok.stdout)["winner_collects"] == 100
    bad = subprocess.run([sys.executable, "-m", "mjscore", "willingdon", "-"], input="{",
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1
