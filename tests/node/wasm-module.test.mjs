// The WebAssembly module through dist/loader.mjs: loading, legal moves, FEN
// errors with the same messages as the native parser, robustness (no input may
// abort the module), and the search's Engine (EngineHandle: the structured
// calls the Engine's worker drives, and the UCI session over them, which only
// the Engine's own modules escaque-engine.wasm and escaque-engine-scalar.wasm have,
// with the NNUE network).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';

import { InvalidFenError, Position, init } from '../../dist/index.node.mjs';
import { loadEscaque } from '../../dist/loader.mjs';
import { FENS, ROOT, STOCKFISH, parseDivide, requireFile, runNative, runProgram } from './helpers.mjs';

let escaque;  // the rules' module (escaque-rules.wasm), as init() loads it
let search;   // dist/escaque.wasm: the Engine's worker's (the search, no rules bindings)
let uci;      // dist/escaque-engine-scalar.wasm: the rules, the search with the network and the UCI text session
before(async () => {
  escaque = await loadEscaque();
  const { default: createEscaqueModule } = await import('../../dist/runtime.mjs');
  search = await createEscaqueModule({ module: await WebAssembly.compile(await readFile(`${ROOT}dist/escaque.wasm`)) });
  uci = await loadEscaque({ url: `${ROOT}dist/escaque-engine-scalar.wasm` });
  await init();
});

// The UCI moves of a FEN from a module's one FEN query, positionMoves ("e2e4 e4 g1f3 Nf3 …": UCI and SAN
// by turns); null when the FEN is refused.
function uciMoves(m, fen) {
  const r = m.positionMoves(fen);
  if (!r.ok) return null;
  return r.moves ? r.moves.split(' ').filter((_, i) => i % 2 === 0) : [];
}

// The message a FEN is refused with when every check is on (the package's Position.fromFen, the same module
// underneath); null when it is accepted.
function refusal(fen) {
  try {
    Position.fromFen(fen);
    return null;
  } catch (e) {
    if (!(e instanceof InvalidFenError)) throw e;
    return e.message;
  }
}

// The moves Stockfish lists for `go perft 1`: an independent reference.
function stockfishMoves(fen) {
  requireFile(STOCKFISH, 'install the stockfish package (scripts/setup.sh does)');
  const { stdout } = runProgram(STOCKFISH, [], `position fen ${fen}\ngo perft 1\nquit\n`);
  return Object.keys(parseDivide(stdout)).sort();
}

// The parser's error message the native UCI session prints for a bad FEN (without the note
// that the session has no position now).
function nativeFenError(fen) {
  const { stdout } = runNative(`position fen ${fen}\nquit\n`);
  const m = /^info string (.*?)(; no position now: .*)?$/m.exec(stdout);
  return m ? m[1] : null;
}

