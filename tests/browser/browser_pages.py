"""The browser tests' pages: a lesson in JupyterLab (:class:`NotebookPage`, run by JupyterLab's
own Run All Cells) or in the classroom view (:class:`VoilaPage`), its widgets found by CSS class,
driven and photographed; ``drawn()``, what a test waits for before it reads a whole page.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: Chromium as the tests and benchmarks launch it: no host name but the loopback address resolves.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run",
                 "--disable-sync", "--no-proxy-server", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
VIEWPORT = {"width": 1280, "height": 800}
WAIT_MS = 90_000  # the longest Playwright waits for what a person would see (a busy shared machine)
RUN_MS = 300_000  # a lesson's cells, all of them, on a busy machine
#: Where ``make screenshots`` publishes the pictures: nowhere unless MJSCORE_SCREENSHOTS names a folder.
SCREENSHOTS = ROOT / os.environ["MJSCORE_SCREENSHOTS"] if os.environ.get("MJSCORE_SCREENSHOTS") else None
#: measure.js: {fit(root), lowContrast(areas)}, what a person would trip on (it says each part).
MEASURE = "(" + (HERE / "measure.js").read_text(encoding="utf-8") + ")"

#: What is not drawn yet: each output with neither its type (``data-mime-type``) nor a widget's view
#: (its model not yet come from the kernel), each picture not loaded, the fonts still loading.
NOT_DRAWN = """() => [...[...document.querySelectorAll('.jp-OutputArea-output')]
        .filter(o => !(o.dataset.mimeType || o.querySelector('.jupyter-widgets'))).map(o => 'output ' + o.innerText.slice(0, 200)),
    ...[...document.images].filter(i => !i.complete).map(i => 'picture ' + i.src),
    ...(document.fonts.status === 'loaded' ? [] : ['fonts loading'])]"""
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def drawn(page) -> None:
    """Wait until nothing is :data:`NOT_DRAWN`, then two frames; or fail saying what is not drawn."""
    try:
        page.wait_for_function(f"() => ({NOT_DRAWN})().length === 0", timeout=RUN_MS, polling=100)
    except Exception as waited:  # Playwright's time-out, or the page gone
        pytest.fail(f"{page.url}: not drawn in {RUN_MS // 1000} s: {page.evaluate(NOT_DRAWN)} ({waited})")
    page.evaluate(NEXT_FRAMES)


class Shots:
    """A test's screenshots, copied to ``MJSCORE_SCREENSHOTS`` (``make screenshots``) where they
    changed; ``make test`` leaves the checkout as it found it."""

    def __init__(self, staging: Path):
        self.staging = staging

    def take(self, name: str, target, **options) -> None:
        self.staging.mkdir(parents=True, exist_ok=True)
        path, old = self.staging / f"{name}.png", SCREENSHOTS and SCREENSHOTS / f"{name}.png"
        target.screenshot(path=str(path), animations="disabled", caret="hide", **options)
        if old and not (old.exists() and old.read_bytes() == path.read_bytes()):
            old.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, old)


class AppPage:
    """A page showing widget apps (JupyterLab or Voila): find, drive and photograph them.
    ipywidgets 8 puts a widget's classes on its outer node: an input, a select or a toggle's
    buttons are inside it."""

    outputs = ".jp-OutputArea"

    def __init__(self, page, name: str, shots: Shots):
        self.page, self.name, self.shots = page, name, shots

    def one(self, css_class: str, within=None):
        """The one widget with this class (waited for; it must be the only one)."""
        from playwright.sync_api import expect

        loc = (within if within is not None else self.page.locator(self.outputs)).locator(f".{css_class}")
        expect(loc).to_have_count(1)
        return loc

    @staticmethod
    def fill(widget, value) -> None:
        """Type into a text box and press Enter (the value is sent on Enter or on leaving)."""
        widget.locator("input").fill(str(value))
        widget.locator("input").press("Enter")

    @staticmethod
    def press(widget, label: str) -> None:
        """Click the button of a ToggleButtons with this label."""
        widget.get_by_role("button", name=label, exact=True).click()

    @staticmethod
    def scroll_to_top(locator) -> None:
        """Scroll the nearest container that scrolls so that this element is at its top (not
        scrollIntoView: that also scrolls JupyterLab's overflow-hidden frames)."""
        locator.evaluate("""e => {
            let s = e.parentElement;
            while (s && !(/(auto|scroll)/.test(getComputedStyle(s).overflowY) && s.scrollHeight > s.clientHeight))
                s = s.parentElement;
            if (s) s.scrollTop += e.getBoundingClientRect().top - s.getBoundingClientRect().top - 8;
        }""")

    def drawn(self) -> None:
        """Wait until the page is drawn (:func:`drawn`)."""
        drawn(self.page)

    def resize(self, viewport: dict) -> None:
        self.page.set_viewport_size(viewport)
        self.drawn()

    def shot(self, name: str, top=None, bottom=None, max_height: int = 1000) -> None:
        """A picture of the page, or from ``top``'s top edge to ``bottom``'s bottom edge, at most
        ``max_height`` px, in a window made tall enough (JupyterLab scrolls inside a fixed frame)."""
        page, size = self.page, self.page.viewport_size
        page.mouse.move(0, 0)  # no hover highlight, no focus ring in the picture
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        if top is None:
            return self.shots.take(name, page)
        self.resize({"width": size["width"], "height": max(size["height"], max_height + 240)})
        try:
            self.scroll_to_top(top)
            self.page.evaluate(NEXT_FRAMES)
            first, last = top.bounding_box(), (bottom or top).bounding_box()
            self.shots.take(name, page, clip={
                "x": max(first["x"] - 6, 0), "y": max(first["y"] - 6, 0), "width": max(first["width"], last["width"]) + 12,
                "height": min(last["y"] + last["height"] - first["y"], max_height) + 12})
        finally:
            self.resize(size)

    def assert_no_page_errors(self) -> None:
        assert not self.page.context.errors, f"{self.name}: {self.page.context.errors}"


class NotebookPage(AppPage):
    """A lesson open in a JupyterLab page of its own."""

    @classmethod
    def open(cls, page, lab, folder: str, name: str, shots: Shots, *, reset: bool = True) -> NotebookPage:
        """Open ``folder/name`` in a workspace named for the folder, run every cell, wait until
        drawn. ``reset=False``: the workspace as it was left (a reload, a second tab)."""
        nb = cls(page, name, shots)
        nb.path = f"{folder}/{name}"
        page.goto(f"{lab.url}/lab/workspaces/{folder}/tree/{nb.path}?{'reset&' if reset else ''}token={lab.token}")
        nb.run_all()
        return nb

    def run_all(self) -> None:
        """Run > Run All Cells, by JupyterLab's own command, which answers once every cell has run
        (or one failed: then this fails with its traceback), on the notebook's kernel once it is
        ready; then wait until the page is drawn."""
        self.page.wait_for_function("path => [...(window.jupyterapp?.shell.widgets('main') ?? [])]"
                                    ".some(w => w.context?.path === path)", arg=self.path, timeout=RUN_MS)
        ran = self.page.evaluate("""async path => {
            const app = window.jupyterapp;
            const panel = [...app.shell.widgets('main')].find(w => w.context?.path === path);
            await panel.context.ready;
            await panel.sessionContext.ready;
            app.shell.activateById(panel.id);
            return await app.commands.execute('notebook:run-all-cells');
        }""", self.path)
        if not ran:
            errors = self.page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
            pytest.fail(f"{self.name}: a cell failed:\n{errors.first.inner_text()[:3000]}")
        self.drawn()


class VoilaPage(AppPage):
    """A lesson rendered by Voila as an app (no code, no JupyterLab around it), watched for
    requests that failed or went to another host."""

    outputs = "#rendered_cells"

    @classmethod
    def open(cls, page, voila, folder: str, name: str, shots: Shots) -> VoilaPage:
        from playwright.sync_api import expect

        view = cls(page, name, shots)
        view.failed, view.away = [], []
        page.on("requestfailed", lambda request: view.failed.append(request.url))
        page.on("request", lambda request: None if re.match(
            r"(https?://(127\.0\.0\.1|localhost)[:/]|data:|blob:|about:)", request.url) else view.away.append(request.url))
        page.goto(f"{voila.url}/voila/render/{folder}/{name}?token={voila.token}", timeout=RUN_MS)
        expect(page.locator("#rendered_cells")).to_be_visible(timeout=RUN_MS)
        view.drawn()
        return view

    def assert_clean(self) -> None:
        """No script error, nothing failed to load, nothing asked of another host: the classroom
        view works offline, its button icons included (it once loaded Font Awesome from a CDN)."""
        self.assert_no_page_errors()
        assert not self.failed, f"{self.name}: failed to load {self.failed}"
        assert not self.away, f"{self.name}: asked another host for {self.away}"
