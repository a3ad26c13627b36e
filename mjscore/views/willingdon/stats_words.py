"""What the counts of :mod:`mjscore.willingdon.stats` say, in sentences written from the counts.

Lesson 9 reads its tables and charts aloud: "of hands that just fall, about three in ten are paid
at all". Every figure in these sentences, and every word that says how many ("most", "about one
in eight", "falls fastest", "twice as many"), is worked out here from the counts, with
:func:`mjscore.numbers.share`, :func:`~mjscore.numbers.how_many` and :func:`~mjscore.numbers.times`,
so a sentence cannot say one thing while the table beside it says another. Each function returns
HTML paragraphs (or a list) for a notebook's output; ``chance`` is the count of random hands,
``dealt`` the trainer's.

>>> from mjscore.willingdon.stats import dealt_stats, random_stats
>>> chance, dealt = random_stats(500, seed=2), dealt_stats(500, seed=2)
>>> "are paid at all" in paid_words(chance, dealt)
True
"""

from __future__ import annotations

from html import escape

from ...hands import Hand
from ...numbers import count, how_many, said, share, times
from ...willingdon import WILLINGDON, RuleSet, score
from ...willingdon.stats import HandStats
from ..tiles import ViewError

__all__ = ["doubles_words", "hands_words", "lines_words", "minimum_words", "paid_words", "score_words", "table_words"]

#: The lines that give the doubles of flowers and seasons, one by one.
FLOWER_LINES = ("Each of your own flower/season", "Each flower/season of the round")
#: The lines a player can aim at in any hand (the flower lines, dragon, wind and concealed pungs).
EVERYDAY_LINES = FLOWER_LINES + ("A pung/kong of dragons", "A pung/kong of your own wind",
                                 "A pung/kong of the wind of the round", "3 concealed pungs", "4 concealed pungs")


def _checked(*stats: HandStats) -> None:
    for s in stats:
        if not isinstance(s, HandStats) or not s.count:
            raise ViewError("give counts of at least one hand (HandStats from mjscore.willingdon.stats)")


def _paragraphs(*sentences: str) -> str:
    return '<div class="mjs-reading">' + "".join(f"<p>{s}</p>" for s in sentences) + "</div>"


def _doubles(n: int) -> str:
    return f"{said(n)} double{'s' * (n != 1)}"


def _doubles_of(s: HandStats, d: int) -> int:
    """How many hands have exactly ``d`` doubles."""
    return s.doubles_counts().get(d, 0)


def _compared(dealt_paid: int, chance_paid: int) -> str:
    """What the trainer's hands are beside random ones, from how many of each are paid."""
    if dealt_paid >= 2 * chance_paid:
        return "another world"
    return "richer" if dealt_paid > chance_paid else "no richer"


def paid_words(chance: HandStats, dealt: HandStats) -> str:
    """How many hands pay at all, and what the typical hand holds: the summary table in words.

    >>> from mjscore.willingdon.stats import dealt_stats, random_stats
    >>> print(paid_words(random_stats(5_000, seed=9), dealt_stats(5_000, seed=9)))  # doctest: +NORMALIZE_WHITESPACE
    <div class="mjs-reading"><p>Read the row <i>paid</i>: of hands that just fall, <b>about three in ten are
    paid at all</b> (1,507 of 5,000). The typical hand (the median) has 50 points on the rack and two doubles,
    one short of the minimum.</p><p>The trainer's hands are another world: about eight in ten pay (4,130 of
    5,000), and the typical one has five doubles.</p></div>
    """
    _checked(chance, dealt)
    points, doubles = chance.quantile(0.5, "hand_points"), chance.quantile(0.5, "doubles")
    short = chance.minimum - doubles
    typical = (f"The typical hand (the median) has {count(points)} points on the rack and {_doubles(doubles)}"
               + (f", {said(short)} short of the minimum." if short > 0 else ", enough to be paid."))
    return _paragraphs(
        f"Read the row <i>paid</i>: of hands that just fall, <b>{share(chance.paid, chance.count)} "
        f"{'is' if chance.paid == 1 else 'are'} paid at all</b> ({count(chance.paid)} of {count(chance.count)}). "
        + typical,
        f"The trainer's hands are {_compared(dealt.paid, chance.paid)}: "
        f"{share(dealt.paid, dealt.count)} pay ({count(dealt.paid)} of {count(dealt.count)}), and the typical "
        f"one has {_doubles(dealt.quantile(0.5, 'doubles'))}.")


