// An app page of the site, opened for the first time, loads its first files before the site's
// service worker takes it over: once it has, this tells the worker which they were (those loaded
// by then, and those still loading), so that it keeps them too and the page opens with the
// network off (service-worker.js).
"use strict";
(function () {
  const workers = navigator.serviceWorker;
  if (!workers || workers.controller) {
    return;  // no worker in this browser, or one has had the page from its start
  }
  performance.setResourceTimingBufferSize(2000);
  workers.addEventListener("controllerchange", () => {
    const since = performance.now();
    const tell = (entries) => workers.controller && workers.controller.postMessage(
      {keep: entries.filter((entry) => entry.startTime < since).map((entry) => entry.name)});
    workers.controller.postMessage({keep: [location.href]});
    tell(performance.getEntriesByType("resource"));
    new PerformanceObserver((found) => tell(found.getEntries())).observe({type: "resource"});
  }, {once: true});
})();
