"""Controls the apps share that ipywidgets does not have as such.

:class:`AskFirst`: a question with a yes and a no button, hidden until asked, so that nothing a
learner or a scorekeeper made is thrown away by one click: the app asks, and acts only on yes.
The trainer's and the drills' Reset, and the scorekeeper's Undo and Another night, all ask with it.

>>> done = []
>>> ask = AskFirst(box="mjs-demo-ask", yes="mjs-demo-yes", no="mjs-demo-no")
>>> ask.ask("Start again?", then=lambda: done.append("cleared"), yes="Yes, clear", no="No, keep")
>>> ask.widget.layout.display, ask.yes.description, ask.no.description, ask.asking
('', 'Yes, clear', 'No, keep', True)
>>> ask.no.click(); done, ask.widget.layout.display
([], 'none')
>>> ask.ask("Start again?", then=lambda: done.append("cleared"))
>>> ask.yes.click(); done
['cleared']
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

__all__ = ["AskFirst", "upload_button"]


def upload_button(description: str, *, accept: str, css: str) -> widgets.FileUpload:
    """A button to choose a file, labelled ``description`` and nothing else.

    ipywidgets writes the count of files chosen after the label ("Restore from a file (0)"), so
    the house style (the class ``mjs-upload``) shows the label from the button's tooltip
    instead."""
    button = widgets.FileUpload(description=description, tooltip=description, accept=accept, multiple=False,
                                layout=widgets.Layout(width="auto"))
    button.add_class("mjs-upload")
    button.add_class(css)
    return button


class AskFirst:
    """A question (HTML: the caller escapes what it quotes) with ``yes`` and ``no`` buttons, in
    ``widget``, hidden until :meth:`ask`. ``box``, ``yes``, ``no`` and ``question`` name the CSS
    classes of the parts (the browser tests find them by these); ``row``: the buttons beside
    the question rather than under it; ``yes_style``: the yes button's look; ``after``: called
    once the question is answered, either way (an app that redraws itself)."""

    def __init__(self, *, box: str, yes: str, no: str, question: str = "", row: bool = False,
                 yes_style: str = "danger", after: Callable[[], None] | None = None) -> None:
        self.question = widgets.HTML()
        self.yes = widgets.Button(button_style=yes_style, layout=widgets.Layout(width="auto"))
        self.no = widgets.Button(layout=widgets.Layout(width="auto"))
        for part, css in ((self.question, question), (self.yes, yes), (self.no, no)):
            if css:
                part.add_class(css)
        parts = [self.question, self.yes, self.no] if row else [self.question, widgets.HBox([self.yes, self.no])]
        self.widget = (widgets.HBox(parts, layout=widgets.Layout(display="none", flex_flow="row wrap",
                                                                 align_items="center")) if row else
                       widgets.VBox(parts, layout=widgets.Layout(display="none")))
        self.widget.add_class(box)
        self._then: Callable[[], None] | None = None
        self._after = after
        self.yes.on_click(lambda _: self._answer(True))
        self.no.on_click(lambda _: self._answer(False))

    @property
    def asking(self) -> bool:
        """A question is on the screen, waiting for its answer."""
        return self.widget.layout.display != "none"

    def ask(self, question: str, then: Callable[[], None] | None, *, yes: str = "Yes", no: str = "No") -> None:
        """Show ``question``, and call ``then`` if the answer is yes.

        With ``then`` None there is nothing to do: the question is a notice with one button,
        ``no``."""
        self.question.value = question
        self.yes.description, self.no.description = yes, no
        self.yes.layout.display = "none" if then is None else ""
        self._then = then
        self.widget.layout.display = ""

    def cancel(self) -> None:
        """Take the question away, as a no (a question left unanswered is answered no by going on)."""
        self._answer(False)

    def _answer(self, yes: bool) -> None:
        then, self._then = self._then, None
        self.widget.layout.display = "none"
        if yes and then is not None:
            then()
        if self._after is not None:
            self._after()
