"""The practice app: a hand is dealt, you say its hand points and doubles, the trainer marks
them and shows the whole breakdown. Your name, the hands you played and your tally are saved on
this machine (see :mod:`mjscore.willingdon.trainer`), so they are still there after a kernel restart.

All the state is in a :class:`~mjscore.willingdon.trainer.Trainer`; the app only draws it and passes the
clicks on. Everything the learner typed is shown as text, never as HTML.

CSS classes of the parts (for browser tests):

=========================== ===========================================================
``mjs-practice``            the whole app (``.widget``)
``mjs-practice-session``    the session card: name, tally, Reset
``mjs-practice-name``       Text: the learner's name (saved on Enter or leaving the box)
``mjs-practice-greeting``   HTML: "Playing as NAME" (the name escaped)
``mjs-practice-tally``      HTML: the running tally, one line per mode played
``mjs-practice-reset``      Button: Reset (asks first: see ``confirm``)
``mjs-practice-confirm``    Box: "Clear ...?" with ``mjs-practice-clear`` (yes) and ``mjs-practice-keep`` (no)
``mjs-practice-bring-back`` Button: bring back what the last Reset cleared (shown while it is kept)
``mjs-practice-notice``     HTML: notices from the trainer (a progress file set aside, not saved)
``mjs-practice-mode``       ToggleButtons: both figures, hand points only, doubles only
``mjs-practice-where``      HTML: where the progress is kept (and that nothing is sent anywhere)
``mjs-practice-download``   Button: prepare a download link of the progress file
``mjs-practice-link``       HTML: the download link (a data URI; nothing leaves the machine)
``mjs-practice-upload``     FileUpload: restore the progress from a downloaded file
``mjs-practice-number``     HTML: which hand this is, "Hand 3"
``mjs-practice-hand``       HTML: the hand on the table, drawn with our tiles
``mjs-practice-points``     Text: your hand points (empty until you type)
``mjs-practice-doubles``    Text: your doubles (empty until you type)
``mjs-practice-check``      Button: Check
``mjs-practice-show``       Button: Show me (reveals the answer; counts as a miss)
``mjs-practice-next``       Button: Next hand (enabled once the hand is answered)
``mjs-practice-feedback``   HTML: right or not, the paper total, the score, the breakdown
``mjs-practice-played``     Select: the last 50 hands played; choose one to re-read it
``mjs-practice-review``     HTML: the played hand chosen, re-read (the tally never changes)
=========================== ===========================================================

>>> import tempfile, pathlib
>>> from mjscore.willingdon.trainer import Trainer
>>> folder = tempfile.TemporaryDirectory()
>>> app = PracticeApp(Trainer(pathlib.Path(folder.name) / "practice.jsonl"))
>>> app.name.value = "<b>Ann</b>"
>>> "&lt;b&gt;Ann&lt;/b&gt;" in app.greeting.value, "<b>Ann</b>" in app.greeting.value
(True, False)
>>> app.check.click()                       # nothing typed yet: asked for, nothing recorded
>>> "Type the hand points" in app.feedback.value, app.trainer.tally.played
(True, 0)
>>> app.points.value, app.doubles.value = "28", "0"
>>> app.check.click()
>>> "mjs-right" in app.feedback.value, app.trainer.tally.right
(True, 1)
>>> app.next.click()
>>> app.show.click()
>>> app.trainer.tally.played, app.trainer.tally.right, app.trainer.tally.shown
(2, 1, 1)
>>> app.reset.click()                       # Reset asks first
>>> app.trainer.tally.played, app.confirm.widget.layout.display
(2, '')
>>> app.clear.click()                       # cleared, and kept aside
>>> app.trainer.tally.played, app.bring_back.description
(0, 'Bring back the progress set aside (<b>Ann</b>, 2 hands played)')
>>> app.bring_back.click()
>>> app.trainer.tally.played, app.name.value
(2, '<b>Ann</b>')
>>> folder.cleanup()
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

import ipywidgets as widgets

from ...inputs import MAX_DIGITS, InputError, OutOfRange, keepable, shown, whole_number
from ...willingdon.trainer import Feedback, Played, Trainer, TrainerError
from ...willingdon.trainer.records import asks
from .._app import App, classed
from .._controls import AskFirst, number_box, upload_button
from .._kept import download_html, nothing_kept_html
from .._style import ERROR, GOOD, MUTED, count, text_size
from ..panels import error_html, headline_html, score_html
from ..tiles import hand_html

__all__ = ["PracticeApp", "played_entry", "reset_question", "review_html", "typed_answer"]

#: 15 px, or 16 on a touch screen (:func:`~mjscore.views._style.text_size`).
_FONT = f"font:{text_size('15px')} Verdana,Arial,sans-serif"
_RAMP = 6
#: The played hands listed for re-reading (the latest ones): the list is redrawn on a click.
_LISTED = 50
#: Said above the verdict when Check is pressed again on a hand answered (or shown) with nothing new typed.
ALREADY_ANSWERED = "This hand is already answered: here is its answer again. Press Next hand for a new one."
_MODE_LABELS = {"both": "Points and doubles", "points": "Hand points only", "doubles": "Doubles only"}


def _mark(ok: bool) -> str:
    return (f'<span class="mjs-right" style="color:{GOOD};font-weight:700">✓ right</span>' if ok else
            f'<span class="mjs-wrong" style="color:{ERROR};font-weight:700">✗ not quite</span>')


def feedback_html(f: Feedback) -> str:
    """The trainer's verdict on one answer, then the paper total, the score and the breakdown."""
    r = f.result
    parts = []
    if f.note:
        parts.append(f'<p class="mjs-practice-note" style="color:{MUTED};margin:4px 0">{escape(f.note)}</p>')
    if f.shown:
        parts.append(f'<p class="mjs-shown" style="margin:4px 0"><b>Shown:</b> {r.hand_points:,} hand points '
                     f'and {r.doubles} double{"s" * (r.doubles != 1)}. Revealing the answer counts as a miss.</p>')
    else:
        for what, given, right, ok in (("Hand points", f.points, r.hand_points, f.points_right),
                                       ("Doubles", f.doubles, r.doubles, f.doubles_right)):
            if given is None:  # not asked in this mode
                continue
            tail = "" if ok else f" — the hand has <b>{right:,}</b>"
            parts.append(f'<p style="margin:4px 0">{what}: you said {given:,} {_mark(ok)}{tail}</p>')
    parts.append(headline_html(r))
    if not r.minimum_met:
        parts.append(f'<p style="color:{MUTED};margin:4px 0">The hand pays nothing, but here are its real hand '
                     f'points, doubles and paper total, so you can see exactly how close you were to '
                     f'the {r.rules.minimum_doubles}.</p>')
    if f.hints:
        items = "".join(f"<li>{escape(h)}</li>" for h in f.hints)
        parts.append(f'<div class="mjs-practice-hints" style="margin:6px 0"><b>What you most likely '
                     f'missed</b><ul style="margin:2px 0">{items}</ul></div>')
    parts.append(score_html(r))
    return f'<div style="{_FONT}">{"".join(parts)}</div>'


