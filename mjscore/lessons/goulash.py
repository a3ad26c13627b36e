"""The questions of lesson 5 (playing Goulash), every ruling the engine's
(:mod:`mjscore.willingdon.play`): may she claim the discard (the lesson's own case first: East
discards 5 Dots, West holds a pair), whose turn comes next and who loses one, the penalty for
feeding a mahjong to three exposed sets, and a false mahjong or a wrong number of tiles.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..missed import Rule
from ..tiles import SEAT_NAMES, SEATS, tile_name
from ..willingdon.play import PENALTIES, claim, false_mahjong, fix_tile_count, mahjong_from_discard, next_seat
from .model import Field, Question, misreading

__all__ = ["CLAIMING"]

_YES_NO = ("Yes", "No")
_TILES = ("5D", "3B", "9C", "RD", "EW", "7C", "2D", "WD", "8B", "NW")


def _pick(rng: random.Random, items: Sequence):
    return items[min(int(rng.random() * len(items)), len(items) - 1)]


def _two_seats(rng: random.Random) -> tuple[str, str]:
    a = _pick(rng, SEATS)
    return a, _pick(rng, [s for s in SEATS if s != a])


def _claim(number: int, rng: random.Random | None) -> Question:
    if rng is None:  # the lesson's first case
        tile, discarder, claimer, held, last = "5D", "E", "W", 2, True
    else:
        tile, (discarder, claimer) = _pick(rng, _TILES), _two_seats(rng)
        held, last = _pick(rng, (2, 2, 1, 3)), rng.random() < 0.75
    r = claim(tile, discarder=discarder, claimer=claimer, held=held, last_discard=last)
    who, by, name = SEAT_NAMES[claimer], SEAT_NAMES[discarder], tile_name(tile)
    holds = {1: f"holds one {name}", 2: f"holds a pair of {name}", 3: f"holds three {name}"}[held]
    when = "has just discarded" if last else "discarded earlier (other discards have followed)"
    rule = (Rule("A pair claims the last discard, for an exposed pung", "Holding a pair, she may claim the last discard.")
            if r.allowed else
            Rule("Only the last discard can be claimed", "Every earlier discard is dead.") if not last else
            Rule("A claim needs a pair already held", "A discard only turns a pair into a pung.") if held < 2 else
            Rule("A discard is claimed only for a pung, never a kong", "The fourth tile comes from the wall."))
    return Question(
        lesson=5, number=number, title="May she claim the discard?",
        prompt=f"{by} {when} {name}. {who} {holds}. May {who} claim it?",
        fields=(Field(f"May {who} claim it?", choices=_YES_NO),), answer=("Yes" if r.allowed else "No",),
        reasons=(r.reason,), hint="Is it the last discard, and does she hold a pair of it?", rule=rule)


def _whose_turn(number: int, rng: random.Random) -> Question:
    (discarder, claimer), tile = _two_seats(rng), _pick(rng, _TILES)
    r = claim(tile, discarder=discarder, claimer=claimer, held=2)
    after, lost = SEAT_NAMES[r.next_turn], len(r.loses_turn)
    names = [SEAT_NAMES[s] for s in SEATS]
    return Question(
        lesson=5, number=number, title="Whose turn after a claim",
        prompt=(f"{SEAT_NAMES[discarder]} discards {tile_name(tile)}, and {SEAT_NAMES[claimer]}, holding a pair, "
                f"claims it. Who plays after {SEAT_NAMES[claimer]} has discarded, and how many players lose a turn?"),
        fields=(Field("Who plays next", choices=tuple(names)), Field("Players who lose a turn")),
        answer=(after, lost), reasons=(r.reason,),
        hint="Play continues from whoever claimed; anyone between the discarder and the claimer is skipped.",
        rule=Rule("Play continues from whoever claimed", "The seat after the claimer plays next."),
        misreadings=(misreading("Play continues from whoever claimed",
                                "Not from the discarder: from the claimer.",
                                (SEAT_NAMES[next_seat(discarder)], lost)),
                     misreading("Anyone between the discarder and the claimer loses a turn",
                                f"Here {lost} {'player is' if lost == 1 else 'players are'} skipped.", (after, 0))))


def _feeding(number: int, rng: random.Random) -> Question:
    winner, discarder = _two_seats(rng)
    amount = _pick(rng, (64, 100, 128, 256, 432, 512))
    exposed = _pick(rng, (3, 3, 2))
    fishing = exposed == 3 and rng.random() < 0.3
    pays = mahjong_from_discard(amount, winner=winner, discarder=discarder, exposed_before=exposed,
                                fishing=fishing, rules=PENALTIES).payments
    other = next(s for s in SEATS if s not in (winner, discarder))
    answer = (-pays[discarder], -pays[other])
    who, by = SEAT_NAMES[winner], SEAT_NAMES[discarder]
    return Question(
        lesson=5, number=number, title="Feeding a mahjong to three exposed sets",
        prompt=(f"{who} goes mahjong for {amount} on {by}'s discard, showing {exposed} exposed sets before it"
                + (f"; {by} was fishing and had no other choice" if fishing else "")
                + f". The table plays the optional penalty. What does {by} pay, and each of the other two?"),
        fields=(Field(f"{by} pays"), Field("Each of the other two pays")), answer=answer,
        reasons=tuple(mahjong_from_discard(amount, winner=winner, discarder=discarder, exposed_before=exposed,
                                           fishing=fishing, rules=PENALTIES).reasons),
        hint="The discarder pays for all three only when the winner showed three exposed sets, unless she was "
             "fishing with no other choice.",
        rule=Rule("A discard that feeds three exposed sets pays for all three",
                  "Everyone could see the danger on the table."),
        misreadings=(misreading("A discard that feeds three exposed sets pays for all three",
                                "The penalty moves everyone's payment to the discarder.", (amount, amount)),
                     misreading("The feeding penalty needs three exposed sets, and spares a fisher with no choice",
                                "Without them each loser pays her own share.", (3 * amount, 0))))


def _false_or_count(number: int, rng: random.Random) -> Question:
    if rng.random() < 0.5:
        caller = _pick(rng, SEATS)
        m = false_mahjong(caller)
        each = m.settlement.payments[next(s for s in SEATS if s != caller)]
        total = -m.settlement.payments[caller]
        who = SEAT_NAMES[caller]
        return Question(
            lesson=5, number=number, title="A false mahjong",
            prompt=f"{who} declares mahjong, but the hand is not one. What does she pay each other player, and in all?",
            fields=(Field("Each other player gets"), Field(f"{who} pays in all")), answer=(each, total),
            reasons=tuple(m.settlement.reasons) + (m.then,), hint="A wrong mahjong costs the caller a fixed sum.",
            rule=Rule("A false mahjong costs 500 to each other player", "Three players: 1,500 in all."),
            misreadings=(misreading("A false mahjong costs 500 to each other player", "500 to each of three.",
                                    (each, each)),))
    held, kongs = _pick(rng, (11, 12, 14, 15, 15, 16)), _pick(rng, (0, 0, 1))
    fix = fix_tile_count(held, kongs=kongs)
    actions = {"discard": "Discard without picking up", "draw": "Pick up without discarding", "none": "Play as usual"}
    return Question(
        lesson=5, number=number, title="Too many or too few tiles",
        prompt=(f"Between turns you hold {held} tiles (flowers and seasons aside)"
                + (f", with {kongs} kong" if kongs else ", with no kong") + ". What do you do on your turns, and for "
                "how many turns?"),
        fields=(Field("On each turn", choices=tuple(actions.values())), Field("For how many turns")),
        answer=(actions[fix.action], fix.turns), reasons=(fix.describe(),),
        hint="A hand holds 13 tiles between turns, one more for each kong; one tile a turn puts it right.",
        rule=Rule("A hand holds 13 tiles between turns, one more for each kong", "One tile a turn."),
        misreadings=(misreading("A hand holds 13 tiles between turns, one more for each kong",
                                "Each kong adds a tile.",
                                (actions[fix_tile_count(held, kongs=0).action], fix_tile_count(held, kongs=0).turns)),))


#: The questions of the lesson "Playing Goulash", one maker a question.
CLAIMING = (_claim, _whose_turn, _feeding, _false_or_count)
