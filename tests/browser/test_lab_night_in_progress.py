"""The scorekeeper in JupyterLab opens the night in progress: after a restarted kernel, a reloaded
page and in a second tab, as a person gets there (Run All again, as lesson 8 says), it opens the
night that was being kept, not the file with today's default name.

The walk-through's case: an American night under the default name, closed with "Another night";
then a Willingdon night named "Tuesday's Goulash 🀄", one hand. The notebook is the test's own
(``ScorekeeperApp()``, as lesson 8 and the site's page make it), on a kernel of its own with a data
folder of its own, in a JupyterLab workspace of its own: nothing another test left counts here,
and nothing here is left for another test.
"""

from __future__ import annotations

import json
import re

from browser_pages import KERNEL_IDLE, SERVER_START_S, NotebookPage

NAME = "night-in-progress-check.ipynb"
GOULASH = "Tuesday's Goulash 🀄"


def _notebook(data) -> dict:
    cell = ("import os\n"
            f"os.environ['MJSCORE_DATA_DIR'] = {str(data)!r}  # this test's own data folder\n"
            "from mjscore.views.night.scorekeeper_app import ScorekeeperApp\n"
            "ScorekeeperApp()")
    return {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                       "source": cell}],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def _open(browser, lab, shots, *, reset: bool) -> NotebookPage:
    page = browser.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" at a reload: yes
    page.goto(f"{lab.url}/lab/workspaces/night-in-progress/tree/{NAME}?{'reset&' if reset else ''}token={lab.token}",
              timeout=SERVER_START_S * 1000)
    page.locator(".jp-NotebookPanel").first.wait_for(state="visible", timeout=SERVER_START_S * 1000)
    nb = NotebookPage(page, NAME, shots)
    nb.wait_idle()
    nb.run_all()
    return nb


def _app(nb: NotebookPage):
    return nb.one("mjs-score-app")


def _session(lab) -> dict:
    _status, body = lab.get("/api/sessions")
    return next(s for s in json.loads(body) if s["path"].endswith(NAME))


def _opened_the_goulash(nb: NotebookPage, when: str) -> None:
    from playwright.sync_api import expect

    app = _app(nb)
    journal = nb.one("mjs-score-journal", app)
    expect(journal).to_contain_text(f"{GOULASH}.csv, a Willingdon night, 1 hand saved")
    expect(journal).to_contain_text("To switch nights: “Another night”")
    expect(nb.one("mjs-score-status", app)).to_contain_text(f"Opened {GOULASH}.csv, the night in progress here")
    expect(nb.one("mjs-score-winner", app).get_by_role("button")).to_have_text(["Ann", "Bea", "Cat", "Dee"])
    assert not nb.errors, (when, nb.errors)


def test_a_restart_a_reload_and_a_second_tab_open_the_night_in_progress(lab, browser, shots, tmp_path):
    from playwright.sync_api import expect

    (lab.root / NAME).write_text(json.dumps(_notebook(tmp_path / "data")), encoding="utf-8")
    nb = _open(browser, lab, shots, reset=True)
    pages = [nb.page]
    try:
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

        # the kernel restarted (Kernel > Restart Kernel..., confirmed), then Run All
        # (not awaited: the command's promise settles only once its dialog is answered)
        nb.page.evaluate("() => { window.jupyterapp.commands.execute('notebook:restart-kernel'); }")
        nb.page.locator(".jp-Dialog .jp-mod-accept").click()
        expect(nb.page.locator("#jp-main-statusbar")).to_contain_text(KERNEL_IDLE, timeout=SERVER_START_S * 1000)
        nb.run_all()
        _opened_the_goulash(nb, "after a kernel restart")

        # the page reloaded, then Run All
        nb.page.reload()
        nb.page.locator(".jp-NotebookPanel").first.wait_for(state="visible", timeout=SERVER_START_S * 1000)
        nb.wait_idle()
        nb.run_all()
        _opened_the_goulash(nb, "after a reload")

        # a second tab on the same notebook
        second = _open(browser, lab, shots, reset=False)
        pages.append(second.page)
        _opened_the_goulash(second, "in a second tab")
        assert re.search(r"\d", second.one("mjs-score-totals", _app(second)).inner_text())
    finally:
        try:
            lab.request("DELETE", f"/api/sessions/{_session(lab)['id']}")  # its kernel, not the shared one
        except StopIteration:
            pass
        for page in pages:
            page.close()
