"""American tournament tables: each organizer's bonuses and penalties as data, read from JSON.

A :class:`TournamentTable` is one organizer's table; :func:`table_from_json` and
:func:`load_table` read one (refusing a malformed file with one sentence that names the
field), :func:`preset` gives the two shipped with mjscore, ``"common"`` (:data:`COMMON`, the
default) and ``"variant"`` (:data:`VARIANT`), as docs/rules.md gives them.

>>> COMMON.thrower_penalty, VARIANT.thrower_penalty
((10, 20, 25), (10, 20, 30))
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Mapping

from ..home import CATEGORIES, HOWS, PAYS_AS
from ...files.inputs import figure, load_json, read_text
from ...numbers import signed


class TournamentError(ValueError):
    """A table or a game that cannot be scored. ``field`` names the table field at fault, if any."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


#: How a tournament game can end: the home ways, and a game stopped unfinished when time is called.
TOURNAMENT_HOWS = HOWS + ("unfinished",)
#: Which ways of winning score as which. A joker exchange and a Heavenly Hand score as self-drawn.
SCORES_AS = {**PAYS_AS, "unfinished": "unfinished"}
#: Who gets the wall-game (or unfinished-game) points.
RECIPIENTS = {"live-hands": "every player whose hand is not dead", "every-player": "every player"}
#: The thrower's penalty depends on the winner's exposures, in three bands.
EXPOSURE_BANDS = ("0-1", "2", "3+")
#: A hand of 14 tiles shows at most four exposed groups.
MAX_EXPOSURES = 4
#: The presets shipped as package data, ``mjscore/american/data/tournament-<name>.json``.
PRESET_NAMES = ("common", "variant")

_PENALTY_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


# --------------------------------------------------------------------------- the table


#: The most points any figure of a table may be (no organizer's table means more).
MAX_POINTS = 100_000
#: The most times the card value a winner may score.
MAX_TIMES = 100


