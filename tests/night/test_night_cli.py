"""``mjscore record``, ``undo``, ``correct`` and ``night``: a night at the terminal."""

from __future__ import annotations

import json

import pytest

from mjscore.cli import main
from mjscore.night import load_journal


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_record_creates_the_journal_then_appends_and_prints_who_pays(tmp_path, capsys):
    path = tmp_path / "tuesday.csv"
    code, out, err = run(capsys, "record", path, "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann",
                         "--how", "discard", "--thrower", "Cat", "--value", "25")
    assert code == 0 and err == ""
    assert out.splitlines() == ["Saved hand 1: Ann wins on Cat's discard, 25 on the card",
                                "  Ann  collects 100", "  Bea  pays 25", "  Cat  pays 50", "  Dee  pays 25",
                                "Totals: Ann +100, Bea −25, Cat −50, Dee −25"]
    code, out, _ = run(capsys, "record", path, "--winner", "bea", "--how", "self-drawn", "--value", "30",
                       "--jokerless", "--note", "=a formula")
    assert code == 0 and out.startswith("Saved hand 2: Bea wins self-drawn, 30 on the card, jokerless")
    code, out, _ = run(capsys, "record", path, "--how", "wall")
    assert code == 0 and "Saved hand 3: Wall game" in out
    night = load_journal(path).ledger
    assert len(night) == 3 and night.lines[1].entry.note == "=a formula"
    assert "'=a formula" in path.read_text(encoding="utf-8-sig")


def test_dead_hands_are_named_with_commas_as_the_players_are(tmp_path, capsys):
    """``--dead Cat,Dee`` (a bare ``;`` would end the command at the shell, saving one dead hand);
    the ``;`` of the journal's own column is still taken, quoted."""
    path = tmp_path / "dead.csv"
    code, out, _ = run(capsys, "record", path, "--players", "Ann,Bea,Cat,Dee", "--how", "wall", "--dead", "Cat,Dee")
    assert code == 0 and "dead: Cat, Dee" in out
    code, out, _ = run(capsys, "record", path, "--how", "wall", "--dead", "Ann;Bea")
    assert code == 0 and "dead: Ann, Bea" in out
    assert [line.entry.dead for line in load_journal(path).ledger.lines] == [("Cat", "Dee"), ("Ann", "Bea")]


def test_undo_and_correct(tmp_path, capsys):
    path = tmp_path / "night.csv"
    run(capsys, "record", path, "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how", "discard",
        "--thrower", "Cat", "--value", "25")
    run(capsys, "record", path, "--winner", "Dee", "--how", "self-drawn", "--value", "25")
    code, out, _ = run(capsys, "correct", path, "1", "--thrower", "Bea")
    assert code == 0 and out.startswith("Corrected hand 1: Ann wins on Bea's discard")
    code, out, _ = run(capsys, "correct", path, "2", "--how", "wall")
    assert code == 0 and "Corrected hand 2: Wall game" in out
    code, out, _ = run(capsys, "undo", path)
    assert code == 0 and out.startswith("Took back hand 2: Wall game")
    code, out, _ = run(capsys, "night", path, "--json")
    data = json.loads(out)
    assert data["totals"] == {"Ann": 100, "Bea": -50, "Cat": -25, "Dee": -25} and len(data["hands"]) == 1
    text = path.read_text(encoding="utf-8-sig").splitlines()
    assert text[-4:] == ["2,Dee,self-drawn,,25,no,other,,,,,", "1,Ann,discard,Bea,25,no,other,,,,,",
                         "2,,wall,,,no,other,,,,,", "undo 2,,,,,,,,,,,"]


