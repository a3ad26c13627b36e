"""The scorekeeper as the page shows it: what is lit is what will be saved.

:class:`Page` stands for the browser: it keeps each widget's state as the page has it, from the
messages the kernel sends, and taps and types as a person does (the page changes first, then
tells the kernel). It sends what a browser kernel sends (JupyterLite, the Voici app pages): a
trait set to None arrives as nothing at all, so a control "cleared" to None would stay lit on
the page.
"""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from mjscore.views.night.hand_form import VALUES
from mjscore.views.night.scorekeeper_app import ScorekeeperApp


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


class Page:
    """Each widget's state as the page holds it (what the browser kernel's messages carried)."""

    def __init__(self, monkeypatch) -> None:
        self.state: dict = {}
        original = widgets.Widget._send

        def send(widget, msg, buffers=None):
            if msg.get("method") == "update":
                self.of(widget).update({k: v for k, v in msg["state"].items() if v is not None})
            return original(widget, msg, buffers)
        monkeypatch.setattr(widgets.Widget, "_send", send)

    def of(self, widget) -> dict:
        if widget.model_id not in self.state:  # as the page opened it (None: the page's own default)
            self.state[widget.model_id] = {k: v for k, v in widget.get_state().items() if v is not None}
        return self.state[widget.model_id]

    def open(self, app) -> None:
        for w in _all(app.widget):
            self.of(w)

    def lit(self, toggles) -> str | None:
        """The option of ``toggles`` lit on the page, None when none is."""
        state = self.of(toggles)
        index, labels = state.get("index"), state.get("_options_labels", ())
        return labels[index] if index is not None and 0 <= index < len(labels) else None

    def tap(self, toggles, label: str) -> None:
        """Tap a toggle button: the page lights it and, if it was not lit, tells the kernel."""
        index = list(self.of(toggles)["_options_labels"]).index(label)
        if self.of(toggles).get("index") == index:
            return  # already lit on the page: no change to send
        self.of(toggles)["index"] = index
        toggles.set_state({"index": index})

    def type(self, box, value) -> None:
        self.of(box)["value"] = value
        box.set_state({"value": value})

    def tick(self, box, value: bool = True) -> None:
        self.type(box, value)


@pytest.fixture
def page(monkeypatch):
    return Page(monkeypatch)


def _american(page) -> ScorekeeperApp:
    app = ScorekeeperApp(journal="shown.csv", players=["Ann", "Bea", "Cat", "Dee"])
    page.open(app)
    return app


def test_after_add_the_last_hands_winner_and_thrower_are_not_lit(page):
    app = _american(page)
    page.tap(app.winner, "Bea")
    page.tap(app.thrower, "Dee")
    page.tick(app.jokerless)
    page.tap(app.quick, "30")
    app.add.click()
    assert len(app.ledger) == 1 and app.ledger.lines[0].entry.jokerless
    # a new hand starts clean: nothing lit that the app does not use, the tick gone
    assert app.winner.value is app.thrower.value is None
    assert page.lit(app.winner) is None and page.lit(app.thrower) is None
    assert page.of(app.jokerless)["value"] is False and app.jokerless.value is False
    assert "Choose the winner" in app.payments.value
    # the value stays a real choice: 25 lit, 25 in the box, 25 used
    assert page.lit(app.quick) == "25" and page.of(app.value)["value"] == app.value.value == "25"
    # a tap on the last winner chooses her again
    page.tap(app.winner, "Bea")
    assert app.winner.value == "Bea" and page.lit(app.winner) == "Bea"
    assert page.lit(app.thrower) is None  # never the winner lit as thrower
    page.tap(app.thrower, "Cat")
    page.tick(app.jokerless)
    page.tap(app.quick, "30")
    app.add.click()
    entry = app.ledger.lines[1].entry
    assert (entry.winner, entry.thrower, entry.value, entry.jokerless) == ("Bea", "Cat", 30, True)


def test_a_thrower_who_becomes_the_winner_is_not_lit_as_thrower(page):
    app = _american(page)
    page.tap(app.winner, "Bea")
    page.tap(app.thrower, "Cat")
    page.tap(app.winner, "Cat")
    assert app.thrower.value is None and page.lit(app.thrower) is None
    assert page.lit(app.winner) == "Cat"


def test_the_quick_value_lit_follows_the_typed_value(page):
    app = _american(page)
    page.tap(app.winner, "Ann")
    page.type(app.value, "200000")
    assert page.lit(app.quick) is None and app.quick.value is None
    page.tap(app.quick, "25")
    assert app.value.value == "25" and page.of(app.value)["value"] == "25" and page.lit(app.quick) == "25"
    page.type(app.value, "40")
    assert page.lit(app.quick) == "40"
    page.type(app.value, "42")
    assert page.lit(app.quick) is None
    for v in VALUES[:3]:
        page.tap(app.quick, str(v))
        assert app.value.value == str(v) == page.of(app.value)["value"]


def test_five_players_the_pick_is_not_lit_after_add(page):
    app = ScorekeeperApp(journal="shown-five.csv", players=["Ann", "Bea", "Cat", "Dee", "Eve"])
    page.open(app)
    page.tap(app.pick, "Bea")
    page.tap(app.winner, "Bea")
    page.tap(app.thrower, "Cat")
    app.add.click()
    assert len(app.ledger) == 1
    assert app.pick.value is None and page.lit(app.pick) is None


# -- other tabs ----------------------------------------------------------------------------

def test_a_new_night_says_nothing_of_other_tabs_but_another_ledgers_hand_is_noticed():
    from mjscore.night import load_journal

    app = ScorekeeperApp(journal="alone.csv")
    app.players.value = "Ann, Bea, Cat, Dee"
    app.start.click()
    # the look at the file finds it other than written (a browser's storage reports a file just
    # made so): it is read again, the same hands in it
    app.ledger._journal.ino = -1
    app.winner.value = "Ann"
    assert "another tab" not in app.status.value and "The night has started" in app.status.value
    assert len(app.ledger) == 0
    # a hand really written by another Ledger on the same file
    other = load_journal(app.path).ledger
    other.add(winner="Cat", how="self-drawn", value=30)
    app.thrower.value = "Bea"
    assert "changed in another tab or at the terminal: 1 hand came in" in app.status.value
    assert len(app.ledger) == 1


def test_another_night_offers_a_fresh_file_name():
    from datetime import date

    today = f"night-{date.today().isoformat()}"
    app = ScorekeeperApp(players=["Ann", "Bea", "Cat", "Dee"])
    assert app.path.name == f"{today}.csv"
    app.another.click()
    app.closer.yes.click()
    assert app.ledger is None and app.name.value == f"{today}-2.csv"
    app.players.value = "Ann, Bea, Cat, Dee"
    app.start.click()
    assert app.path.name == f"{today}-2.csv" and "already holds" not in app.status.value
    app.another.click()
    app.closer.yes.click()
    assert app.name.value == f"{today}-3.csv"


def test_a_willingdon_hand_scoring_0_says_nobody_pays():
    import html
    import re

    app = ScorekeeperApp(journal="zero.csv", players=["Ann", "Bea", "Cat", "Dee"], game="willingdon")
    app.winner.value = "Bea"
    app.how.value = "self-drawn"
    app.score.value = "0"
    app.add.click()
    said = html.unescape(re.sub(r"<[^>]+>", " ", app.status.value))
    assert "Bea (South) wins with a score of 0: nobody pays." in said
    assert "pays the winner" not in said
