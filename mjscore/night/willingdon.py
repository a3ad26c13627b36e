"""A Willingdon night: its journal columns and settings, checking a hand row (a typed score or
the tiles in the short notation, scored by :func:`mjscore.willingdon.score`) and settling it with
:mod:`mjscore.willingdon.settle`.

Three rules of the row (docs/rules.md):

- **The seat comes from the seating.** The winner sits where the night's East puts her; a row
  whose tiles say no ``seat=`` is scored for that seat (so an Earth's Blessing won by South is
  checked as South's), and one whose ``seat=`` disagrees is refused.
- **The three-exposed penalty counts the sets shown before the discard**: the hand's exposed
  sets, or one fewer when the discard completed an exposed pung. The ``exposed`` column says
  which; where the penalty would depend on it and the row does not say, the row is refused.
  A new hand with a typed score and no tiles is asked the same (:meth:`Willingdon.unsaid`):
  nothing else says how many sets were shown. A journal written before this was asked reads
  such a row as it was paid then, as fewer than three shown.
- **Blessings are consistent with how the hand ended**: an Earth's Blessing is won on East's
  discard; a Heaven's Blessing is East's dealt hand, never won on a discard.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..hands import HandError, parse
from ..tiles import SEAT_NAMES, SEATS, TileError
from ..willingdon.rules import MAX_DOUBLES
from ..willingdon.scoring import WILLINGDON, RuleSet, score
from ..willingdon.settle import MAX_PENALTY, SettlementError, TableRules, settle_false_mahjong, settle_wall_game, settle_win
from .entry import MAX_SCORE, Entry, LedgerError, Settled, how_word, match_name, whole, yes

__all__ = ["WILLINGDON_COLUMNS", "WILLINGDON_HOWS", "Willingdon", "exposed_before_discard"]

#: How a Willingdon hand can end.
WILLINGDON_HOWS = ("discard", "self-drawn", "wall", "false-mahjong")
#: The columns a Willingdon journal is written with, in order.
WILLINGDON_COLUMNS = ("winner", "how", "thrower", "value", "tiles", "exposed", "fishing", "east", "note")
_SEAT_WORD = re.compile(r"\b(" + "|".join(SEAT_NAMES[s] for s in SEATS) + r")\b")


def _named(reasons, name_of: dict) -> tuple[str, ...]:
    """The settlement's reasons with each seat named by who sat there ("Cat (West) fed a mahjong ...")."""
    seat_of = {SEAT_NAMES[s]: s for s in SEATS}
    return tuple(_SEAT_WORD.sub(lambda m: f"{name_of[seat_of[m.group(1)]]} ({m.group(1)})", r) for r in reasons)


def exposed_before_discard(hand, how: str) -> tuple[int, ...]:
    """How many sets the winner may have shown before the winning tile, from the final hand.

    The exposed sets, or (on a discard that completed an exposed pung) one fewer.

    >>> exposed_before_discard(parse("RDx3 +1Bx4 +EWx3 +9Bx3 GDx2"), "discard")
    (2, 3)
    >>> exposed_before_discard(parse("RDx3 +1Bx4 +EWx3 +9Bx3 GDx2"), "self-drawn")
    (3,)
    """
    shown = sum(1 for m in hand.melds if m.exposed)
    if how == "discard" and any(m.exposed and m.kind == "pung" for m in hand.melds):
        return (shown - 1, shown)
    return (shown,)


