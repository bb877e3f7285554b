// Memory of the package API: playing and taking back moves leaks nothing, and
// games are freed both by dispose() and, when simply dropped, by the
// FinalizationRegistry safety net. Watched through malloc's own count of bytes
// in use (a private export) and the size of the WebAssembly memory.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { Chess, Position, _heapInUse, _heapSize, init } from '../../dist/index.mjs';

// A garbage collector we can call without starting Node with --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

// Finalization callbacks run in later tasks, after the collection.
async function collect() {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

before(() => init());

// A few positions with different kinds of moves: quiet, captures, castling, e.p., promotions.
const MEMORY_FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
];

// 1,000,000 moves through Position (the loop API: move ids, play/undo, SAN, status queries), and
// 100,000 through Chess, whose every capture or pawn move also runs the automatic dead-position
// analysis (0.05-0.25 ms a move): a million of those would take two minutes of `npm test`.
test('1,000,000 moves played and taken back through Position leave the heap as it was', () => {
  const positions = MEMORY_FENS.map((fen) => Position.fromFen(fen));
  const idLists = positions.map((p) => p.moveIds());
  const fensBefore = positions.map((p) => p.fen());
  const play = (round) => {
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i];
      const ids = idLists[i];
      const id = ids[round % ids.length];
      p.san(id);
      p.play(id);
      p.isCheckmate();
      p.moveIds();
      p.undo();
    }
  };
  // Warm up: every move once, so that caches (interned SAN strings, move objects) reach their size.
  for (let round = 0; round < 64; round++) play(round);
  const inUse = _heapInUse();
  const size = _heapSize();
  for (let round = 0; round < 250_000; round++) play(round);  // 4 positions: 1,000,000 moves
  assert.equal(_heapInUse(), inUse, 'bytes in use by malloc changed');
  assert.equal(_heapSize(), size, 'the WebAssembly memory grew');
  assert.deepEqual(positions.map((p) => p.fen()), fensBefore);
  positions.forEach((p) => p.dispose());
});

test('100,000 moves played and taken back through Chess leave the heap as it was', () => {
  const games = MEMORY_FENS.map((fen) => Chess.fromFen(fen));
  const moveLists = games.map((g) => g.movesUci());
  const fensBefore = games.map((g) => g.fen());
  // Warm up: one full round, so the history vectors reach their capacity and
  // the dead-position search's per-thread scratch (bounded, reused) its size.
  games.forEach((g, i) => moveLists[i].forEach((uci) => { g.move(uci); g.undo(); }));
  const inUse = _heapInUse();
  const size = _heapSize();
  let played = 0;
  for (let round = 0; played < 100_000; round++) {
    for (let i = 0; i < games.length; i++) {
      const moves = moveLists[i];
      const uci = moves[round % moves.length];
      assert.equal(games[i].move(uci).uci, uci);
      games[i].undo();
      played++;
    }
  }
  assert.equal(_heapInUse(), inUse, 'bytes in use by malloc changed');
  assert.equal(_heapSize(), size, 'the WebAssembly memory grew');
  assert.deepEqual(games.map((g) => g.fen()), fensBefore);
  assert.deepEqual(games.map((g) => g.history()), [[], [], [], []]);
  games.forEach((g) => g.dispose());
});

test('100,000 games, half disposed and half dropped, are all freed', async () => {
  // Warm up the same kinds of games once (the bounded analysis scratch reaches its size).
  for (let i = 0; i < 960; i++) Chess.chess960(i).move('e4');
  await collect();
  const inUse = _heapInUse();
  const size = _heapSize();
  for (let batch = 0; batch < 10; batch++) {
    for (let i = 0; i < 10_000; i++) {
      const g = i % 3 === 0 ? Chess.chess960(i % 960) : new Chess();
      g.move('e4');
      if (i % 2 === 0) g.dispose();  // the others are dropped: the registry frees them
    }
    await collect();
  }
  await collect();
  // A few hundred bytes of slack: embind's own bookkeeping, never per game (a game is ~600 bytes).
  assert.ok(_heapInUse() - inUse < 4096,
    `bytes in use grew from ${inUse} to ${_heapInUse()}: dropped games were not freed`);
  assert.ok(_heapSize() <= size + 16 * 1024 * 1024, `the WebAssembly memory grew from ${size} to ${_heapSize()}`);
});
