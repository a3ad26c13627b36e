"""The views without a browser: tile faces, tables, charts, and every widget app driven by
setting a control's value and reading the HTML (or the figure) it produces."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from mjscore import CLEAN_HAND_ONE, WILLINGDON, parse, rule_table, score
from mjscore.tiles import ALL_TILES, INFO, TileError
from mjscore.views.american import american_app
from mjscore.views.willingdon import doubles_app, goulash_app, hand_builder
from mjscore.views.american.american_app import AmericanPaymentsApp
from mjscore.views.willingdon.charts import compound_chart, doubles_figure, halving_chart
from mjscore.views.willingdon.doubles_app import DoublesApp
from mjscore.views.willingdon.goulash_app import GoulashClaimApp
from mjscore.views.willingdon.hand_builder import HandBuilderApp
from mjscore.views.results import error_html, score_html
from mjscore.views.tables import (compare_rules, doubles_table, other_points_table, payment_table,
                                  points_table, score_frame, worked_examples)
from mjscore.views.tiles import SIZES, ViewError, hand_html, tile_html, tiles_html

SEED_54 = "6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W"
SEED_58 = "RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2"

# ------------------------------------------------------------------ tiles


@pytest.mark.parametrize("code", ALL_TILES + ("J",))
def test_every_tile_has_a_face_and_a_name_for_a_screen_reader(code):
    name = "Joker" if code == "J" else INFO[code].name
    html = tile_html(code)
    assert html.startswith("<svg") and html.endswith("</svg>")
    assert f'aria-label="{name}"' in html
    assert f"<title>{name}</title>" in html
    assert 'role="img"' in html
    assert f'data-tile="{code}"' in html


def test_every_face_is_different():
    faces = {re.sub(r'class="[^"]*"|data-tile="[^"]*"|aria-label="[^"]*"|<title>.*?</title>', "", tile_html(c))
             for c in ALL_TILES + ("J",)}
    assert len(faces) == len(ALL_TILES) + 1


def test_faces_need_no_special_font():
    for code in ALL_TILES + ("J",):
        text = "".join(re.findall(r">([^<]*)</text>", tile_html(code)))
        assert text.isascii(), code


def test_tiles_are_deterministic_and_carry_no_ids():
    html = tiles_html(list(ALL_TILES) + ["J"], size="lg") + hand_html(parse(SEED_58))
    assert html == tiles_html(list(ALL_TILES) + ["J"], size="lg") + hand_html(parse(SEED_58))
    assert " id=" not in html


@pytest.mark.parametrize("size", sorted(SIZES))
def test_sizes(size):
    w, h = SIZES[size]
    assert f'width="{w}" height="{h}"' in tile_html("5D", size=size)


def test_lg_is_bigger_than_md_is_bigger_than_sm():
    assert SIZES["sm"] < SIZES["md"] < SIZES["lg"]


def test_bad_codes_and_sizes_are_refused_with_value_errors():
    with pytest.raises(TileError, match="not a tile code"):
        tile_html("0D")
    with pytest.raises(ViewError, match="size must be one of"):
        tile_html("5D", size="xl")
    with pytest.raises(ViewError, match="list of codes"):
        tiles_html("5D")
    with pytest.raises(ViewError):
        hand_html(SEED_54)  # text, not a Hand
    assert issubclass(ViewError, ValueError) and issubclass(TileError, ValueError)


def test_an_exposed_tile_is_marked():
    assert "mjs-tile-exposed" in tile_html("RD", exposed=True)
    assert "mjs-tile-exposed" not in tile_html("RD")
    assert 'aria-label="Red Dragon (exposed)"' in tile_html("RD", exposed=True)


def test_a_row_keeps_its_order():
    html = tiles_html(["9B", "J", "EW"])
    assert re.findall(r'data-tile="(\w+)"', html) == ["9B", "J", "EW"]


def test_a_hand_tells_exposed_from_concealed_and_puts_flowers_after():
    html = hand_html(parse("RDx3 +1Bx4 +EWx3 9Bx3 GDx2 F1 S3"))
    groups = re.findall(r'class="mjs-set (mjs-set-\w+)"', html)
    assert groups == ["mjs-set-concealed", "mjs-set-exposed", "mjs-set-exposed", "mjs-set-concealed",
                      "mjs-set-pair", "mjs-set-flowers"]
    assert html.count('data-tile="1B"') == 4  # a kong shows four tiles
    assert "exposed kong" in html and "concealed pung" in html
    assert 'aria-label="exposed kong of 1 Bamboo"' in html
    assert "East seat" in html and "East round" in html
    assert html.index('class="mjs-set mjs-set-flowers"') > html.index('class="mjs-set mjs-set-pair"')


# ------------------------------------------------------------------ tables


def test_payment_table_is_the_leagues_table():
    t = payment_table(1)
    assert t.loc["On a discard", "Thrower pays"] == 2
    assert t.loc["On a discard", "Each other player pays"] == 1
    assert t.loc["On a tile the winner drew", "Each other player pays"] == 2
    assert t.loc["The wall ran out"].tolist() == [0, 0, 0]
    assert payment_table(25, jokerless=True)["Winner collects"].tolist() == [200, 300, 0]


def test_worked_examples_are_the_four_of_the_rule_book():
    t = worked_examples(25)
    assert t["Payments"].tolist() == ["50 / 25 / 25", "50 / 50 / 50", "100 / 50 / 50", "100 / 100 / 100"]
    assert t["Winner collects"].tolist() == [100, 150, 200, 300]


def test_points_table_is_pivoted_from_the_rule_table():
    t = points_table()
    rows = [r for r in rule_table() if r.kind == "points" and r.column]
    assert t.size == len(rows)
    for r in rows:
        assert t.loc[r.name, r.column.capitalize()] == r.value
    assert t.index.tolist()[0] == "Pung of minor (2–8)"
    assert other_points_table().loc["Mahjong", "Points"] == 20


def test_doubles_table_has_every_doubles_line_and_follows_the_setting():
    assert len(doubles_table()) == sum(1 for r in rule_table() if r.kind == "doubles")
    assert doubles_table(CLEAN_HAND_ONE).loc[("Hand doubles", "A Clean Hand"), "Doubles"] == 1
    assert doubles_table().loc[("Hand doubles", "A Clean Hand"), "Doubles"] == 0


def test_score_frame_adds_up():
    s = score(parse(SEED_54))
    f = score_frame(s)
    lines = f.drop(index="total", level="Line")
    assert lines.loc["Hand points", "Total"].sum() == s.hand_points == f.loc[("Hand points", "total"), "Total"]
    assert lines.loc["Doubles", "Total"].sum() == s.doubles == 5


def test_compare_rules_side_by_side():
    t = compare_rules(parse("2Bx3 5Bx3 7Bx3 RDx3 EWx2"), [WILLINGDON, CLEAN_HAND_ONE])
    assert t.columns.tolist() == [WILLINGDON.name, CLEAN_HAND_ONE.name]
    assert t.loc["Doubles"].tolist() == [3, 4]
    assert t.loc["Score"].tolist() == [336, 672]


# ------------------------------------------------------------------ charts and panels


def test_compound_chart_marks_the_rule_book_figures():
    s54, s58 = score(parse(SEED_54)), score(parse(SEED_58))
    ax = compound_chart([("a", s54.hand_points, s54.doubles), ("b", s58.hand_points, s58.doubles),
                         ("c", 14, 0), ("d", 128, 2)])
    texts = [t.get_text() for t in ax.texts]
    assert "54 × 32 = 1,728" in texts
    assert "58 × 4,096 = 237,568" in texts
    assert "14 × 1 = 14, pays 0" in texts
    assert "128 × 4 = 512, pays 0" in texts
    markers = {(tuple(line.get_xdata()), tuple(line.get_ydata())) for line in ax.lines
               if line.get_marker() != "None" and len(line.get_xdata()) == 1}
    assert ((5,), (1728,)) in markers and ((12,), (237568,)) in markers
    # each hand its own marker and line style as well as its own colour
    styled = {(line.get_marker(), str(line.get_linestyle())) for line in ax.lines if line.get_label() in "abcd"}
    assert len(styled) == 4
    assert "1,728" in ax.mjs_alt and "pays 0" in ax.mjs_alt


def test_halving_chart_halves_each_step_and_zeroes_under_the_minimum():
    ax = halving_chart(54, 5)
    heights = [p.get_height() for p in ax.patches]
    assert heights == [1728, 864, 432, 216, 108, 54]
    assert [t.get_text() for t in ax.texts][3] == "0 (216)"


def test_doubles_figure_is_a_figure_without_pyplot():
    import matplotlib.pyplot as plt
    before = plt.get_fignums()
    fig = doubles_figure(54, 5)
    assert plt.get_fignums() == before
    assert len(fig.axes) == 1


def test_score_html_escapes_and_lists_every_line():
    s = score(parse(SEED_58))
    html = score_html(s)
    for item in s.points + s.doubles_detail:
        assert item.label.replace("&", "&amp;") in html
    assert "&lt;script&gt;" in error_html("<script>")


# ------------------------------------------------------------------ apps: shared


def _tree(w):
    yield w
    for child in getattr(w, "children", ()):
        yield from _tree(child)


def _classes(app):
    return {c for w in _tree(app.widget) for c in getattr(w, "_dom_classes", ())}


def _html(app):
    return " ".join(w.value for w in _tree(app.widget) if isinstance(w, widgets.HTML))


@pytest.mark.parametrize("module, make", [
    (american_app, AmericanPaymentsApp),
    (hand_builder, HandBuilderApp),
    (doubles_app, lambda: DoublesApp(draw=False)),
    (goulash_app, GoulashClaimApp),
])
def test_every_documented_class_is_there(module, make):
    app = make()
    documented = set(re.findall(r"``(mjs-[a-z0-9-]+)``", module.__doc__))
    assert documented
    present = _classes(app) | set(re.findall(r'class="([^"]+)"', _html(app)))
    present = {c for group in present for c in group.split()}
    # Classes named by pattern (set0 .. set3, F1 .. S4) and states not shown at start are checked
    # in their own tests; the rest must be on the page as it opens.
    later = {"mjs-claim-refused", "mjs-error"}
    for cls in documented - later:
        if "N-" in cls:
            for i in range(4):
                assert cls.replace("N-", f"{i}-") in present
        else:
            assert cls in present, cls


@pytest.mark.parametrize("make", [AmericanPaymentsApp, HandBuilderApp, lambda: DoublesApp(draw=False),
                                  GoulashClaimApp])
def test_apps_display_as_widgets_with_stable_text(make):
    app = make()
    bundle = app._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == make()._repr_mimebundle_()["text/plain"]
    assert isinstance(app.widget, widgets.Box)


# ------------------------------------------------------------------ the American app


@pytest.mark.parametrize("example, pays, collects", [
    (1, ["pays 50", "pays 25", "pays 25"], "collects 100"),
    (2, ["pays 50", "pays 50", "pays 50"], "collects 150"),
    (3, ["pays 100", "pays 50", "pays 50"], "collects 200"),
    (4, ["pays 100", "pays 100", "pays 100"], "collects 300"),
])
def test_american_app_walks_through_the_four_worked_examples(example, pays, collects):
    app = AmericanPaymentsApp(value=40, how="wall")
    app.example.value = example
    html = app.result.value
    assert re.findall(r"pays \d+(?=</td>)", html) == pays
    assert collects in html
    assert app.value.value == "25"


def test_american_app_any_hand():
    app = AmericanPaymentsApp()
    app.value.value = "50"
    app.how.value = "self-drawn"
    assert "collects 300" in app.result.value
    app.jokerless.value = True
    assert "collects 600" in app.result.value
    assert "every payment doubles again" in app.result.value


def test_american_app_forgets_the_example_once_you_change_something():
    app = AmericanPaymentsApp()
    app.example.value = 3
    app.value.value = "30"
    assert app.example.value == 0
    assert "collects 240" in app.result.value


def test_american_app_winds_hand_jokerless_on_a_throw():
    app = AmericanPaymentsApp(value=30, how="discard", jokerless=True, category="winds-dragons")
    assert re.findall(r"pays \d+(?=</td>)", app.result.value) == ["pays 120", "pays 60", "pays 60"]


def test_american_app_exemptions_follow_the_rule_setting():
    app = AmericanPaymentsApp(value=25, jokerless=True, category="quints")
    assert "collects 100" in app.result.value and "exempt" in app.result.value
    app.rules.value = "league"
    assert "collects 200" in app.result.value
    app.category.value = "singles-and-pairs"
    assert "collects 100" in app.result.value


def test_american_app_wall_game_and_a_bad_value():
    app = AmericanPaymentsApp()
    app.how.value = "wall"
    assert "nobody pays" in app.result.value
    assert "pays 0" not in app.result.value
    app.value.value = "-5"
    assert "mjs-error" in app.result.value and "from 1 to 100,000, not −5" in app.result.value
    assert app.payout is None and "Traceback" not in app.result.value
    app.value.value = "25"
    assert app.error is None


def test_american_app_joker_exchange_pays_as_self_drawn():
    app = AmericanPaymentsApp(how="joker-exchange")
    assert "collects 150" in app.result.value


# ------------------------------------------------------------------ the hand builder


def test_builder_starts_on_the_rule_books_hand():
    app = HandBuilderApp()
    assert app.score.paper_total == 1728
    assert "1,728" in app.headline.value
    assert "A pung/kong of your own wind" in app.breakdown.value
    assert app.tiles.value.count('data-tile="6B"') == 3


def test_changing_a_set_changes_breakdown_and_score():
    app = HandBuilderApp()
    before_breakdown, before_score = app.breakdown.value, app.headline.value
    app.sets[0]["kind"].value = "kong"
    assert app.breakdown.value != before_breakdown and app.headline.value != before_score
    assert "Kong of minor (2–8), concealed" in app.breakdown.value
    assert app.score.hand_points == 54 - 4 + 16
    assert app.tiles.value.count('data-tile="6B"') == 4
    assert "3 concealed pungs" in app.breakdown.value and "4 concealed pungs" not in app.breakdown.value
    app.sets[1]["exposed"].value = True
    assert "mjs-set-exposed" in app.tiles.value
    assert app.score.hand_points == 66 - 4 + 2
    assert "concealed pungs" not in app.breakdown.value


def test_builder_tiles_flowers_seat_round_and_how_it_was_won():
    app = HandBuilderApp()
    app.flowers["F1"].value = True
    assert 'data-tile="F1"' in app.tiles.value and app.score.hand_points == 58
    app.seat.value = "E"
    assert "East seat, East round." in app.hand_text.value
    assert "Each of your own flower/season" in app.breakdown.value
    app.self_drawn.value = True
    assert "Concealed mahjong last tile from the wall" in app.breakdown.value
    assert "East seat, East round, self-drawn." in app.hand_text.value
    app.round.value = "W"
    assert "A pung/kong of the wind of the round" in app.breakdown.value


def test_builder_shows_the_engines_message_for_an_illegal_hand_never_a_traceback():
    app = HandBuilderApp()
    app.sets[0]["tile"].value = "7B"
    assert app.error == "two sets are built on 7 Bamboo"
    assert "two sets are built on 7 Bamboo" in app.message.value
    assert "mjs-error" in app.message.value
    assert "Traceback" not in _html(app)
    assert app.breakdown.value == "" and "none until the hand is legal" in app.headline.value
    app.sets[0]["tile"].value = "6B"
    assert app.error is None and app.message.value == "" and app.score.paper_total == 1728


def test_builder_marks_the_set_built_on_a_tile_already_used():
    """Two sets on Red Dragon once drew seven Red Dragons and said only "no hand to score yet":
    the second set is outlined and captioned with the set it clashes with."""
    app = HandBuilderApp("RDx3 GDx3 WDx3 +EWx3 NWx2 F1 F2")
    app.sets[1]["tile"].value = "RD"
    assert app.tiles.value.count('class="mjs-clash"') == 1  # (not the name in its style's rule)
    assert "✗ set 1 is on Red Dragon too" in app.tiles.value
    assert app.tiles.value.count('data-tile="RD"') == 6  # both sets drawn as they stand
    app.pair.value = "WD"
    assert app.tiles.value.count('class="mjs-clash"') == 2 and "✗ set 3 is on White Dragon too" in app.tiles.value


def test_builder_blessing_contradictions_are_the_engines():
    app = HandBuilderApp()
    app.sets[0]["kind"].value = "kong"
    app.blessing.value = "earth"
    assert "cannot have a kong" in app.message.value
    app.sets[0]["kind"].value = "pung"
    assert app.error is None and "Earth&#x27;s Blessing" in app.breakdown.value
    assert app.score.doubles_detail[-1].line == "Earth's Blessing"


def test_builder_rule_setting_changes_the_clean_hand():
    app = HandBuilderApp("2Bx3 5Bx3 7Bx3 RDx3 EWx2")
    assert app.score.doubles == 3
    app.rules.value = "clean-one"
    assert app.score.doubles == 4 and "672" in app.headline.value


def test_builder_loads_typed_hands_and_escapes_what_was_typed():
    app = HandBuilderApp()
    app.load_text(SEED_58)
    assert app.score.paper_total == 237568
    assert app.sets[3]["exposed"].value is True and app.flowers["F2"].value
    app.load_text('<img src=x onerror="alert(1)">x3')
    assert "<img" not in app.message.value and "&lt;img" in app.message.value


def test_builder_shows_no_score_for_a_typed_hand_it_could_not_read():
    """After a refused typed hand the previous hand's score once stayed under the red message,
    as if it were the typed hand's: nothing of the old hand stays until a control changes."""
    app = HandBuilderApp()
    app.load_text("RDx3 GDx3 WDx3 +EWx3 NWx2 F9")
    assert app.error.startswith("'F9' is not a flower or season") and "mjs-error" in app.message.value
    assert app.score is None and app.breakdown.value == "" and app.tiles.value == ""
    assert "the typed hand could not be read" in app.headline.value and "1,728" not in app.headline.value
    app.seat.value = "S"  # a control changed: the hand the controls show is scored again
    assert app.error is None and app.score is not None and app.message.value == ""


