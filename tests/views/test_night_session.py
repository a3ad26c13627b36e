"""The scorekeeper's night session, driven without a widget: what the night is doing (the hand
being entered, a correction, what can be brought back, which night is open, other tabs' hands)
is the session's, and the app only shows it (``tests/views/test_scorekeeper_*`` drive the app)."""

from __future__ import annotations

import subprocess
import sys

from mjscore.night import journal_path, load_journal
from mjscore.views.night.entered import BLANK
from mjscore.views.night.night_session import NightSession

PLAYERS = ["Ann", "Bea", "Cat", "Dee"]


def night(name: str, players=PLAYERS, **settings) -> NightSession:
    session = NightSession()
    session.open(journal_path(name), players, **settings)
    assert session.ledger is not None, session.said
    return session


def test_the_session_imports_no_widget_library():
    code = ("import sys, mjscore.views.night.night_session, mjscore.views.night.entered; "
            "print(sorted(m for m in ('ipywidgets', 'traitlets', 'pandas', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_hand_entered_and_added_is_in_the_journal_and_the_form_is_cleared():
    s = night("session-add.csv")
    s.form.enter(winner="Ann", thrower="Cat", value="30")
    assert s.form.preview()[2] == "Hand 1, if you add it"
    s.add()
    assert s.ledger.totals == {"Ann": 120, "Bea": -30, "Cat": -60, "Dee": -30}
    assert s.said.line.number == 1 and not s.said.error
    assert s.form.hand == BLANK and not s.form.unsaved()
    assert load_journal(s.path).ledger.totals == s.ledger.totals


def test_what_is_missing_is_said_and_nothing_is_added():
    s = night("session-missing.csv")
    s.form.enter(winner="Ann")
    s.add()
    assert s.said == ("Choose who threw the winning tile.", True, None, None) and len(s.ledger) == 0


def test_choosing_the_winner_unchooses_a_thrower_who_is_the_winner():
    s = night("session-tidy.csv")
    s.form.enter(winner="Bea", thrower="Ann", dead=("Ann", "Cat"))
    s.form.enter(winner="Ann")
    assert s.form.hand["thrower"] is None and s.form.hand["dead"] == ("Cat",)


def test_a_correction_saves_only_what_changed_and_can_be_put_back():
    s = night("session-correct.csv")
    s.form.enter(winner="Ann", thrower="Cat", value="30", note="first")
    s.add()
    s.choose(1)
    assert s.form.hand["note"] == "first" and not s.form.unsaved()
    s.form.enter(value="40")
    assert s.form.preview()[2] == "Hand 1, if you save the correction"
    s.add()
    assert s.ledger.line(1).entry.value == 40 and s.ledger.line(1).entry.note == "first"
    assert s.form.editing == 0 and s.offer.label == "Put hand 1 back as it was"
    s.take_offer()
    assert s.ledger.line(1).entry.value == 30 and s.offer is None


def test_a_hand_being_entered_waits_while_an_earlier_one_is_corrected():
    s = night("session-draft.csv")
    s.form.enter(winner="Ann", thrower="Cat")
    s.add()
    s.form.enter(winner="Dee", how="self-drawn", value="50")
    s.choose(1)
    assert s.form.hand["winner"] == "Ann"
    s.choose(0)
    assert (s.form.hand["winner"], s.form.hand["how"], s.form.hand["value"]) == ("Dee", "self-drawn", "50")


def test_a_correction_left_unsaved_is_offered_back():
    s = night("session-unsaved.csv")
    s.form.enter(winner="Ann", thrower="Cat")
    s.add()
    s.choose(1)
    s.form.enter(value="45")
    s.choose(0)
    assert s.offer.label == "Back to your unsaved changes to hand 1"
    s.take_offer()
    assert s.form.editing == 1 and s.form.hand["value"] == "45" and s.form.unsaved()


def test_undo_asks_names_the_hand_and_the_hand_can_be_brought_back():
    s = night("session-undo.csv")
    s.form.enter(winner="Ann", thrower="Cat")
    s.add()
    question = s.undo_question()
    assert question.text.startswith("Take back hand 1 (") and question.yes == "Take back hand 1"
    assert len(s.ledger) == 1  # asking takes nothing back
    question.then()
    assert len(s.ledger) == 0 and s.offer.label == "Bring back hand 1"
    s.take_offer()
    assert len(s.ledger) == 1 and s.said.text.startswith("Hand 1 is back")


def test_a_closed_night_opens_again_with_the_hand_being_entered():
    s = night("session-close.csv")
    s.form.enter(winner="Bea", how="self-drawn", value="35")
    assert "the hand being entered is not added" in s.close_question().text
    s.close_question().then()
    assert s.ledger is None and s.form is None and s.offer.label == "Open session-close.csv again"
    s.take_offer()
    assert s.said.text == "session-close.csv is open again, with the hand you were entering."
    assert (s.form.hand["winner"], s.form.hand["value"]) == ("Bea", "35")


def test_other_tabs_hands_are_read_in_and_east_follows_them():
    s = night("session-tabs.csv", game="willingdon")
    assert s.form.hand["east"] == "Ann"
    other = NightSession()
    other.open(s.path)
    other.form.enter(winner="Bea", how="wall")
    other.add()
    assert s.catch_up()
    assert s.said.text.startswith("session-tabs.csv changed in another tab or at the terminal: 1 hand came in.")
    assert s.form.hand["east"] == "Bea" and "Bea is East for hand 2" in s.form.east_note


def test_a_hand_is_not_saved_with_the_east_of_a_hand_no_longer_the_last():
    s = night("session-stale.csv", game="willingdon")
    s.form.enter(how="wall")
    other = NightSession()
    other.open(s.path)
    other.form.enter(how="wall")
    other.add()
    s.add()
    assert len(s.ledger) == 1 and s.said.error
    assert s.said.text == ("Hands from another tab came in first, so this is hand 2 and Bea is East. Nothing was "
                           "saved: check the hand and press Add again.")


def test_with_five_players_who_sat_out_sits_out_the_next_hand():
    s = night("session-five.csv", players=PLAYERS + ["Eve"])
    assert s.form.hand["bettor"] == "Eve"
    s.form.enter(bettor="Ann", winner="Ann")
    assert s.form.hand["winner"] is None  # who sits out cannot win
    s.form.enter(winner="Bea", how="self-drawn", pick="Bea")
    s.add()
    assert s.form.hand["bettor"] == "Ann"


def test_a_night_that_cannot_be_opened_is_said_and_nothing_opens(tmp_path):
    bad = tmp_path / "not-a-night.csv"
    bad.write_text("this is not a journal\n", encoding="utf-8")
    s = NightSession()
    s.open(bad)
    assert s.ledger is None and s.said.error


def test_a_second_press_of_add_on_a_hand_just_saved_keeps_what_was_said():
    """A double tap at the table: the hand is saved once, and its payments stay on the screen
    (not "Choose the winner", which read as if the hand had failed)."""
    s = night("session-double.csv")
    s.form.enter(winner="Ann", thrower="Cat")
    s.add()
    saved = s.said
    s.add()
    assert len(s.ledger) == 1 and s.said is saved
    s.form.enter(winner="Bea")  # something entered for the next hand: Add asks for the rest
    s.add()
    assert s.said.text == "Choose who threw the winning tile." and s.said.error
