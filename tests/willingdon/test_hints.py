"""What the trainer says a learner missed: asked of the rule table, one hint per cause.

One test per answer of the trainer's FAQ (the questions learners of Willingdon scoring ask;
RULES.md settles the rules): the hand the question is about, the typical wrong answer, and the
hint the learner then reads.
"""

from __future__ import annotations

import pytest

from mjscore.hands import parse
from mjscore.practice import Trainer
from mjscore.willingdon import CLEAN_HAND_ONE, score
from mjscore.willingdon.deal import deal
from mjscore.willingdon.hints import likely_misses, rule_of_hint


def hints(text: str, points: int | None, doubles: int | None, rules=None) -> list[str]:
    hand = parse(text)
    result = score(hand) if rules is None else score(hand, rules)
    return list(likely_misses(result, hand, points, doubles))


# --------------------------------------------------------------------------- the FAQ, answer by answer


def test_faq_why_is_my_hand_worth_0(tmp_path):
    """Under three doubles a hand pays nothing; the paper total still says how close it was."""
    t = Trainer(tmp_path / "p.jsonl")
    f = t.check(28, 0)
    assert "Score: 0 — under 3 doubles a hand pays nothing; this one is 3 short." in f.summary()
    assert "Paper total: 28 x 2^0 = 28" in f.summary()


def test_faq_what_counts_as_major():
    # A pung of 1 Bamboo scored as minor: 2 short on an exposed pung.
    out = hints("+1Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 28, 0)
    assert ("Hand points: 2 short. The set of 1 Bamboo is “Pung of major (honours, 1s and 9s), "
                      "exposed”: 4 points, not what “Pung of minor (2–8), exposed” (2) scores.") in out
    # A pung of 5 scored as major: the one set, one hint, never two that disagree.
    out = hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 30, 0)
    sets = [h for h in out if "The sets of" in h]
    assert len(sets) == 1 and "“Pung of minor (2–8), exposed”: 2 points each" in sets[0]
    assert "“Pung of major (honours, 1s and 9s), exposed” (4)" in sets[0]
    assert "“Pung of minor (2–8), concealed” (4)" in sets[0]


def test_faq_ones_and_nines_in_the_same_suit():
    out = hints("+1Dx3 +9Bx3 +5Cx3 +RDx3 EWx2", None, 2)
    assert out == ["Doubles: 1 too many. The 1s and the 9s must be pungs of one suit: here they are from "
                   "different suits, so this hand has no “Pungs of 1s and 9s in one suit” (worth 1 double)."]


def test_faq_two_kinds_of_hand_at_once():
    # With the Clean Hand at 1, an All Major Hand is also a Clean Hand: only the best counts.
    out = hints("+1Dx3 9Dx3 +RDx3 +EWx3 NWx2", None, 6, rules=CLEAN_HAND_ONE)
    assert ("Doubles: 1 too many. A Clean Hand fits too, but only the best hand kind counts: "
            "An All Major Hand.") in out


def test_faq_an_all_honours_hand_is_not_also_all_major():
    """RULES.md: An All Major Hand needs a suited tile, so it never 'fits too' on honours only."""
    out = hints("RDx3 GDx3 WDx3 +EWx3 NWx2", 50, 11)
    assert not any("fits too" in h for h in out)
    assert ("Doubles: 1 too many. Only a hand kind that fits counts, and only the best one (this one is "
            "A Royal Honour Hand): An All Major Hand is honours plus 1s and 9s, all from one suit, and "
            "this hand is not.") in out


def test_faq_why_does_a_clean_hand_score_nothing():
    out = hints("+EWx3 3Bx3 +7Bx3 +GDx3 5Bx2 F1", 38, 6)
    assert out == ["Doubles: 1 too many. A Clean Hand scores 0 doubles in this rule book (most other books give 1)."]


def test_faq_do_kongs_count_towards_three_concealed_pungs():
    """The FAQ's own example, answered 2 doubles: the kongs hint, not 'no single line'."""
    out = hints("2Bx3 5Bx3 7Bx3 3Dx4 RDx2", 50, 2)
    assert out == ["Doubles: 1 too many. Kongs do not count towards concealed pungs: a concealed kong "
                   "scores on the concealed-kong lines only, so this hand has “3 concealed pungs” "
                   "(1 double), not “4 concealed pungs” (2 doubles)."]
    out = hints("2Cx3 4Cx3 6Cx4 +8Dx3 RDx2", None, 1)  # two pungs and a kong: not three
    assert any("Kongs do not count towards concealed pungs" in h for h in out)


