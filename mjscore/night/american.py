"""An American night: its journal columns and settings, checking a hand row and settling it with
the National Mah Jongg League's home payments (:func:`mjscore.american.settle`), and the same
night as tournament games.

This is one of the two game strategies a :class:`~mjscore.night.Ledger` holds (the other is
:mod:`mjscore.night.willingdon`); the ledger never asks which game it keeps.
"""

from __future__ import annotations

from dataclasses import replace

from ..american.home import (CATEGORIES, HOME, HOWS, LEAGUE_CARD, PAYS_AS, AmericanError, HandResult, HomeRules,
                             home_payments, settle)
from ..files.inputs import clean_name
from .entry import MAX_VALUE, Entry, LedgerError, Settled, how_word, match_name, whole, word, yes

__all__ = ["AMERICAN_COLUMNS", "American", "tournament_games"]

#: The columns an American journal is written with, in order (``hand`` first: see the journal).
AMERICAN_COLUMNS = ("winner", "how", "thrower", "value", "jokerless", "category", "dead", "bettor",
                    "pick", "note", "line")
CATEGORY_WORDS = {k.replace("-", ""): k for k in CATEGORIES}
CATEGORY_WORDS.update({"".join(c for c in v.lower() if c.isalnum()): k for k, v in CATEGORIES.items()})


def _bettor_reasons(bettor: str, pick: str, winner: str, payments: dict[str, int]) -> tuple[str, ...]:
    """What the player sitting out pays or collects, and why, then what that makes in all.

    >>> _bettor_reasons("Eve", "Ann", "Ann", {"Ann": 100, "Bea": -100, "Cat": -50, "Dee": -50, "Eve": 100})
    ('Eve sits out and backed Ann, who won: each loser pays Eve what they pay Ann, so Eve collects 100 too.', 'In all: Bea pays 100, Cat 50, Dee 50.')
    >>> _bettor_reasons("Eve", "Cat", "Ann", {"Ann": 240, "Bea": -60, "Cat": -60, "Dee": -60, "Eve": -60})
    ('Eve sits out and backed Cat, who did not win: Eve pays Ann what Cat pays, 60.', 'In all: Ann collects 240.')
    """
    if pick == winner:
        losers = [(p, -v) for p, v in payments.items() if v < 0]
        return (f"{bettor} sits out and backed {winner}, who won: each loser pays {bettor} what they pay "
                f"{winner}, so {bettor} collects {payments[bettor]:,} too.",
                "In all: " + ", ".join(f"{p} pays {v:,}" if i == 0 else f"{p} {v:,}"
                                        for i, (p, v) in enumerate(losers)) + ".")
    return (f"{bettor} sits out and backed {pick}, who did not win: {bettor} pays {winner} what {pick} pays, "
            f"{-payments[bettor]:,}.", f"In all: {winner} collects {payments[winner]:,}.")


