// escaque/compat/chess.js against the real chess.js 1.4.0 (npm devDependency),
// differentially: seeded random games played on both, every answer compared.
//
// Per ply: moves() (order included: the compat layer reproduces chess.js's
// generation order), the game-state predicates, fen(), turn(), moveNumber(),
// the Move returned by move() (played as SAN, as {from, to, promotion}, as
// chess.js's permissive "e2e4", or with its check mark stripped), and, on a
// sample of plies, moves({verbose: true}) (all fields, before/after FENs
// included), moves({square}) / moves({piece}), attackers(), undo() + replay.
// At the end of each game: history() (plain and verbose), pgn() (plain and
// wrapped), and loadPgn() of that PGN on both.
//
// chess.js costs about 1 ms per ply (8 ms with verbose moves), so npm test runs
// a sample sized to stay under a minute; ESCAQUE_COMPAT_GAMES=N runs more, e.g.
//   ESCAQUE_COMPAT_GAMES=3000 node --test tests/node/compat-chessjs.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as Reference from 'chess.js';
import * as Compat from '../../dist/compat/chess.mjs';
import { seededRandom } from './compat-helpers.mjs';

const GAMES = Number(process.env.ESCAQUE_COMPAT_GAMES ?? 40);
const ENDGAMES = Number(process.env.ESCAQUE_COMPAT_ENDGAMES ?? 150);

// A Move as plain data (own enumerable fields, undefined ones included), so
// that the two libraries' Move classes compare by content.
const plain = (m) => (m === null ? null : { ...m });
const PREDICATES = ['isCheck', 'inCheck', 'isCheckmate', 'isStalemate', 'isDraw', 'isInsufficientMaterial',
  'isThreefoldRepetition', 'isDrawByFiftyMoves', 'isGameOver', 'turn', 'moveNumber', 'fen'];

function compareState(ref, ours, where) {
  for (const p of PREDICATES) assert.equal(ours[p](), ref[p](), `${p}() at ${where}`);
}

