"""The scorekeeper at a real table, driven without a browser: what a tester who had not read the
code tripped on (file names, the list of nights, two tabs, the questions, tapping the tiles, the
reasons for a payment), each kept from coming back."""

from __future__ import annotations

import os
import re

from mjscore.hands import load_hand
from mjscore.night import journal_path, list_nights, load_journal, open_night
from mjscore.views.night.scorekeeper_app import ScorekeeperApp
from mjscore.views.night.tile_entry import PLAIN
from mjscore.willingdon.scoring import score

FOUR = ["Ann", "Bea", "Cat", "Dee"]


def willingdon(name: str, **rules) -> ScorekeeperApp:
    app = ScorekeeperApp(journal=name)
    app.players.value, app.game.value = ", ".join(FOUR), "willingdon"
    app.penalty.value = rules.get("penalty", False)
    app.start.click()
    return app


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<style>.*?</style>|<[^>]+>", " ", html)).strip()


# --------------------------------------------------------------------------- 1. file names


def test_a_name_without_an_extension_gets_csv_and_the_night_stays_reachable():
    app = ScorekeeperApp(journal="first.csv")
    app.name.value, app.players.value = "tuesday", ", ".join(FOUR)
    assert "tuesday.csv" in app.journal.value  # said before the night starts
    app.start.click()
    assert app.path == journal_path("tuesday.csv") and app.path.name == "tuesday.csv"
    app.winner.value, app.how.value = "Ann", "self-drawn"
    app.add.click()
    app.another.click()
    app.closer.yes.click()
    assert "tuesday.csv" in [v for _, v in app.nights.options]
    # the same name again: refused, and the night is chosen in the list, one click from carrying it on
    app.name.value, app.players.value = "tuesday", "Eve, Fay, Gil, Hal"
    app.start.click()
    assert app.ledger is None and "tuesday.csv already holds a night" in app.status.value
    assert app.nights.value == "tuesday.csv" and not app.open.disabled
    app.open.click()
    assert app.ledger.players == tuple(FOUR) and len(app.ledger) == 1


def test_a_night_saved_without_an_extension_before_is_listed_and_carried_on():
    old = journal_path("tuesday.csv").with_name("tuesday")  # as an earlier version wrote it
    open_night(old, FOUR).ledger.add(winner="Ann", how="self-drawn", value=25)
    assert journal_path("tuesday") == old  # the name as typed finds it
    assert [p.name for p in list_nights()] == ["tuesday"]  # its lock file is not a night
    app = ScorekeeperApp()
    assert app.nights.value == "tuesday"
    app.name.value, app.players.value = "tuesday", ", ".join(FOUR)
    app.start.click()
    assert app.ledger is None and app.nights.value == "tuesday" and "“Carry on this night”" in app.status.value
    app.open.click()
    assert app.path == old and len(app.ledger) == 1


def test_every_night_the_folder_holds_is_listed_but_not_what_a_journal_keeps_beside_it():
    folder = journal_path("x.csv").parent
    for name in ("a.csv", "b.txt", "c"):
        open_night(folder / name, FOUR)
    for name in ("a.csv.lock", "a.torn.csv", "a.before-repair.csv", ".a.csv.123.tmp", ".hidden.csv"):
        (folder / name).write_text("#players,Ann,Bea,Cat,Dee\n", encoding="utf-8")
    (folder / "empty.csv").write_text("", encoding="utf-8")
    assert sorted(p.name for p in list_nights()) == ["a.csv", "b.txt", "c"]


def test_a_night_kept_in_another_folder_is_put_in_the_list_when_its_name_is_refused(tmp_path):
    elsewhere = tmp_path / "club" / "friday.csv"
    elsewhere.parent.mkdir()
    open_night(elsewhere, FOUR)
    app = ScorekeeperApp(journal="new.csv")
    typed = str(tmp_path / "club" / "friday")  # no extension: friday.csv
    app.name.value, app.players.value = typed, ", ".join(FOUR)
    app.start.click()
    assert app.ledger is None and "friday.csv already holds a night" in app.status.value
    assert app.nights.value == typed
    app.open.click()
    assert app.path == elsewhere


