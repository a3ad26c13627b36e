"""Build the collection as a static site: every lesson runs in the browser, with no server, and a
learner's progress stays in the browser's own storage.

    python tools/build_site.py [--out build/site]          (or: make site)

The site has two parts:

* One JupyterLite site, built by one ``voici build`` with one Pyodide: **JupyterLab**
  (``lab/``, with the Pyodide kernel: Python runs in the page) and the **app pages** (Voici,
  ``voici/render/NAME.html``: each lesson as a page of its prose and apps with the code hidden,
  in the classroom look of ``make present``; and one page per app that imports only what that
  app needs). Voici 0.10.0, the newest, requires ``jupyterlite-core`` 0.7.x, so that version
  builds both (``requirements/pins.txt``). The app pages' earlier addresses, from when they
  were a second site (``apps/voici/render/NAME.html``), send the browser on.
* The **pages to read**, made by Sphinx with MyST-NB (``tools/reading_pages.py``): the front
  page (``index.html``), which links every lesson three ways, and each lesson at
  ``read/NAME.html`` as it was last run, with the apps' state embedded so each app shows as a
  still picture, readable before (or without) Python.

Offline apart from the two package registries (PyPI, npm), and reproducible: every version comes
from one place. For the JupyterLite part:

1. ``npm pack pyodide@VERSION`` (cached) and unpack it as the part's ``static/pyodide``.
2. ``pip download`` the pure-Python wheels the kernel needs at start (micropip, IPython, jedi and
   what they depend on, by the lock), plus comm and ipywidgets, plus ``pip wheel`` of mjscore.
3. Rewrite the lock: the wheels we placed get their own file names and hashes; mjscore, ipywidgets
   and company are added (``import mjscore`` in a cell then loads them all, and only them); every
   other package (numpy, pandas, matplotlib, ...) points at Pyodide's public distribution, so the
   public site loads them there on first use (they are not on PyPI or npm for the browser).
4. ``voici build`` (JupyterLab and Voici) with the lessons and the app pages as its contents. A
   lesson that needs numpy, pandas or matplotlib gets a first cell saying that it loads them on
   first use. The lessons are published read-only (``writable: false`` in the contents listing),
   so a lesson the site republishes reaches every learner, while the learner's own files (the
   folder ``mjscore-data``) stay theirs; the storage names are fixed (:data:`STORAGE`), so a
   rebuild or a JupyterLite upgrade finds the same browser storage.

The lessons and the app pages are described in ``tools/site_pages.py``. The pages to read are
the lessons executed here (by MyST-NB, in a scratch data folder, so the apps' state can be
embedded), with the widget renderer and require.js from npm (``@jupyter-widgets/html-manager``,
``requirejs``) in the site, not a CDN.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reading_pages import SPHINX_OUT, reading_pages  # noqa: E402
from site_pages import (APP_PAGES, NOTEBOOKS, SiteError, lessons, more_pages, old_addresses,  # noqa: E402
                        keep_links_in_the_page, stage_contents)
from site_web_apps import START_MODULES, TABLE_PACKAGES, compile_wheels, offline, snapshot, web_apps  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "requirements" / "pins.txt"
CACHE = ROOT / "build" / "site-cache"  # --cache changes it
#: Pyodide's public distribution, for the packages the site does not carry itself.
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
#: What the browser kernel loads when it starts (see jupyterlite-pyodide-kernel's worker).
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "packaging", "typing-extensions")
#: Added to the lock: (distribution, what it provides to import, what it needs). Not ipywidgets'
#: widgetsnbextension and jupyterlab-widgets: only the JavaScript of the notebooks' front ends,
#: which the site has as JupyterLab's extension and the table apps' renderer (2.4 MB to unpack).
EXTRA = {
    "comm": (["comm"], ["traitlets"]),
    # not IPython: a kernel brings its own, and a table app's page stands in for it
    # (mjscore/views/no_ipython.py: the wheel and a dozen it needs cost a phone a second)
    "ipywidgets": (["ipywidgets"], ["comm", "traitlets"]),
    "mjscore": (["mjscore"], ["ipywidgets"]),
    # the kernel's own, from jupyterlite-pyodide-kernel (its worker installs them one by one)
    "piplite": (["piplite"], ["micropip"]),
    "ipykernel": (["ipykernel"], []),
    "pyodide-kernel": (["pyodide_kernel"], ["ipykernel", "comm", "ipython", "jedi", "piplite"]),
}
#: What every kernel of the site loads as Pyodide starts, in one go (its lock names each; the
#: worker then installs none of them one by one, each waiting for the last): the kernel's own
#: packages, as its worker names them, and mjscore with ipywidgets, which every page imports.
KERNEL_START = ("micropip", "piplite", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython", "mjscore")
#: The JupyterLab extensions the site carries (from the toolchain's environment).
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager")
#: The browser storage of both JupyterLite parts, named once and for good: without a name,
#: JupyterLite keys it to the site's address and its own version's scheme (0.6.0 changed that
#: key once, and learners' files vanished from view).
STORAGE = {"contentsStorageName": "mjscore-files", "settingsStorageName": "mjscore-settings"}
PARTS = ("lab", "read")
#: JupyterLite's own options for a smaller site: no source maps (48 MB of the 142 MB), and of its
#: apps only those asked for (JupyterLab, Voici), without the shared code only the others use.
SLIM = ("--no-sourcemaps", "--no-unused-shared-packages")


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned(name: str, pins: Path = PINS) -> str:
    for line in pins.read_text(encoding="utf-8").splitlines():
        dist, _, version = line.split("#")[0].strip().partition("==")
        if norm(dist) == norm(name) and version:
            return version
    raise SiteError(f"{name} is not pinned in {pins.relative_to(ROOT)}")


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if done.returncode:
        raise SiteError(f"{' '.join(map(str, cmd[:4]))} ... failed:\n{done.stderr[-2000:]}")
    return done


def say(message: str) -> None:
    print(f"build_site: {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- toolchains

@dataclass(frozen=True)
class Toolchain:
    """A Python environment that builds one JupyterLite part, and what it was made for."""
    python: Path
    pyodide: str
    prefix: Path

    def version(self, dist: str) -> str:
        return run([str(self.python), "-c", f"from importlib.metadata import version; print(version({dist!r}))"]
                   ).stdout.strip()


def _toolchain(python: Path) -> Toolchain:
    out = run([str(python), "-c", "import sys; from jupyterlite_pyodide_kernel.constants import "
               "PYODIDE_VERSION as v; print(v, sys.prefix)"]).stdout.split()
    return Toolchain(python, out[0], Path(out[1]))


def lab_toolchain() -> Toolchain:
    """This environment (jupyterlite-core, its Pyodide kernel and voici-core, pinned in
    requirements/pins.txt)."""
    return _toolchain(Path(sys.executable))


# --------------------------------------------------------------------------- downloads

def npm_package(name: str, version: str) -> Path:
    """The npm tarball of ``name@version``, fetched once into the cache."""
    with _CACHE_LOCK:
        return _npm_package(name, version)


def _npm_package(name: str, version: str) -> Path:
    tgz = CACHE / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        if not npm:
            raise SiteError(f"npm is needed to fetch {name} (apt-get install npm)")
        run([npm, "pack", f"{name}@{version}", "--pack-destination", str(CACHE)], cwd=CACHE)
    if not tgz.exists():
        raise SiteError(f"npm pack {name}@{version} made no {tgz.name}")
    return tgz


def unpack(tgz: Path, dest: Path, *, only: str = "") -> None:
    """The npm tarball's ``package/ONLY`` folder, copied to ``dest``."""
    with tempfile.TemporaryDirectory() as tmp, tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
        shutil.copytree(Path(tmp) / "package" / only, dest, dirs_exist_ok=True)


