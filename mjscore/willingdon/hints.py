"""What a learner most likely missed, asked of the rule table: which rows fired, which almost
did, and why.

A wrong figure is a difference ``d`` (the hand's figure minus the answer). Each possible
*cause* of that difference gives at most one hint, so two hints never disagree:

- a row that fired and was left out (or a pair of them) when the answer is short;
- a set whose row was misread: its value against the other set rows of the table
  (one hint per set, naming every row the learner's figure would fit);
- a tile on which two rows fired (your own wind that is also the round's);
- a misreading of the hand: the rows run again on the hand's :class:`~mjscore.willingdon.Facts`
  read the way learners often misread them (a kong as a concealed pung, any wind as your
  own, a discard as the last tile from the wall, four of something as three as well...);
  when the rows that would then fire make up exactly the difference, that is the hint;
- a hand kind: the best one counts, another that fits too (``Score.also_fits``), or one
  that does not fit at all (its row's note says what it needs).

When no cause fits, the learner is sent through the breakdown's lines, or, on a hand whose
breakdown gives nothing for the figure (a hand with no doubles), told so, with the doubles
line that almost fired: a hint never points at lines the breakdown does not show.

>>> from mjscore.hands import parse
>>> from mjscore.willingdon import score
>>> h = parse("2Bx3 5Bx3 7Bx3 3Dx4 RDx2")     # the FAQ's hand: three concealed pungs and a kong
>>> print(likely_misses(score(h), h, None, 2)[0])
Doubles: 1 too many. Kongs do not count towards concealed pungs: a concealed kong scores on the concealed-kong lines only, so this hand has “3 concealed pungs” (1 double), not “4 concealed pungs” (2 doubles).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations
from types import SimpleNamespace
from typing import Callable

from ..hands import Hand, Meld
from ..tiles import INFO, SEAT_WIND, tile_name
from .facts import Facts
from .rules import RuleSet, rule_table
from .scoring import LineItem, Score

__all__ = ["NO_CAUSE", "likely_misses", "rule_of_hint"]


def _how_many(value: int, unit: str) -> str:
    """``value`` with its unit, plural when it is not 1: "1 double", "4 points"."""
    return f"{value} {unit}{'' if value == 1 else 's'}"


def _names(where) -> list[str]:
    return [tile_name(w) if w in INFO else w for w in dict.fromkeys(where) if w]


def _label(row) -> str:
    return f"{row.name}, {row.column}" if row.column else row.name


# --------------------------------------------------------------------------- running the rows


def _doubles(facts: Facts, rules: RuleSet) -> dict[str, int]:
    """The doubles each row gives on ``facts`` (the best hand kind only), by row name."""
    out: dict[str, int] = {}
    kinds = []
    for row in rule_table(rules):
        if row.kind != "doubles":
            continue
        where = row.fires(facts)
        if not where:
            continue
        if row.group:
            kinds.append(row)
        else:
            out[row.name] = row.value * len(where)
    if kinds:
        best = max(kinds, key=lambda r: r.value)
        out[best.name] = best.value
    return out


def _hand_with(hand: Hand, **changes) -> SimpleNamespace:
    """A stand-in for ``hand`` with a few facts changed (Facts reads only these)."""
    data = {k: getattr(hand, k) for k in ("sets", "flowers", "seat", "round", "self_drawn", "blessing")}
    data.update(changes)
    data["melds"] = tuple(m for m in data["sets"] if m.kind != "pair")
    data["pair"] = next(m for m in data["sets"] if m.kind == "pair")
    return SimpleNamespace(**data)


def _facts(hand, **attrs) -> Facts:
    return Facts(hand).misread(**attrs)


# Misreadings: (why, facts as misread or None when it does not apply). Each is a way learners
# read a hand wrong; the rows run on the misread facts say what the learner then counted.
def _kongs_as_pungs(h: Hand, f: Facts):
    if f.concealed_kongs and f.concealed_pungs + f.concealed_kongs >= 3:
        return ("Kongs do not count towards concealed pungs: a concealed kong scores on the "
                "concealed-kong lines only", _facts(h, concealed_pungs=f.concealed_pungs + f.concealed_kongs))


def _ends_across_suits(h: Hand, f: Facts):
    ones = {INFO[m.tile].suit for m in h.melds if INFO[m.tile].terminal and INFO[m.tile].rank == 1}
    nines = {INFO[m.tile].suit for m in h.melds if INFO[m.tile].terminal and INFO[m.tile].rank == 9}
    if ones and nines and not ones & nines:
        return ("The 1s and the 9s must be pungs of one suit: here they are from different suits",
                _facts(h, ends=tuple(sorted(ones))[:1]))


def _any_wind_is_yours(h: Hand, f: Facts):
    own = SEAT_WIND[h.seat]
    strays = [w for w in f.winds if w not in (own, SEAT_WIND[h.round])]
    if strays and not f.own_wind:
        return (f"A pung of {tile_name(strays[0])} earns no double by itself: only your own wind "
                f"and the round's do", _facts(h, own_wind=(strays[0],)))


def _any_flower_is_yours(h: Hand, f: Facts):
    strays = [x for x in h.flowers if x not in f.own_flowers and x not in f.round_flowers]
    if strays:
        return (f"{tile_name(strays[0])} earns no double: only your own flower or season, and the "
                f"round's, do", _facts(h, own_flowers=f.own_flowers + (strays[0],)))


def _discard_as_wall(h: Hand, f: Facts):
    if not h.self_drawn and not h.blessing:
        return ("Concealed mahjong needs the last tile from the wall: this hand was won on a discard",
                Facts(_hand_with(h, self_drawn=True)))


def _exposed_as_concealed(h: Hand, f: Facts):
    if h.self_drawn and any(m.exposed for m in h.melds):
        return ("Concealed mahjong needs all four sets concealed: this hand has exposed sets",
                _facts(h, all_concealed=True))


def _tiers_stacked(h: Hand, f: Facts):
    lower = {}
    if f.concealed_pungs == 4:
        lower["concealed_pungs"] = 3
    if f.exposed_kongs == 4:
        lower["exposed_kongs"] = 3
    if f.concealed_kongs == 4:
        lower["concealed_kongs"] = 3
    if len(f.winds) == 4:
        lower["winds"] = f.winds[:3]
    if lower:
        return "stack", _facts(h, **lower)


_MISREADINGS: tuple[Callable, ...] = (_kongs_as_pungs, _ends_across_suits, _any_wind_is_yours,
                                      _any_flower_is_yours, _discard_as_wall, _exposed_as_concealed,
                                      _tiers_stacked)


def _rows_text(rows: dict[str, int]) -> str:
    return " and ".join(f"“{name}” ({_how_many(v, 'double')})" for name, v in rows.items())


def _difference(actual: dict[str, int], misread: dict[str, int]) -> str:
    """What the hand has, against what the misreading counts: ``'“3 concealed pungs” (1
    double), not “4 concealed pungs” (2 doubles)'``."""
    gained = {k: v for k, v in misread.items() if k not in actual}
    lost = {k: v for k, v in actual.items() if k not in misread}
    changed = [k for k in actual if k in misread and actual[k] != misread[k]]
    parts = [f"“{k}” gives {_how_many(actual[k], 'double')} here, not {misread[k]}" for k in changed]
    if lost and gained:
        parts.append(f"this hand has {_rows_text(lost)}, not {_rows_text(gained)}")
    elif gained:
        parts.append("this hand has no " + " and no ".join(
            f"“{k}” (worth {_how_many(v, 'double')})" for k, v in gained.items()))
    elif lost:
        parts.append(f"this hand has {_rows_text(lost)}")
    return "; ".join(parts)


