// The Engine class (dist/index.mjs) in Node: a worker_threads worker runs the
// search; these tests check what a caller sees — legal moves, mates found,
// the info stream, MultiPV, that stop answers with a legal move, errors, and
// that workers are freed. How fast stop answers is a benchmark's figure
// (bench/stop-latency.mjs), not a test's: a loaded machine would fail it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, afterEach, before, describe, test } from 'node:test';

import { ROOT, requireFile } from './helpers.mjs';

requireFile(`${ROOT}dist/engine.mjs`, 'run scripts/build.sh wasm first');
const api = await import(`${ROOT}dist/index.mjs`);
const { init, Chess, Engine, InvalidArgumentError, InvalidFenError, IllegalMoveError, DisposedError } = api;
await init();

// Every test fails on a hang instead of stalling the run.
const TIMEOUT = { timeout: 120_000 };

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const ENDGAME = '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1';
const MATE_IN_1 = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';          // Ra8#
const MATE_IN_1_BLACK = 'r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1';  // ...Ra1#
const MATE_IN_2 = '7k/8/8/8/8/8/R7/1R4K1 w - - 0 1';            // 1.Ra7 Kg8 2.Rb8# (or 1.Rb7)

// The game after `moves` from `fen`, in this thread's escaque (the test's referee).
function gameAt(fen, moves = []) {
  const g = Chess.fromFen(fen);
  for (const m of moves) g.move(m);
  return g;
}

function assertLegal(fen, moves, uci, what) {
  const g = gameAt(fen, moves);
  try {
    assert.ok(g.movesUci().includes(uci), `${what}: ${uci} is not legal in ${g.fen()}`);
  } finally {
    g.dispose();
  }
}

// Every move of `pv` legal in turn from the position, and `san` its SAN.
function assertPvLegal(fen, moves, pv, san) {
  const g = gameAt(fen, moves);
  try {
    pv.forEach((uci, i) => {
      assert.ok(g.movesUci().includes(uci), `pv move ${i + 1} ${uci} not legal in ${g.fen()} (pv ${pv.join(' ')})`);
      const played = g.move(uci);
      if (san) assert.equal(san[i], played.san);
    });
  } finally {
    g.dispose();
  }
}

