"""Fuzzing every door of the command line (issue 15, item 5).

Each format mjscore reads (a hand as JSON or notation, a tournament table, a night's journal or
CSV, the practice log, the settings and names typed on the command line) is fed random bytes,
valid inputs made by mjscore itself and then mutated, and structural edge cases. Each example
must end one of two ways:

- refused: exit status 2 and exactly one line on stderr starting ``mjscore: error: ``;
- accepted: exit status 0, and for a mutation that changes nothing a person would see (a
  byte-order mark, CRLF or CR line ends, a trailing Ctrl-Z, Excel's ``sep=,`` line, spaces) the
  same output as the clean input.

Besides: `record` on a damaged journal refuses and leaves it as it was, or records and keeps
every hand `night` showed; `practice` on a damaged log goes on (status 0) and sets the damage
aside so the log reads cleanly afterwards; a player's name holding a control or invisible
character is refused, and one typed decomposed (NFD) is the same player. No exception may escape :func:`mjscore.cli.main` (a test failing with one IS the finding), no
traceback is printed, and every example runs under hypothesis's ``deadline``.

``make test`` runs a few examples a format, derandomized (it never flakes). The long run, random
and as many examples as asked: ``make fuzz`` (``pytest tests/test_fuzz.py --fuzz-examples N``, or
``MJSCORE_FUZZ_EXAMPLES=N``).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mjscore.cli import main
from mjscore.hands import format_hand
from mjscore.files.inputs import InputError, whole_number
from mjscore.willingdon.deal import deal

ROOT = Path(__file__).resolve().parents[1]

#: Examples per format in `make test`; the long run sets MJSCORE_FUZZ_EXAMPLES (or --fuzz-examples).
DEFAULT_EXAMPLES = 8
LONG = bool(os.environ.get("MJSCORE_FUZZ_EXAMPLES"))
EXAMPLES = int(os.environ.get("MJSCORE_FUZZ_EXAMPLES") or DEFAULT_EXAMPLES)


def fuzz(weight: float = 1.0):
    """Hypothesis settings for one format: ``weight`` x the examples, derandomized unless this is
    the long run, and a deadline: an example takes milliseconds, so 5 s catches a hang or a
    blow-up without failing on a shared, busy machine (where a fsync can take a second)."""
    return settings(max_examples=max(1, int(EXAMPLES * weight)), deadline=5000,
                    derandomize=not LONG, database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large, HealthCheck.filter_too_much])


# --------------------------------------------------------------------------- running a door


def cli(capsys, *argv: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    """``mjscore ARGV`` in this process, ``stdin`` (bytes) on standard input."""
    capsys.readouterr()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        code = main([str(a) for a in argv])
    finally:
        sys.stdin = saved
    out, err = capsys.readouterr()
    return code, out, err


def check(code: int, out: str, err: str, *, quiet: bool = True) -> None:
    """Refused with one line, or accepted; never a traceback. ``quiet``: nothing printed on a refusal."""
    assert code in (0, 2), f"exit status {code}: {err!r}"
    assert "Traceback" not in err and "Traceback" not in out
    if code == 2:
        assert err.startswith("mjscore: error: ") and err.endswith("\n") and err.count("\n") == 1, err
        if quiet:
            assert out == "", out


def refused(code: int, out: str, err: str) -> None:
    check(code, out, err)
    assert code == 2, f"accepted: {out!r}"


# --------------------------------------------------------------------------- mutations


@st.composite
def mutated(draw, data: bytes, alphabet: bytes | None = None) -> bytes:
    """``data`` after one to four byte-level mutations: a flip, a deletion, an insertion (random
    bytes, or bytes the format uses), truncation, a chunk duplicated."""
    b = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["flip", "delete", "insert", "truncate", "duplicate", "replace"]))
        if not b:
            b = bytearray(draw(st.binary(max_size=8)))
            continue
        i = draw(st.integers(0, len(b) - 1))
        if op == "flip":
            b[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "delete":
            del b[i:i + draw(st.integers(1, 16))]
        elif op == "insert":
            if alphabet and draw(st.booleans()):
                chunk = bytes(draw(st.lists(st.sampled_from(alphabet), min_size=1, max_size=6)))
            else:
                chunk = draw(st.binary(min_size=1, max_size=8))
            b[i:i] = chunk
        elif op == "truncate":
            del b[i:]
        elif op == "duplicate":
            j = min(len(b), i + draw(st.integers(1, 64)))
            b[j:j] = b[i:j]
        else:
            b[i] = draw(st.integers(0, 255))
    return bytes(b)


def _sep(d: bytes) -> bytes:
    return b"sep=,\n" + d


EQUIVALENT = {  # name -> (bytes -> bytes): nothing a person would see changes
    "bom": lambda d: b"\xef\xbb\xbf" + d,
    "crlf": lambda d: d.replace(b"\n", b"\r\n"),
    "cr": lambda d: d.replace(b"\n", b"\r"),
    "ctrl-z": lambda d: d + b"\x1a",
    "utf-16": lambda d: d.decode("utf-8").encode("utf-16"),
    "sep": _sep,
}
#: Applied in this order (sep= is the first line, then line ends, then the encoding).
ORDER = ["sep", "crlf", "cr", "ctrl-z", "bom", "utf-16"]


@st.composite
def equivalent(draw, data: bytes, kinds=("bom", "crlf", "cr", "ctrl-z", "utf-16")) -> tuple[bytes, list[str]]:
    chosen = set(draw(st.lists(st.sampled_from(kinds), min_size=1, unique=True)))
    if "cr" in chosen:
        chosen.discard("crlf")
    if "utf-16" in chosen:
        chosen.discard("bom")
    for k in ORDER:
        if k in chosen:
            data = EQUIVALENT[k](data)
    return data, sorted(chosen)


#: JSON values to put anywhere in a tree: odd types, huge numbers, floats, odd strings.
JSON_ODD = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=10**17, max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8)
    | st.sampled_from(["", "RD", "F1", "pung", "kong", "pair", "E", "earth", "heaven", "\u200b", "\x1b[31m",
                       "25", "-1", "live-hands", "every-player", "singles-and-pairs", "0-1", "3+"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8)


def _paths(tree, here=()):
    yield here
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from _paths(v, here + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from _paths(v, here + (i,))


@st.composite
def mutated_tree(draw, tree):
    """A JSON tree with one to three nodes replaced, deleted or given a sibling."""
    tree = json.loads(json.dumps(tree))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(tree))
        path = draw(st.sampled_from(paths))
        if not path:
            tree = draw(JSON_ODD)
            continue
        parent = tree
        for step in path[:-1]:
            parent = parent[step]
        op = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if op == "replace":
            parent[path[-1]] = draw(JSON_ODD)
        elif op == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=10))] = draw(JSON_ODD)
        else:
            parent.insert(path[-1], draw(JSON_ODD))
    return tree


@st.composite
def edge_json(draw) -> bytes:
    """Structural edge cases: deep nesting, huge or odd numbers, duplicate keys, NaN, lone surrogates."""
    kind = draw(st.sampled_from(["deep-list", "deep-object", "huge", "float", "nan", "duplicate",
                                 "surrogate", "empty", "scalar"]))
    depth = draw(st.sampled_from([15, 16, 17, 100, 1000, 100_000]))
    if kind == "deep-list":
        return b"[" * depth + b"]" * draw(st.sampled_from([0, depth]))
    if kind == "deep-object":
        return b'{"sets":' * depth + b"1" + b"}" * depth
    if kind == "huge":
        digits = draw(st.sampled_from([18, 19, 40, 5000, 100_000]))
        return b'{"value": ' + b"9" * digits + b"}"
    if kind == "float":
        figure = draw(st.sampled_from([b"1e400", b"-1e-400", b"1.5", b"25.0", b"1e18", b"-0", b"0e99999"]))
        return b'{"x": ' + figure + b"}"
    if kind == "nan":
        return draw(st.sampled_from([b"NaN", b"[Infinity]", b'{"a": -Infinity}']))
    if kind == "duplicate":
        return b'{"sets": [], "sets": []}'
    if kind == "surrogate":
        return b'{"sets": [{"kind": "pung", "tile": "\\ud800"}], "\\udfff": 1}'
    if kind == "empty":
        return draw(st.sampled_from([b"", b" ", b"\n\n", b"\xef\xbb\xbf", b"\x1a", b"\xff\xfe", b"{}", b"[]", b"null"]))
    return draw(st.sampled_from([b"0", b'"text"', b"true", b"-1"]))


# --------------------------------------------------------------------------- 1. hands


HANDS = deal(8, 3)
HAND_JSON = [json.dumps(h.to_json(), indent=draw_indent).encode() for h, draw_indent in zip(HANDS, [None, 2] * 4)]
HAND_NOTATION = [format_hand(h).encode() for h in HANDS]
NOTATION_WORDS = b"+x2345 BCDEWNSRGF1234seat=round=self-drawnearthheaven\n"


@lru_cache(maxsize=None)
def clean_run(argv: tuple, data: bytes, name: str = "in") -> tuple[int, str]:
    """The exit status and output of ``argv`` with ``data`` in the file it names as ``{}``."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / name
        path.write_bytes(data)
        return _plain_main([a.replace("{}", str(path)) for a in argv])


