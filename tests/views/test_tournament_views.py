"""Tournament versus home, on screen: the tables, the chart and the widget app, driven
without a browser."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from mjscore.american import LEAGUE_CARD  # noqa: E402
from mjscore.american.tournament import COMMON, VARIANT, Game, TournamentError, sample_night  # noqa: E402
from mjscore.views.american.tournament_app import TournamentVsHomeApp  # noqa: E402
from mjscore.views.american.tournament_views import (compare_hand, compare_night, games_frame, home_points,  # noqa: E402
                                            leaders, night_summary_html, running_totals, standings_chart,
                                            tables_frame, thrower_cost, throwing_frame)

FOUR = ("Ann", "Bea", "Cat", "Dee")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# --------------------------------------------------------------------------- tables


def test_tables_frame_shows_both_presets_rule_by_rule():
    frame = tables_frame()
    assert list(frame.columns) == [COMMON.name, VARIANT.name]
    assert frame.loc["Winner: self-drawn bonus"].tolist() == ["+10", "+10"]
    assert frame.loc["Thrower, winner showed 3 or more exposures"].tolist() == ["−25", "−30"]
    assert frame.loc["Wall game"].tolist() == ["+10 to every player whose hand is not dead", "+10 to every player"]
    assert list(tables_frame([VARIANT]).columns) == [VARIANT.name]


def test_compare_hand_the_seeds_discard():
    g = Game(FOUR, "discard", winner="Ann", thrower="Cat", value=25, exposures=1)
    frame = compare_hand(g)
    assert frame.index.tolist() == list(FOUR)
    assert frame.to_dict("list") == {"role": ["winner", "other", "thrower", "other"],
                                     "home": [100, -25, -50, -25], "tournament": [25, 0, -10, 0]}


def test_compare_hand_self_drawn_jokerless_and_wall():
    g = Game(FOUR, "self-drawn", winner="Bea", value=25, jokerless=True)
    assert compare_hand(g)["home"].tolist() == [-100, 300, -100, -100]
    assert compare_hand(g)["tournament"].tolist() == [0, 55, 0, 0]
    wall = Game(FOUR, "wall", dead={"Dee"})
    assert compare_hand(wall).to_dict("list") == {"role": ["live hand"] * 3 + ["dead hand"],
                                                  "home": [0, 0, 0, 0], "tournament": [10, 10, 10, 0]}
    assert compare_hand(wall, VARIANT)["tournament"].tolist() == [10, 10, 10, 10]


def test_home_points_follow_the_home_rules():
    quints = Game(FOUR, "discard", winner="Ann", thrower="Bea", value=40, jokerless=True, category="quints")
    assert home_points(quints)["Bea"] == -80
    assert home_points(quints, LEAGUE_CARD)["Bea"] == -160
    assert home_points(Game(FOUR, "unfinished")) == dict.fromkeys(FOUR, 0)
    assert sum(home_points(g).get(p, 0) for g in sample_night(seed=3) for p in FOUR) == 0


def test_thrower_cost_grows_with_the_value_at_home_but_not_at_a_tournament():
    frame = thrower_cost([25, 50, 75])
    assert frame[("home", "thrower pays")].tolist() == [50, 100, 150]
    assert frame[("home", "throwing costs extra")].tolist() == [25, 50, 75]
    assert frame[("tournament", "thrower loses, 0-1 exposures")].tolist() == [10, 10, 10]
    assert frame[("tournament", "thrower loses, 3+ exposures")].tolist() == [25, 25, 25]
    assert thrower_cost([25], VARIANT)[("tournament", "thrower loses, 3+ exposures")].tolist() == [30]
    assert thrower_cost([25], jokerless=True)[("home", "thrower pays")].tolist() == [100]


# --------------------------------------------------------------------------- a night


#: The night notebooks/06 shows (sample_night draws only random(), so it is the same on every Python).
NIGHT = sample_night(games=16, seed=11)


def test_games_frame_one_row_per_game():
    frame = games_frame(NIGHT)
    assert frame.index.tolist() == list(range(1, 17))
    assert list(frame.columns) == ["game"] + [f"{p} {s}" for p in FOUR for s in ("home", "tournament")]
    assert frame.loc[2, "game"] == "Wall game: the wall ran out"
    home = frame[[f"{p} home" for p in FOUR]]
    assert (home.sum(axis=1) == 0).all()  # home payments always balance


def test_running_totals_end_at_the_night_totals():
    frame = running_totals(NIGHT)
    assert frame.index.tolist() == list(range(17))
    assert frame.loc[0].tolist() == [0] * 8
    night = compare_night(NIGHT)
    for p in FOUR:
        assert frame[("home", p)].iloc[-1] == night.loc[p, "home"]
        assert frame[("tournament", p)].iloc[-1] == night.loc[p, "tournament"]


def test_compare_night_places_under_each_system():
    frame = compare_night(NIGHT)
    assert list(frame.columns) == ["home", "home place", "tournament", "tournament place", "wins", "threw"]
    assert frame["tournament"].is_monotonic_decreasing
    assert frame["home"].sum() == 0
    assert frame["wins"].sum() + 5 == len(NIGHT)  # five wall games
    # this night's lesson: a different player finishes first under each system
    assert leaders(NIGHT) == {"home": ("Ann",), "tournament": ("Dee",)}
    assert leaders(NIGHT, VARIANT) == {"home": ("Ann",), "tournament": ("Dee",)}


def test_the_notebooks_story_of_the_night():
    # notebooks/06 tells this night in words: keep the words true
    frame = games_frame(NIGHT)
    assert frame.loc[15, "game"].startswith("Cat wins on Dee's discard: a 75 hand")
    assert (frame.loc[15, "Dee home"], frame.loc[15, "Dee tournament"]) == (-150, -20)
    assert frame.loc[14, "game"].startswith("Ann wins self-drawn: a 30 hand, 369, jokerless")
    assert (frame.loc[14, "Ann home"], frame.loc[14, "Ann tournament"]) == (360, 60)
    ann = [g for g in NIGHT if g.winner == "Ann"]
    assert len(ann) == 4 and sum(g.how == "self-drawn" for g in ann) == 2 == sum(g.jokerless for g in ann)
    assert NIGHT[4].how == "wall" and NIGHT[4].dead == {"Cat"}
    assert [i for i, g in enumerate(NIGHT, 1) if g.how == "wall"] == [2, 3, 5, 8, 16]
    assert compare_night(NIGHT).loc["Dee", "wins"] == 5 == compare_night(NIGHT)["wins"].max()
    variant = compare_night(NIGHT, VARIANT)["tournament"] - compare_night(NIGHT)["tournament"]
    assert variant.to_dict() == {"Dee": 0, "Ann": -5, "Cat": 10, "Bea": -5}
    thrown = throwing_frame(NIGHT)
    assert thrown["home: extra"].sum() * 2 == thrown["home: paid"].sum()


def test_throwing_frame_what_each_players_throws_cost():
    frame = throwing_frame(NIGHT)
    assert frame.index.tolist() == list(FOUR)
    assert frame.loc["Bea"].tolist() == [3, 280, 140, 55, 55]
    assert frame["threw"].sum() == sum(g.how == "discard" for g in NIGHT)
    assert (frame["home: extra"] * 2 == frame["home: paid"]).all()  # the thrower pays double what each other loser pays, jokerless or not
    assert throwing_frame(NIGHT, VARIANT)["tournament: lost"].sum() == 150


def test_night_summary_from_the_nights_own_numbers():
    html = night_summary_html(NIGHT)
    assert "First at home: Ann (+615)" in html and "First at the tournament: Dee (250 points)" in html
    assert "At home the throwers paid 800 of the 2,500 the winners collected (32%)" in html
    assert "the throwers lost 140 points while the winners scored 565" in html
    assert "Ann and Bea threw the most winning tiles (3 each)" in html
    assert "5 wall games: nothing at home; at the tournament 10 points each to 19 hands" in html
    assert "10 points each to 20 hands" in night_summary_html(NIGHT, VARIANT)


def test_night_summary_escapes_names():
    players = ("<i>Ann</i>", "Bea", "Cat", "Dee")
    night = [Game(players, "discard", winner="Bea", thrower="<i>Ann</i>", value=25), Game(players, "wall")]
    html = night_summary_html(night)
    assert "<i>" not in html and "&lt;i&gt;Ann&lt;/i&gt; threw the most" in html
    assert "1 wall game:" in html


def test_a_night_needs_the_same_four_players():
    other = Game(("Eve", "Fay", "Gus", "Hal"), "wall")
    with pytest.raises(ValueError, match="same four players"):
        games_frame([NIGHT[0], other])
    with pytest.raises(ValueError, match="no games"):
        running_totals([])


def test_standings_chart_two_panels_one_line_per_player():
    fig = standings_chart(NIGHT)
    home, tour = fig.axes[:2]
    assert [line.get_label() for line in tour.get_lines() if not line.get_label().startswith("_")] == list(FOUR)
    assert home.get_title() == "Home payments (running total)"
    assert tour.get_title() == f"Tournament points: {COMMON.name}"
    assert "first: Dee" in [t.get_text() for t in tour.texts]
    fig2, axes = plt.subplots(1, 2)
    assert standings_chart(NIGHT, VARIANT, axes=axes) is fig2


def test_chart_labels_keep_a_dollar_sign_literal():
    players = ("$Ann", "Bea$", "Cat", "Dee")
    night = [Game(players, "discard", winner="$Ann", thrower="Cat", value=25)]
    fig = standings_chart(night)
    labels = [line.get_label() for line in fig.axes[1].get_lines() if not line.get_label().startswith("_")]
    assert labels[0] == r"\$Ann"


def test_names_are_escaped_in_pandas_html():
    players = ("<b>Ann</b>", "Bea", "Cat", "Dee")
    g = Game(players, "discard", winner="<b>Ann</b>", thrower="Cat", value=25)
    html = compare_hand(g).to_html()
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html
    assert "<b>Ann</b>" not in compare_night([g])._repr_html_()


# --------------------------------------------------------------------------- the app


def test_app_starts_on_the_seeds_hand():
    app = TournamentVsHomeApp()
    assert app.frame().to_dict("list") == {"role": ["winner", "other", "thrower", "other"],
                                           "home": [100, -25, -50, -25], "tournament": [25, 0, -10, 0]}
    html = app.result.value
    assert html.count('class="mjs-tournament-row"') == 4
    assert "Throwing the winning tile cost Cat 50 at home (25 more than each other loser) and 10 points" in html
    assert "mjs-tournament-reasons" in html and "On a discard the thrower pays 2 x 25" in html


def test_app_css_classes_on_every_part():
    app = TournamentVsHomeApp()
    for part in ("value", "how", "winner", "thrower", "exposures", "jokerless", "category", "dead", "table",
                 "result"):
        assert f"mjs-tournament-{part}" in getattr(app, part)._dom_classes
        assert f"mjs-tournament-{part}" in TournamentVsHomeApp.__doc__
    assert "mjs-tournament-app" in app.widget._dom_classes


def test_app_responds_to_each_control():
    app = TournamentVsHomeApp()
    app.value.value = "50"
    assert app.frame()["home"].tolist() == [200, -50, -100, -50]
    app.exposures.value = 3
    assert app.frame()["tournament"].tolist() == [50, 0, -25, 0]
    app.table.value = "variant"
    assert app.frame()["tournament"].tolist() == [50, 0, -30, 0]
    app.jokerless.value = True
    assert app.frame()["tournament"].tolist() == [70, 0, -30, 0]
    assert app.frame()["home"].tolist() == [400, -100, -200, -100]
    app.how.value = "self-drawn"
    assert app.thrower.disabled and not app.value.disabled
    assert app.frame()["tournament"].tolist() == [80, 0, 0, 0]
    assert "mjs-tournament-thrower-cost" not in app.result.value
    app.how.value = "wall"
    assert app.value.disabled and app.winner.disabled
    app.dead.value = ("Bea",)
    assert app.frame()["tournament"].tolist() == [10, 10, 10, 10]  # the variant: dead hands too
    app.table.value = "common"
    assert app.frame()["tournament"].tolist() == [10, 0, 10, 10]
    assert "Wall game: the wall ran out (dead: Bea)" in app.result.value


def test_app_keeps_the_thrower_off_the_winner():
    app = TournamentVsHomeApp()
    app.winner.value = "Cat"
    assert "Cat" not in app.thrower.options and app.thrower.value == "Ann"
    app.thrower.value = "Dee"
    app.winner.value = "Bea"
    assert app.thrower.value == "Dee"
    assert app.game.thrower == "Dee" and app.game.winner == "Bea"
    assert "mjs-tournament-note" not in app.result.value


def test_choosing_the_thrower_as_winner_swaps_the_two_and_says_so():
    app = TournamentVsHomeApp()
    app.set(winner="Bea", thrower="Dee")
    app.winner.value = "Dee"  # the thrower was chosen as the winner: Bea threw
    assert app.game.winner == "Dee" and app.game.thrower == "Bea"
    assert "Dee was the thrower and now wins, so Bea is the thrower now" in app.result.value
    app.value.value = "30"  # the note is said once
    assert "mjs-tournament-note" not in app.result.value and app.game.thrower == "Bea"


def test_app_set_many_at_once():
    app = TournamentVsHomeApp()
    app.set(winner="Dee", thrower="Ann", value=30, exposures=2, category="winds-dragons", jokerless=True)
    assert app.frame().to_dict("index")["Ann"] == {"role": "thrower", "home": -120, "tournament": -20}
    assert app.frame().loc["Dee", "tournament"] == 50
    with pytest.raises(TypeError, match="no control named 'colour'"):
        app.set(colour="red")


def test_app_shows_a_refusal_instead_of_raising():
    app = TournamentVsHomeApp()
    app.dead.value = ("Ann",)
    assert "mjs-error" in app.result.value and "Ann cannot win with a dead hand" in app.result.value
    app.dead.value = ()
    app.set(category="singles-and-pairs", exposures=2)
    assert "Singles and Pairs hand is concealed" in app.result.value
    app.exposures.value = 0
    assert "mjs-error" not in app.result.value


def test_app_escapes_player_names():
    app = TournamentVsHomeApp(players=("<script>x</script>", "Bea", "Cat & Co", "Dee"))
    html = app.result.value
    assert "<script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html
    assert "Cat &amp; Co" in html
    app.dead.value = ("<script>x</script>",)
    assert "<script>" not in app.result.value


def test_app_with_an_organizers_table_and_bad_setups():
    club = COMMON.to_json()
    club["name"] = "Club"
    club["thrower_penalty"]["0-1"] = 5
    from mjscore.american.tournament import table_from_json
    app = TournamentVsHomeApp(tables={"club": table_from_json(club)})
    assert app.table.options == (("Club", "club"),)
    assert app.frame().loc["Cat", "tournament"] == -5
    with pytest.raises(TournamentError):
        TournamentVsHomeApp(players=("Ann", "Bea", "Cat"))
    with pytest.raises(TournamentError):
        TournamentVsHomeApp(tables={})


def test_app_frame_is_a_dataframe():
    assert isinstance(TournamentVsHomeApp().frame(), pd.DataFrame)


def test_a_wall_game_switches_off_what_it_does_not_use_so_that_it_looks_off():
    """A row of buttons switched off is also marked mjs-off (ipywidgets 8 draws ToggleButtons'
    disabled only when it draws them anew): the style fades it and lets no tap through."""
    from mjscore.views._style import APP_CSS

    app = TournamentVsHomeApp()
    app.set(how="wall")
    assert app.exposures.disabled and "mjs-off" in app.exposures._dom_classes
    assert "mjs-off" in app.thrower._dom_classes and "mjs-off" not in app.table._dom_classes
    app.set(how="self-drawn")
    assert not app.exposures.disabled and "mjs-off" not in app.exposures._dom_classes
    assert "mjs-off" in app.thrower._dom_classes  # no thrower when self-drawn
    assert ".mjs-app .mjs-off .jupyter-button" in APP_CSS and "pointer-events: none" in APP_CSS
