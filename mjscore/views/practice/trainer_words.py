"""What the practice trainer's app says: the verdict on an answer, a played hand re-read, an
entry of the Played list, what Reset asks, where the progress is kept, and how typed figures
are read (:mod:`mjscore.views.practice.trainer_app` draws them).

Everything the learner typed is shown as text, never as HTML.
"""

from __future__ import annotations

from html import escape

from ...files.inputs import MAX_DIGITS, InputError, OutOfRange, keepable, shown, whole_number
from ...practice.played import Feedback, Played, asks
from ...practice.trainer import Trainer
from ...files.storage import where_kept
from .._style import ERROR, GOOD, MUTED, count, styled, text_size
from ..results import headline_html, score_html
from ..tiles import hand_html

__all__ = ["FONT", "RULES", "feedback_html", "played_entry", "reset_question", "review_html", "typed_answer",
           "where_html"]

#: 15 px, or 16 on a touch screen (:func:`~mjscore.views._style.text_size`).
FONT = f"font:{text_size('15px')} Verdana,Arial,sans-serif"
#: The house style of the trainer's words, by class (a later rule refines an earlier one); the
#: trainer's app (:mod:`.trainer_app`) draws with these classes too.
RULES = {
    ".mjs-trainer-text": FONT,
    ".mjs-trainer-where": f"{FONT};font-size:{text_size('13px')};color:{MUTED}",
    ".mjs-trainer-review": f"{FONT};border-top:1px solid #d8d2c2;margin-top:6px;padding-top:4px",
    ".mjs-trainer-muted": f"color:{MUTED}",
    ".mjs-trainer-line": "margin:4px 0",
    ".mjs-trainer-hints": "margin:6px 0",
    ".mjs-trainer-list": "margin:2px 0",
    ".mjs-trainer-right": f"color:{GOOD};font-weight:700",
    ".mjs-trainer-wrong": f"color:{ERROR};font-weight:700",
}


def _mark(ok: bool) -> str:
    return ('<span class="mjs-right mjs-trainer-right">✓ right</span>' if ok else
            '<span class="mjs-wrong mjs-trainer-wrong">✗ not quite</span>')


def feedback_html(f: Feedback) -> str:
    """The trainer's verdict on one answer, then the paper total, the score and the breakdown."""
    return styled(_feedback(f), RULES)


def _feedback(f: Feedback) -> str:
    """:func:`feedback_html` without its ``<style>`` (to go inside another piece)."""
    r = f.result
    parts = []
    if f.note:
        parts.append(f'<p class="mjs-practice-note mjs-trainer-muted mjs-trainer-line">{escape(f.note)}</p>')
    if f.shown:
        parts.append(f'<p class="mjs-shown mjs-trainer-line"><b>Shown:</b> {r.hand_points:,} hand points '
                     f'and {r.doubles} double{"s" * (r.doubles != 1)}. Revealing the answer counts as a miss.</p>')
    else:
        for what, given, right, ok in (("Hand points", f.points, r.hand_points, f.points_right),
                                       ("Doubles", f.doubles, r.doubles, f.doubles_right)):
            if given is None:  # not asked in this mode
                continue
            tail = "" if ok else f" — the hand has <b>{right:,}</b>"
            parts.append(f'<p class="mjs-trainer-line">{what}: you said {given:,} {_mark(ok)}{tail}</p>')
    parts.append(headline_html(r))
    if not r.minimum_met:
        parts.append(f'<p class="mjs-trainer-muted mjs-trainer-line">The hand pays nothing, but here are its real '
                     f'hand points, doubles and paper total, so you can see exactly how close you were to '
                     f'the {r.rules.minimum_doubles}.</p>')
    if f.hints:
        items = "".join(f"<li>{escape(h)}</li>" for h in f.hints)
        parts.append(f'<div class="mjs-practice-hints mjs-trainer-hints"><b>What you most likely '
                     f'missed</b><ul class="mjs-trainer-list">{items}</ul></div>')
    parts.append(score_html(r))
    return f'<div class="mjs-trainer-text">{"".join(parts)}</div>'


def played_entry(p: Played) -> str:
    """A played hand as the *Played* list names it: its number, the verdict on what was asked, the hand.

    The verdict comes first (on a phone the end of a long entry may be out of sight) and is
    ``right`` or ``missed`` on everything asked; what else is said follows in brackets, in words
    that cannot be read as a verdict: which figure was wrong, that the answer was shown, or that
    only one figure was asked.

    >>> from mjscore.practice.trainer import Played
    >>> hand = "+3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2"
    >>> played_entry(Played(1, hand, 28, 1, False, 28, 0))
    '1. missed (the doubles wrong): +3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2 seat=E round=E'
    >>> played_entry(Played(2, hand, 30, None, False, 28, 0, mode="points"))
    '2. missed (asked the hand points only): +3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2 seat=E round=E'
    >>> played_entry(Played(3, hand, None, 0, False, 28, 0, mode="doubles"))
    '3. right (asked the doubles only): +3Bx3 +5Cx3 +7Dx3 +4Bx3 6Cx2 seat=E round=E'
    """
    said = []
    if p.shown:
        said.append("shown")
    elif not p.right and p.mode == "both" and (p.points_right or p.doubles_right):
        said.append("the doubles wrong" if p.points_right else "the hand points wrong")
    if p.mode != "both":
        said.append(f"asked the {'hand points' if p.mode == 'points' else 'doubles'} only")
    brackets = f" ({'; '.join(said)})" if said else ""
    return f"{p.number}. {'right' if p.right else 'missed'}{brackets}: {p.hand}"


