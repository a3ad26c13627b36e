"""A night's report card: what each hand paid and the running totals, as rows, CSV (formula-safe:
see :func:`mjscore.night.entry.cell_out`), plain text and JSON; and the night's places.

>>> from mjscore.night import Ledger
>>> night = Ledger(["Ann", "Bea", "Cat", "Dee"])
>>> _ = night.add(winner="Ann", how="discard", thrower="Cat", value=25)
>>> print(night.report_text())
hand  winner  how      thrower  value  jokerless  category  |   Ann  Bea  Cat  Dee  |   Ann  Bea  Cat  Dee
                                                            |  paid this hand       |  running totals
   1  Ann     discard  Cat         25             other     |  +100  −25  −50  −25  |  +100  −25  −50  −25
Totals: Ann +100, Bea −25, Cat −50, Dee −25
>>> places(night)
[(1, 'Ann', 100), (2, 'Bea', -25), (2, 'Dee', -25), (4, 'Cat', -50)]
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

from ..files.storage import atomic_write
from ..numbers import signed
from .entry import cell_out

__all__ = ["export_report_card", "places", "report_columns", "report_csv", "report_rows", "report_text",
           "to_json"]


def places(ledger) -> list[tuple[int, str, int]]:
    """``(place, player, total)`` from the top.

    Equal totals share a place (the next is skipped), and players with equal totals keep the
    order they are listed in.
    """
    order = sorted(ledger.totals.items(), key=lambda pv: -pv[1])
    out, place = [], 0
    for i, (p, v) in enumerate(order):
        if i == 0 or v != order[i - 1][1]:
            place = i + 1
        out.append((place, p, v))
    return out


def report_columns(ledger) -> tuple[str, ...]:
    """The report card's columns: the hand, then what each player paid, then the totals."""
    cols = ["hand", "winner", "how", "thrower"] + ledger.kind.report_columns(ledger.players, ledger.entries)
    return tuple(cols) + ledger.players + tuple(f"{p} total" for p in ledger.players)


def report_rows(ledger) -> list[dict]:
    """The report card as plain rows (dicts keyed by :func:`report_columns`)."""
    cols = report_columns(ledger)
    rows = []
    for ln in ledger.lines:
        e = ln.entry
        cells = {"hand": ln.number, "winner": e.winner or "", "how": e.how, "thrower": e.thrower or ""}
        cells.update(ledger.kind.report_cells(ledger.players, e, ln.value))
        for p in ledger.players:
            cells[p] = ln.payments[p]
            cells[f"{p} total"] = ln.totals[p]
        rows.append({c: cells[c] for c in cols})
    return rows


def report_csv(ledger) -> str:
    """The report card as CSV text (what each hand paid, and the running totals)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([cell_out(c) for c in report_columns(ledger)])
    for row in report_rows(ledger):
        w.writerow([cell_out(v) for v in row.values()])
    return buf.getvalue()


def export_report_card(ledger, path: str | os.PathLike) -> Path:
    """Write the report card as a CSV file (atomically, UTF-8 with a byte-order mark); returns the path."""
    path = Path(path)
    atomic_write(path, report_csv(ledger).encode("utf-8-sig"))
    return path


def _signed(v: object) -> str:
    return signed(v) if isinstance(v, int) else str(v)


def report_text(ledger) -> str:
    """The report card as a plain-text table, with the totals under it."""
    cols = report_columns(ledger)
    k = len(ledger.players)
    head = list(cols[:-2 * k])
    rows = [[_signed(v) if i >= len(head) else str(v) for i, v in enumerate(r.values())]
            for r in report_rows(ledger)]
    titles = head + list(ledger.players) * 2
    widths = [max([len(t)] + [len(r[i]) for r in rows]) for i, t in enumerate(titles)]
    numeric = {i for i, c in enumerate(titles) if c in ("hand", "value", "score") or i >= len(head)}

    def fmt(cells: list[str]) -> str:
        parts = [c.rjust(widths[i]) if i in numeric else c.ljust(widths[i]) for i, c in enumerate(cells)]
        left = "  ".join(parts[:len(head)])
        mid = "  ".join(parts[len(head):len(head) + k])
        right = "  ".join(parts[len(head) + k:])
        return f"{left}  |  {mid}  |  {right}".rstrip()

    out = [fmt(titles)]
    mid_w = sum(widths[len(head):len(head) + k]) + 2 * (k - 1)
    out.append(f"{' ' * len('  '.join(' ' * w for w in widths[:len(head)]))}  |  "
               f"{'paid this hand'.ljust(mid_w)}  |  running totals")
    out += [fmt(r) for r in rows]
    out.append("Totals: " + ", ".join(f"{p} {_signed(v)}" for p, v in ledger.totals.items()))
    return "\n".join(out)


def to_json(ledger) -> dict:
    """``{"totals": {...}, "hands": [...]}``: each hand's entry, payments and totals."""
    hands = []
    for ln in ledger.lines:
        d = {"hand": ln.number}
        d.update(ledger.kind.json_cells(ledger.players, ln.entry, ln.value))
        d["text"] = ln.text
        d["payments"] = ln.payments
        d["totals"] = ln.totals
        hands.append(d)
    return {"totals": ledger.totals, "hands": hands}
