"""Which nights are in progress in a data folder: opened at the scorekeeper and not closed since.

The scorekeeper opens the night in progress whenever it starts afresh without being told which
night (a page reloaded, a second tab, a new page, a restarted kernel), never a night because its
file happens to have today's default name. Where several nights are in progress (two tables, or a
night left open in another tab), it asks which.

The record is one small file beside the nights, ``.in-progress.json`` in the ``nights`` folder:
the file names of the nights in progress (a night kept elsewhere by its full path). It is
rewritten whole (:func:`mjscore.files.storage.atomic_write`) under its lock, so two tabs never lose each
other's night, and it holds only the nights open now, so reading it costs the same however many
nights the folder keeps. A record that cannot be read counts as no night in progress: nothing is
lost by that (every night is still in the list of saved nights), and the next night opened
writes it afresh.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "tuesday.csv").write_text("#players,Ann,Bea,Cat,Dee\\n", encoding="utf-8")
25
>>> mark_open(folder / "tuesday.csv", folder)
>>> [p.name for p in in_progress(folder)]
['tuesday.csv']
>>> mark_closed(folder / "tuesday.csv", folder)
>>> in_progress(folder)
[]
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..files.inputs import InputError, load_json, read_text
from ..files.storage import atomic_write, data_dir, locked
from .journal import holds_a_night

__all__ = ["RECORD", "in_progress", "mark_closed", "mark_open"]

#: The record's file name, in the nights folder (hidden: never listed as a night).
RECORD = ".in-progress.json"


def _folder(folder: str | os.PathLike | None) -> Path:
    return Path(folder) if folder is not None else data_dir() / "nights"


def _key(path: Path, folder: Path) -> str:
    """A night as the record names it: its file name in the folder, else its full path."""
    path = Path(path)
    return path.name if path.parent.resolve() == folder.resolve() else str(path.resolve())


def _read(folder: Path) -> list[str]:
    """The names the record holds, in the order the nights were opened (none if it cannot be read)."""
    record = folder / RECORD
    if not record.exists():
        return []
    try:
        data = load_json(read_text(record, "hand", "record of nights in progress"), record.name)
    except (InputError, OSError):
        return []
    names = data.get("in_progress") if isinstance(data, dict) else None
    return [n for n in names if isinstance(n, str) and n] if isinstance(names, list) else []


def _write(folder: Path, names: list[str]) -> None:
    text = json.dumps({"in_progress": names}, ensure_ascii=False, indent=1) + "\n"
    atomic_write(folder / RECORD, text.encode("utf-8"))


def in_progress(folder: str | os.PathLike | None = None) -> list[Path]:
    """The nights in progress that still hold a night, the one most recently changed first.

    ``folder``: the nights folder (default the data folder's ``nights``)."""
    where = _folder(folder)
    found = []
    for name in _read(where):
        path = Path(name) if os.path.isabs(name) else where / name
        if holds_a_night(path):
            try:
                found.append((-path.stat().st_mtime, name, path))
            except OSError:
                continue
    return [p for _, _, p in sorted(found)]


def _change(path: str | os.PathLike, folder: str | os.PathLike | None, keep: bool) -> None:
    where = _folder(folder)
    key = _key(Path(path), where)
    with locked(where / RECORD):
        names = _read(where)
        now = [n for n in names if n != key] + ([key] if keep else [])
        if now != names:
            _write(where, now)


def mark_open(path: str | os.PathLike, folder: str | os.PathLike | None = None) -> None:
    """Say that the night in ``path`` is in progress (opened or started at the scorekeeper).

    ``folder``: the nights folder that keeps the record (default the data folder's ``nights``);
    a night kept in another folder is named in it by its full path."""
    _change(path, folder, True)


def mark_closed(path: str | os.PathLike, folder: str | os.PathLike | None = None) -> None:
    """Say that the night in ``path`` is no longer in progress (closed at the scorekeeper)."""
    _change(path, folder, False)
