"""The club's card: this year's lines of an American card, typed once by the club, as its own data.

The card changes every year and its lines are the National Mah Jongg League's to publish, so
mjscore ships none of them: a club types its own card (a CSV or a JSON file), and the
scorekeeper and ``mjscore record --line`` then take a line of it (``2468 #3``) instead of a
number. The line gives the hand its value, and the section kind the jokerless double reads
(Singles and Pairs, Quints, or any other section); the journal records the line beside them.

Each line of a card has: its ``section`` (as the card heads it: ``2468``, ``Quints``...), its
``line`` number in the section (from 1, top to bottom), its ``value``, its ``concealed`` value
where the card gives one, and its section's ``kind`` (``singles-and-pairs``, ``quints`` or
``other``; left empty, a section called Singles and Pairs or Quints is of that kind and any
other is ``other``). A ``note`` is the club's own. A line is named ``SECTION #N``, and
``SECTION #N concealed`` for its concealed value.

>>> card = card_from_csv('''section,line,value,concealed,kind
... Evens,1,25,,
... Evens,2,25,30,
... Singles and Pairs,1,50,,
... ''', "club-card.csv")
>>> card.pick("evens #2 concealed")
Pick(line=CardLine(section='Evens', number=2, value=25, concealed=30, kind='other', note=''), concealed=True)
>>> card.pick("Evens #2 concealed").value, card.pick("Singles and Pairs #1").category
(30, 'singles-and-pairs')
>>> card.pick("Evens #7")
Traceback (most recent call last):
...
mjscore.night.card.CardError: Evens #7 is not on the card (club-card.csv); its nearest lines: Evens #2, Evens #1
"""

from __future__ import annotations

import csv
import difflib
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ..files.inputs import clean_name, load_json, read_text, whole_number
from ..files.storage import data_dir
from .entry import MAX_VALUE, LedgerError

__all__ = ["CARD_FILES", "KINDS", "MADE_UP_CARD", "Card", "CardError", "CardLine", "Pick", "card_for",
           "card_from_csv", "card_from_json", "find_card", "read_card"]

#: The section kinds the rules read, and how a card may write each.
KINDS = {"singles-and-pairs": "Singles and Pairs", "quints": "Quints", "other": "any other section"}
#: An example card shipped with mjscore, every line of it made up (a club types its own).
MADE_UP_CARD = Path(__file__).parent / "data" / "made-up-card.csv"
#: The club's card in the data folder, looked for in this order when no card is named.
CARD_FILES = ("card.csv", "card.json")
#: The columns of a card (``section``, ``line`` and ``value`` are required).
COLUMNS = ("section", "line", "value", "concealed", "kind", "note")
_REQUIRED = ("section", "line", "value")
_REFERENCE = re.compile(r"^(?P<section>.*?)\s*(?:#\s*|\bline\s+|\s)(?P<number>\d+)(?P<concealed>\s+concealed)?$",
                        re.IGNORECASE)


class CardError(LedgerError):
    """A card file the scorekeeper cannot use, or a line that is not on the card: the message says which."""


def _folded(text: str) -> str:
    """A section's name as compared: case-blind, one space between words, no ``-`` or ``_``."""
    return " ".join(text.replace("-", " ").replace("_", " ").casefold().split())


def _kind(text: str, section: str) -> str:
    folded = _folded(text)
    if not folded:
        return next((k for k in ("singles-and-pairs", "quints") if _folded(k) == _folded(section)), "other")
    for key, words in KINDS.items():
        if folded in (_folded(key), _folded(words)) or (key == "other" and folded == "any other"):
            return key
    raise CardError(f"the section kind must be singles-and-pairs, quints or other, not {text!r}")


@dataclass(frozen=True)
class CardLine:
    """One line of the card: its section, its number in it, its value (and concealed value), its kind."""

    section: str
    number: int
    value: int
    concealed: int | None = None
    kind: str = "other"
    note: str = ""

    @property
    def name(self) -> str:
        """The line as the scorekeeper names it: ``2468 #3``."""
        return f"{self.section} #{self.number}"


