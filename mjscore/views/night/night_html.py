"""The night's pieces for the scorekeeper app, as HTML and our own SVG: no pandas and no
matplotlib, so the app answers a click quickly and runs in a browser kernel (JupyterLite) that
has neither.

- :func:`totals_svg` the running totals through the night as an SVG chart of a given width
  (the same text for the same night), and :func:`totals_chart_html` a wide one and a phone's,
  for the page to show the one that fits its screen.
- :func:`report_card_html`, :func:`totals_html`, :func:`payments_html` small HTML tables, a
  hand's with the engine's reasons for what it pays. Every name is escaped: a player called
  ``<b>Ann</b>`` shows as typed.

Every figure comes from the :class:`~mjscore.night.Ledger` (places too): nothing is recomputed.

>>> from mjscore.night import Ledger
>>> night = Ledger(["<b>Ann</b>", "Bea", "Cat", "Dee"])
>>> _ = night.add(winner="<b>Ann</b>", how="discard", thrower="Cat", value=25)
>>> "&lt;b&gt;Ann&lt;/b&gt;" in totals_html(night) and "<b>Ann</b>" not in totals_html(night)
True
"""

from __future__ import annotations

import html

from ...night import Ledger, Line, places
from .._label_geometry import text_width
from .._style import ERROR, GOOD, MUTED, TEXT, count, signed, styled
from ..svg import add, drawing, points, svg_text

__all__ = ["NARROW", "PLAYER_COLOURS", "RULES", "payments_html", "report_card_html", "totals_chart_html",
           "totals_html", "totals_svg"]

#: One colour per seat, in the order the players are listed (legible on a projector).
PLAYER_COLOURS = ("#1b4c99", "#a81e1a", "#17703a", "#d9730d", "#5b2a86")


#: A phone's chart (:func:`totals_svg` at this width or less) has its own layout: its text at
#: 16 px (read without zooming), the players listed under the lines, each on a row of its own.
NARROW = {"width": 300, "font": 16, "row": 22, "plot": 150}


def totals_svg(ledger: Ledger, *, width: int = 560, title: str | None = None) -> str:
    """The running totals through the night as a small line chart in SVG, ``width`` pixels wide.

    Drawn without matplotlib, so it can be redrawn on every click; the same night always gives
    the same text. At a phone's width (:data:`NARROW`) it is drawn at its own size, so that it is
    not scaled down: its text is read at 16 px, and the players are listed under the lines with
    their totals, not beside them. ``title``: its heading (else "The night so far: N hands").

    >>> from mjscore.night import simulate_night
    >>> svg = totals_svg(simulate_night())
    >>> svg.startswith("<svg") and svg.count("<polyline") == 4
    True
    >>> phone = totals_svg(simulate_night(), width=300)
    >>> 'width="300"' in phone and 'font-size="16"' in phone and phone.count("<polyline") == 4
    True
    """
    narrow = width <= NARROW["width"]
    rows = [(0,) * len(ledger.players)] + [tuple(ln.totals.values()) for ln in ledger.lines]
    low = min(0, *(min(r) for r in rows))
    high = max(0, *(max(r) for r in rows))
    span = (high - low) or 1
    font = NARROW["font"] if narrow else 11
    if narrow:  # room for the figures beside the axis; a row per player under the chart
        left = 8 + round(max(text_width(signed(v), font) for v in (high, low)))
        top, plot, w = 30, NARROW["plot"], width - left - 10
        foot = top + plot + 22
        height = foot + NARROW["row"] * len(ledger.players) + 8
    else:
        left, top, height = 56, 22, 240
        plot, w, foot = height - top - 28, width - left - 124, height - 8
    n = max(1, len(rows) - 1)

    def x(i: int) -> float:
        return round(left + w * i / n, 1)

    def y(v: int) -> float:
        return round(top + plot * (high - v) / span, 1)

    hands = f'{count(len(ledger))} hand{"s" * (len(ledger) != 1)}'
    chart = drawing(width, height, class_="mjs-totals-svg" + (" mjs-totals-narrow" if narrow else ""), role="img",
                    aria_label=f"Running totals after {hands}", font_family="sans-serif", font_size=font)
    # its words in the theme's text colour (an SVG's text is black unless told: unreadable on a
    # dark theme), and no wider than the page, wherever it is shown
    add(chart, "style", f".mjs-totals-svg{{fill:{TEXT};max-width:100%;height:auto}}")
    add(chart, "text", title or f"The night so far: {hands}", x=2 if narrow else left, y=18 if narrow else 14,
        font_weight="bold")
    lift = 5 if narrow else 4
    add(chart, "line", x1=left, y1=y(0), x2=left + w, y2=y(0), stroke="#888", stroke_width=0.8)
    for v in (high, low, *([0] if low < 0 < high else [])):
        add(chart, "text", signed(v), x=left - 6, y=y(v) + lift, text_anchor="end")
    add(chart, "text", "hand 0", x=left, y=foot)
    add(chart, "text", f"hand {count(len(ledger))}", x=left + w, y=foot, text_anchor="end")
    for k, p in enumerate(ledger.players):
        colour = PLAYER_COLOURS[k % len(PLAYER_COLOURS)]
        line = add(chart, "polyline", fill="none", stroke=colour, stroke_width=2,
                   points=points((x(i), y(r[k])) for i, r in enumerate(rows)))
        add(line, "title", p)
        # a short line in the player's colour, then the name and the total
        at, start = (foot + NARROW["row"] * (k + 1), left) if narrow else (top + 14 * k + 8, left + w + 6)
        add(chart, "line", x1=start, y1=at - lift, x2=start + (22 if narrow else 12), y2=at - lift, stroke=colour,
            stroke_width=3)
        add(chart, "text", f"{p} {signed(rows[-1][k])}", x=start + (30 if narrow else 16), y=at)
    return svg_text(chart)