def doubles_words(chance: HandStats) -> str:
    """The doubles chart in words: where the random hands pile up, and how fast the bars fall.

    How many end under the minimum, and how many of the hands each double past it keeps.

    >>> from mjscore.willingdon.stats import random_stats
    >>> print(doubles_words(random_stats(5_000, seed=9)))  # doctest: +NORMALIZE_WHITESPACE
    <div class="mjs-reading"><p>The random hands pile up at 1 and 2 doubles: the shaded band is where <b>about
    seven in ten</b> end (3,493 of 5,000), and it pays nothing. A double or two comes easily (a flower of your
    own seat, a dragon pung); the third is the hard one.</p><p>Past three, each extra double keeps nearly half
    of the hands that had one fewer: five doubles <i>or more</i> come in about 1 in 19 hands, and exactly five
    doubles in about 1 in 34.</p></div>
    """
    _checked(chance)
    counts, m = chance.doubles_counts(), chance.minimum
    peak = " and ".join(str(d) for d in sorted(sorted(counts, key=lambda d: -counts[d])[:2]))
    unpaid = chance.count - chance.paid
    first = (f"The random hands pile up at {peak} doubles: the shaded band is where "
             f"<b>{share(unpaid, chance.count)}</b> end ({count(unpaid)} of {count(chance.count)}), and it pays nothing.")
    if max(counts, key=counts.get) == m - 1:
        first += (" A double or two comes easily (a flower of your own seat, a dragon pung); the "
                  f"{'third' if m == 3 else 'last'} is the hard one.")
    sentences = [first]
    more = m + 2
    if chance.paid and _doubles_of(chance, more):
        step = (chance.paid_at(more) / chance.paid) ** (1 / (more - m))  # kept by each double, on average
        sentences.append(
            f"Past {said(m)}, each extra double keeps {how_many(round(1000 * step), 1000)} of the hands that had one "
            f"fewer: {_doubles(more)} <i>or more</i> come in {share(chance.paid_at(more), chance.count)} hands, "
            f"and exactly {_doubles(more)} in {share(_doubles_of(chance, more), chance.count)}.")
    return _paragraphs(*sentences)


def score_words(chance: HandStats, dealt: HandStats) -> str:
    """What a paying hand is worth, and how long the tail is: the score chart in words.

    >>> from mjscore.willingdon.stats import dealt_stats, random_stats
    >>> print(score_words(random_stats(5_000, seed=9), dealt_stats(5_000, seed=9)))  # doctest: +NORMALIZE_WHITESPACE
    <div class="mjs-reading"><p>Half the random hands that pay are worth from 400 to 928: three doubles on 50
    points is 400. The tail is long because doubles compound: the best random hand here (73,728) is worth about
    136 times the median paid hand (544).</p><p>The dealt hands go much further, because the trainer deals the
    hands the rule book prizes: one paid hand in 100 scores over 7,602,176, and the best
    2,617,245,696.</p></div>
    """
    _checked(chance, dealt)
    if not chance.paid or not dealt.paid:
        raise ViewError("no hand was paid: there is no paid score to speak of")
    low, median, high = (chance.quantile(q, paid_only=True) for q in (0.25, 0.5, 0.75))
    best = max(chance.score_counts())
    points, m = chance.quantile(0.5, "hand_points"), chance.minimum
    return _paragraphs(
        f"Half the random hands that pay are worth from {count(low)} to {count(high)}: {_doubles(m)} on "
        f"{count(points)} points is {count(points << m)}. The tail is long because doubles compound: the best "
        f"random hand here ({count(best)}) is worth {times(best, median)} the median paid hand ({count(median)}).",
        f"The dealt hands go much further, because the trainer deals the hands the rule book prizes: one paid "
        f"hand in 100 scores over {count(dealt.quantile(0.99, paid_only=True))}, and the best "
        f"{count(max(dealt.score_counts()))}.")


