"""Tournament tables as files: an organizer's own table changes the figures, the round trip,
and a malformed table refused with a message that names its field."""

from __future__ import annotations

import copy
import json

import pytest

from mjscore.cli import main
from mjscore.american.tournament import (COMMON, VARIANT, Game, TournamentError, TournamentTable, get_table,
                                         load_table, points_by_role, score_game, table_from_json)

FOUR = ("Ann", "Bea", "Cat", "Dee")


def discard(value=25, **kw):
    return Game(FOUR, "discard", winner="Ann", thrower="Cat", value=value, **kw)


# --------------------------------------------------------------------------- an organizer's own table


def write(tmp_path, data, name="club.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def club_table() -> dict:
    d = COMMON.to_json()
    d["name"] = "Thursday club"
    d["source"] = "the club's notice board"
    d["winner"]["self_drawn_bonus"] = 15
    d["winner"]["jokerless_bonus"] = 25
    d["winner"]["jokerless_excludes"] = ["singles-and-pairs", "quints"]
    d["thrower_penalty"] = {"0-1": 5, "2": 15, "3+": 35}
    d["other_loser_penalty"] = 2
    d["wall_game"] = {"points": 5, "to": "every-player"}
    d["dead_hand_penalty"] = 5
    d["unfinished_game"] = {"points": 3, "to": "live-hands"}
    d["penalties"] = {"misnamed_discard": 10, "false_mahjong": 20}
    return d


def test_a_table_file_changes_the_figures(tmp_path):
    table = load_table(write(tmp_path, club_table()))
    assert table.name == "Thursday club"
    assert points_by_role(25, "self-drawn", jokerless=True, table=table) == {"winner": 65, "other": -2}
    assert points_by_role(25, "discard", exposures=3, table=table) == {"winner": 25, "thrower": -35, "other": -2}
    assert points_by_role(25, "discard", jokerless=True, category="quints", table=table)["winner"] == 25
    assert score_game(Game(FOUR, "wall", dead={"Bea"}), table).points == {"Ann": 5, "Bea": 0, "Cat": 5, "Dee": 5}
    assert score_game(Game(FOUR, "unfinished", dead={"Bea"}), table).points == {
        "Ann": 3, "Bea": -5, "Cat": 3, "Dee": 3}


def test_the_organizers_penalties(tmp_path):
    table = load_table(write(tmp_path, club_table()))
    g = discard(penalties=[("Bea", "misnamed_discard"), ("Dee", "false_mahjong")])
    assert score_game(g, table).points == {"Ann": 25, "Bea": -12, "Cat": -5, "Dee": -22}
    misnamed = discard(penalties=[("Bea", "misnamed_discard")])
    assert score_game(misnamed).points == {"Ann": 25, "Bea": 0, "Cat": -10, "Dee": 0}  # the common table: 0
    with pytest.raises(TournamentError, match="has no penalty 'false_mahjong'"):
        score_game(g, COMMON)
    assert table.penalty("misnamed_discard") == 10


def test_get_table_reads_a_file_by_path(tmp_path):
    path = write(tmp_path, club_table())
    assert get_table(str(path)).name == "Thursday club"


def test_the_source_is_optional_in_a_users_file(tmp_path):
    d = club_table()
    del d["source"]
    assert load_table(write(tmp_path, d)).source == ""


def test_the_round_trip():
    for table in (COMMON, VARIANT, table_from_json(club_table())):
        assert table_from_json(json.loads(json.dumps(table.to_json()))) == table


# --------------------------------------------------------------------------- malformed tables


def edit(change):
    d = copy.deepcopy(COMMON.to_json())
    change(d)
    return d


MALFORMED = [
    # missing
    (lambda d: d.pop("name"), "name", "is missing"),
    (lambda d: d.pop("winner"), "winner", "is missing"),
    (lambda d: d["winner"].pop("self_drawn_bonus"), "winner.self_drawn_bonus", "is missing"),
    (lambda d: d["thrower_penalty"].pop("3+"), "thrower_penalty.3+", "is missing"),
    (lambda d: d["wall_game"].pop("to"), "wall_game.to", "is missing"),
    (lambda d: d["penalties"].pop("misnamed_discard"), "penalties.misnamed_discard", "is missing"),
    # wrong type
    (lambda d: d["winner"].__setitem__("jokerless_bonus", "20"), "winner.jokerless_bonus", "whole number"),
    (lambda d: d["winner"].__setitem__("jokerless_bonus", 20.5), "winner.jokerless_bonus", "whole number"),
    (lambda d: d["winner"].__setitem__("self_drawn_bonus", True), "winner.self_drawn_bonus", "whole number"),
    (lambda d: d.__setitem__("wall_game", 10), "wall_game", "must be a JSON object"),
    (lambda d: d.__setitem__("name", 7), "name", "must be text"),
    (lambda d: d["winner"].__setitem__("jokerless_excludes", "quints"), "winner.jokerless_excludes", "a list"),
    (lambda d: d.__setitem__("penalties", [0]), "penalties", "must be a JSON object"),
    (lambda d: d["wall_game"].__setitem__("to", "everyone"), "wall_game.to", "one of"),
    (lambda d: d["winner"].__setitem__("jokerless_excludes", ["quint"]), "winner.jokerless_excludes[0]",
     "unknown card section"),
    (lambda d: d["winner"].__setitem__("jokerless_excludes", ["quints", "quints"]), "winner.jokerless_excludes",
     "twice"),
    (lambda d: d["penalties"].__setitem__("Misnamed Discard", 5), "penalties", "lower-case"),
    # negative where it makes no sense
    (lambda d: d["thrower_penalty"].__setitem__("2", -20), "thrower_penalty.2", "from 0 to 100,000"),
    (lambda d: d["winner"].__setitem__("self_drawn_bonus", -10), "winner.self_drawn_bonus", "from 0 to 100,000"),
    (lambda d: d["wall_game"].__setitem__("points", -1), "wall_game.points", "from 0 to 100,000"),
    (lambda d: d.__setitem__("dead_hand_penalty", -5), "dead_hand_penalty", "from 0 to 100,000"),
    (lambda d: d["penalties"].__setitem__("misnamed_discard", -3), "penalties.misnamed_discard", "from 0 to 100,000"),
    (lambda d: d["winner"].__setitem__("card_value_times", 0), "winner.card_value_times", "from 1 to 100"),
    # unknown keys
    (lambda d: d.__setitem__("bonus", 5), "bonus", "is not a field"),
    (lambda d: d["winner"].__setitem__("self_drawn", 10), "winner.self_drawn", "is not a field"),
    (lambda d: d["thrower_penalty"].__setitem__("4", 40), "thrower_penalty.4", "is not a field"),
    (lambda d: d["unfinished_game"].__setitem__("minutes", 90), "unfinished_game.minutes", "is not a field"),
]


@pytest.mark.parametrize("change, field, problem", MALFORMED, ids=[f"{m[1]}: {m[2]}" for m in MALFORMED])
def test_a_malformed_table_is_refused_naming_the_field(change, field, problem, tmp_path):
    with pytest.raises(TournamentError) as e:
        table_from_json(edit(change))
    assert e.value.field == field
    assert str(e.value).startswith(field) and problem in str(e.value)
    # from a file, the message also names the file, on one line
    with pytest.raises(TournamentError) as e:
        load_table(write(tmp_path, edit(change)))
    assert str(e.value).startswith("club.json: ") or str(e.value).startswith(str(tmp_path))
    assert field in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("text, problem", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ("null", "must be a JSON object"),
    ("", "is empty"),
])
def test_a_file_that_is_not_a_table(tmp_path, text, problem):
    with pytest.raises(TournamentError, match=problem):
        load_table(write(tmp_path, text))