def test_builder_under_the_minimum_says_why_it_pays_nothing():
    app = HandBuilderApp("+2Bx3 +3Cx3 +4Dx3 +6Dx3 7Bx2")
    assert "mjs-pays-nothing" in app.headline.value and "3 short" in app.headline.value


# ------------------------------------------------------------------ the doubles app


def test_doubles_app_moves_points_and_doubles():
    app = DoublesApp(54, 5)
    assert "= 1,728" in app.result.value and "It pays 1,728" in app.result.value
    svg = app.chart.value
    assert svg.startswith("<svg") and 'role="img"' in svg and "1,728" in app.alt
    app.doubles.value = 4
    assert "It pays 864" in app.result.value
    assert app.chart.value != svg
    app.points.value = 58
    app.doubles.value = 12
    assert "237,568" in app.result.value


def test_doubles_app_result_is_announced_and_chart_has_alternative_text():
    app = DoublesApp(54, 5)
    assert 'aria-live="polite"' in app.result.value
    assert 'aria-label="Each double doubles the score' in app.chart.value and "<desc>" in app.chart.value
    assert "your hand: 54 points: 54 × 2^5 = 1,728, pays 1,728" in app.alt


def test_doubles_app_minimum():
    app = DoublesApp(128, 2, draw=False)
    assert "It pays 0" in app.result.value and "512" in app.result.value
    app.minimum.value = 2
    assert "It pays 512" in app.result.value


