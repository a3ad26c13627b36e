"""The practice app, driven as a learner would, without a browser: set values, click, read HTML."""

from __future__ import annotations

import base64
import datetime
import json
import os
from html import escape

import sys

import ipywidgets as widgets
import pytest

from mjscore.files import storage
from mjscore.files.storage import BINDER_VARIABLES

from mjscore.willingdon.deal import RAMP, deal
from mjscore.practice import Tally, Trainer, TrainerError, progress_path
from mjscore.practice.played import answered_again
from mjscore.views.practice.trainer_app import ALREADY_ANSWERED, PracticeApp
from mjscore.willingdon import score

CLASSES = ["mjs-practice", "mjs-practice-session", "mjs-practice-name", "mjs-practice-greeting",
           "mjs-practice-tally", "mjs-practice-reset", "mjs-practice-notice", "mjs-practice-number",
           "mjs-practice-hand", "mjs-practice-points", "mjs-practice-doubles", "mjs-practice-check",
           "mjs-practice-show", "mjs-practice-next", "mjs-practice-feedback", "mjs-practice-played",
           "mjs-practice-review", "mjs-practice-mode", "mjs-practice-where", "mjs-practice-download",
           "mjs-practice-link", "mjs-practice-upload", "mjs-practice-confirm", "mjs-practice-clear",
           "mjs-practice-keep", "mjs-practice-bring-back"]


def walk(w: widgets.Widget):
    yield w
    for child in getattr(w, "children", ()):
        yield from walk(child)


def answer(app: PracticeApp, points: int, doubles: int) -> None:
    app.points.value, app.doubles.value = str(points), str(doubles)
    app.check.click()


def right(app: PracticeApp) -> tuple[int, int]:
    s = score(app.trainer.current_hand)
    return s.hand_points, s.doubles


@pytest.fixture
def app() -> PracticeApp:
    return PracticeApp()  # on MJSCORE_DATA_DIR, a fresh folder for each test (tests/conftest.py)


def test_every_part_has_its_css_class_once(app):
    found = [c for w in walk(app.widget) for c in w._dom_classes]
    for c in CLASSES:
        assert found.count(c) == 1, c
    by_class = {c: w for w in walk(app.widget) for c in w._dom_classes}
    assert isinstance(by_class["mjs-practice-name"], widgets.Text)
    assert isinstance(by_class["mjs-practice-points"], widgets.Text)
    assert isinstance(by_class["mjs-practice-doubles"], widgets.Text)
    for c in ("check", "show", "next", "reset", "clear", "keep", "bring-back"):
        assert isinstance(by_class[f"mjs-practice-{c}"], widgets.Button)
    for c in ("tally", "feedback", "hand", "greeting", "review", "notice", "number"):
        assert isinstance(by_class[f"mjs-practice-{c}"], widgets.HTML)
    assert isinstance(by_class["mjs-practice-played"], widgets.Select)


def test_the_first_hand_is_drawn_with_our_tiles(app):
    html = app.hand.value
    assert 'class="mjs-hand"' in html and html.count('class="mjs-tile ') == 14
    assert html.count('class="mjs-set mjs-set-exposed"') == 4  # (not the name in its style's rules)
    assert "Hand 1" in app.number.value and "warm-up hand 1 of 6" in app.number.value
    assert "No hands played yet" in app.tally.value
    assert app.next.disabled
    assert app.trainer.path == progress_path()


def test_the_name_is_text_never_html(app):
    app.name.value = "<b>Ann</b>"
    assert "&lt;b&gt;Ann&lt;/b&gt;" in app.greeting.value
    assert "<b>Ann</b>" not in app.greeting.value
    assert json.loads(progress_path().read_text().splitlines()[-1]) == {"kind": "name", "name": "<b>Ann</b>"}
    app.name.value = '<img src=x onerror="alert(1)">'
    assert "<img" not in app.greeting.value and "&lt;img" in app.greeting.value


