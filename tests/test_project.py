"""The project's foundation: the pins agree, the engine stays light, the two commands exist."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pins() -> dict[str, str]:
    out = {}
    for line in (ROOT / "requirements" / "pins.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"{line!r} in pins.txt is not pinned with =="
            out[name.lower()] = version
    return out


def environment() -> dict[str, str]:
    out = {}
    for line in (ROOT / "environment.yml").read_text().splitlines():
        m = re.match(r"\s*-\s*([A-Za-z0-9_.-]+)\s*=\s*([^\s#]+)", line)
        if m:
            out[m.group(1).lower()] = m.group(2)
    return out


def test_environment_yml_pins_the_same_versions_as_the_makefile():
    env, pinned = environment(), pins()
    assert env.pop("python") == "3.11"
    assert env, "environment.yml pins nothing"
    for name, version in env.items():
        assert pinned.get(name) == version, f"{name}: environment.yml has {version}, pins.txt {pinned.get(name)}"
    for name in ("jupyterlab", "ipywidgets", "pandas", "matplotlib", "ipykernel"):
        assert name in env, f"{name} is not pinned for Binder"


def test_the_installed_stack_is_the_pinned_one():
    from importlib.metadata import PackageNotFoundError, version
    for name, pinned in pins().items():
        try:
            assert version(name) == pinned, f"{name} {version(name)} installed, {pinned} pinned"
        except PackageNotFoundError:
            assert name in ("mahjong", "playwright"), f"{name} is pinned but not installed"


def test_import_mjscore_imports_nothing_third_party():
    code = ("import sys, mjscore, mjscore.cli, mjscore.hands, mjscore.willingdon, mjscore.american, mjscore.willingdon.settle;"
            "heavy = [m for m in ('pandas', 'matplotlib', 'ipywidgets', 'numpy', 'IPython') if m in sys.modules];"
            "print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""


# The import graph of the engine, layer by layer, is checked in tests/test_house.py.


def test_no_grammar_is_built_at_every_jupyter_start():
    """jsonschema 4.25+ asks for rfc3987-syntax, whose Lark grammar costs ~4 s in every process
    that imports nbformat or jupyter_server: the pins keep it out, in all three places."""
    import importlib.util
    assert importlib.util.find_spec("rfc3987_syntax") is None, "rfc3987-syntax is installed (see pins.txt)"
    assert pins()["jsonschema"] == environment()["jsonschema"]
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert "jsonschema<4.25" in extras["notebooks"]
    assert tuple(int(x) for x in pins()["jsonschema"].split(".")[:2]) < (4, 25)


def test_the_license_is_shipped():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert data["license"] == "MIT" and data["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "Copyright (c) 2026 the mjscore authors" in text


def test_the_two_commands_and_ci():
    make = (ROOT / "Makefile").read_text()
    for target in ("lab:", "test:", "screenshots:", "notebooks:", "bench:", "links:"):
        assert re.search(rf"^{target}", make, re.M), f"Makefile has no {target}"
    assert "make test" in (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme
    assert "pip install --no-deps -e ." in (ROOT / "postBuild").read_text()


def test_the_console_script_is_declared():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert data["project"]["scripts"]["mjscore"] == "mjscore.cli:main"
    assert data["project"]["dependencies"] == []
    assert "--nbval-lax" not in data["tool"]["pytest"]["ini_options"]["addopts"]
    assert "--nbval " in data["tool"]["pytest"]["ini_options"]["addopts"] + " "


def test_no_absolute_paths_in_committed_text_files():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    pattern = re.compile(r"(?<![\w.:/])/(?:root|home|tmp|work|Users)/[\w.-]")
    for name in files:
        path = ROOT / name
        if path.suffix in (".png", ".svg") or not path.is_file():
            continue
        text = path.read_text(errors="ignore")
        hit = pattern.search(text)
        assert not hit, f"{name} contains the absolute path {hit.group(0)!r}"


def test_nothing_in_the_course_passes_for_a_students_progress_log():
    """A teacher's view of a folder reads every ``*.jsonl`` below it as a student's log; on a hub the
    folder of the homes holds each student's copy of the course, so the course itself holds none
    (a log kept for the tests is gzipped)."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    assert files and [name for name in files if name.endswith(".jsonl")] == []


