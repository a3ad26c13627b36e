"""One skeleton for every widget app: build the controls, ``watch`` them, redraw everything in one
``refresh()``, show a refusal one way (``show_error``), and a stable repr.

An app is a small class whose state a test drives without a browser: set a control's value,
then read the HTML the app shows. Its root widget is ``self.widget``; the app is displayed when
it is a cell's result.

>>> import ipywidgets as widgets
>>> class Echo(App):
...     def __init__(self):
...         self.text = widgets.Text(value="hi")
...         self.out = widgets.HTML()
...         self.widget = widgets.VBox([self.text, self.out])
...         self.watch(self.text)
...         self.refresh()
...     def refresh(self):
...         self.out.value = self.text.value.upper()
>>> app = Echo(); app.text.value = "pung"; app.out.value
'PUNG'
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable

import ipywidgets as widgets

from ._style import style_tag
from .results import error_html

_STYLE_TAG = style_tag()


def classed(widget: widgets.Widget, *classes: str) -> widgets.Widget:
    """``widget`` with the CSS classes added (the browser tests find the parts by them)."""
    for c in classes:
        widget.add_class(c)
    return widget


def switch_off(control: widgets.Widget, off: bool) -> None:
    """Switch ``control`` off (or on again), so that it looks off in every front end.

    ipywidgets 8 draws a ToggleButtons' ``disabled`` only when it draws its buttons anew (new
    options), so a row of buttons switched off kept looking, and taking taps, as if on: the
    control is also marked ``mjs-off``, which the apps' style fades and lets no tap through."""
    control.disabled = off
    if off:
        control.add_class("mjs-off")
    else:
        control.remove_class("mjs-off")


class App:
    """Base of the widget apps: ``self.widget`` is the root container.

    - ``watch(*controls)``: any change of these controls calls ``refresh()`` (or ``on_change``),
      except while the app itself is changing them inside ``with self._quietly():``.
    - ``refresh()``: asks the engine again and redraws; every app defines it.
    - ``show_error(target, error)``: the one way an app shows a refusal (``target`` an HTML widget);
      the message is kept in ``self.error`` (None after a ``clear_error``) for tests to read.
    - ``set(**values)``: several controls at once (attribute name -> value), one refresh after.
    - shown as a cell's result in the house style (:meth:`dressed`).
    """

    widget: widgets.Widget
    #: What a learner calls the app ("the practice trainer"), for :meth:`stand_in`, and whether
    #: that is said of several things ("the lesson's questions appear here").
    title = "the app"
    title_plural = False
    _busy = False
    error: str | None = None

    def watch(self, *controls: widgets.Widget, names: str = "value",
              on_change: Callable[[dict], None] | None = None) -> None:
        """Redraw when any of ``controls`` changes (``on_change(change)`` instead, if given)."""
        react = on_change or (lambda _change: self.refresh())

        def changed(change: dict) -> None:
            if not self._busy:
                react(change)

        for control in controls:
            control.observe(changed, names)

    def refresh(self) -> None:
        """Ask the engine again and redraw everything the app shows."""
        raise NotImplementedError

    def show_error(self, target: widgets.HTML, error: object) -> None:
        """Show ``error`` (an engine refusal) in ``target``, in the same style in every app."""
        self.error = str(error)
        target.value = error_html(error)

    def clear_error(self) -> None:
        """The last refusal is gone (call when the engine answers again)."""
        self.error = None

    def set(self, **values) -> None:
        """Set several controls at once, in the order given, then refresh once.

        Each name is an attribute holding a control: ``app.set(value=30, how="discard")``."""
        for name in values:
            if not isinstance(getattr(self, name, None), widgets.ValueWidget):
                raise TypeError(f"{type(self).__name__} has no control named {name!r}")
        with self._quietly():
            for name, value in values.items():
                getattr(self, name).value = value
        self.refresh()

    def dressed(self) -> widgets.Widget:
        """The app's root widget, dressed in the house style.

        It gets the class ``mjs-app``, and the shared CSS (:data:`~mjscore.views._style.APP_CSS`:
        a selected toggle filled and outlined, so it stands out on a projector) as its first
        child, once. Done when the app is shown, so every app has it whether or not it asked."""
        root = self.widget
        root.add_class("mjs-app")
        if isinstance(root, widgets.Box) and not any(isinstance(c, widgets.HTML) and c.value == _STYLE_TAG
                                                     for c in root.children):
            root.children = (widgets.HTML(_STYLE_TAG), *root.children)
        return root

    def _repr_mimebundle_(self, **kwargs):
        data = self.dressed()._repr_mimebundle_(**kwargs)
        data["text/plain"] = self.stand_in()
        return data

    def stand_in(self) -> str:
        """What shows in the app's place where its widgets are not running, saying what to do.

        That is in JupyterLab after the page is reloaded (the kernel may be live, but the app's
        widgets are gone until its cell runs again), and in viewers without widgets. It never
        changes, so the notebooks' tests can compare it."""
        title = self.title[:1].upper() + self.title[1:]
        return (f"{title} {'appear' if self.title_plural else 'appears'} here when this cell runs: click the cell "
                f"and press Shift+Enter, "
                f"or choose Run ▸ Run All Cells.")

    @contextmanager
    def _quietly(self):
        """Change several controls at once without refreshing after each one."""
        was, self._busy = self._busy, True
        try:
            yield
        finally:
            self._busy = was
