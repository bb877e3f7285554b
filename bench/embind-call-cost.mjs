#!/usr/bin/env node
// What one call across the JS↔WebAssembly boundary costs, through a plain export and through embind,
// in one process (the figure behind keeping plain exports for the per-move path: bindings/embind/
// game_binding.cpp, position_binding.cpp). Each pair does the same work on the C++ side:
//
//   plies        escaque_position_plies(address)  vs  PositionHandle#isChess960()   (an int/bool back)
//   move ids     escaque_position_move_ids(address) (the legal moves into the io buffer)
//                vs  PositionHandle#copy() + delete() (an object out and back: what a handle costs)
//
//   node bench/embind-call-cost.mjs [--calls 2000000]
import { cpuUsage } from 'node:process';
import { _wasmModule, init } from '../dist/index.mjs';

const argv = process.argv.slice(2);
const CALLS = argv.includes('--calls') ? Number(argv[argv.indexOf('--calls') + 1]) : 2_000_000;
await init();
const m = _wasmModule();
const handle = new m.PositionHandle();
const at = handle.address();

const cpu = () => { const u = cpuUsage(); return (u.user + u.system) / 1000; };
function time(label, n, f) {
  f(Math.min(n, 10_000));  // warm
  const t0 = cpu();
  const sink = f(n);
  const ms = cpu() - t0;
  console.log(`${label.padEnd(44)} ${((ms * 1e6) / n).toFixed(1).padStart(8)} ns per call  (${sink})`);
  return (ms * 1e6) / n;
}
for (let round = 0; round < 3; round++) {
  const plain = time('plain export: escaque_position_plies', CALLS, (n) => {
    let s = 0; for (let i = 0; i < n; i++) s += m._escaque_position_plies(at); return s;
  });
  const bound = time('embind method: PositionHandle#isChess960', CALLS, (n) => {
    let s = 0; for (let i = 0; i < n; i++) s += handle.isChess960() ? 1 : 0; return s;
  });
  time('plain export: escaque_position_move_ids', CALLS / 4, (n) => {
    let s = 0; for (let i = 0; i < n; i++) s += m._escaque_position_move_ids(at); return s;
  });
  time('embind: PositionHandle#copy() + delete()', CALLS / 20, (n) => {
    let s = 0; for (let i = 0; i < n; i++) { const c = handle.copy(); s += 1; c.delete(); } return s;
  });
  console.log(`round ${round + 1}: embind method / plain export ${(bound / plain).toFixed(1)}x`);
}
handle.delete();
