"""Run by tests/views/test_in_page.py with only ipywidgets, traitlets, comm and mjscore on Python's
path, as a table app's page of the browser site has them: both table apps made and used through
the page's messages, with no IPython installed. Prints what it found, a line each."""

import json
import sys

from mjscore.views import in_page

state = {}
page = None


def hand(kind, comm_id, data, metadata, buffers):
    data = json.loads(data)
    if kind == "comm_open":
        state[comm_id] = dict(data["state"])
    elif kind == "comm_msg" and data.get("method") in ("update", "echo_update"):
        state[comm_id].update(data["state"])


def find(css, model=None):
    """The widget with the class ``css``, or the one of ``model`` inside it."""
    (found,) = [i for i, s in state.items() if css in s.get("_dom_classes", ())]
    if model is None:
        return found
    todo = [found]
    while todo:
        i = todo.pop()
        if state[i]["_model_name"] == model:
            return i
        todo.extend(c.removeprefix("IPY_MODEL_") for c in state[i].get("children", ()))
    raise LookupError(css)


def tell(css, model, message):
    page.receive(find(css, model), json.dumps(message))


def choose(css, index):
    page.receive(find(css), json.dumps({"method": "update", "state": {"index": index}, "buffer_paths": []}))


def main():
    global page
    page = in_page.serve(hand)
    print("IPython stood in" if sys.modules["IPython"].__doc__.startswith("mjscore's stand-in") else "IPython real")
    in_page.show("mjscore.views.night.scorekeeper_app", "ScorekeeperApp")
    tell("mjs-score-name", "TextModel", {"method": "update", "state": {"value": "no-ipython.csv"}, "buffer_paths": []})
    tell("mjs-score-players", "TextModel", {"method": "update", "state": {"value": "Ann, Bea, Cat, Dee"}, "buffer_paths": []})
    tell("mjs-score-start", "ButtonModel", {"method": "custom", "content": {"event": "click"}})
    choose("mjs-score-winner", 0)
    choose("mjs-score-thrower", 1)
    tell("mjs-score-add", "ButtonModel", {"method": "custom", "content": {"event": "click"}})
    totals = state[find("mjs-score-totals", "HTMLModel")]["value"]
    print("Totals after 1 hand" if "Totals after 1 hand" in totals else totals)
    in_page.show("mjscore.views.practice.trainer_app", "PracticeApp")
    print("the trainer shows a hand" if any("mjs-tile" in str(s.get("value", "")) for s in state.values()) else "no hand")
    heavy = [name for name in ("jedi", "prompt_toolkit", "pygments", "IPython.core.completer") if name in sys.modules]
    print("no IPython, jedi or prompt_toolkit imported" if not heavy else f"imported: {heavy}")


if __name__ == "__main__":
    main()
