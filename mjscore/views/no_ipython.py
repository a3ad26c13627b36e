"""The little of IPython that ipywidgets imports, for a page that runs widgets with no IPython:
a table app's page of the browser site (``in_page.py``), where Python starts in the page itself
and there is no kernel and no shell.

ipywidgets imports three things from IPython as it loads: ``get_ipython`` (to find a shell, and
with none it does nothing), ``display`` and ``clear_output`` (for ``interact``, which the table
apps do not use), and ``InteractiveShell`` (for an ``Output`` widget's captured displays, which
they do not use either). Installing IPython for those costs a phone more than a second: its
wheel and a dozen more (jedi, prompt_toolkit, pygments...) to unpack and import. ipywidgets'
maintainers mean IPython to come from the environment the widgets run in, and JupyterLite's
kernel does the same for ipykernel, with a small package of its own in its place
(jupyter-widgets/ipywidgets issue 3514).

:func:`stand_in` puts these in ``sys.modules`` only where IPython is not installed; where it is
(JupyterLab, Voilà, a kernel in the browser) nothing changes.

>>> import importlib.util
>>> stand_in() == (importlib.util.find_spec("IPython") is None)
True
"""

from __future__ import annotations

import importlib.util
import sys
import types

#: The IPython modules ipywidgets imports, in the order a package's modules are made.
MODULES = ("IPython", "IPython.display", "IPython.core", "IPython.core.interactiveshell")


class NoShellError(RuntimeError):
    """Asked for IPython's shell in a page that has none."""


def get_ipython() -> None:
    """The running IPython shell: never one here."""
    return None


def display(*objects, **keys) -> None:
    """Print ``objects``: IPython does the same where no shell shows them."""
    print(*objects)


def clear_output(wait: bool = False) -> None:
    """Nothing to clear: there is no output area, only the widgets."""


class InteractiveShell:
    """IPython's shell, which a page never starts."""

    @classmethod
    def initialized(cls) -> bool:
        """Whether a shell was started: never here."""
        return False

    @classmethod
    def instance(cls, *args, **keys):
        """Refuse: there is no shell to give."""
        raise NoShellError("this page runs widgets with no IPython shell: an Output widget cannot "
                           "capture what is displayed here; set a widget's value instead")


def stand_in() -> bool:
    """Put the stand-ins in ``sys.modules`` if IPython is not installed.

    Called before ipywidgets is imported. Returns whether it did."""
    if "IPython" in sys.modules or importlib.util.find_spec("IPython") is not None:
        return False
    made = {name: types.ModuleType(name, "mjscore's stand-in (mjscore/views/no_ipython.py)") for name in MODULES}
    made["IPython"].get_ipython = get_ipython
    made["IPython.display"].display = display
    made["IPython.display"].clear_output = clear_output
    made["IPython.core.interactiveshell"].InteractiveShell = InteractiveShell
    made["IPython"].display = made["IPython.display"]
    made["IPython"].core = made["IPython.core"]
    made["IPython.core"].interactiveshell = made["IPython.core.interactiveshell"]
    sys.modules.update(made)
    return True
