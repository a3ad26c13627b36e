"""The speed tricks of the Willingdon scorer, each taken away in turn: section 6 of run.py.

    python benchmarks/run.py --only tricks
"""

from __future__ import annotations

import statistics
import time


def bench_tricks(quick: bool) -> dict:
    """Each speed trick of the Willingdon scorer taken away in turn: score() on the same hands,
    CPU time, the variants interleaved round by round; medians. A trick that buys under 10%
    is not worth its code (issue 11)."""
    from itertools import compress

    from mjscore.willingdon import WILLINGDON, rule_table
    from mjscore.willingdon import facts as F
    from mjscore.willingdon import scoring as S
    from mjscore.willingdon.rules import ONCE
    from mjscore.willingdon.stats import random_hands

    n, rounds = (300, 1) if quick else (10_000, 7)
    hands = list(random_hands(n, seed=2024))
    table = rule_table(WILLINGDON)
    flat = [(4 * i, r.name, r.value, r.column) for i, r in enumerate(table)]
    once = {kind: tuple((flat[i], r.fires) for i, r in enumerate(table) if r.test is not None and
                        (bool(r.group), r.kind) == kind) for kind in ((False, "points"), (False, "doubles"),
                                                                      (True, "doubles"))}
    real_run = S._run

    def run_without_memo(hand, rules):  # the once rows' own fires() called on every hand
        f = F.Facts(hand)
        _, point_rows, read_points, double_rows, read_doubles, *_ = S._COMPILED[id(rules)]
        tiles = read_points(f)
        points = list(compress(zip(point_rows, tiles), tiles))
        tiles = read_doubles(f)
        doubles = list(compress(zip(double_rows, tiles), tiles))
        points += [(row, ONCE) for row, fires in once[False, "points"] if fires(f)]
        more = [(row, ONCE) for row, fires in once[False, "doubles"] if fires(f)]
        if more:
            doubles = sorted(doubles + more)
        return points, doubles, [row for row, fires in once[True, "doubles"] if fires(f)]

    by_value: dict = {}

    def run_hashing_the_rule_set(hand, rules):  # the compiled rows found by the rule set's hash
        if rules not in by_value:
            by_value[rules] = S._COMPILED[id(rules)]
        by_value[rules]  # noqa: B018 - the lookup is what is timed
        return real_run(hand, rules)

    def run_plainly(hand, rules):  # no runner: every row's fires() on the facts
        f = F.Facts(hand)
        points, doubles, kinds = [], [], []
        for i, r in enumerate(table):
            where = r.fires(f)
            if where:
                (kinds if r.group else points if r.kind == "points" else doubles).append((flat[i], where))
        return points, doubles, [row for row, _ in kinds]

    variants = {"every trick": (real_run, True), "no memo of the once rows": (run_without_memo, True),
                "no cache of the flower facts": (real_run, False),
                "the rule set hashed (not its id)": (run_hashing_the_rule_set, True),
                "no runner: every row run plainly": (run_plainly, True)}
    for h in hands:
        S.score(h)
    times: dict[str, list[float]] = {name: [] for name in variants}
    kept = F._FLOWER_FACTS_KEPT
    try:
        for _ in range(rounds):
            for name, (run, flowers) in variants.items():
                S._run = run
                F._FLOWER_FACTS.clear()
                F._FLOWER_FACTS_KEPT = kept if flowers else 0
                start = time.process_time()
                for h in hands:
                    S.score(h)
                times[name].append(time.process_time() - start)
    finally:
        S._run, F._FLOWER_FACTS_KEPT = real_run, kept
    base = statistics.median(times["every trick"])
    return {"hands": n, "rounds": rounds,
            "us": {name: 1e6 * statistics.median(ts) / n for name, ts in times.items()},
            "slower": {name: statistics.median(ts) / base for name, ts in times.items()}}
