"""The club's card (mjscore.night.card): a line of it instead of a value, at the command line and in
the journal; a card file refused with its row named; the shipped card made up, and said so."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore.american.home import LEAGUE_CARD
from mjscore.cli import main
from mjscore.night import Entry, Ledger, load_journal
from mjscore.night.card import MADE_UP_CARD, CardError, card_for, card_from_csv, card_from_json, read_card

FOUR = ("Ann", "Bea", "Cat", "Dee")
CARD = read_card(MADE_UP_CARD)


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_shipped_card_is_made_up_and_says_so():
    text = MADE_UP_CARD.read_text(encoding="utf-8")
    assert CARD.name.startswith("A made-up card") and "not the National Mah Jongg League's card" in CARD.name
    assert all(line.note == "made up" for line in CARD.lines) and text.count("made up") == len(CARD.lines)
    assert {line.kind for line in CARD.lines} == {"other", "quints", "singles-and-pairs"}


def test_a_line_is_named_as_the_card_heads_it_however_typed():
    assert CARD.pick("Evens #3").value == 25 and CARD.pick("evens 3 concealed").value == 30
    assert CARD.pick("  EVENS   line 3 ").name == "Evens #3"
    assert CARD.pick("singles-and-pairs #2").category == "singles-and-pairs"
    with pytest.raises(CardError, match=r"Evens #2 has no concealed value on the card \(made-up-card.csv\): it is 25"):
        CARD.pick("Evens #2 concealed")


@pytest.mark.parametrize("typed, nearest", [
    ("Evens #9", "Evens #4, Evens #3, Evens #2"),
    ("Evns #1", "Evens #1"),
    ("Quint 3", "Quints #2"),
    ("Dragons", "Winds and Dragons #2, Winds and Dragons #1"),
    ("xyz #1", "Evens #1, Odds #1, Runs #1, Winds and Dragons #1, Quints #1"),
])
def test_a_line_not_on_the_card_is_refused_naming_the_nearest(typed, nearest):
    with pytest.raises(CardError) as refused:
        CARD.pick(typed)
    assert "made-up-card.csv" in str(refused.value) and nearest in str(refused.value)


@pytest.mark.parametrize("rows, message", [
    ("Evens,1,25,,\nEvens,1,30,,\n", "club.csv line 3: Evens #1 is on the card twice (first at club.csv line 2)"),
    ("Evens,1,25,,\nEvens,2,twenty,,\n", "club.csv line 3: the value must be a whole number, not 'twenty'"),
    ("Evens,1,27.5,,\n", "club.csv line 2: the value must be a whole number, not '27.5'"),
    ("Evens,1,25,,\nOdds,1,25,,pairs\n", "club.csv line 3: the section kind must be singles-and-pairs, quints or "
                                         "other, not 'pairs'"),
    ("Quints,1,40,,quints\nQuints,2,45,,other\n", "club.csv line 3: the section Quints is quints at club.csv line "
                                                  "2, not other"),
    (",1,25,,\n", "club.csv line 2: the section is empty"),
    ("Evens,0,25,,\n", "club.csv line 2: the line number must be from 1 to 1,000, not 0"),
    ("Evens,1,,,\n", "club.csv line 2: the value"),
    ("Evens,1,25,-5,\n", "club.csv line 2: the concealed value must be from 1 to 100,000, not −5"),
    ("", "club.csv has no lines"),
])
def test_a_bad_card_is_refused_with_its_row_named(rows, message):
    with pytest.raises(CardError) as refused:
        card_from_csv("section,line,value,concealed,kind\n" + rows, "club.csv")
    assert str(refused.value).startswith(message)


def test_a_card_may_be_json_and_its_columns_come_in_any_order(tmp_path):
    (tmp_path / "club.json").write_text(json.dumps({"name": "Our card", "lines": [
        {"section": "Evens", "line": 1, "value": 25, "concealed": 30},
        {"section": "Quints", "line": 1, "value": 40}]}), encoding="utf-8")
    card = read_card(tmp_path / "club.json")
    assert card.name == "Our card" and card.pick("Quints #1").category == "quints"
    assert read_card_text("kind,value,line,section\n,25,#1,Evens\n").pick("Evens #1").value == 25
    with pytest.raises(CardError, match=r"club.json lines\[1\]: evens #1 is on the card twice"):
        card_from_json({"lines": [{"section": "Evens", "line": 1, "value": 25},
                                  {"section": "evens", "line": 1, "value": 30}]}, "club.json")
    with pytest.raises(CardError, match=r"club.json lines\[0\]: unknown field 'vaule'"):
        card_from_json({"lines": [{"section": "Evens", "line": 1, "vaule": 25}]}, "club.json")
    with pytest.raises(CardError, match="club.csv line 1: unknown column 'vaule'"):
        card_from_csv("section,line,vaule\nEvens,1,25\n", "club.csv")


def read_card_text(text):
    return card_from_csv(text, "typed.csv")


@st.composite
def card_hands(draw):
    """A hand as a line of the card, and the same hand by its value and section kind."""
    how = draw(st.sampled_from(["discard", "self-drawn", "wall"]))
    if how == "wall":
        return Entry(how="wall"), Entry(how="wall")
    line = draw(st.sampled_from(CARD.lines))
    concealed = line.concealed is not None and draw(st.booleans())
    pick = CARD.pick(line.name + (" concealed" if concealed else ""))
    winner = draw(st.sampled_from(FOUR))
    thrower = draw(st.sampled_from([p for p in FOUR if p != winner])) if how == "discard" else None
    jokerless = draw(st.booleans())
    by_value = Entry(winner=winner, how=how, thrower=thrower, value=pick.value, category=pick.category,
                     jokerless=jokerless)
    return replace(by_value, line=pick.name), by_value


@settings(max_examples=30, deadline=None)
@given(st.lists(card_hands(), max_size=15))
def test_a_night_by_card_lines_and_the_same_by_values_give_the_same_ledger(hands):
    by_line, by_value = Ledger(FOUR), Ledger(FOUR)
    for line_hand, value_hand in hands:
        by_line.add(line_hand)
        by_value.add(value_hand)
    assert by_line.totals == by_value.totals
    assert [(ln.payments, ln.totals, ln.value, replace(ln.entry, line=None)) for ln in by_line.lines] == \
        [(ln.payments, ln.totals, ln.value, ln.entry) for ln in by_value.lines]


def test_the_jokerless_double_follows_the_lines_section():
    night = Ledger(FOUR)
    for name, collects in (("Evens #1", 300), ("Singles and Pairs #1", 300), ("Quints #1", 240)):
        pick = CARD.pick(name)
        line = night.add(winner="Ann", how="self-drawn", value=pick.value, category=pick.category,
                         jokerless=True, line=pick.name)
        assert line.payments["Ann"] == collects, name  # 25 doubled twice; 50 and 40 doubled once
    league = Ledger(FOUR, rules=LEAGUE_CARD)  # the card's own print: only Singles and Pairs exempt
    pick = CARD.pick("Quints #1")
    assert league.add(winner="Ann", how="self-drawn", value=40, category=pick.category, jokerless=True,
                      line=pick.name).payments["Ann"] == 480


def test_record_takes_a_line_of_the_card_and_the_journal_keeps_it(tmp_path, capsys, monkeypatch):
    path = tmp_path / "tuesday.csv"
    code, out, err = run(capsys, "record", path, "--players", "Ann,Bea,Cat,Dee", "--winner", "Ann", "--how",
                         "discard", "--thrower", "Cat", "--line", "Evens #3 concealed", "--card", MADE_UP_CARD)
    assert code == 0 and out.startswith("Saved hand 1: Ann wins on Cat's discard, 30 on the card (Evens #3 concealed)")
    assert path.read_text(encoding="utf-8-sig").splitlines()[-1] == "1,Ann,discard,Cat,30,no,other,,,,,Evens #3 concealed"
    # the club's card kept in the data folder is found without --card
    data = tmp_path / "data"
    data.mkdir()
    (data / "card.csv").write_bytes(MADE_UP_CARD.read_bytes())
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(data))
    code, out, _ = run(capsys, "record", path, "--winner", "Bea", "--how", "self-drawn", "--line", "quints 2")
    assert code == 0 and "45 on the card (Quints #2), Quints" in out
    before = path.read_bytes()
    for args, said in ((["--line", "Evens #9"], "Evens #9 is not on the card (card.csv); its nearest lines: "
                                                "Evens #4, Evens #3, Evens #2"),
                       (["--line", "Evens #1", "--value", "30"], "the card gives Evens #1 the value 25, not 30"),
                       (["--value", "25", "--card", MADE_UP_CARD], "--card is the card for --line"),
                       (["--line", "Evens #1", "--card", tmp_path / "gone.csv"], "no such card:")):
        code, out, err = run(capsys, "record", path, "--winner", "Bea", "--how", "self-drawn", *args)
        assert code == 2 and out == "" and err.startswith(f"mjscore: error: {said}") and len(err.splitlines()) == 1
    assert path.read_bytes() == before  # nothing written by a refusal
    code, out, _ = run(capsys, "night", path, "--json")
    assert [h.get("line") for h in json.loads(out)["hands"]] == ["Evens #3 concealed", "Quints #2"]
    code, out, _ = run(capsys, "correct", path, 2, "--value", "50")  # a value changed by hand is no line
    assert code == 0 and load_journal(path).ledger.entries[1].line is None


def test_a_journal_from_before_the_line_column_takes_a_line(tmp_path):
    path = tmp_path / "old.csv"
    path.write_text("#players,Ann,Bea,Cat,Dee\n#game,american\n#jokerless-exempt,quints,singles-and-pairs\n"
                    "hand,winner,how,thrower,value,jokerless,category,dead,bettor,pick,note\n"
                    "1,Ann,discard,Cat,25,no,other,,,,\n", encoding="utf-8")
    night = load_journal(path).ledger
    night.add(how="wall")  # no line: appended as it is
    assert path.read_text(encoding="utf-8").splitlines()[3].endswith(",note")
    night.add(winner="Bea", how="self-drawn", value=25, line="Evens #1")
    text = path.read_text(encoding="utf-8-sig").splitlines()
    assert text[3].endswith(",note,line") and text[-1].endswith(",Evens #1")
    again = load_journal(path)
    assert again.ok and again.ledger.lines == night.lines


def test_a_line_is_for_a_won_american_hand():
    with pytest.raises(ValueError, match="a wall game has no winner, so no line of the card"):
        Ledger(FOUR).add(how="wall", line="Evens #1")
    with pytest.raises(ValueError, match="a line of the card are for an American night"):
        Ledger(FOUR, game="willingdon").add(winner="Ann", how="self-drawn", value=100, line="Evens #1")


def test_without_a_card_the_line_says_where_a_card_goes(monkeypatch, tmp_path):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path))
    with pytest.raises(CardError, match="keep the club's card as card.csv in the data folder"):
        card_for(None)
