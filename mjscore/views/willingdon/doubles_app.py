"""The doubles app: move the hand points and the doubles and watch the score, the chart, and
the ladder of what each missed double costs. A third slider moves the rule set's minimum.

The figures come from :func:`mjscore.willingdon.play.paper_and_score` (the same arithmetic as
:func:`mjscore.willingdon.score`, checked by a test); the chart is our own SVG
(:func:`mjscore.views.willingdon.live_chart.doubles_svg`), drawn again at every slider step
(``benchmarks/classroom.py`` measures it), with its alternative text.

A slider's own readout is switched off: in ipywidgets 8 it can be typed into, and the browser
reads what is typed with ``parseInt`` ("1,000" became 1, then the least the slider takes; "27.5"
became 27; an odd number of hand points passed the step of 2), turning one number into another
without a word. Each slider's value is shown as text beside it instead, and is only moved.

CSS classes of the parts (for browser tests):

========================= ==================================================
``mjs-doubles``           the whole app (``.widget``)
``mjs-doubles-points``    IntSlider: hand points (28, the least a hand can have, to 200)
``mjs-doubles-doubles``   IntSlider: doubles
``mjs-doubles-minimum``   IntSlider: the rule set's minimum doubles (3)
``mjs-slider-value``      HTML beside each slider: its value (``mjs-doubles-points-value``, ...)
``mjs-doubles-result``    HTML: points × 2^doubles = paper total, and what it pays (announced)
``mjs-doubles-ladder``    HTML: the score with 1, 2, ... doubles missed
``mjs-doubles-chart``     HTML: the chart (an ``<svg role="img">`` with its alternative text)
========================= ==================================================

Their look is :data:`RULES`, in a ``<style>`` before each value.

>>> app = DoublesApp(54, 5, draw=False)
>>> app.paper_total, app.pays
(1728, 1728)
>>> app.doubles.value = 2
>>> app.paper_total, app.pays
(216, 0)
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...willingdon.play import paper_and_score
from ...willingdon.scoring import WILLINGDON, RuleSet
from .._app import App, classed
from .._style import BORDER, ERROR, FONT, MUTED, TEXT, count, styled
from ..tiles import ViewError
from .live_chart import doubles_svg

#: The Willingdon rule book's two figures, drawn for comparison: (label, hand points, doubles).
RULE_BOOK_HANDS = (("the rule book: 54 points, 5 doubles", 54, 5), ("the rule book: 58 points, 12 doubles", 58, 12))
#: The least hand points a hand can have: 20 for mahjong and four exposed minor pungs at 2.
LEAST_POINTS = 28
#: The house style of the app's words and its ladder, by class (a later rule refines an earlier one).
RULES = {
    ".mjs-doubles-value, .mjs-doubles-said": f"{FONT};color:{TEXT}",
    ".mjs-doubles-zero": f"color:{ERROR}",
    ".mjs-doubles-table": f"border-collapse:collapse;{FONT};color:{TEXT}",
    ".mjs-doubles-muted": f"color:{MUTED}",  # a row under the minimum: it pays 0
    ".mjs-doubles-cell": f"padding:0.15em 0.7em;border-bottom:1px solid {BORDER};text-align:right;white-space:nowrap;"
                         "font-variant-numeric:tabular-nums",
    ".mjs-doubles-what": "text-align:left",
}


class DoublesApp(App):
    """Points × 2^doubles, with the minimum (see the module notes for the parts).

    ``draw=False`` skips the chart (for a test that only reads the figures).
    """

    title = "the doubles app"

    def __init__(self, hand_points: int = 54, doubles: int = 5, *, rules: RuleSet = WILLINGDON,
                 compare=RULE_BOOK_HANDS, draw: bool = True) -> None:
        for what, n, low, high in (("hand points", hand_points, LEAST_POINTS, 200), ("doubles", doubles, 0, 16)):
            if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high:
                raise ViewError(f"{what} must be a whole number from {low} to {high} for the sliders, not {n!r}"
                                + (" (no hand has under 28 hand points)" if what == "hand points" else ""))
        if not isinstance(rules, RuleSet):
            raise ViewError(f"rules must be a RuleSet such as WILLINGDON, not {type(rules).__name__}")
        if rules.minimum_doubles > 8:
            raise ViewError(f"the minimum slider goes up to 8 doubles, not {rules.minimum_doubles}")
        self.base_rules = rules
        self.compare = tuple(compare)
        self.draw = draw

        if hand_points % 2:
            raise ViewError(f"hand points are always even (20 for mahjong and every other figure even), "
                            f"not {hand_points}")

        def slider(value, low, high, label, part, step=1):
            return classed(widgets.IntSlider(value=value, min=low, max=high, step=step, description=label,
                                             readout=False, continuous_update=False,
                                             style={"description_width": "7em"},
                                             layout=widgets.Layout(width="28em", max_width="calc(100% - 4em)")),
                           f"mjs-doubles-{part}")

        def shown(part):
            return classed(widgets.HTML(layout=widgets.Layout(width="4em")), "mjs-slider-value",
                           f"mjs-doubles-{part}-value")
        # every hand's points are even: a step of 2 leaves a track long enough to reach each one
        self.points = slider(hand_points, LEAST_POINTS, 200, "Hand points", "points", step=2)
        self.doubles = slider(doubles, 0, 16, "Doubles", "doubles")
        self.minimum = slider(rules.minimum_doubles, 0, 8, "Minimum", "minimum")
        self.shown = {part: shown(part) for part in ("points", "doubles", "minimum")}
        rows = [widgets.HBox([bar, self.shown[part]], layout=widgets.Layout(align_items="center", max_width="100%"))
                for bar, part in ((self.points, "points"), (self.doubles, "doubles"), (self.minimum, "minimum"))]
        self.result = classed(widgets.HTML(), "mjs-doubles-result")
        self.ladder = classed(widgets.HTML(), "mjs-doubles-ladder")
        self.chart = classed(widgets.HTML(layout=widgets.Layout(max_width="780px")),
                             "mjs-doubles-chart")
        self.alt = ""
        self.paper_total = self.pays = 0
        self.widget = classed(widgets.VBox([*rows, self.result, self.chart, self.ladder]), "mjs-doubles")
        self.watch(self.points, self.doubles, self.minimum)
        self.refresh()

    @property
    def rules(self) -> RuleSet:
        """The rule set with the minimum the slider shows."""
        return self.base_rules.with_settings(minimum_doubles=self.minimum.value)

    def refresh(self) -> None:
        """Work out the figures again and redraw."""
        rules, points, doubles = self.rules, self.points.value, self.doubles.value
        for part, n in (("points", points), ("doubles", doubles), ("minimum", rules.minimum_doubles)):
            self.shown[part].value = styled(f'<span class="mjs-doubles-value">{count(n)}</span>', RULES)
        self.paper_total, self.pays = paper_and_score(points, doubles, rules)
        line = (f"{count(points)} × 2<sup>{doubles}</sup> = {count(points)} × {count(2 ** doubles)} = "
                f"{count(self.paper_total)}")
        if doubles >= rules.minimum_doubles:
            verdict = f'<b class="mjs-pays">It pays {count(self.pays)}.</b>'
        else:
            short = rules.minimum_doubles - doubles
            verdict = (f'<b class="mjs-pays-nothing mjs-doubles-zero">It pays 0</b>: under '
                       f'{rules.minimum_doubles} doubles, {short} short. The paper total still shows how close it was.')
        self.result.value = styled(f'<div class="mjs-doubles-said" role="status" aria-live="polite">'
                                   f'{line}. {verdict}</div>', RULES)
        self.ladder.value = self._ladder_html(points, doubles, rules)
        if self.draw:
            self.chart.value, self.alt = doubles_svg(points, doubles, rules=rules, base=self.base_rules,
                                                     compare=self.compare)

    @staticmethod
    def _ladder_html(points: int, doubles: int, rules: RuleSet) -> str:
        cell = 'class="mjs-doubles-cell"'
        rows = []
        for missed in range(0, doubles + 1):
            d = doubles - missed
            paper, paid = paper_and_score(points, d, rules)
            what = "as it stands" if missed == 0 else f"{missed} double{'s' * (missed != 1)} missed"
            row = "<tr>" if paid or not paper else '<tr class="mjs-doubles-muted">'
            rows.append(f'{row}<td class="mjs-doubles-cell mjs-doubles-what">{escape(what)}</td>'
                        f'<td {cell}>{d}</td><td {cell}>{count(paper)}</td>'
                        f'<td {cell}>{count(paid)}</td></tr>')
        head = "".join(f'<th scope="col" {cell}>{h}</th>' for h in ("", "doubles", "paper total", "pays"))
        return styled(f'<table class="mjs-doubles-table" aria-label="The score with each double missed">'
                      f'<tr>{head}</tr>{"".join(rows)}</table>', RULES)


__all__ = ["DoublesApp", "LEAST_POINTS", "RULES", "RULE_BOOK_HANDS"]
