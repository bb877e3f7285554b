#!/usr/bin/env node
// Writes web/app/openings-index.json, the opening table (web/app/openings.txt) indexed by position: each
// line's moves played from the start with the package's rules (web/app/openings.js). The app reads this
// file instead of indexing the table itself (≈ 1 s of a phone's main thread on every visit). Run it after
// changing the table; tests/node/app-openings.test.mjs fails while the file is out of date.
//
//   node scripts/openings-index.mjs           writes the file (needs the WebAssembly build: dist/)
//   node scripts/openings-index.mjs --check   exit status 1 when the file is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { Chess, init } from 'escaque';

import { indexJson, indexOpenings, parseOpenings } from '../web/app/openings.js';

const TABLE = fileURLToPath(new URL('../web/app/openings.txt', import.meta.url));
const INDEX = fileURLToPath(new URL('../web/app/openings-index.json', import.meta.url));

/** The index file's text for the table as it is now. */
export async function currentIndexText() {
  await init();
  return indexJson(indexOpenings(parseOpenings(readFileSync(TABLE, 'utf8')), Chess));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const text = await currentIndexText();
    if (process.argv[2] === '--check') {
      let old = null;
      try { old = readFileSync(INDEX, 'utf8'); } catch { /* missing: out of date */ }
      if (old !== text) {
        console.error('openings-index: web/app/openings-index.json is out of date: run node scripts/openings-index.mjs');
        process.exit(1);
      }
      console.log('openings-index: up to date');
    } else {
      writeFileSync(INDEX, text);
      console.log(`openings-index: ${text.split('\n').length - 3} positions written to web/app/openings-index.json`);
    }
  } catch (e) {
    console.error(`openings-index: ${e.message}`);
    process.exit(1);
  }
}