#: Which of the two charts shows: the wide one, beside the totals, on a desk or a projector; the
#: narrow one on a touch screen or a narrow one.
_CHART_STYLE = ("<style>.mjs-totals-narrow{display:none}"
                "@media (pointer: coarse), (max-width: 640px){.mjs-totals-svg:not(.mjs-totals-narrow){display:none}"
                ".mjs-totals-narrow{display:block}}</style>")


def totals_chart_html(ledger: Ledger) -> str:
    """The totals chart twice, wide and narrow, and the style that shows the one that fits.

    On a desk or a projector the page shows :func:`totals_svg`, on a phone or a tablet
    :func:`totals_svg` at a phone's width (its text read at 16 px, without zooming).

    >>> from mjscore.night import simulate_night
    >>> chart = totals_chart_html(simulate_night())
    >>> chart.count("<svg"), chart.count("<polyline")
    (2, 8)

    Before the first hand there is nothing to draw (a flat line from "hand 0" to "hand 0" said
    nothing), so it says where the chart will be:

    >>> totals_chart_html(Ledger(["Ann", "Bea", "Cat", "Dee"]))
    '<p class="mjs-chart-empty">The chart of the running totals starts with the first hand.</p>'
    """
    if not len(ledger):
        return '<p class="mjs-chart-empty">The chart of the running totals starts with the first hand.</p>'
    return _CHART_STYLE + totals_svg(ledger) + totals_svg(ledger, width=NARROW["width"])


def _cls(v: int) -> str:
    return "mjs-plus" if v > 0 else "mjs-minus" if v < 0 else "mjs-zero"


_STYLE = ("<style>.mjs-night td,.mjs-night th{padding:2px 8px;text-align:right}"
          ".mjs-night td.mjs-text,.mjs-night th.mjs-text{text-align:left}"
          f".mjs-night .mjs-plus{{color:{GOOD}}}.mjs-night .mjs-minus{{color:{ERROR}}}"
          f".mjs-night .mjs-zero{{color:{MUTED}}}"
          # the running total under a line, as a sum is written (bold was wider: a phone's fourth player wrapped)
          ".mjs-night .mjs-total{display:inline-block;min-width:100%;border-top:1px solid #8888}"
          ".mjs-night caption{white-space:nowrap;text-align:left;font-weight:bold}</style>")

#: The classes a hand's reasons and the report card's words take as their own (each ``!important``,
#: before :data:`_STYLE`, which stays a plain sheet for the report card's ``@media`` rules to refine).
RULES = {
    ".mjs-reasons": "margin:2px 0 4px 0;padding-left:1.3em",
    "td.mjs-report-hand": "white-space:normal;max-width:18em",
}


def totals_html(ledger: Ledger) -> str:
    """Each player's place and total, from the top, as a small HTML table (places: the engine's)."""
    rows = "".join(f'<tr><td>{place}</td><td class="mjs-text">{html.escape(p)}</td>'
                   f'<td class="{_cls(v)}">{signed(v)}</td></tr>'
                   for place, p, v in places(ledger))
    n = len(ledger)
    return styled(f'{_STYLE}<table class="mjs-night mjs-totals"><caption>Totals after {count(n)} hand'
                  f'{"s" * (n != 1)}</caption>{rows}</table>', RULES)


def _reasons_html(line: Line) -> str:
    """Why the hand pays what it does, the engine's own sentences (the tiles' score, East's double,
    the three-exposed penalty, the jokerless double, ...), as a short list."""
    if not line.reasons:
        return ""
    items = "".join(f"<li>{html.escape(r)}</li>" for r in line.reasons)
    return f'<ul class="mjs-reasons">{items}</ul>'


