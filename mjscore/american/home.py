"""American Mah Jongg home payments, the National Mah Jongg League's way.

A hand is worth the value printed on the card; the question is who pays and how many times.
On a discard the thrower pays twice the value and the two others once; on a tile the winner
drew all three pay twice; a wall game pays nothing. A hand with no jokers (declared) doubles
every payment again, except for Singles and Pairs and Quints hands.

The four worked examples of docs/rules.md, for a hand worth 25:

>>> home_payments(25, "discard").payments, home_payments(25, "discard").winner_collects
((50, 25, 25), 100)
>>> p = home_payments(25, "self-drawn"); p.payments, p.winner_collects
((50, 50, 50), 150)
>>> p = home_payments(25, "discard", jokerless=True); p.payments, p.winner_collects
((100, 50, 50), 200)
>>> p = home_payments(25, "self-drawn", jokerless=True); p.payments, p.winner_collects
((100, 100, 100), 300)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence


class AmericanError(ValueError):
    """A payment question that cannot be answered: the message says what is wrong."""


#: How a hand can end. A joker exchange and a Heavenly Hand pay as self-drawn (docs/rules.md).
HOWS = ("discard", "self-drawn", "wall", "joker-exchange", "heavenly-hand")
PAYS_AS = {"discard": "discard", "self-drawn": "self-drawn", "wall": "wall",
           "joker-exchange": "self-drawn", "heavenly-hand": "self-drawn"}
#: The two rarer ways of winning, said with what they are wherever a hand is paid that way.
RARER_WAYS = {"joker-exchange": "Mah jongg by a joker exchange (the winner took a joker from an exposure on the "
                                "table, putting the real tile in its place)",
              "heavenly-hand": "A Heavenly Hand (East, the dealer, was dealt a winning hand)"}

#: The card's sections. Only the category matters for the jokerless double.
CATEGORIES = {
    "other": "Any other section of the card",
    "year": "The year hands",
    "2468": "2468",
    "like-numbers": "Any like numbers",
    "addition": "Addition hands",
    "quints": "Quints",
    "consecutive-run": "Consecutive run",
    "13579": "13579",
    "winds-dragons": "Winds and dragons",
    "369": "369",
    "singles-and-pairs": "Singles and Pairs",
}


@dataclass(frozen=True)
class HomeRules:
    """A home table's payment rules: which categories the jokerless double skips."""

    name: str = "National Mah Jongg League, at home"
    jokerless_exempt: frozenset = field(default=frozenset({"singles-and-pairs", "quints"}))

    def __post_init__(self) -> None:
        unknown = set(self.jokerless_exempt) - set(CATEGORIES)
        if unknown:
            raise AmericanError(f"unknown category {sorted(unknown)[0]!r}")


#: The League's rule as played at home: no jokerless double for Singles and Pairs, nor for Quints.
HOME = HomeRules()
#: Narrowed as the League's card prints it: only Singles and Pairs is exempt.
LEAGUE_CARD = HomeRules(name="As the League's card prints it", jokerless_exempt=frozenset({"singles-and-pairs"}))


@dataclass(frozen=True)
class Payout:
    """What one hand pays: ``payments`` are the three losers', the thrower's first on a discard."""

    value: int
    how: str
    jokerless: bool
    category: str
    payments: tuple[int, ...]
    winner_collects: int
    thrower_pays: int  # 0 when there is no thrower
    other_pays: int  # each player who did not throw the winning tile
    jokerless_double: bool  # whether the jokerless double applied
    reasons: tuple[str, ...]

    def to_json(self) -> dict:
        """The payout as plain JSON data: the payments and what the winner collects."""
        return {"payments": list(self.payments), "winner_collects": self.winner_collects}


