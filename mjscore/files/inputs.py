"""Everything mjscore reads from outside, read the same careful way: bounded, decoded, parsed.

Hand files, tournament tables, a night's journal or CSV, the practice log and the settings in
them all come through here, so every door refuses the same bad input with the same kind of
message: one line naming the file, the line or field, and the problem.

- :func:`read_input`: at most ``limit`` bytes from a file or standard input. A folder is
  refused; a pipe or device is read only up to the limit (a pipe with nobody writing to it
  reads as empty instead of waiting for ever).
- :func:`decode`: UTF-8 text with or without a byte-order mark (UTF-16 with one), Windows,
  old-Mac or Unix line ends, a trailing Ctrl-Z (old DOS editors) dropped.
- :func:`load_json`: JSON nested at most :data:`MAX_DEPTH` deep, numbers of at most
  :data:`MAX_DIGITS` digits, whole numbers kept exact (``25.0`` is 25, never a float), no
  key given twice, no ``NaN``.
- :func:`whole_number`: a setting or a typed figure as an exact whole number within its bounds:
  the one reader of every number a person types, at the command line and in every app.
- :func:`clean_name`: a player's name in one spelling (Unicode NFC, spaces trimmed), with
  control and invisible characters refused; :func:`shown` escapes them in anything printed.

>>> load_json('{"value": 9007199254740993.0}', "hand.json")
{'value': 9007199254740993}
>>> clean_name("  Zoe\u0308 ") == "Zo\u00eb"
True
>>> clean_name("\u200b")
Traceback (most recent call last):
...
mjscore.files.inputs.InputError: a player's name must have a visible character, not '\\u200b'
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import unicodedata
from decimal import Decimal, InvalidOperation
from pathlib import Path

from ..numbers import count

__all__ = ["InputError", "LIMITS", "MAX_DEPTH", "MAX_DIGITS", "MAX_NAME", "MAX_SEED", "OutOfRange", "clean_name",
           "decode", "figure", "keepable", "load_json", "read_input", "read_text", "regular_file", "tidy", "shown",
           "whole_number"]


class InputError(ValueError):
    """Input mjscore cannot take, with a message a person can act on."""


class OutOfRange(InputError):
    """A whole number, but outside the bounds asked (or of too many digits to be any figure meant).

    :func:`whole_number` raises it, when its ``error`` is :class:`InputError`, so that a reader
    with words of its own can tell "too big" from "not a number"."""


#: The most each kind of input may hold, in bytes (a night of 10,000 hands is about 0.5 MB).
LIMITS = {
    "hand": 1 << 20,          # a hand file: 1 MB
    "table": 1 << 20,         # a tournament table: 1 MB
    "card": 1 << 20,          # a club's card of the year: 1 MB
    "journal": 16 << 20,      # a night's journal or CSV: 16 MB
    "progress": 64 << 20,     # the practice log: 64 MB (about 300,000 answers)
}
#: JSON nested deeper than this is refused (a hand is 3 deep, a table 3).
MAX_DEPTH = 16
#: A number with more digits than this is refused: no figure a table could mean needs more.
MAX_DIGITS = 18
#: A player's name has at most this many characters.
MAX_NAME = 60
#: The largest number that starts the random hands of ``--seed`` (a 64-bit number).
MAX_SEED = 2**63 - 1


def keepable(n: int) -> bool:
    """Whether the whole number ``n`` can be saved and read back: at most :data:`MAX_DIGITS` digits.

    Every door that saves a typed figure (the practice log) refuses what :func:`load_json`
    would set aside when the file is read again.

    >>> keepable(10**18 - 1), keepable(-(10**18 - 1)), keepable(10**18)
    (True, True, False)
    """
    return abs(n) < 10 ** MAX_DIGITS


def _size(n: int) -> str:
    return f"{n // (1 << 20):,} MB" if n >= 1 << 20 else f"{n:,} bytes"


def read_input(source: str | os.PathLike, *, limit: int, what: str = "file",
               error: type[ValueError] = InputError) -> bytes:
    """The bytes of ``source`` (a path, or ``"-"`` for standard input), at most ``limit`` of them.

    The refusals name the file: no such file, a folder, too big, or the system's reason. A
    pipe or a device is read like a file but never past the limit, and a named pipe that
    nobody is writing to reads as empty rather than hanging.
    """
    if str(source) == "-":
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 1).encode("utf-8")
        if len(data) > limit:
            raise error(f"standard input holds more than {_size(limit)}: that is too much for a {what}")
        return data
    path = os.fspath(source)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise error(f"no such {what}: {path}") from None
    except IsADirectoryError:
        raise error(f"the {what} {path} is a folder, not a file") from None
    except OSError as e:
        raise error(f"cannot read the {what} {path}: {e.strerror}") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise error(f"the {what} {path} is a folder, not a file")
        if stat.S_ISREG(st.st_mode) and st.st_size > limit:
            raise error(f"the {what} {path} is {_size(st.st_size)}: more than the {_size(limit)} a {what} may be")
        if hasattr(os, "set_blocking") and not stat.S_ISREG(st.st_mode):
            os.set_blocking(fd, True)  # a pipe with no writer now reads as empty, not as "try again"
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        raise error(f"cannot read the {what} {path}: {e.strerror}") from None
    finally:
        os.close(fd)
    if total > limit:
        raise error(f"the {what} {path} holds more than {_size(limit)}: more than a {what} may be")
    return b"".join(chunks)


def regular_file(path: str | os.PathLike, what: str, error: type[ValueError] = InputError) -> None:
    """Refuse ``path`` unless it is missing or a plain file (a file mjscore writes to must be one)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise error(f"cannot use the {what} {os.fspath(path)}: {e.strerror}") from None
    if stat.S_ISDIR(st.st_mode):
        raise error(f"the {what} {os.fspath(path)} is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise error(f"the {what} {os.fspath(path)} is a pipe or a device, not a file that can be kept")


def decode(data: bytes, name: str, error: type[ValueError] = InputError) -> str:
    """Text from bytes as editors and spreadsheets save it.

    UTF-8 with or without a byte-order mark (or UTF-16 with one), any line ends made ``\\n``, a
    trailing Ctrl-Z dropped.

    >>> decode(b'\\xef\\xbb\\xbfa,b\\r\\nc\\rd\\x1a', "x.csv")
    'a,b\\nc\\nd'
    """
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        codec = "utf-16"
    else:
        codec = "utf-8-sig"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise error(f"{name} is not UTF-8 text (line {line} holds the byte {data[e.start]:#04x}): "
                    "save it as UTF-8, from a spreadsheet as CSV UTF-8") from None
    return tidy(text, name, error)


def tidy(text: str, name: str = "the text", error: type[ValueError] = InputError) -> str:
    """Text already decoded, made plain; a NUL character refused.

    A leading byte-order mark and a trailing Ctrl-Z dropped, ``\r\n`` and ``\r`` line ends
    made ``\n``.
    """
    if text[:1] == "\ufeff":
        text = text[1:]
    text = text.rstrip("\x1a")
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise error(f"{name} line {line} has a NUL character: it is not a text file")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_text(source: str | os.PathLike, kind: str, what: str, error: type[ValueError] = InputError) -> str:
    """A file's text, or standard input's: :func:`read_input` then :func:`decode`.

    The limit is that of ``kind`` (see :data:`LIMITS`); an empty file (or a pipe nobody wrote
    to) is refused as empty.
    """
    name = "standard input" if str(source) == "-" else os.fspath(source)
    text = decode(read_input(source, limit=LIMITS[kind], what=what, error=error), name, error)
    if not text.strip():
        raise error(f"{name} is empty: nothing to read as a {what}" if str(source) == "-"
                    else f"the {what} {name} is empty")
    return text


# --------------------------------------------------------------------------- JSON


class _Big(str):
    """A number too big to keep, noted while parsing so that the refusal can name its field."""


class _Duplicate(Exception):
    pass


def _int(text: str) -> int | _Big:
    return _Big(text) if len(text.lstrip("-")) > MAX_DIGITS else int(text)


def _number(text: str) -> int | float | _Big:
    try:
        d = Decimal(text)
    except InvalidOperation:  # pragma: no cover - the JSON grammar only hands over numbers
        return _Big(text)
    if d.is_zero():
        return 0
    if d.adjusted() >= MAX_DIGITS:
        return _Big(text)
    if d == d.to_integral_value():
        return int(d)  # exact: 9007199254740993.0 stays 9007199254740993
    return float(d)


def _constant(text: str):
    raise _Duplicate(f"{text} is not a number (JSON numbers are digits)")


def _pairs(pairs: list) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen = set()
        for k, _ in pairs:
            if k in seen:
                raise _Duplicate(f"the key {k!r} is given twice in one object")
            seen.add(k)
    return d


def _path(steps: list) -> str:
    out = ""
    for s in steps:
        out += f"[{s}]" if isinstance(s, int) else (f".{s}" if out else str(s))
    return out or "the top level"


def load_json(text: str, name: str, error: type[ValueError] = InputError) -> object:
    """Parsed JSON, checked.

    Nesting at most :data:`MAX_DEPTH`, numbers of at most :data:`MAX_DIGITS` digits (whole
    numbers exact), no key twice, no NaN or Infinity. A refusal names ``name`` and the line, or
    the field (``wall_game.to``).
    """
    at = f"{name}: " if name else ""
    try:
        data = json.loads(text, parse_int=_int, parse_float=_number, parse_constant=_constant,
                          object_pairs_hook=_pairs)
    except json.JSONDecodeError as e:
        raise error(f"{name + ' ' if name else ''}line {e.lineno}: not valid JSON ({e.msg}, column {e.colno})") from None
    except RecursionError:
        raise error(f"{at}the JSON is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except _Duplicate as e:
        raise error(f"{at}{e}") from None
    stack = [(data, [], 1)]
    while stack:
        value, steps, depth = stack.pop()
        if isinstance(value, _Big):
            figure = value if len(value) <= 24 else f"{value[:12]}… ({len(value):,} characters)"
            raise error(f"{at}{_path(steps)}: the number {figure} is too big "
                        f"(at most {MAX_DIGITS} digits)")
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise error(f"{at}the JSON is nested too deeply at {_path(steps)} "
                            f"(at most {MAX_DEPTH} levels)")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((v, steps + [k], depth + 1) for k, v in items)
    return data


# --------------------------------------------------------------------------- numbers and names


#: The signs a typed figure may carry: a plus, a hyphen, the true minus sign (as
#: :mod:`mjscore.numbers` writes a loss) and the full-width forms a phone's Chinese or Japanese
#: keyboard types.
_SIGNS = {"+": 1, "\uff0b": 1, "-": -1, "\u2212": -1, "\uff0d": -1}
#: What may stand between groups of three digits: a comma, an underscore, a space (no-break,
#: thin and narrow ones too, as a copied figure has them) and the full-width comma.
_SEPARATORS = ",_ \u00a0\u2009\u202f\uff0c"
#: A typed figure: a sign, the digits (in groups of three when separated), a decimal part (of
#: zeros, for a whole number). Digits of any script count (``２５`` is 25).
_SEPARATOR = f"[{re.escape(_SEPARATORS)}]"
_FIGURE = re.compile(rf"([{re.escape(''.join(_SIGNS))}]?)\s*(\d{{1,3}}(?:{_SEPARATOR}\d{{3}})+|\d+)(?:\.(\d*))?")
#: A figure of more digits than this is refused before it is made a number (40 is far past any bound).
_MOST_DIGITS = 40


def whole_number(cell: object, what: str, low: int | None = None, high: int | None = None,
                 error: type[ValueError] = InputError, *, required: bool = False) -> int | None:
    """``cell`` as an exact whole number, None when empty: the one reader of every figure typed.

    The command line's options, a journal's cells, a setting, and every box of the apps where a
    person types a number read through here, so a figure means the same everywhere and is
    refused everywhere in the same words. Taken: digits (of any script: ``２５``), a sign (``+``,
    ``-``, the true minus ``−``), thousands separators between groups of three (``1,000``,
    ``1 000``, ``1_000``), a decimal part of zeros (``25.0``), spaces around. Refused, never
    turned into another number: a fraction (``27.5``), a European decimal comma (``27,5``),
    exponents (``1e3``), hexadecimal (``0x19``), letters (``3O``), anything outside ``low`` to
    ``high``. ``required``: an empty cell is refused too, rather than None. Every refusal is an
    ``error``; with the default, one outside the bounds is its subclass :class:`OutOfRange`.

    >>> whole_number("9007199254740993.0", "the value"), whole_number(" −1,500 ", "the amount")
    (9007199254740993, -1500)
    >>> whole_number("-500", "#false-mahjong", 0, 100_000)
    Traceback (most recent call last):
    ...
    mjscore.files.inputs.OutOfRange: #false-mahjong must be from 0 to 100,000, not −500
    >>> whole_number("27,5", "the hand's value")
    Traceback (most recent call last):
    ...
    mjscore.files.inputs.InputError: the hand's value must be a whole number, not '27,5'
    """
    out_of_range = OutOfRange if error is InputError else error
    if cell is None:
        n = None
    elif isinstance(cell, bool):
        raise error(f"{what} must be a whole number, not {cell!r}")
    elif isinstance(cell, int):
        n = cell
    else:
        raw = str(cell)
        text = raw.strip()
        n = None if not text else _figure(text)
        if text and n is None:
            raise error(f"{what} must be a whole number, not {shown(text, 24)!r}")
        if isinstance(n, str):  # a whole number, but of too many digits to be any figure meant
            raise out_of_range(f"{what} must be {_bounds(low, high) or 'smaller'}, not {n}")
    if n is None:
        if required:
            raise error(f"{what} must be a whole number, not an empty value")
        return None
    if (low is not None and n < low) or (high is not None and n > high):
        shown_n = count(n) if abs(n) < 10 ** _MOST_DIGITS else f"a number of {len(str(abs(n))):,} digits"
        raise out_of_range(f"{what} must be {_bounds(low, high)}, not {shown_n}")
    return n


def _bounds(low: int | None, high: int | None) -> str:
    """"from 0 to 13", "1 or more", "100,000 or less", or "" with no bounds."""
    if low is not None and high is not None:
        return f"from {low:,} to {high:,}"
    return f"{low:,} or more" if low is not None else f"{high:,} or less" if high is not None else ""


def _figure(text: str) -> int | str | None:
    """The whole number ``text`` writes, None when it writes none, or what to call a number too long."""
    m = _FIGURE.fullmatch(text)
    if m is None:
        return None
    sign, digits, decimals = m.groups()
    if decimals and any(unicodedata.digit(c) for c in decimals):
        return None  # a fraction: 27.5 is not 27, nor 275
    digits = "".join(str(unicodedata.digit(c)) for c in re.sub(_SEPARATOR, "", digits)).lstrip("0")
    if len(digits) > _MOST_DIGITS:
        return f"a number of {len(digits):,} digits"
    return _SIGNS.get(sign, 1) * int(digits or "0")


#: Invisible characters a name may hold between letters (some scripts need them).
_JOINERS = {"\u200c", "\u200d"}


def clean_name(text: object, what: str = "a player's name", error: type[ValueError] = InputError) -> str:
    """A name in one spelling, or refused.

    Unicode NFC (so "Zoë" typed two ways is one player), spaces trimmed and runs of them made
    one. Refused: empty, invisible, longer than :data:`MAX_NAME`, or holding a control or
    formatting character (a terminal escape, a zero-width space, a right-to-left override).
    """
    if not isinstance(text, str):
        raise error(f"{what} must be text, not {text!r}")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise error(f"{what} is empty")
    if all(unicodedata.category(c)[0] in "CZ" for c in name):
        raise error(f"{what} must have a visible character, not '{shown(text, 30)}'")
    for ch in name:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cs") or (cat == "Cf" and ch not in _JOINERS):
            raise error(f"{what} '{shown(name, 30)}' holds an invisible or control character "
                        f"(U+{ord(ch):04X}): type the name again without it")
    if len(name) > MAX_NAME:
        raise error(f"{what} '{shown(name, 30)}' is longer than {MAX_NAME} characters")
    return name


def figure(v: object) -> str:
    """A value for an error message, never thousands of characters long.

    A whole number with thousands separators, anything else as its repr.
    """
    text = f"{v:,}" if isinstance(v, int) and not isinstance(v, bool) else repr(v)
    return text if len(text) <= 30 else text[:20] + f"… ({len(text):,} characters)"


def shown(text: object, width: int | None = None) -> str:
    """``text`` safe to print, and no longer than ``width`` characters.

    Control and formatting characters as ``\\u...`` escapes; cut with an ellipsis when longer.
    """
    s = str(text)
    if not s.isprintable():
        s = "".join(c if c.isprintable() or c == " " else
                    (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}") for c in s)
    if width is not None and len(s) > width:
        s = s[:width - 1] + "…"
    return s