def test_a_willingdon_night_at_the_terminal(tmp_path, capsys):
    path = tmp_path / "goulash.csv"
    tiles = "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2"
    code, _, err = run(capsys, "record", path, "--players", "Ann,Bea,Cat,Dee", "--game", "willingdon",
                       "--three-exposed-penalty", "--winner", "Bea", "--how", "discard", "--thrower", "Dee",
                       "--tiles", tiles)
    assert code == 2 and "exposed column" in err and not path.exists()
    code, out, _ = run(capsys, "record", path, "--players", "Ann,Bea,Cat,Dee", "--game", "willingdon",
                       "--three-exposed-penalty", "--winner", "Bea", "--how", "discard", "--thrower", "Dee",
                       "--tiles", tiles, "--exposed-before", "3")
    assert code == 0 and "Bea (South) wins on Dee's discard" in out and "  Ann  pays nothing" in out
    night = load_journal(path).ledger
    assert night.table_rules.three_exposed_penalty and night.lines[0].entry.exposed == 3


@pytest.mark.parametrize("args, message", [
    (["record", "{p}", "--winner", "Ann", "--how", "self-drawn", "--value", "25"], "new night: name the players"),
    (["record", "{p}", "--players", "Ann,Bea,Cat", "--how", "wall"], "four players"),
    (["record", "{p}", "--players", "Ann,Bea,Cat,Dee", "--winner", "Zed", "--how", "self-drawn", "--value", "25"],
     "'Zed' is not one of the players"),
    (["record", "{p}", "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how", "self-drawn"], "value is missing"),
    (["record", "{p}", "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann"], "--how is needed"),
    (["record", "{p}", "--players", "Ann,Bea,Cat,Dee", "--how", "wall", "--value", "x"], "whole number"),
    (["record", "{p}", "--players", "Ann,Bea,Cat,Dee", "--how", "wall", "--east-double"], "Willingdon rules"),
    (["undo", "{p}"], "holds no night yet"),
    (["correct", "{p}", "1", "--value", "30"], "holds no night yet"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(tmp_path, capsys, args, message):
    path = tmp_path / "night.csv"
    code, out, err = run(capsys, *[a.replace("{p}", str(path)) for a in args])
    assert code == 2 and out == "" and err.startswith("mjscore: error: ") and err.count("\n") == 1
    assert message in err
    assert not path.exists()


def test_bad_input_on_an_existing_night_writes_nothing(tmp_path, capsys):
    path = tmp_path / "night.csv"
    run(capsys, "record", path, "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how", "self-drawn",
        "--value", "25")
    before = path.read_bytes()
    for args in (["record", path, "--winner", "Ann", "--how", "discard", "--value", "25"],
                 ["record", path, "--players", "Eve,Fay,Gil,Hal", "--how", "wall"],
                 ["record", path, "--game", "willingdon", "--how", "wall"],
                 ["correct", path, "2", "--value", "30"],
                 ["correct", path, "1"],
                 ["correct", path, "1", "--category", "poker"]):
        code, out, err = run(capsys, *args)
        assert code == 2 and err.startswith("mjscore: error: ") and err.count("\n") == 1, (args, err)
    assert path.read_bytes() == before
    run(capsys, "undo", path)
    code, _, err = run(capsys, "undo", path)
    assert code == 2 and "no hand to undo" in err


def test_night_reports_a_torn_last_row_and_prints_the_rest(tmp_path, capsys):
    path = tmp_path / "night.csv"
    run(capsys, "record", path, "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how", "self-drawn",
        "--value", "25")
    with open(path, "ab") as f:
        f.write(b"2,Bea,self-dr")  # a writer killed mid-append
    code, out, err = run(capsys, "night", path, "--json")
    assert code == 0 and len(json.loads(out)["hands"]) == 1
    assert err.startswith("mjscore: note: ") and "line 6: the last row is cut short" in err
    code, out, err = run(capsys, "record", path, "--how", "wall")
    assert code == 0 and "Saved hand 2: Wall game" in out and "night.torn.csv" in err
    assert (tmp_path / "night.torn.csv").read_bytes() == b"2,Bea,self-dr\n"


@pytest.mark.parametrize("via", ["file", "stdin"])
@pytest.mark.parametrize("torn", [b"\x00" * 12, b"2,Zo\xc3", b"2,Bea,wall,,,\x80"])
def test_night_reads_a_last_row_that_is_not_text_as_cut_short_as_record_does(tmp_path, capsys, monkeypatch,
                                                                              via, torn):
    """Found by tests/test_fuzz.py: a last row a crash left as NUL bytes (the file grown, the row
    never written) or cut inside a character made `mjscore night` refuse the whole file ("not a
    text file", "not UTF-8 text"), while `mjscore record` on the same file set the row aside."""
    import io
    import sys

    path = tmp_path / "night.csv"
    run(capsys, "record", path, "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how", "self-drawn",
        "--value", "25")
    with open(path, "ab") as f:
        f.write(torn)
    if via == "stdin":
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    code, out, err = run(capsys, "night", path if via == "file" else "-", "--json")
    assert code == 0 and len(json.loads(out)["hands"]) == 1
    assert err.startswith("mjscore: note: ") and "the last row is cut short" in err
    code, out, err = run(capsys, "record", path, "--how", "wall")
    assert code == 0 and "Saved hand 2: Wall game" in out
    code, out, err = run(capsys, "night", path, "--json")
    assert code == 0 and len(json.loads(out)["hands"]) == 2 and err == ""
    path.write_bytes(b"#players,Ann,Bea,Cat,Dee\nwinner,how\nAnn,self\x00-drawn\n")  # not at the end: refused
    code, _, err = run(capsys, "night", path)
    assert code == 2 and "NUL character" in err
    path.write_bytes(b"winner,how\nAnn,self-drawn\nZo\xeb,wall")  # a typed CSV's last row: refused
    code, _, err = run(capsys, "night", path, "--players", "Ann,Bea,Cat,Zo\u00eb")
    assert code == 2 and "line 3: the last row is not UTF-8 text" in err


def test_record_on_a_journal_whose_heading_has_no_line_break_starts_a_row_of_its_own(tmp_path, capsys):
    """Found by tests/test_fuzz.py: the heading row (no hands yet) without its line break took the
    next record on the same line ("...,note1,Ann,discard,..."): saved, and the journal unreadable."""
    path = tmp_path / "night.csv"
    path.write_bytes(b"#players,Ann,Bea,Cat,Dee\n#game,willingdon\n"
                     b"hand,winner,how,thrower,value,tiles,exposed,fishing,east,note")
    code, out, err = run(capsys, "record", path, "--winner", "Ann", "--how", "discard", "--thrower", "Bea",
                         "--value", "25")
    assert code == 0 and out.startswith("Saved hand 1")
    code, out, err = run(capsys, "record", path, "--how", "wall")
    assert code == 0 and out.startswith("Saved hand 2")
    code, out, err = run(capsys, "night", path, "--json")
    assert code == 0 and err == "" and len(json.loads(out)["hands"]) == 2


def test_a_journal_named_without_an_extension_is_the_csv_as_in_the_app(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "record", "tuesday", "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann",
                       "--how", "self-drawn", "--value", "25")
    assert code == 0 and sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == ["tuesday.csv"]
    assert run(capsys, "record", "tuesday", "--how", "wall")[0] == 0
    assert run(capsys, "undo", "tuesday")[0] == 0
    assert run(capsys, "correct", "tuesday", "1", "--value", "30")[0] == 0
    code, out, _ = run(capsys, "night", "tuesday")
    assert code == 0 and "Totals: Ann +180" in out
    assert len(load_journal(tmp_path / "tuesday.csv").ledger) == 1
    # a night saved under a name without an extension before this rule is still that file
    old = tmp_path / "monday"
    old.write_bytes((tmp_path / "tuesday.csv").read_bytes())
    assert run(capsys, "record", "monday", "--how", "wall")[0] == 0
    assert len(load_journal(old).ledger) == 2 and not (tmp_path / "monday.csv").exists()