def test_doubles_app_points_start_at_the_least_a_hand_can_have():
    app = DoublesApp(draw=False)
    assert app.points.min == 28
    with pytest.raises(ValueError, match="no hand has under 28"):
        DoublesApp(14, 0, draw=False)


def test_doubles_app_title_says_with_a_minimum_of_when_the_slider_moves():
    app = DoublesApp(54, 5)
    assert "Willingdon: 3 doubles or it pays 0" in app.chart.value
    app.minimum.value = 2
    assert "Willingdon with a minimum of 2 doubles" in app.chart.value
    assert "Willingdon: 2 doubles" not in app.chart.value


def test_doubles_app_draws_your_hand_above_the_reference_lines():
    app = DoublesApp(54, 5)
    svg = app.chart.value
    # later in the SVG is on top: your hand (series 0) comes after both compared hands
    mine = svg.index('class="mjs-chart-line-0"')
    assert all(svg.index(f'class="mjs-chart-line-{i}"') < mine for i in (1,))
    assert svg.index('class="mjs-chart-hand-0"') > svg.index('class="mjs-chart-hand-1"')
    app.points.value = 60
    svg = app.chart.value
    assert svg.index('class="mjs-chart-line-0"') > max(svg.index(f'class="mjs-chart-line-{i}"') for i in (1, 2))


