"""Rewrite every Binder link, and every link to the collection's browser site, in the README, the
pages of docs/ and the notebooks from the one repository setting.

    python tools/binder_links.py          (or: make links)
    python tools/binder_links.py --check  (exit 1 if any link is out of date)

The setting is ``[tool.mjscore] repository`` and ``ref`` in pyproject.toml. A link is any
``https://mybinder.org/v2/gh/OWNER/NAME/REF`` address; only that part is rewritten, so each
link keeps the notebook (``?urlpath=lab/tree/...`` or ``voila/render/...``) it opens.

The browser site (``make site``: static pages, no server) is published with GitHub Pages,
so its address comes from the same setting: ``https://OWNER.github.io/NAME/``. A lesson there
has three pages (:func:`site_pages`): the classroom app page (``voici/render/NN-name.html``,
the first classroom link of the contents and the README; Binder's Voila link is the second way),
JupyterLab (``lab/index.html?path=NN-name.ipynb``) and the page to read
(``read/NN-name.html``). tests/test_binder_links.py checks that every such link opens a lesson
that exists, and that the contents offers each lesson all three ways.

A class on a JupyterHub (docs/teacher.md, "For a class") gets the course through an nbgitpuller link,
``HUB/hub/user-redirect/git-pull?repo=https://github.com/OWNER/NAME&branch=REF&urlpath=...``,
written from the same setting and ``[tool.mjscore] hub`` (the hub's address); so is the command
that installs the package on the hub, ``git+https://github.com/OWNER/NAME@REF``.

The README is shown on PyPI as well as on GitHub, and a relative path there leads nowhere: its
pictures and its links to the pages of docs/ are whole addresses of files of the repository at
the setting's branch, ``https://raw.githubusercontent.com/OWNER/NAME/REF/PATH`` (a picture) and
``https://github.com/OWNER/NAME/blob/REF/PATH`` (a page), written from the same setting. Where
REF ends and PATH begins is told by PATH's first part, a folder or file at the top of the
checkout (``docs/``, ``README.md``: :func:`top_names`), so a branch with a slash in its name is
rewritten whole. tests/test_binder_links.py checks that each such address names a file that exists.

    python tools/binder_links.py --hub-link https://jupyter.example.edu
                                          (print the class link for that hub; nothing is changed)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urlencode

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: read the settings with a plain pattern
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/[\w./-]+?(?=[?)\s\"'\\]|$)")
SITE_LINK = re.compile(r"https://[\w-]+\.github\.io/[\w.-]+/")
HUB_LINK = re.compile(r"https?://[\w.-]+(?::\d+)?(?:/[\w.-]+)*/hub/user-redirect/git-pull\?[^\s)\"'<>\]\\`]*")
PACKAGE = re.compile(r"git\+https://github\.com/[\w.-]+/[\w.-]+?@[\w./-]+?(?=[\s\"'`)#\\]|$)")
#: The hub's address until a teacher sets their own (example.org is reserved for examples).
PLACEHOLDER_HUB = "https://hub.example.org"
#: The lesson the class link opens, and the folder nbgitpuller puts the course in: the
#: repository's name, as nbgitpuller names it when the link gives no ``targetpath``.
START = "notebooks/00-start-here.ipynb"


def settings() -> dict:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib is not None:
        conf = tomllib.loads(text)["tool"]["mjscore"]
    else:
        section = text.split("[tool.mjscore]", 1)[1].split("\n[", 1)[0]
        conf = dict(re.findall(r'^(repository|ref|hub)\s*=\s*"([^"]+)"', section, re.M))
    return conf


def setting() -> str:
    """The Binder address every Binder link starts with."""
    conf = settings()
    return f"https://mybinder.org/v2/gh/{conf['repository']}/{conf['ref']}"


def site_setting() -> str:
    """The browser site's address (GitHub Pages of the same repository)."""
    owner, name = settings()["repository"].split("/")
    return f"https://{owner.lower()}.github.io/{name}/"


def hub_link(hub: str | None = None, start: str = START) -> str:
    """The nbgitpuller link that puts the course into a student's account on ``hub`` (default:
    the ``hub`` setting) and opens ``start`` (the first lesson): the repository and branch of the
    setting."""
    conf = settings()
    name = conf["repository"].split("/")[1]
    hub = (hub or conf.get("hub") or PLACEHOLDER_HUB).rstrip("/")
    query = urlencode({"repo": f"https://github.com/{conf['repository']}", "branch": conf["ref"],
                       "urlpath": f"lab/tree/{name}/{start}"}, safe="/:")
    return f"{hub}/hub/user-redirect/git-pull?{query}"


def package_setting() -> str:
    """What ``pip install`` on a hub is given for the package: the repository at the branch."""
    conf = settings()
    return f"git+https://github.com/{conf['repository']}@{conf['ref']}"


def site_pages(notebook: str, site: str | None = None) -> dict[str, str]:
    """The browser site's pages of one lesson (``NN-name.ipynb``): its classroom app page,
    JupyterLab on it, and the page to read."""
    site = site_setting() if site is None else site
    stem = notebook.rsplit(".", 1)[0]
    return {"classroom": f"{site}voici/render/{stem}.html", "lab": f"{site}lab/index.html?path={notebook}",
            "read": f"{site}read/{stem}.html"}