def test_faq_does_four_also_score_three():
    out = hints("2Cx3 4Cx3 6Cx3 8Cx3 9Cx2", None, 3 + 2 + 1)
    assert out == ["Doubles: 1 too many. “4 concealed pungs” (2 doubles) replaces “3 concealed pungs” "
                   "(1 double): the tiers do not stack."]
    out = hints("+EWx3 +SWx3 +WWx3 +NWx3 RDx2", None, 3 + 2 + 1 + 1 + 1)
    assert any("“4 pungs of winds” (2 doubles) replaces “3 pungs/kongs of winds” (1 double)" in h for h in out)


def test_faq_can_one_flower_earn_two_doubles():
    out = hints("+2Bx3 +3Bx3 +4Bx3 +5Cx3 6Bx2 F1", None, 0)
    assert out[0] == ("Doubles: 2 short. Perhaps you missed that Flower 1 scores on “Each of your own "
                      "flower/season” and “Each flower/season of the round”: 1 double for each (2 in all).")


def test_faq_what_is_a_bouquet():
    out = hints("+2Bx3 +3Bx3 +4Bx3 +5Cx3 6Bx2 S1 S2 S3 S4 seat=W round=W", None, 2)
    assert out[0] == ("Doubles: 3 short. Perhaps you missed “A bouquet of flowers” (seasons), worth 3 doubles.")


def test_faq_why_are_some_scores_enormous():
    hand = parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2")
    f = likely_misses(score(hand), hand, 58, 11)
    assert score(hand).paper_total == 237_568 and f[0].startswith("Doubles: 1 short.")


def test_faq_are_the_practice_hands_real_hands():
    hands = deal(60)
    assert all(len(h.melds) == 4 and len({m.tile for m in h.sets}) == 5 for h in hands)


def test_faq_does_show_me_count_against_me(tmp_path):
    t = Trainer(tmp_path / "p.jsonl")
    f = t.show_me()
    assert f.hints == () and t.tally.missed == 1 and not t.check(28, 0).counted


# --------------------------------------------------------------------------- more causes


def test_a_missed_flower_is_one_line():
    out = hints("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W", 50, 5)
    assert ("Hand points: 4 short. Perhaps you missed one “Each flower or season” (one of Flower 3, "
            "Season 2, Season 3), worth 4 points.") in out


def test_mahjong_forgotten():
    assert hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 8, 0) == [
        "Hand points: 20 short. Perhaps you missed “Mahjong”, worth 20 points."]


def test_a_pair_of_lines():
    out = hints("+EWx3 3Bx3 +7Bx3 +GDx3 5Bx2 F1 S2", 30, 5)
    assert ("Hand points: 12 short. Perhaps you missed “Pung of minor (2–8), concealed” (3 Bamboo), "
            "worth 4 points, and “Each flower or season” on all of Flower 1, Season 2, worth 8 points "
            "in all.") in out


def test_a_concealed_set_scored_as_exposed():
    out = hints("2Cx3 4Cx3 6Cx3 +8Cx3 9Cx2 S3 seat=W round=S", 38, 5)
    assert ("Hand points: 2 short. The sets of 2 Characters, 4 Characters, 6 Characters are each “Pung of "
            "minor (2–8), concealed”: 4 points each, not what “Pung of minor (2–8), exposed” (2) scores.") in out


def test_a_minor_pair_scored():
    out = hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 30, 0)
    assert ("Hand points: 2 too many. The pair of 6 Characters scores nothing: only these pairs score: "
            "A pair of dragons, A pair of any wind, A pair of any 1s & 9s.") in out


def test_a_kong_scored_as_a_pung():
    out = hints("+1Dx4 +9Dx4 RDx3 +WDx4 NWx2 F4 seat=N", 82 - 12, 7)
    assert any(h.startswith("Hand points: 12 short. The sets of 1 Dots, 9 Dots, White Dragon are each "
                            "“Kong of major (honours, 1s and 9s), exposed”: 16 points each") for h in out)


def test_own_and_round_wind_on_one_tile():
    out = hints("+EWx3 3Bx3 +7Bx3 +GDx3 5Bx2 F1 S2", 42, 3)
    assert "East Wind scores on “A pung/kong of your own wind” and “A pung/kong of the wind of the round”" in out[0]


def test_concealed_mahjong_won_on_a_discard():
    out = hints("2Cx3 4Cx3 6Cx3 8Cx3 9Cx2", None, 5 + 3)
    assert any("Concealed mahjong needs the last tile from the wall" in h for h in out)
    out = hints("2Cx3 4Cx3 +6Cx3 8Cx3 9Cx2 self-drawn", None, 3 + 1 + 3)
    assert any("Concealed mahjong needs all four sets concealed" in h for h in out)


def test_a_stray_flower_and_a_stray_wind():
    assert any("Flower 2 earns no double" in h for h in hints("+2Bx3 +3Bx3 +4Bx3 +5Bx3 6Bx2 F2", None, 4))
    assert any("A pung of West Wind earns no double by itself" in h
               for h in hints("+WWx3 +3Bx3 +4Bx3 +5Bx3 6Bx2", None, 1))