def test_doubles_app_ladder_halves():
    app = DoublesApp(54, 5, draw=False)
    cells = re.findall(r"<td[^>]*>([\d,]+)</td><td[^>]*>([\d,]+)</td></tr>", app.ladder.value)
    assert cells == [("1,728", "1,728"), ("864", "864"), ("432", "432"), ("216", "0"), ("108", "0"), ("54", "0")]


def test_doubles_app_chart_marks_your_hand():
    app = DoublesApp(100, 6)
    assert "100 × 64 = 6,400" in app.chart.value


# ------------------------------------------------------------------ the Goulash claims app


def test_claims_app_allowed_claim_shows_the_exposed_pung_and_the_turns():
    app = GoulashClaimApp("RD", discarder="E", claimer="N", held=2)
    html = app.result.value
    assert "mjs-claim-allowed" in html and "mjs-set-exposed" in html
    assert html.count('data-tile="RD"') == 3
    seats = re.findall(r'data-seat="(\w)"[^>]*>\w+<br><small>([^<]*)</small>', html)
    # North claims, discards, and play continues from North: East is next.
    assert seats == [("E", "discarded, then plays"), ("S", "loses a turn"), ("W", "loses a turn"),
                     ("N", "claims, then discards")]


def test_claims_app_refusals():
    app = GoulashClaimApp()
    app.last.value = False
    assert "mjs-claim-refused" in app.result.value and "dead" in app.result.value
    app.last.value = True
    app.held.value = 3
    assert "kong" in app.result.value and not app.ruling.allowed
    app.held.value = 2
    app.claimer.value = "E"
    assert "own discard" in app.result.value
    app.claimer.value = "S"
    assert app.ruling.allowed and "nobody is skipped" in app.result.value


