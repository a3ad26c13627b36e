"""Correcting a hand in the scorekeeper app changes only what the scorekeeper changed.

Hands are recorded from outside the app, at the terminal (``mjscore record``), with values the
app's buttons do not offer (80, 100, 100,000, 1), every way a hand ends, notes, dead hands, a
bettor, a typed Willingdon score, the sets shown before the discard, fishing, East and a line of
the club's card (kept in the data folder, where the app finds it too). Then each
field of each hand is corrected in turn, through the app's controls as a scorekeeper clicks and
types them, and every other field must be kept as it was recorded (in the ledger, and in the
journal read afresh). Each correction is then put back with the button the app offers.
"""

from __future__ import annotations

import html

from dataclasses import replace

import pytest

from mjscore.cli import main
from mjscore.files.storage import data_dir
from mjscore.night import AMERICAN_COLUMNS, WILLINGDON_COLUMNS, journal_path, load_journal
from mjscore.views.night.hand_form import NOT_SAID
from mjscore.views.night.scorekeeper_app import ScorekeeperApp


#: The club's card both the command line and the app find in the data folder.
CARD = """section,line,value,concealed,kind
Evens,1,25,,
Evens,2,25,30,
Singles and Pairs,1,100,,
Quints,1,40,,
"""


def keep_card() -> None:
    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / "card.csv").write_text(CARD, encoding="utf-8")


def record(name: str, *args: object) -> None:
    assert main(["record", str(journal_path(name)), *map(str, args)]) == 0


def _dead(player):
    def act(app):
        app.dead.buttons[list(app.dead.options).index(player)].value ^= True  # a click on her button
    return act


def _set(**controls):
    """Set controls in the order given, as clicks and typing would."""
    def act(app):
        for name, value in controls.items():
            getattr(app, name).value = str(value) if name == "value" else value  # the value box is typed in
    return act


AMERICAN_FOUR = [
    ("--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how", "discard", "--thrower", "Cat", "--value", 80,
     "--dead", "Dee", "--note", "from the terminal"),
    ("--winner", "Bea", "--how", "self-drawn", "--line", "Singles and Pairs #1", "--jokerless"),
    ("--winner", "Cat", "--how", "joker-exchange", "--value", 100_000, "--category", "quints"),
    ("--winner", "Dee", "--how", "heavenly-hand", "--value", 1),
    ("--how", "wall", "--dead", "Ann;Bea", "--note", "two dead"),
]
#: (hand, what the scorekeeper does, the fields that change as a result)
AMERICAN_FOUR_CASES = [
    (1, _set(winner="Bea"), {"winner": "Bea"}),
    (1, _set(how="self-drawn"), {"how": "self-drawn", "thrower": None}),
    (1, _set(thrower="Bea"), {"thrower": "Bea"}),
    (1, _set(value=81), {"value": 81}),
    (1, _set(line="Evens #2 concealed"), {"line": "Evens #2 concealed", "value": 30}),
    (1, _set(quick=40), {"value": 40}),
    (1, _set(jokerless=True), {"jokerless": True}),
    (1, _set(category="2468"), {"category": "2468"}),
    (1, _dead("Bea"), {"dead": ("Bea", "Dee")}),
    (1, _set(note="typed again"), {"note": "typed again"}),
    (2, _set(how="discard", thrower="Ann"), {"how": "discard", "thrower": "Ann"}),
    (2, _set(value=100_000), {"value": 100_000, "line": None}),  # a value typed by hand drops the line
    (2, _set(jokerless=False), {"jokerless": False}),
    (2, _set(category="other"), {"category": "other", "line": None}),
    (2, _set(line="quints 1"), {"line": "Quints #1", "value": 40, "category": "quints"}),
    (2, _set(winner="Cat"), {"winner": "Cat"}),
    (3, _set(how="heavenly-hand"), {"how": "heavenly-hand"}),
    (3, _set(value=99_999), {"value": 99_999}),
    (3, _set(line="Evens #1"), {"line": "Evens #1", "value": 25, "category": "other"}),
    (3, _dead("Ann"), {"dead": ("Ann",)}),
    (3, _set(note="=not a formula"), {"note": "=not a formula"}),
    (4, _set(value=2), {"value": 2}),
    (4, _set(winner="Ann"), {"winner": "Ann"}),
    (5, _dead("Bea"), {"dead": ("Ann",)}),
    (5, _set(note=""), {"note": ""}),
    (5, _set(how="self-drawn", winner="Cat", value=45), {"how": "self-drawn", "winner": "Cat", "value": 45}),
]

