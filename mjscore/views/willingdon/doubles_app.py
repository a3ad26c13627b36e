"""The doubles app: move the hand points and the doubles and watch the score, the chart, and
the ladder of what each missed double costs. A third slider moves the rule set's minimum.

The figures come from :func:`mjscore.willingdon.play.paper_and_score` (the same arithmetic as
:func:`mjscore.willingdon.score`, checked by a test); the chart is
:func:`mjscore.views.willingdon.charts.doubles_figure`, sent to the browser as a PNG image.

CSS classes of the parts (for browser tests):

========================= ==================================================
``mjs-doubles``           the whole app (``.widget``)
``mjs-doubles-points``    IntSlider: hand points
``mjs-doubles-doubles``   IntSlider: doubles
``mjs-doubles-minimum``   IntSlider: the rule set's minimum doubles (3)
``mjs-doubles-result``    HTML: points × 2^doubles = paper total, and what it pays
``mjs-doubles-ladder``    HTML: the score with 1, 2, ... doubles missed
``mjs-doubles-chart``     Image (PNG): the chart
========================= ==================================================

>>> app = DoublesApp(54, 5, draw=False)
>>> app.paper_total, app.pays
(1728, 1728)
>>> app.doubles.value = 2
>>> app.paper_total, app.pays
(216, 0)
"""

from __future__ import annotations

import io
from html import escape

import ipywidgets as widgets

from ...willingdon.play import paper_and_score
from ...willingdon.scoring import WILLINGDON, RuleSet
from .._app import App, classed
from .charts import doubles_figure
from ..tiles import ViewError

_FONT = "font:15px Verdana,Arial,sans-serif"

#: The seed's two figures, drawn for comparison: (label, hand points, doubles).
SEED_HANDS = (("seed: 54 points, 5 doubles", 54, 5), ("seed: 58 points, 12 doubles", 58, 12))


class DoublesApp(App):
    """Points × 2^doubles, with the minimum (see the module notes for the parts).

    ``draw=False`` skips the chart (a test that only reads the figures runs faster).
    """

    def __init__(self, hand_points: int = 54, doubles: int = 5, *, rules: RuleSet = WILLINGDON,
                 compare=SEED_HANDS, draw: bool = True) -> None:
        for what, n, high in (("hand points", hand_points, 200), ("doubles", doubles, 16)):
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= high:
                raise ViewError(f"{what} must be a whole number from 0 to {high} for the sliders, not {n!r}")
        if not isinstance(rules, RuleSet):
            raise ViewError(f"rules must be a RuleSet such as WILLINGDON, not {type(rules).__name__}")
        if rules.minimum_doubles > 8:
            raise ViewError(f"the minimum slider goes up to 8 doubles, not {rules.minimum_doubles}")
        self.base_rules = rules
        self.compare = tuple(compare)
        self.draw = draw
        self.points = classed(widgets.IntSlider(value=hand_points, min=0, max=200, description="Hand points",
                                                continuous_update=False, style={"description_width": "7em"},
                                                layout=widgets.Layout(width="32em")), "mjs-doubles-points")
        self.doubles = classed(widgets.IntSlider(value=doubles, min=0, max=16, description="Doubles",
                                                 continuous_update=False, style={"description_width": "7em"},
                                                 layout=widgets.Layout(width="32em")), "mjs-doubles-doubles")
        self.minimum = classed(widgets.IntSlider(value=rules.minimum_doubles, min=0, max=8,
                                                 description="Minimum", continuous_update=False,
                                                 style={"description_width": "7em"},
                                                 layout=widgets.Layout(width="32em")), "mjs-doubles-minimum")
        self.result = classed(widgets.HTML(), "mjs-doubles-result")
        self.ladder = classed(widgets.HTML(), "mjs-doubles-ladder")
        self.chart = classed(widgets.Image(format="png", layout=widgets.Layout(max_width="820px")),
                             "mjs-doubles-chart")
        self.figure = None
        self.paper_total = self.pays = 0
        self.widget = classed(widgets.VBox([self.points, self.doubles, self.minimum, self.result,
                                            self.chart, self.ladder]), "mjs-doubles")
        for w in (self.points, self.doubles, self.minimum):
            w.observe(self._on_change, "value")
        self.refresh()

    @property
    def rules(self) -> RuleSet:
        """The rule set with the minimum the slider shows."""
        return self.base_rules.with_settings(minimum_doubles=self.minimum.value)

    def _on_change(self, _change) -> None:
        if not self._busy:
            self.refresh()

    def refresh(self) -> None:
        """Work out the figures again and redraw."""
        rules, points, doubles = self.rules, self.points.value, self.doubles.value
        self.paper_total, self.pays = paper_and_score(points, doubles, rules)
        line = f"{points:,} × 2<sup>{doubles}</sup> = {points:,} × {2 ** doubles:,} = {self.paper_total:,}"
        if doubles >= rules.minimum_doubles:
            verdict = f'<b class="mjs-pays">It pays {self.pays:,}.</b>'
        else:
            short = rules.minimum_doubles - doubles
            verdict = (f'<b class="mjs-pays-nothing" style="color:#9b1c1c">It pays 0</b>: under '
                       f'{rules.minimum_doubles} doubles, {short} short. The paper total still shows how close it was.')
        self.result.value = f'<div style="{_FONT}">{line}. {verdict}</div>'
        self.ladder.value = self._ladder_html(points, doubles, rules)
        if self.draw:
            self.figure = doubles_figure(points, doubles, rules=rules, compare=self.compare)
            buf = io.BytesIO()
            self.figure.savefig(buf, format="png", metadata={"Software": None})
            self.chart.value = buf.getvalue()

    @staticmethod
    def _ladder_html(points: int, doubles: int, rules: RuleSet) -> str:
        cell = "padding:2px 10px;border-bottom:1px solid #e6e1d3;text-align:right"
        rows = []
        for missed in range(0, doubles + 1):
            d = doubles - missed
            paper, paid = paper_and_score(points, d, rules)
            what = "as it stands" if missed == 0 else f"{missed} double{'s' * (missed != 1)} missed"
            colour = "" if paid or not paper else ";color:#8a8370"
            rows.append(f'<tr style="{colour}"><td style="{cell};text-align:left">{escape(what)}</td>'
                        f'<td style="{cell}">{d}</td><td style="{cell}">{paper:,}</td><td style="{cell}">{paid:,}</td></tr>')
        head = "".join(f'<th style="{cell}">{h}</th>' for h in ("", "doubles", "paper total", "pays"))
        return (f'<table class="mjs-doubles-table" style="border-collapse:collapse;{_FONT}"><tr>{head}</tr>'
                f'{"".join(rows)}</table>')


__all__ = ["DoublesApp", "SEED_HANDS"]
