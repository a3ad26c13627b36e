"""``mjscore deal --game american`` (or ``tournament``): the drill's situations as JSON, each
with ``players`` (in the order the drill lists them), the facts of the win and ``answer``, each
player's amount in that order. A new progress log deals first exactly these, from seed 0.

>>> first = dealt_json("american", 1)[0]
>>> first["players"], first["how"], first["value"], first["answer"]
(['Ann', 'Bea', 'Cat', 'Dee'], 'discard', 25, [100, -25, -50, -25])
>>> dealt_json("tournament", 1)[0]["answer"], dealt_json("tournament", 1)[0]["table"]
([25, 0, -10, 0], 'Common published table')
"""

from __future__ import annotations

from ..american.drill import deal, home_answer
from ..american.tournament.drill import tournament_answer
from ..american.tournament.tables import COMMON, get_table

__all__ = ["dealt_json"]


def dealt_json(game: str, count: int, seed: int = 0, *, table: str | None = None) -> list[dict]:
    """The first ``count`` situations of the drill ``game`` from ``seed``, with their answers.

    The tournament's answers follow ``table``: a preset's name or a file (by default the common
    table)."""
    out = []
    if game == "tournament":
        t = COMMON if table is None else get_table(table)
        for s in deal(count, seed, game=game):
            out.append({**s.to_json(), "table": t.name, "answer": list(tournament_answer(s, t))})
    else:
        for s in deal(count, seed, game=game):
            out.append({**s.to_json(), "answer": list(home_answer(s))})
    return out
