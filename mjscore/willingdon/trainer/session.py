"""The Willingdon practice trainer: the learner's name, the hands played, the tally, saved.

A :class:`Trainer` deals the practice hands of :mod:`mjscore.willingdon.deal` one at a time. For each
hand the learner answers the hand points and the doubles; the trainer says which are right,
then gives the paper total, the score and the breakdown, even when the hand is under the
minimum (so you can see exactly how close you were to the three). On a miss it names the
lines the learner most likely missed (:func:`likely_misses`). "Show me" reveals the answer
and counts as a miss. Only the first answer on a hand counts: answering again, or re-reading
a played hand, never changes the tally. :meth:`Trainer.reset` clears everything.

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> t = Trainer(pathlib.Path(folder.name) / "practice.json")
>>> t.set_name("Ann")
>>> print(t.current_hand)
+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2 seat=E round=E
>>> f = t.check(points=28, doubles=0)
>>> f.points_right, f.doubles_right, f.result.paper_total, f.result.score
(True, True, 28, 0)
>>> _ = t.next()
>>> f = t.check(points=36, doubles=1)
>>> f.points_right, f.doubles_right, f.hints[0]
(False, True, 'Hand points: 4 short. Perhaps you missed “Pung of minor (2–8), concealed” (5 Dots), worth 4 points.')
>>> print(t.tally)
1 of 2 right (0 shown)
>>> Trainer(t.path).tally == t.tally      # a new trainer on the same file: after a kernel restart
True
>>> folder.cleanup()

Where progress is kept
----------------------
On the learner's machine only, in one small JSON file, ``practice.json``, in a per-user data
folder (:func:`data_dir`): ``MJSCORE_DATA_DIR`` when set (the tests and the notebook runs set
it to a scratch folder), else ``%APPDATA%\\mjscore`` on Windows,
``~/Library/Application Support/mjscore`` on macOS, and ``$XDG_DATA_HOME/mjscore`` (by default
``~/.local/share/mjscore``) elsewhere. Nothing is sent anywhere. The file::

    {
     "format": "mjscore-practice",
     "version": 1,
     "name": "Ann",
     "seed": 0,
     "current": 3,
     "hands": [
      {"number": 1, "hand": {...RULES.md JSON...}, "points": 28, "doubles": 0, "shown": false,
       "correct_points": 28, "correct_doubles": 0, "points_right": true, "doubles_right": true},
      ...
     ],
     "tally": {"played": 2, "right": 1, "missed": 1, "shown": 0, "points_right": 1, "doubles_right": 2}
    }

``hands`` are the hands answered so far, in order, with the first answer given (``points`` and
``doubles`` are ``null`` when Show me came first) and the right figures as scored then.
``current`` is the hand on the table: the last one played (answered, waiting for Next) or
the one after it, which is dealt again from ``seed``. ``tally`` is written for people and
other tools; on reading, the trainer recounts it from ``hands``.

Safe saving, and two notebooks on one file
------------------------------------------
Every write is atomic: a temporary file in the same folder, flushed and fsynced, then
``os.replace`` over the old one, so the file on disk is always a whole, valid file.

A file that cannot be read or is not a progress file is never overwritten: it is set aside
(renamed ``practice.json.corrupt-YYYYMMDD-HHMMSS``) and a fresh one is started, with a message
in :attr:`Trainer.messages`. If it cannot even be renamed, the trainer keeps the session in
memory only, and says so.

Two trainers (two notebooks, two kernels) on one file take turns under a lock: ``fcntl.flock``
on ``practice.json.lock`` where the platform (and the file system) has it, else a lock file
created with ``O_CREAT | O_EXCL`` and removed after (one left by a dead kernel is taken over
after ten seconds). The decision is **re-read and merge**: every change (a name, an answer,
Next, Reset) re-reads the file under the lock, applies itself to what is there and writes the
result. So answers given in two windows both land; an answer to a hand that the other window
has already answered does not count (only the first answer on a hand counts, wherever it was
given), and the trainer then shows the file's state. A name is last-writer-wins.
"""