def minimum_words(chance: HandStats, dealt: HandStats, *, minimums: range = range(7)) -> str:
    """What the minimum does, in words: where the curve falls fastest, and what each minimum pays.

    >>> from mjscore.willingdon.stats import dealt_stats, random_stats
    >>> print(minimum_words(random_stats(5_000, seed=9), dealt_stats(5_000, seed=9)))  # doctest: +NORMALIZE_WHITESPACE
    <div class="mjs-reading"><p>Willingdon's three sits where the random-hand curve falls fastest. At two, about
    three in five would be paid; at three, about three in ten; at four, about one in eight.</p><p>So the rule is
    not a small one: it decides that <i>most</i> ordinary hands are worth nothing (3,493 of 5,000), and that the
    game is about doubles, not points. On the trainer's hands the minimum matters less, since they are dealt to
    be rich: it leaves about one in six of them unpaid (870 of 5,000).</p></div>
    """
    _checked(chance, dealt)
    m = chance.minimum
    drops = {k: chance.paid_at(k - 1) - chance.paid_at(k) for k in minimums if k > 0}
    fastest = max(drops, key=drops.get)
    where = (f"Willingdon's {said(m)} sits where the random-hand curve falls fastest." if fastest == m else
             f"The random-hand curve falls fastest at {said(fastest)} doubles; Willingdon's minimum is {said(m)}.")
    around = [k for k in (m - 1, m, m + 1) if k in minimums and k >= 0]
    where += " " + "; ".join(f"{'At' if i == 0 else 'at'} {said(k)}, {share(chance.paid_at(k), chance.count)}"
                             f"{' would be paid' if i == 0 else ''}" for i, k in enumerate(around)) + "."
    unpaid, dealt_unpaid = chance.count - chance.paid, dealt.count - dealt.paid
    return _paragraphs(
        where,
        f"So the rule is not a small one: it decides that <i>{how_many(unpaid, chance.count)}</i> ordinary hands are "
        f"worth nothing ({count(unpaid)} of {count(chance.count)}), and that the game is about doubles, not points. "
        f"On the trainer's hands the minimum matters less, since they are dealt to be rich: it leaves "
        f"{share(dealt_unpaid, dealt.count)} of them unpaid ({count(dealt_unpaid)} of {count(dealt.count)}).")


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def hands_words(hands, rules: RuleSet = WILLINGDON) -> str:
    """A few hands set side by side, in words.

    The one with the most points that pays nothing, against the paid one with the most doubles.

    >>> from mjscore.willingdon.stats import random_hands
    >>> print(hands_words(random_hands(5, seed=9)))  # doctest: +NORMALIZE_WHITESPACE
    <div class="mjs-reading"><p>The first hand has 84 points on the rack, and pays nothing: only two doubles (A
    Clean Hand 0, A pung/kong of dragons 2). The fourth has just 56 points, but nine doubles, and scores
    28,672.</p></div>
    """
    hands = list(hands)
    if not hands or len(hands) > len(_ORDINALS) or not all(isinstance(h, Hand) for h in hands):
        raise ViewError(f"give from 1 to {len(_ORDINALS)} hands")
    scored = [score(h, rules) for h in hands]
    unpaid = [i for i, s in enumerate(scored) if not s.minimum_met]
    paid = [i for i, s in enumerate(scored) if s.minimum_met]
    sentences = []
    if unpaid:
        i = max(unpaid, key=lambda i: scored[i].hand_points)
        s = scored[i]
        lines = ", ".join(f"{escape(d.label)} {d.total}" for d in s.doubles_detail)
        sentences.append(f"The {_ORDINALS[i]} hand has {count(s.hand_points)} points on the rack, and pays nothing: "
                         f"only {_doubles(s.doubles)}" + (f" ({lines})." if lines else "."))
    if paid:
        j = max(paid, key=lambda j: (scored[j].doubles, scored[j].score))
        s = scored[j]
        just = "just " if unpaid and s.hand_points < scored[i].hand_points else ""
        sentences.append(f"The {_ORDINALS[j]} has {just}{count(s.hand_points)} points, but {_doubles(s.doubles)}, "
                         f"and scores {count(s.score)}.")
    return _paragraphs(" ".join(sentences))


def _line_total(s: HandStats, names) -> int:
    return sum(s.line(n).total for n in names)


