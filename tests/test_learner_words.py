"""Words a learner meets: every game word is explained where she first meets it, a sentence that
says how many is written from the figure, and a second answer is met with information, not a
warning.

**Game words.** The course is read as a learner reads it, lesson 1 to lesson 9 in order: each
lesson's markdown (without its generated navigation, and without its "What you will learn" list,
which only names what the lesson goes on to teach), each stored output, and each app the lesson
shows, built as a newcomer first sees it (its labels, menus, notes and tooltips, where the stored
notebook holds only a stand-in). :data:`GLOSSARY` names each game word and where it is explained;
the first time the word comes in the course (and in each lesson listed after the first, for a
lesson a learner may start at) it must be explained there: in its own sentence, the one before or
the one after, by the explanation the glossary quotes or by a link to the rule book; in an app,
anywhere in the app (a note or a tooltip beside the menu). A new use of a word before its
explanation, or an explanation rewritten away, fails here.

**Shares in words.** :func:`mjscore.numbers.share` and :func:`~mjscore.numbers.how_many` say a
share the way a reader does, from the figures, across every fraction. The lessons' markdown may
not say how many ("most", "a few", "about three in ten", "1 in 34") of a figure worked out by the
code: such a sentence is written by the code (as lesson 7's and lesson 9's are), and the few
sentences of the kind that speak of a rule or a model's own settings rather than a figure the code
works out are listed in :data:`SHARES_ALLOWED` with their reason.

**A second answer.** Nothing in ``mjscore`` says that an answer "stands" or that "this one is not
counted" after a second Check: :func:`mjscore.practice.played.answered_again` says what the tally keeps.
"""

from __future__ import annotations

import ast
import html
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from mjscore.numbers import how_many, share, times
from mjscore.practice.played import answered_again

from .test_learner_text import shown

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: The lessons, in the order a learner reads them (0 is the contents: it only names what comes).
LESSONS = ("01-american-who-pays", "02-willingdon-hand-points", "03-doubles-compound", "04-willingdon-faq",
           "05-playing-goulash", "06-tournament-vs-home", "07-practice", "08-scorekeeper", "09-how-rare")


@dataclass(frozen=True)
class Word:
    """A game word: how it is found in the text, and where it is explained (lesson number, the
    words that explain it), the first place being where the course first uses it."""

    name: str
    pattern: str
    explained: tuple[tuple[str, str], ...]


def word(name: str, pattern: str, *explained: tuple[str, str]) -> Word:
    return Word(name, pattern, explained)


