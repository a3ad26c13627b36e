"""Tiles, sets and hands: the codes, the JSON of RULES.md, the notation, and every refusal."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from mjscore.hands import Hand, HandError, Meld, format_hand, load_hand, parse
from mjscore.tiles import ALL_TILES, SET_TILES, TileError, info, is_major, tile_name

from .strategies import hands

RULES_EXAMPLE = {
    "sets": [
        {"kind": "pung", "tile": "RD", "exposed": False},
        {"kind": "kong", "tile": "1B", "exposed": True},
        {"kind": "pung", "tile": "EW", "exposed": True},
        {"kind": "pung", "tile": "9B", "exposed": False},
        {"kind": "pair", "tile": "GD"},
    ],
    "flowers": ["F1", "S3"],
    "seat": "E",
    "round": "E",
    "self_drawn": False,
    "blessing": None,
}


def test_there_are_34_set_tiles_and_8_bonus_tiles():
    assert len(SET_TILES) == 34
    assert len(ALL_TILES) == 42


@pytest.mark.parametrize("code", ["EW", "SW", "WW", "NW", "RD", "GD", "WD", "1B", "9B", "1C", "9C", "1D", "9D"])
def test_major_is_honours_and_the_1s_and_9s(code):
    assert is_major(code)


@pytest.mark.parametrize("code", [f"{r}{s}" for s in "BCD" for r in range(2, 9)])
def test_minor_is_2_to_8(code):
    assert not is_major(code)


def test_flower_and_season_numbers_belong_to_seats():
    assert [info(f).seat for f in ("F1", "F2", "F3", "F4")] == ["E", "S", "W", "N"]
    assert [info(f).seat for f in ("S1", "S2", "S3", "S4")] == ["E", "S", "W", "N"]


@pytest.mark.parametrize("code", ["10B", "0D", "5X", "ED", "F5", "S0", "", "rd"])
def test_unknown_tile_codes_are_refused(code):
    with pytest.raises(TileError, match="not a tile code"):
        tile_name(code)


def test_rules_md_example_loads_and_round_trips():
    h = Hand.from_json(RULES_EXAMPLE)
    assert h.sets[1] == Meld("kong", "1B", True)
    assert h.pair == Meld("pair", "GD")
    assert h.to_json() == RULES_EXAMPLE
    assert Hand.from_json(json.dumps(RULES_EXAMPLE)) == h


def test_defaults_as_rules_md_says():
    h = Hand.from_json({"sets": [{"kind": "pung", "tile": t} for t in ("2B", "3B", "4B", "5B")]
                        + [{"kind": "pair", "tile": "6B"}]})
    assert (h.flowers, h.seat, h.round, h.self_drawn, h.blessing) == ((), "E", "E", False, None)
    assert not any(m.exposed for m in h.sets)


def _with(**changes):
    d = json.loads(json.dumps(RULES_EXAMPLE))
    d.update(changes)
    return d


def _sets(*specs):
    return [dict(zip(("kind", "tile"), s.split())) for s in specs]


@pytest.mark.parametrize("data, message", [
    ("[1, 2]", "must be a JSON object"),
    ("{nope", "not valid JSON"),
    (_with(colour="red"), "unknown key 'colour'"),
    ({"flowers": []}, "no 'sets'"),
    (_with(sets="RD"), "'sets' must be a list"),
    (_with(sets=_sets("pung RD", "pung GD", "pung WD", "pair EW")), "has 3 pungs or kongs and 1 pair"),
    (_with(sets=_sets("pung RD", "pung GD", "pung WD", "pung EW", "pung 1B", "pair 2B")), "has 5 pungs"),
    (_with(sets=_sets("pung RD", "pung GD", "pung WD", "pair EW", "pair 1B")), "and 2 pairs"),
    (_with(sets=_sets("pung 5D", "pung 5D", "pung WD", "pung EW", "pair 1B")), "two sets are built on 5 Dots"),
    (_with(sets=_sets("pung 5D", "pung 6D", "pung WD", "pung EW", "pair 5D")), "two sets are built on 5 Dots"),
    (_with(sets=_sets("pung 5X", "pung 6D", "pung WD", "pung EW", "pair 5D")), "'5X' is not a tile code"),
    (_with(sets=_sets("pung F1", "pung 6D", "pung WD", "pung EW", "pair 5D")), "Flower 1 is a flower or season"),
    (_with(sets=_sets("chow 5D", "pung 6D", "pung WD", "pung EW", "pair 1D")), "pung, a kong or a pair"),
    (_with(sets=[{"kind": "pung", "tile": "RD", "shown": True}] + _sets("pung 6D", "pung WD", "pung EW", "pair 1D")),
     "unknown key 'shown' in set 1"),
    (_with(sets=[{"kind": "pung"}] + _sets("pung 6D", "pung WD", "pung EW", "pair 1D")), "set 1 has no 'tile'"),
    (_with(sets=[{"kind": "pair", "tile": "RD", "exposed": False}] + _sets("pung 6D", "pung WD", "pung EW", "pung 1D")),
     "a pair has no 'exposed'"),
    (_with(sets=[{"kind": "pung", "tile": "RD", "exposed": "yes"}] + _sets("pung 6D", "pung WD", "pung EW", "pair 1D")),
     "'exposed' must be true or false"),
    (_with(sets=["RD"] + _sets("pung 6D", "pung WD", "pung EW", "pair 1D")), "set 1 must be an object"),
    (_with(sets=[{"kind": "pung", "tile": ["RD"]}] + _sets("pung 6D", "pung WD", "pung EW", "pair 1D")), "set 1"),
    (_with(flowers=["F1", "F1"]), "Flower 1 appears twice"),
    (_with(flowers=["F9"]), "'F9' is not a flower or season"),
    (_with(flowers=["RD"]), "Red Dragon is not a flower or season"),
    (_with(flowers="F1"), "'flowers' must be a list"),
    (_with(seat="X"), "seat must be one of E, S, W, N"),
    (_with(round="east"), "round must be one of E, S, W, N"),
    (_with(self_drawn="no"), "'self_drawn' must be true or false"),
    (_with(self_drawn=1), "'self_drawn' must be true or false"),
    (_with(blessing="moon"), "blessing must be null"),
    (_with(blessing="earth", seat="S"), "cannot have a kong"),
    (_with(blessing="earth", seat="E", sets=_sets("pung RD", "pung GD", "pung WD", "pung EW", "pair 1D")),
     "cannot sit East"),
    (_with(blessing="earth", seat="S", self_drawn=True, sets=_sets("pung RD", "pung GD", "pung WD", "pung EW", "pair 1D")),
     "not self-drawn"),
    (_with(blessing="heaven", seat="S", sets=_sets("pung RD", "pung GD", "pung WD", "pung EW", "pair 1D")),
     "the seat is South"),
    (_with(blessing="heaven", sets=[{"kind": "pung", "tile": "RD", "exposed": True}] + _sets("pung 6D", "pung WD", "pung EW", "pair 1D")),
     "nothing can be exposed"),
])
def test_every_refusal_names_the_problem(data, message):
    with pytest.raises(HandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Hand.from_json(data)


def test_errors_are_value_errors():
    assert issubclass(HandError, ValueError) and issubclass(TileError, ValueError)


def test_the_blessings_accept_their_legal_shapes():
    earth = parse("RDx3 +GDx3 WDx3 EWx3 1Dx2 seat=S earth")
    heaven = parse("RDx3 GDx3 WDx3 EWx3 1Dx2 heaven")
    assert earth.blessing == "earth" and heaven.blessing == "heaven"


@pytest.mark.parametrize("text, message", [
    ("RDx3 GDx3 WDx3 EWx3", "has 4 pungs or kongs and 0 pairs"),
    ("RD3 GDx3 WDx3 EWx3 1Dx2", "not a set"),
    ("RDx5 GDx3 WDx3 EWx3 1Dx2", "not '5'"),
    ("QQx3 GDx3 WDx3 EWx3 1Dx2", "'QQ' is not a tile code"),
    ("F1x3 GDx3 WDx3 EWx3 1Dx2", "flower or season"),
    ("RDx3 GDx3 WDx3 EWx3 1Dx2 F9", "'F9' is not a flower or season: the flowers are F1 to F4, the seasons S1 to S4"),
    ("RDx3 GDx3 WDx3 EWx3 1Dx2 s5", "'s5' is not a flower or season"),
    ("RDx3 GDx3 WDx3 EWx3 1D", "'1D' is one tile, not a set: say how many after an x, such as 1Dx3"),
    ("RDx3 GDx3 WDx3 EWx3 +1Dx2", "a pair is never exposed"),
    ("RDx3 GDx3 WDx3 EWx3 1Dx2 seat=Q", "seat must be one of"),
    ("RDx3 GDx3 WDx3 EWx3 1Dx2 seat=S seat=W", "seat= is given twice"),
    ("RDx3 GDx3 WDx3 EWx3 1Dx2 wind=S", "only seat= and round="),
    ("RDx3 GDx3 WDx3 EWx3 1Dx2 F1 F1", "Flower 1 appears twice"),
    ("RDx3 GDx3 WDx3 EWx3 1Dx2 seat=S earth heaven", "one blessing at most"),
])
def test_notation_refusals(text, message):
    with pytest.raises(HandError, match=message):
        parse(text)


def test_notation_is_forgiving_about_case_and_commas():
    assert parse("rdx3, +1bx4, +ewx3, 9bx3, gdx2, f1, s3") == Hand.from_json(RULES_EXAMPLE)


def test_load_hand_reads_either_form():
    assert load_hand(json.dumps(RULES_EXAMPLE)) == load_hand("RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3")


def test_hands_are_immutable():
    h = parse("RDx3 +1Bx4 +EWx3 9Bx3 GDx2")
    with pytest.raises(AttributeError):
        h.seat = "S"  # type: ignore[misc]


@settings(max_examples=300)
@given(hands())
def test_parse_of_format_is_the_identity(h):
    assert parse(format_hand(h)) == h


@settings(max_examples=300)
@given(hands())
def test_json_round_trip_is_the_identity(h):
    assert Hand.from_json(json.dumps(h.to_json())) == h