def test_doubles_app_chart_leaves_out_a_rule_book_hand_equal_to_yours():
    app = DoublesApp(54, 5)
    assert "your hand: 54 points" in app.chart.value and "the rule book: 58 points, 12 doubles" in app.chart.value
    assert "the rule book: 54 points, 5 doubles" not in app.chart.value
    app.points.value = 60
    assert "the rule book: 54 points, 5 doubles" in app.chart.value


@pytest.mark.parametrize("make, words", [
    (lambda: AmericanPaymentsApp(how="bogus"), "unknown way of winning"),
    (lambda: AmericanPaymentsApp(value=0), "from 1 to 100,000, not 0"),
    (lambda: AmericanPaymentsApp(category="jokers"), "unknown category"),
    (lambda: AmericanPaymentsApp(rules="club"), "rules must be"),
    (lambda: HandBuilderApp("5Dx3 5Dx3 6Dx3 7Dx3 RDx2"), "two sets are built on 5 Dots"),
    (lambda: HandBuilderApp(42), "Hand or a hand in notation"),
    (lambda: HandBuilderApp(rules="house"), "unknown rule set"),
    (lambda: DoublesApp(500, 5, draw=False), "hand points must be"),
    (lambda: DoublesApp(54, -1, draw=False), "doubles must be"),
    (lambda: GoulashClaimApp("F1"), "flower or season"),
    (lambda: GoulashClaimApp(discarder="X"), "discarder"),
    (lambda: compound_chart([]), "at least one hand"),
])
def test_apps_refuse_bad_arguments_with_value_errors(make, words):
    with pytest.raises(ValueError, match=words):
        make()


