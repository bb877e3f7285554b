// Shared by the Node tests: where the builds are, and how to drive the two
// UCI front ends (native binary and WASM command line) with a script.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const NATIVE_UCI = `${ROOT}build/native/escaque-uci`;
export const WASM_UCI = `${ROOT}bin/escaque-uci.mjs`;
export const STOCKFISH = '/usr/games/stockfish';

export function requireFile(path, hint) {
  if (!existsSync(path)) throw new Error(`${path} is missing: ${hint}`);
}

// Runs a UCI program with `input` on stdin; returns {stdout, stderr, status}.
export function runProgram(command, args, input, timeoutMs = 120_000) {
  const r = spawnSync(command, args, { input, encoding: 'utf8', timeout: timeoutMs });
  if (r.error) throw r.error;
  return { stdout: r.stdout, stderr: r.stderr, status: r.status, signal: r.signal };
}

export function runNative(input, args = []) {
  requireFile(NATIVE_UCI, 'run scripts/build.sh (native build) first');
  return runProgram(NATIVE_UCI, args, input);
}

export function runWasm(input, args = []) {
  requireFile(`${ROOT}dist/escaque.wasm`, 'run scripts/build.sh (WASM build) first');
  return runProgram(process.execPath, [WASM_UCI, ...args], input);
}

// {move: count} from `go perft` output (the per-root-move lines).
export function parseDivide(text) {
  const moves = {};
  for (const line of text.split('\n')) {
    const m = /^([a-h][1-8][a-h][1-8][nbrq]?): (\d+)$/.exec(line);
    if (m) moves[m[1]] = Number(m[2]);
  }
  return moves;
}

export const FENS = {
  start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  kiwipete: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  endgame: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  promotions: 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
  discovered: 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  enPassant: 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  foolsMate: 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
  stalemate: '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1',
  blackPromotes: '8/8/8/8/8/8/1p4k1/4K3 b - - 0 1',
};

// Runs a command (npm, node, tar ...) in `cwd` and fails the test with its output unless it exits 0;
// returns its stdout.
export function runOk(command, args, cwd, timeoutMs = 120_000) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: timeoutMs });
  if (r.error) throw r.error;
  assert.equal(r.status, 0, `${command} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}
