"""The table apps of the static site as web apps of their own: the scorekeeper and the practice
trainer, each on a page of our own that starts Python itself, in a worker (no JupyterLab, no
kernel: ``site_templates/table-app.html``, ``table-app.js`` and ``table-python.js``, with
mjscore/views/in_page.py), the modules it imports compiled ahead (:func:`compile_wheels`) and
Python started from a snapshot taken with them imported (:func:`snapshot`), with a web-app
manifest (its name, icons we draw, a start address relative to the manifest, so it holds under
any sub-path such as GitHub Pages' ``/NAME/``), linked from its page, so a phone can put it on
its home screen; and every app page, once visited, opening with the network off.
tools/build_site.py calls :func:`compile_wheels`, :func:`snapshot`, :func:`web_apps` and
:func:`offline` as it builds the site.

Why not Voici's page, as the other apps have: JupyterLab's scripts and the Pyodide kernel's start
took a page of one ``print`` 3.5 times as long as Pyodide alone (benchmarks/README.md); the
widgets need only a renderer and their messages carried, which is what the page does.

JupyterLite's own ``manifest.webmanifest`` is for its JupyterLab ("JupyterLite", shortcuts to
``/lab`` that miss a sub-path) and no page links it; these are ours.

Offline: the site's one service worker is JupyterLite's (it serves the kernel its files; a page
has one worker), and its cache keeps only what a page fetches once it is in charge, not the page
itself. Ours (``site_templates/service-worker.js``) imports it and keeps a copy of every file a
page fetches, the page's first files too (``keep-offline.js`` tells it which). Workbox does not
fit: the worker it generates would replace JupyterLite's.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable

from reading_pages import READ_NPM
from site_pages import APP_PAGES, SiteError

TEMPLATES = Path(__file__).resolve().parent / "site_templates"
#: The classroom's look (the Voila template's), which the table apps' pages share.
CLASSROOM_CSS = Path(__file__).resolve().parent.parent / "voila" / "templates" / "classroom" / "classroom.css"

#: The apps a person uses at a real table, by their page's name (mjscore/lessons/course.py), with
#: the short name under the home-screen icon and the sign on the icon.
TABLE_APPS = {"scorekeeper": ("Scorekeeper", "±"), "trainer": ("Trainer", "×2")}
#: The icon's colours: an ivory tile with a green back, as the tiles the lessons draw.
TILE, BACK, INK = "#fbf6e9", "#2e7d4f", "#1f3d2b"
SIZES = (192, 512)
#: What a table app's page imports as it starts (beside the app's own module), compiled ahead;
#: and the packages it loads (with what the lock says they need; table-python.js names them too).
START_MODULES = ("ipywidgets", "mjscore.views.in_page")
TABLE_PACKAGES = ("ipywidgets", "mjscore")


def web_apps(render: Path, pages, npm: Callable[..., None], storage: str) -> list[str]:
    """For each table app among ``pages`` (the course's app pages): its own page in ``render`` in
    place of Voici's (:func:`table_page`), its manifest and icons beside it, and once for all of
    them the page's scripts in ``render/table``: ours, and the widget renderer and require.js
    from npm (``npm(name, version, dest, only="")`` puts a package's folder ``only`` at ``dest``).
    ``storage`` names the site's storage (JupyterLite's), which the pages share with its JupyterLab.
    Returns the manifests written."""
    written = []
    # JupyterLite's version, which its JupyterLab notes beside the site's worker (table-app.js)
    lite = json.loads((render.parents[1] / "jupyter-lite.json").read_text(encoding="utf-8"))
    version = lite["jupyter-config-data"]["appVersion"]
    for page in pages:
        if page.name not in TABLE_APPS:
            continue
        short, sign = TABLE_APPS[page.name]
        for size in SIZES:
            draw_icon(render / f"{page.name}-{size}.png", size, sign)
        manifest = {
            "name": f"{page.title} (mjscore)", "short_name": short, "description": page.what,
            "start_url": f"{page.name}.html", "scope": f"{page.name}.html", "id": f"{page.name}.html",
            "display": "standalone", "background_color": "#ffffff", "theme_color": BACK,
            "icons": [{"src": f"{page.name}-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
                       "purpose": "any"} for size in SIZES]}
        (render / f"{page.name}.webmanifest").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        (render / f"{page.name}.html").write_text(table_page(page, storage, version), encoding="utf-8")
        written.append(f"{page.name}.webmanifest")
    scripts = render / "table"
    scripts.mkdir(exist_ok=True)
    for name in ("table-app.js", "table-python.js", "site-drive.js", "table-app.css"):
        shutil.copy2(TEMPLATES / name, scripts / name)
    shutil.copy2(CLASSROOM_CSS, scripts / "classroom.css")
    shutil.copy2(CLASSROOM_CSS.with_name("number-keys.js"), scripts / "number-keys.js")
    with tempfile.TemporaryDirectory() as tmp:
        npm("@jupyter-widgets/html-manager", READ_NPM["@jupyter-widgets/html-manager"], Path(tmp) / "widgets", only="dist")
        for kept in ("libembed-amd.js", *(p.name for p in (Path(tmp) / "widgets").glob("*.woff2"))):
            shutil.copy2(Path(tmp) / "widgets" / kept, scripts / kept)
        npm("requirejs", READ_NPM["requirejs"], Path(tmp) / "requirejs")
        shutil.copy2(Path(tmp) / "requirejs" / "require.js", scripts / "require.js")
    return written


def compile_wheels(pyodide: Path, modules=START_MODULES) -> None:
    """Rewrite the wheels of the site's Pyodide (the folder ``pyodide``) with the modules that a
    table app's page imports as it starts (``modules``, and each table app's) compiled by the
    browser's own Python (``compile_wheels.py`` in Node): Python then skips compiling them in the
    page, about half of what IPython's import costs there. Needs Node (``npm`` brings it)."""
    done = subprocess.run([_node(), str(TEMPLATES / "compile-wheels.js"), str(pyodide), *modules, *_app_modules()],
                          capture_output=True, text=True)
    if done.returncode:
        raise SiteError(f"compiling the site's wheels failed:\n{done.stderr[-2000:]}")


