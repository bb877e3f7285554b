#!/usr/bin/env node
// Emscripten's glue as shipped: a module's link writes its glue with whitespace removed but names and
// syntax as written; this writes it to dist/escaque.mjs minified by esbuild (~3 KB gzip less), with
// the glue's default address of its own module, `new URL("<module>.wasm", import.meta.url)`, made a
// plain string: the runtime never lets the glue use it (bindings/js/runtime.mjs: locateFile and
// instantiateWasm), and in that form bundlers would emit the file it names with every page.
// cmake/wasm.cmake runs it after escaque-engine.wasm's link.
//
//   node scripts/minify-glue.mjs <glue.mjs> <out.mjs>
import { readFileSync, writeFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { LINE_LIMIT } from './minify-js.mjs';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: node scripts/minify-glue.mjs <glue.mjs> <out.mjs>');
  process.exit(2);
}
const glue = readFileSync(from, 'utf8');
const own = /new URL\(("[\w.-]+\.wasm"),\s*import\.meta\.url\)\.toString\(\)/g;
if ((glue.match(own) ?? []).length !== 1) {
  console.error(`minify-glue: expected one new URL("….wasm", import.meta.url) in ${from}`);
  process.exit(1);
}
const { code } = transformSync(glue.replace(own, '$1'), {
  minify: true, format: 'esm', target: 'es2020', lineLimit: LINE_LIMIT, legalComments: 'none',
});
writeFileSync(to, code);
