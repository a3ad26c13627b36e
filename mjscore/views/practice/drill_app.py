"""The drills as apps: the American payments drill and the tournament drill.

A situation is dealt; the learner types each player's amount in the boxes (empty until typed:
the winner's plus, the payers' minus; at a tournament each player's points) and presses Check.
The drill marks the first answer, names the one rule most likely missed and shows how the
answer comes about; Show me reveals it and counts as a miss; Next deals the next situation. The
tally is kept in the learner's progress log beside the Willingdon trainer's, with its own line.
Reset asks first, and can be taken back. Everything the learner typed is shown as text.

All the state is in a :class:`~mjscore.practice.Drill`; the app draws it and passes clicks on.

CSS classes of the parts (for browser tests): ``mjs-drill`` (the app), ``mjs-drill-tally``,
``mjs-drill-reset``, ``mjs-drill-confirm`` (the question Reset asks), ``mjs-drill-reset-yes``,
``mjs-drill-reset-no``, ``mjs-drill-undo``, ``mjs-drill-notice``, ``mjs-drill-table`` (the
tournament table), ``mjs-drill-table-file`` (load a table), ``mjs-drill-number``,
``mjs-drill-situation``, ``mjs-drill-amount`` (each player's box), ``mjs-drill-check``,
``mjs-drill-show``, ``mjs-drill-next``, ``mjs-drill-feedback``.

>>> import tempfile, pathlib
>>> from mjscore.practice import Drill
>>> folder = tempfile.TemporaryDirectory()
>>> app = AmericanDrillApp(Drill("american", pathlib.Path(folder.name) / "practice.jsonl"))
>>> [box.value for box in app.amounts]
['', '', '', '']
>>> app.check.click()                       # nothing typed: asked for, nothing recorded
>>> app.drill.tally.played, "Ann" in app.feedback.value
(0, True)
>>> for box, amount in zip(app.amounts, ["+100", "-25", "-50", "-25"]):
...     box.value = amount
>>> app.check.click()
>>> app.drill.tally.right, "mjs-right" in app.feedback.value
(1, True)
>>> folder.cleanup()
"""

from __future__ import annotations

import json
from dataclasses import replace
from html import escape

import ipywidgets as widgets

from ...american.tournament.tables import PRESETS, TournamentError, table_from_json
from ...practice import Drill, DrillError, DrillFeedback
from ...practice.drill import read_amount
from .._controls import AskFirst, number_box, upload_button
from .._app import App, classed
from .._style import FONT, MUTED, styled
from ...numbers import signed
from ..results import error_html, verdict_html

__all__ = ["ALREADY_ANSWERED", "AmericanDrillApp", "DrillApp", "RULES", "TournamentDrillApp", "feedback_html"]

#: Said above the verdict when Check is pressed again on a situation answered (or shown) with the boxes not filled.
ALREADY_ANSWERED = "This situation is already answered: here is its answer again. Press Next for a new one."
#: The house style of the drills, by class (a later rule refines an earlier one).
RULES = {
    ".mjs-drill-text": FONT,
    ".mjs-drill-answers": "border-collapse:collapse;margin:4px 0",
    ".mjs-drill-cell": "padding:2px 8px",
    ".mjs-drill-mark": "padding:2px 4px",
    ".mjs-drill-name": "text-align:left",
    ".mjs-drill-figure": "text-align:right",
    ".mjs-drill-strong": "font-weight:700",
    ".mjs-drill-muted": f"color:{MUTED}",
    ".mjs-drill-line": "margin:4px 0",
    ".mjs-drill-rule": "margin:6px 0",
    ".mjs-drill-list": "margin:2px 0",
}