class American:
    """The American game: ``rules`` are the table's :class:`~mjscore.american.HomeRules`."""

    name = "american"
    a_night = "an American night"
    columns = AMERICAN_COLUMNS
    hows = HOWS
    settings = ("jokerless-exempt",)

    def __init__(self, rules: HomeRules = HOME, **_other_games_rules: object) -> None:
        self.rules = rules

    @classmethod
    def from_settings(cls, settings: dict) -> "American":
        """The game from a journal's setting rows (``{key: values}``), each key one of :attr:`settings`."""
        if "jokerless-exempt" not in settings:
            return cls()
        exempt = frozenset(CATEGORY_WORDS.get(word(v).replace("-", ""), v) for v in settings["jokerless-exempt"])
        try:
            return cls(next((r for r in (HOME, LEAGUE_CARD) if r.jokerless_exempt == exempt), None)
                       or HomeRules(name="From the journal", jokerless_exempt=exempt))
        except AmericanError as e:
            raise LedgerError(str(e)) from None

    def settings_rows(self) -> list[list[str]]:
        """The setting rows of an American journal: the sections with no jokerless double."""
        return [["#jokerless-exempt", *sorted(self.rules.jokerless_exempt)]]

    def check_players(self, players: tuple[str, ...]) -> tuple[str, ...]:
        """The players, as they are: an American night has four, or five with a bettor."""
        return players  # four, or five: the entry checks already allow both

    def bettor(self, players: tuple[str, ...]) -> str | None:
        """The fifth player, who sits out and bets; None at a table of four."""
        return players[4] if len(players) == 5 else None

    # -- one hand ------------------------------------------------------------------------

    def unsaid(self, players: tuple[str, ...], e: Entry) -> None:
        """Nothing: an American hand that settles says all its payments depend on."""
        return None

    def settle(self, players: tuple[str, ...], e: Entry) -> Settled:
        """One hand settled (its :class:`~mjscore.night.entry.Settled`), or LedgerError."""
        try:
            return self._settle(players, e)
        except AmericanError as err:
            raise LedgerError(str(err)) from None

    def _settle(self, players: tuple[str, ...], e: Entry) -> Settled:
        for col in ("tiles", "exposed", "east"):
            if getattr(e, col) is not None:
                raise LedgerError(f"{col!r} is for a Willingdon night, not an American one")
        if e.fishing:
            raise LedgerError("'fishing' is for a Willingdon night, not an American one")
        how = how_word(e.how, HOWS, "an American")
        category = CATEGORY_WORDS.get(word(e.category or "other").replace("-", ""), e.category)
        if category not in CATEGORIES:
            raise LedgerError(f"unknown category {e.category!r} (one of {', '.join(CATEGORIES)})")
        jokerless = yes(e.jokerless, "jokerless")
        value = whole(e.value, "the hand's value", None, MAX_VALUE)
        default_bettor = self.bettor(players)
        bettor = pick = None
        if default_bettor is not None:
            bettor = match_name(players, e.bettor, "the bettor") or default_bettor
        elif e.bettor is not None or e.pick is not None:
            raise LedgerError("a bettor and her pick need a fifth player, who sits out")
        table = [p for p in players if p != bettor]
        if bettor is not None:
            pick = match_name(players, e.pick, "the bettor's pick", table)
        winner = match_name(players, e.winner, "the winner", table)
        thrower = match_name(players, e.thrower, "the thrower", table)
        dead = tuple(match_name(players, d, "the dead hand", table) for d in e.dead)
        if len(set(dead)) != len(dead):
            raise LedgerError("a dead hand is named twice")
        line = None if e.line is None else clean_name(e.line, "the line of the card", LedgerError)
        entry = replace(e, winner=winner, how=how, thrower=thrower, value=value, jokerless=jokerless,
                        category=category, dead=dead, line=line,
                        bettor=bettor if bettor != default_bettor else None, pick=pick)
        if PAYS_AS[how] == "wall":
            if winner is not None or thrower is not None:
                raise LedgerError("a wall game has no winner and no thrower")
            if value not in (None, 0):
                raise LedgerError("a wall game has no value: leave it empty")
            if jokerless:
                raise LedgerError("a wall game has no winner, so nothing was declared jokerless")
            if e.line is not None:
                raise LedgerError("a wall game has no winner, so no line of the card")
            entry = replace(entry, value=None)
            value = 1  # home_payments asks for a card value even for a wall game; it pays nothing
        else:
            if winner is None:
                raise LedgerError("name the winner (leave it empty only for a wall game)")
            if value is None:
                raise LedgerError("the hand's value is missing: the number beside it on the card")
            if winner in dead:
                raise LedgerError(f"{winner} cannot win with a dead hand")
            if PAYS_AS[how] == "discard" and thrower is None:
                raise LedgerError("on a discard, name the thrower: who threw the winning tile")
        if bettor is not None and (pick is not None or PAYS_AS[how] != "wall"):
            if pick is None:
                raise LedgerError(f"the bettor, {bettor}, must pick a player to back")
            payments = settle(players, HandResult(how, winner, thrower, value, jokerless, category, tuple(dead),
                                                  bettor, pick), self.rules)
        else:
            payments = settle(table, HandResult(how, winner, thrower, value, jokerless, category, tuple(dead)),
                              self.rules)
        if PAYS_AS[how] == "wall":
            reasons: tuple[str, ...] = ("The wall ran out: nobody pays.",)
        else:
            reasons = tuple(home_payments(value, how, jokerless=jokerless, category=category,
                                          rules=self.rules).reasons)
            reasons += tuple(f"{d}'s hand is dead: it pays like any other loser's." for d in dead)
            if bettor is not None:
                reasons += _bettor_reasons(bettor, pick, winner, payments)
        text = self._text(entry, bettor)
        return Settled(entry, None if PAYS_AS[how] == "wall" else value, payments, text, reasons)

    def _text(self, e: Entry, bettor: str | None) -> str:
        if e.how == "wall":
            text = "Wall game: nobody pays"
        else:
            way = {"discard": f"on {e.thrower}'s discard", "self-drawn": "self-drawn",
                   "joker-exchange": "by a joker exchange (pays as self-drawn)",
                   "heavenly-hand": "with a Heavenly Hand (pays as self-drawn)"}[e.how]
            text = f"{e.winner} wins {way}, {e.value:,} on the card" + (f" ({e.line})" if e.line else "")
            if e.category != "other":
                text += f", {CATEGORIES[e.category]}"
            if e.jokerless:
                exempt = e.category in self.rules.jokerless_exempt
                text += ", jokerless" + (" (no double for this section)" if exempt else "")
        if e.dead:
            text += f"; dead: {', '.join(e.dead)}"
        if bettor is not None and e.pick is not None:
            text += f"; {bettor} sits out and backs {e.pick}"
        return text

    # -- the report card ---------------------------------------------------------------------

    def report_columns(self, players: tuple[str, ...], entries) -> list[str]:
        """The report card's columns for this game, after the hand, winner, how and thrower."""
        cols = ["value", "jokerless", "category"]
        if any(e.line for e in entries):
            cols.insert(0, "line")
        if any(e.dead for e in entries):
            cols.append("dead")
        if len(players) == 5:
            cols += ["bettor", "pick"]
        return cols

    def report_cells(self, players: tuple[str, ...], e: Entry, value) -> dict:
        """The report card's cells of one hand for those columns."""
        bettor = self.bettor(players)
        return {"value": value if value is not None else "", "jokerless": "yes" if e.jokerless else "",
                "category": "" if e.how == "wall" else e.category, "dead": ";".join(e.dead),
                "bettor": (e.bettor or bettor or "") if bettor else "", "pick": e.pick or "", "line": e.line or ""}

    def json_cells(self, players: tuple[str, ...], e: Entry, value) -> dict:
        """One hand's entry as JSON data for ``mjscore night --json``."""
        d = {c: v for c, v in e.to_json().items() if c in self.columns
             and (len(players) == 5 or c not in ("bettor", "pick")) and (c != "line" or v is not None)}
        if len(players) == 5:
            d["bettor"] = e.bettor or players[4]
        return d


def tournament_games(ledger) -> list:
    """An American night's hands as tournament :class:`~mjscore.american.tournament.Game` s.

    The four at the table each hand; a bettor has no place at a tournament.

    The ledger does not record how many exposures the winner showed, so every game is taken
    as 0-1 exposures: the thrower's smallest tournament penalty.
    """
    if not isinstance(ledger.kind, American):
        raise LedgerError("only an American night can be scored the tournament way")
    from ..american.tournament.scoring import Game  # only when asked: import mjscore stays quick

    games = []
    for e in ledger.entries:
        out = e.bettor or ledger.bettor
        table = tuple(p for p in ledger.players if p != out)
        won = e.how != "wall"
        games.append(Game(table, e.how, winner=e.winner, thrower=e.thrower,
                          value=e.value if won else None, jokerless=e.jokerless if won else False,
                          category=e.category if won else "other", dead=frozenset(e.dead)))
    return games
