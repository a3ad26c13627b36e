"""What the apps that save (the practice trainer, the scorekeeper) say where nothing is kept.

In a browser kernel (the static site) whose page cannot reach the browser's storage (a private
window, where the site's service worker does not run, or the site's storage refused), the files
an app writes last only as long as the page: :func:`mjscore.files.storage.kept_here` tells. The apps
say so as soon as they are shown, and offer the download (a link to the file as a data URI:
the browser saves it; nothing is sent anywhere).

>>> nothing_kept_html("your progress")   # on a machine's own folders: nothing to say
''
>>> download_html("a<b.csv", b"x", "text/csv")
'<a class="mjs-download" download="a&lt;b.csv" href="data:text/csv;base64,eA==">Save a&lt;b.csv</a>'
"""

from __future__ import annotations

import base64
from html import escape

from ..files.storage import kept_here
from ._style import ERROR, FONT, SHADE, styled

#: The warning's style, by class.
RULES = {".mjs-nothing-kept": f"border:2px solid {ERROR};background:{SHADE};border-radius:6px;padding:0.4em 0.7em;"
                              f"margin:4px 0;{FONT}"}


def nothing_kept_html(what: str, how: str = "download it before you leave") -> str:
    """A warning that ``what`` is not kept by this browser ('' where it is)."""
    if kept_here():
        return ""
    return styled(f'<div class="mjs-nothing-kept" role="alert"><b>This browser keeps nothing for '
                  f'this site</b> (a private window, or the site&#8217;s storage refused): {escape(what)} will be '
                  f'gone when you close this page. To keep it, {escape(how)}.</div>', RULES)


def download_html(name: str, data: bytes, mime: str) -> str:
    """A link that saves ``data`` as the file ``name``."""
    return (f'<a class="mjs-download" download="{escape(name)}" '
            f'href="data:{mime};base64,{base64.b64encode(data).decode("ascii")}">Save {escape(name)}</a>')
