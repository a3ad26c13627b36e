"""Hypothesis strategies shared by the engine tests: legal hands, by construction."""

from __future__ import annotations

from hypothesis import strategies as st

from mjscore.hands import Hand, Meld
from mjscore.tiles import BONUS_TILES, SEATS, SET_TILES


@st.composite
def hands(draw) -> Hand:
    tiles = draw(st.permutations(SET_TILES).map(lambda t: t[:5]))
    blessing = draw(st.sampled_from([None, None, None, None, "earth", "heaven"]))
    seat = draw(st.sampled_from(SEATS))
    if blessing == "heaven":
        seat = "E"
    elif blessing == "earth" and seat == "E":
        seat = draw(st.sampled_from(SEATS[1:]))
    melds = []
    for t in tiles[:4]:
        kind = "pung" if blessing else draw(st.sampled_from(["pung", "kong"]))
        exposed = False if blessing == "heaven" else draw(st.booleans())
        melds.append(Meld(kind, t, exposed))
    sets = melds + [Meld("pair", tiles[4])]
    sets = draw(st.permutations(sets))
    flowers = draw(st.lists(st.sampled_from(BONUS_TILES), unique=True, max_size=8))
    return Hand(sets=tuple(sets), flowers=tuple(flowers), seat=seat,
                round=draw(st.sampled_from(SEATS)),
                self_drawn=False if blessing else draw(st.booleans()), blessing=blessing)
