"""Build the collection as a static JupyterLite site: the notebooks run in the browser, with no
server, and a learner's progress stays in the browser's own storage.

    python tools/build_site.py [--out build/site]          (or: make site)

Offline apart from the two package registries, and reproducible: every version comes from one
place. The Python build tools (jupyterlite-core, jupyterlite-pyodide-kernel) are pinned in
``requirements/pins.txt``; the Pyodide core (the npm package ``pyodide``) is the version that
jupyterlite-pyodide-kernel was made for; the pure-Python wheels the browser kernel loads at start
are the versions Pyodide's own lock file names, fetched from PyPI; ipywidgets and its companions
are the versions pinned for the notebooks; mjscore is a wheel built from this checkout.

What it does:

1. ``npm pack pyodide@VERSION`` (cached in ``build/site-cache``) and unpack it as the site's
   ``static/pyodide``: the interpreter, the standard library and ``pyodide-lock.json``.
2. ``pip download`` the pure-Python wheels the kernel needs at start (micropip, IPython, jedi and
   what they depend on, by the lock), plus comm and ipywidgets, plus ``pip wheel`` of mjscore.
3. Rewrite the lock: the wheels we placed get their own file names and hashes; mjscore, ipywidgets
   and company are added (``import mjscore`` in a cell then loads them all); every other package
   (numpy, pandas, matplotlib, ...) points at Pyodide's public distribution, so the public site
   loads them there on first use.
4. ``jupyter lite build`` with the ten notebooks as its contents. A notebook that needs numpy,
   pandas or matplotlib gets a first cell saying that it loads them on first use.
5. A front page (``index.html``) that says what the site is and links every lesson.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PINS = ROOT / "requirements" / "pins.txt"
CACHE = ROOT / "build" / "site-cache"  # --cache changes it
#: Pyodide's public distribution, for the packages the site does not carry itself.
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
#: What the browser kernel loads when it starts (see jupyterlite-pyodide-kernel's worker).
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "packaging", "typing-extensions")
#: Added to the lock: (distribution, what it provides to import, what it needs).
EXTRA = {
    "comm": (["comm"], ["traitlets"]),
    "widgetsnbextension": (["widgetsnbextension"], []),
    "jupyterlab-widgets": (["jupyterlab_widgets"], []),
    "ipywidgets": (["ipywidgets"], ["comm", "ipython", "traitlets", "widgetsnbextension", "jupyterlab-widgets"]),
    "mjscore": (["mjscore"], ["ipywidgets"]),
}
#: The JupyterLab extensions the site carries (from this environment).
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager")
#: Modules that the site does not carry: a notebook importing them loads them on first use.
HEAVY = ("numpy", "pandas", "matplotlib")


class SiteError(Exception):
    pass


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned(name: str) -> str:
    for line in PINS.read_text(encoding="utf-8").splitlines():
        dist, _, version = line.split("#")[0].strip().partition("==")
        if norm(dist) == norm(name) and version:
            return version
    raise SiteError(f"{name} is not pinned in requirements/pins.txt")


def installed(name: str) -> str:
    from importlib.metadata import version
    return version(name)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if done.returncode:
        raise SiteError(f"{' '.join(cmd[:4])} ... failed:\n{done.stderr[-2000:]}")
    return done


def pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    return PYODIDE_VERSION


def fetch_pyodide(version: str, dest: Path) -> None:
    """The npm package ``pyodide@version`` unpacked at ``dest`` (the tarball is cached)."""
    tgz = CACHE / f"pyodide-{version}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        if not npm:
            raise SiteError("npm is needed to fetch Pyodide (apt-get install npm)")
        run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(CACHE)], cwd=CACHE)
    with tempfile.TemporaryDirectory() as tmp, tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
        shutil.copytree(Path(tmp) / "package", dest)


def closure(packages: dict, roots: tuple[str, ...]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = norm(todo.pop())
        if name not in seen and name in packages:
            seen.add(name)
            todo.extend(packages[name].get("depends", []))
    return seen


def fetch_wheels(wanted: dict[str, str], dest: Path) -> None:
    """``pip download`` each ``name==version`` (pure-Python wheels, cached) into ``dest``."""
    cache = CACHE / "wheels"
    cache.mkdir(parents=True, exist_ok=True)
    missing = [f"{n}=={v}" for n, v in sorted(wanted.items())
               if not any(norm(w.name.split("-")[0]) == n and w.name.split("-")[1] == v for w in cache.glob("*.whl"))]
    if missing:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any",
             "-d", str(cache), *missing])
    for n, v in wanted.items():
        found = [w for w in cache.glob("*.whl") if norm(w.name.split("-")[0]) == n and w.name.split("-")[1] == v]
        if not found:
            raise SiteError(f"no wheel of {n} {v} was downloaded")
        shutil.copy2(found[0], dest / found[0].name)


def build_mjscore(dest: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp, str(ROOT)])
        (wheel,) = Path(tmp).glob("mjscore-*.whl")
        return Path(shutil.copy2(wheel, dest / wheel.name))


def patch_lock(pyodide: Path, version: str) -> None:
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages = lock["packages"]
    here = {}
    for wheel in pyodide.glob("*.whl"):
        dist, ver = wheel.name.split("-")[:2]
        here[norm(dist)] = (wheel.name, ver, hashlib.sha256(wheel.read_bytes()).hexdigest())
    cdn = PYODIDE_CDN.format(version=version)
    for key, p in packages.items():
        if key in here:
            name, ver, sha = here[key]
            if p["version"] != ver:
                raise SiteError(f"{key}: the lock names {p['version']}, the wheel is {ver}")
            p["file_name"], p["sha256"] = name, sha
        elif "://" not in p["file_name"]:
            p["file_name"] = cdn + p["file_name"]
    for key, (imports, depends) in EXTRA.items():
        name, ver, sha = here[key]
        packages[key] = {"name": key, "version": ver, "file_name": name, "install_dir": "site", "sha256": sha,
                         "package_type": "package", "imports": imports, "depends": depends,
                         "unvendored_tests": False, "shared_library": False}
    lock_path.write_text(json.dumps(lock), encoding="utf-8")


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


def stage_contents(dest: Path) -> list[tuple[str, str, list[str]]]:
    """Copies of the notebooks for the site, each that needs heavy modules with a first cell
    saying so. Returns (file name, title, heavy modules) for the front page."""
    dest.mkdir(parents=True)
    lessons = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        heavy = needs_heavy(nb)
        if heavy:
            nb["cells"].insert(0, {"cell_type": "markdown", "metadata": {"tags": ["mjscore-site-notice"]},
                                   "source": [NOTICE.format(mods=", ".join(heavy))]})
        (dest / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        lessons.append((path.name, lesson_title(nb), heavy))
    return lessons


def front_page(lessons: list[tuple[str, str, list[str]]]) -> str:
    rows = "\n".join(
        f'<li><a href="lab/index.html?path={html.escape(name)}">{html.escape(title or name)}</a>'
        + (f' <span class="more">(loads {html.escape(", ".join(heavy))} on first use)</span>' if heavy else "")
        + "</li>" for name, title, heavy in lessons)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>mjscore: mahjong scoring, in your browser</title>
<!-- JupyterLite's pages read their settings from here and from jupyter-lite.json: keep it. -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>body{{font:17px/1.5 system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em;color:#1a1a1a}}
a{{color:#0b57a4}} .more{{color:#555;font-size:90%}} code{{background:#f2f2f2;padding:0 .2em}}</style></head>
<body><main>
<h1>mjscore: mahjong scoring, in your browser</h1>
<p>A course in scoring two real tables: <b>American Mah Jongg</b> as the National Mah Jongg League
plays it (who pays, and how tournaments score the same hands) and <b>Willingdon scoring for
Goulash</b> (hand points, doubles, and a practice trainer).</p>
<p>Everything runs here, in your browser: nothing to install, no server, and nothing you do is
sent anywhere. Your practice tally and your nights at the table are kept in this browser's
storage for this site, in the folder <code>mjscore-data</code> beside the notebooks, so they
are still there when you come back on this device (clearing the site's data removes them; you
can download the files from the file browser to keep a copy).</p>
<h2>The lessons</h2>
<ol start="0">
{rows}
</ol>
<p>The first lesson takes a little while to open: the page starts Python in your browser.</p>
<p><a href="lab/index.html">Open the whole collection in JupyterLab</a></p>
</main></body></html>
"""