#: Python as a table app's page starts it, its modules imported (beside Pyodide; table-python.js).
SNAPSHOT = "table-apps.snapshot.gz"


def snapshot(pyodide: Path, wheels: list[str], modules=START_MODULES) -> None:
    """Write :data:`SNAPSHOT` into the site's Pyodide (the folder ``pyodide``, its wheels final):
    Pyodide's memory once the table apps' packages (``wheels``, file names in that folder) are
    unpacked and ``modules`` and each table app's imported (``make-snapshot.js`` in Node), which a page loads in place of starting Python
    and importing them (0.6 s of its start here). What a module works out as it is imported is
    then the build's, not the browser's: nothing of mjscore's asks the browser then, and
    ``in_page.after_snapshot`` makes the rest anew."""
    done = subprocess.run([_node(), str(TEMPLATES / "make-snapshot.js"), str(pyodide), str(pyodide / SNAPSHOT),
                           ",".join(wheels), *modules, *_app_modules()], capture_output=True, text=True)
    if done.returncode:
        raise SiteError(f"the table apps' snapshot of Python failed:\n{done.stderr[-2000:]}")


def _app_modules() -> list[str]:
    """The table apps' own modules (their pages import each as they start)."""
    return [page.module for page in APP_PAGES if page.name in TABLE_APPS]


def _node() -> str:
    node = shutil.which("node")
    if not node:
        raise SiteError("Node is needed to build the table apps' Python: its wheels compiled, its snapshot (apt-get install nodejs)")
    return node


def table_page(page, storage: str, lite_version: str) -> str:
    """The page of the table app ``page`` (an app page of the course): Python started by the page
    in a worker and the app drawn in the page with no JupyterLab and no kernel (``table-app.js``),
    linking its manifest and icons; the site's top two folders up."""
    fill = {"TITLE": html.escape(page.title), "WHAT": html.escape(page.what), "NAME": page.name, "THEME": BACK,
            "SITE": "../../", "STORAGE": storage, "MODULE": page.module, "APP": page.call.split("(")[0],
            "LITE": lite_version}
    text = (TEMPLATES / "table-app.html").read_text(encoding="utf-8")
    return re.sub(r"\{\{(\w+)\}\}", lambda m: fill[m.group(1)], text)


def draw_icon(path: Path, size: int, sign: str) -> None:
    """A square icon, ``size`` pixels: an ivory tile on a green back, ``sign`` on it (matplotlib,
    which the site's build has for the pages to read; written without a date, so a rebuild gives
    the same file)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyBboxPatch

    fig = Figure(figsize=(1, 1), dpi=size)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.axis("off")
    fig.patch.set_facecolor(BACK)
    ax.add_patch(FancyBboxPatch((0.2, 0.12), 0.6, 0.76, boxstyle="round,pad=0,rounding_size=0.08",
                                facecolor=TILE, edgecolor=INK, linewidth=2))  # points: the figure is one inch
    ax.text(0.5, 0.5, sign, ha="center", va="center", fontsize=36 if len(sign) == 1 else 24, color=INK,
            fontweight="bold")
    fig.savefig(path, dpi=size, facecolor=BACK, metadata={"Software": None})


def offline(site: Path) -> str:
    """Make every app page of ``site`` open with the network off once visited: JupyterLite's
    worker moved to ``jupyterlite-service-worker.js``, ours at its address, for this build (its
    ``BUILD``: a digest of every file of the site), and each app page loading ``keep-offline.js``.
    Returns the build's digest."""
    theirs, ours = site / "jupyterlite-service-worker.js", site / "service-worker.js"
    if not theirs.exists():
        ours.rename(theirs)
    (site / "keep-offline.js").write_bytes((TEMPLATES / "keep-offline.js").read_bytes())
    render = site / "voici" / "render"
    for page in render.rglob("*.html"):
        up = "../" * (1 + len(page.relative_to(render).parts))  # voici/render/NAME.html: two down
        text = page.read_text(encoding="utf-8")
        tag = f'<script src="{up}keep-offline.js"></script>\n'
        if tag not in text:
            page.write_text(text.replace("</head>", tag + "</head>", 1), encoding="utf-8")
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file() and p != ours):
        digest.update(path.relative_to(site).as_posix().encode() + b"\0" + path.read_bytes())
    build = digest.hexdigest()[:16]
    template = (TEMPLATES / "service-worker.js").read_text(encoding="utf-8")
    ours.write_text(template.replace("{{BUILD}}", build), encoding="utf-8")
    return build
