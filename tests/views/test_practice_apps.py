"""The drill apps, a question app and a lesson's questions, driven without a browser: set the
boxes, click, read the HTML."""

from __future__ import annotations

import datetime
import json
import re
from html import escape

import pytest

from mjscore.american.tournament import COMMON, VARIANT
from mjscore.lessons import LessonError
from mjscore.practice import Drill, DrillError
from mjscore.practice.questions import LessonQuestions
from mjscore.practice.sample import sample_class
from mjscore.practice.book import Counts
from mjscore.views.practice.drill_app import ALREADY_ANSWERED as DRILL_ANSWERED
from mjscore.views.practice.drill_app import AmericanDrillApp, TournamentDrillApp
from mjscore.lessons import TITLES
from mjscore.practice.teacher import read_student
from mjscore.views.practice.my_progress import ProgressView, progress_html, progress_rows
from mjscore.views.practice.trainer_app import PracticeApp
from mjscore.practice import Trainer
from mjscore.practice.played import answered_again
from mjscore.views.practice.progress_views import (ClassApp, class_table, problems_html, questions_table,
                                                   rules_table)
from mjscore.views.practice import progress_views
from mjscore.views._style import styled
from mjscore.views.practice.question_app import ALREADY_ANSWERED as QUESTION_ANSWERED
from mjscore.views.practice.question_app import QuestionApp, YourTurn, your_turn
from mjscore.practice.teacher import read_class


@pytest.fixture
def path(tmp_path):
    return tmp_path / "practice.jsonl"


def type_in(app, amounts):
    for box, a in zip(app.amounts, amounts):
        box.value = a


def test_the_boxes_are_empty_until_typed_and_an_empty_box_is_asked_for(path):
    app = AmericanDrillApp(Drill("american", path))
    assert [b.value for b in app.amounts] == ["", "", "", ""] and app.next.disabled
    type_in(app, ["+100", "-25", "", "-25"])
    app.check.click()
    assert "Type Cat's amount first" in app.error and "mjs-error" in app.feedback.value
    assert app.drill.tally.played == 0 and not app.drill.answered
    type_in(app, ["+100", "-25", "fifty", "-25"])
    app.check.click()
    assert "Cat's amount must be a whole number" in app.error and app.drill.tally.played == 0


def test_the_first_answer_counts_and_show_me_is_a_miss(path):
    app = AmericanDrillApp(Drill("american", path))
    type_in(app, ["+100", "-50", "-25", "-25"])
    app.check.click()
    assert "mjs-wrong" in app.feedback.value and "The rule you most likely missed" in app.feedback.value
    assert app.drill.tally == Counts(1, 0, 0) and not app.next.disabled
    type_in(app, ["+100", "-25", "-50", "-25"])
    app.check.click()
    assert escape(answered_again("situation", first=False, now=True)) in app.feedback.value
    assert app.drill.tally == Counts(1, 0, 0)
    app.next.click()
    assert [b.value for b in app.amounts] == ["", "", "", ""] and "Situation 2" in app.number.value
    app.show.click()
    assert "mjs-shown" in app.feedback.value and app.drill.tally == Counts(2, 0, 1)
    assert "American payments: 0 of 2 right" in app.tally.value


def test_reset_asks_first_and_can_be_undone(path):
    app = AmericanDrillApp(Drill("american", path))
    app.show.click()
    app.next.click()
    app.show.click()
    assert app.asking.layout.display == "none" and app.undo.layout.display == "none"
    app.reset.click()
    assert app.asking.layout.display == "" and "2 played" in app.confirm.value
    assert app.drill.tally.played == 2  # nothing cleared yet
    app.reset_no.click()
    assert app.asking.layout.display == "none" and app.drill.tally.played == 2
    app.reset.click()
    app.reset_yes.click()
    assert app.drill.tally.played == 0 and app.drill.number == 1 and app.undo.layout.display == ""
    app.undo.click()
    assert app.drill.tally.played == 2 and app.drill.number == 2 and app.undo.layout.display == "none"
    assert "mjs-shown" in app.feedback.value  # the answered situation is shown again


def test_a_restarted_app_shows_the_answer_already_given(path):
    app = AmericanDrillApp(Drill("american", path))
    type_in(app, ["+100", "-25", "-50", "-25"])
    app.check.click()
    again = AmericanDrillApp(Drill("american", path))
    assert "mjs-right" in again.feedback.value and not again.next.disabled


