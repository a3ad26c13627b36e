"""Settling a Willingdon hand between the four seats. Hand value and settlement are separate:
:func:`mjscore.willingdon.score` says what a hand is worth, this module says who pays it.

The Willingdon rule book is silent on settlement; docs/rules.md sets the default: each of the three other
players pays the winner the score. The optional rules are settings of :class:`TableRules`.

>>> settle_win(64, winner="S", discarder="E").payments
{'E': -64, 'S': 192, 'W': -64, 'N': -64}
>>> settle_win(64, winner="S", discarder="E", rules=TableRules(east_double=True)).payments
{'E': -128, 'S': 256, 'W': -64, 'N': -64}
"""

from __future__ import annotations

from dataclasses import dataclass

from ..files.inputs import figure
from ..tiles import SEAT_NAMES, SEATS
from .. import html_of


#: The most a penalty may cost (a false mahjong, to each player): more means nothing at a table.
MAX_PENALTY = 100_000


class SettlementError(ValueError):
    """A settlement that cannot be worked out: the message says what is missing or wrong."""


@dataclass(frozen=True)
class TableRules:
    """The optional rules a table agrees before it starts (docs/rules.md, "Settling").

    ``east_double``: East pays and receives double.
    ``three_exposed_penalty``: a discard that gives mahjong to a player showing three
    exposed pungs/kongs makes the discarder pay for all three losers, unless fishing.
    ``false_mahjong``: what a wrong mahjong declaration costs, to each other player.
    """

    east_double: bool = False
    three_exposed_penalty: bool = False
    false_mahjong: int = 500

    def __post_init__(self) -> None:
        for key in ("east_double", "three_exposed_penalty"):
            if not isinstance(getattr(self, key), bool):
                raise SettlementError(f"{key.replace('_', '-')} must be yes or no, not {getattr(self, key)!r}")
        v = self.false_mahjong
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_PENALTY:
            raise SettlementError(f"false-mahjong must be a whole number from 0 to {MAX_PENALTY:,} "
                                  f"(what the caller pays each player), not {figure(v)}")


@dataclass(frozen=True)
class Settlement:
    """Each seat's gain (+) or payment (-); the four always sum to zero."""

    payments: dict
    reasons: tuple[str, ...]

    def __post_init__(self) -> None:
        assert sum(self.payments.values()) == 0

    def _repr_html_(self) -> str | None:
        return html_of(self)  # drawn by the views where a notebook shows it


def _seat(seat: object, what: str) -> str:
    if seat not in SEATS:
        raise SettlementError(f"{what} must be one of E, S, W, N, not {seat!r}")
    return seat  # type: ignore[return-value]


def settle_win(score: int, *, winner: str, discarder: str | None = None, exposed_sets: int = 0,
               fishing: bool = False, rules: TableRules = TableRules()) -> Settlement:
    """Who pays the winner's ``score``. ``discarder`` is None for a self-drawn win.

    ``exposed_sets``: how many pungs/kongs the winner showed (for the optional penalty);
    ``fishing``: the discarder was fishing and had no other choice.

    >>> r = TableRules(three_exposed_penalty=True)
    >>> settle_win(100, winner="W", discarder="N", exposed_sets=3, rules=r).payments
    {'E': 0, 'S': 0, 'W': 300, 'N': -300}
    >>> settle_win(100, winner="W", discarder="N", exposed_sets=3, fishing=True, rules=r).payments
    {'E': -100, 'S': -100, 'W': 300, 'N': -100}
    >>> settle_win(0, winner="S", discarder="N").reasons
    ('South wins with a score of 0: nobody pays.',)
    """
    if isinstance(score, bool) or not isinstance(score, int) or score < 0:
        raise SettlementError(f"the score must be a whole number 0 or more, not {score!r}")
    winner = _seat(winner, "the winner's seat")
    if discarder is not None:
        discarder = _seat(discarder, "the discarder's seat")
        if discarder == winner:
            raise SettlementError("the winner cannot have discarded the winning tile")
    payments = {s: 0 for s in SEATS}
    if score == 0:  # not "each of the other three pays the winner" under payments of nothing
        return Settlement(payments, (f"{SEAT_NAMES[winner]} wins with a score of 0: nobody pays.",))
    reasons = [f"{SEAT_NAMES[winner]} wins with {score:,}."]
    owed = {}
    for s in SEATS:
        if s == winner:
            continue
        pay = score
        if rules.east_double and "E" in (s, winner):
            pay *= 2
        owed[s] = pay
    if rules.east_double:
        reasons.append("East pays and receives double.")
    penalty = (rules.three_exposed_penalty and discarder is not None and exposed_sets >= 3)
    if penalty and fishing:
        reasons.append(f"{SEAT_NAMES[discarder]} was fishing with no other choice: no penalty.")
        penalty = False
    if penalty:
        total = sum(owed.values())
        payments[discarder] = -total
        payments[winner] = total
        reasons.append(f"{SEAT_NAMES[discarder]} fed a mahjong to a player showing three exposed sets, "
                       f"so pays for all three: {total:,}.")
    else:
        for s, pay in owed.items():
            payments[s] = -pay
            payments[winner] += pay
        reasons.append("Each of the other three pays the winner.")
    return Settlement(payments, tuple(reasons))


def settle_false_mahjong(caller: str, rules: TableRules = TableRules()) -> Settlement:
    """A wrong mahjong declaration: the caller pays each other player the penalty.

    >>> settle_false_mahjong("N").payments
    {'E': 500, 'S': 500, 'W': 500, 'N': -1500}
    """
    caller = _seat(caller, "the caller's seat")
    payments = {s: (-3 * rules.false_mahjong if s == caller else rules.false_mahjong) for s in SEATS}
    return Settlement(payments, (f"{SEAT_NAMES[caller]} declared a false mahjong: "
                                 f"{rules.false_mahjong:,} to each other player.",))


def settle_wall_game() -> Settlement:
    """The wall ran out: nobody pays."""
    return Settlement({s: 0 for s in SEATS}, ("A wall game pays nothing.",))


__all__ = ["Settlement", "SettlementError", "TableRules", "settle_false_mahjong", "settle_wall_game",
           "settle_win"]
