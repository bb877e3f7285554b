// escaque/compat/chess.js against chess.js 1.4.0 in the positions chess.js plays in and escaque's
// generator refuses: a side without its king (clear(), remove(), a FEN loaded with
// skipValidation), the side not to move in check. chess.js generates pseudo-legal moves for a
// side without a king and filters by its own king otherwise; the compat layer does the same
// (bindings/js/compat/chessjs-moves.mjs). Compared: moves (plain and verbose, per square and piece),
// every predicate, perft, and whole random games played from such positions (fen, history, pgn,
// undo) — plus put()/remove() clearing castling rights and en passant squares as chess.js does.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import * as Reference from 'chess.js';
import * as Compat from '../../dist/compat/chess.mjs';
import { normalize, outcome, seededRandom } from './compat-helpers.mjs';

const GAMES = Number(process.env.ESCAQUE_COMPAT_KINGLESS_GAMES ?? 60);
const PREDICATES = ['fen', 'turn', 'isCheck', 'inCheck', 'isCheckmate', 'isStalemate', 'isDraw',
  'isInsufficientMaterial', 'isThreefoldRepetition', 'isDrawByFiftyMoves', 'isGameOver', 'ascii', 'history', 'pgn'];

function compare(ref, ours, where) {
  for (const p of PREDICATES) assert.deepEqual(outcome(() => ours[p]()), outcome(() => ref[p]()), `${p}() ${where}`);
  assert.deepEqual(ours.moves(), ref.moves(), `moves() ${where}`);
  assert.deepEqual(normalize(ours.moves({ verbose: true })), normalize(ref.moves({ verbose: true })), `verbose moves ${where}`);
  assert.deepEqual(normalize(ours.history({ verbose: true })), normalize(ref.history({ verbose: true })), `history ${where}`);
  for (const color of ['w', 'b']) assert.deepEqual(ours.getCastlingRights(color), ref.getCastlingRights(color), where);
}

const both = (fen, options) => [new Reference.Chess(fen, options), new Compat.Chess(fen, options)];
const SKIP = { skipValidation: true };

describe('fixed positions', () => {
  const POSITIONS = [
    ['no kings at all', '8/8/8/3q4/8/8/3P4/8 w - - 0 1'],
    ['no kings, pawns on both sides, black to move', '8/pp6/8/8/8/8/PP6/8 b - - 0 1'],
    ['white king missing: every pseudo-legal move', '4k3/8/8/8/3r4/8/3R4/8 w - - 0 1'],
    ['white king missing, black to move: black filters by its king', '4k3/8/8/8/3r4/8/3R4/8 b - - 0 1'],
    ['black king missing: white filters by its own king (pins hold)', '8/8/8/8/8/2b5/3N4/4K3 w - - 0 1'],
    ['black king missing, white has mate-like checks nowhere', 'r7/8/8/8/8/8/8/4K3 w - - 0 1'],
    ['the side not to move in check (white to move, black in check)', '4k3/8/8/8/8/8/4R3/4K3 w - - 0 1'],
    ['the side not to move in check, with a capture of the king', '4k3/4R3/8/8/8/8/8/4K3 w - - 0 1'],
    ['both in check', '4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1'],
    ['no white king, castling rights kept by the FEN', 'r3k2r/8/8/8/8/8/8/R6R b kq - 0 1'],
    ['no black king, en passant square', '8/8/8/3pP3/8/8/8/4K3 w - d6 0 1'],
    ['only a black king: white has no move at all', '4k3/8/8/8/8/8/8/8 w - - 0 1'],
    ['only pawns about to promote, no kings', '8/P7/8/8/8/8/7p/8 w - - 0 1'],
  ];
  for (const [name, fen] of POSITIONS) {
    test(name, () => {
      const [ref, ours] = both(fen, SKIP);
      compare(ref, ours, `in ${fen}`);
      for (const square of ['d2', 'd5', 'e1', 'a7', 'e2']) {
        assert.deepEqual(ours.moves({ square }), ref.moves({ square }), `moves({square: ${square}})`);
      }
      for (const piece of ['p', 'r', 'k', 'q']) assert.deepEqual(ours.moves({ piece }), ref.moves({ piece }), piece);
      for (const depth of [1, 2, 3]) assert.equal(ours.perft(depth), ref.perft(depth), `perft(${depth}) in ${fen}`);
      for (const square of ['e1', 'e8', 'd4', 'a1']) {
        for (const color of ['w', 'b']) {
          assert.deepEqual(ours.attackers(square, color), ref.attackers(square, color));
          assert.equal(ours.isAttacked(square, color), ref.isAttacked(square, color));
        }
      }
      // Every listed move plays the same (SAN, then the object form), and undo restores.
      for (const san of ref.moves()) {
        const [r, o] = both(fen, SKIP);
        assert.deepEqual(normalize(o.move(san)), normalize(r.move(san)), `${san} in ${fen}`);
        compare(r, o, `after ${san} from ${fen}`);
        assert.deepEqual(normalize(o.undo()), normalize(r.undo()));
        assert.equal(o.fen(), r.fen());
      }
    });
  }

  test('kings put back: the game goes on through escaque again', () => {
    const [ref, ours] = both('8/8/8/3q4/8/8/3P4/8 w - - 0 1', SKIP);
    for (const c of [ref, ours]) { c.put({ type: 'k', color: 'w' }, 'e1'); c.put({ type: 'k', color: 'b' }, 'e8'); }
    compare(ref, ours, 'after putting both kings back');
  });
});

