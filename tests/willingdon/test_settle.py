"""Settling a Willingdon hand: the default, East double, the three-exposed penalty, false mahjong."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjscore.willingdon.settle import (SettlementError, TableRules, settle_false_mahjong, settle_wall_game,
                            settle_win)
from mjscore.tiles import SEATS


def test_each_of_the_three_others_pays_the_score():
    assert settle_win(1728, winner="W", discarder="S").payments == {"E": -1728, "S": -1728, "W": 5184, "N": -1728}
    assert settle_win(1728, winner="W").payments["W"] == 5184


def test_east_pays_and_receives_double():
    r = TableRules(east_double=True)
    assert settle_win(100, winner="E", rules=r).payments == {"E": 600, "S": -200, "W": -200, "N": -200}
    assert settle_win(100, winner="N", rules=r).payments == {"E": -200, "S": -100, "W": -100, "N": 400}


def test_the_discarder_pays_for_all_three_against_three_exposed_sets():
    r = TableRules(three_exposed_penalty=True)
    assert settle_win(100, winner="S", discarder="W", exposed_sets=3, rules=r).payments == {
        "E": 0, "S": 300, "W": -300, "N": 0}
    assert settle_win(100, winner="S", discarder="W", exposed_sets=4, rules=r).payments["W"] == -300


def test_no_penalty_when_fishing_with_no_other_choice_or_under_three_sets_or_self_drawn_or_rule_off():
    r = TableRules(three_exposed_penalty=True)
    plain = {"E": -100, "S": 300, "W": -100, "N": -100}
    assert settle_win(100, winner="S", discarder="W", exposed_sets=3, fishing=True, rules=r).payments == plain
    assert settle_win(100, winner="S", discarder="W", exposed_sets=2, rules=r).payments == plain
    assert settle_win(100, winner="S", exposed_sets=3, rules=r).payments == plain
    assert settle_win(100, winner="S", discarder="W", exposed_sets=3).payments == plain


def test_penalty_with_east_double_pays_what_all_three_would_have():
    r = TableRules(three_exposed_penalty=True, east_double=True)
    assert settle_win(100, winner="S", discarder="W", exposed_sets=3, rules=r).payments == {
        "E": 0, "S": 400, "W": -400, "N": 0}


def test_false_mahjong_costs_500_to_each_other_player():
    assert settle_false_mahjong("S").payments == {"E": 500, "S": -1500, "W": 500, "N": 500}
    assert settle_false_mahjong("E", TableRules(false_mahjong=250)).payments["E"] == -750


def test_a_wall_game_pays_nothing():
    assert set(settle_wall_game().payments.values()) == {0}


@pytest.mark.parametrize("kwargs, message", [
    (dict(score=-1, winner="E"), "0 or more"),
    (dict(score="9", winner="E"), "whole number"),
    (dict(score=9, winner="X"), "winner's seat"),
    (dict(score=9, winner="E", discarder="E"), "cannot have discarded"),
    (dict(score=9, winner="E", discarder="Q"), "discarder's seat"),
])
def test_bad_settlements_are_refused(kwargs, message):
    with pytest.raises(SettlementError, match=message):
        settle_win(kwargs.pop("score"), **kwargs)


@given(st.integers(0, 10**7), st.sampled_from(SEATS), st.sampled_from(SEATS + (None,)), st.integers(0, 4),
       st.booleans(), st.booleans(), st.booleans())
def test_settlements_sum_to_zero(score, winner, discarder, exposed, fishing, east, penalty):
    if discarder == winner:
        discarder = None
    r = settle_win(score, winner=winner, discarder=discarder, exposed_sets=exposed, fishing=fishing,
                   rules=TableRules(east_double=east, three_exposed_penalty=penalty))
    assert sum(r.payments.values()) == 0
    assert r.payments[winner] >= 3 * score