from __future__ import annotations

import errno
import json
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, Callable, Iterator

from ..deal import dealer
from ...hands import Hand, HandError
from ...tiles import INFO, SEAT_WIND, tile_name
from ..scoring import WILLINGDON, LineItem, RuleSet, Score, rule_table, score
from ...storage import atomic_write, data_dir  # noqa: F401 (data_dir is part of this API)

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["Feedback", "PROGRESS_FILE", "Played", "Tally", "Trainer", "TrainerError", "data_dir",
           "likely_misses", "progress_path"]

PROGRESS_FILE = "practice.json"
FORMAT = "mjscore-practice"
VERSION = 1
#: The longest name kept; a longer one is cut (it is shown on one line of the session card).
MAX_NAME = 60


class TrainerError(ValueError):
    """Something the trainer cannot do, said as a learner would understand it."""


# --------------------------------------------------------------------------- where


def progress_path() -> Path:
    """The learner's progress file: :data:`PROGRESS_FILE` in :func:`data_dir`."""
    return data_dir() / PROGRESS_FILE


# --------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Played:
    """One hand answered: the first answer given (``None`` when Show me came first)."""

    number: int
    hand: Hand
    points: int | None
    doubles: int | None
    shown: bool
    correct_points: int
    correct_doubles: int

    @property
    def points_right(self) -> bool:
        return not self.shown and self.points == self.correct_points

    @property
    def doubles_right(self) -> bool:
        return not self.shown and self.doubles == self.correct_doubles

    @property
    def right(self) -> bool:
        """Both figures right at the first answer, without Show me."""
        return self.points_right and self.doubles_right

    def to_json(self) -> dict:
        return {"number": self.number, "hand": self.hand.to_json(), "points": self.points,
                "doubles": self.doubles, "shown": self.shown, "correct_points": self.correct_points,
                "correct_doubles": self.correct_doubles, "points_right": self.points_right,
                "doubles_right": self.doubles_right}

    @classmethod
    def from_json(cls, data: Any, number: int) -> "Played":
        if not isinstance(data, dict):
            raise _Unreadable(f"hand {number} is not an object")
        if data.get("number") != number:
            raise _Unreadable(f"hand {number} is numbered {data.get('number')!r}")
        try:
            hand = Hand.from_json(data.get("hand"))
        except HandError as e:
            raise _Unreadable(f"hand {number}: {e}") from None
        shown = data.get("shown")
        if not isinstance(shown, bool):
            raise _Unreadable(f"hand {number}: 'shown' must be true or false")
        figures = {}
        for key in ("points", "doubles", "correct_points", "correct_doubles"):
            v = data.get(key)
            if v is None and key in ("points", "doubles") and shown:
                figures[key] = None
                continue
            if not _is_count(v):
                raise _Unreadable(f"hand {number}: {key!r} must be a whole number, not {v!r}")
            figures[key] = v
        return cls(number=number, hand=hand, shown=shown, **figures)


@dataclass(frozen=True)
class Tally:
    """The running tally: hands played, how many right at the first answer, how many shown."""

    played: int = 0
    right: int = 0
    shown: int = 0
    points_right: int = 0
    doubles_right: int = 0

    @property
    def missed(self) -> int:
        """Hands not right at the first answer; Show me counts here."""
        return self.played - self.right

    @classmethod
    def of(cls, played: tuple[Played, ...] | list[Played]) -> "Tally":
        return cls(played=len(played), right=sum(p.right for p in played),
                   shown=sum(p.shown for p in played),
                   points_right=sum(p.points_right for p in played),
                   doubles_right=sum(p.doubles_right for p in played))

    def to_json(self) -> dict:
        return {"played": self.played, "right": self.right, "missed": self.missed,
                "shown": self.shown, "points_right": self.points_right,
                "doubles_right": self.doubles_right}

    def __str__(self) -> str:
        return f"{self.right} of {self.played} right ({self.shown} shown)"


