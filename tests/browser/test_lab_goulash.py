"""The Goulash claims app in JupyterLab: set who discards what and how many the claimer holds,
and the ruling and the turn order shown are the engine's (:func:`mjscore.willingdon.play.claim`)."""

from __future__ import annotations

from mjscore.willingdon.play import claim
from mjscore.tiles import INFO, SEAT_NAMES

NOTEBOOK = "05-playing-goulash.ipynb"


def test_a_claim_is_ruled_as_the_engine_rules_it(lab_notebook):
    from playwright.sync_api import expect

    nb = lab_notebook(NOTEBOOK)
    app = nb.one("mjs-goulash")
    part = {name: nb.one(f"mjs-goulash-{name}", app) for name in ("discarder", "tile", "claimer", "held", "last", "result")}
    result = part["result"]

    def expect_ruling(tile, discarder, claimer, held):
        r = claim(tile, discarder=discarder, claimer=claimer, held=held)
        expect(result.locator(".mjs-claim-allowed" if r.allowed else ".mjs-claim-refused")).to_have_count(1)
        expect(result).to_contain_text(r.reason)
        for seat in "ESWN":
            cell = result.locator(f'.mjs-seat[data-seat="{seat}"]')
            if seat in r.loses_turn:
                expect(cell).to_contain_text("loses a turn")
            else:
                expect(cell).not_to_contain_text("loses a turn")

    nb.press(part["last"], "the last discard")
    nb.press(part["discarder"], SEAT_NAMES["N"])
    part["tile"].locator("select").select_option(label=f"{INFO['RD'].name} (RD)")
    nb.press(part["claimer"], SEAT_NAMES["S"])
    nb.press(part["held"], "one")
    expect_ruling("RD", "N", "S", 1)          # only one held: no claim
    nb.press(part["held"], "a pair")
    expect_ruling("RD", "N", "S", 2)          # a pair: claimed, East loses a turn
    assert claim("RD", discarder="N", claimer="S", held=2).loses_turn == ("E",)
    nb.assert_no_page_errors()
