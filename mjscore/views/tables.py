"""pandas tables of the engine's own figures: what a notebook displays, computed, never typed.

- :func:`payment_table` the League's "Who pays" table for a card value (American home rules).
- :func:`worked_examples` the four worked examples of docs/rules.md (or any value's).
- :func:`points_table` the set points, pivoted from :func:`mjscore.willingdon.rule_table` rows
  by ``column`` (exposed / concealed); :func:`other_points_table` the flowers, pairs and mahjong.
- :func:`doubles_table` every doubles line of the rule table, in the rule book's tables.
- :func:`score_frame` a :class:`~mjscore.willingdon.Score` as one row per line item.
- :func:`compare_rules` one hand scored under several rule sets, side by side.
- :func:`settlement_table` Willingdon settlements, one row each, one column per seat.

Every table is a plain ``DataFrame``, in a fixed order. :func:`show` draws any of them with
pandas' ``Styler`` as the HTML a learner reads: thousands separators, shares as percentages, a
minus sign, no positional index, headers that wrap between words, and nothing wider than a
1024-pixel screen; the Styler's id comes from the table's content, so a notebook's stored output
is the same on every run.

>>> payment_table(25)["Winner collects"].tolist()
[100, 150, 0]
>>> points_table().loc["Pung of major (honours, 1s and 9s)"].tolist()
[4, 8]
"""

from __future__ import annotations

import hashlib
from html import escape
from numbers import Integral, Real
from typing import Iterable, Mapping

import pandas as pd
from pandas.io.formats.style import Styler

from ..american.home import CATEGORIES, HOME, HomeRules, home_payments
from ..hands import Hand
from ..willingdon.settle import Settlement
from ..tiles import INFO, SEAT_NAMES, SEATS
from ..willingdon.scoring import WILLINGDON, RuleSet, Score, rule_table, score
from ._style import BORDER, FONT, MUTED, SHADE, TEXT, count, share

_WAYS = (("On a discard", "discard"), ("On a tile the winner drew", "self-drawn"), ("The wall ran out", "wall"))


def payment_table(value: int = 25, *, jokerless: bool = False, category: str = "other",
                  rules: HomeRules = HOME) -> pd.DataFrame:
    """Who pays what for a hand of card value ``value``, one row per way the hand ends.

    ``value=1`` gives the League's table in multiples of the value (2x, 1x). A self-drawn hand
    has no thrower: that cell is empty and each of the three pays the "each other" amount.

    >>> t = payment_table(25, jokerless=True)
    >>> t.columns.tolist()
    ['Thrower pays', 'Each other player pays', 'Winner collects']
    >>> t["Winner collects"].to_dict()
    {'On a discard': 200, 'On a tile the winner drew': 300, 'The wall ran out': 0}
    """
    rows = {}
    for label, how in _WAYS:
        p = home_payments(value, how, jokerless=jokerless, category=category, rules=rules)
        thrower = p.thrower_pays if how != "self-drawn" else ""
        rows[label] = {"Thrower pays": thrower, "Each other player pays": p.other_pays,
                       "Winner collects": p.winner_collects}
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame.index.name = "How the hand was won"
    return frame


#: The four worked examples of docs/rules.md: (how the hand was won, jokerless).
WORKED_EXAMPLES = (("discard", False), ("self-drawn", False), ("discard", True), ("self-drawn", True))


def worked_examples(value: int = 25, rules: HomeRules = HOME) -> pd.DataFrame:
    """The four worked examples of docs/rules.md, computed by :func:`mjscore.american.home_payments`.

    >>> worked_examples(25)["Winner collects"].tolist()
    [100, 150, 200, 300]
    """
    rows = []
    for how, jokerless in WORKED_EXAMPLES:
        p = home_payments(value, how, jokerless=jokerless, rules=rules)
        rows.append({
            "Won": "on a discard" if how == "discard" else "on a tile the winner drew",
            "Jokers": "none (jokerless)" if jokerless else "with a joker",
            "Thrower pays": p.thrower_pays if how == "discard" else "",
            "Each other player pays": p.other_pays,
            "Payments": " / ".join(str(x) for x in p.payments),
            "Winner collects": p.winner_collects,
        })
    frame = pd.DataFrame(rows, index=pd.RangeIndex(1, len(rows) + 1, name="Example"))
    return frame


def category_table(value: int = 25, how: str = "discard", rules: HomeRules = HOME) -> pd.DataFrame:
    """For each section of the card: does a jokerless hand pay double, and what the winner collects."""
    rows = []
    for key, name in CATEGORIES.items():
        p = home_payments(value, how, jokerless=True, category=key, rules=rules)
        rows.append({"Section of the card": name, "Jokerless double": "yes" if p.jokerless_double else "no",
                     "Winner collects": p.winner_collects})
    return pd.DataFrame(rows).set_index("Section of the card")


