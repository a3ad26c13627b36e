"""Invariants of the night and its log, over random sequences of hands, undos and corrections:
the journal replayed gives the ledger in memory, and a ledger corrected in place (only the
corrected hand settled again, the totals shifted) equals one built afresh from the final hands."""

from __future__ import annotations

import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore.night import Entry, Ledger, load_journal

FOUR = ("Ann", "Bea", "Cat", "Dee")


@st.composite
def hands(draw) -> Entry:
    how = draw(st.sampled_from(["discard", "self-drawn", "wall"]))
    if how == "wall":
        return Entry(how="wall")
    winner = draw(st.sampled_from(FOUR))
    thrower = draw(st.sampled_from([p for p in FOUR if p != winner])) if how == "discard" else None
    return Entry(winner=winner, how=how, thrower=thrower, value=draw(st.sampled_from([25, 30, 35, 50])),
                 jokerless=draw(st.booleans()), note=draw(st.sampled_from(["", "=1+1", "+Bea", "a, b"])))


steps = st.lists(st.one_of(st.tuples(st.just("add"), hands()),
                           st.tuples(st.just("undo"), st.none()),
                           st.tuples(st.just("correct"), st.tuples(st.integers(1, 40), hands()))),
                 max_size=25)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps)
def test_the_log_replays_to_the_night_in_memory(tmp_path, script):
    path = tmp_path / f"night-{uuid.uuid4().hex}.csv"
    night = Ledger(FOUR, journal=path)
    final: list[Entry] = []
    for op, arg in script:
        if op == "add":
            night.add(arg)
            final.append(arg)
        elif op == "undo" and final:
            night.undo()
            final.pop()
        elif op == "correct" and final:
            n = (arg[0] - 1) % len(final) + 1
            night.correct(n, arg[1])
            final[n - 1] = arg[1]
    fresh = Ledger(FOUR)
    for e in final:
        fresh.add(e)
    assert night.lines == fresh.lines
    assert night.totals == fresh.totals and sum(night.totals.values()) == 0
    again = load_journal(path)
    assert again.ok and again.ledger.lines == night.lines
