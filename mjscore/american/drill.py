"""The American payments drill: realistic situations dealt from a seed, each player's amount,
and the one rule a wrong answer most likely missed.

A situation is one hand at a table of four (Ann, Bea, Cat and Dee, listed in that order), now
and then with a fifth player, Eve, who sits out and bets on one of them. Its card value is in
the card's usual range (25 to 50 for most sections, more for Singles and Pairs), it is won on a
discard, self-drawn (now and then by a joker exchange or a Heavenly Hand) or a wall game,
jokerless declared or not, from one section of the card, and now and then a hand is dead.

The answer is each player's amount in the order listed: the winner's plus, the payers' minus
(:func:`home_answer`, from :func:`~mjscore.american.home.settle`). Situation ``n`` of a seed is
drawn from its own stream, so the drill can deal situation 500 without the 499 before it.

>>> s = situation(3)
>>> print(s.describe())
Dee wins on a discard thrown by Ann: a 25 hand from winds and dragons, with no jokers, and she declares it jokerless.
>>> home_answer(s)
(-100, -50, -50, 200)
>>> print(home_miss(s, (-50, -25, -25, 100)).title)
The jokerless double doubles every payment again
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from ..missed import Misreading, Rule, worst_miss
from ..numbers import signed
from .home import CATEGORIES, HOME, HOWS, PAYS_AS, HandResult, HomeRules, home_payments, settle

__all__ = ["BETTOR", "PLAYERS", "RAMP", "DrillError", "Misreading", "Rule", "Situation", "deal", "home_answer",
           "home_miss", "home_reasons", "misreadings", "section", "situation"]

#: The four at the table, in the order the drill lists them (East, South, West, North).
PLAYERS = ("Ann", "Bea", "Cat", "Dee")
#: The fifth player, who sits out and bets on one of the four.
BETTOR = "Eve"
#: The largest situation number (a drill never gets there).
MAX_NUMBER = 10**9


class DrillError(ValueError):
    """A situation that is not one the drill deals (read from a file), said plainly."""


# --------------------------------------------------------------------------- a situation


def section(category: str) -> str:
    """The card's section as said in a sentence: ``any other section of the card``, ``Quints``."""
    label = CATEGORIES[category]
    return label if category in ("singles-and-pairs", "quints") else label[0].lower() + label[1:]


