"""The scorekeeper opens the night in progress, never a night because of its file's name.

A page reloaded, a second tab, a new page and a restarted kernel each make a new app with no
night named (``ScorekeeperApp()``, as the site's page and lesson 8 make it): each must open the
night this data folder was working on, say which, and say how to switch; where several nights
are in progress it asks which. Each app below is such a start.
"""

from __future__ import annotations

import html
from datetime import date

from mjscore.cli import main
from mjscore.night import journal_path, load_journal
from mjscore.night.in_progress import RECORD, in_progress, mark_open
from mjscore.views.night.scorekeeper_app import ScorekeeperApp

FOUR = ["Ann", "Bea", "Cat", "Dee"]
GOULASH = "Tuesday's Goulash 🀄"


def _start(app: ScorekeeperApp, name: str | None, game: str) -> None:
    if name is not None:
        app.name.value = name
    app.players.value, app.game.value = ", ".join(FOUR), game
    app.start.click()
    assert app.ledger is not None and app.ledger.game == game, app.status.value


def _american_hand(app: ScorekeeperApp) -> None:
    app.winner.value, app.how.value, app.thrower.value, app.value.value = "Ann", "discard", "Cat", "25"
    app.add.click()


def _willingdon_hand(app: ScorekeeperApp) -> None:
    app.winner.value, app.how.value, app.score.value = "Bea", "self-drawn", "256"
    app.add.click()


def _close(app: ScorekeeperApp) -> None:
    app.another.click()
    app.closer.yes.click()
    assert app.ledger is None


def test_the_walk_throughs_night_reopens_after_a_reload_a_second_tab_and_a_restart():
    """The issue's case: an American night under the default name, then another night, a
    Willingdon one with four hands; every fresh start opens the Willingdon night, not the file
    with today's default name."""
    app = ScorekeeperApp()
    default = f"night-{date.today().isoformat()}.csv"
    assert app.name.value == default and app.ledger is None
    _start(app, None, "american")
    for _ in range(3):
        _american_hand(app)
    _close(app)
    assert app.name.value != default  # the next night's name is not the one just closed
    _start(app, GOULASH, "willingdon")
    for _ in range(4):
        _willingdon_hand(app)
    for start in ("a reload", "a second tab", "a restarted kernel"):
        again = ScorekeeperApp()
        assert again.path == journal_path(GOULASH), start
        assert again.ledger.game == "willingdon" and len(again.ledger) == 4, start
        said = again.status.value
        assert f"Opened {GOULASH}.csv, the night in progress here" in said.replace("&#x27;", "'"), said
        assert "“Another night”" in said and "4 hands so far" in said
        assert "To switch nights: “Another night”" in again.journal.value
    # the American night is saved and listed, one click from carrying it on, but not in progress
    assert [p.name for p in in_progress()] == [f"{GOULASH}.csv"]


def test_a_night_with_todays_default_name_is_not_opened_unless_it_is_in_progress():
    assert main(["record", str(journal_path(f"night-{date.today().isoformat()}.csv")), "--players", ",".join(FOUR),
                 "--winner", "Ann", "--how", "self-drawn", "--value", "25"]) == 0
    app = ScorekeeperApp()
    assert app.ledger is None  # a night kept at the terminal is saved, not in progress at the app
    assert app.name.value == f"night-{date.today().isoformat()}-2.csv"  # a new night's name holds none yet
    assert app.nights.value == f"night-{date.today().isoformat()}.csv"  # the saved one, chosen in the list


def test_two_nights_in_progress_ask_which():
    one, two = ScorekeeperApp(), ScorekeeperApp()
    _start(one, "first-table.csv", "american")
    _american_hand(one)
    _start(two, "second-table.csv", "willingdon")
    _willingdon_hand(two)
    third = ScorekeeperApp()
    assert third.ledger is None  # not a guess
    said = third.status.value
    assert "2 nights are in progress here" in said and "Which one is this table" in said
    assert "first-table.csv (American, 1 hand)" in said and "second-table.csv (Willingdon, 1 hand)" in said
    labels = dict((v, label) for label, v in third.nights.options)
    assert labels["first-table.csv"] == "first-table.csv (in progress)"
    assert third.nights.value in ("first-table.csv", "second-table.csv")
    third.nights.value = "first-table.csv"
    third.open.click()
    assert third.path.name == "first-table.csv" and len(third.ledger) == 1
    # one of them closed: the other is the night in progress again
    _close(two)
    assert ScorekeeperApp().path.name == "first-table.csv"


