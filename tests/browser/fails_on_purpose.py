"""A browser test that fails on purpose: tests/browser/test_traces.py runs it, to show that a
failing test leaves a trace, a screenshot and the page's console to read. (pytest's own run does
not collect it: its name does not start with ``test_``.)"""


def test_fails_on_purpose(page):
    from playwright.sync_api import expect

    page.set_content("<p id='said'>The app says: Hand 1 added</p>"
                     "<script>console.log('a line the page wrote to its console')</script>")
    expect(page.locator("#said")).to_have_text("The app says: Hand 2 added", timeout=2000)