def test_unreadable_table_files(tmp_path):
    with pytest.raises(TournamentError, match="no such table file"):
        load_table(tmp_path / "missing.json")
    with pytest.raises(TournamentError, match="is a folder"):
        load_table(tmp_path)
    (tmp_path / "latin1.json").write_bytes(b'{"name": "caf\xe9"}')
    with pytest.raises(TournamentError, match="not UTF-8"):
        load_table(tmp_path / "latin1.json")


def test_an_unknown_preset_name():
    with pytest.raises(TournamentError, match="unknown table 'fever'.*common, variant"):
        get_table("fever")


def test_a_table_built_in_python_is_checked_too():
    with pytest.raises(TournamentError) as e:
        TournamentTable(name="x", thrower_penalty=(10, 20))
    assert e.value.field == "thrower_penalty"
    assert TournamentTable(name="x", penalties={"misnamed_discard": 5}).penalty("misnamed_discard") == 5


# --------------------------------------------------------------------------- the command line


def run(capsys, *argv):
    code = main(["tournament", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_reads_an_organizers_table_file(capsys, tmp_path):
    path = write(tmp_path, club_table())
    code, out, err = run(capsys, "--value", "25", "--how", "discard", "--exposures", "3", "--table", str(path))
    assert code == 0 and json.loads(out) == {"winner": 25, "thrower": -35, "other": -2}


@pytest.mark.parametrize("change, field", [(m[0], m[1]) for m in MALFORMED[::4]],
                         ids=[m[1] for m in MALFORMED[::4]])
def test_cli_refuses_a_malformed_table_file_naming_the_field(capsys, tmp_path, change, field):
    path = write(tmp_path, edit(change))
    code, out, err = run(capsys, "--value", "25", "--how", "discard", "--table", str(path))
    assert code == 2 and out == ""
    assert err.startswith("mjscore: error:") and err.count("\n") == 1 and field in err


def test_cli_refuses_a_file_that_is_not_json(capsys, tmp_path):
    path = write(tmp_path, "{oops")
    code, out, err = run(capsys, "--value", "25", "--how", "discard", "--table", str(path))
    assert code == 2 and "not valid JSON" in err and err.count("\n") == 1


def test_the_documented_table_file_is_a_valid_table_and_its_error_is_real(tmp_path, monkeypatch):
    """docs/file-formats.md, "A tournament table": its example is a table, and the error it quotes is
    the one a bad figure gets."""
    import re
    from pathlib import Path
    page = (Path(__file__).resolve().parents[2] / "docs" / "file-formats.md").read_text(encoding="utf-8")
    section = page[page.index("## A tournament table"):]
    block = re.search(r"```json\n(.*?)```", section, re.S).group(1)
    table = table_from_json(json.loads(block))
    assert table.name == "Thursday club" and table.thrower_penalty == COMMON.thrower_penalty
    data = json.loads(block)
    data["thrower_penalty"]["3+"] = -25
    monkeypatch.chdir(tmp_path)
    write(tmp_path, data)
    with pytest.raises(TournamentError) as e:
        load_table("club.json")
    assert f"(`{e.value}`)" in " ".join(section.split())
