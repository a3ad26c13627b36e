"""The scorer and the rule table agree on every hand of a generated grid.

The plainest way to score a hand is to run every row's ``fires`` on its facts and add up what
fires, every line item made afresh (:func:`plain_score` below). :func:`score` goes down the same
rows and keeps each row's line items to share them between hands; :func:`fired_rows` counts
without line items. The grid below is exhaustive over what a row can read, not a random sample:

- the sets: every choice of four of the 16 kinds of set (pung or kong; minor, 1 or 9, dragon,
  wind; exposed or concealed), repeats allowed, laid on tiles of one suit and of several;
  with every kind of pair (minor, 1 or 9, dragon, wind);
- the flowers: every set of flowers and seasons (bouquets included) x every seat x every round;
- the win: self-drawn or not x every blessing x every seat x every round x a few flower sets,
  on hands of winds, of dragons, of one concealed suit and of kongs.
"""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement, product

import pytest

from mjscore.hands import Hand, Meld
from mjscore.tiles import BONUS_TILES, SEATS
from mjscore.willingdon import (CLEAN_HAND_ONE, WILLINGDON, Facts, LineItem, Rule, fired_rows, near_misses,
                                rule_table, score, scoring)
from mjscore.willingdon.rules import once

KINDS = [(kind, cls, exposed) for kind in ("pung", "kong") for cls in ("minor", "end", "dragon", "wind")
         for exposed in (False, True)]
# Tiles for each class, in the order they are handed out: laid on one suit (Bamboo) as far as
# the class allows, or spread over the three suits.
ONE_SUIT = {"minor": ["2B", "3B", "4B", "6B"], "end": ["1B", "9B", "1C", "9C"],
            "dragon": ["RD", "GD", "WD"], "wind": ["EW", "SW", "WW", "NW"]}
SPREAD = {"minor": ["2B", "3C", "4D", "6B"], "end": ["1B", "9C", "9B", "1D"],
          "dragon": ["RD", "GD", "WD"], "wind": ["EW", "SW", "WW", "NW"]}
PAIRS = {"minor": ["7B", "8C"], "end": ["1D", "9D"], "dragon": ["WD", "GD", "RD"], "wind": ["NW", "WW", "SW", "EW"]}


def set_grid():
    for chosen in combinations_with_replacement(KINDS, 4):
        for tiles in (ONE_SUIT, SPREAD):
            used = {cls: 0 for cls in tiles}
            sets = []
            for kind, cls, exposed in chosen:
                if used[cls] == len(tiles[cls]):
                    break  # four dragon sets: no such hand
                sets.append(Meld(kind, tiles[cls][used[cls]], exposed))
                used[cls] += 1
            else:
                taken = {m.tile for m in sets}
                for cls, candidates in PAIRS.items():
                    pair = next((t for t in candidates if t not in taken), None)
                    if pair is not None:  # (three dragon sets leave no dragon for the pair)
                            yield Hand(sets=tuple(sets) + (Meld("pair", pair),))


FLOWER_SETS = [tuple(f for k, f in enumerate(BONUS_TILES) if mask >> k & 1) for mask in range(256)]
WIN_HANDS = [  # winds (own and round by the seat and round), dragons, one concealed suit, kongs
    (Meld("pung", "EW"), Meld("pung", "SW", True), Meld("pung", "WW"), Meld("pung", "5C", True), Meld("pair", "NW")),
    (Meld("pung", "RD"), Meld("pung", "GD"), Meld("pung", "WD"), Meld("pung", "1B"), Meld("pair", "9B")),
    (Meld("pung", "2D"), Meld("pung", "3D"), Meld("pung", "4D"), Meld("pung", "6D"), Meld("pair", "7D")),
    (Meld("kong", "2D"), Meld("kong", "3D"), Meld("kong", "NW"), Meld("kong", "6D"), Meld("pair", "7D")),
]


#: The flowers that matter beside the sets: none, one, a bouquet of each kind, all eight.
SOME_FLOWERS = [(), ("F2",), ("F1", "F2", "F3", "F4"), ("S1", "S2", "S3", "S4"), BONUS_TILES]


def win_grid():
    # Every set of flowers and seasons at every seat in every round (the flower facts read
    # nothing else) ...
    for flowers, seat, round_ in product(FLOWER_SETS, SEATS, SEATS):
        yield Hand(sets=WIN_HANDS[0], flowers=flowers, seat=seat, round=round_)
    # ... and every way of winning on each kind of hand, at every seat in every round.
    for sets, flowers, seat, round_, drawn, blessing in product(WIN_HANDS, SOME_FLOWERS, SEATS, SEATS,
                                                              (False, True), (None, "earth", "heaven")):
        try:
            yield Hand(sets=sets, flowers=flowers, seat=seat, round=round_, self_drawn=drawn, blessing=blessing)
        except ValueError:
            continue  # what the hand's own checks refuse (a blessing with a kong, or self-drawn, ...)


def plain_score(hand, rules):
    """Score by running every row of the table, nothing skipped, nothing remembered."""
    f = Facts(hand)
    points, doubles, kinds = [], [], []
    for r in rule_table(rules):
        where = r.fires(f)
        if where:
            item = LineItem(r.name, r.value, where, r.column)
            (kinds if r.group else points if r.kind == "points" else doubles).append(item)
    also = ()
    if kinds:
        best = max(kinds, key=lambda i: i.each)  # the first of the best on a tie
        doubles.insert(0, best)
        also = tuple(i.line for i in kinds if i is not best)
    return tuple(points), tuple(doubles), also


