"""Playing Goulash: claiming a discard, whose turn comes next, and the optional penalties.

As docs/rules.md gives them (Playing Goulash): Goulash is an exposed game. A player may take
the tile another player has just discarded to make a pung, but only if she already holds a pair
of it; only the last tile discarded can be claimed (every earlier discard is dead); a pung formed
from a discard is always exposed; and play continues from whoever claimed, so anyone in between
loses their turn. Play passes East, South, West, North, and round again.

>>> r = claim("5D", discarder="E", claimer="W", held=2)
>>> r.allowed, r.pung, r.loses_turn, r.next_turn
(True, Meld(kind='pung', tile='5D', exposed=True), ('S',), 'N')
>>> print(r.reason)
West holds a pair of 5 Dots and claims East's discard: the pung is exposed. West discards next; South loses a turn.
>>> claim("5D", discarder="E", claimer="W", held=1).allowed
False

Where the rule book is silent, this module decides as a real table would, and says so:

- A discard is claimed only into a pung (the rule book's words). Holding three of the tile does not
  let a player claim the fourth for a kong: a kong's fourth tile comes from the wall.
- Mahjong "from a discard" is the claimed pung that completes the hand.
- With four of each tile, one is discarded and only three are left: at most one player can
  hold a pair of it, so two players never compete for the same discard.

The optional penalties (agree them before play starts) are settled by :mod:`mjscore.willingdon.settle`:

>>> mahjong_from_discard(100, winner="W", discarder="N", exposed_before=3).payments
{'E': 0, 'S': 0, 'W': 300, 'N': -300}
>>> false_mahjong("S").settlement.payments
{'E': 500, 'S': -1500, 'W': 500, 'N': 500}
>>> fix_tile_count(15).describe()
'15 tiles where 13 belong: discard on each turn without picking up, one tile a turn, for 2 turns.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hands import Meld
from .settle import Settlement, TableRules, settle_false_mahjong, settle_win
from ..tiles import INFO, SEAT_NAMES, SEATS, SET_TILES, tile_name
from .scoring import paper_and_score  # noqa: F401 (re-exported: the notebooks use it)


class GoulashError(ValueError):
    """A question about play that cannot be answered as asked: the message says why."""


#: Play passes East, South, West, North, and round again.
TURN_ORDER = SEATS

#: The optional penalties switched on (the default TableRules has them off).
PENALTIES = TableRules(three_exposed_penalty=True)


def _seat(seat: object, what: str) -> str:
    if seat not in SEATS:
        raise GoulashError(f"{what} must be one of E, S, W, N, not {seat!r}")
    return seat  # type: ignore[return-value]


def _count(n: object, what: str, low: int, high: int | None = None) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise GoulashError(f"{what} must be a whole number, not {n!r}")
    if n < low or (high is not None and n > high):
        bound = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise GoulashError(f"{what} must be {bound}, not {n}")
    return n


# --------------------------------------------------------------------------- turns


def next_seat(seat: str) -> str:
    """Whose turn follows ``seat`` when nobody claims.

    >>> next_seat("E"), next_seat("N")
    ('S', 'E')
    """
    seat = _seat(seat, "the seat")
    return TURN_ORDER[(TURN_ORDER.index(seat) + 1) % 4]


def seats_between(discarder: str, claimer: str) -> tuple[str, ...]:
    """The seats that lose their turn when ``claimer`` takes ``discarder``'s tile.

    >>> seats_between("E", "S"), seats_between("E", "W"), seats_between("S", "E")
    ((), ('S',), ('W', 'N'))
    """
    discarder, claimer = _seat(discarder, "the discarder"), _seat(claimer, "the claimer")
    if discarder == claimer:
        raise GoulashError("nobody can claim their own discard")
    out = []
    seat = next_seat(discarder)
    while seat != claimer:
        out.append(seat)
        seat = next_seat(seat)
    return tuple(out)


@dataclass(frozen=True)
class Turn:
    """Who plays after a claim: the claimer at once, then play continues from her."""

    plays_now: str
    loses_turn: tuple[str, ...]
    next_turn: str


def turn_after_claim(discarder: str, claimer: str) -> Turn:
    """The claimer plays now (she discards next); play then continues from her.

    >>> turn_after_claim("E", "N")
    Turn(plays_now='N', loses_turn=('S', 'W'), next_turn='E')
    """
    skipped = seats_between(discarder, claimer)
    return Turn(claimer, skipped, next_seat(claimer))


# --------------------------------------------------------------------------- claims


def pung_from_discard(tile: str) -> Meld:
    """The set a claimed discard makes: always a pung, always exposed.

    >>> pung_from_discard("RD")
    Meld(kind='pung', tile='RD', exposed=True)
    """
    _check_tile(tile)
    return Meld("pung", tile, exposed=True)


def _check_tile(tile: object) -> str:
    if tile not in SET_TILES:
        if isinstance(tile, str) and tile in INFO:
            raise GoulashError(f"{tile_name(tile)} is a flower or season: it is set aside and replaced, "
                               "never discarded")
        raise GoulashError(f"{tile!r} is not a tile code (try 5D, 9B, EW, RD)")
    return tile  # type: ignore[return-value]


@dataclass(frozen=True)
class ClaimRuling:
    """The answer to "may this player claim this discard?", with the reason in words.

    ``pung`` is the exposed pung made (None when refused). ``plays_now`` is whose turn it is
    now (the claimer, or the seat after the discarder when the claim is refused);
    ``loses_turn`` the seats skipped; ``next_turn`` whose turn follows that.
    """

    allowed: bool
    reason: str
    tile: str
    discarder: str
    claimer: str
    held: int
    pung: Meld | None
    plays_now: str
    loses_turn: tuple[str, ...]
    next_turn: str


def claim(tile: str, *, discarder: str, claimer: str, held: int, last_discard: bool = True) -> ClaimRuling:
    """May ``claimer`` take ``discarder``'s ``tile``?

    ``held``: how many of that tile she holds concealed (0 to 3); ``last_discard``: the tile is
    the one just discarded.

    >>> claim("9B", discarder="S", claimer="N", held=2, last_discard=False).reason
    "Only the last tile discarded can be claimed: 9 Bamboo is dead. South's turn passes to West as usual."
    >>> claim("EW", discarder="N", claimer="E", held=3).allowed
    False
    """
    tile = _check_tile(tile)
    discarder, claimer = _seat(discarder, "the discarder"), _seat(claimer, "the claimer")
    held = _count(held, "the number of that tile held", 0, 3)
    if not isinstance(last_discard, bool):
        raise GoulashError(f"last_discard must be true or false, not {last_discard!r}")
    name, who, by = tile_name(tile), SEAT_NAMES[claimer], SEAT_NAMES[discarder]
    after = next_seat(discarder)

    def refuse(why: str) -> ClaimRuling:
        reason = f"{why} {by}'s turn passes to {SEAT_NAMES[after]} as usual."
        return ClaimRuling(False, reason, tile, discarder, claimer, held, None, after, (), next_seat(after))

    if claimer == discarder:
        return refuse(f"{who} discarded the {name}: nobody can claim their own discard.")
    if not last_discard:
        return refuse(f"Only the last tile discarded can be claimed: {name} is dead.")
    if held < 2:
        having = "none" if held == 0 else "only one"
        return refuse(f"A discard is claimed only to turn a pair already held into a pung, and {who} "
                      f"holds {having} of {name}.")
    if held == 3:
        return refuse(f"{who} already holds a pung of {name}: a discard is claimed only to turn a pair "
                      "into a pung, so the fourth tile for a kong must come from the wall.")
    turn = turn_after_claim(discarder, claimer)
    skipped = "; ".join(f"{SEAT_NAMES[s]} loses a turn" for s in turn.loses_turn)
    reason = (f"{who} holds a pair of {name} and claims {by}'s discard: the pung is exposed. "
              f"{who} discards next" + (f"; {skipped}." if skipped else "; nobody is skipped."))
    return ClaimRuling(True, reason, tile, discarder, claimer, held, pung_from_discard(tile),
                       turn.plays_now, turn.loses_turn, turn.next_turn)


def may_claim(tile: str, *, discarder: str, claimer: str, held: int, last_discard: bool = True) -> bool:
    """Just the yes or no of :func:`claim`.

    >>> may_claim("RD", discarder="E", claimer="S", held=2)
    True
    """
    return claim(tile, discarder=discarder, claimer=claimer, held=held, last_discard=last_discard).allowed


# --------------------------------------------------------------------------- penalties


def feeding_penalty_applies(*, exposed_before: int, from_discard: bool = True, fishing: bool = False) -> bool:
    """Whether the optional penalty for feeding a mahjong applies.

    It does when the winner showed three exposed pungs/kongs before the winning discard, and the
    discarder was not fishing with no other choice.

    >>> feeding_penalty_applies(exposed_before=3), feeding_penalty_applies(exposed_before=3, fishing=True)
    (True, False)
    >>> feeding_penalty_applies(exposed_before=2), feeding_penalty_applies(exposed_before=3, from_discard=False)
    (False, False)
    """
    exposed_before = _count(exposed_before, "the exposed pungs/kongs shown", 0, 4)
    return from_discard and exposed_before >= 3 and not fishing


def mahjong_from_discard(score: int, *, winner: str, discarder: str, exposed_before: int = 0,
                         fishing: bool = False, rules: TableRules = PENALTIES) -> Settlement:
    """Settle a mahjong won on a discard, with the feeding penalty when ``rules`` has it on.

    ``rules``: :data:`PENALTIES` by default. ``exposed_before``: the winner's exposed
    pungs/kongs on the table before the winning discard; ``fishing``: the discarder had no other
    choice.

    >>> mahjong_from_discard(64, winner="S", discarder="E").payments
    {'E': -64, 'S': 192, 'W': -64, 'N': -64}
    >>> mahjong_from_discard(64, winner="S", discarder="E", exposed_before=3, fishing=True).payments
    {'E': -64, 'S': 192, 'W': -64, 'N': -64}
    """
    exposed_before = _count(exposed_before, "the exposed pungs/kongs shown", 0, 4)
    winner, discarder = _seat(winner, "the winner"), _seat(discarder, "the discarder")
    return settle_win(score, winner=winner, discarder=discarder, exposed_sets=exposed_before,
                      fishing=fishing, rules=rules)


@dataclass(frozen=True)
class FalseMahjong:
    """A wrong mahjong declaration: what it costs, and how play goes on."""

    settlement: Settlement
    then: str


def false_mahjong(caller: str, rules: TableRules = PENALTIES) -> FalseMahjong:
    """A false mahjong: the caller pays each other player the penalty (500 by default).

    She discards the last tile picked up, and play continues; she may go mahjong only from her
    next turn on.

    >>> print(false_mahjong("N").then)
    North discards the last tile picked up and play continues with East. North may go mahjong only on a later turn.
    """
    caller = _seat(caller, "the caller")
    name = SEAT_NAMES[caller]
    then = (f"{name} discards the last tile picked up and play continues with {SEAT_NAMES[next_seat(caller)]}. "
            f"{name} may go mahjong only on a later turn.")
    return FalseMahjong(settle_false_mahjong(caller, rules), then)


def may_go_mahjong(*, turns_since_penalty: int | None) -> bool:
    """A player can go mahjong only on a turn after a penalty, never on the turn it was paid.

    ``turns_since_penalty``: 0 for the penalty's own turn, None when there was no penalty.

    >>> may_go_mahjong(turns_since_penalty=0), may_go_mahjong(turns_since_penalty=1), may_go_mahjong(turns_since_penalty=None)
    (False, True, True)
    """
    if turns_since_penalty is None:
        return True
    return _count(turns_since_penalty, "turns since the penalty", 0) >= 1


#: Tiles in a hand between turns, not counting flowers and seasons (set aside and replaced).
HAND_TILES = 13


@dataclass(frozen=True)
class TileCountFix:
    """What a player with the wrong number of tiles does: ``action`` is ``"none"``,
    ``"discard"`` (discard on each turn without picking up) or ``"draw"`` (pick up from the
    flower wall on each turn without discarding), one tile a turn for ``turns`` turns."""

    held: int
    expected: int
    action: str
    turns: int

    def describe(self) -> str:
        """The fix in a sentence, as a player would be told it."""
        head = f"{self.held} tiles where {self.expected} belong"
        plural = "s" if self.turns != 1 else ""
        if self.action == "discard":
            return f"{head}: discard on each turn without picking up, one tile a turn, for {self.turns} turn{plural}."
        if self.action == "draw":
            return (f"{head}: pick up from the flower wall on each turn without discarding, one tile a turn, "
                    f"for {self.turns} turn{plural}.")
        return f"{self.held} tiles: the right number, play on."


def fix_tile_count(held: int, *, kongs: int = 0) -> TileCountFix:
    """The rule for too many or too few tiles.

    ``held`` counts the tiles in hand and on the table between turns, flowers and seasons left
    out; each kong adds one to the 13.

    >>> fix_tile_count(12).describe()
    '12 tiles where 13 belong: pick up from the flower wall on each turn without discarding, one tile a turn, for 1 turn.'
    >>> fix_tile_count(14, kongs=1).action
    'none'
    """
    kongs = _count(kongs, "the number of kongs", 0, 4)
    held = _count(held, "the number of tiles held", 0)
    expected = HAND_TILES + kongs
    if held > expected:
        return TileCountFix(held, expected, "discard", held - expected)
    if held < expected:
        return TileCountFix(held, expected, "draw", expected - held)
    return TileCountFix(held, expected, "none", 0)


# --------------------------------------------------------------------------- the arithmetic


__all__ = ["ClaimRuling", "FalseMahjong", "GoulashError", "HAND_TILES", "PENALTIES", "TURN_ORDER",
           "TileCountFix", "Turn", "claim", "false_mahjong", "feeding_penalty_applies", "fix_tile_count",
           "mahjong_from_discard", "may_claim", "may_go_mahjong", "next_seat", "paper_and_score",
           "pung_from_discard", "seats_between", "turn_after_claim"]