def feedback_html(f: DrillFeedback) -> str:
    """The verdict on one answer: right or not, player by player, the rule missed, the reasons."""
    s = f.situation
    parts = [verdict_html(right=f.right, shown=f.shown, note=f.note)]
    rows = []
    for i, (p, c) in enumerate(zip(s.players, f.correct)):
        said = "" if f.given is None else signed(f.given[i])
        ok = f.given is not None and f.given[i] == c
        mark = "" if f.given is None else ("✓" if ok else "✗")
        rows.append(f'<tr><th scope="row" class="mjs-drill-cell mjs-drill-name">{escape(p)}</th>'
                    f'<td class="mjs-drill-cell mjs-drill-muted">{escape(s.role(p))}</td>'
                    f'<td class="mjs-drill-cell mjs-drill-figure">{said}</td>'
                    f'<td class="mjs-drill-mark">{mark}</td>'
                    f'<td class="mjs-drill-cell mjs-drill-figure mjs-drill-strong">{signed(c)}</td></tr>')
    parts.append('<table class="mjs-drill-answers"><tr><th></th><th></th>'
                 '<th class="mjs-drill-cell">you said</th><th></th><th class="mjs-drill-cell">the answer</th></tr>'
                 + "".join(rows) + "</table>")
    if f.missed and not f.right:
        parts.append(f'<div class="mjs-drill-rule"><b>The rule you most likely missed:</b> '
                     f'{escape(f.missed.title)}. {escape(f.missed.detail)}</div>')
    parts.append('<ul class="mjs-drill-list">' + "".join(f"<li>{escape(r)}</li>" for r in f.reasons) + "</ul>")
    return styled(f'<div class="mjs-drill-text">{"".join(parts)}</div>', RULES)


def _role_html(role: str) -> str:
    """A player's role beside her box (the winner, a payer), in words."""
    return styled(f'<span class="mjs-drill-text mjs-drill-muted">{escape(role)}</span>', RULES)


