"""The questions of lesson 1 (American Mah Jongg: who pays) and lesson 6 (tournament versus
home), made from the drills' situations and marked by the same engine.

Lesson 1: a hand won on a discard (the lesson's worked example first: 25, with a joker), a
self-drawn hand, a jokerless hand from a section of the card, and a dead hand or a wall game.
Lesson 6: the lesson's hand at the tournament (Ann wins 25 on Cat's discard, one exposure),
a self-drawn win's flat bonuses, the thrower's penalty under two tables, and the thrower's
cost at home against the tournament (or a wall game with a dead hand).
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ..american.drill import PLAYERS, Situation, home_answer, home_reasons, misreadings, section
from ..american.tournament.drill import misreadings as tournament_misreadings
from ..american.tournament.drill import tournament_answer, tournament_reasons
from ..american.tournament.tables import COMMON, EXPOSURE_BANDS, VARIANT
from ..numbers import signed
from ..missed import Misreading, Rule
from .model import Field, Question, misreading

__all__ = ["WHO_PAYS", "TOURNAMENT"]

ANN, BEA, CAT, DEE = PLAYERS


def _pick(rng: random.Random, items: Sequence):
    return items[min(int(rng.random() * len(items)), len(items) - 1)]


def _value(rng: random.Random) -> int:
    return _pick(rng, (25, 25, 30, 30, 35, 40, 45, 50))


def _seats(rng: random.Random) -> tuple[str, str]:
    winner = _pick(rng, PLAYERS)
    return winner, _pick(rng, [p for p in PLAYERS if p != winner])


def _projected(s: Situation, answer: Callable[[Sequence[int]], tuple], worlds: Sequence[Misreading]) -> tuple:
    """The situation's misreadings, each seen through ``answer`` (the fields a question asks)."""
    return tuple(Misreading(m.rule, answer(m.answer)) for m in worlds)


def _jokers(s: Situation) -> str:
    return ("no jokers, declared jokerless" if s.jokerless else
            "no jokers, but not declared jokerless" if s.no_jokers else "a joker in it")


# --------------------------------------------------------------------------- lesson 1


def _discard(number: int, rng: random.Random | None) -> Question:
    if rng is None:  # the lesson's worked example
        s = Situation(number, "discard", 25, winner=ANN, thrower=CAT)
    else:
        winner, thrower = _seats(rng)
        s = Situation(number, "discard", _value(rng), winner=winner, thrower=thrower,
                      category=_pick(rng, ("other", "2468", "369", "13579", "consecutive-run")))
    other = next(p for p in PLAYERS if p not in (s.winner, s.thrower))
    i = {p: s.players.index(p) for p in PLAYERS}
    others = " and ".join(p for p in PLAYERS if p not in (s.winner, s.thrower))

    def fields(a: Sequence[int]) -> tuple:
        return (-a[i[s.thrower]], -a[i[other]], a[i[s.winner]])
    return Question(
        lesson=1, number=number, title="A hand won on a discard",
        prompt=(f"{s.winner} wins a {s.value} hand on a discard thrown by {s.thrower}; the hand has a joker in it. "
                f"What does {s.thrower} pay, what do {others} each pay, and what does {s.winner} collect?"),
        fields=(Field(f"{s.thrower} pays"), Field("Each of the other two pays"), Field(f"{s.winner} collects")),
        answer=fields(home_answer(s)), reasons=home_reasons(s),
        hint="Who threw the winning tile? She pays twice the value; the other two pay it once.",
        rule=Rule("The thrower pays double", "On a discard the thrower pays twice the value, the other two once."),
        misreadings=_projected(s, fields, misreadings(s)))


def _self_drawn(number: int, rng: random.Random) -> Question:
    winner, _ = _seats(rng)
    no_jokers = rng.random() < 0.5
    s = Situation(number, "self-drawn", _value(rng), winner=winner, no_jokers=no_jokers,
                  jokerless=no_jokers and rng.random() < 0.7)
    i = {p: s.players.index(p) for p in PLAYERS}
    loser = next(p for p in PLAYERS if p != s.winner)

    def fields(a: Sequence[int]) -> tuple:
        return (-a[i[loser]], a[i[s.winner]])
    return Question(
        lesson=1, number=number, title="A self-drawn hand",
        prompt=(f"{s.winner} wins a {s.value} hand on a tile she drew herself, with {_jokers(s)}. "
                f"What does each of the other three pay, and what does {s.winner} collect?"),
        fields=(Field("Each of the three pays"), Field(f"{s.winner} collects")),
        answer=fields(home_answer(s)), reasons=home_reasons(s),
        hint="On a tile the winner drew, all three pay twice the value; a declared jokerless hand doubles again.",
        rule=Rule("On a tile the winner drew, all three pay double", "All three pay twice the value."),
        misreadings=_projected(s, fields, misreadings(s)))