def is_whole(v: object) -> bool:
    """Whether ``v`` is a whole number (an int, not a bool)."""
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class TournamentTable:
    """One organizer's table. Every figure is a whole number 0 or more: bonuses are points
    given, penalties points taken. Build one from JSON with :func:`table_from_json`.

    ``card_value_times``: the winner's base is the card value times this (1 in both presets).
    ``jokerless_excludes``: card sections (``mjscore.american.CATEGORIES``) with no jokerless bonus.
    ``thrower_penalty``: taken from the thrower when the winner showed 0-1, 2, 3 or more exposures.
    ``wall_game_to`` / ``unfinished_game_to``: ``"live-hands"`` or ``"every-player"``.
    ``dead_hand_penalty``: taken from every dead hand, in any game (its thrower's penalty apart).
    ``penalties``: the organizer's other penalties by name, such as ``misnamed_discard``.
    """

    name: str
    source: str = ""
    card_value_times: int = 1
    self_drawn_bonus: int = 0
    jokerless_bonus: int = 0
    jokerless_excludes: frozenset = field(default=frozenset({"singles-and-pairs"}))
    thrower_penalty: tuple = (0, 0, 0)
    other_loser_penalty: int = 0
    wall_game_points: int = 0
    wall_game_to: str = "live-hands"
    dead_hand_penalty: int = 0
    unfinished_game_points: int = 0
    unfinished_game_to: str = "every-player"
    penalties: tuple = (("misnamed_discard", 0),)

    #: Each attribute's place in the JSON file, for error messages that name the field.
    FIELDS = {
        "name": "name", "source": "source",
        "card_value_times": "winner.card_value_times",
        "self_drawn_bonus": "winner.self_drawn_bonus",
        "jokerless_bonus": "winner.jokerless_bonus",
        "jokerless_excludes": "winner.jokerless_excludes",
        "thrower_penalty": "thrower_penalty",
        "other_loser_penalty": "other_loser_penalty",
        "wall_game_points": "wall_game.points", "wall_game_to": "wall_game.to",
        "dead_hand_penalty": "dead_hand_penalty",
        "unfinished_game_points": "unfinished_game.points",
        "unfinished_game_to": "unfinished_game.to",
        "penalties": "penalties",
    }

    def __post_init__(self) -> None:
        def bad(attr: str, problem: str, sub: str = "") -> TournamentError:
            where = self.FIELDS[attr] + sub
            return TournamentError(f"{where} {problem}", field=where)

        for attr in ("name", "source"):
            v = getattr(self, attr)
            if not isinstance(v, str):
                raise bad(attr, f"must be text, not {v!r}")
        if not self.name.strip():
            raise bad("name", "must not be empty")
        for attr in ("card_value_times", "self_drawn_bonus", "jokerless_bonus", "other_loser_penalty",
                     "wall_game_points", "dead_hand_penalty", "unfinished_game_points"):
            v = getattr(self, attr)
            if not is_whole(v) or not 0 <= v <= MAX_POINTS:
                raise bad(attr, f"must be a whole number from 0 to {MAX_POINTS:,}, not {figure(v)}")
        if not 1 <= self.card_value_times <= MAX_TIMES:
            raise bad("card_value_times", f"must be from 1 to {MAX_TIMES}: the winner scores at least the card value")
        excludes = self.jokerless_excludes
        if isinstance(excludes, str) or not isinstance(excludes, (set, frozenset, list, tuple)):
            raise bad("jokerless_excludes", f"must be a list of card sections, not {excludes!r}")
        for i, c in enumerate(excludes if not isinstance(excludes, (set, frozenset)) else sorted(excludes, key=str)):
            if not isinstance(c, str) or c not in CATEGORIES:
                raise bad("jokerless_excludes", f"names an unknown card section {c!r} "
                          f"(one of {', '.join(CATEGORIES)})", f"[{i}]")
        object.__setattr__(self, "jokerless_excludes", frozenset(excludes))
        tp = self.thrower_penalty
        if not isinstance(tp, (tuple, list)) or len(tp) != 3:
            raise bad("thrower_penalty", f"must give three figures, for 0-1, 2 and 3+ exposures, not {tp!r}")
        for band, v in zip(EXPOSURE_BANDS, tp):
            if not is_whole(v) or not 0 <= v <= MAX_POINTS:
                raise bad("thrower_penalty", f"must be a whole number from 0 to {MAX_POINTS:,} (the points taken), "
                          f"not {figure(v)}",
                          f".{band}")
        object.__setattr__(self, "thrower_penalty", tuple(tp))
        for attr in ("wall_game_to", "unfinished_game_to"):
            v = getattr(self, attr)
            if not isinstance(v, str) or v not in RECIPIENTS:
                raise bad(attr, f"must be one of {', '.join(map(repr, RECIPIENTS))}, not {v!r}")
        pens = self.penalties
        if isinstance(pens, Mapping):
            pens = tuple(pens.items())
        if not isinstance(pens, (tuple, list)):
            raise bad("penalties", f"must name each penalty and its points, not {pens!r}")
        seen = set()
        for item in pens:
            if not isinstance(item, (tuple, list)) or len(item) != 2:
                raise bad("penalties", f"must pair each penalty's name with its points, not {item!r}")
            pname, v = item
            if not isinstance(pname, str) or not _PENALTY_NAME.match(pname):
                raise bad("penalties", f"has a penalty named {pname!r}: use lower-case words joined "
                          "by _, such as misnamed_discard")
            if pname in seen:
                raise bad("penalties", "is named twice", f".{pname}")
            seen.add(pname)
            if not is_whole(v) or not 0 <= v <= MAX_POINTS:
                raise bad("penalties", f"must be a whole number from 0 to {MAX_POINTS:,} (the points taken), "
                          f"not {figure(v)}",
                          f".{pname}")
        if "misnamed_discard" not in seen:
            raise bad("penalties", "is missing (write 0 if your organizer publishes none)",
                      ".misnamed_discard")
        object.__setattr__(self, "penalties", tuple((n, v) for n, v in pens))

    # ------------------------------------------------------------------ reading the table

    def thrower_penalty_for(self, exposures: int) -> int:
        """The points taken from the thrower when the winner showed ``exposures`` exposures.

        >>> [COMMON.thrower_penalty_for(n) for n in range(5)]
        [10, 10, 20, 25, 25]
        """
        return self.thrower_penalty[0 if exposures <= 1 else 1 if exposures == 2 else 2]

    def penalty(self, name: str) -> int:
        """The points taken for the organizer's penalty ``name`` (such as ``misnamed_discard``)."""
        for n, v in self.penalties:
            if n == name:
                return v
        raise TournamentError(f"the table {self.name!r} has no penalty {name!r} "
                              f"(it has {', '.join(n for n, _ in self.penalties)})")

    def rows(self) -> list[tuple[str, str]]:
        """The table as a player reads it: one ``(rule, figure)`` pair a line.

        >>> for rule, figure in COMMON.rows()[:4]: print(f"{rule}: {figure}")
        Winner: base: the card value
        Winner: self-drawn bonus: +10
        Winner: jokerless bonus: +20 (not Singles and Pairs)
        Thrower, winner showed 0-1 exposures: −10
        """
        times = "the card value" + (f" x {self.card_value_times}" if self.card_value_times != 1 else "")
        excluded = sorted(CATEGORIES[c] for c in self.jokerless_excludes)
        joker = signed(self.jokerless_bonus) + (f" (not {' or '.join(excluded)})" if excluded else "")
        rows = [("Winner: base", times),
                ("Winner: self-drawn bonus", signed(self.self_drawn_bonus)),
                ("Winner: jokerless bonus", joker)]
        for band, v in zip(("0-1 exposures", "2 exposures", "3 or more exposures"), self.thrower_penalty):
            rows.append((f"Thrower, winner showed {band}", signed(-v)))
        rows += [("Each other loser", signed(-self.other_loser_penalty)),
                 ("Wall game", f"{signed(self.wall_game_points)} to {RECIPIENTS[self.wall_game_to]}"),
                 ("Dead hand", signed(-self.dead_hand_penalty)
                  + ("" if self.wall_game_to == "every-player" else " (and no wall-game points)")),
                 ("Unfinished game",
                  f"{signed(self.unfinished_game_points)} to {RECIPIENTS[self.unfinished_game_to]}")]
        rows += [(f"Penalty: {n.replace('_', ' ')}", signed(-v)) for n, v in self.penalties]
        return rows

    def to_json(self) -> dict:
        """The table in the file format :func:`table_from_json` reads (a round trip)."""
        return {
            "name": self.name,
            "source": self.source,
            "winner": {"card_value_times": self.card_value_times,
                       "self_drawn_bonus": self.self_drawn_bonus,
                       "jokerless_bonus": self.jokerless_bonus,
                       "jokerless_excludes": [c for c in CATEGORIES if c in self.jokerless_excludes]},
            "thrower_penalty": dict(zip(EXPOSURE_BANDS, self.thrower_penalty)),
            "other_loser_penalty": self.other_loser_penalty,
            "wall_game": {"points": self.wall_game_points, "to": self.wall_game_to},
            "dead_hand_penalty": self.dead_hand_penalty,
            "unfinished_game": {"points": self.unfinished_game_points, "to": self.unfinished_game_to},
            "penalties": dict(self.penalties),
        }


