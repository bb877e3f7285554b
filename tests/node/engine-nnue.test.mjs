// The Engine's NNUE network (issue 18) in Node: escaque.wasm has none, so the Engine's worker moves
// to escaque-engine.wasm (SIMD128) or escaque-engine-scalar.wasm when "Use NNUE" is set to true,
// replaying the options set before. Checked against the command line (bin/escaque-uci.mjs, which
// runs the same module from the start, with "Use NNUE" on by default as natively): the same searches,
// node for node. The package's Engine keeps it off by default (its worker starts on escaque.wasm).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { ROOT, requireFile, runWasm } from './helpers.mjs';

requireFile(`${ROOT}dist/escaque-engine.wasm`, 'run scripts/build.sh wasm first');
const { init, Engine, InvalidArgumentError } = await import(`${ROOT}dist/index.mjs`);
await init();

const TIMEOUT = { timeout: 120_000 };
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

// The command line's search of KIWIPETE after `setup` (setoption lines): {nodes, bestMove} of its last report.
function cliSearch(setup, go, env = {}) {
  const input = [...setup, `position fen ${KIWIPETE}`, go].join('\n') + '\n';
  const saved = { ...process.env };
  Object.assign(process.env, env);
  let out;
  try {
    out = runWasm(input);
  } finally {
    process.env = saved;
  }
  assert.equal(out.status, 0, out.stderr);
  const infos = out.stdout.split('\n').filter((l) => /^info depth \d+ .* nodes \d+/.test(l));
  const bestMove = /^bestmove (\S+)/m.exec(out.stdout)?.[1];
  assert.ok(infos.length > 0 && bestMove, out.stdout);
  return { nodes: Number(/ nodes (\d+)/.exec(infos.at(-1))[1]), bestMove };
}

const searchOf = (r) => ({ nodes: r.nodes, bestMove: r.bestMove });
const NNUE_ON = ['setoption name Use NNUE value true'];
const NNUE_OFF = ['setoption name Use NNUE value false'];

