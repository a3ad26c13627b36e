"""A "Your turn" question as a small app, and a lesson's questions together (:func:`your_turn`).

The question is the engine's (:mod:`mjscore.lessons`); the learner types each figure or picks
each choice (every box empty until typed), presses Check, and is marked: the first answer is
recorded in the progress log with its lesson, a wrong one names the one rule most likely
missed, Hint says where to look (it is not counted) and Show me reveals the answer (it counts as
a miss). Asked again after a restart, the question shows the first answer given.

CSS classes (for browser tests): ``mjs-question`` (the app), ``mjs-question-prompt``,
``mjs-question-hand``, ``mjs-question-field`` (each box or choice), ``mjs-question-check``,
``mjs-question-hint``, ``mjs-question-show``, ``mjs-question-feedback``; ``mjs-your-turn`` (a
lesson's questions), ``mjs-your-turn-tally``, ``mjs-your-turn-more``.

>>> import tempfile, pathlib
>>> from mjscore.practice.questions import LessonQuestions
>>> folder = tempfile.TemporaryDirectory()
>>> app = QuestionApp(LessonQuestions(1, pathlib.Path(folder.name) / "practice.jsonl"), 1)
>>> app.check.click()                                  # nothing typed: asked for, not recorded
>>> app.lesson.tally.played, "fill in" in app.feedback.value
(0, True)
>>> app.boxes[0].value, app.boxes[1].value, app.boxes[2].value = "50", "25", "100"
>>> app.check.click()
>>> app.lesson.tally.right, "mjs-right" in app.feedback.value
(1, True)
>>> folder.cleanup()
"""

from __future__ import annotations

import os
from html import escape

import ipywidgets as widgets

from ...hands import parse
from ...lessons import LessonError
from ...practice.questions import LessonQuestions, QuestionFeedback
from ...missed import Rule
from .._app import App, classed
from .._controls import number_box
from .._style import FONT, MUTED, styled
from ..results import verdict_html
from ..tiles import hand_html

__all__ = ["ALREADY_ANSWERED", "QuestionApp", "RULES", "YourTurn", "feedback_html", "your_turn"]

#: Said above the verdict when Check is pressed again on a question answered (or shown) with the boxes not filled.
ALREADY_ANSWERED = "This question is already answered: here is its answer again."
#: The house style of the questions, by class (a later rule refines an earlier one).
RULES = {
    ".mjs-question-text": FONT,
    ".mjs-question-muted": f"color:{MUTED}",
    ".mjs-question-hint-text": f"{FONT};color:{MUTED}",
    ".mjs-question-rule": "margin:6px 0",
    ".mjs-question-list": "margin:2px 0",
}


def _value(v) -> str:
    return f"{v:,}".replace("-", "−") if isinstance(v, int) else str(v)


def feedback_html(f: QuestionFeedback) -> str:
    """The verdict on one answer: each figure right or not, the rule missed, how it comes about."""
    q = f.question
    parts = [verdict_html(right=f.right, shown=f.shown, note=f.note)]
    rows = []
    for i, (field, answer) in enumerate(zip(q.fields, q.answer)):
        said = "" if f.given is None else escape(_value(f.given[i]))
        mark = "" if f.given is None else ("✓" if f.fields_right[i] else "✗")
        rows.append(f"<li>{escape(field.label)}{'' if field.label.endswith('?') else ':'} {said} {mark} "
                    f"{'' if f.given is not None and f.fields_right[i] else f'— <b>{escape(_value(answer))}</b>'}</li>")
    parts.append('<ul class="mjs-question-list">' + "".join(rows) + "</ul>")
    if f.missed and not f.right:
        parts.append(f'<div class="mjs-question-rule"><b>The rule you most likely missed:</b> '
                     f'{escape(f.missed.title)}. {escape(f.missed.detail)}</div>')
    if f.shown or f.right or f.given is not None:
        parts.append('<div class="mjs-question-muted">' + "<br>".join(escape(r) for r in q.reasons) + "</div>")
    return styled(f'<div class="mjs-question-text">{"".join(parts)}</div>', RULES)