def test_builder_accepts_a_rule_set_of_its_own():
    from mjscore import RuleSet
    app = HandBuilderApp("2Bx3 5Bx3 7Bx3 RDx3 EWx2", rules=RuleSet(name="Strict", minimum_doubles=4))
    assert app.rules.value == "custom" and app.score.score == 0
    assert HandBuilderApp(rules=CLEAN_HAND_ONE).rules.value == "clean-one"


def test_builder_keeps_drawing_the_flowers_of_an_illegal_hand():
    app = HandBuilderApp("6Bx3 7Bx3 8Bx3 WWx3 9Cx2 F3 S2 S3 seat=W")
    app.sets[0]["tile"].value = "7B"  # two sets on 7 Bamboo: not a legal hand
    assert app.error and app.flowers["F3"].value
    for code in ("F3", "S2", "S3"):
        assert f'data-tile="{code}"' in app.tiles.value, code
    assert "mjs-set-flowers" in app.tiles.value
    app.flowers["S2"].value = False
    assert 'data-tile="S2"' not in app.tiles.value and 'data-tile="S3"' in app.tiles.value


def test_selected_toggles_stand_out_on_a_projector():
    """Every app, once shown, carries the house style (the selected toggle filled and outlined):
    the class on its root and the shared CSS once, however often it is shown."""
    from mjscore.views._style import APP_CSS
    from mjscore.views.american.tournament_app import TournamentVsHomeApp
    from mjscore.views.night.scorekeeper_app import ScorekeeperApp
    from mjscore.views.practice.trainer_app import PracticeApp

    for make in (AmericanPaymentsApp, HandBuilderApp, lambda: DoublesApp(draw=False), GoulashClaimApp,
                 TournamentVsHomeApp, PracticeApp, lambda: ScorekeeperApp(journal="style.csv")):
        app = make()
        app._repr_mimebundle_()
        app._repr_mimebundle_()
        assert "mjs-app" in app.widget._dom_classes, type(app).__name__
        styles = [w for w in _tree(app.widget) if isinstance(w, widgets.HTML) and APP_CSS in w.value]
        assert len(styles) == 1, (type(app).__name__, len(styles))
    assert "mod-active" in APP_CSS and "outline: 3px solid" in APP_CSS
    toggles = [rule for rule in APP_CSS.split("}") if "toggle-button" in rule or "mod-active" in rule]
    assert toggles and not any("font-weight" in r or "content:" in r for r in toggles)  # a label never grows and gets cut
    # a control that is off looks off, even the toggle chosen in it (its fill is !important)
    off = [rule for rule in APP_CSS.split("}") if ":disabled" in rule]
    assert off and all("opacity: 0.4 !important" in rule and "outline: none" in rule for rule in off)


