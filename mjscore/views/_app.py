"""What every widget app shares: a root widget in ``.widget``, shown when the app is a cell's
result, and a guard so that one change made by the app itself does not re-trigger it."""

from __future__ import annotations

from contextlib import contextmanager

import ipywidgets as widgets


def classed(widget: widgets.Widget, *classes: str) -> widgets.Widget:
    """``widget`` with the CSS classes added (the browser tests find the parts by them)."""
    for c in classes:
        widget.add_class(c)
    return widget


class App:
    """Base of the widget apps: ``self.widget`` is the root container."""

    widget: widgets.Widget
    _busy = False

    def _repr_mimebundle_(self, **kwargs):
        data = self.widget._repr_mimebundle_(**kwargs)
        # A stable plain-text stand-in for viewers without widgets (and for nbval to compare).
        data["text/plain"] = (f"{type(self).__name__}: an interactive app; run the notebook in "
                              "JupyterLab or Voila to use it")
        return data

    @contextmanager
    def _quietly(self):
        """Change several controls at once without refreshing after each one."""
        was, self._busy = self._busy, True
        try:
            yield
        finally:
            self._busy = was
