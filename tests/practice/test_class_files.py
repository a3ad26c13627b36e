"""The teacher's view names what it could not read in a teacher's words: each file or folder
once, as the teacher typed it, what is wrong with a file in plain words (never a parser's), and
the line that shows it."""

from __future__ import annotations

import json
import re

import pytest

from mjscore.practice.sample import sample_class
from mjscore.practice.teacher import find_logs, read_class
from mjscore.practice.progress import READS
from mjscore.practice.log import encode, start_record

from ..test_learner_text import PARSER_WORDS  # the words of Python's JSON parser: a teacher never reads them

START = encode(start_record(0))


def start_with(**fields) -> bytes:
    return encode({**start_record(0), **fields})


NOT_JSON = "it is not the JSON lines mjscore writes"


@pytest.mark.parametrize("content, why", [
    (b"a note someone saved in the same folder\n", f"{NOT_JSON} (line 1)"),
    (b"\n \n" + START[:40] + b"\n", f"{NOT_JSON} (line 3)"),  # blank lines first: the line of the file
    (b'{"kind" "start"}\n', f"{NOT_JSON} (line 1)"),
    (b"[1, 2,]\n", f"{NOT_JSON} (line 1)"),
    (b'"a string never closed\n', f"{NOT_JSON} (line 1)"),
    (b"{} {}\n", f"{NOT_JSON} (line 1)"),
    (b'{"a": "\x01"}\n', f"{NOT_JSON} (line 1)"),
    (b'{"a": "\\q"}\n', f"{NOT_JSON} (line 1)"),
    (b"\xef\xbb\xbf" + START, f"{NOT_JSON} (line 1)"),  # a byte-order mark, as a Windows editor saves it
    (b'{"kind": "start", "kind": "start"}\n', f"{NOT_JSON} (line 1)"),
    (b"[" * 500 + b"]" * 500 + b"\n", f"{NOT_JSON} (line 1)"),
    (b"1" * 5000 + b"\n", f"{NOT_JSON} (line 1)"),
    (b"\xff\xfe\x00\x01 a picture\n", "it is not text (line 1)"),
    (b"", "it is empty"),
    (b"\n  \n\n", "it is empty"),
    (b'{"kind": "answer", "number": 1}\n' + START, "it does not begin as a progress file does (line 1)"),
    (b"[1, 2]\n", "it does not begin as a progress file does (line 1)"),
    (start_with(format="something-else"), "it does not begin as a progress file does (line 1)"),
    (start_with(version=max(READS) + 1), f"it was saved by a newer mjscore (its version {max(READS) + 1}; this one "
                                         f"reads versions 2, 3 and 4): update mjscore to read it (line 1)"),
    (start_with(version=None), "it does not say a version this mjscore reads (2, 3 and 4) (line 1)"),
    (start_with(version="3"), "it does not say a version this mjscore reads (2, 3 and 4) (line 1)"),
    (start_with(seed="zero"), "its first line is damaged (line 1)"),
])
def test_a_file_that_is_not_a_progress_file_is_named_with_what_is_wrong_in_plain_words(tmp_path, content, why):
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "notes.jsonl").write_bytes(content)
    report = read_class([tmp_path / "class"])
    assert report.students == ()
    assert report.problems == (f"{tmp_path}/class/notes.jsonl is not a progress file: {why}",)
    assert not PARSER_WORDS.search(report.problems[0]) and not re.search(r"\bNone\b|'", report.problems[0])


def test_every_message_of_the_parser_is_caught_by_the_scan():
    for bad in ("{", "[1,]", "{} x", '"abc', '{"a" 1}', '{"a": "\\q"}', '{"a": "\x01"}', '{"a": "\\u12"}'):
        with pytest.raises(json.JSONDecodeError) as e:
            json.loads(bad)
        assert PARSER_WORDS.search(e.value.msg), e.value.msg


def test_a_folder_is_named_as_typed_and_once(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    sample_class(tmp_path / "class")
    (tmp_path / "class" / "notes.jsonl").write_text("a note\n")
    (tmp_path / "empty").mkdir()
    found, problems = find_logs(["~/class", "~/empty/", "~/nowhere"])
    assert len(found) == 31 and all(f.shown.startswith("~/class/") for f in found)
    assert "~/class/student-01/practice.jsonl" in [f.shown for f in found]
    assert problems == ["~/empty/ holds no progress files (*.jsonl)", "~/nowhere: no such file or folder"]
    report = read_class(["~/class"])
    assert len(report.students) == 30 and report.students[0].file.startswith("~/class/")
    assert report.problems == (f"~/class/notes.jsonl is not a progress file: {NOT_JSON} (line 1)",)
    assert str(tmp_path) not in report.text() + json.dumps(report.to_json())
