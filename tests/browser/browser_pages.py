"""The browser tests' pages: a notebook in JupyterLab or Voila, its widgets found by CSS class,
driven, and photographed (the fixtures in conftest.py hand them to the tests).

* :class:`NotebookPage`: ``run_all()`` (Edit > Clear Outputs of All Cells, so the stored
  outputs cannot pass for new ones, then Run > Run All Cells; waits until every code cell has
  its number, the kernel is idle again and every widget is drawn, and fails on a cell's
  traceback), ``one(css_class)``, ``fill``/``choose``/``press``/``tick`` for the widgets,
  ``click_for`` (a click that waits for the app's answer), ``settle()`` (the layout settled),
  and ``shot(name, top, bottom)``.
* :class:`VoilaPage`: the same widgets in the classroom view, and ``assert_clean()``.
* :func:`poll`: read again until a condition holds, for what no Playwright expectation waits on.
* :data:`LOW_CONTRAST_IN`: the text of a lesson or an app that reads at under WCAG AA contrast.
* :class:`Shots`: pictures staged in a test's folder, published only when asked
  (``MJSCORE_SCREENSHOTS``, which ``make screenshots`` sets) and only when the test passed.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--no-proxy-server",
                 # nothing leaves the machine: every host name but the loopback address fails to
                 # resolve (in Chromium itself: a Python route handler per request was slow)
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
VIEWPORT = {"width": 1280, "height": 800}
#: Where passing tests publish their pictures: nowhere unless MJSCORE_SCREENSHOTS names a folder.
SCREENSHOTS = ROOT / os.environ["MJSCORE_SCREENSHOTS"] if os.environ.get("MJSCORE_SCREENSHOTS") else None
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
SERVER_START_S = 120      # a cold JupyterLab on a busy shared machine
KERNEL_IDLE_S = 120
RUN_ALL_S = 180
WAIT_MS = 60_000          # default Playwright wait for one widget to respond

TIMINGS: dict[str, float] = {}

#: Resolves once every output's size and number of elements and the fonts' status have stayed
#: the same for 15 looks 20 ms apart (300 ms), and every picture in them has loaded (a chart's
#: PNG takes its size only then, which may be more than 300 ms after the last change on a busy
#: machine): the layout has settled after a resize and the widgets have finished drawing. At
#: most 10 s.
SETTLED = """() => new Promise(resolve => {
    const areas = () => [...document.querySelectorAll('.jp-OutputArea, .jp-MarkdownOutput')];
    const look = () => areas().map(a => {
        const r = a.getBoundingClientRect();
        return `${r.width}x${r.height}:${a.getElementsByTagName('*').length}`;
    }).join(';') + document.fonts.status;
    const loading = () => areas().some(a => [...a.querySelectorAll('img')].some(i => !i.complete && i.loading !== 'lazy'));
    const end = Date.now() + 10000;
    let last = look(), still = 0;
    const step = () => {
        const now = look();
        if (now === last) still += 1; else { last = now; still = 0; }
        if ((still >= 15 && !loading()) || Date.now() > end) resolve(); else setTimeout(step, 20);
    };
    setTimeout(step, 20);
})"""

#: True once no output of the page says "Loading widget...": the text ipywidgets' renderer
#: (JupyterLab's and Voila's) puts in a widget's output until the widget's model has come from
#: the kernel, then replaces with the widget. Voila shows the page before that: a check that reads
#: the whole page must wait for it, or it reads the page without its apps.
WIDGETS_DRAWN = """() => ![...document.querySelectorAll('.jp-OutputArea-output')]
    .some(o => o.textContent.trim() === 'Loading widget...')"""


#: The text inside ``areas`` (a list of elements: a lesson's outputs, an app) that reads at under
#: WCAG AA against what is behind it: [where, its contrast, its colour, the colour behind it],
#: and how many pieces of text were read. Behind a piece of text is every background under it,
#: from the page down, laid one over the other (a half-transparent shade over the page), and a
#: faded box's text is faded into it; a control that is switched off (a disabled button) is left
#: out, as WCAG leaves it out; text in a picture with its own face (a tile, a PNG) is the
#: picture's, not the page's, and is left out. Large text (24 px, or bold 18.7 px) needs 3:1, the
#: rest 4.5:1. (The layout tests read the lessons with it, the touch tests the apps at a table.)
LOW_CONTRAST_IN = """areas => {
    // rgb(a), or color(srgb r g b / a) with each part 0 to 1: what Chromium gives for a colour
    // made with color-mix() (the views' green for a right answer), which was once left unread
    const rgba = c => {
        const m = /(rgba?|color)\\(([^)]+)\\)/.exec(c || '');
        if (!m) return null;
        const words = m[2].split(/[\\s,\\/]+/).filter(Boolean);
        if (m[1] === 'color' && words.shift() !== 'srgb') return null;
        const p = words.map(parseFloat);
        const scale = m[1] === 'color' ? 255 : 1;
        return [p[0] * scale, p[1] * scale, p[2] * scale, p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
    const lum = c => {
        const f = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
    };
    // what is behind an element, and how faded it is: its parent's, with its own laid over (remembered)
    const known = new Map();
    const look = e => {
        if (!e) return [[255, 255, 255, 1], 1];
        if (known.has(e)) return known.get(e);
        const [under, faded] = look(e.parentElement);
        const style = getComputedStyle(e);
        const c = rgba(style.backgroundColor);
        const got = [c && c[3] > 0 ? over(c, under) : under, faded * parseFloat(style.opacity)];
        known.set(e, got);
        return got;
    };
    const hex = c => '#' + c.slice(0, 3).map(v => Math.round(v).toString(16).padStart(2, '0')).join('');
    const out = [];
    let read = 0;
    for (const area of areas) {
        for (const e of area.querySelectorAll('*')) {
            if (e.closest('[data-tile], img, .mjs-tile, canvas')) continue;
            if (e.closest(':disabled, .mod-disabled, .mjs-off')) continue;  // WCAG asks nothing of a control that is off
            const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
            if (!own) continue;
            const style = getComputedStyle(e);
            const r = e.getBoundingClientRect();
            if (style.visibility === 'hidden' || style.display === 'none' || r.width < 1 || r.height < 1) continue;
            if (parseFloat(style.opacity) === 0) continue;
            const svg = e instanceof SVGElement;
            let fg = rgba(svg ? style.fill : style.color);
            if (!fg) continue;
            const bg = look(svg ? e.ownerSVGElement.parentElement : e)[0];
            const seen = look(e)[1];  // a faded box (opacity) fades its text into what is behind it
            fg = over([fg[0], fg[1], fg[2], fg[3] * seen], bg);
            const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
            const ratio = (hi + 0.05) / (lo + 0.05);
            const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
            const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
            read += 1;
            if (ratio < need) {
                const text = (e.textContent || '').trim().slice(0, 40).replace(/\\s+/g, ' ');
                const cls = typeof e.className === 'string' ? e.className : '';
                out.push([`${e.tagName.toLowerCase()}${cls ? '.' + cls.trim().split(/\\s+/)[0] : ''} "${text}"`,
                          Math.round(ratio * 100) / 100, hex(fg), hex(bg)]);
            }
        }
    }
    return [out, read];
}"""


def _timed(name: str, start: float) -> None:
    TIMINGS[name] = TIMINGS.get(name, 0.0) + time.monotonic() - start


def poll(read, done, seconds: float = 30):
    """``read()`` again every 0.2 s until ``done(value)`` holds or ``seconds`` have passed; the last
    value read. For what no Playwright expectation waits on (how many pictures are drawn): the
    caller asserts on the value, so a failure says what the page showed last."""
    deadline = time.monotonic() + seconds
    while not done(value := read()) and time.monotonic() < deadline:
        time.sleep(0.2)
    return value


class Shots:
    """Screenshots staged during a test, published to docs/screenshots/ if it passes."""

    def __init__(self, staging: Path):
        self.staging = staging
        self.names: list[str] = []

    def take(self, name: str, target, **options) -> Path:
        path = self.staging / f"{name}.png"
        target.screenshot(path=str(path), animations="disabled", caret="hide", **options)
        self.names.append(name)
        return path

    def publish(self) -> None:
        if SCREENSHOTS is None:
            return
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for name in self.names:
            new, old = self.staging / f"{name}.png", SCREENSHOTS / f"{name}.png"
            if not old.exists() or old.read_bytes() != new.read_bytes():
                shutil.copyfile(new, old)




class AppPage:
    """A page showing widget apps (JupyterLab or Voila): find, drive and photograph them.

    ipywidgets 8 puts a widget's classes on its outer node; an IntText's ``<input>``, a
    Dropdown's ``<select>`` and a ToggleButtons' buttons are inside it."""

    outputs = ".jp-OutputArea"

    def __init__(self, page, name: str, shots: Shots):
        self.page, self.name, self.shots = page, name, shots
        self.errors: list[str] = []
        self._listeners = [("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))]
        page.on(*self._listeners[0])

    def stop_watching(self) -> None:
        """Stop listening to the page (it may serve the next test)."""
        for event, listener in self._listeners:
            self.page.remove_listener(event, listener)

    def one(self, css_class: str, within=None):
        """The one widget with this class (in the page; an empty HTML widget has no size)."""
        loc = (within if within is not None else self.page.locator(self.outputs)).locator(f".{css_class}")
        loc.first.wait_for(state="attached")
        count = loc.count()
        assert count == 1, f"{self.name}: {count} widgets with class {css_class}, expected 1"
        return loc

    @staticmethod
    def fill(widget, value) -> None:
        """Type into a Text/IntText and press Enter (the value is sent on Enter or on leaving)."""
        box = widget.locator("input")
        box.fill(str(value))
        box.press("Enter")

    @staticmethod
    def click_for(button, answer, said, typed: str | None = None) -> None:
        """Click ``button`` and wait for ``answer`` (a locator) to be on the page.

        ``said`` is where the app answers (empty before the click). If the app says something
        else, fail with its words. If it says nothing at all, the click was lost: once, on a
        machine under heavy load, a click landed as the page moved. Then click again, once.

        ``typed``: the app's words when a box the click needs is empty ("Type the "). A test
        clicks a few milliseconds after typing, as no person does, and on a kernel under heavy
        load the click once reached the app before the figure typed just before it (each
        widget sends its own message). Those words too mean: click again, once."""
        from playwright.sync_api import expect

        button.click()
        try:
            expect(answer.first).to_be_attached(timeout=20_000)
            return
        except AssertionError:
            words = said.inner_text().strip()
            if words and not (typed and typed in words):
                raise AssertionError(f"after the click the app says {words!r}") from None
        button.click()
        try:
            expect(answer.first).to_be_attached()
        except AssertionError as e:
            raise AssertionError(f"after two clicks the app says {said.inner_text().strip()!r}") from e

    @staticmethod
    def choose(widget, label: str) -> None:
        """Pick a Dropdown's option by its label."""
        widget.locator("select").select_option(label=label)

    @staticmethod
    def press(widget, label: str) -> None:
        """Click the button of a ToggleButtons with this label."""
        widget.get_by_role("button", name=label, exact=True).click()

    @staticmethod
    def tick(widget, on: bool = True) -> None:
        """Set a Checkbox."""
        widget.locator("input[type=checkbox]").set_checked(on)

    def output_of(self, locator):
        """The output area (of one cell) that holds this widget: a tidy screenshot target."""
        return locator.locator("xpath=ancestor::div[contains(@class,'jp-Cell-outputArea')][1]")

    @staticmethod
    def scroll_to_top(locator) -> None:
        """Scroll the nearest container that scrolls so that this element is at its top.
        (Not scrollIntoView: that also scrolls JupyterLab's overflow-hidden frames.)"""
        locator.evaluate("""e => {
            let s = e.parentElement;
            while (s && !(/(auto|scroll)/.test(getComputedStyle(s).overflowY) && s.scrollHeight > s.clientHeight))
                s = s.parentElement;
            if (s) s.scrollTop += e.getBoundingClientRect().top - s.getBoundingClientRect().top - 8;
        }""")

    def shot(self, name: str, top=None, bottom=None, max_height: int = 1000) -> Path:
        """A picture of the page, or of the region from ``top``'s top edge to ``bottom``'s
        bottom edge (default: ``top``'s own), at most ``max_height`` pixels tall. The window is
        made tall enough for the region first (JupyterLab scrolls inside a fixed frame, so a
        taller region would be cut by it), then put back."""
        page = self.page
        page.mouse.move(0, 0)  # no hover highlight, no focus ring in the picture
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        if top is None:
            return self.shots.take(name, page)
        bottom = top if bottom is None else bottom
        span = bottom.bounding_box()
        first = top.bounding_box()
        height = min(span["y"] + span["height"] - first["y"], max_height)
        page.set_viewport_size({"width": VIEWPORT["width"], "height": int(max(VIEWPORT["height"], height + 240))})
        try:
            self.scroll_to_top(top)
            page.wait_for_timeout(300)  # layout settles
            first, span = top.bounding_box(), bottom.bounding_box()
            height = min(span["y"] + span["height"] - first["y"], max_height)
            pad = 6  # a little white round the region
            clip = {"x": max(first["x"] - pad, 0), "y": max(first["y"] - pad, 0),
                    "width": max(first["width"], span["width"]) + 2 * pad, "height": height + 2 * pad}
            return self.shots.take(name, page, clip=clip)
        finally:
            page.set_viewport_size(VIEWPORT)

    def settle(self) -> None:
        """Wait until the layout has settled (after a resize, or widgets still drawing)."""
        self.page.evaluate(SETTLED)

    def wait_widgets_drawn(self, timeout_s: float = RUN_ALL_S) -> None:
        """Wait until every widget of the page is drawn (no output says "Loading widget...")."""
        self.page.wait_for_function(WIDGETS_DRAWN, timeout=timeout_s * 1000, polling=100)

    def assert_no_page_errors(self) -> None:
        assert not self.errors, f"{self.name}: {self.errors}"


class NotebookPage(AppPage):
    """A notebook open in JupyterLab."""

    # waiting for the kernel -----------------------------------------------------------
    def wait_idle(self, timeout_s: float = KERNEL_IDLE_S) -> None:
        """The status bar (not the toolbar) reads "Python 3 (ipykernel) | Idle"."""
        page = self.page
        status = page.locator("#jp-main-statusbar").get_by_text(KERNEL_IDLE, exact=True)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            dialog = page.locator(".jp-Dialog")
            if dialog.count():
                text = dialog.first.inner_text()
                if "Select Kernel" in text:
                    dialog.first.locator(".jp-mod-accept").click()
                else:
                    pytest.fail(f"{self.name}: unexpected dialog: {text!r}")
            if status.count() and status.first.is_visible():
                return
            page.wait_for_timeout(250)
        bar = page.locator("#jp-main-statusbar").inner_text() if page.locator("#jp-main-statusbar").count() else ""
        pytest.fail(f"{self.name}: kernel not idle after {timeout_s} s; status bar: {bar!r}")

    # running ----------------------------------------------------------------------------
    def run_all(self) -> None:
        t0 = time.monotonic()
        page = self.page
        page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})  # make it current
        # The stored outputs and numbers first go, so that only this run's can be waited for.
        page.locator("#jp-MainMenu").get_by_role("menuitem", name="Edit", exact=True).click()
        page.locator('#jp-mainmenu-edit .lm-Menu-item[data-command="editmenu:clear-all"]').click()
        page.wait_for_function("""() => !document.querySelector('.jp-Notebook .jp-OutputArea-output') &&
            ![...document.querySelectorAll('.jp-Notebook .jp-InputPrompt')].some(p => /\\d/.test(p.textContent))""",
                               timeout=WAIT_MS, polling=250)
        page.locator("#jp-MainMenu").get_by_role("menuitem", name="Run", exact=True).click()
        page.locator("#jp-mainmenu-run .lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        # Done when every code cell with source has its number, or a cell failed (Run All
        # stops there). A failed cell shows its traceback as an error (or stderr) output.
        failed = """() => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')]
            .filter(o => o.dataset.mimeType === 'application/vnd.jupyter.error' ||
                (o.dataset.mimeType === 'application/vnd.jupyter.stderr' && /Traceback/.test(o.textContent)))
            .map(o => o.innerText.slice(0, 3000))"""
        done = """() => {
            const cells = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')];
            const pending = cells.filter(c => {
                const src = (c.querySelector('.cm-content')?.textContent || '').trim();
                const prompt = c.querySelector('.jp-InputPrompt')?.textContent || '';
                return src && !/\\[\\d+\\]/.test(prompt);
            });
            const any = document.querySelectorAll('.jp-Notebook .jp-Cell').length;  // the rule book has no code
            return (any > 0 && pending.length === 0) || (FAILED)().length > 0;
        }""".replace("FAILED", failed)
        page.wait_for_function(done, timeout=RUN_ALL_S * 1000, polling=250)
        errors = page.evaluate(failed)
        if errors:
            pytest.fail(f"{self.name}: a cell failed:\n{errors[0]}")
        self.wait_idle()
        self.wait_widgets_drawn()
        _timed(f"{self.name}: Run All", t0)


class VoilaPage(AppPage):
    """A notebook rendered by Voila as an app (no code, no JupyterLab around it)."""

    outputs = "#rendered_cells"

    def __init__(self, page, name: str, shots: Shots):
        super().__init__(page, name, shots)
        self.failed: list[str] = []
        self.away: list[str] = []
        self._listeners.append(("requestfailed", lambda request: self.failed.append(request.url)))
        self._listeners.append(("request", lambda request: self.away.append(request.url)
                                if not re.match(r"(https?://(127\.0\.0\.1|localhost)[:/]|data:|blob:|about:)",
                                                request.url) else None))
        for listener in self._listeners[-2:]:
            page.on(*listener)

    def assert_clean(self) -> None:
        """No script error, nothing failed to load, and nothing asked of another host: the
        classroom view works offline, its button icons included (it once loaded Font Awesome
        from a CDN)."""
        self.assert_no_page_errors()
        assert not self.failed, f"{self.name}: failed to load {self.failed}"
        assert not self.away, f"{self.name}: asked another host for {self.away}"