# --------------------------------------------------------------------------- 2. two tabs


def test_a_hand_is_never_saved_with_the_east_of_a_hand_that_is_no_longer_the_last():
    a = willingdon("two-east.csv")
    b = ScorekeeperApp(journal="two-east.csv")
    assert a.east.value == b.east.value == "Ann"
    b.winner.value, b.how.value, b.score.value = "Dee", "self-drawn", "100"  # b fills in hand 1 ...
    a.winner.value, a.how.value, a.score.value = "Cat", "self-drawn", "100"
    a.add.click()  # ... while a adds it: Ann did not win, East passes to Bea
    b.add.click()
    assert len(b.ledger) == 1 and len(load_journal(journal_path("two-east.csv")).ledger) == 1  # nothing saved
    assert b.east.value == "Bea" and "Bea is East for hand 2" in b.east_note.value
    assert "Nothing was saved: check the hand and press Add again" in b.status.value
    assert (b.winner.value, b.how.value, b.score.value) == ("Dee", "self-drawn", "100")  # the hand is kept
    b.add.click()  # checked: added as hand 2, Bea East
    saved = load_journal(journal_path("two-east.csv")).ledger.lines
    assert [ln.entry.east for ln in saved] == [None, "Bea"] and saved[1].entry.winner == "Dee"


def test_a_click_reads_other_tabs_hands_in_and_east_follows_at_once():
    a = willingdon("click-east.csv")
    b = ScorekeeperApp(journal="click-east.csv")
    a.winner.value, a.how.value, a.score.value = "Cat", "self-drawn", "100"
    a.add.click()
    b.winner.value = "Dee"  # the next click
    assert len(b.ledger) == 1 and "Totals after 1 hand" in b.totals.value
    assert b.east.value == "Bea" and "Bea is East for hand 2" in b.east_note.value
    assert "1 hand came in" in b.status.value and "Bea is East for hand 2 now, not Ann" in b.status.value
    b.how.value, b.score.value = "self-drawn", "100"
    b.add.click()
    assert b.ledger.lines[-1].entry.east == "Bea"


def test_a_hand_that_comes_in_at_the_very_moment_of_add_is_caught_by_the_engine():
    a = willingdon("race.csv")
    b = ScorekeeperApp(journal="race.csv")
    b.winner.value, b.how.value, b.score.value = "Dee", "self-drawn", "100"
    a.winner.value, a.how.value, a.score.value = "Cat", "self-drawn", "100"
    a.add.click()
    b.ledger.sync = lambda: False  # b's look before Add misses it: it comes in while b writes
    b.add.click()
    assert [ln.entry.winner for ln in load_journal(journal_path("race.csv")).ledger.lines] == ["Cat"]
    assert b.east.value == "Bea" and "Nothing was saved" in b.status.value


def test_a_hand_that_waited_comes_back_with_east_as_it_now_follows():
    a = willingdon("waited.csv")
    a.winner.value, a.how.value, a.score.value = "Ann", "self-drawn", "100"  # Ann keeps the deal
    a.add.click()
    b = ScorekeeperApp(journal="waited.csv")
    b.winner.value, b.how.value, b.score.value = "Dee", "self-drawn", "200"
    b.editing.value = 1  # b corrects hand 1 meanwhile; the hand being entered waits
    a.winner.value, a.how.value, a.score.value = "Cat", "self-drawn", "100"
    a.add.click()  # East passes from Ann to Bea
    b.editing.value = 0
    assert (b.winner.value, b.score.value) == ("Dee", "200") and b.east.value == "Bea"
    b.add.click()
    assert b.ledger.lines[-1].entry.east == "Bea" and len(b.ledger) == 3


