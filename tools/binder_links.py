"""Rewrite every Binder link, and every link to the collection's browser site, in the README and
the notebooks from the one repository setting.

    python tools/binder_links.py          (or: make links)
    python tools/binder_links.py --check  (exit 1 if any link is out of date)

The setting is ``[tool.mjscore] repository`` and ``ref`` in pyproject.toml. A link is any
``https://mybinder.org/v2/gh/OWNER/NAME/REF`` address; only that part is rewritten, so each
link keeps the notebook (``?urlpath=lab/tree/...`` or ``voila/render/...``) it opens.

The browser site (``make site``: static pages, no server) is published with GitHub Pages,
so its address comes from the same setting: ``https://OWNER.github.io/NAME/``. A lesson there
has three pages (:func:`site_pages`): the classroom app page (``apps/voici/render/NN-name.html``,
the first classroom link of the contents and the README; Binder's Voila link is the second way),
JupyterLab (``lab/index.html?path=NN-name.ipynb``) and the page to read
(``read/NN-name.html``). tests/test_binder_links.py checks that every such link opens a lesson
that exists, and that the contents offers each lesson all three ways.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: read the two settings with a plain pattern
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/[\w./-]+?(?=[?)\s\"'\\]|$)")
SITE_LINK = re.compile(r"https://[\w-]+\.github\.io/[\w.-]+/")


def settings() -> dict:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib is not None:
        conf = tomllib.loads(text)["tool"]["mjscore"]
    else:
        section = text.split("[tool.mjscore]", 1)[1].split("\n[", 1)[0]
        conf = dict(re.findall(r'^(repository|ref)\s*=\s*"([^"]+)"', section, re.M))
    return conf


def setting() -> str:
    """The Binder address every Binder link starts with."""
    conf = settings()
    return f"https://mybinder.org/v2/gh/{conf['repository']}/{conf['ref']}"


def site_setting() -> str:
    """The browser site's address (GitHub Pages of the same repository)."""
    owner, name = settings()["repository"].split("/")
    return f"https://{owner.lower()}.github.io/{name}/"


def site_pages(notebook: str, site: str | None = None) -> dict[str, str]:
    """The browser site's pages of one lesson (``NN-name.ipynb``): its classroom app page,
    JupyterLab on it, and the page to read."""
    site = site_setting() if site is None else site
    stem = notebook.rsplit(".", 1)[0]
    return {"classroom": f"{site}apps/voici/render/{stem}.html", "lab": f"{site}lab/index.html?path={notebook}",
            "read": f"{site}read/{stem}.html"}


def site_page_opens(rest: str) -> tuple[str, str] | None:
    """(kind, notebook) for the part of a site link after the site's address; None if it is
    not a lesson's page (the front page, an app's own page)."""
    from urllib.parse import parse_qs, urlsplit
    parts = urlsplit(rest)
    if parts.path == "lab/index.html" and "path" in parse_qs(parts.query):
        return "lab", parse_qs(parts.query)["path"][0]
    for kind, prefix in (("classroom", "apps/voici/render/"), ("read", "read/")):
        m = re.fullmatch(re.escape(prefix) + r"(\d\d-[\w-]+)\.html", parts.path)
        if m:
            return kind, m.group(1) + ".ipynb"
    return None


def files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "notebooks").glob("*.ipynb"))]


def rewrite(text: str, base: str, site: str | None = None) -> str:
    text = LINK.sub(base, text)
    return SITE_LINK.sub(site, text) if site else text


def main(argv: list[str]) -> int:
    base, site = setting(), site_setting()
    stale = []
    for path in files():
        if not path.exists():
            continue
        old = path.read_text(encoding="utf-8")
        new = rewrite(old, base, site)
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