def _misread_hints(r: Score, hand: Hand, e: int) -> list[str]:
    """``e`` = the answer minus the hand's doubles (> 0: too many)."""
    out = []
    actual = _doubles(Facts(hand), r.rules)
    for misreading in _MISREADINGS:
        found = misreading(hand, Facts(hand))
        if not found:
            continue
        why, facts = found
        misread = _doubles(facts, r.rules)
        if why == "stack":  # the learner counted the lower tier as well as the higher
            gained = {k: v for k, v in misread.items() if k not in actual}
            lost = {k: v for k, v in actual.items() if k not in misread}
            if gained and sum(gained.values()) == e:
                out.append(f"{_rows_text(lost)} replaces {_rows_text(gained)}: the tiers do not stack.")
            continue
        if sum(misread.values()) - sum(actual.values()) == e:
            out.append(f"{why}, so {_difference(actual, misread)}.")
    return out


# --------------------------------------------------------------------------- hand kinds


def _kind_hints(r: Score, hand: Hand, e: int) -> list[str]:
    rows = {row.name: row for row in rule_table(r.rules) if row.kind == "doubles" and row.group}
    best = next((i for i in r.doubles_detail if i.line in rows), None)
    out = []
    fits_too = [n for n in r.also_fits if rows[n].value == e]
    if fits_too:
        out.append(f"{', '.join(fits_too)} fits too, but only the best hand kind counts: "
                   f"{best.line if best else 'none'}.")
    if best is not None and best.each == 0 and e == 1:
        out.append(f"{best.line} scores 0 doubles in this rule book (most other books give 1).")
    counted = {best.line if best else None, *r.also_fits}
    near = [row for name, row in rows.items() if name not in counted and row.value == e
            and _near(row, hand)]
    if near and not out:
        needs = "; ".join(f"{row.name} is {row.note}" for row in near)
        tail = f" (this one is {best.line})" if best else ""
        out.append(f"Only a hand kind that fits counts, and only the best one{tail}: {needs}, "
                   f"and this hand is not.")
    return out