def points_table(rules: RuleSet = WILLINGDON) -> pd.DataFrame:
    """The set points of the rule table, pivoted: one row per set, columns Exposed, Concealed.

    >>> points_table().to_dict("split")["data"]
    [[2, 4], [4, 8], [8, 16], [16, 32]]
    """
    rows = [{"Set": r.name, "column": r.column, "points": r.value}
            for r in rule_table(rules) if r.kind == "points" and r.column]
    order = list(dict.fromkeys(r["Set"] for r in rows))
    frame = pd.DataFrame(rows).pivot(index="Set", columns="column", values="points")
    frame = frame.reindex(index=order, columns=["exposed", "concealed"])
    frame.columns = ["Exposed", "Concealed"]
    return frame


def other_points_table(rules: RuleSet = WILLINGDON) -> pd.DataFrame:
    """The points that are not set points: flowers, the pair, mahjong."""
    rows = [{"Also worth points": r.name, "Points": r.value}
            for r in rule_table(rules) if r.kind == "points" and not r.column]
    return pd.DataFrame(rows).set_index("Also worth points")


def doubles_table(rules: RuleSet = WILLINGDON) -> pd.DataFrame:
    """Every doubles line of the rule table, grouped as the Willingdon rule book groups them."""
    rows = [{"Table": r.table, "Line": r.name, "What it means": r.note, "Doubles": r.value}
            for r in rule_table(rules) if r.kind == "doubles"]
    return pd.DataFrame(rows).set_index(["Table", "Line"])


def _where(item) -> str:
    return ", ".join(INFO[w].name if w in INFO else w for w in item.where if w)


def score_frame(s: Score) -> pd.DataFrame:
    """A score as a table, one row per line item, indexed by section and line.

    Hand points first, then doubles, each section closed by its total row.

    >>> from mjscore import parse
    >>> f = score_frame(score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W")))
    >>> int(f.loc[("Hand points", "total"), "Total"]), int(f.loc[("Doubles", "total"), "Total"])
    (54, 5)
    """
    rows = []
    for section, items, total in (("Hand points", s.points, s.hand_points),
                                  ("Doubles", s.doubles_detail, s.doubles)):
        for i in items:
            rows.append({"Section": section, "Line": i.label, "On": _where(i),
                         "Count": i.count, "Each": i.each, "Total": i.total})
        rows.append({"Section": section, "Line": "total", "On": "", "Count": "", "Each": "", "Total": total})
    return pd.DataFrame(rows).set_index(["Section", "Line"])


def compare_rules(hand: Hand, rule_sets: Iterable[RuleSet]) -> pd.DataFrame:
    """One hand scored under each rule set, side by side (one column per rule set).

    >>> from mjscore import parse, WILLINGDON, CLEAN_HAND_ONE
    >>> compare_rules(parse("2Bx3 5Bx3 7Bx3 RDx3 EWx2"), [WILLINGDON, CLEAN_HAND_ONE]).loc["Doubles"].tolist()
    [3, 4]
    """
    columns = {}
    for rules in rule_sets:
        s = score(hand, rules)
        kind = s.doubles_detail[0].label if s.doubles_detail and s.doubles_detail[0].line in _HAND_KINDS else ""
        columns[rules.name] = {
            "Clean Hand doubles (setting)": rules.clean_hand_doubles,
            "Minimum doubles (setting)": rules.minimum_doubles,
            "Hand kind counted": kind,
            "Hand points": s.hand_points,
            "Doubles": s.doubles,
            "Paper total": s.paper_total,
            "Score": s.score,
        }
    return pd.DataFrame(columns)


def settlement_table(settlements: Mapping[str, Settlement]) -> pd.DataFrame:
    """Willingdon settlements side by side: one row per situation, one column per seat.

    A gain is plus and a payment minus; each row sums to zero.

    >>> from mjscore.willingdon.settle import settle_win, settle_false_mahjong
    >>> t = settlement_table({"win": settle_win(64, winner="S", discarder="E"),
    ...                       "false mahjong": settle_false_mahjong("N")})
    >>> t.loc["win"].tolist(), t.loc["false mahjong"].tolist()
    ([-64, 192, -64, -64], [500, 500, 500, -1500])
    """
    rows = {label: {SEAT_NAMES[seat]: amount for seat, amount in s.payments.items()}
            for label, s in settlements.items()}
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame = frame.reindex(columns=[SEAT_NAMES[seat] for seat in SEATS])
    frame.index.name = "Situation"
    return frame


def _cell(value, percent: bool, out_of: float = 1) -> tuple[str, bool]:
    """A value as text, and whether it is a number (right-aligned)."""
    if value is None or (isinstance(value, float) and value != value) or value == "":
        return "", False
    if isinstance(value, bool):
        return ("yes" if value else "no"), False
    if isinstance(value, Integral):
        return (f"−{count(-int(value))}" if value < 0 else count(int(value))), True
    if isinstance(value, Real):
        if percent:
            return share(float(value) / out_of), True
        return (f"{value:,.2f}".rstrip("0").rstrip(".")).replace("-", "−"), True
    if isinstance(value, (tuple, list)):
        return " / ".join(_cell(v, percent)[0] for v in value), False
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_cell(v, percent)[0]}" for k, v in value.items()), False
    return str(value), False