def test_every_app_carries_the_touch_screen_style_and_a_desk_sees_none_of_it():
    """Every app's style holds the sizes for a finger (44 px targets, 16 px text, the classroom
    zoom counted), all inside media queries for a touch screen or a narrow one: a mouse on a wide
    screen (a desk, a projector) gets the apps as they were. Text set inline never falls under the
    touch screen's least (``text_size``), and is exactly its own size elsewhere."""
    import re

    from mjscore.views._style import FONT_SMALL, MIN_TEXT, TOUCH_CSS, style_tag, text_size

    assert TOUCH_CSS in style_tag()
    assert "calc(44px / var(--mjs-classroom-zoom, 1))" in TOUCH_CSS
    assert "calc(16px / var(--mjs-classroom-zoom, 1))" in TOUCH_CSS
    # a tick box is a whole target itself, not only with its label (the jokerless box was 26 px)
    assert re.search(r"input\[type=checkbox\] \{ width: var\(--mjs-tap\); height: var\(--mjs-tap\);", TOUCH_CSS)
    outside = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", TOUCH_CSS)
    assert not outside.strip() or re.fullmatch(r"(\s*/\*.*?\*/\s*)*", outside, re.S), outside
    assert set(re.findall(r"@media ([^{]+)\{", TOUCH_CSS)) == {
        "(pointer: coarse) ", "(pointer: coarse), (max-width: 640px) ", "(max-width: 640px) "}
    assert text_size("15px") == f"max(15px, {MIN_TEXT})" and MIN_TEXT in FONT_SMALL


