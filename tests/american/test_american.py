"""American home payments: the seed's table, its four worked examples, the jokerless double and
its exceptions, the bettor, and the invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjscore.american import (CATEGORIES, HOME, HOWS, LEAGUE_CARD, AmericanError, HandResult, HomeRules,
                              home_payments, settle)

PLAYERS = ["Ann", "Bea", "Cat", "Dee"]


@pytest.mark.parametrize("how, jokerless, payments, collects", [
    ("discard", False, (50, 25, 25), 100),
    ("self-drawn", False, (50, 50, 50), 150),
    ("discard", True, (100, 50, 50), 200),
    ("self-drawn", True, (100, 100, 100), 300),
])
def test_the_seeds_four_worked_examples(how, jokerless, payments, collects):
    p = home_payments(25, how, jokerless=jokerless)
    assert p.payments == payments and p.winner_collects == collects


def test_a_wall_game_pays_nothing():
    p = home_payments(25, "wall", jokerless=True)
    assert p.payments == (0, 0, 0) and p.winner_collects == 0


def test_a_winds_hand_without_jokers_won_on_a_throw_pays_both_doubles():
    p = home_payments(25, "discard", jokerless=True, category="winds-dragons")
    assert p.payments == (100, 50, 50)


@pytest.mark.parametrize("category", ["singles-and-pairs", "quints"])
def test_no_jokerless_double_for_singles_and_pairs_or_quints(category):
    p = home_payments(50, "discard", jokerless=True, category=category)
    assert p.payments == (100, 50, 50) and not p.jokerless_double
    assert any("exempt" in r for r in p.reasons)


def test_the_league_card_setting_exempts_only_singles_and_pairs():
    assert home_payments(40, "self-drawn", jokerless=True, category="quints", rules=LEAGUE_CARD).payments == (160,) * 3
    assert home_payments(40, "self-drawn", jokerless=True, category="singles-and-pairs",
                         rules=LEAGUE_CARD).payments == (80,) * 3


def test_the_jokerless_bonus_is_lost_unless_declared():
    # jokerless means declared: a hand with no jokers that was not declared pays as an ordinary hand.
    assert home_payments(25, "discard", jokerless=False).payments == (50, 25, 25)


@pytest.mark.parametrize("how", ["joker-exchange", "heavenly-hand"])
def test_joker_exchange_and_heavenly_hand_pay_as_self_drawn(how):
    assert home_payments(30, how).payments == (60, 60, 60)


def test_a_dead_hand_pays_like_any_other():
    alive = settle(PLAYERS, HandResult(winner="Ann", how="discard", thrower="Bea", value=25))
    dead = settle(PLAYERS, HandResult(winner="Ann", how="discard", thrower="Bea", value=25, dead=["Cat", "Bea"]))
    assert alive == dead == {"Ann": 100, "Bea": -50, "Cat": -25, "Dee": -25}


def test_self_drawn_settle():
    assert settle(PLAYERS, HandResult(winner="Dee", how="self-drawn", value=25, jokerless=True)) == {
        "Ann": -100, "Bea": -100, "Cat": -100, "Dee": 300}


def test_bettor_collects_what_the_winner_collects_when_her_player_wins():
    r = settle(PLAYERS + ["Eve"], HandResult(winner="Ann", how="discard", thrower="Bea", value=25, bettor="Eve", pick="Ann"))
    assert r == {"Ann": 100, "Eve": 100, "Bea": -100, "Cat": -50, "Dee": -50}


def test_bettor_pays_as_a_loser_and_double_if_her_player_threw():
    r = settle(PLAYERS + ["Eve"], HandResult(winner="Ann", how="discard", thrower="Bea", value=25, bettor="Eve", pick="Cat"))
    assert r["Eve"] == -25 and r["Ann"] == 125
    r = settle(PLAYERS + ["Eve"], HandResult(winner="Ann", how="discard", thrower="Bea", value=25, bettor="Eve", pick="Bea"))
    assert r["Eve"] == -50 and r["Ann"] == 150
    r = settle(PLAYERS + ["Eve"], HandResult(winner="Ann", how="self-drawn", value=25, bettor="Eve", pick="Bea"))
    assert r["Eve"] == -50


def test_bettor_in_a_wall_game_pays_nothing():
    r = settle(PLAYERS + ["Eve"], HandResult(winner=None, how="wall", value=25, bettor="Eve", pick="Bea"))
    assert set(r.values()) == {0}


@pytest.mark.parametrize("kwargs, message", [
    (dict(value=0, how="discard"), "more than 0"),
    (dict(value=-25, how="discard"), "more than 0"),
    (dict(value=2.5, how="discard"), "whole number"),
    (dict(value="25", how="discard"), "whole number"),
    (dict(value=True, how="discard"), "whole number"),
    (dict(value=25, how="won"), "unknown way of winning"),
    (dict(value=25, how="discard", category="sevens"), "unknown category"),
    (dict(value=25, how="discard", jokerless="yes"), "true or false"),
])
def test_bad_payment_questions_are_refused(kwargs, message):
    how = kwargs.pop("how")
    value = kwargs.pop("value")
    with pytest.raises(AmericanError, match=message):
        home_payments(value, how, **kwargs)


@pytest.mark.parametrize("kwargs, message", [
    (dict(winner="Zoe", how="self-drawn"), "not at the table"),
    (dict(winner="Ann", how="discard"), "name the thrower"),
    (dict(winner="Ann", how="discard", thrower="Ann"), "name the thrower"),
    (dict(winner="Ann", how="self-drawn", thrower="Bea"), "no thrower"),
    (dict(winner="Ann", how="wall"), "no winner"),
    (dict(winner="Ann", how="self-drawn", dead=["Zed"]), "dead hand"),
    (dict(winner="Ann", how="self-drawn", dead=["Ann"]), "a dead hand cannot win"),
])
def test_bad_settlements_are_refused(kwargs, message):
    with pytest.raises(AmericanError, match=message):
        settle(PLAYERS, HandResult(value=25, **kwargs))


def test_table_size_and_names():
    with pytest.raises(AmericanError, match="four players"):
        settle(PLAYERS[:3], HandResult(winner="Ann", how="self-drawn", value=25))
    with pytest.raises(AmericanError, match="same name"):
        settle(["Ann", "Ann", "Cat", "Dee"], HandResult(winner="Ann", how="self-drawn", value=25))
    with pytest.raises(AmericanError, match="unknown category"):
        HomeRules(jokerless_exempt=frozenset({"nonsense"}))


values = st.integers(min_value=1, max_value=10_000)
hows = st.sampled_from(HOWS)
categories = st.sampled_from(sorted(CATEGORIES))


@given(values, hows, st.booleans(), categories)
def test_payments_sum_to_what_the_winner_collects(value, how, jokerless, category):
    jokerless = jokerless and how != "joker-exchange"  # (refused: tested below)
    p = home_payments(value, how, jokerless=jokerless, category=category)
    assert sum(p.payments) == p.winner_collects


def test_a_joker_exchange_is_never_jokerless():
    """She won by taking a joker into her hand: the hand has a joker, whatever is declared."""
    with pytest.raises(AmericanError, match="joker exchange has taken a joker"):
        home_payments(25, "joker-exchange", jokerless=True)
    assert home_payments(25, "joker-exchange").payments == home_payments(25, "self-drawn").payments


@given(values, st.sampled_from(["discard", "self-drawn", "heavenly-hand"]), categories)
def test_the_jokerless_double_doubles_exactly(value, how, category):
    plain = home_payments(value, how, category=category)
    jl = home_payments(value, how, jokerless=True, category=category)
    factor = 1 if category in HOME.jokerless_exempt else 2
    assert jl.payments == tuple(factor * x for x in plain.payments)
    assert jl.winner_collects == factor * plain.winner_collects


@given(values, st.sampled_from(["discard", "self-drawn", "wall"]), st.booleans(), categories,
       st.permutations(PLAYERS), st.booleans(), st.sampled_from(PLAYERS))
def test_settlements_sum_to_zero(value, how, jokerless, category, order, bet, backs):
    winner, thrower = order[0], order[1]
    players = PLAYERS + (["Eve"] if bet else [])
    r = settle(players, HandResult(winner=None if how == "wall" else winner, how=how,
               thrower=thrower if how == "discard" else None, value=value, jokerless=jokerless,
               category=category, bettor="Eve" if bet else None, pick=backs if bet else None))
    assert sum(r.values()) == 0
    if how != "wall" and not bet:
        assert r[winner] == home_payments(value, how, jokerless=jokerless, category=category).winner_collects