def payments_html(line: Line, *, heading: str | None = None) -> str:
    """Who pays what for one hand: a sentence, a row per player, then why (the engine's reasons).

    >>> from mjscore.night import Ledger
    >>> from mjscore.willingdon.settle import TableRules
    >>> night = Ledger(["Ann", "Bea", "Cat", "Dee"], game="willingdon",
    ...                table_rules=TableRules(three_exposed_penalty=True))
    >>> "Cat (West) fed a mahjong" in payments_html(night.check(winner="Bea", how="discard", thrower="Cat",
    ...                                                        value=576, exposed=3))
    True
    """
    head = heading if heading is not None else f"Hand {count(line.number)}"
    rows = []
    for p, v in line.payments.items():
        word = "collects" if v > 0 else "pays" if v < 0 else "pays nothing"
        amount = f" {count(abs(v))}" if v else ""
        rows.append(f'<tr><td class="mjs-text">{html.escape(p)}</td>'
                    f'<td class="mjs-text {_cls(v)}">{word}{amount}</td></tr>')
    return styled(f'{_STYLE}<div class="mjs-night mjs-line"><p><b>{html.escape(head)}:</b> '
                  f'{html.escape(line.text)}</p><table class="mjs-night">{"".join(rows)}</table>'
                  f'{_reasons_html(line)}</div>', RULES)


#: On a touch screen (text at 16 px) the words of each hand do not fit beside the figures: they go
#: on a row of their own above them (shown only there), and the caption wraps. On a phone the
#: figures do not fit in a table's columns either (five players, six-figure sums): each hand's
#: figures are a row of little cards, each named by its player (``data-player``, drawn by the
#: style as text), sharing the row alike and wrapping only when their figures do not fit (four
#: players' six-figure sums fit a 390 px phone), a long name breaking rather than pushing a card
#: onto a row of its own.
_REPORT_STYLE = ("<style>.mjs-report .mjs-report-words{display:none}"
                 ".mjs-night.mjs-report caption{white-space:normal}"  # as wide as the figures, not wider
                 "@media (pointer: coarse), (max-width: 640px){.mjs-report .mjs-report-words{display:table-row}"
                 ".mjs-report .mjs-report-hand{display:none}.mjs-report caption{white-space:normal}"
                 ".mjs-report td,.mjs-report th{padding:2px 5px}"
                 ".mjs-report .mjs-report-words td{padding-top:8px;border-top:1px solid #8884}}"
                 "@media (max-width: 640px){.mjs-report,.mjs-report tbody,.mjs-report caption{display:block}"
                 ".mjs-report thead,.mjs-report .mjs-report-number{display:none}"
                 ".mjs-report tr{display:flex;flex-wrap:wrap}.mjs-report .mjs-report-words{display:block}"
                 ".mjs-report .mjs-report-words td{display:block}"
                 ".mjs-report td[data-player]{display:block;flex:1 1 0;padding:2px 1px 2px 4px;text-align:right;"
                 "white-space:nowrap}"
                 ".mjs-report td[data-player]::before{content:attr(data-player);display:block;font-weight:bold;"
                 "white-space:normal;overflow-wrap:anywhere}}"
                 "</style>")


def report_card_html(ledger: Ledger) -> str:
    """The report card as a narrow HTML table, a row per hand (it fits a projector at 1024 px).

    Each row says what the hand was in words (with "why" to open: the engine's reasons), then for
    each player what the hand paid and, under a line, the running total after it (in the same colour:
    every figure reads at 4.5:1 in both themes, none is faded). Every cell is escaped.

    >>> from mjscore.night import Ledger
    >>> night = Ledger(["Ann", "Bea", "Cat", "Dee"])
    >>> _ = night.add(winner="Ann", how="discard", thrower="Cat", value=25)
    >>> "+100" in report_card_html(night) and "Ann wins on Cat" in report_card_html(night)
    True
    """
    if not ledger.lines:
        return '<p class="mjs-night">No hands yet.</p>'
    names = "".join(f"<th>{html.escape(p)}</th>" for p in ledger.players)
    body = []
    for line in ledger.lines:
        cells = "".join(f'<td data-player="{html.escape(p, quote=True)}"><span class="{_cls(v)}">{signed(v)}</span><br>'
                        f'<span class="{_cls(t)} mjs-total">{signed(t)}</span></td>'
                        for p, v, t in zip(ledger.players, line.payments.values(), line.totals.values()))
        why = (f'<details class="mjs-why"><summary>why</summary>{_reasons_html(line)}</details>'
               if line.reasons else "")
        body.append(f'<tr class="mjs-report-words"><td class="mjs-text" colspan="{len(ledger.players) + 1}">'
                    f'{count(line.number)}. {html.escape(line.text)}{why}</td></tr>'
                    f'<tr><td class="mjs-report-number">{count(line.number)}</td>'
                    f'<td class="mjs-text mjs-report-hand">'
                    f'{html.escape(line.text)}{why}</td>{cells}</tr>')
    return styled(f'{_STYLE}{_REPORT_STYLE}<table class="mjs-night mjs-report"><caption>The report card: each hand '
                  f'paid (above) and the running total after it (below the line)</caption><thead><tr><th>#</th>'
                  f'<th class="mjs-text mjs-report-hand">hand</th>{names}</tr></thead><tbody>{"".join(body)}</tbody>'
                  '</table>', RULES)
