"""Every box where a person types a number reads it as the command line does (issue 29).

The same odd texts (a fraction, an exponent, nothing, separators, a letter O, full-width digits,
a true minus sign, a plus, hexadecimal, a European decimal comma, 20-digit numbers) are typed
into each app's box, driven without a browser, and given to the command line (``mjscore.cli.main``):
each app takes the same number, or refuses in the same words, the command line's name for
the figure (``--false-mahjong``) read as the app's (``False mahjong``). The boxes of the
learner's practice (the trainer, the drills, the lessons' questions) say what to type in their
own words; they take exactly the numbers the command line's reader takes, within their own
limits (0 or more, nine digits, what the progress log keeps).

Found by a user: lesson 6's app, an IntText, made "27.5" a 275 hand, "1e3" 13 and an empty box 1.
"""

from __future__ import annotations

import pytest

from mjscore.cli import main
from mjscore.files.inputs import InputError, keepable, whole_number
from mjscore.night import load_journal
from mjscore.night.entry import MAX_VALUE
from mjscore.practice import Drill
from mjscore.practice.questions import LessonQuestions
from mjscore.views._controls import NUMBER_BOX
from mjscore.views.american.american_app import ASK_VALUE, AmericanPaymentsApp
from mjscore.views.american.tournament_app import TournamentVsHomeApp
from mjscore.views.night.scorekeeper_app import ScorekeeperApp
from mjscore.views.practice.drill_app import AmericanDrillApp
from mjscore.views.practice.question_app import QuestionApp
from mjscore.views.practice.trainer_app import PracticeApp
from mjscore.practice import Trainer

FOUR = ["Ann", "Bea", "Cat", "Dee"]
#: What people type, on purpose or not.
ODD = ["27.5", "1e3", "", "  1,000 ", "3O", "２５", "−25", "+25", "25.0", "0x19", "1_000", "12345678901234567890",
       "-12345678901234567890", "00000000000000000025", "27,5", "1,00", "1 000", "- 25", "１，０００", "－２５",
       "25.", ".5", "2.5e1", "nan", "٢٥", "99,999"]


def cli(capsys, *argv) -> tuple[str, object]:
    """What the command line does with ``argv``: ("ok", what it printed) or ("refused", its words)."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    if code == 0:
        return "ok", out
    said = err.strip().removeprefix("mjscore: error: ")
    if said.startswith("argument "):  # argparse names the option first: "argument --value: ..."
        said = said.split(": ", 1)[1]
    return "refused", said


def outcome(app, number) -> tuple[str, object]:
    """An app's answer: ("ok", the number it took) or ("refused", its words)."""
    return ("refused", app.error) if app.error else ("ok", number())


# --------------------------------------------------------------------------- the card value


@pytest.mark.parametrize("typed", ODD)
def test_the_command_line_reads_the_card_value_with_the_one_reader(capsys, typed):
    try:
        n = whole_number(typed, "the hand's value", 1, MAX_VALUE, required=True)
    except InputError as e:
        assert cli(capsys, "tournament", "--how", "self-drawn", f"--value={typed}") == ("refused", str(e))
    else:
        assert (cli(capsys, "tournament", "--how", "self-drawn", f"--value={typed}")
                == cli(capsys, "tournament", "--how", "self-drawn", f"--value={n}"))


@pytest.mark.parametrize("typed", ODD)
def test_the_tournament_and_payments_apps_read_the_card_value_as_the_command_line(capsys, typed):
    for app, argv in ((TournamentVsHomeApp(), ["tournament", "--how", "self-drawn"]),
                      (AmericanPaymentsApp(), ["american", "--how", "self-drawn"])):
        assert NUMBER_BOX in app.value._dom_classes
        app.how.value = "self-drawn"
        app.value.value = typed
        got = outcome(app, lambda: app.game.value if isinstance(app, TournamentVsHomeApp) else app.payout.value)
        said = cli(capsys, *argv, f"--value={typed}")
        if not typed.strip():  # an empty box is asked for, in the words of both lessons
            assert got == ("refused", ASK_VALUE) and said[0] == "refused"
        elif got[0] == "ok":
            assert said == cli(capsys, *argv, f"--value={got[1]}"), typed
        else:
            assert got == said, typed


# --------------------------------------------------------------------------- the scorekeeper


def _words(said: tuple[str, object], option: str, name: str) -> tuple[str, object]:
    """The command line's refusal with its name for the figure given as the app's."""
    kind, what = said
    return (kind, what.replace(option, name, 1)) if kind == "refused" else said