@dataclass(frozen=True)
class Situation:
    """One hand to settle. ``jokerless``: declared jokerless; ``no_jokers``: the hand has no
    joker (so a ``no_jokers`` hand that is not ``jokerless`` forgot to declare it).
    ``exposures``: the groups the winner showed (a tournament's thrower penalty needs them)."""

    number: int
    how: str
    value: int | None = None
    winner: str | None = None
    thrower: str | None = None
    jokerless: bool = False
    no_jokers: bool = False
    category: str = "other"
    dead: tuple = ()
    bettor: str | None = None
    pick: str | None = None
    exposures: int = 0

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone with an amount, in the order the drill lists them (the bettor last)."""
        return PLAYERS + ((self.bettor,) if self.bettor else ())

    @property
    def pays_as(self) -> str:
        """How the hand is paid: ``discard``, ``self-drawn`` or ``wall``.

        A joker exchange and a Heavenly Hand pay as self-drawn."""
        return PAYS_AS[self.how]

    def role(self, player: str) -> str:
        """What ``player`` is in this hand, in a few words (``"won"``, ``"threw the winning tile"``...)."""
        bits = []
        if player == self.winner:
            bits.append("won")
        elif player == self.thrower:
            bits.append("threw the winning tile")
        if player in self.dead:
            bits.append("dead hand")
        if player == self.bettor:
            bits.append(f"sits out, bets on {self.pick}")
        return ", ".join(bits)

    def describe(self) -> str:
        """The situation in one or two sentences, as a learner reads it."""
        if self.pays_as == "wall":
            text = "The wall runs out: nobody goes mah jongg."
        else:
            how = {"discard": f"on a discard thrown by {self.thrower}",
                   "self-drawn": "on a tile she drew herself",
                   "joker-exchange": "by exchanging a joker from an exposure (mah jongg by a joker exchange)",
                   "heavenly-hand": "with a Heavenly Hand (East is dealt a mah jongg)"}[self.how]
            jokers = ("no jokers, and she declares it jokerless" if self.jokerless else
                      "no jokers, but she does not declare it jokerless" if self.no_jokers else "a joker in it")
            text = f"{self.winner} wins {how}: a {self.value} hand from {section(self.category)}, with {jokers}."
        if self.dead:
            text += f" {' and '.join(self.dead)}'s hand is dead."
        if self.bettor:
            text += f" {self.bettor} sits out and bets on {self.pick}."
        return text

    def result(self) -> HandResult:
        """How the hand ended, as :func:`~mjscore.american.home.settle` takes it."""
        return HandResult(self.how, self.winner, self.thrower, self.value or 1, self.jokerless, self.category,
                          self.dead, self.bettor, self.pick)

    def to_json(self) -> dict:
        """The facts, as ``mjscore deal --game american`` prints them (without the answer)."""
        return {"number": self.number, "players": list(self.players), "value": self.value, "how": self.how,
                "winner": self.winner, "thrower": self.thrower, "jokerless": self.jokerless,
                "no_jokers": self.no_jokers, "category": self.category, "dead": list(self.dead),
                "bettor": self.bettor, "pick": self.pick, "exposures": self.exposures}

    @classmethod
    def from_json(cls, d: Any) -> "Situation":
        """A situation from its JSON, checked (raises :class:`DrillError` naming the problem)."""
        if not isinstance(d, dict):
            raise DrillError("a situation is a JSON object")
        try:
            s = cls(number=d["number"], how=d["how"], value=d["value"], winner=d["winner"], thrower=d["thrower"],
                    jokerless=d["jokerless"], no_jokers=d["no_jokers"], category=d["category"],
                    dead=tuple(d["dead"]) if isinstance(d["dead"], list) else d["dead"], bettor=d["bettor"],
                    pick=d["pick"] if "pick" in d else d["backs"], exposures=d["exposures"])  # "backs": logs of 2026
        except KeyError as e:
            raise DrillError(f"a situation has no {e.args[0]!r}") from None
        s.check()
        return s

    def check(self) -> None:
        """Raise :class:`DrillError` unless this is a situation the drill could deal."""
        def whole(v, low, high):
            return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
        if not whole(self.number, 1, MAX_NUMBER) or self.how not in HOWS or self.category not in CATEGORIES:
            raise DrillError("a situation's number, way of winning or section is not one the drill deals")
        if not isinstance(self.jokerless, bool) or not isinstance(self.no_jokers, bool) or (
                self.jokerless and not self.no_jokers):
            raise DrillError("jokerless and no_jokers are true or false, and a declared hand has no jokers")
        if self.no_jokers and self.how == "joker-exchange":
            raise DrillError("a hand won by a joker exchange has taken a joker into it: it has a joker")
        if not whole(self.exposures, 0, 4) or not isinstance(self.dead, tuple):
            raise DrillError("a situation's exposures or dead hands are not what the drill deals")
        if self.bettor not in (None, BETTOR) or (self.bettor is None) != (self.pick is None):
            raise DrillError("the bettor is Eve, backing one of the four, or nobody")
        try:
            settle(self.players, self.result())
        except ValueError as e:
            raise DrillError(f"the situation cannot be settled: {e}") from None
        if (self.pays_as == "wall") != (self.value is None) or not (self.value is None or whole(self.value, 1, 100_000)):
            raise DrillError("a won hand has a card value from 1 to 100,000, a wall game none")


# --------------------------------------------------------------------------- dealing


def _random_below(rng: random.Random, n: int) -> int:
    """A whole number 0 <= k < n, from ``rng.random()`` only."""
    return min(int(rng.random() * n), n - 1)


def _pick(rng: random.Random, items: Sequence):
    return items[_random_below(rng, len(items))]


def _weighted(rng: random.Random, table: Sequence[tuple[object, float]]):
    x = rng.random() * sum(w for _, w in table)
    for item, w in table:
        x -= w
        if x < 0:
            return item
    return table[-1][0]


#: How often each section comes up, and the card values its hands carry.
_SECTIONS = (("other", 14, (25, 25, 25, 30, 30, 35)), ("2468", 10, (25, 25, 30, 35)),
             ("like-numbers", 7, (25, 30, 30)), ("addition", 6, (25, 30, 35)),
             ("quints", 8, (40, 45, 50)), ("consecutive-run", 10, (25, 25, 30, 35, 40)),
             ("13579", 9, (25, 25, 30, 35)), ("winds-dragons", 10, (25, 30, 30, 35, 40, 45)),
             ("369", 7, (25, 30, 35)), ("year", 5, (25, 30, 30, 35)),
             ("singles-and-pairs", 8, (50, 50, 55, 75)))
_HOWS = (("discard", 55), ("self-drawn", 25), ("wall", 11), ("joker-exchange", 7), ("heavenly-hand", 2))
_EXPOSURES = ((0, 22), (1, 30), (2, 26), (3, 16), (4, 6))


#: The first situations of every drill, the same for every learner: the lessons' worked
#: examples first (a 25 hand on a discard, then self-drawn, then jokerless), then an exempt
#: section, a wall game and a dead hand.
RAMP = (
    Situation(1, "discard", 25, winner="Ann", thrower="Cat", exposures=1),
    Situation(2, "self-drawn", 30, winner="Bea", exposures=2),
    Situation(3, "discard", 25, winner="Dee", thrower="Ann", jokerless=True, no_jokers=True,
              category="winds-dragons", exposures=3),
    Situation(4, "self-drawn", 50, winner="Cat", jokerless=True, no_jokers=True, category="singles-and-pairs"),
    Situation(5, "wall", dead=("Bea",)),
    Situation(6, "discard", 35, winner="Cat", thrower="Bea", category="2468", dead=("Dee",), exposures=2),
)


def situation(number: int, seed: int = 0, *, game: str = "american") -> Situation:
    """Situation ``number`` (1 first) of the drill ``game``, dealt from ``seed``.

    ``game`` is ``american`` or ``tournament`` (no bettor, who has no place at a tournament).
    The first situations are the :data:`RAMP`'s."""
    if game not in ("american", "tournament"):
        raise DrillError(f"there is no drill {game!r} (american or tournament)")
    if 1 <= number <= len(RAMP):
        return RAMP[number - 1]
    rng = random.Random(f"mjscore-{game}-drill-{seed}-{number}")
    how = _weighted(rng, _HOWS)
    dead = (_pick(rng, PLAYERS),) if rng.random() < 0.15 else ()
    bettor = BETTOR if game == "american" and rng.random() < 0.15 else None
    pick = _pick(rng, PLAYERS) if bettor else None
    if how == "wall":
        return Situation(number=number, how=how, dead=dead, bettor=bettor, pick=pick)
    category, values = _weighted(rng, [((c, v), w) for c, w, v in _SECTIONS])
    if category == "singles-and-pairs" and how == "joker-exchange":
        how = "self-drawn"  # no joker in a Singles and Pairs hand, and nothing exposed to take one from
    value = _pick(rng, values)
    if rng.random() < 0.12:
        value += 5 * _random_below(rng, 6)  # now and then a hand the card prices higher
    winner = PLAYERS[0] if how == "heavenly-hand" else _pick(rng, PLAYERS)
    others = [p for p in PLAYERS if p != winner]
    thrower = _pick(rng, others) if how == "discard" else None
    dead = tuple(d for d in dead if d != winner)
    no_jokers = category == "singles-and-pairs" or rng.random() < 0.35
    jokerless = no_jokers and rng.random() < 0.85
    if how == "joker-exchange":  # she took a joker into her hand to win
        no_jokers = jokerless = False
    concealed = category == "singles-and-pairs" or how == "heavenly-hand"
    exposures = 0 if concealed else _weighted(rng, _EXPOSURES)
    if how == "joker-exchange":
        exposures = max(exposures, 1)  # the joker came from an exposure on the table
    return Situation(number=number, how=how, value=value, winner=winner, thrower=thrower, jokerless=jokerless,
                     no_jokers=no_jokers, category=category, dead=dead, bettor=bettor, pick=pick,
                     exposures=exposures)


