// A snapshot of the site's own Python with the table apps' modules imported, taken in Node as the
// site is built, for a table app's page to start from (table-python.js): Pyodide's memory
// snapshot (loadPyodide's _makeSnapshot and _loadSnapshot, and makeMemorySnapshot), gzipped.
// tools/site_web_apps.py runs this.
//
//     node make-snapshot.js PYODIDE_FOLDER OUT WHEEL,... MODULE...
//
// The wheels (file names in PYODIDE_FOLDER) are unpacked with Pyodide's own unpackArchive, not
// loadPackage: a snapshot can hold no reference to a JavaScript object, and the package loader
// keeps some. The modules are imported after mjscore's stand-in for IPython.
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

// Emscripten puts the program's name (this file's path) into Python's environment and argv, and
// the snapshot is published: its name alone, no folder of the machine that built it.
process.argv[1] = path.basename(process.argv[1]);

(async () => {
  const [folder, out, wheels, ...modules] = process.argv.slice(2);
  const {loadPyodide} = require(path.resolve(folder, "pyodide.js"));
  const python = await loadPyodide({indexURL: path.resolve(folder) + path.sep, _makeSnapshot: true});
  const version = python.lockfile.info.python.split(".").slice(0, 2).join(".");  // "3.13.2" -> "3.13"
  const sitePackages = `/lib/python${version}/site-packages`;
  for (const wheel of wheels.split(",")) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(folder, wheel)));
    python.unpackArchive(bytes, "wheel", {extractDir: sitePackages});
  }
  const importlib = python.pyimport("importlib");
  importlib.invalidate_caches();
  const standIn = python.pyimport("mjscore.views.no_ipython");
  standIn.stand_in();
  for (const module of modules) {
    importlib.import_module(module).destroy();
  }
  standIn.destroy();
  importlib.destroy();
  fs.writeFileSync(out, zlib.gzipSync(python.makeMemorySnapshot(), {level: 6}));
})().catch((failed) => {
  console.error(failed);
  process.exit(1);
});