def test_a_right_answer(app):
    answer(app, 28, 0)
    html = app.feedback.value
    assert html.count("mjs-right") == 2 and "mjs-wrong" not in html
    assert "mjs-headline" in html and "mjs-breakdown" in html
    assert "1 of 1 right" in app.tally.value
    assert not app.next.disabled
    assert "answered" in app.number.value


def test_under_the_minimum_the_paper_total_and_how_close(app):
    answer(app, 28, 0)
    html = app.feedback.value
    assert "Paper total 28 × 2<sup>0</sup> = 28" in html and "Score: 0" in html
    assert "so you can see exactly how close you were to the 3" in html


def test_a_wrong_answer_says_which_and_what_was_missed(app):
    answer(app, 28, 0)
    app.next.click()
    answer(app, 40, 0)  # hand 2: 40 points right, 1 double (the Red Dragon) missed
    html = app.feedback.value
    assert html.count("mjs-right") == 1 and html.count("mjs-wrong") == 1
    assert "the hand has <b>1</b>" in html
    assert "What you most likely missed" in html
    assert "“A pung/kong of dragons” (Red Dragon), worth 1 double" in html
    assert "1 of 2 right" in app.tally.value


def test_show_me_reveals_and_counts_as_a_miss(app):
    app.show.click()
    html = app.feedback.value
    assert "Shown:" in html and "28 hand points and 0 doubles" in html and "counts as a miss" in html
    assert app.trainer.tally == Tally(played=1, right=0, shown=1)
    assert "0 of 1 right" in app.tally.value and "1 shown" in app.tally.value
    assert not app.next.disabled


def test_only_the_first_answer_counts(app):
    answer(app, 20, 0)
    answer(app, 28, 0)  # right now, after a wrong first answer: said kindly, as information
    assert escape(answered_again("hand", first=False, now=True)) in app.feedback.value
    assert "Right this time." in app.feedback.value and "not counted" not in app.feedback.value
    app.show.click()
    assert escape(answered_again("hand", first=False, now=None)) in app.feedback.value
    assert app.trainer.tally == Tally(played=1, right=0, shown=0, points_right=0, doubles_right=1)


def test_next_before_an_answer_is_refused_with_a_message(app):
    app.next.click()  # a click that reaches the app even though the button is disabled
    assert "mjs-error" in app.feedback.value and "answer hand 1 first" in app.feedback.value
    assert app.trainer.current_number == 1


def test_next_deals_the_next_hand_and_clears_the_boxes(app):
    answer(app, 28, 0)
    app.next.click()
    assert (app.points.value, app.doubles.value, app.feedback.value) == ("", "", "")
    assert "Hand 2" in app.number.value and app.next.disabled
    assert 'aria-label="hand: +2Dx3 5Dx3 +9Cx3 RDx3 SWx2 seat=S round=E"' in app.hand.value


def test_a_bad_answer_is_a_message_not_a_crash(app):
    answer(app, -5, 0)
    assert "mjs-error" in app.feedback.value and "whole number, 0 or more" in app.feedback.value
    assert app.trainer.tally.played == 0


def test_the_played_table_and_re_reading(app):
    answer(app, 28, 0)
    app.next.click()
    app.show.click()
    app.next.click()
    answer(app, 1, 1)
    labels = [label for label, _ in app.played.options]
    assert labels == [f"1. right: {RAMP[0]}", f"2. missed (shown): {RAMP[1]}", f"3. missed: {RAMP[2]}"]
    assert app.played.value is None and app.review.value == ""
    before_tally, before_file = app.tally.value, progress_path().read_bytes()
    for n in (1, 3, 2, 1):
        app.played.value = n
        assert f"<b>Hand {n}</b>, re-read" in app.review.value
        assert "re-reading never changes the tally" in app.review.value
    app.played.value = 3
    assert "you said 1 hand point and 1 double" in app.review.value
    assert "What you most likely missed" in app.review.value
    app.played.value = 2
    assert "you pressed Show me" in app.review.value
    assert app.tally.value == before_tally and progress_path().read_bytes() == before_file
    assert app.trainer.current_number == 3  # the hand on the table is untouched
    # Playing on keeps the hand being re-read.
    app.next.click()
    answer(app, *right(app))
    assert app.played.value == 2 and len(app.played.options) == 4


