"""The tournament-vs-home app in JupyterLab: change the winner and how the game ended, and each
player's home payment and tournament points follow (the same app, driven without a browser,
gives the expected rows from the engine)."""

from __future__ import annotations

from mjscore.views._style import signed as _signed
from mjscore.views.american.tournament_app import TournamentVsHomeApp

NOTEBOOK = "06-tournament-vs-home.ipynb"


def test_winner_and_way_of_winning_change_both_columns(lab_notebook):
    from playwright.sync_api import expect

    nb = lab_notebook(NOTEBOOK)
    app = nb.one("mjs-tournament-app")
    winner, how, result = (nb.one(f"mjs-tournament-{part}", app) for part in ("winner", "how", "result"))
    expect(winner.locator("option")).to_have_count(4)  # the list drawn before it is read
    players = winner.locator("option").all_inner_texts()

    expected_app = TournamentVsHomeApp(players)
    rows = result.locator("tr.mjs-tournament-row")

    def expect_rows(**state):
        expected_app.set(**state)
        frame = expected_app.frame()
        expect(rows).to_have_count(4)
        for p, r in frame.iterrows():
            cells = rows.and_(result.locator(f'tr[data-player="{p}"]')).locator("td")
            expect(cells.nth(2)).to_have_text(_signed(int(r["home"])))
            expect(cells.nth(3)).to_have_text(_signed(int(r["tournament"])))

    nb.press(how, "self-drawn")
    winner.locator("select").select_option(label=players[1])
    expect_rows(how="self-drawn", winner=players[1])
    # At a projector's 1,024 px the lesson's three exposures are one click (a slider's track was 0 px)
    nb.resize({"width": 1024, "height": 768})  # laid out again and painted before the click
    nb.press(nb.one("mjs-tournament-exposures", app), "3")
    expect_rows(exposures=3)
    nb.press(how, "wall game")
    expect_rows(how="wall", exposures=0)
    dead = nb.one("mjs-tournament-dead", app)  # two dead hands: a click each
    nb.press(dead, players[1])
    nb.press(dead, players[3])
    expect_rows(dead=(players[1], players[3]))
    expect(result).to_contain_text(f"(dead: {players[1]}, {players[3]})")
    nb.assert_no_page_errors()
