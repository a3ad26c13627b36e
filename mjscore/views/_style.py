"""The one style of every view: fonts, colours, number formats, the chart series.

Colours come from JupyterLab's theme variables where the page has them (``var(--jp-...)``), with
a fallback for pages without them (Voila's classroom template defines the same variables, a
static HTML export has none), so light and dark themes both read at WCAG AA contrast. Sizes are
in ``em`` so that the classroom template, which enlarges the prose, enlarges the apps with it.

The chart series are colour-blind safe: each pair of :data:`SERIES` colours stays apart by at
least :data:`MIN_DELTA_E` (CIE76) for viewers with protanopia, deuteranopia or tritanopia (a
test simulates them), every colour has at least 3:1 contrast with a white and with a near-black
background, and each series also has its own marker and line style, so colour is never the only
cue.

>>> count(1234567), share(0.30123), share(0.004), signed(-1500), signed(64)
('1,234,567', '30.1%', '0.4%', '−1,500', '+64')
>>> SERIES[0].colour, SERIES[0].marker, SERIES[1].dash
('#0072B2', 'o', '6 3')
>>> round(contrast("#000000", "#ffffff"), 1)
21.0
"""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------------------- fonts and sizes
FONT_FAMILY = "Verdana, 'DejaVu Sans', Arial, sans-serif"
#: Body text of the apps and panels: the size of the lesson's prose (JupyterLab's content font
#: size, which a projector template enlarges), or the page's own size where it is not set.
SIZE = "var(--jp-content-font-size1, 1em)"
FONT = f"font-family:{FONT_FAMILY};font-size:{SIZE};line-height:1.4"
FONT_SMALL = f"font-family:{FONT_FAMILY};font-size:calc(0.9 * {SIZE})"
FONT_LARGE = f"font-family:{FONT_FAMILY};font-size:calc(1.25 * {SIZE})"
MONO = "font-family:var(--jp-code-font-family, 'DejaVu Sans Mono', monospace)"

# ---------------------------------------------------------------------------- theme colours
#: (CSS variable, fallback). Fallbacks reach AA (4.5:1) on white; JupyterLab's dark theme sets
#: the variables to its own light-on-dark values.
TEXT_FALLBACK = "#1a1a1a"
MUTED_FALLBACK = "#545454"
ERROR_FALLBACK = "#a4161a"
GOOD_FALLBACK = "#1d6b2f"
BORDER_FALLBACK = "#c8c8c8"
SHADE_FALLBACK = "#efefef"
PAPER_FALLBACK = "#ffffff"

TEXT = f"var(--jp-content-font-color1, {TEXT_FALLBACK})"
MUTED = f"var(--jp-content-font-color2, {MUTED_FALLBACK})"
ERROR = f"var(--jp-error-color1, {ERROR_FALLBACK})"
#: JupyterLab's own success green is a colour for marks, not text (4.1:1 on white): it is taken
#: 30% of the way to the text colour, which darkens it on a light theme and lightens it on a dark one.
GOOD = f"color-mix(in srgb, var(--jp-success-color1, {GOOD_FALLBACK}) 70%, {TEXT})"
BORDER = f"var(--jp-border-color2, {BORDER_FALLBACK})"
SHADE = f"var(--jp-layout-color2, {SHADE_FALLBACK})"
PAPER = f"var(--jp-layout-color0, {PAPER_FALLBACK})"
#: The background a learner's eye is drawn to: the selected toggle, the row being explained.
ACCENT = "var(--jp-brand-color1, #1565c0)"
ACCENT_TEXT = "var(--jp-ui-inverse-font-color0, #ffffff)"

# ---------------------------------------------------------------------------- chart series


@dataclass(frozen=True)
class Series:
    """One series of a chart: colour, matplotlib marker, SVG dash pattern (and its matplotlib
    line style)."""
    colour: str
    marker: str
    dash: str          # SVG stroke-dasharray ("" for solid)
    linestyle: object  # matplotlib line style
    name: str          # the colour's name, for alternative text

    def css(self, i: int) -> str:
        """The colour as a CSS value a page may override (``--mjs-series-N``)."""
        return f"var(--mjs-series-{i}, {self.colour})"


#: Okabe and Ito's colour-blind-safe hues, each with a marker and a line style of its own.
SERIES = (
    Series("#0072B2", "o", "", "-", "blue"),
    Series("#D55E00", "s", "6 3", (0, (6, 3)), "vermilion"),
    Series("#009E73", "^", "2 3", (0, (2, 3)), "green"),
    Series("#CC79A7", "D", "8 3 2 3", (0, (8, 3, 2, 3)), "pink"),
    Series("#AA3377", "v", "1 2", (0, (1, 2)), "purple"),
)
#: What pays nothing (under the minimum): grey, and drawn hatched or dotted as well.
ZERO = Series("#777777", "x", "2 2", (0, (2, 2)), "grey")
#: The least CIE76 colour difference between any two series colours, for every viewer.
MIN_DELTA_E = 15.0


def series(i: int) -> Series:
    return SERIES[i % len(SERIES)]


def mpl_rc() -> dict:
    """matplotlib settings for the static charts of the lessons (``plt.rcParams.update``)."""
    from cycler import cycler
    return {"axes.prop_cycle": cycler(color=[s.colour for s in SERIES], marker=[s.marker for s in SERIES],
                                      linestyle=[s.linestyle for s in SERIES]),
            "font.family": ["DejaVu Sans"], "font.size": 11, "axes.titlesize": 12}


# ---------------------------------------------------------------------------- numbers


def count(n: int | float) -> str:
    """A whole number with thousands separators."""
    return f"{n:,.0f}" if isinstance(n, float) else f"{n:,}"


def signed(n: int) -> str:
    """A gain (+) or payment (− as a true minus sign), with thousands separators."""
    return f"+{n:,}" if n > 0 else (f"−{-n:,}" if n < 0 else "0")


def share(x: float, places: int = 1) -> str:
    """A share of 1 as a percentage."""
    return f"{100 * x:.{places}f}%"


# ---------------------------------------------------------------------------- contrast (WCAG)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    r, g, b = (_linear(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


#: The CSS the apps and the classroom template share: a selected toggle filled with the theme's
#: brand colour and outlined, so it stands out on a washed-out projector (text width unchanged,
#: so no label is cut short).
APP_CSS = f"""
.mjs-app .widget-toggle-button.mod-active, .mjs-app .jupyter-button.mod-active {{
  background: {ACCENT} !important; color: {ACCENT_TEXT} !important;
  outline: 3px solid {TEXT}; outline-offset: -3px; box-shadow: none;
}}
.mjs-app .widget-toggle-button:not(.mod-active), .mjs-app .jupyter-button.widget-toggle-button:not(.mod-active) {{
  opacity: 0.85;
}}
"""


def style_tag() -> str:
    """:data:`APP_CSS` as a ``<style>`` element (an app puts it in one of its HTML widgets)."""
    return f"<style>{APP_CSS}</style>"


__all__ = ["ACCENT", "APP_CSS", "BORDER", "ERROR", "FONT", "FONT_FAMILY", "FONT_LARGE", "FONT_SMALL", "GOOD",
           "MIN_DELTA_E", "MONO", "MUTED", "PAPER", "SERIES", "SHADE", "TEXT", "ZERO", "Series", "contrast", "count",
           "luminance", "mpl_rc", "series", "share", "signed", "style_tag"]