def _label(key) -> str:
    return " · ".join(str(k) for k in key if str(k)) if isinstance(key, tuple) else str(key)


class HtmlTable:
    """A table drawn as our own HTML (what :func:`show` returns): displayed by Jupyter as HTML,
    with a stable plain-text stand-in. ``.frame`` is the data."""

    def __init__(self, frame: pd.DataFrame, html: str) -> None:
        self.frame, self.html = frame, html

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<table: {len(self.frame)} rows × {len(self.frame.columns)} columns>"


#: The house style of a table, as pandas' Styler writes it (its rules under the table's own id,
#: which JupyterLab's rules for rendered tables never outweigh).
_TABLE_STYLES = [
    {"selector": "", "props": f"border-collapse:collapse;max-width:100%;{FONT};color:{TEXT}"},
    {"selector": "th, td", "props": f"padding:0.2em 0.6em;border-bottom:1px solid {BORDER};vertical-align:top;"
                                    "text-align:left"},
    {"selector": "thead th", "props": f"font-weight:700;background:{SHADE};overflow-wrap:normal;word-break:normal"},
    {"selector": "thead th.mjs-number", "props": "text-align:right"},
    {"selector": "tbody th", "props": "font-weight:400"},
    {"selector": "tbody th.level0", "props": "font-weight:700"},
    # (text left: JupyterLab sets every table cell right, which put long sentences flush right)
    {"selector": "td.mjs-number", "props": "text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums"},
    {"selector": "td.mjs-none", "props": f"color:{MUTED}"},
    {"selector": "caption", "props": "caption-side:top;text-align:left;font-weight:700;padding:0.6em 0 0.3em"},
]


def show(frame: pd.DataFrame, *, percent: Iterable[str] | str = (), out_of: float = 1, index: bool | None = None,
         label: str = "", title: str = "") -> HtmlTable:
    """``frame`` as the HTML a learner reads (see the module notes), drawn by pandas' Styler.

    ``percent``: columns that hold shares of ``out_of`` (a string: the columns, or rows, whose
    label holds it, such as ``"%"``); of 1, 0.25 shows as 25.0%; ``out_of=100`` for figures that
    are percentages already. ``index``: show the row labels (default: unless they are just 0, 1,
    2, ...). ``label``: what a screen reader announces the table as; ``title``: a title shown
    above it (and announced). The same table always gives the same HTML: the Styler's id is
    made from what the table shows.

    >>> t = show(pd.DataFrame({"paper total": [1728, 237568], "share": [0.5, 0.125]}), percent=["share"])
    >>> "237,568" in t.html and "12.5%" in t.html and ">0<" not in t.html
    True
    """
    rows_in_percent = ({k for k in frame.index if percent in _label(k)} if isinstance(percent, str) else set())
    percent = ({c for c in frame.columns if percent in _label(c)} if isinstance(percent, str) else set(percent))
    if index is None:
        index = not isinstance(frame.index, pd.RangeIndex) or frame.index.name is not None
    cells = [[_cell(value, c in percent or key in rows_in_percent, out_of) for c, value in zip(frame.columns, row)]
             for key, row in zip(frame.index, frame.itertuples(index=False))]
    texts = pd.DataFrame([[text for text, _ in row] for row in cells], index=frame.index, columns=frame.columns)
    kinds = pd.DataFrame([["mjs-number" if number else "" for _, number in row] for row in cells],
                         index=frame.index, columns=frame.columns)
    if texts.empty:  # an empty table says so (headers over nothing read as a fault)
        texts = pd.DataFrame([["(none yet)"] + [""] * (len(frame.columns) - 1)], columns=frame.columns)
        kinds = pd.DataFrame([["mjs-none"] * len(frame.columns)], columns=frame.columns)
        index = False
    numeric = [k for k, c in enumerate(frame.columns) if pd.api.types.is_numeric_dtype(frame[c])]
    shown = (Styler(texts, cell_ids=False).format(escape="html").format_index(_label, axis=1, escape="html")
             .format_index(escape="html").set_td_classes(kinds).set_table_styles(_TABLE_STYLES)
             .set_table_styles([{"selector": f"thead th.col{k}", "props": "text-align:right"} for k in numeric],
                               overwrite=False)
             .set_table_attributes('class="mjs-table"' + (f' aria-label="{escape(label)}"' if label and not title else "")))
    if not index:
        shown = shown.hide(axis="index")
    if title:
        shown = shown.set_caption(escape(title))
    what = "\x1f".join([texts.to_csv(), label, title, str(index)]).encode("utf-8")
    shown = shown.set_uuid("mjs" + hashlib.sha1(what, usedforsecurity=False).hexdigest()[:10])
    return HtmlTable(frame, shown.to_html(doctype_html=False))


_HAND_KINDS = frozenset(r.name for r in rule_table(WILLINGDON) if r.group == "hand kind")


__all__ = ["HtmlTable", "WORKED_EXAMPLES", "show", "category_table", "compare_rules", "doubles_table", "other_points_table",
           "payment_table", "points_table", "score_frame", "settlement_table", "worked_examples"]
