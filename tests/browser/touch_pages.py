"""The apps at a table: a phone (390 x 844) and a tablet (820 x 1180), touched, not clicked.

A page here emulates a touch screen (``has_touch``, ``is_mobile``: ``(pointer: coarse)`` holds, the
page is laid out at the device's width) and is driven by taps (test_touch.py's flows, which
test_site.py uses too). :func:`fits` measures (``measure.js``) what a person at a table would trip
on: the page scrolling sideways or a part of the app sticking out of it; a tap target under 44 x 44
px (WCAG 2.5.5); text under 16 px as drawn; text cut short (a label, a dropdown's choice); text
under WCAG AA contrast; a hand of the report card whose figures wrap onto another row.
"""

from __future__ import annotations

from browser_pages import MEASURE, drawn

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
SIZES = {"phone": PHONE, "tablet": TABLET}
MIN_TARGET, MIN_TEXT = 44, 16  # CSS pixels


def fits(app, where: str) -> dict:
    """Measure the app (a locator) once its page is drawn; fail with all a person would trip on."""
    drawn(app.page)
    found = app.evaluate(f"root => (m => ({{...m.fit(root), low: m.lowContrast([root])[0]}}))({MEASURE})")
    small = [t for t in found["targets"] if min(t[1], t[2]) < MIN_TARGET - 0.5]
    tiny = [t for t in found["texts"] if t[1] < MIN_TEXT - 0.05]
    said = [
        (found["wide"] > 0, f"the page scrolls sideways by {found['wide']} px; sticking out: {found['sticking'][:8]}"),
        (found["wide"] <= 0 and found["sticking"], f"sticking out of the window: {found['sticking'][:8]}"),
        (small, f"{len(small)} tap targets under {MIN_TARGET} x {MIN_TARGET} px [what, width, height]: {small[:10]}"),
        (found["cut"], f"text cut short: {found['cut'][:8]}"),
        (found["low"], f"{len(found['low'])} pieces of text under WCAG AA contrast "
                       f"[what, contrast, colour, behind]: {found['low'][:10]}"),
        (found["split"], f"a hand's figures wrap onto another row: {found['split'][:4]}"),
        (tiny, f"{len(tiny)} pieces of text under {MIN_TEXT} px: {tiny[:10]}")]
    trouble = [f"{where}: {words}" for bad, words in said if bad]
    assert not trouble, "\n".join(trouble)
    return found