def deal(count: int, seed: int = 0, *, game: str = "american") -> list[Situation]:
    """The first ``count`` situations of the drill from ``seed`` (what a new log deals first).

    >>> [s.how for s in deal(8)]
    ['discard', 'self-drawn', 'discard', 'self-drawn', 'wall', 'discard', 'self-drawn', 'discard']
    """
    return [situation(n, seed, game=game) for n in range(1, count + 1)]


# --------------------------------------------------------------------------- the answer


def home_answer(s: Situation, rules: HomeRules = HOME) -> tuple[int, ...]:
    """Each player's amount at home, in the order of ``s.players``.

    Plus what the winner (and a bettor on her) collects, minus what each payer pays. They sum
    to zero."""
    amounts = settle(s.players, s.result(), rules)
    return tuple(amounts[p] for p in s.players)


def home_reasons(s: Situation, rules: HomeRules = HOME) -> tuple[str, ...]:
    """How the answer comes about, one rule a line."""
    if s.pays_as == "wall":
        return ("The wall ran out: nobody pays, whatever else is on the table.",)
    p = home_payments(s.value, s.how, jokerless=s.jokerless, category=s.category, rules=rules)
    lines = list(p.reasons)
    if s.no_jokers and not s.jokerless:
        lines.insert(1, "The hand has no jokers, but it was not declared jokerless: no jokerless double.")
    for d in s.dead:
        lines.append(f"{d}'s hand is dead, and she still pays like everyone else.")
    if s.bettor:
        if s.pick == s.winner:
            lines.append(f"{s.bettor} backed the winner: she collects what {s.winner} collects, from the same payers.")
        elif s.pick == s.thrower:
            lines.append(f"{s.bettor} backed {s.pick}, who threw the winning tile: she pays {s.winner} double, "
                         f"{p.thrower_pays}.")
        else:
            lines.append(f"{s.bettor} backed {s.pick}, who lost: she pays {s.winner} as a loser does, {p.other_pays}.")
    return tuple(lines)


