"""Every bad input refused clearly, every valid file accepted: the cases a careless or hostile
user found (a refusal is one ``mjscore: error:`` line and status 2; no traceback, no hang, no
silent change), through the same doors a user uses, and the input layer's own rules."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from mjscore.cli import main
from mjscore.files.inputs import (LIMITS, MAX_DEPTH, InputError, clean_name, decode, load_json, read_input, shown,
                            whole_number)

ROOT = Path(__file__).resolve().parents[1]
TABLE = json.loads((ROOT / "mjscore" / "american" / "data" / "tournament-common.json").read_text("utf-8"))
HAND = ('{"sets": [{"kind": "pung", "tile": "RD"}, {"kind": "pung", "tile": "GD"}, {"kind": "pung", "tile": "WD"},'
        ' {"kind": "pung", "tile": "EW", "exposed": true}, {"kind": "pair", "tile": "NW"}], "flowers": ["F1", "F2"]}')
NIGHT = "#players,Ann,Bea,Cat,Dee\nwinner,how,thrower,value\nAnn,discard,Cat,25\nDee,self-drawn,,30\n"


def run(capsys, *argv, stdin: bytes | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv, stdin=None, monkeypatch=None) -> str:
    code, out, err = run(capsys, *argv, stdin=stdin, monkeypatch=monkeypatch)
    assert code == 2, (code, out, err)
    assert err.startswith("mjscore: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def write(tmp_path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def table(**changes) -> dict:
    t = json.loads(json.dumps(TABLE))
    for dotted, value in changes.items():
        *where, key = dotted.split("__")
        node = t
        for w in where:
            node = node[w]
        node[key] = value
    return t


# --------------------------------------------------------------------------- nesting, numbers


DEEP = "[" * 2000 + "]" * 2000


def test_deeply_nested_json_is_refused_on_every_door(capsys, tmp_path, monkeypatch):
    assert "nested too deeply" in refused(capsys, "willingdon", "-", stdin=DEEP.encode(), monkeypatch=monkeypatch)
    deep = write(tmp_path, "deep.json", '{"a":' * 2000 + "1" + "}" * 2000)
    assert "deep.json: the JSON is nested too deeply" in refused(capsys, "willingdon", deep)
    assert "deep.json: the JSON is nested too deeply" in refused(
        capsys, "tournament", "--how", "wall", "--table", deep)
    # just past the limit (the parser copes, the check refuses) and just within it
    with pytest.raises(InputError, match="nested too deeply at"):
        load_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "x.json")
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x.json")


@pytest.mark.parametrize("option", ["--clean-hand-doubles", "--minimum-doubles"])
@pytest.mark.parametrize("value", ["1000000000000", "20000", "14", "-1", "9" * 5000])
def test_a_doubles_setting_is_bounded_0_to_13(capsys, tmp_path, option, value):
    hand = write(tmp_path, "hand.json", HAND)
    err = refused(capsys, "willingdon", hand, option, value)
    assert f"{option} must be" in err and "13" in err and len(err) < 200
    assert "MemoryError" not in err and "4300" not in err


def test_the_doubles_settings_at_their_bounds_still_score(capsys, tmp_path):
    hand = write(tmp_path, "hand.json", HAND)
    code, out, _ = run(capsys, "willingdon", hand, "--clean-hand-doubles", "13", "--minimum-doubles", "13")
    assert code == 0 and json.loads(out)["score"] == 0  # 12 doubles: under a minimum of 13


def test_a_journals_doubles_setting_is_bounded_too(capsys, tmp_path):
    path = write(tmp_path, "w.csv", "#players,Ann,Bea,Cat,Dee\n#game,willingdon\n#clean-hand-doubles,1000000000000\n"
                                    "winner,how,thrower,value\n")
    err = refused(capsys, "night", path)
    assert "w.csv line 3: #clean-hand-doubles must be from 0 to 13, not 1,000,000,000,000" in err


@pytest.mark.parametrize("changes, field", [
    ({"wall_game__to": []}, "wall_game.to"),
    ({"winner__jokerless_excludes": [{}]}, "winner.jokerless_excludes[0]"),
    ({"winner__jokerless_excludes": [[]]}, "winner.jokerless_excludes[0]"),
    ({"unfinished_game__to": {}}, "unfinished_game.to"),
    ({"penalties__misnamed_discard": []}, "penalties.misnamed_discard"),
    ({"thrower_penalty__2": 10 ** 17}, "thrower_penalty.2"),
])
def test_a_table_with_an_unhashable_or_huge_value_names_the_field(capsys, tmp_path, changes, field):
    path = write(tmp_path, "club.json", json.dumps(table(**changes)))
    assert f"club.json: {field}" in refused(capsys, "tournament", "--how", "wall", "--table", path)


def test_a_5000_digit_number_in_a_table_names_its_field(capsys, tmp_path):
    text = json.dumps(table(other_loser_penalty=0)).replace('"other_loser_penalty": 0',
                                                            '"other_loser_penalty": ' + "7" * 5000)
    err = refused(capsys, "tournament", "--how", "wall", "--table", write(tmp_path, "club.json", text))
    assert "club.json: other_loser_penalty: the number 777777777777… (5,000 characters) is too big" in err


def test_whole_numbers_are_exact_never_through_float():
    assert load_json('{"v": 9007199254740993.0}', "x")["v"] == 9007199254740993
    assert load_json('[25.0, 2.5e1, 1E2, -0.0]', "x") == [25, 25, 100, 0]
    assert whole_number("9007199254740993.0", "v") == 9007199254740993
    assert whole_number("1,000", "v") == 1000
    with pytest.raises(InputError, match="must be a whole number"):
        whole_number("2.5", "v")
    with pytest.raises(InputError, match="must be a whole number"):
        whole_number("1e400", "v")


@pytest.mark.parametrize("typed, n", [
    ("25", 25), (" 25 ", 25), ("+25", 25), ("-25", -25), ("−25", -25), ("- 25", -25), ("25.0", 25), ("25.", 25),
    ("1,000", 1000), ("1 000", 1000), ("1_000", 1000), ("1\u202f000", 1000), ("1,000,000.00", 10**6),
    ("２５", 25), ("－２５", -25), ("１，０００", 1000), ("٢٥", 25), ("00000000000000000025", 25), ("-0", 0),
    ("12345678901234567890", 12345678901234567890), ("", None), ("   ", None),
])
def test_the_one_reader_takes_a_number_as_people_write_it(typed, n):
    """Digits of any script, a sign (the true minus too), separators between groups of three,
    a decimal part of zeros: what a keyboard, a phone or mjscore.numbers writes."""
    assert whole_number(typed, "the figure") == n


@pytest.mark.parametrize("typed", ["27.5", "27,5", "1,00", "10,00", "1 2", "1e3", "2.5e1", "0x19", "0b11", "3O",
                                   "l0", "nan", "inf", "Infinity", ".5", "25-", "+-25", "--1", "1,,000", "½", "²",
                                   "25%", "$25", "25 points"])
def test_the_one_reader_refuses_what_is_not_one_whole_number(typed):
    """A fraction, a decimal comma, an exponent, hexadecimal, a letter for a digit: refused in
    its words, never read as another number (27,5 is not 275, 1e3 not 13)."""
    with pytest.raises(InputError, match=r"^the figure must be a whole number, not '"):
        whole_number(typed, "the figure")


@pytest.mark.parametrize("n", [0, 7, -7, 1000, -1500, 123456789, -(10**17)])
def test_the_one_reader_reads_back_what_mjscore_writes(n):
    from mjscore.numbers import count, signed
    assert whole_number(count(n), "n") == whole_number(signed(n), "n") == n


def test_a_number_out_of_bounds_is_out_of_range_and_empty_can_be_required():
    from mjscore.files.inputs import OutOfRange
    with pytest.raises(OutOfRange, match="must be from 1 to 100,000, not 12,345,678,901,234,567,890"):
        whole_number("12345678901234567890", "the hand's value", 1, 100_000)
    with pytest.raises(OutOfRange, match="must be smaller, not a number of 41 digits"):
        whole_number("9" * 41, "n")
    with pytest.raises(InputError, match="^n must be a whole number, not an empty value$"):
        whole_number(" ", "n", required=True)


def test_a_typed_value_that_float_would_change_is_kept_exact_or_refused(capsys, tmp_path):
    path = write(tmp_path, "n.csv", "#players,Ann,Bea,Cat,Dee\nwinner,how,thrower,value\n"
                                    "Ann,discard,Cat,9007199254740993.0\n")
    assert "the hand's value must be 100,000 or less, not 9,007,199,254,740,993" in refused(capsys, "night", path)
    path.write_text("#players,Ann,Bea,Cat,Dee\nwinner,how,thrower,value\nAnn,discard,Cat,25.0\n")
    code, out, _ = run(capsys, "night", path, "--json")
    assert code == 0 and json.loads(out)["totals"] == {"Ann": 100, "Bea": -25, "Cat": -50, "Dee": -25}


@pytest.mark.parametrize("text, problem", [
    ('{"a": 1, "a": 2}', "the key 'a' is given twice"),
    ("[NaN]", "NaN is not a number"),
    ("[Infinity]", "Infinity is not a number"),
    ("[1e99999]", "the number 1e99999 is too big"),
])
def test_json_that_would_change_silently_is_refused(text, problem):
    with pytest.raises(InputError, match=problem):
        load_json(text, "x.json")


# --------------------------------------------------------------------------- output errors


def test_a_full_disk_is_one_line_and_status_1():
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "mjscore", "deal", "--count", "200"], stdout=full,
                           stderr=subprocess.PIPE, text=True, timeout=60)
    assert r.returncode == 1
    assert r.stderr == "mjscore: error: cannot write the output: No space left on device\n"


def test_a_closed_pipe_ends_quietly():
    r = subprocess.run(f"'{sys.executable}' -m mjscore deal --count 1000 | head -c 10", shell=True,
                       capture_output=True, text=True, timeout=60)
    assert r.stdout == "[\n  {\"sets\""[:10] and r.stderr == ""


# --------------------------------------------------------------------------- FIFOs and devices


@pytest.fixture
def fifo(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def test_a_fifo_nobody_writes_to_reads_as_empty_instead_of_hanging(fifo):
    argvs = [["willingdon", fifo], ["tournament", "--how", "wall", "--table", f"{fifo}.json"],
             ["night", fifo], ["record", fifo, "--players", "Ann,Bea,Cat,Dee", "--how", "wall"]]
    os.mkfifo(f"{fifo}.json")
    for argv in argvs:  # a subprocess each, so that a hang is a timeout and not a stuck suite
        r = subprocess.run([sys.executable, "-m", "mjscore", *map(str, argv)], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, (argv, r.stderr)
        assert ("is empty" in r.stderr or "a pipe or a device" in r.stderr), r.stderr


def test_a_fifo_for_the_practice_log_does_not_hang(fifo, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "practice.jsonl")
    r = subprocess.run([sys.executable, "-m", "mjscore", "practice"], input="quit\n", capture_output=True,
                       text=True, timeout=60, env={**os.environ, "MJSCORE_DATA_DIR": str(data)})
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert (data / "practice.jsonl").is_file()  # the pipe was set aside; a fresh log was started


def test_a_device_is_read_only_up_to_the_limit(capsys):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    assert "/dev/zero holds more than 1 MB" in refused(capsys, "willingdon", "/dev/zero")
    assert "/dev/zero holds more than 16 MB" in refused(capsys, "night", "/dev/zero")


def test_too_big_an_input_on_standard_input_is_refused_quickly(capsys, monkeypatch):
    big = (NIGHT + "Ann,discard,Cat,25\n" * (LIMITS["journal"] // 19 + 10)).encode()
    err = refused(capsys, "night", "-", stdin=big, monkeypatch=monkeypatch)
    assert "standard input holds more than 16 MB" in err


def test_too_big_a_file_is_refused_before_reading_it(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(LIMITS["hand"] + 1)  # sparse: the refusal must come from its size alone
    with pytest.raises(InputError, match="huge.json is 1 MB: more than"):
        read_input(path, limit=LIMITS["hand"], what="hand file")


def test_a_folder_is_refused(tmp_path, capsys):
    assert "is a folder, not a file" in refused(capsys, "willingdon", tmp_path)
    assert "is a folder, not a file" in refused(capsys, "night", tmp_path)


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize("name, problem", [
    ("\u200b", "must have a visible character"),
    (" \u2060 ", "must have a visible character"),
    ("A\u200bnn", "holds an invisible or control character (U+200B)"),
    ("\x1b[31mDee", "holds an invisible or control character (U+001B)"),
    ("Dee\u202e", "holds an invisible or control character (U+202E)"),
    ("x" * 61, "is longer than 60 characters"),
])
def test_a_bad_name_is_refused_naming_the_problem(name, problem):
    with pytest.raises(InputError) as e:
        clean_name(name)
    assert problem in str(e.value)


def test_names_are_kept_in_one_spelling():
    nfd = unicodedata.normalize("NFD", "Zoë")
    assert nfd != "Zoë" and clean_name(nfd) == "Zoë" and clean_name("  Ann   Lee ") == "Ann Lee"
    assert clean_name("\u0645\u06cc\u200c\u0631") == "\u0645\u06cc\u200c\u0631"  # a joiner some scripts need


def test_a_zero_width_name_in_a_journal_is_refused(capsys, tmp_path):
    path = write(tmp_path, "z.csv", "#players,Ann,Bea,Cat,\u200b\nwinner,how,thrower,value\nAnn,discard,Cat,25\n")
    assert "z.csv line 1: a player's name must have a visible character" in refused(capsys, "night", path)


def test_zoe_typed_two_ways_is_one_player(capsys, tmp_path):
    nfd = unicodedata.normalize("NFD", "Zoë")
    path = write(tmp_path, "z.csv", f"#players,Zoë,{nfd},Cat,Dee\nwinner,how,thrower,value\nCat,discard,Dee,25\n")
    assert "two players are called 'Zoë'" in refused(capsys, "night", path)
    path.write_text(f"#players,Zoë,Bea,Cat,Dee\nwinner,how,thrower,value\n{nfd},discard,Dee,25\n", "utf-8")
    code, out, _ = run(capsys, "night", path, "--json")
    assert code == 0 and json.loads(out)["totals"]["Zoë"] == 100


def test_an_escape_sequence_in_a_name_is_refused_and_never_printed_raw(capsys, tmp_path):
    path = write(tmp_path, "a.csv", "#players,Ann,Bea,Cat,\x1b[31mDee\nwinner,how,thrower,value\n")
    err = refused(capsys, "night", path)
    assert "\x1b" not in err and "\\x1b[31mDee" in err
    code, out, _ = run(capsys, "record", tmp_path / "b.csv", "--players", "Ann,Bea,Cat,\x1b[2JDee", "--how", "wall")
    assert code == 2 and not (tmp_path / "b.csv").exists()


def test_any_other_cell_is_escaped_when_printed(capsys, tmp_path):
    path = write(tmp_path, "n.csv", "#players,Ann,Bea,Cat,Dee\nwinner,how,thrower,value,note\n"
                                    "Ann,discard,Cat,25,\x1b[2Jboom\n")
    code, out, _ = run(capsys, "night", path)
    assert code == 0 and "\x1b" not in out
    assert shown("a\x1bb\u200bc\td") == "a\\x1bb\\u200bc\\x09d"


def test_a_practice_name_with_a_control_character_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path))
    assert "holds an invisible or control character" in refused(
        capsys, "practice", "--name", "Ann\x07", stdin=b"quit\n", monkeypatch=monkeypatch)


# --------------------------------------------------------------------------- settings that flip a payment


def test_a_negative_false_mahjong_is_refused_on_every_door(capsys, tmp_path):
    path = write(tmp_path, "w.csv", "#players,Ann,Bea,Cat,Dee\n#game,willingdon\n#false-mahjong,-500\n"
                                    "winner,how,thrower,value\nAnn,false-mahjong,,\n")
    assert "w.csv line 3: #false-mahjong must be from 0 to 100,000, not −500" in refused(capsys, "night", path)
    err = refused(capsys, "record", tmp_path / "x.csv", "--players", "Ann,Bea,Cat,Dee", "--game", "willingdon",
                  "--false-mahjong", "100001", "--how", "wall")
    assert "--false-mahjong must be from 0 to 100,000" in err and not (tmp_path / "x.csv").exists()
    from mjscore.willingdon.settle import TableRules
    with pytest.raises(ValueError, match="false-mahjong must be a whole number from 0 to 100,000"):
        TableRules(false_mahjong=-1)


# --------------------------------------------------------------------------- valid files that must load


def test_hand_and_table_json_with_a_byte_order_mark_load(capsys, tmp_path):
    plain = run(capsys, "willingdon", write(tmp_path, "h.json", HAND))
    assert run(capsys, "willingdon", write(tmp_path, "bom.json", b"\xef\xbb\xbf" + HAND.encode())) == plain
    assert run(capsys, "willingdon", write(tmp_path, "u16.json", HAND.encode("utf-16"))) == plain
    args = ("tournament", "--how", "discard", "--value", "25", "--table")
    plain = run(capsys, *args, write(tmp_path, "t.json", json.dumps(TABLE)))
    assert plain[0] == 0
    assert run(capsys, *args, write(tmp_path, "tb.json", b"\xef\xbb\xbf" + json.dumps(TABLE).encode())) == plain


@pytest.mark.parametrize("variant", [
    lambda t: t.replace("\n", "\r"),                 # old Mac line ends
    lambda t: t.replace("\n", "\r\n"),               # Windows
    lambda t: "sep=,\n" + t,                         # Excel's separator line
    lambda t: "sep=;\n" + t.replace(",", ";"),       # Excel where the decimal mark is a comma
    lambda t: t + "\x1a",                            # a DOS editor's Ctrl-Z
    lambda t: "\ufeff" + t.replace("\n", "\r\n") + "\x1a",
], ids=["CR", "CRLF", "sep=,", "sep=;", "Ctrl-Z", "BOM+CRLF+Ctrl-Z"])
def test_a_csv_as_editors_save_it_loads_the_same(capsys, tmp_path, variant):
    plain = run(capsys, "night", write(tmp_path, "plain.csv", NIGHT), "--json")
    assert plain[0] == 0
    assert run(capsys, "night", write(tmp_path, "v.csv", variant(NIGHT)), "--json") == plain


def test_recording_into_a_journal_saved_with_ctrl_z_and_crlf_keeps_every_hand(capsys, tmp_path):
    path = write(tmp_path, "j.csv", NIGHT.replace("\n", "\r\n") + "\x1a")
    code, _, _ = run(capsys, "record", path, "--winner", "Bea", "--how", "discard", "--thrower", "Ann", "--value", "40")
    assert code == 0
    code, out, _ = run(capsys, "night", path, "--json")
    assert code == 0 and len(json.loads(out)["hands"]) == 3
    assert b"\x1a" not in path.read_bytes() and b"\r" not in path.read_bytes()


def test_a_file_in_another_encoding_is_refused_with_what_to_do(capsys, tmp_path):
    err = refused(capsys, "night", write(tmp_path, "l.csv", NIGHT.replace("Ann", "Zoë").encode("latin-1")))
    assert "l.csv is not UTF-8 text (line 1 holds the byte 0xeb): save it as UTF-8" in err
    assert "has a NUL character" in refused(capsys, "night", write(tmp_path, "nul.csv", NIGHT + "\x00"))


def test_decode_and_the_truncated_journal_row():
    assert decode(b"\xef\xbb\xbfa\r\nb\rc\x1a\x1a", "x") == "a\nb\nc"
    from mjscore.night import read_journal
    # a journal the ledger wrote, cut off mid-value: "25" must not become "2"
    text = "#players,Ann,Bea,Cat,Dee\nhand,winner,how,thrower,value\n1,Ann,discard,Cat,25\n2,Bea,discard,Cat,2"
    result = read_journal(text)
    assert len(result.ledger) == 1 and "cut short" in result.problems[0].message


def test_an_overlong_answer_at_practice_is_refused_and_practice_goes_on(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path))
    code, out, err = run(capsys, "practice", stdin=b"9" * 3_000_000 + b"\nquit\n", monkeypatch=monkeypatch)
    assert code == 0 and err == ""
    assert "(an answer is two numbers, not 1,000 characters)" in out and len(out) < 5_000