def test_names_and_typing_are_shown_as_text(path):
    d = Drill("american", path)
    d.set_name("<img src=x onerror=alert(1)>")
    app = AmericanDrillApp(d)
    assert "&lt;img" in app.tally.value and "<img" not in app.tally.value


def test_a_fifth_player_gets_a_box_of_her_own(path):
    d = Drill("american", path)
    while not d.situation.bettor:
        d.show_me()
        d.next()
    app = AmericanDrillApp(d)
    assert len(app.amounts) == 5 and app.amounts[-1].description == "Eve"
    assert "bets on" in app.boxes.children[-1].children[1].value


def upload(name: str, content: bytes) -> dict:
    return {"name": name, "content": content, "type": "", "size": len(content),
            "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)}


def test_the_tournament_app_chooses_or_loads_a_table(path):
    app = TournamentDrillApp(Drill("tournament", path))
    assert app.table.value == "common" and "Common published table" in app.situation.value
    app.table.value = "variant"
    assert app.drill.table == VARIANT and Drill("tournament", path).table == VARIANT
    club = COMMON.to_json() | {"name": "<i>Club</i> night"}
    app.table_file.value = [upload("club.json", json.dumps(club).encode())]
    assert app.drill.table.name == "<i>Club</i> night" and app.table.value == "loaded"
    assert "&lt;i&gt;Club" in app.situation.value
    app.table_file.value = [upload("bad.json", b"{")]
    assert "bad.json is not a table file" in app.notice.value and app.drill.table.name == "<i>Club</i> night"
    type_in(app, ["+25", "0", "-10", "0"])
    app.check.click()
    assert "mjs-right" in app.feedback.value and "exposure" in app.situation.value


def test_a_question_app_empty_hint_show_and_the_first_answer_after_a_restart(path):
    lesson = LessonQuestions(5, path)
    app = QuestionApp(lesson, 1)
    assert app.boxes[0].value is None and "5 Dots" in app.prompt.value
    app.check.click()
    assert "fill in" in app.feedback.value and lesson.tally.played == 0
    app.hint.click()
    assert "Hint:" in app.feedback.value and lesson.tally.played == 0
    app.boxes[0].value = "No"
    app.check.click()
    assert "mjs-wrong" in app.feedback.value and lesson.tally == Counts(1, 0, 0)
    assert "The rule you most likely missed" in app.feedback.value
    again = QuestionApp(LessonQuestions(5, path), 1)
    assert again.boxes[0].value == "No" and "Your first answer, as recorded" in again.feedback.value
    hand = QuestionApp(LessonQuestions(2, path), 1)
    assert "<svg" in hand.hand.value or "mjs-tile" in hand.hand.value
    shown = QuestionApp(LessonQuestions(2, path), 2)
    shown.show.click()
    assert "mjs-shown" in shown.feedback.value and LessonQuestions(2, path).tally == Counts(1, 0, 1)


def test_your_turn_shows_a_lessons_questions_and_new_ones_once_all_are_answered(path):
    turn = your_turn(3, path)
    assert isinstance(turn, YourTurn) and len(turn.apps) == 4 and turn.more.disabled
    for app in turn.apps:
        q = turn.lesson.question(app.number)
        for box, a in zip(app.boxes, q.answer):
            box.value = str(a)
        app.check.click()
    assert not turn.more.disabled and "4 of 4 right" in turn.tally.value
    first = turn.apps[0].prompt.value
    turn.more.click()
    assert turn.lesson.round == 2 and turn.apps[0].prompt.value != first and turn.more.disabled
    assert all(app.boxes[0].value == "" for app in turn.apps if not app.lesson.question(app.number).fields[0].choices)
    assert "4 of 4 right" in turn.tally.value


def test_the_progress_and_the_class_tables(tmp_path):
    paths = sample_class(tmp_path / "class")
    html = progress_html(paths[28])
    assert "Progress of <b>&lt;b&gt;Max&lt;/b&gt;</b>" in html and "Lesson 6: Tournament versus home" in html
    assert "Nothing practised yet" in progress_html(tmp_path / "none.jsonl")
    Drill("american", tmp_path / "empty.jsonl")  # a log with nothing answered reads the same
    assert progress_html(tmp_path / "empty.jsonl") == progress_html(tmp_path / "none.jsonl")
    report = read_class([tmp_path / "class"])
    assert "&lt;b&gt;Max" in class_table(report).html and "<b>Max" not in class_table(report).html
    assert len(rules_table(report).frame) == 10 and len(questions_table(report).frame) == 10
    assert "Every file was read" in problems_html(report)


HUGE = "99999999999999999999"  # 20 digits: more than the progress log reads back


def test_the_drill_refuses_an_amount_too_big_and_records_nothing(path):
    app = AmericanDrillApp(Drill("american", path))
    type_in(app, ["+100", "-25", "-" + HUGE, "-25"])
    app.check.click()
    assert "mjs-error" in app.feedback.value and "too big" in app.error and app.drill.tally.played == 0
    with pytest.raises(DrillError, match="at most 18 digits"):
        app.drill.check((10**19, -25, -50, -25))
    assert Drill("american", path).take_messages() == [] and Drill("american", path).tally.played == 0


@pytest.mark.parametrize("typed", [HUGE, "99,999,999,999,999,999,999"])
def test_a_question_refuses_a_number_too_big_and_records_nothing(path, typed):
    app = QuestionApp(LessonQuestions(3, path), 1)
    app.boxes[0].value, app.boxes[1].value = typed, "1728"
    app.check.click()
    assert "mjs-error" in app.feedback.value and "too big" in app.error
    assert LessonQuestions(3, path).tally.played == 0 and LessonQuestions(3, path).take_messages() == []
    with pytest.raises(LessonError, match="at most 18 digits"):
        app.lesson.check(1, (10**19, 1728))


def test_a_stray_check_after_show_me_keeps_the_answer_shown(path):
    drill = AmericanDrillApp(Drill("american", path))
    drill.show.click()
    drill.check.click()  # the boxes are empty
    assert "mjs-shown" in drill.feedback.value and escape(DRILL_ANSWERED) in drill.feedback.value
    assert "mjs-error" not in drill.feedback.value and drill.drill.tally == Counts(1, 0, 1)
    question = QuestionApp(LessonQuestions(3, path), 1)
    question.show.click()
    question.check.click()
    assert "mjs-shown" in question.feedback.value and escape(QUESTION_ANSWERED) in question.feedback.value
    assert "mjs-error" not in question.feedback.value and question.lesson.tally == Counts(1, 0, 1)
    question.boxes[0].value = "12"  # one box typed, one not: still the verdict, never a wipe
    question.check.click()
    assert "mjs-shown" in question.feedback.value and question.lesson.tally == Counts(1, 0, 1)


def test_the_progress_view_brings_itself_up_to_date(path):
    """Lesson 7's table: no cell to run again where the code is hidden, so it follows the apps on
    its page, and an Update button reads what was practised elsewhere."""
    trainer = PracticeApp(Trainer(path))
    drill = AmericanDrillApp(Drill("american", path))
    turn = your_turn(3, path)
    view = ProgressView(path, follow=[trainer, drill, turn])
    assert "Nothing practised yet" in view.table.value and "press Update" in view.widget.children[0].children[1].value
    trainer.show.click()
    assert "your progress" in view.table.value and ">1<" in view.table.value
    drill.show.click()
    turn.apps[0].show.click()
    rows = dict(progress_rows(read_student(path)))
    assert rows["American payments"] == Counts(1, 0, 1) and rows[f"Lesson 3: {TITLES[3]}"] == Counts(1, 0, 1)
    assert view.table.value == progress_html(path)
    Drill("tournament", path).show_me()  # practised elsewhere: seen once Update is pressed
    assert view.table.value != progress_html(path)
    view.update.click()
    assert view.table.value == progress_html(path)
    trainer.reset.click()
    trainer.clear.click()  # a Reset is followed too
    assert view.table.value == progress_html(path)


def test_the_class_table_is_compact(tmp_path):
    report = read_class(sample_class(tmp_path / "class"))
    html = class_table(report).html
    cells = re.findall(r"<td[^>]*>(.*?)</td>", html)
    assert len(cells) == 30 * 11 and not any(" of " in c for c in cells) and "4/<wbr>4" in cells
    assert 'title="American payments"' in html and ">pay-<br>ments<" in html


def test_the_class_app_reads_a_folder_or_uploaded_files_and_refuses_clearly(tmp_path):
    app = ClassApp()
    assert app.students.value == "" and app.said.value == ""
    app.read.click()
    assert "Type the folder" in app.error
    app.folder.value = str(tmp_path / "<i>nowhere</i>")
    app.read.click()
    assert "There is no file or folder" in app.error and "&lt;i&gt;nowhere" in app.said.value and app.students.value == ""
    (tmp_path / "empty").mkdir()
    app.folder.value = str(tmp_path / "empty")
    assert app.error == f"No progress file could be read: {tmp_path / 'empty'} holds no progress files (*.jsonl)"
    paths = sample_class(tmp_path / "class")
    app.folder.value = str(tmp_path / "class")
    app.read.click()
    report = read_class([tmp_path / "class"])
    assert app.error is None and "30 students" in app.said.value
    assert class_table(report).html in app.students.value and rules_table(report).html in app.rules.value
    assert questions_table(report).html in app.questions.value and "Every file was read" in app.problems.value
    assert "&lt;b&gt;Max" in app.students.value and "<b>Max" not in app.students.value

    app.upload.value = [upload("practice.jsonl", paths[0].read_bytes()), upload("practice.jsonl", paths[28].read_bytes()),
                        upload("<b>notes</b>.jsonl", b"not a log\n")]
    assert "3 files uploaded: 2 students" in app.said.value and "&lt;b&gt;Max" in app.students.value
    assert ("&lt;b&gt;notes&lt;/b&gt;.jsonl is not a progress file: it is not the JSON lines mjscore writes (line 1)"
            in app.problems.value)
    assert str(tmp_path) not in app.problems.value and "/tmp" not in app.problems.value
    app.upload.value = [upload("notes.jsonl", b"not a log\n")]
    assert app.error == ("No progress file could be read: notes.jsonl is not a progress file: it is not the JSON "
                         "lines mjscore writes (line 1)") and app.students.value == ""


def test_the_class_app_says_at_once_that_it_is_reading(tmp_path, monkeypatch):
    """A class of many files takes seconds to read: before the reading starts, the last refusal
    and the last class are gone, a line says what is being read, and Read, the box and the upload
    are off; then the class is shown and they are on again. (Each value set is sent to the page
    as it is set, so the page shows this state while the kernel reads.)"""
    clock = [1000.0]
    monkeypatch.setattr(progress_views, "monotonic", lambda: clock[0])
    during, real = [], progress_views.read_class

    def read_class_seen(paths):  # the state the page shows while the files are read
        during.append({"error": app.error, "said": app.said.value, "reading": app.reading,
                       "class": app.students.value + app.questions.value,
                       "off": (app.read.disabled, app.folder.disabled, app.upload.disabled)})
        return real(paths)

    monkeypatch.setattr(progress_views, "read_class", read_class_seen)
    app = ClassApp()
    folder = tmp_path / "class"
    folder.mkdir()
    app.folder.value = str(folder)  # typed, then Enter: an empty folder, refused once read
    assert "No progress file could be read" in app.error and len(during) == 1
    assert during[0]["error"] is None and "Reading the folder" in during[0]["said"]
    sample_class(folder)  # the students' files arrive
    app.read.click()  # the click that sent the box's text (a second ago): the same read, not another
    assert len(during) == 1 and "No progress file could be read" in app.error
    clock[0] += 5
    app.read.click()
    assert len(during) == 2
    assert during[1] == {"error": None, "reading": f"the folder {folder}", "class": "", "off": (True, True, True),
                         "said": styled(f'<div class="mjs-class-reading mjs-class-text mjs-class-muted" '
                                        f'role="status">Reading the folder {escape(str(folder))} …</div>',
                                        progress_views.RULES)}
    assert app.error is None and app.reading is None and "30 students" in app.said.value and app.students.value
    assert (app.read.disabled, app.folder.disabled, app.upload.disabled) == (False, False, False)

    app.upload.value = [upload("practice.jsonl", (folder / "student-01" / "practice.jsonl").read_bytes())]
    assert during[2]["class"] == "" and "Reading 1 file uploaded" in during[2]["said"]
    assert "1 file uploaded: 1 student" in app.said.value

    def cannot_list(paths):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(progress_views, "read_class", cannot_list)
    clock[0] += 5
    app.read.click()
    assert app.error == f"No progress file could be read in the folder {folder}: Permission denied"
    assert app.reading is None and not app.read.disabled and not app.folder.disabled and app.students.value == ""


def test_the_class_app_names_a_folder_once_as_typed(tmp_path, monkeypatch):
    """A folder typed as ``~/`` is named so, once: not again as the home folder's full path."""
    monkeypatch.setenv("HOME", str(tmp_path))
    app = ClassApp()
    app.folder.value = "~/"
    assert app.error == "No progress file could be read: ~/ holds no progress files (*.jsonl)"
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "notes.jsonl").write_text("a note\n")
    app.folder.value = "~/class/notes.jsonl"
    assert app.error == ("No progress file could be read: ~/class/notes.jsonl is not a progress file: it is not the "
                         "JSON lines mjscore writes (line 1)")
    app.folder.value = "~/class"
    assert app.error == ("No progress file could be read: ~/class/notes.jsonl is not a progress file: it is not the "
                         "JSON lines mjscore writes (line 1)")
    sample_class(tmp_path / "class")
    app.folder.value = "~/class "
    assert app.error is None and "Read the folder ~/class: 30 students." in app.said.value
    assert "~/class/notes.jsonl is not a progress file" in app.problems.value
    assert str(tmp_path) not in app.said.value + app.problems.value + app.students.value


