"""tools/build_site.py without a browser or a download: the paths it is given, the lessons it
publishes read-only, the front page's links, the app pages' imports, the pages to read's settings.
(tests/browser/test_site.py builds the whole site with `make site` and uses it in Chromium.)"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"_tools_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


build_site = _load("build_site")
site_pages = _load("site_pages")
binder_links = _load("binder_links")
reading_pages = _load("reading_pages")


def test_every_path_is_resolved_where_it_was_given(tmp_path, monkeypatch):
    """`make site` gives `--out build/site`: the builds run in other folders, so the script
    resolves what it is given against the folder the command was given in (build() resolves
    --out and --work as its first step; tests/browser/test_site.py runs `make site` with a
    relative folder)."""
    seen = {}
    monkeypatch.setattr(build_site, "build", lambda out, work, **kw: seen.update(out=out, work=work, **kw) or out)
    monkeypatch.setattr(build_site, "CACHE", build_site.CACHE)
    monkeypatch.chdir(tmp_path)
    assert build_site.main(["--out", "build/site", "--cache", "cache", "--notebooks", "lessons", "--parts", "lab,read"]) == 0
    assert seen["notebooks"] == tmp_path / "lessons" and seen["parts"] == ("lab", "read")
    assert build_site.CACHE == tmp_path / "cache"


def test_unknown_parts_are_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        build_site.main(["--parts", "lab,slides"])
    assert stop.value.code == 2 and "--parts takes some of lab,read" in capsys.readouterr().err


def test_lessons_are_published_read_only(tmp_path):
    listing = tmp_path / "api" / "contents" / "all.json"
    listing.parent.mkdir(parents=True)
    listing.write_text(json.dumps({"content": [
        {"name": "00-a.ipynb", "path": "00-a.ipynb", "type": "notebook", "writable": True},
        {"name": "data.csv", "path": "data.csv", "type": "file", "writable": True}]}), encoding="utf-8")
    assert build_site.publish_read_only(tmp_path) == ["00-a.ipynb"]
    content = {i["name"]: i["writable"] for i in json.loads(listing.read_text(encoding="utf-8"))["content"]}
    assert content == {"00-a.ipynb": False, "data.csv": True}


def test_the_sites_lessons_store_each_outputs_text_as_one_string(tmp_path):
    """nbformat lets a stored output's text be a list of lines; JupyterLite shows such a list
    joined by commas (",2 +2Dx3 ..."), so the site's copies join them first."""
    found = site_pages.lessons(ROOT / "notebooks")
    site_pages.stage_contents(found, tmp_path / "contents")
    lists = 0
    for lesson, nb in found:
        staged = json.loads((tmp_path / "contents" / lesson.file).read_text(encoding="utf-8"))
        outputs = [o for c in staged["cells"] for o in c.get("outputs", ())]
        assert not [o for o in outputs if isinstance(o.get("text"), list)], lesson.file
        assert not [v for o in outputs for v in o.get("data", {}).values() if isinstance(v, list)], lesson.file
        lists += sum(isinstance(o.get("text"), list) for c in nb["cells"] for o in c.get("outputs", ()))
    assert lists > 0  # the lessons themselves keep nbformat's lists, which nbval compares


def test_the_front_page_links_each_lesson_as_the_published_links_do():
    found, more = site_pages.lessons(ROOT / "notebooks"), site_pages.more_pages(ROOT / "notebooks")
    page = reading_pages.front_page(found, more)
    for lesson, _nb in found:
        pages = binder_links.site_pages(lesson.file, site="")
        for kind, css in (("read", "read"), ("classroom", "app"), ("lab", "lab")):
            assert f'class="{css}" href="{pages[kind]}"' in page, (lesson.file, kind)
    for app in site_pages.APP_PAGES:
        assert f'<a href="voici/render/{app.name}.html">' in page
    # the contents' order, which the sidebar and each page's previous and next follow: every page
    toc = page.split("```{toctree}\n:hidden:\n\n", 1)[1].split("```", 1)[0].split()
    assert toc == [f"read/{one.stem}" for one, _nb in found + more]
    assert toc[0] == "read/00-start-here" and toc[-2:] == ["read/rule-book", "read/teacher/class"]


def test_each_app_page_imports_only_its_app_and_needs_nothing_heavy():
    for app in site_pages.APP_PAGES:
        nb = site_pages.app_notebook(app)
        code = "".join(nb["cells"][1]["source"])
        assert re.match(rf"from {re.escape(app.module)} import \w+\n", code), code
        assert site_pages.needs_heavy(nb) == [], app.name
        path = ROOT / (app.module.replace(".", "/") + ".py")
        assert path.exists() and app.call.split("(")[0] in path.read_text(encoding="utf-8")


