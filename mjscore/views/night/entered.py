"""The hand being entered in the scorekeeper, without a widget: what the form holds, as a plain
dict (:data:`BLANK` shows its keys), and what the ledger makes of it.

The form's controls show exactly this dict, and the dict is what the night's session
(:mod:`.night_session`) keeps, puts aside while an earlier hand is corrected, and brings back.
It holds every control's value, those not in play too (a winner chosen before "Wall game" was
pressed comes back with "On a discard"); :func:`fields` reads it as
:meth:`mjscore.night.Ledger.add` takes a hand, leaving out what is not in play.

Every value the ledger accepts fits (any card value from 1 to 100,000, every way an American
hand ends, any players dead, any typed score, 0 to 4 sets shown, any East), so a hand recorded
elsewhere (``mjscore record``, a typed journal) is shown as it is. Nothing is worked out here:
the ledger checks and settles every hand.

A club that keeps its card (:mod:`mjscore.night.card`) names an American hand's line instead of
its value: the form (:class:`Form`, given the card) reads a line as ``mjscore record --line``
does, takes the line's value and section kind from the card, and drops the line when a value or
a section is then chosen by hand, as a correction at the command line does.

>>> from mjscore.night import Ledger
>>> night = Ledger(["Ann", "Bea", "Cat", "Dee"])
>>> hand = tidy(night, {**BLANK, "winner": "Ann", "thrower": "Ann", "value": "30"})
>>> hand["thrower"], fields(night, hand)["value"], missing(night, hand)
(None, 30, 'Choose who threw the winning tile.')
"""

from __future__ import annotations

from typing import NamedTuple

from ...night import Entry, LedgerError, Line, Unsaid
from ...night.entry import whole
from ...numbers import count

__all__ = ["BLANK", "VALUES", "WON", "Form", "Waiting", "at_table", "bettor_follows", "cleared", "east_follows",
           "fields", "filled", "missing", "next_east", "others", "picked", "settle_hand", "tidy", "typed_value"]

#: The card values offered as buttons (the card's hands are 25 to 50, a few more); any other
#: value from 1 to 100,000 is typed in the box beside them.
VALUES = (25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75)
#: How a Willingdon hand ends with tiles, a score, sets shown and fishing.
WON = ("discard", "self-drawn")
#: The form as it is for a new hand: typed values as typed (text), "exposed" None for "not said"
#: (the tiles say, or no penalty); East and who sits out are the night's to offer; "line": the
#: line of the club's card as typed ("" for none).
BLANK = {"winner": None, "how": "discard", "thrower": None, "value": "25", "jokerless": False, "category": "other",
         "dead": (), "bettor": None, "pick": None, "tiles": "", "score": "", "exposed": None, "fishing": False,
         "east": None, "note": "", "line": ""}
#: What to say when a Willingdon hand has neither tiles nor a score, typing the tiles or tapping them.
_ASK_TILES = {False: "Type the tiles (or the score).",
              True: "The hand shown is only a starting point, not the winner’s hand: tap to change it to "
                    "the winner’s sets, pair and flowers (or type the score)."}


def typed_value(text: str) -> int | str | None:
    """The card value or the score as typed, read as the ledger reads it (``night.entry.whole``).

    A whole number comes back as the number ("1,000" too), nothing as None. Anything else is
    kept as typed, for the ledger to refuse with its own message.

    >>> typed_value(" 30 "), typed_value(""), typed_value("27.5")
    (30, None, '27.5')
    """
    try:
        return whole(text, "the card value")
    except LedgerError:
        return text.strip()


def next_east(players, east: str | None, winner: str | None, how: str | None = None) -> str:
    """Who sits East for the next hand.

    East keeps the deal by winning the hand; otherwise it passes to the next player listed (who
    sat South). A false mahjong does not end the hand (the caller pays, and play goes on: the
    rule book), so East stays East, whoever called it.

    >>> next_east(("Ann", "Bea", "Cat", "Dee"), "Ann", "Cat"), next_east(("Ann", "Bea", "Cat", "Dee"), "Dee", None)
    ('Bea', 'Ann')
    >>> next_east(("Ann", "Bea", "Cat", "Dee"), "Cat", "Cat")
    'Cat'
    >>> next_east(("Ann", "Bea", "Cat", "Dee"), "Ann", "Cat", "false-mahjong")
    'Ann'
    """
    east = east or players[0]
    if how == "false-mahjong" or winner == east:
        return east
    return players[(players.index(east) + 1) % len(players)]


