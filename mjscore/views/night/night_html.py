"""The night's pieces for the scorekeeper app, as HTML and our own SVG: no pandas and no
matplotlib, so the app answers a click quickly and runs in a browser kernel (JupyterLite) that
has neither.

- :func:`totals_svg` the running totals through the night as an SVG chart (the same text for
  the same night); :func:`narrow_totals_svg` the same for a phone, and :func:`totals_chart_html`
  both, for the page to show the one that fits its screen.
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
from .._style import ERROR, GOOD, MUTED, TEXT, count, signed

__all__ = ["NARROW", "PLAYER_COLOURS", "narrow_totals_svg", "payments_html", "report_card_html", "totals_chart_html",
           "totals_html", "totals_svg"]

#: One colour per seat, in the order the players are listed (legible on a projector).
PLAYER_COLOURS = ("#1b4c99", "#a81e1a", "#17703a", "#d9730d", "#5b2a86")


#: The charts' words and figures in the theme's text colour (an SVG's text is black unless told,
#: unreadable on a dark theme); each player's colour is the line's, and a swatch beside the name.
_SVG_TEXT = f"fill:{TEXT}"


def _svg_text(text: str) -> str:
    return html.escape(text, quote=True)


def _axes(hands: int, left: float, w: float, y, span: tuple[int, int], *, foot: float, lift: float) -> list[str]:
    """A totals chart's axes: the zero line, the highest and lowest totals (and 0 between them)
    beside it, and the hands under it, from 0 to ``hands``; ``y`` places a total."""
    low, high = span
    return [f'<line x1="{left}" y1="{y(0)}" x2="{left + w}" y2="{y(0)}" stroke="#888" stroke-width="0.8"/>',
            f'<text x="{left - 6}" y="{y(high) + lift}" text-anchor="end">{signed(high)}</text>',
            f'<text x="{left - 6}" y="{y(low) + lift}" text-anchor="end">{signed(low)}</text>',
            f'<text x="{left - 6}" y="{y(0) + lift}" text-anchor="end">0</text>' if low < 0 < high else "",
            f'<text x="{left}" y="{foot}">hand 0</text>',
            f'<text x="{left + w}" y="{foot}" text-anchor="end">hand {count(hands)}</text>']


def totals_svg(ledger: Ledger, *, width: int = 560, height: int = 240) -> str:
    """The running totals through the night as a small line chart in SVG.

    Drawn without matplotlib, so it can be redrawn on every click; the same night always gives
    the same text.

    >>> from mjscore.night import simulate_night
    >>> svg = totals_svg(simulate_night())
    >>> svg.startswith("<svg") and svg.count("<polyline") == 4
    True
    """
    rows = [(0,) * len(ledger.players)] + [tuple(ln.totals.values()) for ln in ledger.lines]
    low = min(0, *(min(r) for r in rows))
    high = max(0, *(max(r) for r in rows))
    span = (high - low) or 1
    left, right, top, bottom = 56, 124, 22, 28
    w, h = width - left - right, height - top - bottom
    n = max(1, len(rows) - 1)

    def x(i: int) -> float:
        return round(left + w * i / n, 1)

    def y(v: int) -> float:
        return round(top + h * (high - v) / span, 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="mjs-totals-svg" width="100%" '
             f'style="max-width:{width}px;{_SVG_TEXT}" '
             f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="Running totals after {count(len(ledger))} hands" font-family="sans-serif" font-size="11">',
             f'<text x="{left}" y="14" font-weight="bold">The night so far: {count(len(ledger))} hand'
             f'{"s" * (len(ledger) != 1)}</text>',
             *_axes(len(ledger), left, w, y, (low, high), foot=height - 8, lift=4)]
    for k, p in enumerate(ledger.players):
        colour = PLAYER_COLOURS[k % len(PLAYER_COLOURS)]
        points = " ".join(f"{x(i)},{y(r[k])}" for i, r in enumerate(rows))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
                     f'<title>{_svg_text(p)}</title></polyline>')
        at = top + 14 * k + 8  # a short line in the player's colour, then the name and the total
        parts.append(f'<line x1="{left + w + 6}" y1="{at - 4}" x2="{left + w + 18}" y2="{at - 4}" stroke="{colour}" '
                     f'stroke-width="3"/><text x="{left + w + 22}" y="{at}">{_svg_text(p)} {signed(rows[-1][k])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def narrow_totals_svg(ledger: Ledger) -> str:
    """The running totals as :func:`totals_svg` draws them, for a phone: 300 px wide, text at 16 px.

    Drawn at its own size, so that it fits a phone's column without being scaled down (its text
    is read at 16 px); the players are listed under the lines with their totals, not beside them.

    >>> from mjscore.night import simulate_night
    >>> svg = narrow_totals_svg(simulate_night())
    >>> 'width="300"' in svg and 'font-size="16"' in svg and svg.count("<polyline") == 4
    True
    """
    width, font, row, plot = NARROW["width"], NARROW["font"], NARROW["row"], NARROW["plot"]
    rows = [(0,) * len(ledger.players)] + [tuple(ln.totals.values()) for ln in ledger.lines]
    low = min(0, *(min(r) for r in rows))
    high = max(0, *(max(r) for r in rows))
    span = (high - low) or 1
    left = 8 + round(max(text_width(signed(v), font) for v in (high, low)))  # room for the figures
    top, w = 30, width - left - 10
    foot = top + plot + 22  # the line of "hand 0 ... hand N", then a line per player
    height = foot + row * len(ledger.players) + 8
    n = max(1, len(rows) - 1)

    def x(i: int) -> float:
        return round(left + w * i / n, 1)

    def y(v: int) -> float:
        return round(top + plot * (high - v) / span, 1)

    hands = f'{count(len(ledger))} hand{"s" * (len(ledger) != 1)}'
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="mjs-totals-svg mjs-totals-narrow" width="{width}" '
             f'height="{height}" style="max-width:100%;height:auto;{_SVG_TEXT}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="Running totals after {hands}" font-family="sans-serif" font-size="{font}">',
             f'<text x="2" y="18" font-weight="bold">The night so far: {hands}</text>',
             *_axes(len(ledger), left, w, y, (low, high), foot=foot, lift=5)]
    for k, p in enumerate(ledger.players):
        colour = PLAYER_COLOURS[k % len(PLAYER_COLOURS)]
        points = " ".join(f"{x(i)},{y(r[k])}" for i, r in enumerate(rows))
        at = foot + row * (k + 1)  # a short line in the player's colour, then the name and the total
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
                     f'<title>{_svg_text(p)}</title></polyline>'
                     f'<line x1="{left}" y1="{at - 5}" x2="{left + 22}" y2="{at - 5}" stroke="{colour}" '
                     f'stroke-width="3"/><text x="{left + 30}" y="{at}">'
                     f'{_svg_text(p)} {signed(rows[-1][k])}</text>')
    parts.append("</svg>")
    return "".join(parts)


#: The phone's chart (:func:`narrow_totals_svg`): its width in pixels, its text, a player's line
#: under it, the height of its lines.
NARROW = {"width": 300, "font": 16, "row": 22, "plot": 150}

#: Which of the two charts shows: the wide one, beside the totals, on a desk or a projector; the
#: narrow one on a touch screen or a narrow one.
_CHART_STYLE = ("<style>.mjs-totals-narrow{display:none}"
                "@media (pointer: coarse), (max-width: 640px){.mjs-totals-svg:not(.mjs-totals-narrow){display:none}"
                ".mjs-totals-narrow{display:block}}</style>")


def totals_chart_html(ledger: Ledger) -> str:
    """The totals chart twice, wide and narrow, and the style that shows the one that fits.

    On a desk or a projector the page shows :func:`totals_svg`, on a phone or a tablet
    :func:`narrow_totals_svg` (its text read at 16 px, without zooming).

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
    return _CHART_STYLE + totals_svg(ledger) + narrow_totals_svg(ledger)