describe('editing to and from positions without kings, as chess.js edits', () => {
  test('clear(), then put() piece by piece: moves after each edit', () => {
    const [ref, ours] = both();
    ref.clear(); ours.clear();
    compare(ref, ours, 'after clear()');
    for (const [piece, square] of [[{ type: 'p', color: 'w' }, 'e2'], [{ type: 'n', color: 'b' }, 'd4'],
      [{ type: 'k', color: 'b' }, 'e8'], [{ type: 'r', color: 'w' }, 'h1'], [{ type: 'k', color: 'w' }, 'e1'],
      [{ type: 'q', color: 'b' }, 'e7']]) {
      assert.equal(ours.put(piece, square), ref.put(piece, square));
      compare(ref, ours, `after put(${piece.type}${piece.color}, ${square})`);
    }
  });

  test('remove() of a king mid-game, then moves, undo, history and pgn', () => {
    const [ref, ours] = both();
    for (const m of ['e4', 'e5', 'Nf3', 'Nc6']) { ref.move(m); ours.move(m); }
    assert.deepEqual(ours.remove('e8'), ref.remove('e8'));
    compare(ref, ours, 'after remove(e8)');
    for (const m of ['Bc4', 'Nd4', 'Nxd4']) {
      assert.deepEqual(normalize(ours.move(m)), normalize(ref.move(m)), m);
      compare(ref, ours, `after ${m}`);
    }
    for (let i = 0; i < 3; i++) {
      assert.deepEqual(normalize(ours.undo()), normalize(ref.undo()));
      compare(ref, ours, `after undo ${i + 1}`);
    }
  });

  test('put()/remove() clear castling rights and the en passant square as chess.js does', () => {
    const [ref, ours] = both('r3k2r/8/8/8/4Pp2/8/8/R3K2R b KQkq e3 0 1');
    compare(ref, ours, 'loaded');
    const edits = [(c) => c.remove('a1'), (c) => c.put({ type: 'n', color: 'w' }, 'b1'), (c) => c.remove('h8'),
      (c) => c.put({ type: 'r', color: 'b' }, 'h8'), (c) => c.remove('e1'), (c) => c.put({ type: 'k', color: 'w' }, 'e1')];
    for (const [i, edit] of edits.entries()) {
      assert.deepEqual(outcome(() => edit(ours)), outcome(() => edit(ref)), `edit ${i}`);
      compare(ref, ours, `after edit ${i}`);
    }
    // The en passant square goes with the first edit, even an unrelated one (chess.js 1.4.0).
    const [r2, o2] = both('4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1');
    r2.put({ type: 'n', color: 'w' }, 'a1'); o2.put({ type: 'n', color: 'w' }, 'a1');
    compare(r2, o2, 'after an unrelated put');
    assert.ok(!o2.moves().includes('fxe3'));
  });
});

// A random position with up to two kings (each side's kept or dropped by chance), a few pieces and
// pawns (never on the first or last rank, where chess.js throws a TypeError), either side to move.
function randomPosition(rand) {
  const board = new Array(64).fill(null);
  const free = () => { for (;;) { const i = Math.floor(rand() * 64); if (!board[i]) return i; } };
  if (rand() < 0.6) board[free()] = 'K';
  if (rand() < 0.6) board[free()] = 'k';
  const count = 2 + Math.floor(rand() * 7);
  for (let n = 0; n < count; n++) {
    const letter = 'PNBRQpnbrq'[Math.floor(rand() * 10)];
    let i = free();
    if (/p/i.test(letter) && (i < 8 || i >= 56)) i = 8 + (i % 48);
    if (!board[i]) board[i] = letter;
  }
  let placement = '';
  for (let r = 0; r < 8; r++) {
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = board[r * 8 + f];
      if (!p) { empty++; continue; }
      if (empty) placement += empty;
      placement += p;
      empty = 0;
    }
    if (empty) placement += empty;
    if (r < 7) placement += '/';
  }
  return `${placement} ${rand() < 0.5 ? 'w' : 'b'} - - 0 1`;
}

test(`random positions chess.js plays in and escaque refuses: ${GAMES} games compared ply by ply`, { timeout: 300_000 }, () => {
  const rand = seededRandom(0x6b1e55);
  let refused = 0;
  let plies = 0;
  for (let g = 0; g < GAMES; g++) {
    const fen = randomPosition(rand);
    const [ref, ours] = both(fen, SKIP);
    const placement = fen.split(' ')[0];
    const kingless = placement.split('K').length !== 2 || placement.split('k').length !== 2;
    if (kingless) refused++;
    compare(ref, ours, `in ${fen}`);
    assert.equal(ours.perft(2), ref.perft(2), `perft(2) in ${fen}`);
    for (let ply = 0; ply < 12; ply++) {
      const moves = ref.moves();
      // chess.js fails on a pawn that reached its last rank without promoting (none can here:
      // promotions always come with a piece); stop where a side has nothing to play.
      if (moves.length === 0) break;
      const san = moves[Math.floor(rand() * moves.length)];
      const input = rand() < 0.3 ? (() => { const v = ref.moves({ verbose: true }).find((m) => m.san === san); return { from: v.from, to: v.to, promotion: v.promotion }; })() : san;
      assert.deepEqual(normalize(ours.move(input)), normalize(ref.move(input)), `${san} in game ${g} (${fen})`);
      plies++;
      compare(ref, ours, `after ${san} in game ${g} (${fen})`);
      if (rand() < 0.1) {
        assert.deepEqual(normalize(ours.undo()), normalize(ref.undo()));
        compare(ref, ours, `after undo in game ${g}`);
      }
    }
    assert.equal(ours.pgn({ maxWidth: 40 }), ref.pgn({ maxWidth: 40 }));
  }
  assert.ok(GAMES === 0 || refused > GAMES / 3, `${refused} of ${GAMES} games started without a king`);
  assert.ok(GAMES === 0 || plies > GAMES * 4, `${plies} plies`);
});