def _plain_main(argv) -> tuple[int, str]:
    import contextlib
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue()


def hand_door(capsys, tmp: Path, data: bytes, via: str, *options: str) -> tuple[int, str, str]:
    if via == "stdin":
        return cli(capsys, "willingdon", *options, "-", stdin=data)
    path = tmp / "hand.json"
    path.write_bytes(data)
    return cli(capsys, "willingdon", *options, path)


HAND_INPUTS = st.one_of(
    st.binary(max_size=300),
    st.sampled_from(HAND_JSON).flatmap(mutated),
    st.sampled_from(HAND_NOTATION).flatmap(lambda d: mutated(d, NOTATION_WORDS)),
    st.sampled_from([h.to_json() for h in HANDS]).flatmap(mutated_tree).map(
        lambda t: json.dumps(t, ensure_ascii=False).encode("utf-8", "surrogatepass")),
    edge_json(),
)


@fuzz(3)
@given(data=HAND_INPUTS, via=st.sampled_from(["file", "stdin"]), explain=st.booleans())
def test_a_hand_is_scored_or_refused(capsys, tmp_path, data, via, explain):
    code, out, err = hand_door(capsys, tmp_path, data, via, *(["--explain"] if explain else []))
    check(code, out, err)


@fuzz(2)
@given(i=st.integers(0, len(HANDS) - 1), notation=st.booleans(), via=st.sampled_from(["file", "stdin"]),
       data=st.data())