def test_the_site_is_built_by_one_toolchain_pinned_exactly():
    """JupyterLab and the app pages from one environment, so one Pyodide: Voici decides the version
    of JupyterLite (0.10.0 requires 0.7.x), and the kernel is the one made for it."""
    assert not (ROOT / "requirements" / "apps-site.txt").exists() and not hasattr(build_site, "apps_toolchain")
    versions = {name: build_site.pinned(name) for name in ("voici-core", "jupyterlite-core", "jupyterlite-pyodide-kernel")}
    assert versions == {"voici-core": "0.10.0", "jupyterlite-core": "0.7.0", "jupyterlite-pyodide-kernel": "0.7.0"}


def test_an_app_pages_earlier_address_sends_the_browser_on(tmp_path):
    """The app pages were a second site at apps/voici/render/; a link in an old handout, a bookmark
    or a phone's home-screen icon still opens the page, its query and heading kept."""
    render = tmp_path / "voici" / "render"
    (render / "teacher").mkdir(parents=True)
    for name in ("scorekeeper.html", "teacher/class.html"):
        (render / name).write_text("the page", encoding="utf-8")
    assert site_pages.old_addresses(tmp_path) == ["apps/voici/render/scorekeeper.html",
                                                   "apps/voici/render/teacher/class.html"]
    old = (tmp_path / "apps" / "voici" / "render" / "teacher" / "class.html").read_text(encoding="utf-8")
    assert 'content="0; url=../../../../voici/render/teacher/class.html"' in old
    assert 'location.replace("../../../../voici/render/teacher/class.html" + location.search + location.hash)' in old
    target = (tmp_path / "apps" / "voici" / "render" / "teacher" / "../../../../voici/render/teacher/class.html").resolve()
    assert target == (render / "teacher" / "class.html").resolve()


def test_every_notebook_a_lesson_links_to_is_on_the_site():
    """The rule book and the teacher's view are published with the lessons (each part, and the
    front page), each page to read in its own place, reaching the site's files from there."""
    notebooks = ROOT / "notebooks"
    more = {page.file: page for page, _nb in site_pages.more_pages(notebooks)}
    assert set(more) == {"rule-book.ipynb", "teacher/class.ipynb"}
    linked = set()
    for path in notebooks.rglob("*.ipynb"):
        text = path.read_text(encoding="utf-8")
        for target in re.findall(r'\]\(((?![a-z]+:)[^)#\s]+\.ipynb)', text):
            linked.add((path.parent / target).resolve().relative_to(notebooks.resolve()).as_posix())
    published = {lesson.file for lesson, _nb in site_pages.lessons(notebooks)} | set(more)
    assert linked and linked <= published, linked - published
    front = reading_pages.front_page(site_pages.lessons(notebooks), site_pages.more_pages(notebooks))
    assert '<a class="read" href="read/teacher/class.html">' in front and 'href="read/rule-book.html"' in front


def test_an_app_pages_link_to_its_own_heading_stays_on_the_page(tmp_path):
    """Voici writes ``#Section`` as a link into the site's files; the build gives it back."""
    page = tmp_path / "teacher" / "class.html"
    page.parent.mkdir()
    page.write_text('<a href="../../../files/teacher/#Who">w</a> <a href="../../files/notes.txt">n</a> '
                    '<a href="../../files/#Top">t</a> <a href="../00-start-here.html#Top">c</a>', encoding="utf-8")
    assert site_pages.keep_links_in_the_page(tmp_path) == 2
    assert page.read_text(encoding="utf-8") == ('<a href="#Who">w</a> <a href="../../files/notes.txt">n</a> '
                                                '<a href="#Top">t</a> <a href="../00-start-here.html#Top">c</a>')


