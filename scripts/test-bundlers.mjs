#!/usr/bin/env node
// `npm run test:bundlers`: the package built by every bundler with its production defaults and run
// in Chromium (tests/browser/bundlers.mjs says what the pages do and check). Packs once, builds with
// each bundler in turn, prints a line per bundler and exits 1 if any failed. Opt-in because Parcel
// and webpack take minutes on the shared machine; `npm test` runs the fast ones
// (tests/browser/loading-bundlers.test.mjs).
//
//   node scripts/test-bundlers.mjs [bundler ...]     (default: all of them)
import { rm } from 'node:fs/promises';

import { BUNDLERS, buildAndOpen, checkResult, packAndInstall } from '../tests/browser/bundlers.mjs';
import { launchChromium } from '../tests/browser/harness.mjs';

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(BUNDLERS);
for (const name of names) {
  if (!(name in BUNDLERS)) {
    console.error(`test-bundlers: unknown bundler "${name}" (known: ${Object.keys(BUNDLERS).join(', ')})`);
    process.exit(2);
  }
}
// A hang anywhere fails instead of stalling.
const limit = setTimeout(() => { console.error('test-bundlers: timed out after 15 min'); process.exit(1); }, 15 * 60_000);
limit.unref();

// The modules a page fetched; none: the bundler took the self-contained entries (the module inside the JS).
const fetched = (list) => (list.length ? list.join(', ') : 'nothing (inlined)');
const started = performance.now();
const installed = await packAndInstall();
const browser = await launchChromium();
let failed = 0;
try {
  for (const name of names) {
    try {
      const r = await buildAndOpen(name, installed, browser);
      checkResult(name, r);
      console.log(`ok      ${name.padEnd(8)} build ${(r.buildMs / 1000).toFixed(1)} s; ` +
          `escaque.wasm fetched as ${fetched(r.requests.index)}; rules page ${fetched(r.requests.rules)}; ` +
          `engine move legal; ${r.files.length} files`);
    } catch (e) {
      failed++;
      console.log(`FAILED  ${name}: ${e.message}`);
    }
  }
} finally {
  await browser.close();
  await rm(installed.dir, { recursive: true, force: true });
}
console.log(`test-bundlers: ${names.length - failed} of ${names.length} passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
