#!/usr/bin/env node
// escaque's runtime files, gzip -9 (zlib, as ../shared/bench/anchors/sizes.mjs
// measures the peers). init() loads the rules' module (escaque-rules.wasm); the Engine's worker loads
// escaque.wasm (the search over the rules' core), so the sets are:
//   package: the runtime files a page that plays against the engine loads (both modules, the glue, the
//            runtime, the API, the loader, the Engine class and its worker)
//   main:    what `import 'escaque'` + init() loads (the Engine's worker not started), as shipped:
//            dist/index.mjs's static imports, followed in dist/
//   rules:   the same for `import 'escaque/rules'`
// and, as the anchors measure chess.js/chessops, bundled and minified by esbuild
// (target es2022): the main entry, plus the worker's entry, plus both modules; and the
// rules-only build: the escaque/rules entry plus escaque-rules.wasm.
//
//   node bench/sizes-escaque.mjs [--dist dir] [--out file.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { staticImports } from '../scripts/lib/module-imports.mjs';

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : null);
const dist = option('--dist') ? pathToFileURL(option('--dist').replace(/\/?$/, '/')) : new URL('../dist/', import.meta.url);
const out = option('--out');
// What an entry loads as shipped: the files of its static import graph in dist/ (walked in the
// minified files themselves, so that whatever the build inlines is counted where it ships), and the
// module its init() instantiates.
function shipped(entry, wasmFile) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(new URL(file, dist), 'utf8');
    for (const spec of staticImports(text)) {
      if (spec.startsWith('./')) walk(posix.join(posix.dirname(file), spec));
    }
  };
  walk(entry);
  return [wasmFile, ...seen];
}
const MAIN = shipped('index.mjs', 'escaque-rules.wasm');
const RULES = shipped('rules.mjs', 'escaque-rules.wasm');
// (escaque.wasm first: the bundle rows below read it there.)
const PACKAGE = [...new Set(['escaque.wasm', ...MAIN, ...shipped('engine-worker.mjs', 'escaque.wasm'), ...shipped('pgn.mjs', 'escaque-rules.wasm')])];
const SETS = { main: MAIN, rules: RULES, package: PACKAGE };
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kib = (n) => (n / 1024).toFixed(1).padStart(7);
const report = { sets: {}, date: new Date().toISOString() };
for (const [set, files] of Object.entries(SETS)) {
  const rows = files.map((file) => {
    const buf = readFileSync(new URL(file, dist));
    return { file, raw: buf.length, gzip9: gz(buf) };
  });
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip9: t.gzip9 + r.gzip9 }), { raw: 0, gzip9: 0 });
  report.sets[set] = { rows, total };
  const shown = set === 'package' ? rows : [];  // the files once, under the whole package
  for (const r of [...shown, { file: `${set} total`, ...total }]) {
    console.log(`escaque  ${r.file.padEnd(26)} raw KiB ${kib(r.raw)}  gzip-9 KiB ${kib(r.gzip9)}  (${r.gzip9} B)`);
  }
}

let esbuild = null;
try {
  esbuild = (await import('esbuild')).default;
} catch {
  console.log('(esbuild not installed: no bundle rows; npm ci installs it)');
}
if (esbuild) {
  const bundle = async (entry) => {
    const r = await esbuild.build({
      entryPoints: [new URL(entry, dist).pathname], bundle: true, minify: true, format: 'esm',
      platform: 'browser', target: 'es2022', write: false, logLevel: 'silent', external: ['node:*'],
    });
    const js = Buffer.from(r.outputFiles[0].contents);
    return { raw: js.length, gzip9: gz(js) };
  };
  const wasm = report.sets.package.rows[0].gzip9 + report.sets.main.rows[0].gzip9;
  const main = await bundle('index.mjs');
  const worker = await bundle('engine-worker.mjs');
  report.bundle = { main, worker, wasmGzip9: wasm, totalGzip9: main.gzip9 + worker.gzip9 + wasm };
  console.log(`escaque  ${'main entry, minified'.padEnd(26)} raw KiB ${kib(main.raw)}  gzip-9 KiB ${kib(main.gzip9)}  (${main.gzip9} B)`);
  console.log(`escaque  ${'engine worker, minified'.padEnd(26)} raw KiB ${kib(worker.raw)}  gzip-9 KiB ${kib(worker.gzip9)}  (${worker.gzip9} B)`);
  console.log(`escaque  ${'both + both modules'.padEnd(26)} ${' '.repeat(19)}gzip-9 KiB ${kib(report.bundle.totalGzip9)}  (${report.bundle.totalGzip9} B)`);
  // The rules-only build: escaque/rules (no Engine) bundled and minified + escaque-rules.wasm.
  const rulesEntry = await bundle('rules.mjs');
  const rulesWasm = gz(readFileSync(new URL('escaque-rules.wasm', dist)));
  report.rulesOnly = { entry: rulesEntry, wasmGzip9: rulesWasm, totalGzip9: rulesEntry.gzip9 + rulesWasm };
  console.log(`escaque  ${'rules-only: escaque/rules'.padEnd(26)} raw KiB ${kib(rulesEntry.raw)}  gzip-9 KiB ${kib(rulesEntry.gzip9)}  (${rulesEntry.gzip9} B)` +
      `; + escaque-rules.wasm ${rulesWasm} B = ${kib(report.rulesOnly.totalGzip9)} KiB (${report.rulesOnly.totalGzip9} B)`);
}
if (out) writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
