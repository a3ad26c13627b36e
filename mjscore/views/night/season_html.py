"""A season at the club, shown: the standings, a row a night, and each player's running total
through the season as our own SVG chart (no pandas, no matplotlib: the scorekeeper's page shows
it in a browser kernel too). Every figure is the :class:`~mjscore.night.season.Season`'s.

>>> from mjscore.night import Ledger
>>> from mjscore.night.season import season_of
>>> tue = Ledger(["Ann", "Bea", "Cat", "Dee"])
>>> _ = tue.add(winner="Ann", how="discard", thrower="Cat", value=25)
>>> wed = Ledger(["Ann", "Bea", "Cat", "<i>Eve</i>"])
>>> _ = wed.add(winner="<i>Eve</i>", how="self-drawn", value=30)
>>> page = season_html(season_of([("tue.csv", "2025-03-04", tue), ("wed.csv", "2025-03-05", wed)]))
>>> "&lt;i&gt;Eve&lt;/i&gt;" in page and "<i>Eve</i>" not in page and page.count("<polyline") == 5
True
"""

from __future__ import annotations

import html

from ...night.season import GAME_NAMES, Season, Table
from ...night.season_report import nearest
from .._style import ERROR, GOOD, MUTED, TEXT, count, series, signed, styled
from ..svg import add, drawing, points, svg_text
from .night_html import PLAYER_COLOURS

__all__ = ["running_svg", "season_html", "standings_html"]

_STYLE = {
    ".mjs-season td, .mjs-season th": "padding:2px 8px;text-align:right",
    ".mjs-season .mjs-text": "text-align:left",
    ".mjs-season caption": "text-align:left;font-weight:bold;white-space:normal",
    ".mjs-season .mjs-plus": f"color:{GOOD}",
    ".mjs-season .mjs-minus": f"color:{ERROR}",
    ".mjs-season .mjs-absent": "font-style:italic",  # the text's own colour: a muted one fails AA on a shaded row
    ".mjs-season-note": f"color:{MUTED}",
}


def _cls(v: int) -> str:
    return "mjs-plus" if v > 0 else "mjs-minus" if v < 0 else ""


def _figure(v: int) -> str:
    return f'<td class="{_cls(v)}">{signed(v)}</td>'


def standings_html(table: Table) -> str:
    """One game's standings: place, player, total, nights played, hands won, average, best night."""
    dates = {n.journal: n.date for n in table.nights}
    rows = "".join(f'<tr><td>{count(s.place)}</td><td class="mjs-text">{html.escape(s.player)}</td>{_figure(s.total)}'
                   f'<td>{count(s.nights)}</td><td>{count(s.won)}</td>{_figure(nearest(s.total, s.nights))}'
                   f'<td class="mjs-text">{signed(s.best)} on {html.escape(dates[s.best_night])}</td></tr>'
                   for s in table.standings)
    nights = len(table.nights)
    return (f'<table class="mjs-season mjs-season-standings"><caption>{GAME_NAMES[table.game]}: the standings after '
            f'{count(nights)} night{"s" * (nights != 1)}</caption><thead><tr><th>place</th><th class="mjs-text">'
            f'player</th><th>total</th><th>nights</th><th>won</th><th>average</th><th class="mjs-text">best night'
            f'</th></tr></thead><tbody>{rows}</tbody></table>')


def _nights_html(table: Table) -> str:
    names = "".join(f"<th>{html.escape(p)}</th>" for p in table.players)
    rows = "".join(f'<tr><td class="mjs-text">{html.escape(n.date)}</td><td class="mjs-text">'
                   f'{html.escape(n.journal)}</td><td>{count(n.hands)}</td>'
                   + "".join(_figure(n.totals[p]) if p in n.totals else '<td class="mjs-absent">absent</td>'
                             for p in table.players) + "</tr>"
                   for n in table.nights)
    return (f'<table class="mjs-season mjs-season-nights"><caption>Each night: each player\'s result (absent: '
            f'not at that night)</caption><thead><tr><th class="mjs-text">date</th><th class="mjs-text">journal</th>'
            f'<th>hands</th>{names}</tr></thead><tbody>{rows}</tbody></table>')