def played_entry(p: Played) -> str:
    """A played hand as the *Played* list names it: its number, the verdict on what was asked, the hand.

    The verdict comes first (on a phone the end of a long entry may be out of sight) and is
    ``right`` or ``missed`` on everything asked; what else is said follows in brackets, in words
    that cannot be read as a verdict: which figure was wrong, that the answer was shown, or that
    only one figure was asked.

    >>> from mjscore.willingdon.trainer import Played
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
    """Where the progress is kept, truthfully, in one short paragraph."""
    saved = (f"Your progress is kept on this machine only, in the file <code>{escape(t.path.name)}</code> "
             f"in your mjscore data folder; nothing is sent anywhere.") if t.saving else (
             "Your progress cannot be saved here: this session is kept in memory only.")
    return (f'<div style="{_FONT};font-size:{text_size("13px")};color:{MUTED}">{saved} On a Binder it disappears with '
            f'the session: download it before you leave, and upload it next time to carry on.</div>')


def typed_answer(mode: str, points: str, doubles: str) -> tuple[int | None, int | None] | str:
    """The figures typed in the answer boxes, as the trainer takes them, or what to ask the learner for.

    ``None`` stands for a figure the mode does not ask. Each box is read by
    :func:`mjscore.inputs.whole_number`, as the command line reads a number (spaces and thousands
    separators forgiven). The learner is asked again when a box asked for is empty, not a whole
    number of 0 or more, or longer than the progress log keeps (:func:`~mjscore.inputs.keepable`).

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
    return (f'<div style="{_FONT};border-top:1px solid #d8d2c2;margin-top:6px;padding-top:4px">'
            f'<p style="margin:4px 0"><b>Hand {number}</b>, re-read: {escape(said)} '
            f'(your first answer; re-reading never changes the tally).</p>'
            f'{hand_html(f.hand, size="sm")}{feedback_html(f)}</div>')


