"""The practice app: a hand is dealt, you say its hand points and doubles, the trainer marks
them and shows the whole breakdown. Your name, the hands you played and your tally are saved where
the app runs (see :mod:`mjscore.practice.trainer`; the app's note says where, by
:func:`mjscore.files.storage.where_kept`), so they are still there after a kernel restart.

All the state is in a :class:`~mjscore.practice.trainer.Trainer`; the app only draws it and passes the
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
``mjs-practice-where``      HTML: where the progress is kept, as it is where the app runs (and that nothing is sent anywhere)
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
>>> from mjscore.practice.trainer import Trainer
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

from ...practice.keeper import PracticeError  # the log's refusals, and the trainer's (TrainerError)
from ...practice.played import asks
from ...practice.trainer import Trainer
from .._app import App, classed
from .._controls import AskFirst, number_box, upload_button
from .._downloads import download_html, nothing_kept_html
from .._style import count, styled
from ..results import error_html
from ..tiles import hand_html
from .trainer_words import RULES, feedback_html, played_entry, reset_question, review_html, typed_answer, where_html

__all__ = ["ALREADY_ANSWERED", "PracticeApp", "feedback_html", "played_entry", "reset_question", "review_html",
           "typed_answer", "where_html"]
_RAMP = 6
#: The played hands listed for re-reading (the latest ones): the list is redrawn on a click.
_LISTED = 50
#: Said above the verdict when Check is pressed again on a hand answered (or shown) with nothing new typed.
ALREADY_ANSWERED = "This hand is already answered: here is its answer again. Press Next hand for a new one."
_MODE_LABELS = {"both": "Points and doubles", "points": "Hand points only", "doubles": "Doubles only"}


class PracticeApp(App):
    """The practice trainer as a widget app (see the module notes for the parts).

    ``trainer``: the session to show; by default a :class:`~mjscore.practice.trainer.Trainer` on the
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
        except PracticeError as e:
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
        except PracticeError as e:
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
        question = styled(f'<div role="alert" class="mjs-trainer-text">{reset_question(t)}</div>', RULES)
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
        except PracticeError as e:
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
        self.link.value = styled(f'<span class="mjs-trainer-text">Ready: {link}</span>', RULES)

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        try:
            self.trainer.restore(bytes(files[0]["content"]))
        except PracticeError as e:
            self.show_error(self.notice, e)
        else:
            self.notice.value = styled(f'<div class="mjs-trainer-text">Your progress from '
                                       f'{escape(files[0]["name"])} is restored.</div>', RULES)
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
        self.greeting.value = styled(f'<div class="mjs-trainer-text">Playing as <b>{escape(name)}</b></div>' if name
                                     else '<div class="mjs-trainer-text mjs-trainer-muted">Type your name to keep '
                                          'your progress under it. One learner’s progress is kept here: another '
                                          'learner uses Reset, or a browser of her own.</div>', RULES)
        if t.tally.played:
            lines = "".join(f'<div><b>{escape(_MODE_LABELS[m])}: {x.right} of {x.played} right</b> · '
                            f'{x.missed} missed ({x.shown} shown)</div>' for m, x in t.tallies.items())
            both = t.tallies.get("both")
            if both:
                lines += (f'<div class="mjs-trainer-muted">with both figures asked: hand points right '
                          f'{both.points_right}, doubles right {both.doubles_right}</div>')
            self.tally.value = styled(f'<div role="status" aria-live="polite" class="mjs-trainer-text">{lines}</div>',
                                      RULES)
        else:
            self.tally.value = styled('<div class="mjs-trainer-text mjs-trainer-muted">No hands played yet.</div>',
                                      RULES)
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
        self.number.value = styled(f'<div class="mjs-trainer-text"><b>Hand {n}</b>{escape(warm)}{escape(state)}</div>',
                                   RULES)
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