#: Every game word of the course, and where it is explained.
GLOSSARY = (
    # American Mah Jongg: lesson 1 (and lesson 6, where the tournament track starts)
    word("the card", r"\bthe card\b", ("01", "the list of winning hands the National Mah Jongg League publishes")),
    word("card value", r"\bcard values?\b", ("01", "the figure printed beside it on the card")),
    word("discard", r"\bdiscard(?:s|ed)?\b", ("01", "another player has just thrown out")),
    word("thrower", r"\bthrowers?\b", ("01", "that player, the thrower")),
    word("the wall", r"\bthe wall\b", ("01", "the tiles still to be drawn")),
    word("self-drawn", r"\bself-drawn\b", ("01", "drew herself from the wall")),
    word("wall game", r"\bwall[- ]games?\b", ("01", "the wall runs out and nobody wins")),
    word("joker", r"\bjokers?\b", ("01", "the wild tiles of the American set")),
    word("jokerless", r"\bjokerless\b", ("01", "means the hand has no jokers in it")),
    word("section of the card", r"\bsections?\b", ("01", "the card groups its hands in sections")),
    word("Quints", r"\bQuints?\b", ("01", "sets of five alike")),
    word("Singles and Pairs", r"\bSingles and Pairs\b", ("01", "single tiles and pairs only")),
    word("joker exchange", r"\bjoker exchange\b", ("01", "takes a joker from an exposure")),
    word("Heavenly Hand", r"\bHeavenly Hand\b", ("01", "East, the dealer, is dealt a winning hand")),
    word("East", r"\bEast\b", ("01", "East, the dealer")),
    word("exposure", r"\bexposures?\b", ("01", "a set laid face up on the table"),
         ("06", "the sets she has laid face up on her rack")),
    word("going mah jongg", r"\b(?:go|goes|going|went|declares?|declared|declaring) mah ?jongg?\b",
         ("01", "calls out that her hand is complete")),
    word("dead hand", r"\bdead hands?\b|\bhand (?:is|was) dead\b", ("01", "it can no longer be completed")),
    word("bettor", r"\bbettors?\b|\bfifth player\b", ("01", "who sits out and backs one of the four")),
    word("unfinished game", r"\bunfinished games?\b", ("06", "time is called before anybody wins")),
    word("misnamed discard", r"\bmisnamed discards?\b", ("06", "called out by the wrong name as it is thrown")),
    # Willingdon and Goulash: lesson 2 on
    word("Goulash", r"\bGoulash\b", ("02", "the mahjong game the Willingdon rule book scores")),
    word("pung", r"\bpungs?\b", ("02", "a pung is three alike")),
    word("kong", r"\bkongs?\b", ("02", "a kong four alike")),
    word("flowers and seasons", r"\bflowers? (?:and|or) seasons?\b", ("02", "the eight bonus tiles")),
    word("rack", r"\brack\b", ("02", "the tiles the winner shows")),
    word("hand points", r"\bhand points\b", ("02", "Willingdon scoring adds up the hand points")),
    word("honours", r"\bhonours?\b", ("02", "the honours (winds and dragons)")),
    word("major", r"\bmajor\b", ("02", "Major tiles are the honours")),
    word("minor", r"\bminor\b", ("02", "minor tiles are the 2s to 8s")),
    word("suit", r"\bsuits?\b", ("02", "the three suits (Bamboo, Characters, Dots)")),
    word("exposed", r"\bexposed\b", ("02", "lies face up on the table, made with a tile claimed")),
    word("concealed", r"\bconcealed\b", ("02", "made from tiles the player drew herself")),
    word("seat", r"\bseats?\b|\bsitting\b", ("02", "sits at one of the four winds, her seat")),
    word("round", r"\b(?:East|South|West|North) round\b|\bthe round\b|\bround's\b",
         ("02", "a round named for a wind too")),
    word("own wind", r"\bown wind\b|\bown-wind\b", ("02", "your own wind (your seat's)")),
    word("own flower", r"\byour own flower\b|\bown flowers?\b", ("02", "its number is your seat's")),
    word("bouquet", r"\bbouquets?\b", ("02", "all four flowers, or all four seasons")),
    word("paper total", r"\bpaper total\b", ("02", "once for each double are the paper total")),
    word("Earth's Blessing", r"\bEarth's Blessing\b", ("02", "mahjong on the first tile discarded by East")),
    word("Heaven's Blessing", r"\bHeaven's Blessing\b", ("02", "East is dealt a mahjong")),
    word("Pure Hand", r"\bPure Hand\b", ("02", "one suit, no honours")),
    word("Royal Honour Hand", r"\bRoyal Honour\b", ("02", "winds and dragons only")),
    word("Heads & Tails Hand", r"\bHeads & Tails\b", ("02", "1s and 9s only")),
    word("All Major Hand", r"\bAll Major\b", ("02", "honours plus 1s and 9s, all from one suit")),
    word("Clean Hand", r"\bClean Hand\b", ("02", "one suit plus honours")),
    word("tier", r"\btiers?\b", ("04", "three of something, then four of it")),
    word("fishing", r"\bfishing\b", ("05", "one tile from going mahjong herself")),
    word("false mahjong", r"\bfalse mahjong\b", ("05", "declaring mahjong with a hand that is not complete")),
    word("flower wall", r"\bflower wall\b", ("05", "the tiles set aside at the end of the wall")),
)


# --------------------------------------------------------------------------- reading the course


_BLOCK_END = re.compile(r"(?i)</(?:p|tr|li|div|h\d|table|ul|ol|pre)>|<br\s*/?>")


