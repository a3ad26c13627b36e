"""The American payments app: choose a card value, how the hand was won, jokerless or not, and
the card's section, and see what each player pays and what the winner collects. A menu walks
through the four worked examples of docs/rules.md for a hand worth 25.

Every figure comes from :func:`mjscore.american.home_payments`. The card value may be any whole
number from 1 to 100,000, the range the command line and a night's ledger take; anything else is
refused with the command line's own message. Choosing a worked example puts your own hand aside:
"Your own hand" brings it back.

CSS classes of the parts (for browser tests):

========================== =================================================
``mjs-american``           the whole app (``.widget``)
``mjs-american-example``   Dropdown: "Your own hand" or one of the four worked examples
``mjs-american-value``     Text: the card value (typed: 1 to 100,000)
``mjs-american-how``       Dropdown: discard, self-drawn, wall, joker exchange, Heavenly Hand
``mjs-american-jokerless`` Checkbox: no jokers, declared
``mjs-american-category``  Dropdown: the card's section
``mjs-american-rules``     ToggleButtons: the League's rule as played at home, or its card's
``mjs-american-result``    HTML: each payment, what the winner collects, the reasons
========================== =================================================

>>> app = AmericanPaymentsApp()
>>> app.example.value = 4
>>> app.payout.payments, app.payout.winner_collects
((100, 100, 100), 300)
>>> "collects 300" in app.result.value
True
>>> app.value.value = "100001"
>>> app.error
"the hand's value must be from 1 to 100,000, not 100,001"
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...american.home import CATEGORIES, HOME, HOWS, LEAGUE_CARD, AmericanError, check_category, check_how, home_payments
from ...files.inputs import InputError, whole_number
from ...night.entry import MAX_VALUE
from .._app import App, classed
from .._controls import number_box, typed_number
from .._style import count, styled
from ..tiles import ViewError
from ..results import payout_html

#: How a hand can end, as the menu says it.
HOW_LABELS = {
    "discard": "on a discard",
    "self-drawn": "on a tile the winner drew",
    "wall": "the wall ran out",
    "joker-exchange": "by a joker exchange",
    "heavenly-hand": "a Heavenly Hand",
}

#: What the two rarer ways of winning are (the menu's tooltip; the result says it again when one is chosen).
HOW_NOTE = ("By a joker exchange: the winner takes a joker from an exposure on the table, putting the real tile in "
            "its place, and that completes her hand. A Heavenly Hand: East, the dealer, is dealt a winning hand. "
            "Both pay as self-drawn.")

#: The four worked examples for a 25 hand: (menu label, value, how, jokerless).
EXAMPLES = (
    ("1. 25, on a discard, with a joker", 25, "discard", False),
    ("2. 25, on a tile the winner drew, with a joker", 25, "self-drawn", False),
    ("3. 25, on a discard, no jokers", 25, "discard", True),
    ("4. 25, on a tile the winner drew, no jokers", 25, "self-drawn", True),
)

RULES = {"home": HOME, "league": LEAGUE_CARD}

#: The result's style, by class (``RULES`` above are the payment rules): the payout inside it has its own.
STYLE_RULES = {
    ".mjs-american-out": "font:15px Verdana,Arial,sans-serif",
    ".mjs-american-head": "margin:4px 0",
}

#: What to say when the card value's box is empty (the tournament app of lesson 6 says the same).
ASK_VALUE = "Type the card value: a whole number from 1 to 100,000."


def card_value(value: object) -> int:
    """The card value, checked as the command line checks it (``mjscore american --value``).

    A whole number from 1 to 100,000; anything else is refused with the command line's message.

    >>> card_value(100_000)
    100000
    >>> card_value(0)
    Traceback (most recent call last):
    ...
    mjscore.files.inputs.OutOfRange: the hand's value must be from 1 to 100,000, not 0
    """
    return whole_number(value, "the hand's value", 1, MAX_VALUE, required=True)


class AmericanPaymentsApp(App):
    """Who pays what for an American hand (see the module notes for the parts)."""

    title = "the payments app"

    def __init__(self, value: int = 25, how: str = "discard", *, jokerless: bool = False,
                 category: str = "other", rules: str = "home") -> None:
        card_value(value), check_how(how), check_category(category)
        if not isinstance(jokerless, bool):
            raise AmericanError(f"jokerless must be true or false, not {jokerless!r}")
        if rules not in RULES:
            raise ViewError(f"rules must be 'home' (Quints exempt too) or 'league' (as the League's card prints it), "
                            f"not {rules!r}")
        self.example = classed(widgets.Dropdown(
            options=[("Your own hand", 0)] + [(label, i) for i, (label, *_) in enumerate(EXAMPLES, 1)],
            value=0, description="Example", style={"description_width": "7em"},
            layout=widgets.Layout(width="32em")), "mjs-american-example")
        # Typed, and read as the command line reads it ("1e9" or "abc" refused with its message;
        # a number box would have turned "1e9" into another number without a word).
        self.value = number_box("Card value", "mjs-american-value", value=value, placeholder="1 to 100,000",
                                style={"description_width": "7em"}, width="16em")
        self.how = classed(widgets.Dropdown(options=[(HOW_LABELS[h], h) for h in HOWS], value=how,
                                            description="Won", style={"description_width": "7em"},
                                            tooltip=HOW_NOTE,
                                            layout=widgets.Layout(width="24em")), "mjs-american-how")
        self.jokerless = classed(widgets.Checkbox(value=jokerless, description="No jokers (declared \"jokerless\")",
                                                  indent=False), "mjs-american-jokerless")
        self.category = classed(widgets.Dropdown(options=[(name, key) for key, name in CATEGORIES.items()],
                                                 value=category, description="Card section",
                                                 style={"description_width": "7em"},
                                                 layout=widgets.Layout(width="24em")), "mjs-american-category")
        self.rules = classed(widgets.ToggleButtons(
            options=[("At home: Singles and Pairs, Quints exempt", "home"),
                     ("League card: Singles and Pairs exempt", "league")],
            value=rules, description="Jokerless rule", style={"description_width": "7em", "button_width": "24em"}),
            "mjs-american-rules")
        self.result = classed(widgets.HTML(), "mjs-american-result")
        self.payout = None
        self._own = None  # your own hand, put aside while a worked example is shown
        self.widget = classed(widgets.VBox([
            self.example,
            widgets.HBox([self.value, self.how]),
            widgets.HBox([self.category, self.jokerless]),
            self.rules,
            self.result,
        ]), "mjs-american")
        self.watch(self.example, on_change=self._on_example)
        self.watch(self.value, self.how, self.jokerless, self.category, self.rules, on_change=self._on_change)
        self.refresh()

    # ---------------------------------------------------------------- reactions

    def _controls(self) -> tuple:
        return self.value.value, self.how.value, self.jokerless.value, self.category.value

    def _on_example(self, change) -> None:
        if change["old"] == 0:
            self._own = self._controls()
        if change["new"]:
            _, value, how, jokerless = EXAMPLES[change["new"] - 1]
            shown = (str(value), how, jokerless, "other")
        elif self._own is not None:
            shown, self._own = self._own, None
        else:
            return
        with self._quietly():
            self.value.value, self.how.value, self.jokerless.value, self.category.value = shown
        self.refresh()

    def _on_change(self, _change) -> None:
        chosen = self.example.value
        if chosen:
            _, value, how, jokerless = EXAMPLES[chosen - 1]
            if (self.value.value.strip(), self.how.value, self.jokerless.value, self.category.value) != \
                    (str(value), how, jokerless, "other"):
                with self._quietly():
                    self.example.value = 0
                self._own = None  # a hand of your own now: the one put aside is not brought back over it
        self.refresh()

    # ---------------------------------------------------------------- the answer

    def refresh(self) -> None:
        """Ask the engine again and redraw the result."""
        try:
            value = typed_number(self.value, "the hand's value", 1, MAX_VALUE, ask=ASK_VALUE)
            p = home_payments(value, self.how.value, jokerless=self.jokerless.value,
                              category=self.category.value, rules=RULES[self.rules.value])
        except (AmericanError, InputError) as e:
            self.payout = None
            self.show_error(self.result, e)
            return
        self.payout = p
        self.clear_error()
        if p.how == "wall":  # nobody won: no hand's worth, no jokers to speak of
            head = "The wall ran out: no hand won"
            body = (f'<p class="mjs-nobody-pays">{escape(" ".join(p.reasons[1:]))}</p>')
        else:
            head = f"A hand worth {count(p.value)}, {HOW_LABELS[p.how]}"
            head += ", no jokers" if p.jokerless else ", with a joker"
            body = payout_html(p)
        self.result.value = styled(f'<div class="mjs-american-out"><p class="mjs-american-head">'
                                   f'<b>{escape(head)}</b></p>{body}</div>', STYLE_RULES)


__all__ = ["ASK_VALUE", "AmericanPaymentsApp", "EXAMPLES", "HOW_LABELS", "card_value"]
