"""The season in the scorekeeper app: the season of the nights in its folder, driven without a browser."""

from __future__ import annotations

import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore.files.storage import data_dir
from mjscore.night import Ledger, journal_path
from mjscore.numbers import signed
from mjscore.views.night.scorekeeper_app import ScorekeeperApp
from mjscore.views.night.season_html import running_svg, season_html
from mjscore.night.season import read_season
from tests.night.test_season import night, play, snapshot

FOUR = ["Ann", "Bea", "Cat", "Dee"]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(night(), min_size=1, max_size=4))
def test_the_apps_season_totals_are_the_sums_of_the_nights(tmp_path, monkeypatch, nights):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path / uuid.uuid4().hex))
    folder = data_dir() / "nights"
    folder.mkdir(parents=True)
    expected: dict[str, int] = {}
    for i, (players, steps) in enumerate(nights):
        ledger = play(folder / f"night-2025-02-{i + 1:02d}.csv", players, steps)
        for p, v in (ledger.totals.items() if len(ledger) else ()):
            expected[p] = expected.get(p, 0) + v
    before = snapshot(folder)
    app = ScorekeeperApp()
    app.season.button.click()
    table = app.season.season.game("american") if app.season.season else None
    assert ({s.player: s.total for s in table.standings} if table else {}) == expected
    for player, total in expected.items():
        assert f"<td>{signed(total)}</td>" in app.season.html.value or signed(total) in app.season.html.value
    assert snapshot(folder) == before


def test_the_scorekeeper_offers_the_season_of_the_open_nights_folder(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    old = Ledger(FOUR, journal=folder / "night-2025-03-04.csv")
    old.add(winner="Bea", how="self-drawn", value=25)
    app = ScorekeeperApp(journal=str(folder / "night-2025-03-11.csv"), players=FOUR)
    app.winner.value, app.how.value, app.thrower.value, app.value.value = "Ann", "discard", "Cat", "25"
    app.add.click()
    app.season.button.click()
    standings = {s.player: s.total for s in app.season.season.games[0].standings}
    assert standings == {"Ann": 50, "Bea": 125, "Cat": -100, "Dee": -75}
    assert "the standings after 2 nights" in app.season.html.value and "mjs-season-svg" in app.season.html.value
    assert app.season.button.description == "Read the season again"
    # the data folder's own nights are another season: not these
    assert journal_path("x.csv").parent != folder


def test_an_unreadable_journal_is_named_in_the_app_and_the_rest_shown(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path))
    folder = tmp_path / "nights"
    folder.mkdir()
    Ledger(FOUR, journal=folder / "night-2025-03-04.csv").add(winner="Ann", how="self-drawn", value=25)
    (folder / "shopping.csv").write_text("milk,eggs\n", encoding="utf-8")
    app = ScorekeeperApp()
    app.season.button.click()
    page = app.season.html.value
    assert "Not counted:" in page and "shopping.csv: does not name its players" in page and "+150" in page


def test_nights_of_two_games_are_two_tables_and_an_absent_player_is_absent():
    tue, wed = Ledger(FOUR), Ledger(["Ann", "Bea", "Cat", "Eve"], game="willingdon")
    tue.add(winner="Ann", how="self-drawn", value=25)
    wed.add(winner="Eve", how="self-drawn", value=100)
    thu = Ledger(["Ann", "Bea", "Cat", "Eve"])
    thu.add(how="wall")
    from mjscore.night.season import season_of

    season = season_of([("tue.csv", "2025-03-04", tue), ("wed.csv", "2025-03-05", wed), ("thu.csv", "2025-03-06", thu)])
    page = season_html(season)
    assert "These nights are of two games, American and Willingdon" in page
    assert page.count("mjs-season-standings") == 2 and page.count('class="mjs-absent">absent<') == 2
    svg = running_svg(season.game("american"))
    assert svg.count("<polyline") == 5 and svg.count("<circle") == 4 + 4  # a point at each night played


def test_the_apps_season_is_the_command_lines(tmp_path):
    """The season the app shows is the command line's: the same Season from the same folder."""
    Ledger(FOUR, journal=tmp_path / "night-2025-03-04.csv").add(winner="Ann", how="self-drawn", value=25)
    app = ScorekeeperApp(journal=str(tmp_path / "night-2025-03-04.csv"))
    app.season.show()
    assert app.season.season == read_season([tmp_path])
