// escaque/rules (dist/rules.mjs): the API without the Engine on the rules-only module,
// escaque-rules.wasm. Its own file: the entries share index.mjs's one loaded module, and
// node --test runs each file in a fresh process.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';

import * as rules from '../../dist/rules.mjs';
import { Engine, _wasmModule } from '../../dist/index.mjs';
import { ROOT } from './helpers.mjs';

test('escaque/rules: the rules API without the Engine, on the module without the search', async () => {
  assert.equal('Engine' in rules, false);
  assert.equal('EngineError' in rules, false);
  assert.throws(() => new rules.Chess(), rules.NotInitializedError);
  await rules.init();
  assert.equal(rules.isInitialized(), true);
  const names = WebAssembly.Module.exports(_wasmModule().wasmModule).map((e) => e.name);
  assert.ok(names.includes('escaque_play'), 'the rules exports are there');
  assert.equal(typeof _wasmModule().GameHandle, 'function', 'and embind\'s classes');
  assert.equal(_wasmModule().EngineHandle, undefined, 'no search in escaque-rules.wasm');
  assert.equal(_wasmModule().hasSearch, false);

  const game = new rules.Chess();
  game.move('e4');
  game.move('Cf6', { language: 'es' });
  assert.deepEqual(game.history(), ['e4', 'Nf6']);
  assert.throws(() => game.move('e4e6'), rules.IllegalMoveError);
  assert.equal(rules.perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 3), 8902);
  game.dispose();
});

test('the rules\' module and the Engine\'s each leave out what the other holds', () => {
  // The rules' bindings (Chess, Position, PGN) are in escaque-rules.wasm only, the search in escaque.wasm
  // only: each is well under the 112.8 KB gzip of one module with both (docs/benchmarks.md, "Session 27").
  const gz = (f) => gzipSync(readFileSync(`${ROOT}dist/${f}`), { level: 9 }).length;
  assert.ok(gz('escaque-rules.wasm') < 90_000, `escaque-rules.wasm ${gz('escaque-rules.wasm')} B gzip`);
  assert.ok(gz('escaque.wasm') < 75_000, `escaque.wasm ${gz('escaque.wasm')} B gzip`);
});

test('an Engine after init() of escaque/rules: its worker loads the full module itself', async () => {
  const engine = new Engine();
  try {
    const r = await engine.bestMove('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', { depth: 3 });
    assert.equal(r.bestMove, 'a1a8');
  } finally {
    await engine.dispose();
  }
});
