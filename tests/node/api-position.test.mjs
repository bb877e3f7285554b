// The Position class (a board with its own move stack, no game rules) and the
// hot paths of Chess that bypass embind: results must be exactly those of the
// embind path and of the rules, refusals must leave everything unchanged.
// Perft counts are the published values (chessprogramming.org "Perft Results").
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import {
  Chess, DisposedError, EscaqueError, IllegalMoveError, InvalidArgumentError, InvalidFenError, Position, init,
} from '../../dist/index.mjs';
import { FENS } from './helpers.mjs';

before(() => init());

const C960 = 'bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1';

function throwsCode(fn, Class, code, pattern) {
  let caught;
  assert.throws(fn, (e) => { caught = e; return true; });
  assert.ok(caught instanceof Class, `expected ${Class.name}, got ${caught?.name}: ${caught?.message}`);
  assert.ok(caught instanceof EscaqueError);
  assert.equal(caught.code, code);
  if (pattern) assert.match(caught.message, pattern);
  return caught;
}

// Legal-move list per node, play + undo of every move (leaves included).
function perft(pos, depth) {
  const ids = pos.moveIds();
  if (depth === 1) {
    for (const id of ids) { pos.play(id); assert.equal(pos.undo(), true); }
    return ids.length;
  }
  let nodes = 0;
  for (const id of ids) {
    pos.play(id);
    nodes += perft(pos, depth - 1);
    pos.undo();
  }
  return nodes;
}