class PracticeApp(App):
    """The practice trainer as a widget app (see the module notes for the parts).

    ``trainer``: the session to show; by default a :class:`~mjscore.willingdon.trainer.Trainer` on the
    learner's own progress file.
    """

    title = "the practice trainer"

    def __init__(self, trainer: Trainer | None = None) -> None:
        self.trainer = trainer if trainer is not None else Trainer()
        label = {"description_width": "7em"}
        self.name = classed(widgets.Text(description="Your name", placeholder="type it and press Enter",
                                         continuous_update=False, style=label,
                                         layout=widgets.Layout(width="24em")), "mjs-practice-name")
        self.greeting = classed(widgets.HTML(), "mjs-practice-greeting")
        self.tally = classed(widgets.HTML(), "mjs-practice-tally")
        self.reset = classed(widgets.Button(description="Reset", icon="trash",
                                            tooltip="Start again: clears the name, the hands played and the tally "
                                                    "(asks first, and keeps them to bring back); the drills and "
                                                    "the lessons' questions are kept",
                                            layout=widgets.Layout(width="8em")), "mjs-practice-reset")
        self.confirm = AskFirst(box="mjs-practice-confirm", yes="mjs-practice-clear", no="mjs-practice-keep")
        self.clear, self.keep = self.confirm.yes, self.confirm.no
        self.bring_back = classed(widgets.Button(icon="undo", layout=widgets.Layout(width="auto", display="none",
                                                                                    align_self="flex-start"),
                                                 tooltip="Bring back the progress a Reset set aside (what is here "
                                                         "now is set aside in its place, so nothing is lost)"),
                                  "mjs-practice-bring-back")
        self.notice = classed(widgets.HTML(), "mjs-practice-notice")
        self.number = classed(widgets.HTML(), "mjs-practice-number")
        self.hand = classed(widgets.HTML(), "mjs-practice-hand")
        self.points = number_box("Hand points", "mjs-practice-points", placeholder="type a number", style=label,
                                 width="16em")
        self.doubles = number_box("Doubles", "mjs-practice-doubles", placeholder="type a number", style=label,
                                  width="16em")
        self.check = classed(widgets.Button(description="Check", button_style="primary",
                                            layout=widgets.Layout(width="8em")), "mjs-practice-check")
        self.show = classed(widgets.Button(description="Show me", tooltip="Reveal the answer (counts as a miss)",
                                           layout=widgets.Layout(width="8em")), "mjs-practice-show")
        self.next = classed(widgets.Button(description="Next hand", icon="arrow-right",
                                           layout=widgets.Layout(width="9em")), "mjs-practice-next")
        self.feedback = classed(widgets.HTML(), "mjs-practice-feedback")
        self.played = classed(widgets.Select(options=[], rows=6, description="Played",
                                             style={"description_width": "7em"},
                                             layout=widgets.Layout(width="auto", max_width="100%")), "mjs-practice-played")
        self.review = classed(widgets.HTML(), "mjs-practice-review")
        self.mode = classed(widgets.ToggleButtons(options=[(label, m) for m, label in _MODE_LABELS.items()],
                                                  value=self.trainer.mode, description="Practise",
                                                  style={"description_width": "7em", "button_width": "11em"}),
                            "mjs-practice-mode")
        self.where = classed(widgets.HTML(), "mjs-practice-where")
        self.download = classed(widgets.Button(description="Download my progress", icon="download",
                                               layout=widgets.Layout(width="17em")), "mjs-practice-download")
        self.link = classed(widgets.HTML(), "mjs-practice-link")
        self.upload = upload_button("Restore from a file", accept=".jsonl,.json", css="mjs-practice-upload")
        session = classed(widgets.VBox(
            [widgets.HBox([self.name, self.reset]), self.confirm.widget, self.bring_back, self.greeting, self.tally,
             self.mode, self.where, widgets.HBox([self.download, self.upload, self.link])],
            layout=widgets.Layout(border="1px solid #d8d2c2", padding="6px", margin="0 0 8px 0")),
            "mjs-practice-session")
        self.widget = classed(widgets.VBox([
            session, self.notice, self.number, self.hand,
            widgets.HBox([self.points, self.doubles]),
            widgets.HBox([self.check, self.show, self.next]),
            self.feedback, self.played, self.review,
        ]), "mjs-practice")
        self.download.on_click(self._on_download)
        self.upload.observe(self._on_upload, "value")
        self.watch(self.mode, on_change=self._on_mode)
        self.name.observe(self._on_name, "value")
        self.check.on_click(self._on_check)
        self.show.on_click(self._on_show)
        self.next.on_click(self._on_next)
        self.reset.on_click(self._on_reset)
        self.bring_back.on_click(self._on_bring_back)
        self.played.observe(self._on_played, "value")
        with self._quietly():
            self.name.value = self.trainer.name
        # where the browser keeps nothing, said at once (the download is in the session card)
        self.notice.value = nothing_kept_html("your progress", "press Download my progress before you leave")
        if self.trainer.answered:  # restored mid-hand: show the answer already given
            self.feedback.value = feedback_html(self.trainer.review(self.trainer.current_number))
        self.refresh()

    # ---------------------------------------------------------------- reactions

    def _on_name(self, change) -> None:
        if self._busy:
            return
        self.trainer.set_name(change["new"])
        self.refresh()

    def _on_check(self, _button=None) -> None:
        answer = typed_answer(self.trainer.mode, self.points.value, self.doubles.value)
        if isinstance(answer, str) and self.trainer.answered:  # a stray Check: the verdict stays shown
            self.feedback.value = feedback_html(replace(self.trainer.review(self.trainer.current_number),
                                                        note=ALREADY_ANSWERED))
            return
        if isinstance(answer, str):  # nothing is recorded: the learner is asked again
            self.feedback.value = error_html(answer)
            return
        try:
            f = self.trainer.check(*answer)
        except TrainerError as e:
            self.feedback.value = error_html(e)
        else:
            self.feedback.value = feedback_html(f)
        self.refresh()

    def _on_show(self, _button=None) -> None:
        self.feedback.value = feedback_html(self.trainer.show_me())
        self.refresh()

    def _on_next(self, _button=None) -> None:
        try:
            self.trainer.next()
        except TrainerError as e:
            self.feedback.value = error_html(e)
        else:
            self.feedback.value = ""
            with self._quietly():
                self.points.value = self.doubles.value = ""
        self.refresh()

    def _on_reset(self, _button=None) -> None:
        """Reset asks first, saying what it will clear, what it keeps, and that it can be brought back."""
        t = self.trainer
        t.reload()  # the drills or the lessons' questions may have been answered in another notebook
        question = f'<div role="alert" style="{_FONT}">{reset_question(t)}</div>'
        if t.tally.played or t.name:
            self.confirm.ask(question, self._clear_all, yes="Yes, clear them", no="No, keep them")
        else:
            self.confirm.ask(question, None, no="OK")

    def _clear_all(self) -> None:
        self.trainer.reset()
        with self._quietly():
            self.name.value = ""
            self.points.value = self.doubles.value = ""
        self.feedback.value = self.review.value = ""
        self.refresh()

    def _on_bring_back(self, _button=None) -> None:
        try:
            self.trainer.bring_back()
        except TrainerError as e:
            self.show_error(self.notice, e)
        else:
            self.notice.value = ""
            with self._quietly():
                self.points.value = self.doubles.value = ""
            self.feedback.value = self.review.value = ""
            if self.trainer.answered:
                self.feedback.value = feedback_html(self.trainer.review(self.trainer.current_number))
        self.refresh()

    def _on_mode(self, change) -> None:
        self.trainer.set_mode(change["new"])
        self.refresh()

    def _on_download(self, _button=None) -> None:
        """A link to the progress file as a data URI: the browser saves it; nothing is sent."""
        link = download_html(self.trainer.path.name, self.trainer.export_bytes(), "application/x-ndjson")
        self.link.value = f'<span style="{_FONT}">Ready: {link}</span>'

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        try:
            self.trainer.restore(bytes(files[0]["content"]))
        except TrainerError as e:
            self.show_error(self.notice, e)
        else:
            self.notice.value = (f'<div style="{_FONT}">Your progress from {escape(files[0]["name"])} is '
                                 f'restored.</div>')
            self.feedback.value = self.review.value = self.link.value = ""
        self.refresh()

    def _on_played(self, change) -> None:
        if self._busy:
            return
        self.show_played(change["new"])

    def show_played(self, number: int | None) -> None:
        """Re-read played hand ``number`` in the review pane (``None`` empties it)."""
        self.review.value = "" if number is None else review_html(self.trainer, number)

    # ---------------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Redraw everything from the trainer's state."""
        t = self.trainer
        name = t.name
        if name != self.name.value:
            with self._quietly():
                self.name.value = name
        self.greeting.value = (f'<div style="{_FONT}">Playing as <b>{escape(name)}</b></div>' if name else
                               f'<div style="{_FONT};color:{MUTED}">Type your name to keep your progress '
                               f'under it.</div>')
        if t.tally.played:
            lines = "".join(f'<div><b>{escape(_MODE_LABELS[m])}: {x.right} of {x.played} right</b> · '
                            f'{x.missed} missed ({x.shown} shown)</div>' for m, x in t.tallies.items())
            both = t.tallies.get("both")
            if both:
                lines += (f'<div style="color:{MUTED}">with both figures asked: hand points right '
                          f'{both.points_right}, doubles right {both.doubles_right}</div>')
            self.tally.value = f'<div role="status" aria-live="polite" style="{_FONT}">{lines}</div>'
        else:
            self.tally.value = f'<div style="{_FONT};color:{MUTED}">No hands played yet.</div>'
        if self.mode.value != t.mode:
            with self._quietly():
                self.mode.value = t.mode
        ask_points, ask_doubles = asks(t.mode)
        self.points.layout.display = "" if ask_points else "none"
        self.doubles.layout.display = "" if ask_doubles else "none"
        self.where.value = where_html(t)
        messages = t.take_messages()
        if messages:
            self.notice.value = "".join(error_html(m) for m in messages)
        self.upload.disabled = not t.saving
        kept = t.cleared()
        if kept is None:
            self.bring_back.layout.display = "none"
        else:
            n = kept.tally.played
            who = f"{kept.name}, " if kept.name else "no name, "
            self.bring_back.description = (f"Bring back the progress set aside ({who}{count(n)} "
                                           f"hand{'s' * (n != 1)} played)")
            self.bring_back.layout.display = ""
        n = t.current_number
        warm = f" (warm-up hand {n} of {_RAMP})" if n <= _RAMP else ""
        state = " — answered: press Next hand" if t.answered else ""
        self.number.value = f'<div style="{_FONT}"><b>Hand {n}</b>{escape(warm)}{escape(state)}</div>'
        self.hand.value = hand_html(t.current_hand)
        self.next.disabled = not t.answered
        # the verdict first: on a phone the end of a long entry may be out of sight
        options = [(played_entry(p), p.number) for p in t.latest(_LISTED)]
        if list(self.played.options) != options:
            chosen = self.played.value
            with self._quietly():
                self.played.options = options
                self.played.value = chosen if chosen in {n for _, n in options} else None
            if self.played.value is None:
                self.review.value = ""