def test_a_hand_saved_another_way_scores_the_same(capsys, tmp_path, i, notation, via, data):
    clean = (HAND_NOTATION if notation else HAND_JSON)[i]
    spaced = (b"  " + clean.replace(b" ", b"   ") + b" \n\n") if notation else (b"\n\t " + clean + b"\n \n")
    variant, kinds = data.draw(equivalent(data.draw(st.sampled_from([clean, spaced]))))
    code, out, err = hand_door(capsys, tmp_path, variant, via)
    check(code, out, err)
    assert (code, out) == clean_run(("willingdon", "{}"), clean), kinds


# --------------------------------------------------------------------------- 2. tournament tables

TABLE = (ROOT / "mjscore/american/data/tournament-common.json").read_bytes()
TABLE_TREE = json.loads(TABLE)
TABLE_ARGV = ("tournament", "--how", "discard", "--value", "25", "--table", "{}")


def table_door(capsys, tmp: Path, data: bytes, how: str = "discard") -> tuple[int, str, str]:
    path = tmp / "club.json"
    path.write_bytes(data)
    return cli(capsys, "tournament", "--how", how, "--value", "25", "--exposures", "2", "--table", path)


@fuzz(3)
@given(data=st.one_of(st.binary(max_size=300), mutated(TABLE, b'{}[]:,"0123456789-+.e '),
                      mutated_tree(TABLE_TREE).map(lambda t: json.dumps(t).encode()), edge_json()),
       how=st.sampled_from(["discard", "self-drawn", "wall", "unfinished", "joker-exchange"]))
def test_a_tournament_table_is_used_or_refused(capsys, tmp_path, data, how):
    check(*table_door(capsys, tmp_path, data, how))