def test_each_played_entry_starts_with_its_verdict_on_what_was_asked(app):
    """In every mode, with each figure right or wrong and with Show me, an entry of the Played
    list begins 'N. right' or 'N. missed' as the tally counts it, and nothing after it says
    'right' (a missed hand once read '1. points right: ...'); a figure not asked is said as
    what was asked."""
    t = app.trainer
    for mode in ("both", "points", "doubles"):
        app.mode.value = mode
        for dp, dd, show in ((0, 0, False), (2, 0, False), (0, 1, False), (2, 1, False), (0, 0, True)):
            if t.answered:
                app.next.click()
            if show:
                app.show.click()
            else:
                p, d = right(app)
                answer(app, p + dp, d + dd)
    entries = {n: label for label, n in app.played.options}
    played = {p.number: p for p in t.latest(50)}
    assert len(entries) == len(played) == 15
    for n, label in entries.items():
        p = played[n]
        verdict = "right" if p.right else "missed"
        assert label.startswith(f"{n}. {verdict}") and label.endswith(f": {p.hand}"), label
        assert label.count("right") == (1 if p.right else 0), label
        if p.mode != "both":
            assert f"asked the {'hand points' if p.mode == 'points' else 'doubles'} only" in label, label
    assert entries[2] == f"2. missed (the hand points wrong): {played[2].hand}"
    assert entries[3] == f"3. missed (the doubles wrong): {played[3].hand}"
    assert entries[12] == f"12. right (asked the doubles only): {played[12].hand}"  # 2 hand points off, not asked
    assert entries[13] == f"13. missed (asked the doubles only): {played[13].hand}"
    assert entries[15] == f"15. missed (shown; asked the doubles only): {played[15].hand}"


def test_the_answer_boxes_start_empty_and_an_empty_box_is_asked_for(app):
    """An answer is what the learner typed: nothing is filled in for her, and Check with a box
    empty asks for it and records nothing (it once counted "0 0" as the first answer)."""
    assert (app.points.value, app.doubles.value) == ("", "")
    before = progress_path().read_bytes()
    for points, doubles, asked in (("", "", "hand points"), ("28", "", "doubles"), ("", "0", "hand points"),
                                   ("  ", "0", "hand points")):
        app.points.value, app.doubles.value = points, doubles
        app.check.click()
        assert "mjs-error" in app.feedback.value and f"Type the {asked} first" in app.feedback.value
    for typed in ("x", "2.5", "-3", "3O", "1e3", "27,5"):
        app.points.value, app.doubles.value = typed, "0"
        app.check.click()
        assert "mjs-error" in app.feedback.value and "whole number" in app.feedback.value, typed
    assert app.trainer.tally.played == 0 and not app.trainer.answered
    assert progress_path().read_bytes() == before  # nothing recorded
    app.points.value, app.doubles.value = " 28 ", "0"  # spaces around a figure are forgiven
    app.check.click()
    assert app.trainer.tally == Tally(played=1, right=1, shown=0, points_right=1, doubles_right=1)


def test_one_figure_modes_ask_only_for_their_box(app):
    app.mode.value = "points"
    app.points.value = "28"
    app.check.click()
    assert "mjs-right" in app.feedback.value and app.trainer.tally.played == 1
    app.next.click()
    app.mode.value = "doubles"
    app.check.click()
    assert "Type the doubles first" in app.feedback.value and app.trainer.tally.played == 1


def test_reset_asks_first_and_keeping_changes_nothing(app):
    app.name.value = "Ann"
    answer(app, 28, 0)
    before = progress_path().read_bytes()
    app.reset.click()
    assert app.confirm.widget.layout.display == ""
    assert "Start again?" in app.confirm.question.value and "the 1 hand you played" in app.confirm.question.value
    app.keep.click()
    assert app.confirm.widget.layout.display == "none"
    assert app.trainer.tally.played == 1 and app.name.value == "Ann"
    assert progress_path().read_bytes() == before


