#!/usr/bin/env node
// Issue 13, "no memory to manage": N games made and dropped in one synchronous loop, never
// disposed (each plays two moves), and what that grew: the WebAssembly memory, malloc's bytes in
// use and the JS heap (after a full collection). Then the price of parking: a round robin over more
// games than stay live (bindings/js/api.mjs, LIVE_GAMES), where every call makes a parked game live
// again and parks another.
//
//   node bench/games-dropped.mjs [games (default 100000)] [--pawns]   (--pawns: 1. e4 e5, which run
//                                                                      the dead-position analysis)
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { Chess, _LIVE_GAMES, _heapInUse, _heapSize, init } from '../dist/index.mjs';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const games = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100_000);
const moves = process.argv.includes('--pawns') ? ['e4', 'e5'] : ['Nf3', 'Nf6'];
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

await init();
const loop = (n) => {
  for (let i = 0; i < n; i++) {
    const g = new Chess();
    g.move(moves[0]);
    g.move(moves[1]);
  }
};
loop(2 * _LIVE_GAMES);
gc();
const before = { wasm: _heapSize(), malloc: _heapInUse(), js: process.memoryUsage().heapUsed };
const t0 = cpu();
loop(games);
const ms = cpu() - t0;
const peakJs = process.memoryUsage().heapUsed;
gc();
const mb = (n) => `${(n / 1e6).toFixed(3)} MB`;
console.log(`${games} games (new Chess(), ${moves.join(' ')}), dropped in one synchronous loop: ` +
  `${(ms * 1000 / games).toFixed(1)} µs CPU per game`);
console.log(`  WebAssembly memory grew ${mb(_heapSize() - before.wasm)}, malloc in use ${mb(_heapInUse() - before.malloc)}, ` +
  `JS heap after GC ${mb(process.memoryUsage().heapUsed - before.js)} (during the loop, before GC: ${mb(peakJs - before.js)})`);

// Parking's price: 2 × LIVE_GAMES games used in turn, so that each call revives one and parks another.
const ring = [];
for (let i = 0; i < 2 * _LIVE_GAMES; i++) {
  const g = new Chess();
  for (const m of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7']) g.move(m);
  ring.push(g);
}
const rounds = 200;
const t1 = cpu();
for (let r = 0; r < rounds; r++) for (const g of ring) g.turn();
const parked = (cpu() - t1) * 1000 / (rounds * ring.length);
const live = ring.slice(-_LIVE_GAMES / 2);
const t2 = cpu();
for (let r = 0; r < rounds * 4; r++) for (const g of live) g.turn();
const plain = (cpu() - t2) * 1000 / (rounds * 4 * live.length);
console.log(`  a call on a parked game (10 plies played): ${parked.toFixed(2)} µs CPU (revive + park another), ` +
  `on a live game ${plain.toFixed(3)} µs`);
