"""Controls the apps share that ipywidgets does not have as such.

:func:`number_box` and :func:`typed_number`: a box where a person types a number, and its
reading. The box is text, never an ``IntText`` or a ``FloatText`` (the browser reads those, and
turned "27.5" into 275, "1e3" into 13 and an empty box into 1 without a word); the text is read
by :func:`mjscore.files.inputs.whole_number`, the command line's own reader, and refused in its words.

>>> box = number_box("Card value", "mjs-demo-value", value=25)
>>> box.value, sorted(box._dom_classes)
('25', ['mjs-demo-value', 'mjs-number'])
>>> box.value = " 1,000 "; typed_number(box, "the hand's value", 1, 100_000)
1000
>>> box.value = "27.5"; typed_number(box, "the hand's value", 1, 100_000)
Traceback (most recent call last):
...
mjscore.files.inputs.InputError: the hand's value must be a whole number, not '27.5'

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

:class:`Picks`: choose any number of players (dead hands), one toggle button each, so picking
two is two clicks (or taps) with nothing to hold down, unlike a multi-select list. Its
``value`` is the tuple of the players picked, in the order of ``options``; set it, watch it and
give it new ``options`` like any selection widget (players no longer offered are unpicked).

>>> dead = Picks(options=("Ann", "Bea", "Cat"), description="Dead hands")
>>> dead.value = ("Cat", "Ann")
>>> dead.value, [b.value for b in dead.buttons]
(('Ann', 'Cat'), [True, False, True])
>>> dead.buttons[1].value = True  # a click on Bea
>>> dead.value
('Ann', 'Bea', 'Cat')
>>> dead.options = ("Bea", "Dee")
>>> dead.value
('Bea',)
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets
import traitlets

from ..files.inputs import InputError, whole_number

__all__ = ["AskFirst", "NUMBER_BOX", "Picks", "SIGNED_BOX", "number_box", "typed_number", "upload_button"]

#: The CSS class of every box where a person types a number; and of those where it may be
#: negative. A page that knows them (the classroom template's and the table apps',
#: voila/templates/classroom/number-keys.js) brings up a phone's number keys for the first,
#: which have no minus sign.
NUMBER_BOX, SIGNED_BOX = "mjs-number", "mjs-number-signed"


def number_box(description: str, css: str, *, value: object = "", placeholder: str = "", tooltip: str = "",
               width: str = "12em", style: dict | None = None, layout: widgets.Layout | None = None,
               signed: bool = False) -> widgets.Text:
    """A box where a person types a whole number: text, read by :func:`typed_number`.

    It carries the classes ``mjs-number`` and ``css`` (and ``mjs-number-signed`` if ``signed``:
    the number may be negative). ``value``: what it shows first (a number is shown as typed
    digits); ``layout``: instead of the width given.
    """
    box = widgets.Text(value="" if value is None else str(value), description=description, placeholder=placeholder,
                       tooltip=tooltip or None, continuous_update=True, style=style or {},
                       layout=layout if layout is not None else widgets.Layout(width=width))
    box.add_class(NUMBER_BOX)
    if signed:
        box.add_class(SIGNED_BOX)
    box.add_class(css)
    return box


def typed_number(box: widgets.Text, what: str, low: int | None = None, high: int | None = None, *,
                 error: type[ValueError] = InputError, ask: str | None = None) -> int:
    """The whole number typed in ``box``, read as the command line reads it; refused in its words.

    :func:`mjscore.files.inputs.whole_number` reads it, naming it ``what``, between ``low`` and
    ``high``; an empty box is refused as the command line refuses an empty value, or with
    ``ask`` (what to type) when given. Refusals are ``error`` (an :class:`~mjscore.files.inputs.InputError`).
    """
    if ask is not None and not box.value.strip():
        raise error(ask)
    return whole_number(box.value, what, low, high, error, required=True)


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


class Picks(widgets.HBox, widgets.ValueWidget):
    """Any number of ``options`` picked with a toggle button each (``value``: those picked)."""

    value = traitlets.Tuple()
    options = traitlets.Tuple()
    disabled = traitlets.Bool(False)

    def __init__(self, options=(), value=(), description: str = "", hint: str = "", **kwargs) -> None:
        self.label = widgets.HTML(f'<span class="mjs-picks-label">{description}</span>'
                                  + (f' <small class="mjs-picks-hint">{hint}</small>' if hint else ""))
        self.buttons: list[widgets.ToggleButton] = []
        self._pool: dict = {}
        self._syncing = False
        super().__init__(**kwargs)
        self.add_class("mjs-picks")
        self.layout.flex_flow = "row wrap"
        self.layout.align_items = "center"
        self.options = tuple(options)
        self.value = tuple(value)

    @traitlets.validate("value")
    def _valid_value(self, proposal):
        picked = set(proposal["value"])
        unknown = picked - set(self.options)
        if unknown:
            raise traitlets.TraitError(f"not offered: {', '.join(map(str, sorted(unknown)))}")
        return tuple(o for o in self.options if o in picked)

    @traitlets.observe("options")
    def _new_options(self, change) -> None:
        # a button per option, made once and kept (the winner changes the options at every click)
        for o in self.options:
            if o not in self._pool:
                button = widgets.ToggleButton(description=str(o), value=False, disabled=self.disabled,
                                              layout=widgets.Layout(width="auto"))
                button.observe(self._clicked, "value")
                self._pool[o] = button
        self.buttons = [self._pool[o] for o in self.options]
        if tuple(self.children) != (self.label, *self.buttons):
            self.children = (self.label, *self.buttons)
        kept = tuple(o for o in self.value if o in self.options)
        if kept != self.value:
            self.value = kept
        else:
            self._show(kept)

    @traitlets.observe("value")
    def _new_value(self, change) -> None:
        self._show(change["new"])

    @traitlets.observe("disabled")
    def _new_disabled(self, change) -> None:
        for b in self._pool.values():
            b.disabled = change["new"]

    def _show(self, picked) -> None:
        self._syncing = True
        try:
            for o, b in self._pool.items():
                on = o in picked and o in self.options
                if b.value != on:
                    b.value = on
                if b.icon != ("check" if on else ""):
                    b.icon = "check" if on else ""
        finally:
            self._syncing = False

    def _clicked(self, change) -> None:
        if self._syncing:
            return
        o = next(o for o, b in self._pool.items() if b is change["owner"])
        if o not in self.options:
            return
        picked = set(self.value) | {o} if change["new"] else set(self.value) - {o}
        self.value = tuple(x for x in self.options if x in picked)