def lines_words(chance: HandStats) -> str:
    """Where the doubles of random hands come from: the lines table in words.

    >>> from mjscore.willingdon.stats import random_stats
    >>> print(lines_words(random_stats(5_000, seed=9)))  # doctest: +NORMALIZE_WHITESPACE
    <div class="mjs-reading"><p>When the tiles just fall, <b>about half</b> of the doubles come from <b>flowers
    and seasons</b> (5,046 of 9,894): each one is your seat's one time in four and the round's one time in four,
    and there are eight of them. Then come “A pung/kong of dragons”, “3 concealed pungs” and “A pung/kong of the
    wind of the round”.</p><p>The hand kinds (Pure, Royal Honour, Heads &amp; Tails) are worth three doubles
    each but hardly any happen by chance: of these 5,000 hands, 4 were one.</p></div>
    """
    _checked(chance)
    lines = sorted((ln for ln in chance.lines if ln.kind == "doubles" and ln.total),
                   key=lambda ln: -ln.total)
    total = sum(ln.total for ln in lines)
    flowers = _line_total(chance, FLOWER_LINES)
    rest = [f"“{escape(ln.line)}”" for ln in lines if ln.line not in FLOWER_LINES][:3]
    kinds = sum(ln.hands for ln in chance.lines if ln.table == "Hand doubles" and ln.each == 3)
    return _paragraphs(
        f"When the tiles just fall, <b>{share(flowers, total)}</b> of the doubles come from <b>flowers and "
        f"seasons</b> ({count(flowers)} of {count(total)}): each one is your seat's one time in four and the "
        f"round's one time in four, and there are eight of them. Then come {', '.join(rest[:-1])} and {rest[-1]}.",
        f"The hand kinds (Pure, Royal Honour, Heads &amp; Tails) are worth three doubles each but "
        f"{how_many(kinds, chance.count)} happen by chance: of these {count(chance.count)} hands, "
        f"{count(kinds)} {'was one' if kinds == 1 else 'were one'}.")


def table_words(chance: HandStats) -> str:
    """What to take to the table, each point with its figure from the counts, as a list.

    >>> from mjscore.willingdon.stats import random_stats
    >>> print(table_words(random_stats(5_000, seed=9)))  # doctest: +NORMALIZE_WHITESPACE
    <ul class="mjs-reading"><li><b>Three doubles is the game.</b> Left to chance, about seven in ten hands pay
    nothing, however many points they carry. Before you chase points, ask where the third double will come
    from.</li><li><b>Doubles come from a few places</b>: your own flower or season and the round's, a dragon
    pung, a pung of your own wind or the round's, and keeping three or four sets concealed. Those lines bring
    <i>most</i> of the doubles in the hands that pay (all but about 1 in 12); learn to see them at
    once.</li><li><b>Every double past three doubles the score</b>, so a hand that pays is worth pushing for one
    more: five doubles or more come in about 1 in 19 hands, and are worth four times three doubles with the same
    points.</li><li><b>The hand kinds are rare by chance</b> but worth three doubles on their own, which is why
    a player who sees one coming builds towards it.</li><li><b>The minimum is a setting.</b> At a table that
    plays a minimum of two, about twice as many hands pay; agree it before you start.</li></ul>
    """
    _checked(chance)
    m = chance.minimum
    unpaid = chance.count - chance.paid
    paid_doubles = sum(ln.paid_total for ln in chance.lines if ln.kind == "doubles")
    everyday = sum(chance.line(n).paid_total for n in EVERYDAY_LINES)
    more = m + 2
    points = [
        f"<b>{said(m).capitalize()} doubles is the game.</b> Left to chance, {share(unpaid, chance.count)} hands pay "
        f"nothing, however many points they carry. Before you chase points, ask where the "
        f"{'third' if m == 3 else 'last'} double will come from.",
        f"<b>Doubles come from a few places</b>: your own flower or season and the round's, a dragon pung, a pung "
        f"of your own wind or the round's, and keeping three or four sets concealed. Those lines bring "
        f"<i>{how_many(everyday, paid_doubles)}</i> of the doubles in the hands that pay "
        f"({share(everyday, paid_doubles)}); learn to see them at once.",
        f"<b>Every double past {said(m)} doubles the score</b>, so a hand that pays is worth pushing for one more: "
        f"{_doubles(more)} or more come in {share(chance.paid_at(more), chance.count)} hands, and are worth "
        f"{said(2 ** (more - m))} times {_doubles(m)} with the same points.",
        "<b>The hand kinds are rare by chance</b> but worth three doubles on their own, which is why a player who "
        "sees one coming builds towards it.",
    ]
    if m >= 1 and chance.paid:
        points.append(f"<b>The minimum is a setting.</b> At a table that plays a minimum of {said(m - 1)}, "
                      f"{times(chance.paid_at(m - 1), chance.paid)} as many hands pay; agree it before you start.")
    return '<ul class="mjs-reading">' + "".join(f"<li>{p}</li>" for p in points) + "</ul>"
