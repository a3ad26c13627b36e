"""How a number is written for a reader, the one way everywhere (the lessons, the apps, the
command line's text): thousands separators, and a true minus sign for a payment or a loss.

Files keep plain ASCII figures (a journal's CSV, JSON): this is only for what a person reads.

>>> count(1234567), signed(-1500), signed(64), signed(0)
('1,234,567', '−1,500', '+64', '0')
"""

from __future__ import annotations

__all__ = ["MINUS", "count", "signed"]

#: The minus sign (U+2212), not the hyphen a keyboard types.
MINUS = "−"


def count(n: int | float) -> str:
    """A whole number with thousands separators (a float is rounded to a whole number)."""
    text = f"{n:,.0f}" if isinstance(n, float) else f"{n:,}"
    return text.replace("-", MINUS)


def signed(n: int) -> str:
    """A gain with a plus, a payment or loss with a true minus sign, thousands separated; 0 bare."""
    return f"+{n:,}" if n > 0 else (f"{MINUS}{-n:,}" if n < 0 else "0")
