"""The club's card in the scorekeeper app, driven without a browser: a hand names a line of the
card instead of its value, as ``mjscore record --line`` does (issue 34)."""

from __future__ import annotations

from dataclasses import replace
from itertools import cycle

import pytest

from mjscore.cli import main
from mjscore.files.storage import data_dir
from mjscore.night import journal_path, load_journal
from mjscore.night.card import MADE_UP_CARD, read_card
from mjscore.views.night.card_part import line_names
from mjscore.views.night.scorekeeper_app import ScorekeeperApp

FOUR = ["Ann", "Bea", "Cat", "Dee"]
CARD = """#name,Our club's card
section,line,value,concealed,kind
Evens,1,25,,
Evens,2,25,30,
Evens,3,25,,
Evens,4,30,,
Quints,1,40,,quints
Singles and Pairs,1,50,,singles-and-pairs
"""


def keep_card(text: str = CARD) -> None:
    """The club's card, kept in the data folder (where the app and ``mjscore record`` find it)."""
    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / "card.csv").write_text(text, encoding="utf-8")


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


def _hands():
    """A night through every line of the made-up card, each way a hand ends, jokerless or not, a
    dead hand now and then, and wall games: ``(how, winner, thrower, line, jokerless, dead)``."""
    hows = cycle(["discard", "self-drawn", "discard", "joker-exchange", "heavenly-hand", "discard"])
    winners = cycle(FOUR)
    out = []
    for k, name in enumerate(line_names(read_card(MADE_UP_CARD))):
        how, winner = next(hows), next(winners)
        thrower = FOUR[(FOUR.index(winner) + 1 + k % 3) % 4] if how == "discard" else None
        dead = (FOUR[(FOUR.index(winner) + 2) % 4],) if k % 5 == 4 else ()
        out.append((how, winner, thrower, name, k % 3 != 0, dead))
        if k % 7 == 6:
            out.append(("wall", None, None, None, False, ("Ann",)))
    return out


def _enter(app, how, winner, thrower, jokerless, dead, **by) -> None:
    app.how.value = how
    if how != "wall":
        app.winner.value = winner
        if thrower:
            app.thrower.value = thrower
        for name, value in by.items():  # the line, or the value and the section
            getattr(app, name).value = value
        app.jokerless.value = jokerless
    app.dead.value = dead
    app.add.click()
    assert app.error is None, app.error


def test_a_night_entered_by_card_lines_gives_the_same_ledger_as_by_values():
    card = read_card(MADE_UP_CARD)
    by_line = ScorekeeperApp(journal="by-line.csv", players=FOUR, card=MADE_UP_CARD)
    by_value = ScorekeeperApp(journal="by-value.csv", players=FOUR)
    assert by_line.line.layout.display == "" and by_value.club_card.widget.layout.display == "none"
    for how, winner, thrower, name, jokerless, dead in _hands():
        if name is None:
            _enter(by_line, how, winner, thrower, jokerless, dead)
            _enter(by_value, how, winner, thrower, jokerless, dead)
            continue
        pick = card.pick(name)
        by_line.how.value = how
        by_line.line.value = name
        # the line shows its value and its section kind (the jokerless exemptions follow it)
        assert (by_line.value.value, by_line.category.value) == (str(pick.value), pick.category)
        _enter(by_line, how, winner, thrower, jokerless, dead, line=name)
        _enter(by_value, how, winner, thrower, jokerless, dead, value=str(pick.value), category=pick.category)
        assert by_line.ledger.lines[-1].entry.line == name
    lines, values = by_line.ledger.lines, by_value.ledger.lines
    assert len(lines) == len(_hands()) > 20
    assert [ln.payments for ln in lines] == [ln.payments for ln in values]
    assert [replace(ln.entry, line=None) for ln in lines] == [ln.entry for ln in values]
    assert by_line.ledger.totals == by_value.ledger.totals
    # exempt sections pay no jokerless double: a Singles and Pairs hand declared jokerless is in the night
    assert any(ln.entry.jokerless and ln.entry.category == "singles-and-pairs" for ln in lines)
    # the journal keeps each line, and reads back as the app left it
    again = load_journal(journal_path("by-line.csv")).ledger
    assert [ln.entry for ln in again.lines] == [ln.entry for ln in lines]
    assert journal_path("by-line.csv").read_text(encoding="utf-8-sig").splitlines()[4].endswith(",Evens #1")


@pytest.mark.parametrize("typed", ["Evens #9", "Odds #2", "Evens", "quints #1 concealed"])
def test_a_line_not_on_the_card_is_refused_with_its_nearest_lines_in_the_command_lines_words(typed, capsys):
    keep_card()
    assert main(["record", str(journal_path("cli.csv")), "--players", ",".join(FOUR), "--winner", "Ann", "--how",
                 "self-drawn", "--line", typed]) == 2
    said = capsys.readouterr().err.strip().removeprefix("mjscore: error: ")
    assert "nearest lines: " in said or "no concealed value" in said
    app = ScorekeeperApp(journal="app.csv", players=FOUR)
    app.winner.value, app.how.value = "Ann", "self-drawn"
    app.line.value = typed
    assert said in app.payments.value.replace("&#x27;", "'")  # said at once, before Add
    app.add.click()
    assert app.error == said and len(app.ledger) == 0
    assert said in app.status.value.replace("&#x27;", "'") and app.payments.value == ""  # said once, in the status
    # a line of the card then goes through
    app.line.value = "Evens #3"
    app.add.click()
    assert app.error is None and app.ledger.lines[0].entry.line == "Evens #3"


