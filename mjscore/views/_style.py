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
from urllib.parse import quote

from ..numbers import count, signed  # the one way of writing a number, for the views too
from .svg import add, drawing, svg_text

# ---------------------------------------------------------------------------- fonts and sizes
FONT_FAMILY = "Verdana, 'DejaVu Sans', Arial, sans-serif"
#: Body text of the apps and panels: the size of the lesson's prose (JupyterLab's content font
#: size, which a projector template enlarges), or the page's own size where it is not set.
SIZE = "var(--jp-content-font-size1, 1em)"
#: Text that is ``size``, but never drawn under 16 px on a touch screen: :data:`TOUCH_CSS` sets
#: ``--mjs-min-text`` there (elsewhere it is 0, and the size is ``size`` exactly).
MIN_TEXT = "var(--mjs-min-text, 0px)"


def text_size(size: str) -> str:
    """A CSS font size: ``size``, or the least a touch screen draws (:data:`MIN_TEXT`) if larger.

    >>> text_size("15px")
    'max(15px, var(--mjs-min-text, 0px))'
    """
    return f"max({size}, {MIN_TEXT})"


FONT = f"font-family:{FONT_FAMILY};font-size:{SIZE};line-height:1.4"
#: A little smaller than the body text, but never under 16 px on a touch screen.
FONT_SMALL = f"font-family:{FONT_FAMILY};font-size:{text_size(f'calc(0.9 * {SIZE})')}"
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
#: JupyterLab's own error red is a colour for marks too: on its dark theme it reads at 4.4:1 on
#: Voilà's page and 2.7:1 on the shade behind an error. Text takes it 45% of the way to the text
#: colour (darker on a light theme, lighter on a dark one): the most of the theme's red that
#: reads at 4.5:1 on every background in both themes (:func:`text_contrast` works it out; the
#: style's tests try each share).
ERROR = f"color-mix(in srgb, var(--jp-error-color1, {ERROR_FALLBACK}) 55%, {TEXT})"
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
    """The look of the ``i``-th line of a chart (0 first): colour, marker and line style, in turn."""
    return SERIES[i % len(SERIES)]


# ---------------------------------------------------------------------------- numbers


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


# ---------------------------------------------------------------------------- the two themes

#: The values JupyterLab's two themes give the variables the house colours read, as its own
#: style sheets set them (JupyterLab 4, ``theme-light-extension`` and ``theme-dark-extension``;
#: a test compares them with the installed ones), and a page with neither (a static HTML
#: export: every colour is its fallback). :func:`colour_in` works a house colour out in each.
THEMES = {
    "light": {"--jp-content-font-color1": "rgba(0,0,0,.87)", "--jp-content-font-color2": "rgba(0,0,0,.54)",
              "--jp-error-color1": "#d32f2f", "--jp-success-color1": "#388e3c", "--jp-layout-color0": "#ffffff",
              "--jp-layout-color1": "#ffffff", "--jp-layout-color2": "#eeeeee", "--jp-brand-color1": "#1976d2",
              "--jp-ui-inverse-font-color0": "#ffffff", "--jp-ui-inverse-font-color1": "#ffffff"},
    "dark": {"--jp-content-font-color1": "#ffffff", "--jp-content-font-color2": "rgba(255,255,255,.7)",
             "--jp-error-color1": "#f44336", "--jp-success-color1": "#4caf50", "--jp-layout-color0": "#111111",
             "--jp-layout-color1": "#212121", "--jp-layout-color2": "#424242", "--jp-brand-color1": "#2196f3",
             "--jp-ui-inverse-font-color0": "#000000", "--jp-ui-inverse-font-color1": "rgba(0,0,0,.8)"},
    "none": {},
}
#: What text is drawn on: the notebook's page (JupyterLab's cells), Voilà's page (its body is the
#: theme's second layout colour) and the shade behind an error or a notice.
BACKGROUNDS = {"page": PAPER, "Voilà's page": "var(--jp-layout-color1, #ffffff)", "shade": SHADE}
#: The words of a button filled with a colour (ipywidgets' ``button_style``, the selected toggle)
#: and what fills it: [text, background] by the look's name, as the apps' style draws them.
FILLED = {"selected toggle": (ACCENT_TEXT, ACCENT),
          "primary": ("var(--jp-ui-inverse-font-color1, #ffffff)", "var(--jp-brand-color1, #1565c0)"),
          "success": ("var(--jp-ui-inverse-font-color1, #ffffff)", GOOD),
          "danger": ("var(--jp-ui-inverse-font-color1, #ffffff)", ERROR)}


