"""How rare is a good hand? Willingdon scores over many hands, counted.

Two sources of hands:

- **random hands**, from a stated model (:class:`HandModel`, below): every legal hand shape is
  possible, nothing leans towards doubles. This is the answer to "how rare is a good hand if
  the tiles just fall": :func:`random_hands`, :func:`random_stats`.
- **the trainer's dealt hands** (:mod:`mjscore.willingdon.deal`), which lean on purpose towards hands
  that are interesting to score: :func:`dealt_stats`.

:func:`tally` scores any hands with the engine (never a copy of its rules) and counts: the hand
points and doubles of every hand (so the scores, paper totals and the share paid under any
minimum follow), and how often each line of the rule table fired, and what it brought. The
result, :class:`HandStats`, is plain counts: :mod:`mjscore.views.willingdon.stats_views` draws them.

>>> stats = random_stats(2000, seed=1)
>>> stats.count, sum(stats.doubles_counts().values())
(2000, 2000)
>>> stats.paid == sum(n for s, n in stats.score_counts().items() if s > 0)
True
>>> random_stats(2000, seed=1) == stats
True

The random-hand model
---------------------

A random hand is a legal Goulash shape with no player behind it:

- **tiles**: five *different* tiles from the 34 (the rule: no two sets on one tile), every
  choice of five equally likely; one of the five, each equally likely, is the pair. So a
  tile is as likely to be a dragon as a 5 of Dots: no strategy, just the tiles.
- **sets**: each of the four is a **kong** with chance ``kong`` (default 1/8: a kong needs the
  fourth tile of its kind as well, so it is the exception) and otherwise a pung; each is
  **exposed** with chance ``exposed`` (default 1/2: Goulash is an exposed game and any pung may
  be claimed from a discard, so neither is favoured).
- **flowers**: the winner holds each of the 8 flowers and seasons with chance ``flower``
  (default 1/4: each bonus tile ends up with one of the four players), independently, so 2 on
  average and a bouquet now and then.
- **seat and round**: each of E, S, W, N equally likely, independently.
- **self-drawn**: with chance ``self_drawn`` (default 1/4: the winning tile is the winner's own
  draw, or a discard from one of the three others).
- **blessings**: never. Earth's and Heaven's Blessing are events of the deal, not shapes of a
  hand; at a real table they come once in many thousands of hands. (The dealt hands have them.)

Each chance is applied to 1/256 (every decision reads 8 random bits); the defaults are exact.
The model draws only ``random.Random(seed).random()``, whose sequence Python guarantees, so a
seed gives the same hands on every machine.

Speed
-----

A million random hands are generated, scored and counted in under 10 seconds on one core
(``python -m mjscore.willingdon.stats --count 1000000`` prints the time it took; benchmarks/README.md has
the recorded figures). Two things make that possible:

- the generator builds each hand from shared, ready-made sets and flower tuples, and since it
  lays down only legal shapes, :class:`~mjscore.hands.Hand`'s checks are skipped on this one
  internal path (:func:`_unchecked_hand`); the tests rebuild a sample with the full checks;
- each hand is scored by :func:`mjscore.willingdon.fired_rows`, which runs the very rows
  :func:`~mjscore.willingdon.score` runs but skips making the line items of a breakdown; the
  tests check it finds, hand by hand, what :func:`~mjscore.willingdon.score` finds.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations, islice, repeat
from operator import itemgetter
from typing import Iterable, Iterator, NamedTuple, Sequence

from ..hands import Hand, Meld
from ..tiles import BONUS_TILES, SEATS, SET_TILES
from .scoring import WILLINGDON, RuleSet, fired_rows, rule_table

__all__ = ["DEALT", "HandModel", "HandStats", "LineCount", "MODEL", "StatsError", "dealt_stats",
           "random_hand", "random_hands", "random_stats", "tally"]


class StatsError(ValueError):
    """A request the statistics cannot run: the message says why."""


# --------------------------------------------------------------------------- the model


def _chance(name: str, p: object) -> float:
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
        raise StatsError(f"the chance of {name} must be a number from 0 to 1, not {p!r}")
    return float(p)


@dataclass(frozen=True)
class HandModel:
    """The stated chances of the random-hand model (see the module notes for why these).

    >>> MODEL
    HandModel(kong=0.125, exposed=0.5, flower=0.25, self_drawn=0.25)
    >>> HandModel(kong=2)
    Traceback (most recent call last):
    ...
    mjscore.willingdon.stats.StatsError: the chance of a kong must be a number from 0 to 1, not 2
    """

    kong: float = 1 / 8
    exposed: float = 1 / 2
    flower: float = 1 / 4
    self_drawn: float = 1 / 4

    def __post_init__(self) -> None:
        for field, name in (("kong", "a kong"), ("exposed", "an exposed set"),
                            ("flower", "holding a flower"), ("self_drawn", "self-drawn")):
            object.__setattr__(self, field, _chance(name, getattr(self, field)))

    def describe(self) -> str:
        """``'kong 1/8, exposed 1/2, each flower 1/4, self-drawn 1/4'``"""
        def show(p: float) -> str:
            n = round(p * 256)
            if n in (0, 256):
                return str(n // 256)
            d = 256
            while n % 2 == 0:
                n, d = n // 2, d // 2
            return f"{n}/{d}"
        return (f"kong {show(self.kong)}, exposed {show(self.exposed)}, "
                f"each flower {show(self.flower)}, self-drawn {show(self.self_drawn)}")


#: The default model: kong 1/8, exposed 1/2, each flower or season 1/4, self-drawn 1/4.
MODEL = HandModel()

_TWO53 = float(1 << 53)  # random() * 2**53 is a whole number: 53 random bits, exactly
_COUPLES = tuple(combinations(range(len(SET_TILES)), 2))  # the 561 pairs of tile indices
# Every set the generator can lay down, made once and shared (a Meld is immutable):
# _MELDS[shape][tile index], shape 0 concealed pung, 1 exposed pung, 2 concealed kong, 3 exposed kong.
_MELDS = tuple(tuple(Meld(kind, t, exposed) for t in SET_TILES)
               for kind in ("pung", "kong") for exposed in (False, True))
_PAIRS = tuple(Meld("pair", t) for t in SET_TILES)
# The 256 sets of flowers and seasons, bit k for BONUS_TILES[k], in F1..F4, S1..S4 order.
_FLOWER_SETS = tuple(tuple(f for k, f in enumerate(BONUS_TILES) if mask >> k & 1) for mask in range(256))


@lru_cache(maxsize=16)
def _tables(model: HandModel) -> tuple:
    """Lookup tables that turn 16 random bits into two decisions (8 bits each) of the model."""
    kong, exposed = round(model.kong * 256), round(model.exposed * 256)
    flower = round(model.flower * 256)
    shape = bytes(2 * ((u & 255) < kong) + ((u >> 8) < exposed) for u in range(1 << 16))
    two_flowers = bytes(((u & 255) < flower) + 2 * ((u >> 8) < flower) for u in range(1 << 16))
    return shape, two_flowers, round(model.self_drawn * 256)


# The one place a Hand is made without its checks: the generator below lays down only legal
# shapes (five different tiles, four pungs or kongs and a pair, distinct flowers, a seat and
# round from SEATS, no blessing), so checking each of a million would only measure the checks.
try:
    _SETTERS = tuple(Hand.__dict__[name].__set__ for name in
                     ("sets", "flowers", "seat", "round", "self_drawn", "blessing"))
except (KeyError, AttributeError):  # pragma: no cover - a Hand without slots
    _SETTERS = None


def _unchecked_hand(sets: tuple, flowers: tuple, seat: str, round_: str, self_drawn: bool) -> Hand:
    """A :class:`Hand` from parts already known to be legal, without re-checking them."""
    if _SETTERS is None:  # pragma: no cover
        return Hand(sets=sets, flowers=flowers, seat=seat, round=round_, self_drawn=self_drawn)
    hand = object.__new__(Hand)
    for setter, value in zip(_SETTERS, (sets, flowers, seat, round_, self_drawn, None)):
        setter(hand, value)
    return hand


def _chunks(rng: random.Random, model: HandModel, count: int) -> Iterator[list[Hand]]:
    """``count`` hands of the model, in lists of :data:`_CHUNK` (a size that stays in the cache)."""
    shape, two_flowers, self_drawn = _tables(model)
    melds, pairs, couples, flower_sets, seats = _MELDS, _PAIRS, _COUPLES, _FLOWER_SETS, SEATS
    n_couples, n_tiles = len(_COUPLES), len(SET_TILES)
    rand = rng.random
    new = object.__new__
    if _SETTERS is not None:
        put_sets, put_flowers, put_seat, put_round, put_drawn, put_blessing = _SETTERS
    while count > 0:
        size = min(count, _CHUNK)
        count -= size
        chunk: list[Hand] = []
        keep = chunk.append
        for _ in range(size):
            # Five different tiles, every five equally likely: two random pairs of tiles for
            # the four sets and one tile for the pair, all drawn again until the five differ
            # (about 4 times in 5 they do at once); the pair is then a uniform one of the five.
            while True:
                a, b = couples[int(rand() * n_couples)]
                c, d = couples[int(rand() * n_couples)]
                p = int(rand() * n_tiles)
                if c != a and c != b and d != a and d != b and p != a and p != b and p != c and p != d:
                    break
            u = int(rand() * _TWO53)  # 3 x 16 bits: the look of three sets
            v = int(rand() * _TWO53)  # 16 bits: the fourth set; 2 x 16 bits: four bonus tiles
            w = int(rand() * _TWO53)  # 2 x 16: four more; 2 + 2 + 8 bits: seat, round, self-drawn
            sets = (melds[shape[u & 0xFFFF]][a], melds[shape[u >> 16 & 0xFFFF]][b],
                    melds[shape[u >> 32 & 0xFFFF]][c], melds[shape[v & 0xFFFF]][d], pairs[p])
            flowers = flower_sets[two_flowers[v >> 16 & 0xFFFF] | two_flowers[v >> 32 & 0xFFFF] << 2
                                  | two_flowers[w & 0xFFFF] << 4 | two_flowers[w >> 16 & 0xFFFF] << 6]
            seat, round_, drawn = seats[w >> 32 & 3], seats[w >> 34 & 3], (w >> 36 & 255) < self_drawn
            if _SETTERS is None:  # pragma: no cover
                keep(_unchecked_hand(sets, flowers, seat, round_, drawn))
                continue
            hand = new(Hand)
            put_sets(hand, sets)
            put_flowers(hand, flowers)
            put_seat(hand, seat)
            put_round(hand, round_)
            put_drawn(hand, drawn)
            put_blessing(hand, None)
            keep(hand)
        yield chunk


def _whole(what: str, n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise StatsError(f"{what} must be a whole number 0 or more, not {n!r}")
    return n


def _seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise StatsError(f"the seed must be a whole number, not {seed!r}")
    return seed


def random_hands(count: int, seed: int = 0, model: HandModel = MODEL) -> Iterator[Hand]:
    """``count`` random legal hands from the model, the same for the same seed.

    >>> from mjscore.hands import format_hand
    >>> for hand in random_hands(2, seed=3):
    ...     print(format_hand(hand))
    4Cx3 +4Dx3 +5Cx3 +6Cx3 3Bx2 S2 S3 seat=E round=E
    5Bx3 2Cx3 RDx3 GDx3 7Cx2 F2 F4 S4 seat=N round=N self-drawn
    """
    rng = random.Random(_seed(seed))
    return chain.from_iterable(_chunks(rng, model, _whole("the number of hands", count)))


def random_hand(rng: random.Random, model: HandModel = MODEL) -> Hand:
    """One random hand of the model, drawn from ``rng`` (as :func:`mjscore.willingdon.deal.random_hand`)."""
    return next(_chunks(rng, model, 1))[0]


# --------------------------------------------------------------------------- counting


class LineCount(NamedTuple):
    """How one line of the rule table fared over all the hands counted.

    ``hands``: on how many hands the line fired, and ``paid_hands`` how many of those met the
    minimum; ``times``: how many times it fired in all (two dragon pungs are two); ``total``
    and ``paid_total``: the points or doubles it brought, in all the hands and in the paid
    ones. Of the hand kinds only the one that counts (the best that fits) is counted.
    """

    line: str  # as the breakdown reads it: "Pung of minor (2–8), exposed"
    table: str  # the seed's table: "Hand points", "One double each", ...
    kind: str  # "points" or "doubles"
    each: int
    hands: int
    paid_hands: int
    times: int
    total: int
    paid_total: int


@dataclass(frozen=True)
class HandStats:
    """The counts over ``count`` hands scored under ``rules``; every figure derives from them.

    ``label``: a short name for tables and legends (``"random hands"``); ``source``: what the
    hands were, in full. ``joint``: ``(hand_points, doubles, hands)`` for every pair seen,
    sorted. ``lines``: one :class:`LineCount` per row of the rule table, in the table's order.
    """

    label: str
    source: str
    count: int
    rules: RuleSet
    joint: tuple[tuple[int, int, int], ...]
    lines: tuple[LineCount, ...]

    # Shares and counts ---------------------------------------------------------------------

    @property
    def minimum(self) -> int:
        return self.rules.minimum_doubles

    @property
    def paid(self) -> int:
        """How many hands met the rule set's minimum (and so score more than 0)."""
        return self.paid_at(self.minimum)

    @property
    def share_paid(self) -> float:
        return self.paid / self.count if self.count else 0.0

    def paid_at(self, minimum: int) -> int:
        """How many hands would be paid if the minimum were ``minimum`` doubles."""
        return sum(n for _, d, n in self.joint if d >= minimum)

    def paid_shares(self, minimums: Iterable[int] = range(7)) -> dict[int, float]:
        """The share of hands paid under each minimum-doubles setting."""
        return {m: (self.paid_at(m) / self.count if self.count else 0.0) for m in minimums}

    def doubles_counts(self) -> dict[int, int]:
        """Doubles -> how many hands, from 0 to the most seen (every value listed)."""
        top = max((d for _, d, _ in self.joint), default=-1)
        out = dict.fromkeys(range(top + 1), 0)
        for _, d, n in self.joint:
            out[d] += n
        return out

    def points_counts(self) -> dict[int, int]:
        """Hand points -> how many hands, sorted (only the values seen)."""
        out: dict[int, int] = {}
        for p, _, n in self.joint:
            out[p] = out.get(p, 0) + n
        return dict(sorted(out.items()))

    def score_counts(self) -> dict[int, int]:
        """Score (0 for a hand under the minimum) -> how many hands, sorted."""
        out: dict[int, int] = {}
        for p, d, n in self.joint:
            s = p << d if d >= self.minimum else 0
            out[s] = out.get(s, 0) + n
        return dict(sorted(out.items()))

    def paper_counts(self) -> dict[int, int]:
        """Paper total (hand points x 2^doubles, paid or not) -> how many hands, sorted."""
        out: dict[int, int] = {}
        for p, d, n in self.joint:
            out[p << d] = out.get(p << d, 0) + n
        return dict(sorted(out.items()))

    def mean(self, what: str = "score") -> float:
        """The mean of ``"score"``, ``"paper_total"``, ``"hand_points"`` or ``"doubles"``."""
        counts = self._counts(what)
        return sum(v * n for v, n in counts.items()) / self.count if self.count else 0.0

    def quantile(self, q: float, what: str = "score", paid_only: bool = False) -> int:
        """The smallest value with at least a share ``q`` of the hands at or below it."""
        if not 0 <= q <= 1:
            raise StatsError(f"a quantile is a share from 0 to 1, not {q!r}")
        counts = self._counts(what)
        if paid_only:
            if what not in ("score", "paper_total"):
                raise StatsError("paid_only applies to the score or the paper total")
            counts = self._counts("paid")
        total = sum(counts.values())
        if not total:
            raise StatsError("no hands to take a quantile of")
        seen = 0
        for value, n in counts.items():
            seen += n
            if seen >= q * total:
                return value
        return value  # pragma: no cover - q == 1 returns above

    def _counts(self, what: str) -> dict[int, int]:
        if what == "paid":
            out: dict[int, int] = {}
            for p, d, n in self.joint:
                if d >= self.minimum:
                    out[p << d] = out.get(p << d, 0) + n
            return dict(sorted(out.items()))
        table = {"score": self.score_counts, "paper_total": self.paper_counts,
                 "hand_points": self.points_counts, "doubles": self.doubles_counts}
        if what not in table:
            raise StatsError(f"no figure {what!r}: try score, paper_total, hand_points or doubles")
        return table[what]()

    def line(self, name: str) -> LineCount:
        """The counts of one line, by its name as the breakdown reads it."""
        for item in self.lines:
            if item.line == name:
                return item
        raise StatsError(f"no line {name!r} in the rule table")

    # Text --------------------------------------------------------------------------------

    def at_least(self, value: int, what: str = "score") -> int:
        """How many hands have at least ``value`` of ``"score"``, ``"doubles"``, ``"hand_points"``
        or ``"paper_total"``."""
        return sum(n for v, n in self._counts(what).items() if v >= value)

    def summary(self) -> str:
        """The figures as plain text: what ``python -m mjscore.willingdon.stats`` prints.

        >>> print(random_stats(1000, seed=4).summary().splitlines()[1])
        paid (score > 0): 306 of 1,000 hands, 30.60% (1 in 3.3)
        """
        c = self.count
        out = [f"{c:,} {self.source}, scored under {self.rules.name} (minimum {self.minimum} doubles)"]
        if not c:
            return out[0]

        def share(n: int) -> str:
            digits = 2 if n * 10_000 >= c or not n else 4
            return f"{100 * n / c:.{digits}f}%" + (f" (1 in {c / n:,.{1 if c / n < 10 else 0}f})" if n else "")

        out.append(f"paid (score > 0): {self.paid:,} of {c:,} hands, {share(self.paid)}")
        out.append("")
        out.append("doubles     hands   share       paid if this were the minimum")
        paid_from = c
        for d, n in self.doubles_counts().items():
            out.append(f"{d:>7} {n:>9,}   {100 * n / c:6.2f}%     {100 * paid_from / c:6.2f}%")
            paid_from -= n
        out.append("")
        out.append(f"hand points: mean {self.mean('hand_points'):.1f}, median {self.quantile(0.5, 'hand_points')}, "
                   f"most {max(self.points_counts())}")
        out.append(f"doubles: mean {self.mean('doubles'):.2f}, median {self.quantile(0.5, 'doubles')}, "
                   f"most {max(self.doubles_counts())}")
        out.append(f"score: mean {self.mean():,.0f} (every hand, 0 for those not paid)")
        if self.paid:
            qs = [(0.5, "median"), (0.9, "90th percentile"), (0.99, "99th percentile")]
            out.append("score of a paid hand: " + ", ".join(
                f"{label} {self.quantile(q, paid_only=True):,}" for q, label in qs)
                + f", best {max(self._counts('paid')):,}")
        for limit in (1_000, 10_000, 100_000, 1_000_000):
            out.append(f"score {limit:,} or more: {share(self.at_least(limit))}")
        out.append("")
        out.append(f"{'line':<46} {'fires on: hands':>16} {'share':>8}   brings, per 100 hands")
        for item in self.lines:
            word = "doubles" if item.kind == "doubles" else "points"
            out.append(f"{item.line:<46} {item.hands:>16,} {100 * item.hands / c:7.2f}%   "
                       f"{100 * item.total / c:8.2f} {word}")
        return "\n".join(out)


