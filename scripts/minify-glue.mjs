#!/usr/bin/env node
// Emscripten's glue as shipped: the link writes dist/escaque.mjs with whitespace removed but names and
// syntax as written; esbuild's minifier makes it ~3 KB gzip smaller (cmake/wasm.cmake runs this after
// escaque.wasm's link). The glue's `new URL("escaque.wasm", import.meta.url)` keeps its form, which
// bundlers read; the runtime never lets the glue use it (bindings/js/runtime.mjs: locateFile and
// instantiateWasm).
//
//   node scripts/minify-glue.mjs dist/escaque.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { LINE_LIMIT } from './minify-js.mjs';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/minify-glue.mjs <glue.mjs>');
  process.exit(2);
}
const { code } = transformSync(readFileSync(file, 'utf8'), {
  minify: true, format: 'esm', target: 'es2020', lineLimit: LINE_LIMIT, legalComments: 'none',
});
writeFileSync(file, code);