describe('Engine: the NNUE network', TIMEOUT, () => {
  test('with "Use NNUE" the worker searches with the network: the command line\'s tree, not the hand-written one', async () => {
    const cliNet = cliSearch(NNUE_ON, 'go depth 6');
    const cliHand = cliSearch(NNUE_OFF, 'go depth 6');
    assert.notEqual(cliNet.nodes, cliHand.nodes, 'the network and the hand-written evaluation search other trees');
    assert.deepEqual(cliSearch([], 'go depth 6'), cliNet, 'the command line evaluates with the network by default');
    // The scalar build where SIMD128 is missing: the same integers, so the same tree.
    assert.deepEqual(cliSearch(NNUE_ON, 'go depth 6', { ESCAQUE_WASM_SIMD: '0' }), cliNet);

    const configured = new Engine({ options: { 'Use NNUE': true } });
    assert.deepEqual(searchOf(await configured.bestMove(KIWIPETE, { depth: 6 })), cliNet);
    await configured.dispose();

    // The package's Engine: off by default (ready() says so), the hand-written search; then switched on
    // between searches, in another case: the network's.
    const engine = new Engine();
    const useNnue = async () => (await engine.ready()).options.find((o) => o.name === 'Use NNUE');
    assert.deepEqual(await useNnue(), { name: 'Use NNUE', type: 'check', default: false });
    assert.deepEqual(searchOf(await engine.bestMove(KIWIPETE, { depth: 6 })), cliHand);
    await engine.setOption('use nnue', 'TRUE');
    await engine.newGame();
    assert.deepEqual(searchOf(await engine.bestMove(KIWIPETE, { depth: 6 })), cliNet);
    // Off again: the same module, the hand-written evaluation.
    await engine.setOption('Use NNUE', false);
    await engine.newGame();
    assert.deepEqual(searchOf(await engine.bestMove(KIWIPETE, { depth: 6 })), cliHand);
    await engine.dispose();
  });

  test('the options set before the switch are replayed into the network\'s module', async () => {
    const setup = ['setoption name UCI_LimitStrength value true', 'setoption name Strength Seed value 42',
      'setoption name UCI_Elo value 1200'];
    const cli = cliSearch([...setup, ...NNUE_ON], 'go depth 64');
    const engine = new Engine({ options: { Hash: 4 } });
    await engine.setOption('UCI_LimitStrength', true);
    await engine.setOption('Strength Seed', 42);
    await engine.setOption('UCI_Elo', 1200);
    await engine.setOption('Use NNUE', true);
    assert.deepEqual(searchOf(await engine.bestMove(KIWIPETE, { depth: 64 })), cli);
    await engine.dispose();
  });

  test('a worker started again after a forced stop takes the network again', async () => {
    const cliNet = cliSearch(NNUE_ON, 'go depth 6');
    const plain = new Engine({ sharedMemory: false, options: { 'Use NNUE': true } });
    for (let k = 0; k < 3; k++) {
      const search = plain.bestMove('startpos', { infinite: true });
      await new Promise((r) => setTimeout(r, 20 * k));
      assert.equal((await plain.stop()).stopped, true);
      await search;
      assert.deepEqual(searchOf(await plain.bestMove(KIWIPETE, { depth: 6 })), cliNet, `after stop ${k + 1}`);
    }
    await plain.dispose();
  });

  test('where the network\'s module is missing, the option is refused and the engine goes on without it', async () => {
    const cliHand = cliSearch(NNUE_OFF, 'go depth 6');
    // escaque.wasm alone in a directory: the worker looks for escaque-engine*.wasm next to it.
    const dir = mkdtempSync(join(tmpdir(), 'escaque-nnue-'));
    try {
      copyFileSync(`${ROOT}dist/escaque.wasm`, join(dir, 'escaque.wasm'));
      const engine = new Engine({ wasmUrl: join(dir, 'escaque.wasm') });
      await assert.rejects(engine.setOption('Use NNUE', true), (e) => e instanceof InvalidArgumentError &&
        /^engine\.setOption: Use NNUE: the engine's network could not be loaded \(.*escaque-engine(-scalar)?\.wasm.*\); keeping the hand-written evaluation$/
          .test(e.message), 'refused with where it looked');
      assert.deepEqual(searchOf(await engine.bestMove(KIWIPETE, { depth: 6 })), cliHand);
      await engine.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the build is chosen by WebAssembly.validate: the scalar one where SIMD128 is missing', () => {
    // A preload (inherited by the worker thread) that logs each compiled module's size and, with
    // NO_SIMD=1, makes WebAssembly.validate refuse small modules with a SIMD opcode (0xfd): the probe.
    const dir = mkdtempSync(join(tmpdir(), 'escaque-simd-'));
    try {
      const preload = join(dir, 'preload.cjs');
      writeFileSync(preload, `const validate = WebAssembly.validate;
WebAssembly.validate = (bytes) => {
  const b = new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength);
  return process.env.NO_SIMD === '1' && b.length < 64 && b.includes(0xfd) ? false : validate(bytes);
};
const compile = WebAssembly.compile;
WebAssembly.compile = (bytes) => { process.stderr.write('compiled ' + bytes.byteLength + '\\n'); return compile(bytes); };
`);
      const run = (noSimd) => {
        const r = spawnSync(process.execPath, ['--require', preload, `${ROOT}bin/escaque-uci.mjs`], {
          input: 'setoption name Use NNUE value true\nbench 4\nquit\n', encoding: 'utf8', timeout: 120_000,
          env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'ESCAQUE_WASM_SIMD')),
            NO_SIMD: noSimd ? '1' : '0' },
        });
        assert.equal(r.status, 0, r.stderr);
        return { compiled: r.stderr.match(/compiled \d+/g), nodes: /^Nodes searched: (\d+)$/m.exec(r.stdout)?.[1] };
      };
      const size = (file) => `compiled ${statSync(`${ROOT}dist/${file}`).size}`;
      const withSimd = run(false);
      const without = run(true);
      assert.deepEqual(withSimd.compiled, [size('escaque-engine.wasm')]);
      assert.deepEqual(without.compiled, [size('escaque-engine-scalar.wasm')]);
      assert.ok(withSimd.nodes);
      assert.equal(without.nodes, withSimd.nodes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('ESCAQUE_WASM_SIMD other than 0 or 1 is refused by the command line', () => {
    const saved = process.env.ESCAQUE_WASM_SIMD;
    process.env.ESCAQUE_WASM_SIMD = 'yes';
    try {
      const out = runWasm('isready\nquit\n');
      assert.equal(out.status, 1);
      assert.match(out.stderr, /ESCAQUE_WASM_SIMD must be 0 \(the scalar build\) or 1 \(the SIMD128 build\), got "yes"/);
    } finally {
      if (saved === undefined) delete process.env.ESCAQUE_WASM_SIMD;
      else process.env.ESCAQUE_WASM_SIMD = saved;
    }
  });
});
