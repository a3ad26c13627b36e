"""Tournament versus home: the same hands scored both ways, as pandas tables and a chart.

At home (:mod:`mjscore.american`) the losers pay the winner; at a tournament
(:mod:`mjscore.american.tournament`) every player scores points from the organizer's table. Every
figure here comes from those two engines; nothing is re-computed in this module.

- :func:`tables_frame` the tournament tables side by side, one row per rule.
- :func:`home_points` one game settled the home way (the same :class:`~mjscore.american.tournament.Game`).
- :func:`compare_hand` one game: each player's role, home payment and tournament points.
- :func:`games_frame` a sequence of games, one row each, both ways.
- :func:`compare_night` a sequence of games: totals and places under each system.
- :func:`running_totals` the totals after each game, both ways.
- :func:`leaders` who finishes first under each system.
- :func:`thrower_cost` what throwing the winning tile costs, home versus tournament.
- :func:`throwing_frame` what each player's throws cost over a sequence of games, both ways.
- :func:`night_summary_html` a night's lessons in a few sentences, from its own numbers.
- :func:`standings_chart` the running totals as two line charts, side by side.

Every table is a plain ``DataFrame`` in a fixed order (players in seat order, or best first),
so a notebook's stored output is the same on every run. pandas escapes names in its HTML.

>>> from mjscore.american.tournament import Game
>>> g = Game(("Ann", "Bea", "Cat", "Dee"), "discard", winner="Ann", thrower="Cat", value=25, exposures=1)
>>> compare_hand(g).to_dict("index")["Cat"]
{'role': 'thrower', 'home': -50, 'tournament': -10}
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

import matplotlib.pyplot as plt
import pandas as pd

from ...american.home import HOME, HomeRules, settle
from ...american.tournament.scoring import COMMON, PRESETS, Game, TournamentTable, score_game, standings

#: What a home table does when the game ends without a winner: nobody pays.
_HOME_HOW = {"discard": "discard", "self-drawn": "self-drawn", "joker-exchange": "joker-exchange",
             "heavenly-hand": "heavenly-hand", "wall": "wall", "unfinished": "wall"}


def _table(table: TournamentTable | None) -> TournamentTable:
    return COMMON if table is None else table


def tables_frame(tables: Iterable[TournamentTable] | None = None) -> pd.DataFrame:
    """The tables as a player reads them (:meth:`~mjscore.american.tournament.TournamentTable.rows`),
    one column each; the presets by default.

    >>> tables_frame().loc["Thrower, winner showed 3 or more exposures"].tolist()
    ['-25', '-30']
    """
    tables = list(PRESETS.values() if tables is None else tables)
    columns = {}
    for t in tables:
        columns[t.name] = dict(t.rows())
    frame = pd.DataFrame(columns)
    frame.index.name = "Rule"
    return frame.fillna("")


def home_points(game: Game, rules: HomeRules = HOME) -> dict:
    """Each player's gain (+) or payment (-) at home for the same game, in seat order.

    A wall game and an unfinished game pay nothing at home.

    >>> g = Game(("Ann", "Bea", "Cat", "Dee"), "self-drawn", winner="Bea", value=25, jokerless=True)
    >>> home_points(g)
    {'Ann': -100, 'Bea': 300, 'Cat': -100, 'Dee': -100}
    """
    how = _HOME_HOW[game.how]
    if how == "wall":
        # settle() asks for a card value even for a wall game; nobody pays, whatever it is.
        return settle(game.players, winner=None, how="wall", value=1, dead=game.dead, rules=rules)
    return settle(game.players, winner=game.winner, how=how, value=game.value, thrower=game.thrower,
                  jokerless=game.jokerless, category=game.category, dead=game.dead, rules=rules)


def compare_hand(game: Game, table: TournamentTable | None = None, home_rules: HomeRules = HOME) -> pd.DataFrame:
    """One game, each player in seat order: ``role``, ``home`` (payment) and ``tournament`` (points)."""
    home = home_points(game, home_rules)
    tour = score_game(game, _table(table)).points
    frame = pd.DataFrame({"role": [game.role(p) for p in game.players],
                          "home": [home[p] for p in game.players],
                          "tournament": [tour[p] for p in game.players]},
                         index=pd.Index(game.players, name="player"))
    return frame


def games_frame(games: Sequence[Game], table: TournamentTable | None = None,
                home_rules: HomeRules = HOME) -> pd.DataFrame:
    """One row per game (numbered from 1): what happened, then each player's figure both ways.

    Columns are ``game`` and, for each player, ``"<name> home"`` and ``"<name> tournament"``.
    All games must be played by the same four players.
    """
    games = list(games)
    t = _table(table)
    players = _same_players(games)
    rows = []
    for g in games:
        home, tour = home_points(g, home_rules), score_game(g, t).points
        row = {"game": g.describe()}
        for p in players:
            row[f"{p} home"] = home[p]
            row[f"{p} tournament"] = tour[p]
        rows.append(row)
    columns = ["game"] + [f"{p} {s}" for p in players for s in ("home", "tournament")]
    frame = pd.DataFrame(rows, columns=columns, index=pd.RangeIndex(1, len(games) + 1, name="#"))
    return frame


def _same_players(games: Sequence[Game]) -> tuple:
    if not games:
        raise ValueError("no games to compare")
    players = games[0].players
    for g in games[1:]:
        if set(g.players) != set(players):
            raise ValueError("every game of the night must be played by the same four players")
    return players


def running_totals(games: Sequence[Game], table: TournamentTable | None = None,
                   home_rules: HomeRules = HOME) -> pd.DataFrame:
    """Each player's total after each game, both ways: columns ``(system, player)`` where
    system is ``home`` or ``tournament``; row 0 is the start (all 0)."""
    games = list(games)
    t = _table(table)
    players = _same_players(games)
    home_rows = [dict.fromkeys(players, 0)]
    tour_rows = [dict.fromkeys(players, 0)]
    for g in games:
        h, s = home_points(g, home_rules), score_game(g, t).points
        home_rows.append({p: home_rows[-1][p] + h[p] for p in players})
        tour_rows.append({p: tour_rows[-1][p] + s[p] for p in players})
    index = pd.RangeIndex(0, len(games) + 1, name="after game")
    frame = pd.concat({"home": pd.DataFrame(home_rows, index=index, columns=list(players)),
                       "tournament": pd.DataFrame(tour_rows, index=index, columns=list(players))}, axis=1)
    return frame


def _places(totals: dict) -> dict:
    return {p: 1 + sum(1 for q in totals.values() if q > v) for p, v in totals.items()}


def compare_night(games: Sequence[Game], table: TournamentTable | None = None,
                  home_rules: HomeRules = HOME) -> pd.DataFrame:
    """A night's totals and places both ways, plus wins and tiles thrown; tournament order
    (best first, names breaking ties). Players level on a total share a place."""
    games = list(games)
    t = _table(table)
    st = standings(games, t)
    home = dict.fromkeys(st.totals, 0)
    for g in games:
        for p, v in home_points(g, home_rules).items():
            home[p] += v
    home_place = _places(home)
    rows = [{"home": home[r.player], "home place": home_place[r.player],
             "tournament": r.points, "tournament place": r.place, "wins": r.wins, "threw": r.threw}
            for r in st.rows]
    return pd.DataFrame(rows, index=pd.Index([r.player for r in st.rows], name="player"))


def leaders(games: Sequence[Game], table: TournamentTable | None = None, home_rules: HomeRules = HOME) -> dict:
    """Who finishes first: ``{"home": (...), "tournament": (...)}`` (more than one on a tie)."""
    frame = compare_night(games, table, home_rules)
    return {"home": tuple(sorted(frame.index[frame["home place"] == 1])),
            "tournament": tuple(sorted(frame.index[frame["tournament place"] == 1]))}


def thrower_cost(values: Iterable[int] = (25, 30, 35, 40, 50, 75), table: TournamentTable | None = None,
                 home_rules: HomeRules = HOME, *, jokerless: bool = False, category: str = "other") -> pd.DataFrame:
    """What throwing the winning tile costs, by card value: at home the thrower pays twice the
    value (the others once); at a tournament she loses the table's penalty for the winner's
    exposures (the others lose the other-loser figure), whatever the value.

    >>> thrower_cost([25, 50]).loc[50].tolist()
    [100, 50, 50, 10, 20, 25, 0]
    """
    t = _table(table)
    four = ("winner", "thrower", "other", "other 2")
    rows = {}
    for v in values:
        g = Game(four, "discard", winner="winner", thrower="thrower", value=v, jokerless=jokerless, category=category)
        home = home_points(g, home_rules)
        row = {("home", "thrower pays"): -home["thrower"], ("home", "each other pays"): -home["other"],
               ("home", "throwing costs extra"): home["other"] - home["thrower"]}
        for n, band in ((1, "0-1"), (2, "2"), (3, "3+")):
            exposures = 0 if category == "singles-and-pairs" else n
            pts = score_game(Game(four, "discard", winner="winner", thrower="thrower", value=v, jokerless=jokerless,
                                  category=category, exposures=exposures), t).points
            row[("tournament", f"thrower loses, {band} exposures")] = -pts["thrower"]
        row[("tournament", "each other loses")] = -pts["other"]
        rows[v] = row
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame.columns = pd.MultiIndex.from_tuples(frame.columns)
    frame.index.name = "card value"
    return frame


def throwing_frame(games: Sequence[Game], table: TournamentTable | None = None,
                   home_rules: HomeRules = HOME) -> pd.DataFrame:
    """What each player's throws cost over a sequence of games, in seat order: ``threw`` (how
    many winning tiles), ``home: paid`` (as the thrower) and ``home: extra`` (over what each
    other loser paid in the same game); ``tournament: lost`` (the thrower's penalties) and
    ``tournament: extra`` (over what each other loser lost).
    """
    games = list(games)
    t = _table(table)
    players = _same_players(games)
    rows = {p: {"threw": 0, "home: paid": 0, "home: extra": 0, "tournament: lost": 0, "tournament: extra": 0}
            for p in players}
    for g in games:
        if g.scores_as != "discard":
            continue
        home = home_points(g, home_rules)
        other = next(p for p in g.players if p not in (g.winner, g.thrower))
        row = rows[g.thrower]
        row["threw"] += 1
        row["home: paid"] -= home[g.thrower]
        row["home: extra"] += home[other] - home[g.thrower]
        row["tournament: lost"] += t.thrower_penalty_for(g.exposures)
        row["tournament: extra"] += t.thrower_penalty_for(g.exposures) - t.other_loser_penalty
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame.index.name = "player"
    return frame


def _names(names: Iterable[str]) -> str:
    names = [escape(n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def night_summary_html(games: Sequence[Game], table: TournamentTable | None = None,
                       home_rules: HomeRules = HOME) -> str:
    """A night's lessons in a few sentences, every figure taken from the night itself: who
    finishes first each way, what throwing cost, what the wall games gave. Names escaped.

    >>> four = ("Ann", "Bea", "Cat", "Dee")
    >>> html = night_summary_html([Game(four, "discard", winner="Ann", thrower="Cat", value=25)])
    >>> "First at home: Ann (+100)" in html and "First at the tournament: Ann (25 points)" in html
    True
    """
    games = list(games)
    t = _table(table)
    night = compare_night(games, t, home_rules)
    throws = throwing_frame(games, t, home_rules)
    first_home = night.index[night["home place"] == 1]
    first_tour = night.index[night["tournament place"] == 1]
    won = [g for g in games if g.winner is not None]
    collected = sum(home_points(g, home_rules)[g.winner] for g in won)
    scored = sum(score_game(g, t).points[g.winner] for g in won)
    thrown = int(throws["threw"].sum())
    walls = [g for g in games if g.scores_as == "wall"]
    parts = ['<div class="mjs-tournament-summary" style="font:14px Verdana,Arial,sans-serif">',
             f"<p>After {len(games)} games: <b>First at home: {_names(first_home)} "
             f"({int(night.loc[first_home[0], 'home']):+,})</b>. <b>First at the tournament: "
             f"{_names(first_tour)} ({int(night.loc[first_tour[0], 'tournament']):,} points)</b> under the "
             f"{escape(t.name)}.</p>"]
    if thrown:
        parts.append(
            f"<p>{thrown} of the {len(won)} wins came on a discard. At home the throwers paid "
            f"{int(throws['home: paid'].sum()):,} of the {collected:,} the winners collected "
            f"({round(100 * int(throws['home: paid'].sum()) / max(collected, 1))}%), "
            f"{int(throws['home: extra'].sum()):,} more than they would have paid as ordinary losers. "
            f"At the tournament the throwers lost {int(throws['tournament: lost'].sum()):,} points "
            f"while the winners scored {scored:,}.</p>")
        most = throws["threw"].max()
        worst = throws.index[throws["threw"] == most]
        each = "" if len(worst) == 1 else " each"
        parts.append(f"<p>{_names(worst)} threw the most winning tiles ({int(most)}{each}). "
                     + " ".join(f"Throwing cost {escape(p)} {int(throws.loc[p, 'home: extra']):,} more at home "
                                f"than paying as an ordinary loser, and "
                                f"{int(throws.loc[p, 'tournament: lost']):,} points at the tournament."
                                for p in worst) + "</p>")
    if walls:
        live = sum(1 for g in walls for p in g.players
                   if p not in g.dead or t.wall_game_to == "every-player")
        parts.append(f"<p>{len(walls)} wall game{'s' if len(walls) != 1 else ''}: nothing at home; at the "
                     f"tournament {t.wall_game_points} points each to {live} hands in all.</p>")
    parts.append("</div>")
    return "".join(parts)


def _label(name: str) -> str:
    """A name as matplotlib text: a ``$`` would otherwise start mathematics."""
    return name.replace("$", r"\$")


def standings_chart(games: Sequence[Game], table: TournamentTable | None = None, home_rules: HomeRules = HOME,
                    *, axes=None):
    """The running totals as two line charts (home payments, tournament points), side by
    side, one line per player. Draws on ``axes`` (two matplotlib axes) or on a new pyplot
    figure; returns the figure."""
    frame = running_totals(games, table, home_rules)
    if axes is None:
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), dpi=100)
    else:
        fig = axes[0].figure
    top = leaders(games, table, home_rules)
    titles = {"home": "Home payments (running total)",
              "tournament": f"Tournament points: {_table(table).name}"}
    colours = ("#1b4c99", "#17703a", "#a81e1a", "#d9730d", "#5b2a86")
    for ax, system in zip(axes, ("home", "tournament")):
        part = frame[system]
        for i, p in enumerate(part.columns):
            ax.plot(part.index, part[p], marker="o", markersize=3, color=colours[i % len(colours)],
                    label=_label(p))
        ax.axhline(0, color="#999", linewidth=0.8)
        ax.set_title(titles[system], fontsize=11)
        ax.set_xlabel("after game")
        ax.set_ylabel("payments" if system == "home" else "points")
        ax.grid(alpha=0.3)
        first = ", ".join(_label(p) for p in top[system])
        ax.text(0.02, 0.97, f"first: {first}", transform=ax.transAxes, va="top", fontsize=9)
    axes[1].legend(loc="center left", bbox_to_anchor=(1.02, 0.5), frameon=False)
    fig.tight_layout()
    return fig


__all__ = ["compare_hand", "compare_night", "games_frame", "home_points", "leaders", "night_summary_html",
           "running_totals", "standings_chart", "tables_frame", "thrower_cost", "throwing_frame"]