#: The table file's shape: each section's keys (``None``: a figure, not a section).
_SCHEMA: dict = {
    "name": None, "source": None,
    "winner": {"card_value_times": None, "self_drawn_bonus": None, "jokerless_bonus": None,
               "jokerless_excludes": None},
    "thrower_penalty": {band: None for band in EXPOSURE_BANDS},
    "other_loser_penalty": None,
    "wall_game": {"points": None, "to": None},
    "dead_hand_penalty": None,
    "unfinished_game": {"points": None, "to": None},
    "penalties": None,
}
_OPTIONAL = {"source"}


def table_from_json(data: object, *, where: str = "") -> TournamentTable:
    """A table from its JSON form (a dict), checked.

    A missing, unknown or ill-typed field is refused with a :class:`TournamentError` that names
    it. ``where`` prefixes the message (a file name).

    >>> table_from_json({"name": "Club night"})
    Traceback (most recent call last):
    ...
    mjscore.american.tournament.tables.TournamentError: winner is missing
    """
    prefix = f"{where}: " if where else ""

    def fail(path: str, problem: str) -> TournamentError:
        return TournamentError(f"{prefix}{path} {problem}", field=path)

    def check_keys(obj: object, schema: dict, path: str) -> dict:
        if not isinstance(obj, dict):
            kind = "null" if obj is None else type(obj).__name__
            if not path:
                raise TournamentError(f"{prefix}a table must be a JSON object ({{...}}), not {kind}")
            raise fail(path, f"must be a JSON object ({{...}}), not {kind}")
        for key in obj:
            if key not in schema:
                full = f"{path}.{key}" if path else str(key)
                raise fail(full, f"is not a field of a table (known here: {', '.join(schema)})")
        for key, sub in schema.items():
            full = f"{path}.{key}" if path else key
            if key not in obj:
                if full not in _OPTIONAL:
                    raise fail(full, "is missing")
            elif sub is not None:
                check_keys(obj[key], sub, full)
        return obj

    d = check_keys(data, _SCHEMA, "")
    w, tp, wall, unf = d["winner"], d["thrower_penalty"], d["wall_game"], d["unfinished_game"]
    excludes = w["jokerless_excludes"]
    if not isinstance(excludes, list):
        raise fail("winner.jokerless_excludes", f"must be a list of card sections, not {excludes!r}")
    if len(set(map(str, excludes))) != len(excludes):
        raise fail("winner.jokerless_excludes", "names a card section twice")
    pens = d["penalties"]
    if not isinstance(pens, dict):
        raise fail("penalties", f"must be a JSON object of names and points, not {pens!r}")
    try:
        return TournamentTable(
            name=d["name"], source=d.get("source", ""),
            card_value_times=w["card_value_times"], self_drawn_bonus=w["self_drawn_bonus"],
            jokerless_bonus=w["jokerless_bonus"], jokerless_excludes=tuple(excludes),
            thrower_penalty=tuple(tp[b] for b in EXPOSURE_BANDS),
            other_loser_penalty=d["other_loser_penalty"],
            wall_game_points=wall["points"], wall_game_to=wall["to"],
            dead_hand_penalty=d["dead_hand_penalty"],
            unfinished_game_points=unf["points"], unfinished_game_to=unf["to"],
            penalties=tuple(pens.items()))
    except TournamentError as e:
        if prefix:
            raise TournamentError(prefix + str(e), field=e.field) from None
        raise