class DrillApp(App):
    """A drill as an app (``drill``: a :class:`~mjscore.practice.Drill`; default the American
    drill on the learner's own progress)."""

    title = "the drill"

    def __init__(self, drill: Drill | None = None) -> None:
        self.drill = drill if drill is not None else Drill(self.game)
        wide = widgets.Layout(width="auto")
        self.tally = classed(widgets.HTML(), "mjs-drill-tally")
        self.reset = classed(widgets.Button(description="Reset", icon="trash", layout=widgets.Layout(width="8em"),
                                            tooltip="Start this drill again: its tally too (you can undo it)"),
                             "mjs-drill-reset")
        self.asker = AskFirst(box="mjs-drill-asking", yes="mjs-drill-reset-yes", no="mjs-drill-reset-no",
                              question="mjs-drill-confirm", row=True, after=self.refresh)
        self.confirm, self.reset_yes, self.reset_no, self.asking = (self.asker.question, self.asker.yes,
                                                                   self.asker.no, self.asker.widget)
        self.undo = classed(widgets.Button(description="Undo the reset", icon="undo",
                                           layout=widgets.Layout(width="12em")), "mjs-drill-undo")
        self.notice = classed(widgets.HTML(), "mjs-drill-notice")
        self.number = classed(widgets.HTML(), "mjs-drill-number")
        self.situation = classed(widgets.HTML(layout=wide), "mjs-drill-situation")
        self.boxes = widgets.VBox()
        self.amounts: list[widgets.Text] = []
        self.check = classed(widgets.Button(description="Check", button_style="primary",
                                            layout=widgets.Layout(width="8em")), "mjs-drill-check")
        self.show = classed(widgets.Button(description="Show me", tooltip="Reveal the answer (counts as a miss)",
                                           layout=widgets.Layout(width="8em")), "mjs-drill-show")
        self.next = classed(widgets.Button(description="Next", icon="arrow-right",
                                           layout=widgets.Layout(width="8em")), "mjs-drill-next")
        self.feedback = classed(widgets.HTML(layout=wide), "mjs-drill-feedback")
        self.session = widgets.VBox([widgets.HBox([self.tally, self.reset, self.undo]), self.asking],
                                    layout=widgets.Layout(border="1px solid #d8d2c2", padding="6px",
                                                          margin="0 0 8px 0"))
        self.widget = classed(widgets.VBox([self.session, *self._extra(), self.notice, self.number, self.situation,
                                            self.boxes, widgets.HBox([self.check, self.show, self.next]),
                                            self.feedback]), "mjs-drill", f"mjs-drill-{self.game}")
        self.check.on_click(self._on_check)
        self.show.on_click(self._on_show)
        self.next.on_click(self._on_next)
        self.reset.on_click(self._on_reset)
        self.undo.on_click(self._on_undo)
        last = self.drill.last_feedback()
        if last is not None:  # restored with the situation answered: show that answer
            self.feedback.value = feedback_html(last)
        self.refresh()

    game = "american"

    def _extra(self) -> list:
        return []

    # ---------------------------------------------------------------- reactions

    def _typed(self) -> tuple[int, ...] | str:
        """The amounts typed, or what to ask the learner for.

        Each box is read by itself (:func:`~mjscore.practice.drill.read_amount`, the one reader), so
        ``+1,100`` in a box is 1,100."""
        players = self.drill.situation.players
        for p, box in zip(players, self.amounts):
            if not box.value.strip():
                return f"Type {p}'s amount first (0 if she neither pays nor collects)."
        try:
            return tuple(read_amount(box.value, p) for p, box in zip(players, self.amounts))
        except DrillError as e:
            return str(e)

    def _on_check(self, _button=None) -> None:
        amounts = self._typed()
        last = self.drill.last_feedback() if isinstance(amounts, str) else None
        if last is not None:  # a stray Check on a situation answered: the verdict stays shown
            self.feedback.value = feedback_html(replace(last, note=ALREADY_ANSWERED))
        elif isinstance(amounts, str):
            self.show_error(self.feedback, amounts)
        else:
            self.clear_error()
            self.feedback.value = feedback_html(self.drill.check(amounts))
        self.refresh()

    def _on_show(self, _button=None) -> None:
        self.clear_error()
        self.feedback.value = feedback_html(self.drill.show_me())
        self.refresh()

    def _on_next(self, _button=None) -> None:
        try:
            self.drill.next()
        except DrillError as e:
            self.show_error(self.feedback, e)
        else:
            self.clear_error()
            self.feedback.value = ""
            for box in self.amounts:
                box.value = ""
        self.refresh()

    def _on_reset(self, _button=None) -> None:
        played = self.drill.tally.played
        question = styled(f'<span class="mjs-drill-text">Reset clears this drill and its tally ({played} played); '
                          f'you can undo it. Reset?</span>', RULES)
        self.asker.ask(question, self._reset_now, yes="Yes, reset", no="Cancel")
        self.refresh()

    def _reset_now(self) -> None:
        self.drill.reset()
        self.feedback.value = ""
        for box in self.amounts:
            box.value = ""

    def _on_undo(self, _button=None) -> None:
        try:
            self.drill.undo_reset()
        except DrillError as e:
            self.show_error(self.notice, e)
        else:
            last = self.drill.last_feedback()
            self.feedback.value = feedback_html(last) if last else ""
        self.refresh()

    # ---------------------------------------------------------------- drawing

    def _situation_html(self) -> str:
        return f'<p class="mjs-drill-line">{escape(self.drill.situation.describe())}</p>'

    def refresh(self) -> None:
        """Redraw everything from the drill's state."""
        d = self.drill
        t = d.tally
        who = f"Playing as <b>{escape(d.name)}</b> · " if d.name else ""
        line = (f"<b>{escape(d.title)}: {t.right} of {t.played} right</b> · {t.missed} missed ({t.shown} shown)"
                if t.played else f'<span class="mjs-drill-muted">{escape(d.title)}: nothing played yet.</span>')
        self.tally.value = styled(f'<div role="status" aria-live="polite" class="mjs-drill-text">{who}{line}</div>',
                                  RULES)
        self.undo.layout.display = "" if d.can_undo and not self.asker.asking else "none"
        messages = d.take_messages()
        if messages:
            self.notice.value = "".join(error_html(m) for m in messages)
        s = d.situation
        state = " — answered: press Next" if d.answered else ""
        self.number.value = styled(f'<div class="mjs-drill-text"><b>Situation {d.number}</b>{escape(state)}</div>',
                                   RULES)
        self.situation.value = styled(f'<div class="mjs-drill-text">{self._situation_html()}</div>', RULES)
        if [b.description for b in self.amounts] != list(s.players):
            self.amounts = [number_box(p, "mjs-drill-amount", placeholder="plus or minus",
                                       style={"description_width": "5em"}, width="16em", signed=True)
                            for p in s.players]
            self.boxes.children = [widgets.HBox([box, widgets.HTML(_role_html(s.role(p)))])
                                   for p, box in zip(s.players, self.amounts)]
        else:
            for row, p in zip(self.boxes.children, s.players):
                row.children[1].value = _role_html(s.role(p))
        self.next.disabled = not d.answered