// How the chosen move is handed to move(): all four must pick the same move.
function moveInput(verboseMove, rand) {
  const r = rand();
  if (r < 0.55) return verboseMove.san;
  if (r < 0.75) {
    const input = { from: verboseMove.from, to: verboseMove.to };
    if (verboseMove.promotion) input.promotion = verboseMove.promotion;
    return input;
  }
  if (r < 0.9) return verboseMove.lan;                   // permissive: "e2e4", "e7e8q"
  return verboseMove.san.replace(/[+#]$/, '');          // check mark left out
}

// Plays one random game on both libraries from `fen`, comparing as it goes.
function playBoth(fen, rand, { maxPlies, verboseRate }) {
  const ref = new Reference.Chess(fen);
  const ours = new Compat.Chess(fen);
  const where = () => ref.fen();
  compareState(ref, ours, where());
  let plies = 0;
  while (plies < maxPlies && !ref.isGameOver()) {
    const refMoves = ref.moves();
    assert.deepEqual(ours.moves(), refMoves, `moves() at ${where()}`);
    if (rand() < verboseRate) {
      assert.deepEqual(ours.moves({ verbose: true }).map(plain), ref.moves({ verbose: true }).map(plain),
        `moves({verbose: true}) at ${where()}`);
      const square = Reference.SQUARES[Math.floor(rand() * 64)];
      assert.deepEqual(ours.moves({ square, verbose: true }).map(plain),
        ref.moves({ square, verbose: true }).map(plain), `moves({square: ${square}}) at ${where()}`);
      const piece = 'pnbrqk'[Math.floor(rand() * 6)];
      assert.deepEqual(ours.moves({ piece }), ref.moves({ piece }), `moves({piece: ${piece}}) at ${where()}`);
      for (const color of ['w', 'b']) {
        assert.deepEqual(ours.attackers(square, color), ref.attackers(square, color), `attackers(${square}) at ${where()}`);
        assert.equal(ours.isAttacked(square, color), ref.isAttacked(square, color), `isAttacked(${square})`);
      }
    }
    // chess.js's verbose list costs ~8 ms: learn the chosen move's squares by playing it.
    const chosen = ref.move(refMoves[Math.floor(rand() * refMoves.length)]);
    ref.undo();
    const input = moveInput(chosen, rand);
    const before = where();
    const played = plain(ref.move(input));
    assert.deepEqual(plain(ours.move(input)), played, `move(${JSON.stringify(input)}) at ${before}`);
    assert.equal(played.lan, chosen.lan);
    plies++;
    compareState(ref, ours, where());
    if (rand() < 0.05) {
      // undo() returns the same Move and restores the same state; then replay.
      assert.deepEqual(plain(ours.undo()), plain(ref.undo()), `undo() at ${where()}`);
      compareState(ref, ours, where());
      ref.move(chosen.san);
      ours.move(chosen.san);
      compareState(ref, ours, where());
    }
  }
  assert.deepEqual(ours.history(), ref.history(), 'history()');
  if (rand() < verboseRate * 4) {
    assert.deepEqual(ours.history({ verbose: true }).map(plain), ref.history({ verbose: true }).map(plain),
      'history({verbose: true})');
  }
  assert.equal(ours.pgn(), ref.pgn(), 'pgn()');
  assert.equal(ours.pgn({ maxWidth: 40, newline: '\r\n' }), ref.pgn({ maxWidth: 40, newline: '\r\n' }),
    'pgn({maxWidth: 40})');
  return { ref, ours, plies };
}

test('random games from the start position agree with chess.js, ply by ply', (t) => {
  const rand = seededRandom(20260101);
  let plies = 0;
  const ends = new Map();
  for (let g = 0; g < GAMES; g++) {
    const { ref, ours, plies: n } = playBoth(Reference.DEFAULT_POSITION, rand, { maxPlies: 400, verboseRate: 0.02 });
    plies += n;
    const end = ref.isCheckmate() ? 'checkmate' : ref.isStalemate() ? 'stalemate'
      : ref.isInsufficientMaterial() ? 'insufficient' : ref.isThreefoldRepetition() ? 'threefold'
        : ref.isDrawByFiftyMoves() ? 'fifty' : 'cut';
    ends.set(end, (ends.get(end) ?? 0) + 1);
    if (g % 10 === 0) {
      // The PGN read back by each library gives the same game.
      const text = ref.pgn();
      const r2 = new Reference.Chess();
      const o2 = new Compat.Chess();
      r2.loadPgn(text);
      o2.loadPgn(text);
      assert.equal(o2.fen(), r2.fen());
      assert.deepEqual(o2.history(), r2.history());
      assert.equal(o2.isThreefoldRepetition(), r2.isThreefoldRepetition());
    }
  }
  t.diagnostic(`${GAMES} games, ${plies} plies; endings ${JSON.stringify(Object.fromEntries(ends))}`);
  // The sample must reach the endings the predicates are about.
  if (GAMES >= 40) {
    for (const end of ['checkmate', 'insufficient', 'threefold']) assert.ok(ends.get(end) > 0, `no game ended by ${end}`);
  }
  assert.ok(plies >= GAMES * 50, `only ${plies} plies`);
});

// Random sparse positions: promotions (and under-promotions), en passant,
// stalemates, bare kings and fifty-move endings come up far more often.
function randomEndgameFen(rand) {
  for (;;) {
    const board = new Array(64).fill(null);
    const place = (piece, rows = [0, 7]) => {
      for (;;) {
        const i = Math.floor(rand() * 64);
        const row = i >> 3;
        if (board[i] || row < rows[0] || row > rows[1]) continue;
        board[i] = piece;
        return;
      }
    };
    place('K');
    place('k');
    const extras = 1 + Math.floor(rand() * 5);
    for (let n = 0; n < extras; n++) {
      const p = 'PPPpppNBRQnbrq'[Math.floor(rand() * 14)];
      // Pawns anywhere they can stand: near promotion, or at home (double steps, en passant).
      place(p, p === 'P' || p === 'p' ? [1, 6] : [0, 7]);
    }
    let placement = '';
    for (let r = 0; r < 8; r++) {
      let empty = 0;
      for (let f = 0; f < 8; f++) {
        const p = board[r * 8 + f];
        if (p) { if (empty) placement += empty; empty = 0; placement += p; } else empty++;
      }
      if (empty) placement += empty;
      if (r < 7) placement += '/';
    }
    const turn = rand() < 0.5 ? 'w' : 'b';
    // Legal positions only: the side not to move must not be in check.
    const other = new Reference.Chess(`${placement} ${turn === 'w' ? 'b' : 'w'} - - 0 1`, { skipValidation: true });
    if (other.isCheck()) continue;
    return `${placement} ${turn} - - 0 1`;
  }
}

const EN_PASSANT_STARTS = [
  '4k3/8/8/8/1p1p1p1p/8/P1P1P1P1/4K3 w - - 0 1',
  '4k3/1p1p1p1p/8/P1P1P1P1/8/8/8/4K3 b - - 0 1',
  'r3k3/pp4pp/8/2P1P3/1p3p2/8/PP1P2PP/R3K2R b KQq - 0 1',
];

test('random endgames agree with chess.js (promotions, en passant, stalemate, material)', (t) => {
  const rand = seededRandom(777);
  const seen = { promotion: 0, underpromotion: 0, enPassant: 0, stalemate: 0, checkmate: 0, insufficient: 0 };
  for (let g = 0; g < ENDGAMES; g++) {
    // Every fifth game: pawns at home beside enemy pawns that can take en passant.
    const fen = g % 5 === 0 ? EN_PASSANT_STARTS[(g / 5) % EN_PASSANT_STARTS.length] : randomEndgameFen(rand);
    const { ref } = playBoth(fen, rand, { maxPlies: 60, verboseRate: 0.05 });
    for (const m of ref.history({ verbose: true })) {
      if (m.promotion) seen.promotion++;
      if (m.promotion && m.promotion !== 'q') seen.underpromotion++;
      if (m.isEnPassant()) seen.enPassant++;
    }
    if (ref.isStalemate()) seen.stalemate++;
    if (ref.isCheckmate()) seen.checkmate++;
    if (ref.isInsufficientMaterial()) seen.insufficient++;
  }
  t.diagnostic(`${ENDGAMES} endgames: ${JSON.stringify(seen)}`);
  if (ENDGAMES >= 100) for (const [what, n] of Object.entries(seen)) assert.ok(n > 0, `no ${what} in ${ENDGAMES} endgames`);
});

test('every ply of a few games compared with verbose moves and verbose history', () => {
  const rand = seededRandom(4242);
  for (let g = 0; g < 3; g++) {
    playBoth(Reference.DEFAULT_POSITION, rand, { maxPlies: 120, verboseRate: 1 });
  }
});

test('perft agrees with chess.js', () => {
  for (const [fen, depth] of [
    [Reference.DEFAULT_POSITION, 3],
    ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 2],
    ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 3],
  ]) {
    assert.equal(new Compat.Chess(fen).perft(depth), new Reference.Chess(fen).perft(depth), fen);
  }
});
