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
``mjs-practice-tally``      HTML: the running tally, "7 of 10 right ..."
``mjs-practice-reset``      Button: Reset (clears name, hands and tally at once)
``mjs-practice-notice``     HTML: notices from the trainer (a progress file set aside)
``mjs-practice-number``     HTML: which hand this is, "Hand 3"
``mjs-practice-hand``       HTML: the hand on the table, drawn with our tiles
``mjs-practice-points``     IntText: your hand points
``mjs-practice-doubles``    IntText: your doubles
``mjs-practice-check``      Button: Check
``mjs-practice-show``       Button: Show me (reveals the answer; counts as a miss)
``mjs-practice-next``       Button: Next hand (enabled once the hand is answered)
``mjs-practice-feedback``   HTML: right or not, the paper total, the score, the breakdown
``mjs-practice-played``     Select: the played hands; choose one to re-read it
``mjs-practice-review``     HTML: the played hand chosen, re-read (the tally never changes)
=========================== ===========================================================

>>> import tempfile, pathlib
>>> from mjscore.willingdon.trainer import Trainer
>>> folder = tempfile.TemporaryDirectory()
>>> app = PracticeApp(Trainer(pathlib.Path(folder.name) / "practice.json"))
>>> app.name.value = "<b>Ann</b>"
>>> "&lt;b&gt;Ann&lt;/b&gt;" in app.greeting.value, "<b>Ann</b>" in app.greeting.value
(True, False)
>>> app.points.value, app.doubles.value = 28, 0
>>> app.check.click()
>>> "mjs-right" in app.feedback.value, app.trainer.tally.right
(True, 1)
>>> app.next.click()
>>> app.show.click()
>>> app.trainer.tally.played, app.trainer.tally.right, app.trainer.tally.shown
(2, 1, 1)
>>> folder.cleanup()
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...willingdon.trainer.session import Feedback, Trainer, TrainerError
from .._app import App, classed
from ..panels import error_html, headline_html, score_html
from ..tiles import hand_html

__all__ = ["PracticeApp"]

_FONT = "font:15px Verdana,Arial,sans-serif"
_GOOD, _BAD, _MUTED = "#17703a", "#9b1c1c", "#6b6452"
_RAMP = 6


def _mark(ok: bool) -> str:
    return (f'<span class="mjs-right" style="color:{_GOOD};font-weight:700">✓ right</span>' if ok else
            f'<span class="mjs-wrong" style="color:{_BAD};font-weight:700">✗ not quite</span>')


def feedback_html(f: Feedback) -> str:
    """The trainer's verdict on one answer, then the paper total, the score and the breakdown."""
    r = f.result
    parts = []
    if f.note:
        parts.append(f'<p class="mjs-practice-note" style="color:{_MUTED};margin:4px 0">{escape(f.note)}</p>')
    if f.shown:
        parts.append(f'<p class="mjs-shown" style="margin:4px 0"><b>Shown:</b> {r.hand_points:,} hand points '
                     f'and {r.doubles} doubles. Revealing the answer counts as a miss.</p>')
    else:
        for what, given, right, ok in (("Hand points", f.points, r.hand_points, f.points_right),
                                       ("Doubles", f.doubles, r.doubles, f.doubles_right)):
            tail = "" if ok else f" — the hand has <b>{right:,}</b>"
            parts.append(f'<p style="margin:4px 0">{what}: you said {given:,} {_mark(ok)}{tail}</p>')
    parts.append(headline_html(r))
    if not r.minimum_met:
        parts.append(f'<p style="color:{_MUTED};margin:4px 0">The hand pays nothing, but here are its real hand '
                     f'points, doubles and paper total, so you can see exactly how close you were to '
                     f'the {r.rules.minimum_doubles}.</p>')
    if f.hints:
        items = "".join(f"<li>{escape(h)}</li>" for h in f.hints)
        parts.append(f'<div class="mjs-practice-hints" style="margin:6px 0"><b>What you most likely '
                     f'missed</b><ul style="margin:2px 0">{items}</ul></div>')
    parts.append(score_html(r))
    return f'<div style="{_FONT}">{"".join(parts)}</div>'


def _verdict(p) -> str:
    if p.shown:
        return "shown"
    if p.right:
        return "right"
    return "points right" if p.points_right else "doubles right" if p.doubles_right else "missed"


