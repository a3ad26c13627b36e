// The site's service worker: JupyterLite's own (which serves the kernel its files, and which must
// stay the one worker of the site's pages), with a copy kept of every file of the site a page
// fetches, so that a page visited once opens with the network off. Written by tools/site_web_apps.py.
//
// A file comes from the network while there is one (a site published again is seen at once) and
// from the copy when there is none. The copy is made anew for each build of the site: BUILD
// changes, the browser installs this worker again, and the copies of earlier builds are deleted.
"use strict";

const BUILD = "{{BUILD}}";
const COPY = "mjscore-offline-" + BUILD;
// What JupyterLite's worker answers itself: the kernel's files and input, and its heartbeat.
const ITS_OWN = /\/api\/(drive|stdin\/|service-worker-heartbeat)/;

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || ITS_OWN.test(url.pathname)) {
    return;  // JupyterLite's worker, below, or the browser
  }
  event.stopImmediatePropagation();
  event.respondWith(fromTheNetworkOrTheCopy(event));
});

// A page tells us what it loaded before this worker took it over (keep-offline.js).
self.addEventListener("message", (event) => {
  if (event.data && Array.isArray(event.data.keep)) {
    event.waitUntil(keepAll(event.data.keep.filter((address) => new URL(address).origin === location.origin)));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith("mjscore-offline-") && name !== COPY).map((name) => caches.delete(name)))));
});

importScripts("jupyterlite-service-worker.js");

async function fromTheNetworkOrTheCopy(event) {
  const copy = await caches.open(COPY);
  let response;
  try {
    response = await fetch(event.request);
  } catch (offline) {
    const kept = await copy.match(event.request);
    if (kept) {
      return kept;
    }
    throw offline;
  }
  if (response.ok && !response.redirected) {
    const copied = response.clone();
    event.waitUntil(keepOnce(event.request.url, async () => {
      const kept = await copy.match(event.request);
      if (!(kept && sameFile(kept, copied))) {
        await put(copy, event.request.url, copied);
      }
    }));
  }
  return response;
}

// Each address kept by one task at a time: a second copy of a file being copied is not begun.
const keeping = new Map();

function keepOnce(address, task) {
  if (!keeping.has(address)) {
    keeping.set(address, task().catch(() => {}).finally(() => keeping.delete(address)));
  }
  return keeping.get(address);
}

// A file put in the copy only once the whole of it has come: a copy whose download is cut (the
// network gone mid-way) never replaces the one kept before.
async function put(copy, address, response) {
  const whole = await response.blob();
  await copy.put(address, new Response(whole, {status: response.status, statusText: response.statusText,
                                               headers: response.headers}));
}

// The same file as the copy, by what the server says of it (nothing written again on each visit).
function sameFile(a, b) {
  const said = ["etag", "last-modified"].filter((name) => b.headers.get(name) !== null);
  return said.length > 0 && [...said, "content-length"].every((name) => a.headers.get(name) === b.headers.get(name));
}

async function keepAll(addresses) {
  const copy = await caches.open(COPY);
  for (const address of new Set(addresses)) {
    await keepOnce(address, async () => {
      if (!(await copy.match(address))) {
        const response = await fetch(address);  // gone from the network since? kept when next fetched
        if (response.ok && !response.redirected) {
          await put(copy, address, response);
        }
      }
    });
  }
}