@dataclass(frozen=True)
class Feedback:
    """What the trainer says about one answer (or one Show me, or one re-reading).

    ``counted`` is true only for the first answer on a hand, the one that went into the tally.
    ``points``/``doubles`` are the answer this feedback is about (``None`` for Show me).
    """

    number: int
    hand: Hand
    result: Score
    points: int | None
    doubles: int | None
    shown: bool
    counted: bool
    hints: tuple[str, ...] = ()
    note: str = ""

    @property
    def points_right(self) -> bool:
        return not self.shown and self.points == self.result.hand_points

    @property
    def doubles_right(self) -> bool:
        return not self.shown and self.doubles == self.result.doubles

    @property
    def right(self) -> bool:
        return self.points_right and self.doubles_right

    @property
    def short_of_minimum(self) -> int:
        """How many doubles the hand lacks to pay anything (0 when it meets the minimum)."""
        return max(0, self.result.rules.minimum_doubles - self.result.doubles)

    def summary(self) -> str:
        """The verdict in plain text, one line per figure, then the hints."""
        r = self.result
        lines = []
        if self.note:
            lines.append(self.note)
        if self.shown:
            lines.append(f"Shown: {r.hand_points} hand points and {r.doubles} doubles.")
        else:
            for what, given, right, ok in (("Hand points", self.points, r.hand_points, self.points_right),
                                           ("Doubles", self.doubles, r.doubles, self.doubles_right)):
                lines.append(f"{what}: {given} — " + ("right." if ok else f"not quite, the hand has {right}."))
        lines.append(f"Paper total: {r.hand_points:,} x 2^{r.doubles} = {r.paper_total:,}")
        if r.minimum_met:
            lines.append(f"Score: {r.score:,}")
        else:
            lines.append(f"Score: 0 — under {r.rules.minimum_doubles} doubles a hand pays nothing; "
                         f"this one is {self.short_of_minimum} short.")
        lines.extend(self.hints)
        return "\n".join(lines)


# --------------------------------------------------------------------------- what was missed


def _names(item: LineItem) -> list[str]:
    return [tile_name(w) if w in INFO else w for w in dict.fromkeys(item.where) if w]


def _units(items: tuple[LineItem, ...], unit: str) -> list[tuple[int, str, int]]:
    """Ways a learner could have left part of the breakdown out: (item index, words, value).

    A line that fired once is one unit; a line that fired on several tiles is two: one of
    them, and the whole line.
    """
    out = []
    for i, item in enumerate(items):
        if not item.each:
            continue
        names = _names(item)
        if item.count == 1:
            where = f" ({names[0]})" if names else ""
            out.append((i, f"“{item.label}”{where}, worth {_n(item.total, unit)}", item.total))
        else:
            out.append((i, f"one “{item.label}” (one of {', '.join(names)}), worth "
                           f"{_n(item.each, unit)}", item.each))
            out.append((i, f"“{item.label}” on all of {', '.join(names)}, worth "
                           f"{_n(item.total, unit)} in all", item.total))
    return out


def _n(value: int, unit: str) -> str:
    return f"{value} {unit}{'' if value == 1 else 's'}"


def _missed(items: tuple[LineItem, ...], d: int, unit: str) -> tuple[list[str], list[str]]:
    """The single lines, and the pairs of lines, worth exactly the shortfall ``d``."""
    units = _units(items, unit)
    single = [f"Perhaps you missed {words}." for _, words, v in units if v == d]
    pairs = [f"Perhaps you missed {a}, and {b}." for (i, a, va), (j, b, vb) in combinations(units, 2)
             if i != j and va + vb == d]
    return single, pairs