def closure(packages: dict, roots: tuple[str, ...]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = norm(todo.pop())
        if name not in seen and name in packages:
            seen.add(name)
            todo.extend(packages[name].get("depends", []))
    return seen


#: The JupyterLite part and the pages to read are built side by side (threads): one at a time in
#: the shared download cache, and one pip wheel of the checkout at a time (it writes into it).
_CACHE_LOCK = threading.Lock()
_WHEEL_LOCK = threading.Lock()


def fetch_wheels(wanted: dict[str, str], dest: Path, python_version: str) -> None:
    """``pip download`` each ``name==version`` (pure-Python wheels, cached) into ``dest``."""
    with _CACHE_LOCK:
        _fetch_wheels(wanted, dest, python_version)


def _fetch_wheels(wanted: dict[str, str], dest: Path, python_version: str) -> None:
    cache = CACHE / "wheels"
    cache.mkdir(parents=True, exist_ok=True)

    def found(n: str, v: str) -> list[Path]:
        return [w for w in cache.glob("*.whl") if norm(w.name.split("-")[0]) == n and w.name.split("-")[1] == v]

    missing = [f"{n}=={v}" for n, v in sorted(wanted.items()) if not found(n, v)]
    if missing:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", python_version, "--implementation", "py", "--abi", "none", "--platform", "any",
             "-d", str(cache), *missing])
    for n, v in wanted.items():
        if not found(n, v):
            raise SiteError(f"no wheel of {n} {v} was downloaded")
        shutil.copy2(found(n, v)[0], dest / found(n, v)[0].name)