def _jokerless(number: int, rng: random.Random) -> Question:
    winner, thrower = _seats(rng)
    category = _pick(rng, ("winds-dragons", "quints", "singles-and-pairs", "2468", "quints", "singles-and-pairs"))
    value = _pick(rng, (50, 55, 75) if category == "singles-and-pairs" else (40, 45, 50) if category == "quints"
                  else (25, 30, 35))
    s = Situation(number, "discard", value, winner=winner, thrower=thrower, jokerless=True, no_jokers=True,
                  category=category)
    i = {p: s.players.index(p) for p in PLAYERS}
    other = next(p for p in PLAYERS if p not in (s.winner, s.thrower))

    def fields(a: Sequence[int]) -> tuple:
        return (-a[i[s.thrower]], -a[i[other]], a[i[s.winner]])
    return Question(
        lesson=1, number=number, title="A jokerless hand from a section of the card",
        prompt=(f"{s.winner} wins a {s.value} hand from {section(category)} on a discard thrown by {s.thrower}. "
                f"It has no jokers, and she declares it jokerless. What does {s.thrower} pay, what does each of "
                f"the other two pay, and what does {s.winner} collect?"),
        fields=(Field(f"{s.thrower} pays"), Field("Each of the other two pays"), Field(f"{s.winner} collects")),
        answer=fields(home_answer(s)), reasons=home_reasons(s),
        hint="A declared jokerless hand doubles every payment again, except in Singles and Pairs and in Quints.",
        rule=Rule("The jokerless double doubles every payment again",
                  "Jokerless doubles every payment, except for Singles and Pairs and Quints."),
        misreadings=_projected(s, fields, misreadings(s)))


def _dead_or_wall(number: int, rng: random.Random) -> Question:
    dead = _pick(rng, PLAYERS)
    if rng.random() < 0.25:
        s = Situation(number, "wall", dead=(dead,))
        what = f"The wall runs out and nobody goes mah jongg; {dead}'s hand is dead."
    else:
        how = _pick(rng, ("discard", "discard", "self-drawn"))
        winner = _pick(rng, [p for p in PLAYERS if p != dead])
        thrower = _pick(rng, [p for p in PLAYERS if p != winner]) if how == "discard" else None
        s = Situation(number, how, _value(rng), winner=winner, thrower=thrower, dead=(dead,))
        what = (f"{winner} wins a {s.value} hand, with a joker in it, "
                + (f"on a discard thrown by {thrower}" if thrower else "on a tile she drew herself")
                + f". {dead}'s hand is dead.")
    return Question(
        lesson=1, number=number, title="A dead hand, or a wall game",
        prompt=f"{what} What does each player win (+) or pay (−)?",
        fields=tuple(Field(p, signed=True) for p in PLAYERS), answer=home_answer(s), reasons=home_reasons(s),
        hint="A dead hand stops playing for the win, but not paying. A wall game pays nothing.",
        rule=(Rule("When the wall runs out, nobody pays", "A wall game pays nothing, dead hand or not.")
              if s.how == "wall" else Rule("A dead hand still pays", f"{dead} pays like everyone else.")),
        misreadings=tuple(misreadings(s)))




# --------------------------------------------------------------------------- lesson 6


def _points_of_all(number: int, s: Situation, title: str, prompt: str, hint: str, rule: Rule) -> Question:
    return Question(lesson=6, number=number, title=title, prompt=prompt,
                    fields=tuple(Field(f"{p}'s points", signed=True) for p in PLAYERS),
                    answer=tournament_answer(s, COMMON), reasons=tournament_reasons(s, COMMON), hint=hint, rule=rule,
                    misreadings=tuple(tournament_misreadings(s, COMMON)))


def _at_the_tournament(number: int, rng: random.Random | None) -> Question:
    if rng is None:  # the lesson's hand
        s = Situation(number, "discard", 25, winner=ANN, thrower=CAT, exposures=1)
    else:
        winner, thrower = _seats(rng)
        s = Situation(number, "discard", _value(rng), winner=winner, thrower=thrower,
                      exposures=_pick(rng, (0, 1, 1, 2, 2, 3, 4)))
    return _points_of_all(
        number, s, "A discard at a tournament",
        f"At a tournament scored with the common table, {s.winner} wins a {s.value} hand with a joker in it, on a "
        f"discard thrown by {s.thrower}. {s.winner} showed {s.exposures} exposure{'s' * (s.exposures != 1)}. "
        f"What does each player score?",
        "The winner scores the card value; only the thrower loses, by the winner's exposures.",
        Rule("Only the thrower loses points", "At a tournament the other losers score 0."))


