"""A widget app run in a web page of its own, with Python in the page (Pyodide) and no kernel:
the scorekeeper and the trainer of the browser site, which a phone opens at a table.

An app's widgets talk to what draws them through *comms*: each widget opens one and sends its
changes down it, and the page's widget renderer sends back what a person did. In JupyterLab and
in Voilà the kernel carries those messages. On a table app's page there is none: the page
starts Python itself, in a worker (much sooner than a kernel starts), and carries the messages
between this module and the widget renderer, ``@jupyter-widgets/html-manager``
(``tools/site_templates/table-python.js`` and ``table-app.js``). The ``comm`` package is made
to be plugged into this way: a kernel replaces its ``create_comm`` and ``get_comm_manager``, and
so does :func:`serve`.

>>> sent = []
>>> page = serve(lambda kind, comm_id, data, metadata, buffers: sent.append((kind, json.loads(data))))
>>> import ipywidgets as widgets
>>> box = widgets.Text(value="Ann")
>>> sent[-1][0], sent[-1][1]["state"]["value"]
('comm_open', 'Ann')
>>> page.receive(box.model_id, json.dumps({"method": "update", "state": {"value": "Bea"}, "buffer_paths": []}))
>>> box.value
'Bea'
>>> page.close()
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Callable

import comm
from comm.base_comm import BaseComm, CommManager

from mjscore.views import no_ipython

#: What the page is handed each message with: its kind (``comm_open``, ``comm_msg`` or
#: ``comm_close``), the comm's id, its data and metadata as JSON, and its binary buffers.
Send = Callable[[str, str, str, str, list], None]


class PageComm(BaseComm):
    """One widget's comm, whose messages go to the page."""

    def __init__(self, page: "Page", **keys) -> None:
        self.page = page
        super().__init__(**keys)

    def publish_msg(self, msg_type: str, data=None, metadata=None, buffers=None, **keys) -> None:
        """Hand a message to the page."""
        self.page.send(msg_type, self.comm_id, json.dumps(data or {}), json.dumps(metadata or {}),
                       [bytes(buffer) for buffer in buffers or ()])


class Page:
    """The page's side of the widgets made while it serves: what they send, and what it answers."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.manager = CommManager()
        self._before = (comm.create_comm, comm.get_comm_manager)

    def receive(self, comm_id: str, data: str, buffers=()) -> None:
        """Hand the widget with ``comm_id`` a message from the page (its data as JSON).

        A change a person made, a click, a file chosen (its bytes in ``buffers``). One for a
        widget already closed is dropped, as a kernel drops it."""
        widget_comm = self.manager.get_comm(comm_id)
        if widget_comm is not None:
            widget_comm.handle_msg({"content": {"comm_id": comm_id, "data": json.loads(data)},
                                    "buffers": [memoryview(bytes(b)) for b in buffers], "metadata": {}})

    def close(self) -> None:
        """Stop serving: close the widgets made until now, and send those made next elsewhere.

        Elsewhere is where they went before :func:`serve`."""
        for widget_comm in list(self.manager.comms.values()):
            widget_comm.close()
        comm.create_comm, comm.get_comm_manager = self._before


def serve(send: Send) -> Page:
    """Open the comm of every widget made from now on to a page that ``send`` hands messages to.

    Where IPython is not installed (a table app's page loads only what the widgets need), the
    little of it that ipywidgets imports is stood in first (``no_ipython.py``).
    Returns the :class:`Page`, to hand it the page's messages."""
    no_ipython.stand_in()
    page = Page(send)

    def create_comm(**keys) -> PageComm:
        return PageComm(page, **keys)

    comm.create_comm = create_comm
    comm.get_comm_manager = lambda: page.manager
    return page


def show(module: str, app: str) -> str:
    """Make the app ``app`` of ``module`` and return its root widget's id, for the page to draw.

    The app is made with no arguments, as the course's app pages call it."""
    made = getattr(importlib.import_module(module), app)()
    return made.dressed().model_id


def after_snapshot() -> None:
    """Make anew what a snapshot of Python holds from the build it was taken in.

    A table app's page starts from one, its modules imported (``make-snapshot.js``). Made anew:
    where the random numbers start (each visit would otherwise draw the same ones), and what the
    import system knew of the folders."""
    random.seed()
    importlib.invalidate_caches()
