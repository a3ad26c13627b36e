"""Put the course in a folder: the numbered lessons, the rule book and the teacher's notebook, for
a learner or a hub that installed the package (``pip install "mjscore[notebooks]"``) without the
repository. ``mjscore lessons DIR`` at the command line.

The installed package carries the notebooks in ``mjscore/notebooks/`` (the wheel puts them there
from the repository's ``notebooks/``); a checkout has them in ``notebooks/`` beside the package.

A copy somebody has changed is never replaced without asking. The folder keeps a note,
``.mjscore-lessons.json``, of each file as it was put there: a file still as it was put there is
brought up to date by the next run, a changed one is kept, and replaced only when the person says
so (at a terminal, or ``--replace-edited``), their copy then kept beside it as
``NAME-yours.ipynb``.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "course"
>>> first = put_course(folder)
>>> "00-start-here.ipynb" in first.added and "teacher/class.ipynb" in first.added
True
>>> again = put_course(folder)
>>> again.added, again.updated, again.kept
([], [], [])
>>> with open(folder / "01-american-who-pays.ipynb", "a") as mine: _ = mine.write(" ")
>>> put_course(folder).kept
['01-american-who-pays.ipynb']
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Callable

from .storage import atomic_write

__all__ = ["NOTE", "CourseFilesError", "Put", "course_files", "put_course", "trust"]

#: The folder's note of each file as ``put_course`` put it there (its SHA-256).
NOTE = ".mjscore-lessons.json"


class CourseFilesError(ValueError):
    """The course cannot be put in the folder named: say why."""


@dataclass
class Put:
    """What ``put_course`` did, file by file (names relative to the folder, with ``/``)."""

    folder: Path
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # changed by somebody, left as they are
    replaced: dict[str, str] = field(default_factory=dict)  # changed, replaced: name -> where theirs went

    def text(self) -> str:
        """A few lines for the person at the terminal: what changed, and how to open the course."""
        counts = [f"{len(names)} {what}" for what, names in
                  (("added", self.added), ("updated", self.updated), ("already up to date", self.unchanged))
                  if names]
        lines = [f"The course is in {self.folder}: " + ", ".join(counts) + "."]
        for name in self.kept:
            lines.append(f"Kept {name} as you changed it (mjscore lessons {shlex.quote(str(self.folder))} "
                         f"--replace-edited puts the course's copy in its place, and keeps yours beside it).")
        for name, theirs in self.replaced.items():
            lines.append(f"Replaced {name} with the course's copy; yours is now {theirs}.")
        lines.append(f"Open it with: jupyter lab {shlex.quote(str(self.folder / '00-start-here.ipynb'))}")
        return "\n".join(lines)


def course_files() -> dict[str, Path]:
    """Every file of the course, by its name in the folder (``teacher/class.ipynb``)."""
    packaged = Path(str(resources.files("mjscore").joinpath("notebooks")))
    checkout = Path(__file__).resolve().parents[2] / "notebooks"
    for where in (packaged, checkout):
        if (where / "00-start-here.ipynb").is_file():
            return {path.relative_to(where).as_posix(): path for path in sorted(where.rglob("*.ipynb"))
                    if ".ipynb_checkpoints" not in path.parts}
    raise CourseFilesError("this install of mjscore carries no lessons: install it from its wheel "
                           "(pip install mjscore) or use a checkout of the repository")


def put_course(folder: str | os.PathLike, replace_edited: Callable[[str], bool] | bool = False) -> Put:
    """Copy the course into ``folder`` (made if missing), keeping every copy somebody has changed.

    ``replace_edited`` says whether a changed copy is replaced by this version's: ``True`` or
    ``False`` for all, or a function asked with each file's name (a question at a terminal).
    """
    folder = Path(folder).expanduser()  # "~/course" given in quotes is still the home's
    if folder.exists() and not folder.is_dir():
        raise CourseFilesError(f"{folder} is a file, not a folder: name a folder for the course")
    sources = course_files()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        note = _read_note(folder)
        done = Put(folder)
        for name, source in sources.items():
            new = source.read_bytes()
            target = folder / name
            if not target.exists():
                atomic_write(target, new)
                done.added.append(name)
            elif (current := _digest(target.read_bytes())) == _digest(new):
                done.unchanged.append(name)
            elif note.get(name) == current:  # as we put it there: bring it up to date
                atomic_write(target, new)
                done.updated.append(name)
            elif replace_edited(name) if callable(replace_edited) else replace_edited:
                theirs = _free_name(target)
                target.rename(theirs)
                atomic_write(target, new)
                done.replaced[name] = theirs.relative_to(folder).as_posix()
            else:
                done.kept.append(name)
                continue
            note[name] = _digest(new)
        atomic_write(folder / NOTE, (json.dumps(note, indent=1, sort_keys=True) + "\n").encode())
    except OSError as e:
        raise CourseFilesError(f"cannot put the course in {folder}: {e.strerror or e}"
                               + (f" ({e.filename})" if e.filename else "")) from None
    return done


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_note(folder: Path) -> dict[str, str]:
    """The folder's note of the files as they were put there; none (or a damaged one) is empty,
    so every file already there counts as changed and is kept."""
    try:
        note = json.loads((folder / NOTE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in note.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(note, dict) else {}


def _free_name(target: Path) -> Path:
    """``NAME-yours.ipynb``, or ``NAME-yours-2.ipynb`` and on when that is taken."""
    for n in range(1, 1000):
        candidate = target.with_name(f"{target.stem}-yours{'' if n == 1 else f'-{n}'}{target.suffix}")
        if not candidate.exists():
            return candidate
    raise CourseFilesError(f"too many earlier copies of {target.name} in {target.parent}")


def trust(folder: str | os.PathLike, names: list[str]) -> bool:
    """Sign the named notebooks as trusted, as ``jupyter trust`` does.

    JupyterLab then shows their stored tiles, tables and charts before a cell is run. It is done
    only where Jupyter's nbformat is installed, by its own command (the engine imports nothing
    third-party); the answer says whether it was done.
    """
    if not names or importlib.util.find_spec("nbformat") is None:
        return False
    signed = subprocess.run([sys.executable, "-m", "nbformat.sign", *(str(Path(folder) / n) for n in names)],
                            capture_output=True, text=True)
    return signed.returncode == 0
