"""The site's pages to read, made by Sphinx with MyST-NB in sphinx-book-theme (its settings and
template are in tools/site_read/): the front page (``index.html``: every lesson three ways, the app
pages, the contents), and each lesson, the rule book and the teacher's view at ``read/NAME.html``,
executed here with its apps' state embedded so each app shows as a picture, readable with no
kernel. The widget renderer and require.js come from npm and are served by the site itself.
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

from site_pages import APP_PAGES, SiteError

CONF = Path(__file__).resolve().parent / "site_read"
#: npm packages for the pages to read: the widget renderer (ipywidgets 8) and require.js.
READ_NPM = {"@jupyter-widgets/html-manager": "1.0.15", "requirejs": "2.3.8"}
#: What Sphinx writes at the top of the site; everything else there is JupyterLite's.
SPHINX_OUT = (".buildinfo", "_images", "_static", "genindex.html", "index.html", "objects.inv", "read",
              "search.html", "searchindex.js")

INTRO = """\
A course in scoring two real tables: **American Mah Jongg** as the National Mah Jongg League
plays it (who pays, and how tournaments score the same hands) and **Willingdon scoring for
Goulash** (hand points, doubles, and a practice trainer).

Everything runs here, in your browser: nothing to install, no server, and nothing you do is
sent anywhere. Your practice tally and your nights at the table are kept in this browser's
storage for this site, in the folder `mjscore-data` beside the lessons, so they are still there
when you come back on this device (clearing the site's data removes them; the trainer and the
scorekeeper let you download a copy). In a private window the browser keeps nothing: the apps
say so, and offer the download.

<p class="at-a-table"><b>At a table?</b> The <a href="voici/render/scorekeeper.html">scorekeeper</a> and the
<a href="voici/render/trainer.html">practice trainer</a> each open on a page of their own, made for a phone:
add it to your home screen, and once it has been opened it works with the network off too.</p>

## The lessons

Each title opens the lesson to read at once, with its apps shown as pictures. To use the apps,
**run it**: as an app (the lesson with the code hidden, large enough for a projector) or in
JupyterLab (the code too). Running starts Python in your browser: give it half a minute.
"""


def front_page(found, more=()) -> str:
    """The front page's source (MyST Markdown): each lesson three ways (to read, as an app, in
    JupyterLab), the other pages (the rule book, the teacher's view), the apps on pages of their
    own, and the contents' order (a hidden table of contents: the sidebar, previous and next)."""
    def e(text: str) -> str:
        return html.escape(text, quote=True)

    rows = "".join(
        f'<li><a class="read" href="read/{e(one.stem)}.html">{e(one.title or one.file)}</a>'
        f' <span class="run">run it: <a class="app" href="voici/render/{e(one.stem)}.html">as an app</a>'
        f' · <a class="lab" href="lab/index.html?path={e(one.file)}">in JupyterLab</a></span>'
        + (f' <small>(loads {e(", ".join(one.heavy))} on first run)</small>' if one.heavy else "") + "</li>\n"
        for one, _nb in found)
    others = "".join(
        f'<li><a class="read" href="read/{e(page.stem)}.html">{e(page.title or page.file)}</a>'
        f' (<a class="lab" href="lab/index.html?path={e(page.file)}">in JupyterLab</a>)</li>\n' for page, _nb in more)
    apps = "".join(f'<li><a href="voici/render/{page.name}.html">{e(page.title)}</a>: {e(page.what)}</li>\n'
                   for page in APP_PAGES)
    toc = "".join(f"read/{page.stem}\n" for page, _nb in [*found, *more])
    return (f"# mjscore: mahjong scoring, in your browser\n\n{INTRO}\n<ol class=\"lessons\">\n{rows}</ol>\n\n"
            f"Also here:\n\n<ul class=\"more-pages\">\n{others}</ul>\n\n## The apps on their own\n\n"
            f"Each on a page that loads only what the app needs:\n\n<ul class=\"app-pages\">\n{apps}</ul>\n\n"
            '<p><a href="lab/index.html">Open the whole collection in JupyterLab</a></p>\n\n'
            f"```{{toctree}}\n:hidden:\n\n{toc}```\n")


def reading_pages(found, more, notebooks: Path, work: Path, out: Path, npm: Callable[..., None]) -> None:
    """Build the front page and the pages to read into ``out`` (the names of :data:`SPHINX_OUT`),
    from a copy of ``notebooks`` (each run there, its data in a scratch folder). ``npm(name,
    version, dest, only="")`` puts an npm package's folder ``only`` at ``dest``."""
    if work.exists():
        shutil.rmtree(work)
    src = work / "src"
    shutil.copytree(notebooks, src / "read", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (src / "index.md").write_text(front_page(found, more), encoding="utf-8")
    env = {**os.environ, "MJSCORE_DATA_DIR": str(work / "data")}
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going", "-c", str(CONF),
                           "-d", str(work / "doctrees"), str(src), str(work / "out")],
                          capture_output=True, text=True, env=env)
    if done.returncode:
        said = [line for line in (done.stdout + done.stderr).splitlines() if not line.startswith("[IPKernelApp]")]
        raise SiteError("sphinx-build failed:\n" + "\n".join(said)[-3000:])
    widgets = work / "out" / "_static" / "widgets"
    npm("@jupyter-widgets/html-manager", READ_NPM["@jupyter-widgets/html-manager"], widgets, only="dist")
    for other in ("embed.js", "embed.js.map", "libembed-amd.js", "embed.js.LICENSE.txt"):
        (widgets / other).unlink(missing_ok=True)
    for font in (p for p in widgets.iterdir() if p.suffix in (".woff", ".eot", ".ttf", ".svg")):
        font.unlink()  # the icon fonts in the formats before woff2, which every browser now reads (2.8 MB)
    npm("requirejs", READ_NPM["requirejs"], work / "requirejs")
    shutil.copy2(work / "requirejs" / "require.js", widgets / "require.js")
    (work / "out" / "_sources").rmdir()  # made empty by the theme: the sources are not published
    for source_map in (work / "out" / "_static").rglob("*.map"):  # the theme's, 3.5 MB (as --no-sourcemaps)
        source_map.unlink()
    made = sorted(p.name for p in (work / "out").iterdir())
    if made != sorted(SPHINX_OUT):
        raise SiteError(f"Sphinx wrote {made}, not the names the build moves into the site ({SPHINX_OUT})")
    if out.exists():
        shutil.rmtree(out)
    shutil.move(str(work / "out"), str(out))