def test_the_nearest_lines_are_named_as_the_command_line_names_them():
    keep_card()
    app = ScorekeeperApp(journal="near.csv", players=FOUR)
    app.winner.value, app.how.value, app.line.value = "Ann", "self-drawn", "Evens #9"
    app.add.click()
    assert app.error == "Evens #9 is not on the card (card.csv); its nearest lines: Evens #4, Evens #3, Evens #2"
    assert "Evens #9 is not on the card" in app.status.value


def test_without_a_card_there_is_no_line_control_and_the_form_is_as_before():
    app = ScorekeeperApp(journal="plain.csv", players=FOUR)
    assert app.club_card.card is None and app.club_card.note.value == ""
    assert app.club_card.widget.layout.display == "none" and app.line.layout.display == "none"
    app.winner.value, app.how.value, app.value.value = "Ann", "self-drawn", "35"
    app.add.click()
    assert app.ledger.lines[0].entry.line is None and app.ledger.lines[0].value == 35
    assert journal_path("plain.csv").read_text(encoding="utf-8-sig").splitlines()[-1] == \
        "1,Ann,self-drawn,,35,no,other,,,,,"


def test_a_willingdon_night_has_no_line_even_where_the_club_has_a_card():
    keep_card()
    app = ScorekeeperApp(journal="wd.csv", players=FOUR, game="willingdon")
    assert app.club_card.card is not None
    assert app.club_card.widget.layout.display == "none" and app.session.form.card is None


def test_the_line_box_offers_the_cards_lines_and_carries_its_css_classes():
    keep_card()
    app = ScorekeeperApp(journal="classes.csv", players=FOUR)
    found = {c for w in _all(app.widget) for c in w._dom_classes}
    assert {"mjs-score-line", "mjs-score-card-note"} <= found
    assert app.line.options == ("Evens #1", "Evens #2", "Evens #2 concealed", "Evens #3", "Evens #4", "Quints #1",
                                "Singles and Pairs #1")
    assert app.club_card.widget.layout.display == "" and "Our club&#x27;s card" in app.club_card.note.value


def test_a_card_that_cannot_be_read_is_named_with_its_row_and_values_are_typed():
    keep_card(CARD + "Evens,2,35,,\n")
    app = ScorekeeperApp(journal="bad-card.csv", players=FOUR)
    assert app.club_card.card is None and app.line.layout.display == "none"
    assert app.club_card.widget.layout.display == ""  # the note says why there are no lines
    assert "card.csv line 9: Evens #2 is on the card twice (first at card.csv line 4)" in app.club_card.note.value
    app.winner.value, app.how.value, app.value.value = "Ann", "self-drawn", "35"
    app.add.click()
    assert app.ledger.lines[0].value == 35


def test_the_line_sets_value_and_section_and_a_value_or_section_chosen_by_hand_drops_it():
    keep_card()
    app = ScorekeeperApp(journal="drops.csv", players=FOUR)
    app.winner.value, app.how.value, app.jokerless.value = "Ann", "self-drawn", True
    app.line.value = "quints 1"
    assert (app.value.value, app.category.value, app.quick.value) == ("40", "quints", 40)
    assert "Quints #1" in app.payments.value and "no double for this section" in app.payments.value
    app.category.value = "other"  # the section chosen by hand: the line no longer says it
    assert app.line.value == "" and app.value.value == "40"
    app.line.value = "Evens #2 concealed"
    assert (app.value.value, app.category.value) == ("30", "other")
    app.quick.value = 30  # the same value: the line stays
    assert app.line.value == "Evens #2 concealed"
    app.quick.value = 50
    assert app.line.value == "" and app.value.value == "50"
    app.line.value = "Evens #2 concealed"
    app.how.value = "wall"  # no winner, no line
    assert app.line.disabled
    app.add.click()
    assert app.ledger.lines[0].entry.line is None and app.ledger.lines[0].entry.how == "wall"


def test_a_hand_corrected_by_its_line_keeps_it_and_a_line_as_recorded_stands():
    keep_card()
    assert main(["record", str(journal_path("fix.csv")), "--players", ",".join(FOUR), "--winner", "Ann", "--how",
                 "discard", "--thrower", "Cat", "--line", "Evens #3"]) == 0
    assert main(["record", str(journal_path("fix.csv")), "--winner", "Bea", "--how", "self-drawn",
                 "--line", "Evens #4"]) == 0
    # the club types its card again: Evens #3 is 35 now, and Evens #4 is gone
    keep_card(CARD.replace("Evens,3,25,,", "Evens,3,35,,").replace("Evens,4,30,,\n", ""))
    app = ScorekeeperApp(journal="fix.csv")
    app.editing.value = 2
    assert app.line.value == "Evens #4"
    app.thrower.value = None
    app.how.value = "discard"
    app.thrower.value = "Dee"  # only the thrower is changed: the line as recorded stands
    app.add.click()
    assert app.error is None and app.ledger.lines[1].entry.line == "Evens #4" and app.ledger.lines[1].value == 30
    app.editing.value = 1
    app.line.value = "evens 3"  # named again (as typed): the card's value now, and the line kept
    assert app.value.value == "35"
    app.add.click()
    assert app.error is None
    entry = load_journal(journal_path("fix.csv")).ledger.lines[0].entry
    assert (entry.line, entry.value, entry.thrower) == ("Evens #3", 35, "Cat")
