"""Where a learner's files live, and how they are written so that nothing is ever half-saved.

Trainer progress and a night's journal both go through here: one per-user data folder
(:func:`data_dir`); one lock (:func:`locked`) that works with or without ``flock``; one
append (:func:`append_record`: a record is on disk when it returns, and costs the same whatever
the file's length); and one atomic write (:func:`atomic_write`: a temporary file in the same
folder, flushed and synced, then renamed over the old file), so a crash or a closed laptop
leaves either the old file or the whole new one.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


#: Where a browser kernel keeps the files (see :func:`data_dir`).
BROWSER_DATA_DIR = "/drive/mjscore-data"


def data_dir() -> Path:
    """The per-user folder for saved progress and journals (created when first written to).

    ``MJSCORE_DATA_DIR`` wins when set (a classroom server, a test); else the platform's user
    data folder: ``%APPDATA%\\mjscore`` on Windows, ``~/Library/Application Support/mjscore`` on
    macOS, ``$XDG_DATA_HOME/mjscore`` or ``~/.local/share/mjscore`` elsewhere. In a browser
    kernel (JupyterLite) it is ``/drive/mjscore-data``: files under ``/drive`` are kept in the
    browser's storage for the site (and shown in its file browser); the home folder is not kept.
    """
    override = os.environ.get("MJSCORE_DATA_DIR")
    if override:
        return Path(override)
    if sys.platform == "emscripten":  # a browser kernel (JupyterLite): only /drive is kept
        return Path(BROWSER_DATA_DIR)
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA")
        return Path(base) / "mjscore" if base else Path.home() / "AppData" / "Roaming" / "mjscore"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "mjscore"
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "mjscore"
    return Path.home() / ".local" / "share" / "mjscore"


def kept_here() -> bool:
    """Whether the files written here are still there when the page is opened again.

    False in a browser kernel (JupyterLite) whose page could not reach the browser's storage for
    the site (a private window, where the site's service worker does not run, or the site's
    storage refused), so ``/drive`` is missing or does not answer. True everywhere else (a
    machine's own folders, ``MJSCORE_DATA_DIR``).

    >>> kept_here()
    True
    """
    global _BROWSER_KEEPS
    if sys.platform != "emscripten" or os.environ.get("MJSCORE_DATA_DIR"):
        return True
    if _BROWSER_KEEPS is None:
        _BROWSER_KEEPS = _browser_keeps()
    return _BROWSER_KEEPS


def _browser_keeps() -> bool:
    """JupyterLite mounts the browser's storage at ``/drive`` before any cell runs, where it can
    (a table app's page, before it makes its app); where it cannot there is no ``/drive``
    (nothing else makes one before mjscore makes its first folder: every file mjscore writes goes
    through this module), and where the site's service worker does not answer, listing it fails."""
    try:
        os.listdir("/drive")
    except OSError:
        return False
    return True


#: Asked once, in a browser, the first time it matters: when asked (:func:`kept_here`), or as
#: mjscore makes its first folder, whichever comes first. Not as this module is imported: a table
#: app's page starts Python from a snapshot taken, its modules imported, as the site was built.
_BROWSER_KEEPS: bool | None = None


#: Set in every session a Binder starts (BinderHub passes them to the session it launches).
BINDER_VARIABLES = ("BINDER_LAUNCH_HOST", "BINDER_REPO_URL", "BINDER_REQUEST")

#: Where this code can run, as a learner is told where her files are kept (see :func:`place`).
PLACES = ("machine", "binder", "browser", "page")


def place() -> str:
    """Where the files written here are kept: one of :data:`PLACES`.

    ``browser``: a browser kernel (the static site) that keeps them in the browser's storage for
    the site; ``page``: one that keeps nothing past the page (:func:`kept_here` is False);
    ``binder``: a Binder session (one of :data:`BINDER_VARIABLES` is set), whose files go with it;
    ``machine``: a machine's own folders, or a server's that keeps them.

    >>> place() in PLACES
    True
    """
    if sys.platform == "emscripten":
        return "browser" if kept_here() else "page"
    if any(os.environ.get(name) for name in BINDER_VARIABLES):
        return "binder"
    return "machine"


def where_kept(what: str, path: Path, *, download: str, restore: str) -> str:
    """Where ``what`` (kept in the file ``path``) is kept where this runs, and for how long.

    One or two sentences for a learner, true at each :func:`place`; ``download`` and ``restore``
    name the buttons that take a copy away and bring it back. Nothing is ever sent anywhere.

    >>> print(where_kept("your progress", data_dir() / "practice.jsonl", download="Download",
    ...                  restore="Restore"))   # on a machine of one's own
    Your progress is kept on this machine only, in the file practice.jsonl in your mjscore data folder; nothing is sent anywhere.
    """
    path = Path(path)
    said = what[:1].upper() + what[1:]
    where = place()
    if where == "page":
        return (f"This browser keeps nothing for this site: {what} is kept in this page only, and is gone when "
                f"you close it. Press {download} before you leave.")
    if where == "browser":
        try:
            folder = str(path.parent.relative_to("/drive"))
        except ValueError:
            folder = path.parent.name
        return (f"{said} is kept in this browser, in its storage for this site (the file {path.name} in the "
                f"folder {folder} of the site's file browser), until the site's data is cleared; nothing is "
                f"sent anywhere. Another browser or device does not see it: press {download} to take it there, "
                f"then {restore}.")
    if where == "binder":
        return (f"{said} is kept in this Binder session only, in the file {path.name}; nothing is sent "
                f"anywhere. It disappears with the session (after about ten minutes without use): press "
                f"{download} before you leave, and {restore} next time to carry on.")
    folder = "your mjscore data folder" if path.parent == data_dir() else f"the folder {path.parent.name}"
    return f"{said} is kept on this machine only, in the file {path.name} in {folder}; nothing is sent anywhere."


def make_folder(folder: Path) -> None:
    """Create ``folder`` (and its parents) if it is not there yet.

    Looks first: in a browser kernel, asking for a folder that exists leaves an empty "Untitled
    Folder" beside it (the browser's storage makes a new folder, then fails to give it the name
    taken)."""
    kept_here()  # asked before a folder made here could be taken for the browser's storage
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` so that ``path`` is always either the old file or the whole new one.

    The file keeps its permissions; the folder is created if needed and synced after the
    rename where the platform allows, so the rename itself survives a power cut.
    """
    path = Path(path)
    make_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        except OSError:
            pass
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


# --------------------------------------------------------------------------- locks and logs

try:  # JupyterLite's kernel has an fcntl module with nothing in it; Windows has none at all
    from fcntl import LOCK_EX, LOCK_UN, flock as _flock
except ImportError:
    _flock = None


class LockTimeout(OSError):
    """Another writer has held the lock for longer than we are willing to wait."""


@contextmanager
def locked(path: Path | str, *, wait: float = 30.0) -> Iterator[None]:
    """Hold the exclusive lock of ``path`` (the file need not exist) for the ``with`` block.

    ``flock`` on ``<path>.lock`` where the platform has it (released by the kernel if the
    process dies); else the lock is the existence of ``<path>.lock-excl``, created with
    ``O_EXCL``, and one left by a process that died is taken over once it is ``wait`` seconds old.
    """
    path = Path(path)
    make_folder(path.parent)
    if _flock is not None:
        fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            _flock(fd, LOCK_EX)
        except OSError:  # a file system without flock (some network shares): the lock file below
            os.close(fd)
        else:
            try:
                yield
            finally:
                _flock(fd, LOCK_UN)
                os.close(fd)
            return
    lock = path.with_name(path.name + ".lock-excl")
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:
            try:
                stale = time.time() - os.path.getmtime(lock) > wait
            except OSError:
                stale = False
            if stale:
                try:
                    os.unlink(lock)
                except OSError:
                    pass
                continue
            if time.monotonic() > deadline:
                raise LockTimeout(f"{path} is locked by another writer (remove {lock} if none is running)")
            time.sleep(0.01)
    try:
        os.close(fd)
        yield
    finally:
        try:
            os.unlink(lock)
        except OSError:
            pass


def append_record(path: Path | str, data: bytes) -> int:
    """Append ``data`` to ``path`` in one write, flushed and synced; return the file's size.

    ``data``: whole records, each ending in a newline. When this returns, the records are on
    disk. Creates the file (and its folder) if needed. Hold :func:`locked` around it when several
    writers may append, so that records never interleave.
    """
    path = Path(path)
    new = not path.exists()
    if new:
        make_folder(path.parent)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    try:
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
        os.fsync(fd)
        # Not fstat: in a browser kernel's /drive it still gives the size before the write.
        size = os.lseek(fd, 0, os.SEEK_END)
    finally:
        os.close(fd)
    if new:
        _sync_folder(path.parent)
    return size


def cut_back(path: Path | str, size: int) -> None:
    """Cut ``path`` back to its first ``size`` bytes, synced.

    Takes back a record that was only partly written (a failed append, or a torn last line set
    aside). Hold :func:`locked`.
    """
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
    try:
        os.ftruncate(fd, size)
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    """Make a new or renamed entry in ``folder`` survive a power cut, where the platform can."""
    if hasattr(os, "O_DIRECTORY"):
        try:
            dfd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