def test_reset_with_nothing_to_clear_says_so(app):
    app.reset.click()
    assert "nothing to clear" in app.confirm.question.value and app.clear.layout.display == "none"


def test_reset_clears_everything_and_brings_it_back(app):
    app.name.value = "Ann"
    answer(app, 28, 0)
    app.next.click()
    app.played.value = 1
    app.reset.click()
    app.clear.click()
    assert app.name.value == "" and "Type your name" in app.greeting.value
    assert "No hands played yet" in app.tally.value
    assert app.played.options == () and app.review.value == "" and app.feedback.value == ""
    assert app.trainer.current_number == 1 and app.trainer.played == ()
    assert PracticeApp().trainer.tally == Tally()
    # what was cleared is kept, also after a kernel restart, and comes back with one click
    again = PracticeApp()
    assert again.bring_back.layout.display == "" and again.bring_back.description == "Bring back the progress set aside (Ann, 1 hand played)"
    answer(again, 28, 0)  # played after the reset: kept aside in its turn when the old comes back
    again.bring_back.click()
    assert again.name.value == "Ann" and again.trainer.tally.played == 1 and again.trainer.current_number == 2
    assert again.bring_back.description == "Bring back the progress set aside (no name, 1 hand played)"
    again.bring_back.click()  # and back again: nothing is ever lost
    assert again.name.value == "" and again.trainer.tally.played == 1 and again.trainer.current_number == 1


def test_reset_names_all_it_clears_and_all_it_keeps_and_brings_back_what_it_cleared(app):
    """The kind: whatever of the progress log a Reset changes is named in its question with its
    count, and what it leaves (the lessons' questions and the drills, kept in the same file) is
    said to be kept, with theirs; Bring back restores every part it changed."""
    from dataclasses import fields

    from mjscore.practice.drill import Drill
    from mjscore.practice.questions import LessonQuestions

    app.name.value = "Ann"
    app.mode.value = "points"
    for _ in range(3):
        if app.trainer.answered:
            app.next.click()
        app.show.click()
    drill = Drill("american", progress_path())
    drill.show_me()
    questions = LessonQuestions(2, progress_path())
    for n in (1, 2, 3, 4):
        questions.show_me(n)
    # what the question may name as cleared: the name, the hands played (and where the trainer
    # is), the tally and the rules missed that go with them
    named = {"name", "current", "table", "played", "tallies", "missed", "complete"}

    def state():
        app.trainer.reload()
        progress = app.trainer._progress
        return {f.name: (progress.book.to_json() if f.name == "book" else getattr(progress, f.name))
                for f in fields(progress)}
    before = state()
    app.reset.click()
    question = app.confirm.question.value
    assert "your name (Ann), which the drills and the lessons' questions use too" in question
    assert "the 3 hands you played here and your tally" in question
    assert "It keeps your answers to the lessons' questions (4 answered) and in the drills (1 answered)" in question
    assert "<i>Bring back</i> restores it" in question
    app.clear.click()
    after = state()
    changed = {k for k in before if before[k] != after[k]}
    assert "name" in changed and "tallies" in changed
    assert changed <= named, f"Reset changed {changed - named}, which its question does not name"
    app.bring_back.click()
    back = state()
    learner = [k for k in before if k not in ("played", "complete")]  # complete: how the log was read
    assert {k: back[k] for k in learner} == {k: before[k] for k in learner}
    assert back["played"] == before["played"]
    assert app.name.value == "Ann" and app.mode.value == "points"


def test_reset_with_nothing_of_the_trainer_says_what_it_keeps(app):
    from mjscore.practice.drill import Drill

    Drill("american", progress_path()).show_me()
    app.reset.click()
    question = app.confirm.question.value
    assert "nothing to clear yet" in question and "in the drills (1 answered)" in question
    assert "lessons' questions (none yet)" in question and app.clear.layout.display == "none"


