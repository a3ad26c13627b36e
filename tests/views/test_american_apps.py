"""The American payments app and the tournament-vs-home app hold exactly the card values the
command line takes (1 to 100,000) and refuse the rest with its message; they show every number
the one way (thousands separators, a true minus sign); a worked example does not wipe a hand of
your own; any players can be marked dead, and any number of exposures chosen, by a click each."""

from __future__ import annotations

import re

import pytest

from mjscore.cli import main
from mjscore.views.american.american_app import AmericanPaymentsApp, card_value
from mjscore.views.american.tournament_app import TournamentVsHomeApp


def cli_refusal(capsys, *args) -> str:
    """The message ``mjscore`` prints for a refused value (after "argument --value: ")."""
    assert main(list(args)) == 2
    err = capsys.readouterr().err.strip()
    return err.split("argument --value: ", 1)[1]


def _text(html: str) -> str:
    return re.sub(r"<style>.*?</style>|<[^>]+>", " ", html)


def bare_numbers(html: str) -> list[str]:
    """Numbers of four or more digits written without separators, and ASCII minus signs before a digit."""
    text = _text(html)
    return re.findall(r"(?<![\d,.])\d{4,}", text) + re.findall(r"(?<![\w-])-\d", text)


@pytest.mark.parametrize("value", [0, -5, 100_001, 10**12])
def test_the_american_app_refuses_what_the_command_line_refuses_with_its_message(capsys, value):
    message = cli_refusal(capsys, "american", "--value", str(value), "--how", "discard")
    app = AmericanPaymentsApp()
    app.value.value = str(value)
    assert app.payout is None and app.error == message
    assert "mjs-error" in app.result.value
    tournament = TournamentVsHomeApp()
    tournament.value.value = str(value)
    assert tournament.error == message
    assert cli_refusal(capsys, "tournament", "--value", str(value), "--how", "discard") == message


@pytest.mark.parametrize("value", [1, 80, 100, 1234, 100_000])
def test_every_value_the_command_line_takes_is_paid(value):
    app = AmericanPaymentsApp()
    app.value.value = str(value)
    assert app.error is None and app.payout.value == value
    assert card_value(value) == value
    tournament = TournamentVsHomeApp()
    tournament.value.value = str(value)
    assert tournament.error is None and tournament.game.value == value


def test_the_biggest_hand_is_written_the_one_way():
    app = AmericanPaymentsApp(100_000, "self-drawn", jokerless=True)
    assert app.payout.winner_collects == 1_200_000
    assert "collects 1,200,000" in app.result.value and "the winner collects 1,200,000." in app.result.value
    assert "A hand worth 100,000" in app.result.value
    assert not bare_numbers(app.result.value), bare_numbers(app.result.value)
    tournament = TournamentVsHomeApp()
    tournament.set(value=100_000, how="discard", winner="Ann", thrower="Cat", exposures=3)
    html = tournament.result.value
    assert "a 100,000 hand" in html and "+400,000" in html and "−200,000" in html
    assert "200,000 at home (100,000 more than each other loser)" in html
    assert not bare_numbers(html), bare_numbers(html)


def test_a_worked_example_puts_your_own_hand_aside_and_gives_it_back():
    app = AmericanPaymentsApp()
    app.set(value="80", how="self-drawn", jokerless=True, category="quints")
    app.example.value = 3
    assert (app.value.value, app.how.value, app.jokerless.value) == ("25", "discard", True)
    app.example.value = 1
    app.example.value = 0  # "Your own hand"
    assert (app.value.value, app.how.value, app.jokerless.value, app.category.value) == \
           ("80", "self-drawn", True, "quints")
    assert app.payout.value == 80
    # a change of your own made from an example is kept as it is, not replaced
    app.example.value = 2
    app.value.value = "45"
    assert app.example.value == 0 and app.value.value == "45" and app.how.value == "self-drawn"


@pytest.mark.parametrize("typed, message", [("1e9", "not '1e9'"), ("1,000,000,000", "not 1,000,000,000"),
                                             ("abc", "not 'abc'"), ("", "Type the card value"),
                                             ("  ", "Type the card value")])
def test_the_american_apps_value_box_refuses_what_is_not_a_card_value(typed, message):
    """A number box once turned "1e9" into 19, silently, and an empty box into "not 0"."""
    app = AmericanPaymentsApp()
    app.value.value = typed
    assert app.payout is None and message in app.error


def test_the_tournament_app_any_dead_hands_and_exposures_by_a_click_each():
    app = TournamentVsHomeApp()
    assert [b.description for b in app.dead.buttons] == ["Ann", "Bea", "Cat", "Dee"]
    app.how.value = "wall"
    app.dead.buttons[1].value = True
    app.dead.buttons[3].value = True  # two dead hands: two clicks
    assert app.dead.value == ("Bea", "Dee") and app.game.dead == {"Bea", "Dee"}
    assert "(dead: Bea, Dee)" in app.result.value
    app.dead.buttons[1].value = False
    assert app.dead.value == ("Dee",)
    app.how.value = "discard"
    assert app.exposures.options == (("0", 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4))
    for n in range(5):
        app.exposures.value = n
        assert app.game.exposures == n and app.error is None


def test_a_wall_game_in_the_payments_app_speaks_of_no_hand_worth_anything():
    """With 'the wall ran out' chosen (and jokerless still ticked), the result once read 'A hand
    worth 40, the wall ran out': nobody won, so no hand's worth is said."""
    from mjscore.views.american.american_app import AmericanPaymentsApp

    app = AmericanPaymentsApp()
    app.value.value, app.jokerless.value, app.how.value = "40", True, "wall"
    assert "The wall ran out: no hand won" in app.result.value
    assert "worth 40" not in app.result.value and "no jokers" not in app.result.value