def _near(row, hand: Hand) -> bool:
    """Whether a hand kind that does not fit would fit with one fact of the hand read
    differently (the suits as one suit or none, no honours, only 1s and 9s)."""
    f = Facts(hand)
    tries = [{"honours": 0}, {"all_terminal": True}]
    if f.suits:
        tries += [{"suits": {sorted(f.suits)[0]}}, {"suits": set()}]
    else:
        tries.append({"suits": {"B"}, "all_terminal": True})
    return any(row.fires(_facts(hand, **t)) for t in tries)


# --------------------------------------------------------------------------- points


@lru_cache(maxsize=8)
def _pair_rows(rules: RuleSet) -> tuple:
    """The points rows that score a pair: the rows that fire on the pair of a sample hand."""
    rows = []
    for pair in ("RD", "EW", "1B", "5B"):
        f = Facts(Hand((Meld("pung", "2C"), Meld("pung", "3C"), Meld("pung", "4C"), Meld("pung", "6C"),
                        Meld("pair", pair))))
        rows += [row for row in rule_table(rules) if row.kind == "points" and not row.column
                 and row.fires(f) == (pair,) and row not in rows]
    return tuple(rows)


def _set_rows(rules: RuleSet) -> list:
    return [row for row in rule_table(rules) if row.kind == "points" and row.column]


def _set_hint(item: LineItem, rows: list, e: int) -> str | None:
    """One hint for a set row that fired, if scoring its sets as another row explains ``e``."""
    names = _names(item.where)
    fits = []
    for row in rows:
        if (row.name, row.column) == (item.line, item.column):
            continue
        if row.value - item.each == e or (item.count > 1 and (row.value - item.each) * item.count == e):
            fits.append(row)
    if not fits:
        return None
    others = " or ".join(f"“{_label(row)}” ({row.value})" for row in fits)
    if item.count > 1:
        return (f"The sets of {', '.join(names)} are each “{item.label}”: {_how_many(item.each, 'point')} "
                f"each, not what {others} scores.")
    return f"The set of {names[0]} is “{item.label}”: {_how_many(item.each, 'point')}, not what {others} scores."


def _units(items: tuple[LineItem, ...], unit: str) -> list[tuple[int, str, int]]:
    """Ways a learner could have left part of the breakdown out: (item index, words, value)."""
    out = []
    for i, item in enumerate(items):
        if not item.each:
            continue
        names = _names(item.where)
        if item.count == 1:
            where = f" ({names[0]})" if names else ""
            out.append((i, f"“{item.label}”{where}, worth {_how_many(item.total, unit)}", item.total))
        else:
            out.append((i, f"one “{item.label}” (one of {', '.join(names)}), worth "
                           f"{_how_many(item.each, unit)}", item.each))
            out.append((i, f"“{item.label}” on all of {', '.join(names)}, worth "
                           f"{_how_many(item.total, unit)} in all", item.total))
    return out


