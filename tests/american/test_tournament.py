"""Tournament scoring: every figure of RULES.md's tournament section, the variant, an
organizer's own table (tests/american/test_tables.py has the files), standings, and the command."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore.american import CATEGORIES
from mjscore.cli import main
from mjscore.american.tournament import (COMMON, PRESETS, VARIANT, Game, TournamentError, TournamentTable, get_table,
                                points_by_role, preset, sample_night, score_game, standings,
                                table_from_json)

FOUR = ("Ann", "Bea", "Cat", "Dee")


def discard(value=25, **kw):
    return Game(FOUR, "discard", winner="Ann", thrower="Cat", value=value, **kw)


def self_drawn(value=25, **kw):
    return Game(FOUR, "self-drawn", winner="Ann", value=value, **kw)


# --------------------------------------------------------------------------- the common table (RULES.md)


@pytest.mark.parametrize("value", [25, 30, 35, 40, 50, 75])
def test_the_winner_scores_the_card_value(value):
    assert score_game(discard(value)).points["Ann"] == value


def test_self_drawn_adds_10():
    assert score_game(self_drawn(25)).points == {"Ann": 35, "Bea": 0, "Cat": 0, "Dee": 0}


def test_jokerless_adds_20():
    assert score_game(discard(25, jokerless=True)).points["Ann"] == 45
    assert score_game(self_drawn(25, jokerless=True)).points["Ann"] == 55


def test_no_jokerless_bonus_for_singles_and_pairs():
    s = score_game(self_drawn(50, jokerless=True, category="singles-and-pairs"))
    assert s.points["Ann"] == 60
    assert any("no jokerless bonus for Singles and Pairs" in line.reason for line in s.reasons("Ann"))


def test_quints_do_get_the_jokerless_bonus_in_the_tournament_table():
    # Home play exempts Quints from the jokerless double; RULES.md's tournament table names
    # only Singles and Pairs.
    assert score_game(discard(40, jokerless=True, category="quints")).points["Ann"] == 60


@pytest.mark.parametrize("exposures, penalty", [(0, 10), (1, 10), (2, 20), (3, 25), (4, 25)])
def test_the_thrower_loses_by_the_winners_exposures(exposures, penalty):
    assert score_game(discard(exposures=exposures)).points == {"Ann": 25, "Bea": 0, "Cat": -penalty, "Dee": 0}


def test_the_other_losers_score_0():
    for game in (discard(50, exposures=3), self_drawn(50, jokerless=True)):
        pts = score_game(game).points
        assert pts["Bea"] == pts["Dee"] == 0


def test_a_wall_game_gives_10_to_every_live_hand_and_0_to_a_dead_one():
    assert score_game(Game(FOUR, "wall")).points == {p: 10 for p in FOUR}
    assert score_game(Game(FOUR, "wall", dead={"Bea", "Dee"})).points == {"Ann": 10, "Bea": 0, "Cat": 10, "Dee": 0}


def test_a_dead_hand_scores_0_when_another_player_wins():
    assert score_game(discard(dead={"Bea"})).points["Bea"] == 0


def test_a_dead_hand_that_throws_the_winning_tile_still_loses_the_throwers_penalty():
    s = score_game(discard(exposures=2, dead={"Cat"}))
    assert s.points["Cat"] == -20


def test_the_role_figures_of_the_issue():
    assert points_by_role(25, "discard", exposures=1) == {"winner": 25, "thrower": -10, "other": 0}
    assert points_by_role(25, "self-drawn", exposures=1) == {"winner": 35, "other": 0}
    assert points_by_role(None, "wall") == {"live_hand": 10, "dead_hand": 0}


def test_a_joker_exchange_and_a_heavenly_hand_score_as_self_drawn():
    for how in ("joker-exchange", "heavenly-hand"):
        assert points_by_role(25, how) == {"winner": 35, "other": 0}


def test_an_unfinished_game_scores_0_under_both_presets():
    for table in (COMMON, VARIANT):
        assert score_game(Game(FOUR, "unfinished", dead={"Ann"}), table).points == {p: 0 for p in FOUR}


def test_every_figure_has_a_line_with_its_reason():
    s = score_game(discard(30, jokerless=True, exposures=3, dead={"Dee"}))
    assert [(line.player, line.points) for line in s.lines] == [
        ("Ann", 30), ("Ann", 20), ("Bea", 0), ("Cat", -25), ("Dee", 0), ("Dee", 0)]
    assert [line.reason for line in s.reasons("Cat")] == ["threw the winning tile to a winner showing 3 exposures"]
    assert "Points: Ann +50, Bea 0, Cat −25, Dee 0" in s.explain()
    assert s.to_json()["points"] == {"Ann": 50, "Bea": 0, "Cat": -25, "Dee": 0}


def test_a_result_is_immutable_and_fresh_each_time():
    s = score_game(discard())
    s.points["Ann"] = 999
    assert s.points["Ann"] == 25
    with pytest.raises(AttributeError):
        s.lines = ()  # type: ignore[misc]


# --------------------------------------------------------------------------- the variant


def test_the_variant_takes_30_for_3_exposures():
    assert [VARIANT.thrower_penalty_for(n) for n in range(5)] == [10, 10, 20, 30, 30]
    assert points_by_role(25, "discard", exposures=3, table=VARIANT) == {"winner": 25, "thrower": -30, "other": 0}


def test_the_variant_gives_every_player_10_in_a_wall_game():
    assert score_game(Game(FOUR, "wall", dead={"Bea"}), VARIANT).points == {p: 10 for p in FOUR}
    assert points_by_role(None, "wall", table=VARIANT) == {"live_hand": 10, "dead_hand": 10}


def test_the_variant_otherwise_matches_the_common_table():
    a, b = COMMON.to_json(), VARIANT.to_json()
    for d in (a, b):
        d.pop("name"), d.pop("source"), d.pop("thrower_penalty")["3+"], d.pop("wall_game")
    assert a == b


def test_the_presets_are_named_with_their_sources():
    assert set(PRESETS) == {"common", "variant"}
    assert preset("common") == COMMON and get_table("variant") == VARIANT
    assert "rule book" in COMMON.source and "Master Points" in COMMON.source and "Fever" in COMMON.source
    assert "rule book" in VARIANT.source


def test_the_table_as_a_player_reads_it():
    rows = dict(COMMON.rows())
    assert rows["Winner: jokerless bonus"] == "+20 (not Singles and Pairs)"
    assert rows["Thrower, winner showed 3 or more exposures"] == "−25"
    assert rows["Wall game"] == "+10 to every player whose hand is not dead"
    assert dict(VARIANT.rows())["Wall game"] == "+10 to every player"


# --------------------------------------------------------------------------- games that cannot be scored


@pytest.mark.parametrize("kwargs, problem", [
    (dict(players=FOUR[:3], how="wall"), "four players"),
    (dict(players=("Ann", "Ann", "Cat", "Dee"), how="wall"), "same name"),
    (dict(players=("Ann", "", "Cat", "Dee"), how="wall"), "needs a name"),
    (dict(players=FOUR, how="draw"), "unknown way"),
    (dict(players=FOUR, how="wall", winner="Ann"), "no winner"),
    (dict(players=FOUR, how="wall", value=25), "no hand value"),
    (dict(players=FOUR, how="wall", jokerless=True), "no winning hand"),
    (dict(players=FOUR, how="wall", dead={"Eve"}), "not at the table"),
    (dict(players=FOUR, how="discard", winner="Ann", thrower="Cat"), "needs the hand's value"),
    (dict(players=FOUR, how="discard", winner="Ann", thrower="Cat", value=0), "more than 0"),
    (dict(players=FOUR, how="discard", winner="Ann", thrower="Cat", value=True), "whole number"),
    (dict(players=FOUR, how="discard", winner="Ann", value=25), "name the thrower"),
    (dict(players=FOUR, how="discard", winner="Ann", thrower="Ann", value=25), "name the thrower"),
    (dict(players=FOUR, how="self-drawn", winner="Ann", thrower="Cat", value=25), "no thrower"),
    (dict(players=FOUR, how="self-drawn", winner="Eve", value=25), "not at the table"),
    (dict(players=FOUR, how="self-drawn", winner="Ann", value=25, dead={"Ann"}), "dead hand"),
    (dict(players=FOUR, how="self-drawn", winner="Ann", value=25, exposures=5), "0 to 4"),
    (dict(players=FOUR, how="self-drawn", winner="Ann", value=25, exposures=-1), "0 to 4"),
    (dict(players=FOUR, how="self-drawn", winner="Ann", value=25, category="pairs"), "unknown category"),
    (dict(players=FOUR, how="self-drawn", winner="Ann", value=25, jokerless="yes"), "true or false"),
    (dict(players=FOUR, how="self-drawn", winner="Ann", value=25, category="singles-and-pairs", exposures=1),
     "concealed"),
    (dict(players=FOUR, how="self-drawn", winner="Ann", value=25, penalties=[("Eve", "misnamed_discard")]),
     "a penalty is"),
])
def test_a_game_that_cannot_be_scored(kwargs, problem):
    with pytest.raises(TournamentError, match=problem):
        Game(**kwargs)


def test_tournament_errors_are_value_errors():
    assert issubclass(TournamentError, ValueError)


# --------------------------------------------------------------------------- standings


def test_standings_best_first_with_shared_places():
    night = [discard(25), Game(FOUR, "self-drawn", winner="Bea", value=15), Game(FOUR, "wall", dead={"Cat"})]
    s = standings(night)
    assert [(r.place, r.player, r.points) for r in s.rows] == [
        (1, "Ann", 35), (1, "Bea", 35), (3, "Dee", 10), (4, "Cat", -10)]
    assert s.leaders == ("Ann", "Bea")
    assert [(r.wins, r.threw, r.games) for r in s.rows] == [(1, 0, 3), (1, 0, 3), (0, 0, 3), (0, 1, 3)]
    assert "Standings after 3 games (Common published table)" in s.explain()


def test_standings_under_the_variant_and_across_tables():
    other = ("Eve", "Fay", "Gus", "Hal")
    night = [Game(FOUR, "wall", dead={"Cat"}),
             Game(other, "discard", winner="Eve", thrower="Fay", value=30, exposures=3)]
    assert standings(night, VARIANT).totals == {"Eve": 30, "Ann": 10, "Bea": 10, "Cat": 10, "Dee": 10,
                                                "Gus": 0, "Hal": 0, "Fay": -30}
    assert standings([]).rows == ()


def test_standings_refuse_what_is_not_a_game():
    with pytest.raises(TournamentError, match="from Game results"):
        standings([{"how": "wall"}])


def test_the_sample_night_is_the_same_for_the_same_seed():
    assert sample_night(games=30, seed=6) == sample_night(games=30, seed=6)
    assert sample_night(games=30, seed=6) != sample_night(games=30, seed=7)
    assert len(sample_night(games=0)) == 0
    with pytest.raises(TournamentError):
        sample_night(games=-1)


# --------------------------------------------------------------------------- properties

tables = st.builds(
    TournamentTable,
    name=st.text(min_size=1, max_size=10).filter(str.strip),
    card_value_times=st.integers(1, 3),
    self_drawn_bonus=st.integers(0, 50), jokerless_bonus=st.integers(0, 50),
    jokerless_excludes=st.frozensets(st.sampled_from(list(CATEGORIES))),
    thrower_penalty=st.tuples(*[st.integers(0, 60)] * 3),
    other_loser_penalty=st.integers(0, 20),
    wall_game_points=st.integers(0, 30), wall_game_to=st.sampled_from(["live-hands", "every-player"]),
    dead_hand_penalty=st.integers(0, 30),
    unfinished_game_points=st.integers(0, 30), unfinished_game_to=st.sampled_from(["live-hands", "every-player"]),
    penalties=st.dictionaries(st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True), st.integers(0, 50)).map(
        lambda d: {**d, "misnamed_discard": d.get("misnamed_discard", 0)}),
)


@st.composite
def games(draw):
    how = draw(st.sampled_from(["discard", "self-drawn", "wall", "unfinished", "joker-exchange", "heavenly-hand"]))
    dead = draw(st.frozensets(st.sampled_from(FOUR), max_size=3))
    if how in ("wall", "unfinished"):
        return Game(FOUR, how, dead=dead)
    live = [p for p in FOUR if p not in dead]
    winner = draw(st.sampled_from(live))
    category = draw(st.sampled_from(list(CATEGORIES)))
    exposures = 0 if category == "singles-and-pairs" else draw(st.integers(0, 4))
    thrower = draw(st.sampled_from([p for p in FOUR if p != winner])) if how == "discard" else None
    return Game(FOUR, how, winner=winner, thrower=thrower, value=draw(st.integers(1, 200)),
                jokerless=draw(st.booleans()), category=category, exposures=exposures, dead=dead)


@given(games(), st.one_of(st.just(COMMON), st.just(VARIANT), tables))
@settings(deadline=None)
def test_the_winner_never_scores_below_the_card_value(game, table):
    pts = score_game(game, table).points
    if game.winner:
        assert pts[game.winner] >= game.value


@given(games())
@settings(deadline=None)
def test_under_the_common_table_only_the_winner_gains_and_only_the_thrower_loses(game):
    pts = score_game(game).points
    if game.scores_as == "wall":
        assert pts == {p: 0 if p in game.dead else 10 for p in FOUR}
    elif game.scores_as == "unfinished":
        assert set(pts.values()) == {0}
    else:
        assert pts[game.winner] in range(game.value, game.value + 31)
        for p in FOUR:
            if p == game.thrower:
                assert pts[p] in (-10, -20, -25)
            elif p != game.winner:
                assert pts[p] == 0


@given(games(), st.one_of(st.just(COMMON), st.just(VARIANT), tables))
@settings(deadline=None)
def test_the_lines_add_up_to_the_points_and_every_player_has_one(game, table):
    s = score_game(game, table)
    assert {line.player for line in s.lines} == set(FOUR)
    assert sum(s.points.values()) == sum(line.points for line in s.lines)


@given(st.lists(games(), max_size=8), st.one_of(st.just(COMMON), st.just(VARIANT)))
@settings(max_examples=50, deadline=None)
def test_standings_total_the_games_and_are_ordered(night, table):
    s = standings(night, table)
    for p, total in s.totals.items():
        assert total == sum(score_game(g, table).points[p] for g in night)
    pts = [r.points for r in s.rows]
    assert pts == sorted(pts, reverse=True)
    assert all(r.place == 1 + sum(q > r.points for q in pts) for r in s.rows)


@given(tables)
@settings(deadline=None)
def test_any_valid_table_survives_its_json(table):
    assert table_from_json(json.loads(json.dumps(table.to_json()))) == table


@given(st.integers(0, 4), st.integers(0, 4))
def test_more_exposures_never_cost_the_thrower_less_under_the_presets(a, b):
    for table in (COMMON, VARIANT):
        if a <= b:
            assert table.thrower_penalty_for(a) <= table.thrower_penalty_for(b)


# --------------------------------------------------------------------------- the command line


def run(capsys, *argv):
    code = main(["tournament", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, expected", [
    (["--value", "25", "--how", "discard", "--exposures", "1"], {"winner": 25, "thrower": -10, "other": 0}),
    (["--value", "25", "--how", "self-drawn", "--exposures", "1"], {"winner": 35, "other": 0}),
    (["--value", "25", "--how", "wall"], {"live_hand": 10, "dead_hand": 0}),
    (["--how", "wall"], {"live_hand": 10, "dead_hand": 0}),
    (["--how", "wall", "--table", "variant"], {"live_hand": 10, "dead_hand": 10}),
    (["--value", "25", "--how", "discard", "--exposures", "3"], {"winner": 25, "thrower": -25, "other": 0}),
    (["--value", "25", "--how", "discard", "--exposures", "3", "--table", "variant"],
     {"winner": 25, "thrower": -30, "other": 0}),
    (["--value", "30", "--how", "discard", "--exposures", "2", "--jokerless"],
     {"winner": 50, "thrower": -20, "other": 0}),
    (["--value", "50", "--how", "self-drawn", "--jokerless", "--category", "singles-and-pairs"],
     {"winner": 60, "other": 0}),
    (["--how", "unfinished"], {"live_hand": 0, "dead_hand": 0}),
])
def test_cli_prints_each_roles_points(capsys, argv, expected):
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert json.loads(out) == expected
    assert list(json.loads(out)) == list(expected)


@pytest.mark.parametrize("argv, message", [
    (["--value", "25", "--how", "discard", "--table", "fever"], "unknown table 'fever'"),
    (["--value", "25", "--how", "discard", "--table", "missing.json"], "no such table file"),
    (["--value", "0", "--how", "discard"], "from 1 to 100,000"),
    (["--value", "x", "--how", "discard"], "whole number"),
    (["--how", "discard"], "--value is needed"),
    (["--value", "25", "--how", "draw"], "invalid choice"),
    (["--value", "25"], "--how"),
    (["--value", "25", "--how", "discard", "--exposures", "5"], "0 to 4"),
    (["--value", "25", "--how", "discard", "--exposures", "-1"], "from 0 to 4"),
    (["--value", "25", "--how", "wall", "--jokerless"], "no winning hand"),
    (["--value", "25", "--how", "discard", "--category", "pairs"], "invalid choice"),
])
def test_cli_refuses_bad_input_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("mjscore: error:") and err.count("\n") == 1
    assert message in err


def test_a_dead_hand_in_a_wall_game_is_explained_once():
    """The wall game's line already says a dead hand gets nothing: no second line saying 0 again;
    a dead hand in a won game is said to pay nothing more (at a table that charges nothing for it),
    and a table that charges for it says so in a line of its own."""
    game = Game(("Ann", "Bea", "Cat", "Dee"), "wall", dead={"Bea"})
    bea = [line for line in score_game(game).lines if line.player == "Bea"]
    assert [(line.points, line.reason) for line in bea] == [(0, "wall game: no points to a dead hand")]
    won = Game(("Ann", "Bea", "Cat", "Dee"), "self-drawn", winner="Ann", value=25, dead={"Bea"})
    bea = [line.reason for line in score_game(won).lines if line.player == "Bea"]
    assert bea == ["did not win and did not throw", "dead hand: nothing more to pay at this table"]
    strict = TournamentTable(**{**COMMON.__dict__, "name": "strict", "dead_hand_penalty": 5})
    bea = [(line.points, line.reason) for line in score_game(game, strict).lines if line.player == "Bea"]
    assert bea == [(0, "wall game: no points to a dead hand"), (-5, "dead hand")]
