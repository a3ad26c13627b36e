// Start the site's own Pyodide in Node, with every wheel of its folder installed, and run
// tools/compile_wheels.py in it: the modules that importing MODULE... imports, compiled by the
// browser's own Python into their wheels (tools/site_web_apps.py runs this as the site is built).
//
//     node compile-wheels.js PYODIDE_FOLDER MODULE...
"use strict";
const path = require("path");

(async () => {
  const folder = path.resolve(process.argv[2]);
  const {loadPyodide} = require(path.join(folder, "pyodide.js"));
  const python = await loadPyodide({indexURL: folder + path.sep});
  const lock = JSON.parse(require("fs").readFileSync(path.join(folder, "pyodide-lock.json"), "utf8"));
  await python.loadPackage(Object.keys(lock.packages).filter((name) => lock.packages[name].file_name.endsWith(".whl")
    && !lock.packages[name].file_name.includes("://")), {messageCallback: () => {}});
  const fs = python.FS;
  for (const [at, root] of [["/wheels", folder], ["/tools", path.resolve(__dirname, "..")]]) {
    fs.mkdirTree(at);
    fs.mount(fs.filesystems.NODEFS, {root}, at);
  }
  python.pyimport("sys").argv = python.toPy(["compile_wheels.py", ...process.argv.slice(3)]);
  python.pyimport("runpy").run_path.callKwargs("/tools/compile_wheels.py", {run_name: "__main__"});
})().catch((failed) => {
  console.error(failed);
  process.exit(1);
});