@fuzz(1)
@given(data=st.data())
def test_a_tournament_table_saved_another_way_scores_the_same(capsys, tmp_path, data):
    variant, kinds = data.draw(equivalent(data.draw(st.sampled_from([TABLE, b"\n " + TABLE + b"\n\n"]))))
    code, out, err = table_door(capsys, tmp_path, variant)
    check(code, out, err)
    clean = clean_run(("tournament", "--how", "discard", "--value", "25", "--exposures", "2", "--table", "{}"),
                      TABLE, "club.json")
    assert (code, out) == clean, kinds


# --------------------------------------------------------------------------- 3. a night's journal


def _record_night(commands) -> bytes:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "night.csv"
        for argv in commands:
            code, _ = _plain_main(["record", str(path), *argv])
            assert code == 0, argv
        return path.read_bytes()


@lru_cache(maxsize=None)
def journals() -> tuple[bytes, ...]:
    american = _record_night([
        ["--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how", "discard", "--thrower", "Cat", "--value", "25"],
        ["--winner", "Bea", "--how", "self-drawn", "--value", "30", "--jokerless", "--note", "=a formula"],
        ["--how", "wall", "--dead", "Dee"],
        ["--winner", "Dee", "--how", "discard", "--thrower", "Ann", "--value", "50", "--category", "quints"],
    ])
    willingdon = _record_night([
        ["--game", "willingdon", "--players", "Ann,Bea,Cat,Dee", "--east-double", "--three-exposed-penalty",
         "--winner", "Bea", "--how", "discard", "--thrower", "Cat", "--tiles", "RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1",
         "--exposed-before", "1"],
        ["--winner", "Ann", "--how", "self-drawn", "--value", "512"],
        ["--winner", "Cat", "--how", "false-mahjong"],
    ])
    five = _record_night([
        ["--players", "Ann,Bea,Cat,Dee,Eve", "--winner", "Ann", "--how", "discard", "--thrower", "Cat",
         "--value", "25", "--pick", "Ann"],
        ["--winner", "Bea", "--how", "self-drawn", "--value", "30", "--bettor", "Ann", "--pick", "Cat"],
    ])
    typed = (b"winner,how,thrower,value,jokerless,category,dead\nAnn,discard,Cat,25,no,other,\n"
             b"Bea,self-drawn,,30,yes,other,\n,wall,,,no,other,Dee\n")
    return american, willingdon, five, typed


TYPED_PLAYERS = "Ann,Bea,Cat,Dee"
CSV_BYTES = b",;\n\"#0123456789-+=AnBeCtDwallsf\r"


def _night_args(data: bytes) -> list[str]:
    return ["--players", TYPED_PLAYERS] if not data.lstrip(b"\xef\xbb\xbf").startswith(b"#") else []


@st.composite
def mutated_rows(draw, data: bytes) -> bytes:
    """Row-level damage: rows deleted, doubled, swapped; a cell replaced by odd text, a huge
    number, a name with control characters; a row cut short."""
    rows = data.split(b"\n")
    for _ in range(draw(st.integers(1, 3))):
        if not rows:
            rows = [b""]
        i = draw(st.integers(0, len(rows) - 1))
        op = draw(st.sampled_from(["delete", "double", "swap", "cell", "cell", "cut"]))
        if op == "delete":
            del rows[i]
        elif op == "double":
            rows.insert(i, rows[i])
        elif op == "swap":
            j = draw(st.integers(0, len(rows) - 1))
            rows[i], rows[j] = rows[j], rows[i]
        elif op == "cut":
            rows[i] = rows[i][:draw(st.integers(0, max(0, len(rows[i]) - 1)))]
        else:
            cells = rows[i].split(b",")
            k = draw(st.integers(0, len(cells) - 1))
            cells[k] = draw(st.one_of(
                st.sampled_from([b"", b"25", b"-25", b"25.0", b"1e400", b"9" * 40, b"undo 1", b"undo 99", b"1",
                                 b"99999", b"yes", b"no", b"maybe", b"wall", b"discard", b"self-drawn",
                                 b"false-mahjong", b"Ann", b"ann", b"Zed", b'"', b'"a,b"', b"#game", b"willingdon",
                                 b"Zo\xcc\x88e", b"A\xe2\x80\x8bnn", b"\x1b[31mAnn", b"\xe2\x80\xaeAnn",
                                 b"RDx3 RDx3", b"Ann;Ann", b"Eve"]),
                st.text(max_size=10).map(lambda s: s.encode("utf-8", "surrogatepass"))))
            rows[i] = b",".join(cells)
    return b"\n".join(rows)