def test_with_five_players_who_sits_out_follows_other_tabs_hands_too():
    a = ScorekeeperApp(journal="five-tabs.csv", players=FOUR + ["Eve"])
    b = ScorekeeperApp(journal="five-tabs.csv")
    assert a.bettor.value == b.bettor.value == "Eve"
    b.winner.value, b.how.value, b.pick.value = "Ann", "self-drawn", "Ann"  # b fills in hand 1 ...
    a.bettor.value = "Ann"  # ... while a enters it with Ann sitting out
    a.winner.value, a.how.value, a.pick.value = "Eve", "self-drawn", "Eve"
    a.add.click()
    b.add.click()  # Ann cannot win a hand she sits out: nothing saved, the form follows
    assert len(load_journal(journal_path("five-tabs.csv")).ledger) == 1
    assert b.bettor.value == "Ann" and b.winner.value is None and "Ann sits out" in b.status.value
    assert "Nothing was saved" in b.status.value
    b.winner.value, b.pick.value = "Bea", "Bea"
    b.add.click()
    assert b.ledger.lines[-1].entry.bettor == "Ann" and len(b.ledger) == 2


def test_undo_names_the_last_hand_as_it_is_with_other_tabs_hands():
    a = ScorekeeperApp(journal="undo-tabs.csv", players=FOUR)
    b = ScorekeeperApp(journal="undo-tabs.csv")
    a.winner.value, a.how.value = "Ann", "self-drawn"
    a.add.click()
    b.undo.click()
    assert "Take back hand 1 (Ann wins self-drawn" in b.question.value


# --------------------------------------------------------------------------- 3. the list


def test_the_most_recent_night_is_chosen_and_carry_on_never_does_nothing():
    for i, name in enumerate(("older.csv", "newer.csv")):
        path = journal_path(name)
        open_night(path, FOUR)
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
    app = ScorekeeperApp()
    assert [v for _, v in app.nights.options] == ["newer.csv", "older.csv"] and app.nights.value == "newer.csv"
    app.nights.value = None  # nothing chosen (a browser can clear a list)
    app.open.click()
    assert app.ledger is None and "Choose a night under “Saved nights” first" in app.status.value
    app.nights.value = "older.csv"
    assert app.status.value == ""  # the refusal goes once a night is chosen
    app.open.click()
    assert app.path.name == "older.csv"


# --------------------------------------------------------------------------- 4. questions


def _row_after(box, button):
    """The child of ``box`` right after the row that holds ``button``."""
    kids = list(box.children)
    row = next(i for i, c in enumerate(kids) if button in getattr(c, "children", ()))
    return kids[row + 1]


def test_each_question_is_asked_beside_the_button_that_asked_it():
    app = ScorekeeperApp(journal="beside.csv", players=FOUR)
    app.winner.value, app.how.value = "Ann", "self-drawn"
    app.add.click()
    assert _row_after(app.hand_box, app.undo) is app.ask
    assert _row_after(app.night_box, app.another) is app.closer.widget
    app.undo.click()
    assert app.ask.layout.display == "" and app.closer.widget.layout.display == "none"
    app.another.click()  # one question at a time: Undo's is answered no
    assert app.ask.layout.display == "none" and app.closer.widget.layout.display == ""
    assert len(app.ledger) == 1


# --------------------------------------------------------------------------- 5. tapping the tiles


def test_tapping_starts_plain_each_hand_and_a_tap_forgets_the_sets_shown():
    app = willingdon("tap.csv", penalty=True)
    entry = app.tile_entry
    entry.mode.value = "tap"
    assert not any(b.value for b in entry.builder.flowers.values())  # no flowers to start with
    assert table_score(entry) == 0 and entry.note.layout.display == ""  # a plain start, said to be one
    assert app.tiles.value == ""  # nothing taken before a tap
    app.winner.value, app.how.value, app.thrower.value = "Bea", "discard", "Dee"
    tap_hand(entry, "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2")
    assert app.tiles.value == "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2" and entry.note.layout.display == "none"
    app.exposed.value = 2
    entry.builder.sets[3]["exposed"].value = True  # a tap that changes the tiles: 2 may be wrong now
    assert app.tiles.value == "+RDx3 +GDx3 +WDx3 +5Bx3 2Cx2" and app.exposed.label == "not said"
    entry.builder.sets[3]["exposed"].value = False
    app.exposed.value = 2
    app.add.click()
    assert len(app.ledger) == 1
    # the next hand starts clean: the builder too
    assert app.tiles.value == "" and entry.builder.build().melds == load_hand(PLAIN).melds
    assert not any(s["exposed"].value for s in entry.builder.sets) and entry.note.layout.display == ""


