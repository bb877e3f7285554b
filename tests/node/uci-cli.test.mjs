// bin/escaque-uci.mjs (the WASM build) must speak exactly like the native
// build/native/escaque-uci: same bytes out for the same commands in.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, test } from 'node:test';

import { FENS, WASM_UCI, parseDivide, runNative, runWasm } from './helpers.mjs';

const CHESS960_FEN = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';

// Each entry: a script and, when known, published perft totals it must show.
const SCRIPTS = {
  handshake: ['uci', 'isready', 'ucinewgame', 'isready', 'quit'],
  'perft 3 on standard positions': [
    'position startpos', 'go perft 3',
    `position fen ${FENS.kiwipete}`, 'go perft 3',
    `position fen ${FENS.endgame}`, 'go perft 3',
    `position fen ${FENS.discovered}`, 'go perft 3',
    `position fen ${FENS.promotions}`, 'go perft 3',
    `position fen ${FENS.enPassant}`, 'go perft 3',
    'quit',
  ],
  'moves lists and the board display': [
    'position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1', 'd', 'go perft 2',
    `position fen ${FENS.kiwipete} moves e1c1 h3g2 d5e6`, 'd', 'go perft 3',
    `position fen ${FENS.enPassant} moves e5f6`, 'd',
    `position fen ${FENS.foolsMate}`, 'd', 'go perft 1',
    `position fen ${FENS.stalemate}`, 'go perft 2',
    'quit',
  ],
  chess960: [
    'setoption name UCI_Chess960 value true',
    `position fen ${CHESS960_FEN}`, 'd', 'go perft 3',
    'ucinewgame', 'position startpos', 'go perft 2',
    'setoption name UCI_Chess960 value false', 'position startpos', 'go perft 1',
    'quit',
  ],
  'bad commands: a refused position leaves none, the rest leave the state unchanged': [
    'position startpos moves', 'position startpos moves e2e4',
    'foo', 'uci2', 'position', 'position middle', 'position fen', 'position fen garbage',
    `position fen ${FENS.start} moves e2e5`, 'position startpos moves e2e4 e7e5 e4e5',
    'go depth x', 'go wtime abc', 'go depth -3', 'go perft', 'go perft 0', 'go perft -3', 'go perft abc',
    'go perft 21', 'setoption name Hashh value 16', 'setoption', 'stop', 'ponderhit',
    '', '   ', '\t', 'isready', 'd', 'go perft 2',
    'quit',
  ],
  'whitespace and line endings': [
    '  isready  ', '\tposition\tstartpos\tmoves\te2e4', 'position   startpos   moves   d2d4  d7d5',
    'd', 'isready\r', 'go perft 2\r', 'quit',
  ],
  'quit stops reading': ['isready', 'quit', 'isready', 'go perft 3'],
  'end of input without quit': ['position startpos', 'go perft 2'],
};

function scriptText(lines) {
  return lines.join('\n') + '\n';
}