def _html_blocks(text: str, *, lines: bool = False) -> str:
    """HTML as text, each row, paragraph or item of it a paragraph of its own (``lines``: the
    text's own line breaks kept too, as markdown's blank lines part its paragraphs)."""
    text = re.sub(r"(?is)<(style|script)[^>]*>.*?</\1>", " ", text)
    if not lines:
        text = " ".join(text.split())
    text = _BLOCK_END.sub("\n\n", text)
    return html.unescape(re.sub(r"(?s)<[^>]+>", " ", text))


def _markdown(text: str) -> str:
    """A markdown cell as a learner reads it, links kept (the rule book's counts as an explanation)."""
    text = re.sub(r"(?s)```.*?```", " ", text)
    text = re.sub(r"`[^`]*`", " code ", text)
    text = re.sub(r'(?m)^<small class="mjs-nav">.*$|^# \d+\. .*$', " ", text)  # the generated title and links
    text = re.sub(r"\[[^\]]*\b\d\. [^\]]*\]\((?:\./)?\d\d-[\w-]+\.ipynb[^)]*\)", " ", text)  # a lesson's title
    text = re.sub(r"(?ms)^(?:## What you will learn|\*\*What you will learn\*\*)\s*$.*?(?=^#|\Z)", " ", text)
    text = re.sub(r"(?m)^(?:#+ |[-*] |\d+\. |\|)", "\n\n", text)  # headings, items, rows: paragraphs
    return _html_blocks(text.replace("**", "").replace("*", ""), lines=True)


def sentences(text: str) -> list[str]:
    """The sentences of a text, paragraph by paragraph, whitespace made single."""
    out = []
    for para in re.split(r"\n\s*\n", text):
        para = " ".join(para.split())
        out += [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(“\"\[])", para) if s]
    return out


def _visible(sentence: str) -> str:
    return re.sub(r"\]\([^)]*\)", "]", sentence)


def _app(source: str, folder: Path):
    """The app a cell shows, built as a newcomer first sees it; None if the cell shows no app."""
    from mjscore.views.american.american_app import AmericanPaymentsApp
    from mjscore.views.american.tournament_app import TournamentVsHomeApp
    from mjscore.views.night.scorekeeper_app import ScorekeeperApp
    from mjscore.views.practice.drill_app import AmericanDrillApp, TournamentDrillApp
    from mjscore.views.practice.my_progress import ProgressView
    from mjscore.views.practice.question_app import your_turn
    from mjscore.views.willingdon.doubles_app import DoublesApp
    from mjscore.views.willingdon.goulash_app import GoulashClaimApp
    from mjscore.views.willingdon.hand_builder import HandBuilderApp
    from mjscore.views.practice.trainer_app import PracticeApp

    apps = {"AmericanPaymentsApp(": AmericanPaymentsApp, "AmericanDrillApp(": AmericanDrillApp,
            "TournamentDrillApp(": TournamentDrillApp, "HandBuilderApp(": HandBuilderApp, "DoublesApp(": DoublesApp,
            "GoulashClaimApp(": GoulashClaimApp, "PracticeApp(": PracticeApp, "ProgressView(": ProgressView,
            "TournamentVsHomeApp(": lambda: TournamentVsHomeApp(("Ann", "Bea", "Cat", "Dee")),
            "ScorekeeperApp(": lambda: ScorekeeperApp(journal=str(folder / "our-night.csv"))}
    for call, make in apps.items():
        if call in source:
            return make()
    if m := re.search(r"\byour_turn\((\d)\)", source):
        return your_turn(int(m.group(1)))
    return None


def app_text(widget) -> str:
    """Everything an app says: labels, menus, notes, tooltips and its HTML, one paragraph each."""
    import ipywidgets as widgets

    found = []

    def walk(w):
        for attr in ("description", "tooltip", "placeholder"):
            if isinstance(getattr(w, attr, None), str):
                found.append(getattr(w, attr))
        if isinstance(w, (widgets.HTML, widgets.Label, widgets.HTMLMath)):
            found.append(_html_blocks(w.value))
        found.extend(getattr(w, "_options_labels", ()))
        found.extend(t for t in getattr(w, "titles", ()) or () if t)
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget)
    return "\n\n".join(t for t in found if t and t.strip())


