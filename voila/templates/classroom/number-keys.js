// A box where a person types a number (the class mjs-number, mjscore/views/_controls.py) brings
// up a phone's number keys: ipywidgets' text box has no inputmode of its own. Not where the number
// may be negative (mjs-number-signed): a phone's number keys have no minus sign. Included by the
// classroom template (index.html.j2) and the table apps' pages (tools/site_web_apps.py).
(function () {
  function numberKeys() {
    document.querySelectorAll(".mjs-number:not(.mjs-number-signed) input:not([inputmode])").forEach((input) => {
      input.inputMode = "numeric";
    });
  }
  new MutationObserver(numberKeys).observe(document.documentElement, {childList: true, subtree: true});
  numberKeys();
})();