@pytest.mark.parametrize("typed", ODD)
def test_the_scorekeepers_false_mahjong_is_read_as_the_command_line(capsys, tmp_path, typed):
    night = tmp_path / "night.csv"
    said = cli(capsys, "record", night, "--game", "willingdon", "--players", ",".join(FOUR), "--how", "wall",
               f"--false-mahjong={typed}")
    if said[0] == "ok":
        said = ("ok", load_journal(night).ledger.kind.table_rules.false_mahjong)
    app = ScorekeeperApp(journal="false.csv")
    app.players.value, app.game.value = ", ".join(FOUR), "willingdon"
    assert NUMBER_BOX in app.false_mahjong._dom_classes
    app.false_mahjong.value = typed
    app.start.click()
    assert outcome(app, lambda: app.ledger.table_rules.false_mahjong) == _words(said, "--false-mahjong",
                                                                                  "False mahjong"), typed


@pytest.mark.parametrize("game, box, name", [("american", "value", "the hand's value"),
                                             ("willingdon", "score", "the score")])
@pytest.mark.parametrize("typed", ODD)
def test_the_scorekeepers_value_and_score_are_read_as_the_command_line(capsys, tmp_path, game, box, name, typed):
    night = tmp_path / "night.csv"
    given = [f"--value={typed}"] if typed.strip() else []  # an empty box is a value not given
    said = cli(capsys, "record", night, "--game", game, "--players", ",".join(FOUR), "--how", "self-drawn",
               "--winner", "Ann", *given)
    if said[0] == "ok":
        said = ("ok", load_journal(night).ledger.lines[-1].entry.value)
    app = ScorekeeperApp(journal="night.csv", players=FOUR, game=game)
    app.how.value, app.winner.value = "self-drawn", "Ann"
    getattr(app, box).value = typed
    app.add.click()
    got = outcome(app, lambda: app.ledger.lines[-1].entry.value)
    if not typed.strip() and game == "willingdon":  # the app asks for the tiles or the score
        assert len(app.ledger) == 0 and "Type the tiles (or the score)" in app.error
        assert said[0] == "refused"
    else:
        assert got == _words(said, "--value", name), typed


# --------------------------------------------------------------------------- the learner's boxes


def read(typed: str, low: int | None = None, high: int | None = None) -> int | None:
    """The number the command line's reader takes from ``typed`` within the box's limits, or None."""
    try:
        n = whole_number(typed, "a figure", low, high)
    except InputError:
        return None
    return n if n is not None and keepable(n) else None


@pytest.mark.parametrize("typed", ODD)
def test_the_trainers_boxes_take_what_the_one_reader_takes(typed):
    app = PracticeApp(Trainer())
    assert {NUMBER_BOX} <= set(app.points._dom_classes) & set(app.doubles._dom_classes)
    app.points.value, app.doubles.value = typed, "0"
    app.check.click()
    n = read(typed, 0)
    if n is None:
        assert not app.trainer.answered and "mjs-error" in app.feedback.value, typed
    else:
        assert app.trainer.review(app.trainer.current_number).points == n, typed


@pytest.mark.parametrize("typed", ODD)
def test_the_drills_boxes_take_what_the_one_reader_takes(tmp_path, typed):
    app = AmericanDrillApp(Drill("american", tmp_path / "practice.jsonl"))
    assert all(NUMBER_BOX in box._dom_classes for box in app.amounts)
    for box, amount in zip(app.amounts, [typed, "-25", "-25", "-25"]):
        box.value = amount
    app.check.click()
    n = read(typed, -(10**9 - 1), 10**9 - 1)
    if n is None:
        assert app.drill.tally.played == 0 and "mjs-error" in app.feedback.value, typed
    else:
        assert app.drill.last_feedback().given[0] == n, typed


@pytest.mark.parametrize("lesson, signed", [(3, False), (6, True)])
@pytest.mark.parametrize("typed", ODD)
def test_a_lessons_boxes_take_what_the_one_reader_takes(tmp_path, lesson, signed, typed):
    app = QuestionApp(LessonQuestions(lesson, tmp_path / "practice.jsonl"), 1)
    assert app.lesson.question(1).fields[0].signed is signed
    assert all(NUMBER_BOX in box._dom_classes for box in app.boxes)
    for box, text in zip(app.boxes, [typed] + ["0"] * (len(app.boxes) - 1)):
        box.value = text
    app.check.click()
    n = read(typed, None if signed else 0)
    if n is None:
        assert app.lesson.tally.played == 0 and "mjs-error" in app.feedback.value, typed
    else:
        assert app.lesson.first_answer(1).given[0] == n, typed