@dataclass(frozen=True)
class Block:
    """One piece of the course: a markdown cell, an output, or an app (read as a whole)."""

    lesson: str
    where: str
    text: str
    app: bool = False


def course(folder: Path) -> list[Block]:
    """The lessons as a learner meets them, in order."""
    blocks = []
    for name in LESSONS:
        nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
        for k, cell in enumerate(nb["cells"]):
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                blocks.append(Block(name[:2], f"cell {k}", _markdown(source)))
                continue
            for out in cell.get("outputs", []):
                if "application/vnd.jupyter.widget-view+json" in out.get("data", {}):
                    app = _app(source, folder)
                    assert app is not None, f"{name} cell {k} shows an app this scan cannot build: add it to _app"
                    blocks.append(Block(name[:2], f"cell {k} app", app_text(app.widget), app=True))
                else:
                    text = shown(out)
                    data = out.get("data", {})
                    if "text/html" in data or "image/svg+xml" in data:
                        text = _html_blocks("".join(data["text/html"] if "text/html" in data else data["image/svg+xml"]))
                    blocks.append(Block(name[:2], f"cell {k} output", text))
    return blocks


@pytest.fixture(scope="module")
def the_course(tmp_path_factory):
    import os

    folder = tmp_path_factory.mktemp("course")
    before = os.environ.get("MJSCORE_DATA_DIR")
    os.environ["MJSCORE_DATA_DIR"] = str(folder / "data")
    try:
        return course(folder)
    finally:
        if before is None:
            os.environ.pop("MJSCORE_DATA_DIR")
        else:
            os.environ["MJSCORE_DATA_DIR"] = before


def first_meeting(blocks: list[Block], w: Word, lesson: str | None = None):
    """Where the word first comes (in ``lesson``, or anywhere): (block, the sentences around it), or None."""
    pattern = re.compile(w.pattern, re.IGNORECASE)
    for b in blocks:
        if lesson is not None and b.lesson != lesson:
            continue
        if b.app:
            if pattern.search(b.text):
                return b, [b.text]
            continue
        said = sentences(b.text)
        for i, s in enumerate(said):
            if pattern.search(_visible(s)):
                return b, said[max(0, i - 1):i + 2]
    return None


def explains(around: list[str], explanation: str) -> bool:
    """Whether the sentences around a word explain it: the glossary's words, or a link to the rule book."""
    text = " ".join(around)
    return (" ".join(explanation.split()).lower() in " ".join(_visible(text).split()).lower()
            or "](rule-book.ipynb" in text)


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("w", GLOSSARY, ids=lambda w: w.name)
def test_every_game_word_is_explained_where_a_learner_first_meets_it(the_course, w):
    first = first_meeting(the_course, w)
    assert first is not None, f"{w.name!r} is not in the course: take it out of the glossary"
    block, _ = first
    assert block.lesson == w.explained[0][0], (
        f"{w.name!r} now first comes in lesson {block.lesson} ({block.where}), before lesson "
        f"{w.explained[0][0]} explains it: explain it there, or move the explanation")
    for lesson, explanation in w.explained:
        found = first_meeting(the_course, w, lesson)
        assert found is not None, f"{w.name!r} is not in lesson {lesson}"
        block, around = found
        assert explains(around, explanation), (
            f"lesson {lesson}, {block.where}: {w.name!r} is not explained where a learner meets it "
            f"(expected {explanation!r} around it, or a link to the rule book):\n" + "\n".join(around)[:1200])


