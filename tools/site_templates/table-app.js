// A table app's page (the scorekeeper, the trainer): its widgets drawn by
// @jupyter-widgets/html-manager, with Python in a worker of the page (table-python.js: Pyodide,
// and the app made by mjscore/views/in_page.py), and this file carrying the widgets' messages
// between the two (what a kernel does in JupyterLab). No JupyterLab and no kernel; the widget
// renderer loads here while Python starts there (benchmarks/site_start.py). Written into the site
// by tools/site_web_apps.py.
"use strict";
(function () {
  const script = document.currentScript;
  const site = new URL(script.dataset.site, location.href);
  const status = document.getElementById("mjs-starting");
  const widgets = new Promise((done) => require(["@jupyter-widgets/html-manager"], (m) => done(new m.HTMLManager())));
  const python = new Worker(new URL("table-python.js", script.src));
  const comms = new Map();

  if (navigator.serviceWorker) {  // the site's worker keeps the page for use offline (service-worker.js)
    registerTheSitesWorker();
  }

  python.onmessage = ({data}) => {
    if (data.said) {
      data.said.forEach(show);
    } else if (data.ready) {
      console.info(`mjscore: Python started ${data.snapshot ? "from the site's snapshot" : "and loaded its packages"}`);
      drawn(data.ready).catch(failed);
    } else if (data.loaded) {
      keepOffline(data.loaded);
    } else if (data.failed) {
      failed(data.failed);
    }
  };
  python.onerror = (event) => failed(event.message);
  python.postMessage({start: {site: site.href, storage: script.dataset.storage, module: script.dataset.module,
                              app: script.dataset.app}});

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

  async function drawn(root) {
    const manager = await widgets;
    const view = await manager.create_view(await manager.get_model(root));
    await manager.display_view(view, document.getElementById("mjs-app"));
    status.remove();
  }

  function failed(why) {
    status.textContent = "The app could not start in this browser: " + why;
    status.classList.add("mjs-failed");
    throw new Error(why);
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
        python.postMessage({id, data, buffers: views});
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

  // The site's service worker, registered as the site's JupyterLab registers it: at the address
  // it uses, with its note of the JupyterLite that did (localStorage). Without the note, the
  // site's JupyterLab takes the worker for an older one's and registers it anew, and a lesson's
  // kernel started meanwhile goes without the browser's storage (no /drive: nothing kept).
  function registerTheSitesWorker() {
    const worker = new URL("service-worker.js?enableCache=false", site);
    try {
      localStorage.setItem(`${worker}-version`, script.dataset.lite);
    } catch (refused) {
      // a browser that keeps nothing for the site: no worker either
    }
    navigator.serviceWorker.register(worker).catch(() => {});
  }

  // What Python's worker fetched on a first visit, before the site's service worker took the page
  // over, is told to it as keep-offline.js tells it the page's own first files.
  function keepOffline(addresses) {
    const workers = navigator.serviceWorker;
    if (!workers) return;
    const tell = () => workers.controller && workers.controller.postMessage({keep: addresses});
    if (workers.controller) tell(); else workers.addEventListener("controllerchange", tell, {once: true});
  }
})();
