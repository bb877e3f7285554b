// The app's checks of what storage holds (web/app/recovery.js) and of the engine's time limits
// (web/app/engine-watch.js), on plain values in Node: the shapes a stored game may have, the good moves
// of a damaged one, the longest a search may take.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { before, describe, test } from 'node:test';

import { init } from '../../dist/index.mjs';

// The app's modules import the package as the browser finds it (/app/x.js -> ../dist/index.mjs, i.e.
// /dist/index.mjs, served from dist/): here that path is mapped to the file, as scripts/serve.mjs does.
register(`data:text/javascript,${encodeURIComponent(`
  export async function resolve(specifier, context, next) {
    if (context.parentURL && /\\/web\\/app\\//.test(context.parentURL) && specifier.startsWith('../dist/')) {
      return next(new URL(specifier.replace('../dist/', '../../dist/'), context.parentURL).href, context);
    }
    return next(specifier, context);
  }`)}`);
const { recordShapeProblem, salvageMoves } = await import('../../web/app/recovery.js');
const { searchBound, within, EngineFault } = await import('../../web/app/engine-watch.js');

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const human = { type: 'human' };
const record = (over = {}) => ({
  version: 1, id: 'g1', setup: { fen: START, chess960: false }, moves: [], clocks: [], offer: null, ending: null,
  tc: { untimed: true }, clock: null, players: { w: human, b: human }, casual: true, ...over,
});

describe('stored game records', { timeout: 30_000 }, () => {
  before(() => init());

  test('a whole record has no shape problem', () => {
    assert.equal(recordShapeProblem(record({ moves: ['e2e4'] })), null);
  });

  test('every damaged part is named', () => {
    const cases = [
      [null, /not a game record/], [[1], /not a game record/], ['text', /not a game record/],
      [record({ version: 2 }), /format version 2, this app reads version 1/],
      [record({ version: undefined }), /format version undefined/],
      [record({ id: 7 }), /no game id/],
      [record({ setup: { fen: 42 } }), /no start position/],
      [record({ moves: 'e2e4' }), /move list is damaged/],
      [record({ moves: ['e2e4', 5] }), /move list is damaged/],
      [record({ players: { w: human } }), /players are damaged/],
      [record({ players: { w: human, b: { type: 'robot' } } }), /players are damaged/],
      [record({ tc: null }), /time control is damaged/],
      [record({ clock: { remaining: 5 } }), /clock is damaged/],
      [record({ ending: 'resign' }), /ending is damaged/],
    ];
    for (const [r, re] of cases) assert.match(String(recordShapeProblem(r)), re, JSON.stringify(r));
  });

  test('one bad move among good ones: the moves before it are kept, the rest of the game dropped', () => {
    const r = record({ moves: ['e2e4', 'e7e5', 'e2e5', 'b8c6'], clocks: [1, 2, 3, 4], offer: 'w',
      ending: { kind: 'resign', color: 'b' }, clock: { remaining: { w: 1, b: 1 }, moves: { w: 2, b: 2 } } });
    const { record: fixed, problem } = salvageMoves(r);
    assert.deepEqual(fixed.moves, ['e2e4', 'e7e5']);
    assert.deepEqual(fixed.clocks, [1, 2]);
    assert.equal(fixed.offer, null);
    assert.equal(fixed.ending, null);
    assert.equal(fixed.clock, null);
    assert.match(problem, /^move 3 \(e2e5\) cannot be played: .+; the game is restored up to the move before it \(2 of 4 half-moves\)/);
    assert.deepEqual(r.moves, ['e2e4', 'e7e5', 'e2e5', 'b8c6'], 'the stored record itself is not changed');
  });

  test('a good record comes back whole; missing per-move clocks become null', () => {
    const { record: fixed, problem } = salvageMoves(record({ moves: ['e2e4', 'e7e5'], clocks: undefined }));
    assert.equal(problem, null);
    assert.deepEqual(fixed.moves, ['e2e4', 'e7e5']);
    assert.deepEqual(fixed.clocks, [null, null]);
  });

  test('a start position the rules refuse throws (the caller reports it)', () => {
    assert.throws(() => salvageMoves(record({ setup: { fen: 'not a fen' } })));
  });
});

describe('the engine\'s time limits', { timeout: 10_000 }, () => {
  test('the longest a search may take', () => {
    assert.equal(searchBound({ movetime: 1000 }), 1000);
    assert.equal(searchBound({ wtime: 300_000, btime: 240_000, winc: 0, binc: 0 }), 100_000);
    assert.equal(searchBound({ wtime: 60_000, btime: 60_000, winc: 2000, binc: 2000 }), 22_000);
    assert.equal(searchBound({ wtime: 10_000, btime: 9000, winc: 0, binc: 0, movestogo: 1 }), 9000);
    assert.equal(searchBound({ depth: 8 }), Infinity);
  });

  test('within: the answer, or an EngineFault after the time', async () => {
    assert.equal(await within(Promise.resolve(7), 1000, 'late'), 7);
    await assert.rejects(within(new Promise(() => {}), 20, 'no answer'), (e) => e instanceof EngineFault && e.message === 'no answer');
  });
});
