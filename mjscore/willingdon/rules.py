"""The Willingdon rule table: the only place a rule of the book is written down.

Each :class:`Rule` row carries the book's own name for its line, the table it sits in, its
points or doubles, and the facts of the hand it reads (:class:`~.facts.Facts`, by name). A row
is made in one of two ways:

- ``each("dragons")``: the line fires once for each tile of the fact (a dragon pung each), and
  cannot fire when the fact is empty;
- ``once(test, "concealed_pungs")``: the line fires once when ``test(facts)`` holds; the test
  reads only the facts named after it (``lambda facts: facts.concealed_pungs == 3``), so its
  answer for the same values of those facts is always the same.

:func:`mjscore.willingdon.scoring.score` goes down the rows in order; the trainer's hints and
:func:`~mjscore.willingdon.scoring.near_misses` ask the rows too, on facts read differently.
Adding or changing a rule is one row here (docs/architecture.md).

>>> rows = rule_table()
>>> [(r.name, r.value, r.reads) for r in rows if r.name.startswith("3 concealed")]
[('3 concealed pungs', 1, ('concealed_pungs',)), ('3 concealed kongs', 3, ('concealed_kongs',))]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from operator import attrgetter
from typing import Callable, NamedTuple

from ..files.inputs import figure

# --------------------------------------------------------------------------- rule sets

#: A doubles setting above this means nothing at a table (the book's biggest hands have fewer).
MAX_DOUBLES = 13


@dataclass(frozen=True)
class RuleSet:
    """The identity and the settings of a rule set (the facts of a hand are kept apart).

    ``clean_hand_doubles``: the book prints 0 for A Clean Hand, most other books 1.
    ``minimum_doubles``: a hand with fewer doubles pays nothing (Willingdon: 3).
    """

    name: str = "Willingdon"
    version: str = "1"
    clean_hand_doubles: int = 0
    minimum_doubles: int = 3

    def __post_init__(self) -> None:
        for key in ("clean_hand_doubles", "minimum_doubles"):
            v = getattr(self, key)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_DOUBLES:
                raise ValueError(f"{key.replace('_', '-')} must be a whole number from 0 to {MAX_DOUBLES}, "
                                 f"not {figure(v)}")

    def with_settings(self, **settings: int) -> "RuleSet":
        """A variant: this rule set with a few settings patched."""
        return replace(self, **settings)


WILLINGDON = RuleSet()
#: The same table with the Clean Hand at 1 double, as most other rule books print it.
CLEAN_HAND_ONE = RuleSet(name="Willingdon, Clean Hand 1", clean_hand_doubles=1)


# --------------------------------------------------------------------------- a row


class Rule(NamedTuple):
    """One line of the rule book.

    ``fires(facts)`` says where the line fires on a hand's :class:`~.facts.Facts`: one entry per
    time (a tile code, or ``""`` for a line about the whole hand), and an empty tuple when it
    does not fire. ``reads`` names the facts the row reads, and nothing else decides it. A row
    made by :func:`each` fires on the tiles of its one fact; a row made by :func:`once` fires
    once when ``test(facts)`` holds. The tests check on every hand of a grid that a row reads no
    fact it does not name.

    >>> from mjscore.hands import parse
    >>> from mjscore.willingdon.facts import Facts
    >>> rows = {r.name: r for r in rule_table()}
    >>> facts = Facts(parse("RDx3 GDx3 2Bx3 +3Bx3 4Bx2"))
    >>> rows["A pung/kong of dragons"].fires(facts), rows["3 concealed pungs"].fires(facts)
    (('RD', 'GD'), ('',))
    """

    name: str
    table: str  # the book's table: "Hand points", "Hand doubles", "One double each", ...
    value: int
    kind: str  # "points" or "doubles"
    fires: Callable[[object], tuple]  # where the line fires on the facts of a hand
    column: str = ""  # for set points: "exposed" or "concealed"
    group: str = ""  # rows of one group: only the best that fires counts
    note: str = ""
    reads: tuple[str, ...] = ()  # the facts the row reads, by name
    test: Callable[[object], object] | None = None  # a once row: does it fire on these facts?


#: Where a :func:`once` row fires: once, on the whole hand; and where a row does not fire.
ONCE = ("",)
NONE = ()


def each(fact: str) -> dict:
    """A row that fires once for each tile (or word) of one fact: ``Rule(..., **each("dragons"))``."""
    return {"fires": attrgetter(fact), "reads": (fact,)}


def once(test: Callable[[object], object], *reads: str) -> dict:
    """A row that fires once when ``test(facts)`` holds; ``reads``: the facts the test reads.

    ``Rule(..., **once(lambda facts: facts.concealed_pungs == 3, "concealed_pungs"))``
    """
    def fires(facts: object) -> tuple:
        return ONCE if test(facts) else NONE

    return {"fires": fires, "reads": reads, "test": test}


def _set_rows() -> list[Rule]:
    rows = []
    for kind, word in (("pung", "Pung"), ("kong", "Kong")):
        for major, label in ((False, "minor (2–8)"), (True, "major (honours, 1s and 9s)")):
            base = {"pung": 2, "kong": 8}[kind] * (2 if major else 1)
            for column, value in (("exposed", base), ("concealed", 2 * base)):
                fact = f"{kind}_{'major' if major else 'minor'}_{column}"  # a kind of set in Facts
                rows.append(Rule(f"{word} of {label}", "Hand points", value, "points", column=column,
                                 **each(fact)))
    return rows


@lru_cache(maxsize=None)
def rule_table(rules: RuleSet = WILLINGDON) -> tuple[Rule, ...]:
    """Every line of the rule book, points first, in the book's order."""
    P, D = "points", "doubles"
    kind = dict(table="Hand doubles", kind=D, group="hand kind")
    rows = _set_rows() + [
        Rule("Each flower or season", "Also worth points", 4, P, **each("flowers")),
        Rule("A pair of dragons", "Also worth points", 2, P, **each("dragon_pair")),
        Rule("A pair of any wind", "Also worth points", 2, P, **each("wind_pair")),
        Rule("A pair of any 1s & 9s", "Also worth points", 2, P, **each("end_pair")),
        Rule("Mahjong", "Also worth points", 20, P, **once(lambda facts: True)),
        # Hand doubles: only the best that fits counts. (honours: the honour sets, the pair counted)
        Rule("A Pure Hand", value=3, note="one suit, no honours",
             **once(lambda facts: facts.one_suit and not facts.honours, "one_suit", "honours"), **kind),
        Rule("A Royal Honour Hand", value=3, note="winds and dragons only",
             **once(lambda facts: facts.honours_only, "honours_only"), **kind),
        Rule("A Heads & Tails Hand", value=3, note="1s and 9s only",
             **once(lambda facts: facts.all_terminal and not facts.honours, "all_terminal", "honours"), **kind),
        Rule("An All Major Hand", value=1, note="honours plus 1s and 9s, all from one suit",
             **once(lambda facts: facts.honours and facts.one_suit and facts.all_terminal,
                    "honours", "one_suit", "all_terminal"), **kind),
        Rule("A Clean Hand", value=rules.clean_hand_doubles, note="one suit plus honours",
             **once(lambda facts: facts.honours and facts.one_suit, "honours", "one_suit"), **kind),
        # One double each.
        Rule("Pungs of 1s and 9s in one suit", "One double each", 1, D, note="a pung of the 1 and one of the 9, same suit",
             **each("ends")),
        Rule("A pung/kong of dragons", "One double each", 1, D, **each("dragons")),
        Rule("3 pungs/kongs of all 3 dragons", "One double each", 1, D,
             **once(lambda facts: facts.dragon_sets == 3, "dragon_sets")),
        Rule("3 pungs/kongs of winds", "One double each", 1, D,
             **once(lambda facts: facts.wind_sets == 3, "wind_sets")),
        Rule("A pung/kong of your own wind", "One double each", 1, D, note="the wind of your seat",
             **each("own_wind")),
        Rule("A pung/kong of the wind of the round", "One double each", 1, D, note="East in the East round, and so on",
             **each("round_wind")),
        Rule("Each of your own flower/season", "One double each", 1, D,
             note="its number is your seat's: 1 East, 2 South, 3 West, 4 North", **each("own_flowers")),
        Rule("Each flower/season of the round", "One double each", 1, D, note="its number is the round's",
             **each("round_flowers")),
        Rule("3 concealed pungs", "One double each", 1, D,
             **once(lambda facts: facts.concealed_pungs == 3, "concealed_pungs")),
        # Two doubles each.
        Rule("4 concealed pungs", "Two doubles each", 2, D,
             **once(lambda facts: facts.concealed_pungs == 4, "concealed_pungs")),
        Rule("3 exposed kongs", "Two doubles each", 2, D,
             **once(lambda facts: facts.exposed_kongs == 3, "exposed_kongs")),
        Rule("4 pungs of winds", "Two doubles each", 2, D, **once(lambda facts: facts.wind_sets == 4, "wind_sets")),
        # Three doubles each.
        Rule("3 concealed kongs", "Three doubles each", 3, D,
             **once(lambda facts: facts.concealed_kongs == 3, "concealed_kongs")),
        Rule("Concealed mahjong last tile from the wall", "Three doubles each", 3, D,
             note="all four sets concealed, the last tile self-drawn", **once(lambda facts: facts.all_concealed and facts.self_drawn, "all_concealed", "self_drawn")),
        Rule("4 exposed kongs", "Three doubles each", 3, D,
             **once(lambda facts: facts.exposed_kongs == 4, "exposed_kongs")),
        Rule("A bouquet of flowers", "Three doubles each", 3, D, note="all four flowers, or all four seasons",
             **each("bouquets")),
        # The big ones.
        Rule("4 concealed kongs", "The big ones", 4, D,
             **once(lambda facts: facts.concealed_kongs == 4, "concealed_kongs")),
        Rule("Earth's Blessing", "The big ones", 8, D, note="mahjong on the first tile discarded by East",
             **once(lambda facts: facts.blessing == "earth", "blessing")),
        Rule("Heaven's Blessing", "The big ones", 9, D, note="East is dealt a mahjong",
             **once(lambda facts: facts.blessing == "heaven", "blessing")),
    ]
    return tuple(rows)


__all__ = ["CLEAN_HAND_ONE", "NONE", "ONCE", "Rule", "RuleSet", "WILLINGDON", "each", "once", "rule_table"]