_HP_DBL = itemgetter(0, 1)
_DBL_POINTS = itemgetter(1, 2)
_DBL_DOUBLES = itemgetter(1, 3)
#: Hands are scored and counted this many at a time: few enough that they stay in the cache.
_CHUNK = 256


def tally(hands: Iterable[Hand], rules: RuleSet = WILLINGDON, label: str = "hands",
          source: str | None = None) -> HandStats:
    """Score every hand and count the results.

    >>> from mjscore.hands import parse
    >>> st = tally([parse("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"), parse("+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2")])
    >>> st.joint, st.paid, st.score_counts()
    (((28, 0, 1), (58, 12, 1)), 1, {0: 1, 237568: 1})
    >>> st.line("A pung/kong of dragons")
    LineCount(line='A pung/kong of dragons', table='One double each', kind='doubles', each=1, hands=1, paid_hands=1, times=3, total=3, paid_total=3)

    Each hand is scored by :func:`mjscore.willingdon.fired_rows`: the rows of the rule table
    that :func:`~mjscore.willingdon.score` runs, run the same way, without making the line
    items a breakdown shows (they would take a third of the time). The tests check, hand by
    hand, that it finds what :func:`~mjscore.willingdon.score` finds.
    """
    it = iter(hands)
    return _tally(iter(lambda: list(islice(it, _CHUNK)), []), rules, label, source or label)


