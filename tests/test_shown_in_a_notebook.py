"""A result a learner evaluates in a cell shows itself drawn (``_repr_html_``): a score's
breakdown, a Willingdon settlement, a night's totals; drawn by the views, which the engine
reaches by name only when a result is shown, and which need nothing beyond the standard library."""

from __future__ import annotations

import subprocess
import sys

import mjscore


def test_a_score_a_settlement_and_a_night_show_themselves_drawn_with_nothing_third_party():
    code = """
import sys
from mjscore import parse, score, settle_win
from mjscore.night import simulate_night
s = score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W"))
shown = [s._repr_html_(), settle_win(64, winner="S", discarder="E")._repr_html_(), simulate_night()._repr_html_()]
print(shown[0].count("mjs-line-total"), "+192" in shown[1], "mjs-totals" in shown[2])
print(sorted(m for m in ("pandas", "ipywidgets", "matplotlib", "IPython") if m in sys.modules))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[:2] == ["2 True True", "[]"]


def test_anything_else_is_shown_as_text():
    assert mjscore.html_of(42) is None and mjscore.html_of("RDx3") is None


def test_every_view_named_is_there():
    from importlib import import_module

    for kind, view in mjscore.HTML_VIEWS.items():
        module, name = view.split(":")
        assert callable(getattr(import_module(f"mjscore.{module}"), name)), kind
        where, cls = kind.rsplit(".", 1)
        assert hasattr(import_module(where), cls), kind