def at_table(ledger, hand: dict) -> list[str]:
    """The players at the table for ``hand``: all of them, less the one who sits out (five players)."""
    out = hand["bettor"] if ledger.bettor is not None else None
    return [p for p in ledger.players if p != out]


def others(ledger, hand: dict) -> list[str]:
    """The players at the table other than the winner: who may have thrown, or be dead."""
    return [p for p in at_table(ledger, hand) if p != hand["winner"]]


def tidy(ledger, hand: dict) -> dict:
    """``hand`` with every player chosen one the table allows.

    A winner or a backed player who sits out is unchosen, as are a thrower or dead hand who is the winner."""
    table = at_table(ledger, hand)
    hand = {**hand, "winner": hand["winner"] if hand["winner"] in table else None,
            "pick": hand["pick"] if hand["pick"] in table else None}
    rest = others(ledger, hand)
    return {**hand, "thrower": hand["thrower"] if hand["thrower"] in rest else None,
            "dead": tuple(p for p in hand["dead"] if p in rest)}


def cleared(hand: dict) -> dict:
    """The form ready for the next hand: East and who sits out stay where they were."""
    return {**BLANK, "east": hand["east"], "bettor": hand["bettor"]}


def picked(card, text: str):
    """The line of ``card`` that ``text`` names (a :class:`~mjscore.night.card.Pick`), or None.

    None: no card, nothing typed, or not a line of the card (:meth:`Form.settle` says why)."""
    if card is None or not text.strip():
        return None
    try:
        return card.pick(text)
    except LedgerError:
        return None


def fields(ledger, hand: dict, card=None) -> dict:
    """The hand as :meth:`mjscore.night.Ledger.add` takes it (a field not in play is empty).

    A line of ``card`` (the club's card) is named as the journal records it (``Evens #3``); a
    line the card does not have is passed on as typed, for :meth:`Form.settle` to refuse."""
    how = hand["how"]
    f: dict = {"winner": None if how == "wall" else hand["winner"], "how": how,
               "thrower": hand["thrower"] if how == "discard" else None}
    if ledger.game == "american":
        won = how != "wall"
        five = ledger.bettor is not None
        f.update(value=typed_value(hand["value"]) if won else None, jokerless=hand["jokerless"] and won,
                 category=hand["category"], dead=tuple(hand["dead"]),
                 bettor=hand["bettor"] if five else None, pick=hand["pick"] if five else None)
        line = picked(card, hand["line"])
        f["line"] = (line.name if line is not None else " ".join(hand["line"].split()) or None) if won else None
    else:
        won = how in WON
        f.update(value=typed_value(hand["score"]) if won else None,
                 tiles=(hand["tiles"].strip() or None) if won else None,
                 exposed=hand["exposed"] if won else None, fishing=hand["fishing"] and won, east=hand["east"])
    f["note"] = hand["note"]
    return f


def missing(ledger, hand: dict, *, tapping: bool = False) -> str | None:
    """What the scorekeeper still has to choose before the hand can be settled (None: nothing).

    ``tapping``: the tiles are being tapped, not typed (what to ask for says so)."""
    how = hand["how"]
    if how == "wall":
        return None
    if hand["winner"] is None:
        return "Choose who called it." if how == "false-mahjong" else "Choose the winner (or Wall game if nobody won)."
    if how == "discard" and hand["thrower"] is None:
        return "Choose who threw the winning tile."
    if ledger.bettor is not None and hand["pick"] is None:
        return "Choose whom the bettor backs."
    if ledger.game == "willingdon" and how in WON and not hand["tiles"].strip() and not hand["score"].strip():
        return _ASK_TILES[tapping]
    return None


