"""The ledger: a night's hands, payments and running totals, and its journal file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore.files import storage
from mjscore.american import LEAGUE_CARD, home_payments
from mjscore.cli import main
from mjscore.hands import parse
from mjscore.night import (Entry, Ledger, LedgerError, journal_path, load_journal, open_night,
                            read_journal, simulate_night)
from mjscore.willingdon.settle import TableRules
from mjscore.willingdon import score

FOUR = ["Ann", "Bea", "Cat", "Dee"]
FIVE = ["Ann", "Bea", "Cat", "Dee", "Eve"]


# --------------------------------------------------------------------------- the seed, hand by hand


def test_the_seeds_four_worked_examples_hand_by_hand():
    night = Ledger(FOUR)
    line = night.add(winner="Ann", how="discard", thrower="Cat", value=25)
    assert line.payments == {"Ann": 100, "Bea": -25, "Cat": -50, "Dee": -25}
    line = night.add(winner="Ann", how="self-drawn", value=25)
    assert line.payments == {"Ann": 150, "Bea": -50, "Cat": -50, "Dee": -50}
    line = night.add(winner="Ann", how="discard", thrower="Bea", value=25, jokerless=True)
    assert line.payments == {"Ann": 200, "Bea": -100, "Cat": -50, "Dee": -50}
    line = night.add(winner="Ann", how="self-drawn", value=25, jokerless=True)
    assert line.payments == {"Ann": 300, "Bea": -100, "Cat": -100, "Dee": -100}
    assert night.totals == {"Ann": 750, "Bea": -275, "Cat": -250, "Dee": -225}
    assert [ln.number for ln in night.lines] == [1, 2, 3, 4]


def test_a_winds_hand_without_jokers_on_a_throw_and_the_exempt_sections():
    night = Ledger(FOUR)
    line = night.add(winner="Bea", how="discard", thrower="Dee", value=30, jokerless=True,
                     category="winds-dragons")
    assert line.payments["Dee"] == -120 and line.payments["Bea"] == 240
    line = night.add(winner="Cat", how="self-drawn", value=50, jokerless=True, category="singles-and-pairs")
    assert line.payments["Cat"] == 300  # no jokerless double for Singles and Pairs
    assert "no double" in line.text
    line = night.add(winner="Cat", how="self-drawn", value=40, jokerless=True, category="quints")
    assert line.payments["Cat"] == 240  # nor for Quints, under the seed's rule
    league = Ledger(FOUR, rules=LEAGUE_CARD)
    assert league.add(winner="Cat", how="self-drawn", value=40, jokerless=True,
                      category="quints").payments["Cat"] == 480


def test_wall_game_dead_hands_and_joker_exchange():
    night = Ledger(FOUR)
    assert night.add(how="wall").payments == {p: 0 for p in FOUR}
    line = night.add(winner="Ann", how="discard", thrower="Bea", value=25, dead=["Dee"])
    assert line.payments["Dee"] == -25  # a dead hand pays like any other
    assert "dead: Dee" in line.text
    assert night.add(winner="Bea", how="joker-exchange", value=25).payments["Bea"] == 150
    assert night.add(winner="Bea", how="heavenly-hand", value=25).payments["Bea"] == 150
    with pytest.raises(LedgerError, match="dead hand"):
        night.add(winner="Ann", how="self-drawn", value=25, dead=["Ann"])


@pytest.mark.parametrize("fields, message", [
    (dict(winner="Ann", how="discard", value=25), "name the thrower"),
    (dict(winner="Ann", how="discard", thrower="Ann", value=25), "thrower"),
    (dict(winner="Ann", how="self-drawn", thrower="Bea", value=25), "no thrower"),
    (dict(winner="Ann", how="discard", thrower="Bea"), "value is missing"),
    (dict(winner="Ann", how="discard", thrower="Bea", value=0), "more than 0"),
    (dict(winner="Ann", how="discard", thrower="Bea", value="lots"), "whole number"),
    (dict(winner="Zed", how="self-drawn", value=25), "'Zed' is not one of the players"),
    (dict(winner="Ann", how="sneaky", value=25), "how an American hand ends"),
    (dict(winner="Ann", how="self-drawn", value=25, category="poker"), "unknown category"),
    (dict(winner="Ann", how="wall"), "no winner"),
    (dict(how="wall", value=25), "no value"),
    (dict(how="wall", jokerless=True), "jokerless"),
    (dict(winner="Ann", how="self-drawn", value=25, pick="Bea"), "fifth player"),
    (dict(winner="Ann", how="self-drawn", value=25, tiles="RDx3"), "Willingdon"),
    (dict(winner="Ann", how="self-drawn", value=25, colour="red"), "unknown field 'colour'"),
])
def test_a_hand_that_cannot_be_scored_is_refused_and_changes_nothing(fields, message):
    night = Ledger(FOUR)
    night.add(winner="Bea", how="self-drawn", value=25)
    before = night.lines
    with pytest.raises(LedgerError, match=message):
        night.add(**fields)
    assert night.lines == before


def test_names_are_matched_case_blind_and_kept_as_typed():
    night = Ledger(["<b>Ann</b>", "Bea", "Cat", "Zoë"])
    line = night.add(winner="zoë", how="discard", thrower="<B>ANN</B>", value=25)
    assert line.entry.winner == "Zoë" and line.entry.thrower == "<b>Ann</b>"
    assert line.payments["<b>Ann</b>"] == -50


@pytest.mark.parametrize("players, message", [
    (["Ann", "Bea", "Cat"], "four players"),
    (["Ann", "Bea", "Cat", "Dee", "Eve", "Fay"], "four players"),
    (["Ann", "Bea", "Cat", "ann"], "two players are called"),
    (["Ann", "Bea", "Cat", " "], "needs a name"),
    (["#Ann", "Bea", "Cat", "Dee"], "cannot start with #"),
    (["Ann;Bo", "Bea", "Cat", "Dee"], "cannot hold a ;"),
])
def test_bad_player_lists(players, message):
    with pytest.raises(LedgerError, match=message):
        Ledger(players)


def test_players_as_one_comma_separated_string():
    assert Ledger(" Ann, Bea ,Cat,Dee").players == tuple(FOUR)


# --------------------------------------------------------------------------- undo and correct


def test_undo_takes_back_the_last_hand():
    night = Ledger(FOUR)
    night.add(winner="Ann", how="self-drawn", value=25)
    night.add(winner="Bea", how="discard", thrower="Cat", value=30)
    assert night.undo().entry.winner == "Bea"
    assert night.totals == {"Ann": 150, "Bea": -50, "Cat": -50, "Dee": -50}
    night.undo()
    assert night.totals == {p: 0 for p in FOUR} and len(night) == 0
    with pytest.raises(LedgerError, match="no hand to undo"):
        night.undo()


def test_correcting_an_earlier_hand_recomputes_everything_after_it():
    night = Ledger(FOUR)
    for fields in [dict(winner="Ann", how="discard", thrower="Cat", value=25),
                   dict(winner="Bea", how="self-drawn", value=30),
                   dict(how="wall"),
                   dict(winner="Dee", how="discard", thrower="Ann", value=35)]:
        night.add(**fields)
    fresh = Ledger(FOUR)
    for fields in [dict(winner="Ann", how="discard", thrower="Bea", value=50),
                   dict(winner="Bea", how="self-drawn", value=30),
                   dict(how="wall"),
                   dict(winner="Dee", how="discard", thrower="Ann", value=35)]:
        fresh.add(**fields)
    line = night.correct(1, thrower="Bea", value=50)
    assert line.payments == {"Ann": 200, "Bea": -100, "Cat": -50, "Dee": -50}
    assert [ln.totals for ln in night.lines] == [ln.totals for ln in fresh.lines]
    assert [ln.payments for ln in night.lines] == [ln.payments for ln in fresh.lines]
    # A whole new entry for hand 3, then a refused correction changes nothing.
    night.correct(3, Entry(winner="Cat", how="self-drawn", value=25))
    assert night.lines[2].payments["Cat"] == 150
    assert sum(night.totals.values()) == 0
    before = night.lines
    with pytest.raises(LedgerError, match="not one of the players"):
        night.correct(2, winner="Zed")
    with pytest.raises(LedgerError, match="no hand 9"):
        night.correct(9, winner="Ann")
    assert night.lines == before


# --------------------------------------------------------------------------- five players: the bettor


def test_the_bettor_backing_the_winner_collects_what_the_winner_collects():
    night = Ledger(FIVE)
    line = night.add(winner="Ann", how="discard", thrower="Cat", value=25, pick="Ann")
    assert line.payments == {"Ann": 100, "Bea": -50, "Cat": -100, "Dee": -50, "Eve": 100}
    assert "Eve sits out and backs Ann" in line.text


def test_the_bettor_pays_as_a_loser_and_double_when_her_player_threw():
    night = Ledger(FIVE)
    assert night.add(winner="Ann", how="discard", thrower="Cat", value=25, pick="Bea").payments == \
        {"Ann": 125, "Bea": -25, "Cat": -50, "Dee": -25, "Eve": -25}
    assert night.add(winner="Ann", how="discard", thrower="Cat", value=25, pick="Cat").payments == \
        {"Ann": 150, "Bea": -25, "Cat": -50, "Dee": -25, "Eve": -50}
    assert night.add(winner="Ann", how="self-drawn", value=25, pick="Dee").payments == \
        {"Ann": 200, "Bea": -50, "Cat": -50, "Dee": -50, "Eve": -50}
    assert sum(night.totals.values()) == 0


def test_another_player_can_sit_out_and_a_wall_game_needs_no_pick():
    night = Ledger(FIVE)
    line = night.add(winner="Eve", how="self-drawn", value=25, bettor="Ann", pick="Bea")
    assert line.payments == {"Ann": -50, "Bea": -50, "Cat": -50, "Dee": -50, "Eve": 200}
    assert line.entry.bettor == "Ann"
    assert night.add(how="wall").payments == {p: 0 for p in FIVE}
    with pytest.raises(LedgerError, match="must pick a player"):
        night.add(winner="Ann", how="self-drawn", value=25)
    with pytest.raises(LedgerError, match="not at the table this hand"):
        night.add(winner="Eve", how="self-drawn", value=25, pick="Ann")
    with pytest.raises(LedgerError, match="not at the table this hand"):
        night.add(winner="Ann", how="self-drawn", value=25, bettor="Ann", pick="Bea")


def test_a_five_player_night_survives_its_journal(tmp_path):
    path = tmp_path / "five.csv"
    night = Ledger(FIVE, journal=path)
    night.add(winner="Eve", how="self-drawn", value=25, bettor="Ann", pick="Bea")
    night.add(winner="Bea", how="discard", thrower="Cat", value=30, pick="Cat")
    again = load_journal(path)
    assert again.ok and again.ledger.lines == night.lines
    rows = again.ledger.report_rows()
    assert rows[0]["bettor"] == "Ann" and rows[1]["bettor"] == "Eve"


# --------------------------------------------------------------------------- a Willingdon night


def test_a_willingdon_night_with_typed_scores_and_tiles():
    night = Ledger(FOUR, game="willingdon")
    assert night.add(winner="Bea", how="discard", thrower="Ann", value=64).payments == \
        {"Ann": -64, "Bea": 192, "Cat": -64, "Dee": -64}
    # The seed's 54 points with 5 doubles: Cat sits West when Ann is East.
    tiles = "6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3"
    line = night.add(winner="Cat", how="self-drawn", tiles=tiles)
    expected = score(parse(tiles + " seat=W self-drawn")).score
    assert line.value == expected and line.payments["Cat"] == 3 * expected
    assert "Cat (West) wins self-drawn" in line.text
    assert any("x 2^" in r for r in line.reasons)
    # Under the minimum: the hand pays nothing.
    assert night.add(winner="Dee", how="discard", thrower="Bea",
                     tiles="+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2").payments == {p: 0 for p in FOUR}
    assert night.add(how="wall").payments == {p: 0 for p in FOUR}
    assert night.add(winner="Dee", how="false-mahjong").payments == \
        {"Ann": 500, "Bea": 500, "Cat": 500, "Dee": -1500}
    assert sum(night.totals.values()) == 0


def test_willingdon_settings_east_double_and_the_three_exposed_penalty(tmp_path):
    rules = TableRules(east_double=True, three_exposed_penalty=True, false_mahjong=300)
    path = tmp_path / "goulash.csv"
    night = Ledger(FOUR, game="willingdon", table_rules=rules, journal=path)
    # Dee sits East here, so Dee pays double.
    line = night.add(winner="Bea", how="self-drawn", value=100, east="Dee")
    assert line.payments == {"Ann": -100, "Bea": 400, "Cat": -100, "Dee": -200}
    # Three exposed sets, won on Cat's discard: Cat pays for all three (Ann is East: double).
    line = night.add(winner="Bea", how="discard", thrower="Cat", value=100, exposed=3)
    assert line.payments == {"Ann": 0, "Bea": 400, "Cat": -400, "Dee": 0}
    line = night.add(winner="Bea", how="discard", thrower="Cat", value=100, exposed=3, fishing=True)
    assert line.payments == {"Ann": -200, "Bea": 400, "Cat": -100, "Dee": -100}
    assert night.add(winner="Ann", how="false-mahjong").payments["Ann"] == -900
    # With the tiles, three exposed pungs: were three shown before Dee's discard, or did the
    # discard complete one of them? The penalty depends on it, so the row must say.
    tiles = "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2"
    with pytest.raises(LedgerError, match="exposed column"):
        night.add(winner="Bea", how="discard", thrower="Dee", tiles=tiles)
    line = night.add(winner="Bea", how="discard", thrower="Dee", tiles=tiles, exposed=3)
    assert line.payments["Ann"] == 0 and line.payments["Dee"] == -line.payments["Bea"]  # Dee pays for all
    again = load_journal(path)
    assert again.ok
    assert again.ledger.table_rules == rules and again.ledger.lines == night.lines
    assert "#three-exposed-penalty,yes" in path.read_text(encoding="utf-8-sig")


@pytest.mark.parametrize("fields, message", [
    (dict(winner="Ann", how="discard", thrower="Bea"), "score is missing"),
    (dict(winner="Ann", how="discard", thrower="Bea", value=10, tiles="+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2"),
     "tiles score 0, not 10"),
    (dict(winner="Bea", how="discard", thrower="Ann", tiles="RDx3 GDx3 WDx3 +EWx3 NWx2 seat=E"),
     "seat=E, but Bea sits South"),
    (dict(winner="Ann", how="discard", thrower="Bea", tiles="RDx3 GDx3 WDx3 EWx3 NWx2 self-drawn"),
     "won on a discard"),
    (dict(winner="Ann", how="discard", thrower="Bea", tiles="RDx3 RDx3"), "four pungs or kongs and one pair"),
    (dict(winner="Ann", how="self-drawn", value=10, jokerless=True), "American"),
    (dict(how="false-mahjong"), "who called"),
    (dict(winner="Ann", how="joker-exchange", value=10), "Willingdon hand ends"),
])
def test_a_willingdon_hand_that_cannot_be_scored(fields, message):
    with pytest.raises(LedgerError, match=message):
        Ledger(FOUR, game="willingdon").add(**fields)


def test_willingdon_needs_four_players():
    with pytest.raises(LedgerError, match="four players"):
        Ledger(FIVE, game="willingdon")


# --------------------------------------------------------------------------- the property


_hand = st.fixed_dictionaries({
    "winner": st.integers(0, 3), "how": st.sampled_from(["discard", "self-drawn", "wall",
                                                          "joker-exchange", "heavenly-hand"]),
    "thrower": st.integers(1, 3), "value": st.sampled_from([25, 30, 35, 40, 45, 50, 55, 60, 75]),
    "jokerless": st.booleans(),
    "category": st.sampled_from(["other", "quints", "singles-and-pairs", "winds-dragons", "2468"]),
    "dead": st.lists(st.integers(1, 3), unique=True, max_size=2), "pick": st.integers(0, 3),
    "out": st.integers(0, 4)})


@settings(max_examples=60, deadline=None)
@given(five=st.booleans(), hands=st.lists(_hand, max_size=12))
def test_any_night_balances_and_the_winner_collects_what_home_payments_says(five, hands):
    players = FIVE if five else FOUR
    night = Ledger(players)
    for h in hands:
        h = {**h, "jokerless": h["jokerless"] and h["how"] != "joker-exchange"}  # (never jokerless)
        out = players[h["out"]] if five else None
        table = [p for p in players if p != out]
        winner = table[h["winner"]]
        others = [p for p in table if p != winner]
        fields = dict(how=h["how"])
        if h["how"] != "wall":
            fields.update(winner=winner, value=h["value"], jokerless=h["jokerless"],
                          category=h["category"], dead=[others[i - 1] for i in h["dead"]])
            if h["how"] == "discard":
                fields["thrower"] = others[h["thrower"] - 1]
        if five:
            fields.update(bettor=out, pick=table[h["pick"]])
        line = night.add(**fields)
        assert sum(line.payments.values()) == 0
        assert sum(line.totals.values()) == 0
        if h["how"] == "wall":
            assert set(line.payments.values()) == {0}
            continue
        collects = home_payments(h["value"], h["how"], jokerless=h["jokerless"],
                                 category=h["category"]).winner_collects
        bettor_pays = 0
        if five and fields["pick"] != winner:
            bettor_pays = -line.payments[out]
        assert line.payments[winner] == collects + bettor_pays
        if five and fields["pick"] == winner:
            assert line.payments[out] == collects
    assert sum(night.totals.values()) == 0
    # And the journal gives the same night back.
    again = read_journal(night.journal_text())
    assert again.ok and again.ledger.lines == night.lines


# --------------------------------------------------------------------------- the journal


def test_every_hand_is_in_the_journal_the_moment_it_is_entered(tmp_path):
    path = tmp_path / "tuesday.csv"
    night = Ledger(FOUR, journal=path)
    text = path.read_text(encoding="utf-8-sig")
    assert text.splitlines()[0] == "#players,Ann,Bea,Cat,Dee"
    night.add(winner="Ann", how="discard", thrower="Cat", value=25)
    assert path.read_text(encoding="utf-8-sig").splitlines()[-1] == "1,Ann,discard,Cat,25,no,other,,,,,"
    night.add(how="wall")
    assert load_journal(path).ledger.lines == night.lines
    night.undo()
    assert len(load_journal(path).ledger) == 1
    night.correct(1, value=30)
    assert load_journal(path).ledger.lines[0].payments["Cat"] == -60
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # so a spreadsheet reads it as UTF-8
    # One record per change, appended: the hand, the wall game, its undo, the correction.
    assert path.read_text(encoding="utf-8-sig").splitlines()[-4:] == [
        "1,Ann,discard,Cat,25,no,other,,,,,", "2,,wall,,,no,other,,,,,", "undo 2,,,,,,,,,,,",
        "1,Ann,discard,Cat,30,no,other,,,,,"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tuesday.csv", "tuesday.csv.lock"]  # no temp files


def test_a_kernel_restart_midway_loses_no_hand(tmp_path):
    """Twenty hands, two ledger instances on one journal: the restart in the middle."""
    path = tmp_path / "night.csv"
    hands = simulate_night(hands=20, seed=5).entries
    first = open_night(path, FOUR).ledger
    for e in hands[:11]:
        first.add(e)
    del first  # the kernel restarts
    second = open_night(path).ledger
    assert len(second) == 11 and second.players == tuple(FOUR)
    for e in hands[11:]:
        second.add(e)
    reference = Ledger(FOUR)
    for e in hands:
        reference.add(e)
    assert second.lines == reference.lines
    assert sum(second.totals.values()) == 0


def test_a_new_night_is_not_written_over_an_old_one(tmp_path):
    path = tmp_path / "night.csv"
    Ledger(FOUR, journal=path).add(winner="Ann", how="self-drawn", value=25)
    with pytest.raises(LedgerError, match="already holds a night"):
        Ledger(FOUR, journal=path)
    with pytest.raises(LedgerError, match="new night: name the players"):
        open_night(tmp_path / "other.csv")
    with pytest.raises(LedgerError, match="journal's players are"):
        open_night(path, ["Ann", "Bea", "Cat", "Eve"])


def test_a_failed_append_leaves_the_previous_journal_intact(tmp_path, monkeypatch):
    path = tmp_path / "night.csv"
    night = Ledger(FOUR, journal=path)
    night.add(winner="Ann", how="self-drawn", value=25)
    before = path.read_bytes()

    def crash(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "write", crash)
    with pytest.raises(OSError):
        night.add(winner="Bea", how="self-drawn", value=25)
    with pytest.raises(OSError):
        night.undo()
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert len(night) == 1  # the ledger did not move on without its journal
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.csv", "night.csv.lock"]
    night.add(winner="Bea", how="self-drawn", value=25)
    assert len(load_journal(path).ledger) == 2


def test_a_crash_during_fsync_or_a_truncated_temp_file_leaves_the_journal_intact(tmp_path, monkeypatch):
    path = tmp_path / "night.csv"
    night = Ledger(FOUR, journal=path)
    night.add(winner="Ann", how="self-drawn", value=25)
    before = path.read_bytes()
    monkeypatch.setattr(storage.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(5, "I/O error")))
    with pytest.raises(OSError):
        night.add(winner="Bea", how="self-drawn", value=25)
    monkeypatch.undo()
    assert path.read_bytes() == before
    # The power went off mid-write: a half-written temp file is left beside the journal.
    (tmp_path / ".night.csv.abc123.tmp").write_text("#players,Ann,Bea,Cat,Dee\nwinner,how\nAnn,disc")
    again = load_journal(path)
    assert again.ok and again.ledger.lines == night.lines


def test_bad_rows_are_reported_with_their_line_numbers_and_the_good_rows_load():
    text = ("#players,Ann,Bea,Cat,Dee\n"
            "#game,american\n"
            "winner,how,thrower,value,jokerless,category,colour\n"
            "Ann,discard,Cat,25,no,other,\n"              # 4
            "Bea,discard,Zed,30,no,other,\n"              # 5: no such player
            "Cat,self-drawn,,thirty,no,other,\n"          # 6: not a number
            "\n"                                          # 7: blank, skipped
            "Dee,self-drawn,,25,maybe,other,\n"           # 8: yes or no
            "Dee,self-drawn,,25,no,other,,,\n"            # 9: trailing empty cells are fine
            "Ann,discard,Bea,25,no,other,red,,extra,,\n"  # 10: too many cells
            ",wall,,,,,\n")                               # 11
    result = read_journal(text)
    assert [(p.line, p.message.split(" (")[0]) for p in result.problems] == [
        (3, "unknown column 'colour' for an American night"),
        (5, "the thrower 'Zed' is not one of the players"),
        (6, "the hand's value must be a whole number, not 'thirty'"),
        (8, "jokerless must be yes or no, not 'maybe'"),
        (10, "the row has 9 cells but there are 7 columns"),
    ]
    assert not result.ok
    assert [ln.entry.winner for ln in result.ledger.lines] == ["Ann", "Dee", None]
    assert sum(result.ledger.totals.values()) == 0


def test_a_quoted_cell_over_two_lines_and_an_unclosed_quote():
    text = '#players,Ann,Bea,Cat,Dee\nwinner,how,value,note\nAnn,self-drawn,25,"two\nlines"\nBea,bad,25,\n'
    result = read_journal(text)
    assert [p.line for p in result.problems] == [5]
    assert result.ledger.lines[0].entry.note == "two\nlines"
    text = ('#players,Ann,Bea,Cat,Dee\nwinner,how,value\nAnn,self-drawn,"25"5\nBea,self-drawn,25\n'
            'Cat,self-drawn,"25\n')
    result = read_journal(text)
    assert [ln.entry.winner for ln in result.ledger.lines] == ["Bea"]
    assert [str(p) for p in result.problems] == [
        "line 3: the row cannot be read as CSV: ',' expected after '\"'",
        "line 5: the row cannot be read as CSV: unexpected end of data"]


@pytest.mark.parametrize("text, message", [
    ("winner,how\nAnn,self-drawn\n", "does not name its players"),
    ("#players,Ann,Bea,Cat\nwinner,how\n", "line 1: a night has four players"),
    ("#players,Ann,Bea,Cat,Dee\nwho,how\n", "line 2: no 'winner' column"),
    ("#players,Ann,Bea,Cat,Dee\nwinner,how,how\n", "line 2: the column 'how' appears twice"),
    ("#players,Ann,Bea,Cat,Dee\n#game,poker\nwinner,how\n", "line 2: the game is american or willingdon"),
    ("#players,Ann,Bea,Cat,Dee\n#jokerless-exempt,poker\nwinner,how\n", "line 2: unknown category 'poker'"),
])
def test_a_journal_that_cannot_be_read_at_all(text, message):
    with pytest.raises(LedgerError, match=message):
        read_journal(text)


def test_a_hand_typed_csv_with_players_given_and_friendly_cells():
    text = ("Winner,How,Thrower,Value,Jokerless,Category\n"
            "ann,Discard,cat,25.0,,\n"
            "Bea,self drawn,,\"1,000\",Y,Singles and Pairs\n"
            ",,,,,\n"
            ",,,,,,,,\n")
    result = read_journal(text, players=FOUR)
    assert result.ok, result.problems
    assert [ln.entry.how for ln in result.ledger.lines] == ["discard", "self-drawn"]
    assert result.ledger.lines[1].entry.category == "singles-and-pairs"
    assert result.ledger.lines[1].payments["Bea"] == 6000


def test_unknown_settings_are_reported_but_do_not_stop_the_night():
    result = read_journal("#players,Ann,Bea,Cat,Dee\n#colour,red\n#minimum-doubles,2\nwinner,how\n,wall\n")
    assert [p.line for p in result.problems] == [2, 3]
    assert len(result.ledger) == 1


def test_a_damaged_journal_is_kept_before_it_is_rewritten(tmp_path):
    path = tmp_path / "night.csv"
    path.write_text("#players,Ann,Bea,Cat,Dee\nwinner,how,thrower,value\n"
                    "Ann,discard,Cat,25\nBea,discard,Zed,30\n", encoding="utf-8")
    damaged = path.read_text()
    result = open_night(path)
    assert [str(p) for p in result.problems] == [
        "line 4: the thrower 'Zed' is not one of the players (Ann, Bea, Cat, Dee)"]
    result.ledger.add(winner="Bea", how="discard", thrower="Dee", value=30)
    assert (tmp_path / "night.before-repair.csv").read_text(encoding="utf-8") == damaged  # byte for byte
    assert load_journal(path).ok and len(load_journal(path).ledger) == 2


def test_cells_a_spreadsheet_would_take_for_formulas_are_kept_as_text(tmp_path):
    night = Ledger(["=Ann", "Bea", "Cat", "Dee"], game="willingdon")
    night.add(winner="Bea", how="discard", thrower="=Ann", tiles="+RDx3 GDx3 WDx3 +EWx3 NWx2")
    text = night.journal_text()
    assert "#players,'=Ann,Bea" in text and ",'+RDx3" in text
    again = read_journal(text)
    assert again.ok and again.ledger.players[0] == "=Ann" and again.ledger.lines == night.lines


def test_journal_path_puts_a_bare_name_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path))
    assert journal_path("tuesday.csv") == tmp_path / "nights" / "tuesday.csv"
    assert journal_path(tmp_path / "x.csv") == tmp_path / "x.csv"
    assert journal_path("tuesday") == journal_path(tmp_path / "nights" / "tuesday") == tmp_path / "nights" / "tuesday.csv"
    assert journal_path("night-2024.10.01").name == "night-2024.10.01.csv"  # a date's dots are no extension
    assert journal_path("tuesday.txt").name == "tuesday.txt"
    with pytest.raises(LedgerError):
        journal_path(" ")


def test_a_hand_entered_as_one_number_is_not_saved_as_another(tmp_path):
    one = open_night(tmp_path / "n.csv", FOUR, game="willingdon").ledger
    two = open_night(tmp_path / "n.csv").ledger
    one.add(winner="Cat", how="self-drawn", value=100, number=1)
    with pytest.raises(LedgerError, match="this would be hand 2, not hand 1 as entered: nothing was saved"):
        two.add(winner="Dee", how="self-drawn", value=100, number=1)  # entered before Cat's hand came in
    assert len(two) == 1 and len(load_journal(tmp_path / "n.csv").ledger) == 1  # read in, nothing written
    assert two.add(winner="Dee", how="self-drawn", value=100, east="Bea", number=2).number == 2


def test_a_willingdon_hands_reasons_name_who_sat_where():
    night = Ledger(FOUR, game="willingdon", table_rules=TableRules(three_exposed_penalty=True))
    line = night.add(winner="Bea", how="discard", thrower="Cat", value=576, exposed=3, east="Dee")
    assert line.reasons == ("Bea (West) wins with 576.", "Cat (North) fed a mahjong to a player showing three "
                            "exposed sets, so pays for all three: 1,728.")


def test_load_journal_errors(tmp_path):
    with pytest.raises(LedgerError, match="no such journal"):
        load_journal(tmp_path / "missing.csv")
    (tmp_path / "latin.csv").write_bytes("#players,Zo\xeb,Bea,Cat,Dee\n".encode("latin-1"))
    with pytest.raises(LedgerError, match="not UTF-8 text"):
        load_journal(tmp_path / "latin.csv")


# --------------------------------------------------------------------------- the report card


def test_the_report_card_rows_and_csv(tmp_path):
    night = Ledger(FOUR)
    night.add(winner="Ann", how="discard", thrower="Cat", value=25)
    night.add(how="wall")
    rows = night.report_rows()
    assert rows[0] == {"hand": 1, "winner": "Ann", "how": "discard", "thrower": "Cat", "value": 25,
                       "jokerless": "", "category": "other", "Ann": 100, "Bea": -25, "Cat": -50,
                       "Dee": -25, "Ann total": 100, "Bea total": -25, "Cat total": -50,
                       "Dee total": -25}
    assert rows[1]["value"] == "" and rows[1]["Ann total"] == 100
    out = night.export_report_card(tmp_path / "card.csv")
    lines = out.read_text(encoding="utf-8-sig").splitlines()
    assert lines[0] == ("hand,winner,how,thrower,value,jokerless,category,Ann,Bea,Cat,Dee,"
                        "Ann total,Bea total,Cat total,Dee total")
    assert lines[1] == "1,Ann,discard,Cat,25,,other,100,-25,-50,-25,100,-25,-50,-25"


def test_simulated_night_is_seeded_and_realistic():
    assert simulate_night(seed=3).lines == simulate_night(seed=3).lines
    assert simulate_night(seed=3).lines != simulate_night(seed=4).lines
    big = simulate_night(hands=2000, seed=1)
    entries = big.entries
    walls = sum(e.how == "wall" for e in entries) / len(entries)
    wins = [e for e in entries if e.how != "wall"]
    self_drawn = sum(e.how == "self-drawn" for e in wins) / len(wins)
    assert 0.16 < walls < 0.24 and 0.25 < self_drawn < 0.35
    assert {e.value for e in wins} <= {25, 30, 35, 40, 45, 50}
    assert sum(e.value in (25, 30, 35) for e in wins) / len(wins) > 0.7
    assert sum(big.totals.values()) == 0
    night = simulate_night()  # the school's table: each case at least once
    hows = {e.how for e in night.entries}
    assert hows == {"discard", "self-drawn", "wall"}
    assert any(e.jokerless and e.category == "other" for e in night.entries)
    assert any(e.category == "singles-and-pairs" for e in night.entries)
    assert any(e.dead for e in night.entries)
    five = simulate_night(FIVE, hands=30, seed=1)
    assert sum(five.totals.values()) == 0 and five.totals["Eve"] != 0


# --------------------------------------------------------------------------- the command line


def test_cli_reproduces_the_report_card_from_the_journal(tmp_path, capsys):
    path = tmp_path / "night.csv"
    night = simulate_night(journal=path)
    assert main(["night", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == night.report_text() + "\n"
    assert main(["night", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"] == night.totals
    assert [h["payments"] for h in data["hands"]] == [ln.payments for ln in night.lines]
    assert [h["totals"] for h in data["hands"]] == [ln.totals for ln in night.lines]
    assert data["hands"][0]["winner"] == night.lines[0].entry.winner
    assert main(["night", "--csv", "--players", "Ann,Bea,Cat,Dee", str(path)]) == 0
    assert capsys.readouterr().out == night.report_csv()


def test_cli_with_players_given_for_a_hand_typed_csv(tmp_path, capsys):
    path = tmp_path / "typed.csv"
    path.write_text("winner,how,thrower,value,jokerless,category\nAnn,discard,Cat,25,no,other\n,wall,,,,\n")
    assert main(["night", "--players", "Ann,Bea,Cat,Dee", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "Totals: Ann +100, Bea −25, Cat −50, Dee −25"
    assert main(["night", "--json", "--players", "Ann,Bea,Cat,Dee", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == {"Ann": 100, "Bea": -25, "Cat": -50, "Dee": -25}


@pytest.mark.parametrize("text, args, message", [
    ("winner,how,thrower,value\nAnn,discard,Cat,25\nAnn,discard,Zed,25\nBea,x,,25\n", ["--players", "Ann,Bea,Cat,Dee"],
     "line 3: the thrower 'Zed' is not one of the players (Ann, Bea, Cat, Dee) (and 1 more bad row)"),
    ("winner,how,thrower,value\nAnn,discard,Cat,25\n", [], "does not name its players"),
    ("#players,Ann,Bea,Cat,Dee\nwinner,how\n", ["--players", "Ann,Bea,Cat,Eve"], "line 1: the journal's players"),
    ("#players,Ann,Bea,Cat,Dee\nwinner,how,value\nAnn,self-drawn,-5\n", [], "line 3: the hand's value must be more than 0"),
])
def test_cli_refuses_a_bad_ledger_naming_the_line(tmp_path, capsys, text, args, message):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    assert main(["night", *args, str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("mjscore: error: ")
    assert message in lines[0]


def test_cli_missing_file(tmp_path, capsys):
    assert main(["night", str(tmp_path / "nope.csv")]) == 2
    assert "no such journal" in capsys.readouterr().err


def test_cli_willingdon_night(tmp_path, capsys):
    path = tmp_path / "goulash.csv"
    night = Ledger(FOUR, game="willingdon", journal=path)
    night.add(winner="Cat", how="self-drawn", tiles="6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3")
    night.add(winner="Ann", how="false-mahjong")
    assert main(["night", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"] == night.totals and data["hands"][0]["score"] == night.lines[0].value
    assert main(["night", str(path)]) == 0
    assert "score" in capsys.readouterr().out.splitlines()[0]


def test_the_data_folder_is_never_the_learners_own():
    assert os.environ["MJSCORE_DATA_DIR"]
    assert not str(journal_path("x.csv")).startswith(str(Path.home() / ".local"))


def test_the_schools_night_is_the_one_the_notebook_discusses():
    """notebooks/08-scorekeeper.ipynb asks questions about these hands of seed 2."""
    school = simulate_night(FOUR, hands=20, seed=2)
    lines = school.lines
    assert max(school.totals, key=school.totals.get) == "Dee"
    assert sum(ln.entry.winner == "Dee" for ln in lines) == 6
    assert sum(ln.entry.winner == "Dee" and ln.entry.how == "self-drawn" for ln in lines) == 3
    for n in (10, 12):
        e = lines[n - 1].entry
        assert e.category == "singles-and-pairs" and e.jokerless
        assert "no double" in lines[n - 1].text
    assert lines[11].entry.dead == ("Dee",) and lines[11].payments["Dee"] == -50
    assert [ln.number for ln in lines if ln.entry.thrower == "Ann"] == [3, 4, 7]
    assert sum(ln.entry.how == "wall" for ln in lines) == 4


def test_two_tabs_on_one_journal_each_see_the_others_hands(tmp_path):
    path = tmp_path / "night.csv"
    tab1 = Ledger(FOUR, journal=path)
    tab1.add(winner="Ann", how="self-drawn", value=25)
    tab2 = open_night(path).ledger  # the same night opened in a second tab
    tab2.add(winner="Bea", how="self-drawn", value=25)
    line = tab1.add(winner="Cat", how="self-drawn", value=25)  # after Bea's hand, not over it
    assert line.number == 3 and [ln.entry.winner for ln in tab1.lines] == ["Ann", "Bea", "Cat"]
    tab2.correct(1, value=30)
    tab1.undo()  # takes back hand 3, having read the correction of hand 1 first
    assert tab1.lines[0].value == 30 and len(tab1) == 2
    assert load_journal(path).ledger.lines == tab1.lines
    # A journal rewritten underneath (a spreadsheet saved it) is read again in full.
    path.write_text(path.read_text(encoding="utf-8-sig").replace("30", "35"), encoding="utf-8")
    tab2.add(how="wall")
    assert tab2.lines[0].value == 35 and len(tab2) == 3
    # A deleted journal is simply written again, with every hand the tab knows.
    path.unlink()
    tab2.add(winner="Dee", how="self-drawn", value=25)
    assert len(load_journal(path).ledger) == 4


def test_a_lines_figures_cannot_be_changed_by_mistake():
    night = Ledger(FOUR)
    line = night.add(winner="Ann", how="self-drawn", value=25)
    with pytest.raises(TypeError, match="read-only"):
        line.payments["Ann"] = 0
    with pytest.raises(TypeError, match="read-only"):
        night.lines[0].totals.update(Ann=0)
    totals = night.totals
    totals["Ann"] = 0  # a copy: the ledger is unchanged
    assert night.totals["Ann"] == 150


def test_a_hands_reasons_say_what_each_player_pays_and_nothing_else():
    """A wall game's reasons do not name a card value (there is none); a fifth player's payment
    is explained, whether the player she backed won or not."""
    night = Ledger(["Ann", "Bea", "Cat", "Dee"])
    night.add(how="wall")
    assert night.lines[0].reasons == ("The wall ran out: nobody pays.",)
    five = Ledger(["Ann", "Bea", "Cat", "Dee", "Eve"])
    five.add(winner="Ann", how="discard", thrower="Bea", value=25, pick="Ann")
    five.add(winner="Ann", how="discard", thrower="Bea", value=25, pick="Bea")
    won, lost = five.lines
    assert won.payments["Eve"] == 100 and won.reasons[-2:] == (
        "Eve sits out and backed Ann, who won: each loser pays Eve what they pay Ann, so Eve collects 100 too.",
        "In all: Bea pays 100, Cat 50, Dee 50.")
    assert lost.payments["Eve"] == -50 and lost.reasons[-2:] == (
        "Eve sits out and backed Bea, who did not win: Eve pays Ann what Bea pays, 50.", "In all: Ann collects 150.")
    dead = Ledger(["Ann", "Bea", "Cat", "Dee"])
    dead.add(winner="Ann", how="self-drawn", value=25, dead=["Bea"])
    assert dead.lines[0].reasons[-1] == "Bea's hand is dead: it pays like any other loser's."