def _missed(items: tuple[LineItem, ...], d: int, unit: str) -> list[str]:
    """The single rows, then the pairs of rows, that fired and are worth exactly ``d``."""
    units = _units(items, unit)
    single = [f"Perhaps you missed {words}." for _, words, v in units if v == d]
    pairs = [f"Perhaps you missed {a}, and {b}." for (i, a, va), (j, b, vb) in combinations(units, 2)
             if i != j and va + vb == d]
    return single + pairs


def _point_hints(r: Score, hand: Hand, d: int) -> list[str]:
    """``d`` = the hand's points minus the answer (positive: the answer was short)."""
    rows = _set_rows(r.rules)
    out = [h for item in r.points if item.column for h in [_set_hint(item, rows, -d)] if h]
    if d > 0:
        return _missed(r.points, d, "point") + out
    fired = {i.line for i in r.points}
    for row in _pair_rows(r.rules):
        if row.value == -d and not fired & {p.name for p in _pair_rows(r.rules)}:
            scoring = ", ".join(p.name for p in _pair_rows(r.rules))
            out.append(f"The pair of {tile_name(hand.pair.tile)} scores nothing: only these pairs "
                       f"score: {scoring}.")
            break
    return out


# --------------------------------------------------------------------------- doubles


def _double_hints(r: Score, hand: Hand, d: int) -> list[str]:
    """``d`` = the hand's doubles minus the answer (positive: the answer was short)."""
    if d > 0:
        out = []
        by_tile: dict[str, list[LineItem]] = {}
        for item in r.doubles_detail:
            for w in dict.fromkeys(item.where):
                if w:
                    by_tile.setdefault(w, []).append(item)
        for tile, items in by_tile.items():
            if len(items) > 1 and sum(i.each for i in items) == d:
                out.append(f"Perhaps you missed that {tile_name(tile)} scores on "
                           f"{' and '.join(f'“{i.line}”' for i in items)}: "
                           f"1 double for each ({d} in all).")
        return out + _missed(r.doubles_detail, d, "double")
    return _misread_hints(r, hand, -d) + _kind_hints(r, hand, -d)


# --------------------------------------------------------------------------- when no cause fits

#: How a hint begins when no cause on the rule table fits: it names no rule of its own.
NO_CAUSE = ("No single line", "This hand has no")

#: The counts a row reads that are one set short of a row firing: (one, more than one).
_COUNTED = {"concealed_pungs": ("concealed pung", "concealed pungs"),
            "exposed_kongs": ("exposed kong", "exposed kongs"),
            "concealed_kongs": ("concealed kong", "concealed kongs"),
            "wind_sets": ("pung or kong of winds", "pungs or kongs of winds"),
            "dragon_sets": ("pung or kong of dragons", "pungs or kongs of dragons")}


def _almost(hand: Hand, f: Facts):
    """The ways a doubles row almost fires on ``hand``: (why, the facts as they would be)."""
    for misreading in _MISREADINGS:
        found = misreading(hand, f)
        if found and found[0] != "stack":
            yield found
    for pair in f.dragon_pair:
        yield (f"The {tile_name(pair)} here is the pair, and only a pung or kong of dragons earns a double",
               f.misread(dragons=f.dragons + (pair,)))
    for pair in f.wind_pair:
        own, in_round = SEAT_WIND[hand.seat], SEAT_WIND[hand.round]
        yield (f"The {tile_name(pair)} here is the pair, and only a pung or kong of a wind earns a double",
               f.misread(winds=f.winds + (pair,), own_wind=(pair,) if pair == own else f.own_wind,
                         round_wind=(pair,) if pair == in_round else f.round_wind))
    for fact, (one, more) in _COUNTED.items():
        n = getattr(f, fact)
        if n:
            yield f"This hand has {n} {one if n == 1 else more}: one short", f.misread(**{fact: n + 1})


def _nearest(r: Score, hand: Hand) -> str:
    """The doubles line that almost fires on a hand with none, and why it does not ('' if none is near)."""
    f = Facts(hand)
    actual = _doubles(f, r.rules)
    for why, facts in _almost(hand, f):
        gained = {k: v for k, v in _doubles(facts, r.rules).items() if k not in actual and v}
        if gained:
            return f" The nearest is {_rows_text(gained)}. {why}."
    return ""