def filled(ledger, e: Entry, hand: dict) -> dict:
    """The form holding an earlier hand ``e``, to correct it.

    Every field is as recorded; a card value the hand does not record (a wall game's) stays as ``hand`` had it."""
    out = {**hand, "winner": e.winner, "how": e.how, "thrower": e.thrower, "note": e.note or ""}
    if ledger.game == "american":
        out.update(jokerless=e.jokerless, category=e.category, dead=tuple(e.dead), pick=e.pick,
                   bettor=e.bettor or ledger.bettor, line=e.line or "")
        if e.value is not None:
            out["value"] = str(e.value)
    else:
        out.update(tiles=e.tiles or "", score="" if e.tiles or e.value is None else count(e.value),
                   exposed=e.exposed, fishing=e.fishing, east=e.east or ledger.players[0])
    return tidy(ledger, out)


def settle_hand(ledger, f: dict):
    """The hand ``f`` as the ledger checks it, with what to say if the ledger refuses it.

    Gives ``(fields, line, None)`` when the ledger takes it, else ``(fields, None, what to
    say)``. Where only the sets the winner showed before the discard stand in the way (the
    three-exposed penalty depends on them and they are not said), the message asks for them by
    the control's name; when either count pays the same (a hand that scores 0, say), the count
    the tiles show is taken and nobody is asked. Tiles and a typed score both filled in must agree.

    >>> from mjscore.night import Ledger
    >>> night = Ledger(["Ann", "Bea", "Cat", "Dee"], game="willingdon")
    >>> settle_hand(night, dict(winner="Bea", how="self-drawn", thrower=None, tiles="RDx3 GDx3 WDx3 2Bx3 3Cx2",
    ...                         value="100", exposed=None, fishing=False, east=None))[2]
    'The tiles score 24,576, but “Or a score” says 100: clear “Or a score” (the tiles are scored for you), or correct the tiles.'
    """
    if ledger.game == "willingdon" and f.get("tiles") is not None and f.get("value") is not None:
        disagree = _tiles_against_score(ledger, f)
        if disagree:
            return f, None, disagree
    try:
        return f, ledger.check(**f), None
    except Unsaid:  # a typed score won on a discard: only the scorekeeper knows the sets shown
        return f, None, (f"How many sets did {f['winner']} show before the winning tile? Choose the number under "
                         f"“Sets the winner showed”: with three or more, the three-exposed penalty makes "
                         f"{f['thrower']} pay for all three.")
    except LedgerError as e:
        error = str(e)
    if ledger.game != "willingdon" or f.get("tiles") is None:
        return f, None, error
    taken = {}
    for n in range(5):
        try:
            taken[n] = ledger.check(**{**f, "exposed": n})
        except LedgerError:
            pass
    if not taken:
        return f, None, error
    who = f["winner"]
    counts = " or ".join(count(n) for n in taken)
    if f["exposed"] is not None:  # a count the tiles cannot have
        return f, None, (f"With these tiles {who} showed {counts} set{'s' * (list(taken) != [1])} before the "
                         f"winning tile, not {f['exposed']}: change “Sets the winner showed”.")
    if len({tuple(line.payments.values()) for line in taken.values()}) == 1:
        shown = max(taken)
        return {**f, "exposed": shown}, taken[shown], None
    most, fewer = max(taken), min(taken)
    return f, None, (f"How many sets did {who} show before the winning tile? Choose {most} or {fewer} under "
                     f"“Sets the winner showed” ({fewer} if the discard completed an exposed pung): "
                     f"the three-exposed penalty depends on it.")


def _tiles_against_score(ledger, f: dict) -> str | None:
    """What to say when the tiles and the score typed beside them disagree (None: they agree, or
    one of them cannot be read, which the ledger then says)."""
    try:
        typed = whole(f["value"], "the score")
    except LedgerError:
        return None
    tiles = None
    for shown in (f.get("exposed"), 0, 1, 2, 3, 4):  # the tiles' score does not depend on the sets shown
        try:
            tiles = ledger.check(**{**f, "value": None, "exposed": shown}).value
            break
        except LedgerError:
            continue
    if typed is None or tiles is None or typed == tiles:
        return None
    return (f"The tiles score {count(tiles)}, but “Or a score” says {count(typed)}: clear “Or a score” (the "
            f"tiles are scored for you), or correct the tiles.")


