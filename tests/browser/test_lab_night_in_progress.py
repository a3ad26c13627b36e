"""The scorekeeper in JupyterLab opens the night in progress: after a restarted kernel, a reloaded
page and in a second tab, as a person gets there (Run All again, as lesson 8 says), it opens the
night that was being kept, not the file with today's default name.

The walk-through's case: an American night under the default name, closed with "Another night";
then a Willingdon night named "Tuesday's Goulash 🀄", one hand. The notebook is the test's own
(``ScorekeeperApp()``, as lesson 8 and the site's page make it), in the test's own folder (so its
own data folder, ``mjscore-data`` beside it), on a kernel of its own, in a JupyterLab workspace
of its own: nothing another test left counts here, and nothing here is left for another test.
"""

from __future__ import annotations

import json
import re

import pytest

from browser_pages import NotebookPage

NAME = "night-in-progress-check.ipynb"
GOULASH = "Tuesday's Goulash 🀄"


#: The notebook: the scorekeeper as lesson 8 makes it, and nothing else.
NOTEBOOK = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                       "source": "from mjscore.views.night.scorekeeper_app import ScorekeeperApp\nScorekeeperApp()"}],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def _app(nb: NotebookPage):
    return nb.one("mjs-score-app")


def _opened_the_goulash(nb: NotebookPage, when: str) -> None:
    from playwright.sync_api import expect

    app = _app(nb)
    journal = nb.one("mjs-score-journal", app)
    expect(journal).to_contain_text(f"{GOULASH}.csv, a Willingdon night, 1 hand saved")
    expect(journal).to_contain_text("To switch nights: “Another night”")
    expect(nb.one("mjs-score-status", app)).to_contain_text(f"Opened {GOULASH}.csv, the night in progress here")
    expect(nb.one("mjs-score-winner", app).get_by_role("button")).to_have_text(["Ann", "Bea", "Cat", "Dee"])
    assert not nb.page.context.errors, (when, nb.page.context.errors)


@pytest.fixture
def folder(request, lab):
    """The test's own folder under JupyterLab's root, holding its notebook; its kernels stopped
    at the end."""
    folder = lab.lessons(request.node.name)
    (lab.root / folder / NAME).write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    yield folder
    lab.stop_kernels(folder)


def test_a_restart_a_reload_and_a_second_tab_open_the_night_in_progress(lab, folder, new_context, shots):
    from playwright.sync_api import expect

    context = new_context()
    nb = NotebookPage.open(context.new_page(), lab, folder, NAME, shots)
    nb.page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" at a reload: yes
    app = _app(nb)
    journal, status = nb.one("mjs-score-journal", app), nb.one("mjs-score-status", app)
    expect(journal).to_contain_text("(a new night")
    # an American night under the default name, one hand
    nb.one("mjs-score-players", app).locator("input").fill("Ann, Bea, Cat, Dee")
    nb.one("mjs-score-players", app).locator("input").press("Tab")
    nb.one("mjs-score-start", app).click()
    expect(journal).to_contain_text("an American night, 0 hands saved")
    nb.press(nb.one("mjs-score-winner", app), "Ann")
    nb.press(nb.one("mjs-score-how", app), "Self-drawn")
    nb.press(nb.one("mjs-score-quick", app), "25")
    expect(nb.one("mjs-score-payments", app)).to_contain_text("Ann wins self-drawn")
    nb.one("mjs-score-add", app).click()
    expect(journal).to_contain_text("1 hand saved")
    # Another night: asked first, then closed
    nb.one("mjs-score-another", app).click()
    nb.one("mjs-score-close-yes", app).click()
    expect(status).to_contain_text("is closed; its hands are saved")
    # a Willingdon night of its own name, one hand by a typed score
    nb.fill(nb.one("mjs-score-name", app), GOULASH)
    nb.press(nb.one("mjs-score-game", app), "Willingdon")
    nb.one("mjs-score-start", app).click()
    expect(journal).to_contain_text(f"{GOULASH}.csv, a Willingdon night, 0 hands saved")
    nb.press(nb.one("mjs-score-winner", app), "Bea")
    nb.press(nb.one("mjs-score-how", app), "Self-drawn")
    nb.fill(nb.one("mjs-score-score", app), 256)
    expect(nb.one("mjs-score-payments", app)).to_contain_text("Bea (South) wins self-drawn, scoring 256")
    nb.one("mjs-score-add", app).click()
    expect(journal).to_contain_text(f"{GOULASH}.csv, a Willingdon night, 1 hand saved")

    # the kernel restarted (Kernel > Restart Kernel..., confirmed), then Run All: the command
    # settles once its dialog is answered and the kernel has restarted
    nb.page.evaluate("() => { window.mjsRestarted = window.jupyterapp.commands.execute('notebook:restart-kernel'); }")
    nb.page.locator(".jp-Dialog .jp-mod-accept").click()
    assert nb.page.evaluate("() => window.mjsRestarted"), "the kernel was not restarted"
    nb.run_all()
    _opened_the_goulash(nb, "after a kernel restart")

    # the page reloaded, then Run All
    nb.page.reload()
    nb.run_all()
    _opened_the_goulash(nb, "after a reload")

    # a second tab on the same notebook, its workspace as left
    second = NotebookPage.open(context.new_page(), lab, folder, NAME, shots, reset=False)
    _opened_the_goulash(second, "in a second tab")
    assert re.search(r"\d", second.one("mjs-score-totals", _app(second)).inner_text())
