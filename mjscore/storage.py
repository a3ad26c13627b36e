"""Where a learner's files live, and how they are written so that nothing is ever half-saved.

Trainer progress and a night's journal both go through here: one per-user data folder, and
one atomic write (a temporary file in the same folder, flushed and synced, then renamed over
the old file), so a crash or a closed laptop leaves either the old file or the whole new one.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def data_dir() -> Path:
    """The per-user folder for saved progress and journals (created when first written to).

    ``MJSCORE_DATA_DIR`` wins when set (a classroom server, a test); else the platform's user
    data folder: ``%APPDATA%\\mjscore`` on Windows, ``~/Library/Application Support/mjscore`` on
    macOS, ``$XDG_DATA_HOME/mjscore`` or ``~/.local/share/mjscore`` elsewhere.
    """
    override = os.environ.get("MJSCORE_DATA_DIR")
    if override:
        return Path(override)
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA")
        return Path(base) / "mjscore" if base else Path.home() / "AppData" / "Roaming" / "mjscore"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "mjscore"
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "mjscore"
    return Path.home() / ".local" / "share" / "mjscore"


def read_bytes(path: Path | str, error: type[ValueError] = ValueError, what: str = "file") -> bytes:
    """The bytes of a file, or ``error`` with a message a person understands: no such file,
    a folder, or the system's reason (``what`` names the file: "file", "table file", ...)."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise error(f"no such {what}: {path}") from None
    except IsADirectoryError:
        raise error(f"the {what} {path} is a folder, not a file") from None
    except OSError as e:
        raise error(f"cannot read the {what} {path}: {e.strerror}") from None


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` so that ``path`` is always either the old file or the whole new one.

    The file keeps its permissions; the folder is created if needed and synced after the
    rename where the platform allows, so the rename itself survives a power cut.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
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
    if hasattr(os, "O_DIRECTORY"):
        try:
            dfd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
