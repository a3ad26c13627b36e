"""Binder links: every notebook can be opened from the contents, both ways, and no link is stale.

The contents notebook (``notebooks/00-start-here.ipynb``) and the README between them carry,
for every notebook, a JupyterLab link (``?urlpath=lab/tree/notebooks/NAME.ipynb``) and a
classroom (Voila) link (``?urlpath=voila/render/notebooks/NAME.ipynb``). Every Binder link
anywhere in the README, the pages of docs/ or the notebooks must open a notebook that exists,
and must match the repository setting in pyproject.toml (``tools/binder_links.py --check``);
changing that setting rewrites every link. So are the README's whole addresses of its pictures
and of the pages of docs/ (the README is shown on PyPI, where a relative path leads nowhere):
each names a file of the checkout.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CONTENTS = NOTEBOOKS / "00-start-here.ipynb"
README = ROOT / "README.md"
DOCS = ROOT / "docs"
#: The class's guide: the hub's nbgitpuller link and the hub's pip install line are in it.
TEACHER = DOCS / "teacher.md"
TOOL = ROOT / "tools" / "binder_links.py"

# A Binder address as it appears in Markdown, HTML or a notebook's JSON text.
BINDER = re.compile(r"https://mybinder\.org/v2/gh/[^\s)\"'<>\]\\]+")


def _tool():
    spec = importlib.util.spec_from_file_location("binder_links", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _text(path: Path) -> str:
    """The README as it is; a notebook as the text of its cells (links live in the sources)."""
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        return "\n".join("".join(c.get("source", "")) for c in nb.get("cells", []))
    return path.read_text(encoding="utf-8")


def links(text: str) -> list[str]:
    return BINDER.findall(text)


def target(link: str) -> tuple[str, str]:
    """("lab" or "voila", the path it opens) for one Binder link."""
    query = parse_qs(urlsplit(link).query)
    if "labpath" in query:
        return "lab", query["labpath"][0]
    urlpath = query.get("urlpath", [""])[0].lstrip("/")
    for prefix, kind in (("lab/tree/", "lab"), ("voila/render/", "voila"), ("tree/", "lab")):
        if urlpath.startswith(prefix):
            return kind, urlpath[len(prefix):]
    return "other", urlpath


def notebooks() -> list[Path]:
    found = sorted(NOTEBOOKS.glob("*.ipynb"))
    assert found, "no notebooks in notebooks/: nothing to link to (a glob of zero passes nothing)"
    return found


def pages() -> list[Path]:
    """The README and the pages of docs/."""
    found = sorted(DOCS.glob("*.md"))
    assert TEACHER in found, "no docs/teacher.md (a glob of zero passes nothing)"
    return [README, *found]


def test_contents_and_readme_link_every_notebook_both_ways():
    """Every lesson (the numbered notebooks; the rule book is a page the lessons link to)."""
    sources = [p for p in (CONTENTS, README) if p.exists()]
    found = {(kind, path) for p in sources for kind, path in map(target, links(_text(p)))}
    lessons = [nb for nb in notebooks() if nb.name[:2].isdigit()]
    missing = [f"{kind} link to notebooks/{nb.name}" for nb in lessons for kind in ("lab", "voila")
               if (kind, f"notebooks/{nb.name}") not in found]
    assert not missing, (f"{' and '.join(p.name for p in sources)} lack: " + "; ".join(missing))


def test_every_binder_link_opens_an_existing_notebook():
    broken = []
    for path in [*pages(), *notebooks()]:
        for link in links(_text(path)):
            kind, opens = target(link)
            if kind == "other" or not opens.endswith(".ipynb") or not (ROOT / opens).is_file():
                broken.append(f"{path.relative_to(ROOT)}: {link}")
    assert not broken, "links to no notebook:\n" + "\n".join(broken)


def test_every_link_matches_the_repository_setting():
    """What CI would catch if someone edited one link by hand or forgot `make links`."""
    done = subprocess.run([sys.executable, str(TOOL), "--check"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
    base = _tool().setting()
    for path in [*pages(), *notebooks()]:
        for link in links(_text(path)):
            assert link.startswith(base + "?") or link == base, f"{path.name}: {link} is not under {base}"


def test_a_changed_setting_rewrites_every_link(tmp_path, monkeypatch):
    """In a copy: point pyproject.toml at a fork and another branch, run the tool, and every
    link in the README, the pages of docs/ and the notebooks moves there, each still opening the
    same notebook, and each whole address of a file still naming the same file."""
    tool = _tool()
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copy(README, tmp_path / "README.md")
    shutil.copytree(NOTEBOOKS, tmp_path / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copytree(DOCS, tmp_path / "docs")
    copied = [tmp_path / "README.md", *sorted((tmp_path / "docs").glob("*.md")),
              *sorted((tmp_path / "notebooks").glob("*.ipynb"))]
    before = {p.relative_to(tmp_path).as_posix(): links(_text(p)) for p in copied}
    assert sum(map(len, before.values())), "no Binder links at all in the README or the notebooks"
    files_before = {p.relative_to(tmp_path).as_posix(): file_paths(_text(p)) for p in copied}
    assert files_before["README.md"], "the README has no whole addresses of its pictures and pages"

    toml = (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    toml, n_repo = re.subn(r'(?m)^repository = ".*"$', 'repository = "a-teacher/mj-fork"', toml)
    toml, n_ref = re.subn(r'(?m)^ref = ".*"$', 'ref = "spring-term"', toml)
    toml, n_hub = re.subn(r'(?m)^hub = ".*"$', 'hub = "https://jupyter.school.example"', toml)
    assert (n_repo, n_ref, n_hub) == (1, 1, 1), "pyproject.toml [tool.mjscore] no longer has repository/ref/hub lines"
    (tmp_path / "pyproject.toml").write_text(toml, encoding="utf-8")

    monkeypatch.setattr(tool, "ROOT", tmp_path)
    new_base = "https://mybinder.org/v2/gh/a-teacher/mj-fork/spring-term"
    assert tool.setting() == new_base
    assert tool.main(["--check"]) == 1  # every file with a link is now out of date
    assert tool.main([]) == 0
    assert tool.main(["--check"]) == 0

    for name, old in before.items():
        path = tmp_path / name
        new = links(_text(path))
        assert [target(link) for link in new] == [target(link) for link in old], name
        assert all(link.startswith(new_base) for link in new), f"{name}: {new}"
        if path.suffix == ".ipynb":  # still a notebook after the rewrite
            json.loads(path.read_text(encoding="utf-8"))
    # the class's link and the package the hub installs follow the setting too
    guide = (tmp_path / "docs" / "teacher.md").read_text(encoding="utf-8")
    assert tool.HUB_LINK.findall(guide) == [
        "https://jupyter.school.example/hub/user-redirect/git-pull?repo=https://github.com/a-teacher/mj-fork"
        "&branch=spring-term&urlpath=lab/tree/mj-fork/notebooks/00-start-here.ipynb"]
    assert set(tool.PACKAGE.findall(guide)) == {"git+https://github.com/a-teacher/mj-fork@spring-term"}
    # and the whole addresses of the README's pictures and pages: the same files, on the fork's branch
    for name, old in files_before.items():
        text = _text(tmp_path / name)
        assert file_paths(text) == old, name
        for link in tool.FILE_LINK.findall(text):
            assert link.startswith(("https://github.com/a-teacher/mj-fork/blob/spring-term/",
                                    "https://raw.githubusercontent.com/a-teacher/mj-fork/spring-term/")), link
    assert (tmp_path / "README.md").read_text(encoding="utf-8").count("/a-teacher/mj-fork/") >= 5
    # and the addresses a registry shows for the package
    urls = tomllib.loads((tmp_path / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert urls == {"Homepage": "https://a-teacher.github.io/mj-fork/", "Source": "https://github.com/a-teacher/mj-fork",
                    "Issues": "https://github.com/a-teacher/mj-fork/issues"}


@pytest.mark.parametrize("text, expected", [
    ("[x](https://mybinder.org/v2/gh/old/name/main?urlpath=lab/tree/notebooks/01-a.ipynb)",
     "[x](https://mybinder.org/v2/gh/new/repo/v2?urlpath=lab/tree/notebooks/01-a.ipynb)"),
    ('<a href="https://mybinder.org/v2/gh/o/n/feature/x?urlpath=voila/render/notebooks/02-b.ipynb">',
     '<a href="https://mybinder.org/v2/gh/new/repo/v2?urlpath=voila/render/notebooks/02-b.ipynb">'),
    ("badge https://mybinder.org/v2/gh/o/n/main)", "badge https://mybinder.org/v2/gh/new/repo/v2)"),
], ids=["markdown-lab", "html-voila-branch-with-slash", "bare"])
def test_rewrite_keeps_what_each_link_opens(text, expected):
    assert _tool().rewrite(text, "https://mybinder.org/v2/gh/new/repo/v2") == expected


FILE_STARTS = {"blob": "https://github.com/new/repo/blob/spring/term/",
               "raw": "https://raw.githubusercontent.com/new/repo/spring/term/"}


@pytest.mark.parametrize("text, expected", [
    ("[guide](https://github.com/old/name/blob/main/docs/teacher.md)",
     "[guide](https://github.com/new/repo/blob/spring/term/docs/teacher.md)"),
    ("[rules](https://github.com/old/name/blob/feature/x/docs/rules.md#a-willingdon-hand).",
     "[rules](https://github.com/new/repo/blob/spring/term/docs/rules.md#a-willingdon-hand)."),
    ('<img src="https://raw.githubusercontent.com/o/n/main/docs/screenshots/hand-builder.png" alt="x">',
     '<img src="https://raw.githubusercontent.com/new/repo/spring/term/docs/screenshots/hand-builder.png" alt="x">'),
    ("the licence: https://github.com/o/n/blob/v1/LICENSE\n", "the licence: https://github.com/new/repo/blob/spring/term/LICENSE\n"),
    # not a file of the repository: the repository itself, the hub's package, another site's page
    ("https://github.com/o/n and git+https://github.com/o/n@main and https://github.com/o/n/issues/3",
     "https://github.com/o/n and git+https://github.com/o/n@main and https://github.com/o/n/issues/3"),
], ids=["blob", "branch-with-slash-and-anchor", "raw-picture", "top-level-file", "not-a-file"])
def test_rewrite_moves_each_file_address_and_keeps_its_path(text, expected):
    tool = _tool()
    once = tool.rewrite(text, "https://mybinder.org/v2/gh/new/repo/v2", file_starts=FILE_STARTS,
                        top=["LICENSE", "README.md", "docs", "notebooks"])
    assert once == expected
    assert tool.rewrite(once, "https://mybinder.org/v2/gh/new/repo/v2", file_starts=FILE_STARTS,
                        top=["LICENSE", "README.md", "docs", "notebooks"]) == once


def file_paths(text: str) -> list[str]:
    """The path in the repository of each whole address of a file in ``text`` (after the branch:
    the part from a folder or file at the top of the checkout on)."""
    top = _tool().top_names()
    found = []
    for link in _tool().FILE_LINK.findall(text):
        rest = link.split("/blob/", 1)[1] if "/blob/" in link else link.split("/", 5)[5]
        parts = rest.split("/")
        first = next((i for i in range(1, len(parts)) if parts[i] in top), None)
        found.append(rest if first is None else "/".join(parts[first:]))  # (none: no file, said below)
    return found


def test_every_whole_address_of_a_file_names_a_file_of_the_checkout_at_the_setting():
    """The README's pictures and its links to the pages of docs/ (and any such address in the pages
    or the notebooks): at the repository and branch of the setting, each naming a file that is
    here, so that on GitHub and on PyPI none leads nowhere. The README's pictures are served raw,
    its pages shown by GitHub."""
    starts = _tool().file_setting()
    seen = 0
    for path in [*pages(), *notebooks()]:
        text = _text(path)
        for link, name in zip(_tool().FILE_LINK.findall(text), file_paths(text)):
            assert link.startswith(tuple(starts.values())), f"{path.name}: {link} is not under {starts}"
            assert (ROOT / name).is_file(), f"{path.name}: {link} names {name}, which is not in the checkout"
            if link.startswith(starts["raw"]):
                assert name.endswith((".png", ".svg", ".jpg", ".gif")), f"{path.name}: {link}: a page is linked raw"
            seen += path == README
    readme = README.read_text(encoding="utf-8")
    assert seen >= 5, "the README links its pictures and pages by whole addresses (it is shown on PyPI)"
    relative = re.findall(r"""(?:\]\(|src=["'])(?!https?://|#|mailto:)([^)"'\s]+)""", readme)
    assert not relative, f"the README has relative links, which lead nowhere on PyPI: {relative}"


SITE = re.compile(r"https://[\w-]+\.github\.io/[\w.-]+/[^\s)\"'<>\]\\]*")


def test_every_browser_site_link_opens_a_notebook_and_the_contents_has_all_three_each():
    """The browser site (make site, published as the repository's GitHub Pages): each link to a
    lesson there (its classroom app page, JupyterLab on it, its page to read) names a notebook
    that exists, each link to an app's own page (the scorekeeper's, in the README) names an app
    of the course, and the contents offers every notebook all three ways."""
    from mjscore.lessons.course import COURSE

    tool = _tool()
    base = tool.site_setting()
    app_pages = {f"voici/render/{app.name}.html" for lesson in COURSE for app in lesson.apps}
    seen = set()
    for path in (*pages(), *sorted(NOTEBOOKS.glob("*.ipynb"))):
        for link in SITE.findall(_text(path)):
            assert link.startswith(base), f"{path.name}: {link} is not under {base}"
            rest = link[len(base):]
            if not rest or (rest in app_pages and path.suffix == ".md"):
                continue
            opens = tool.site_page_opens(rest)
            assert opens, f"{path.name}: {link} is no page of a lesson, nor an app's own page"
            kind, notebook = opens
            assert (NOTEBOOKS / notebook).exists(), f"{path.name}: {link} opens no notebook"
            assert link == tool.site_pages(notebook)[kind], link
            if path == CONTENTS:
                seen.add(opens)
    lessons = {p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")}
    assert seen == {(kind, name) for name in lessons for kind in ("classroom", "lab", "read")}


def test_the_classroom_links_go_to_the_app_pages_first_and_binder_second():
    """In the contents each lesson's classroom cell opens its app page (no server), then Binder's
    Voila; the README's classroom badge opens an app page, and names Binder as the second way."""
    tool = _tool()
    rows = [line for line in _text(CONTENTS).splitlines() if re.match(r"^\| \d\d \|", line)]
    assert len(rows) == len(list(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")))
    for row in rows:
        cell = row.split(" | ")[4]
        notebook = re.search(r"\[([\w-]+\.ipynb)\]|\(([\w-]+\.ipynb)\)", row)
        name = notebook.group(1) or notebook.group(2)
        first, second = re.findall(r"\]\(([^)]+)\)", cell)
        assert first == tool.site_pages(name)["classroom"], row
        assert target(second) == ("voila", f"notebooks/{name}"), row
    readme = README.read_text(encoding="utf-8")
    badge = re.search(r"\[!\[Classroom[^\]]*\]\([^)]*\)\]\(([^)]+)\)", readme)
    assert badge and tool.site_page_opens(badge.group(1)[len(tool.site_setting()):])[0] == "classroom", badge
    assert re.search(r"classroom view[^\n]*on Binder", readme, re.I)


def test_the_class_link_opens_the_contents_in_the_course_folder():
    """The teacher's guide, "For a class": one nbgitpuller link, as the tool writes it from the setting,
    copying the repository at the setting's branch and opening the contents in the folder
    nbgitpuller puts the course in (the repository's name); the hub installs the same package.
    Following it on a real hub is tests/hub/test_hub.py."""
    tool = _tool()
    guide = _text(TEACHER)
    assert tool.HUB_LINK.findall(guide) == [tool.hub_link()]
    assert not [p.name for p in pages() if p != TEACHER and tool.HUB_LINK.findall(_text(p))], "a second class link"
    query = parse_qs(urlsplit(tool.hub_link()).query)
    owner, name = tool.settings()["repository"].split("/")
    assert query["repo"] == [f"https://github.com/{owner}/{name}"] and query["branch"] == [tool.settings()["ref"]]
    assert query["urlpath"][0].startswith(f"lab/tree/{name}/")
    assert (ROOT / query["urlpath"][0].removeprefix(f"lab/tree/{name}/")) == CONTENTS
    assert urlsplit(tool.hub_link()).path == "/hub/user-redirect/git-pull"
    assert set(tool.PACKAGE.findall(guide)) == {tool.package_setting()}


@pytest.mark.parametrize("hub", ["https://jupyter.school.example", "https://jupyter.school.example/",
                                 "http://127.0.0.1:8000/prefix"])
def test_hub_link_prints_the_link_for_any_hub(hub):
    done = subprocess.run([sys.executable, str(TOOL), "--hub-link", hub], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == _tool().hub_link(hub) + "\n"
    assert done.stdout.startswith(hub.rstrip("/") + "/hub/user-redirect/git-pull?repo=")
    assert _tool().HUB_LINK.fullmatch(done.stdout.strip())


@pytest.mark.parametrize("argv", [["--hub-link"], ["--hub-link", "jupyter.school.example"],
                                  ["--hub-link", "https://a b"], ["--hub-link", "https://a", "https://b"]])
def test_hub_link_refuses_what_is_not_an_address(argv):
    done = subprocess.run([sys.executable, str(TOOL), *argv], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and not done.stdout and done.stderr.startswith("usage:")
