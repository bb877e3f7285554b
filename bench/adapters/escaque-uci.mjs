// Adapter for ../shared/bench/anchors: escaque's UCI command line on the
// WebAssembly build (bin/escaque-uci.mjs under this Node). perft bulk-counts
// the leaves (the moves at depth 1 are counted, not played), like Stockfish.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// The shared anchors (their UCI helper): ANCHORS_DIR, else ../shared/bench/anchors next to the repository
// (bench/anchors-compare.sh sets ANCHORS_DIR).
const ANCHORS_DIR = process.env.ANCHORS_DIR ||
  fileURLToPath(new URL('../../../shared/bench/anchors', import.meta.url));
if (!existsSync(`${ANCHORS_DIR}/lib/uci.mjs`)) {
  throw new Error(`escaque-uci adapter: no ${ANCHORS_DIR}/lib/uci.mjs; set ANCHORS_DIR to the shared anchors directory`);
}
const { createUciAdapter } = await import(pathToFileURL(`${ANCHORS_DIR}/lib/uci.mjs`).href);

const CLI = fileURLToPath(new URL('../../bin/escaque-uci.mjs', import.meta.url));
const PACKAGE = new URL('../../package.json', import.meta.url);

export default createUciAdapter({
  name: 'escaque (UCI, WASM)',
  perftBulk: true,
  perftNote: 'UCI go perft on the WASM build; leaves counted at depth 1 (bulk)',
  resolve() {
    return { command: process.execPath, args: [CLI], version: JSON.parse(readFileSync(PACKAGE, 'utf8')).version,
      build: 'WASM under Node' };
  },
});