JOURNAL_INPUTS = st.one_of(
    st.binary(max_size=300),
    st.sampled_from(range(4)).flatmap(lambda i: mutated(journals()[i], CSV_BYTES)),
    st.sampled_from(range(4)).flatmap(lambda i: mutated_rows(journals()[i])),
)


@fuzz(3)
@given(data=JOURNAL_INPUTS, out=st.sampled_from([[], ["--json"], ["--csv"]]), via=st.sampled_from(["file", "stdin"]))
def test_a_night_is_reported_or_refused(capsys, tmp_path, data, out, via):
    if via == "stdin":
        code, stdout, err = cli(capsys, "night", *_night_args(data), *out, "-", stdin=data)
    else:
        path = tmp_path / "night.csv"
        path.write_bytes(data)
        code, stdout, err = cli(capsys, "night", *_night_args(data), *out, path)
    check(code, stdout, err)
    if code == 0:
        assert all(line.startswith("mjscore: note: ") for line in err.splitlines()), err
        if out == ["--json"]:
            json.loads(stdout)


@fuzz(2)
@given(i=st.integers(0, 3), out=st.sampled_from([[], ["--json"], ["--csv"]]), data=st.data())
def test_a_night_saved_another_way_reports_the_same(capsys, tmp_path, i, out, data):
    clean = journals()[i]
    plain = clean.removeprefix(b"\xef\xbb\xbf")  # the journal's own BOM: the variants add theirs first
    variant, kinds = data.draw(equivalent(plain, ("bom", "crlf", "cr", "ctrl-z", "utf-16", "sep")))
    path = tmp_path / "night.csv"
    path.write_bytes(variant)
    code, stdout, err = cli(capsys, "night", *_night_args(clean), *out, path)
    check(code, stdout, err)
    assert (code, stdout) == clean_run(("night", *_night_args(clean), *out, "{}"), clean, "night.csv"), kinds


@fuzz(2)
@given(data=JOURNAL_INPUTS, out=st.sampled_from([[], ["--json"], ["--csv"]]))
def test_a_season_names_a_damaged_journal_and_counts_the_others(capsys, tmp_path, data, out):
    folder = tmp_path / "season"
    folder.mkdir(exist_ok=True)
    (folder / "2025-03-04.csv").write_bytes(journals()[0])
    (folder / "2025-03-05.csv").write_bytes(data)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    code, stdout, err = cli(capsys, "season", folder, *out)
    check(code, stdout, err)
    assert code == 0 and all(line.startswith("mjscore: note: ") for line in err.splitlines()), err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # reading a season writes nothing
    if out == ["--json"]:
        json.loads(stdout)


CARD = b"#name,Ours\nsection,line,value,concealed,kind,note\nEvens,1,25,,,\nEvens,2,25,30,,\nQuints,1,40,,quints,\n"


@fuzz(2)
@given(data=st.one_of(st.binary(max_size=200), mutated(CARD, CSV_BYTES)),
       line=st.sampled_from(["Evens #2 concealed", "Quints 1", "Evens #9", "evens"]))
def test_a_card_is_used_or_refused_and_a_refusal_writes_nothing(capsys, tmp_path, data, line):
    card, journal = tmp_path / "card.csv", tmp_path / "night.csv"
    card.write_bytes(data)
    journal.unlink(missing_ok=True)
    code, stdout, err = cli(capsys, "record", journal, "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how",
                            "self-drawn", "--line", line, "--card", card)
    check(code, stdout, err)
    assert code == 0 or not journal.exists()


def _hands(path: Path) -> list | None:
    code, out = _plain_main(["night", str(path), "--json"])
    return json.loads(out)["hands"] if code == 0 else None


RECORD = [["--winner", "Ann", "--how", "discard", "--thrower", "Bea", "--value", "25"],
          ["--how", "wall"],
          ["--winner", "Cat", "--how", "self-drawn", "--value", "40"]]


