"""A season at the club: nights' journals read together (mjscore.night.season, ``mjscore season``).

The property the issue asks for: for any set of journals, with corrections and undos, each
player's season total is the sum of her night totals over the nights she played, and reading
the season writes nothing."""

from __future__ import annotations

import csv
import io
import json
import os
import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore.cli import main
from mjscore.night import Entry, Ledger, load_journal
from mjscore.night.season import journals, read_season
from mjscore.night.season_report import season_text

POOL = ("Ann", "Bea", "Cat", "Dee", "Eve", "Fay")


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@st.composite
def hand(draw, players) -> Entry:
    table = players[:4]  # a fifth sits out and backs the first player
    pick = players[0] if len(players) == 5 else None
    how = draw(st.sampled_from(["discard", "self-drawn", "wall"]))
    if how == "wall":
        return Entry(how="wall", pick=pick)
    winner = draw(st.sampled_from(table))
    thrower = draw(st.sampled_from([p for p in table if p != winner])) if how == "discard" else None
    return Entry(winner=winner, how=how, thrower=thrower, value=draw(st.sampled_from([25, 30, 35, 50])),
                 jokerless=draw(st.booleans()), pick=pick)


@st.composite
def night(draw):
    """A night's players (four, or five with a bettor) and its script of hands, undos and corrections."""
    players = tuple(draw(st.permutations(POOL))[:draw(st.sampled_from([4, 4, 5]))])
    steps = draw(st.lists(st.one_of(st.tuples(st.just("add"), hand(players)),
                                    st.tuples(st.just("undo"), st.none()),
                                    st.tuples(st.just("correct"), st.tuples(st.integers(1, 30), hand(players)))),
                          max_size=12))
    return players, steps


def play(path, players, steps) -> Ledger:
    ledger = Ledger(players, journal=path)
    for op, arg in steps:
        if op == "add":
            ledger.add(arg)
        elif op == "undo" and len(ledger):
            ledger.undo()
        elif op == "correct" and len(ledger):
            ledger.correct((arg[0] - 1) % len(ledger) + 1, arg[1])
    return ledger