def packed(items, table):
    index = {(r.name, r.column): i for i, r in enumerate(table)}
    return sum(len(i.where) << 4 * index[i.line, i.column] for i in items)


def check(hand, rules, rows=True):
    table = rule_table(rules)
    points, doubles, also = plain_score(hand, rules)
    s = score(hand, rules)
    assert (s.points, s.doubles_detail, s.also_fits) == (points, doubles, also), hand
    if not rows:
        return
    hp, dbl = sum(i.total for i in points), sum(i.total for i in doubles)
    assert (s.hand_points, s.doubles) == (hp, dbl)
    assert fired_rows(hand, rules) == (hp, dbl, packed(points, table), packed(doubles, table)), hand
    f = Facts(hand)
    for r in table:  # each row as the table says: the tiles of its fact, or once when its test holds
        if r.test is None:
            assert r.fires(f) == getattr(f, r.reads[0])
        else:
            assert r.fires(f) == (("",) if r.test(f) else ())


@functools.cache
def set_hands() -> list:
    """The set grid, built when a test first asks (not while pytest collects, in every process)."""
    return list(set_grid())


@functools.cache
def win_hands() -> list:
    return list(win_grid())


def test_the_grid_is_the_grid_it_says():
    assert len(set_hands()) > 25_000 and len(win_hands()) > 4_500
    seen = {(m.kind, m.exposed, m.tile) for h in set_hands() for m in h.melds}
    assert {(k, e) for k, _, e in KINDS} == {(k, e) for k, e, _ in seen}
    assert {h.pair.tile for h in set_hands()} >= {"7B", "1D", "WD", "NW"}
    assert {h.blessing for h in win_hands()} == {None, "earth", "heaven"}
    assert {h.flowers for h in win_hands()} == set(FLOWER_SETS)
    # every row of the table fires somewhere in the grid
    fired = {i.line for h in set_hands() + win_hands() for i in score(h).points + score(h).doubles_detail}
    fired |= {name for h in set_hands() for name in score(h).also_fits}
    assert fired == {r.name for r in rule_table()}


@pytest.mark.parametrize("rules", [WILLINGDON, CLEAN_HAND_ONE], ids=["willingdon", "clean-1"])
def test_the_fast_path_agrees_with_every_row_run_plainly_on_the_set_grid(rules):
    for hand in set_hands():
        check(hand, rules, rows=rules is WILLINGDON)  # the rows' own checks once are enough


def test_the_fast_path_agrees_with_every_row_run_plainly_on_the_win_grid():
    for hand in win_hands():
        check(hand, WILLINGDON)


def test_near_misses_are_rows_one_step_short():
    for hand in set_hands()[::7]:
        fired = {i.line for i in score(hand).doubles_detail + score(hand).points}
        for row in near_misses(hand):
            assert row.name not in fired and row.test is not None and not row.group


class Reading:
    """A hand's facts that note which of them are read."""

    def __init__(self, facts: Facts) -> None:
        self.facts, self.read = facts, set()

    def __getattr__(self, name: str):
        self.read.add(name)
        return getattr(self.facts, name)


def test_each_row_reads_the_facts_it_names_and_no_other():
    """Hints and near misses go by the facts a row names (``Rule.reads``): on every hand of the
    grids no row reads another, and over the grids each reads every fact it names."""
    table = rule_table()
    read: list[set] = [set() for _ in table]
    for hand in set_hands() + win_hands():
        f = Facts(hand)
        for r, seen in zip(table, read):
            reading = Reading(f)
            assert r.fires(reading) == r.fires(f)
            assert reading.read <= set(r.reads), (r.name, reading.read - set(r.reads))
            seen |= reading.read
    assert read == [set(r.reads) for r in table]


def test_the_check_of_the_facts_read_catches_a_row_that_reads_another():
    sneaky = Rule("Sneaky", "One double each", 1, "doubles",
                  **once(lambda facts: facts.concealed_pungs == 4 and facts.self_drawn, "concealed_pungs"))
    reading = Reading(Facts(Hand(sets=WIN_HANDS[2], self_drawn=True)))
    sneaky.fires(reading)
    assert reading.read - set(sneaky.reads) == {"self_drawn"}


def test_line_items_are_shared_and_their_memo_is_bounded(monkeypatch):
    """score() keeps each row's line items (ReadyRow.items) to share them between hands, at most
    ITEMS_KEPT a row; what it gives is the same either way."""
    scoring.ready_rows.cache_clear()  # (the other tests may have filled the memo)
    try:
        first, again = score(set_hands()[0]), score(set_hands()[0])
        assert all(a is b for a, b in zip(first.points + first.doubles_detail, again.points + again.doubles_detail))
        monkeypatch.setattr(scoring, "ITEMS_KEPT", 2)
        scoring.ready_rows.cache_clear()
        for hand in win_hands()[:300]:
            check(hand, WILLINGDON, rows=False)
        assert max(len(row.items) for row in scoring.ready_rows(WILLINGDON)) == 2
    finally:
        scoring.ready_rows.cache_clear()


def test_the_flower_facts_kept_are_those_worked_out_afresh():
    """Facts keeps the flower facts of each (flowers, seat, round) it has seen (an lru_cache):
    for every set of flowers at every seat in every round, what is kept is what is worked out."""
    from mjscore.willingdon.facts import flower_facts

    for flowers, seat, round_ in product(FLOWER_SETS, SEATS, SEATS):
        kept = flower_facts(flowers, seat, round_)
        assert kept == flower_facts.__wrapped__(flowers, seat, round_) == flower_facts(flowers, seat, round_)
    assert flower_facts.cache_info().currsize <= flower_facts.cache_info().maxsize