def _sets(item: LineItem) -> str:
    """``'The concealed pung of Red Dragon'`` or ``'Each exposed pung (3 Bamboo, 5 Dots)'``."""
    kind = "kong" if item.line.startswith("Kong") else "pung"
    names = _names(item)
    if len(names) == 1:
        return f"The {item.column} {kind} of {names[0]}"
    return f"Each {item.column} {kind} ({', '.join(names)})"


def _point_hints(r: Score, hand: Hand, d: int) -> list[str]:
    """``d`` = the hand's points minus the answer (positive: the answer was short)."""
    slips: list[str] = []
    sets = [item for item in r.points if item.column]
    if d > 0:
        for item in sets:
            half, major = item.each // 2, "major" in item.line
            if item.column == "concealed" and half == d:
                slips.append(f"{_sets(item)} scores {item.each}, not {half}: concealed sets score double.")
            if major and half == d:
                slips.append(f"{_sets(item)} scores {item.each}, not {half}: honours, 1s and 9s are "
                             f"major, and major sets score double.")
            if item.line.startswith("Kong") and item.each - item.each // 4 == d:
                slips.append(f"{_sets(item)} scores {item.each}, not {item.each // 4}: a kong scores "
                             f"four times a pung.")
        single, pairs = _missed(r.points, d, "point")
        return single + slips + pairs
    e = -d
    for item in sets:
        if item.column == "exposed" and item.each == e:
            slips.append(f"{_sets(item)} scores {item.each}, not {2 * item.each}: only concealed sets "
                         f"score double.")
        if "minor" in item.line and item.each == e:
            slips.append(f"{_sets(item)} scores {item.each}, not {2 * item.each}: 2 to 8 are minor, "
                         f"and only major sets score double.")
    if e == 2 and not INFO[hand.pair.tile].major:
        slips.append(f"The pair of {tile_name(hand.pair.tile)} scores nothing: only a pair of "
                     f"dragons, of winds, or of 1s or 9s scores 2.")
    return slips


def _double_hints(r: Score, hand: Hand, d: int) -> list[str]:
    """``d`` = the hand's doubles minus the answer (positive: the answer was short)."""
    if d > 0:
        first = []
        if d == 2:  # one tile that is both yours and the round's scores two doubles
            own = {i.line: i.where for i in r.doubles_detail}
            for mine, rounds, what in (("A pung/kong of your own wind", "A pung/kong of the wind of the round",
                                        "wind"),
                                       ("Each of your own flower/season", "Each flower/season of the round",
                                        "flower or season")):
                for tile in set(own.get(mine, ())) & set(own.get(rounds, ())):
                    first.append(f"Perhaps you missed that {tile_name(tile)} is both your own {what} and "
                                 f"the round's: it scores 1 double for each (2 in all).")
        single, pairs = _missed(r.doubles_detail, d, "double")
        return first + single + pairs
    e = -d
    out: list[str] = []
    fired = {i.line: i for i in r.doubles_detail}
    values = {row.name: row.value for row in rule_table(r.rules)}
    kinds = {row.name for row in rule_table(r.rules) if row.group == "hand kind"}
    best = r.doubles_detail[0].line if r.doubles_detail and r.doubles_detail[0].line in kinds else ""
    fits = list(r.also_fits)
    if best == "A Royal Honour Hand":  # the FAQ: technically also an All Major Hand
        fits.append("An All Major Hand")
    for other in fits:
        if values.get(other) == e:
            out.append(f"{other} fits too, but only the best hand kind counts: {best}.")
    clean = fired.get("A Clean Hand")
    if clean is not None and clean.each == 0 and e == 1:
        out.append("A Clean Hand scores 0 doubles in this rule book (most other books give 1).")
    for four, three, step in (("4 concealed pungs", "3 concealed pungs", 1),
                              ("4 exposed kongs", "3 exposed kongs", 2),
                              ("4 concealed kongs", "3 concealed kongs", 3),
                              ("4 pungs of winds", "3 pungs/kongs of winds", 1)):
        if four in fired and e == step:
            out.append(f"{four} replaces {three}: the tiers do not stack.")
    melds = hand.melds
    hidden_pungs = sum(1 for m in melds if m.kind == "pung" and not m.exposed)
    hidden_kongs = sum(1 for m in melds if m.kind == "kong" and not m.exposed)
    if hidden_kongs and hidden_pungs < 3 <= hidden_pungs + hidden_kongs and e in (1, 2):
        out.append("Kongs do not count towards 3 concealed pungs: a concealed kong scores on "
                   "the concealed-kong lines only.")
    ones = {INFO[m.tile].suit for m in melds if INFO[m.tile].rank == 1 and INFO[m.tile].terminal}
    nines = {INFO[m.tile].suit for m in melds if INFO[m.tile].rank == 9 and INFO[m.tile].terminal}
    if ones and nines and not (ones & nines) and e == 1:
        out.append("Pungs of 1s and 9s must be in one suit: the 1 and the 9 here are from different suits.")
    if e == 3 and "Concealed mahjong last tile from the wall" not in fired:
        if not any(m.exposed for m in melds) and not hand.self_drawn:
            out.append("Concealed mahjong needs the last tile from the wall: this hand was won on a discard.")
        elif hand.self_drawn and any(m.exposed for m in melds):
            out.append("Concealed mahjong needs all four sets concealed: this hand has exposed sets.")
    if e == 1 and hand.flowers:
        strays = [f for f in hand.flowers if INFO[f].seat not in (hand.seat, hand.round)]
        if strays:
            out.append(f"{tile_name(strays[0])} earns no double: only your own flower or season, "
                       "and the round's, do.")
    winds = [m.tile for m in melds if INFO[m.tile].wind]
    strays = [w for w in winds if w not in (SEAT_WIND[hand.seat], SEAT_WIND[hand.round])]
    if e == 1 and strays and len(winds) < 3:
        out.append(f"A pung of {tile_name(strays[0])} earns no double by itself: only your own "
                   "wind and the round's wind do.")
    return out


