"""The command line of the drills and the class: ``mjscore practice --game american|tournament``,
``mjscore deal --game american``, ``mjscore class``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjscore.american.drill import deal, home_answer
from mjscore.cli import main
from mjscore.practice import Drill
from mjscore.practice.sample import sample_class

ROOT = Path(__file__).resolve().parents[2]


def run(args, stdin="", tmp_path=None, env_dir=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if env_dir is not None:
        env["MJSCORE_DATA_DIR"] = str(env_dir)
    return subprocess.run([sys.executable, "-m", "mjscore", *args], input=stdin, env=env, capture_output=True,
                          text=True, timeout=120)


def test_deal_american_prints_the_situations_with_their_answers(capsys):
    assert main(["deal", "--game", "american", "--count", "20", "--seed", "4"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert len(items) == 20
    for item, s in zip(items, deal(20, 4)):
        assert item["players"] == list(s.players) and item["answer"] == list(home_answer(s))
        assert {"value", "how", "winner", "thrower", "jokerless", "category", "dead", "bettor"} <= set(item)
    assert main(["deal", "--game", "tournament", "--count", "2", "--table", "variant"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert items[0]["table"] == "Published variant" and items[0]["answer"] == [25, 0, -10, 0]
    assert main(["deal", "--count", "0", "--game", "american"]) == 0 and capsys.readouterr().out.strip() == "[]"


def test_a_new_log_deals_first_what_deal_prints_by_default(tmp_path, capsys):
    assert main(["deal", "--game", "american"]) == 0
    items = json.loads(capsys.readouterr().out)
    d = Drill("american", tmp_path / "practice.jsonl")
    for item in items:
        assert d.situation.to_json() == {k: v for k, v in item.items() if k != "answer"}
        d.check(tuple(item["answer"]))
        d.next()
    assert d.tally.right == 10


def test_practice_american_reads_each_players_amount_and_ends_with_the_tally(tmp_path):
    r = run(["practice", "--game", "american", "--name", "Robin", "--json"],
            "+100 -25 -50 -25\nshow\n-50 -25 -25 100\n+1 2\nquit\n", env_dir=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "Players, in order: Ann (won), Bea, Cat (threw the winning tile), Dee" in r.stdout
    assert "Right: Ann +100, Bea −25, Cat −50, Dee −25." in r.stdout
    assert "The rule: The jokerless double doubles every payment again." in r.stdout
    assert "(type 4 amounts, one for each of Ann, Bea, Cat, Dee in that order" in r.stdout
    assert lines[-2] == "American payments: 1 of 3 right (1 shown)"
    assert json.loads(lines[-1]) == {"name": "Robin", "drill": "american", "played": 3, "right": 1, "shown": 1,
                                     "missed": {"The jokerless double doubles every payment again": 1}}
    again = run(["practice", "--game", "american", "--json"], "", env_dir=tmp_path)  # the same progress
    assert json.loads(again.stdout.splitlines()[-1])["played"] == 3 and "Situation 4" in again.stdout


def test_practice_tournament_under_a_chosen_table(tmp_path):
    r = run(["practice", "--game", "tournament", "--table", "variant", "--json"], "+25 0 -10 0\n", env_dir=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "The winner showed 1 exposure. Table: Published variant." in r.stdout
    assert json.loads(r.stdout.splitlines()[-1])["right"] == 1
    r = run(["practice", "--game", "tournament", "--json"], "", env_dir=tmp_path)
    assert "Table: Published variant" in r.stdout  # kept for next time


@pytest.mark.parametrize("args, says", [
    (["practice", "--game", "american", "--mode", "points"], "--mode is for the Willingdon trainer"),
    (["practice", "--table", "variant"], "--table is for --game tournament"),
    (["practice", "--game", "tournament", "--table", "nosuch"], "unknown table 'nosuch'"),
    (["deal", "--game", "bridge"], "invalid choice"),
    (["class"], "the following arguments are required"),
])
def test_bad_options_are_one_line_and_status_2(tmp_path, args, says):
    r = run(args, "", env_dir=tmp_path)
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1 and says in r.stderr, r.stderr


def test_class_reads_thirty_logs_a_damaged_one_and_a_foreign_one(tmp_path):
    folder = tmp_path / "class"
    paths = sample_class(folder)
    lines = paths[3].read_bytes().split(b"\n")
    lines.insert(4, b'{"kind": "answer", "drill": "americ')
    paths[3].write_bytes(b"\n".join(lines))
    (folder / "notes.jsonl").write_text("not a log\n")
    before = {p: p.read_bytes() for p in folder.rglob("*")if p.is_file()}
    r = run(["class", str(folder), "--json"], env_dir=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert len(report["students"]) == 30
    notes = r.stderr.splitlines()
    assert len(notes) == 2 and all(n.startswith("mjscore: note: ") for n in notes)
    assert notes[0] == (f"mjscore: note: {folder}/notes.jsonl is not a progress file: it is not the JSON lines "
                        f"mjscore writes (line 1)")
    assert "student-04" in notes[1] and "1 damaged record" in notes[1]
    names = [s["name"] for s in report["students"]]
    assert "<b>Max</b>" in names and "Zoë" in names and "O'Neil" in names
    s = report["students"][0]
    assert set(s) == {"name", "file", "played", "right", "shown", "drills", "lessons", "damaged"}
    assert set(s["drills"]) == {"willingdon", "american", "tournament"} and set(s["lessons"]) == set("123456")
    for s in report["students"]:
        parts = list(s["drills"].values()) + list(s["lessons"].values())
        assert s["played"] == sum(p["played"] for p in parts) and s["right"] == sum(p["right"] for p in parts)
    assert report["rules_missed"] and report["questions_wrong"]
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before  # nothing changed
    text = run(["class", str(folder)], env_dir=tmp_path / "data")
    assert "30 students; 1 file not read; 1 read in part" in text.stdout and "<b>Max</b>" in text.stdout
    assert "Rules missed most" in text.stdout and "Questions most got wrong" in text.stdout


def test_class_with_nothing_readable_is_an_error(tmp_path):
    (tmp_path / "a.jsonl").write_text("{}\n")
    r = run(["class", str(tmp_path / "a.jsonl"), str(tmp_path / "missing")], env_dir=tmp_path / "data")
    assert r.returncode == 2
    assert r.stderr.splitlines()[-1].startswith("mjscore: error: no progress log could be read")
    assert "missing: no such file or folder" in r.stderr