def snapshot(folder):
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(night(), min_size=1, max_size=5))
def test_each_players_season_total_is_the_sum_of_her_nights(tmp_path, capsys, nights):
    folder = tmp_path / uuid.uuid4().hex
    folder.mkdir()
    expected: dict[str, int] = {}
    played: dict[str, int] = {}
    for i, (players, steps) in enumerate(nights):
        ledger = play(folder / f"night-2025-01-{i + 1:02d}.csv", players, steps)
        if len(ledger):
            for p, v in ledger.totals.items():
                expected[p] = expected.get(p, 0) + v
                played[p] = played.get(p, 0) + 1
    before = snapshot(folder)
    season = read_season([folder])
    assert snapshot(folder) == before  # nothing written, not even a lock
    table = season.game("american")
    got = {s.player: s.total for s in table.standings} if table else {}
    assert got == expected
    assert ({s.player: s.nights for s in table.standings} if table else {}) == played
    # at the command line: the same figures as JSON and as CSV
    code, out, _ = run(capsys, "season", folder, "--json")
    if not expected:
        assert code == 2
        return
    data = json.loads(out)
    assert {s["player"]: s["total"] for s in data["games"][0]["standings"]} == expected
    code, out, _ = run(capsys, "season", folder, "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    summed: dict[str, int] = {}
    for r in rows:
        summed[r["player"]] = summed.get(r["player"], 0) + int(r["result"])
    assert code == 0 and summed == expected
    last = {r["player"]: int(r["season total"]) for r in rows}
    assert last == expected
    assert snapshot(folder) == before


def test_a_corrected_or_undone_hand_counts_as_the_journal_says_after_it(tmp_path):
    night = Ledger(["Ann", "Bea", "Cat", "Dee"], journal=tmp_path / "2025-03-04.csv")
    night.add(winner="Ann", how="discard", thrower="Cat", value=25)
    night.add(winner="Bea", how="self-drawn", value=30)
    night.undo()
    night.correct(1, thrower="Dee")
    standings = {s.player: s.total for s in read_season([tmp_path]).games[0].standings}
    assert standings == {"Ann": 100, "Bea": -25, "Cat": -25, "Dee": -50}


def test_an_absent_player_is_absent_not_zero(tmp_path):
    one = Ledger(["Ann", "Bea", "Cat", "Dee"], journal=tmp_path / "2025-03-04.csv")
    one.add(winner="Dee", how="self-drawn", value=25)  # Dee +150
    two = Ledger(["Ann", "Bea", "Cat", "Eve"], journal=tmp_path / "2025-03-11.csv")
    two.add(winner="Ann", how="discard", thrower="Eve", value=25)
    table = read_season([tmp_path]).games[0]
    dee = next(s for s in table.standings if s.player == "Dee")
    assert (dee.nights, dee.average, dee.total) == (1, 150, 150)  # not 75 over two nights
    assert "Dee" not in table.nights[1].totals and "Eve" not in table.nights[0].totals
    assert table.running["Eve"] == ((1, -50),)
    text = season_text(read_season([tmp_path]))
    assert "An empty cell: not at that night." in text


def test_nights_of_two_games_are_never_added_together(tmp_path, capsys):
    american = Ledger(["Ann", "Bea", "Cat", "Dee"], journal=tmp_path / "2025-03-04.csv")
    american.add(winner="Ann", how="self-drawn", value=25)
    goulash = Ledger(["Ann", "Bea", "Cat", "Dee"], game="willingdon", journal=tmp_path / "2025-03-05.csv")
    goulash.add(winner="Ann", how="self-drawn", value=100)
    season = read_season([tmp_path])
    assert [t.game for t in season.games] == ["american", "willingdon"]
    assert season.game("american").standings[0].total == 150
    assert season.game("willingdon").standings[0].total == goulash.totals["Ann"]
    code, out, _ = run(capsys, "season", tmp_path)
    assert code == 0 and out.startswith("These nights are of two games, American and Willingdon: each is added "
                                        "up on its own, never together.")
    assert "\nAmerican: 1 night, 4 players\n" in out and "\nWillingdon: 1 night, 4 players\n" in out


def test_a_journal_that_cannot_be_read_is_named_and_the_rest_still_counted(tmp_path, capsys):
    good = Ledger(["Ann", "Bea", "Cat", "Dee"], journal=tmp_path / "2025-03-04.csv")
    good.add(winner="Ann", how="self-drawn", value=25)
    (tmp_path / "notes.csv").write_text("shopping list\n", encoding="utf-8")
    (tmp_path / "bad-row.csv").write_text("#players,Ann,Bea,Cat,Dee\nwinner,how,thrower,value\n"
                                          "Ann,discard,Zed,25\n", encoding="utf-8")
    (tmp_path / "binary.csv").write_bytes(b"\xff\xfe\x00\x00garbage")
    season = read_season([tmp_path])
    assert season.games[0].standings[0].total == 150
    skipped = {s.journal: s.reason for s in season.skipped}
    assert skipped["bad-row.csv"].startswith("line 3: the thrower 'Zed' is not one of the players")
    assert "does not name its players" in skipped["notes.csv"]
    assert set(skipped) == {"bad-row.csv", "notes.csv", "binary.csv"}
    code, out, err = run(capsys, "season", tmp_path)
    assert code == 0 and "Ann" in out
    assert "mjscore: note: not counted: bad-row.csv: line 3: the thrower 'Zed'" in err
    code, out, err = run(capsys, "season", tmp_path / "bad-row.csv")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("mjscore: error: no night of the season could be counted: bad-row.csv: line 3:")


def test_a_row_cut_short_is_noted_and_the_night_counted_without_it(tmp_path, capsys):
    path = tmp_path / "2025-03-04.csv"
    night = Ledger(["Ann", "Bea", "Cat", "Dee"], journal=path)
    night.add(winner="Ann", how="self-drawn", value=25)
    with open(path, "ab") as f:
        f.write(b"2,Bea,self-dr")
    season = read_season([path])
    assert season.games[0].standings[0].total == 150 and season.notes[0].startswith("2025-03-04.csv line 6: the "
                                                                                     "last row is cut short")
    code, _, err = run(capsys, "season", path)
    assert code == 0 and "cut short" in err
    assert path.read_bytes().endswith(b"self-dr") and not (tmp_path / "2025-03-04.torn.csv").exists()


def test_players_are_one_player_whatever_the_case_and_dates_come_from_the_name(tmp_path):
    one = Ledger(["Ann", "Bea", "Cat", "Dee"], journal=tmp_path / "night-2025-03-11.csv")
    one.add(winner="Ann", how="self-drawn", value=25)
    two = Ledger(["ann", "BEA", "Cat", "Dee"], journal=tmp_path / "night-2025-03-04.csv")
    two.add(winner="ann", how="self-drawn", value=25)
    undated = Ledger(["Ann", "Bea", "Cat", "Dee"], journal=tmp_path / "tuesday.csv")
    undated.add(how="wall")
    table = read_season([tmp_path]).games[0]
    assert [n.date for n in table.nights][:2] == ["2025-03-04", "2025-03-11"]
    assert table.players == ("ann", "BEA", "Cat", "Dee")  # as first spelled, in the first night
    assert table.standings[0].player == "ann" and table.standings[0].total == 300 and table.standings[0].won == 2
    assert len(table.nights[2].date) == 10  # the day the journal was last changed


def test_the_default_season_is_the_scorekeepers_nights_and_each_file_counts_once(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path / "data"))
    code, _, err = run(capsys, "season")
    assert code == 2 and "no night's journal in" in err
    nights = tmp_path / "data" / "nights"
    nights.mkdir(parents=True)
    night = Ledger(["Ann", "Bea", "Cat", "Dee"], journal=nights / "night-2025-03-04.csv")
    night.add(winner="Bea", how="self-drawn", value=25)
    load_journal(nights / "night-2025-03-04.csv")  # its lock beside it is no night
    assert journals() == [nights / "night-2025-03-04.csv"]
    assert journals([nights, nights / "night-2025-03-04.csv"]) == [nights / "night-2025-03-04.csv"]
    before = sorted(os.listdir(nights))
    code, out, _ = run(capsys, "season")
    assert code == 0 and out.startswith("American: 1 night, 4 players")
    assert sorted(os.listdir(nights)) == before
