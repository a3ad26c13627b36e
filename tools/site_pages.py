"""The lessons and the pages of the static site that tools/build_site.py builds: which lessons
need packages the site does not carry, the app pages (one notebook per app, importing only that
app), the pages to read (each lesson run here, then written as HTML with its apps' state), and
the front page that links them all.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TEMPLATES = Path(__file__).resolve().parent / "site_templates"
sys.path.insert(0, str(ROOT))
from mjscore.lessons.course import COURSE, App  # noqa: E402


class SiteError(Exception):
    """The site cannot be built: the message says why."""
#: Modules that the site does not carry: a notebook importing them loads them on first use.
HEAVY = ("numpy", "pandas", "matplotlib")
#: npm packages for the readable pages: the widget renderer (ipywidgets 8) and require.js.
READ_NPM = {"@jupyter-widgets/html-manager": "1.0.15", "requirejs": "2.3.8"}


#: The apps that run whole with no numpy, pandas or matplotlib, each on its own page: every
#: lesson's apps, in the course's order (mjscore/lessons/course.py).
APP_PAGES = tuple(app for lesson in COURSE for app in lesson.apps)


def needs_heavy(nb: dict) -> list[str]:
    """The heavy modules a notebook imports, itself or through the views it imports."""
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    found = {m for m in HEAVY if re.search(rf"^\s*(import|from)\s+{m}\b", code, re.M)}
    views = set(re.findall(r"^\s*from\s+(mjscore\.views[\w.]*)\s+import", code, re.M))
    for module in views:
        path = ROOT / (module.replace(".", "/") + ".py")
        if not path.exists():
            path = ROOT / module.replace(".", "/") / "__init__.py"
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        found |= {m for m in HEAVY if re.search(rf"^(import|from)\s+{m}\b", text, re.M)}
    return sorted(found)


NOTICE = ("**In the browser version of this collection**, this lesson uses {mods}, which the page "
          "loads from the internet the first time you run it (tens of megabytes: give it a minute). "
          "Everything else here runs in your browser with nothing to install.")


def lesson_title(nb: dict) -> str:
    for c in nb["cells"]:
        if c["cell_type"] == "markdown":
            m = re.search(r"^#\s+(.+)$", "".join(c["source"]), re.M)
            if m:
                return re.sub(r"[*_`]", "", m.group(1)).strip()
    return ""


@dataclass(frozen=True)
class Lesson:
    file: str
    title: str
    heavy: tuple[str, ...]

    @property
    def stem(self) -> str:
        return self.file.rsplit(".", 1)[0]


def lessons(notebooks: Path) -> list[tuple[Lesson, dict]]:
    """The numbered lessons (``NN-name.ipynb``), in order."""
    found = [_page(path, notebooks) for path in sorted(notebooks.glob("[0-9][0-9]-*.ipynb"))]
    if not found:
        raise SiteError(f"no lessons in {notebooks}")
    return found


def more_pages(notebooks: Path) -> list[tuple[Lesson, dict]]:
    """The other notebooks the lessons link to (the rule book, the teacher's view in
    ``teacher/``): on the site as the lessons are, so that no link of a lesson leads nowhere."""
    numbered = {path for path in notebooks.glob("[0-9][0-9]-*.ipynb")}
    return [_page(path, notebooks) for path in sorted(notebooks.rglob("*.ipynb"))
            if path not in numbered and ".ipynb_checkpoints" not in path.parts]


def _page(path: Path, notebooks: Path) -> tuple[Lesson, dict]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return Lesson(path.relative_to(notebooks).as_posix(), lesson_title(nb), tuple(needs_heavy(nb))), nb


#: The Pyodide kernel as a notebook names it.
LITE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def stage_contents(found: list[tuple[Lesson, dict]], dest: Path, *, extra: dict[str, dict] | None = None) -> None:
    """The site's contents: copies of the lessons, each that needs heavy modules with a first
    cell saying so, and one notebook per app page (``extra``: more, for a benchmark)."""
    dest.mkdir(parents=True)
    for lesson, nb in found:
        nb = json.loads(json.dumps(nb))
        # the browser's own kernel, named as the app pages name it: a lesson saved with the
        # machine's kernel ("python3") would open asking which kernel to start
        nb["metadata"]["kernelspec"] = dict(LITE_KERNEL)
        if lesson.heavy:
            nb["cells"].insert(0, {"cell_type": "markdown", "metadata": {"tags": ["mjscore-site-notice"]},
                                   "source": [NOTICE.format(mods=", ".join(lesson.heavy))]})
        (dest / lesson.file).parent.mkdir(parents=True, exist_ok=True)  # teacher/class.ipynb
        (dest / lesson.file).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for page in APP_PAGES:
        (dest / f"{page.name}.ipynb").write_text(json.dumps(app_notebook(page), indent=1) + "\n", encoding="utf-8")
    for name, nb in (extra or {}).items():  # pages a benchmark adds (benchmarks/site_start.py)
        (dest / f"{name}.ipynb").write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")


def app_notebook(page: App) -> dict:
    name = page.call.split("(")[0]
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": dict(LITE_KERNEL),
                         "language_info": {"name": "python"}, "title": page.title},
            "cells": [{"cell_type": "markdown", "id": "title", "metadata": {},
                       "source": [f"# {page.title}\n\n{page.what}"]},
                      {"cell_type": "code", "id": "app", "metadata": {}, "execution_count": None, "outputs": [],
                       "source": [f"from {page.module} import {name}\n\n{page.call}"]}]}


def readable_pages(found, work: Path, out: Path, npm: Callable[..., None]) -> None:
    """``out/NAME.html`` for each lesson: executed here (the apps' state to embed), then HTML.
    ``npm(name, version, dest, only="")`` puts an npm package's folder ``only`` at ``dest``."""
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    shutil.copytree(NOTEBOOKS, work / "run", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    # where the renderer looks for its icon fonts, relative to the page
    manager = out / "@jupyter-widgets" / "html-manager" / "dist"
    npm("@jupyter-widgets/html-manager", READ_NPM["@jupyter-widgets/html-manager"], manager, only="dist")
    for other in ("embed.js", "embed.js.map", "libembed-amd.js", "embed.js.LICENSE.txt"):
        (manager / other).unlink(missing_ok=True)
    (out / "static").mkdir()
    npm("requirejs", READ_NPM["requirejs"], work / "requirejs")
    shutil.copy2(work / "requirejs" / "require.js", out / "static" / "require.js")
    # the kernels keep their files in a scratch folder: no learner's files read or written
    env = {**os.environ, "MJSCORE_DATA_DIR": str(work / "data")}
    for lesson, stored in found:
        up = "../" * lesson.file.count("/")  # a page in a folder (teacher/) reaches the site's files
        exporter = HTMLExporter(template_name="mjscore_read", extra_template_basedirs=[str(TEMPLATES)])
        exporter.require_js_url = f"{up}static/require.js"
        exporter.widget_renderer_url = f"{up}@jupyter-widgets/html-manager/dist/embed-amd.js"
        nb = nbformat.reads(json.dumps(stored), as_version=4)
        where = (work / "run" / lesson.file).parent
        NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True, record_timing=False,
                       resources={"metadata": {"path": str(where)}}).execute(env=env)
        links = page_links(lesson, nb)
        # the browser tab's title: the lesson's (nbconvert's default is "Notebook")
        body, _res = exporter.from_notebook_node(nb, resources={"mjscore": links, "metadata": {"name": links["title"]}})
        page = out / f"{lesson.stem}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(to_own_pages(to_read_links(body), "../" + up), encoding="utf-8")


def to_own_pages(body: str, up: str) -> str:
    """Each link to a page of the published site (the contents' table links there) as a link
    within this copy of the site, ``up`` being the way from the page to the site's top folder:
    a site served from anywhere else (a teacher's own copy, a test) keeps its learners on it."""
    from binder_links import site_setting  # tools/binder_links.py: the published address

    return body.replace(f'href="{site_setting()}', f'href="{up}')


def old_addresses(site: Path) -> list[str]:
    """A page at each app page's earlier address (``apps/voici/render/NAME.html``, when the app
    pages were a second JupyterLite site) that sends the browser on to where it is now, query
    and heading kept: a link in an old handout, a bookmark or a phone's home-screen icon still
    opens the page. Returns the addresses written."""
    render, written = site / "voici" / "render", []
    for page in sorted(render.rglob("*.html")):
        name = page.relative_to(render).as_posix()
        now = "../" * (3 + name.count("/")) + f"voici/render/{name}"
        old = site / "apps" / "voici" / "render" / name
        old.parent.mkdir(parents=True, exist_ok=True)
        old.write_text(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>This page has moved</title>
<meta http-equiv="refresh" content="0; url={now}">
<script>location.replace({json.dumps(now)} + location.search + location.hash)</script></head>
<body><p><a href="{now}">This page has moved: open it here.</a></p></body></html>
""", encoding="utf-8")
        written.append(f"apps/voici/render/{name}")
    return written


def keep_links_in_the_page(render: Path) -> int:
    """Give the app pages' links to a heading of the same page back (``#Section``): Voici 0.10.0
    sends every relative link that is not a notebook to the site's files, a heading's too
    (``../../files/#Section``, a page that does not exist: the rule book's contents led nowhere).
    Links to the published site's pages become links within this copy (:func:`to_own_pages`).
    Returns how many heading links were given back."""
    given = 0
    for page in render.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        fixed, n = re.subn(r'href="(?:\.\./)+files/(?:[^"#/?]+/)*#', 'href="#', text)
        # voici/render/NAME.html: two folders below the site's top, more in a subfolder
        up = "../" * (2 + len(page.relative_to(render).parts) - 1)
        fixed = to_own_pages(fixed, up)
        if fixed != text:
            page.write_text(fixed, encoding="utf-8")
        given += n
    return given


def to_read_links(body: str) -> str:
    """Each link to a notebook of the site (``NN-name.ipynb``, ``rule-book.ipynb#Section``,
    ``../00-start-here.ipynb``) as the link to its page to read (``.html``, the same place)."""
    return re.sub(r'href="(?![a-z][\w+.-]*:|/|#)([^"#?]*)\.ipynb(?=["#?])', r'href="\1.html', body)


def page_links(lesson: Lesson, nb: dict) -> dict:
    """Where a readable page's links go (relative to the page): "run it" as an app or in
    JupyterLab (for a page with code), and all the lessons."""
    up = "../" * (lesson.file.count("/") + 1)
    return {"title": lesson.title or lesson.stem, "app": f"{up}voici/render/{lesson.stem}.html",
            "lab": f"{up}lab/index.html?path={lesson.file}", "front": f"{up}index.html",
            "heavy": ", ".join(lesson.heavy),
            "code": any(c["cell_type"] == "code" for c in nb["cells"])}


def front_page(found, more=()) -> str:
    """The site's front page: each lesson three ways (to read, as an app, in JupyterLab), the
    other pages (the rule book, the teacher's view) and the apps on pages of their own."""
    rows = "\n".join(
        f'<li><a class="read" href="read/{html.escape(lesson.stem)}.html">{html.escape(lesson.title or lesson.file)}</a>'
        f' <span class="run">run it: <a class="app" href="voici/render/{html.escape(lesson.stem)}.html">as an app</a>'
        f' · <a class="lab" href="lab/index.html?path={html.escape(lesson.file)}">in JupyterLab</a></span>'
        + (f' <span class="more">(loads {html.escape(", ".join(lesson.heavy))} on first run)</span>' if lesson.heavy
           else "") + "</li>" for lesson, _nb in found)
    others = "\n".join(
        f'<li><a class="read" href="read/{html.escape(page.stem)}.html">{html.escape(page.title or page.file)}</a>'
        f' <span class="run">(<a class="lab" href="lab/index.html?path={html.escape(page.file)}">in JupyterLab</a>)'
        "</span></li>" for page, _nb in more)
    apps = "\n".join(
        f'<li><a href="voici/render/{page.name}.html">{html.escape(page.title)}</a>: {html.escape(page.what)}</li>'
        for page in APP_PAGES)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>mjscore: mahjong scoring, in your browser</title>
<!-- JupyterLite's pages read their settings from here and from jupyter-lite.json: keep it. -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>body{{font:17px/1.5 system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em;color:#1a1a1a}}
a{{color:#0b57a4}} .more,.run{{color:#555;font-size:90%}} code{{background:#f2f2f2;padding:0 .2em}}
li{{margin:.35em 0}} ol.lessons{{list-style:none;padding-left:0}}</style></head>
<body><main>
<h1>mjscore: mahjong scoring, in your browser</h1>
<p>A course in scoring two real tables: <b>American Mah Jongg</b> as the National Mah Jongg League
plays it (who pays, and how tournaments score the same hands) and <b>Willingdon scoring for
Goulash</b> (hand points, doubles, and a practice trainer).</p>
<p>Everything runs here, in your browser: nothing to install, no server, and nothing you do is
sent anywhere. Your practice tally and your nights at the table are kept in this browser's
storage for this site, in the folder <code>mjscore-data</code> beside the lessons, so they
are still there when you come back on this device (clearing the site's data removes them; the
trainer and the scorekeeper let you download a copy). In a private window the browser keeps
nothing: the apps say so, and offer the download.</p>
<h2>The lessons</h2>
<p>Each title opens the lesson to read at once, with its apps shown as pictures. To use the apps,
<b>run it</b>: as an app (the lesson with the code hidden, large enough for a projector) or in
JupyterLab (the code too). Running starts Python in your browser: give it half a minute.</p>
<ol class="lessons">
{rows}
</ol>
<p>Also here:</p>
<ul class="more-pages">
{others}
</ul>
<h2>The apps on their own</h2>
<p>Each on a page that loads only what the app needs:</p>
<ul class="app-pages">
{apps}
</ul>
<p><a href="lab/index.html">Open the whole collection in JupyterLab</a></p>
</main></body></html>
"""