def build_mjscore(dest: Path) -> Path:
    with _WHEEL_LOCK, tempfile.TemporaryDirectory() as tmp:
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp, str(ROOT)])
        (wheel,) = Path(tmp).glob("mjscore-*.whl")
        return without_the_course(wheel, dest / wheel.name)


def without_the_course(wheel: Path, out: Path) -> Path:
    """``wheel`` without the notebooks and the classroom template it carries for `mjscore lessons`
    and Voila (the site serves the lessons itself: 380 KB to fetch at a first start, not 880 KB),
    its RECORD without their lines. pip's own tools cannot leave files out of a wheel."""
    def left_out(name: str) -> bool:
        return name.startswith("mjscore/notebooks/") or name.split("/")[0].endswith(".data")

    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in (info for info in src.infolist() if not left_out(info.filename)):
            data = src.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines(keepends=True)
                data = "".join(line for line in lines if not left_out(line.split(",")[0])).encode()
            dst.writestr(info, data)
    return out


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


def stage_pyodide(tc: Toolchain, work: Path) -> None:
    """``work/static/pyodide``: Pyodide for this toolchain, our wheels placed, its lock rewritten."""
    pyodide = work / "static" / "pyodide"
    unpack(npm_package("pyodide", tc.pyodide), pyodide)
    lock_path = pyodide / "pyodide-lock.json"
    whole = json.loads(lock_path.read_text(encoding="utf-8"))
    lock = whole["packages"]
    # What the kernel loads at start must be pure-Python wheels (from PyPI). A package built for
    # the browser is on neither registry: where a starting package names one, the need is
    # dropped (IPython runs without sqlite3; matplotlib-inline, which some Pyodide versions
    # say needs matplotlib, is not used until a cell asks for matplotlib, which then loads it
    # from Pyodide's distribution), so a start never reaches out to the internet.
    apart = {name for name, p in lock.items()
             if p.get("package_type", "package") != "package" or not p["file_name"].endswith("-none-any.whl")}
    for name in closure(lock, KERNEL_NEEDS):
        lock[name]["depends"] = [d for d in lock[name].get("depends", []) if norm(d) not in apart]
    lock_path.write_text(json.dumps(whole), encoding="utf-8")
    wanted = {name: lock[name]["version"] for name in closure(lock, KERNEL_NEEDS)}
    for name in ("comm", "ipywidgets"):
        wanted[name] = tc.version(name)
    if wanted["ipywidgets"] != pinned("ipywidgets"):
        raise SiteError(f"the toolchain has ipywidgets {wanted['ipywidgets']}, the notebooks {pinned('ipywidgets')}")
    # the browser's Python (for the wheels), as the lock names it: "3.13.2" -> "3.13"
    fetch_wheels(wanted, pyodide, ".".join(whole["info"]["python"].split(".")[:2]))
    build_mjscore(pyodide)
    kernels_own = tc.prefix / "share" / "jupyter" / "labextensions" / EXTENSIONS[0] / "static" / "pypi"
    for name in ("piplite", "ipykernel", "pyodide_kernel"):
        (wheel,) = kernels_own.glob(f"{name}-*.whl")
        shutil.copy2(wheel, pyodide / wheel.name)
    patch_lock(pyodide, tc.pyodide)
    compile_wheels(pyodide, START_MODULES)
    patch_lock(pyodide, tc.pyodide)  # the compiled wheels' digests
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    snapshot(pyodide, [lock[name]["file_name"] for name in sorted(closure(lock, TABLE_PACKAGES))], START_MODULES)