def likely_misses(result: Score, hand: Hand, points: int | None, doubles: int | None,
                  *, limit: int = 3) -> tuple[str, ...]:
    """The lines that most likely account for a wrong answer, in a learner's words.

    Short answers are matched against the breakdown: the single line, or pair of lines,
    worth exactly the difference. Answers over the mark are matched against the usual slips
    (an exposed set scored as concealed, two hand kinds counted, tiers stacked).

    >>> from mjscore.hands import parse
    >>> h = parse("+EWx3 3Bx3 +7Bx3 +GDx3 5Bx2 F1 S2")
    >>> for line in likely_misses(score(h), h, points=42, doubles=3):
    ...     print(line)
    Doubles: 2 short. Perhaps you missed that East Wind is both your own wind and the round's: it scores 1 double for each (2 in all).
    Doubles: 2 short. Perhaps you missed that Flower 1 is both your own flower or season and the round's: it scores 1 double for each (2 in all).
    Doubles: 2 short. Perhaps you missed “A pung/kong of dragons” (Green Dragon), worth 1 double, and “A pung/kong of your own wind” (East Wind), worth 1 double.
    """
    out: list[str] = []
    for what, given, right, hints_for in (
            ("Hand points", points, result.hand_points, lambda d: _point_hints(result, hand, d)),
            ("Doubles", doubles, result.doubles, lambda d: _double_hints(result, hand, d))):
        if given is None or given == right:
            continue
        d = right - given
        head = f"{what}: {abs(d)} {'short' if d > 0 else 'too many'}."
        hints = _dedupe(hints_for(d))[:limit]
        out += [f"{head} {h}" for h in hints] or [
            f"{head} No single line or pair of lines makes up the difference: go through the "
            f"breakdown line by line."]
    return tuple(out)


def _dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


# --------------------------------------------------------------------------- the saved state


class _Unreadable(Exception):
    """The progress file is not one this trainer can read (the message says why)."""