def test_the_glossary_check_finds_an_unexplained_word_and_an_explained_one():
    w = word("bouquet", r"\bbouquets?\b", ("02", "all four flowers, or all four seasons"))
    bare = [Block("02", "cell 1", _markdown("A hand with a bouquet scores more. It is rare.\n\n"
                                            "All four flowers, or all four seasons."))]
    assert not explains(first_meeting(bare, w)[1], w.explained[0][1])  # two sentences later
    said = [Block("02", "cell 1", _markdown("A **bouquet** (all four flowers, or all four seasons) scores 3."))]
    assert explains(first_meeting(said, w)[1], w.explained[0][1])
    linked = [Block("02", "cell 1", _markdown("A bouquet scores 3 ([rule book](rule-book.ipynb#Willingdon-doubles))."))]
    assert explains(first_meeting(linked, w)[1], "nothing like this")
    learn = _markdown("Intro.\n\n## What you will learn\n\n- the bouquet\n\n## The rule\n\nText.")
    assert "bouquet" not in learn and "Text." in learn  # the list of what is to come is not a meeting
    nav = _markdown('# 2. Title\n\n<small class="mjs-nav">[5. Playing Goulash](05-playing-goulash.ipynb)</small>\n'
                    "\n---\n\n**Next:** [5. Playing Goulash](05-playing-goulash.ipynb)")
    assert "Goulash" not in nav


def test_the_course_is_read_whole(the_course):
    """A scan that read nothing would pass for the wrong reason: every lesson, its apps included."""
    assert {b.lesson for b in the_course} == {name[:2] for name in LESSONS}
    apps = [b for b in the_course if b.app]
    assert len(apps) >= 12 and all(len(b.text) > 40 for b in apps)
    payments = next(b for b in apps if b.lesson == "01")
    assert "by a joker exchange" in payments.text and "East, the dealer, is dealt a winning hand" in payments.text


# --------------------------------------------------------------------------- shares in words


def _said_share(words: str) -> Fraction:
    """The share a phrase of :func:`share` says, as a fraction."""
    numbers = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10}
    w = words.removeprefix("about ")
    if w in ("none", "all", "half"):
        return {"none": Fraction(0), "all": Fraction(1), "half": Fraction(1, 2)}[w]
    if w in ("nearly half", "just over half"):  # said of a share within a twentieth of a half
        return Fraction(1, 2) - Fraction(1, 40) if w == "nearly half" else Fraction(1, 2) + Fraction(1, 40)
    but = w.startswith("all but ")
    w = w.removeprefix("all but ").removeprefix("about ")
    k, n = (numbers.get(x) or int(x.replace(",", "")) for x in w.split(" in "))
    return 1 - Fraction(k, n) if but else Fraction(k, n)


@pytest.mark.parametrize("whole", [1, 2, 3, 4, 5, 7, 10, 12, 20, 33, 100, 500, 1_000, 5_000])
def test_a_share_in_words_says_its_figure(whole):
    """Across every fraction: exact when it does not say "about"; near when it does (one in so many
    within a tenth of the share, all but one in so many within a tenth of the rest, the others within
    a twentieth); never on the other side of a half; and a larger share never said smaller."""
    said_before = Fraction(0)
    for part in range(whole + 1):
        words, f = share(part, whole), Fraction(part, whole)
        said = _said_share(words)
        if "half" in words and words != "half":
            assert 0 < abs(f - Fraction(1, 2)) <= Fraction(1, 20), (part, whole, words)
        elif "about" not in words:
            assert said == f, (part, whole, words)
        elif words.startswith("all but"):
            assert 0 < abs(said - f) <= (1 - f) / 9, (part, whole, words)
        elif f <= Fraction(1, 5):
            assert 0 < abs(said - f) <= f / 9, (part, whole, words)
        else:
            assert 0 < abs(said - f) <= Fraction(1, 20), (part, whole, words)
        assert (said < Fraction(1, 2)) == (f < Fraction(1, 2)) or abs(f - Fraction(1, 2)) <= Fraction(1, 50), \
            (part, whole, words)
        assert said >= said_before - Fraction(1, 20), (part, whole, words)  # no step back past rounding
        said_before = said


def test_how_many_follows_the_share_and_never_says_a_few_of_a_fifth():
    words = [how_many(n, 1_000) for n in range(1_001)]
    order = ["none", "hardly any", "a few", "some", "nearly half", "about half", "more than half", "most",
             "almost all", "all"]
    assert [order.index(w) for w in words] == sorted(order.index(w) for w in words)
    assert set(words) == set(order)
    assert how_many(107, 500) != "a few" and how_many(393, 500) == "most"  # lesson 7's 393 of 500
    assert share(393, 500) == "about four in five" and share(107, 500) == "about one in five"