def test_ten_hands_then_a_kernel_restart(app):
    """The issue's test: a name, ten hands with right answers, wrong answers and Show me,
    then a new app on the same data folder (a kernel restart) shows the same tally and hands."""
    app.name.value = "Ann"
    for i in range(10):
        p, d = right(app)
        if i in (0, 2, 3, 6, 9):
            answer(app, p, d)
        elif i in (1, 5, 8):
            answer(app, p + 4, max(0, d - 1))
        else:
            app.show.click()
        if i < 9:
            app.next.click()
    tally = app.trainer.tally
    assert tally == Tally(played=10, right=5, shown=2, points_right=5, doubles_right=5)

    again = PracticeApp()  # a new kernel: a new app and trainer on the same folder
    assert again.trainer is not app.trainer
    assert again.name.value == "Ann" and "Playing as <b>Ann</b>" in again.greeting.value
    assert again.trainer.tally == tally
    assert again.tally.value == app.tally.value
    assert again.played.options == app.played.options
    assert [p.hand for p in again.trainer.played] == deal(10)
    assert again.trainer.current_number == 10 and not again.next.disabled
    assert again.hand.value == app.hand.value
    assert "mjs-headline" in again.feedback.value  # the last answer is shown again
    again.next.click()
    assert "Hand 11" in again.number.value


def test_two_apps_on_one_file(app):
    other = PracticeApp()
    answer(app, 28, 0)
    answer(other, 1, 1)
    assert "answered first in another window" in other.feedback.value
    assert other.trainer.tally == app.trainer.tally == Tally(played=1, right=1, points_right=1, doubles_right=1)
    assert "1 of 1 right" in other.tally.value


