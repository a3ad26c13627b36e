"""American Mah Jongg tournament scoring: organizer tables as data, games scored in points.

At home the losers pay the winner; at a tournament every player scores points, and each
organizer publishes its own table of bonuses and penalties. The engine reads a table (a
:class:`TournamentTable`, from a JSON file); it does not hard-code one. Two presets ship
with mjscore: ``"common"`` (the default) and ``"variant"``, both as RULES.md gives them.

The common table: the winner scores the card value, +10 if self-drawn, +20 if jokerless (not
Singles and Pairs); the thrower of the winning tile loses 10 if the winner showed 0-1
exposures, 20 for 2, 25 for 3 or more; the other losers score 0. For a hand worth 25:

>>> points_by_role(25, "discard", exposures=1)
{'winner': 25, 'thrower': -10, 'other': 0}
>>> points_by_role(25, "self-drawn", exposures=1)
{'winner': 35, 'other': 0}
>>> points_by_role(25, "discard", jokerless=True, exposures=3)
{'winner': 45, 'thrower': -25, 'other': 0}

A wall game gives 10 to every player whose hand is not dead; a dead hand scores 0. The
variant takes 30 (not 25) for 3 exposures and gives 10 to every player in a wall game:

>>> points_by_role(None, "wall")
{'live_hand': 10, 'dead_hand': 0}
>>> points_by_role(None, "wall", table=VARIANT)
{'live_hand': 10, 'dead_hand': 10}
>>> points_by_role(25, "discard", exposures=3, table=VARIANT)["thrower"]
-30

A whole game, with every figure explained:

>>> g = Game(("Ann", "Bea", "Cat", "Dee"), "discard", winner="Ann", thrower="Cat", value=30,
...          jokerless=True, exposures=2)
>>> score_game(g).points
{'Ann': 50, 'Bea': 0, 'Cat': -20, 'Dee': 0}
>>> print(score_game(g).explain())
Ann wins on Cat's discard: a 30 hand, jokerless, 2 exposures (Common published table)
  Ann  the card value                                           +30
  Ann  jokerless bonus                                          +20
  Bea  did not win and did not throw                              0
  Cat  threw the winning tile to a winner showing 2 exposures   -20
  Dee  did not win and did not throw                              0
Points: Ann +50, Bea 0, Cat -20, Dee 0
"""

from __future__ import annotations

import json
import os
import random
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Iterable, Mapping, Sequence

from ..home import CATEGORIES, HOWS, PAYS_AS
from ...storage import read_bytes


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


