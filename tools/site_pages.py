"""The lessons and the pages of the static site that tools/build_site.py builds: which lessons
need packages the site does not carry, the app pages (one notebook per app, importing only that
app) and their links. The front page and the pages to read are tools/reading_pages.py's.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT))
from mjscore.lessons.course import COURSE, App  # noqa: E402


class SiteError(Exception):
    """The site cannot be built: the message says why."""
#: Modules that the site does not carry: a notebook importing them loads them on first use.
HEAVY = ("numpy", "pandas", "matplotlib")


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
        # a stored output's text as one string: JupyterLite shows a list of lines (as nbformat
        # allows it) joined by commas, ",2 +2Dx3 ..."
        for output in (o for cell in nb["cells"] for o in cell.get("outputs", ())):
            if isinstance(output.get("text"), list):
                output["text"] = "".join(output["text"])
            for kind, value in output.get("data", {}).items():
                if isinstance(value, list):
                    output["data"][kind] = "".join(value)
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