def test_a_night_named_opens_whatever_is_in_progress():
    _start(ScorekeeperApp(), "in-progress.csv", "american")
    other = ScorekeeperApp(journal="named.csv", players=FOUR)
    assert other.path.name == "named.csv"
    assert sorted(p.name for p in in_progress()) == ["in-progress.csv", "named.csv"]


def test_a_damaged_record_is_no_night_in_progress_and_is_written_afresh():
    app = ScorekeeperApp()
    _start(app, "kept.csv", "american")
    _american_hand(app)
    record = journal_path("kept.csv").parent / RECORD
    record.write_text('{"in_progress": [', encoding="utf-8")  # cut short
    fresh = ScorekeeperApp()
    assert fresh.ledger is None and fresh.nights.value == "kept.csv"  # nothing lost: listed, one click away
    fresh.open.click()
    assert [p.name for p in in_progress()] == ["kept.csv"]
    assert len(load_journal(journal_path("kept.csv")).ledger) == 1


def test_a_night_gone_from_the_folder_is_not_in_progress():
    _start(ScorekeeperApp(), "gone.csv", "american")
    journal_path("gone.csv").unlink()
    assert in_progress() == [] and ScorekeeperApp().ledger is None
    mark_open(journal_path("never-written.csv"))
    assert in_progress() == []


def test_closing_a_night_opened_at_the_start_shows_its_games_rules():
    """A Willingdon night opened as the app starts, then closed: the setup shows Willingdon with
    the Willingdon rules (they once stayed hidden: the game was set without showing its rules)."""
    _start(ScorekeeperApp(), "goulash.csv", "willingdon")
    app = ScorekeeperApp()
    assert app.ledger.game == "willingdon"
    _close(app)
    assert app.game.value == "willingdon"
    assert app.willingdon_rules.layout.display == "" and app.american_rules.layout.display == "none"


def test_the_night_can_always_be_saved_as_its_journal_and_the_link_follows_each_hand():
    """Every front end offers the night's journal to save (the site's front page promises a copy),
    not only a browser that keeps nothing; the file saved is the journal as it is after each hand."""
    import base64
    import re

    app = ScorekeeperApp()
    _start(app, "club.csv", "american")
    for hands_saved in (1, 2):
        _american_hand(app)
        link = re.search(r'class="mjs-download" download="club.csv" href="data:text/csv;base64,([^"]+)"',
                         app.journal.value)
        assert link and "Save club.csv" in app.journal.value, app.journal.value
        saved = base64.b64decode(link.group(1))
        assert saved == journal_path("club.csv").read_bytes()
        assert len(load_journal(journal_path("club.csv")).ledger) == hands_saved
    assert "This browser keeps nothing" not in app.journal.value  # a machine's own folders keep it


def test_a_hand_added_in_a_tab_after_another_tab_closed_the_night_keeps_it_in_progress():
    """Closed in one tab, carried on in another: the hand is saved, the tab says the night had been
    closed, and it is the night in progress again (a reload opens it, not the list)."""
    one = ScorekeeperApp()
    _start(one, "two-tabs.csv", "american")
    _american_hand(one)
    two = ScorekeeperApp()
    assert two.path.name == "two-tabs.csv"
    _close(one)
    assert in_progress() == []
    _american_hand(two)
    assert len(load_journal(journal_path("two-tabs.csv")).ledger) == 2
    assert "two-tabs.csv had been closed in another tab: it is in progress again, here." in two.status.value
    assert ScorekeeperApp().path.name == "two-tabs.csv"
    _american_hand(two)
    assert "had been closed" not in two.status.value  # said once


def test_a_night_started_with_no_players_typed_says_what_to_type():
    """The example under "Players" looked filled in; Start said "got 0"."""
    app = ScorekeeperApp()
    assert app.players.placeholder.startswith("such as")
    app.start.click()
    assert app.ledger is None and "Type the players' names first, under “Players”" in html.unescape(app.status.value)
    app.players.value = "Ann, Bea"
    app.start.click()
    assert app.ledger is None and "got 2" in app.status.value  # a wrong count says how many it read
