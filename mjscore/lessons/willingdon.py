"""The questions of lessons 2, 3 and 4 (Willingdon hand points, doubles compound, the FAQ),
every answer worked out by the engine's own rule table.

Lesson 2: the hand points of the lesson's 54-point hand (new hands after), one set's points, a
pair and flowers, and a dealt hand. Lesson 3: the paper total and score of 54 points and 5
doubles (new figures after), a hand under the minimum, a hand of many doubles, and a double
missed. Lesson 4: the doubles of the FAQ's hand of three concealed pungs and a kong (new ones
after), 1s and 9s in one suit or not, tiers that replace each other, and flowers.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..hands import format_hand, parse
from ..missed import Rule
from ..tiles import DRAGONS as _DRAGON_NAMES, SEAT_NAMES, SEATS, SUITS as _SUIT_NAMES, WINDS as _WIND_NAMES, tile_name
from ..willingdon import score
from ..willingdon.deal import random_hand
from ..willingdon.scoring import paper_and_score
from .model import Field, Question, misreading

__all__ = ["HAND_POINTS", "DOUBLES", "FAQ"]

DRAGONS, WINDS, SUITS = tuple(_DRAGON_NAMES), tuple(_WIND_NAMES), tuple(_SUIT_NAMES)


def _pick(rng: random.Random, items: Sequence):
    return items[min(int(rng.random() * len(items)), len(items) - 1)]


def _minor(rng: random.Random, taken: set, suits: Sequence[str] = SUITS) -> str:
    while True:
        tile = f"{_pick(rng, range(2, 9))}{_pick(rng, suits)}"
        if tile not in taken:
            taken.add(tile)
            return tile


def _how(hand) -> str:
    won = ("Earth's Blessing" if hand.blessing == "earth" else "Heaven's Blessing" if hand.blessing == "heaven"
           else "self-drawn" if hand.self_drawn else "won on a discard")
    return f"seat {SEAT_NAMES[hand.seat]}, round {SEAT_NAMES[hand.round]}, {won}"


def _lines(items) -> tuple[str, ...]:
    return tuple(f"{i.describe()}: {i.total:,}" for i in items)


def _hand_question(lesson: int, number: int, text: str, asks: str, title: str, hint: str, rule: Rule) -> Question:
    hand = parse(text)
    s = score(hand)
    if asks == "points":
        reasons = _lines(s.points) + (f"Hand points: {s.hand_points:,}",)
        field, answer = Field("Hand points"), s.hand_points
    else:
        reasons = _lines(s.doubles_detail) + (f"Doubles: {s.doubles}",)
        field, answer = Field("Doubles"), s.doubles
    what = "hand points" if asks == "points" else "doubles"
    return Question(lesson=lesson, number=number, title=title,
                    prompt=f"How many {what} does this hand score? ({_how(hand)})", fields=(field,),
                    answer=(answer,), reasons=reasons, hint=hint, rule=rule, hand=format_hand(hand), asks=asks)


# --------------------------------------------------------------------------- lesson 2


_POINTS_RULE = Rule("Hand points add up every set, the flowers, the pair and 20 for mahjong",
                    "Go through the hand set by set: pung or kong, minor or major, exposed or concealed.")
_POINTS_HINT = "20 for mahjong, then each set by the table, 4 a flower or season, and 2 for a scoring pair."


def _the_54_point_hand(number: int, rng: random.Random | None) -> Question:
    text = "6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W" if rng is None else format_hand(random_hand(rng))
    return _hand_question(2, number, text, "points", "The hand points of a hand", _POINTS_HINT, _POINTS_RULE)


def _set_points(kind: str, tile: str, exposed: bool) -> int:
    """One set's points, from the engine's rule table (the set scored in a hand around it)."""
    taken = {tile}
    filler = [t for t in ("2B", "3C", "4D", "6B", "7C") if t not in taken][:4]
    text = f"{'+' if exposed else ''}{tile}x{3 if kind == 'pung' else 4} " + " ".join(
        f"+{t}x3" for t in filler[:3]) + f" {filler[3]}x2"
    return next(i.each for i in score(parse(text)).points if tile in i.where)


def _one_set(number: int, rng: random.Random) -> Question:
    kind = _pick(rng, ("pung", "pung", "kong"))
    major = rng.random() < 0.5
    tile = _pick(rng, ("1B", "9C", "1D", "9B", "EW", "NW", "RD", "WD", "GD", "SW") if major else
                 tuple(f"{r}{s}" for r in range(2, 9) for s in SUITS))
    exposed = rng.random() < 0.5
    answer = _set_points(kind, tile, exposed)
    other_major = "2B" if major else "1B"
    worlds = (
        misreading("A concealed set scores twice an exposed one", "Concealed doubles the set's points.",
                   (_set_points(kind, tile, not exposed),)),
        misreading("Honours, 1s and 9s are major: twice a minor set", f"{tile_name(tile)} is "
                   f"{'major' if major else 'minor'}.", (_set_points(kind, other_major, exposed),)),
        misreading("A kong scores four times a pung", "A kong is worth four times the same pung.",
                   (_set_points("kong" if kind == "pung" else "pung", tile, exposed),)))
    return Question(
        lesson=2, number=number, title="The points of one set",
        prompt=f"How many points is {'an exposed' if exposed else 'a concealed'} {kind} of {tile_name(tile)} worth?",
        fields=(Field("Points"),), answer=(answer,),
        reasons=(f"{'Kong' if kind == 'kong' else 'Pung'} of {'major' if major else 'minor'} tiles, "
                 f"{'exposed' if exposed else 'concealed'}: {answer} points.",),
        hint="Minor pung exposed 2; major doubles it, concealed doubles it, a kong is four times the pung.",
        rule=Rule("The set points table", "Pung or kong, minor or major, exposed or concealed."), misreadings=worlds)


def _pair_and_flowers(number: int, rng: random.Random) -> Question:
    pair = _pick(rng, ("RD", "EW", "SW", "1C", "9D", "5B", "3C", "7D", "GD", "4B"))
    flowers = sorted({_pick(rng, ("F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4")) for _ in range(_pick(rng, (1, 2, 3)))})
    taken = {pair}
    text = " ".join(f"+{_minor(rng, taken)}x3" for _ in range(4)) + f" {pair}x2 " + " ".join(flowers)
    s = score(parse(text))
    items = [i for i in s.points if set(i.where) & ({pair} | set(flowers))]
    answer = sum(i.total for i in items)
    pair_points = sum(i.total for i in items if pair in i.where)
    names = ", ".join(tile_name(f) for f in flowers)
    return Question(
        lesson=2, number=number, title="A pair and the flowers",
        prompt=(f"A hand has a pair of {tile_name(pair)} and {len(flowers)} flower{'s' * (len(flowers) > 1)} or "
                f"season{'s' * (len(flowers) > 1)} ({names}). How many hand points do the pair and the flowers add?"),
        fields=(Field("Points"),), answer=(answer,),
        reasons=_lines(items) or (f"A pair of {tile_name(pair)} scores nothing.",),
        hint="Each flower or season is 4; a pair scores 2 if it is of dragons, of any wind, or of 1s or 9s.",
        rule=Rule("Each flower or season is 4 points", "4 points each, whatever the seat."),
        misreadings=(misreading("A pair of dragons, of any wind, or of 1s or 9s scores 2; no other pair scores",
                                f"A pair of {tile_name(pair)} scores {pair_points}.", (answer - 2 if pair_points else answer + 2,)),
                     misreading("Each flower or season is 4 points", "4 points each.",
                                (answer - 4 * len(flowers) + len(flowers),)),
                     misreading("Each flower or season is 4 points", "4 points each.", (pair_points,))))


def _dealt_hand(number: int, rng: random.Random) -> Question:
    return _hand_question(2, number, format_hand(random_hand(rng)), "points", "The hand points of a hand",
                          _POINTS_HINT, _POINTS_RULE)




# --------------------------------------------------------------------------- lesson 3


def _two_figures(number: int, points: int, doubles: int, title: str, prompt: str, rule: Rule,
                 worlds: tuple = ()) -> Question:
    paper, pays = paper_and_score(points, doubles)
    reasons = (f"Paper total: {points:,} × 2^{doubles} = {points:,} × {2 ** doubles:,} = {paper:,}",
               f"Score: {pays:,}" + ("" if pays else f" (under 3 doubles a hand pays nothing)"))
    return Question(lesson=3, number=number, title=title, prompt=prompt,
                    fields=(Field("Paper total"), Field("Score")), answer=(paper, pays), reasons=reasons,
                    hint="Double the points once for each double; under three doubles the hand pays nothing.",
                    rule=rule, misreadings=(
                        misreading("Doubles multiply: the points double once for each double",
                                   f"{points:,} × 2^{doubles}, not {points:,} × {doubles}.",
                                   (points * doubles, points * doubles if pays else 0)),
                        misreading("Doubles multiply: the points double once for each double",
                                   f"{points:,} × 2^{doubles}, not {points:,} + {doubles}.",
                                   (points + doubles, points + doubles if pays else 0))) + worlds)


_COMPOUND = Rule("Doubles multiply: the points double once for each double", "Score = hand points × 2^doubles.")


def _fifty_four_times(number: int, rng: random.Random | None) -> Question:
    points, doubles = (54, 5) if rng is None else (2 * _pick(rng, range(14, 61)), _pick(rng, range(3, 9)))
    return _two_figures(number, points, doubles, "Points times two to the doubles",
                        f"A hand has {points} hand points and {doubles} doubles. What is its paper total, and what "
                        f"does it score?", _COMPOUND)


def _under_the_minimum(number: int, rng: random.Random) -> Question:
    points, doubles = 2 * _pick(rng, range(14, 71)), _pick(rng, (0, 1, 2, 2))
    paper, _ = paper_and_score(points, doubles)
    return _two_figures(number, points, doubles, "A hand under the three-double minimum",
                        f"A hand has {points} hand points and {doubles} double{'s' * (doubles != 1)}. What is its "
                        f"paper total, and what does it score?",
                        Rule("Under three doubles a hand pays nothing", "The paper total is still shown."),
                        (misreading("Under three doubles a hand pays nothing", f"{doubles} is under the minimum.",
                                    (paper, paper)),
                         misreading("The paper total is shown even under the minimum",
                                    "It is what the hand would pay with enough doubles.", (0, 0))))


def _many_doubles(number: int, rng: random.Random) -> Question:
    points, doubles = 2 * _pick(rng, range(14, 41)), _pick(rng, range(7, 13))
    return _two_figures(number, points, doubles, "A hand of many doubles",
                        f"A hand has {points} hand points and {doubles} doubles. What is its paper total, and what "
                        f"does it score?", _COMPOUND)


def _a_double_missed(number: int, rng: random.Random) -> Question:
    points, doubles = 2 * _pick(rng, range(14, 51)), _pick(rng, (3, 4, 4, 5, 6))
    wrote, real = paper_and_score(points, doubles - 1)[1], paper_and_score(points, doubles)[1]
    half = real // 2
    return Question(
        lesson=3, number=number, title="A double missed",
        prompt=(f"A hand has {points} hand points and {doubles} doubles, but you counted only {doubles - 1}. What "
                f"score did you write, and what does it really score?"),
        fields=(Field("You wrote"), Field("It scores")), answer=(wrote, real),
        reasons=(f"With {doubles - 1} doubles: " + (f"{points:,} × 2^{doubles - 1} = {wrote:,}" if wrote else
                                                    "under 3 doubles, the hand pays nothing"),
                 f"With {doubles}: {points:,} × 2^{doubles} = {real:,}"),
        hint="Each double you miss halves the score, and under three the hand pays nothing.",
        rule=Rule("Each missed double halves the score", "One double fewer is half the score."),
        misreadings=(misreading("Under three doubles a hand pays nothing", f"With {doubles - 1} the hand pays 0.",
                                (half, real)),
                     misreading("Each missed double halves the score", "Not the points less: half the score.",
                                (real - points, real))))




# --------------------------------------------------------------------------- lesson 4


_DOUBLES_RULE = Rule("Count every doubles line that fires", "Go through the doubles lines one by one.")


def _kongs_and_pungs(number: int, rng: random.Random | None) -> Question:
    if rng is None:
        text = "2Bx3 5Bx3 7Bx3 3Dx4 RDx2"
    else:
        taken: set = set()
        text = " ".join(f"{_minor(rng, taken)}x3" for _ in range(3)) + f" {_minor(rng, taken)}x4 " + (
            f"{_pick(rng, DRAGONS + WINDS)}x2")
    return _hand_question(4, number, text, "doubles", "Kongs and concealed pungs",
                          "Do kongs count towards “3 concealed pungs”?", _DOUBLES_RULE)


def _ends_in_one_suit(number: int, rng: random.Random) -> Question:
    one = _pick(rng, SUITS)
    nine = one if rng.random() < 0.5 else _pick(rng, [s for s in SUITS if s != one])
    taken = {f"1{one}", f"9{nine}"}
    rest = [s for s in SUITS if s not in (one, nine)] or [s for s in SUITS if s != one]
    text = (f"{'+' * (rng.random() < 0.4)}1{one}x3 9{nine}x3 {_minor(rng, taken, rest)}x3 "
            f"{'+' * (rng.random() < 0.5)}{_pick(rng, DRAGONS)}x3 {_minor(rng, taken)}x2")
    return _hand_question(4, number, text, "doubles", "1s and 9s in one suit",
                          "Do the 1s and the 9s come from the same suit?", _DOUBLES_RULE)


def _tiers(number: int, rng: random.Random) -> Question:
    seat, round_ = _pick(rng, SEATS), _pick(rng, SEATS)
    if rng.random() < 0.5:
        taken: set = set()
        text = " ".join(f"{_minor(rng, taken)}x3" for _ in range(4)) + f" {_pick(rng, DRAGONS)}x2"
    else:
        exposed = _pick(rng, WINDS)
        text = " ".join(f"{'+' * (w == exposed)}{w}x3" for w in WINDS) + f" {_pick(rng, DRAGONS)}x2"
    return _hand_question(4, number, f"{text} seat={seat} round={round_}", "doubles", "Tiers that replace each other",
                          "Does four of something also score the three-of-something double?", _DOUBLES_RULE)


def _flowers(number: int, rng: random.Random) -> Question:
    seat, round_ = _pick(rng, SEATS), _pick(rng, SEATS)
    taken: set = set()
    if rng.random() < 0.3:
        flowers = _pick(rng, (("F1", "F2", "F3", "F4"), ("S1", "S2", "S3", "S4")))
    else:
        flowers = sorted({_pick(rng, ("F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4")) for _ in range(_pick(rng, (1, 2, 3)))})
    text = (" ".join(f"+{_minor(rng, taken)}x3" for _ in range(4)) + f" {_minor(rng, taken)}x2 "
            + " ".join(flowers) + f" seat={seat} round={round_}")
    return _hand_question(4, number, text, "doubles", "Flowers, seasons and the bouquet",
                          "Whose flowers are yours, and the round's? Is there a bouquet?", _DOUBLES_RULE)


#: The questions of the lesson "Willingdon hand points", one maker a question.
HAND_POINTS = (_the_54_point_hand, _one_set, _pair_and_flowers, _dealt_hand)
#: The questions of the lesson "Doubles compound", one maker a question.
DOUBLES = (_fifty_four_times, _under_the_minimum, _many_doubles, _a_double_missed)
#: The questions of the lesson "The Willingdon FAQ", one maker a question.
FAQ = (_kongs_and_pungs, _ends_in_one_suit, _tiers, _flowers)