# --------------------------------------------------------------------------- what was missed


def _amounts_if_paid(s: Situation, thrower_pays: int, other_pays: int, *, dead_pay: bool = True,
                     bettor: str = "rule") -> tuple[int, ...]:
    """The amounts if each loser paid as given: what a learner gets from one misread rule.

    ``bettor``: ``rule`` (as the rules say), ``none`` (left out) or ``single`` (never double)."""
    amounts = dict.fromkeys(s.players, 0)

    def pays(p: str) -> int:
        if p in s.dead and not dead_pay:
            return 0
        return thrower_pays if p == s.thrower else other_pays
    for p in PLAYERS:
        if p != s.winner:
            amounts[p] -= pays(p)
            amounts[s.winner] += pays(p)
    if s.bettor and bettor != "none":
        if s.pick == s.winner:
            amounts[s.bettor] = amounts[s.winner]
            for p in PLAYERS:
                if p != s.winner:
                    amounts[p] -= pays(p)
        else:
            owed = thrower_pays if s.pick == s.thrower and bettor == "rule" else other_pays
            amounts[s.bettor] -= owed
            amounts[s.winner] += owed
    return tuple(amounts[p] for p in s.players)


def misreadings(s: Situation) -> list[Misreading]:
    """Each misread rule that applies to ``s``, with the answer it gives, in the order asked."""
    if s.pays_as == "wall":
        return []
    found = []
    p = home_payments(s.value, s.how, jokerless=s.jokerless, category=s.category)
    exempt = CATEGORIES[s.category]
    if p.jokerless_double:
        q = home_payments(s.value, s.how, category=s.category)
        found.append(Misreading(Rule("The jokerless double doubles every payment again",
                            "The winner declared jokerless: every payment doubles again, on top of the "
                            f"{'thrower' if s.pays_as == 'discard' else 'self-drawn'} double."),
                       _amounts_if_paid(s, q.thrower_pays, q.other_pays)))
    elif s.jokerless:
        q = home_payments(s.value, s.how, jokerless=True, category=s.category, rules=HomeRules(jokerless_exempt=frozenset()))
        found.append(Misreading(Rule(f"{exempt} gets no jokerless double",
                            f"{exempt} hands are exempt from the jokerless double: they pay as if they had a joker."),
                       _amounts_if_paid(s, q.thrower_pays, q.other_pays)))
    elif s.no_jokers:
        q = home_payments(s.value, s.how, jokerless=True, category=s.category)
        if q.jokerless_double:
            found.append(Misreading(Rule("The jokerless double is paid only when it is declared",
                                f"{s.winner} had no jokers but did not say jokerless: the hand pays as an ordinary one."),
                           _amounts_if_paid(s, q.thrower_pays, q.other_pays)))
    t, o = p.thrower_pays, p.other_pays
    if s.pays_as == "discard":
        found.append(Misreading(Rule(_THROWER,
                            f"{s.thrower} threw the winning tile: she pays twice what each other player pays, {t}."),
                       _amounts_if_paid(s, o, o)))
        found.append(Misreading(Rule(_OTHERS, f"The two who did not throw pay {o} each: the value once"
                                     + (", doubled for jokerless." if p.jokerless_double else ".")),
                       _amounts_if_paid(s, t, 0)))
    else:
        title = ("On a tile the winner drew, all three pay double" if s.how == "self-drawn" else
                 "Mah jongg by a joker exchange pays as self-drawn" if s.how == "joker-exchange" else
                 "A Heavenly Hand pays as self-drawn")
        found.append(Misreading(Rule(title, f"All three pay twice the value: {o} each."),
                                _amounts_if_paid(s, 0, o // 2)))
    for d in s.dead:
        found.append(Misreading(Rule(_DEAD,
                            f"{d}'s hand is dead, but she pays like everyone else."),
                       _amounts_if_paid(s, t, o, dead_pay=False)))
    if s.bettor:
        if s.pick == s.winner:
            detail = f"{s.bettor} backed {s.winner}: she collects what the winner collects."
        elif s.pick == s.thrower:
            detail = f"{s.bettor} backed {s.pick}, who threw: she pays the winner double, as her player does."
            found.append(Misreading(Rule(_BETTOR_DOUBLE, detail),
                           _amounts_if_paid(s, t, o, bettor="single")))
        else:
            detail = f"{s.bettor} backed {s.pick}, who lost: she pays the winner as a loser does."
        found.append(Misreading(Rule(_BETTOR, detail), _amounts_if_paid(s, t, o, bettor="none")))
    return found


def _fallback(s: Situation, given: Sequence[int], correct: Sequence[int]) -> Rule:
    """The rule for the first player whose amount is wrong, by her part in the hand."""
    if s.pays_as == "wall":
        return Rule("When the wall runs out, nobody pays", "A wall game pays nothing: every amount is 0.")
    payers = [i for i, x in enumerate(correct) if x < 0]
    if all(given[i] == -correct[i] for i in payers):
        return Rule("The winner's amount is plus, each payer's minus",
                    "Write what each payer pays with a minus sign, and the winner's with a plus.")
    rule_titled = {m.rule.title: m.rule for m in misreadings(s)}
    i = next(i for i, (g, c) in enumerate(zip(given, correct)) if g != c)
    player, c = s.players[i], correct[i]
    if player == s.winner:
        return Rule("The winner collects what the others pay", f"{s.winner} collects the sum of every payment: {signed(c)}.")
    if player == s.bettor:
        return rule_titled.get(_BETTOR_DOUBLE) or rule_titled[_BETTOR]
    if player in s.dead and given[i] == 0:
        return rule_titled[_DEAD]
    if s.pays_as == "discard":
        return rule_titled[_THROWER] if player == s.thrower else rule_titled[_OTHERS]
    return next(r for t, r in rule_titled.items() if t.endswith("self-drawn") or t.endswith("pay double"))


_BETTOR_DOUBLE = "A bettor pays double when her player threw the winning tile"
_BETTOR = "A bettor wins or pays with the player she backs"
_DEAD = "A dead hand still pays"
_THROWER = "The thrower pays double"
_OTHERS = "On a discard the other two pay the value once each"


def home_miss(s: Situation, given: Sequence[int]) -> Rule | None:
    """The one rule a wrong answer (each player's amount, in order) most likely missed.

    None when the answer is right. Raises DrillError when the answer has not one amount a
    player."""
    correct = home_answer(s)
    given = tuple(given)
    if len(given) != len(correct):
        raise DrillError(f"give {len(correct)} amounts, one for each of {', '.join(s.players)}")
    if given == correct:
        return None
    if not any(given):
        return Rule("When someone goes mah jongg, the others pay her",
                    f"{s.winner} went mah jongg, so the others pay her: only a wall game pays nothing.")
    return worst_miss(misreadings(s), given, correct) or _fallback(s, given, correct)