def east_follows(ledger) -> tuple[str, str]:
    """Who is East for the next hand as the deal passed, and why (said under the East buttons)."""
    players, n = ledger.players, len(ledger)
    if not n:
        return players[0], (f"{players[0]}, listed first, is East for hand 1. After each hand East passes "
                            f"to the next player listed unless East wins; choose another player if your "
                            f"table plays it otherwise.")
    last = ledger.line(n).entry
    before = last.east or players[0]
    east = next_east(players, before, last.winner, last.how)
    if last.how == "false-mahjong":
        why = f"{last.winner} called a false mahjong in hand {n} and play goes on, so {before} stays East"
    elif east == before:
        why = f"{before} won hand {n} as East and keeps the deal"
    else:
        why = f"the deal passed from {before} to the next player"
    return east, (f"{east} is East for hand {n + 1}: {why}. East passes after each hand unless East wins "
                  f"it; choose another player if your table plays it otherwise.")


def bettor_follows(ledger) -> str:
    """Five players: who sits out the next hand (who sat out the last, until the scorekeeper changes it)."""
    n = len(ledger)
    return (ledger.line(n).entry.bettor if n else None) or ledger.bettor


class Waiting(NamedTuple):
    """The next hand as entered so far, put aside, with the East and sitter-out offered then."""

    hand: dict
    east: str | None
    bettor: str | None


