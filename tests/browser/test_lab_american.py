"""The American payments app in JupyterLab: change the card value and the way of winning, and
the payments shown change to the engine's figures (the seed's worked examples among them)."""

from __future__ import annotations

from mjscore import home_payments
from mjscore.views.american.american_app import HOW_LABELS

NOTEBOOK = "01-american-who-pays.ipynb"


def expect_payout(result, value: int, how: str, jokerless: bool = False) -> None:
    """The result panel shows the engine's payments and what the winner collects."""
    from playwright.sync_api import expect

    p = home_payments(value, how, jokerless=jokerless)
    expect(result.locator(".mjs-payer td:last-child")).to_have_text([f"pays {v:,}" for v in p.payments])
    expect(result.locator(".mjs-collects")).to_contain_text(f"collects {p.winner_collects:,}")


def test_value_and_way_of_winning_change_the_payments(lab_notebook):
    nb = lab_notebook(NOTEBOOK)
    app = nb.one("mjs-american")
    value, how, result = (nb.one(f"mjs-american-{part}", app) for part in ("value", "how", "result"))

    # The app opens on 25 on a discard; move away first, so that each figure below is new.
    nb.fill(value, 40)
    expect_payout(result, 40, "discard")                       # 80 / 40 / 40, collects 160
    nb.fill(value, 25)
    expect_payout(result, 25, "discard")                       # the seed: 50 / 25 / 25, 100
    assert home_payments(25, "discard").payments == (50, 25, 25)
    nb.shot("american-payments", app)

    how.locator("select").select_option(label=HOW_LABELS["self-drawn"])
    expect_payout(result, 25, "self-drawn")                    # 50 x 3, 150
    assert home_payments(25, "self-drawn").winner_collects == 150
    nb.one("mjs-american-jokerless", app).locator("input[type=checkbox]").set_checked(True)
    expect_payout(result, 25, "self-drawn", jokerless=True)    # 100 x 3, 300
    nb.assert_no_page_errors()
