"""Goulash play rules (seed 001, "Playing Goulash"): one test per rule, each failing if the
rule were wrong, plus the optional penalties settled through mjscore.willingdon.settle."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjscore import parse, score
from mjscore.willingdon.play import (PENALTIES, GoulashError, claim, false_mahjong, feeding_penalty_applies,
                             fix_tile_count, mahjong_from_discard, may_claim, may_go_mahjong, next_seat,
                             paper_and_score, pung_from_discard, seats_between, turn_after_claim)
from mjscore.hands import Meld
from mjscore.willingdon.settle import TableRules
from mjscore.tiles import SEATS, SET_TILES
from mjscore.willingdon import CLEAN_HAND_ONE, WILLINGDON, RuleSet

# ------------------------------------------------------------------ turns


def test_play_passes_east_south_west_north_and_round():
    assert [next_seat(s) for s in "ESWN"] == ["S", "W", "N", "E"]


@pytest.mark.parametrize("discarder, claimer, skipped", [
    ("E", "S", ()), ("E", "W", ("S",)), ("E", "N", ("S", "W")),
    ("N", "E", ()), ("W", "S", ("N", "E")), ("S", "E", ("W", "N")),
])
def test_anyone_between_discarder_and_claimer_loses_their_turn(discarder, claimer, skipped):
    assert seats_between(discarder, claimer) == skipped
    turn = turn_after_claim(discarder, claimer)
    assert turn.plays_now == claimer
    assert turn.loses_turn == skipped


def test_play_continues_from_the_claimer_not_the_discarder():
    # East discards, West claims: after West discards, North plays (not South).
    assert turn_after_claim("E", "W").next_turn == "N"
    assert claim("5D", discarder="E", claimer="W", held=2).next_turn == "N"


def test_every_pair_of_seats_skips_exactly_the_seats_in_between():
    for d, c in itertools.permutations(SEATS, 2):
        skipped = seats_between(d, c)
        # discarder, skipped..., claimer walk the table in order without repeats
        walk = (d, *skipped, c)
        assert all(next_seat(a) == b for a, b in zip(walk, walk[1:]))
        assert len(set(walk)) == len(walk)


# ------------------------------------------------------------------ claims


def test_a_pair_held_may_claim_the_last_discard():
    r = claim("RD", discarder="E", claimer="S", held=2)
    assert r.allowed
    assert "pair of Red Dragon" in r.reason


def test_a_pung_formed_from_a_discard_is_always_exposed():
    assert claim("RD", discarder="E", claimer="S", held=2).pung == Meld("pung", "RD", exposed=True)
    for tile in SET_TILES:
        assert pung_from_discard(tile).exposed is True
        assert pung_from_discard(tile).kind == "pung"


def test_only_the_last_discard_can_be_claimed():
    r = claim("RD", discarder="E", claimer="S", held=2, last_discard=False)
    assert not r.allowed
    assert "dead" in r.reason
    assert r.pung is None
    assert not may_claim("RD", discarder="E", claimer="S", held=2, last_discard=False)


@pytest.mark.parametrize("held", [0, 1])
def test_without_a_pair_there_is_no_claim(held):
    r = claim("7B", discarder="W", claimer="N", held=held)
    assert not r.allowed
    assert "pair" in r.reason
    # Play goes on as if nobody had spoken: the seat after the discarder, nobody skipped.
    assert (r.plays_now, r.loses_turn) == ("N", ())


def test_holding_three_does_not_claim_a_fourth_for_a_kong():
    r = claim("7B", discarder="W", claimer="E", held=3)
    assert not r.allowed
    assert "kong" in r.reason


def test_nobody_claims_their_own_discard():
    r = claim("7B", discarder="W", claimer="W", held=2)
    assert not r.allowed
    assert "own discard" in r.reason
    with pytest.raises(GoulashError):
        seats_between("W", "W")


def test_a_refused_claim_leaves_the_turn_with_the_seat_after_the_discarder():
    r = claim("7B", discarder="W", claimer="S", held=1)
    assert (r.plays_now, r.next_turn) == ("N", "E")


def test_the_claim_reason_names_who_loses_a_turn():
    r = claim("5D", discarder="E", claimer="N", held=2)
    assert "South loses a turn" in r.reason and "West loses a turn" in r.reason
    assert "nobody is skipped" in claim("5D", discarder="E", claimer="S", held=2).reason


@pytest.mark.parametrize("kwargs, words", [
    (dict(tile="F1", discarder="E", claimer="S", held=2), "flower"),
    (dict(tile="5X", discarder="E", claimer="S", held=2), "not a tile"),
    (dict(tile="5D", discarder="Q", claimer="S", held=2), "discarder"),
    (dict(tile="5D", discarder="E", claimer="east", held=2), "claimer"),
    (dict(tile="5D", discarder="E", claimer="S", held=4), "from 0 to 3"),
    (dict(tile="5D", discarder="E", claimer="S", held=True), "whole number"),
    (dict(tile="5D", discarder="E", claimer="S", held=2, last_discard="yes"), "true or false"),
])
def test_bad_questions_are_refused_with_a_clear_message(kwargs, words):
    tile = kwargs.pop("tile")
    with pytest.raises(GoulashError, match=words) as e:
        claim(tile, **kwargs)
    assert isinstance(e.value, ValueError)


# ------------------------------------------------------------------ penalties


def test_feeding_penalty_needs_three_exposed_a_discard_and_no_fishing():
    assert feeding_penalty_applies(exposed_before=3)
    assert feeding_penalty_applies(exposed_before=4)
    assert not feeding_penalty_applies(exposed_before=2)
    assert not feeding_penalty_applies(exposed_before=3, fishing=True)
    assert not feeding_penalty_applies(exposed_before=3, from_discard=False)


def test_the_discarder_pays_for_all_three_after_feeding_three_exposed():
    s = mahjong_from_discard(100, winner="W", discarder="N", exposed_before=3)
    assert s.payments == {"E": 0, "S": 0, "W": 300, "N": -300}


def test_fishing_with_no_other_choice_escapes_the_penalty():
    s = mahjong_from_discard(100, winner="W", discarder="N", exposed_before=3, fishing=True)
    assert s.payments == {"E": -100, "S": -100, "W": 300, "N": -100}


def test_the_penalty_is_optional():
    s = mahjong_from_discard(100, winner="W", discarder="N", exposed_before=3, rules=TableRules())
    assert s.payments == {"E": -100, "S": -100, "W": 300, "N": -100}
    assert PENALTIES.three_exposed_penalty


def test_a_false_mahjong_costs_500_to_each_other_player():
    f = false_mahjong("E")
    assert f.settlement.payments == {"E": -1500, "S": 500, "W": 500, "N": 500}
    assert "discards the last tile picked up" in f.then
    assert false_mahjong("E", TableRules(false_mahjong=250)).settlement.payments["S"] == 250


def test_mahjong_only_on_the_turn_after_a_penalty():
    assert not may_go_mahjong(turns_since_penalty=0)
    assert may_go_mahjong(turns_since_penalty=1)
    assert may_go_mahjong(turns_since_penalty=None)
    with pytest.raises(GoulashError):
        may_go_mahjong(turns_since_penalty=-1)


def test_extra_tiles_are_discarded_one_a_turn_without_picking_up():
    fix = fix_tile_count(16)
    assert (fix.action, fix.turns) == ("discard", 3)
    assert "without picking up" in fix.describe()


def test_too_few_tiles_are_drawn_from_the_flower_wall_one_a_turn_without_discarding():
    fix = fix_tile_count(11)
    assert (fix.action, fix.turns) == ("draw", 2)
    assert "flower wall" in fix.describe() and "without discarding" in fix.describe()


def test_each_kong_adds_a_tile_to_the_right_count():
    assert fix_tile_count(13).action == "none"
    assert fix_tile_count(15, kongs=2).action == "none"
    assert fix_tile_count(15, kongs=1).turns == 1
    with pytest.raises(GoulashError):
        fix_tile_count(13, kongs=5)


# ------------------------------------------------------------------ the arithmetic


def test_the_seed_figures():
    assert paper_and_score(54, 5) == (1728, 1728)
    assert paper_and_score(58, 12) == (237568, 237568)
    assert paper_and_score(14, 0) == (14, 0)
    assert paper_and_score(128, 2) == (512, 0)
    assert paper_and_score(128, 2, RuleSet(minimum_doubles=2)) == (512, 512)


@given(st.sampled_from([
    "6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W", "RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2",
    "+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2", "1Bx3 9Bx3 RDx3 EWx3 GDx2", "2Bx4 +5Bx3 7Bx3 RDx3 EWx2 F1",
]), st.sampled_from([WILLINGDON, CLEAN_HAND_ONE, RuleSet(minimum_doubles=0), RuleSet(minimum_doubles=9)]))
def test_paper_and_score_agrees_with_the_engine(text, rules):
    s = score(parse(text), rules)
    assert paper_and_score(s.hand_points, s.doubles, rules) == (s.paper_total, s.score)
