"""The journal as an append-only log: records, a torn last row, a heading cut short, stale
temporary files, formula-safe cells, two writers at once and a writer killed mid-night."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from mjscore.night.entry import cell_out
from mjscore.night import Ledger, LedgerError, load_journal, open_night, read_journal, simulate_night

FOUR = ["Ann", "Bea", "Cat", "Dee"]


def test_each_change_is_one_appended_record_and_the_file_only_grows(tmp_path):
    path = tmp_path / "night.csv"
    night = Ledger(FOUR, journal=path)
    sizes = [path.stat().st_size]
    night.add(winner="Ann", how="self-drawn", value=25)
    night.add(winner="Bea", how="discard", thrower="Cat", value=30)
    night.correct(1, value=35)
    night.undo()
    for _ in range(4):
        sizes.append(path.stat().st_size)
    data = path.read_bytes()
    assert data.count(b"\n") == 4 + 4  # the heading (3 settings + columns), then one row per change
    assert sizes == sorted(sizes)
    again = load_journal(path)
    assert again.ok and again.ledger.lines == night.lines and again.ledger.lines[0].value == 35


def test_a_hand_typed_csv_in_the_old_format_loads_and_is_written_once_in_the_new(tmp_path):
    path = tmp_path / "typed.csv"
    path.write_text("#players,Ann,Bea,Cat,Dee\nwinner,how,thrower,value\nAnn,discard,Cat,25\n"
                    "Dee,self-drawn,,35", encoding="utf-8")  # no line break at the end: typed, not torn
    result = load_journal(path)
    assert result.ok and len(result.ledger) == 2
    result.ledger.correct(2, value=40)
    text = path.read_text(encoding="utf-8-sig")
    assert text.splitlines()[3].startswith("hand,winner,how") and text.endswith("2,Dee,self-drawn,,40,no,other,,,,,\n")
    assert load_journal(path).ledger.lines == result.ledger.lines


def test_a_torn_last_row_is_reported_set_aside_and_never_half_read(tmp_path):
    path = tmp_path / "night.csv"
    night = Ledger(FOUR, journal=path)
    night.add(winner="Ann", how="self-drawn", value=25)
    with open(path, "ab") as f:  # a crash in the middle of appending hand 2
        f.write(b"2,Bea,self-drawn,,3")
    result = load_journal(path)
    assert len(result.ledger) == 1 and not result.ok
    assert [str(p) for p in result.problems] == [
        "line 6: the last row is cut short (a crash while it was being written?): it is not counted, "
        "and is set aside in night.torn.csv before the next hand"]
    assert read_journal(path.read_text(encoding="utf-8-sig"), name="night.csv").problems == result.problems
    line = result.ledger.add(winner="Cat", how="self-drawn", value=25)
    assert line.number == 2
    assert (tmp_path / "night.torn.csv").read_bytes() == b"2,Bea,self-drawn,,3\n"
    again = load_journal(path)
    assert again.ok and again.ledger.lines == result.ledger.lines
    # The first ledger, still open, reads the hand and carries on after it.
    assert night.add(how="wall").number == 3 and night.lines[1].entry.winner == "Cat"


@pytest.mark.parametrize("text", ["#players,Ann,Bea,Cat,Dee\n#ga", "#players,Ann,Be"])
def test_a_heading_cut_short_is_refused(tmp_path, text):
    path = tmp_path / "night.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LedgerError, match="heading is cut short"):
        load_journal(path)
    with pytest.raises(LedgerError, match="heading is cut short"):
        read_journal(text)


def test_stale_temporary_files_are_removed(tmp_path):
    path = tmp_path / "night.csv"
    Ledger(FOUR, journal=path).add(winner="Ann", how="self-drawn", value=25)
    (tmp_path / ".night.csv.abc123.tmp").write_text("#players,Ann")
    (tmp_path / ".other.csv.abc123.tmp").write_text("not ours")
    assert load_journal(path).ok
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.csv.abc123.tmp", "night.csv", "night.csv.lock"]


def test_every_csv_the_night_writes_is_formula_safe_and_numbers_stay_numbers(tmp_path):
    players = ["=HYPERLINK(\"x\")", "+Bea", "@Cat", "-Dee", "Eve"]
    night = Ledger(players)
    night.add(winner="+Bea", how="discard", thrower="@Cat", value=25, note="=1+1", pick="+Bea")
    for text in (night.report_csv(), night.journal_text()):
        import csv
        import io
        for row in csv.reader(io.StringIO(text)):
            for cell in row:
                assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
                assert not cell.startswith("-") or cell.lstrip("-").isdigit(), cell
    assert cell_out("\tx") == "'\tx" and cell_out("\rx") == "'\rx" and cell_out(-5) == "-5"
    assert ",-50,100," in night.report_csv() and ",'+Bea," in night.report_csv()
    again = read_journal(night.journal_text())
    assert again.ok and again.ledger.players == tuple(players) and again.ledger.lines == night.lines
    night.export_report_card(tmp_path / "card.csv")
    assert (tmp_path / "card.csv").read_text(encoding="utf-8-sig") == night.report_csv()


_WRITER = textwrap.dedent("""
    import sys
    from mjscore.night import open_night
    path, who, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    night = open_night(path, ["Ann", "Bea", "Cat", "Dee"]).ledger
    for i in range(n):
        night.add(winner=who, how="self-drawn", value=25, note=f"{who} {i}")
        print(i, flush=True)