def running_svg(table: Table, *, width: int = 560) -> str:
    """Each player's running total through the season, a line a player, ``width`` pixels wide.

    A point at each night she played (a night she missed leaves her total where it was); the
    nights along the bottom, in order of date. The same season always gives the same text.
    """
    players = table.players
    totals = [v for r in table.running.values() for _, v in r]
    low, high = min(0, *totals), max(0, *totals)
    span = (high - low) or 1
    left, top, right = 56, 24, 130
    plot = 200
    height = top + plot + 30
    w = width - left - right
    n = max(1, len(table.nights) - 1)

    def x(i: int) -> float:
        return round(left + (w * i / n if len(table.nights) > 1 else w / 2), 1)

    def y(v: int) -> float:
        return round(top + plot * (high - v) / span, 1)

    nights = f'{count(len(table.nights))} night{"s" * (len(table.nights) != 1)}'
    chart = drawing(width, height + 14 * max(0, len(players) - 14), class_="mjs-season-svg", role="img",
                    aria_label=f"Each player's running total through the season, {nights}",
                    font_family="sans-serif", font_size=11)
    add(chart, "style", f".mjs-season-svg{{fill:{TEXT};max-width:100%;height:auto}}")
    add(chart, "text", f"The season so far: {nights}", x=left, y=14, font_weight="bold")
    add(chart, "line", x1=left, y1=y(0), x2=left + w, y2=y(0), stroke="#888", stroke_width=0.8)
    for v in (high, low, *([0] if low < 0 < high else [])):
        add(chart, "text", signed(v), x=left - 6, y=y(v) + 4, text_anchor="end")
    add(chart, "text", table.nights[0].date, x=left, y=top + plot + 20)
    if len(table.nights) > 1:
        add(chart, "text", table.nights[-1].date, x=left + w, y=top + plot + 20, text_anchor="end")
    for k, p in enumerate(players):
        colour, dash = PLAYER_COLOURS[k % len(PLAYER_COLOURS)], series(k // len(PLAYER_COLOURS)).dash
        where = [(x(i), y(v)) for i, v in table.running[p]]
        line = add(chart, "polyline", fill="none", stroke=colour, stroke_width=2, points=points(where),
                   **({"stroke_dasharray": dash} if dash else {}))
        add(line, "title", p)
        for cx, cy in where:
            add(chart, "circle", cx=cx, cy=cy, r=3, fill=colour)
        at = top + 14 * k + 8
        add(chart, "line", x1=left + w + 8, y1=at - 4, x2=left + w + 20, y2=at - 4, stroke=colour, stroke_width=3)
        add(chart, "text", f"{p} {signed(table.running[p][-1][1])}", x=left + w + 24, y=at)
    return svg_text(chart)


def season_html(season: Season) -> str:
    """The whole season: for each game its standings, its chart and its nights; what was left out, and why."""
    parts = []
    if len(season.games) > 1:
        names = " and ".join(GAME_NAMES[t.game] for t in season.games)
        parts.append(f'<p class="mjs-season-note">These nights are of two games, {names}: each is added up on its '
                     f'own, never together.</p>')
    if not season.games:
        parts.append('<p class="mjs-season-note">No night with a hand in it yet: the season starts with the first '
                     'hand saved.</p>')
    for table in season.games:
        parts += [standings_html(table), running_svg(table), _nights_html(table)]
    left_out = [f"{html.escape(s.journal)}: {html.escape(s.reason)}" for s in season.skipped]
    left_out += [html.escape(note) for note in season.notes]
    if left_out:
        parts.append('<p class="mjs-season-note">Not counted:</p><ul class="mjs-season-note">'
                     + "".join(f"<li>{item}</li>" for item in left_out) + "</ul>")
    return styled('<div class="mjs-season-view">' + "".join(parts) + "</div>", _STYLE)