def check_value(value: object) -> int:
    """The card value: a positive whole number."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise AmericanError(f"the hand's value must be a whole number, such as 25, not {value!r}")
    if value <= 0:
        raise AmericanError(f"the hand's value must be more than 0, not {value}")
    return value


def check_how(how: object) -> str:
    """``how`` if it is a way of winning (:data:`HOWS`), else an :class:`AmericanError`."""
    if how not in PAYS_AS:
        raise AmericanError(f"unknown way of winning {how!r} (one of {', '.join(HOWS)})")
    return how  # type: ignore[return-value]


def check_category(category: object) -> str:
    """``category`` if it is a section of the card (:data:`CATEGORIES`), else an :class:`AmericanError`."""
    if category not in CATEGORIES:
        raise AmericanError(f"unknown category {category!r} (one of {', '.join(CATEGORIES)})")
    return category  # type: ignore[return-value]


def home_payments(value: int, how: str, *, jokerless: bool = False, category: str = "other",
                  rules: HomeRules = HOME) -> Payout:
    """Who pays what for one hand (see the module notes). ``jokerless`` means declared.

    A winds hand with no jokers, won on a throw, pays the jokerless double on top of the
    thrower's double:

    >>> home_payments(30, "discard", jokerless=True, category="winds-dragons").payments
    (120, 60, 60)
    >>> home_payments(50, "self-drawn", jokerless=True, category="singles-and-pairs").payments
    (100, 100, 100)

    A hand won by a joker exchange has just taken a joker: it is never jokerless.

    >>> home_payments(25, "joker-exchange", jokerless=True)
    Traceback (most recent call last):
    ...
    mjscore.american.home.AmericanError: a hand won by a joker exchange has taken a joker into it: it cannot be jokerless
    """
    value, how, category = check_value(value), check_how(how), check_category(category)
    if not isinstance(jokerless, bool):
        raise AmericanError(f"jokerless must be true or false, not {jokerless!r}")
    if jokerless and how == "joker-exchange":
        raise AmericanError("a hand won by a joker exchange has taken a joker into it: it cannot be jokerless")
    way = PAYS_AS[how]
    reasons = [f"The card value is {value:,}."]
    if way == "wall":
        reasons.append("The wall ran out: nobody pays.")
        return Payout(value, how, jokerless, category, (0, 0, 0), 0, 0, 0, False, tuple(reasons))
    double = jokerless and category not in rules.jokerless_exempt
    factor = 2 if double else 1
    if jokerless and not double:
        reasons.append(f"No jokerless double: {CATEGORIES[category]} hands are exempt.")
    if way == "discard":
        thrower, other = 2 * value * factor, value * factor
        reasons.append(f"On a discard the thrower pays 2 x {value:,} and the two others {value:,} each.")
        payments = (thrower, other, other)
    else:
        if how != "self-drawn":
            reasons.append(f"{RARER_WAYS[how]} pays as self-drawn: nobody threw the winning tile.")
        thrower, other = 0, 2 * value * factor
        reasons.append(f"On a tile the winner drew, all three pay 2 x {value:,}.")
        payments = (other, other, other)
    if double:
        reasons.append("Jokerless (declared): every payment doubles again.")
    collects = sum(payments)
    reasons.append(f"Payments {' + '.join(f'{p:,}' for p in payments)}: the winner collects {collects:,}.")
    return Payout(value, how, jokerless, category, payments, collects, thrower, other, double,
                  tuple(reasons))


@dataclass(frozen=True)
class HandResult:
    """How one hand ended at an American table: how it was won (or the wall ran out), the
    winner, the thrower of the winning tile, the card value, jokerless, the card's section,
    the dead hands; with five players, who sat out as the ``bettor`` and her ``pick``, the
    player she backed. A wall game needs no value (nobody pays)."""

    how: str
    winner: str | None = None
    thrower: str | None = None
    value: int = 1
    jokerless: bool = False
    category: str = "other"
    dead: tuple[str, ...] = ()
    bettor: str | None = None
    pick: str | None = None


def settle(players: Sequence[str], hand: HandResult, rules: HomeRules = HOME) -> dict[str, int]:
    """Each player's gain (+) or payment (-) for one hand, which always sum to zero.

    ``players``: the four at the table, or five where ``hand.bettor`` names the fifth, who
    sits out and backs one of the four (``hand.pick``). A dead hand pays like any other.

    >>> settle(["Ann", "Bea", "Cat", "Dee"], HandResult("discard", winner="Ann", thrower="Cat", value=25))
    {'Ann': 100, 'Bea': -25, 'Cat': -50, 'Dee': -25}
    """
    how, winner, thrower, value, dead, bettor, pick = (hand.how, hand.winner, hand.thrower, hand.value, hand.dead,
                                                       hand.bettor, hand.pick)
    players = list(players)
    if len(set(players)) != len(players):
        raise AmericanError("two players have the same name")
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise AmericanError("every player needs a name")
    table = [p for p in players if p != bettor]
    if bettor is not None:
        if bettor not in players:
            raise AmericanError(f"the bettor {bettor!r} is not one of the players")
        if pick not in table:
            raise AmericanError(f"the bettor must back one of the four at the table, not {pick!r}")
    elif pick is not None:
        raise AmericanError("a pick is given but nobody sits out as the bettor")
    if len(table) != 4:
        raise AmericanError(f"four players sit at the table (a fifth may bet); got {len(table)}")
    for d in dead:
        if d not in table:
            raise AmericanError(f"the dead hand {d!r} is not at the table")
    result = {p: 0 for p in players}
    payout = home_payments(value, how, jokerless=hand.jokerless, category=hand.category, rules=rules)
    way = PAYS_AS[how]
    if way == "wall":
        if winner is not None or thrower is not None:
            raise AmericanError("a wall game has no winner and no thrower")
        return result
    if winner not in table:
        raise AmericanError(f"the winner {winner!r} is not at the table")
    if winner in set(dead):
        raise AmericanError(f"{winner}'s hand is dead: a dead hand cannot win")
    if way == "discard":
        if thrower not in table or thrower == winner:
            raise AmericanError("on a discard, name the thrower: another player at the table")
    elif thrower is not None:
        raise AmericanError("a self-drawn hand has no thrower")
    for p in table:
        if p == winner:
            continue
        pay = payout.thrower_pays if p == thrower else payout.other_pays
        result[p] -= pay
        result[winner] += pay
    if bettor is not None:
        if pick == winner:
            # She collects what the winner collects, from the same losers.
            for p in table:
                if p != winner:
                    pay = payout.thrower_pays if p == thrower else payout.other_pays
                    result[p] -= pay
                    result[bettor] += pay
        else:
            pay = payout.thrower_pays if pick == thrower else payout.other_pays
            result[bettor] -= pay
            result[winner] += pay
    return result


__all__ = ["AmericanError", "CATEGORIES", "HOME", "HOWS", "HandResult", "HomeRules", "LEAGUE_CARD", "Payout", "RARER_WAYS",
           "home_payments", "settle"]