AMERICAN_FIVE = [
    ("--players", "Ann,Bea,Cat,Dee,Eve", "--winner", "Ann", "--how", "discard", "--thrower", "Cat", "--value", 80,
     "--pick", "Bea"),
    ("--bettor", "Ann", "--winner", "Eve", "--how", "self-drawn", "--value", 55, "--pick", "Eve", "--dead", "Cat"),
    ("--bettor", "Cat", "--how", "wall", "--pick", "Dee", "--note", "a wall game"),
]
AMERICAN_FIVE_CASES = [
    (1, _set(bettor="Dee"), {"bettor": "Dee"}),
    (1, _set(pick="Cat"), {"pick": "Cat"}),
    (1, _set(quick=35), {"value": 35}),
    (1, _set(line="Evens #2"), {"line": "Evens #2", "value": 25}),
    (1, _set(winner="Bea"), {"winner": "Bea"}),
    (1, _set(jokerless=True), {"jokerless": True}),
    (1, _set(note="a note"), {"note": "a note"}),
    (2, _set(bettor="Bea"), {"bettor": "Bea"}),
    (2, _set(category="quints"), {"category": "quints"}),
    (2, _set(pick="Dee"), {"pick": "Dee"}),
    (2, _dead("Cat"), {"dead": ()}),
    (2, _set(how="discard", thrower="Dee"), {"how": "discard", "thrower": "Dee"}),
    (3, _set(pick="Ann"), {"pick": "Ann"}),
    (3, _set(note="still a wall game"), {"note": "still a wall game"}),
    (3, _set(bettor="Eve"), {"bettor": "Eve"}),
]

WILLINGDON = [
    ("--players", "Ann,Bea,Cat,Dee", "--game", "willingdon", "--three-exposed-penalty", "--east-double",
     "--winner", "Bea", "--how", "discard", "--thrower", "Dee", "--tiles", "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2",
     "--exposed-before", 2, "--fishing", "--note", "fed"),
    ("--winner", "Cat", "--how", "self-drawn", "--value", 1234, "--east", "Bea"),
    ("--how", "wall", "--east", "Cat", "--note", "nobody"),
    ("--winner", "Dee", "--how", "false-mahjong", "--east", "Dee"),
    ("--winner", "Ann", "--how", "discard", "--thrower", "Cat", "--value", 0, "--exposed-before", 3,
     "--east", "Dee"),
]
WILLINGDON_CASES = [
    (1, _set(winner="Ann"), {"winner": "Ann"}),
    (1, _set(thrower="Cat"), {"thrower": "Cat"}),
    (1, _set(tiles="+RDx3 +GDx3 +WDx3 6Bx3 2Cx2"), {"tiles": "+RDx3 +GDx3 +WDx3 6Bx3 2Cx2"}),
    (1, _set(exposed=3), {"exposed": 3}),
    (1, _set(fishing=False), {"fishing": False}),
    (1, _set(east="Cat"), {"east": "Cat"}),
    (1, _set(note="fed, twice"), {"note": "fed, twice"}),
    (2, _set(score="2,000"), {"value": 2000}),
    # a typed score won on a discard says how many sets were shown: the penalty depends on it
    (2, _set(how="discard", thrower="Ann", exposed=1), {"how": "discard", "thrower": "Ann", "exposed": 1}),
    (2, _set(winner="Dee"), {"winner": "Dee"}),
    (2, _set(east="Ann"), {"east": None}),  # the first player listed is East unless said
    (2, _set(exposed=3), {"exposed": 3}),
    (3, _set(east="Dee"), {"east": "Dee"}),
    (3, _set(note=""), {"note": ""}),
    (3, _set(how="self-drawn", winner="Ann", score="500"), {"how": "self-drawn", "winner": "Ann", "value": 500}),
    (4, _set(winner="Ann"), {"winner": "Ann"}),
    (4, _set(east="Bea"), {"east": "Bea"}),
    (5, _set(score="10"), {"value": 10}),
    (5, _set(exposed=NOT_SAID), {"exposed": None}),
]

