// init(): before it, every entry point says so; its options (wasmBinary,
// locateFile, url) are checked; it is idempotent. Runs in its own process
// (node:test runs each file apart), so the module really starts unloaded.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { Chess, InvalidArgumentError, NotInitializedError, init, isInitialized } from '../../dist/index.mjs';
import { ROOT } from './helpers.mjs';

test('before init: NotInitializedError, with a hint', () => {
  assert.equal(isInitialized(), false);
  for (const fn of [() => new Chess(), () => Chess.fromFen('8/8/8/8/8/8/8/K6k w - - 0 1'), () => Chess.chess960(1),
    () => Chess.fromPgn('*')]) {
    assert.throws(fn, (e) => e instanceof NotInitializedError && e.code === 'NOT_INITIALIZED' &&
      /await init\(\) first/.test(e.message));
  }
});

test('bad options are rejected without loading anything', async () => {
  await assert.rejects(init(null), InvalidArgumentError);
  await assert.rejects(init({ wasmBinary: 'bytes' }), /wasmBinary must be an ArrayBuffer/);
  await assert.rejects(init({ locateFile: 'escaque.wasm' }), /locateFile must be a function/);
  await assert.rejects(init({ url: 5 }), /url must be a string or URL/);
  assert.equal(isInitialized(), false);
});

test('a url that does not exist fails clearly and leaves init retryable', async () => {
  await assert.rejects(init({ url: '/nonexistent/escaque.wasm' }), /cannot read the WebAssembly module/);
  assert.equal(isInitialized(), false);
});

test('init({wasmBinary}) loads; concurrent and later calls share it', async () => {
  const bytes = await readFile(`${ROOT}dist/escaque-rules.wasm`);
  const a = init({ wasmBinary: bytes });
  const b = init();
  assert.equal(a, b, 'a second call while loading returns the same promise');
  await a;
  assert.equal(isInitialized(), true);
  await init({ url: '/nonexistent/escaque.wasm' });  // already loaded: nothing is read
  assert.equal(new Chess().moves().length, 20);
});