""")


def test_two_processes_recording_at_once_keep_every_hand_once(tmp_path):
    path = tmp_path / "night.csv"
    n = 60
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(path), who, str(n)], stdout=subprocess.PIPE)
             for who in ("Ann", "Bea")]
    for p in procs:
        p.communicate(timeout=60)
        assert p.returncode == 0
    result = load_journal(path)
    assert result.ok
    notes = sorted(ln.entry.note for ln in result.ledger.lines)
    assert notes == sorted(f"{who} {i}" for who in ("Ann", "Bea") for i in range(n))
    # Each won 60 self-drawn 25s (+150 each) and paid 50 on each of the other's 60.
    assert result.ledger.totals == {"Ann": 6000, "Bea": 6000, "Cat": -6000, "Dee": -6000}
    assert sum(result.ledger.totals.values()) == 0


def test_the_command_line_and_a_tab_recording_at_once(tmp_path):
    path = tmp_path / "night.csv"
    tab = open_night(path, FOUR).ledger
    cli = subprocess.Popen(
        [sys.executable, "-c", "import sys\nfrom mjscore.cli import main\nfor i in range(15):\n"
         "    assert main(['record', sys.argv[1], '--winner', 'Dee', '--how', 'self-drawn', '--value', '25',"
         " '--note', f'cli {i}']) == 0\n", str(path)], stdout=subprocess.DEVNULL)
    for i in range(15):
        tab.add(winner="Ann", how="self-drawn", value=25, note=f"tab {i}")
    assert cli.wait(timeout=60) == 0
    tab.sync()
    assert len(tab) == 30 and tab.lines == load_journal(path).ledger.lines


def test_a_writer_killed_mid_night_loses_no_hand_it_reported_saved(tmp_path):
    path = tmp_path / "night.csv"
    writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(path), "Cat", "100000"],
                              stdout=subprocess.PIPE, text=True)
    saved = -1
    for line in writer.stdout:
        saved = int(line)
        if saved >= 40:
            break
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    writer.stdout.close()
    result = load_journal(path)
    assert all("cut short" in p.message for p in result.problems)  # at worst, a torn last row
    notes = [ln.entry.note for ln in result.ledger.lines]
    assert notes[:saved + 1] == [f"Cat {i}" for i in range(saved + 1)]  # every hand it said was saved
    assert len(set(notes)) == len(notes)
    result.ledger.add(how="wall")
    assert load_journal(path).ok


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_no_lock_file_is_needed_where_flock_is_missing(tmp_path, monkeypatch):
    """JupyterLite's fcntl is an empty mock: the O_EXCL lock file is used, and cleaned up."""
    from mjscore.files import storage

    monkeypatch.setattr(storage, "_flock", None)
    path = tmp_path / "night.csv"
    night = simulate_night(hands=5, journal=path)
    assert len(load_journal(path).ledger) == 5 == len(night)
    assert not (tmp_path / "night.csv.lock-excl").exists()