def table_score(entry) -> int:
    return score(entry.builder.build()).score


def tap_hand(entry, text: str) -> None:
    """Tap a hand in, one control at a time (as a scorekeeper would)."""
    hand = load_hand(text)
    for row, meld in zip(entry.builder.sets, hand.melds):
        row["tile"].value, row["kind"].value, row["exposed"].value = meld.tile, meld.kind, meld.exposed
    entry.builder.pair.value = hand.pair.tile


def test_tiles_and_a_score_must_agree_or_the_hand_is_refused():
    app = willingdon("agree.csv", penalty=True)
    app.winner.value, app.how.value = "Bea", "self-drawn"
    app.tiles.value = "RDx3 GDx3 WDx3 2Bx3 3Cx2"
    tiles_score = app.ledger.check(**{**app.fields(), "value": None}).value
    app.score.value = "100"
    message = f"The tiles score {tiles_score:,}, but “Or a score” says 100"
    assert message in app.payments.value
    app.add.click()
    assert len(app.ledger) == 0 and message in app.status.value
    app.score.value = f"{tiles_score:,}"  # they agree: taken
    assert "if you add it" in app.payments.value
    app.add.click()
    assert app.ledger.lines[-1].value == tiles_score
    # three sets shown, the count not said yet: the disagreement is still what is said first
    app.winner.value, app.how.value, app.thrower.value = "Bea", "discard", "Dee"
    app.tiles.value, app.score.value = "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2", "100"
    assert "but “Or a score” says 100" in app.payments.value


def test_a_score_typed_while_tapping_is_the_score_and_the_builder_says_it_is_not_taken():
    app = willingdon("score-tap.csv")
    app.tile_entry.mode.value = "tap"
    app.winner.value, app.how.value, app.score.value = "Bea", "self-drawn", "100"
    assert app.tiles.value == "" and app.tile_entry.note.layout.display == ""
    assert "The Tiles box below fills in at your first tap" in app.tile_entry.note.value
    app.add.click()
    assert app.ledger.lines[-1].value == 100 and app.ledger.lines[-1].entry.tiles is None


# --------------------------------------------------------------------------- 6. why it pays that


def test_the_penalty_and_each_reason_are_said_in_the_preview_the_saved_hand_and_the_report_card():
    app = willingdon("why.csv", penalty=True)
    app.winner.value, app.how.value, app.thrower.value = "Bea", "discard", "Cat"
    app.score.value, app.exposed.value = "576", 3
    penalty = "Cat (West) fed a mahjong to a player showing three exposed sets, so pays for all three: 1,728."
    assert penalty in _text(app.payments.value) and "Bea (South) wins with 576." in _text(app.payments.value)
    app.add.click()
    assert penalty in _text(app.status.value)
    assert penalty in _text(app.report.value) and "<details" in app.report.value


# --------------------------------------------------------------------------- 7. said once, and not stale


def test_what_is_missing_is_said_once():
    app = ScorekeeperApp(journal="once.csv", players=FOUR)
    app.add.click()
    assert (app.status.value + app.payments.value).count("Choose the winner") == 1
    app.winner.value = "Ann"
    assert app.status.value == "" and "Choose who threw" in app.payments.value


def test_a_refused_file_name_is_forgotten_once_the_name_is_changed():
    open_night(journal_path("taken.csv"), FOUR)
    app = ScorekeeperApp(journal="fresh.csv")
    app.name.value, app.players.value = "taken.csv", ", ".join(FOUR)
    app.start.click()
    assert "already holds a night" in app.status.value
    app.name.value = "wednesday.csv"
    assert app.status.value == "" and app.error is None
    app.start.click()
    assert app.path.name == "wednesday.csv"
