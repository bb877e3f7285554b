// Games parked in JavaScript (bindings/js/api.mjs, LIVE_GAMES; bindings/embind/game_park.cpp): only the
// most recent games hold WebAssembly memory; an older one is copied into bytes and freed, and made
// live again by its next call. Nothing a user can see may change across that, and games dropped
// without dispose(), even inside one synchronous loop, must not grow memory.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import {
  Chess, DisposedError, Setup, _LIVE_GAMES, _heapInUse, _heapSize, _parkedSize, init,
} from '../../dist/index.mjs';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

before(() => init());

// Makes enough other games live that every game made before is parked.
function parkAll() {
  for (let i = 0; i < _LIVE_GAMES; i++) new Chess();
}

// Everything a user can read of a game, without changing it.
function view(g) {
  return {
    fen: g.fen(), turn: g.turn(), history: g.history({ verbose: true }), moves: g.movesUci(),
    outcome: g.outcome(), over: g.isGameOver(), check: g.inCheck(), repetitions: g.repetitionCount(),
    drawOffer: g.drawOffer(), canClaim: g.canClaimDraw(), headers: g.headers(), pgn: g.pgn(),
    chess960: g.isChess960(), warnings: g.importWarnings(), dead: g.isDeadPosition(), ascii: g.ascii(),
  };
}

const PGN = `[Event "Parking test"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Termination "time forfeit"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 1-0`;

// Games with every kind of state: moves and an undone move (redo list), a standing draw offer,
// tags and a result from a PGN file, a resignation, repetitions, Chess960, an edited position.
function richGames() {
  const played = new Chess();
  for (const m of ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6']) played.move(m);
  played.undo(); played.undo();
  played.offerDraw('w');
  const fromPgn = Chess.fromPgn(PGN);
  const resigned = new Chess();
  resigned.move('f4'); resigned.resign('b');
  const repeated = new Chess();
  for (let i = 0; i < 2; i++) for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8']) repeated.move(m);
  const fischer = Chess.chess960(0);
  fischer.move(fischer.movesUci()[3]);
  const setup = Setup.fromFen('8/8/8/4k3/8/8/4P3/4K3 w - - 0 1');
  const edited = Chess.fromSetup(setup);
  edited.move('e4');
  return { played, fromPgn, resigned, repeated, fischer, edited };
}

test('a parked game reads and plays exactly as before, then as a game never parked would', () => {
  const games = richGames();
  const twins = richGames();  // the same games, kept live (used after each parking below)
  const before = Object.fromEntries(Object.entries(games).map(([k, g]) => [k, view(g)]));
  parkAll();
  for (const [name, g] of Object.entries(games)) {
    assert.ok(_parkedSize(g) > 0, `${name} was parked`);
  }
  for (const [name, g] of Object.entries(games)) {
    assert.deepEqual(view(g), before[name], `${name} after parking`);
    assert.equal(_parkedSize(g), 0, `${name} is live again`);
  }
  // Their undo/redo lists, offers and outcomes carry on as a never-parked game's.
  parkAll();
  assert.equal(games.played.redo().san, twins.played.redo().san);
  parkAll();
  assert.equal(games.played.redo().san, twins.played.redo().san);
  assert.equal(games.played.redo(), null);
  assert.equal(games.played.drawOffer(), null);  // black's move rejected white's offer, as in the twin
  assert.equal(twins.played.drawOffer(), null);
  games.played.offerDraw('w'); twins.played.offerDraw('w');
  parkAll();
  games.played.acceptDraw(); twins.played.acceptDraw();
  parkAll();
  assert.deepEqual(games.played.outcome(), twins.played.outcome());
  parkAll();
  assert.deepEqual(games.repeated.claimDraw(), twins.repeated.claimDraw());
  parkAll();
  assert.deepEqual(games.resigned.undo(), twins.resigned.undo());
  assert.deepEqual(view(games.resigned), view(twins.resigned));
  parkAll();
  assert.equal(games.fromPgn.clone().pgn(), twins.fromPgn.pgn());
  for (const name of Object.keys(games)) assert.deepEqual(view(games[name]), view(twins[name]), name);
});

test('a parked game can be disposed, and then refuses every call', () => {
  const g = new Chess();
  g.move('d4');
  parkAll();
  assert.ok(_parkedSize(g) > 0);
  assert.equal(g.disposed, false);
  g.dispose();
  assert.equal(g.disposed, true);
  assert.throws(() => g.fen(), DisposedError);
  assert.throws(() => g.move('d5'), DisposedError);
  g.dispose();  // idempotent
  // A live game disposed leaves its slot to no one: parking the others later is unaffected.
  const live = new Chess();
  live.dispose();
  parkAll();
  assert.throws(() => live.history(), DisposedError);
});

test('100,000 games made and dropped in one synchronous loop, never disposed: memory stays flat', () => {
  // Knight moves: a pawn move would run the dead-position analysis (issue 13's speed bar), which
  // would make this loop take a minute without changing what it measures.
  const round = (n) => {
    for (let i = 0; i < n; i++) {
      const g = new Chess();
      g.move('Nc3');
      g.move(i % 2 ? 'Nf6' : 'Nc6');
    }
  };
  round(2 * _LIVE_GAMES);  // warm: the live games' and the parking buffer's sizes reached
  gc();
  const wasm = _heapSize();
  const inUse = _heapInUse();
  const js = process.memoryUsage().heapUsed;
  round(100_000);
  gc();
  const grown = { wasm: _heapSize() - wasm, malloc: _heapInUse() - inUse, js: process.memoryUsage().heapUsed - js };
  assert.equal(grown.wasm, 0, `the WebAssembly memory grew: ${JSON.stringify(grown)}`);
  assert.ok(grown.malloc < 64 * 1024, `bytes in use by malloc grew: ${JSON.stringify(grown)}`);
  assert.ok(grown.js < 1024 * 1024, `the JS heap grew: ${JSON.stringify(grown)}`);
});

// Random play on more games than stay live, so that nearly every call revives a parked game and
// parks another: each game's last view, taken right after its last change, must still be what it
// reads at the end, and every refusal must be the same error the live game would give.
test('random moves, take-backs, offers and endings on 100 games in turn read the same after parking', () => {
  let seed = 7;
  const random = (n) => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n; };
  const games = Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? Chess.chess960(i * 7) : new Chess()));
  const last = games.map(view);
  for (let step = 0; step < 1500; step++) {
    const i = random(games.length);
    const g = games[i];
    assert.deepEqual(view(g), last[i], `game ${i} at step ${step}`);  // most often just revived
    const op = random(20);
    try {
      if (op < 14) {
        const moves = g.movesUci();
        if (moves.length) g.move(moves[random(moves.length)]);
      } else if (op < 16) g.undo();
      else if (op < 17) g.redo();
      else if (op < 18) g.offerDraw(g.turn());
      else if (op < 19) g.claimDraw();
      else if (random(10) === 0) g.resign(g.turn());
    } catch (e) {
      assert.ok(e.name !== 'DisposedError' && e.code !== 'INTERNAL', `${e.name}: ${e.message}`);
    }
    last[i] = view(g);
  }
  parkAll();
  games.forEach((g, i) => assert.deepEqual(view(g), last[i], `game ${i}`));
});
