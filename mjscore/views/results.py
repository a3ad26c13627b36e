"""Small HTML panels the widget apps and the lessons show: a score's breakdown and headline, an
American payout, a Willingdon settlement, an error. Pure Python (no pandas), deterministic, and every
piece of text is escaped, so a player's typing can never inject markup.

Laid out for a projector at 1024 pixels: one line per row of the rule book (the figures never
wrap: ``white-space:nowrap``), sizes in ``em`` so the classroom template enlarges them with the
prose, colours from the page's theme (:mod:`mjscore.views._style`). A result is announced to a
screen reader when it changes (``aria-live="polite"``); a refusal at once (``role="alert"``).

CSS classes: ``mjs-breakdown`` (the line-by-line table; rows ``mjs-line-points``,
``mjs-line-doubles``, ``mjs-line-total``), ``mjs-headline`` (``mjs-pays`` or ``mjs-pays-nothing``),
``mjs-payout`` (one ``mjs-payer`` row per player, ``mjs-collects``), ``mjs-settlement``,
``mjs-error`` (``role="alert"``).

>>> from mjscore import parse, score
>>> html = score_html(score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W")))
>>> "A pung/kong of your own wind" in html and html.count("mjs-line-total") == 2
True
>>> error_html("<b>two sets</b>")  # doctest: +ELLIPSIS
'<style>...</style><div class="mjs-error" role="alert" aria-live="assertive">&lt;b&gt;two sets&lt;/b&gt;</div>'
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from ..tiles import INFO, SEAT_NAMES
from ..willingdon.scoring import Score
from ._style import BORDER, ERROR, FONT, FONT_LARGE, GOOD, MUTED, SHADE, TEXT, count, signed, styled, unstyled

_PAD = "padding:0.15em 0.45em;white-space:nowrap;text-align:left"  # JupyterLab sets its tables right
#: The house style of every result, by class (a later rule refines an earlier one).
RULES = {
    ".mjs-error": f"color:{ERROR};background:{SHADE};border:2px solid {ERROR};border-radius:6px;"
                  f"padding:0.4em 0.7em;{FONT}",
    ".mjs-breakdown": f"border-collapse:collapse;max-width:100%;{FONT};color:{TEXT}",
    ".mjs-payout": f"{FONT};color:{TEXT}",
    ".mjs-payout table": "border-collapse:collapse",
    ".mjs-payout ul": f"margin:0.4em 0 0 0;padding-left:1.4em;color:{TEXT}",
    # No stripes: JupyterLab shades every other row of a table, which here would split a line
    # from the tiles it is on, and its muted text on that shade reads just under 4.5:1.
    ".mjs-result-row": "background:none",
    ".mjs-result-section": "text-align:left;padding:0.5em 0.6em 0.1em",
    ".mjs-result-pad": _PAD,
    ".mjs-result-cell": f"{_PAD};border-bottom:1px solid {BORDER}",  # the rule under a line
    ".mjs-result-figure": "text-align:right;font-variant-numeric:tabular-nums",
    ".mjs-result-on": "font-size:0.9em;padding-left:1.6em;padding-top:0",
    ".mjs-result-wrap": "white-space:normal",
    ".mjs-result-muted, .mjs-result-section, .mjs-verdict-note": f"color:{MUTED}",
    ".mjs-result-strong": "font-weight:700",
    ".mjs-breakdown-pair": "display:flex;flex-wrap:wrap;gap:0 1.5em;align-items:flex-start",
    ".mjs-headline": f"{FONT_LARGE};color:{TEXT}",
    ".mjs-headline-short": f"color:{ERROR}",
    ".mjs-verdict-note, .mjs-shown, .mjs-right, .mjs-wrong": "margin:4px 0",
    ".mjs-right": f"color:{GOOD};font-weight:700",
    ".mjs-wrong": f"color:{ERROR};font-weight:700",
}
_ROW = ' class="mjs-result-row"'


def _td(text: str, *kinds: str, span: int = 1) -> str:
    """A cell of a result's table, with the house's classes ``mjs-result-<kind>``."""
    classes = " ".join(f"mjs-result-{k}" for k in kinds)
    return f'<td class="{classes}"' + (f' colspan="{span}"' if span > 1 else "") + f">{text}</td>"


def error_html(message: str) -> str:
    """A refusal from the engine, shown as a message (never a traceback)."""
    return styled(f'<div class="mjs-error" role="alert" aria-live="assertive">{escape(str(message))}</div>', RULES)


def _where(item) -> str:
    """The tiles a line is on, short: "Red, Green, White Dragons", "6, 7, 8 Bamboo".

    >>> from types import SimpleNamespace as S
    >>> _where(S(where=("RD", "GD", "WD"))), _where(S(where=("6B", "7B"))), _where(S(where=("EW",)))
    ('Red, Green, White Dragons', '6, 7 Bamboo', 'East Wind')
    """
    names = [INFO[w].name if w in INFO else w for w in item.where if w]
    if len(names) < 2:
        return ", ".join(names)
    heads, tails = zip(*(n.rsplit(" ", 1) if " " in n else (n, "") for n in names))
    if len(set(tails)) == 1 and tails[0].isalpha():
        plural = tails[0] + ("s" if tails[0] in ("Dragon", "Wind") else "")
        return f"{', '.join(heads)} {plural}"
    return ", ".join(names)


def score_html(s: Score, *, side_by_side: bool = False) -> str:
    """The breakdown as HTML, one line of the rule book a row, as a scorer reads it out.

    Each row has the line, the count and its figure, and the tiles it is on just under it
    (``mjs-line-on``). ``side_by_side``: the hand points and the doubles as two tables next to
    each other where the page is wide enough (the hand builder, so that it fits a projector's
    screen with its controls), one under the other where it is not."""
    rows = []

    def section(title: str, items, total: int, kind: str, unit: str) -> None:
        rows.append(f'<tr{_ROW}><th colspan="3" scope="colgroup" class="mjs-result-section">{escape(title)}</th></tr>')
        line = f'<tr class="mjs-line-{kind} mjs-result-row">'
        if not items:
            rows.append(line + _td("(none)", "cell", "muted", span=3) + "</tr>")
        for i in items:
            on = _where(i)
            times = f"{i.count} × {i.each}" if i.count > 1 else ""
            edge = "pad" if on else "cell"  # the rule goes under the tiles' row instead
            if side_by_side and on:  # narrower: the count goes under the line, with the tiles
                on, times = (f"{on} ({times})" if times else on), ""
            rows.append(line + _td(escape(i.label), edge) + _td(escape(times), edge, "figure", "muted")
                        + _td(count(i.total), edge, "figure") + "</tr>")
            if on:  # the tiles the line is on, under it, so the row itself stays one line
                rows.append('<tr class="mjs-line-on mjs-result-row">' + _td(f"on {escape(on)}", "cell", "muted", "on", span=3)
                            + "</tr>")
        rows.append(f'<tr class="mjs-line-total mjs-result-row">' + _td(f"total {unit}", "cell", "strong", span=2)
                    + _td(count(total), "cell", "figure", "strong") + "</tr>")

    section("Hand points", s.points, s.hand_points, "points", "hand points")
    points = len(rows)
    section("Doubles", s.doubles_detail, s.doubles, "doubles", "doubles")
    for name in s.also_fits:
        rows.append(f"<tr{_ROW}>" + _td(f"<em>{escape(name)} fits too, but only the best hand kind counts</em>",
                                        "cell", "wrap", "muted", span=3) + "</tr>")

    def table(part: list[str], label: str) -> str:
        return f'<table class="mjs-breakdown" aria-label="{label}">{"".join(part)}</table>'
    if not side_by_side:
        return styled(table(rows, "The score, line by line"), RULES)
    return styled(f'<div class="mjs-breakdown-pair">{table(rows[:points], "The hand points, line by line")}'
                  f'{table(rows[points:], "The doubles, line by line")}</div>', RULES)


def headline_html(s: Score) -> str:
    """The paper total and the score in one line, with the reason when it pays nothing.

    A screen reader announces it whenever it changes."""
    sum_ = f"{count(s.hand_points)} × 2<sup>{s.doubles}</sup> = {count(s.paper_total)}"
    live = 'role="status" aria-live="polite"'
    if s.minimum_met:
        return styled(f'<div class="mjs-headline mjs-pays" {live}>Paper total {sum_}. <b>Score: {count(s.score)}</b>'
                      f'</div>', RULES)
    short = s.rules.minimum_doubles - s.doubles
    return styled(f'<div class="mjs-headline mjs-pays-nothing" {live}>'
            f'Paper total {sum_}. <b>Score: 0</b> <span class="mjs-headline-short">({escape(s.rules.name)} pays '
                  f'nothing under {s.rules.minimum_doubles} doubles: {short} short)</span></div>', RULES)


def breakdown_html(s: Score) -> str:
    """The headline and the line-by-line breakdown together: how a lesson shows a score."""
    return styled(f'<div class="mjs-score">{unstyled(headline_html(s))}{unstyled(score_html(s))}</div>', RULES)


def payout_html(payout, names: Sequence[str] | None = None) -> str:
    """An American :class:`~mjscore.american.Payout` as HTML: who pays what, and why.

    What each of the three losers pays, what the winner collects, and the reasons. ``names``:
    the three losers, thrower first."""
    discard = payout.how == "discard"
    if names is None:
        names = ("The thrower", "Another player", "Another player") if discard else \
            ("A player", "A player", "A player")
    rows = []
    for i, (name, pay) in enumerate(zip(names, payout.payments)):
        role = "threw the winning tile" if discard and i == 0 else ""
        rows.append('<tr class="mjs-payer mjs-result-row">'
                    + _td(escape(name) + (f' <small class="mjs-result-muted">({role})</small>' if role else ""), "cell")
                    + _td(f"pays {count(pay)}", "cell", "figure") + "</tr>")
    rows.append('<tr class="mjs-collects mjs-result-row">' + _td("The winner", "cell", "strong")
                + _td(f"collects {count(payout.winner_collects)}", "cell", "figure", "strong") + "</tr>")
    reasons = "".join(f"<li>{escape(r)}</li>" for r in payout.reasons)
    return styled(f'<div class="mjs-payout" role="status" aria-live="polite"><table>{"".join(rows)}</table>'
                  f'<ul>{reasons}</ul></div>', RULES)


def settlement_html(settlement) -> str:
    """A Willingdon :class:`~mjscore.willingdon.settle.Settlement`: each seat's gain (+) or payment (−), and why.

    >>> from mjscore import settle_win
    >>> html = settlement_html(settle_win(64, winner="S", discarder="E"))
    >>> "South" in html and "+192" in html and "−64" in html
    True
    """
    rows = "".join('<tr class="mjs-result-row">' + _td(escape(SEAT_NAMES.get(seat, seat)), "cell")
                   + _td(signed(amount), "cell", "figure") + "</tr>" for seat, amount in settlement.payments.items())
    reasons = "".join(f"<li>{escape(r)}</li>" for r in settlement.reasons)
    return styled(f'<div class="mjs-payout mjs-settlement" role="status"><table>{rows}</table>'
                  + (f"<ul>{reasons}</ul>" if reasons else "") + "</div>", RULES)


def verdict_html(*, right: bool, shown: bool, note: str = "") -> str:
    """The first lines of a practice verdict: ``note`` (if any), then Shown, Right or Not quite."""
    parts = [f'<p class="mjs-verdict-note">{escape(note)}</p>'] if note else []
    if shown:
        parts.append('<p class="mjs-shown"><b>Shown.</b> Revealing the answer counts as a miss.</p>')
    elif right:
        parts.append('<p class="mjs-right">✓ Right.</p>')
    else:
        parts.append('<p class="mjs-wrong">✗ Not quite.</p>')
    return styled("".join(parts), RULES)


__all__ = ["breakdown_html", "error_html", "headline_html", "payout_html", "score_html", "settlement_html",
           "verdict_html"]