def _is_whole(v: object) -> bool:
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
            if not _is_whole(v) or v < 0:
                raise bad(attr, f"must be a whole number 0 or more, not {v!r}")
        if self.card_value_times < 1:
            raise bad("card_value_times", "must be 1 or more: the winner scores at least the card value")
        excludes = self.jokerless_excludes
        if isinstance(excludes, str) or not isinstance(excludes, (set, frozenset, list, tuple)):
            raise bad("jokerless_excludes", f"must be a list of card sections, not {excludes!r}")
        for i, c in enumerate(excludes if not isinstance(excludes, (set, frozenset)) else sorted(excludes, key=str)):
            if c not in CATEGORIES:
                raise bad("jokerless_excludes", f"names an unknown card section {c!r} "
                          f"(one of {', '.join(CATEGORIES)})", f"[{i}]")
        object.__setattr__(self, "jokerless_excludes", frozenset(excludes))
        tp = self.thrower_penalty
        if not isinstance(tp, (tuple, list)) or len(tp) != 3:
            raise bad("thrower_penalty", f"must give three figures, for 0-1, 2 and 3+ exposures, not {tp!r}")
        for band, v in zip(EXPOSURE_BANDS, tp):
            if not _is_whole(v) or v < 0:
                raise bad("thrower_penalty", f"must be a whole number 0 or more (the points taken), not {v!r}",
                          f".{band}")
        object.__setattr__(self, "thrower_penalty", tuple(tp))
        for attr in ("wall_game_to", "unfinished_game_to"):
            v = getattr(self, attr)
            if v not in RECIPIENTS:
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
            if not _is_whole(v) or v < 0:
                raise bad("penalties", f"must be a whole number 0 or more (the points taken), not {v!r}",
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
        Thrower, winner showed 0-1 exposures: -10
        """
        times = "the card value" + (f" x {self.card_value_times}" if self.card_value_times != 1 else "")
        excluded = sorted(CATEGORIES[c] for c in self.jokerless_excludes)
        joker = _signed(self.jokerless_bonus) + (f" (not {' or '.join(excluded)})" if excluded else "")
        rows = [("Winner: base", times),
                ("Winner: self-drawn bonus", _signed(self.self_drawn_bonus)),
                ("Winner: jokerless bonus", joker)]
        for band, v in zip(("0-1 exposures", "2 exposures", "3 or more exposures"), self.thrower_penalty):
            rows.append((f"Thrower, winner showed {band}", _signed(-v)))
        rows += [("Each other loser", _signed(-self.other_loser_penalty)),
                 ("Wall game", f"{_signed(self.wall_game_points)} to {RECIPIENTS[self.wall_game_to]}"),
                 ("Dead hand", _signed(-self.dead_hand_penalty)
                  + ("" if self.wall_game_to == "every-player" else " (and no wall-game points)")),
                 ("Unfinished game",
                  f"{_signed(self.unfinished_game_points)} to {RECIPIENTS[self.unfinished_game_to]}")]
        rows += [(f"Penalty: {n.replace('_', ' ')}", _signed(-v)) for n, v in self.penalties]
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


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


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
    """A table from its JSON form (a dict), checked: a missing, unknown or ill-typed field is
    refused with a :class:`TournamentError` that names it. ``where`` prefixes the message
    (a file name).

    >>> table_from_json({"name": "Club night"})
    Traceback (most recent call last):
    ...
    mjscore.american.tournament.scoring.TournamentError: winner is missing
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
    An unreadable file, bad JSON or a malformed table is refused with one sentence."""
    where = str(path)
    try:
        text = read_bytes(path, TournamentError, "table file").decode("utf-8")
    except UnicodeDecodeError:
        raise TournamentError(f"the table file {where} is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise TournamentError(f"{where}: not valid JSON ({e.msg}, line {e.lineno} column {e.colno})") from None
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


#: The common published table, as RULES.md gives it: the default.
COMMON = preset("common")
#: The published variant RULES.md gives: 30 for 3 exposures, wall points to every player.
VARIANT = preset("variant")
PRESETS = {"common": COMMON, "variant": VARIANT}


# --------------------------------------------------------------------------- a game


@dataclass(frozen=True)
class Game:
    """The facts of one game at a table of four, whatever the scoring.

    ``how``: ``discard``, ``self-drawn``, ``wall``, ``unfinished`` (time was called), or
    ``joker-exchange`` / ``heavenly-hand`` (which score as self-drawn). ``exposures``: the
    exposed groups the winner showed. ``dead``: players whose hands were declared dead.
    ``penalties``: ``(player, penalty name)`` pairs, such as ``("Bea", "misnamed_discard")``.
    """

    players: tuple
    how: str
    winner: str | None = None
    thrower: str | None = None
    value: int | None = None
    jokerless: bool = False
    category: str = "other"
    exposures: int = 0
    dead: frozenset = frozenset()
    penalties: tuple = ()

    def __post_init__(self) -> None:
        players = tuple(self.players) if not isinstance(self.players, str) else (self.players,)
        if any(not isinstance(p, str) or not p.strip() for p in players):
            raise TournamentError("every player needs a name")
        if len(set(players)) != len(players):
            raise TournamentError("two players have the same name")
        if len(players) != 4:
            raise TournamentError(f"four players sit at a table, not {len(players)}")
        object.__setattr__(self, "players", players)
        if self.how not in SCORES_AS:
            raise TournamentError(f"unknown way the game ended {self.how!r} "
                                  f"(one of {', '.join(TOURNAMENT_HOWS)})")
        dead = frozenset([self.dead] if isinstance(self.dead, str) else self.dead)
        for d in sorted(dead):
            if d not in players:
                raise TournamentError(f"the dead hand {d!r} is not at the table")
        object.__setattr__(self, "dead", dead)
        pens = tuple(tuple(p) for p in self.penalties)
        for item in pens:
            if len(item) != 2 or item[0] not in players or not isinstance(item[1], str):
                raise TournamentError(f"a penalty is (player at the table, penalty name), not {item!r}")
        object.__setattr__(self, "penalties", pens)
        if self.category not in CATEGORIES:
            raise TournamentError(f"unknown category {self.category!r} (one of {', '.join(CATEGORIES)})")
        if not isinstance(self.jokerless, bool):
            raise TournamentError(f"jokerless must be true or false, not {self.jokerless!r}")
        if not _is_whole(self.exposures) or not 0 <= self.exposures <= MAX_EXPOSURES:
            raise TournamentError(f"the winner's exposures must be a whole number from 0 to "
                                  f"{MAX_EXPOSURES}, not {self.exposures!r}")
        way = SCORES_AS[self.how]
        if way in ("wall", "unfinished"):
            ended = "a wall game" if way == "wall" else "an unfinished game"
            if self.winner is not None or self.thrower is not None:
                raise TournamentError(f"{ended} has no winner and no thrower")
            if self.value is not None:
                raise TournamentError(f"{ended} has no hand value (nobody won)")
            if self.jokerless or self.exposures or self.category != "other":
                raise TournamentError(f"{ended} has no winning hand: no jokerless, exposures or category")
            return
        if self.value is None:
            raise TournamentError("a won game needs the hand's value (the card value, such as 25)")
        if not _is_whole(self.value) or self.value <= 0:
            raise TournamentError(f"the hand's value must be a whole number more than 0, such as 25, "
                                  f"not {self.value!r}")
        if self.winner not in players:
            raise TournamentError(f"the winner {self.winner!r} is not at the table")
        if self.winner in dead:
            raise TournamentError(f"{self.winner} cannot win with a dead hand")
        if self.category == "singles-and-pairs" and self.exposures:
            raise TournamentError("a Singles and Pairs hand is concealed: it shows no exposures")
        if way == "discard":
            if self.thrower not in players or self.thrower == self.winner:
                raise TournamentError("on a discard, name the thrower: another player at the table")
        elif self.thrower is not None:
            raise TournamentError(f"a {self.how.replace('-', ' ')} win has no thrower")

    @property
    def scores_as(self) -> str:
        """``discard``, ``self-drawn``, ``wall`` or ``unfinished``."""
        return SCORES_AS[self.how]

    def role(self, player: str) -> str:
        """``winner``, ``thrower``, ``other``, ``live hand`` or ``dead hand`` (no winner)."""
        if self.scores_as in ("wall", "unfinished"):
            return "dead hand" if player in self.dead else "live hand"
        return "winner" if player == self.winner else "thrower" if player == self.thrower else "other"

    def describe(self) -> str:
        """One line: ``'Ann wins on Cat's discard: a 30 hand, 2 exposures'``."""
        way = self.scores_as
        if way == "wall":
            text = "Wall game: the wall ran out"
        elif way == "unfinished":
            text = "Unfinished game: time was called"
        else:
            how = (f"on {self.thrower}'s discard" if way == "discard" else
                   "self-drawn" if self.how == "self-drawn" else f"by {self.how.replace('-', ' ')}")
            article = "an" if str(self.value).startswith("8") or self.value in (11, 18) else "a"
            bits = [f"{article} {self.value} hand"]
            if self.category != "other":
                bits.append(CATEGORIES[self.category])
            if self.jokerless:
                bits.append("jokerless")
            bits.append(f"{self.exposures} exposure{'s' if self.exposures != 1 else ''}")
            text = f"{self.winner} wins {how}: " + ", ".join(bits)
        if self.dead:
            text += f" (dead: {', '.join(p for p in self.players if p in self.dead)})"
        return text


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Line:
    """One figure and its reason."""

    player: str
    points: int
    reason: str


@dataclass(frozen=True)
class GameScore:
    """Each player's points for one game under one table, with a line for every figure."""

    game: Game
    table: TournamentTable
    lines: tuple

    @property
    def points(self) -> dict:
        """Each player's points, in seat order (a fresh dict each time)."""
        totals = {p: 0 for p in self.game.players}
        for line in self.lines:
            totals[line.player] += line.points
        return totals

    def reasons(self, player: str) -> tuple:
        """The lines for one player."""
        return tuple(line for line in self.lines if line.player == player)

    def explain(self) -> str:
        """Every figure, one line each, then the totals."""
        width = max(len(p) for p in self.game.players)
        rw = max(len(line.reason) for line in self.lines)
        out = [f"{self.game.describe()} ({self.table.name})"]
        for line in self.lines:
            out.append(f"  {line.player:<{width}}  {line.reason:<{rw}}  {_signed(line.points):>4}")
        out.append("Points: " + ", ".join(f"{p} {_signed(v)}" for p, v in self.points.items()))
        return "\n".join(out)

    def to_json(self) -> dict:
        return {"points": self.points,
                "lines": [[line.player, line.points, line.reason] for line in self.lines]}


def score_game(game: Game, table: TournamentTable | None = None) -> GameScore:
    """Each player's points for ``game`` under ``table`` (default: :data:`COMMON`).

    Every rule that applies to a player gives a line, zero included. A dead hand can throw
    the winning tile and then loses the thrower's penalty, as a dead hand at home still pays.

    >>> g = Game(("Ann", "Bea", "Cat", "Dee"), "wall", dead={"Bea"})
    >>> score_game(g).points, score_game(g, VARIANT).points
    ({'Ann': 10, 'Bea': 0, 'Cat': 10, 'Dee': 10}, {'Ann': 10, 'Bea': 10, 'Cat': 10, 'Dee': 10})
    """
    t = COMMON if table is None else table
    if not isinstance(t, TournamentTable):
        raise TournamentError(f"score with a TournamentTable, not {t!r}")
    g = game
    lines: list[Line] = []
    way = g.scores_as
    for p in g.players:
        if way in ("wall", "unfinished"):
            pts, to = ((t.wall_game_points, t.wall_game_to) if way == "wall"
                       else (t.unfinished_game_points, t.unfinished_game_to))
            what = "wall game" if way == "wall" else "unfinished game"
            if p in g.dead and to == "live-hands":
                lines.append(Line(p, 0, f"{what}: no points to a dead hand"))
            else:
                lines.append(Line(p, pts, f"{what}: points to {RECIPIENTS[to]}"))
        elif p == g.winner:
            base = g.value * t.card_value_times
            times = f" x {t.card_value_times}" if t.card_value_times != 1 else ""
            lines.append(Line(p, base, f"the card value{times}"))
            if way == "self-drawn":
                how = "" if g.how == "self-drawn" else f" ({g.how.replace('-', ' ')} scores as self-drawn)"
                lines.append(Line(p, t.self_drawn_bonus, "self-drawn bonus" + how))
            if g.jokerless:
                if g.category in t.jokerless_excludes:
                    lines.append(Line(p, 0, f"no jokerless bonus for {CATEGORIES[g.category]}"))
                else:
                    lines.append(Line(p, t.jokerless_bonus, "jokerless bonus"))
        elif p == g.thrower:
            n = g.exposures
            lines.append(Line(p, -t.thrower_penalty_for(n), f"threw the winning tile to a winner showing "
                              f"{n} exposure{'s' if n != 1 else ''}"))
        else:
            lines.append(Line(p, -t.other_loser_penalty, "did not win and did not throw"))
        if p in g.dead:
            lines.append(Line(p, -t.dead_hand_penalty, "dead hand"))
    for p, name in g.penalties:
        lines.append(Line(p, -t.penalty(name), f"penalty: {name.replace('_', ' ')}"))
    return GameScore(g, t, tuple(lines))


def points_by_role(value: int | None, how: str, *, jokerless: bool = False, exposures: int = 0,
                   category: str = "other", table: TournamentTable | None = None) -> dict:
    """Each role's points for one hand: ``winner``, ``thrower`` (on a discard) and ``other``;
    for a wall or unfinished game, ``live_hand`` and ``dead_hand``. ``value`` is None then.

    >>> points_by_role(50, "self-drawn", jokerless=True, category="singles-and-pairs")
    {'winner': 60, 'other': 0}
    """
    seats = ("winner", "thrower", "other", "other 2")
    if SCORES_AS.get(how) in ("wall", "unfinished"):
        pts = score_game(Game(seats, how, value=value, jokerless=jokerless, exposures=exposures,
                              category=category, dead={"other 2"}), table).points
        return {"live_hand": pts["winner"], "dead_hand": pts["other 2"]}
    thrower = "thrower" if SCORES_AS.get(how) == "discard" else None
    pts = score_game(Game(seats, how, winner="winner", thrower=thrower, value=value, jokerless=jokerless,
                          exposures=exposures, category=category), table).points
    out = {"winner": pts["winner"]}
    if thrower:
        out["thrower"] = pts["thrower"]
    out["other"] = pts["other"]
    return out


# --------------------------------------------------------------------------- standings


@dataclass(frozen=True)
class Standing:
    """One player's line in the standings. ``place`` is shared by players level on points."""

    place: int
    player: str
    points: int
    games: int
    wins: int
    threw: int


@dataclass(frozen=True)
class Standings:
    """A set of games scored under one table: who stands where, and each game's score."""

    table: TournamentTable
    rows: tuple
    scores: tuple

    @property
    def leaders(self) -> tuple:
        """Everyone in first place (more than one on a tie)."""
        return tuple(r.player for r in self.rows if r.place == 1)

    @property
    def totals(self) -> dict:
        return {r.player: r.points for r in self.rows}

    def explain(self) -> str:
        w = max([len(r.player) for r in self.rows] + [6])
        out = [f"Standings after {len(self.scores)} game{'s' if len(self.scores) != 1 else ''} "
               f"({self.table.name})"]
        for r in self.rows:
            out.append(f"  {r.place:>2}. {r.player:<{w}} {r.points:>5}  ({r.wins} won, {r.threw} thrown, "
                       f"{r.games} played)")
        return "\n".join(out)


def standings(games: Iterable[Game], table: TournamentTable | None = None) -> Standings:
    """Total points over a set of games, best first; players level on points share a place
    (and are listed by name). Players may change tables between games.

    >>> four = ("Ann", "Bea", "Cat", "Dee")
    >>> night = [Game(four, "discard", winner="Ann", thrower="Cat", value=25),
    ...          Game(four, "self-drawn", winner="Bea", value=30),
    ...          Game(four, "wall", dead={"Cat"})]
    >>> print(standings(night).explain())
    Standings after 3 games (Common published table)
       1. Bea       50  (1 won, 0 thrown, 3 played)
       2. Ann       35  (1 won, 0 thrown, 3 played)
       3. Dee       10  (0 won, 0 thrown, 3 played)
       4. Cat      -10  (0 won, 1 thrown, 3 played)
    """
    t = COMMON if table is None else table
    scores = []
    totals: dict[str, list[int]] = {}
    for g in games:
        if not isinstance(g, Game):
            raise TournamentError(f"standings are worked out from Game results, not {g!r}")
        s = score_game(g, t)
        scores.append(s)
        for p, v in s.points.items():
            row = totals.setdefault(p, [0, 0, 0, 0])
            row[0] += v
            row[1] += 1
            row[2] += p == g.winner
            row[3] += p == g.thrower
    order = sorted(totals, key=lambda p: (-totals[p][0], p))
    rows = tuple(Standing(1 + sum(1 for q in totals if totals[q][0] > totals[p][0]), p, *totals[p])
                 for p in order)
    return Standings(t, rows, tuple(scores))


# --------------------------------------------------------------------------- a sample night


#: Card values as they come up on a card: mostly 25 to 35, a few up to 75.
_VALUES = (25, 25, 25, 25, 30, 30, 30, 35, 35, 40, 45, 50, 55, 75)
_CATEGORIES = ("2468", "like-numbers", "addition", "quints", "consecutive-run", "13579",
               "winds-dragons", "369", "singles-and-pairs", "year")


def sample_night(players: Sequence[str] = ("Ann", "Bea", "Cat", "Dee"), games: int = 16,
                 seed: int = 0) -> tuple:
    """A made-up night of ``games`` games at one table, the same for the same ``seed``.

    About one game in six is a wall game; about a quarter of the wins are self-drawn and one
    in eight jokerless; now and then a hand goes dead. For teaching and tests, not a model of
    real play.

    >>> [g.how for g in sample_night(games=4, seed=1)] == [g.how for g in sample_night(games=4, seed=1)]
    True
    """
    if not _is_whole(games) or games < 0:
        raise TournamentError(f"the number of games must be a whole number 0 or more, not {games!r}")
    players = tuple(players)
    rng = random.Random(seed)
    night = []
    for _ in range(games):
        dead = frozenset(rng.sample(players, 1)) if rng.random() < 0.12 else frozenset()
        if rng.random() < 0.17:
            night.append(Game(players, "wall", dead=dead))
            continue
        winner = rng.choice([p for p in players if p not in dead])
        category = rng.choice(_CATEGORIES)
        exposures = 0 if category == "singles-and-pairs" else rng.choice((0, 1, 1, 2, 2, 2, 3, 3, 4))
        value = rng.choice(_VALUES) + (25 if category == "singles-and-pairs" and rng.random() < 0.5 else 0)
        jokerless = category == "singles-and-pairs" or rng.random() < 0.125
        if rng.random() < 0.25:
            night.append(Game(players, "self-drawn", winner=winner, value=value, jokerless=jokerless,
                              category=category, exposures=exposures, dead=dead))
        else:
            thrower = rng.choice([p for p in players if p != winner])
            night.append(Game(players, "discard", winner=winner, thrower=thrower, value=value,
                              jokerless=jokerless, category=category, exposures=exposures, dead=dead))
    return tuple(night)


__all__ = ["COMMON", "EXPOSURE_BANDS", "Game", "GameScore", "Line", "PRESETS", "PRESET_NAMES",
           "RECIPIENTS", "Standing", "Standings", "TOURNAMENT_HOWS", "TournamentError",
           "TournamentTable", "VARIANT", "get_table", "load_table", "points_by_role", "preset",
           "sample_night", "score_game", "standings", "table_from_json"]