describe('loading', () => {
  test('loadEscaque() resolves to the module: the rules surface and the search\'s sessions', () => {
    assert.equal(typeof escaque.positionMoves, 'function');
    assert.equal(typeof escaque.GameHandle, 'function');
    assert.equal(typeof escaque.PositionHandle, 'function');
    assert.ok(escaque.wasmModule instanceof WebAssembly.Module, 'the compiled module is kept');
    assert.equal(escaque.hasSearch, false);
    // The worker's module: the search's EngineHandle without the rules' classes.
    assert.equal(typeof search.EngineHandle, 'function');
    assert.equal(search.GameHandle, undefined);
    assert.equal(search.hasSearch, true);
  });

  test('by default the rules alone (escaque-rules.wasm): an Engine\'s worker loads the search itself', async () => {
    const rules = await loadEscaque();
    assert.equal(rules.hasSearch, false);
    assert.equal(typeof rules.GameHandle, 'function');
    assert.equal(rules.EngineHandle, undefined, 'no search in the default module');
    assert.deepEqual(WebAssembly.Module.exports(rules.wasmModule), WebAssembly.Module.exports(
      await WebAssembly.compile(await readFile(`${ROOT}dist/escaque-rules.wasm`))));
  });

  test('the UCI text session and the network are in the Engine\'s modules only: pages load escaque.wasm without', async () => {
    // The Engine is embind's class EngineHandle: what each module's has, by its prototype's methods.
    const { default: createEscaqueModule } = await import('../../dist/runtime.mjs');
    const methods = async (file) => {
      const m = await createEscaqueModule({ module: await WebAssembly.compile(await readFile(`${ROOT}dist/${file}`)) });
      return Object.getOwnPropertyNames(m.EngineHandle?.prototype ?? {});
    };
    assert.deepEqual(await methods('escaque-rules.wasm'), [], 'escaque-rules.wasm has no Engine');
    const page = await methods('escaque.wasm');
    for (const file of ['escaque-engine.wasm', 'escaque-engine-scalar.wasm']) {
      const engine = await methods(file);
      for (const name of ['setPosition', 'go', 'setOption', 'newGame']) {
        assert.ok(page.includes(name) && engine.includes(name), `${file}: ${name}`);
      }
      for (const name of ['handle', 'running']) {
        assert.ok(!page.includes(name), `escaque.wasm's EngineHandle has ${name}`);
        assert.ok(engine.includes(name), `${file}'s EngineHandle lacks ${name}`);
      }
    }
    // What is left out is bytes a page no longer downloads: the network alone is 197,396 bytes.
    const size = async (file) => (await readFile(`${ROOT}dist/${file}`)).length;
    assert.ok(await size('escaque.wasm') < await size('escaque-engine-scalar.wasm') - 200_000);
    assert.ok(await size('escaque.wasm') < await size('escaque-engine.wasm') - 200_000);
  });

  test('"Use NNUE": off by default and refused by escaque.wasm with a reason, on by default in both Engine modules', async () => {
    const { default: createEscaqueModule } = await import('../../dist/runtime.mjs');
    const useNnue = (m) => m.engineDescribe().options.find((o) => o.name === 'Use NNUE');
    assert.deepEqual(useNnue(search), { name: 'Use NNUE', type: 'check', default: false });
    const page = new search.EngineHandle(false);
    const refused = page.setOption('Use NNUE', 'true');
    assert.equal(refused.ok, false);
    assert.match(refused.message, /^Use NNUE: this module has no network \(the Engine's worker loads escaque-engine\.wasm for it\)/);
    assert.deepEqual(page.setOption('Use NNUE', 'false'), { ok: true });
    page.delete();
    // bench 4 in the Engine's modules: by default with the network (`uci` says so), the same tree from the
    // SIMD128 and the scalar module and as with "Use NNUE" set to true; another one than the hand-written
    // evaluation's.
    const nodes = async (file, nnue) => {
      const m = await createEscaqueModule({ module: await WebAssembly.compile(await readFile(`${ROOT}dist/${file}`)) });
      assert.deepEqual(useNnue(m), { name: 'Use NNUE', type: 'check', default: true }, file);
      const s = new m.EngineHandle(false);
      assert.match(s.handle('uci'), /^option name Use NNUE type check default true$/m, file);
      if (nnue !== undefined) assert.equal(s.handle(`setoption name Use NNUE value ${nnue}`), '');
      const n = Number(/^Nodes searched: (\d+)$/m.exec(s.handle('bench 4'))[1]);
      s.delete();
      return n;
    };
    const simd = await nodes('escaque-engine.wasm');
    assert.equal(await nodes('escaque-engine-scalar.wasm'), simd);
    assert.equal(await nodes('escaque-engine.wasm', true), simd);
    assert.notEqual(await nodes('escaque-engine-scalar.wasm', false), simd);
  });

  test('a module instantiated from the compiled one (as a worker is) works alone', async () => {
    const { default: createEscaqueModule } = await import('../../dist/runtime.mjs');
    const lines = [];
    const other = await createEscaqueModule({ module: uci.wasmModule, engineHost: { poll: () => 0, write: (l) => lines.push(l) } });
    assert.equal(uciMoves(other, FENS.start).length, 20);
    const s = new other.EngineHandle(true);
    s.handle('position startpos');
    assert.equal(s.handle('go depth 2'), '', 'a host-signalled search streams its lines instead');
    assert.match(lines.at(-1), /^bestmove [a-h][1-8][a-h][1-8]/);
    assert.ok(lines.some((l) => /^info depth 2 /.test(l)), lines.join(''));
    s.delete();
  });

  test('explicit wasmBinary is used (no file lookup needed)', async () => {
    const bytes = await readFile(`${ROOT}dist/escaque-rules.wasm`);
    const other = await loadEscaque({ wasmBinary: bytes, locateFile: () => '/nonexistent/escaque-rules.wasm' });
    assert.equal(uciMoves(other, FENS.start).length, 20);
  });

  test('locateFile is honoured in Node, and a wrong location is a clear error', async () => {
    const ok = await loadEscaque({ locateFile: (name) => `${ROOT}dist/${name}` });
    assert.equal(uciMoves(ok, FENS.kiwipete).length, 48);
    await assert.rejects(loadEscaque({ locateFile: () => '/nonexistent/escaque.wasm' }),
        /cannot read the WebAssembly module at \/nonexistent\/escaque\.wasm/);
  });

  test('two loaded instances do not share state', async () => {
    const other = await loadEscaque({ url: `${ROOT}dist/escaque-engine-scalar.wasm` });
    const a = new uci.EngineHandle(false);
    const b = new other.EngineHandle(false);
    a.handle('position startpos moves e2e4');
    assert.match(a.handle('d'), /Fen: rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b KQkq - 0 1/);
    assert.match(b.handle('d'), /Fen: rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1/);
    a.delete();
    b.delete();
  });
});

describe('legal moves of a FEN (positionMoves)', () => {
  test('start position: exactly the 20 opening moves, with their SAN', () => {
    const r = escaque.positionMoves(FENS.start);
    assert.equal(r.ok, true);
    assert.equal(r.error, undefined);
    assert.deepEqual(uciMoves(escaque, FENS.start), [
      'a2a3', 'a2a4', 'b1a3', 'b1c3', 'b2b3', 'b2b4', 'c2c3', 'c2c4', 'd2d3', 'd2d4',
      'e2e3', 'e2e4', 'f2f3', 'f2f4', 'g1f3', 'g1h3', 'g2g3', 'g2g4', 'h2h3', 'h2h4',
    ]);
    assert.match(r.moves, /^a2a3 a3 a2a4 a4 b1a3 Na3 /);
  });

  test('published move counts of the standard perft positions', () => {
    const expected = { kiwipete: 48, endgame: 14, promotions: 24, discovered: 44, foolsMate: 0, stalemate: 0 };
    for (const [name, count] of Object.entries(expected)) {
      assert.equal(uciMoves(escaque, FENS[name]).length, count, name);
      assert.equal(Position.fromFen(FENS[name]).movesUci().length, count, `${name}, with every check`);
    }
  });

  test('castling, en passant and promotions are written in UCI form', () => {
    const kiwi = uciMoves(escaque, FENS.kiwipete);
    assert.ok(kiwi.includes('e1g1') && kiwi.includes('e1c1'), 'castling as king two squares');
    assert.ok(uciMoves(escaque, FENS.enPassant).includes('e5f6'), 'en passant capture');
    const promo = uciMoves(escaque, FENS.blackPromotes);
    for (const piece of 'qrbn') assert.ok(promo.includes(`b2b1${piece}`), `b2b1${piece}`);
  });

  test('same move sets as Stockfish on every test position', () => {
    for (const [name, fen] of Object.entries(FENS)) {
      const ours = [...uciMoves(escaque, fen)].sort();
      assert.deepEqual(ours, stockfishMoves(fen), name);
      assert.deepEqual(Position.fromFen(fen).movesUci().sort(), ours, `${name}, with every check`);
    }
  });
});

describe('FEN errors', () => {
  const BAD = [
    '',
    '   ',
    'garbage',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1',              // 7 ranks
    'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',     // rank of 9
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',     // side to move
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1',    // e.p. square
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1',    // halfmove clock
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0',     // fullmove number
    'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1',       // black king missing
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1',     // pawn on the first rank
    '4k3/8/8/8/8/8/8/4K2R w KQ - 0 1',                              // castling right without rook
    '4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1',                              // side not to move in check
  ];

  test('each bad FEN is refused with the native parser\'s exact message', () => {
    for (const fen of BAD) {
      const error = refusal(fen);
      assert.equal(typeof error, 'string', `accepted: ${JSON.stringify(fen)}`);
      assert.ok(error.length > 10, `uninformative message for ${JSON.stringify(fen)}: ${error}`);
      // The native session prints nothing for an empty "position fen" argument
      // other than the same parser message, so compare whenever it has one.
      const native = nativeFenError(fen);
      if (fen.trim() !== '') assert.equal(error, native, JSON.stringify(fen));
    }
  });

  test('distinct problems get distinct messages', () => {
    const messages = new Set(BAD.map(refusal));
    assert.ok(messages.size >= BAD.length - 1, [...messages].join('\n'));
  });

  test('hostile input never aborts the module', () => {
    // Every one of these is refused with the FEN parser's own message (the native session's).
    // A board without kings included: the parser demands exactly one king a side even where
    // the plausibility checks are off (src/core/fen.cpp), since castling rights and the move
    // generator need them, so there is no position whose legal moves could be listed.
    const hostile = [
      'x'.repeat(200_000),
      `${FENS.start}\0trailing`,
      '\0',
      'ééé/♔♕/8/8/8/8/8/8 w - - 0 1',
      '8/8/8/8/8/8/8/8 w - - 0 1',
      `${'1'.repeat(64)} w - - 0 1`,
      `${FENS.start} ${'9'.repeat(40)}`,
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1',
    ];
    for (const fen of hostile) {
      const what = JSON.stringify(fen.slice(0, 80));
      // The module's own query (the plausibility checks off) and the package's Position (all checks on).
      const raw = escaque.positionMoves(fen);
      assert.equal(raw.ok, false, `accepted: ${what}`);
      assert.equal(raw.moves, undefined, what);
      const error = refusal(fen);
      assert.equal(typeof error, 'string', `accepted: ${what}`);
      assert.ok(error.length > 10, `uninformative message for ${what}: ${error}`);
      assert.equal(raw.message, error, what);
      if (!fen.includes('\0')) assert.equal(error, nativeFenError(fen), what);
    }
    assert.equal(escaque.positionMoves('8/8/8/8/8/8/8/8 w - - 0 1').message,
      'FEN piece placement field (field 1), at character 1: white has 0 kings; each side needs exactly one');
    assert.equal(escaque.positionMoves('8/8/8/8/8/8/8/4K3 w - - 0 1').message,
      'FEN piece placement field (field 1), at character 1: black has 0 kings; each side needs exactly one');
    // A wrong argument type is a JS exception, not a crash of the module.
    assert.throws(() => escaque.positionMoves(42));
    assert.throws(() => escaque.positionMoves());
    // ...and the module still answers afterwards.
    assert.equal(uciMoves(escaque, FENS.start).length, 20);
  });

  test('thousands of calls do not leak or degrade (memory stays bounded)', () => {
    const before = escaque.HEAP8.length;
    for (let i = 0; i < 20_000; ++i) {
      escaque.positionMoves(i % 2 ? FENS.kiwipete : 'bad fen');
    }
    assert.equal(uciMoves(escaque, FENS.kiwipete).length, 48);
    assert.equal(escaque.HEAP8.length, before, 'the heap grew');
  });
});

describe('EngineHandle (the search\'s Engine and its UCI session)', () => {
  test('setPosition() checks the FEN and every move; a failure leaves no position to search', () => {
    const s = new search.EngineHandle(false);
    const r = s.setPosition(FENS.start, false, ['e2e4', 'e7e5']);
    assert.equal(r.ok, true);
    const afterE4E5 = uciMoves(escaque, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2');
    assert.equal(afterE4E5.length, 29);
    assert.ok(afterE4E5.includes(r.fallback), `a legal move: ${r.fallback}`);
    // Mated: no move to fall back on.
    const mated = new search.EngineHandle(false);
    assert.deepEqual(mated.setPosition(FENS.start, false, ['f2f3', 'e7e5', 'g2g4', 'd8h4']), { ok: true, fallback: '' });
    const none = mated.go({ depth: 2 }, 1);
    assert.deepEqual(none, { ok: true, bestMove: null, ponder: null, bestMoveSan: null, ponderSan: null, book: false });
    mated.delete();
    // The SAN of the answer is made in C++, from the position set.
    const after = s.go({ depth: 3, searchmoves: ['g1f3'] }, 1);
    assert.equal(after.ok, true);
    assert.equal(after.bestMove, 'g1f3');
    assert.equal(after.bestMoveSan, 'Nf3');
    const bad = s.setPosition(FENS.start, false, ['e2e4', 'e2e4']);
    assert.equal(bad.ok, false);
    assert.equal(bad.code, 'NO_SUCH_PIECE');
    assert.equal(bad.index, 1);
    assert.match(bad.message, /^position\.moves\[1\] "e2e4": /);
    assert.deepEqual(s.go({ depth: 2 }, 1), { ok: false, code: 'INVALID_ARGUMENT', message: 'no position is set' },
      'a refused position is never replaced by the old one');
    const fen = s.setPosition('8/8/8/8 w - - 0 1', false, []);
    assert.equal(fen.code, 'INVALID_FEN');
    assert.equal(typeof fen.offset, 'number');
    assert.equal(s.setPosition(FENS.start, false, ['e2e5']).code, 'ILLEGAL_MOVE');
    assert.equal(s.setPosition(FENS.start, false, ['zz']).code, 'MOVE_SYNTAX');
    // The JS Engine's positions are strict: a contradiction the UCI session would normalise is refused.
    assert.equal(s.setPosition('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 5 3', false, []).code, 'INVALID_FEN');
    s.delete();
  });

  test('go() takes numeric limits and reports each SearchInfo as data, SAN included', async () => {
    const { default: createEscaqueModule } = await import('../../dist/runtime.mjs');
    const reports = [];
    const lines = [];
    const m = await createEscaqueModule({ module: search.wasmModule,
      engineHost: { poll: () => 0, write: (l) => lines.push(l), report: (info) => reports.push(info) } });
    const s = new m.EngineHandle(true);
    assert.equal(s.setPosition(FENS.kiwipete, false, []).ok, true);
    const r = s.go({ depth: 5 }, 2);
    assert.equal(r.ok, true);
    assert.deepEqual(lines, [], 'no UCI text is made for a structured search');
    const keys = ['depth', 'seldepth', 'multipv', 'score', 'nodes', 'nps', 'hashfull', 'time', 'pv', 'san'];
    for (const info of reports) {
      assert.deepEqual(Object.keys(info), keys);
      assert.ok(['cp', 'mate'].includes(info.score.type));
      assert.ok(['exact', 'lower', 'upper'].includes(info.score.bound));
      assert.ok(info.multipv === 1 || info.multipv === 2);
      assert.equal(info.san.length, info.pv.length);
      assert.ok(info.pv.length > 0);
    }
    assert.deepEqual([...new Set(reports.map((i) => i.depth))], [1, 2, 3, 4, 5]);
    const last = reports.filter((i) => i.multipv === 1).at(-1);
    assert.equal(last.pv[0], r.bestMove);
    assert.equal(last.san[0], r.bestMoveSan);
    // Mate scores in moves, with their sign.
    reports.length = 0;
    s.setPosition('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', false, []);
    assert.equal(s.go({ depth: 3 }, 1).bestMoveSan, 'Ra8#');
    assert.deepEqual(reports.at(-1).score, { type: 'mate', value: 1, bound: 'exact' });
    // Bad searchmoves and limits a host without signals cannot stop are refused, not searched.
    assert.equal(s.go({ depth: 2, searchmoves: ['e2e5'] }, 1).code, 'INVALID_ARGUMENT');
    const plain = new m.EngineHandle(false);
    assert.match(plain.go({ infinite: true }, 1).message, /'infinite'/);
    plain.delete();
    s.delete();
  });

  test('options by name: set, clamped with a note, refused or unknown; describe() lists them', () => {
    const s = new search.EngineHandle(false);
    assert.deepEqual(s.setOption('Hash', '4'), { ok: true });
    assert.match(s.setOption('UCI_Elo', '99').note, /99 is outside 600\.\.2200; using 600/);
    assert.deepEqual(s.setOption('Hash', 'lots'),
      { ok: false, code: 'INVALID_OPTION', message: "Hash: invalid value 'lots', expected an integer from 1 to 4096; option unchanged" });
    assert.equal(s.setOption('Nope', '1').code, 'UNKNOWN_OPTION');
    s.newGame();
    const d = search.engineDescribe();
    assert.equal(d.name, 'escaque');
    assert.deepEqual(d.options.find((o) => o.name === 'Hash'), { name: 'Hash', type: 'spin', default: 16, min: 1, max: 4096 });
    assert.deepEqual(d.options.find((o) => o.name === 'OwnBook'), { name: 'OwnBook', type: 'check', default: false });
    assert.deepEqual(d.options.find((o) => o.name === 'Clear Hash'), { name: 'Clear Hash', type: 'button' });
    s.delete();
  });

  test('handle() returns the reply text and running() turns false on quit only', () => {
    const s = new uci.EngineHandle(false);
    assert.equal(s.handle('isready'), 'readyok\n');
    assert.equal(s.handle(''), '');
    assert.equal(s.running(), true);
    s.handle('position startpos');
    const perft = s.handle('go perft 3');
    assert.match(perft, /\nNodes searched: 8902\n$/);
    assert.equal(Object.keys(parseDivide(perft)).length, 20);
    assert.equal(s.handle('quit'), '');
    assert.equal(s.running(), false);
    s.delete();
  });

  test('a bad position command leaves no position: nothing stale is shown or searched', () => {
    const s = new uci.EngineHandle(false);
    s.handle(`position fen ${FENS.kiwipete}`);
    assert.match(s.handle('position fen not a fen'), /^info string .*; no position now: 'go' waits for a valid 'position'\n$/);
    assert.match(s.handle('d'), /^info string d: no position is set/);
    assert.match(s.handle('go depth 2'), /^info string go: no position is set .*; not searching\n$/);
    s.handle(`position fen ${FENS.kiwipete}`);
    assert.match(s.handle('position startpos moves e2e4 e7e5 e1e3'), /^info string .*\(move 3 of the list\); no position now/);
    assert.match(s.handle('go perft 2'), /^info string go perft: no position is set/);
    s.handle(`position fen ${FENS.kiwipete}`);
    assert.match(s.handle('d'), new RegExp(`Fen: ${FENS.kiwipete.replaceAll('/', '\\/')}\n`));
    assert.match(s.handle('go perft 2'), /Nodes searched: 2039\n/);
    s.delete();
  });
});