def _cls(v: int) -> str:
    return "mjs-plus" if v > 0 else "mjs-minus" if v < 0 else "mjs-zero"


_STYLE = ("<style>.mjs-night td,.mjs-night th{padding:2px 8px;text-align:right}"
          ".mjs-night td.mjs-text,.mjs-night th.mjs-text{text-align:left}"
          f".mjs-night .mjs-plus{{color:{GOOD}}}.mjs-night .mjs-minus{{color:{ERROR}}}"
          f".mjs-night .mjs-zero{{color:{MUTED}}}"
          # the running total under a line, as a sum is written (bold was wider: a phone's fourth player wrapped)
          ".mjs-night .mjs-total{display:inline-block;min-width:100%;border-top:1px solid #8888}"
          ".mjs-night caption{white-space:nowrap;text-align:left;font-weight:bold}</style>")


def totals_html(ledger: Ledger) -> str:
    """Each player's place and total, from the top, as a small HTML table (places: the engine's)."""
    rows = "".join(f'<tr><td>{place}</td><td class="mjs-text">{html.escape(p)}</td>'
                   f'<td class="{_cls(v)}">{signed(v)}</td></tr>'
                   for place, p, v in places(ledger))
    n = len(ledger)
    return (f'{_STYLE}<table class="mjs-night mjs-totals"><caption>Totals after {count(n)} hand'
            f'{"s" * (n != 1)}</caption>{rows}</table>')


def _reasons_html(line: Line) -> str:
    """Why the hand pays what it does, the engine's own sentences (the tiles' score, East's double,
    the three-exposed penalty, the jokerless double, ...), as a short list."""
    if not line.reasons:
        return ""
    items = "".join(f"<li>{html.escape(r)}</li>" for r in line.reasons)
    return f'<ul class="mjs-reasons" style="margin:2px 0 4px 0;padding-left:1.3em">{items}</ul>'


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
    return (f'{_STYLE}<div class="mjs-night mjs-line"><p><b>{html.escape(head)}:</b> '
            f'{html.escape(line.text)}</p><table class="mjs-night">{"".join(rows)}</table>'
            f'{_reasons_html(line)}</div>')


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
                    f'<td class="mjs-text mjs-report-hand" style="white-space:normal;max-width:18em">'
                    f'{html.escape(line.text)}{why}</td>{cells}</tr>')
    return (f'{_STYLE}{_REPORT_STYLE}<table class="mjs-night mjs-report"><caption>The report card: each hand paid '
            f'(above) and the running total after it (below the line)</caption><thead><tr><th>#</th>'
            f'<th class="mjs-text mjs-report-hand">hand</th>{names}</tr></thead><tbody>{"".join(body)}</tbody></table>')