def _arguments(inner: str) -> list[str]:
    """The arguments of a CSS function, split at its own commas (not those of a function inside)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(inner[start:i].strip())
            start = i + 1
    return out + [inner[start:].strip()]


def colour_in(css: str, theme: str) -> tuple[float, float, float, float]:
    """A house colour as the page draws it in one of :data:`THEMES`.

    It is red, green, blue (0 to 255) and alpha (0 to 1). It reads ``#rgb``, ``#rrggbb``,
    ``rgb[a]()``, ``var(--name, fallback)`` and ``color-mix(in srgb, a P%, b)`` (mixed with alpha
    premultiplied, as CSS does).

    >>> colour_in(MUTED, "light"), colour_in(MUTED, "none")
    ((0.0, 0.0, 0.0, 0.54), (84.0, 84.0, 84.0, 1.0))
    >>> [round(v) for v in colour_in("color-mix(in srgb, #ff0000 50%, var(--jp-content-font-color1))", "dark")]
    [255, 128, 128, 1]
    """
    css = css.strip()
    if css.startswith("var("):
        name, *fallback = _arguments(css[4:-1])
        found = THEMES[theme].get(name)
        return colour_in(found if found is not None else fallback[0], theme)
    if css.startswith("color-mix("):
        space, first, second = _arguments(css[len("color-mix("):-1])
        if space != "in srgb":
            raise ValueError(f"colour_in mixes in srgb only, not {space!r}")
        (a, share_), b = first.rsplit(" ", 1), colour_in(second, theme)
        a, p = colour_in(a, theme), float(share_.rstrip("%")) / 100
        alpha = a[3] * p + b[3] * (1 - p)
        return (*(((a[i] * a[3] * p + b[i] * b[3] * (1 - p)) / alpha) for i in range(3)), alpha)
    if css.startswith("#"):
        digits = css[1:] if len(css) == 7 else "".join(c * 2 for c in css[1:])
        return (*(float(int(digits[i:i + 2], 16)) for i in (0, 2, 4)), 1.0)
    if css.startswith("rgb"):
        parts = [float(v) for v in _arguments(css[css.index("(") + 1:-1])]
        return (*parts[:3], parts[3] if len(parts) > 3 else 1.0)
    raise ValueError(f"colour_in does not read the colour {css!r}")


def text_contrast(text: str, behind: str, theme: str) -> float:
    """The WCAG contrast of text in the colour ``text`` on ``behind``, in one of :data:`THEMES`.

    Both are CSS, as the house colours are (:data:`TEXT`, :data:`SHADE`); a colour with alpha is
    laid over what is behind it, and the background over a white page.

    >>> round(text_contrast(TEXT, PAPER, "light"), 1), round(text_contrast(TEXT, PAPER, "dark"), 1)
    (16.1, 18.9)
    """
    def over(top, under):
        return tuple(top[i] * top[3] + under[i] * (1 - top[3]) for i in range(3))

    back = over(colour_in(behind, theme), (255.0, 255.0, 255.0))
    front = over(colour_in(text, theme), back)
    return contrast(*("#" + "".join(f"{round(v):02x}" for v in c) for c in (front, back)))


#: The CSS the apps and the classroom template share: a selected toggle filled with the theme's
#: brand colour and outlined, so it stands out on a washed-out projector (text width unchanged,
#: so no label is cut short); the others as the theme draws a button, their words never faded; a
#: "go" or "take away" button filled with the house's green or red (JupyterLab's own green is a
#: colour for marks: its white words read at 4.1:1 on it; :data:`FILLED` lists every fill);
#: a control that is off (a wall game's winner's exposures) faded, even the toggle chosen in it
#: (WCAG asks no contrast of a control that is off: it is the one text the house fades).
APP_CSS = f"""
.mjs-app .widget-toggle-button.mod-active, .mjs-app .jupyter-button.mod-active {{
  background: {ACCENT} !important; color: {ACCENT_TEXT} !important;
  outline: 3px solid {TEXT}; outline-offset: -3px; box-shadow: none;
}}
.mjs-app .jupyter-button.mod-success {{ background-color: {GOOD}; }}
.mjs-app .jupyter-button.mod-danger {{ background-color: {ERROR}; }}
.mjs-app .widget-toggle-button:disabled, .mjs-app .jupyter-button:disabled,
.mjs-app .mjs-off .jupyter-button, .mjs-app .jupyter-button.mjs-off {{
  opacity: 0.4 !important; outline: none; cursor: not-allowed; pointer-events: none;
}}
.mjs-app .lm-TabBar-tab, .mjs-app .lm-TabBar-tabLabel {{ color: {TEXT} !important; opacity: 1 !important; }}
.mjs-app a.mjs-download {{
  display: inline-block; padding: 0.3em 0.9em; border: 2px solid {ACCENT}; border-radius: 4px;
  color: {ACCENT}; font-weight: 700; text-decoration: underline;
}}
"""


#: Our own icons for the apps' buttons, by the name the button gives (``icon="plus"``), each a
#: small line drawing on a 16 x 16 grid. ipywidgets draws a button's icon as Font Awesome's
#: ``<i class="fa fa-NAME">``, and Font Awesome's style sheet is not there everywhere (Voilà's
#: page loads it from a CDN, which fails offline; the browser site may not have it): so the
#: apps draw these instead, everywhere alike, in the button's own text colour.
ICONS = {
    "plus": "M8 2.5v11M2.5 8h11",
    "undo": "M3.5 6.5h6.5a3.5 3.5 0 0 1 0 7H6M6 3.5l-3 3 3 3",
    "refresh": "M13 8a5 5 0 1 1-1.5-3.6M13 2.5v3h-3",
    "list": "M2.5 4h11M2.5 8h11M2.5 12h11",
    "folder-open": "M2 13V3.5h4l1.5 1.5H13V7M2 13l2.5-6H15L12.5 13z",
    "trash": "M2.5 4h11M6 4V2.5h4V4M4 4l.8 9.5h6.4L12 4M6.8 6.5v5M9.2 6.5v5",
    "arrow-right": "M2.5 8h10.5M9 4l4 4-4 4",
    "download": "M8 2.5v8M4.5 7.5 8 11l3.5-3.5M2.5 13.5h11",
    "upload": "M8 13.5v-8M4.5 8.5 8 5l3.5 3.5M2.5 2.5h11",
    "check": "M2.5 8.5 6.5 12.5 13.5 3.5",
    "eye": "M1.5 8s2.5-4.5 6.5-4.5S14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8zM8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z",
}


def _icon_url(path: str) -> str:
    icon = drawing(16, 16, fill="none", stroke="black", stroke_width=1.6, stroke_linecap="round",
                   stroke_linejoin="round")
    add(icon, "path", d=path)
    return f'url("data:image/svg+xml,{quote(svg_text(icon))}")'


ICON_CSS = """
.mjs-app i.fa { font: inherit !important; display: inline-block; width: 1em; height: 1em;
  vertical-align: -0.15em; margin-right: 0.4em; background: currentColor;
  -webkit-mask: var(--mjs-icon) center / contain no-repeat; mask: var(--mjs-icon) center / contain no-repeat; }
