"""Where the browser keeps nothing (a private window, storage refused: the static site's kernel
finds no /drive), the trainer and the scorekeeper say so as soon as they are shown, and offer
the file to save; elsewhere they say nothing of it. (The browser test in
tests/browser/test_site.py opens the real pages without a service worker.)"""

from __future__ import annotations

import base64
import re

import pytest

from mjscore.files import storage
from mjscore.views import _downloads
from mjscore.views.night.scorekeeper_app import ScorekeeperApp
from mjscore.views.practice.trainer_app import PracticeApp
from mjscore.practice import Trainer


@pytest.fixture
def nothing_kept(monkeypatch):
    monkeypatch.setattr(_downloads, "kept_here", lambda: False)


def test_kept_on_a_machine():
    assert storage.kept_here()
    assert _downloads.nothing_kept_html("anything") == ""


def test_the_browser_is_asked_once_and_before_mjscore_makes_a_folder(monkeypatch, tmp_path):
    """In a browser, whether it keeps the files is asked the first time it matters, not as the
    module is imported (a table app's page starts from a snapshot of Python taken, its modules
    imported, as the site was built, where the answer was another browser's); and before mjscore
    makes its first folder, which could otherwise be taken for the browser's storage."""
    import sys

    asked = []
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv("MJSCORE_DATA_DIR")
    monkeypatch.setattr(storage, "_BROWSER_KEEPS", None)
    monkeypatch.setattr(storage, "_browser_keeps", lambda: asked.append((tmp_path / "drive").exists()) or False)
    storage.make_folder(tmp_path / "drive" / "mjscore-data")
    assert asked == [False]  # asked before the folder was there
    assert not storage.kept_here() and storage.place() == "page" and asked == [False]  # and only once


def test_the_trainer_says_so_at_once(nothing_kept, tmp_path):
    app = PracticeApp(Trainer(tmp_path / "practice.jsonl"))
    assert "This browser keeps nothing for this site" in app.notice.value
    assert "Download my progress" in app.notice.value
    assert app.download.description == "Download my progress"


def test_the_scorekeeper_says_so_at_once_and_offers_the_journal(nothing_kept, tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path))
    app = ScorekeeperApp()
    assert "This browser keeps nothing for this site" in app.journal.value  # before any night
    app = ScorekeeperApp(journal="kept.csv", players=["Ann", "Bea", "Cat", "Dee"])
    app.winner.value, app.how.value, app.thrower.value, app.value.value = "Ann", "discard", "Cat", "25"
    app.add.click()
    assert "This browser keeps nothing for this site" in app.journal.value
    link = re.search(r'download="kept.csv" href="data:text/csv;base64,([^"]+)"', app.journal.value)
    assert link, app.journal.value
    assert base64.b64decode(link.group(1)) == (tmp_path / "nights" / "kept.csv").read_bytes()


def test_nothing_said_where_files_are_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_DATA_DIR", str(tmp_path))
    assert "keeps nothing" not in PracticeApp(Trainer(tmp_path / "p.jsonl")).notice.value
    assert "keeps nothing" not in ScorekeeperApp(journal="n.csv", players=["A", "B", "C", "D"]).journal.value