class Pick(NamedTuple):
    """A line of the card picked for a hand, and whether its concealed value was meant."""

    line: CardLine
    concealed: bool = False

    @property
    def value(self) -> int:
        """The hand's value: the line's, or its concealed value."""
        return self.line.concealed if self.concealed and self.line.concealed is not None else self.line.value

    @property
    def category(self) -> str:
        """The section kind the jokerless double reads."""
        return self.line.kind

    @property
    def name(self) -> str:
        """As the journal records it: ``2468 #3``, or ``2468 #3 concealed``."""
        return self.line.name + (" concealed" if self.concealed else "")


@dataclass(frozen=True)
class Card:
    """The club's card: its lines, and the file it came from (named in every refusal)."""

    lines: tuple[CardLine, ...]
    source: str = "the card"
    name: str = ""

    def pick(self, text: str) -> Pick:
        """The line ``text`` names (``2468 #3``, ``2468 3``, ``2468 #3 concealed``, case-blind).

        Refused, with the card's nearest lines named, when it is not on the card."""
        text = " ".join(str(text).split())
        match = _REFERENCE.match(text)
        if match is None or not match.group("section"):
            raise CardError(f"{text!r} names no line of the card ({self.source}): give its section and number, "
                            f"such as {self.lines[0].name}; its nearest lines: " + ", ".join(self.nearest(text)))
        section, number = _folded(match.group("section")), int(match.group("number"))
        concealed = match.group("concealed") is not None
        for line in self.lines:
            if _folded(line.section) == section and line.number == number:
                if concealed and line.concealed is None:
                    raise CardError(f"{line.name} has no concealed value on the card ({self.source}): it is "
                                    f"{line.value:,}")
                return Pick(line, concealed)
        raise CardError(f"{text} is not on the card ({self.source}); its nearest lines: "
                        + ", ".join(self.nearest(text)))

    def nearest(self, text: str, n: int = 3) -> list[str]:
        """The names of the card's lines nearest ``text``, for a refusal to offer.

        The same section's nearest numbers, else the names most alike (:mod:`difflib`), else the
        first line of each section."""
        match = _REFERENCE.match(" ".join(str(text).split()))
        if match is not None:
            same = [ln for ln in self.lines if _folded(ln.section) == _folded(match.group("section"))]
            if same:
                wanted = int(match.group("number"))
                return [ln.name for ln in sorted(same, key=lambda ln: (abs(ln.number - wanted), -ln.number))[:n]]
        names = {_folded(ln.name): ln.name for ln in self.lines}
        close = difflib.get_close_matches(_folded(str(text)), list(names), n=n, cutoff=0.5)
        if close:
            return [names[c] for c in close]
        firsts: dict[str, str] = {}
        for ln in self.lines:
            firsts.setdefault(_folded(ln.section), ln.name)
        return list(firsts.values())[:max(n, 5)]


# --------------------------------------------------------------------------- reading a card


def _row(cells: dict, where: str) -> CardLine:
    """One line of the card from its cells by column name; CardError naming ``where`` (the row)."""
    try:
        section = clean_name(str(cells.get("section") or ""), "the section", CardError) if cells.get("section") \
            else None
        if section is None:
            raise CardError("the section is empty")
        number_text = str(cells.get("line") or "").strip().lstrip("#").strip()
        number = whole_number(number_text, "the line number", 1, 1000, CardError, required=True)
        value = whole_number(cells.get("value"), "the value", 1, MAX_VALUE, CardError, required=True)
        concealed = whole_number(cells.get("concealed"), "the concealed value", 1, MAX_VALUE, CardError)
        kind = _kind(str(cells.get("kind") or ""), section)
        note = str(cells.get("note") or "").strip()
    except CardError as e:
        raise CardError(f"{where}: {e}") from None
    return CardLine(section, number, value, concealed, kind, note)