def build(out: Path, work: Path | None = None) -> Path:
    version = pyodide_version()
    work = work or ROOT / "build" / "site-src"
    if work.exists():
        shutil.rmtree(work)
    pyodide = work / "static" / "pyodide"
    fetch_pyodide(version, pyodide)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    wanted = {name: lock[name]["version"] for name in closure(lock, KERNEL_NEEDS)}
    for name in ("comm", "ipywidgets", "jupyterlab-widgets", "widgetsnbextension"):
        wanted[name] = pinned(name) if name == "ipywidgets" else installed(name)
    fetch_wheels(wanted, pyodide)
    build_mjscore(pyodide)
    patch_lock(pyodide, version)
    lessons = stage_contents(work / "contents")
    if out.exists():
        shutil.rmtree(out)
    # Only the extensions the site needs: others in this environment (Voila's preview, ...)
    # expect a server and stop the page from loading.
    extensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    config = {"LiteBuildConfig": {"ignore_sys_prefix": True,
                                  "federated_extensions": [str(extensions / name) for name in EXTENSIONS]}}
    (work / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work),
         "--contents", str(work / "contents"), "--output-dir", str(out)], cwd=work)
    (out / "index.html").write_text(front_page(lessons), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/build_site.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "site"), help="the folder to build into")
    parser.add_argument("--work", default=None, help="a scratch folder for the build (default build/site-src)")
    parser.add_argument("--cache", default=None, help="where downloads are kept (default build/site-cache)")
    args = parser.parse_args(argv)
    global CACHE
    if args.cache:
        CACHE = Path(args.cache)
    try:
        out = build(Path(args.out), Path(args.work) if args.work else None)
    except SiteError as e:
        print(f"build_site: error: {e}", file=sys.stderr)
        return 1
    print(f"built {out}: serve it with `python -m http.server -d {out}` and open http://127.0.0.1:8000/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