def _flat_bonuses(number: int, rng: random.Random) -> Question:
    winner, _ = _seats(rng)
    category = _pick(rng, ("other", "winds-dragons", "quints", "singles-and-pairs"))
    value = _pick(rng, (50, 55, 75)) if category == "singles-and-pairs" else _value(rng)
    exposures = 0 if category == "singles-and-pairs" else _pick(rng, (0, 1, 2))
    s = Situation(number, "self-drawn", value, winner=winner, jokerless=True, no_jokers=True, category=category,
                  exposures=exposures)
    return _points_of_all(
        number, s, "A self-drawn jokerless win at a tournament",
        f"At a tournament scored with the common table, {winner} draws her own winning tile: a {value} hand from "
        f"{section(category)}, jokerless. What does each player score?",
        "Tournament bonuses are flat points added to the card value, not doubles; nobody else pays.",
        Rule("A self-drawn win earns a flat bonus", "The bonuses are added to the card value, not multiplied."))


def _thrower_penalty(number: int, rng: random.Random) -> Question:
    exposures = _pick(rng, (0, 1, 2, 3, 4))
    band = COMMON.thrower_penalty.index(COMMON.thrower_penalty_for(exposures))
    answer = (COMMON.thrower_penalty_for(exposures), VARIANT.thrower_penalty_for(exposures))
    others = [(c, v) for c, v in zip(COMMON.thrower_penalty, VARIANT.thrower_penalty) if (c, v) != answer]
    rule = Rule("The thrower's penalty follows the winner's exposures",
                f"With {exposures} exposure{'s' * (exposures != 1)} (the {EXPOSURE_BANDS[band]} band) the thrower "
                f"loses {answer[0]} under the common table and {answer[1]} under the variant.")
    return Question(
        lesson=6, number=number, title="The thrower's penalty under two tables",
        prompt=(f"A winner who showed {exposures} exposure{'s' * (exposures != 1)} goes mah jongg on a discard. "
                f"How many points does the thrower lose under the common table, and under the published variant?"),
        fields=(Field("Common published table"), Field("Published variant")), answer=answer,
        reasons=tuple(f"{name}: {_bands(table.thrower_penalty)}." for name, table in (("Common table", COMMON),
                                                                                       ("Variant", VARIANT))),
        hint="Look up the winner's exposures in the tables: 0 or 1, 2, or 3 or more.", rule=rule,
        misreadings=tuple(Misreading(rule, o) for o in others))


#: The exposure bands as a sentence says them ("0-1" reads as a subtraction beside a loss).
_BAND_WORDS = ("0 or 1 exposures", "2 exposures", "3 or more exposures")


def _bands(penalties: Sequence[int]) -> str:
    """"0 or 1 exposures: −10, 2 exposures: −20, 3 or more exposures: −25" (a true minus: a loss)."""
    return ", ".join(f"{band}: {signed(-v)}" for band, v in zip(_BAND_WORDS, penalties))


def _home_against_tournament(number: int, rng: random.Random) -> Question:
    if rng.random() < 0.35:
        dead = _pick(rng, PLAYERS)
        s = Situation(number, "wall", dead=(dead,))
        return _points_of_all(
            number, s, "A wall game at a tournament",
            f"At a tournament scored with the common table, the wall runs out and nobody wins. {dead}'s hand is "
            f"dead. What does each player score?",
            "A wall game pays nothing at home, but at a tournament the table gives points.",
            Rule("A wall game gives points at a tournament", "The common table gives 10 to every hand not dead."))
    winner, thrower = _seats(rng)
    jokerless = rng.random() < 0.4
    s = Situation(number, "discard", _value(rng), winner=winner, thrower=thrower, jokerless=jokerless,
                  no_jokers=jokerless, exposures=_pick(rng, (0, 1, 2, 3)))
    t = s.players.index(thrower)
    answer = (-home_answer(s)[t], -tournament_answer(s, COMMON)[t])
    rule = Rule("At home the thrower's cost follows the value; at a tournament, the exposures",
                "At home the thrower pays twice the value (doubled again for jokerless); at a tournament she "
                "loses a fixed penalty set by the winner's exposures.")
    return Question(
        lesson=6, number=number, title="The thrower's cost at home and at a tournament",
        prompt=(f"{thrower} throws the winning tile of a {s.value} hand ({_jokers(s)}); {winner} showed "
                f"{s.exposures} exposure{'s' * (s.exposures != 1)}. What does {thrower} pay at home, and how many "
                f"points does she lose at a tournament scored with the common table?"),
        fields=(Field(f"{thrower} pays at home"), Field(f"{thrower} loses at the tournament")), answer=answer,
        reasons=home_reasons(s) + tournament_reasons(s, COMMON), hint="Work out each system on its own.", rule=rule,
        misreadings=(Misreading(rule, (answer[1], answer[0])),
                     misreading("The jokerless double doubles every payment again",
                                "Declared jokerless, the thrower pays four times the value at home.",
                                (answer[0] // 2 if jokerless else answer[0] * 2, answer[1]))))


#: The questions of the lesson "American Mah Jongg: who pays", one maker a question.
WHO_PAYS = (_discard, _self_drawn, _jokerless, _dead_or_wall)
#: The questions of the lesson "Tournament versus home", one maker a question.
TOURNAMENT = (_at_the_tournament, _flat_bonuses, _thrower_penalty, _home_against_tournament)