def test_links_to_the_published_site_stay_on_this_copy_of_it(tmp_path):
    """The contents' table links the published site; on a copy of the site (a teacher's own, a
    test's) those links lead to the copy's pages, from wherever the page sits."""
    site = binder_links.site_setting()
    body = (f'<a href="{site}read/01-american-who-pays.html">r</a> <a href="{site}lab/index.html?path=01-a.ipynb">l</a>'
            ' <a href="https://mybinder.org/v2/gh/x">b</a>')
    assert site_pages.to_own_pages(body, "../") == (
        '<a href="../read/01-american-who-pays.html">r</a> <a href="../lab/index.html?path=01-a.ipynb">l</a>'
        ' <a href="https://mybinder.org/v2/gh/x">b</a>')
    render = tmp_path / "render"
    (render / "teacher").mkdir(parents=True)
    (render / "00-start-here.html").write_text(f'<a href="{site}read/00-start-here.html">r</a>', encoding="utf-8")
    (render / "teacher" / "class.html").write_text(f'<a href="{site}index.html">i</a>', encoding="utf-8")
    site_pages.keep_links_in_the_page(render)
    assert (render / "00-start-here.html").read_text(encoding="utf-8") == '<a href="../../read/00-start-here.html">r</a>'
    assert (render / "teacher" / "class.html").read_text(encoding="utf-8") == '<a href="../../../index.html">i</a>'


def test_each_app_page_is_titled_by_its_app():
    """The browser tab of an app page says what it is ("The scorekeeper"), not its file name."""
    for app in site_pages.APP_PAGES:
        assert site_pages.app_notebook(app)["metadata"]["title"] == app.title


def test_the_sites_copy_of_the_package_leaves_the_course_out(tmp_path):
    """The kernel in the page installs mjscore from a wheel at every first start: the notebooks
    and the classroom template the wheel carries for `mjscore lessons` and Voila stay out of it
    (the site serves the lessons itself), and its RECORD names only what is left."""
    import zipfile

    wheel = tmp_path / "mjscore-9.9-py3-none-any.whl"
    names = ["mjscore/__init__.py", "mjscore/notebooks/00-start-here.ipynb", "mjscore/notebooks/teacher/class.ipynb",
             "mjscore-9.9.data/data/share/jupyter/voila/templates/classroom/conf.json", "mjscore-9.9.dist-info/METADATA"]
    with zipfile.ZipFile(wheel, "w") as out:
        for name in names:
            out.writestr(name, "x")
        out.writestr("mjscore-9.9.dist-info/RECORD", "".join(f"{n},sha256=abc,1\n" for n in names)
                     + "mjscore-9.9.dist-info/RECORD,,\n")
    slim = build_site.without_the_course(wheel, tmp_path / "slim.whl")
    with zipfile.ZipFile(slim) as got:
        assert got.namelist() == ["mjscore/__init__.py", "mjscore-9.9.dist-info/METADATA", "mjscore-9.9.dist-info/RECORD"]
        assert got.read("mjscore-9.9.dist-info/RECORD").decode().splitlines() == [
            "mjscore/__init__.py,sha256=abc,1", "mjscore-9.9.dist-info/METADATA,sha256=abc,1", "mjscore-9.9.dist-info/RECORD,,"]


def _fake_npm(name: str, version: str, dest: Path, only: str = "") -> None:
    """What the build's npm step puts in place, as few files as the table pages use."""
    dest.mkdir(parents=True)
    made = {"@jupyter-widgets/html-manager": ("libembed-amd.js", "embed-amd.js", "x.woff2", "x.ttf"),
            "requirejs": ("require.js",)}[name]
    for file in made:
        (dest / file).write_text(f"// {name} {version}\n", encoding="utf-8")