.mjs-app i.fa::before { content: none !important; }
""" + "".join(f".mjs-app i.fa-{name} {{ --mjs-icon: {_icon_url(path)}; }}\n" for name, path in ICONS.items()) + """
.mjs-app .mjs-upload { font-size: 0 !important; width: auto !important; padding: 0 12px !important; }
.mjs-app .mjs-upload i.fa { font-size: var(--jp-widgets-font-size, 13px) !important; }
.mjs-app .mjs-upload::after { content: attr(title); font-size: var(--jp-widgets-font-size, 13px); }
"""


#: The apps at a table, on a phone or a tablet. Where the pointer is a finger (``pointer:
#: coarse``): every button, toggle, tab, dropdown, text box, checkbox (with its label) and the
#: summary that opens a ``<details>`` at least 44 x 44 px, and text at least 16 px, as drawn: the
#: classroom template's zoom (``--mjs-classroom-zoom``, 1 elsewhere) is counted, so a tablet in
#: the classroom look keeps its size. The sizes the page had are raised to these, never lowered.
#: On a touch screen or a narrow one (a phone: 640 px and under), nothing set in ``em`` is wider
#: than the column, boxes of controls wrap, a dropdown is as wide as its longest choice, and a
#: text box's label stands above it. A mouse on a wide screen (a desk, a projector) sees none of
#: this.
TOUCH_CSS = """
@media (pointer: coarse) {
  .mjs-app {
    --mjs-tap: calc(44px / var(--mjs-classroom-zoom, 1));
    --mjs-min-text: calc(16px / var(--mjs-classroom-zoom, 1));
    --mjs-widgets-text: var(--jp-widgets-font-size, 13px);
    --mjs-prose-text: var(--jp-content-font-size1, 14px);
  }
  .mjs-app > * {
    --jp-widgets-font-size: max(var(--mjs-widgets-text), var(--mjs-min-text));
    --jp-content-font-size1: max(var(--mjs-prose-text), var(--mjs-min-text));
    --jp-widgets-inline-height: var(--mjs-tap);
    --jp-widgets-horizontal-tab-height: var(--mjs-tap);
  }
  .mjs-app button, .mjs-app select, .mjs-app input:not([type=checkbox]):not([type=radio]),
  .mjs-app .widget-checkbox label, .mjs-app .lm-TabBar-tab {
    min-width: var(--mjs-tap); min-height: var(--mjs-tap);
  }
  /* a link drawn as a button (save the journal, the progress): as tall as one */
  .mjs-app a.mjs-download { min-height: var(--mjs-tap); box-sizing: border-box; line-height: 1.4;
    padding-block: max(0px, calc((var(--mjs-tap) - 1.4em - 4px) / 2)); }
  .mjs-app input[type=checkbox] { width: var(--mjs-tap); height: var(--mjs-tap);
    vertical-align: middle; margin: 0 0.4em 0 0; }
  /* what opens a <details> (the report card's "why"): a tap target too, its words in the middle */
  .mjs-app summary { min-height: var(--mjs-tap); box-sizing: border-box; line-height: 1.4;
    padding-block: max(0px, calc((var(--mjs-tap) - 1.4em) / 2)); cursor: pointer; }
  .mjs-app small { font-size: max(0.83em, var(--mjs-min-text)); }
  .mjs-app code { font-size: max(0.9em, var(--mjs-min-text)) !important; }
  /* sizes set on the element itself (its style attribute), raised: a refusal, a set's caption,
     the seat under a hand */
  .mjs-app .mjs-error { font-size: max(1em, var(--mjs-min-text)) !important; }
  .mjs-app .mjs-set > div[aria-hidden] { font-size: max(0.8em, var(--mjs-min-text)) !important; }
  .mjs-app .mjs-hand-seat { font-size: max(0.85em, var(--mjs-min-text)) !important; }
  .mjs-app .mjs-line-on td { font-size: max(0.9em, var(--mjs-min-text)) !important; }
}
@media (pointer: coarse), (max-width: 640px) {
  .mjs-app .jupyter-widgets { max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px)); }
  .mjs-app .widget-hbox { flex-wrap: wrap; }
  /* a checkbox's label wraps (ipywidgets cuts it short with "...") and stays beside its box */
  .mjs-app .widget-checkbox { height: auto; min-height: var(--jp-widgets-inline-height); }
  .mjs-app .widget-checkbox label { display: flex; align-items: center; white-space: normal; line-height: 1.4; }
  .mjs-app .widget-checkbox input[type=checkbox] { flex-grow: 0; }
  /* a list's entries wrap at their spaces rather than being cut off ("seat=E rou") */
  .mjs-app select[size] option { white-space: normal; }
  /* a dropdown as wide as its longest choice, up to the column ("3 Charact" was all a phone
     showed of "3 Characters": its text grew to 16 px, the width set for it did not) */
  .mjs-app .widget-dropdown { width: auto !important; max-width: 100%; }
  .mjs-app .widget-dropdown > select { flex: 1 1 auto; }
}
@media (max-width: 640px) {
  .mjs-app .widget-inline-hbox:not(.widget-checkbox) { flex-wrap: wrap; height: auto; }
  .mjs-app .widget-inline-hbox > .widget-label { width: 100% !important; text-align: left; line-height: 1.5; }
  .mjs-app .widget-tab > .widget-box, .mjs-app .jupyter-widget-tab > .jupyter-widget-box { padding: 6px; }
  /* a breakdown's words wrap on a phone, its figures stay together (on a projector each row
     stays one line) */
  .mjs-app .mjs-breakdown td:first-child { white-space: normal !important; }
  /* a payment's words wrap so that its amount stays on the screen; a wide button (a choice
     spelt out) is never wider than the column, its words wrapping inside it */
  .mjs-app .mjs-payout td:first-child { white-space: normal !important; }
  /* the tabs share the row and their titles wrap ("Sets and pai..." was all a phone showed) */
  .mjs-app .lm-TabBar-tab { flex: 1 1 0 !important; min-width: 0 !important; max-width: none !important;
                            height: auto !important; }
  .mjs-app .lm-TabBar-tabLabel { white-space: normal !important; overflow: visible !important;
                                 text-overflow: clip !important; line-height: 1.25; }
  .mjs-app .lm-TabBar, .mjs-app .lm-TabBar-content { height: auto !important; min-height: var(--mjs-tap, 44px); }
  .mjs-app .widget-toggle-button { max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px)); height: auto; min-height: var(--jp-widgets-inline-height);
                                    white-space: normal; }
}
"""


def sheet(rules: dict[str, str]) -> str:
    """A view's classes as a ``<style>`` element, to go before the view's HTML: ``{selector: declarations}``.

    Each declaration is ``!important``, as a ``style`` attribute was before it: the page's own
    rules for rendered HTML (JupyterLab stripes a table's rows and sets its cells right) never
    win over the house's, whatever their selectors. A later rule wins over an earlier one, so a
    class that refines another comes after it.

    >>> sheet({".mjs-x": "color:red;padding:0 1em", ".mjs-x b": "font-weight:700"})
    '<style>.mjs-x{color:red !important;padding:0 1em !important}.mjs-x b{font-weight:700 !important}</style>'
    """
    body = "".join(selector + "{" + ";".join(f"{d.strip()} !important" for d in declarations.split(";") if d.strip())
                   + "}" for selector, declarations in rules.items())
    return f"<style>{body}</style>"


def _classes(selector: str) -> set[str]:
    """The classes a CSS selector names: ``"td.mjs-a .mjs-b:hover"`` names mjs-a and mjs-b."""
    return {name.split(":")[0] for part in selector.replace(">", " ").split() for name in part.split(".")[1:]}


def styled(html: str, rules: dict[str, str]) -> str:
    """``html`` after a :func:`sheet` of those of ``rules`` whose classes it uses (none: ``html`` alone).

    A view's HTML so carries the style of the classes it uses, and no others, wherever it is
    shown: a lesson's output, an app, a page of the site.

    >>> styled('<p class="mjs-a">hi</p>', {".mjs-a": "color:red", ".mjs-b, .mjs-a b": "margin:0"})
    '<style>.mjs-a{color:red !important}.mjs-a b{margin:0 !important}</style><p class="mjs-a">hi</p>'
    """
    used = {c for chunk in html.split('class="')[1:] for c in chunk.split('"', 1)[0].split()}
    picked = {}
    for selector, declarations in rules.items():
        alternatives = [a.strip() for a in selector.split(",") if _classes(a) <= used]
        if alternatives:
            picked[", ".join(alternatives)] = declarations
    return sheet(picked) + html if picked else html


def unstyled(html: str) -> str:
    """``html`` without the ``<style>`` :func:`styled` put before it, to put pieces under one.

    >>> unstyled(styled('<p class="mjs-a">hi</p>', {".mjs-a": "color:red"}))
    '<p class="mjs-a">hi</p>'
    """
    return html[html.index("</style>") + len("</style>"):] if html.startswith("<style>") else html


def style_tag() -> str:
    """The house style as a ``<style>`` element, which an app puts in one of its HTML widgets.

    It holds :data:`APP_CSS`, :data:`ICON_CSS` and :data:`TOUCH_CSS`."""
    return f"<style>{APP_CSS}{ICON_CSS}{TOUCH_CSS}</style>"


__all__ = ["ACCENT", "APP_CSS", "ICONS", "ICON_CSS", "BORDER", "ERROR", "FONT", "FONT_FAMILY", "FONT_LARGE", "FONT_SMALL", "GOOD",
           "MIN_DELTA_E", "MONO", "MUTED", "PAPER", "SERIES", "SHADE", "TEXT", "TOUCH_CSS", "ZERO", "Series", "contrast", "count",
           "luminance", "MIN_TEXT", "series", "share", "sheet", "signed", "style_tag", "styled", "unstyled", "text_size", "BACKGROUNDS",
           "FILLED", "THEMES", "colour_in", "text_contrast"]