@fuzz(3)
@given(data=st.one_of(st.sampled_from(range(3)).flatmap(lambda i: mutated_rows(journals()[i])),
                      st.sampled_from(range(3)).flatmap(lambda i: mutated(journals()[i], CSV_BYTES))),
       hand=st.sampled_from(RECORD))
def test_recording_on_a_damaged_journal_refuses_or_keeps_every_good_hand(capsys, data, hand):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "night.csv"
        path.write_bytes(data)
        before = _hands(path)
        code, out, err = cli(capsys, "record", path, *hand)
        check(code, out, err)
        if code == 2:
            assert path.read_bytes() == data, "a refused record changed the journal"
        else:
            after = _hands(path)
            assert after is not None, "the journal cannot be read after a record"
            assert before is not None, "a journal `mjscore night` refuses took a record"
            assert after[:len(before)] == before and len(after) == len(before) + 1


# --------------------------------------------------------------------------- 4. the practice log


@lru_cache(maxsize=None)
def practice_log() -> bytes:
    from mjscore.willingdon import score
    from mjscore.willingdon.deal import RAMP

    with tempfile.TemporaryDirectory() as d, pytest.MonkeyPatch.context() as mp:
        mp.setenv("MJSCORE_DATA_DIR", d)
        s = score(RAMP[0])
        answers = f"{s.hand_points} {s.doubles}\n40 0\nshow\n28 0\n"
        mp.setattr(sys, "stdin", io.StringIO(answers))
        assert _plain_main(["practice", "--name", "Ann"])[0] == 0
        mp.setattr(sys, "stdin", io.StringIO("12\n"))
        assert _plain_main(["practice", "--mode", "points"])[0] == 0
        return (Path(d) / "practice.jsonl").read_bytes()


@st.composite
def mutated_log(draw) -> bytes:
    lines = practice_log().split(b"\n")
    how = draw(st.sampled_from(["bytes", "record", "lines", "random"]))
    if how == "bytes":
        return draw(mutated(practice_log(), b'{}[]:,"0123456789 \n'))
    if how == "random":
        return draw(st.binary(max_size=200))
    if how == "lines":
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(lines) - 1))
            op = draw(st.sampled_from(["delete", "double", "swap", "cut"]))
            if op == "delete" and len(lines) > 1:
                del lines[i]
            elif op == "double":
                lines.insert(i, lines[i])
            elif op == "swap":
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines[i] = lines[i][:draw(st.integers(0, max(0, len(lines[i]) - 1)))]
        return b"\n".join(lines)
    records = [i for i, line in enumerate(lines) if line.strip()]
    i = draw(st.sampled_from(records))
    lines[i] = json.dumps(draw(mutated_tree(json.loads(lines[i]))), ensure_ascii=False).encode("utf-8", "surrogatepass")
    return b"\n".join(lines)


ANSWERS = st.lists(st.one_of(
    st.sampled_from(["28 0", "42 5", "28", "0", "show", "SHOW", "quit", "", "  ", "1,2", "-1 2", "99999999999 1",
                     "1 2 3", "x", "\x1b[31m", "١٢ ٣"]),
    st.text(max_size=12).filter(lambda s: "\n" not in s and "\r" not in s)), max_size=6).map(
    lambda lines: "".join(line + "\n" for line in lines))


@fuzz(3)
@given(log=mutated_log(), answers=ANSWERS, options=st.sampled_from([[], ["--json"], ["--mode", "doubles"],
                                                                    ["--name", "Bo"]]))
def test_practice_on_a_damaged_log_goes_on(capsys, log, answers, options):
    from mjscore.practice import Trainer

    with tempfile.TemporaryDirectory() as d, pytest.MonkeyPatch.context() as mp:
        mp.setenv("MJSCORE_DATA_DIR", d)
        path = Path(d) / "practice.jsonl"
        path.write_bytes(log)
        code, out, err = cli(capsys, "practice", *options, stdin=answers.encode("utf-8"))
        assert code == 0 and err == "", err
        assert "Traceback" not in out
        if "set aside in practice.jsonl.damaged" in out:
            assert (Path(d) / "practice.jsonl.damaged").exists()
        if "could not be read" in out:
            assert any(p.name.startswith("practice.jsonl.corrupt-") for p in Path(d).iterdir())
        again = Trainer()  # what was damaged was set aside: the log now reads cleanly
        assert again.take_messages() == []
        if options == ["--json"]:
            json.loads(out.strip().splitlines()[-1])