def _is_count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


@dataclass
class _State:
    """What is saved: the learner's name, the seed, the hand on the table, the hands played."""

    name: str = ""
    seed: int = 0
    current: int = 1
    played: list[Played] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "name": self.name, "seed": self.seed,
                "current": self.current, "hands": [p.to_json() for p in self.played],
                "tally": Tally.of(self.played).to_json()}

    @classmethod
    def from_json(cls, data: Any) -> "_State":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise _Unreadable("it is not an mjscore practice file")
        version = data.get("version")
        if version != VERSION:
            raise _Unreadable(f"it is version {version!r}, and this mjscore reads version {VERSION}")
        name, seed, current, hands = (data.get(k) for k in ("name", "seed", "current", "hands"))
        if not isinstance(name, str):
            raise _Unreadable("the name is not text")
        if not _is_count(seed):
            raise _Unreadable("the seed is not a whole number")
        if not isinstance(hands, list):
            raise _Unreadable("'hands' is not a list")
        played = [Played.from_json(h, i) for i, h in enumerate(hands, 1)]
        if not _is_count(current) or current not in (len(played), len(played) + 1) or current < 1:
            raise _Unreadable(f"the current hand {current!r} does not follow the {len(played)} played")
        return cls(name=name[:MAX_NAME], seed=seed, current=current, played=played)

    def copy(self) -> "_State":
        return _State(self.name, self.seed, self.current, list(self.played))


class _Deck:
    """The practice hands of one seed, dealt once and kept (hand ``n`` is ``hand(n)``)."""

    _decks: dict[int, "_Deck"] = {}

    def __init__(self, seed: int) -> None:
        self._hands: list[Hand] = []
        self._source = dealer(seed)

    @classmethod
    def of(cls, seed: int) -> "_Deck":
        if seed not in cls._decks:
            cls._decks[seed] = cls(seed)
        return cls._decks[seed]

    def hand(self, number: int) -> Hand:
        while len(self._hands) < number:
            self._hands.append(next(self._source))
        return self._hands[number - 1]


@contextmanager
def _locked(path: Path, *, wait: float = 10.0) -> Iterator[None]:
    """Hold the lock of ``path``: ``flock`` on ``<path>.lock``, else an O_EXCL lock file."""
    lock = path.with_name(path.name + ".lock")
    if fcntl is not None:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:  # a file system without flock (some network shares): the lock file below
            os.close(fd)
        else:
            try:
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
            return
    # No flock (Windows): the lock is the lock file's existence. A lock left behind by a
    # kernel that died mid-write is taken over once it is older than ``wait`` seconds.
    lock = path.with_name(path.name + ".lock-excl") if fcntl is not None else lock
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:
            try:
                stale = time.time() - os.path.getmtime(lock) > wait
            except OSError:
                stale = False
            if stale or time.monotonic() > deadline:
                try:
                    os.unlink(lock)
                except OSError:
                    pass
            time.sleep(0.02)
    try:
        os.close(fd)
        yield
    finally:
        try:
            os.unlink(lock)
        except OSError:
            pass


def _write_atomic(path: Path, text: str) -> None:
    atomic_write(path, text.encode("utf-8"))


def _why(e: OSError) -> str:
    return e.strerror or errno.errorcode.get(e.errno or 0, "") or e.__class__.__name__


# --------------------------------------------------------------------------- the trainer