def test_the_table_apps_are_web_apps_a_phone_can_keep(tmp_path):
    """The scorekeeper's and the trainer's pages are our own (Python started in the page), each
    linking a manifest of its own: the name, icons we draw (192 and 512 pixels), and a start
    address relative to the manifest, so it holds under the sub-path GitHub Pages serves the site
    from. Every file a page names is there; the other app pages are left as they are."""
    import struct
    from urllib.parse import urljoin

    web_apps = _load("site_web_apps")
    head = '<html><head><link rel="icon" href="data:;base64,="></head><body></body></html>'
    render = tmp_path / "voici" / "render"
    render.mkdir(parents=True)
    for page in site_pages.APP_PAGES:
        (render / f"{page.name}.html").write_text(head, encoding="utf-8")
    (tmp_path / "static" / "pyodide").mkdir(parents=True)
    (tmp_path / "static" / "pyodide" / "pyodide.js").write_text("", encoding="utf-8")
    theme = tmp_path / "build" / "themes" / "@jupyterlab" / "theme-light-extension"
    theme.mkdir(parents=True)
    (theme / "index.css").write_text("", encoding="utf-8")
    (tmp_path / "jupyter-lite.json").write_text('{"jupyter-config-data": {"appVersion": "0.7.0"}}', encoding="utf-8")
    assert web_apps.web_apps(render, site_pages.APP_PAGES, _fake_npm, "mjscore-files") == ["trainer.webmanifest",
                                                                           "scorekeeper.webmanifest"]
    where = "https://a-teacher.github.io/mj-fork/voici/render/"
    for name, short in (("scorekeeper", "Scorekeeper"), ("trainer", "Trainer")):
        manifest = json.loads((render / f"{name}.webmanifest").read_text(encoding="utf-8"))
        assert manifest["short_name"] == short and manifest["name"].endswith("(mjscore)")
        assert manifest["display"] == "standalone"
        assert urljoin(where + f"{name}.webmanifest", manifest["start_url"]) == where + f"{name}.html"
        for icon in manifest["icons"]:
            png = (render / icon["src"]).read_bytes()
            assert png[:8] == b"\x89PNG\r\n\x1a\n"
            assert "%dx%d" % struct.unpack(">II", png[16:24]) == icon["sizes"]
        assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
        page = (render / f"{name}.html").read_text(encoding="utf-8")
        assert f'<link rel="manifest" href="{name}.webmanifest">' in page and "{{" not in page
        (app,) = [p for p in site_pages.APP_PAGES if p.name == name]
        assert f'data-storage="mjscore-files" data-module="{app.module}"' in page
        assert f'data-app="{app.call.split("(")[0]}" data-lite="0.7.0"' in page  # JupyterLite's, for its worker
        assert "waitSeconds: 0" in page  # require.js gives up on the renderer after 7 s otherwise
        for named in re.findall(r'(?:href|src)="([^"]+)"', page):
            assert (render / named).resolve().is_file(), (name, named)
        # Python's worker, beside the page's script, loads Pyodide from the site's top folder
        (site,) = re.findall(r'data-site="([^"]+)"', page)
        assert (render / site / "static" / "pyodide" / "pyodide.js").resolve().is_file()
    worker = (render / "table" / "table-python.js").read_text(encoding="utf-8")
    for named in re.findall(r'importScripts\(([^)]*)\)', worker)[0].split(", ")[1:]:
        assert (render / "table" / named.strip('"')).is_file(), named
    assert (render / "table" / "libembed-amd.js").exists() and not (render / "table" / "embed-amd.js").exists()
    assert (render / "payments.html").read_text(encoding="utf-8") == head


def test_the_modules_a_page_imports_are_compiled_into_their_wheel_and_the_standard_library(tmp_path):
    """A wheel gets a compiled file, in __pycache__, for each of its modules asked for, checked by
    nothing but its presence (an unchecked hash file), and keeps its sources; the standard
    library's zip gets its own beside each module, where zipimport looks."""
    compile_wheels = _load("compile_wheels")
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as made:
        made.writestr("pkg/__init__.py", "")
        made.writestr("pkg/used.py", "ANSWER = 42\n")
        made.writestr("pkg/unused.py", "QUESTION = 6 * 9\n")
        made.writestr("pkg-1.0.dist-info/RECORD", "")
    assert compile_wheels.compiled(wheel, {"pkg/used.py", "pkg/__init__.py"}) == 2
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(wheel) as done:
        names = set(done.namelist())
        assert {f"pkg/__pycache__/used.{tag}.pyc", f"pkg/__pycache__/__init__.{tag}.pyc", "pkg/used.py"} <= names
        assert not any("unused" in n and n.endswith(".pyc") for n in names)
        pyc = done.read(f"pkg/__pycache__/used.{tag}.pyc")
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, source not checked
    assert compile_wheels.compiled(wheel, {"pkg/used.py"}) == 0  # already there: left as it is
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as made:
        made.writestr("enum.py", "RED = 1\n")
    assert compile_wheels.compiled(stdlib, {"enum.py"}, where=compile_wheels.beside) == 1
    assert zipfile.ZipFile(stdlib).namelist() == ["enum.py", "enum.pyc"]


