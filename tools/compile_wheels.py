"""Compile, for the browser's Python, the modules that a table app's page imports as it starts,
so that Pyodide does not compile them first in the page: run inside the site's own Pyodide
(``site_templates/compile-wheels.js`` starts it in Node, every wheel of the site installed and
its folder mounted at ``/wheels``), with the modules to import as its arguments.

The wheels and the standard library (``python_stdlib.zip``, which this Pyodide ships as sources
alone: 142 of its modules compiled at every start, 0.7 s) get, for each module imported, its
compiled file: in a wheel in ``__pycache__`` as Python names it for the browser's version
(``cpython-313``), in the standard library's zip beside it (``enum.pyc``), where ``zipimport``
looks. Each is checked by nothing but its presence (an *unchecked hash* file: these files are
never edited where they are installed). The sources stay, so a learner still reads them and
tracebacks quote them; the modules not imported at the start (most of Pygments' lexers, say)
stay as they were, so the files grow only by what is used. pyodide-build's ``py-compile`` does
this with a Python of the browser's version on the machine; here there is only the browser's.
"""

import importlib
import py_compile
import site
import sys
import tempfile
import warnings
import zipfile
from pathlib import Path

INSTALLED = Path(site.getsitepackages()[0])
STDLIB = Path(sys.prefix) / "lib" / f"python{sys.version_info.major}{sys.version_info.minor}.zip"


def imported(modules: list[str], where: Path) -> set[str]:
    """Every file under ``where`` that importing ``modules`` imports, relative to it."""
    warnings.simplefilter("ignore")  # a package's old escapes in strings, said as it compiles
    for name in modules:
        importlib.import_module(name)
    files = {getattr(module, "__file__", None) for module in list(sys.modules.values())}
    return {Path(f).relative_to(where).as_posix() for f in files if f and Path(f).is_relative_to(where)}


def in_pycache(name: str) -> str:
    """Where a wheel's compiled module goes: ``pkg/__pycache__/mod.cpython-313.pyc`` (written out,
    not asked of ``importlib``, which answers elsewhere under ``PYTHONPYCACHEPREFIX``)."""
    folder, _, module = name.rpartition("/")
    cached = f"__pycache__/{module[:-len('.py')]}.{sys.implementation.cache_tag}.pyc"
    return f"{folder}/{cached}" if folder else cached


def beside(name: str) -> str:
    """Where a zip's compiled module goes, for ``zipimport``: ``pkg/mod.pyc``."""
    return name[:-len(".py")] + ".pyc"


def compiled(wheel: Path, wanted: set[str], installed: Path = INSTALLED, where=in_pycache) -> int:
    """Rewrite ``wheel`` (or a zip of modules) with a compiled file for each of its modules in
    ``wanted``, named by ``where``, each saying it was ``installed`` there; return how many."""
    added = {}
    with zipfile.ZipFile(wheel) as src, tempfile.TemporaryDirectory() as tmp:
        names = set(src.namelist())
        for name in sorted(names & wanted):
            cached = where(name)
            if cached in names:
                continue
            source, target = Path(tmp) / "module.py", Path(tmp) / "module.pyc"
            source.write_bytes(src.read(name))
            py_compile.compile(str(source), cfile=str(target), dfile=str(installed / name), doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            added[cached] = target.read_bytes()
        if added:
            with zipfile.ZipFile(Path(tmp) / wheel.name, "w", zipfile.ZIP_DEFLATED) as dst:
                for info in src.infolist():
                    dst.writestr(info, src.read(info))
                for name, data in added.items():
                    info = zipfile.ZipInfo(name, date_time=(2020, 2, 2, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    dst.writestr(info, data)
            wheel.write_bytes((Path(tmp) / wheel.name).read_bytes())
    return len(added)


def main(modules: list[str]) -> None:
    """Compile what importing ``modules`` imports, into the wheels and the standard library."""
    wanted, standard = imported(modules, INSTALLED), imported(modules, STDLIB)
    for wheel in sorted(Path("/wheels").glob("*.whl")):
        print(f"{wheel.name}: {compiled(wheel, wanted)} modules compiled", file=sys.stderr)
    count = compiled(Path("/wheels/python_stdlib.zip"), standard, STDLIB, beside)
    print(f"python_stdlib.zip: {count} modules compiled", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