describe('WASM UCI command line = native UCI binary', () => {
  for (const [name, lines] of Object.entries(SCRIPTS)) {
    test(name, () => {
      const input = scriptText(lines);
      const native = runNative(input);
      const wasm = runWasm(input);
      assert.equal(native.status, 0, native.stderr);
      assert.equal(wasm.status, 0, wasm.stderr);
      assert.equal(wasm.stderr, '');
      assert.ok(native.stdout.length > 0);
      assert.equal(wasm.stdout, native.stdout);
    });
  }

  test('bench with the hand-written evaluation searches the same tree natively and in WASM (timings aside)', () => {
    // bench is synchronous in both front ends and deterministic for a fixed depth
    // (hash cleared per position); only nps and times depend on the machine. The network's bench: below.
    const input = scriptText(['setoption name Use NNUE value false', 'bench 6', 'quit']);
    const strip = (out) => out.replace(/ nps \d+| time \d+/g, '').replace(/^(Nodes\/second|Total time).*$/gm, '');
    const native = strip(runNative(input).stdout);
    const wasm = strip(runWasm(input).stdout);
    assert.match(native, /^Nodes searched: \d+$/m);
    assert.equal(wasm, native);
  });

  test('bench with the NNUE network, the default: the same tree natively and in WASM, SIMD128 and scalar builds', () => {
    // "Use NNUE" is on by default natively and in the command line, which runs escaque-engine.wasm, or
    // escaque-engine-scalar.wasm where SIMD128 is missing (ESCAQUE_WASM_SIMD=0 picks it here); the kernels
    // give the same integers everywhere.
    const strip = (out) => out.replace(/ nps \d+| time \d+/g, '').replace(/^(Nodes\/second|Total time).*$/gm, '');
    const input = scriptText(['bench 5', 'quit']);
    const native = strip(runNative(input).stdout);
    const hand = strip(runNative(scriptText(['setoption name Use NNUE value false', 'bench 5', 'quit'])).stdout);
    assert.match(native, /^Nodes searched: \d+$/m);
    assert.equal(strip(runNative(scriptText(['setoption name Use NNUE value true', 'bench 5', 'quit'])).stdout), native);
    assert.notEqual(native, hand, 'the network searches another tree than the hand-written evaluation');
    assert.match(runNative(scriptText(['uci', 'quit'])).stdout, /^option name Use NNUE type check default true$/m);
    const saved = process.env.ESCAQUE_WASM_SIMD;
    try {
      for (const simd of ['1', '0']) {
        process.env.ESCAQUE_WASM_SIMD = simd;
        assert.equal(strip(runWasm(input).stdout), native, `ESCAQUE_WASM_SIMD=${simd}`);
      }
    } finally {
      if (saved === undefined) delete process.env.ESCAQUE_WASM_SIMD;
      else process.env.ESCAQUE_WASM_SIMD = saved;
    }
  });

  test('strength levels play the same moves natively and in WASM with a fixed seed', () => {
    // One process per search and no command after `go`: the native binary
    // searches on a thread, and any further command (even quit) would stop it;
    // at the end of input it lets a bounded search finish.
    const strip = (out) => out.replace(/ nps \d+| time \d+/g, '');
    let searches = 0;
    for (const elo of [600, 1500]) {
      for (const position of [`fen ${FENS.kiwipete}`, 'startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6']) {
        const input = scriptText(['setoption name UCI_LimitStrength value true', 'setoption name Strength Seed value 42',
          `setoption name UCI_Elo value ${elo}`, `position ${position}`, 'go depth 64']);
        const native = strip(runNative(input).stdout);
        const wasm = strip(runWasm(input).stdout);
        assert.match(native, /\ninfo depth 1 .*multipv 2 /, 'a limited level searches several candidates');
        assert.match(native, /\nbestmove \S+/);
        assert.equal(wasm, native);
        ++searches;
      }
    }
    assert.equal(searches, 4);
    const bad = scriptText(['setoption name UCI_Elo value 99', 'setoption name Skill Level value x', 'quit']);
    const native = runNative(bad).stdout;
    assert.match(native, /info string setoption UCI_Elo: 99 is outside 600\.\.2200; using 600/);
    assert.match(native, /info string setoption Skill Level: invalid value 'x'/);
    assert.equal(runWasm(bad).stdout, native);
  });

  test('the transcripts contain the published perft totals', () => {
    const out = runWasm(scriptText(SCRIPTS['perft 3 on standard positions'])).stdout;
    const totals = [...out.matchAll(/Nodes searched: (\d+)/g)].map((m) => Number(m[1]));
    // start, Kiwipete, endgame, position 5 (published); promotions and e.p. (Stockfish agrees)
    assert.deepEqual(totals.slice(0, 4), [8902, 97862, 2812, 62379]);
    assert.equal(totals.length, 6);
    const first = out.split('\n\nNodes searched')[0];
    assert.equal(Object.keys(parseDivide(first)).length, 20);
  });

  test('UCI handshake answers', () => {
    const out = runWasm(scriptText(SCRIPTS.handshake)).stdout;
    assert.match(out, /^id name escaque\n/);
    assert.match(out, /\noption name UCI_Chess960 type check default false\n/);
    assert.match(out, new RegExp('\noption name UCI_LimitStrength type check default false\n' +
      'option name UCI_Elo type spin default 2200 min 600 max 2200\n' +
      'option name Skill Level type spin default 20 min 0 max 20\n' +
      'option name Strength Seed type spin default 0 min 0 max 2147483647\noption name OwnBook type check default false\nuciok\nreadyok\nreadyok\n$'));
  });

  test('nothing after quit is answered', () => {
    assert.equal(runWasm(scriptText(SCRIPTS['quit stops reading'])).stdout, 'readyok\n');
  });

  test('bad commands produce info strings, not silence or a crash', () => {
    const out = runWasm(scriptText(SCRIPTS['bad commands: a refused position leaves none, the rest leave the state unchanged'])).stdout;
    assert.match(out, /info string unknown command 'foo'/);
    assert.match(out, /info string go perft: depth must be 1\.\.20/);
    assert.match(out, /info string unknown option 'Hashh'/);
    assert.match(out, /info string go: 'depth' needs an integer, got 'x'; not searching/);
    // A refused position leaves no position (issue 17): nothing stale is shown or counted.
    assert.match(out, /info string position: expected 'startpos' or 'fen <FEN>', got 'middle'; no position now/);
    assert.match(out, /info string d: no position is set \(the last one given was refused\)\n/);
    assert.match(out, /info string go perft: no position is set \(the last one given was refused\)\n$/);
    assert.doesNotMatch(out, /Nodes searched/);
    // Every other bad command leaves the last good position (after e2e4) as it was.
    const others = SCRIPTS['bad commands: a refused position leaves none, the rest leave the state unchanged'].filter((line) => !/^position\b/.test(line) || line === 'position startpos moves e2e4');
    const kept = runWasm(scriptText(others)).stdout;
    assert.match(kept, /Fen: rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b KQkq - 0 1/);
    assert.match(kept, /Nodes searched: 600\n$/);
    assert.equal(kept, runNative(scriptText(others)).stdout);
  });

  test('commands given as arguments run first, like the native binary', () => {
    const args = ['position startpos moves g1f3', 'go perft 1'];
    const wasm = runWasm('d\nquit\n', args);
    assert.equal(wasm.stdout, runNative('d\nquit\n', args).stdout);
    assert.match(wasm.stdout, /Nodes searched: 20\n/);
    assert.equal(runWasm('isready\n', ['quit']).stdout, '');
  });

  test('each reply is flushed before the next command is read', async () => {
    const child = spawn(process.execPath, [WASM_UCI], { stdio: ['pipe', 'pipe', 'inherit'] });
    let seen = '';
    const waitFor = (text) => new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${text}" in: ${seen}`)), 20_000);
      const check = () => {
        if (seen.includes(text)) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          resolve();
        }
      };
      const onData = (chunk) => {
        seen += chunk;
        check();
      };
      child.stdout.on('data', onData);
      check();
    });
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.write('isready\n');  // stdin stays open: the reply must come anyway
    await waitFor('readyok\n');
    child.stdin.write('position startpos\ngo perft 1\n');
    await waitFor('Nodes searched: 20\n');
    child.stdin.write('quit\n');
    assert.equal(await exited, 0);
  });
});
