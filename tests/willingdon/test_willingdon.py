"""Willingdon scoring: every line of the rule table, every answer of seed 001's FAQ, and the
seed's figures. Each test would fail if its rule were wrong."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from mjscore.hands import parse
from mjscore.willingdon import CLEAN_HAND_ONE, WILLINGDON, RuleSet, rule_table, score

from ..strategies import hands


def doubles(text, rules=WILLINGDON):
    """{line: doubles} for a hand in notation."""
    return {i.line: i.total for i in score(parse(text), rules).doubles_detail}


def points(text):
    return {i.label: i.total for i in score(parse(text)).points}


# A plain hand with nothing that gives a double: exposed minor pungs in three suits.
PLAIN = "+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2"


# --------------------------------------------------------------------------- hand points

@pytest.mark.parametrize("text, line, value", [
    ("+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2", "Pung of minor (2–8), exposed", 4 * 2),
    ("2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2", "Pung of minor (2–8), concealed", 4),
    ("+1Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2", "Pung of major (honours, 1s and 9s), exposed", 4),
    ("RDx3 +3Cx3 +4Dx3 +6Dx3 7Bx2", "Pung of major (honours, 1s and 9s), concealed", 8),
    ("+5Bx4 +3Cx3 +4Dx3 +6Dx3 7Bx2", "Kong of minor (2–8), exposed", 8),
    ("5Bx4 +3Cx3 +4Dx3 +6Dx3 7Bx2", "Kong of minor (2–8), concealed", 16),
    ("+NWx4 +3Cx3 +4Dx3 +6Dx3 7Bx2", "Kong of major (honours, 1s and 9s), exposed", 16),
    ("9Cx4 +3Cx3 +4Dx3 +6Dx3 7Bx2", "Kong of major (honours, 1s and 9s), concealed", 32),
    (PLAIN + " F2 S4", "Each flower or season", 8),
    ("+2Bx3 +3Cx3 +4Dx3 +6Dx3 WDx2", "A pair of dragons", 2),
    ("+2Bx3 +3Cx3 +4Dx3 +6Dx3 SWx2", "A pair of any wind", 2),
    ("+2Bx3 +3Cx3 +4Dx3 +6Dx3 9Dx2", "A pair of any 1s & 9s", 2),
    (PLAIN, "Mahjong", 20),
])
def test_each_hand_points_line(text, line, value):
    assert points(text)[line] == value


def test_a_minor_pair_scores_nothing():
    assert score(parse(PLAIN)).hand_points == 20 + 4 * 2


def test_hand_points_add_up():
    # 8 (concealed RD) + 16 (exposed kong 1B) + 4 (exposed EW) + 8 (concealed 9B) + 2 (GD pair)
    # + 8 (two flowers) + 20 (mahjong)
    assert score(parse("RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3")).hand_points == 66


def test_hand_points_of_a_1_bam_pung_are_major_wherever_the_rest_comes_from():
    # FAQ: "a pung of 1 Bam is a major pung wherever the rest of the hand comes from".
    assert points("+1Bx3 +3Cx3 +4Dx3 +6Dx3 7Dx2")["Pung of major (honours, 1s and 9s), exposed"] == 4


# --------------------------------------------------------------------------- the formula

def test_final_score_is_points_times_two_to_the_doubles_the_seeds_54_x_32():
    s = score(parse("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W"))
    assert (s.hand_points, s.doubles, s.paper_total, s.score) == (54, 5, 1728, 1728)


def test_twelve_doubles_58_points_lands_at_237_568():
    s = score(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"))
    assert (s.hand_points, s.doubles, s.paper_total, s.score) == (58, 12, 237_568, 237_568)


def test_under_three_doubles_a_hand_pays_nothing_but_the_paper_total_is_shown():
    s = score(parse("+RDx3 +GDx3 +3Cx3 +4Dx3 7Bx2"))  # two dragon pungs: 2 doubles
    assert s.doubles == 2 and not s.minimum_met
    assert s.paper_total == s.hand_points * 4 and s.score == 0
    assert "2 doubles" not in s.explain() and "1 short" in s.explain()


def test_a_hand_with_no_doubles_pays_nothing():
    s = score(parse(PLAIN))
    assert (s.doubles, s.paper_total, s.score, s.minimum_met) == (0, 28, 0, False)


def test_exactly_three_doubles_is_enough():
    s = score(parse("+RDx3 +GDx3 +WDx3 +4Dx3 7Bx2"))  # 3 dragon pungs = 3, all three dragons +1
    assert s.doubles == 4
    s = score(parse("+RDx3 +GDx3 +3Cx3 +4Dx3 7Bx2 F1"))  # 2 dragons + F1 own = 3 (round E: +1)
    assert s.doubles == 4 and s.minimum_met
    s = score(parse("+RDx3 +GDx3 +3Cx3 +4Dx3 7Bx2 F1 round=S"))
    assert s.doubles == 3 and s.minimum_met and s.score == s.paper_total


def test_the_minimum_is_a_setting():
    h = parse("+RDx3 +GDx3 +3Cx3 +4Dx3 7Bx2")
    assert score(h, WILLINGDON.with_settings(minimum_doubles=2)).score == score(h).paper_total
    assert score(parse(PLAIN), RuleSet(minimum_doubles=0)).score == 28


def test_128_points_and_two_doubles_is_worth_0():
    s = score(parse("WDx4 GDx4 +1Cx4 +9Dx4 2Bx2 F3 F4 S3"))
    assert (s.hand_points, s.doubles, s.score, s.paper_total) == (128, 2, 0, 512)


# --------------------------------------------------------------------------- hand doubles

@pytest.mark.parametrize("text, line", [
    ("+2Bx3 +3Bx3 +4Bx3 +6Bx3 9Bx2", "A Pure Hand"),
    ("+EWx3 +SWx3 +RDx3 +GDx3 WDx2", "A Royal Honour Hand"),
    ("+1Bx3 +9Bx3 +1Cx3 +9Dx3 1Dx2", "A Heads & Tails Hand"),
])
def test_the_three_double_hand_kinds(text, line):
    assert doubles(text)[line] == 3


def test_all_major_hand_is_one_double_and_needs_its_1s_and_9s_from_one_suit():
    assert doubles("+1Bx3 +9Bx3 +EWx3 +RDx3 GDx2")["An All Major Hand"] == 1
    # FAQ: the 1s and 9s must all come from one suit ...
    assert "An All Major Hand" not in doubles("+1Bx3 +9Cx3 +EWx3 +RDx3 GDx2")
    # ... though the honours can be anything, and it needs a suited tile at all.
    assert "An All Major Hand" not in doubles("+EWx3 +SWx3 +RDx3 +GDx3 WDx2")


def test_heads_and_tails_takes_1s_and_9s_from_any_suits_but_nothing_else():
    assert doubles("+1Bx3 +9Cx3 +1Dx3 +9Dx3 1Cx2")["A Heads & Tails Hand"] == 3
    assert "A Heads & Tails Hand" not in doubles("+1Bx3 +9Cx3 +1Dx3 +9Dx3 RDx2")
    assert "A Heads & Tails Hand" not in doubles("+1Bx3 +9Cx3 +1Dx3 +8Dx3 1Cx2")


def test_a_clean_hand_scores_0_by_the_book_and_1_as_a_setting():
    text = "+2Bx3 +3Bx3 +4Bx3 +EWx3 9Bx2"
    assert doubles(text)["A Clean Hand"] == 0
    assert doubles(text, CLEAN_HAND_ONE)["A Clean Hand"] == 1
    assert score(parse(text), WILLINGDON.with_settings(clean_hand_doubles=2)).doubles - score(parse(text)).doubles == 2


def test_only_the_best_hand_kind_counts():
    # FAQ "two kinds of hand at once": an All Major Hand is also a Clean Hand; it scores 1, not 1 + 0,
    # and with the Clean Hand at 1 it still scores 1, not 2.
    text = "+1Bx3 +9Bx3 +EWx3 +SWx3 GDx2"
    for rules in (WILLINGDON, CLEAN_HAND_ONE):
        s = score(parse(text), rules)
        kinds = [i for i in s.doubles_detail if i.line in ("An All Major Hand", "A Clean Hand")]
        assert [i.line for i in kinds] == ["An All Major Hand"] and kinds[0].total == 1
        assert s.also_fits == ("A Clean Hand",)


def test_flowers_never_decide_the_hand_kind():
    assert doubles("+2Bx3 +3Bx3 +4Bx3 +6Bx3 9Bx2 F1 S2")["A Pure Hand"] == 3


def test_a_mixed_hand_has_no_hand_kind():
    assert not any("Hand" in line for line in doubles(PLAIN))


# --------------------------------------------------------------------------- one double each

def test_pungs_of_1s_and_9s_in_one_suit():
    assert doubles("+1Bx3 +9Bx3 +3Cx3 +4Dx3 7Dx2")["Pungs of 1s and 9s in one suit"] == 1
    # FAQ: a pung of 1 Dot and a pung of 9 Bam earns nothing.
    assert "Pungs of 1s and 9s in one suit" not in doubles("+1Dx3 +9Bx3 +3Cx3 +4Dx3 7Dx2")
    # A kong counts as a pung; the pair does not.
    assert doubles("+1Bx4 +9Bx3 +3Cx3 +4Dx3 7Dx2")["Pungs of 1s and 9s in one suit"] == 1
    assert "Pungs of 1s and 9s in one suit" not in doubles("+1Bx3 +5Bx3 +3Cx3 +4Dx3 9Bx2")
    # One for each suit that has both.
    assert doubles("+1Bx3 +9Bx3 +1Cx3 +9Cx3 7Dx2")["Pungs of 1s and 9s in one suit"] == 2


def test_dragon_pungs_and_all_three_dragons():
    d = doubles("+RDx3 +GDx4 +WDx3 +4Dx3 7Dx2")
    assert d["A pung/kong of dragons"] == 3
    assert d["3 pungs/kongs of all 3 dragons"] == 1
    d = doubles("+RDx3 +GDx3 +3Cx3 +4Dx3 WDx2")
    assert d["A pung/kong of dragons"] == 2 and "3 pungs/kongs of all 3 dragons" not in d


def test_wind_pungs_tiers_replace_each_other():
    d3 = doubles("+SWx3 +WWx3 +NWx3 +4Dx3 7Dx2 seat=E round=E")
    assert d3["3 pungs/kongs of winds"] == 1 and "4 pungs of winds" not in d3
    d4 = doubles("+EWx3 +SWx3 +WWx4 +NWx3 7Dx2 seat=E round=E")
    assert d4["4 pungs of winds"] == 2 and "3 pungs/kongs of winds" not in d4


def test_own_wind_and_round_wind_and_both():
    assert doubles("+SWx3 +3Cx3 +4Dx3 +6Dx3 7Bx2 seat=S round=E") == {"A pung/kong of your own wind": 1}
    assert doubles("+EWx3 +3Cx3 +4Dx3 +6Dx3 7Bx2 seat=S round=E") == {"A pung/kong of the wind of the round": 1}
    # FAQ: a pung of your own wind when you also sit in the round's wind scores both.
    assert doubles("+WWx3 +3Cx3 +4Dx3 +6Dx3 7Bx2 seat=W round=W") == {
        "A pung/kong of your own wind": 1, "A pung/kong of the wind of the round": 1}
    # Another wind gives neither; a pair of your wind gives no double.
    assert doubles("+NWx3 +3Cx3 +4Dx3 +6Dx3 7Bx2 seat=S round=E") == {}
    assert doubles("+2Bx3 +3Cx3 +4Dx3 +6Dx3 SWx2 seat=S round=S") == {}


def test_own_and_round_flowers():
    assert doubles(PLAIN + " F2 S2 seat=S round=E") == {"Each of your own flower/season": 2}
    assert doubles(PLAIN + " F3 S1 seat=S round=W") == {"Each flower/season of the round": 1}
    assert doubles(PLAIN + " F4 S3 seat=E round=E") == {}


def test_one_flower_can_earn_two_doubles_and_is_still_4_points():
    # FAQ: sitting East in the East round, Flower 1 is both your own flower and the round's.
    s = score(parse(PLAIN + " F1 seat=E round=E"))
    d = {i.line: i.total for i in s.doubles_detail}
    assert d == {"Each of your own flower/season": 1, "Each flower/season of the round": 1}
    assert points(PLAIN + " F1")["Each flower or season"] == 4


def test_three_concealed_pungs_and_kongs_do_not_count():
    assert doubles("2Bx3 3Cx3 4Dx3 +6Dx3 7Bx2")["3 concealed pungs"] == 1
    # FAQ: three concealed pungs plus a concealed kong is 1 double, not 2.
    d = doubles("2Bx3 3Cx3 4Dx3 6Dx4 7Bx2")
    assert d == {"3 concealed pungs": 1}
    assert "3 concealed pungs" not in doubles("2Bx3 3Cx3 4Dx4 +6Dx3 7Bx2")


def test_four_concealed_pungs_replace_three():
    d = doubles("2Bx3 3Cx3 4Dx3 6Dx3 7Bx2")
    assert d == {"4 concealed pungs": 2}


def test_exposed_kongs_tiers():
    assert doubles("+2Bx4 +3Cx4 +4Dx4 +6Dx3 7Bx2") == {"3 exposed kongs": 2}
    assert doubles("+2Bx4 +3Cx4 +4Dx4 +6Dx4 7Bx2") == {"4 exposed kongs": 3}
    assert doubles("+2Bx4 +3Cx4 +4Dx3 +6Dx3 7Bx2") == {}


def test_concealed_kongs_tiers():
    assert doubles("2Bx4 3Cx4 4Dx4 +6Dx3 7Bx2") == {"3 concealed kongs": 3}
    assert doubles("2Bx4 3Cx4 4Dx4 6Dx4 7Bx2") == {"4 concealed kongs": 4}


def test_concealed_mahjong_last_tile_from_the_wall():
    assert doubles("2Bx4 3Cx3 4Dx3 +6Dx3 7Bx2 self-drawn") == {}
    d = doubles("2Bx4 3Cx4 4Dx3 6Dx3 7Bx2 self-drawn")
    assert d == {"Concealed mahjong last tile from the wall": 3}
    assert "Concealed mahjong last tile from the wall" not in doubles("2Bx4 3Cx4 4Dx3 6Dx3 7Bx2")


def test_a_bouquet_is_all_four_flowers_or_all_four_seasons():
    d = doubles(PLAIN + " F1 F2 F3 F4 seat=S round=W")
    assert d["A bouquet of flowers"] == 3
    d = doubles(PLAIN + " F1 F2 F3 F4 S1 S2 S3 S4 seat=S round=W")
    assert d["A bouquet of flowers"] == 6
    assert "A bouquet of flowers" not in doubles(PLAIN + " F1 F2 F3 S4 seat=S round=W")


def test_the_blessings():
    assert doubles("+2Bx3 3Cx3 4Dx3 6Dx3 7Bx2 seat=S round=S earth")["Earth's Blessing"] == 8
    assert doubles("2Bx3 3Cx3 4Dx3 6Dx3 7Bx2 heaven")["Heaven's Blessing"] == 9


def test_everything_else_stacks():
    # Pure Hand 3 + 4 concealed pungs 2 + concealed mahjong from the wall 3 + own flower 1 = 9
    d = doubles("2Bx3 3Bx3 4Bx3 6Bx3 7Bx2 F2 seat=S round=W self-drawn")
    assert sum(d.values()) == 9 and len(d) == 4


# --------------------------------------------------------------------------- the table as data

def test_the_rule_table_has_the_seeds_lines():
    names = {r.name for r in rule_table()}
    for name in ["Mahjong", "A Pure Hand", "A Royal Honour Hand", "A Heads & Tails Hand", "An All Major Hand",
                 "A Clean Hand", "3 concealed pungs", "4 concealed kongs", "Heaven's Blessing",
                 "A bouquet of flowers", "Each flower or season"]:
        assert name in names
    assert {r.kind for r in rule_table()} == {"points", "doubles"}


def test_the_clean_hand_row_carries_the_setting():
    value = {r.name: r.value for r in rule_table(CLEAN_HAND_ONE)}["A Clean Hand"]
    assert value == 1
    assert {r.name: r.value for r in rule_table()}["A Clean Hand"] == 0


def test_a_rule_set_refuses_nonsense_settings():
    with pytest.raises(ValueError, match="minimum-doubles must be a whole number from 0 to 13"):
        RuleSet(minimum_doubles=-1)
    with pytest.raises(ValueError, match="clean-hand-doubles"):
        RuleSet(clean_hand_doubles="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="clean-hand-doubles must be a whole number from 0 to 13, not 14"):
        RuleSet(clean_hand_doubles=14)  # 2**doubles of a huge setting ran out of memory before
    assert RuleSet(clean_hand_doubles=13, minimum_doubles=13).minimum_doubles == 13


def test_results_are_immutable():
    s = score(parse(PLAIN))
    with pytest.raises(AttributeError):
        s.score = 5  # type: ignore[misc]


def test_explain_names_every_line():
    s = score(parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"))
    text = s.explain()
    for item in s.points + s.doubles_detail:
        assert item.label in text
    assert "58 x 2^12 = 237,568" in text


# --------------------------------------------------------------------------- properties

@settings(max_examples=400)
@given(hands())
def test_the_line_items_add_up_and_the_formula_holds(h):
    s = score(h)
    assert s.hand_points == sum(i.total for i in s.points)
    assert s.doubles == sum(i.total for i in s.doubles_detail)
    assert s.paper_total == s.hand_points * 2 ** s.doubles
    assert s.score == (s.paper_total if s.doubles >= 3 else 0)
    assert s.minimum_met == (s.doubles >= 3)
    assert 20 <= s.hand_points


@settings(max_examples=200)
@given(hands())
def test_the_clean_hand_setting_changes_only_clean_hands(h):
    a, b = score(h), score(h, CLEAN_HAND_ONE)
    clean = any(i.line == "A Clean Hand" for i in a.doubles_detail)
    assert b.doubles - a.doubles == (1 if clean else 0)