def test_no_cause_fits():
    assert hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 29, 0) == [
        "Hand points: 1 too many. No single line or pair of lines makes up the difference: "
        "go through the breakdown line by line."]


def test_a_hand_with_no_doubles_is_told_so_with_the_line_that_almost_fired():
    """Said 1 double on a hand with none: no hint sends the learner to doubles lines the
    breakdown does not show ("(none)"); it says the hand has none, and names the nearest line."""
    assert hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 28, 1) == [
        "Doubles: 1 too many. This hand has no doubles: no doubles line of the rule book fires on it."]
    assert hints("+2Bx3 3Cx3 4Dx3 +5Bx3 6Bx2", None, 1) == [
        "Doubles: 1 too many. This hand has no doubles: no doubles line of the rule book fires on it. "
        "The nearest is “3 concealed pungs” (1 double). This hand has 2 concealed pungs: one short."]
    assert hints("+2Bx3 +3Cx3 +4Dx3 +5Bx3 RDx2", None, 1) == [
        "Doubles: 1 too many. This hand has no doubles: no doubles line of the rule book fires on it. "
        "The nearest is “A pung/kong of dragons” (1 double). The Red Dragon here is the pair, and only a "
        "pung or kong of dragons earns a double."]
    # a line that fires and gives 0 (the Clean Hand in this rule book) is named as such
    out = hints("+2Bx3 +8Bx3 NWx4 +7Bx3 9Bx2 seat=S round=W", None, 2)
    assert out[0].startswith("Doubles: 2 too many. This hand has no doubles: “A Clean Hand” fires but gives "
                             "0 doubles in this rule book. The nearest is “A pung/kong of your own wind”")


def test_no_hint_points_at_lines_the_breakdown_does_not_show():
    """The kind: over dealt hands and wrong answers either way, a hint that sends the learner
    through the breakdown is given only where the breakdown has lines of that figure worth
    something; a hand with no doubles answered with some is told it has none."""
    sent, told = 0, 0
    for hand in deal(300, seed=5):
        s = score(hand)
        for dp, dd in ((1, 0), (-1, 0), (0, 1), (0, 2), (0, 3), (0, -1), (3, 5)):
            out = likely_misses(s, hand, max(0, s.hand_points + dp), max(0, s.doubles + dd))
            for h in out:
                items = s.points if h.startswith("Hand points") else s.doubles_detail
                if "breakdown" in h:
                    sent += 1
                    assert any(i.total for i in items), (str(hand), h)
                if h.startswith("Doubles") and s.doubles == 0 and not any(i.total for i in items):
                    assert "breakdown" not in h, (str(hand), h)
                    told += h.startswith("Doubles") and " This hand has no doubles: " in h
    assert sent and told  # both cases were met


def test_right_answers_show_me_and_figures_not_asked_have_no_hints():
    assert hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", 28, 0) == []
    assert hints("+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2", None, None) == []


def test_hints_on_dealt_hands_never_fail_never_repeat_and_never_disagree():
    for hand in deal(400, seed=2):
        s = score(hand)
        for dp, dd in ((-4, 0), (4, 0), (2, -1), (-2, 2), (-7, -3), (9, 5), (-2, 1)):
            out = likely_misses(s, hand, max(0, s.hand_points + dp), max(0, s.doubles + dd))
            assert len(out) == len(set(out)) <= 6
            assert not (s.doubles_detail and s.doubles_detail[0].line == "A Royal Honour Hand"
                        and any("All Major Hand fits too" in h for h in out))
            sets = [h for h in out if h.startswith("Hand points") and (" The set of " in h or " The sets of " in h)]
            named = [h.split(" is “")[0].split(" are each “")[0] for h in sets]
            assert len(named) == len(set(named))  # one hint per set


@pytest.mark.parametrize("hint, rule", [
    ("Hand points: 2 short. Perhaps you missed “A pair of dragons” (Green Dragon), worth 2 points.", "A pair of dragons"),
    ("Doubles: 1 too many. A Clean Hand scores 0 doubles in this rule book (most other books give 1).",
     "A Clean Hand scores 0 doubles in this rule book"),
    ("Hand points: 2 too many. The pair of 5 Bamboo scores nothing: only these pairs score.",
     "The pair of a minor tile scores nothing"),
    ("Doubles: 1 too many. No single line or pair of lines makes up the difference: go through it.", None),
    ("Doubles: 1 too many. This hand has no doubles: no doubles line of the rule book fires on it.", None),
    ("Doubles: 1 too many. This hand has no doubles: no doubles line of the rule book fires on it. "
     "The nearest is “3 concealed pungs” (1 double). This hand has 2 concealed pungs: one short.", "3 concealed pungs"),
])
def test_the_rule_a_hint_names_is_counted_the_same_for_every_tile(hint, rule):
    assert rule_of_hint(hint) == rule