def test_a_corrupt_progress_file_is_a_notice(tmp_path):
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{oops")
    app = PracticeApp()
    assert "mjs-error" in app.notice.value and "could not be read" in app.notice.value
    assert "practice.jsonl.corrupt-" in app.notice.value
    assert str(path.parent) not in app.notice.value  # the file name, never the folder
    assert "No hands played yet" in app.tally.value
    aside = [p for p in path.parent.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_text() == "{oops"


def test_an_explicit_trainer(tmp_path):
    t = Trainer(tmp_path / "p.json", seed=2)
    app = PracticeApp(t)
    assert app.trainer is t
    assert not progress_path().exists()


def test_the_plain_text_stand_in_is_stable(app):
    bundle = app._repr_mimebundle_()
    assert bundle["text/plain"] == ("The practice trainer appears here when this cell runs: click the cell "
                                    "and press Shift+Enter, or choose Run ▸ Run All Cells.")
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert os.environ["MJSCORE_DATA_DIR"] not in bundle["text/plain"]


# --------------------------------------------------------------------------- modes, where, download, upload


def test_modes_ask_one_figure_and_keep_a_tally_line_each(app):
    answer(app, 28, 0)
    app.next.click()
    app.mode.value = "points"
    assert app.trainer.mode == "points" and app.doubles.layout.display == "none"
    assert app.points.layout.display == ""
    app.points.value = "40"
    app.check.click()
    html = app.feedback.value
    assert html.count("mjs-right") == 1 and "Doubles: you said" not in html
    assert "Points and doubles: 1 of 1 right" in app.tally.value
    assert "Hand points only: 1 of 1 right" in app.tally.value
    assert PracticeApp().mode.value == "points"  # kept for next time


def test_where_the_progress_is_kept_is_said(app, monkeypatch):
    for name in BINDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    app.refresh()
    text = app.where.value
    assert "kept on this machine only, in the file practice.jsonl in your mjscore data folder" in text
    assert "nothing is sent anywhere" in text and "Binder" not in text and "browser" not in text
    assert os.environ["MJSCORE_DATA_DIR"] not in text


@pytest.fixture(params=["machine", "binder", "browser", "page"])
def somewhere(request, monkeypatch):
    """Where the app runs: a machine's own folders, a Binder session, the browser site (its storage
    kept) or the browser site in a private window (nothing kept), as storage.place tells them."""
    for name in BINDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    if request.param == "binder":
        monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    if request.param in ("browser", "page"):
        monkeypatch.setattr(sys, "platform", "emscripten")
        monkeypatch.delenv("MJSCORE_DATA_DIR")
        monkeypatch.setattr(storage, "_BROWSER_KEEPS", request.param == "browser")
    assert storage.place() == request.param
    return request.param


#: What the note says at each place, and what it must not say there.
SAID = {"machine": (["on this machine only", "in your mjscore data folder", "nothing is sent anywhere"],
                    ["Binder", "browser"]),
        "binder": (["kept in this Binder session only, in the file practice.jsonl", "disappears with the session",
                    "press Download my progress before you leave, and Restore from a file next time"],
                   ["this machine", "browser", "data folder"]),
        "browser": (["kept in this browser, in its storage for this site", "the file practice.jsonl in the folder "
                     "mjscore-data of the site&#x27;s file browser", "until the site&#x27;s data is cleared",
                     "nothing is sent anywhere"],
                    ["Binder", "this machine", "data folder", "disappears"]),
        "page": (["This browser keeps nothing for this site", "gone when you close it",
                  "Press Download my progress before you leave"],
                 ["Binder", "this machine", "data folder", "until the site"])}


def test_the_note_says_where_the_progress_is_kept_where_the_app_runs(tmp_path, somewhere):
    app = PracticeApp(Trainer(tmp_path / "mjscore-data" / "practice.jsonl"))
    said, not_said = SAID[somewhere]
    for words in said:
        assert words in app.where.value, (somewhere, words, app.where.value)
    for words in not_said:
        assert words not in app.where.value, (somewhere, words, app.where.value)


def test_no_app_writes_its_own_note_of_where_files_are_kept():
    """The kind: every note of where a learner's files are kept comes from storage.where_kept, so
    that it is true at each place; no text of the views says 'data folder' or 'On a Binder'."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for py in sorted((root / "mjscore" / "views").rglob("*.py")):
        tree = ast.parse(py.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                    and ("data folder" in node.value or "On a Binder" in node.value)):
                found.append(f"{py.relative_to(root)}:{node.lineno}")
    assert not found, f"a note of its own on where files are kept (use storage.where_kept): {found}"


def test_download_then_upload_restores_the_progress(app, tmp_path, monkeypatch):
    app.name.value = "Ann"
    answer(app, 28, 0)
    assert app.link.value == ""  # prepared only when asked (a click stays fast at any length)
    app.download.click()
    link = app.link.value
    assert 'download="practice.jsonl"' in link and "data:application/x-ndjson;base64," in link
    data = base64.b64decode(link.split("base64,")[1].split('"')[0])
    assert data == progress_path().read_bytes()
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path / "a-new-binder"))
    fresh = PracticeApp()
    assert "No hands played yet" in fresh.tally.value
    fresh.upload.value = ({"name": "practice.jsonl", "type": "", "size": len(data), "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc),
                           "content": memoryview(data)},)
    assert "restored" in fresh.notice.value
    assert fresh.trainer.name == "Ann" and "1 of 1 right" in fresh.tally.value
    fresh.upload.value = ({"name": "x.json", "type": "", "size": 5, "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc),
                           "content": memoryview(b"hello")},)
    assert "mjs-error" in fresh.notice.value and "not a progress file" in fresh.notice.value
    assert fresh.trainer.tally.played == 1


def test_only_the_latest_hands_are_listed(app):
    t = app.trainer
    for _ in range(60):
        if t.answered:
            t.next()
        t.show_me()
    app.refresh()
    assert len(app.played.options) == 50 and app.played.options[-1][1] == 60
    app.played.value = 11
    assert "<b>Hand 11</b>, re-read" in app.review.value


def test_a_read_only_folder_shows_the_tally_and_says_so(app, monkeypatch):
    import mjscore.practice.keeper as keeper_module
    answer(app, 28, 0)

    def refuse(p, **kw):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(keeper_module, "locked", refuse)
    ro = PracticeApp()
    assert "1 of 1 right" in ro.tally.value
    assert "cannot be saved" in ro.notice.value and "cannot be saved here" in ro.where.value
    assert ro.upload.disabled


def test_a_file_with_odd_records_still_opens(app):
    answer(app, 28, 0)
    with open(progress_path(), "ab") as f:
        f.write(b'{"kind": "name", "name": "Ann \\ud800"}\n')
        f.write(b'{"kind": "answer", "number": 1, "points": 1' + b"9" * 5000 + b'}\n')
    again = PracticeApp()
    assert again.trainer.name == "Ann ?" and "Playing as <b>Ann ?</b>" in again.greeting.value
    assert "set aside" in again.notice.value and "1 of 1 right" in again.tally.value


def test_an_old_progress_file_is_carried_over():
    path = progress_path().with_name("practice.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": "mjscore-practice", "version": 1, "name": "Ann", "seed": 0,
                                "current": 1, "hands": [{"number": 1, "hand": RAMP[0].to_json(), "points": 28,
                                                         "doubles": 0, "shown": False, "correct_points": 28,
                                                         "correct_doubles": 0}]}))
    app = PracticeApp()
    assert "carried over" in app.notice.value and "1 of 1 right" in app.tally.value
    assert app.name.value == "Ann"


def test_the_app_opens_without_flock_as_in_jupyterlite(monkeypatch):
    """JupyterLite's kernel has an fcntl module with nothing in it: the lock is a lock file."""
    import mjscore.files.storage as storage
    monkeypatch.setattr(storage, "_flock", None)
    app = PracticeApp()
    answer(app, 28, 0)
    assert "1 of 1 right" in app.tally.value and app.notice.value == ""
    assert not progress_path().with_name("practice.jsonl.lock-excl").exists()
    assert PracticeApp().trainer.tally.played == 1


HUGE = "99999999999999999999"  # 20 digits: more than the progress log reads back


@pytest.mark.parametrize("points, doubles", [("28", HUGE), (HUGE, "0"), ("28", "99,999,999,999,999,999,999")])
def test_a_figure_too_big_to_keep_is_refused_at_check_and_nothing_recorded(app, points, doubles):
    app.points.value, app.doubles.value = points, doubles
    app.check.click()
    assert "mjs-error" in app.feedback.value and "at most 18 digits" in app.feedback.value
    assert "is too big" in app.feedback.value and app.trainer.tally.played == 0 and not app.trainer.answered
    again = PracticeApp(Trainer(app.trainer.path))  # read back: nothing set aside, nothing lost
    assert again.trainer.take_messages() == [] and "damaged" not in again.notice.value
    assert again.trainer.tally.played == 0


def test_the_trainer_itself_refuses_a_figure_too_big_to_keep(tmp_path):
    t = Trainer(tmp_path / "practice.jsonl")
    with pytest.raises(TrainerError, match="at most 18 digits"):
        t.check(28, 10**19)
    t.check(28, 10**18 - 1)  # 18 digits: kept, and read back whole
    assert Trainer(tmp_path / "practice.jsonl").review(1).doubles == 10**18 - 1


@pytest.mark.parametrize("first", ["show", "answer"])
def test_a_stray_check_on_a_hand_answered_keeps_the_verdict_shown(app, first):
    if first == "show":
        app.show.click()
    else:
        answer(app, 20, 0)
        app.points.value = app.doubles.value = ""
    app.check.click()
    html = app.feedback.value
    assert "mjs-error" not in html and "Type the hand points" not in html
    assert escape(ALREADY_ANSWERED) in html and "mjs-breakdown" in html
    assert ("Shown:" in html) == (first == "show") and ("you said 20" in html) == (first == "answer")
    assert app.trainer.tally.played == 1