class PracticeApp(App):
    """The practice trainer as a widget app (see the module notes for the parts).

    ``trainer``: the session to show; by default a :class:`~mjscore.willingdon.trainer.Trainer` on the
    learner's own progress file.
    """

    def __init__(self, trainer: Trainer | None = None) -> None:
        self.trainer = trainer if trainer is not None else Trainer()
        label = {"description_width": "7em"}
        self.name = classed(widgets.Text(description="Your name", placeholder="type it and press Enter",
                                         continuous_update=False, style=label,
                                         layout=widgets.Layout(width="24em")), "mjs-practice-name")
        self.greeting = classed(widgets.HTML(), "mjs-practice-greeting")
        self.tally = classed(widgets.HTML(), "mjs-practice-tally")
        self.reset = classed(widgets.Button(description="Reset", icon="trash",
                                            tooltip="Forget the name, the hands played and the tally",
                                            layout=widgets.Layout(width="8em")), "mjs-practice-reset")
        self.notice = classed(widgets.HTML(), "mjs-practice-notice")
        self.number = classed(widgets.HTML(), "mjs-practice-number")
        self.hand = classed(widgets.HTML(), "mjs-practice-hand")
        self.points = classed(widgets.IntText(value=0, description="Hand points", style=label,
                                              layout=widgets.Layout(width="14em")), "mjs-practice-points")
        self.doubles = classed(widgets.IntText(value=0, description="Doubles", style=label,
                                               layout=widgets.Layout(width="14em")), "mjs-practice-doubles")
        self.check = classed(widgets.Button(description="Check", button_style="primary",
                                            layout=widgets.Layout(width="8em")), "mjs-practice-check")
        self.show = classed(widgets.Button(description="Show me", tooltip="Reveal the answer (counts as a miss)",
                                           layout=widgets.Layout(width="8em")), "mjs-practice-show")
        self.next = classed(widgets.Button(description="Next hand", icon="arrow-right",
                                           layout=widgets.Layout(width="9em")), "mjs-practice-next")
        self.feedback = classed(widgets.HTML(), "mjs-practice-feedback")
        self.played = classed(widgets.Select(options=[], rows=6, description="Played",
                                             style={"description_width": "7em"},
                                             layout=widgets.Layout(width="46em")), "mjs-practice-played")
        self.review = classed(widgets.HTML(), "mjs-practice-review")
        session = classed(widgets.VBox(
            [widgets.HBox([self.name, self.reset]), self.greeting, self.tally],
            layout=widgets.Layout(border="1px solid #d8d2c2", padding="6px", margin="0 0 8px 0")),
            "mjs-practice-session")
        self.widget = classed(widgets.VBox([
            session, self.notice, self.number, self.hand,
            widgets.HBox([self.points, self.doubles]),
            widgets.HBox([self.check, self.show, self.next]),
            self.feedback, self.played, self.review,
        ]), "mjs-practice")
        self.name.observe(self._on_name, "value")
        self.check.on_click(self._on_check)
        self.show.on_click(self._on_show)
        self.next.on_click(self._on_next)
        self.reset.on_click(self._on_reset)
        self.played.observe(self._on_played, "value")
        with self._quietly():
            self.name.value = self.trainer.name
        if self.trainer.answered:  # restored mid-hand: show the answer already given
            p = self.trainer.played[-1]
            self.feedback.value = feedback_html(self.trainer.review(p.number))
        self.refresh()

    # ---------------------------------------------------------------- reactions

    def _on_name(self, change) -> None:
        if self._busy:
            return
        self.trainer.set_name(change["new"])
        self.refresh()

    def _on_check(self, _button=None) -> None:
        try:
            f = self.trainer.check(self.points.value, self.doubles.value)
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
                self.points.value = self.doubles.value = 0
        self.refresh()

    def _on_reset(self, _button=None) -> None:
        self.trainer.reset()
        with self._quietly():
            self.name.value = ""
            self.points.value = self.doubles.value = 0
        self.feedback.value = self.review.value = ""
        self.refresh()

    def _on_played(self, change) -> None:
        if self._busy:
            return
        self.show_played(change["new"])

    def show_played(self, number: int | None) -> None:
        """Re-read played hand ``number`` in the review pane (``None`` empties it)."""
        if number is None:
            self.review.value = ""
            return
        f = self.trainer.review(number)
        p = self.trainer.played[number - 1]
        if p.shown:
            said = "you pressed Show me"
        else:
            said = f"you said {p.points:,} hand points and {p.doubles} doubles"
        self.review.value = (f'<div style="{_FONT};border-top:1px solid #d8d2c2;margin-top:6px;padding-top:4px">'
                             f'<p style="margin:4px 0"><b>Hand {number}</b>, re-read: {escape(said)} '
                             f'(your first answer; re-reading never changes the tally).</p>'
                             f'{hand_html(p.hand, size="sm")}{feedback_html(f)}</div>')

    # ---------------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Redraw everything from the trainer's state."""
        t = self.trainer
        name = t.name
        if name != self.name.value:
            with self._quietly():
                self.name.value = name
        self.greeting.value = (f'<div style="{_FONT}">Playing as <b>{escape(name)}</b></div>' if name else
                               f'<div style="{_FONT};color:{_MUTED}">Type your name to keep your progress '
                               f'under it.</div>')
        tally = t.tally
        if tally.played:
            self.tally.value = (f'<div style="{_FONT}"><b>{tally.right} of {tally.played} right</b> · '
                                f'{tally.missed} missed ({tally.shown} shown) · hand points right '
                                f'{tally.points_right}, doubles right {tally.doubles_right}</div>')
        else:
            self.tally.value = f'<div style="{_FONT};color:{_MUTED}">No hands played yet.</div>'
        messages = t.take_messages()
        if messages:
            self.notice.value = "".join(error_html(m) for m in messages)
        n = t.current_number
        warm = f" (warm-up hand {n} of {_RAMP})" if n <= _RAMP else ""
        state = " — answered: press Next hand" if t.answered else ""
        self.number.value = f'<div style="{_FONT}"><b>Hand {n}</b>{escape(warm)}{escape(state)}</div>'
        self.hand.value = hand_html(t.current_hand)
        self.next.disabled = not t.answered
        options = [(f"{p.number}. {p.hand} — {_verdict(p)}", p.number) for p in t.played]
        if list(self.played.options) != options:
            chosen = self.played.value
            with self._quietly():
                self.played.options = options
                self.played.value = chosen if chosen is not None and chosen <= len(options) else None
            if self.played.value is None:
                self.review.value = ""
