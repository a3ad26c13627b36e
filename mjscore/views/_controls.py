"""Controls the apps share that ipywidgets does not have as such.

:class:`AskFirst`: a question with a yes and a no button, hidden until asked, so that nothing a
learner or a scorekeeper made is thrown away by one click: the app asks, and acts only on yes.

>>> done = []
>>> ask = AskFirst("mjs-demo")
>>> ask.ask("Start again?", then=lambda: done.append("cleared"), yes="Yes, clear", no="No, keep")
>>> ask.widget.layout.display, ask.yes.description, ask.no.description
('', 'Yes, clear', 'No, keep')
>>> ask.no.click(); done, ask.widget.layout.display
([], 'none')
>>> ask.ask("Start again?", then=lambda: done.append("cleared"))
>>> ask.yes.click(); done
['cleared']
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

__all__ = ["AskFirst"]


class AskFirst:
    """A question (HTML) with ``yes`` and ``no`` buttons, in ``widget``, hidden until :meth:`ask`.
    The parts carry the CSS classes ``PREFIX-confirm``, ``PREFIX-clear`` (yes) and ``PREFIX-keep`` (no)."""

    def __init__(self, prefix: str) -> None:
        self.question = widgets.HTML()
        self.yes = widgets.Button(button_style="danger", layout=widgets.Layout(width="auto"))
        self.no = widgets.Button(layout=widgets.Layout(width="auto"))
        self.yes.add_class(f"{prefix}-clear")
        self.no.add_class(f"{prefix}-keep")
        self.widget = widgets.VBox([self.question, widgets.HBox([self.yes, self.no])],
                                   layout=widgets.Layout(display="none"))
        self.widget.add_class(f"{prefix}-confirm")
        self._then: Callable[[], None] | None = None
        self.yes.on_click(lambda _: self._answer(True))
        self.no.on_click(lambda _: self._answer(False))

    def ask(self, question: str, then: Callable[[], None] | None, *, yes: str = "Yes", no: str = "No") -> None:
        """Show ``question`` (HTML, escaped by the caller); on yes call ``then``. With ``then``
        None there is nothing to do: the question is a notice with one button, ``no``."""
        self.question.value = question
        self.yes.description, self.no.description = yes, no
        self.yes.layout.display = "none" if then is None else ""
        self._then = then
        self.widget.layout.display = ""

    def _answer(self, yes: bool) -> None:
        then, self._then = self._then, None
        self.widget.layout.display = "none"
        if yes and then is not None:
            then()