def test_the_sites_worker_is_jupyterlites_with_an_offline_copy_made_anew_for_each_build(tmp_path):
    """JupyterLite's worker moves aside and ours, which imports it, takes its address, named for
    this build (a file changed: another name, so the browser installs it again and drops the old
    copy); every app page, in a folder or not, loads keep-offline.js once, however often this runs."""
    web_apps = _load("site_web_apps")
    theirs = "self.addEventListener('fetch', () => {});\n"
    (tmp_path / "service-worker.js").write_text(theirs, encoding="utf-8")
    render = tmp_path / "voici" / "render"
    (render / "teacher").mkdir(parents=True)
    for page in ("scorekeeper.html", "teacher/class.html"):
        (render / page).write_text("<html><head></head><body></body></html>", encoding="utf-8")
    first = web_apps.offline(tmp_path)
    ours = (tmp_path / "service-worker.js").read_text(encoding="utf-8")
    assert (tmp_path / "jupyterlite-service-worker.js").read_text(encoding="utf-8") == theirs
    assert 'importScripts("jupyterlite-service-worker.js")' in ours and f'const BUILD = "{first}";' in ours
    assert (tmp_path / "keep-offline.js").exists()
    assert web_apps.offline(tmp_path) == first  # nothing changed: the same build
    assert (tmp_path / "jupyterlite-service-worker.js").read_text(encoding="utf-8") == theirs
    (render / "scorekeeper.html").write_text("<html><head></head><body>new</body></html>", encoding="utf-8")
    assert web_apps.offline(tmp_path) != first
    assert (render / "scorekeeper.html").read_text(encoding="utf-8").count("keep-offline.js") == 1
    for page, up in (("scorekeeper.html", "../../"), ("teacher/class.html", "../../../")):
        text = (render / page).read_text(encoding="utf-8")
        assert text.count(f'<script src="{up}keep-offline.js"></script>') == 1, page