class AmericanDrillApp(DrillApp):
    """The American payments drill: each player's amount at home."""

    title = "the payments drill"

    game = "american"


class TournamentDrillApp(DrillApp):
    """The tournament drill: each player's points under the organizer's table chosen (a shipped
    table, or one loaded from a file)."""

    title = "the tournament drill"

    game = "tournament"

    def _extra(self) -> list:
        self.table = classed(widgets.Dropdown(options=[(t.name, n) for n, t in PRESETS.items()],
                                              description="Table", style={"description_width": "5em"},
                                              layout=widgets.Layout(width="26em")), "mjs-drill-table")
        self.table_file = upload_button("Load a table", accept=".json", css="mjs-drill-table-file")
        self.watch(self.table, on_change=self._on_table)
        self.table_file.observe(self._on_table_file, "value")
        return [widgets.HBox([self.table, self.table_file])]

    def _on_table(self, change) -> None:
        if change["new"] in PRESETS:
            self.drill.set_table(PRESETS[change["new"]])
        self.refresh()

    def _on_table_file(self, change) -> None:
        files = change["new"]
        if not files:
            return
        try:
            data = json.loads(bytes(files[0]["content"]).decode("utf-8"))
            table = table_from_json(data, where=files[0]["name"])
        except (ValueError, UnicodeDecodeError, TournamentError) as e:
            self.show_error(self.notice, e if isinstance(e, TournamentError) else
                            f"{files[0]['name']} is not a table file (JSON): {e}")
        else:
            self.drill.set_table(table)
            self.notice.value = styled(f'<div class="mjs-drill-text">Scoring with {escape(table.name)}.</div>', RULES)
        self.refresh()

    def _situation_html(self) -> str:
        d, s = self.drill, self.drill.situation
        text = f'<p class="mjs-drill-line">{escape(s.describe())}</p>'
        if s.pays_as != "wall":
            text += f'<p class="mjs-drill-line">The winner showed {s.exposures} exposure{"s" * (s.exposures != 1)}.</p>'
        return text + f'<p class="mjs-drill-line mjs-drill-muted">Scored with: {escape(d.table.name)}</p>'

    def refresh(self) -> None:
        """Redraw the drill, and show the organizer's table it scores with in the table menu."""
        super().refresh()
        name = self.drill.table.name
        key = next((n for n, t in PRESETS.items() if t.name == name), None)
        options = [(t.name, n) for n, t in PRESETS.items()] + ([] if key else [(name, "loaded")])
        if list(self.table.options) != options or self.table.value != (key or "loaded"):
            with self._quietly():
                self.table.options = options
                self.table.value = key or "loaded"