def test_the_class_app_says_it_has_read_only_with_the_tables(tmp_path, monkeypatch):
    """The page shows each value as it is set: "Reading …" at once, then the tables (a class of
    1,500 files takes seconds to draw, the "Reading" line still up), and only then "Read …" and
    Read on again."""
    clock = [1000.0]
    monkeypatch.setattr(progress_views, "monotonic", lambda: clock[0])
    sample_class(tmp_path / "class")
    app = ClassApp()
    sent = []
    for name in ("said", "students", "rules", "questions", "problems"):
        getattr(app, name).observe(lambda change, name=name: sent.append((name, change["new"])), "value")
    for name in ("read", "upload", "folder"):
        getattr(app, name).observe(lambda change, name=name: sent.append((name, change["new"])), "disabled")

    def read_and_show(act):
        sent.clear()
        act()
        said = [i for i, (name, value) in enumerate(sent) if name == "said"]
        reading = next(i for i in said if "Reading" in sent[i][1])
        done = next(i for i in said if "Read " in sent[i][1] and "Reading" not in sent[i][1])
        tables = [i for i, (name, value) in enumerate(sent) if name in ("students", "rules", "questions", "problems")
                  and value]
        on = [i for i, (name, value) in enumerate(sent) if value is False]
        assert len(tables) == 4 and reading < min(tables) and max(tables) < done < min(on), sent
        assert said == [reading, done], "nothing else is said between"
        return sent[done][1]

    assert "30 students" in read_and_show(lambda: setattr(app.folder, "value", str(tmp_path / "class")))  # Enter
    clock[0] += 5
    assert "30 students" in read_and_show(app.read.click)  # Read, the class on the page read again
    files = [upload("practice.jsonl", p.read_bytes()) for p in sorted((tmp_path / "class").rglob("*.jsonl"))[:3]]
    assert "3 files uploaded: 3 students" in read_and_show(lambda: setattr(app.upload, "value", files))


def test_lesson_1s_question_and_the_payments_drill_marked_as_the_classroom_view_shows_them(path):
    """What the classroom view's test (tests/browser/test_voila_questions.py) clicks, marked here:
    lesson 1's first question answered right says so and counts in the lesson's tally line; a
    wrong answer to the payments drill names the rule the engine says was missed."""
    from mjscore.american.drill import home_miss, misreadings

    turn = your_turn(1, path)
    app = turn.apps[0]
    for box, value in zip(app.boxes, turn.lesson.question(app.number).answer):
        box.value = str(value)
    app.check.click()
    assert "✓ Right." in app.feedback.value
    assert f"{escape(turn.lesson.title)}: 1 of 1 right (0 shown)" in turn.tally.value
    drill = AmericanDrillApp(Drill("american", path))
    s = drill.drill.situation
    wrong = misreadings(s)[0].answer if misreadings(s) else (30, -10, -10, -10)
    type_in(drill, [f"{a:+d}" if a else "0" for a in wrong])
    drill.check.click()
    assert f"{escape(home_miss(s, wrong).title)}." in drill.feedback.value and drill.drill.tally == Counts(1, 0, 0)
