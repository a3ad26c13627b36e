"""A night's journal: start a night with it, carry it on after a restart, read or list saved ones.

The journal is an append-only CSV log of the night's hands: its format is
:mod:`mjscore.night.journal_format`, the file's safe appending and reading
:mod:`mjscore.night.journal_file`, and reading it by replaying each record
:mod:`mjscore.night.replay`. This module is the door to them, above the
:class:`~mjscore.night.Ledger` that each of them fills.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePath
from typing import Sequence

from ..files.inputs import LIMITS, decode, read_input, regular_file, tidy
from ..files.storage import data_dir
from .entry import LedgerError, LoadResult
from .journal_file import Journal
from .ledger import Ledger
from .replay import Replay, torn_problem

__all__ = ["holds_a_night", "journal_path", "list_nights", "load_journal", "night_file", "open_night", "read_journal",
           "read_night_file"]

#: The files a journal keeps beside itself (its lock, a temporary file, a torn row, a damaged copy):
#: never listed as nights.
_BESIDE = (".lock", ".lock-excl", ".tmp", ".torn.csv")


def holds_a_night(path: str | os.PathLike) -> bool:
    """Whether ``path`` is a file with something in it: a night saved, not a name still free.

    >>> holds_a_night("no-such-night.csv")
    False
    """
    try:
        return Path(path).is_file() and Path(path).stat().st_size > 0
    except OSError:
        return False


def _has_extension(name: str) -> bool:
    """``tuesday.csv`` or ``tuesday.txt`` has one; ``tuesday`` and ``night-2024.10.01`` have none."""
    suffix = PurePath(name).suffix
    return any(c.isalpha() for c in suffix)


def night_file(path: str | os.PathLike) -> Path:
    """The file a journal's name means: a name without an extension gets ``.csv``.

    The scorekeeper app (through :func:`journal_path`) and ``mjscore record``, ``undo``,
    ``correct`` and ``night`` all name files this way, so ``tuesday`` is ``tuesday.csv``
    everywhere. A night already saved under the name as typed, with no extension, is that file
    (as is a folder, a pipe or a device of that name, refused as what it is).

    >>> night_file("tuesday").name, night_file("tuesday.csv").name, night_file("night-2024.10.01").name
    ('tuesday.csv', 'tuesday.csv', 'night-2024.10.01.csv')
    """
    path = Path(path)
    if _has_extension(path.name) or not path.name:
        return path
    try:
        st = path.stat()
    except OSError:  # nothing there yet: the .csv
        return path.with_name(path.name + ".csv")
    if stat.S_ISREG(st.st_mode) and st.st_size == 0:
        return path.with_name(path.name + ".csv")
    return path  # a night, or something that is not a journal (a folder, a pipe), refused as itself


def journal_path(name: str | os.PathLike) -> Path:
    """Where the scorekeeper app keeps a journal of this name.

    A bare file name goes in the ``nights`` folder of the user data folder
    (:func:`mjscore.files.storage.data_dir`: ``MJSCORE_DATA_DIR`` when set, else
    ``~/.local/share/mjscore`` or the platform's equivalent); anything with a folder in it
    (``./night.csv``) is used as is. A name without an extension gets ``.csv``
    (:func:`night_file`).

    >>> journal_path("tuesday.csv").parts[-2:]
    ('nights', 'tuesday.csv')
    >>> journal_path("tuesday").parts[-2:]
    ('nights', 'tuesday.csv')
    >>> str(journal_path("./tuesday.csv"))
    'tuesday.csv'
    """
    text = os.fspath(name)
    if not text.strip():
        raise LedgerError("the journal needs a file name, such as tuesday.csv")
    if "/" in text or os.sep in text:
        return night_file(text)
    return night_file(data_dir() / "nights" / text)


def list_nights(folder: str | os.PathLike | None = None) -> list[Path]:
    """The saved nights in ``folder`` (default the data folder's ``nights``), newest first.

    Every file in it that is not empty, whatever its name ends with, without what a journal
    keeps beside itself (its lock, a row cut short in ``.torn.csv``, a damaged file's copy
    ``.before-repair``) and hidden files.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = open_night(folder / "tuesday.csv", ["Ann", "Bea", "Cat", "Dee"])
    >>> [p.name for p in list_nights(folder)]
    ['tuesday.csv']
    """
    folder = Path(folder) if folder is not None else data_dir() / "nights"
    found = []
    try:
        for p in folder.iterdir():
            name = p.name
            if name.startswith(".") or name.endswith(_BESIDE) or ".before-repair" in name:
                continue
            try:
                st = p.stat()
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode) and st.st_size > 0:
                found.append((-st.st_mtime, name, p))
    except OSError:
        return []
    return [p for _, _, p in sorted(found)]


def load_journal(path: str | os.PathLike, *, players: Sequence[str] | None = None,
                 game: str | None = None) -> LoadResult:
    """A night from its journal file, attached to it: the next hand is appended there.

    The path is used as given. A file with bad rows loads its good ones, with the problems
    in the result; before the first write the file is kept as ``NAME.before-repair.csv`` and
    written again with the good hands.
    """
    return Journal.load(Path(path), players, game, Ledger)


def open_night(journal: str | os.PathLike, players: Sequence[str] | None = None,
               **settings: object) -> LoadResult:
    """Carry on the night in ``journal`` if it holds one, else start it with ``players``.

    This is what to call after a kernel restart: the same call starts the night and resumes
    it. ``settings`` (``game``, ``rules``, ...) are for a new night; a journal keeps its own.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tuesday.csv"
    >>> night = open_night(path, ["Ann", "Bea", "Cat", "Dee"]).ledger
    >>> _ = night.add(winner="Dee", how="self-drawn", value=30)
    >>> again = open_night(path).ledger          # after a restart: the players come from the file
    >>> again.players, again.totals
    (('Ann', 'Bea', 'Cat', 'Dee'), {'Ann': -60, 'Bea': -60, 'Cat': -60, 'Dee': 180})
    """
    path = Path(journal)
    regular_file(path, "journal", LedgerError)
    if not holds_a_night(path):
        if players is None:
            raise LedgerError(f"{path.name} is a new night: name the players")
        try:
            return LoadResult(Ledger(players, journal=path, **settings))  # type: ignore[arg-type]
        except LedgerError:
            if not holds_a_night(path):
                raise
            # another writer started this night a moment ago: carry it on
    return load_journal(path, players=players, game=settings.get("game"))  # type: ignore[arg-type]


def read_journal(text: str, *, players: Sequence[str] | None = None, game: str | None = None,
                 name: str = "the journal", tail: bytes = b"") -> LoadResult:
    """A night from journal text (the format: :mod:`mjscore.night.journal_format`), without a file.

    ``players`` and ``game`` are for a file that does not name them (a CSV typed by hand);
    when the file names them too, they must agree. ``tail``: the file's last row, after
    ``text``, when it is not text (a crash's NUL bytes, a character cut in half): a journal's row
    cut short, as the writer reads it; refused in a CSV typed by hand. Bad rows become
    :class:`~mjscore.night.entry.Problem` s and the good ones still load; a file that cannot be
    read at all (no players anywhere, no ``winner`` or ``how`` column) raises
    :class:`~mjscore.night.entry.LedgerError` naming the line.

    >>> text = '''#players,Ann,Bea,Cat,Dee
    ... winner,how,thrower,value
    ... Ann,discard,Cat,25
    ... Bea,discard,Zed,30
    ... Dee,self-drawn,,35
    ... '''
    >>> result = read_journal(text)
    >>> [str(p) for p in result.problems]
    ["line 4: the thrower 'Zed' is not one of the players (Ann, Bea, Cat, Dee)"]
    >>> len(result.ledger), result.ledger.totals
    (2, {'Ann': 30, 'Bea': -95, 'Cat': -120, 'Dee': 185})
    """
    replay = Replay(name, players, game, Ledger)
    text = tidy(text, name, LedgerError)
    cut = text.rfind("\n") + 1
    replay.feed(text[:cut])
    rest = text[cut:]
    if tail:
        if replay.hand_col is None and (replay.header is not None or not tail.startswith(b"#")):
            raise LedgerError(f"{name} line {replay.line + 1} has a NUL character: it is not a text file"
                              if b"\x00" in tail else f"{name} line {replay.line + 1}: the last row is not "
                              "UTF-8 text: save it as UTF-8, from a spreadsheet as CSV UTF-8")
        torn_problem(replay, tail, name)
    elif rest.strip():
        if replay.hand_col is not None or (replay.header is None and rest.lstrip().startswith("#")):
            torn_problem(replay, rest.encode(), name)  # a log the ledger wrote: a crash cut it
        else:  # a CSV typed by hand whose last row has no line break
            replay.feed(rest)
    replay.finish()
    return LoadResult(replay.ledger, tuple(sorted(replay.problems, key=lambda p: p.line)))


def read_night_file(source: str | os.PathLike, *, players: Sequence[str] | None = None,
                    game: str | None = None, name: str | None = None) -> LoadResult:
    """A night from its journal file (or ``"-"``, standard input), read only: nothing is written.

    No lock is taken and nothing beside the file is touched (:func:`load_journal` is for a night
    to carry on). A last row that a crash left as NUL bytes, or cut inside a character, is a row
    cut short (a :class:`~mjscore.night.entry.Problem`), as the scorekeeper reads it; an empty
    file is refused. ``name``: the file as messages call it (default its path).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tuesday.csv"
    >>> _ = open_night(path, ["Ann", "Bea", "Cat", "Dee"]).ledger.add(winner="Ann", how="self-drawn", value=25)
    >>> read_night_file(path).ledger.totals
    {'Ann': 150, 'Bea': -50, 'Cat': -50, 'Dee': -50}
    """
    source = os.fspath(source)
    name = name or ("standard input" if source == "-" else source)
    data = read_input(source, limit=LIMITS["journal"], what="journal", error=LedgerError)
    end = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
    tail = data[end:].rstrip(b"\x1a")
    if end and b"\x00" not in data[:end] and not _is_text(tail):
        # a last row a crash left as NUL bytes or cut inside a character: a row cut short, as
        # `mjscore record` reads it (read_journal says so), not the whole file refused
        data = data[:end]
    else:
        tail = b""
    text = decode(data, name, LedgerError)
    if not text.strip() and not tail:
        raise LedgerError(f"{name} is empty: nothing to read as a journal" if source == "-"
                          else f"the journal {name} is empty")
    return read_journal(text, players=players, game=game, name=name, tail=tail)


def _is_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return b"\x00" not in data
