"""Every link in every lesson leads somewhere from where the lessons are served.

JupyterLab (`make lab`), Voilà (`make present`) and the browser site all serve the ``notebooks``
folder and nothing above it, so a link must stay inside it: to a notebook that exists, and to a
heading that notebook has (named as JupyterLab and Voilà name headings). A link out of the
folder (``../docs/rules.md``, as four lessons once had) is a dead click in all three. Links to
other sites go to the hosts the course means to send a learner to. The rule book is a page of the
course (``rule-book.ipynb``, written from ``docs/rules.md`` by ``tools/rule_book.py``) and every
lesson that cites a rule reaches it. The browser tests follow the links in JupyterLab and Voilà.
"""

from __future__ import annotations

import html
import importlib.util
import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

_spec = importlib.util.spec_from_file_location("rule_book", ROOT / "tools" / "rule_book.py")
rule_book = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rule_book)

_MD_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_HREF = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")
#: Where a lesson may send a learner out of the course: Binder, the published browser site,
#: the repository, and the badges of the README.
HOSTS = {"mybinder.org", "github.com", "img.shields.io"}


def _site_host() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    owner = re.search(r'(?m)^repository\s*=\s*"([^/"]+)/', text).group(1)
    return f"{owner.lower()}.github.io"


def notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.rglob("*.ipynb"))


def _text(cell_or_output) -> str:
    src = cell_or_output
    return src if isinstance(src, str) else "".join(src)


def links(path: Path) -> list[tuple[str, str]]:
    """Every link of a notebook, (where, target): in its markdown and in its stored HTML outputs."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for k, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown":
            text = _text(cell["source"])
            found += [(f"cell {k}", t) for t in _MD_LINK.findall(text) + _HREF.findall(text)]
        for out in cell.get("outputs", []):
            for mime in ("text/html", "text/markdown"):
                if mime in out.get("data", {}):
                    found += [(f"cell {k} output", html.unescape(t)) for t in _HREF.findall(_text(out["data"][mime]))]
    return found


def anchors(path: Path) -> set[str]:
    """The anchors JupyterLab and Voilà give the headings of a notebook's markdown."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = "\n".join(_text(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    found = {rule_book.lab_anchor(re.sub(r"<[^>]+>|[*_`]", "", h)) for h in rule_book.headings(text)}
    return found | set(re.findall(r"""\bid=["']([^"']+)["']""", text))


def dead(path: Path, target: str) -> str | None:
    """Why a link of the notebook at ``path`` leads nowhere, or None when it leads somewhere."""
    parts = urlsplit(target)
    if parts.scheme in ("data", "mailto"):
        return None
    if parts.scheme in ("http", "https"):
        host = parts.hostname or ""
        if host not in HOSTS | {_site_host()}:
            return f"goes to {host}, not a host the course sends learners to"
        return None
    if parts.scheme or target.startswith("/"):
        return "is not a link within the course"
    file = unquote(parts.path)
    page = path if not file else (path.parent / file)
    if file and not page.resolve().is_relative_to(NOTEBOOKS.resolve()):
        return "leaves the notebooks folder, which is all JupyterLab, Voilà and the browser site serve"
    if not page.is_file():
        return f"{file} does not exist"
    if parts.fragment and page.suffix == ".ipynb" and unquote(parts.fragment) not in anchors(page):
        return f"{page.name} has no heading #{parts.fragment}"
    return None


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_every_link_leads_somewhere(path):
    found = links(path)
    bad = [f"{where}: {target} {why}" for where, target in found if (why := dead(path, target))]
    assert not bad, f"{path.name}:\n" + "\n".join(bad)


def test_there_are_links_to_check():
    """A check that finds no links passes for the wrong reason."""
    counts = {p.name: len(links(p)) for p in notebooks()}
    assert all(n >= 2 for n in counts.values()), counts
    assert sum(counts.values()) > 100


def test_the_check_catches_each_kind_of_dead_link():
    lesson = NOTEBOOKS / "01-american-who-pays.ipynb"
    assert "leaves the notebooks folder" in dead(lesson, "../docs/rules.md")
    assert "does not exist" in dead(lesson, "11-nothing.ipynb")
    assert "no heading" in dead(lesson, "rule-book.ipynb#no-such-heading")
    assert "not a host" in dead(lesson, "https://example.com/x")
    assert dead(lesson, "rule-book.ipynb#American-home-payments") is None
    assert dead(lesson, "https://mybinder.org/v2/gh/x/y/main") is None


def test_the_rule_book_is_reached_from_the_lessons():
    assert rule_book.main(["--check"]) == 0, "run python tools/rule_book.py"
    for name in ("00-start-here", "01-american-who-pays", "04-willingdon-faq", "05-playing-goulash",
                 "06-tournament-vs-home"):
        targets = [t for _, t in links(NOTEBOOKS / f"{name}.ipynb")]
        assert any(t.split("#")[0] == "rule-book.ipynb" for t in targets), name
    book = links(NOTEBOOKS / "rule-book.ipynb")
    assert ("cell 0", "00-start-here.ipynb") in book
    assert sum(t.startswith("#") for _, t in book) >= 10  # its contents, by heading
