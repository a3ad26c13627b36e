// A table app's Python, in a worker of its page (table-app.js starts it): Pyodide, the app made by
// mjscore/views/in_page.py, and the app's data folder kept in the site's storage (site-drive.js).
// Python runs here, not in the page, so the page draws the app while Python starts, and stays
// free to scroll and to take taps while Python works. Written into the site by tools/site_web_apps.py.
//
// The page and this worker say three things to each other (postMessage, in the order sent):
//   the page:  {start: {site, storage, module, app}}, then {id, data, buffers}: a widget's message;
//   here:      {said: [...]}: what Python sent (comm_open, comm_msg, comm_close), for the page to
//              show; {ready: id, snapshot}: the app's root widget, and whether Python started
//              from the site's snapshot (make-snapshot.js); {failed: text};
//              {loaded: [address...]}: the files this worker fetched.
// Every message from the page is handled in the order it came, one at a time; the files Python
// wrote in its data folder are saved in the site's storage, and only then is what Python answered
// sent to the page: what the page says is saved is saved, whatever is tapped or reloaded next.
"use strict";

// What a table app needs (with what the lock says they need), and Python with them imported.
const PACKAGES = ["ipywidgets", "mjscore"], SNAPSHOT = "table-apps.snapshot.gz";
let python, page, drive;
let said = [];  // what Python sends while it handles a message: sent to the page once saved
let turn = Promise.resolve();  // the messages to Python, one after another

self.onmessage = (event) => {
  if (event.data.start) {
    turn = turn.then(() => start(event.data.start)).catch((failed) => {
      self.postMessage({failed: String(failed)});
      throw failed;
    });
  } else {
    const {id, data, buffers} = event.data;
    turn = turn.then(() => toPython(id, data, buffers));
  }
};

async function start({site, storage, module, app}) {
  const pyodide = new URL("static/pyodide/", site).href;
  importScripts(pyodide + "pyodide.js", "site-drive.js");
  const snapshot = await started(pyodide);
  kept();
  // the site's storage (if the browser refuses it, no /drive, and mjscore says nothing is kept)
  drive = await SiteDrive.open(storage);
  await inTurn(refreshed);
  const inPage = python.pyimport("mjscore.views.in_page");
  page = inPage.serve(fromPython);
  const root = inPage.show(module, app);
  await inTurn(saved);
  answer();
  self.postMessage({ready: root, snapshot});
  if (snapshot) {  // it holds the modules imported, not the packages' files: put in place now,
    // for what is imported or read later (the first message waits for them)
    await python.loadPackage(PACKAGES)
      .catch((failed) => console.error("mjscore: the packages' files are missing", failed));
    kept();
  }
}

// What this worker fetched, for the site's service worker to keep for use offline (it sees a
// first visit's files only once it has taken the page over: keep-offline.js): told as soon as
// Python has started, and again once the packages' files have come.
function kept() {
  self.postMessage({loaded: performance.getEntriesByType("resource").map((entry) => entry.name)});
}

// Python as the site's build left it, its packages' modules imported (make-snapshot.js): a
// snapshot of Pyodide's memory, loaded while Pyodide itself loads. Where it cannot be (a site
// built without one, a browser that refuses it), Python starts as Pyodide does and the packages
// are loaded. Returns whether it started from the snapshot.
async function started(pyodide) {
  try {
    const snapshot = fetch(pyodide + SNAPSHOT).then((got) => {
      if (!got.ok) throw new Error(`${SNAPSHOT}: ${got.status}`);
      return new Response(got.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    });
    python = await loadPyodide({indexURL: pyodide, _loadSnapshot: snapshot});
    afterSnapshot();
    return true;
  } catch (failed) {
    console.warn("mjscore: Python starts without its snapshot", failed);
    python = await loadPyodide({indexURL: pyodide, packages: PACKAGES});
    return false;
  }
}

function afterSnapshot() {
  const inPage = python.pyimport("mjscore.views.in_page");
  inPage.after_snapshot();
  inPage.destroy();
}

function fromPython(kind, id, data, metadata, buffers) {
  said.push({kind, id, data: JSON.parse(data), metadata: JSON.parse(metadata), buffers: buffers.toJs()});
  buffers.destroy();
}

function answer() {
  const sent = said;
  said = [];
  self.postMessage({said: sent});
}

async function toPython(id, data, buffers) {
  await inTurn(async () => {
    await refreshed();
    try {
      page.receive(id, JSON.stringify(data), python.toPy(buffers));
    } catch (failed) {
      console.error(failed);
    }
    await saved();
  });
  answer();
}

// One page of the site at a time, across its tabs, reads and writes the data folder (the Web
// Locks API; a browser without it has one tab's turn at a time).
function inTurn(work) {
  return navigator.locks ? navigator.locks.request("mjscore-data", work) : work();
}

async function refreshed() {
  try {
    if (drive) await drive.load(python.FS, "mjscore-data");
  } catch (failed) {
    console.error("mjscore: the site's storage could not be read", failed);
  }
}

async function saved() {
  try {
    if (drive) await drive.save(python.FS);
  } catch (failed) {
    console.error("mjscore: not saved in the site's storage", failed);
  }
}
