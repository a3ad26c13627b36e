"""Guardrails: the house claims a layout (games, layers, small rooms) and reproducible seeds;
these tests read the source and fail when a claim stops being true.

- The import graph, from every ``import`` in every module (function bodies too), against the
  layer map: the engine imports the standard library and itself only, never ``mjscore.views``;
  a game never imports the other game; the shared facts import no game. And the graph of the
  whole package has no cycle, so every import points one way (docs/architecture.md).
- Plain code: nothing in ``mjscore/`` runs code built in a string (``exec``, ``eval``,
  ``compile``); no module imports another's private name (``_x``); no method is attached to a
  class from outside its body; no module but the package's own door answers unknown names
  (a module ``__getattr__``).
- No module of the engine, the views, the tools or the benchmarks over 450 lines, no class over 250, except the ones :data:`TOO_BIG` names with the
  issue that splits them (an entry that is no longer needed fails too, so the list only shrinks).
- Every public function and method in ``mjscore/`` (the views too) starts its docstring with a
  one-line summary; no public function or class is dead (named by nothing but its tests).
- Every seeded generator draws only ``random()`` from its ``random.Random``, whose sequence
  Python guarantees for a seed; ``choice``, ``randint``, ``shuffle`` and the like may change
  between Python versions.
- Every number a person types in an app is read by the one reader (``inputs.whole_number``,
  through ``views._controls.typed_number`` or a reader built on it): no number box the browser
  reads (``IntText``, ``FloatText``...), no slider readout that can be typed into, and no
  ``int()``, regex or ``isdigit()`` of what was typed in the views.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mjscore"

#: What no engine module may import (the views' libraries), besides anything not stdlib.
VIEW_LIBRARIES = ("pandas", "matplotlib", "ipywidgets", "IPython", "numpy")
#: The two games; the night may use both, as may the public API and the command line.
GAMES = ("mjscore.willingdon", "mjscore.american")
MAY_USE_BOTH = ("mjscore.night", "mjscore.cli", "mjscore", "mjscore.__main__")
#: Packages that use both games: a night, the drills and the class's view, the lessons' questions.
BOTH_GAMES = ("mjscore.night", "mjscore.practice", "mjscore.lessons")
#: Shared facts and safe files: no game, no night, no command line.
SHARED = ("mjscore.tiles", "mjscore.hands", "mjscore.files", "mjscore.numbers", "mjscore.missed")

MODULE_LINES, CLASS_LINES = 450, 250
#: The rooms still too big today, each with the issue that splits it. Paths from the checkout;
#: a class as "path::Class". The lead empties this list as the branches merge.
TOO_BIG: dict[str, str] = {}


def python_files(*folders: str) -> list[Path]:
    out = []
    for folder in folders:
        out += [p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts]
    return sorted(out)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_statements(path: Path, name: str):
    """Each import of module ``name`` (at ``path``), lazy ones too: (the module imported from, as an
    absolute dotted name with relative imports resolved; the names imported, None for ``import a.b``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = name.split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target != "__future__":
                yield target, [alias.name for alias in node.names]


def imports(path: Path, name: str | None = None) -> set[str]:
    """Every module ``path`` (the module ``name``) imports, as an absolute dotted name (relative
    imports resolved; ``from package import name`` also counts ``package.name``, which may be a
    module)."""
    found: set[str] = set()
    for target, names in import_statements(path, name or module_name(path)):
        found.add(target)
        found.update(f"{target}.{n}" for n in names or () if n != "*")
    return found


def within(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


ENGINE = [p for p in python_files("mjscore") if "views" not in p.relative_to(PACKAGE).parts]


def test_the_engine_is_found():
    names = {module_name(p) for p in ENGINE}
    assert {"mjscore", "mjscore.cli", "mjscore.tiles", "mjscore.american.home", "mjscore.night"} <= names
    assert not any(within(n, "mjscore.views") for n in names)


def engine_problems(me: str, found: set[str]) -> list[str]:
    """What is wrong with engine module ``me`` importing ``found``."""
    problems = []
    for name in sorted(found):
        top = name.split(".")[0]
        if top in VIEW_LIBRARIES:
            problems.append(f"{me} imports {name}: a view library in the engine")
        elif within(name, "mjscore.views"):
            problems.append(f"{me} imports {name}: the engine never imports the views")
        elif top != "mjscore" and top not in sys.stdlib_module_names:
            problems.append(f"{me} imports {name}: the engine imports nothing third-party")
    return problems


def layer_problems(me: str, found: set[str]) -> list[str]:
    """What is wrong with ``me`` importing ``found``, by the layer map."""
    problems = []
    for i, game in enumerate(GAMES):
        other = GAMES[1 - i]
        if within(me, game):
            problems += [f"{me} (a game) imports the other game: {n}" for n in sorted(found) if within(n, other)]
    if within(me, *SHARED):
        problems += [f"{me} (shared facts) imports {n}" for n in sorted(found)
                     if within(n, *GAMES, *BOTH_GAMES, "mjscore.cli")]
    if not within(me, *BOTH_GAMES, *GAMES, *SHARED) and me not in MAY_USE_BOTH:
        problems.append(f"{me} is in no layer of the map: add it to tests/test_house.py")
    return problems


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: module_name(p))
def test_the_engine_imports_the_standard_library_and_itself_only(path):
    assert engine_problems(module_name(path), imports(path)) == []


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: module_name(p))
def test_each_module_stays_in_its_layer(path):
    assert layer_problems(module_name(path), imports(path)) == []


