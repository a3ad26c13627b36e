"""The style module: a palette every eye can tell apart, contrast that reads in light and dark
themes, and number formats.

Colour-vision deficiency is simulated with the matrices of Machado, Oliveira and Fernandes
(2009) at full severity, applied in linear RGB; colours are compared in CIELAB (D65) by the
CIE76 difference ΔE. The threshold is ``MIN_DELTA_E`` (15): a difference of 10 or more is
plainly visible side by side; 15 leaves room for thin lines and small markers. The old palette
(blue #1b4c99 and purple #5b2a86 at ΔE 8 for a protan or deutan viewer) fails it.
"""

from __future__ import annotations

import itertools
import os
from concurrent.futures import ThreadPoolExecutor
import math

import pytest

from mjscore.views import _style
from mjscore.views._style import MIN_DELTA_E, SERIES, ZERO, contrast, count, share, signed

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
IDENTITY = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
#: JupyterLab's dark theme paints cells near #111111.
DARK = "#111111"


def _linear(hex_colour: str) -> tuple[float, ...]:
    def f(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return tuple(f(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5))


def _lab(rgb: tuple[float, ...]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen(hex_colour: str, matrix) -> tuple[float, float, float]:
    rgb = _linear(hex_colour)
    return _lab(tuple(sum(m * c for m, c in zip(row, rgb)) for row in matrix))


def worst_pair(colours, matrix) -> tuple[float, str, str]:
    return min((math.dist(seen(a, matrix), seen(b, matrix)), a, b) for a, b in itertools.combinations(colours, 2))


@pytest.mark.parametrize("vision", ["typical", *MACHADO])
def test_every_pair_of_series_colours_stays_apart(vision):
    matrix = IDENTITY if vision == "typical" else MACHADO[vision]
    delta, a, b = worst_pair([s.colour for s in SERIES], matrix)
    assert delta >= MIN_DELTA_E, f"{a} and {b} are only ΔE {delta:.1f} apart for {vision}"


@pytest.mark.parametrize("vision", list(MACHADO))
def test_the_simulation_catches_the_old_palette(vision):
    old = ("#1b4c99", "#17703a", "#a81e1a", "#5b2a86", "#d9730d")
    if vision != "tritanopia":
        assert worst_pair(old, MACHADO[vision])[0] < 10


def test_the_simulation_keeps_grey_grey_and_white_white():
    for matrix in MACHADO.values():
        assert math.dist(seen("#ffffff", matrix), (100, 0, 0)) < 1.5
        assert abs(seen("#777777", matrix)[1]) < 2


def test_colour_is_never_the_only_cue():
    for field in ("marker", "dash", "name"):
        values = [getattr(s, field) for s in (*SERIES, ZERO)]
        assert len(set(values)) == len(values), field


def test_series_colours_read_on_light_and_dark_backgrounds():
    for s in (*SERIES, ZERO):
        assert contrast(s.colour, "#ffffff") >= 3, s  # WCAG 1.4.11: graphics 3:1
        assert contrast(s.colour, DARK) >= 3, s


def test_text_fallbacks_read_at_aa_on_white_and_come_from_the_theme():
    for name in ("TEXT", "MUTED", "ERROR", "GOOD"):
        fallback = getattr(_style, f"{name}_FALLBACK")
        assert contrast(fallback, "#ffffff") >= 4.5, name
        assert contrast(fallback, _style.SHADE_FALLBACK) >= 4.5, name
        value = getattr(_style, name)
        # the theme's colour, with the fallback (GOOD: taken part of the way to the text colour,
        # as JupyterLab's own green is too light for text; the browser test measures both themes)
        assert value.startswith("var(--jp-") or value.startswith("color-mix(in srgb, var(--jp-"), name
        assert f", {fallback})" in value, name


def test_number_formats():
    assert count(1728) == "1,728" and count(237568.0) == "237,568"
    assert signed(1500) == "+1,500" and signed(-64) == "−64" and signed(0) == "0"
    assert share(0.0534) == "5.3%" and share(1) == "100.0%"


def test_a_lists_entries_wrap_on_a_phone_rather_than_being_cut_off():
    """Lesson 7's Played list on a 390 px phone showed "seat=E rou": in a list box (an
    ipywidgets Select) Chromium wraps an entry at its spaces only when told to."""
    from playwright.sync_api import sync_playwright

    from mjscore.views._style import TOUCH_CSS

    narrow = TOUCH_CSS[TOUCH_CSS.index("@media (pointer: coarse), (max-width: 640px)"):]
    assert "select[size] option { white-space: normal; }" in narrow[:narrow.index("\n}\n")]
    if not os.path.exists("/usr/bin/chromium"):
        assert os.environ.get("CI") != "true", "Chromium is missing (/usr/bin/chromium)"
        pytest.skip("Chromium is missing (/usr/bin/chromium)")
    entry = "12. +2Dx3 5Dx3 +9Cx3 RDx3 SWx2 seat=S round=E — missed"

    def measure():
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.set_content(f"<style>{TOUCH_CSS}</style><div class='mjs-app'><select size='6' style='width:100%'>"
                             f"<option>{entry}</option><option>1. short</option></select></div>")
            found = page.evaluate("() => [...document.querySelectorAll('option')].map("
                                  "o => [o.getBoundingClientRect().height, o.scrollWidth, o.clientWidth])")
            browser.close()
            return found

    # in a thread of its own: a browser test earlier in the process may have left an event loop
    # running in this one, where Playwright's synchronous API refuses to start
    with ThreadPoolExecutor(1) as pool:
        long, short = pool.submit(measure).result()
    assert long[1] <= long[2] and long[0] > 1.5 * short[0], (long, short)  # two lines, nothing cut off