def _tally(chunks: Iterable[list[Hand]], rules: RuleSet, label: str, source: str) -> HandStats:
    if not isinstance(rules, RuleSet):
        raise StatsError(f"rules must be a RuleSet, not {rules!r}")
    joint: Counter = Counter()  # (hand points, doubles) -> hands
    points: Counter = Counter()  # (doubles, the points rows that fired) -> hands: a few thousand keys
    doubles: Counter = Counter()  # (doubles, the doubles rows that fired) -> hands
    count = 0
    # The cycle collector would walk every chunk's results over and over, and they hold no
    # cycles: it is paused while counting.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for chunk in chunks:
            if chunk and not isinstance(chunk[0], Hand):
                raise StatsError(f"tally counts Hands, not {type(chunk[0]).__name__}")
            fired = list(map(fired_rows, chunk, repeat(rules)))
            count += len(fired)
            joint.update(map(_HP_DBL, fired))  # Counter counts an iterable in C
            points.update(map(_DBL_POINTS, fired))
            doubles.update(map(_DBL_DOUBLES, fired))
    finally:
        if collecting:
            gc.enable()
    return HandStats(label=label, source=source, count=count, rules=rules,
                     joint=tuple(sorted((p, d, n) for (p, d), n in joint.items())),
                     lines=_lines(rules, points, doubles))