def reset_question(t: Trainer) -> str:
    """What Reset asks (HTML): everything it clears, named with its count, and what it keeps.

    The progress log also keeps the answers to the lessons' questions and the drills: Reset
    leaves them, and says so with their counts; the name it clears is theirs too.

    >>> import tempfile, pathlib
    >>> folder = tempfile.TemporaryDirectory()
    >>> t = Trainer(pathlib.Path(folder.name) / "practice.jsonl")
    >>> t.set_name("Ann")
    >>> _ = t.check(28, 0)
    >>> print(reset_question(t))
    <b>Start again?</b> This clears your name (Ann), which the drills and the lessons' questions use too, the 1 hand you played here and your tally. It keeps your answers to the lessons' questions (none yet) and in the drills (none yet). What it clears is kept, and <i>Bring back</i> restores it.
    >>> folder.cleanup()
    """
    n = t.tally.played
    kept = t.kept_by_reset()
    keeps = (f"It keeps your answers to the lessons' questions ({_answers(kept.questions)}) and in the drills "
             f"({_answers(kept.drills)}).")
    if not n and not t.name:
        return f"There is nothing to clear yet: no name, no hands played. {keeps}"
    name = (f"your name ({escape(t.name)}), which the drills and the lessons' questions use too, " if t.name
            else "")
    return (f"<b>Start again?</b> This clears {name}the {count(n)} hand{'s' * (n != 1)} you played here and "
            f"your tally. {keeps} What it clears is kept, and <i>Bring back</i> restores it.")


def _answers(n: int) -> str:
    return f"{count(n)} answered" if n else "none yet"


def where_html(t: Trainer) -> str:
    """Where the progress is kept, truthfully where this runs (:func:`mjscore.files.storage.where_kept`)."""
    saved = where_kept("your progress", t.path, download="Download my progress",
                       restore="Restore from a file") if t.saving else (
            "Your progress cannot be saved here: this session is kept in memory only. Press Download my "
            "progress before you leave.")
    return styled(f'<div class="mjs-trainer-where">{escape(saved)}</div>', RULES)


def typed_answer(mode: str, points: str, doubles: str) -> tuple[int | None, int | None] | str:
    """The figures typed in the answer boxes, as the trainer takes them, or what to ask the learner for.

    ``None`` stands for a figure the mode does not ask. Each box is read by
    :func:`mjscore.files.inputs.whole_number`, as the command line reads a number (spaces and thousands
    separators forgiven). The learner is asked again when a box asked for is empty, not a whole
    number of 0 or more, or longer than the progress log keeps (:func:`~mjscore.files.inputs.keepable`).

    >>> typed_answer("both", " 1,024 ", "3"), typed_answer("points", "40", ""), typed_answer("both", "", "3")
    ((1024, 3), (40, None), 'Type the hand points first (or press Show me).')
    """
    figures = []
    for text, asked, what in ((points, asks(mode)[0], "hand points"), (doubles, asks(mode)[1], "doubles")):
        if not asked:
            figures.append(None)
            continue
        typed = shown(text.strip(), 30)
        too_big = f"The {what} are a whole number of at most {MAX_DIGITS} digits: {typed!r} is too big."
        not_one = f"The {what} are a whole number, 0 or more: {typed!r} is not."
        try:
            n = whole_number(text, what)
        except OutOfRange:
            return too_big
        except InputError:
            return not_one
        if n is None:
            return f"Type the {what} first (or press Show me)."
        if n < 0:
            return not_one
        if not keepable(n):  # what the progress log could not read back
            return too_big
        figures.append(n)
    return tuple(figures)


def review_html(t: Trainer, number: int) -> str:
    """Played hand ``number`` re-read: the first answer given, the hand, the verdict and the breakdown."""
    f = t.review(number)
    if f.shown:
        said = "you pressed Show me"
    else:
        said = "you said " + " and ".join(f"{v:,} {what}{'s' * (v != 1)}" for v, what in (
            (f.points, "hand point"), (f.doubles, "double")) if v is not None)
    return styled(f'<div class="mjs-trainer-review">'
                  f'<p class="mjs-trainer-line"><b>Hand {number}</b>, re-read: {escape(said)} '
                  f'(your first answer; re-reading never changes the tally).</p>'
                  f'{hand_html(f.hand, size="sm")}{_feedback(f)}</div>', RULES)