describe('Position', () => {
  test('perft through the public API matches the published counts', () => {
    const cases = [
      [FENS.start, 4, 197281],
      ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 3, 97862],
      ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 5, 674624],
      ['r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 3, 9467],
      ['rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', 3, 62379],
    ];
    for (const [fen, depth, nodes] of cases) {
      const pos = Position.fromFen(fen);
      assert.equal(perft(pos, depth), nodes, `${fen} d${depth}`);
      assert.equal(pos.fen(), fen, 'every move taken back');
      assert.equal(pos.plies(), 0);
      pos.dispose();
    }
  });

  test('Chess960 perft (castling king takes rook) and UCI as in UCI_Chess960', () => {
    // From tests/data/perft.epd (Stockfish 15.1): d3 = 10 238. O-O is king f1 takes rook g1, and the
    // king lands on g1: the UCI text f1g1 is also what a king step would write.
    const pos = Position.fromFen(C960, { chess960: true });
    assert.equal(pos.isChess960(), true);
    assert.equal(perft(pos, 3), 10238);
    assert.ok(pos.movesUci().includes('f1g1'), 'O-O written king takes rook');
    assert.equal(pos.san('f1g1'), 'O-O');
    pos.play('O-O');
    assert.equal(pos.fen(), 'bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRRKB b kq - 1 1');
  });

  test('moves: ids, UCI and SAN agree with Chess', () => {
    for (const fen of [FENS.start, FENS.kiwipete, FENS.enPassant, FENS.promotions]) {
      const pos = Position.fromFen(fen);
      const game = Chess.fromFen(fen);
      // Position lists in UCI order, Chess in generation order: the same moves.
      assert.deepEqual(pos.movesUci(), [...game.movesUci()].sort());
      assert.deepEqual(pos.moveIds().map((id) => pos.uci(id)), pos.movesUci());
      const sanOf = new Map(game.moves().map((m) => [m.uci, m.san]));
      assert.deepEqual(pos.movesUci().map((u) => pos.san(u)), pos.movesUci().map((u) => sanOf.get(u)));
      assert.deepEqual(pos.moveIds().map((id) => pos.san(id)), pos.movesUci().map((u) => sanOf.get(u)));
    }
  });

  test('play by id, UCI or SAN; undo restores; turn, check, clock', () => {
    const pos = new Position();
    assert.equal(pos.turn(), 'w');
    pos.play('e2e4');
    pos.play('e5');
    pos.play(pos.moveIds()[pos.movesUci().indexOf('g1f3')]);
    assert.equal(pos.fen(), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
    assert.equal(pos.halfMoveClock(), 1);
    assert.equal(pos.turn(), 'b');
    assert.equal(pos.plies(), 3);
    assert.equal(pos.undo(), true);
    assert.equal(pos.undo(), true);
    assert.equal(pos.undo(), true);
    assert.equal(pos.undo(), false);
    assert.equal(pos.fen(), FENS.start);
  });

  test('key(): equal exactly for the same position (pieces, side, castling, legal e.p.)', () => {
    const byOrder = (moves) => { const p = new Position(); for (const m of moves) p.play(m); return p; };
    // Transposition: same position, different move order and move number.
    assert.equal(byOrder(['Nf3', 'Nf6', 'd4']).key(), byOrder(['d4', 'Nf6', 'Nf3']).key());
    // Knights out and back: the start position again, key equal despite the clocks.
    assert.equal(byOrder(['Nf3', 'Nf6', 'Ng1', 'Ng8']).key(), new Position().key());
    assert.equal(byOrder(['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nc3']).key(), byOrder(['Nc3']).key());
    // Same pieces, other side to move.
    assert.notEqual(Position.fromFen('4k3/8/8/8/8/8/8/4K2R w - - 0 1').key(),
      Position.fromFen('4k3/8/8/8/8/8/8/4K2R b - - 0 1').key());
    // Castling rights lost by a king walk: same pieces, not the same position.
    assert.notEqual(byOrder(['e4', 'e5', 'Ke2', 'Ke7', 'Ke1', 'Ke8']).key(), byOrder(['e4', 'e5']).key());
    // En passant: only when a capture is legal. After e2e4 with no black pawn able to take, the key
    // equals the one without e.p.; with a pawn on d4 able to take, it differs.
    assert.equal(Position.fromFen('4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1').key(),
      Position.fromFen('4k3/8/8/8/4P3/8/8/4K3 b - - 0 1').key());
    assert.notEqual(Position.fromFen('4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1').key(),
      Position.fromFen('4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1').key());
    // Every piece type and colour on every square gives a distinct key.
    const keys = new Set();
    for (let sq = 0; sq < 64; sq++) {
      for (const piece of 'PNBRQpnbrq') {
        const rows = Array.from({ length: 8 }, () => Array(8).fill('1'));
        rows[7 - (sq >> 3)][sq & 7] = piece;
        if (sq === 0 || sq === 63) continue;  // the kings' squares
        rows[7][0] = 'k';
        rows[0][7] = 'K';
        const fen = rows.map((r) => r.join('')).join('/') + ' w - - 0 1';
        let pos;
        try { pos = Position.fromFen(fen); } catch { continue; }  // pawns on back ranks, checks
        keys.add(pos.key());
        pos.dispose();
      }
    }
    assert.ok(keys.size > 500, `${keys.size} distinct keys`);
  });

  test('mate, stalemate, insufficient material', () => {
    const mate = new Position();
    for (const m of ['f3', 'e5', 'g4', 'Qh4']) mate.play(m);
    assert.deepEqual([mate.inCheck(), mate.isCheckmate(), mate.isStalemate()], [true, true, false]);
    assert.deepEqual(mate.movesUci(), []);
    const stale = Position.fromFen('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
    assert.deepEqual([stale.inCheck(), stale.isCheckmate(), stale.isStalemate()], [false, false, true]);
    assert.equal(Position.fromFen('8/8/4k3/8/8/3NK3/8/8 w - - 0 1').isInsufficientMaterial(), true);
    assert.equal(Position.fromFen('8/8/4k3/8/8/3RK3/8/8 w - - 0 1').isInsufficientMaterial(), false);
  });

  test('refusals: IllegalMoveError, InvalidArgumentError, InvalidFenError; nothing changes', () => {
    const pos = new Position();
    pos.play('e4');
    const before = [pos.fen(), pos.plies(), pos.movesUci()];
    throwsCode(() => pos.play('e2e4'), IllegalMoveError, 'ILLEGAL_MOVE', /not a legal move in rnbqkbnr/);
    throwsCode(() => pos.play('Nf6x'), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.play(0), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.play(70000), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.play(-1), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.play('x'.repeat(100000)), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.san('e2e4'), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.play(1.5), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => pos.play({ from: 'e7', to: 'e5' }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => pos.uci(-3), InvalidArgumentError, 'INVALID_ARGUMENT');
    assert.deepEqual([pos.fen(), pos.plies(), pos.movesUci()], before);
    const e = throwsCode(() => Position.fromFen('8/8/8 w - - 0 1'), InvalidFenError, 'INVALID_FEN');
    assert.equal(typeof e.offset, 'number');
    throwsCode(() => Position.fromFen(FENS.start, { chess960: 'yes' }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => new Position(42), InvalidArgumentError, 'INVALID_ARGUMENT');
  });

  test('clone is independent; dispose frees; later calls throw DisposedError', () => {
    const pos = new Position();
    pos.play('d4');
    const copy = pos.clone();
    copy.play('d5');
    assert.equal(pos.plies(), 1);
    assert.equal(copy.plies(), 2);
    assert.equal(copy.undo(), true);
    assert.equal(copy.fen(), pos.fen());
    pos.dispose();
    pos.dispose();
    assert.equal(pos.disposed, true);
    throwsCode(() => pos.movesUci(), DisposedError, 'DISPOSED');
    throwsCode(() => pos.play('d5'), DisposedError, 'DISPOSED');
    throwsCode(() => pos.fen(), DisposedError, 'DISPOSED');
    copy[Symbol.dispose]();
    assert.equal(copy.disposed, true);
  });

  test('long games: the move stack and the list cache stay right past their depth', () => {
    // 400 plies of knights shuffling, then all taken back: every list must be regenerated correctly.
    const pos = new Position();
    const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
    const expected = [];  // the lists met on the way, checked against a fresh position's
    for (let i = 0; i < 400; i++) {
      expected.push(pos.movesUci());
      pos.play(cycle[i % 4]);
      assert.deepEqual(pos.movesUci(), Position.fromFen(pos.fen()).movesUci());
    }
    for (let i = 399; i >= 0; i--) {
      assert.equal(pos.undo(), true);
      assert.deepEqual(pos.movesUci(), expected[i]);
    }
    assert.equal(pos.fen(), FENS.start);
  });
});

describe('Chess hot paths agree with the rules', () => {
  test('random games: move/undo/redo/moves through the fast path replay exactly', () => {
    let seed = 7;
    const rand = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed % n; };
    for (let g = 0; g < 20; g++) {
      const game = new Chess();
      const pos = new Position();
      const sans = [];
      while (!game.isGameOver() && sans.length < 200) {
        const ucis = game.movesUci();
        assert.deepEqual([...ucis].sort(), pos.movesUci());
        const uci = ucis[rand(ucis.length)];
        const expectSan = pos.san(uci);
        const played = game.move(uci);
        pos.play(uci);
        assert.equal(played.san, expectSan);
        assert.equal(played.uci, uci);
        sans.push(played.san);
        assert.equal(game.fen(), pos.fen());
        assert.equal(game.inCheck(), pos.inCheck());
        assert.equal(game.turn(), pos.turn());
      }
      assert.deepEqual(game.history(), sans);
      // Take everything back and replay it with redo.
      const finalFen = game.fen();
      const undone = [];
      for (let m = game.undo(); m; m = game.undo()) undone.push(m.san);
      assert.deepEqual(undone.reverse(), sans);
      assert.equal(game.fen(), FENS.start);
      for (let i = 0; i < sans.length; i++) assert.equal(game.redo().san, sans[i]);
      assert.equal(game.fen(), finalFen);
    }
  });

  test('move objects from the fast path carry every field', () => {
    const castle = Chess.fromFen(FENS.kiwipete).move('e1c1');
    assert.deepEqual({ ...castle }, {
      from: 'e1', to: 'c1', color: 'w', piece: 'k', rookFrom: 'a1', san: 'O-O-O', uci: 'e1c1',
      flags: { capture: false, enPassant: false, castle: 'queen', promotion: false, check: false, checkmate: false },
    });
    assert.equal(Object.keys(castle).includes('id'), false);
    const promo = Chess.fromFen(FENS.promotions).move('g2h1q');
    assert.deepEqual([promo.promotion, promo.captured, promo.san, promo.uci], ['q', 'n', 'gxh1=Q', 'g2h1q']);
    const fig = new Chess().move('♘f3', { language: 'figurine' });
    assert.equal(fig.san, 'Nf3');
    const de = new Chess().moves({ language: 'figurine' }).find((m) => m.uci === 'g1f3');
    assert.equal(de.san, '♘f3');
    // A Chess960 game: king takes rook in UCI, the king's destination in `to`, by SAN and by UCI.
    const oo = Chess.fromFen(C960, { chess960: true }).move('O-O');
    assert.deepEqual([oo.from, oo.to, oo.rookFrom, oo.uci, oo.flags.castle], ['f1', 'g1', 'g1', 'f1g1', 'king']);
    const byUci = Chess.fromFen(C960, { chess960: true }).move('f1g1');
    assert.deepEqual({ ...byUci }, { ...oo });
  });

  test('refused moves on the fast path fall back to the full error, game unchanged', () => {
    const g = new Chess();
    const fen = g.fen();
    // The same error as before the fast path existed: the core's reason, by code and message.
    throwsCode(() => g.move('e2e5'), IllegalMoveError, 'NO_SUCH_PIECE',
      /^e2e5: no white pawn on e2 can move to e5$/);
    throwsCode(() => g.move('e4', { language: 'klingon' }), InvalidArgumentError, 'INVALID_ARGUMENT');
    assert.equal(g.fen(), fen);
    assert.deepEqual(g.history(), []);
  });
});