def test_shares_and_times_refuse_what_is_not_a_share():
    for part, whole in ((1, 0), (-1, 5), (6, 5), (1.5, 3), (True, 2)):
        with pytest.raises(ValueError):
            share(part, whole)
        with pytest.raises(ValueError):
            how_many(part, whole)
    assert times(3_008, 1_507) == "about twice" and times(40, 10) == "four times"
    with pytest.raises(ValueError):
        times(1, 2)


#: A share said in words: "most", "a few", "almost all", "hardly any", "rarely", "half of", "three in
#: ten", "1 in 34", "1-in-20".
_NUMBER = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d[\d,]*)"
SHARE_WORDS = re.compile(rf"(?i)(?<!at )\bmost\b(?! (?:likely|recent|games|winning)\b)|\ba few\b|\balmost all\b|"
                         rf"\bhardly (?:any|ever)\b|\brarely\b|\bbarely\b|\bhalf (?:of|the)\b|\bmajority\b|\bmostly\b|"
                         rf"\b(?:a|less than a) (?:third|quarter|fifth|tenth)\b(?! player| who)(?!,)|\b(?:twice|\w+ times) as (?:many|often)\b|"
                         rf"\b{_NUMBER} (?:\w+ )?in {_NUMBER}\b|\b1-in-\d+")

#: Sentences of the lessons' markdown that say how many, each with why it is not a figure the code
#: works out (lesson, words of the sentence, why).
SHARES_ALLOWED = (
    ("04", "Most other rule books give it 1", "what other rule books print, not a figure worked out here"),
    ("03", "four more points change the score by less than a tenth", "the rule book's two hands: 4 points on 54"),
    ("05", "at most one player can hold a pair", "a rule of the tiles (four of each)"),
    ("06", "The jokerless 20 is worth most on a", "the table's rule, against the card value"),
    ("06", "so half of what a thrower pays", "a rule: the thrower pays twice what another loser pays"),
    ("08", "the values are mostly 25, 30 and 35", "the made-up night's own settings (80% of its values)"),
    ("08", "one game in five is a wall game", "the made-up night's own setting: test_the_made_up_nights_settings"),
    ("08", "three wins in ten are", "the made-up night's own setting: test_the_made_up_nights_settings"),
    ("08", "jokerless hands are rare (one win in twenty)", "the made-up night's own setting: test_the_made_up_nights_settings"),
    ("08", "one hand in ten has a dead hand", "the made-up night's own setting: test_the_made_up_nights_settings"),
    ("08", "the thrower loses a few points", "the table's rule: 10 to 25 points, whatever the hand"),
    ("08", "A few more things worth knowing", "not a share"),
    ("07", "A few more things worth knowing", "not a share"),
    ("09", "one time in 8", "the model's own settings, stated before it runs (it prints them too)"),
    ("09", "one time in 2", "the model's own settings"),
    ("09", "one time in 4", "the model's own settings"),
    ("09", "once in many thousands of", "the model leaves blessings out: no figure is worked out"),
    ("09", "a score of 100,000 came about once in 6,500 hands", "quotes the million hands' figures copied below"),
    ("09", "Each point below with its figure", "not a share"),
)


def _shares_in_markdown() -> list[tuple[str, str]]:
    found = []
    for name in LESSONS:
        nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "markdown":
                for s in sentences(_markdown("".join(cell["source"]))):
                    if SHARE_WORDS.search(s):
                        found.append((name[:2], s))
    return found


def _allowed(lesson: str, sentence: str, m: re.Match) -> bool:
    """Whether the words ``m`` found lie inside an allowed phrase of that lesson's sentence."""
    for where, words, _why in SHARES_ALLOWED:
        at = sentence.find(words)
        if where == lesson and at >= 0 and at <= m.start() and m.end() <= at + len(words):
            return True
    return False