GAMES = {
    "american, four players": ("am4.csv", AMERICAN_FOUR, AMERICAN_FOUR_CASES, AMERICAN_COLUMNS),
    "american, five players": ("am5.csv", AMERICAN_FIVE, AMERICAN_FIVE_CASES, AMERICAN_COLUMNS),
    "willingdon, four players": ("wd4.csv", WILLINGDON, WILLINGDON_CASES, WILLINGDON_COLUMNS),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_correcting_one_field_keeps_every_other(game):
    name, hands, cases, columns = GAMES[game]
    keep_card()
    for args in hands:
        record(name, *args)
    app = ScorekeeperApp(journal=name)
    assert len(app.ledger) == len(hands)
    recorded = [line.entry for line in app.ledger.lines]
    # every field of the game's journal is corrected at least once (a line of the club's card too)
    assert {k for _n, _act, changes in cases for k in changes} == set(columns) - ({"bettor", "pick"}
                                                                               if name == "am4.csv" else set())
    for n, act, changes in cases:
        app.editing.value = n
        assert app.fields() == app.session.form.baseline  # the controls hold the hand as recorded
        assert f"Hand {n} as saved (nothing changed yet)" in app.payments.value
        act(app)
        assert "if you save the correction" in app.payments.value, (game, n, changes, app.payments.value)
        app.add.click()
        assert app.error is None, (game, n, changes, app.error)
        expected = app.ledger.check(replace(recorded[n - 1], **changes)).entry  # as the ledger keeps it
        got = app.ledger.lines[n - 1].entry
        assert got == expected, (game, n, changes)
        assert load_journal(journal_path(name)).ledger.lines[n - 1].entry == expected
        assert [line.entry for k, line in enumerate(app.ledger.lines, 1) if k != n] == \
               [e for k, e in enumerate(recorded, 1) if k != n]
        # the correction can be put back as it was, with one click
        assert app.bring_back.description == f"Put hand {n} back as it was"
        app.bring_back.click()
        assert [line.entry for line in app.ledger.lines] == recorded, (game, n, changes)
    assert load_journal(journal_path(name)).ledger.lines == app.ledger.lines


def test_a_hand_worth_80_corrected_for_its_thrower_keeps_its_80():
    """The issue's case: 80 recorded at the terminal, only the thrower changed in the app."""
    record("eighty.csv", "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how", "discard",
           "--thrower", "Cat", "--value", 80)
    app = ScorekeeperApp(journal="eighty.csv")
    app.editing.value = 1
    assert app.value.value == "80" and app.quick.value is None
    assert "80 on the card" in app.payments.value
    app.thrower.value = "Dee"
    assert "80 on the card" in app.payments.value
    app.add.click()
    rows = journal_path("eighty.csv").read_text(encoding="utf-8-sig").splitlines()
    assert rows[-1].startswith("1,Ann,discard,Dee,80,")
    assert load_journal(journal_path("eighty.csv")).ledger.lines[0].entry.value == 80


def test_saving_a_correction_that_changes_nothing_writes_nothing():
    record("same.csv", "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how", "self-drawn", "--value", 100)
    before = journal_path("same.csv").read_bytes()
    app = ScorekeeperApp(journal="same.csv")
    app.editing.value = 1
    app.add.click()
    assert "Nothing in hand 1 was changed" in app.status.value
    assert journal_path("same.csv").read_bytes() == before


def test_any_card_value_the_engine_takes_and_no_other():
    app = ScorekeeperApp(journal="values.csv", players=["Ann", "Bea", "Cat", "Dee"])
    app.winner.value, app.how.value = "Ann", "self-drawn"
    for value in (1, 80, 100, 1234, 100_000):
        app.value.value = str(value)
        assert app.quick.value is None and f"{value:,} on the card" in app.payments.value
    app.quick.value = 30
    assert app.value.value == "30"
    for value, message in ((100_001, "100,000 or less, not 100,001"), (0, "more than 0")):
        app.value.value = str(value)
        assert message in app.payments.value
        app.add.click()
        assert message in app.status.value and len(app.ledger) == 0
    app.value.value = "100000"
    app.add.click()
    assert app.ledger.lines[0].value == 100_000


def test_a_card_value_is_read_as_typed_and_anything_else_refused():
    """The value box is text read as the ledger reads it: '27.5' is not 275 and '3O' is not 3
    (a number box in the page once made them so, and the hand was saved)."""
    app = ScorekeeperApp(journal="typed.csv", players=["Ann", "Bea", "Cat", "Dee"])
    app.winner.value, app.how.value = "Ann", "self-drawn"
    for typed, message in (("27.5", "a whole number, not '27.5'"), ("3O", "a whole number, not '3O'"),
                           ("", "the hand's value is missing")):
        app.value.value = typed
        assert app.quick.value is None
        app.add.click()
        assert message in html.unescape(app.status.value) and len(app.ledger) == 0, (typed, app.status.value)
    app.value.value = " 40 "
    assert app.quick.value == 40
    app.add.click()
    assert len(app.ledger) == 1 and app.ledger.lines[0].entry.value == 40