def _lines(rules: RuleSet, points: dict, doubles: dict) -> tuple[LineCount, ...]:
    """Unpack the rows' counts (four bits a row, see :func:`~mjscore.willingdon.fired_rows`)."""
    table = rule_table(rules)
    acc = [[0, 0, 0, 0] for _ in table]  # per row: hands, paid hands, times, paid times
    for packed in (points, doubles):
        for (dbl, code), n in packed.items():
            paid = dbl >= rules.minimum_doubles
            row = 0
            while code:
                times = code & 15
                if times:
                    a = acc[row]
                    a[0] += n
                    a[2] += times * n
                    if paid:
                        a[1] += n
                        a[3] += times * n
                code >>= 4
                row += 1
    return tuple(LineCount(f"{r.name}, {r.column}" if r.column else r.name, r.table, r.kind, r.value,
                           hands, paid_hands, times, r.value * times, r.value * paid_times)
                 for r, (hands, paid_hands, times, paid_times) in zip(table, acc))


def random_stats(count: int, seed: int = 0, model: HandModel = MODEL,
                 rules: RuleSet = WILLINGDON) -> HandStats:
    """:func:`tally` over ``count`` random hands of the model (see the module notes)."""
    source = f"random hands (seed {seed}; {model.describe()})"
    return _tally(_chunks(random.Random(_seed(seed)), model, _whole("the number of hands", count)),
                  rules, "random hands", source)