describe('Engine: best moves', TIMEOUT, () => {
  let engine;
  before(() => { engine = new Engine(); });
  after(() => engine.dispose());

  test('ready() names the engine and lists its UCI options', async () => {
    const info = await engine.ready();
    assert.equal(info.name, 'escaque');
    assert.equal(info.sharedMemoryStop, true);
    const names = info.options.map((o) => o.name);
    for (const n of ['Hash', 'MultiPV', 'Move Overhead']) assert.ok(names.includes(n), `${n} in ${names}`);
    const hash = info.options.find((o) => o.name === 'Hash');
    assert.equal(hash.type, 'spin');
    assert.ok(hash.min >= 1 && hash.max > hash.min && hash.default >= hash.min);
  });

  for (const [name, fen, moves, limits] of [
    ['start position, depth 6', 'startpos', [], { depth: 6 }],
    ['kiwipete, 150 ms', KIWIPETE, [], { movetime: 150 }],
    ['endgame, 30000 nodes', ENDGAME, [], { nodes: 30000 }],
    ['after a moves list with castling, clocks', 'startpos', ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1g1'],
      { wtime: 3000, btime: 2000, winc: 20, binc: 20 }],
    ['moves-to-go period', KIWIPETE, ['e1c1'], { wtime: 5000, btime: 5000, movestogo: 10 }],
  ]) {
    test(`legal best move and PV: ${name}`, async () => {
      const startFen = fen === 'startpos' ? new Chess().fen() : fen;
      const infos = [];
      const r = await engine.bestMove({ fen, moves }, limits, { onInfo: (i) => infos.push(i) });
      assertLegal(startFen, moves, r.bestMove, 'bestMove');
      if (r.ponder) assertLegal(startFen, [...moves, r.bestMove], r.ponder, 'ponder');
      assert.equal(r.pv[0], r.bestMove);
      assertPvLegal(startFen, moves, r.pv, r.san);
      assert.equal(r.bestMoveSan, r.san[0]);
      assert.ok(r.depth >= 1 && r.nodes > 0 && infos.length > 0, JSON.stringify(r));
      if (limits.depth) assert.equal(r.depth, limits.depth);
      if (limits.nodes) assert.ok(r.nodes <= limits.nodes + 2000, `${r.nodes} nodes for a ${limits.nodes} limit`);
      assert.equal(r.stopped, false);
      assert.ok(['cp', 'mate'].includes(r.score.type));
    });
  }

  test('a Chess game is searched from its own position, with its history', async () => {
    const game = new Chess();
    for (const m of ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6']) game.move(m);
    const r = await engine.bestMove(game, { depth: 4 });
    assert.equal(r.bestMove, 'h5f7');  // Qxf7#
    assert.equal(r.bestMoveSan, 'Qxf7#');
    assert.deepEqual(r.score, { type: 'mate', value: 1, bound: 'exact' });
    assert.equal(game.history().length, 6, 'the game is not touched');
    game.dispose();
  });

  test('mates in one are found, for either side', async () => {
    const white = await engine.bestMove(MATE_IN_1, { depth: 5 });
    assert.equal(white.bestMove, 'a1a8');
    assert.deepEqual(white.score, { type: 'mate', value: 1, bound: 'exact' });
    const black = await engine.bestMove(MATE_IN_1_BLACK, { depth: 5 });
    assert.equal(black.bestMove, 'a8a1');
    assert.equal(black.bestMoveSan, 'Ra1#');
  });

  test('a mate in two is found and really mates against every defence', async () => {
    const r = await engine.bestMove(MATE_IN_2, { mate: 2 });
    assert.deepEqual(r.score, { type: 'mate', value: 2, bound: 'exact' });
    const g = gameAt(MATE_IN_2, [r.bestMove]);
    for (const reply of g.movesUci()) {
      g.move(reply);
      const mates = g.moves().filter((m) => m.flags.checkmate);
      assert.ok(mates.length > 0, `no mate after ${r.bestMove} ${reply}`);
      g.undo();
    }
    g.dispose();
  });

  test('a position without legal moves answers bestMove null', async () => {
    const mated = await engine.bestMove('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', { depth: 3 });
    assert.equal(mated.bestMove, null);
    assert.deepEqual(mated.score, { type: 'mate', value: 0, bound: 'exact' });
    const stalemate = await engine.bestMove('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', { depth: 3 });
    assert.equal(stalemate.bestMove, null);
    assert.equal(stalemate.score.value, 0);
  });

  test('info events: depth never decreases, every PV legal with matching SAN', async () => {
    const seen = [];
    const off = engine.on('info', (i) => seen.push(i));
    const own = [];
    await engine.bestMove(KIWIPETE, { depth: 8 }, { onInfo: (i) => own.push(i) });
    off();
    assert.deepEqual(seen, own);
    assert.ok(own.length >= 8);
    let depth = 0;
    let time = 0;
    for (const i of own) {
      assert.ok(i.depth >= depth, `depth ${i.depth} after ${depth}`);
      assert.ok(i.time >= time);
      depth = i.depth;
      time = i.time;
      assert.ok(i.seldepth >= 1 && i.nodes > 0 && i.nps >= 0 && i.multipv === 1);
      assert.ok(['exact', 'lower', 'upper'].includes(i.score.bound));
      assertPvLegal(KIWIPETE, [], i.pv, i.san);
    }
    assert.equal(depth, 8);
    assert.deepEqual([...new Set(own.map((i) => i.depth))], [1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('analysis with MultiPV 4: four distinct lines per depth, best first', async () => {
    const analysis = engine.analyse(KIWIPETE, { multiPv: 4, depth: 7 });
    const byDepth = new Map();
    for await (const info of analysis) {
      if (info.score.bound !== 'exact') continue;
      if (!byDepth.has(info.depth)) byDepth.set(info.depth, []);
      byDepth.get(info.depth).push(info);
    }
    const result = await analysis.result;
    assert.equal(analysis.done, true);
    assert.deepEqual([...byDepth.keys()], [1, 2, 3, 4, 5, 6, 7]);
    for (const [depth, lines] of byDepth) {
      assert.deepEqual(lines.map((l) => l.multipv), [1, 2, 3, 4], `depth ${depth}`);
      assert.equal(new Set(lines.map((l) => l.pv[0])).size, 4, `distinct first moves at depth ${depth}`);
      const cp = lines.map((l) => (l.score.type === 'cp' ? l.score.value : Math.sign(l.score.value) * 1e6));
      for (let k = 1; k < 4; k++) assert.ok(cp[k - 1] >= cp[k], `depth ${depth}: ${cp}`);
    }
    assert.equal(result.lines.length, 4);
    assert.equal(result.bestMove, result.lines[0].pv[0]);
    assert.deepEqual(analysis.lines.map((l) => l.multipv), [1, 2, 3, 4]);
    // The next plain bestMove is back to one line.
    const single = [];
    await engine.bestMove(KIWIPETE, { depth: 3 }, { onInfo: (i) => single.push(i.multipv) });
    assert.deepEqual([...new Set(single)], [1]);
  });

  test('breaking out of an infinite analysis stops it', async () => {
    const analysis = engine.analyse('startpos', { multiPv: 2 });
    let n = 0;
    for await (const info of analysis) {
      assert.ok(info.multipv === 1 || info.multipv === 2);
      if (++n === 10) break;
    }
    const r = await analysis.result;
    assert.equal(r.stopped, true);
    assertLegal(new Chess().fen(), [], r.bestMove, 'stopped analysis');
    assert.equal(engine.searching, false);
  });

  test('newGame and options pass through', async () => {
    await engine.setOption('Hash', 8);
    await engine.setOption('Move Overhead', 10);
    await engine.newGame();
    await engine.setOption('Clear Hash');
    const r = await engine.bestMove('startpos', { depth: 4 });
    assertLegal(new Chess().fen(), [], r.bestMove, 'after options');
  });
});

describe('Engine: stop', TIMEOUT, () => {
  let engine;
  before(async () => {
    engine = new Engine();
    await engine.ready();
  });
  after(() => engine.dispose());

  // Stops `count` searches at random moments; each must answer with a legal move (and ponder).
  async function stopAtRandomMoments(count, start) {
    for (let k = 0; k < count; k++) {
      const fen = [KIWIPETE, 'startpos', ENDGAME][k % 3];
      const search = start(fen);
      // A random moment: right away, during the first iterations, or deep into the search.
      await new Promise((r) => setTimeout(r, [0, 1, 5, 20, 60, 150, 300][k % 7] + Math.random() * 20));
      const [stopped, result] = await Promise.all([engine.stop(), search]);
      assert.equal(stopped, result);
      assert.equal(result.stopped, true);
      assertLegal(fen === 'startpos' ? new Chess().fen() : fen, [], result.bestMove, `stop ${k}`);
      if (result.ponder) assertLegal(fen === 'startpos' ? new Chess().fen() : fen, [result.bestMove], result.ponder, 'ponder');
      assert.equal(engine.searching, false);
    }
  }

  test('20 stops at random moments of infinite searches: each answered with a legal move', async () => {
    await stopAtRandomMoments(20, (fen) => engine.bestMove(fen, { infinite: true }));
  });

  test('stopping MultiPV analyses at random moments', async () => {
    await stopAtRandomMoments(7, (fen) => engine.analyse(fen, { multiPv: 3 }).result);
  });

  test('an infinite search that ends early (mate found) still waits for stop', async () => {
    let done = false;
    const search = engine.bestMove(MATE_IN_1, { infinite: true }).then((r) => { done = true; return r; });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(done, false);
    const r = await engine.stop();
    assert.equal(r.bestMove, 'a1a8');
    assert.equal(await search, r);
  });

  test('stop with nothing running answers null; a new search supersedes the running one', async () => {
    assert.equal(await engine.stop(), null);
    const first = engine.bestMove(KIWIPETE, { infinite: true });
    await new Promise((r) => setTimeout(r, 50));
    const second = engine.bestMove('startpos', { depth: 3 });
    const a = await first;
    assert.equal(a.stopped, true);
    assertLegal(KIWIPETE, [], a.bestMove, 'superseded');
    const b = await second;
    assert.equal(b.stopped, false);
    assert.equal(b.depth, 3);
  });

  test('a stop in the same tick as the search is answered from this thread: the first legal move in UCI order', async () => {
    // A new engine's worker is still starting, so the move comes from the public Position here: after
    // the moves of the game (castling included), in Chess960 too, where castling is king-takes-rook.
    const cases = [
      [new Chess(), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'O-O', 'Bc5']],
      [Chess.chess960(518), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'O-O']],
      [Chess.chess960(0), ['g4', 'g5', 'f4', 'f5']],
    ];
    for (const [game, moves] of cases) {
      for (const m of moves) game.move(m);
      const fresh = new Engine();
      try {
        const search = fresh.bestMove(game, { infinite: true });
        const [stopped, result] = await Promise.all([fresh.stop(), search]);
        assert.equal(stopped, result);
        assert.equal(result.bestMove, game.movesUci().sort()[0], game.fen());
      } finally {
        fresh.dispose();
        game.dispose();
      }
    }
  });

  test('ponder: the search goes on after ponderhit and ends on its own clock', async () => {
    const search = engine.bestMove('startpos', { ponder: true, wtime: 1000, btime: 1000 });
    await new Promise((r) => setTimeout(r, 200));
    engine.ponderhit();
    const r = await search;  // no stop is sent: it ends by itself
    assert.equal(r.stopped, false);
    assertLegal(new Chess().fen(), [], r.bestMove, 'after ponderhit');
  });

  test('without shared memory, stop terminates the worker and the engine carries on', async () => {
    const plain = new Engine({ sharedMemory: false, options: { Hash: 4 } });
    assert.equal(plain.sharedMemoryStop, false);
    await plain.ready();
    for (let k = 0; k < 6; k++) {
      const fen = k % 2 ? KIWIPETE : 'startpos';
      const search = plain.bestMove(fen, { infinite: true });
      await new Promise((r) => setTimeout(r, [0, 5, 30, 120][k % 4]));
      const r = await plain.stop();
      assert.equal(await search, r);
      assert.equal(r.stopped, true);
      assertLegal(fen === 'startpos' ? new Chess().fen() : fen, [], r.bestMove, 'forced stop');
    }
    const after = await plain.bestMove(MATE_IN_1, { depth: 3 });
    assert.equal(after.bestMove, 'a1a8');
    await plain.dispose();
  });
});

describe('Engine: errors', TIMEOUT, () => {
  let engine;
  before(() => { engine = new Engine(); });
  after(() => engine.dispose());

  test('bad positions are refused with the FEN or move at fault, and the engine stays usable', async () => {
    await assert.rejects(engine.bestMove('rnbqkbnr/pppppppp/8/8 w KQkq - 0 1', { depth: 2 }), InvalidFenError);
    // The details come from the worker as Chess.fromFen gives them.
    await assert.rejects(engine.bestMove('8/8/8/8/8/8/8/8 w - - 0 1', { depth: 2 }), (e) => {
      assert.ok(e instanceof InvalidFenError, e.name);
      assert.deepEqual([e.kind, e.detail, e.offset], ['KingCount', 'white has 0 kings; each side needs exactly one', 0]);
      return true;
    });
    await assert.rejects(engine.bestMove({ fen: 'startpos', moves: ['e2e4', 'e2e4'] }, { depth: 2 }),
      (e) => e instanceof IllegalMoveError && /moves\[1\] "e2e4"/.test(e.message) && e.index === 1);
    await assert.rejects(engine.bestMove(42, { depth: 2 }), InvalidArgumentError);
    await assert.rejects(engine.bestMove({ fen: 'startpos', moves: 'e2e4' }, { depth: 2 }), /position\.moves must be an array/);
    const r = await engine.bestMove('startpos', { depth: 2 });
    assertLegal(new Chess().fen(), [], r.bestMove, 'after errors');
  });

  test('bad limits are refused before anything is searched', async () => {
    const cases = [
      [{ depth: -1 }, /limits\.depth must be an integer >= 1, got number -1/],
      [{ depth: 2.5 }, /limits\.depth/],
      [{ deph: 3 }, /unknown limit "deph"/],
      [{}, /give a limit/],
      [{ movetime: '100' }, /limits\.movetime must be an integer/],
      [{ infinite: true, ponder: true }, /exclude each other/],
      [{ infinite: 'yes' }, /limits\.infinite must be a boolean/],
      [{ depth: 3, searchmoves: [] }, /searchmoves must be a non-empty array/],
      [null, /limits must be an object/],
    ];
    for (const [limits, message] of cases) {
      await assert.rejects(engine.bestMove('startpos', limits), (e) => e instanceof InvalidArgumentError && message.test(e.message),
        JSON.stringify(limits));
    }
    await assert.rejects(engine.analyse('startpos', { multiPv: 0 }).result, /multiPv must be an integer from 1 to 256/);
    // searchmoves are checked against the position by the engine itself.
    await assert.rejects(engine.bestMove('startpos', { depth: 2, searchmoves: ['e2e5'] }), InvalidArgumentError);
    const only = await engine.bestMove('startpos', { depth: 4, searchmoves: ['a2a3', 'h2h3'] });
    assert.ok(['a2a3', 'h2h3'].includes(only.bestMove));
  });

  test('bad options are refused, and the option keeps its value', async () => {
    await assert.rejects(engine.setOption('NoSuchOption', 3), /unknown option 'NoSuchOption'/);
    await assert.rejects(engine.setOption('Hash', 'lots'), /invalid value 'lots'/);
    await assert.rejects(engine.setOption('', 1), InvalidArgumentError);
    await assert.rejects(engine.setOption('Hash', { mb: 3 }), InvalidArgumentError);
    await assert.rejects(engine.setOption('UCI_Chess960', true), /follows the position/);
    assert.throws(() => engine.on('bestMove', () => {}), InvalidArgumentError);
    assert.throws(() => new Engine({ options: { Hash: null } }), InvalidArgumentError);
    const refused = new Engine({ options: { Hash: 0 } });
    await assert.rejects(refused.ready(), /invalid value '0'/);
    await refused.dispose();
  });

  test('a missing worker script is a clear EngineError, not a hang', async () => {
    const broken = new Engine({ workerUrl: new URL('./no-such-worker.mjs', `file://${ROOT}dist/`) });
    await assert.rejects(broken.bestMove('startpos', { depth: 1 }), (e) => e.code === 'ENGINE_FAILED');
    broken.terminate();
  });

  test('wasmUrl: the worker\'s module is loaded from where it says (URL or path), a wrong one fails clearly', async () => {
    const { copyFileSync, mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    // A directory with '#' and '%' in its name: the path must not be read as a URL fragment or escape.
    const dir = mkdtempSync(join(tmpdir(), 'escaque engine #% '));
    try {
      const copy = join(dir, 'renamed-engine.wasm');
      copyFileSync(`${ROOT}dist/escaque.wasm`, copy);
      for (const wasmUrl of [copy, new URL(`file://${copy.replaceAll('%', '%25').replaceAll('#', '%23')}`)]) {
        const moved = new Engine({ wasmUrl });
        const r = await moved.bestMove(MATE_IN_1, { depth: 3 });
        assert.equal(r.bestMove, 'a1a8', String(wasmUrl));
        await moved.dispose();
      }
      const missing = new Engine({ wasmUrl: join(dir, 'no-such-engine.wasm') });
      await assert.rejects(missing.bestMove('startpos', { depth: 1 }),
          (e) => e.code === 'ENGINE_FAILED' && /no-such-engine\.wasm/.test(e.message));
      missing.terminate();
      // Not a WebAssembly module at all: refused at compilation, not a hang.
      const wrong = new Engine({ wasmUrl: `${ROOT}dist/index.mjs` });
      await assert.rejects(wrong.bestMove('startpos', { depth: 1 }), (e) => e.code === 'ENGINE_FAILED');
      wrong.terminate();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.throws(() => new Engine({ wasmUrl: 42 }), InvalidArgumentError);
  });

  test('dispose resolves a running search with its move, then refuses everything', async () => {
    const e2 = new Engine();
    const search = e2.bestMove('startpos', { infinite: true });
    await new Promise((r) => setTimeout(r, 50));
    await e2.dispose();
    const r = await search;
    assert.equal(r.stopped, true);
    assertLegal(new Chess().fen(), [], r.bestMove, 'disposed');
    assert.equal(e2.disposed, true);
    await assert.rejects(e2.bestMove('startpos', { depth: 1 }), DisposedError);
    await assert.rejects(e2.ready(), DisposedError);
    await e2.dispose();  // idempotent
  });

  test('terminate rejects what is pending with DisposedError', async () => {
    const e3 = new Engine();
    const search = e3.bestMove('startpos', { infinite: true });
    e3.terminate();
    await assert.rejects(search, DisposedError);
  });
});

describe('Engine: opening book', TIMEOUT, () => {
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  test('with OwnBook the engine answers a book position at once, without searching; varied replies', async () => {
    const engine = new Engine({ options: { OwnBook: true } });
    try {
      const replies = new Set();
      for (let i = 0; i < 12; i++) {
        const r = await engine.bestMove({ fen: START, moves: ['e2e4'] }, { wtime: 60_000, btime: 60_000 });
        assertLegal(START, ['e2e4'], r.bestMove, 'book reply');
        assert.equal(r.nodes, 0, 'a book move is not searched');
        replies.add(r.bestMoveSan);
      }
      assert.ok(replies.size >= 2, `12 book replies to 1.e4 should not all be the same: ${[...replies]}`);
      // Out of book it searches as usual.
      const r = await engine.bestMove(MATE_IN_1, { depth: 3 });
      assert.equal(r.bestMoveSan, 'Ra8#');
      assert.ok(r.nodes > 0);
    } finally {
      await engine.dispose();
    }
  });
});

describe('Engine: workers', TIMEOUT, () => {
  test('two engines search at the same time, independently', async () => {
    const a = new Engine();
    const b = new Engine();
    const ra = a.bestMove(KIWIPETE, { infinite: true });
    const rb = b.bestMove(MATE_IN_2, { depth: 8 });
    const mate = await rb;  // b finishes while a still thinks
    assert.deepEqual(mate.score, { type: 'mate', value: 2, bound: 'exact' });
    assert.equal(a.searching, true);
    const stopped = await a.stop();
    assert.equal(await ra, stopped);
    assertLegal(KIWIPETE, [], stopped.bestMove, 'engine a');
    await Promise.all([a.dispose(), b.dispose()]);
  });

  // The process must end by itself: a disposed engine, and an idle one, hold no worker open.
  // `await using` is a syntax error in Node 20: there the same disposal is written out as the
  // statement does it (Symbol.asyncDispose in a finally), so the test checks the same thing.
  const awaitUsing = (() => {
    try {
      new Function('return async () => { await using x = null; }');  // eslint-disable-line no-new-func
      return '{ await using e = new Engine(); await e.bestMove("startpos", {depth: 2}); }';
    } catch {
      return 'const e = new Engine(); try { await e.bestMove("startpos", {depth: 2}); } ' +
        'finally { await e[Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose")](); } ' +
        'if (!e.disposed) throw new Error("not disposed");';
    }
  })();
  for (const [name, body] of [
    ['dispose frees the worker', 'const e = new Engine(); await e.bestMove("startpos", {depth: 3}); await e.dispose();'],
    ['an idle engine does not keep Node alive', 'const e = new Engine(); await e.bestMove("startpos", {depth: 3});'],
    ['await using disposes', awaitUsing],
  ]) {
    test(name, async () => {
      const script = `import { Engine } from ${JSON.stringify(`${ROOT}dist/index.mjs`)}; ${body} console.log('end');`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => { out += d; });
      child.stderr.on('data', (d) => { out += d; });
      const code = await new Promise((resolve) => {
        const timer = setTimeout(() => { child.kill(); resolve('timeout'); }, 20_000);
        child.on('exit', (c) => { clearTimeout(timer); resolve(c); });
      });
      assert.equal(code, 0, out);
      assert.match(out, /^end\n$/);
    });
  }
});

// A UCI program driven line by line: send(line), next(re) -> the first later output line matching re.
function uciProcess(command, args = []) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = [];
  let partial = '';
  let waiter = null;
  const check = () => {
    if (!waiter) return;
    const i = lines.findIndex((l) => waiter.re.test(l));
    if (i < 0) return;
    const [line] = lines.splice(0, i + 1).slice(-1);
    const w = waiter;
    waiter = null;
    clearTimeout(w.timer);
    w.resolve(line);
  };
  child.stdout.on('data', (chunk) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop();
    lines.push(...parts);
    check();
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    send: (line) => child.stdin.write(line + '\n'),
    next: (re, timeoutMs = 20_000) => new Promise((resolve, reject) => {
      waiter = { re, resolve, timer: setTimeout(() => reject(new Error(`no ${re} in time; saw ${lines.join(' | ')}`)), timeoutMs) };
      check();
    }),
    pending: () => lines.splice(0),
    end: () => child.stdin.end(),
    exited,
    kill: () => child.kill(),
  };
}

const UCI_PROGRAMS = {
  native: [`${ROOT}build/native/escaque-uci`, []],
  'WASM CLI': [process.execPath, [`${ROOT}bin/escaque-uci.mjs`]],
};

for (const [name, [command, args]] of Object.entries(UCI_PROGRAMS)) {
  describe(`UCI ${name}: go infinite, stop, ponderhit`, TIMEOUT, () => {
    // Programs a failed test leaves running are killed after it.
    const running = new Set();
    const track = (p) => { running.add(p); p.exited.then(() => running.delete(p)); return p; };
    afterEach(() => { for (const p of running) p.kill(); });
    test('isready is answered during an infinite search; stop at random moments answers a legal move', async () => {
      const p = track(uciProcess(command, args));
      p.send('uci');
      await p.next(/^uciok$/);
      for (let k = 0; k < 20; k++) {
        const fen = [KIWIPETE, ENDGAME, new Chess().fen()][k % 3];
        p.send(`position fen ${fen}`);
        p.send('go infinite');
        await new Promise((r) => setTimeout(r, [0, 1, 5, 20, 60, 150, 300][k % 7] + Math.random() * 20));
        if (k % 5 === 4) {
          p.send('isready');
          await p.next(/^readyok$/);
          assert.ok(!p.pending().some((l) => l.startsWith('bestmove')), 'no bestmove before stop');
        }
        const reply = p.next(/^bestmove /);
        p.send('stop');
        const line = await reply;
        assertLegal(fen, [], line.split(' ')[1], `${name} stop ${k}`);
      }
      p.send('quit');
      assert.equal(await p.exited, 0);
    });

    test('an infinite search holds its bestmove until stop, even with the mate found', async () => {
      const p = track(uciProcess(command, args));
      p.send(`position fen ${MATE_IN_1}`);
      p.send('go infinite');
      await new Promise((r) => setTimeout(r, 400));
      p.send('isready');
      await p.next(/^readyok$/);
      assert.ok(!p.pending().some((l) => l.startsWith('bestmove')));
      p.send('stop');
      assert.equal(await p.next(/^bestmove /), 'bestmove a1a8');
      p.send('quit');
      assert.equal(await p.exited, 0);
    });

    test('go ponder waits for ponderhit, then plays on its clock', async () => {
      const p = track(uciProcess(command, args));
      p.send('position startpos moves e2e4');
      p.send('go ponder wtime 2000 btime 2000');
      await new Promise((r) => setTimeout(r, 300));
      p.send('isready');
      await p.next(/^readyok$/);
      assert.ok(!p.pending().some((l) => l.startsWith('bestmove')));
      p.send('ponderhit');
      const line = await p.next(/^bestmove /);  // no stop is sent: it ends on its clock
      assertLegal(new Chess().fen(), ['e2e4'], line.split(' ')[1], 'after ponderhit');
      p.send('quit');
      assert.equal(await p.exited, 0);
    });

    test('quit, a new command, or the end of input stop an infinite search with a bestmove', async () => {
      for (const ending of ['quit', 'position startpos', 'end']) {
        const p = track(uciProcess(command, args));
        p.send('position startpos');
        p.send('go infinite');
        await new Promise((r) => setTimeout(r, 200));
        if (ending === 'end') p.end();
        else p.send(ending);
        const line = await p.next(/^bestmove /);
        assertLegal(new Chess().fen(), [], line.split(' ')[1], ending);
        if (ending !== 'end') p.end();
        assert.equal(await p.exited, 0);
      }
    });
  });
}

test('the Engine works from an installed copy of the package (npm pack)', TIMEOUT, async () => {
  const { mkdtempSync, writeFileSync, mkdirSync, rmSync } = await import('node:fs');
  const { execFileSync } = await import('node:child_process');
  const { tmpdir } = await import('node:os');
  const work = mkdtempSync(`${tmpdir()}/escaque-engine-pack-`);
  try {
    const [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' }));
    const installed = `${work}/project/node_modules/escaque`;
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', `${work}/${info.filename}`, '-C', installed, '--strip-components=1']);
    writeFileSync(`${work}/project/package.json`, '{"type": "module"}\n');
    writeFileSync(`${work}/project/main.mjs`, `
      import { Engine } from 'escaque';
      const engine = new Engine();
      const r = await engine.bestMove('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', { depth: 3 });
      const search = engine.bestMove('startpos', { infinite: true });
      await new Promise((res) => setTimeout(res, 100));
      const s = await engine.stop();
      await search;
      await engine.dispose();
      console.log(JSON.stringify([r.bestMoveSan, s.stopped]));
    `);
    const out = execFileSync(process.execPath, ['main.mjs'], { cwd: `${work}/project`, encoding: 'utf8', timeout: 60_000 });
    assert.deepEqual(JSON.parse(out), ['Ra8#', true]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
