"""Every way of entering a hand asks the same questions, and the answers give the same ledger.

The three-exposed penalty depends on the sets the winner showed before the discard. Entered as
tiles, the tiles may leave it open (the discard may have completed an exposed pung); entered as a
typed score, nothing says it at all. Either way, in a night that plays the penalty, the hand is
asked before it is kept: in the ledger, at the command line (``mjscore record``) and in the
scorekeeper app, as tiles and as a typed score. Once answered, all six ways keep the same night.
"""

from __future__ import annotations

import pytest

from mjscore.cli import main
from mjscore.night import Ledger, LedgerError, journal_path, load_journal
from mjscore.night.willingdon import Willingdon
from mjscore.views.night.scorekeeper_app import ScorekeeperApp
from mjscore.willingdon.settle import TableRules

PLAYERS = ["Ann", "Bea", "Cat", "Dee"]
#: Bea wins on Dee's discard, three dragon pungs exposed: 3 sets shown, or 2 if the discard made the third.
TILES = "+RDx3 +GDx3 +WDx3 5Bx3 2Cx2"
SCORE = Ledger(PLAYERS, game="willingdon").check(winner="Bea", how="discard", thrower="Dee", tiles=TILES).value


def _ledger_way(by_tiles: bool, exposed: int | None) -> Ledger:
    night = Ledger(PLAYERS, game="willingdon", table_rules=TableRules(three_exposed_penalty=True))
    hand = dict(tiles=TILES) if by_tiles else dict(value=SCORE)
    night.add(winner="Bea", how="discard", thrower="Dee", exposed=exposed, **hand)
    return night


def _command_line_way(by_tiles: bool, exposed: int | None, name: str) -> Ledger:
    path = journal_path(name)
    args = ["record", str(path), "--players", ",".join(PLAYERS), "--game", "willingdon", "--three-exposed-penalty",
            "--winner", "Bea", "--how", "discard", "--thrower", "Dee"]
    args += ["--tiles", TILES] if by_tiles else ["--value", str(SCORE)]
    if exposed is not None:
        args += ["--exposed-before", str(exposed)]
    if main(args) != 0:
        raise LedgerError("refused at the command line")
    return load_journal(path).ledger


def _app_way(by_tiles: bool, exposed: int | None, name: str) -> Ledger:
    app = ScorekeeperApp(journal=name)
    app.players.value, app.game.value = ", ".join(PLAYERS), "willingdon"
    app.penalty.value = True
    app.start.click()
    app.winner.value, app.how.value, app.thrower.value = "Bea", "discard", "Dee"
    if by_tiles:
        app.tiles.value = TILES
    else:
        app.score.value = str(SCORE)
    if exposed is None:
        asked = app.payments.value
        app.add.click()
        if len(app.ledger) == 0:
            assert "How many sets did Bea show before the winning tile?" in asked
            assert "“Sets the winner showed”" in asked
            raise LedgerError(asked)
    app.exposed.value = exposed
    app.add.click()
    assert app.error is None, app.error
    return load_journal(journal_path(name)).ledger


WAYS = {"the ledger, tiles": lambda n, e: _ledger_way(True, e),
        "the ledger, a typed score": lambda n, e: _ledger_way(False, e),
        "the command line, tiles": lambda n, e: _command_line_way(True, e, n),
        "the command line, a typed score": lambda n, e: _command_line_way(False, e, n),
        "the app, tiles": lambda n, e: _app_way(True, e, n),
        "the app, a typed score": lambda n, e: _app_way(False, e, n)}


@pytest.mark.parametrize("way", list(WAYS))
def test_each_way_asks_for_the_sets_shown_and_keeps_nothing_until_answered(way, capsys):
    name = f"asked-{way.replace(' ', '-').replace(',', '')}.csv"
    with pytest.raises(LedgerError):
        WAYS[way](name, None)
    assert not journal_path(name).exists() or load_journal(journal_path(name)).ledger.lines == ()
    if "command line" in way:
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "three-exposed penalty" in err and "--exposed-before" in err


@pytest.mark.parametrize("shown", [2, 3])
def test_answered_every_way_the_ledgers_are_the_same(shown):
    nights = {way: make(f"same-{shown}-{i}.csv", shown) for i, (way, make) in enumerate(WAYS.items())}
    payments = {way: night.lines[0].payments for way, night in nights.items()}
    assert len({tuple(p.items()) for p in payments.values()}) == 1, payments
    pays = payments["the ledger, a typed score"]
    if shown == 3:  # the penalty: Dee, who fed the winner, pays for all three
        assert pays["Dee"] == -3 * SCORE and pays["Ann"] == pays["Cat"] == 0
    else:
        assert pays["Ann"] == pays["Cat"] == pays["Dee"] == -SCORE
    assert {night.lines[0].entry.exposed for night in nights.values()} == {shown}


def test_nothing_is_asked_where_the_answer_changes_nothing():
    night = Ledger(PLAYERS, game="willingdon", table_rules=TableRules(three_exposed_penalty=True))
    night.add(winner="Bea", how="discard", thrower="Dee", value=0)  # a hand that scores 0 pays nothing either way
    night.add(winner="Bea", how="discard", thrower="Dee", value=SCORE, fishing=True)  # fishing: never the penalty
    night.add(winner="Bea", how="self-drawn", value=SCORE)  # nobody fed the winner
    plain = Ledger(PLAYERS, game="willingdon")  # a night without the penalty
    plain.add(winner="Bea", how="discard", thrower="Dee", value=SCORE)
    assert len(night) == 3 and len(plain) == 1


def test_a_journal_kept_before_the_question_was_asked_reads_as_it_was_paid(tmp_path):
    """A typed discard score with the sets shown unsaid, kept by an earlier version, is read back as
    it was settled then (fewer than three shown): a saved night never changes on opening."""
    path = tmp_path / "before.csv"
    path.write_text("#players,Ann,Bea,Cat,Dee\n#game,willingdon\n#three-exposed-penalty,yes\n"
                    "hand,winner,how,thrower,value,tiles,exposed,fishing,east,note\n"
                    f"1,Bea,discard,Dee,{SCORE},,,no,,\n", encoding="utf-8")
    result = load_journal(path)
    assert not result.problems and result.ledger.lines[0].payments["Dee"] == -SCORE
    assert Willingdon(table_rules=TableRules(three_exposed_penalty=True)).unsaid(
        tuple(PLAYERS), result.ledger.lines[0].entry) is not None  # a new hand like it would be asked