#: How the dealt hands are described in a summary.
DEALT = "hands dealt by the practice trainer (after its six warm-up hands)"


def dealt_stats(count: int, seed: int = 0, rules: RuleSet = WILLINGDON) -> HandStats:
    """:func:`tally` over the trainer's random hands: :func:`mjscore.willingdon.deal.dealer` after the ramp."""
    from .deal import RAMP, dealer

    _whole("the number of hands", count)
    hands = islice(dealer(_seed(seed)), len(RAMP), len(RAMP) + count)
    return tally(hands, rules, "dealt hands", f"{DEALT[:-1]}; seed {seed})")


# --------------------------------------------------------------------------- command line


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise StatsError(message)


def _whole_arg(what: str):
    def convert(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if n < 0:
            raise argparse.ArgumentTypeError(f"{what} must be 0 or more, not {n}")
        return n
    return convert


#: More hands than this in one run is surely a typing slip (a million take a few seconds).
MAX_COUNT = 100_000_000


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mjscore.willingdon.stats [--count N] [--seed S] [--dealt] [--minimum-doubles M]``

    Prints :meth:`HandStats.summary`; the time taken goes to standard error.
    """
    parser = _Parser(prog="python -m mjscore.willingdon.stats",
                     description="How rare is a good hand? Willingdon statistics over many hands.")
    parser.add_argument("--count", type=_whole_arg("--count"), default=100_000,
                        help="how many hands (default 100,000)")
    parser.add_argument("--seed", type=_whole_arg("--seed"), default=0, help="the seed (default 0)")
    parser.add_argument("--dealt", action="store_true",
                        help="count the practice trainer's dealt hands instead of random ones")
    parser.add_argument("--minimum-doubles", type=_whole_arg("--minimum-doubles"), default=None)
    parser.add_argument("--clean-hand-doubles", type=_whole_arg("--clean-hand-doubles"), default=None)
    try:
        args = parser.parse_args(argv)
        if args.count > MAX_COUNT:
            raise StatsError(f"--count must be {MAX_COUNT:,} or less, not {args.count:,}")
        rules = WILLINGDON
        settings = {k: v for k, v in (("minimum_doubles", args.minimum_doubles),
                                      ("clean_hand_doubles", args.clean_hand_doubles)) if v is not None}
        if settings:
            rules = rules.with_settings(**settings)
        start = time.perf_counter()
        if args.dealt:
            stats = dealt_stats(args.count, args.seed, rules)
        else:
            stats = random_stats(args.count, args.seed, rules=rules)
        elapsed = time.perf_counter() - start
    except ValueError as e:
        print(f"mjscore: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    print(stats.summary())
    rate = stats.count / elapsed if elapsed > 0 else float("inf")
    print(f"generated, scored and counted {stats.count:,} hands in {elapsed:.2f} s "
          f"({rate:,.0f} hands/s, one core)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
