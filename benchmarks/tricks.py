"""The speed tricks of the Willingdon scorer, each taken away in turn: section 6 of run.py.

    python benchmarks/run.py --only tricks
"""

from __future__ import annotations

import gc
import statistics
import time
from operator import attrgetter


class _Forgetful(dict):
    """A memo that never remembers: ``get`` finds nothing, and it says it is full."""

    def get(self, key, default=None):
        return default

    def __len__(self) -> int:
        return 1 << 62


def bench_tricks(quick: bool) -> dict:
    """Each speed trick of the Willingdon scorer taken away in turn: score() on the same hands,
    the scores kept in a list as section 1 keeps them (what they cost the cycle collector
    counts), CPU time, the variants interleaved round by round (the order turned round every
    other round), each timed after a collection with the inputs frozen as in section 1;
    medians, and each variant's slowdown the median of its ratios to every trick round by
    round. A trick that buys under 10%
    is not worth its code (issue 11)."""
    from mjscore.hands import MELD_CODES
    from mjscore.willingdon import WILLINGDON
    from mjscore.willingdon import facts as F
    from mjscore.willingdon import scoring as S
    from mjscore.willingdon.rules import ONCE
    from mjscore.willingdon.stats import random_hands

    n, rounds = (300, 1) if quick else (10_000, 11)
    hands = list(random_hands(n, seed=2024))
    S._COMPILED.clear()
    kept = S._compile(WILLINGDON)
    table, rows = kept.table, kept.rows
    new = tuple.__new__
    once_facts = S._once_facts(table)
    read_once = attrgetter(*once_facts)
    # Each row as the loop below takes it: (its flat row, its fact's reader or None, its place
    # in kept.once or -1, the first row of a group).
    plan, k = [], 0
    for i, r in enumerate(table):
        first = bool(r.group) and not (i and table[i - 1].group == r.group)
        plan.append((rows[i], attrgetter(r.reads[0]) if r.test is None else None, r, k if r.test else -1, first))
        k += r.test is not None

    def looped(hand, rules=WILLINGDON, plainly=False, memo={}):
        """score() as a loop over the rows on a Facts made for the hand (no runner written
        out); ``plainly``: every row's own fires() (no runner at all)."""
        f = F.Facts(hand)
        key = read_once(f)
        got = memo.get(key)
        if got is None:
            got = memo[key] = S._answer(kept.once, key)
        hp, dbl, _, _, best, also, once_points, once_doubles = got
        points, doubles = [], []
        for row, read, r, k, first in plan:
            if read is not None:
                where = r.fires(f) if plainly else read(f)
                if where:
                    item, total = S._item(row, where)
                    if row[5]:
                        points.append(item)
                        hp += total
                    else:
                        doubles.append(item)
                        dbl += total
            elif first:
                if best is not None:
                    doubles.append(best)
            elif not r.group and (once_points if row[5] else once_doubles) >> k & 1:
                (points if row[5] else doubles).append(S._item(row, ONCE)[0])
        paper = hp << dbl
        met = dbl >= rules.minimum_doubles
        return new(S.Score, (hp, dbl, paper, paper if met else 0, met, tuple(points), tuple(doubles), rules, also))

    def anew(row, where):  # a line item made for every score, never shared
        return new(S.LineItem, (row[1], row[2], where, row[3])), row[2] * len(where)

    def runner(**names):
        """The written-out runner of WILLINGDON with some of its names bound otherwise."""
        run = S._runner("score", kept)
        run.__globals__.update(names)
        return run

    def pass_called():
        """The runner of WILLINGDON with the pass over the sets called, not written in, and each
        set's share found by three look-ups (its kind, exposed, its tile), not by its number: as
        the pass was before ``Meld.code``."""
        by_kind: dict = {}
        for (kind, exposed, tile), share in zip(MELD_CODES, F._BY_CODE):
            by_kind.setdefault(kind, ({}, {}))[exposed][tile] = share
        # the same pass (facts.PASS), each set's share found by its kind, exposed and tile
        lines = [line.replace("BY_CODE[set_.code]", "BY_KIND[set_.kind][set_.exposed][set_.tile]")
                 for line in F.PASS]
        assert lines != list(F.PASS), "facts.PASS no longer finds a set's share by its number"
        read_sets = F.written_out(["def read_sets(hand):", *(f"    {line}" for line in lines),
                                   "    return tiles, counts, seen"], "<the pass, by three look-ups>",
                                  {"BY_KIND": by_kind})["read_sets"]

        written_in = F.PASS
        F.PASS = ("tiles, counts, seen = called_pass(hand)",)
        try:
            return runner(called_pass=read_sets)
        finally:
            F.PASS = written_in

    # Every variant is a function of the hand called directly, as score() calls the runner
    # (score() itself first finds the runner of its rule set, which the variants skip).
    variants = {"every trick": (kept.score, True),
                "no memo of the once rows": (runner(memo=_Forgetful()), True),
                "no cache of the flower facts": (S.score, False),
                "no runner written out: a Facts made, a loop over the rows": (looped, True),
                "no runner: every row run plainly": (lambda h: looped(h, plainly=True), True),
                "the pass over the sets called, each set found by kind, exposed and tile": (pass_called(), True),
                "the each rows' line items made anew (not shared)":
                    (runner(new_item=anew, **{f"items_{i}": {} for i in range(len(rows))}), True)}
    for h in hands:
        assert all(score(h) == S.score(h) for score, _ in variants.values())
    times: dict[str, list[float]] = {name: [] for name in variants}
    kept_flowers = F._FLOWER_FACTS_KEPT
    # As in section 1: the inputs set aside from the cycle collector, and each variant timed
    # after a collection, so that no variant pays for walking what the others left behind.
    gc.collect()
    gc.freeze()
    try:
        for r in range(rounds):  # the order turned round every other round, as in section 1
            for name in (list(variants) if r % 2 == 0 else list(variants)[::-1]):
                score, flowers = variants[name]
                F._FLOWER_FACTS.clear()
                F._FLOWER_FACTS_KEPT = kept_flowers if flowers else 0
                gc.collect()
                start = time.process_time()
                scores = [score(h) for h in hands]  # kept, as section 1 keeps them
                times[name].append(time.process_time() - start)
                del scores
    finally:
        F._FLOWER_FACTS_KEPT = kept_flowers
        gc.unfreeze()
    base = times["every trick"]
    # each variant against every trick in the same round (the same moment of the machine)
    return {"hands": n, "rounds": rounds,
            "us": {name: 1e6 * statistics.median(ts) / n for name, ts in times.items()},
            "slower": {name: statistics.median(t / b for t, b in zip(ts, base)) for name, ts in times.items()}}