class QuestionApp(App):
    """Question ``number`` of a lesson (``lesson``: a :class:`~mjscore.practice.questions.LessonQuestions`)."""

    title = "the question"

    def __init__(self, lesson: LessonQuestions, number: int) -> None:
        self.lesson, self.number = lesson, number
        self.prompt = classed(widgets.HTML(layout=widgets.Layout(width="auto")), "mjs-question-prompt")
        self.hand = classed(widgets.HTML(), "mjs-question-hand")
        self.fields = widgets.VBox()
        self.boxes: list = []
        self.check = classed(widgets.Button(description="Check", button_style="primary",
                                            layout=widgets.Layout(width="7em")), "mjs-question-check")
        self.hint = classed(widgets.Button(description="Hint", tooltip="Where to look (not counted)",
                                           layout=widgets.Layout(width="7em")), "mjs-question-hint")
        self.show = classed(widgets.Button(description="Show me", tooltip="Reveal the answer (counts as a miss)",
                                           layout=widgets.Layout(width="7em")), "mjs-question-show")
        self.feedback = classed(widgets.HTML(layout=widgets.Layout(width="auto")), "mjs-question-feedback")
        self.widget = classed(widgets.VBox([self.prompt, self.hand, self.fields,
                                            widgets.HBox([self.check, self.hint, self.show]), self.feedback],
                                           layout=widgets.Layout(border="1px solid #d8d2c2", padding="6px",
                                                                 margin="0 0 8px 0")), "mjs-question")
        self.check.on_click(self._on_check)
        self.hint.on_click(self._on_hint)
        self.show.on_click(self._on_show)
        self._shown_for: tuple = ()
        self.refresh()

    def _on_check(self, _button=None) -> None:
        try:
            given = self.lesson.read(self.number, [b.value for b in self.boxes])
            f = self.lesson.check(self.number, given)
        except LessonError as e:
            recorded = self._recorded(ALREADY_ANSWERED)
            if recorded is not None:  # a stray Check on a question answered: the verdict stays shown
                self.feedback.value = feedback_html(recorded)
            else:
                self.show_error(self.feedback, e)
            return
        self.clear_error()
        self.feedback.value = feedback_html(f)

    def _recorded(self, note: str) -> QuestionFeedback | None:
        """The first answer recorded on this question, as feedback saying ``note`` (None: not answered)."""
        q = self.lesson.question(self.number)
        first = self.lesson.first_answer(q.number)
        if first is None:
            return None
        given = first.given
        rights = () if given is None else tuple(g == a for g, a in zip(given, q.answer))
        missed = Rule(first.missed, "") if first.missed else None
        return QuestionFeedback(question=q, given=given, fields_right=rights, missed=missed, counted=False, note=note)

    def _on_hint(self, _button=None) -> None:
        self.feedback.value = styled(f'<div class="mjs-question-hint-text">Hint: '
                                     f'{escape(self.lesson.hint(self.number))}</div>', RULES)

    def _on_show(self, _button=None) -> None:
        self.clear_error()
        self.feedback.value = feedback_html(self.lesson.show_me(self.number))

    def refresh(self) -> None:
        """Draw the question of the lesson's round, and the first answer already given, if any.

        New boxes are drawn when the question changed."""
        q = self.lesson.question(self.number)
        key = (q.lesson, self.lesson.round, q.number, q.prompt)
        if key == self._shown_for:
            return
        self._shown_for = key
        self.prompt.value = styled(f'<div class="mjs-question-text"><b>Question {q.number}.</b> '
                                   f'{escape(q.prompt)}</div>', RULES)
        self.hand.value = hand_html(parse(q.hand), size="sm") if q.hand else ""
        self.boxes = []
        for f in q.fields:
            style, layout = {"description_width": "initial"}, widgets.Layout(width="30em", max_width="100%")
            if f.choices:
                box = widgets.ToggleButtons(options=list(f.choices), value=None, description=f.label, style=style)
            else:
                box = number_box(f.label, "mjs-question-field", placeholder="plus or minus" if f.signed else "a number",
                                 style=style, layout=layout, signed=f.signed)
            self.boxes.append(classed(box, "mjs-question-field"))
        self.fields.children = self.boxes
        recorded = self._recorded("Your first answer, as recorded (only it counts).")
        if recorded is None:
            self.feedback.value = ""
            return
        for box, v in zip(self.boxes, recorded.given or ()):
            box.value = v if isinstance(box, widgets.ToggleButtons) else _value(v)
        self.feedback.value = feedback_html(recorded)


class YourTurn(App):
    """A lesson's questions together, with the lesson's tally and, once all are answered, new ones."""

    title = "the lesson's questions"
    title_plural = True

    def __init__(self, lesson: LessonQuestions) -> None:
        self.lesson = lesson
        self.tally = classed(widgets.HTML(), "mjs-your-turn-tally")
        self.more = classed(widgets.Button(description="New questions", icon="refresh",
                                           tooltip="Another round of questions (your tally is kept)",
                                           layout=widgets.Layout(width="12em")), "mjs-your-turn-more")
        self.apps = [QuestionApp(lesson, n) for n in range(1, lesson.count + 1)]
        for app in self.apps:
            for button in (app.check, app.show):
                button.on_click(lambda _b: self.refresh())
        heading = styled('<div class="mjs-question-text"><b>Your turn</b></div>', RULES)
        self.widget = classed(widgets.VBox([widgets.HTML(heading), *[a.widget for a in self.apps],
                                            widgets.HBox([self.tally, self.more])]), "mjs-your-turn")
        self.more.on_click(self._on_more)
        self.refresh()

    def _on_more(self, _button=None) -> None:
        self.lesson.more()
        for app in self.apps:
            app.refresh()
        self.refresh()

    def refresh(self) -> None:
        """Redraw the lesson's tally, and allow New questions once every question is answered."""
        t = self.lesson.tally
        self.tally.value = styled(f'<div role="status" aria-live="polite" class="mjs-question-text">'
                                  f'{escape(self.lesson.title)}: {t.right} of {t.played} right ({t.shown} shown)</div>'
                                  if t.played else '<div class="mjs-question-text mjs-question-muted">Nothing answered '
                                                   'yet in this lesson.</div>', RULES)
        self.more.disabled = not self.lesson.finished


def your_turn(lesson: int, path: str | os.PathLike | None = None) -> YourTurn:
    """The "Your turn" questions of ``lesson`` (1 to 6): the one call a lesson's last cell makes.

    The answers go to the learner's own progress log, or to the log at ``path``."""
    return YourTurn(LessonQuestions(lesson, path))
