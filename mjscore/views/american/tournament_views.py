"""Tournament versus home: the same hands scored both ways, as pandas tables and a chart.

At home (:mod:`mjscore.american`) the losers pay the winner; at a tournament
(:mod:`mjscore.american.tournament`) every player scores points from the organizer's table. Every
figure here comes from those two engines and :mod:`mjscore.american.tournament.compare`;
nothing is computed in this module, only laid out.

- :func:`tables_frame` the tournament tables side by side, one row per rule.
- :func:`home_points` one game settled the home way (re-exported from the engine's ``compare``).
- :func:`compare_hand` one game: each player's role, home payment and tournament points.
- :func:`games_frame` a sequence of games, one row each, both ways.
- :func:`compare_night` a sequence of games: totals and places under each system.
- :func:`running_totals` the totals after each game, both ways.
- :func:`leaders` who finishes first under each system.
- :func:`thrower_cost` what throwing the winning tile costs, home versus tournament.
- :func:`throwing_frame` what each player's throws cost over a sequence of games, both ways.
- :func:`night_summary_html` a night's lessons in a few sentences, from its own numbers.
- :func:`first_place_html` why a different player can finish first, from the night's own games.
- :func:`standings_chart` the running totals as two line charts, one above the other.

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

from ...american.home import HOME, HomeRules
from ...american.tournament import compare
from ...american.tournament.compare import home_points, same_players
from ...american.tournament.scoring import Game, score_game
from ...american.tournament.tables import COMMON, EXPOSURE_BANDS, PRESETS, TournamentTable
from .._matplotlib_labels import FreeLabels
from .._style import series, signed, styled
from ...numbers import said

#: The summary's style, by class.
RULES = {".mjs-tournament-summary": "font:14px Verdana,Arial,sans-serif"}


def _table(table: TournamentTable | None) -> TournamentTable:
    return COMMON if table is None else table


def tables_frame(tables: Iterable[TournamentTable] | None = None) -> pd.DataFrame:
    """The organizers' tables side by side, one column each, as a player reads them.

    The rows are :meth:`~mjscore.american.tournament.TournamentTable.rows`; the tables are the
    presets by default.

    >>> tables_frame().loc["Thrower, winner showed 3 or more exposures"].tolist()
    ['−25', '−30']
    """
    tables = list(PRESETS.values() if tables is None else tables)
    columns = {}
    for t in tables:
        columns[t.name] = dict(t.rows())
    frame = pd.DataFrame(columns)
    frame.index.name = "Rule"
    return frame.fillna("")


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
    players = same_players(games)
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


def running_totals(games: Sequence[Game], table: TournamentTable | None = None,
                   home_rules: HomeRules = HOME) -> pd.DataFrame:
    """Each player's total after each game, both ways: at home and at a tournament.

    The columns are ``(system, player)``, where system is ``home`` or ``tournament``; row 0 is
    the start (all 0)."""
    games = list(games)
    players = list(same_players(games))
    totals = compare.running_totals(games, table, home_rules)
    home_rows, tour_rows = totals["home"], totals["tournament"]
    index = pd.RangeIndex(0, len(games) + 1, name="after game")
    frame = pd.concat({"home": pd.DataFrame(home_rows, index=index, columns=players),
                       "tournament": pd.DataFrame(tour_rows, index=index, columns=players)}, axis=1)
    return frame


def compare_night(games: Sequence[Game], table: TournamentTable | None = None,
                  home_rules: HomeRules = HOME) -> pd.DataFrame:
    """A night's totals and places both ways, plus wins and tiles thrown.

    In tournament order (best first, names breaking ties). Players level on a total share a
    place."""
    night = compare.compare_night(games, table, home_rules)
    rows = [{"home": r.home, "home place": r.home_place, "tournament": r.tournament,
             "tournament place": r.tournament_place, "wins": r.wins, "threw": r.threw} for r in night]
    return pd.DataFrame(rows, index=pd.Index([r.player for r in night], name="player"))


def leaders(games: Sequence[Game], table: TournamentTable | None = None, home_rules: HomeRules = HOME) -> dict:
    """Who finishes first: ``{"home": (...), "tournament": (...)}`` (more than one on a tie)."""
    return compare.leaders(games, table, home_rules)


def thrower_cost(values: Iterable[int] = (25, 30, 35, 40, 50, 75), table: TournamentTable | None = None,
                 home_rules: HomeRules = HOME, *, jokerless: bool = False, category: str = "other") -> pd.DataFrame:
    """What throwing the winning tile costs, by card value, at home and at a tournament.

    At home the thrower pays twice the value (the others once); at a tournament she loses the
    table's penalty for the winner's exposures (the others lose the other-loser figure),
    whatever the value.

    >>> thrower_cost([25, 50]).loc[50].tolist()
    [100, 50, 50, 10, 20, 25, 0]
    """
    rows = {}
    for v in values:
        c = compare.value_cost(v, table, home_rules, jokerless=jokerless, category=category)
        row = {("home", "thrower pays"): c.home_thrower_pays, ("home", "each other pays"): c.home_each_other_pays,
               ("home", "throwing costs extra"): c.home_extra}
        for band, lost in zip(EXPOSURE_BANDS, c.tournament_thrower_loses):
            row[("tournament", f"thrower loses, {band} exposures")] = lost
        row[("tournament", "each other loses")] = c.tournament_each_other_loses
        rows[v] = row
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame.columns = pd.MultiIndex.from_tuples(frame.columns)
    frame.index.name = "card value"
    return frame


def throwing_frame(games: Sequence[Game], table: TournamentTable | None = None,
                   home_rules: HomeRules = HOME) -> pd.DataFrame:
    """What each player's throws cost over a sequence of games, in seat order.

    ``threw`` (how many winning tiles), ``home: paid`` (as the thrower) and ``home: extra`` (over
    what each other loser paid in the same game); ``tournament: lost`` (the thrower's penalties)
    and ``tournament: extra`` (over what each other loser lost).
    """
    rows = {p: {"threw": c.threw, "home: paid": c.home_paid, "home: extra": c.home_extra,
                "tournament: lost": c.tournament_lost, "tournament: extra": c.tournament_extra}
            for p, c in compare.throwing(games, table, home_rules).items()}
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame.index.name = "player"
    return frame


def _names(names: Iterable[str]) -> str:
    names = [escape(n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def night_summary_html(games: Sequence[Game], table: TournamentTable | None = None,
                       home_rules: HomeRules = HOME) -> str:
    """A night's lessons in a few sentences of HTML, every figure taken from the night itself.

    Who finishes first each way, what throwing cost, what the wall games gave. Names are
    escaped.

    >>> four = ("Ann", "Bea", "Cat", "Dee")
    >>> html = night_summary_html([Game(four, "discard", winner="Ann", thrower="Cat", value=25)])
    >>> "First at home: Ann (+100)" in html and "First at the tournament: Ann (25 points)" in html
    True
    """
    games = list(games)
    t = _table(table)
    night = compare_night(games, t, home_rules)
    first_home = night.index[night["home place"] == 1]
    first_tour = night.index[night["tournament place"] == 1]
    figures = compare.night_figures(games, t, home_rules)
    all_throws = figures.thrown
    parts = ['<div class="mjs-tournament-summary">',
             f"<p>After {figures.games} games: <b>First at home: {_names(first_home)} "
             f"({signed(int(night.loc[first_home[0], 'home']))})</b>. <b>First at the tournament: "
             f"{_names(first_tour)} ({int(night.loc[first_tour[0], 'tournament']):,} points)</b> under the "
             f"{escape(t.name)}.</p>"]
    if all_throws.threw:
        collected = figures.home_collected
        parts.append(
            f"<p>{all_throws.threw} of the {figures.wins} wins came on a discard. At home the throwers paid "
            f"{all_throws.home_paid:,} of the {collected:,} the winners collected "
            f"({round(100 * all_throws.home_paid / max(collected, 1))}%), "
            f"{all_throws.home_extra:,} more than they would have paid as ordinary losers. "
            f"At the tournament the throwers lost {all_throws.tournament_lost:,} points "
            f"while the winners scored {figures.tournament_scored:,}.</p>")
        most = max(c.threw for c in figures.throws.values())
        worst = [p for p, c in figures.throws.items() if c.threw == most]
        each = "" if len(worst) == 1 else " each"
        parts.append(f"<p>{_names(worst)} threw the most winning tiles ({most}{each}). "
                     + " ".join(f"Throwing cost {escape(p)} {figures.throws[p].home_extra:,} more at home "
                                f"than paying as an ordinary loser, and "
                                f"{figures.throws[p].tournament_lost:,} points at the tournament."
                                for p in worst) + "</p>")
    if figures.walls:
        parts.append(f"<p>{figures.walls} wall game{'s' if figures.walls != 1 else ''}: nothing at home; at the "
                     f"tournament {t.wall_game_points} points each to {figures.wall_hands_paid} hands in all.</p>")
    parts.append("</div>")
    return styled("".join(parts), RULES)


def _won_kind(game: Game) -> str:
    """A won game's hand as a sentence names it: "self-drawn jokerless 30"."""
    words = ["self-drawn" if game.scores_as == "self-drawn" else "", "jokerless" if game.jokerless else "",
             f"{game.value:,}"]
    return " ".join(w for w in words if w)


def first_place_html(games: Sequence[Game], table: TournamentTable | None = None,
                     variant: TournamentTable | None = None, home_rules: HomeRules = HOME) -> str:
    """Why a different player can finish first, told from the night's own games.

    Who finishes first each way, with how many wins; what the home leader's wins were; her win
    that home payments multiplied most against its tournament points; the throw that cost most at
    home, against its tournament points; and what a ``variant`` table moves. Names are escaped.

    >>> from mjscore.american.tournament import VARIANT, sample_night
    >>> print(first_place_html(sample_night(("Ann", "Bea", "Cat", "Dee"), games=16, seed=11), variant=VARIANT))
    ... # doctest: +NORMALIZE_WHITESPACE
    <p class="mjs-first-place">In this night Dee won the most games (five) and finishes first at the tournament,
    while Ann, with four wins, finishes first at home. Ann's wins were the kind home payments multiply: two
    self-drawn and two jokerless. In game 14 her self-drawn jokerless 30 hand collected 360 at home but scored 60
    points at the tournament. Throwing tells the same story from the other side: in game 12 Bea fed Ann a 40 hand,
    which cost Bea 160 at home but only 10 points at the tournament. Under the published variant the tournament
    totals move (Ann −5, Bea −5, Cat +10), and the places do not change.</p>
    """
    games = list(games)
    t = _table(table)
    rows = {r.player: r for r in compare.compare_night(games, t, home_rules)}
    home_first = [p for p, r in rows.items() if r.home_place == 1]
    tour_first = [p for p, r in rows.items() if r.tournament_place == 1]
    most = max(r.wins for r in rows.values())
    sentences = []
    if set(home_first) == set(tour_first):
        sentences.append(f"In this night {_names(home_first)} finish{'es' * (len(home_first) == 1)} first both ways.")
    else:
        top = tour_first[0]
        won = f"won the most games ({said(most)})" if rows[top].wins == most else f"won {said(rows[top].wins)} games"
        sentences.append(f"In this night {_names(tour_first)} {won} and finish{'es' * (len(tour_first) == 1)} "
                         f"first at the tournament, while {_names(home_first)}, with {said(rows[home_first[0]].wins)} "
                         f"wins, finish{'es' * (len(home_first) == 1)} first at home.")
    leader = home_first[0]
    wins = [(i, g) for i, g in enumerate(games, 1) if g.winner == leader]
    drawn, jokerless = sum(g.scores_as == "self-drawn" for _, g in wins), sum(g.jokerless for _, g in wins)
    if drawn or jokerless:
        sentences.append(f"{escape(leader)}'s wins were the kind home payments multiply: {said(drawn)} self-drawn "
                         f"and {said(jokerless)} jokerless.")
    if wins:
        both = [(i, g, home_points(g, home_rules)[leader], score_game(g, t).points[leader]) for i, g in wins]
        i, g, home, points = max(both, key=lambda b: (b[2] / max(b[3], 1), -b[0]))
        sentences.append(f"In game {i} her {_won_kind(g)} hand collected {home:,} at home but scored {points:,} "
                         f"points at the tournament.")
    throws = [(i, g, compare.throw_cost(g, t, home_rules)) for i, g in enumerate(games, 1) if g.scores_as == "discard"]
    if throws:
        i, g, cost = max(throws, key=lambda th: (th[2].home_paid, -th[0]))
        sentences.append(f"Throwing tells the same story from the other side: in game {i} {escape(g.thrower)} fed "
                         f"{escape(g.winner)} a {g.value:,} hand, which cost {escape(g.thrower)} {cost.home_paid:,} at "
                         f"home but only {cost.tournament_lost:,} points at the tournament.")
    if variant is not None:
        other = {r.player: r for r in compare.compare_night(games, variant, home_rules)}
        moved = [f"{escape(p)} {signed(other[p].tournament - rows[p].tournament)}" for p in same_players(games)
                 if other[p].tournament != rows[p].tournament]
        same = all(other[p].tournament_place == r.tournament_place for p, r in rows.items())
        sentences.append(f"Under the {escape(variant.name.lower())} the tournament totals move "
                         + (f"({', '.join(moved)})" if moved else "not at all")
                         + f", and the places {'do not change' if same else 'change'}.")
    return '<p class="mjs-first-place">' + " ".join(sentences) + "</p>"


def _label(name: str) -> str:
    """A name as matplotlib text: a ``$`` would otherwise start mathematics."""
    return name.replace("$", r"\$")


def standings_chart(games: Sequence[Game], table: TournamentTable | None = None, home_rules: HomeRules = HOME,
                    *, axes=None):
    """The running totals as two line charts, home payments above tournament points; returns the figure.

    One line per player, the players' key above both. Draws on ``axes`` (two matplotlib axes)
    or on a new pyplot figure, 6.7 inches wide (a notebook's output at 1,024 px shows it at
    full size)."""
    frame = running_totals(games, table, home_rules)
    if axes is None:
        fig, axes = plt.subplots(2, 1, figsize=(6.7, 6.6), dpi=100, sharex=True, layout="constrained")
    else:
        fig = axes[0].figure
    top = leaders(games, table, home_rules)
    titles = {"home": "Home payments (running total)",
              "tournament": f"Tournament points: {_table(table).name}"}
    for ax, system in zip(axes, ("home", "tournament")):
        part = frame[system]
        for i, p in enumerate(part.columns):
            look = series(i)  # colour-blind-safe, with its own marker and dashes as well
            ax.plot(part.index, part[p], marker=look.marker, markersize=4, color=look.colour,
                    linestyle=look.linestyle, label=_label(p))
        ax.axhline(0, color="#999", linewidth=0.8)
        ax.set_title(titles[system], fontsize=11)
        ax.set_ylabel("payments" if system == "home" else "points")
        ax.grid(alpha=0.3)
        first = ", ".join(_label(p) for p in top[system])
        FreeLabels.of(ax).corner(f"first: {first}")
    axes[-1].set_xlabel("after game")
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles, names, loc="outside upper center" if fig.get_layout_engine() else "upper center",
               ncol=len(names), frameon=False)
    fig.mjs_alt = (f"Two line charts of each player's running total, game by game ({len(frame) - 1} games), "
                   f"home payments above, tournament points below: "
                   f"first at home {' and '.join(top['home'])}; first at the tournament "
                   f"{' and '.join(top['tournament'])}.")
    return fig


__all__ = ["compare_hand", "compare_night", "first_place_html", "games_frame", "home_points", "leaders",
           "night_summary_html",
           "running_totals", "standings_chart", "tables_frame", "thrower_cost", "throwing_frame"]
