"""How a number is written for a reader, the one way everywhere (the lessons, the apps, the
command line's text): thousands separators, and a true minus sign for a payment or a loss.

Files keep plain ASCII figures (a journal's CSV, JSON): this is only for what a person reads.

>>> count(1234567), signed(-1500), signed(64), signed(0)
('1,234,567', '−1,500', '+64', '0')
"""

from __future__ import annotations

__all__ = ["MINUS", "count", "how_many", "said", "share", "signed", "times"]

#: The minus sign (U+2212), not the hyphen a keyboard types.
MINUS = "−"


def count(n: int | float) -> str:
    """A whole number with thousands separators (a float is rounded to a whole number)."""
    text = f"{n:,.0f}" if isinstance(n, float) else f"{n:,}"
    return text.replace("-", MINUS)


def signed(n: int) -> str:
    """A gain with a plus, a payment or loss with a true minus sign, thousands separated; 0 bare."""
    return f"+{n:,}" if n > 0 else (f"{MINUS}{-n:,}" if n < 0 else "0")


#: Numbers up to ten are said in words in a share ("four in five"); larger ones in figures ("1 in 34").
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
#: The "k in n" a reader says without stopping to work it out, simplest first.
_SAID = (2, 3, 4, 5, 10)


def said(n: int) -> str:
    """A whole number as a sentence says it: in words up to ten, in figures above.

    >>> said(2), said(10), said(6494)
    ('two', 'ten', '6,494')
    """
    return _WORDS[n] if 0 <= n < len(_WORDS) else count(n)


def _checked(part: object, whole: object) -> tuple[int, int]:
    for name, n in (("part", part), ("whole", whole)):
        if not isinstance(n, int) or isinstance(n, bool):
            raise ValueError(f"a share is of whole numbers: the {name} is {n!r}")
    if whole < 1 or not 0 <= part <= whole:
        raise ValueError(f"a share is from 0 to all of at least one: {part!r} of {whole!r}")
    return part, whole


def _one_in(part: int, whole: int, *, but: bool = False) -> str:
    """"about 1 in 34", "one in eight", "all but about 1 in 33": ``part`` of ``whole`` as one in so many."""
    n = round(whole / part)
    words = f"{'one' if n <= 10 else '1'} in {said(n)}"
    if whole != n * part:
        words = f"about {words}"
    return f"all but {words}" if but else words


def share(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a reader says it: "about four in five", "half", "about 1 in 34".

    The words come from the figures, so a sentence that uses them cannot disagree with its
    number. Shares of a fifth or less are said as one in so many; over nine in ten, as all but
    one in so many; the rest as the nearest of halves, thirds, quarters, fifths and tenths
    ("about", unless it is exact), never across a half ("nearly half", "just over half").

    >>> share(393, 500), share(107, 500), share(250, 500), share(3, 4), share(29, 1_000)
    ('about four in five', 'about one in five', 'half', 'three in four', 'about 1 in 34')
    >>> share(301, 1_000), share(128, 1_000), share(97, 100), share(0, 5), share(5, 5), share(46, 100)
    ('about three in ten', 'about one in eight', 'all but about 1 in 33', 'none', 'all', 'nearly half')
    """
    part, whole = _checked(part, whole)
    if part in (0, whole):
        return "none" if part == 0 else "all"
    f = part / whole
    if f <= 0.2:
        return _one_in(part, whole)
    if f > 0.9 and round(whole / (whole - part)) > 10:
        return _one_in(whole - part, whole, but=True)
    tried = [(n, min(max(round(f * n), 1), n - 1)) for n in _SAID]
    n, k = next(((n, k) for n, k in tried if abs(k / n - f) <= 0.02), tried[-1])
    if (n, k) == (10, 5):  # near a half, not near enough to say it: on its own side
        return "nearly half" if f < 0.5 else "just over half"
    exact = part * n == k * whole
    words = "half" if (k, n) == (1, 2) else f"{said(k)} in {said(n)}"
    return words if exact else f"about {words}"


def times(larger: int, smaller: int) -> str:
    """How many times ``smaller`` goes into ``larger``, as a sentence says it.

    "twice", "about three times", "about 136 times".

    >>> times(3008, 1507), times(300, 100), times(4130, 1507), times(73_728, 544)
    ('about twice', 'three times', 'about three times', 'about 136 times')
    """
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (larger, smaller)) or not 0 < smaller <= larger:
        raise ValueError(f"times is of a whole number by a smaller one, at least 1: {larger!r} by {smaller!r}")
    n = round(larger / smaller)
    words = "twice" if n == 2 else ("once" if n == 1 else f"{said(n)} times")
    return words if larger == n * smaller else f"about {words}"


def how_many(part: int, whole: int) -> str:
    """A word for how much of the whole ``part`` is, chosen from the figures.

    "none", "hardly any", "a few", "some", "nearly half", "about half", "more than half", "most",
    "almost all" or "all".

    >>> [how_many(n, 100) for n in (0, 3, 10, 30, 45, 50, 70, 79, 97, 100)]
    ['none', 'hardly any', 'a few', 'some', 'nearly half', 'about half', 'most', 'most', 'almost all', 'all']
    """
    part, whole = _checked(part, whole)
    if part in (0, whole):
        return "none" if part == 0 else "all"
    f = part / whole
    for below, word in ((0.05, "hardly any"), (0.15, "a few"), (0.4, "some"), (0.47, "nearly half"),
                        (0.53, "about half"), (0.6, "more than half"), (0.95, "most")):
        if f < below:
            return word
    return "almost all"