def _no_cause(r: Score, hand: Hand, what: str) -> str:
    """What is said when no cause fits a figure: the breakdown's lines, or that it has none.

    A hand whose breakdown gives nothing for the figure (no doubles) is told so, with the line
    that almost fired, never sent to lines the breakdown does not show."""
    items = r.points if what == "Hand points" else r.doubles_detail
    if any(i.total for i in items):
        return "No single line or pair of lines makes up the difference: go through the breakdown line by line."
    unit = what.lower()
    zero = [f"“{i.line}”" for i in items]  # lines that fire and give nothing (a Clean Hand at 0)
    said = (f"This hand has no {unit}: {' and '.join(zero)} fire{'s' * (len(zero) == 1)} but give"
            f"{'s' * (len(zero) == 1)} 0 {unit} in this rule book." if zero else
            f"This hand has no {unit}: no {unit} line of the rule book fires on it.")
    return said + (_nearest(r, hand) if what == "Doubles" else "")


def likely_misses(result: Score, hand: Hand, points: int | None, doubles: int | None,
                  *, limit: int = 3) -> tuple[str, ...]:
    """The causes that most likely account for a wrong answer, in a learner's words.

    One hint per cause, at most ``limit`` per figure; ``None`` for a figure not answered.

    >>> from mjscore.hands import parse
    >>> from mjscore.willingdon import score
    >>> h = parse("+EWx3 3Bx3 +7Bx3 +GDx3 5Bx2 F1 S2")
    >>> for line in likely_misses(score(h), h, points=42, doubles=3):
    ...     print(line)
    Doubles: 2 short. Perhaps you missed that East Wind scores on “A pung/kong of your own wind” and “A pung/kong of the wind of the round”: 1 double for each (2 in all).
    Doubles: 2 short. Perhaps you missed that Flower 1 scores on “Each of your own flower/season” and “Each flower/season of the round”: 1 double for each (2 in all).
    Doubles: 2 short. Perhaps you missed “A pung/kong of dragons” (Green Dragon), worth 1 double, and “A pung/kong of your own wind” (East Wind), worth 1 double.
    """
    out: list[str] = []
    for what, given, right, hints_for in (
            ("Hand points", points, result.hand_points, _point_hints),
            ("Doubles", doubles, result.doubles, _double_hints)):
        if given is None or given == right:
            continue
        d = right - given
        head = f"{what}: {abs(d)} {'short' if d > 0 else 'too many'}."
        hints = list(dict.fromkeys(hints_for(result, hand, d)))[:limit]
        out += [f"{head} {h}" for h in hints] or [f"{head} {_no_cause(result, hand, what)}"]
    return tuple(out)


_QUOTED = re.compile(r"“([^”]{1,120})”")
_GENERAL = ((re.compile(r"\b[2-8] (?:Bamboo|Characters|Dots)\b"), "a minor tile"),
            (re.compile(r"\b[19] (?:Bamboo|Characters|Dots)\b"), "a 1 or 9"),
            (re.compile(r"\b(?:East|South|West|North) Wind\b"), "a wind"),
            (re.compile(r"\b(?:Red|Green|White) Dragon\b"), "a dragon"),
            (re.compile(r"\b(?:Flower|Season) [1-4]\b"), "a flower or season"))


def rule_of_hint(hint: str) -> str | None:
    """The rule a hint of :func:`likely_misses` names, for counting across a class.

    That is the first line quoted from the rule table, or else the hint's own rule said of no
    tile in particular (None when the hint names no rule).

    >>> rule_of_hint("Hand points: 2 short. Perhaps you missed “A pair of dragons” (Green Dragon), worth 2 points.")
    'A pair of dragons'
    """
    m = _QUOTED.search(hint)
    if m:
        return m.group(1)
    rest = hint.split(". ", 1)[-1]
    if rest.startswith(NO_CAUSE):
        return None
    rule = re.split(r"[:(]", rest, maxsplit=1)[0].strip(" .")
    for pattern, general in _GENERAL:  # the same rule for every tile: "The pair of a minor tile ..."
        rule = pattern.sub(general, rule)
    return rule or None