def test_the_architecture_page_is_linked_and_names_what_exists():
    """docs/architecture.md: linked from the README (by its whole address at the repository
    setting: the README is shown on PyPI too); its glossary and its "where to add" cover what
    issue 24 asks; every file it names exists (a page about the layout that has gone stale would
    mislead the next person)."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mjscore"]
    address = f"https://github.com/{conf['repository']}/blob/{conf['ref']}/docs/architecture.md"
    assert f"({address})" in (ROOT / "README.md").read_text(encoding="utf-8")
    for word in ("**fact**", "**row**", "**hand kind**", "**paper total**", "**record**", "**journal**"):
        assert word in page, word
    for what in ("**A rule.**", "**A fact.**", "**A rule set.**", "**An app.**", "**A lesson.**"):
        assert what in page, what
    named = set(re.findall(r"`((?:mjscore/|tests/|tools/|notebooks/)?[\w/]+\.py)`", page))
    assert len(named) > 20
    for name in named:
        candidates = [ROOT / name, ROOT / "mjscore" / name, ROOT / "mjscore" / "willingdon" / name,
                      ROOT / "mjscore" / "night" / name, ROOT / "mjscore" / "american" / name,
                      ROOT / "mjscore" / "views" / name, ROOT / "mjscore" / "practice" / name]
        assert any(c.is_file() for c in candidates), f"docs/architecture.md names {name}, which is not there"


def test_make_present_keeps_nothing_and_stops_the_kernels_of_closed_pages():
    """`make present` runs the classroom view on a fresh data folder (a class sees nobody's
    answers), with the kernels of closed pages culled (the page's own stop request is refused, so
    paging through the lessons once left a kernel each running); the browser tests run the same
    options (tests/browser/conftest.py), so what they test is what a teacher runs."""
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    options = re.search(r"(?m)^PRESENT_OPTIONS := (.*?)(?<!\\)\n", make, re.S).group(1).replace("\\\n", " ").split()
    assert "--MappingKernelManager.cull_idle_timeout=120" in options and "--template=classroom" in options
    recipe = make[make.index("\npresent:"):].split("\n\n")[0]
    assert 'MJSCORE_DATA_DIR="$$(mktemp -d' in recipe and "$(PRESENT_OPTIONS)" in recipe
    fixture = (ROOT / "tests" / "browser" / "conftest.py").read_text(encoding="utf-8")
    for option in options:
        assert f'"{option}"' in fixture, option


def test_the_course_is_trusted_where_a_learner_opens_it_and_trusting_changes_no_file(tmp_path):
    """JupyterLab strips the drawings and styles of a notebook it does not trust, so a lesson
    opened before it runs showed its tiles and charts as loose text: `make lab` and Binder trust
    the course's own notebooks first (the signature goes to the machine's own list; the notebook
    file is not rewritten, so the checkout stays clean)."""
    for where in ("Makefile", "postBuild"):
        assert "jupyter trust notebooks/*.ipynb notebooks/teacher/*.ipynb" in (ROOT / where).read_text(encoding="utf-8")
    copy = tmp_path / "00-start-here.ipynb"
    copy.write_bytes((ROOT / "notebooks" / "00-start-here.ipynb").read_bytes())
    env = {**os.environ, "JUPYTER_DATA_DIR": str(tmp_path / "data")}
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(copy)], env=env, check=True, capture_output=True)
    assert copy.read_bytes() == (ROOT / "notebooks" / "00-start-here.ipynb").read_bytes()
    check = ("import nbformat, sys; from nbformat.sign import NotebookNotary; "
             "print(NotebookNotary(data_dir=sys.argv[2]).check_signature(nbformat.read(sys.argv[1], 4)))")
    out = subprocess.run([sys.executable, "-c", check, str(copy), str(tmp_path / "data")], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "True"


def test_a_notebooks_kernel_that_died_at_its_start_is_started_once_more():
    """nbval's kernel start is tried a second time if the first kernel died before it answered
    (a port taken by another process of the parallel run), and only a second time."""
    import importlib.util

    import nbval.kernel
    import pytest

    spec = importlib.util.spec_from_file_location("_root_conftest", ROOT / "conftest.py")
    root = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(root)
    tries = []

    def dies_first(**kwargs):
        tries.append(kwargs)
        if len(tries) == 1:
            raise RuntimeError("Kernel died before replying to kernel_info")
        return "manager", "client"

    assert root._kernel_started_twice_if_it_died(dies_first)(kernel_name="python") == ("manager", "client")
    assert tries == [{"kernel_name": "python"}] * 2
    tries.clear()

    def always_dies(**kwargs):
        tries.append(kwargs)
        raise RuntimeError("Kernel died before replying to kernel_info")

    with pytest.raises(RuntimeError):
        root._kernel_started_twice_if_it_died(always_dies)()
    assert len(tries) == 2
    assert nbval.kernel.start_new_kernel.tried_twice  # the run's own, wrapped once
    assert not getattr(nbval.kernel.start_new_kernel.__wrapped__, "tried_twice", False)
