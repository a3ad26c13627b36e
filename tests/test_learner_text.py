"""What a learner reads in the lessons writes numbers one way, and never as a programmer's repr.

Every stored output of every notebook (what the lesson shows: its HTML, its SVG, its printed
text) and every markdown cell is scanned:

- a number of four digits or more has thousands separators ("1,344", never "1344" beside it);
- a negative number has a true minus sign ("−25", never "-25" beside it);
- no Python repr: no tuple or list of strings (``('A Clean Hand',)``), no dict (``{'Ann': 40}``),
  no bare ``True``/``False``/``None``, no string result printed with its quotes
  (``'practice.jsonl'``), no memory address, no ``help()`` text;
- no words of Python's JSON parser (``Expecting value, column 1``): a file that cannot be read is
  said in plain words.

Code (fenced blocks and `inline code` in markdown) is what a learner types, not what she reads,
and is left out. The few exceptions are listed in :data:`ALLOWED`, each with its reason.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

NO_SEPARATORS = re.compile(r"(?<![\w.,#/:=+−-])\d{4,}(?![\w,.]*\d)")
HYPHEN_MINUS = re.compile(r"(?<![\w\d)\]])-\d")
REPR = re.compile(r"\(\s*'[^']*',\s*\)|\(\)|\['[^']*'|\{'[^']*':|\b(?:True|False|None)\b|0x[0-9a-f]{6,}|"
                  r"^'[^'\n]*'$|\bHelp on\b|\bSignature:|\bhelp\(", re.M)
#: The words of Python's JSON parser (the messages of json.JSONDecodeError), and what quoted them.
PARSER_WORDS = re.compile(r"Expecting (?:value|property name|'[:,]' delimiter)|Extra data|Unterminated string|"
                          r"Invalid (?:control character|\\?escape|\\uXXXX)|JSONDecodeError|not valid JSON")

#: (what, the text found, why it stands).
ALLOWED = (
    ("no separators", "2468", "the name of a section of the League's card, not a number"),
    ("no separators", "13579", "the name of a section of the League's card, not a number"),
    ("no separators", "2025", "a year, in the date of a night of a season (2025-03-04): a year has no separator"),
    ("hyphen minus", "not -", "a refusal quotes the figure as it was typed"),
)


def _html_text(text: str) -> str:
    text = re.sub(r"(?is)<(style|script)[^>]*>.*?</\1>", " ", text)
    return html.unescape(re.sub(r"(?s)<[^>]+>", " ", text))


def _joined(value) -> str:
    return value if isinstance(value, str) else "".join(value)


def shown(output: dict) -> str:
    """The text of an output as the lesson shows it (its richest form)."""
    if output.get("output_type") == "stream":
        return _joined(output.get("text", ""))
    data = output.get("data", {})
    for mime in ("text/html", "image/svg+xml", "text/markdown", "text/plain"):
        if mime in data:
            text = _joined(data[mime])
            return _html_text(text) if mime in ("text/html", "image/svg+xml") else text
    return ""


def _is_a_file_as_stored(text: str) -> bool:
    """A CSV file shown as it is on disk (a journal): data, not prose."""
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) >= 2 and all(line.count(",") >= 5 for line in lines)


def read(path: Path) -> list[tuple[str, str]]:
    """(where, text) for everything a learner reads in the notebook."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for k, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown":
            text = _joined(cell["source"])
            text = re.sub(r"(?s)```.*?```", " ", text)
            text = re.sub(r"`[^`]*`", " ", text)
            text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
            found.append((f"cell {k}", _html_text(text)))
        for output in cell.get("outputs", []):
            text = shown(output)
            if "application/vnd.jupyter.widget-view+json" in output.get("data", {}):
                text = _joined(output["data"].get("text/plain", ""))  # the stand-in of an app
            if not _is_a_file_as_stored(text):
                found.append((f"cell {k} output", text))
    return found


def problems(text: str) -> list[str]:
    out = []
    for what, pattern in (("no separators", NO_SEPARATORS), ("hyphen minus", HYPHEN_MINUS), ("repr", REPR),
                          ("parser words", PARSER_WORDS)):
        for m in pattern.finditer(text):
            context = text[max(0, m.start() - 30):m.end() + 20].replace("\n", " ")
            if any(w == what and (found in context if what != "no separators" else m.group() == found)
                   for w, found, _why in ALLOWED):
                continue
            out.append(f"{what}: …{context.strip()}…")
    return out


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.rglob("*.ipynb")), ids=lambda p: p.name)
def test_numbers_are_written_one_way_and_no_repr_is_shown(path):
    bad = [f"{where}: {p}" for where, text in read(path) for p in problems(text)]
    assert not bad, f"{path.name}:\n" + "\n".join(bad[:20])


def test_the_scan_catches_each_fault_it_was_written_for():
    for text in ("also fits: ('A Clean Hand',)", "may go mahjong? False", "'practice.jsonl'", "collects 1200012",
                 "1344", "Cat -10", "{'Ann': 40}", "Help on function simulate_night", "<x at 0x7f3a2b1c9d>",
                 "also fits: ()", "notes.jsonl: not a progress log (line 1: not valid JSON (Expecting value, "
                 "column 1))", "Expecting ',' delimiter", "Extra data", "Invalid \\escape"):
        assert problems(text), text
    for text in ("1,344", "collects 1,200,012", "−10", "0-1 exposures", "25-50", "F1 S3", "seed 11",
                 "section 2468", "refused: must be 0 or more, not -25", "30.23%", "9Cx2"):
        assert not problems(text), text