# --------------------------------------------------------------------------- 5. settings and names


def renderings(n: int):
    """``n`` written as a person or a spreadsheet might: the same number every time."""
    return st.sampled_from([str(n), f"{n:,}", f"{n:_}", f" {n} ", f"{n}.0", f"{n}.000", f"+{n}" if n >= 0 else str(n),
                            f"0{n}" if n >= 0 else str(n), f"{n:,}.00"])


NUMBER_TEXT = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="0123456789-+.,_ eE", max_size=12),
    st.sampled_from(["", " ", "nan", "NaN", "inf", "-inf", "Infinity", "1e400", "1e-400", "0x10", "1/2", "½",
                     "２５", "٢٥", "1" * 70, "9" * 41, "-0", "0e5", "--1", "1.5", "25.", ".5", "1,,0", "1__0"]),
)

#: (argv before the number, the option, low, high, argv after): each setting's door.
SETTINGS = {
    "clean-hand-doubles": (["willingdon", "{hand}"], "--clean-hand-doubles", 0, 13, []),
    "minimum-doubles": (["willingdon", "{hand}"], "--minimum-doubles", 0, 13, []),
    "false-mahjong": (["record", "{night}", "--game", "willingdon", "--players", "Ann,Bea,Cat,Dee",
                       "--how", "false-mahjong", "--winner", "Ann"], "--false-mahjong", 0, 100_000, []),
    "value": (["american", "--how", "discard"], "--value", 1, 100_000, []),
    "tournament-value": (["tournament", "--how", "self-drawn"], "--value", 1, 100_000, []),
    "record-value": (["record", "{night}", "--players", "Ann,Bea,Cat,Dee", "--how", "self-drawn",
                      "--winner", "Bea"], "--value", 1, 100_000, []),  # 0 is no win
    "seed": (["deal", "--count", "7"], "--seed", 0, 2**63 - 1, []),
    "count": (["deal"], "--count", 0, 100_000, []),
    "exposures": (["tournament", "--how", "discard", "--value", "25"], "--exposures", 0, 4, []),
}


def setting_argv(name: str, text: str, tmp: Path, glued: bool) -> list[str]:
    before, option, _, _, after = SETTINGS[name]
    (tmp / "hand.txt").write_text(HAND_NOTATION[0].decode())
    night = tmp / "night.csv"
    if night.exists():
        night.unlink()
    argv = [a.replace("{hand}", str(tmp / "hand.txt")).replace("{night}", str(night)) for a in before]
    return argv + ([f"{option}={text}"] if glued else [option, text]) + after


def _slow(name: str, text: str) -> bool:
    """Dealing 100,000 hands takes seconds: keep `--count` to a few hands in the fuzz."""
    if name != "count":
        return False
    try:
        n = whole_number(text, "--count")
    except InputError:
        return False
    return n is not None and 200 < n <= 100_000


@fuzz(2)
@given(name=st.sampled_from(sorted(SETTINGS)), data=st.data(), glued=st.booleans())
def test_a_setting_is_a_whole_number_within_bounds(capsys, tmp_path, name, data, glued):
    _, _, low, high, _ = SETTINGS[name]
    n = data.draw(st.one_of(st.integers(low, min(high, low + 50)), st.integers(low, high),
                            st.sampled_from([low - 1, high + 1, -(10**20), 10**20, low, high])))
    assume(not (name == "count" and 200 < n <= high))
    text = data.draw(renderings(n))
    code, out, err = cli(capsys, *setting_argv(name, text, tmp_path, glued))
    check(code, out, err)
    if low <= n <= high:
        assert code == 0, (text, err)
        assert (code, out) == _plain_main(setting_argv(name, str(n), tmp_path, True)), text
    else:  # argparse takes "-1,000" after a space for an option of its own: refused all the same
        option_like = not glued and text.startswith("-") and "expected one argument" in err
        assert code == 2 and ("must be" in err or option_like), (text, err)


