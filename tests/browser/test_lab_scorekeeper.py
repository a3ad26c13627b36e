"""The scorekeeper in JupyterLab: start a night, enter two hands by clicking, and the totals
show them, as the engine's Ledger works them out for the same two hands."""

from __future__ import annotations

import re

from mjscore.night import Ledger

NOTEBOOK = "08-scorekeeper.ipynb"
PLAYERS = ["Ann", "Bea", "Cat", "Dee"]


def _totals(nb, widget) -> dict[str, int]:
    rows = widget.locator("table.mjs-totals tr")
    out = {}
    for row in rows.all():
        cells = row.locator("td").all_inner_texts()
        if len(cells) == 2:
            out[cells[0].strip()] = int(cells[1].replace(",", "").replace("−", "-").strip() or 0)
    return out


def test_two_hands_make_the_totals(notebook):
    from playwright.sync_api import expect

    nb = notebook(NOTEBOOK)
    nb.run_all()
    app = nb.one("mjs-score-app")
    players = nb.one("mjs-score-players", app)
    if players.is_visible() and players.locator("input").is_enabled():
        players.locator("input").fill(", ".join(PLAYERS))
        players.locator("input").press("Tab")
        nb.one("mjs-score-start", app).click()
    winner, how, thrower = (nb.one(f"mjs-score-{part}", app) for part in ("winner", "how", "thrower"))
    value, add = nb.one("mjs-score-value", app), nb.one("mjs-score-add", app)
    totals = nb.one("mjs-score-totals", app)
    expect(winner.get_by_role("button")).to_have_text(PLAYERS)
    before = _totals(nb, totals)
    assert set(before) == set(PLAYERS), before
    caption = totals.locator("caption").inner_text()
    hands_before = int(re.search(r"\d+", caption).group())

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

    expected = {p: before[p] + first.payments[p] + second.payments[p] for p in PLAYERS}
    shown = [re.compile(rf"^\s*{p}\s*{re.escape(f'{v:+,d}' if v else '0')}\s*$") for p, v in expected.items()]
    expect(totals.locator("table.mjs-totals tr")).to_have_text(shown)
    assert _totals(nb, totals) == expected
    expect(totals.locator("caption")).to_have_text(f"Totals after {hands_before + 2} hands")
    expect(nb.one("mjs-score-journal", app)).to_contain_text(f"{hands_before + 2} hands saved")
    nb.shot("scorekeeper", status, nb.one("mjs-score-chart", app))
    nb.assert_no_page_errors()