def site_page_opens(rest: str) -> tuple[str, str] | None:
    """(kind, notebook) for the part of a site link after the site's address; None if it is
    not a lesson's page (the front page, an app's own page)."""
    from urllib.parse import parse_qs, urlsplit
    parts = urlsplit(rest)
    if parts.path == "lab/index.html" and "path" in parse_qs(parts.query):
        return "lab", parse_qs(parts.query)["path"][0]
    for kind, prefix in (("classroom", "voici/render/"), ("read", "read/")):
        m = re.fullmatch(re.escape(prefix) + r"(\d\d-[\w-]+)\.html", parts.path)
        if m:
            return kind, m.group(1) + ".ipynb"
    return None


def file_setting() -> dict[str, str]:
    """The start of every whole address of a file of the repository at the setting's branch: as
    GitHub shows it (``blob``, a page) and as it serves it as it is (``raw``, a picture)."""
    conf = settings()
    return {"blob": f"https://github.com/{conf['repository']}/blob/{conf['ref']}/",
            "raw": f"https://raw.githubusercontent.com/{conf['repository']}/{conf['ref']}/"}


def top_names(root: Path | None = None) -> list[str]:
    """What a file's path in the repository can start with: the folders and files at the top of
    the checkout (hidden ones aside)."""
    root = ROOT if root is None else root
    return sorted(p.name for p in root.iterdir() if not p.name.startswith("."))


def file_links(top: list[str]) -> dict[str, re.Pattern]:
    """For ``blob`` and ``raw``, the start of a whole address of a file (up to its path), its
    path starting with one of ``top``."""
    names = "|".join(re.escape(name) for name in sorted(top, key=len, reverse=True))
    path = rf"/(?=(?:{names})(?:[/)\s\"'<>#?\]\\`]|$))"
    return {"blob": re.compile(r"https://github\.com/[\w.-]+/[\w.-]+/blob/[\w./-]+?" + path),
            "raw": re.compile(r"https://raw\.githubusercontent\.com/[\w.-]+/[\w.-]+/[\w./-]+?" + path)}


#: A whole address of a file of the repository, as it appears in Markdown or HTML (to read it).
FILE_LINK = re.compile(r"https://(?:github\.com/[\w.-]+/[\w.-]+/blob|raw\.githubusercontent\.com/[\w.-]+/[\w.-]+)"
                       r"/[^\s)\"'<>#?\]\\`]+")


def files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "notebooks").glob("*.ipynb")),
            ROOT / "pyproject.toml"]


#: The package's addresses a registry shows (``[project.urls]`` of pyproject.toml): the site is a
#: site link; the source and the issues are the repository's page and its issues.
PROJECT_URL = re.compile(r'(?m)^((?:Source|Issues) = ")https://github\.com/[\w.-]+/[\w.-]+?(?=(?:/issues)?"$)')


def rewrite(text: str, base: str, site: str | None = None, hub: str | None = None,
            package: str | None = None, file_starts: dict[str, str] | None = None,
            top: list[str] | None = None) -> str:
    """``text`` with every link rewritten: Binder's to ``base``, and, for each one given, the
    browser site's, the hub's, the package's, and the whole addresses of the repository's files
    (``file_starts`` as :func:`file_setting` gives it; ``top`` as :func:`top_names`)."""
    text = LINK.sub(base, text)
    if site:
        text = SITE_LINK.sub(site, text)
    if hub:
        text = HUB_LINK.sub(lambda m: hub, text)
    if package:
        text = PACKAGE.sub(lambda m: package, text)
    if file_starts:
        for kind, pattern in file_links(top_names() if top is None else top).items():
            text = pattern.sub(lambda m, start=file_starts[kind]: start, text)
        repository = file_starts["blob"].removesuffix("/").rsplit("/blob/", 1)[0]
        text = PROJECT_URL.sub(lambda m: m.group(1) + repository, text)
    return text


def main(argv: list[str]) -> int:
    if argv[:1] == ["--hub-link"]:
        if len(argv) != 2 or not re.fullmatch(r"https?://[^\s/?#]+(?:/[^\s?#]*)?", argv[1]):
            print("usage: binder_links.py --hub-link https://YOUR-HUB", file=sys.stderr)
            return 2
        print(hub_link(argv[1]))
        return 0
    base, site, hub, package = setting(), site_setting(), hub_link(), package_setting()
    file_starts, top = file_setting(), top_names()
    stale = []
    for path in files():
        if not path.exists():
            continue
        old = path.read_text(encoding="utf-8")
        new = rewrite(old, base, site, hub, package, file_starts, top)
        if new != old:
            stale.append(path.relative_to(ROOT))
            if "--check" not in argv:
                path.write_text(new, encoding="utf-8")
    verb = "out of date" if "--check" in argv else "rewritten"
    for p in stale:
        print(f"{verb}: {p}")
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
