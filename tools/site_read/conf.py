"""Sphinx's settings for the site's pages to read (tools/reading_pages.py runs sphinx-build with them):
the front page and each lesson, the rule book and the teacher's view, executed by MyST-NB with their
apps' state embedded, in sphinx-book-theme.

The source folder is staged by ``reading_pages.reading_pages``: ``index.md`` (the front page) and the
course's notebooks in ``read/``, so each page is at ``read/NAME.html``. The apps are drawn by the
widget renderer and require.js from npm, put in ``_static/widgets`` by the build: a page to read
asks nothing of any other host.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tools/
import binder_links  # noqa: E402
import site_pages  # noqa: E402

project = "mjscore"
author = "the mjscore project"  # the footer says "By" this
html_title = "mjscore"
language = "en"
extensions = ["myst_nb"]
templates_path = ["_templates"]
exclude_patterns = ["**.ipynb_checkpoints"]
smartquotes = False  # the lessons' words as they are written (and as JupyterLab shows them)
suppress_warnings = ["mystnb.unknown_mime_type"]

# Every lesson is run here (the apps' state is kept, so each app shows as a picture); a cell that
# fails stops the build. The kernels' data folder is the build's scratch one (MJSCORE_DATA_DIR).
nb_execution_mode = "force"
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_excludepatterns = ["read/rule-book.ipynb"]  # Markdown only
nb_ipywidgets_js = {"widgets/require.js": {},
                    # the renderer's widgets are all built in: nothing is asked of this address
                    "widgets/embed-amd.js": {"data-jupyter-widgets-cdn": "_static/widgets/"}}

# A heading's anchor as JupyterLab gives it (its text, spaces as hyphens), so a lesson's link
# ``rule-book.ipynb#American-home-payments`` opens the same place here as in JupyterLab.
myst_heading_anchors = 3
myst_heading_slug_func = "rule_book.lab_anchor"  # by name: Sphinx keeps its settings pickled

html_theme = "sphinx_book_theme"
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "repository_url": f"https://github.com/{binder_links.settings()['repository']}",
    "use_repository_button": True,
    "use_download_button": False,
    "home_page_in_toc": True,
    "show_navbar_depth": 1,
}
html_context = {"default_mode": "light"}  # the lessons' pictures as they were stored (a reader may switch)


def run_it(app, pagename, templatename, context, doctree):
    """Give a lesson's page its ways to run it (relative to the page), and keep its links to
    the published site on this copy of it."""
    if not pagename.startswith("read/") or templatename != "page.html":
        return
    name, up = pagename.removeprefix("read/"), "../" * pagename.count("/")
    nb = json.loads(Path(app.env.doc2path(pagename)).read_text(encoding="utf-8"))
    conf = binder_links.settings()
    links = {"title": context.get("title", name), "heavy": ", ".join(site_pages.needs_heavy(nb)),
             "code": any(cell["cell_type"] == "code" for cell in nb["cells"]),
             "app": f"{up}voici/render/{name}.html", "lab": f"{up}lab/index.html?path={name}.ipynb",
             "binder": f"{binder_links.setting()}?urlpath=lab/tree/notebooks/{name}.ipynb"}
    if conf.get("hub", binder_links.PLACEHOLDER_HUB) != binder_links.PLACEHOLDER_HUB:
        links["hub"] = binder_links.hub_link(start=f"notebooks/{name}.ipynb")
    context["mjscore"] = links
    context["body"] = site_pages.to_own_pages(context["body"], up)


def setup(app):
    """Connect :func:`run_it` to every page Sphinx writes."""
    app.connect("html-page-context", run_it)
