"""Our drawings as SVG, built as a tree of elements with the standard library's ElementTree (as
python-chess draws its boards), never as pieces of a string: every name and figure is escaped,
every element closed, and the same drawing always gives the same text. The tiles, the charts
and the buttons' icons are drawn with it.

An attribute is a keyword: ``stroke_width=2`` is ``stroke-width="2"``, ``class_="x"`` is
``class="x"``; a number is written with at most two decimals (``12.0`` as ``12``).

>>> chart = drawing(120, 40, class_="mjs-demo", aria_label="A line")
>>> _ = add(chart, "line", x1=0, y1=20, x2=120.256, y2=20.0, stroke="#888")
>>> _ = add(chart, "text", "Ann <b>", x=4, y=12)
>>> svg_text(chart)
'<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40" class="mjs-demo" aria-label="A line"><line x1="0" y1="20" x2="120.26" y2="20" stroke="#888" /><text x="4" y="12">Ann &lt;b&gt;</text></svg>'
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Iterable

__all__ = ["add", "drawing", "points", "svg_text"]

_SVG = "http://www.w3.org/2000/svg"


def _name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def _value(value: object) -> str:
    if isinstance(value, bool) or value is None:
        raise TypeError(f"an SVG attribute is a number or a word, not {value!r}")
    if isinstance(value, float):
        return format(round(value, 2), ".10g")
    return str(value)


def _attributes(attrs: dict) -> dict[str, str]:
    return {_name(k): _value(v) for k, v in attrs.items()}


def drawing(width: float | str, height: float | None, **attrs: object) -> ET.Element:
    """A new drawing, ``width`` by ``height`` (its view box the same, unless ``viewBox`` is given).

    A drawing that scales with the page is ``"100%"`` wide with its ``viewBox``, and no height
    (the browser keeps its proportions)."""
    view = attrs.pop("viewBox", None) or f"0 0 {_value(width)} {_value(height)}"
    size = {"width": width} if height is None else {"width": width, "height": height}
    return ET.Element("svg", {"xmlns": _SVG, **_attributes(size), "viewBox": str(view), **_attributes(attrs)})


def add(parent: ET.Element, tag: str, text: str | None = None, /, **attrs: object) -> ET.Element:
    """A ``tag`` element added to ``parent`` (``text`` inside it, escaped), given back to add to in turn."""
    element = ET.SubElement(parent, tag, _attributes(attrs))
    if text is not None:
        element.text = str(text)
    return element


def points(pairs: Iterable[tuple[float, float]]) -> str:
    """The ``points`` of a polyline or polygon: ``"x,y x,y ..."``."""
    return " ".join(f"{_value(x)},{_value(y)}" for x, y in pairs)


def svg_text(element: ET.Element) -> str:
    """The drawing as the text a page shows."""
    return ET.tostring(element, encoding="unicode")