def test_every_button_icon_is_one_of_our_own():
    """Font Awesome is not on every page (Voilà loads it from a CDN, which fails offline): every
    icon an app's button asks for is drawn by our own CSS, and the classroom template loads
    nothing from another host."""
    from mjscore.views._style import ICON_CSS, ICONS
    from mjscore.views.american.tournament_app import TournamentVsHomeApp
    from mjscore.views.night.scorekeeper_app import ScorekeeperApp
    from mjscore.views.practice.trainer_app import PracticeApp

    used = set()
    for make in (AmericanPaymentsApp, HandBuilderApp, lambda: DoublesApp(draw=False), GoulashClaimApp,
                 TournamentVsHomeApp, PracticeApp, lambda: ScorekeeperApp(journal="icons.csv")):
        used |= {w.icon for w in _tree(make().widget) if getattr(w, "icon", "")}
    assert used and used <= set(ICONS), used - set(ICONS)
    for name in ICONS:
        assert f"i.fa-{name} {{ --mjs-icon: url(" in ICON_CSS
    template = (Path(__file__).resolve().parents[2] / "voila" / "templates" / "classroom" / "index.html.j2").read_text()
    assert "replace('<link rel=\"stylesheet\" href=\"https://cdn.jsdelivr.net" in template


def test_every_app_says_what_to_do_where_its_widgets_are_not_running():
    """After a page reload JupyterLab shows an app's plain-text stand-in until its cell runs again,
    with the kernel still live: the stand-in names the app as a learner calls it and says to run
    the cell (it once said "PracticeApp: ... run the notebook in JupyterLab or Voila")."""
    import importlib
    import pkgutil

    import mjscore.views
    from mjscore.views._app import App

    for info in pkgutil.walk_packages(mjscore.views.__path__, "mjscore.views."):
        importlib.import_module(info.name)

    def every(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from every(sub)

    import sys

    # (the apps of mjscore's modules: not a class a doctest or a test makes on the way)
    apps = {cls for cls in every(App) if cls.__module__.startswith("mjscore.")
            and getattr(sys.modules[cls.__module__], cls.__name__, None) is cls}
    assert len(apps) >= 7
    for cls in apps:
        assert "title" in vars(cls) and cls.title.startswith("the "), cls.__name__
        text = object.__new__(cls).stand_in()
        verb = " appear" if cls.title_plural else " appears"  # "the lesson's questions appear"
        assert text.startswith(cls.title[0].upper() + cls.title[1:] + verb + " here when this cell runs")
        assert "Shift+Enter" in text and cls.__name__ not in text and "Voila" not in text


def test_results_are_announced_to_a_screen_reader():
    app = HandBuilderApp()
    assert 'aria-live="polite"' in app.headline.value
    app.sets[0]["tile"].value = "7B"
    assert 'role="alert"' in app.message.value and 'aria-live="polite"' in app.headline.value


def test_an_empty_table_says_so():
    """A table with nothing in it (a class that answered no lesson question yet) says "(none
    yet)" under its headers, not headers over nothing."""
    import pandas as pd

    from mjscore.views.tables import show

    html = show(pd.DataFrame(columns=["lesson", "question"]), label="the questions most got wrong").html
    assert html.count("<tr>") == 2 and "(none yet)" in html  # the headers, and one row that says so
    assert "(none yet)" not in show(pd.DataFrame({"lesson": [1]})).html
