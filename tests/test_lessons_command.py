"""`mjscore lessons DIR` puts the course in a folder, and never replaces a copy somebody has
changed without asking: a new version's lessons replace only the copies still as they were put
there."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjscore.cli import main
from mjscore.files.course import NOTE, CourseFilesError, course_files, put_course

ROOT = Path(__file__).resolve().parent.parent


def test_the_course_is_every_notebook_of_the_repository():
    names = set(course_files())
    assert names == {p.relative_to(ROOT / "notebooks").as_posix() for p in (ROOT / "notebooks").rglob("*.ipynb")}
    assert {"00-start-here.ipynb", "rule-book.ipynb", "teacher/class.ipynb"} <= names


def test_a_new_folder_gets_the_whole_course(tmp_path, capsys):
    assert main(["lessons", str(tmp_path / "course")]) == 0
    out = capsys.readouterr().out
    assert f"{len(course_files())} added" in out and "jupyter lab" in out
    for name, source in course_files().items():
        assert (tmp_path / "course" / name).read_bytes() == source.read_bytes()


def test_a_second_run_changes_nothing(tmp_path):
    put_course(tmp_path)
    before = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*.ipynb")}
    again = put_course(tmp_path)
    assert again.unchanged == sorted(course_files()) or set(again.unchanged) == set(course_files())
    assert (again.added, again.updated, again.kept) == ([], [], [])
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*.ipynb")} == before


def test_a_lesson_as_an_earlier_version_put_it_is_brought_up_to_date(tmp_path):
    """The folder's note says the old copy is as it was put there: so it is nobody's work."""
    put_course(tmp_path)
    old = b'{"an": "earlier version of the lesson"}'
    (tmp_path / "03-doubles-compound.ipynb").write_bytes(old)
    note = json.loads((tmp_path / NOTE).read_text())
    note["03-doubles-compound.ipynb"] = hashlib.sha256(old).hexdigest()
    (tmp_path / NOTE).write_text(json.dumps(note))
    done = put_course(tmp_path)
    assert done.updated == ["03-doubles-compound.ipynb"] and done.kept == []
    assert (tmp_path / "03-doubles-compound.ipynb").read_bytes() == course_files()["03-doubles-compound.ipynb"].read_bytes()


def test_a_changed_lesson_is_kept_when_nobody_is_asked(tmp_path, capsys):
    put_course(tmp_path)
    mine = tmp_path / "02-willingdon-hand-points.ipynb"
    mine.write_text("my own notes")
    assert main(["lessons", str(tmp_path)]) == 0  # standard input is not a terminal here
    assert mine.read_text() == "my own notes"
    out = capsys.readouterr().out
    assert "Kept 02-willingdon-hand-points.ipynb as you changed it" in out and "--replace-edited" in out


def test_a_lesson_that_was_there_before_any_note_counts_as_somebodys(tmp_path):
    (tmp_path / "01-american-who-pays.ipynb").write_text("a learner's own notebook of that name")
    done = put_course(tmp_path)
    assert done.kept == ["01-american-who-pays.ipynb"]
    assert (tmp_path / "01-american-who-pays.ipynb").read_text() == "a learner's own notebook of that name"


def test_asked_the_person_decides_each_file_and_theirs_is_kept_beside_it(tmp_path):
    put_course(tmp_path)
    for name in ("01-american-who-pays.ipynb", "02-willingdon-hand-points.ipynb"):
        (tmp_path / name).write_text(f"mine: {name}")
    asked = []
    done = put_course(tmp_path, lambda name: asked.append(name) or name.startswith("01"))
    assert asked == ["01-american-who-pays.ipynb", "02-willingdon-hand-points.ipynb"]
    assert done.replaced == {"01-american-who-pays.ipynb": "01-american-who-pays-yours.ipynb"}
    assert done.kept == ["02-willingdon-hand-points.ipynb"]
    assert (tmp_path / "01-american-who-pays-yours.ipynb").read_text() == "mine: 01-american-who-pays.ipynb"
    assert (tmp_path / "02-willingdon-hand-points.ipynb").read_text() == "mine: 02-willingdon-hand-points.ipynb"
    # replaced a second time: the first copy of theirs is not overwritten either
    (tmp_path / "01-american-who-pays.ipynb").write_text("mine again")
    done = put_course(tmp_path, True)
    assert done.replaced["01-american-who-pays.ipynb"] == "01-american-who-pays-yours-2.ipynb"
    assert (tmp_path / "01-american-who-pays-yours.ipynb").read_text() == "mine: 01-american-who-pays.ipynb"


def test_replace_edited_at_the_command_line(tmp_path, capsys):
    put_course(tmp_path)
    (tmp_path / "07-practice.ipynb").write_text("mine")
    assert main(["lessons", str(tmp_path), "--replace-edited"]) == 0
    assert (tmp_path / "07-practice-yours.ipynb").read_text() == "mine"
    assert "yours is now 07-practice-yours.ipynb" in capsys.readouterr().out


def test_a_file_for_a_folder_is_refused_in_one_line(tmp_path, capsys):
    (tmp_path / "course").write_text("not a folder")
    assert main(["lessons", str(tmp_path / "course")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a file, not a folder" in err


def test_a_folder_that_cannot_be_written_is_refused_by_name(tmp_path, monkeypatch):
    """Writing fails (as for a folder the person may not write, whoever runs the tests): the
    folder and the reason are named, not a traceback."""
    def cannot(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path / "course"))
    monkeypatch.setattr(os, "open", cannot)
    with pytest.raises(CourseFilesError, match="cannot put the course in .*Permission denied"):
        put_course(tmp_path / "course")


def test_the_copied_lessons_are_trusted_so_their_drawings_show(tmp_path):
    """As `jupyter trust` does (JupyterLab strips the stored SVG and styles of an untrusted notebook)."""
    env = {**os.environ, "JUPYTER_DATA_DIR": str(tmp_path / "jupyter")}
    subprocess.run([sys.executable, "-m", "mjscore", "lessons", str(tmp_path / "course")], env=env, check=True,
                   capture_output=True)
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary(data_dir=str(tmp_path / "jupyter"))
    for name in ("02-willingdon-hand-points.ipynb", "teacher/class.ipynb"):
        assert notary.check_signature(nbformat.read(tmp_path / "course" / name, as_version=4)), name


def test_a_folder_with_a_space_is_named_so_it_can_be_copied_to_a_terminal(tmp_path, capsys):
    folder = tmp_path / "my course"
    assert main(["lessons", str(folder)]) == 0
    (folder / "01-american-who-pays.ipynb").write_text("mine")
    assert main(["lessons", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"jupyter lab '{folder}/00-start-here.ipynb'" in out
    assert f"mjscore lessons '{folder}' --replace-edited" in out


def test_a_home_folder_given_in_quotes_is_the_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    done = put_course("~/course")
    assert done.folder == tmp_path / "course" and (tmp_path / "course" / "00-start-here.ipynb").is_file()
    assert not (Path.cwd() / "~").exists()


def test_at_a_terminal_an_unclear_answer_is_asked_again(tmp_path, monkeypatch, capsys):
    put_course(tmp_path)
    (tmp_path / "05-playing-goulash.ipynb").write_text("mine")
    answers = iter(["maybe", "", "y"])
    asked = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or next(answers))
    assert main(["lessons", str(tmp_path)]) == 0  # "maybe" is asked again; "" is no
    assert len(asked) == 2 and "05-playing-goulash-yours.ipynb" in asked[0]
    assert (tmp_path / "05-playing-goulash.ipynb").read_text() == "mine"