class Form:
    """The scorekeeper's form for one hand, without a widget: the night's ``ledger``, the hand
    as entered (``hand``, :data:`BLANK`'s keys), which hand it is (``editing``: 0 for the next,
    else the hand being corrected), what "changed" is against (``baseline``), the East and the
    sitter-out offered from the last hand and why East (``east_note``); ``card``: the club's card
    (:class:`~mjscore.night.card.Card`, an American night's), whose lines the hand may name."""

    def __init__(self, ledger, card=None) -> None:
        self.ledger = ledger
        self.card = card
        self.hand = dict(BLANK)
        self.editing = 0
        self.tapping = False     # the tiles are tapped, not typed (what to ask for says so)
        self.baseline = None
        self.offered_east = self.offered_bettor = None
        self.east_note = ""
        self.clearings = 0       # how many times the form was cleared (the tile builder starts again)

    def enter(self, **changes) -> None:
        """The scorekeeper changed these values (:data:`BLANK`'s keys), as the form holds them.

        A line of the card sets the value and the section from the card; a value or a section
        then changed by hand drops the line (it no longer says what the hand was worth)."""
        unknown = set(changes) - set(BLANK)
        if unknown:
            raise TypeError(f"the form has no {', '.join(sorted(unknown))}")
        hand = {**self.hand, **changes}
        line = picked(self.card, hand["line"]) if "line" in changes else None
        if line is not None:
            hand.update(value=str(line.value), category=line.category)
        elif "line" not in changes and (typed_value(hand["value"]) != typed_value(self.hand["value"])
                                        or hand["category"] != self.hand["category"]):
            hand["line"] = ""
        self.hand = tidy(self.ledger, hand)

    def fields(self) -> dict:
        """The hand as the ledger takes it."""
        return fields(self.ledger, self.hand, self.card)

    def settle(self, f: dict | None = None) -> tuple[dict, Line | None, str | None]:
        """The hand (``f``, else as entered) as :func:`settle_hand` checks it, a line of the card first.

        A line the scorekeeper named that is not on the card is refused with the card's nearest
        lines, in the words of ``mjscore record --line``; a line as recorded (a hand being
        corrected) stands, on this card or not."""
        f = self.fields() if f is None else f
        if self.card is not None and f.get("line") and f["line"] != (self.baseline or {}).get("line"):
            try:
                self.card.pick(f["line"])
            except LedgerError as e:
                return f, None, str(e)
        return settle_hand(self.ledger, f)

    def missing(self) -> str | None:
        """What is still to choose before the hand can be settled."""
        return missing(self.ledger, self.hand, tapping=self.tapping)

    def changes(self, f: dict) -> dict:
        """What saving ``f`` as a correction changes: its fields not as saved.

        A line of the card goes with the value or the section it gave (the ledger drops the line
        of a hand whose value or section is corrected without it)."""
        changed = {k: v for k, v in f.items() if v != self.baseline.get(k)}
        if f.get("line") and {"value", "category"} & changed.keys():
            changed["line"] = f["line"]
        return changed

    def unsaved(self) -> bool:
        """The form holds something the scorekeeper entered and has not saved."""
        return self.baseline is not None and self.fields() != self.baseline

    def preview(self) -> tuple[str | None, Line | None, str | None]:
        """What the hand would pay if added (or saved as a correction), or what stands in the way.

        ``(what is missing, None, None)``, ``(None, None, what is wrong)``, or ``(None, line, heading)``."""
        wanted = self.missing()
        if wanted:
            return wanted, None, None
        f = self.fields()
        _f, line, problem = self.settle(f)
        if problem:
            return None, None, problem
        n = self.editing
        return None, line, (f"Hand {line.number}, if you add it" if not n else
                            f"Hand {n} as saved (nothing changed yet)" if f == self.baseline else
                            f"Hand {n}, if you save the correction")

    def fill(self, n: int) -> None:
        """The form holding hand ``n`` as recorded, to correct it."""
        self.editing = n
        self.hand = filled(self.ledger, self.ledger.lines[n - 1].entry, self.hand)
        self.baseline = self.fields()
        self.east_note = f"Who sat East in hand {n}, as recorded."

    def next_hand(self, waiting: Waiting | None = None) -> None:
        """The form ready for the next hand: ``waiting`` (the one being entered before), or empty.

        In a Willingdon night East is as the deal has passed; with five players, who sat out the last hand sits out."""
        self.editing = 0
        if self.ledger.game == "willingdon":
            self._offer_east()
        if self.ledger.bettor is not None:
            self._offer_bettor()
        self.hand = cleared(self.hand)
        self.clearings += 1
        self.baseline = self.fields()
        if waiting is not None:
            self.put_back(waiting)

    def _as_cleared(self, field: str) -> None:
        if self.baseline is not None and not self.editing:  # the next hand's form as cleared
            self.baseline = {**self.baseline, field: self.fields()[field]}

    def _offer_east(self) -> None:
        self.offered_east, self.east_note = east_follows(self.ledger)
        self.enter(east=self.offered_east)
        self._as_cleared("east")

    def _offer_bettor(self) -> None:
        self.offered_bettor = bettor_follows(self.ledger)
        self.enter(bettor=self.offered_bettor)
        self._as_cleared("bettor")

    def shown(self) -> tuple:
        """What the form took from the last hand: East, and who sits out."""
        return self.hand["east"], self.hand["bettor"]

    def follow(self) -> list[str]:
        """After other tabs' hands, the next hand's East and who sits out as they now follow.

        Gives what moved, to say (a hand being corrected keeps its own)."""
        if self.editing:
            return []
        said, n = [], len(self.ledger) + 1
        east, out = self.shown()
        if self.ledger.game == "willingdon" and east_follows(self.ledger)[0] != self.offered_east:
            self._offer_east()
            if self.hand["east"] != east:
                said.append(f"{self.hand['east']} is East for hand {n} now, not {east}.")
        if self.ledger.bettor is not None and bettor_follows(self.ledger) != self.offered_bettor:
            self._offer_bettor()
            if self.hand["bettor"] != out:
                said.append(f"{self.hand['bettor']} sits out hand {n} now (as in hand {n - 1}), not {out}.")
        return said

    def waiting(self) -> Waiting:
        """The hand as entered so far, to put aside."""
        return Waiting(dict(self.hand), self.offered_east, self.offered_bettor)

    def put_back(self, waiting: Waiting) -> None:
        """Put back a hand that waited; East and who sits out follow the last hand if it changed meanwhile."""
        self.hand = tidy(self.ledger, waiting.hand)
        if self.ledger.game == "willingdon" and waiting.east != self.offered_east:
            self._offer_east()
        if self.ledger.bettor is not None and waiting.bettor != self.offered_bettor:
            self._offer_bettor()
