"""``python -m mjscore``: the command line (see :mod:`mjscore.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
