"""Small HTML panels the widget apps show: a score's breakdown and headline, an American
payout, a Willingdon settlement, an error. Pure Python (no pandas), deterministic, and every
piece of text is escaped, so a player's typing can never inject markup.

CSS classes: ``mjs-breakdown`` (the line-by-line table; rows ``mjs-line-points``,
``mjs-line-doubles``, ``mjs-line-total``), ``mjs-headline`` (``mjs-pays`` or ``mjs-pays-nothing``),
``mjs-payout`` (one ``mjs-payer`` row per player, ``mjs-collects``), ``mjs-settlement``,
``mjs-error`` (``role="alert"``).

>>> from mjscore import parse, score
>>> html = score_html(score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W")))
>>> "A pung/kong of your own wind" in html and html.count("mjs-line-total") == 2
True
>>> error_html("<b>two sets</b>")
'<div class="mjs-error" role="alert" style="color:#9b1c1c;background:#fdecea;border:1px solid #e5a3a3;border-radius:6px;padding:6px 10px;font:14px Verdana,Arial,sans-serif">&lt;b&gt;two sets&lt;/b&gt;</div>'
"""

from __future__ import annotations

from html import escape
from typing import Mapping, Sequence

from ..tiles import INFO, SEAT_NAMES
from ..willingdon.scoring import Score

_FONT = "font:14px Verdana,Arial,sans-serif"
_CELL = "padding:2px 8px;border-bottom:1px solid #e6e1d3"


def error_html(message: str) -> str:
    """A refusal from the engine, shown as a message (never a traceback)."""
    return (f'<div class="mjs-error" role="alert" style="color:#9b1c1c;background:#fdecea;'
            f'border:1px solid #e5a3a3;border-radius:6px;padding:6px 10px;{_FONT}">{escape(str(message))}</div>')


def _where(item) -> str:
    return ", ".join(INFO[w].name if w in INFO else w for w in item.where if w)


def score_html(s: Score) -> str:
    """The breakdown, one line of the rule book a row, as a scorer reads it out."""
    rows = []

    def section(title: str, items, total: int, kind: str, unit: str) -> None:
        rows.append(f'<tr><th colspan="3" style="text-align:left;padding:6px 8px 2px;color:#4a4536">'
                    f'{escape(title)}</th></tr>')
        if not items:
            rows.append(f'<tr class="mjs-line-{kind}"><td style="{_CELL};color:#6b6452" colspan="3">(none)</td></tr>')
        for i in items:
            on = _where(i)
            times = f"{i.count} × {i.each}" if i.count > 1 else ""
            rows.append(f'<tr class="mjs-line-{kind}"><td style="{_CELL}">{escape(i.label)}'
                        + (f'<br><small style="color:#6b6452">{escape(on)}</small>' if on else "")
                        + f'</td><td style="{_CELL};text-align:right;color:#6b6452">{escape(times)}</td>'
                        f'<td style="{_CELL};text-align:right">{i.total:,}</td></tr>')
        rows.append(f'<tr class="mjs-line-total"><td style="{_CELL};font-weight:700">total {unit}</td><td></td>'
                    f'<td style="{_CELL};text-align:right;font-weight:700">{total:,}</td></tr>')

    section("Hand points", s.points, s.hand_points, "points", "hand points")
    section("Doubles", s.doubles_detail, s.doubles, "doubles", "doubles")
    for name in s.also_fits:
        rows.append(f'<tr><td colspan="3" style="{_CELL};color:#6b6452"><em>{escape(name)} fits too, but only '
                    f'the best hand kind counts</em></td></tr>')
    return (f'<table class="mjs-breakdown" style="border-collapse:collapse;{_FONT}">'
            f'{"".join(rows)}</table>')


def headline_html(s: Score) -> str:
    """The paper total and the score in one line, with the reason when it pays nothing."""
    sum_ = f"{s.hand_points:,} × 2<sup>{s.doubles}</sup> = {s.paper_total:,}"
    if s.minimum_met:
        return (f'<div class="mjs-headline mjs-pays" style="{_FONT};font-size:18px">'
                f'Paper total {sum_}. <b>Score: {s.score:,}</b></div>')
    short = s.rules.minimum_doubles - s.doubles
    return (f'<div class="mjs-headline mjs-pays-nothing" style="{_FONT};font-size:18px">'
            f'Paper total {sum_}. <b>Score: 0</b> <span style="color:#9b1c1c">({escape(s.rules.name)} pays '
            f'nothing under {s.rules.minimum_doubles} doubles: {short} short)</span></div>')


def payout_html(payout, names: Sequence[str] | None = None) -> str:
    """An American :class:`~mjscore.american.Payout`: what each of the three losers pays, what
    the winner collects, and the reasons. ``names``: the three losers, thrower first."""
    discard = payout.how == "discard"
    if names is None:
        names = ("The thrower", "Another player", "Another player") if discard else \
            ("A player", "A player", "A player")
    rows = []
    for i, (name, pay) in enumerate(zip(names, payout.payments)):
        role = "threw the winning tile" if discard and i == 0 else ""
        rows.append(f'<tr class="mjs-payer"><td style="{_CELL}">{escape(name)}'
                    + (f' <small style="color:#6b6452">({role})</small>' if role else "")
                    + f'</td><td style="{_CELL};text-align:right">pays {pay:,}</td></tr>')
    rows.append(f'<tr class="mjs-collects"><td style="{_CELL};font-weight:700">The winner</td>'
                f'<td style="{_CELL};text-align:right;font-weight:700">collects {payout.winner_collects:,}</td></tr>')
    reasons = "".join(f"<li>{escape(r)}</li>" for r in payout.reasons)
    return (f'<div class="mjs-payout" style="{_FONT}"><table style="border-collapse:collapse">{"".join(rows)}'
            f'</table><ul style="margin:6px 0 0 0;padding-left:20px;color:#4a4536">{reasons}</ul></div>')


def settlement_html(payments: Mapping[str, int], reasons: Sequence[str] = ()) -> str:
    """A Willingdon settlement: each seat's gain (+) or payment (-), and the reasons."""
    rows = "".join(f'<tr><td style="{_CELL}">{escape(SEAT_NAMES.get(seat, seat))}</td>'
                   f'<td style="{_CELL};text-align:right">{amount:+,}</td></tr>' for seat, amount in payments.items())
    items = "".join(f"<li>{escape(r)}</li>" for r in reasons)
    return (f'<div class="mjs-settlement" style="{_FONT}"><table style="border-collapse:collapse">{rows}</table>'
            + (f'<ul style="margin:6px 0 0 0;padding-left:20px;color:#4a4536">{items}</ul>' if items else "")
            + "</div>")


__all__ = ["error_html", "headline_html", "payout_html", "score_html", "settlement_html"]