def load_table(path: str | os.PathLike) -> TournamentTable:
    """A table from a JSON file (the format of ``mjscore/american/data/tournament-common.json``).

    An unreadable file, bad JSON or a malformed table is refused with one sentence.
    """
    where = str(path)
    data = load_json(read_text(path, "table", "table file", TournamentError), where, TournamentError)
    return table_from_json(data, where=where)


def preset(name: str) -> TournamentTable:
    """A shipped table by name: ``"common"`` (the default) or ``"variant"``."""
    if name not in PRESET_NAMES:
        raise TournamentError(f"unknown table {name!r} (the presets are {', '.join(PRESET_NAMES)}; "
                              "or give a .json file)")
    text = resources.files("mjscore.american").joinpath("data", f"tournament-{name}.json").read_text("utf-8")
    return table_from_json(json.loads(text), where=f"tournament-{name}.json")


def get_table(name_or_path: str | os.PathLike) -> TournamentTable:
    """A preset by name, or else a table file (a name ending ``.json`` or an existing path)."""
    text = str(name_or_path)
    if text in PRESET_NAMES:
        return preset(text)
    if text.lower().endswith(".json") or "/" in text or "\\" in text:
        return load_table(name_or_path)
    if os.path.exists(text):
        return load_table(name_or_path)
    return preset(text)  # refuses the unknown name


#: The common published table, as docs/rules.md gives it: the default.
COMMON = preset("common")
#: The published variant docs/rules.md gives: 30 for 3 exposures, wall points to every player.
VARIANT = preset("variant")
PRESETS = {"common": COMMON, "variant": VARIANT}


__all__ = ["COMMON", "EXPOSURE_BANDS", "MAX_EXPOSURES", "PRESETS", "PRESET_NAMES", "RECIPIENTS", "SCORES_AS",
           "TOURNAMENT_HOWS", "TournamentError", "TournamentTable", "VARIANT", "get_table", "is_whole", "load_table",
           "preset", "signed", "table_from_json"]