@fuzz(2)
@given(name=st.sampled_from(sorted(SETTINGS)), text=NUMBER_TEXT, glued=st.booleans())
def test_any_text_as_a_setting_is_used_or_refused(capsys, tmp_path, name, text, glued):
    assume("\x00" not in text and not _slow(name, text))
    check(*cli(capsys, *setting_argv(name, text, tmp_path, glued)))


NAME_CHARS = st.one_of(
    st.characters(codec="utf-8", exclude_characters="\x00,"),
    st.sampled_from(["e\u0301", "o\u0308", "\u200b", "\u200d", "\u200c", "\u202e", "\ufeff", "\x1b[31m", "\x07",
                     "\t", "\x1f", "\x85", "\u2028", " ", "Zoë", "Ann", "Bea", "李", "Ø"]))
NAMES = st.lists(st.lists(NAME_CHARS, max_size=8).map("".join), min_size=1, max_size=6)


def _has_control(name: str) -> bool:
    spelled = " ".join(unicodedata.normalize("NFC", name).split())
    return any(unicodedata.category(c) in ("Cc", "Cs") or (unicodedata.category(c) == "Cf" and c not in "\u200c\u200d")
               for c in spelled)


@fuzz(2)
@given(names=NAMES, game=st.sampled_from(["american", "willingdon"]))
def test_players_names_are_kept_in_one_spelling_or_refused(capsys, tmp_path, names, game):
    night = tmp_path / "night.csv"
    if night.exists():
        night.unlink()
    players = ",".join(names)
    code, out, err = cli(capsys, "record", night, "--game", game, "--players", players, "--how", "wall")
    check(code, out, err)
    if any(_has_control(n) for n in names):
        assert code == 2, (names, out)
    if code == 0:
        code2, out2 = _plain_main(["night", str(night)])
        assert code2 == 0
        assert "\x1b" not in out + out2 and "\u202e" not in out + out2
    typed = journals()[3].replace(b"Ann", names[0].encode("utf-8", "surrogatepass"))
    code, out, err = cli(capsys, "night", "--players", players, "-", stdin=typed)
    check(code, out, err)
    if any(_has_control(n) for n in names):
        assert code == 2, (names, out)


@fuzz(1)
@given(names=st.lists(st.sampled_from(["Zoë", "Renée", "Ñandú", "Ægir", "Ann", "Bea", "Ōta", "Çelik", "Åsa"]),
                      min_size=4, max_size=4, unique=True))
def test_a_name_typed_decomposed_is_the_same_player(capsys, names):
    out = {}
    for form in ("NFC", "NFD"):
        typed = [unicodedata.normalize(form, n) for n in names]
        with tempfile.TemporaryDirectory() as d:
            code, out[form], err = cli(capsys, "record", Path(d) / "night.csv", "--players", ",".join(typed),
                                       "--winner", typed[1], "--how", "discard", "--thrower", typed[2],
                                       "--value", "25")
        assert code == 0, err
    assert out["NFC"] == out["NFD"]


# --------------------------------------------------------------------------- the real entry point


def test_no_traceback_escapes_python_dash_m(tmp_path):
    """A few of the worst inputs through `python -m mjscore` itself: one line, status 2."""
    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 100_000)
    night = tmp_path / "night.csv"
    night.write_bytes(b"\xff\xfe\x00\x00garbage")
    cases = [(["willingdon", str(deep)], None), (["night", str(night)], None), (["practice"], b"\xc2\xb9 0\n")]
    env = {**os.environ, "MJSCORE_DATA_DIR": str(tmp_path / "data")}
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "practice.jsonl").write_bytes(b'{"kind": "start"\n[[[')
    for argv, stdin in cases:
        r = subprocess.run([sys.executable, "-m", "mjscore", *argv], input=stdin, capture_output=True, env=env,
                           timeout=60)
        err = r.stderr.decode("utf-8", "replace")
        assert "Traceback" not in err, err
        if argv[0] == "practice":
            assert r.returncode == 0, err
        else:
            assert r.returncode == 2 and err.startswith("mjscore: error: ") and err.count("\n") == 1, err
