"""A table app run in a page of its own (mjscore/views/in_page.py), driven without a browser: only
through the messages the page's widget renderer sends, read only through the messages the page
is handed, as tools/site_templates/table-python.js and table-app.js carry them."""

from __future__ import annotations

import json
from pathlib import Path

import comm
import ipywidgets as widgets
import pytest

from mjscore.night import journal_path, load_journal
from mjscore.views import in_page


class FakePage:
    """What a page is handed, message by message, and the widgets' state as the page knows it."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str, dict]] = []
        self.state: dict[str, dict] = {}
        self.page = in_page.serve(self.hand)

    def hand(self, kind: str, comm_id: str, data: str, metadata: str, buffers: list) -> None:
        data = json.loads(data)
        json.loads(metadata)
        assert all(isinstance(b, bytes) for b in buffers)
        self.said.append((kind, comm_id, data))
        if kind == "comm_open":
            self.state[comm_id] = dict(data["state"])
        elif kind == "comm_msg" and data.get("method") in ("update", "echo_update"):
            self.state[comm_id].update(data["state"])
        elif kind == "comm_close":
            self.state.pop(comm_id)

    def find(self, css: str) -> str:
        """The one widget the page has with the class ``css``."""
        found = [i for i, s in self.state.items() if css in s.get("_dom_classes", ())]
        assert len(found) == 1, (css, len(found))
        return found[0]

    def inside(self, css: str, model: str) -> str:
        """The widget of ``model`` (its model's name) at or under the widget with the class ``css``."""
        todo = [self.find(css)]
        while todo:
            i = todo.pop()
            if self.state[i]["_model_name"] == model:
                return i
            todo.extend(c.removeprefix("IPY_MODEL_") for c in self.state[i].get("children", ()))
        raise AssertionError(f"no {model} in {css}")

    def type(self, css: str, text: str) -> None:
        self.page.receive(self.inside(css, "TextModel"), json.dumps(
            {"method": "update", "state": {"value": text}, "buffer_paths": []}))

    def choose(self, css: str, index: int) -> None:
        self.page.receive(self.find(css), json.dumps({"method": "update", "state": {"index": index}, "buffer_paths": []}))

    def click(self, css: str) -> None:
        self.page.receive(self.inside(css, "ButtonModel"), json.dumps(
            {"method": "custom", "content": {"event": "click"}}))

    def text(self, css: str) -> str:
        return self.state[self.find(css)]["value"]


@pytest.fixture
def page():
    fake = FakePage()
    yield fake
    fake.page.close()


def test_the_scorekeeper_runs_on_messages_alone_and_keeps_its_night(page):
    root = in_page.show("mjscore.views.night.scorekeeper_app", "ScorekeeperApp")
    assert "mjs-app" in page.state[root]["_dom_classes"]
    assert [kind for kind, _i, _d in page.said[:3]] == ["comm_open"] * 3
    page.type("mjs-score-name", "in-page.csv")
    page.type("mjs-score-players", "Ann, Bea, Cat, Dee")
    page.click("mjs-score-start")
    assert "Totals after 0 hands" in page.text("mjs-score-totals")
    winner = page.find("mjs-score-winner")
    assert page.state[winner]["_options_labels"] == ["Ann", "Bea", "Cat", "Dee"]
    page.choose("mjs-score-winner", 0)
    assert page.state[page.find("mjs-score-thrower")]["_options_labels"] == ["Bea", "Cat", "Dee"]
    page.choose("mjs-score-thrower", 1)
    page.click("mjs-score-add")
    assert "Totals after 1 hand" in page.text("mjs-score-totals")
    assert load_journal(journal_path("in-page.csv")).ledger.totals == {"Ann": 100, "Bea": -25, "Cat": -50, "Dee": -25}


def test_a_message_for_a_closed_widget_is_dropped(page):
    box = widgets.Text(value="Ann")
    gone = box.model_id
    box.close()
    assert page.said[-1][:2] == ("comm_close", gone)
    page.page.receive(gone, json.dumps({"method": "update", "state": {"value": "Bea"}, "buffer_paths": []}))
    assert box.value == "Ann"


def test_a_file_chosen_reaches_python_with_its_bytes(page):
    upload = widgets.FileUpload()
    data = {"method": "update", "state": {"value": [{"name": "log.jsonl", "type": "", "size": 3,
                                                       "last_modified": 0}]},
            "buffer_paths": [["value", 0, "content"]]}
    page.page.receive(upload.model_id, json.dumps(data), [memoryview(b"abc")])
    assert bytes(upload.value[0]["content"]) == b"abc"


def test_after_the_page_stops_serving_widgets_go_where_they_went_before():
    before = comm.create_comm, comm.get_comm_manager
    fake = FakePage()
    widgets.Text(value="made while serving")
    fake.page.close()
    assert (comm.create_comm, comm.get_comm_manager) == before
    assert fake.said[-1][0] == "comm_close"  # its widgets closed with it
    count = len(fake.said)
    widgets.Text(value="made after")
    assert len(fake.said) == count


def test_the_table_apps_run_where_ipython_is_not_installed(tmp_path):
    """A table app's page loads ipywidgets, traitlets, comm and mjscore, and no IPython
    (tools/build_site.py): ``no_ipython`` stands in for the little ipywidgets imports of it.
    Here Python runs with only those four on its path, as the page has them."""
    import subprocess
    import sys

    import traitlets

    import mjscore

    for package in (widgets, traitlets, comm, mjscore):
        (tmp_path / package.__name__).symlink_to(Path(package.__file__).parent)
    (tmp_path / "drive").mkdir()
    script = Path(__file__).with_name("apps_without_ipython.py")
    run = subprocess.run([sys.executable, "-S", str(script)], cwd=tmp_path, capture_output=True, text=True,
                         env={"PYTHONPATH": str(tmp_path), "MJSCORE_DATA_DIR": str(tmp_path / "drive"),
                              "PYTHONDONTWRITEBYTECODE": "1"}, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["IPython stood in", "Totals after 1 hand", "the trainer shows a hand",
                                       "no IPython, jedi or prompt_toolkit imported"]