def write_lite_config(tc: Toolchain, work: Path) -> None:
    """The build's settings: only the extensions the site needs (others in the environment, such
    as Voila's preview, expect a server and stop the page from loading), and the storage names."""
    extensions = tc.prefix / "share" / "jupyter" / "labextensions"
    config = {"LiteBuildConfig": {"ignore_sys_prefix": True,
                                  "federated_extensions": [str(extensions / name) for name in EXTENSIONS]}}
    (work / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    kernel = {"loadPyodideOptions": {"packages": list(KERNEL_START)}}
    lite = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        **STORAGE, "litePluginSettings": {f"{EXTENSIONS[0]}:kernel": kernel}}}
    (work / "jupyter-lite.json").write_text(json.dumps(lite, indent=1), encoding="utf-8")


def publish_read_only(out: Path) -> list[str]:
    """Mark every lesson ``writable: false`` in the site's contents listings, so JupyterLite never
    keeps a learner's copy of it in the browser (which would hide every later edition of the
    lesson). JupyterLite takes the flag from jupyter_server's listing, which asks ``os.access``:
    a ``chmod -w`` before the build works for a user, not for root (CI builds as root), so the
    flag is set here, where it holds for both. Returns the lessons marked."""
    marked = []
    for listing in (out / "api" / "contents").rglob("all.json"):
        data = json.loads(listing.read_text(encoding="utf-8"))
        for item in data.get("content") or []:
            if item.get("type") == "notebook":
                item["writable"] = False
                marked.append(item["path"])
        listing.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")
    return marked


# --------------------------------------------------------------------------- the three parts

def lite_build(tc: Toolchain, found, work: Path, out: Path, *, extra: dict[str, dict] | None = None) -> None:
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    stage_pyodide(tc, work)
    stage_contents(found, work / "contents", extra=extra)
    write_lite_config(tc, work)
    if out.exists():
        shutil.rmtree(out)
    # The classroom template (voila/templates/classroom) found as `make present` finds it.
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("JUPYTER_PATH")) if p)}
    run([str(tc.python), "-m", "voici_core.app", "build", "--lite-dir", str(work), "--contents", str(work / "contents"),
         "--output-dir", str(out), "--template", "classroom", "--apps", "lab", "--apps", "voici", *SLIM],
        cwd=work, env=env)
    keep_links_in_the_page(out / "voici" / "render")
    web_apps(out / "voici" / "render", APP_PAGES,
             lambda name, version, dest, only="": unpack(npm_package(name, version), dest, only=only),
             STORAGE["contentsStorageName"])
    old_addresses(out)
    marked = publish_read_only(out)
    offline(out)
    expected = ([lesson.file for lesson, _nb in found] + [f"{name}.ipynb" for name in extra or {}]
                + [f"{page.name}.ipynb" for page in APP_PAGES])
    if sorted(marked) != sorted(expected):
        raise SiteError(f"the contents listing names {marked}, not the lessons and the app pages")


