"""A Willingdon hand: four pungs or kongs and a pair, flowers, seat, round, how it was won.

A :class:`Hand` is checked when it is made, so every ``Hand`` is a legal Goulash shape as
docs/rules.md lists; a refusal is a :class:`HandError` that names the problem in a player's words.

Hands come from the JSON of docs/rules.md, or from the short notation typed at a table::

    RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3 seat=E round=E

One token per set: the tile code, ``x`` and how many (``x3`` a pung, ``x4`` a kong, ``x2``
the pair); a leading ``+`` means the set is exposed (on the table), no sign concealed.
Then any flowers and seasons by code, ``seat=`` and ``round=`` (E, S, W or N; default E),
and the words ``self-drawn`` (the winning tile came from the wall), ``earth`` or
``heaven`` for the blessings. Codes may be typed in lower case; commas count as spaces.

>>> h = parse("RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3")
>>> h.sets[1]
Meld(kind='kong', tile='1B', exposed=True)
>>> format_hand(h)
'RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3 seat=E round=E'
>>> parse(format_hand(h)) == h
True
>>> parse("5Dx3 5Dx3 6Dx3 7Dx3 RDx2")
Traceback (most recent call last):
...
mjscore.hands.HandError: two sets are built on 5 Dots
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .tiles import BONUS_TILES, INFO, SEAT_NAMES, SEATS, SET_TILES, TileError, tile_name

KINDS = ("pung", "kong", "pair")
SIZES = {"pair": 2, "pung": 3, "kong": 4}
KIND_OF_SIZE = {2: "pair", 3: "pung", 4: "kong"}
BLESSINGS = (None, "earth", "heaven")


class HandError(ValueError):
    """A hand that cannot be played: the message says why, as a player would."""


@dataclass(frozen=True, slots=True)
class Meld:
    """One set on the rack: a ``pung`` (three alike), a ``kong`` (four) or the ``pair``."""

    kind: str
    tile: str
    exposed: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise HandError(f"a set is a pung, a kong or a pair, not {self.kind!r}")
        if self.tile not in INFO:
            raise HandError(f"{self.tile!r} is not a tile code (try 5D, 9B, EW, RD)")
        if self.tile in BONUS_TILES:
            raise HandError(f"{tile_name(self.tile)} is a flower or season: it cannot make a {self.kind}")
        if not isinstance(self.exposed, bool):
            raise HandError(f"'exposed' must be true or false, not {self.exposed!r}")
        if self.kind == "pair" and self.exposed:
            raise HandError("a pair is never exposed")

    @property
    def size(self) -> int:
        """How many tiles the set has: 2, 3 or 4."""
        return SIZES[self.kind]

    @property
    def name(self) -> str:
        """As a player says it: ``'exposed pung of Red Dragon'``."""
        if self.kind == "pair":
            return f"pair of {tile_name(self.tile)}"
        how = "exposed" if self.exposed else "concealed"
        return f"{how} {self.kind} of {tile_name(self.tile)}"


@dataclass(frozen=True, slots=True)
class Hand:
    """A complete Willingdon hand, legal by construction (see the module notes)."""

    sets: tuple[Meld, ...]
    flowers: tuple[str, ...] = ()
    seat: str = "E"
    round: str = "E"
    self_drawn: bool = False
    blessing: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.sets, tuple):
            object.__setattr__(self, "sets", tuple(self.sets))
        if not isinstance(self.flowers, tuple):
            if isinstance(self.flowers, str):
                raise HandError("'flowers' must be a list of codes such as [\"F1\", \"S3\"]")
            object.__setattr__(self, "flowers", tuple(self.flowers))
        _check(self)

    # The JSON of docs/rules.md -------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Any) -> "Hand":
        """A hand from the hand JSON of docs/rules.md, given as text or as the parsed object."""
        if isinstance(data, (str, bytes)):
            from .files.inputs import decode, load_json

            text = decode(data, "the hand", HandError) if isinstance(data, bytes) else data
            data = load_json(text, "", HandError)
        if not isinstance(data, dict):
            raise HandError("a hand must be a JSON object with 'sets' (and optionally flowers, seat, round, self_drawn, blessing)")
        unknown = sorted(set(data) - _HAND_KEYS)
        if unknown:
            raise HandError(f"unknown key {unknown[0]!r} in the hand (known: {', '.join(sorted(_HAND_KEYS))})")
        if "sets" not in data:
            raise HandError("the hand has no 'sets'")
        raw_sets = data["sets"]
        if not isinstance(raw_sets, list):
            raise HandError("'sets' must be a list of four pungs or kongs and one pair")
        sets = tuple(_meld_from_json(i, s) for i, s in enumerate(raw_sets, 1))
        flowers = data.get("flowers", [])
        if not isinstance(flowers, list):
            raise HandError("'flowers' must be a list of codes such as [\"F1\", \"S3\"]")
        self_drawn = data.get("self_drawn", False)
        if not isinstance(self_drawn, bool):
            raise HandError(f"'self_drawn' must be true or false, not {self_drawn!r}")
        return cls(sets=sets, flowers=tuple(flowers), seat=data.get("seat", "E"),
                   round=data.get("round", "E"), self_drawn=self_drawn,
                   blessing=data.get("blessing"))

    def to_json(self) -> dict:
        """The hand as the hand JSON of docs/rules.md object (every key written out)."""
        sets = []
        for m in self.sets:
            d = {"kind": m.kind, "tile": m.tile}
            if m.kind != "pair":
                d["exposed"] = m.exposed
            sets.append(d)
        return {"sets": sets, "flowers": list(self.flowers), "seat": self.seat,
                "round": self.round, "self_drawn": self.self_drawn, "blessing": self.blessing}

    # Conveniences a scorer reads --------------------------------------------------------

    @property
    def pair(self) -> Meld:
        """The hand's pair."""
        return next(m for m in self.sets if m.kind == "pair")

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The four pungs and kongs, without the pair."""
        return tuple(m for m in self.sets if m.kind != "pair")

    def __str__(self) -> str:
        return format_hand(self)


_HAND_KEYS = {"sets", "flowers", "seat", "round", "self_drawn", "blessing"}
_SET_KEYS = {"kind", "tile", "exposed"}


def _meld_from_json(i: int, s: Any) -> Meld:
    if not isinstance(s, dict):
        raise HandError(f"set {i} must be an object like {{\"kind\": \"pung\", \"tile\": \"RD\"}}")
    unknown = sorted(set(s) - _SET_KEYS)
    if unknown:
        raise HandError(f"unknown key {unknown[0]!r} in set {i} (known: exposed, kind, tile)")
    for key in ("kind", "tile"):
        if key not in s:
            raise HandError(f"set {i} has no {key!r}")
    if s["kind"] == "pair" and "exposed" in s:
        raise HandError(f"set {i} is a pair, and a pair has no 'exposed'")
    try:
        return Meld(s["kind"], s["tile"], s.get("exposed", False))
    except HandError as e:
        raise HandError(f"set {i}: {e}") from None
    except TypeError:  # an unhashable tile or kind, such as a list
        raise HandError(f"set {i}: kind and tile must be text, such as \"pung\" and \"RD\"") from None


def _check(h: Hand) -> None:
    for m in h.sets:
        if not isinstance(m, Meld):
            raise HandError("each set must be a Meld (a pung, kong or pair)")
    pairs = sum(1 for m in h.sets if m.kind == "pair")
    melds = len(h.sets) - pairs
    if pairs != 1 or melds != 4:
        raise HandError(
            f"a hand is four pungs or kongs and one pair; this one has {melds} pung{'s' * (melds != 1)} "
            f"or kongs and {pairs} pair{'s' * (pairs != 1)}")
    seen: set[str] = set()
    for m in h.sets:
        if m.tile in seen:
            raise HandError(f"two sets are built on {tile_name(m.tile)}")
        seen.add(m.tile)
    seen = set()
    for f in h.flowers:
        if not isinstance(f, str) or f not in BONUS_TILES:
            if isinstance(f, str) and f in INFO:
                raise HandError(f"{tile_name(f)} is not a flower or season")
            raise HandError(f"{f!r} is not a flower or season (F1..F4, S1..S4)")
        if f in seen:
            raise HandError(f"{tile_name(f)} appears twice: there is only one of each flower and season")
        seen.add(f)
    if h.seat not in SEATS:
        raise HandError(f"seat must be one of E, S, W, N, not {h.seat!r}")
    if h.round not in SEATS:
        raise HandError(f"round must be one of E, S, W, N, not {h.round!r}")
    if not isinstance(h.self_drawn, bool):
        raise HandError(f"'self_drawn' must be true or false, not {h.self_drawn!r}")
    if h.blessing not in BLESSINGS:
        raise HandError(f"blessing must be null, \"earth\" or \"heaven\", not {h.blessing!r}")
    if h.blessing is not None:
        kongs = any(m.kind == "kong" for m in h.sets)
        name = "Earth's Blessing" if h.blessing == "earth" else "Heaven's Blessing"
        if kongs:
            raise HandError(f"{name} cannot have a kong: no tile has been drawn to make one")
        if h.self_drawn:
            raise HandError(f"{name} is not self-drawn")
        if h.blessing == "earth" and h.seat == "E":
            raise HandError("Earth's Blessing is won on East's first discard, so the winner cannot sit East")
        if h.blessing == "heaven":
            if h.seat != "E":
                raise HandError(f"Heaven's Blessing is East's dealt hand, but the seat is {SEAT_NAMES[h.seat]}")
            if any(m.exposed for m in h.sets):
                raise HandError("Heaven's Blessing is dealt, so nothing can be exposed")


# The short notation -----------------------------------------------------------------------


def format_hand(h: Hand) -> str:
    """The hand in the short notation; ``parse(format_hand(h)) == h`` for every hand."""
    words = [("+" if m.exposed else "") + f"{m.tile}x{m.size}" for m in h.sets]
    words += list(h.flowers)
    words += [f"seat={h.seat}", f"round={h.round}"]
    if h.self_drawn:
        words.append("self-drawn")
    if h.blessing:
        words.append(h.blessing)
    return " ".join(words)


def parse(text: str) -> Hand:
    """A hand from the short notation (see the module notes)."""
    if not isinstance(text, str):
        raise HandError("a hand in notation must be text, such as 'RDx3 +1Bx4 +EWx3 9Bx3 GDx2'")
    sets: list[Meld] = []
    flowers: list[str] = []
    opts: dict[str, Any] = {}
    for word in text.replace(",", " ").split():
        low = word.lower()
        if low in ("self-drawn", "self_drawn", "selfdrawn"):
            opts["self_drawn"] = True
        elif low in ("earth", "heaven"):
            if "blessing" in opts:
                raise HandError("a hand has one blessing at most")
            opts["blessing"] = low
        elif "=" in word:
            key, _, value = low.partition("=")
            if key not in ("seat", "round"):
                raise HandError(f"{word!r}: only seat= and round= take a value")
            if key in opts:
                raise HandError(f"{key}= is given twice")
            opts[key] = value.upper()
        elif word.upper() in BONUS_TILES:
            flowers.append(word.upper())
        else:
            sets.append(_parse_set(word))
    return Hand(sets=tuple(sets), flowers=tuple(flowers), **opts)


def _parse_set(word: str) -> Meld:
    exposed = word.startswith("+")
    body = word[1:] if exposed else word
    code, sep, count = body.upper().rpartition("X")
    if not sep or not code:
        if re.fullmatch(r"[FS]\d+", body.upper()):
            raise HandError(f"{word!r} is not a flower or season: the flowers are F1 to F4, the seasons S1 to S4")
        if body.upper() in SET_TILES:
            raise HandError(f"{word!r} is one tile, not a set: say how many after an x, such as "
                            f"{body.upper()}x3 (a pung), {body.upper()}x4 (a kong) or {body.upper()}x2 (the pair)")
        raise HandError(f"{word!r} is not a set: write a tile code, x and a count, such as 5Dx3 or +RDx4")
    if code not in SET_TILES:
        if code in INFO:
            raise HandError(f"{word!r}: {tile_name(code)} is a flower or season, it cannot make a set")
        raise HandError(f"{word!r}: {code!r} is not a tile code (try 5D, 9B, EW, RD)")
    if count not in ("2", "3", "4"):
        raise HandError(f"{word!r}: a set has 2 (the pair), 3 (a pung) or 4 (a kong) tiles, not {count!r}")
    kind = KIND_OF_SIZE[int(count)]
    if kind == "pair" and exposed:
        raise HandError(f"{word!r}: a pair is never exposed")
    return Meld(kind, code, exposed)


def load_hand(text: str) -> Hand:
    """A hand from either format: JSON when it starts with ``{`` or ``[``, else the notation."""
    if text.lstrip()[:1] in ("{", "["):
        return Hand.from_json(text)
    return parse(text)


__all__ = ["Hand", "HandError", "Meld", "TileError", "format_hand", "load_hand", "parse"]