def _card(rows: list[tuple[str, dict]], source: str, name: str) -> Card:
    """The card of these rows (``(where, cells)`` each), refusing a line twice or a section of two kinds."""
    lines, seen, kinds = [], {}, {}
    for where, cells in rows:
        line = _row(cells, where)
        key = (_folded(line.section), line.number)
        if key in seen:
            raise CardError(f"{where}: {line.name} is on the card twice (first at {seen[key]})")
        first = kinds.setdefault(_folded(line.section), (line.kind, where))
        if first[0] != line.kind:
            raise CardError(f"{where}: the section {line.section} is {first[0]} at {first[1]}, not {line.kind}")
        seen[key] = where
        lines.append(line)
    if not lines:
        raise CardError(f"{source} has no lines: a row a line, under section,line,value,concealed,kind")
    return Card(tuple(lines), source, name)


def card_from_csv(text: str, source: str = "the card") -> Card:
    """A card from CSV text: an optional ``#name,...`` row, the column names, then a row a line."""
    reader = csv.reader(io.StringIO(text))
    header: list[str] | None = None
    name, rows = "", []
    for row in reader:
        where = f"{source} line {reader.line_num}"
        if not any(c.strip() for c in row):
            continue
        if header is None:
            if row[0].strip().lower() == "#name":
                name = ",".join(c.strip() for c in row[1:]).strip(", ")
                continue
            header = [c.strip().lower() for c in row]
            unknown = [c for c in header if c and c not in COLUMNS]
            missing = [c for c in _REQUIRED if c not in header]
            if unknown or missing:
                raise CardError(f"{where}: " + (f"unknown column {unknown[0]!r}" if unknown else
                                                f"no {missing[0]!r} column") +
                                f" (a card's columns: {', '.join(COLUMNS)})")
            continue
        if len([c for c in row if c.strip()]) and len(row) > len(header) and any(c.strip() for c in row[len(header):]):
            raise CardError(f"{where}: the row has more cells than there are columns")
        rows.append((where, {c: row[i].strip() if i < len(row) else "" for i, c in enumerate(header) if c}))
    if header is None:
        raise CardError(f"{source} has no column names: section,line,value,concealed,kind")
    return _card(rows, source, name)


def card_from_json(data: object, source: str = "the card") -> Card:
    """A card from parsed JSON: ``{"name": ..., "lines": [{"section": ..., "line": 3, "value": 25}, ...]}``."""
    if not isinstance(data, dict) or not isinstance(data.get("lines"), list):
        raise CardError(f'{source}: a card is an object with "lines": a list of lines')
    unknown = sorted(set(data) - {"name", "lines"})
    if unknown:
        raise CardError(f"{source}: unknown field {unknown[0]!r} (a card has name and lines)")
    rows = []
    for i, line in enumerate(data["lines"]):
        where = f"{source} lines[{i}]"
        if not isinstance(line, dict):
            raise CardError(f"{where}: a line is an object such as "
                            '{"section": "2468", "line": 1, "value": 25}')
        extra = sorted(set(line) - set(COLUMNS))
        if extra:
            raise CardError(f"{where}: unknown field {extra[0]!r} (a line has {', '.join(COLUMNS)})")
        rows.append((where, {k: ("" if v is None else v) for k, v in line.items()}))
    return _card(rows, source, str(data.get("name") or ""))


def read_card(path: str | os.PathLike) -> Card:
    """The card in a file: JSON when it ends ``.json`` (or starts ``{``), else CSV."""
    path = Path(path)
    text = read_text(path, "card", "card", CardError)
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        return card_from_json(load_json(text, path.name, CardError), path.name)
    return card_from_csv(text, path.name)


def find_card(folder: str | os.PathLike | None = None) -> Path | None:
    """The club's card kept in ``folder`` (default the data folder): ``card.csv`` or ``card.json``, else None."""
    folder = Path(folder) if folder is not None else data_dir()
    return next((folder / n for n in CARD_FILES if (folder / n).is_file()), None)


def card_for(path: str | os.PathLike | None = None) -> Card:
    """The card ``path`` names, else the club's card in the data folder (:func:`find_card`).

    Refused, saying where a card goes, when there is none."""
    if path is not None:
        return read_card(path)
    found = find_card()
    if found is None:
        raise CardError(f"no card to take the line from: name one (--card FILE), or keep the club's card as "
                        f"{CARD_FILES[0]} in the data folder, {data_dir()}")
    return read_card(found)