def test_a_sentence_that_says_how_many_is_written_from_the_figure():
    bad = [f"lesson {lesson}: {m.group()!r} in: {s}" for lesson, s in _shares_in_markdown()
           for m in SHARE_WORDS.finditer(s) if not _allowed(lesson, s, m)]
    assert not bad, ("these sentences say how many in the lesson's own words; write them from the figure "
                     "(mjscore.numbers.share, how_many) in the code that shows it:\n" + "\n".join(bad))


def test_the_share_scan_catches_the_words_it_was_written_for():
    for text in ("Most of them reach the minimum; a few do not.", "about 3 in 10 are paid at all",
                 "the doubles come mostly from flowers", "about a third of the wins", "twice as many hands pay",
                 "seven hands in ten end", "a 1-in-20 hand", "half of everything the throwers paid",
                 "barely one in eight", "hardly ever happen by chance"):
        assert SHARE_WORDS.search(text), text
    for text in ("at most one exposed set", "the rule you most likely missed", "the most recent is chosen",
                 "a fifth player, the bettor", "a fifth who sits out", "worth 25 (a quarter, at a table",
                 "Dee won the most games", "in 2 turns"):
        assert not SHARE_WORDS.search(text), text


# --------------------------------------------------------------------------- a second answer


def _strings(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value
        elif isinstance(node, ast.JoinedStr):
            yield node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)


WARNING = re.compile(r"(?i)\banswer\b[^.]*\bstands\b|\bthis one is not counted\b")


def test_a_second_answer_is_met_with_information_not_a_warning():
    bad = []
    for path in sorted((ROOT / "mjscore").rglob("*.py")):
        for line, text in _strings(ast.parse(path.read_text(encoding="utf-8"))):
            if WARNING.search(text):
                bad.append(f"{path.relative_to(ROOT)}:{line}: {text[:100]}")
    assert not bad, "say what the tally keeps (mjscore.practice.played.answered_again):\n" + "\n".join(bad)
    assert WARNING.search("Your first answer on this hand stands: this one is not counted.")
    for first in (True, False, None):
        for now in (True, False, None):
            note = answered_again("hand", first=first, now=now)
            assert not WARNING.search(note) and "not counted" not in note, note
    assert answered_again("hand", first=True, now=True) == (
        "Right again. Only your first answer on a hand counts toward your tally, and it was right.")
    assert "first answer" in answered_again("situation", first=False, now=False)


def test_the_made_up_nights_settings_are_said_as_share_says_them_and_its_hands_as_they_are():
    """Lesson 8 describes the school's made-up night by the settings it is made from, and asks
    about its hands by number: the words are those numbers.share gives the settings, and the
    hands asked about are what the lesson says they are."""
    import inspect

    from mjscore.night import simulate_night
    from mjscore.numbers import share

    nb = json.loads((NOTEBOOKS / "08-scorekeeper.ipynb").read_text(encoding="utf-8"))
    text = " ".join(" ".join("".join(c["source"]).split()) for c in nb["cells"] if c["cell_type"] == "markdown")
    said = {name: share(round(p.default * 100), 100)
            for name, p in inspect.signature(simulate_night).parameters.items()
            if name in ("wall", "self_drawn", "jokerless", "dead")}
    assert said == {"wall": "one in five", "self_drawn": "three in ten", "jokerless": "1 in 20", "dead": "one in ten"}
    for words in ("one game in five is a wall game", "three wins in ten are self-drawn",
                  "one win in twenty", "one hand in ten has a dead hand"):
        assert words in text, words
    school = simulate_night(["Ann", "Bea", "Cat", "Dee"], hands=20, seed=2)
    for n in (10, 12):  # "Hand 10 is Singles and Pairs, declared jokerless, yet no jokerless double was paid"
        hand = school.lines[n - 1]
        assert hand.entry.category == "singles-and-pairs" and hand.entry.jokerless
        assert "(no double for this section)" in hand.text and hand.payments[hand.entry.winner] == (
            6 if hand.entry.how == "self-drawn" else 4) * hand.value  # not doubled
    assert school.lines[11].entry.dead == ("Dee",)  # "In hand 12 Dee's hand was dead"
    assert "Hand 10 is Singles and Pairs, declared jokerless" in text and "In hand 12 Dee's hand was dead" in text
