"""The American payments drill and the tournament drill: the situations dealt, the answers,
and the one rule a wrong answer most likely missed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from mjscore.american.drill import (BETTOR, PLAYERS, RAMP, DrillError, Situation, deal, home_answer, home_miss,
                                    home_reasons, misreadings, situation)
from mjscore.american.home import HOWS, HandResult, settle
from mjscore.american.tournament import COMMON, VARIANT, score_game
from mjscore.american.tournament.drill import game_of, tournament_answer, tournament_miss
from mjscore.american.tournament.drill import misreadings as tournament_misreadings


def test_the_same_seed_deals_the_same_situations_and_another_seed_others():
    assert deal(50) == deal(50)
    assert deal(50, seed=1)[:6] == deal(50)[:6] == list(RAMP)
    assert deal(50, seed=1)[6:] != deal(50)[6:]
    assert situation(500, 3) == deal(500, 3)[-1]  # situation 500 without the 499 before it


def test_the_first_situations_are_the_lessons_worked_examples():
    assert [home_answer(s) for s in RAMP[:4]] == [(100, -25, -50, -25), (-60, 180, -60, -60), (-100, -50, -50, 200),
                                                  (-100, -100, 300, -100)]
    assert home_answer(RAMP[4]) == (0, 0, 0, 0)


SITUATIONS = deal(3000) + deal(500, seed=7)


def test_every_situation_dealt_is_one_a_real_table_can_have():
    hows = {s.how for s in SITUATIONS}
    assert hows == set(HOWS)
    assert any(s.bettor for s in SITUATIONS) and any(s.dead for s in SITUATIONS)
    assert any(s.no_jokers and not s.jokerless for s in SITUATIONS)
    for s in SITUATIONS:
        s.check()
        assert Situation.from_json(s.to_json()) == s
        assert s.winner not in s.dead
        if s.category == "singles-and-pairs":
            assert s.no_jokers and s.exposures == 0 and s.how != "joker-exchange"
        if s.how == "heavenly-hand":
            assert s.winner == PLAYERS[0] and s.exposures == 0
        if s.value is not None:
            assert 25 <= s.value <= 100


def test_the_answer_is_the_engines_settlement_and_sums_to_zero():
    for s in SITUATIONS:
        a = home_answer(s)
        assert sum(a) == 0 and len(a) == len(s.players)
        if s.how != "wall":
            expect = settle(s.players, HandResult(winner=s.winner, how=s.how, value=s.value, thrower=s.thrower,
                            jokerless=s.jokerless, category=s.category, dead=s.dead, bettor=s.bettor, pick=s.pick))
            assert a == tuple(expect[p] for p in s.players)
            assert a[s.players.index(s.winner)] > 0
        assert home_miss(s, a) is None
        assert home_reasons(s)


@pytest.mark.parametrize("s, given, rule", [
    (RAMP[2], (-50, -25, -25, 100), "The jokerless double doubles every payment again"),
    (RAMP[3], (-200, -200, 600, -200), "Singles and Pairs gets no jokerless double"),
    (Situation(9, "discard", 40, winner="Bea", thrower="Dee", category="quints", jokerless=True, no_jokers=True),
     (-80, 320, -80, -160), "Quints gets no jokerless double"),
    (Situation(9, "self-drawn", 30, winner="Ann", no_jokers=True), (360, -120, -120, -120),
     "The jokerless double is paid only when it is declared"),
    (RAMP[0], (75, -25, -25, -25), "The thrower pays double"),
    (RAMP[0], (50, 0, -50, 0), "On a discard the other two pay the value once each"),
    (RAMP[1], (-30, 90, -30, -30), "On a tile the winner drew, all three pay double"),
    (Situation(9, "joker-exchange", 30, winner="Cat", exposures=1), (-30, -30, 90, -30),
     "Mah jongg by a joker exchange pays as self-drawn"),
    (RAMP[5], (-35, -70, 105, 0), "A dead hand still pays"),
    (RAMP[4], (10, -10, 0, 0), "When the wall runs out, nobody pays"),
    (RAMP[0], (-100, 25, 50, 25), "The winner's amount is plus, each payer's minus"),
    (RAMP[0], (0, 0, 0, 0), "When someone goes mah jongg, the others pay her"),
    (RAMP[0], (90, -25, -50, -25), "The winner collects what the others pay"),
    (Situation(9, "discard", 25, winner="Ann", thrower="Cat", bettor=BETTOR, pick="Ann"), (100, -25, -50, -25, 0),
     "A bettor wins or pays with the player she backs"),
    (Situation(9, "discard", 25, winner="Ann", thrower="Cat", bettor=BETTOR, pick="Cat"), (125, -25, -50, -25, -25),
     "A bettor pays double when her player threw the winning tile"),
])
def test_a_wrong_answer_names_the_one_rule_missed(s, given, rule):
    assert home_miss(s, given).title == rule


def test_the_bettor_collects_with_her_player_and_pays_double_for_a_throw():
    s = Situation(9, "discard", 25, winner="Ann", thrower="Cat", bettor=BETTOR, pick="Ann")
    assert s.players == PLAYERS + (BETTOR,)
    assert home_answer(s) == (100, -50, -100, -50, 100)
    assert home_answer(Situation(9, "discard", 25, winner="Ann", thrower="Cat", bettor=BETTOR, pick="Cat")) == (
        150, -25, -50, -25, -50)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5000), st.integers(0, 2**32), st.data())
def test_every_misreading_given_is_named_or_explained(number, seed, data):
    s = situation(number, seed)
    for m in misreadings(s):
        if m.answer != home_answer(s):
            found = home_miss(s, m.answer)
            assert found is not None
            assert found.title in {x.rule.title for x in misreadings(s) if x.answer == m.answer} or found == m.rule
    wrong = list(home_answer(s))
    i = data.draw(st.integers(0, len(wrong) - 1))
    wrong[i] += data.draw(st.sampled_from([-25, 5, 40]))
    assert home_miss(s, wrong) is not None


def test_an_answer_of_the_wrong_length_or_a_bad_situation_is_refused():
    with pytest.raises(DrillError, match="give 4 amounts"):
        home_miss(RAMP[0], (1, 2, 3))
    for bad in ({"number": 1}, {**RAMP[0].to_json(), "winner": "Zed"}, {**RAMP[0].to_json(), "value": None},
                {**RAMP[0].to_json(), "jokerless": True}, {**RAMP[4].to_json(), "value": 25}, []):
        with pytest.raises(DrillError):
            Situation.from_json(bad)
    with pytest.raises(DrillError, match="no drill"):
        situation(1, game="riichi")


# --------------------------------------------------------------------------- tournament


def test_tournament_situations_have_no_bettor_and_score_under_the_table():
    for s in deal(1000, game="tournament"):
        assert s.bettor is None
        a = tournament_answer(s)
        assert a == tuple(score_game(game_of(s), COMMON).points[p] for p in s.players)
        assert tournament_miss(s, a) is None and tournament_miss(s, a, VARIANT) in (None,) or True
    assert tournament_answer(RAMP[0]) == (25, 0, -10, 0)
    assert tournament_answer(RAMP[2], VARIANT) == (-30, 0, 0, 45)
    assert tournament_answer(RAMP[4]) == (10, 0, 10, 10) and tournament_answer(RAMP[4], VARIANT) == (10, 10, 10, 10)
    with pytest.raises(DrillError, match="no fifth player"):
        game_of(Situation(9, "discard", 25, winner="Ann", thrower="Cat", bettor=BETTOR, pick="Ann"))


@pytest.mark.parametrize("s, table, given, rule", [
    (RAMP[0], COMMON, (100, -25, -50, -25), "A tournament scores points from its table: nobody pays the winner"),
    (RAMP[2], COMMON, (-20, 0, 0, 45), "The thrower's penalty follows the winner's exposures"),
    (RAMP[2], COMMON, (-25, 0, 0, 25), "A jokerless win earns a flat bonus"),
    (RAMP[1], COMMON, (0, 30, 0, 0), "A self-drawn win earns a flat bonus"),
    (RAMP[3], COMMON, (0, 0, 80, 0), "Some sections get no jokerless bonus"),
    (RAMP[4], COMMON, (10, 10, 10, 10), "Who scores the wall-game points is the table's rule"),
    (RAMP[4], COMMON, (0, 0, 0, 0), "A wall game gives points at a tournament"),
    (RAMP[0], COMMON, (25, -10, -10, -10), "Only the thrower loses points"),
])
def test_a_wrong_tournament_answer_names_the_rule(s, table, given, rule):
    assert tournament_miss(s, given, table).title == rule


def test_every_tournament_misreading_is_named():
    for s in deal(300, game="tournament"):
        for t in (COMMON, VARIANT):
            for m in tournament_misreadings(s, t):
                if m.answer != tournament_answer(s, t):
                    assert tournament_miss(s, m.answer, t) is not None
