"""The speed tricks of the Willingdon scorer, each taken away in turn: section 6 of run.py.

    python benchmarks/run.py --only tricks
"""

from __future__ import annotations

import statistics
import time


def bench_tricks(quick: bool) -> dict:
    """Each speed trick of the Willingdon scorer taken away in turn: score() on the same hands,
    the scores kept in a list as section 1 keeps them (what they cost the cycle collector
    counts), CPU time, the variants interleaved round by round; medians. A trick that buys under 10%
    is not worth its code (issue 11)."""
    from mjscore.willingdon import WILLINGDON, rule_table
    from mjscore.willingdon import facts as F
    from mjscore.willingdon import scoring as S
    from mjscore.willingdon.stats import random_hands

    n, rounds = (300, 1) if quick else (10_000, 7)
    hands = list(random_hands(n, seed=2024))
    table = rule_table(WILLINGDON)
    real_run = S._run

    def run_without_memo(hand, rules):  # the once rows' tests run on every hand
        f = F.Facts(hand)
        _, rows, read_each, read_once, once, _ = S._COMPILED[rules]
        return rows, read_each(f), S._answer(once, read_once(f))

    each = [r for r in table if r.test is None]

    def run_plainly(hand, rules):  # no runner: every row's fires() on the facts, no memo
        f = F.Facts(hand)
        _, rows, _, read_once, once, _ = S._COMPILED[rules]
        return rows, tuple(r.fires(f) for r in each), S._answer(once, read_once(f))

    new = tuple.__new__

    def score_items_anew(hand, rules=WILLINGDON):  # score() making every each row's line item anew
        rows, tiles, (hp, dbl, _, _, once_points, once_doubles, kind, also) = S._run(hand, rules)
        points, doubles = [], [] if kind is None else [kind]
        for row, where in zip(rows, tiles):
            if where:
                item = new(S.LineItem, (row[1], row[2], where, row[3]))
                if row[5]:
                    points.append(item)
                    hp += row[2] * len(where)
                else:
                    doubles.append(item)
                    dbl += row[2] * len(where)
        if once_points:
            points += once_points
        if once_doubles:
            doubles[kind is not None:] = S._in_order(rows, tiles, once_doubles)
        paper = hp << dbl
        met = dbl >= rules.minimum_doubles
        return new(S.Score, (hp, dbl, paper, paper if met else 0, met, tuple(points), tuple(doubles), rules, also))

    real_score = S.score
    variants = {"every trick": (real_run, True, real_score),
                "no memo of the once rows": (run_without_memo, True, real_score),
                "no cache of the flower facts": (real_run, False, real_score),
                "no runner: every row run plainly": (run_plainly, True, real_score),
                "the each rows' line items made anew (not shared)": (real_run, True, score_items_anew)}
    for h in hands:
        assert score_items_anew(h) == real_score(h)
    times: dict[str, list[float]] = {name: [] for name in variants}
    kept = F._FLOWER_FACTS_KEPT
    try:
        for _ in range(rounds):
            for name, (run, flowers, score) in variants.items():
                S._run = run
                F._FLOWER_FACTS.clear()
                F._FLOWER_FACTS_KEPT = kept if flowers else 0
                start = time.process_time()
                scores = [score(h) for h in hands]  # kept, as section 1 keeps them
                times[name].append(time.process_time() - start)
                del scores
    finally:
        S._run, F._FLOWER_FACTS_KEPT = real_run, kept
    base = statistics.median(times["every trick"])
    return {"hands": n, "rounds": rounds,
            "us": {name: 1e6 * statistics.median(ts) / n for name, ts in times.items()},
            "slower": {name: statistics.median(ts) / base for name, ts in times.items()}}
