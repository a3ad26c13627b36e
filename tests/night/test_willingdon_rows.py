"""The three Willingdon rows of issue 12: each test fails if its rule is wrong (RULES.md)."""

from __future__ import annotations

import pytest

from mjscore.night import Ledger, LedgerError, read_journal
from mjscore.willingdon import score
from mjscore.willingdon.settle import TableRules
from mjscore.hands import parse

FOUR = ["Ann", "Bea", "Cat", "Dee"]  # Ann sits East, Bea South, Cat West, Dee North
PENALTY = TableRules(three_exposed_penalty=True)
THREE_SHOWN = "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2"


def _night(rules=PENALTY) -> Ledger:
    return Ledger(FOUR, game="willingdon", table_rules=rules)


def test_exposed_counts_the_sets_shown_before_the_discard():
    night = _night()
    value = score(parse(THREE_SHOWN + " seat=S")).score
    # Two shown before Dee's discard, which completed the third pung: a legal row, no penalty.
    line = night.add(winner="Bea", how="discard", thrower="Dee", tiles=THREE_SHOWN, exposed=2)
    assert line.payments == {"Ann": -value, "Bea": 3 * value, "Cat": -value, "Dee": -value}
    # Three shown before the discard: Dee pays for all three.
    line = night.add(winner="Bea", how="discard", thrower="Dee", tiles=THREE_SHOWN, exposed=3)
    assert line.payments == {"Ann": 0, "Bea": 3 * value, "Cat": 0, "Dee": -3 * value}
    # Not one of the two possible counts: refused, naming the column.
    with pytest.raises(LedgerError, match="exposed=1, but .* showed 2 or 3"):
        night.add(winner="Bea", how="discard", thrower="Dee", tiles=THREE_SHOWN, exposed=1)
    # Self-drawn, nothing was claimed for the last tile: exactly the exposed sets.
    with pytest.raises(LedgerError, match="exposed=2"):
        night.add(winner="Bea", how="self-drawn", tiles=THREE_SHOWN, exposed=2)


def test_where_the_penalty_depends_on_it_and_the_row_does_not_say_it_is_refused():
    with pytest.raises(LedgerError, match="exposed column"):
        _night().add(winner="Bea", how="discard", thrower="Dee", tiles=THREE_SHOWN)
    # Without the penalty rule the count does not matter: no question asked.
    assert _night(TableRules()).add(winner="Bea", how="discard", thrower="Dee", tiles=THREE_SHOWN)
    # Four shown: three or four before the discard, the penalty either way.
    four = "+RDx3 +GDx3 +WDx3 +5Bx3 2Cx2"
    line = _night().add(winner="Bea", how="discard", thrower="Dee", tiles=four)
    assert line.payments["Ann"] == line.payments["Cat"] == 0
    # From a journal: the row's line is named.
    text = "#players,Ann,Bea,Cat,Dee\n#game,willingdon\n#three-exposed-penalty,yes\nwinner,how,thrower,tiles\n" \
           f"Bea,discard,Dee,{THREE_SHOWN}\n"
    problems = read_journal(text).problems
    assert len(problems) == 1 and problems[0].line == 5 and "exposed column" in problems[0].message


def test_the_seat_comes_from_the_seating_before_the_hand_is_checked():
    earth = "RDx3 GDx3 WDx3 +EWx3 NWx2 earth"  # Earth's Blessing: a non-East seat, on East's discard
    line = _night().add(winner="Bea", how="discard", thrower="Ann", tiles=earth)
    assert line.value == score(parse(earth + " seat=S")).score and "Bea (South)" in line.text
    # With Cat sitting East, Bea sits North: still no East, still legal, thrown by Cat.
    line = _night().add(winner="Bea", how="discard", thrower="Cat", tiles=earth, east="Cat")
    assert "Bea (North)" in line.text
    # But East herself cannot have an Earth's Blessing.
    with pytest.raises(LedgerError, match="Earth"):
        _night().add(winner="Ann", how="discard", thrower="Bea", tiles=earth)


@pytest.mark.parametrize("fields, message", [
    (dict(winner="Bea", how="self-drawn", tiles="RDx3 GDx3 WDx3 +EWx3 NWx2 earth"),
     "Earth's Blessing is won on East's first discard, but this row says self-drawn"),
    (dict(winner="Bea", how="discard", thrower="Cat", tiles="RDx3 GDx3 WDx3 +EWx3 NWx2 earth"),
     "thrown by Cat, who sits West"),
    (dict(winner="Ann", how="discard", thrower="Cat", tiles="RDx3 GDx3 WDx3 EWx3 NWx2 heaven"),
     "Heaven's Blessing is East's dealt hand: record it as self-drawn, not discard"),
])
def test_a_blessing_inconsistent_with_how_the_hand_ended_is_refused(fields, message):
    night = _night(TableRules())
    with pytest.raises(LedgerError, match=message):
        night.add(**fields)
    assert len(night) == 0


def test_a_heavens_blessing_self_drawn_by_east_pays():
    line = _night(TableRules()).add(winner="Ann", how="self-drawn", tiles="RDx3 GDx3 WDx3 EWx3 NWx2 heaven")
    assert line.payments["Ann"] > 0 and sum(line.payments.values()) == 0