def build(out: Path, work: Path | None = None, *, parts=PARTS, notebooks: Path = NOTEBOOKS,
          extra_apps: dict[str, dict] | None = None) -> Path:
    """Build ``parts`` of the site into ``out``; parts not named are kept as they are.
    ``extra_apps``: more app pages (name: notebook), for a benchmark.

    Each part is built into a folder of its own (the JupyterLite part in a thread, side by side
    with the lessons run for the pages to read: most of that time is spent waiting for other
    processes), then put in place; ``out`` changes only at the end."""
    out, work = out.resolve(), (work or out.parent / f"{out.name}-src").resolve()
    found = lessons(notebooks)
    more = more_pages(notebooks)  # the rule book and the teacher's view: every part has them
    built = {part: work / f"{part}-out" for part in parts}

    def timed(name, step, *args, **kw):
        t0 = time.monotonic()
        step(*args, **kw)
        say(f"{name} built ({time.monotonic() - t0:.0f} s)")

    with ThreadPoolExecutor(max_workers=1) as pool:
        jobs = []
        if "lab" in parts:
            jobs.append(pool.submit(timed, "JupyterLab and the app pages", lambda: lite_build(
                lab_toolchain(), found + more, work / "lab", built["lab"], extra=extra_apps)))
        if "read" in parts:
            timed("pages to read", reading_pages, found, more, notebooks, work / "read", built["read"],
                  lambda name, version, dest, only="": unpack(npm_package(name, version), dest, only=only))
        for job in jobs:
            job.result()
    if "lab" in parts:  # the JupyterLite part is the whole top folder: the pages to read go inside it
        if "read" not in parts:
            for name in SPHINX_OUT:
                if (out / name).exists():
                    _replace(out / name, built["lab"] / name)
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(built["lab"]), str(out))
    out.mkdir(parents=True, exist_ok=True)
    if "read" in parts:  # Sphinx's front page takes the place of JupyterLite's
        for name in SPHINX_OUT:
            _replace(built["read"] / name, out / name)
        built["read"].rmdir()
    return out


def _replace(src: Path, dest: Path) -> None:
    if dest.is_dir():
        shutil.rmtree(dest)
    elif dest.exists():
        dest.unlink()
    shutil.move(str(src), str(dest))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/build_site.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "site"), help="the folder to build into")
    parser.add_argument("--work", default=None, help="a scratch folder for the build (default: OUT-src beside it)")
    parser.add_argument("--cache", default=None, help="where downloads are kept (default build/site-cache)")
    parser.add_argument("--parts", default=",".join(PARTS),
                        help=f"which parts to build, of {','.join(PARTS)} (default all; the others are kept)")
    parser.add_argument("--notebooks", default=str(NOTEBOOKS), help="the folder of lessons (default notebooks/)")
    args = parser.parse_args(argv)
    global CACHE
    # Every path is resolved here, against the folder the command was given in: the builds run
    # in folders of their own.
    if args.cache:
        CACHE = Path(args.cache).resolve()
    parts = tuple(p.strip() for p in args.parts.split(",") if p.strip())
    if not parts or set(parts) - set(PARTS):
        parser.error(f"--parts takes some of {','.join(PARTS)}")
    try:
        out = build(Path(args.out), Path(args.work) if args.work else None, parts=parts,
                    notebooks=Path(args.notebooks).resolve())
    except SiteError as e:
        print(f"build_site: error: {e}", file=sys.stderr)
        return 1
    print(f"built {out}: serve it with `python -m http.server -d {out}` and open http://127.0.0.1:8000/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
