// A table app's page (the scorekeeper, the trainer): Python started in the page itself, the app
// made by mjscore/views/in_page.py, and its widgets drawn by @jupyter-widgets/html-manager, with
// this file carrying the widgets' messages between the two (what a kernel does in JupyterLab).
// No JupyterLab and no kernel: the page answers a first tap in about the time Pyodide alone takes
// to start (benchmarks/site_start.py). Written into the site by tools/site_web_apps.py.
//
// Every message from the page to Python is handled in the order it was sent, one at a time; the
// files Python wrote in its data folder are then saved in the site's storage, where the lessons in
// the site's JupyterLab find them too (site-drive.js), and only then is what Python answered
// shown: what the page says is saved is saved, whatever is tapped or reloaded next.
"use strict";
(function () {
  const script = document.currentScript;
  const site = new URL(script.dataset.site, location.href);
  const status = document.getElementById("mjs-starting");
  const widgets = new Promise((done) => require(["@jupyter-widgets/html-manager"], (m) => done(new m.HTMLManager())));

  if (navigator.serviceWorker) {  // the site's worker keeps the page for use offline (service-worker.js)
    navigator.serviceWorker.register(new URL("service-worker.js", site)).catch(() => {});
  }

  let python, page, drive;
  const comms = new Map();
  let answers = null;  // what Python sends while it handles a message: shown once it is saved
  let turn = Promise.resolve();  // the messages to Python, one after another

  function fromPython(kind, id, data, metadata, buffers) {
    const message = {kind, id, data: JSON.parse(data), metadata: JSON.parse(metadata), buffers: buffers.toJs()};
    buffers.destroy();
    if (answers) {
      answers.push(message);
    } else {
      show(message);
    }
  }

  function show({kind, id, data, metadata, buffers}) {
    if (kind === "comm_open") {
      const comm = pageComm(id);
      comms.set(id, comm);
      widgets.then((manager) => manager.handle_comm_open(comm, {
        content: {comm_id: id, target_name: "jupyter.widget", data}, metadata, buffers}));
    } else if (comms.has(id)) {
      comms.get(id).deliver(kind, {content: {comm_id: id, data}, metadata, buffers});
    }
  }

  // A widget's end of its comm, as the widget renderer expects a kernel's comm to be.
  function pageComm(id) {
    const early = [];  // messages that came before the widget's model was made
    let onMessage = null, onClose = null;
    return {
      comm_id: id,
      target_name: "jupyter.widget",
      on_msg(callback) { onMessage = callback; early.splice(0).forEach(callback); },
      on_close(callback) { onClose = callback; },
      deliver(kind, message) {
        if (kind === "comm_close") {
          comms.delete(id);
          if (onClose) onClose(message);
        } else if (onMessage) {
          onMessage(message);
        } else {
          early.push(message);
        }
      },
      send(data, callbacks, metadata, buffers) {
        const views = (buffers || []).map((b) => new Uint8Array(b.buffer || b, b.byteOffset || 0, b.byteLength));
        turn = turn.then(() => toPython(id, data, views));
        // at once, not when Python has answered: the renderer holds a widget's next change
        // until then, and a tap sent meanwhile would reach Python before a box typed into
        const idle = callbacks && callbacks.iopub && callbacks.iopub.status;
        if (idle) queueMicrotask(() => idle({content: {execution_state: "idle"}}));
        return id;
      },
      open() { return id; },
      close() { return id; },
    };
  }

  async function toPython(id, data, buffers) {
    let said = [];
    await inTurn(async () => {
      await refreshed();
      answers = [];
      try {
        page.receive(id, JSON.stringify(data), python.toPy(buffers));
      } catch (failed) {
        console.error(failed);
      }
      said = answers;
      answers = null;
      await saved();
    });
    said.forEach(show);
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

  async function start() {
    python = await loadPyodide({indexURL: new URL("static/pyodide/", site).href,
                                packages: ["ipywidgets", "mjscore"]});
    // the site's storage (if the browser refuses it, no /drive, and mjscore says nothing is kept)
    drive = await SiteDrive.open(script.dataset.storage);
    await inTurn(refreshed);
    const inPage = python.pyimport("mjscore.views.in_page");
    page = inPage.serve(fromPython);
    const root = inPage.show(script.dataset.module, script.dataset.app);
    const manager = await widgets;
    const view = await manager.create_view(await manager.get_model(root));
    await manager.display_view(view, document.getElementById("mjs-app"));
    await inTurn(saved);
    status.remove();
  }

  start().catch((failed) => {
    status.textContent = "The app could not start in this browser: " + failed;
    status.classList.add("mjs-failed");
    throw failed;
  });
})();
