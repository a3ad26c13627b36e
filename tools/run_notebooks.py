"""Re-execute notebooks in place, reproducibly, and store them with their outputs.

    python tools/run_notebooks.py notebooks/*.ipynb     (or: make notebooks)

Each notebook runs in its own folder with the current Python (the one nbval tests with),
with cell timings off and the widget state dropped afterwards, so that re-running unchanged
code changes nothing but widget model ids (which nbval does not compare).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    # Progress files and journals go to a fresh scratch folder, never the learner's own, so a
    # notebook is stored as a newcomer first sees it (nbval runs it the same way: conftest.py).
    scratch = tempfile.TemporaryDirectory(prefix="mjscore-nb-")
    os.environ["MJSCORE_DATA_DIR"] = scratch.name
    client = NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                 "name": "python3"}
    for cell in nb.cells:
        cell.get("metadata", {}).pop("execution", None)
    nbformat.write(nb, path)
    scratch.cleanup()
    print(f"executed {path}")


def main(paths: list[str]) -> int:
    if not paths:
        print("usage: run_notebooks.py NOTEBOOK.ipynb ...", file=sys.stderr)
        return 2
    for p in paths:
        run(Path(p))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