def test_every_kernel_loads_its_own_packages_as_pyodide_starts(tmp_path):
    """The site's settings ask Pyodide to load, as it starts and in one go, every package the
    Pyodide kernel's worker would otherwise install one after another (all it names but sqlite3,
    which the site does not carry) and mjscore; the names are the worker's own, as it compares
    them, read from the kernel's extension in this environment, and each the build adds to the
    lock is one it copies there."""
    static = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / build_site.EXTENSIONS[0] / "static"
    workers = [path for path in static.glob("*.js")
               if '"sqlite3","ipykernel"' in path.read_text(encoding="utf-8", errors="replace")]
    if not workers:
        pytest.skip("the Pyodide kernel's extension is not installed here")
    text = workers[0].read_text(encoding="utf-8", errors="replace")
    installs = json.loads(re.search(r'(\["sqlite3","ipykernel"[^\]]*\])', text).group(1))
    assert set(installs) - {"sqlite3"} <= set(build_site.KERNEL_START), installs
    tc = build_site.Toolchain(python=Path(sys.executable), pyodide="0", prefix=tmp_path)
    build_site.write_lite_config(tc, tmp_path)
    config = json.loads((tmp_path / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"][f"{build_site.EXTENSIONS[0]}:kernel"]
    assert kernel["loadPyodideOptions"]["packages"] == list(build_site.KERNEL_START)
    assert config["contentsStorageName"] == "mjscore-files"
    for name in ("piplite", "ipykernel", "pyodide-kernel", "mjscore"):
        assert name in build_site.EXTRA


def test_a_table_apps_page_loads_four_packages_and_no_ipython():
    """What the table apps' pages load (mjscore and ipywidgets, with what the lock says they
    need) is four packages, not IPython and the dozen it needs: the page stands in for the little
    of IPython ipywidgets imports (mjscore/views/no_ipython.py; tests/views/test_in_page.py runs
    both apps with only these four), and a kernel loads IPython as its own."""
    lock = {name: {"depends": depends} for name, (_imports, depends) in build_site.EXTRA.items()}
    lock["traitlets"] = {"depends": []}  # Pyodide's own lock: traitlets needs nothing
    assert build_site.closure(lock, ("ipywidgets", "mjscore")) == {"mjscore", "ipywidgets", "comm", "traitlets"}
    assert "ipython" in build_site.KERNEL_START


def test_the_table_apps_worker_loads_what_the_build_put_in_its_snapshot():
    """table-python.js names the packages and the snapshot file the build makes it from."""
    web_apps = _load("site_web_apps")
    worker = (ROOT / "tools" / "site_templates" / "table-python.js").read_text(encoding="utf-8")
    packages, snapshot = re.search(r"const PACKAGES = (\[.*?\]), SNAPSHOT = (\"[^\"]+\");", worker).groups()
    assert (tuple(json.loads(packages)), json.loads(snapshot)) == (web_apps.TABLE_PACKAGES, web_apps.SNAPSHOT)


def _conf():
    spec = importlib.util.spec_from_file_location("_tools_site_read_conf", ROOT / "tools" / "site_read" / "conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_page_to_read_links_its_ways_to_run_it_from_where_it_sits(monkeypatch):
    """Each lesson's page runs it as an app and in the site's JupyterLab (relative to the page,
    in a folder too), on Binder, and on the class's hub once a teacher has set one; its links to
    the published site stay on this copy of it. The front page and the search page get no bar."""
    conf = _conf()
    app = SimpleNamespace(env=SimpleNamespace(doc2path=lambda name: ROOT / "notebooks" / (name[5:] + ".ipynb")))
    site = binder_links.site_setting()
    context = {"title": "A teacher's view", "body": f'<a href="{site}read/00-start-here.html">c</a>'}
    conf.run_it(app, "read/teacher/class", "page.html", context, None)
    links = context["mjscore"]
    assert links["app"] == "../../voici/render/teacher/class.html"
    assert links["lab"] == "../../lab/index.html?path=teacher/class.ipynb" and links["code"]
    assert links["binder"] == f"{binder_links.setting()}?urlpath=lab/tree/notebooks/teacher/class.ipynb"
    assert "hub" not in links  # the placeholder hub leads nowhere: no link to it
    assert context["body"] == '<a href="../../read/00-start-here.html">c</a>'
    monkeypatch.setattr(conf.binder_links, "settings", lambda: {**binder_links.settings(), "hub": "https://hub.school.example"})
    conf.run_it(app, "read/02-willingdon-hand-points", "page.html", context := {"body": ""}, None)
    assert context["mjscore"]["hub"].startswith("https://hub.school.example/hub/user-redirect/git-pull?")
    assert context["mjscore"]["hub"].endswith("urlpath=lab/tree/mjscore/notebooks/02-willingdon-hand-points.ipynb")
    assert context["mjscore"]["heavy"] == "pandas" and context["mjscore"]["app"] == "../voici/render/02-willingdon-hand-points.html"
    for name, template in (("index", "page.html"), ("search", "search.html")):
        conf.run_it(app, name, template, context := {"body": ""}, None)
        assert "mjscore" not in context


def test_the_pages_to_read_ask_nothing_of_another_host():
    """The widget renderer and require.js are the site's own files; a heading's anchor is the one
    JupyterLab gives it (the lessons' links into the rule book open the same place)."""
    conf = _conf()
    assert all("//" not in path for path in conf.nb_ipywidgets_js)
    assert all("//" not in value for attrs in conf.nb_ipywidgets_js.values() for value in attrs.values())
    module, name = conf.myst_heading_slug_func.rsplit(".", 1)
    assert getattr(_load(module), name)("American home payments") == "American-home-payments"
    assert set(reading_pages.READ_NPM) == {"@jupyter-widgets/html-manager", "requirejs"}


def test_each_part_rebuilt_alone_keeps_the_other(tmp_path, monkeypatch):
    """The pages to read (Sphinx's names at the site's top, the front page among them) and the
    JupyterLite part share the top folder: rebuilding one keeps the other, and Sphinx's front page
    takes the place of JupyterLite's."""
    def lite(tc, found, work, out, extra=None):
        (out / "lab").mkdir(parents=True)
        (out / "index.html").write_text("JupyterLite's", encoding="utf-8")
        (out / "lab" / "index.html").write_text(f"lab {stamp}", encoding="utf-8")

    def read(found, more, notebooks, work, out, npm):
        out.mkdir(parents=True)
        for name in reading_pages.SPHINX_OUT:
            if name in ("_images", "_static", "read"):
                (out / name).mkdir()
            else:
                (out / name).write_text(f"{name} {stamp}", encoding="utf-8")

    monkeypatch.setattr(build_site, "lite_build", lite)
    monkeypatch.setattr(build_site, "lab_toolchain", lambda: None)
    monkeypatch.setattr(build_site, "reading_pages", read)
    site = tmp_path / "site"
    stamp = 1
    build_site.build(site)
    assert (site / "index.html").read_text(encoding="utf-8") == "index.html 1"
    stamp = 2
    build_site.build(site, parts=("lab",))
    assert (site / "index.html").read_text(encoding="utf-8") == "index.html 1"
    assert (site / "lab" / "index.html").read_text(encoding="utf-8") == "lab 2" and (site / "read").is_dir()
    stamp = 3
    build_site.build(site, parts=("read",))
    assert (site / "index.html").read_text(encoding="utf-8") == "index.html 3"
    assert (site / "lab" / "index.html").read_text(encoding="utf-8") == "lab 2"
