// init() and escaque/compat/chess.js inside a Node worker_threads worker (the
// Web Worker case in Chromium is tests/browser/loading-vite.test.mjs): each
// worker loads its own WebAssembly instance; two run at once and agree.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';

import { Chess as Reference } from 'chess.js';

const INDEX = new URL('../../dist/index.mjs', import.meta.url).href;
const COMPAT = new URL('../../dist/compat/chess.mjs', import.meta.url).href;

// The worker's code, as an ES module (data: URL): plays a few moves through both entries.
const SOURCE = `
import { parentPort, workerData } from 'node:worker_threads';
const { init, Chess: Game, perft } = await import(${JSON.stringify(INDEX)});
const { Chess } = await import(${JSON.stringify(COMPAT)});
const compat = new Chess();
for (const m of workerData.moves) compat.move(m);
await init();
const game = new Game();
for (const m of workerData.moves) game.move(m);
parentPort.postMessage({ compat: compat.fen(), main: game.fen(), pgn: compat.pgn(), nodes: perft(game.fen(), 2) });
`;

function runWorker(moves) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(SOURCE)}`), { workerData: { moves } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => { if (code !== 0) reject(new Error(`worker exited with ${code}`)); });
  });
}

test('the package loads and plays inside worker_threads workers, two at once', async () => {
  const [a, b] = await Promise.all([runWorker(['e4', 'e5', 'Nf3', 'Nc6']), runWorker(['d4', 'd5'])]);
  assert.equal(a.compat, 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
  assert.equal(a.main, a.compat);
  assert.match(a.pgn, /1\. e4 e5 2\. Nf3 Nc6 \*$/);
  assert.equal(b.compat, 'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2');
  assert.equal(b.main, b.compat);
  // Counted by each worker's own instance; chess.js, on this thread, agrees.
  assert.equal(a.nodes, new Reference(a.main).perft(2));
  assert.equal(b.nodes, new Reference(b.main).perft(2));
});
