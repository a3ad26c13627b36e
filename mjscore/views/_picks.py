"""A control the apps share that ipywidgets does not have as such.

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

import ipywidgets as widgets
import traitlets

__all__ = ["Picks"]


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