class Trainer:
    """A learner's practice session, saved to ``path`` (default: :func:`progress_path`).

    ``seed`` chooses the random hands after the ramp for a new progress file (a saved file
    keeps its own); ``rules`` is the rule set the answers are marked against.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, seed: int = 0,
                 rules: RuleSet = WILLINGDON) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise TrainerError(f"the seed must be a whole number 0 or more, not {seed!r}")
        self.path = Path(path) if path is not None else progress_path()
        self.rules = rules
        self._seed = seed
        #: Notices for the learner: a file set aside, progress that could not be saved.
        self.messages: list[str] = []
        self._saving = True
        self._loaded = False  # set by the first read of the file
        self._state = _State(seed=seed)
        self._sync(None)

    # ---------------------------------------------------------------- reading the state

    @property
    def name(self) -> str:
        return self._state.name

    @property
    def seed(self) -> int:
        return self._state.seed

    @property
    def played(self) -> tuple[Played, ...]:
        """The hands answered so far, in order (hand 1 first)."""
        return tuple(self._state.played)

    @property
    def tally(self) -> Tally:
        return Tally.of(self._state.played)

    @property
    def current_number(self) -> int:
        """The number of the hand on the table, 1 for the first."""
        return self._state.current

    @property
    def current_hand(self) -> Hand:
        return self._hand(self._state, self._state.current)

    @property
    def answered(self) -> bool:
        """Whether the hand on the table has had its (first) answer."""
        return self._state.current <= len(self._state.played)

    @property
    def saving(self) -> bool:
        """False when progress cannot be saved (see :attr:`messages`): the session is in memory only."""
        return self._saving

    def take_messages(self) -> list[str]:
        """The notices not yet shown, emptied."""
        out, self.messages = self.messages, []
        return out

    # ---------------------------------------------------------------- playing

    def set_name(self, name: str) -> None:
        """The learner's name (kept as plain text; cut to :data:`MAX_NAME` characters)."""
        if not isinstance(name, str):
            raise TrainerError(f"a name is text, not {type(name).__name__}")
        name = " ".join(name.split())[:MAX_NAME]

        def change(s: _State) -> None:
            s.name = name
        self._sync(change)

    def check(self, points: int, doubles: int) -> Feedback:
        """Mark an answer for the hand on the table. Only the first answer on a hand counts."""
        for what, v in (("hand points", points), ("doubles", doubles)):
            if not _is_count(v):
                raise TrainerError(f"the {what} must be a whole number 0 or more, not {v!r}")
        return self._answer(points, doubles, shown=False)

    def show_me(self) -> Feedback:
        """Reveal the answer for the hand on the table; on an unanswered hand it counts as a miss."""
        return self._answer(None, None, shown=True)

    def next(self) -> Hand:
        """Move on to the next hand, once this one is answered (or shown)."""
        number, hand = self._state.current, self.current_hand
        refused: list[str] = []

        def change(s: _State) -> None:
            if s.current != number or self._hand(s, number) != hand:
                return  # another window moved on or reset: follow it
            if s.current > len(s.played):
                refused.append(f"answer hand {number} first, or press Show me")
                return
            s.current += 1
        self._sync(change)
        if refused:
            raise TrainerError(refused[0])
        return self.current_hand

    def review(self, number: int) -> Feedback:
        """Re-read a played hand: its first answer and the breakdown. Never changes the tally."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self._state.played):
            raise TrainerError(f"there is no played hand {number!r} (hands 1 to {len(self._state.played)})")
        p = self._state.played[number - 1]
        return self._feedback(p, counted=False, note="")

    def reset(self) -> None:
        """Clear everything: the name, the hands played and the tally; start again at hand 1."""
        def change(s: _State) -> None:
            s.name, s.seed, s.current, s.played = "", self._seed, 1, []
        self._sync(change, fresh=True)

    def reload(self) -> None:
        """Read the file again (another window may have played)."""
        self._sync(None)

    # ---------------------------------------------------------------- inside

    def _hand(self, s: _State, number: int) -> Hand:
        if number <= len(s.played):
            return s.played[number - 1].hand
        return _Deck.of(s.seed).hand(number)

    def _answer(self, points: int | None, doubles: int | None, *, shown: bool) -> Feedback:
        number, hand = self._state.current, self.current_hand
        answered_here = self.answered
        outcome: list[Played] = []
        note: list[str] = []

        def change(s: _State) -> None:
            if s.current != number or self._hand(s, number) != hand:
                note.append(f"Hand {number} is no longer on the table (another window moved on, or "
                            f"reset the progress), so this is not counted.")
                return
            if number <= len(s.played):
                return  # already answered (here or elsewhere): the first answer stands
            result = score(hand, self.rules)
            p = Played(number=number, hand=hand, points=points, doubles=doubles, shown=shown,
                       correct_points=result.hand_points, correct_doubles=result.doubles)
            s.played.append(p)
            outcome.append(p)
        self._sync(change)
        if outcome:
            return self._feedback(outcome[0], counted=True, note="")
        if not note:
            if not answered_here:
                note.append("This hand was answered first in another window: that answer stands, and "
                            "this one is not counted.")
            elif shown:
                note.append("Your first answer on this hand stands: showing the answer changes nothing.")
            else:
                note.append("Your first answer on this hand stands: this one is not counted.")
        result = score(hand, self.rules)
        return Feedback(number=number, hand=hand, result=result, points=points, doubles=doubles,
                        shown=shown, counted=False,
                        hints=() if shown else likely_misses(result, hand, points, doubles),
                        note=note[0])

    def _feedback(self, p: Played, *, counted: bool, note: str) -> Feedback:
        result = score(p.hand, self.rules)
        hints = () if p.shown else likely_misses(result, p.hand, p.points, p.doubles)
        return Feedback(number=p.number, hand=p.hand, result=result, points=p.points,
                        doubles=p.doubles, shown=p.shown, counted=counted, hints=hints, note=note)

    def _read(self) -> _State | None:
        """The state on disk; ``None`` when there is no file yet. Raises _Unreadable."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as e:
            raise _Unreadable(f"it could not be read ({_why(e)})") from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise _Unreadable("it is not text") from None
        except json.JSONDecodeError as e:
            raise _Unreadable(f"it is not valid JSON ({e.msg}, line {e.lineno})") from None
        except RecursionError:
            raise _Unreadable("it is nested too deeply") from None
        return _State.from_json(data)

    def _set_aside(self, why: str) -> bool:
        """Rename an unreadable file out of the way, keeping it; False if it cannot be moved."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        try:
            os.replace(self.path, target)
        except OSError as e:
            self.messages.append(f"Your progress file {self.path.name} could not be read: {why}. "
                                 f"It could not be moved aside either ({_why(e)}), so it is left "
                                 f"untouched and this session is not saved.")
            return False
        self.messages.append(f"Your progress file {self.path.name} could not be read: {why}. "
                             f"It is kept as {target.name}, and a fresh one has been started.")
        return True

    def _sync(self, change: Callable[[_State], None] | None, *, fresh: bool = False) -> None:
        """Under the lock: re-read the file, apply ``change`` to it, write it back atomically.

        ``fresh``: the change does not depend on what is there (Reset). If the file is gone or
        unreadable mid-session, the change applies to this trainer's own last state instead,
        so nothing the learner did here is lost.
        """
        if not self._saving:
            if change is not None:
                change(self._state)
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with _locked(self.path):
                try:
                    disk = self._read()
                except _Unreadable as e:
                    if not self._set_aside(str(e)):
                        self._saving = False
                        if change is not None:
                            change(self._state)
                        return
                    disk = None
                first_time, self._loaded = not self._loaded, True
                if disk is None:
                    state = _State(seed=self._seed) if first_time else self._state.copy()
                else:
                    state = disk
                if fresh:
                    state = _State(seed=self._seed)
                if change is not None:
                    change(state)
                if change is not None or disk is None:
                    _write_atomic(self.path, json.dumps(state.to_json(), indent=1, ensure_ascii=False) + "\n")
                self._state = state
        except OSError as e:
            self._saving = False
            self.messages.append(f"Your progress could not be saved to {self.path.name} ({_why(e)}): "
                                 f"this session is kept in memory only.")
            if change is not None:
                change(self._state)