def test_the_layer_checks_catch_a_bad_import(tmp_path):
    """A Willingdon module that imports pandas inside a function and reaches into the American
    package, and a shared module that imports a game: each is caught."""
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    import pandas\n    from ..american.home import settle\n", encoding="utf-8")
    found = imports(probe, "mjscore.willingdon.probe")
    assert {"pandas", "mjscore.american.home"} <= found
    assert engine_problems("mjscore.willingdon.probe", found) == [
        "mjscore.willingdon.probe imports pandas: a view library in the engine"]
    assert layer_problems("mjscore.willingdon.probe", found) == [
        "mjscore.willingdon.probe (a game) imports the other game: mjscore.american.home",
        "mjscore.willingdon.probe (a game) imports the other game: mjscore.american.home.settle"]
    probe.write_text("from .views.tables import points_table\nfrom .willingdon import score\n", encoding="utf-8")
    found = imports(probe, "mjscore.hands")
    assert engine_problems("mjscore.hands", found)[0].endswith("the engine never imports the views")
    assert layer_problems("mjscore.hands", found)[0] == "mjscore.hands (shared facts) imports mjscore.willingdon"


# --------------------------------------------------------------------------- no cycles


ALL_MODULES = {module_name(p): p for p in python_files("mjscore")}


def internal_imports(path: Path, name: str, modules) -> set[str]:
    """The modules of the package that module ``name`` (at ``path``) imports, lazily or not: an
    ``import a.b`` names ``a.b``; ``from a import b`` names ``a.b`` when that is a module, else ``a``."""
    found: set[str] = set()
    for target, names in import_statements(path, name):
        if names is None:
            found.add(target)
        for n in names or ():
            found.add(f"{target}.{n}" if f"{target}.{n}" in modules else target)
    return {m for m in found if m in modules and m != name}


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    return {name: internal_imports(path, name, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph, as the modules along it with the first repeated at the end, or []."""
    state: dict[str, str] = {}  # "open" while its imports are being followed, then "done"
    path: list[str] = []

    def follow(module: str) -> list[str]:
        state[module] = "open"
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == "open":
                return path[path.index(target):] + [target]
            if target not in state:
                cycle = follow(target)
                if cycle:
                    return cycle
        path.pop()
        state[module] = "done"
        return []

    for module in sorted(graph):
        if module not in state:
            cycle = follow(module)
            if cycle:
                return cycle
    return []


def test_the_import_graph_has_no_cycle():
    cycle = find_cycle(import_graph(ALL_MODULES))
    assert not cycle, "an import cycle: " + " -> ".join(cycle)


def test_the_cycle_check_catches_a_cycle_made_by_a_lazy_import(tmp_path):
    root = tmp_path / "pkg"
    (root / "night").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "night" / "__init__.py").write_text("")
    (root / "night" / "ledger.py").write_text("from .entry import Entry\n\ndef save():\n    from . import journal\n")
    (root / "night" / "journal.py").write_text("from .ledger import save\n")
    (root / "night" / "entry.py").write_text("Entry = object\n")
    modules = {".".join(p.relative_to(tmp_path).with_suffix("").parts).removesuffix(".__init__"): p
               for p in root.rglob("*.py")}
    graph = import_graph(modules)
    assert graph["pkg.night.ledger"] == {"pkg.night.entry", "pkg.night.journal"}
    assert find_cycle(graph) == ["pkg.night.journal", "pkg.night.ledger", "pkg.night.journal"]
    (root / "night" / "ledger.py").write_text("from .entry import Entry\n")
    assert find_cycle(import_graph(modules)) == []


# --------------------------------------------------------------------------- plain code


def code_built_in_strings(source: str) -> list[str]:
    """Every call that runs or compiles source text: ``exec``, ``eval``, ``compile`` (or the
    same from ``builtins``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else (
                f.attr if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "builtins"
                else None)
            if name in ("exec", "eval", "compile"):
                found.append((node.lineno, node.col_offset, f"line {node.lineno}: {name}()"))
    return [text for _, _, text in sorted(found)]


@pytest.mark.parametrize("path", list(ALL_MODULES.values()), ids=list(ALL_MODULES))
def test_no_code_is_built_in_strings(path):
    assert code_built_in_strings(path.read_text(encoding="utf-8")) == []


#: What code run as a module is imported must not ask: the machine (its environment, its files),
#: the clock, or chance. A table app's page starts Python from a snapshot taken, its modules
#: imported, as the site was built (tools/site_templates/make-snapshot.js): what a module worked
#: out as it was imported would be the build machine's answer in every browser.
ASKS_AT_IMPORT = ("environ", "getenv", "listdir", "exists", "is_dir", "is_file", "home", "cwd", "today", "now",
                  "time", "random", "urandom", "_browser_keeps")


def asked_at_import(source: str) -> list[str]:
    """Each call of :data:`ASKS_AT_IMPORT` (or a read of ``os.environ``) in code a module runs as it
    is imported: its top level and its classes' bodies, not its functions'."""
    found = []

    def visit(node) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                for default in child.args.defaults + child.args.kw_defaults:  # run as the def is
                    if default is not None:
                        visit(ast.Expression(default))
                continue
            name = None
            if isinstance(child, ast.Call):
                f = child.func
                name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            elif isinstance(child, ast.Attribute) and child.attr == "environ":
                name = "environ"
            if name in ASKS_AT_IMPORT:
                found.append(f"line {child.lineno}: {name}")
            visit(child)

    visit(ast.parse(source))
    return sorted(set(found), key=lambda text: int(text.split()[1].rstrip(":")))


@pytest.mark.parametrize("path", list(ALL_MODULES.values()), ids=list(ALL_MODULES))
def test_no_module_asks_the_machine_the_clock_or_chance_as_it_is_imported(path):
    assert asked_at_import(path.read_text(encoding="utf-8")) == []


def test_the_import_time_check_catches_a_question_asked_at_import():
    source = ("import os, random, datetime\nHOME = os.environ.get('HOME')\nclass A:\n    when = datetime.date.today()\n"
              "def f(x=random.random()):\n    return os.listdir('.')\nKEEPS = _browser_keeps()\n")
    assert asked_at_import(source) == ["line 2: environ", "line 4: today", "line 5: random", "line 7: _browser_keeps"]


def test_the_string_check_catches_an_exec():
    source = ("import builtins, re\nre.compile('x')\nscope = {}\n"
              "exec(compile('def f(): pass', '<f>', 'exec'), scope)\nbuiltins.eval('1')\n")
    assert code_built_in_strings(source) == ["line 4: exec()", "line 4: compile()", "line 5: eval()"]


def private_imports(source: str) -> list[str]:
    """Every private name (``_x``, not a dunder) imported from another module."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            found += [f"line {node.lineno}: {alias.name}" for alias in node.names
                      if alias.name.startswith("_") and not alias.name.startswith("__")]
    return found


def attached_methods(source: str) -> list[str]:
    """Every attribute set on a class of the module from outside its body (``Cls.x = ...`` or
    ``setattr(Cls, ...)`` at the module's top level, in a loop or not)."""
    tree = ast.parse(source)
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    found = []
    for top in tree.body:
        if isinstance(top, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(top):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, (ast.AugAssign, ast.AnnAssign)) else []
            for t in targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in classes:
                    found.append(f"line {node.lineno}: {t.value.id}.{t.attr}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
                    and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in classes):
                found.append(f"line {node.lineno}: setattr({node.args[0].id}, ...)")
    return found


def module_getattr(source: str) -> bool:
    return any(isinstance(node, ast.FunctionDef) and node.name == "__getattr__" for node in ast.parse(source).body)


@pytest.mark.parametrize("path", list(ALL_MODULES.values()), ids=list(ALL_MODULES))
def test_no_private_name_crosses_modules_and_no_method_is_attached_from_outside(path):
    source = path.read_text(encoding="utf-8")
    assert private_imports(source) == []
    assert attached_methods(source) == []
    # mjscore/__init__.py loads its public names on first use; no other module answers unknown names
    assert not module_getattr(source) or path == PACKAGE / "__init__.py"


def test_the_plain_code_checks_catch_what_they_say():
    source = ("from .store import _start, carry_over\nfrom . import __version__\n\nclass Ledger:\n    pass\n\n"
              "def _from_report(name):\n    return name\n\n"
              "for _name in ('report_csv', 'to_json'):\n    setattr(Ledger, _name, _from_report(_name))\n"
              "Ledger.__init__ = _from_report('init')\n\ndef __getattr__(name):\n    return name\n")
    assert private_imports(source) == ["line 1: _start"]
    assert attached_methods(source) == ["line 11: setattr(Ledger, ...)", "line 12: Ledger.__init__"]
    assert module_getattr(source)


def mixins(source: str, ours: set[str]) -> list[str]:
    """Every class built from two or more classes of ``ours``: parts that share an object's
    private state across files (a class may extend one class of ours, and the libraries' own)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            named = [b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                     if isinstance(b, (ast.Name, ast.Attribute))]
            parents = [b for b in named if b in ours]
            if len(parents) > 1:
                found.append(f"line {node.lineno}: {node.name}({', '.join(parents)})")
    return found


def class_names(paths) -> set[str]:
    """The name of every class defined in ``paths``."""
    return {node.name for p in paths for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef)}


def test_no_class_is_made_of_mixins_of_ours():
    ours = class_names(ALL_MODULES.values())
    found = {name: m for name, path in ALL_MODULES.items() if (m := mixins(path.read_text(encoding="utf-8"), ours))}
    assert found == {}, "compose the parts (an object each) rather than mixing them into one class"


def test_the_mixin_check_catches_an_app_made_of_parts():
    source = ("class NightSetup:\n    pass\nclass HandForm:\n    pass\nclass App:\n    pass\n"
              "class ScorekeeperApp(NightSetup, HandForm, App):\n    pass\n"
              "class Picks(widgets.HBox, widgets.ValueWidget):\n    pass\n")
    assert mixins(source, {"NightSetup", "HandForm", "App", "Picks"}) == [
        "line 7: ScorekeeperApp(NightSetup, HandForm, App)"]


#: The opening of an SVG element, written as text.
SVG_TAG = re.compile(r"<(svg|rect|line|polyline|polygon|circle|ellipse|path|text|g|title|desc)[\s>/]")


def strings_that_match(source: str, pattern: re.Pattern) -> list[str]:
    """Every string of the code (a docstring is not code) that ``pattern`` finds something in."""
    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [f"line {node.lineno}: {node.value[:40]!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
            and pattern.search(node.value)]


#: A style attribute of HTML, written in a string.
INLINE_STYLE = re.compile(r"""\bstyle\s*=\s*["']""")


def svg_pieces(source: str) -> list[str]:
    """Every string that writes an SVG element as text: the one drawing module (``views/svg.py``)
    builds them as elements."""
    return strings_that_match(source, SVG_TAG)


def inline_styles(source: str) -> list[str]:
    """Every string that writes an HTML ``style`` attribute: the house style is in classes
    (``_style.styled``), in one place a change of look is made once."""
    return strings_that_match(source, INLINE_STYLE)


@pytest.mark.parametrize("path", list(ALL_MODULES.values()), ids=list(ALL_MODULES))
def test_no_svg_is_written_as_string_pieces_and_no_inline_style(path):
    source = path.read_text(encoding="utf-8")
    assert (svg_pieces(source), inline_styles(source)) == ([], [])


def test_the_svg_and_style_checks_catch_a_drawing_and_a_style_in_a_string():
    source = ('def face(colour):\n    """Draws <svg style="x"> faces."""\n    w = widgets.Button(style={"a": 1})\n'
              '    return f\'<circle cx="24" fill="{colour}"/>\' + "<p style=\'margin:0\'>"\n')
    assert svg_pieces(source) == ["line 4: '<circle cx=\"24\" fill=\"'"]
    assert inline_styles(source) == ["line 4: \"<p style='margin:0'>\""]


#: The modules that stand beside the packages in ``mjscore/`` by right: the package's door, the
#: ``python -m mjscore`` door and the command line's.
DOORS = {"__init__.py", "__main__.py", "cli.py"}
#: At most this many other modules stand loose beside the packages (each a shared fact all read).
LOOSE = 4


def test_at_most_four_modules_stand_loose_beside_the_packages():
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in DOORS)
    assert len(loose) <= LOOSE, f"{loose}: put a module in the package of what it is for"


# --------------------------------------------------------------------------- docstrings


def summaries(source: str) -> list[str]:
    """Every public function (and method, of a public class) whose docstring lacks a one-line summary.

    A one-line summary is a first line that ends a sentence, alone in its paragraph."""
    found = []

    def visit(node, prefix: str) -> None:
        for n in node.body:
            if isinstance(n, ast.ClassDef) and not n.name.startswith("_"):
                visit(n, f"{prefix}{n.name}.")
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and not n.name.startswith("_"):
                doc = ast.get_docstring(n) or ""
                lines = doc.splitlines() or [""]
                if not lines[0].rstrip().endswith((".", "?", ":")) or (len(lines) > 1 and lines[1].strip()):
                    found.append(f"line {n.lineno}: {prefix}{n.name}")

    visit(ast.parse(source), "")
    return found


@pytest.mark.parametrize("path", list(ALL_MODULES.values()), ids=lambda p: module_name(p))
def test_every_public_function_starts_with_a_one_line_summary(path):
    assert summaries(path.read_text(encoding="utf-8")) == []


def test_the_summary_check_catches_a_missing_or_running_summary():
    source = ('def a():\n    """One line."""\n\ndef b():\n    pass\n\n'
              'class C:\n    def d(self):\n        """Runs on\n        into the next line."""\n'
              '    def _e(self):\n        pass\n')
    assert summaries(source) == ["line 4: b", "line 8: C.d"]


# --------------------------------------------------------------------------- nothing dead


#: Where a name counts as used: the engine and views, the lessons, the tools, the benchmarks, the
#: docs and the classroom template. A test alone does not keep a function alive.
USERS = ("mjscore/**/*.py", "notebooks/**/*.ipynb", "tools/**/*.py", "benchmarks/**/*.py", "docs/**/*.md",
         "README.md", "voila/**/*.html")


def unused(definitions: dict[Path, str], users: list[str]) -> list[str]:
    """The public functions and classes of ``definitions`` named nowhere but where they are made
    (their ``def`` and their ``__all__`` entry)."""
    words = Counter(word for text in users for word in re.findall(r"\w+", text))
    found = []
    for path, source in definitions.items():
        for node in ast.parse(source).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
                if words[node.name] - 1 - (f'"{node.name}"' in source) <= 0:
                    found.append(f"{path.relative_to(ROOT).as_posix() if path.is_absolute() else path}: {node.name}")
    return found


def test_no_public_function_or_class_is_dead():
    texts = [p.read_text(encoding="utf-8", errors="ignore") for pattern in USERS for p in ROOT.glob(pattern)
             if p.is_file() and "__pycache__" not in p.parts]
    engine = {p: p.read_text(encoding="utf-8") for p in python_files("mjscore")}
    assert unused(engine, texts) == []


def test_the_dead_code_check_catches_an_export_nobody_uses():
    source = 'def used():\n    """Yes."""\n\ndef unused():\n    """No."""\n\n__all__ = ["unused", "used"]\n'
    assert unused({Path("m.py"): source}, [source, "used()"]) == ["m.py: unused"]


# --------------------------------------------------------------------------- small rooms


def sizes() -> dict[str, int]:
    out = {}
    for path in python_files("mjscore", "tools", "benchmarks"):  # the rooms; tests mirror them
        rel = path.relative_to(ROOT).as_posix()
        source = path.read_text(encoding="utf-8")
        out[rel] = len(source.splitlines())
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                out[f"{rel}::{node.name}"] = node.end_lineno - first + 1
    return out


def test_no_module_over_450_lines_and_no_class_over_250():
    too_big = {}
    for where, lines in sizes().items():
        limit = CLASS_LINES if "::" in where else MODULE_LINES
        if lines > limit and where not in TOO_BIG:
            too_big[where] = lines
    assert not too_big, f"over the limit ({MODULE_LINES} lines a module, {CLASS_LINES} a class): {too_big}"


def test_the_allow_list_only_shrinks():
    found = sizes()
    for where, issue in TOO_BIG.items():
        limit = CLASS_LINES if "::" in where else MODULE_LINES
        assert found.get(where, 0) > limit, f"{where} is within the limit now ({issue} done?): remove it from TOO_BIG"


# --------------------------------------------------------------------------- seeds


#: Methods of random.Random whose results for a seed Python does not promise to keep.
UNSTABLE = {"choice", "choices", "randint", "randrange", "sample", "shuffle", "uniform", "getrandbits",
            "randbytes", "gauss", "normalvariate", "triangular", "betavariate", "expovariate",
            "gammavariate", "lognormvariate", "vonmisesvariate", "paretovariate", "weibullvariate", "binomialvariate"}


def random_calls(path: Path) -> list[str]:
    """Every call of an unstable method on anything, or of the ``random`` module's functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in UNSTABLE:
            found.append(f"line {node.lineno}: .{node.func.attr}()")
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random"
                and node.attr not in ("Random", "random")):
            found.append(f"line {node.lineno}: random.{node.attr}")
    return found


SEEDED = [p for p in ENGINE if "random" in imports(p)]


def test_the_seeded_generators_are_found():
    names = {module_name(p) for p in SEEDED}
    assert {"mjscore.willingdon.deal", "mjscore.american.tournament.night"} <= names


@pytest.mark.parametrize("path", SEEDED, ids=lambda p: module_name(p))
def test_seeded_generators_draw_only_random(path):
    assert random_calls(path) == [], f"{module_name(path)} draws other than random.Random(seed).random()"


def test_the_seed_check_catches_choice(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import random\nrng = random.Random(1)\nx = rng.choice([1, 2])\ny = random.randint(1, 6)\n"
                     "z = rng.random()\n")
    assert sorted(random_calls(probe)) == ["line 3: .choice()", "line 4: .randint()", "line 4: random.randint"]


# --------------------------------------------------------------------------- typed numbers


#: Controls the browser reads a number from: it turned "27.5" into 275, "1e3" into 13 and an
#: empty box into 1 without a word. A person types a number into views._controls.number_box.
NUMBER_BOXES = {"IntText", "FloatText", "BoundedIntText", "BoundedFloatText"}
#: Sliders: in ipywidgets 8 a slider's readout can be typed into and is read with parseInt
#: ("1,000" is 1), so a slider says readout=False and shows its value beside it as text.
SLIDERS = {"IntSlider", "FloatSlider", "FloatLogSlider", "IntRangeSlider", "FloatRangeSlider", "SelectionSlider",
           "SelectionRangeSlider"}
#: What makes a box a person types into: its value is text until something reads it.
TEXT_BOXES = {"Text", "Textarea", "Combobox", "number_box"} | NUMBER_BOXES
#: What reads text as a number, or tests it for one, other than the one reader (inputs.whole_number).
PARSERS = {"int", "float", "complex", "Decimal", "Fraction", "literal_eval", "loads"}
PATTERN_CALLS = {"match", "fullmatch", "search", "findall", "finditer"}
DIGIT_TESTS = {"isdigit", "isdecimal", "isnumeric"}


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _named(node: ast.AST) -> str | None:
    """What a target or a receiver is called in the code (``box``, ``self.value``), or None."""
    return ast.unparse(node) if isinstance(node, (ast.Name, ast.Attribute)) else None


def _boxes(tree: ast.Module) -> set[str]:
    """What the module calls its typed boxes (``self.value = number_box(...)``: ``self.value``),
    and the lists that hold them (``self.boxes.append(box)``: ``self.boxes``)."""
    boxes: set[str] = set()
    while True:
        more = set()
        for n in ast.walk(tree):
            held = None
            if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None:
                held, targets = n.value, (n.targets if isinstance(n, ast.Assign) else [n.target])
            elif isinstance(n, ast.Call) and _callee(n) in ("append", "extend") and isinstance(n.func,
                                                                                           ast.Attribute):
                held, targets = n, [n.func.value]
            if held is not None and any((isinstance(m, ast.Call) and _callee(m) in TEXT_BOXES) or
                                        (isinstance(m, (ast.Name, ast.Attribute)) and _named(m) in boxes)
                                        for m in ast.walk(held)):
                more |= {_named(t) for t in targets} - {None}
        if more <= boxes:
            return boxes
        boxes |= more


def _typed(node: ast.AST, boxes: set[str], tainted: set[str]) -> bool:
    """Whether ``node`` holds what a person typed: a box's ``.value``, or a name given one."""
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and n.attr == "value" and _named(n.value) in boxes:
            return True
        if isinstance(n, ast.Name) and n.id in tainted:
            return True
    return False


def _tainted(f: ast.AST, boxes: set[str], given: set[str]) -> set[str]:
    """The names in function ``f`` that hold what was typed: its parameters in ``given``, and
    whatever the function sets from them or from a box (loops over the boxes too)."""
    tainted = set(given)
    while True:
        more = set()
        for n in ast.walk(f):
            if isinstance(n, (ast.For, ast.comprehension)):
                value, targets = n.iter, [n.target]
                loop_over_boxes = any(_named(m) in boxes for m in ast.walk(value)) or _typed(value, boxes, tainted)
            elif isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and n.value is not None:
                value, targets = n.value, (n.targets if isinstance(n, ast.Assign) else [n.target])
                loop_over_boxes = False
            else:
                continue
            if loop_over_boxes or _typed(value, boxes, tainted):
                more |= {t.id for target in targets for t in ast.walk(target) if isinstance(t, ast.Name)}
        if more <= tainted:
            return tainted
        tainted |= more


def _number_controls(tree: ast.Module) -> list[tuple[int, str]]:
    """The number boxes and the sliders with a readout in a module: (line, what)."""
    found = []
    for node in ast.walk(tree):
        used = ([a.name for a in node.names] if isinstance(node, ast.ImportFrom) else [node.id]
                if isinstance(node, ast.Name) else [node.attr] if isinstance(node, ast.Attribute) else [])
        found += [(node.lineno, f"{u}, a number box the browser reads") for u in used if u in NUMBER_BOXES]
        if isinstance(node, ast.Call) and _callee(node) in SLIDERS and not any(
                k.arg == "readout" and isinstance(k.value, ast.Constant) and k.value.value is False
                for k in node.keywords):
            found.append((node.lineno, f"{_callee(node)} without readout=False (its readout can be typed into)"))
    return found


def _handed(trees: dict[str, ast.Module], boxes: dict[str, set[str]], functions: dict) -> dict[int, set[str]]:
    """Each function's parameters (by the function's id) that are handed what was typed, by
    the views' own calls (a function of the same module, or one imported from another)."""
    imported = {}  # (module, name) -> the module it was imported from
    for name, tree in trees.items():
        package = name.split(".")[:-1]
        for node in (n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)):
            origin = (".".join(package[:len(package) - node.level + 1] + [node.module or ""]) if node.level
                      else node.module)
            imported.update({(name, a.asname or a.name): origin for a in node.names})
    given: dict[int, set[str]] = {}
    grown = True
    while grown:  # until what was typed is handed no further
        grown = False
        for (module, _), defs in functions.items():
            for f, _params in defs:
                tainted = _tainted(f, boxes[module], given.get(id(f), set()))
                for call in (n for n in ast.walk(f) if isinstance(n, ast.Call)):
                    key = (imported.get((module, _callee(call)), module), _callee(call))
                    for callee, params in functions.get(key, []):
                        handed = {p for p, a in zip(params, call.args) if _typed(a, boxes[module], tainted)}
                        handed |= {k.arg for k in call.keywords
                                   if k.arg in params and _typed(k.value, boxes[module], tainted)}
                        if not handed <= given.get(id(callee), set()):
                            given.setdefault(id(callee), set()).update(handed)
                            grown = True
    return given


def _parses(f: ast.AST, boxes: set[str], tainted: set[str]) -> list[tuple[int, str]]:
    """Where function ``f`` reads what was typed as a number, or tests it for one: (line, what)."""
    found = []
    for call in (n for n in ast.walk(f) if isinstance(n, ast.Call)):
        what, args = _callee(call), list(call.args) + [k.value for k in call.keywords]
        of_re = isinstance(call.func, ast.Attribute) and _named(call.func.value) == "re"
        reads = (what in PARSERS or what in PATTERN_CALLS or of_re) and any(_typed(a, boxes, tainted) for a in args)
        tests = (what in DIGIT_TESTS and isinstance(call.func, ast.Attribute)
                 and _typed(call.func.value, boxes, tainted))
        if reads or tests:
            found.append((call.lineno, f"{what}() of a typed value (read it with views._controls.typed_number: "
                                       "inputs.whole_number)"))
    return found


def typed_number_problems(sources: dict[str, str]) -> list[str]:
    """Where the views (``{module: source}``) let a typed number be read other than by the one reader.

    A number box (IntText, FloatText and their bounded kinds), a slider whose readout is not
    switched off (``readout=False``), and any parse of what a person typed into a number but
    :func:`mjscore.files.inputs.whole_number`'s (``int()``, ``float()``, ``Decimal()``, a regex, an
    ``isdigit()``...). What was typed is a text box's ``.value``, followed through a function's
    assignments and loops, and into the parameters of the views' functions it is handed to."""
    trees = {name: ast.parse(source) for name, source in sources.items()}
    found = [(name, line, what) for name, tree in trees.items() for line, what in _number_controls(tree)]
    boxes = {name: _boxes(tree) for name, tree in trees.items()}
    functions: dict[tuple[str, str], list] = {}  # (module, name) -> [(function, parameters a call passes)]
    for name, tree in trees.items():
        for f in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            params = [a.arg for a in f.args.posonlyargs + f.args.args]
            functions.setdefault((name, f.name), []).append(
                (f, params[1:] if params[:1] in (["self"], ["cls"]) else params))
    given = _handed(trees, boxes, functions)
    for (module, _), defs in functions.items():
        for f, _params in defs:
            found += [(module, line, what)
                      for line, what in _parses(f, boxes[module], _tainted(f, boxes[module], given.get(id(f), set())))]
    return [f"{name} line {line}: {what}" for name, line, what in sorted(set(found))]


VIEW_MODULES = {module_name(p): p for p in python_files("mjscore/views")}


def test_every_typed_number_is_read_by_the_one_reader():
    sources = {name: path.read_text(encoding="utf-8") for name, path in VIEW_MODULES.items()}
    assert len(sources) > 20 and "mjscore.views._controls" in sources
    assert typed_number_problems(sources) == []


def test_the_typed_number_check_catches_each_kind():
    app = """import re
import ipywidgets as widgets
from ipywidgets import BoundedIntText

class App:
    def __init__(self):
        self.value = widgets.IntText(value=25)
        self.penalty = classed(widgets.Text(), "mjs-penalty")
        self.boxes = [number_box(p, "mjs-amount") for p in "AB"]
        self.points = widgets.IntSlider(value=3)
        self.quiet = widgets.IntSlider(value=3, readout=False)

    def fee(self):
        text = self.penalty.value.strip()
        plain = text.replace(",", "")
        return int(plain)

    def amounts(self):
        return [b.value.isdigit() for b in self.boxes], checked(self.penalty.value)

    def fine(self, game):
        return whole_number(self.penalty.value, "the penalty"), int(self.quiet.value), int(game.value)

def checked(typed):
    return re.fullmatch(r"[0-9]+", typed)
"""
    why = "of a typed value (read it with views._controls.typed_number: inputs.whole_number)"
    assert typed_number_problems({"probe": app}) == [
        "probe line 3: BoundedIntText, a number box the browser reads",
        "probe line 7: IntText, a number box the browser reads",
        "probe line 10: IntSlider without readout=False (its readout can be typed into)",
        f"probe line 16: int() {why}",
        f"probe line 19: isdigit() {why}",
        f"probe line 25: fullmatch() {why}",
    ]
