"""The scorekeeper in JupyterLab: start a night, enter two hands by clicking, correct the first
from the table, and the totals show them, as the engine's Ledger works them out."""

from __future__ import annotations

import re

import pytest

from mjscore.night import Ledger

NOTEBOOK = "08-scorekeeper.ipynb"
PLAYERS = ["Ann", "Bea", "Cat", "Dee"]


def _totals(widget) -> dict[str, int]:
    """Each player's total as the app shows it (rows: place, name, total)."""
    out = {}
    for row in widget.locator("table.mjs-totals tr").all():
        cells = row.locator("td").all_inner_texts()
        if len(cells) == 3:
            out[cells[1].strip()] = int(cells[2].replace(",", "").replace("−", "-").strip() or 0)
    return out


@pytest.mark.shares_run(NOTEBOOK)  # after the layout check, on its run
def test_two_hands_and_a_correction_make_the_totals(notebook):
    from playwright.sync_api import expect

    nb = notebook(NOTEBOOK)
    app = nb.one("mjs-score-app")
    players = nb.one("mjs-score-players", app)
    if players.is_visible():  # a new night (else the journal of an earlier run is carried on)
        players.locator("input").fill(", ".join(PLAYERS))
        players.locator("input").press("Tab")
        nb.one("mjs-score-start", app).click()
    winner, how, thrower = (nb.one(f"mjs-score-{part}", app) for part in ("winner", "how", "thrower"))
    value, add = nb.one("mjs-score-value", app), nb.one("mjs-score-add", app)
    totals = nb.one("mjs-score-totals", app)
    expect(winner.get_by_role("button")).to_have_text(PLAYERS)
    before = _totals(totals)
    assert set(before) == set(PLAYERS), before
    hands_before = int(re.search(r"\d+", totals.locator("caption").inner_text()).group())

    night = Ledger(PLAYERS)  # the engine, for the expected figures

    # Hand 1: Ann wins on Cat's discard, a 25 hand.
    nb.press(winner, "Ann")
    expect(thrower.get_by_role("button")).to_have_text(["Bea", "Cat", "Dee"])
    nb.press(how, "On a discard")
    nb.press(thrower, "Cat")
    nb.press(value, "25")
    first = night.add(winner="Ann", how="discard", thrower="Cat", value=25)
    expect(nb.one("mjs-score-payments", app)).to_contain_text("if you add it")
    add.click()
    expect(totals.locator("caption")).to_have_text(re.compile(rf"Totals after {hands_before + 1} hands?$"))
    status = nb.one("mjs-score-status", app)
    expect(status).to_contain_text(first.text)

    # Hand 2: Bea draws her own tile, a jokerless 30 hand.
    nb.press(how, "Self-drawn")
    nb.press(winner, "Bea")
    nb.press(value, "30")
    nb.tick(nb.one("mjs-score-jokerless", app))
    second = night.add(winner="Bea", how="self-drawn", value=30, jokerless=True)
    expect(nb.one("mjs-score-payments", app)).to_contain_text(second.text)
    add.click()
    expect(status).to_contain_text(second.text)

    # Correct the first of the two from the table: Dee threw, not Cat.
    n = hands_before + 1
    nb.choose(nb.one("mjs-score-editing", app), f"correct hand {n}: {first.text}")
    expect(add).to_have_text(f"Save the correction of hand {n}")
    nb.press(thrower, "Dee")
    fixed = night.correct(1, thrower="Dee")
    add.click()
    expect(status).to_contain_text(fixed.text)
    expect(add).to_have_text("Add the hand")

    expected = {p: before[p] + night.totals[p] for p in PLAYERS}
    expect(totals.locator("caption")).to_have_text(f"Totals after {hands_before + 2} hands")
    assert _totals(totals) == expected
    expect(nb.one("mjs-score-journal", app)).to_contain_text(f"{hands_before + 2} hands saved")
    expect(nb.one("mjs-score-chart", app).locator("svg polyline")).to_have_count(4)
    nb.shot("scorekeeper", status, nb.one("mjs-score-chart", app))
    nb.assert_no_page_errors()