class Willingdon:
    """The Willingdon game: ``table_rules`` (the table's optional rules) and ``scoring`` (the rule set)."""

    name = "willingdon"
    a_night = "a Willingdon night"
    columns = WILLINGDON_COLUMNS
    hows = WILLINGDON_HOWS
    settings = ("east-double", "three-exposed-penalty", "false-mahjong", "clean-hand-doubles",
                "minimum-doubles")

    def __init__(self, table_rules: TableRules = TableRules(), scoring: RuleSet = WILLINGDON,
                 **_other_games_rules: object) -> None:
        self.table_rules = table_rules
        self.scoring = scoring

    @classmethod
    def from_settings(cls, settings: dict) -> "Willingdon":
        """The game from a journal's setting rows (``{key: values}``), each key one of :attr:`settings`."""
        def first(key: str, default: str = "") -> str:
            values = settings[key]
            return values[0] if values else default

        t: dict = {}
        for key, attr, conv in (("east-double", "east_double", yes),
                                ("three-exposed-penalty", "three_exposed_penalty", yes),
                                ("false-mahjong", "false_mahjong", lambda c, w: whole(c, w, 0, MAX_PENALTY))):
            if key in settings:
                t[attr] = conv(first(key), f"#{key}")
        r = {key.replace("-", "_"): whole(first(key, "0"), f"#{key}", 0, MAX_DOUBLES)
             for key in ("clean-hand-doubles", "minimum-doubles") if key in settings}
        try:
            return cls(TableRules(**t), WILLINGDON.with_settings(**r) if r else WILLINGDON)
        except (TypeError, ValueError) as e:
            raise LedgerError(str(e)) from None

    def settings_rows(self) -> list[list[str]]:
        """The setting rows of a Willingdon journal: the table's rules and the rule set's settings."""
        t, r = self.table_rules, self.scoring
        return [["#east-double", "yes" if t.east_double else "no"],
                ["#three-exposed-penalty", "yes" if t.three_exposed_penalty else "no"],
                ["#false-mahjong", str(t.false_mahjong)],
                ["#clean-hand-doubles", str(r.clean_hand_doubles)],
                ["#minimum-doubles", str(r.minimum_doubles)]]

    def check_players(self, players: tuple[str, ...]) -> tuple[str, ...]:
        """The players, if there are four (a Willingdon night has no bettor)."""
        if len(players) != 4:
            raise LedgerError(f"a Willingdon night has four players, not {len(players)}")
        return players

    def bettor(self, players: tuple[str, ...]) -> None:
        """Nobody: a Willingdon night has no bettor."""
        return None

    @staticmethod
    def seats(players: tuple[str, ...], east: str | None = None) -> dict:
        """Each player's seat when ``east`` sits East (default the first player)."""
        east = match_name(players, east, "East") or players[0]
        i = players.index(east)
        return {p: SEATS[(j - i) % 4] for j, p in enumerate(players)}

    # -- one hand ------------------------------------------------------------------------

    def unsaid(self, players: tuple[str, ...], e: Entry) -> str | None:
        """What a new hand must still say before it is kept, when its payments depend on it (None: nothing).

        ``e`` is the hand as :meth:`settle` kept it. With tiles, :meth:`settle` itself asks for
        the sets shown when they decide the three-exposed penalty; with a typed score nothing
        else tells them, so a win on a discard that scores more than 0, in a night that plays
        the penalty, with the discarder not fishing, must say how many sets were shown.
        (Asked of every new hand and correction, however it was entered; a journal's rows are
        read back as they were kept.)

        >>> night = Willingdon(table_rules=TableRules(three_exposed_penalty=True))
        >>> players = ("Ann", "Bea", "Cat", "Dee")
        >>> hand = Entry(winner="Bea", how="discard", thrower="Cat", value=256)
        >>> night.unsaid(players, hand)
        'the three-exposed penalty depends on how many sets Bea showed before the discard, and a typed score does not say: give the number (0 to 4) in the exposed column (--exposed-before at the command line), or give the tiles'
        >>> night.unsaid(players, replace(hand, exposed=3)) is None, night.unsaid(players, replace(hand, fishing=True)) is None
        (True, True)
        """
        if (not self.table_rules.three_exposed_penalty or e.how != "discard" or e.tiles is not None
                or e.exposed is not None or e.fishing or not e.value):
            return None
        return (f"the three-exposed penalty depends on how many sets {e.winner} showed before the discard, "
                f"and a typed score does not say: give the number (0 to 4) in the exposed column "
                f"(--exposed-before at the command line), or give the tiles")

    def settle(self, players: tuple[str, ...], e: Entry) -> Settled:
        """One hand settled (its :class:`~mjscore.night.entry.Settled`; its value is the score), or LedgerError."""
        try:
            return self._settle(players, e)
        except (SettlementError, HandError, TileError) as err:
            raise LedgerError(str(err)) from None

    def _settle(self, players: tuple[str, ...], e: Entry) -> Settled:
        if e.jokerless or e.dead or e.bettor is not None or e.pick is not None or e.line is not None:
            raise LedgerError("jokerless, dead hands, the bettor and a line of the card are for an American night")
        if e.category not in (None, "", "other"):
            raise LedgerError("a category is for an American night, not a Willingdon one")
        how = how_word(e.how, WILLINGDON_HOWS, "a Willingdon")
        east = match_name(players, e.east, "East")
        seats = self.seats(players, east)
        name_of = {s: p for p, s in seats.items()}
        winner = match_name(players, e.winner, "the caller" if how == "false-mahjong" else "the winner")
        thrower = match_name(players, e.thrower, "the thrower")
        value = whole(e.value, "the score", 0, MAX_SCORE)
        exposed = whole(e.exposed, "exposed", 0, 4)
        fishing = yes(e.fishing, "fishing")
        entry = replace(e, winner=winner, how=how, thrower=thrower, value=value, exposed=exposed,
                        fishing=fishing, east=east if east != players[0] else None, category="other")
        if how in ("wall", "false-mahjong"):
            if thrower is not None or value is not None or e.tiles is not None:
                raise LedgerError(f"a {how.replace('-', ' ')} has no thrower, score or tiles")
            if how == "wall":
                if winner is not None:
                    raise LedgerError("a wall game has no winner")
                s, text = settle_wall_game(), "Wall game: nobody pays"
            else:
                if winner is None:
                    raise LedgerError("name who called the false mahjong (in the winner column)")
                s = settle_false_mahjong(seats[winner], self.table_rules)
                text = f"{winner} called a false mahjong: {self.table_rules.false_mahjong:,} to each other player"
            return Settled(entry, None, {name_of[seat]: v for seat, v in s.payments.items()}, text,
                           _named(s.reasons, name_of))
        if winner is None:
            raise LedgerError("name the winner (leave it empty only for a wall game)")
        if how == "discard":
            if thrower is None or thrower == winner:
                raise LedgerError("on a discard, name the thrower: another player at the table")
        elif thrower is not None:
            raise LedgerError("a self-drawn hand has no thrower")
        reasons: list[str] = []
        settle_exposed = exposed
        if e.tiles is not None:
            value, settle_exposed, reason = self._tiles(e.tiles, how, winner, thrower, seats, value, exposed)
            reasons.append(reason)
        if value is None:
            raise LedgerError("the score is missing: type it in, or give the tiles")
        if value < 0:
            raise LedgerError(f"the score must be 0 or more, not {value}")
        if exposed is not None and not 0 <= exposed <= 4:
            raise LedgerError(f"exposed counts the sets the winner showed before the discard, 0 to 4, "
                              f"not {exposed}")
        s = settle_win(value, winner=seats[winner], discarder=seats[thrower] if thrower else None,
                       exposed_sets=settle_exposed or 0, fishing=fishing, rules=self.table_rules)
        payments = {name_of[seat]: v for seat, v in s.payments.items()}
        way = f"on {thrower}'s discard" if thrower else "self-drawn"
        text = f"{winner} ({SEAT_NAMES[seats[winner]]}) wins {way}, scoring {value:,}"
        return Settled(entry, value, payments, text, tuple(reasons) + _named(s.reasons, name_of))

    def _tiles(self, tiles: str, how: str, winner: str, thrower: str | None, seats: dict,
               value: int | None, exposed: int | None):
        """Score the tiles for the winner's seat; check them against the row; return
        ``(score, exposed sets before the discard, reason)``."""
        seat = seats[winner]
        if "seat=" in tiles.lower():
            hand = parse(tiles)
            if hand.seat != seat:
                raise LedgerError(f"the tiles say seat={hand.seat}, but {winner} sits "
                                  f"{SEAT_NAMES[seat]} this hand")
        else:  # the seat comes from the seating, before the hand is checked (blessings depend on it)
            hand = parse(f"{tiles} seat={seat}")
        if hand.blessing == "earth":
            if how != "discard" or thrower is None or seats[thrower] != "E":
                who = f"{thrower}, who sits {SEAT_NAMES[seats[thrower]]}" if thrower else "nobody"
                raise LedgerError(f"an Earth's Blessing is won on East's first discard, but this row "
                                  f"says {how} (thrown by {who})")
        elif hand.blessing == "heaven" and how != "self-drawn":
            raise LedgerError(f"a Heaven's Blessing is East's dealt hand: record it as self-drawn, not {how}")
        if how == "self-drawn" and not hand.self_drawn and hand.blessing is None:
            hand = replace(hand, self_drawn=True)
        if how == "discard" and hand.self_drawn:
            raise LedgerError("the tiles say self-drawn, but the hand was won on a discard")
        result = score(hand, self.scoring)
        if value is not None and value != result.score:
            raise LedgerError(f"the tiles score {result.score:,}, not {value:,} as typed")
        before = exposed_before_discard(hand, how)
        if exposed is not None and exposed not in before:
            shown = " or ".join(str(n) for n in before)
            raise LedgerError(f"exposed={exposed}, but with these tiles the winner showed {shown} "
                              f"set{'s' * (before != (1,))} before the {'discard' if how == 'discard' else 'last tile'}")
        if exposed is None:
            penalty = {n >= 3 for n in before}
            if self.table_rules.three_exposed_penalty and len(penalty) > 1:
                raise LedgerError(f"the three-exposed penalty depends on the sets shown before the discard: "
                                  f"say in the exposed column (--exposed-before at the command line) whether "
                                  f"{before[1]} or {before[0]} were shown "
                                  f"(one fewer when the discard completed an exposed pung)")
            exposed = before[-1]
        reason = (f"The tiles score {result.hand_points} x 2^{result.doubles} = {result.paper_total:,}"
                  + ("" if result.minimum_met else f", but under {self.scoring.minimum_doubles} doubles it pays 0"))
        return result.score, exposed, reason

    # -- the report card ---------------------------------------------------------------------

    def report_columns(self, players: tuple[str, ...], entries) -> list[str]:
        """The report card's columns for this game, after the hand, winner, how and thrower."""
        return ["score"] + (["tiles"] if any(e.tiles for e in entries) else [])

    def report_cells(self, players: tuple[str, ...], e: Entry, value) -> dict:
        """The report card's cells of one hand for those columns."""
        return {"score": value if value is not None else "", "tiles": e.tiles or ""}

    def json_cells(self, players: tuple[str, ...], e: Entry, value) -> dict:
        """One hand's entry as JSON data for ``mjscore night --json``."""
        d = {c: v for c, v in e.to_json().items() if c in self.columns}
        d["score"] = value
        return d
