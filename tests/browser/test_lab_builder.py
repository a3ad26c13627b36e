"""The hand builder in JupyterLab: change a set, and the hand, the breakdown and the score change
to what the engine gives for the new hand (worked out here with mjscore)."""

from __future__ import annotations

import dataclasses
import re

from mjscore import HandError, format_hand, parse, score
from mjscore.tiles import INFO

NOTEBOOK = "02-willingdon-hand-points.ipynb"
CANDIDATES = ("RD", "GD", "WD", "EW", "1C", "9D", "2B", "5C")


def _with_first_set_on(hand, tile):
    first = dataclasses.replace(hand.melds[0], tile=tile)
    sets = [first if m is hand.melds[0] else m for m in hand.sets]
    return dataclasses.replace(hand, sets=tuple(sets))


def _new_hand(hand):
    """The hand with its first set moved to a tile that makes it legal and changes its score."""
    before = score(hand)
    for tile in CANDIDATES:
        try:
            new = _with_first_set_on(hand, tile)
        except HandError:
            continue
        s = score(new)
        if (s.hand_points, s.doubles, s.score) != (before.hand_points, before.doubles, before.score):
            return tile, new
    raise AssertionError(f"no candidate tile changes the score of {format_hand(hand)}")


def expect_scored(app, nb, s) -> None:
    """The headline and the breakdown are the engine's, line by line."""
    from playwright.sync_api import expect

    headline = nb.one("mjs-builder-score", app)
    expect(headline).to_contain_text(f"Paper total {s.hand_points:,} × 2")
    expect(headline).to_contain_text(f"= {s.paper_total:,}")
    expect(headline).to_contain_text(f"Score: {s.score:,}")
    breakdown = nb.one("mjs-builder-breakdown", app)
    rows = [re.compile(re.escape(i.label) + r".*" + re.escape(f"{i.total:,}") + r"\s*$", re.S) for i in s.points]
    expect(breakdown.locator(".mjs-line-points")).to_have_text(rows)
    rows = [re.compile(re.escape(i.label) + r".*" + re.escape(f"{i.total:,}") + r"\s*$", re.S)
            for i in s.doubles_detail] or [re.compile(r"\(none\)")]
    expect(breakdown.locator(".mjs-line-doubles")).to_have_text(rows)
    expect(breakdown.locator(".mjs-line-total")).to_have_text(
        [re.compile(rf"total hand points\s*{s.hand_points:,}\s*$"), re.compile(rf"total doubles\s*{s.doubles}\s*$")])


def test_changing_a_set_rescores_the_hand(lab_notebook):
    from playwright.sync_api import expect

    nb = lab_notebook(NOTEBOOK)
    app = nb.one("mjs-builder")
    hand_text = nb.one("mjs-builder-hand-text", app).locator("code")  # the hand in the short notation
    expect(hand_text).not_to_have_text("")
    hand = parse(hand_text.inner_text())
    expect_scored(app, nb, score(hand))

    tile, new = _new_hand(hand)
    nb.one("mjs-builder-set0-tile", app).locator("select").select_option(label=INFO[tile].name)
    expect(hand_text).to_have_text(format_hand(new))
    expect_scored(app, nb, score(new))
    expect(nb.one("mjs-builder-message", app)).to_have_text("")
    nb.shot("hand-builder", app, nb.one("mjs-builder-breakdown", app), max_height=1100)
    nb.assert_no_page_errors()
