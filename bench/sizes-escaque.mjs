#!/usr/bin/env node
// escaque's runtime files as the package ships them, gzip -9 (zlib, as
// ../shared/bench/anchors/sizes.mjs measures the peers), in two sets:
//   rules: what `import 'escaque'` + init() loads (the rules module, its glue, the
//          API, the loader, and the Engine class's host side that index.mjs re-exports)
//   engine: what an Engine's worker loads on top (the engine module, its glue, the worker)
// and, as the anchors measure chess.js/chessops, the main entry bundled and minified by
// esbuild (target es2022: the glue uses top-level await) plus the .wasm.
//
//   node bench/sizes-escaque.mjs [--out file.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('../', import.meta.url);
const dist = new URL('dist/', root);
const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : null;
const SETS = {
  rules: ['escaque.wasm', 'escaque.mjs', 'index.mjs', 'loader.mjs', 'engine.mjs', 'engine-protocol.mjs'],
  engine: ['escaque-engine.wasm', 'escaque-engine.mjs', 'engine-worker.mjs'],
};
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
  for (const r of [...rows, { file: `${set} total`, ...total }]) {
    console.log(`escaque  ${r.file.padEnd(22)} raw KiB ${kib(r.raw)}  gzip-9 KiB ${kib(r.gzip9)}  (${r.gzip9} B)`);
  }
}
const all = report.sets.rules.total.gzip9 + report.sets.engine.total.gzip9;
console.log(`escaque  ${'rules + engine total'.padEnd(22)} ${' '.repeat(19)}gzip-9 KiB ${kib(all)}  (${all} B)`);
report.allGzip9 = all;

let esbuild = null;
try {
  esbuild = (await import('esbuild')).default;
} catch {
  console.log('(esbuild not installed: no bundle row; npm ci installs it)');
}
if (esbuild) {
  const r = await esbuild.build({
    entryPoints: [new URL('index.mjs', dist).pathname], bundle: true, minify: true, format: 'esm',
    platform: 'browser', target: 'es2022', write: false, logLevel: 'silent', external: ['node:*'],
  });
  const js = Buffer.from(r.outputFiles[0].contents);
  const wasm = report.sets.rules.rows[0].gzip9;
  report.bundle = { raw: js.length, gzip9: gz(js), withWasmGzip9: gz(js) + wasm };
  console.log(`escaque  ${'main entry bundle, minified'.padEnd(22)} raw KiB ${kib(js.length)}  gzip-9 KiB ${kib(gz(js))}; + escaque.wasm = ${kib(gz(js) + wasm)} KiB`);
}
if (out) writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
