// escaque/compat/chess.js method by method against chess.js 1.4.0: every public
// method, its argument forms and its exceptions (same situations throw, same
// messages), run on both libraries and compared. The documented differences
// (docs/api.md, "chess.js compatibility") have tests of their own at the end.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import * as Reference from 'chess.js';
import * as Compat from '../../dist/compat/chess.mjs';
import { normalize, outcome } from './compat-helpers.mjs';

// Runs `act` on a game of each library built by `build` (default: new Chess());
// both must return equal values or throw equal messages. Returns the outcome.
// (After an error, loadPgn() is atomic in the compat layer and leaves chess.js
// half loaded: `atomic` skips the state comparison then.)
function same(act, build = (M) => new M.Chess(), what = act.toString(), { atomic = false } = {}) {
  const built = outcome(() => build(Reference));
  if (built.error !== undefined) {
    // The set-up itself throws: it must throw the same on ours.
    assert.deepEqual(outcome(() => build(Compat)), built, `set-up of ${what}`);
    return built;
  }
  const ref = build(Reference);
  const ours = build(Compat);
  const expected = outcome(() => act(ref, Reference));
  const actual = outcome(() => act(ours, Compat));
  assert.deepEqual(actual, expected, what);
  if (atomic && expected.error !== undefined) return expected;
  // And the state afterwards is the same.
  assert.equal(ours.fen(), ref.fen(), `fen() after ${what}`);
  assert.deepEqual(ours.getHeaders(), ref.getHeaders(), `getHeaders() after ${what}`);
  return expected;
}

const fromFen = (fen, options) => (M) => new M.Chess(fen, options);
const afterMoves = (moves, fen) => (M) => {
  const c = fen ? new M.Chess(fen) : new M.Chess();
  for (const m of moves) c.move(m);
  return c;
};

describe('exports', () => {
  test('constants are chess.js\'s', () => {
    for (const name of ['WHITE', 'BLACK', 'PAWN', 'KNIGHT', 'BISHOP', 'ROOK', 'QUEEN', 'KING', 'DEFAULT_POSITION']) {
      assert.equal(Compat[name], Reference[name], name);
    }
    assert.deepEqual(Compat.SQUARES, Reference.SQUARES);
    assert.deepEqual(Compat.SEVEN_TAG_ROSTER, Reference.SEVEN_TAG_ROSTER);
  });

  test('every export of chess.js exists, with the same kind', () => {
    for (const [name, value] of Object.entries(Reference)) {
      if (name === 'default') continue;  // CommonJS interop of the reference build
      assert.equal(typeof Compat[name], typeof value, name);
    }
    const ours = Object.getOwnPropertyNames(Compat.Chess.prototype).sort();
    for (const method of Object.getOwnPropertyNames(Reference.Chess.prototype)) {
      if (method.startsWith('_')) continue;
      assert.ok(ours.includes(method), `Chess.prototype.${method}`);
    }
    for (const method of Object.getOwnPropertyNames(Reference.Move.prototype)) {
      assert.equal(typeof Compat.Move.prototype[method], 'function', `Move.prototype.${method}`);
    }
  });

  test('xoroshiro128 gives the same sequence (the published xoroshiro128** generator)', () => {
    const a = Reference.xoroshiro128(0x0123456789abcdeffedcba9876543210n);
    const b = Compat.xoroshiro128(0x0123456789abcdeffedcba9876543210n);
    for (let i = 0; i < 20; i++) assert.equal(b(), a());
  });
});

describe('FEN: validateFen, constructor, load', () => {
  const BAD_FENS = [
    '', 'x', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1',
    'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1',
    'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1',
    'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1',
    'rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1',
    'rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNp w KQkq - 0 1',
  ];

  test('validateFen reports the same first problem with the same message', () => {
    for (const fen of BAD_FENS) assert.deepEqual(Compat.validateFen(fen), Reference.validateFen(fen), fen);
    for (const fen of [Reference.DEFAULT_POSITION, '8/8/8/8/8/8/8/K6k w - - 0 1', 'QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k b - - 0 99']) {
      assert.deepEqual(Compat.validateFen(fen), { ok: true }, fen);
    }
  });

  test('the constructor and load() throw chess.js\'s messages and keep the old position', () => {
    for (const fen of BAD_FENS) {
      same(() => 0, fromFen(fen), `new Chess(${JSON.stringify(fen)})`);
      same((c) => c.load(fen), afterMoves(['e4']), `load(${JSON.stringify(fen)})`);
    }
  });

  test('short FENs are completed as chess.js does, and headers follow the start position', () => {
    for (const fen of ['4k3/8/8/8/8/8/8/4K3 w', '4k3/8/8/8/8/8/8/4K3 b -', '4k3/8/8/8/8/8/8/4K3 w - -',
      '4k3/8/8/8/8/8/8/4K3 w - - 5', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1']) {
      same((c) => [c.fen(), c.header()], fromFen(fen), fen);
    }
    same((c) => { c.load(Reference.DEFAULT_POSITION); return c.getHeaders(); }, fromFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1'));
    same((c) => { c.setHeader('White', 'Ann'); c.load('4k3/8/8/8/8/8/8/4K3 w - - 0 1', { preserveHeaders: true }); return c.getHeaders(); });
    same((c) => { c.setHeader('White', 'Ann'); c.load('4k3/8/8/8/8/8/8/4K3 w - - 0 1'); return c.getHeaders(); });
  });

  test('skipValidation accepts what chess.js accepts', () => {
    for (const fen of ['8/8/8/8/8/8/8/8 w - - 0 1', '4k3/8/8/8/8/8/8/8 w - - 0 1', 'P3k3/8/8/8/8/8/8/4K3 w - - 0 1']) {
      same((c) => [c.fen(), c.ascii(), c.board(), c.isCheck(), c.isInsufficientMaterial()],
        fromFen(fen, { skipValidation: true }), fen);
    }
  });

  test('fen({forceEnpassantSquare}) and the en passant square shown only when the capture is legal', () => {
    // e4 with no black pawn beside it: no square at all.
    same((c) => [c.fen(), c.fen({ forceEnpassantSquare: true })], afterMoves(['e4']));
    // ...d5 next to e5: shown.
    same((c) => [c.fen(), c.fen({ forceEnpassantSquare: true })], afterMoves(['e4', 'a6', 'e5', 'd5']));
    // The capturing pawn is pinned: remembered but not shown.
    same((c) => [c.fen(), c.fen({ forceEnpassantSquare: true }), c.moves()],
      afterMoves(['d5'], '7k/3p4/8/K3P2r/8/8/8/8 b - - 0 1'));
  });
});

describe('board editing', () => {
  test('get, put, remove, findPiece, clear, reset', () => {
    same((c) => [c.get('e1'), c.get('e4'), c.get('z9')]);
    same((c) => [c.put({ type: 'q', color: 'b' }, 'e4'), c.get('e4'), c.fen(), c.getHeaders()]);
    same((c) => [c.put({ type: 'k', color: 'w' }, 'e4'), c.fen()]);
    same((c) => [c.put({ type: 'k', color: 'w' }, 'e1'), c.fen()]);
    same((c) => [c.put({ type: 'x', color: 'w' }, 'e4'), c.fen()]);
    same((c) => [c.put({ type: 'n', color: 'w' }, 'j9'), c.fen()]);
    same((c) => [c.put({ type: 'n', color: 'w' }, 'e1'), c.put({ type: 'k', color: 'w' }, 'd4'), c.fen()]);
    same((c) => [c.remove('h1'), c.fen(), c.getCastlingRights('w')]);
    same((c) => [c.remove('e8'), c.fen(), c.getCastlingRights('b'), c.findPiece({ type: 'k', color: 'b' })]);
    same((c) => [c.remove('e4'), c.remove('z1'), c.fen()]);
    same((c) => [c.findPiece({ type: 'p', color: 'w' }), c.findPiece({ type: 'q', color: 'b' }),
      c.findPiece({ type: 'q', color: 'x' }), c.findPiece({}), c.findPiece({ type: 'K', color: 'w' })]);
    same((c) => { c.clear(); return [c.fen(), c.header(), c.board()]; });
    same((c) => { c.setHeader('Event', 'E'); c.clear({ preserveHeaders: true }); return c.header(); });
    same((c) => { c.reset(); return [c.fen(), c.history(), c.header()]; }, afterMoves(['e4', 'e5']));
  });

  test('put after clear builds a position the game then plays from', () => {
    same((c) => {
      c.clear();
      c.put({ type: 'k', color: 'w' }, 'e1');
      c.put({ type: 'r', color: 'w' }, 'h1');
      c.put({ type: 'k', color: 'b' }, 'e8');
      c.setCastlingRights('w', { k: true });
      return [c.fen(), c.getHeaders(), c.moves(), c.move('O-O'), c.pgn()];
    });
  });

  test('removing the pawn that made the en passant square clears it', () => {
    same((c) => [c.remove('d5'), c.fen({ forceEnpassantSquare: true }), c.moves({ square: 'e5' })],
      afterMoves(['e4', 'a6', 'e5', 'd5']));
  });

  test('castling rights: get, set, and refused without king and rook at home', () => {
    same((c) => [c.getCastlingRights('w'), c.getCastlingRights('b')]);
    same((c) => [c.setCastlingRights('w', { k: false }), c.fen(), c.getCastlingRights('w')]);
    same((c) => [c.setCastlingRights('b', { q: true, k: true }), c.fen()], fromFen('r3k3/8/8/8/8/8/8/4K3 w - - 0 1'));
    same((c) => [c.setCastlingRights('b', { q: true }), c.fen(), c.moves({ piece: 'k' })],
      fromFen('r3k3/8/8/8/8/8/8/4K3 b - - 0 1'));
  });
});

describe('moves and move()', () => {
  test('moves() with square and piece filters, in chess.js\'s order', () => {
    const build = fromFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    same((c) => c.moves(), build);
    same((c) => c.moves({ verbose: true }), build);
    same((c) => c.moves({ square: 'e1', verbose: true }), build);
    same((c) => c.moves({ square: 'E1', verbose: true }), build);
    same((c) => c.moves({ square: 'e4' }), build);
    same((c) => c.moves({ square: 'z9' }), build);
    same((c) => c.moves({ piece: 'N' }), build);
    same((c) => c.moves({ piece: 'k', verbose: true }), build);
    same((c) => c.moves({ piece: 'n', square: 'e5' }), build);
    same((c) => c.moves({ verbose: false }), build);
  });

  test('Move objects: fields, flags and predicates', () => {
    const cases = [
      [[], 'e4'], [[], 'Nf3'], [['e4', 'd5'], 'exd5'], [['e4', 'a6', 'e5', 'd5'], 'exd6'],
    ];
    for (const [moves, san] of cases) {
      same((c) => {
        const m = c.move(san);
        return [m, m.isCapture(), m.isPromotion(), m.isEnPassant(), m.isKingsideCastle(), m.isQueensideCastle(),
          m.isBigPawn()];
      }, afterMoves(moves), san);
    }
    for (const san of ['O-O', 'O-O-O', 'axb8=N', 'a8=Q+', 'Rxa8']) {
      same((c) => {
        const m = c.move(san);
        return [m, m.isCapture(), m.isPromotion(), m.isKingsideCastle(), m.isQueensideCastle()];
      }, fromFen('rn2k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1'), san);
    }
  });

  test('SAN: strict and permissive forms, and the invalid ones', () => {
    const inputs = ['e4', 'e2e4', 'e2-e4', 'Pe2e4', 'Pe4', 'e4!?', 'e4+', 'Nf3', 'Ng1f3', 'Ngf3', 'N1f3', 'nf3',
      'Nf3#', 'e5', 'E4', '', 'O-O', '0-0', 'Ke2', 'Nf3??', 'e2e5', 'xyz', 'g1f3', 'Ng1-f3', 'Ng1xf3'];
    for (const input of inputs) {
      same((c) => c.move(input), undefined, `move(${JSON.stringify(input)})`);
      same((c) => c.move(input, { strict: true }), undefined, `move(${JSON.stringify(input)}, {strict: true})`);
    }
    // Captures without "x", promotions without "=", over-disambiguated pieces (Nge7 with Nc6 pinned).
    const pinned = 'r1bqkbnr/ppp2ppp/2n5/1B1pP3/4P3/8/PPPP2PP/RNBQK1NR b KQkq - 2 4';
    for (const input of ['Nge7', 'Ne7', 'Ng8e7', 'dxe4', 'de4', 'd5e4', 'Bd7', 'Bc8d7']) {
      same((c) => c.move(input), fromFen(pinned), input);
      same((c) => c.move(input, { strict: true }), fromFen(pinned), `${input} strict`);
    }
    const promote = '8/P6k/8/8/8/8/8/K7 w - - 0 1';
    for (const input of ['a8=Q', 'a8Q', 'a8q', 'a7a8q', 'a7a8', 'a8', 'a8=K', 'a7a8=R', 'a8=N+']) {
      same((c) => c.move(input), fromFen(promote), input);
      same((c) => c.move(input, { strict: true }), fromFen(promote), `${input} strict`);
    }
    // Ambiguity chess.js resolves by its generation order: b1c3 = Nc3, not B1c3.
    same((c) => c.move('b1c3'), fromFen('6k1/8/8/B7/8/8/8/BN4K1 w - - 0 1'));
    same((c) => c.move('Bc3'), fromFen('6k1/8/8/B7/8/8/8/BN4K1 w - - 0 1'));
  });

  test('move objects {from, to, promotion}', () => {
    for (const input of [{ from: 'e2', to: 'e4' }, { from: 'e2', to: 'e5' }, { from: 'e2', to: 'e4', promotion: 'q' },
      { from: 'E2', to: 'e4' }, {}, { from: 'g1' }]) {
      same((c) => c.move(input), undefined, JSON.stringify(input));
    }
    const promote = '8/P6k/8/8/8/8/8/K7 w - - 0 1';
    for (const input of [{ from: 'a7', to: 'a8' }, { from: 'a7', to: 'a8', promotion: 'r' },
      { from: 'a7', to: 'a8', promotion: 'Q' }, { from: 'a7', to: 'a8', promotion: 'k' }]) {
      same((c) => c.move(input), fromFen(promote), JSON.stringify(input));
    }
    for (const input of [undefined, 42, true, ['e2', 'e4']]) same((c) => c.move(input), undefined, String(input));
  });

  test('null moves: "--", null, setTurn(), and refused in check', () => {
    same((c) => [c.move('--'), c.fen(), c.history(), c.move('e5'), c.pgn()]);
    same((c) => [c.move(null), c.turn(), c.undo(), c.turn()]);
    same((c) => [c.setTurn('w'), c.setTurn('b'), c.fen(), c.moveNumber()]);
    same((c) => c.move('--'), fromFen('4k3/8/8/8/8/8/8/r3K3 w - - 0 1'));
    same((c) => c.setTurn('b'), fromFen('4k3/8/8/8/8/8/8/r3K3 w - - 0 1'));
  });

  test('undo() and history()', () => {
    same((c) => c.undo());
    same((c) => [c.undo(), c.undo(), c.fen(), c.history(), c.undo(), c.undo()], afterMoves(['e4', 'e5', 'Nf3']));
    same((c) => [c.history(), c.history({ verbose: true }), c.history({ verbose: false })],
      afterMoves(['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qa5', 'Bc4', 'Nf6', 'd3', 'Bg4', 'f3', 'Bh5', 'Bd2', 'e6',
        'g4', 'Bg6', 'Nge2', 'Bb4', 'O-O', 'O-O']));
  });
});

describe('game state', () => {
  test('check, mate, stalemate, insufficient material, fifty moves, game over', () => {
    const fens = [
      'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',   // fool's mate
      '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1',                                   // stalemate
      '8/8/8/8/8/8/8/K6k w - - 0 1', '8/8/8/8/8/8/8/KB5k w - - 0 1', '8/8/8/8/8/8/8/KN5k w - - 0 1',
      '8/8/8/8/8/8/8/KNN4k w - - 0 1', '8/8/8/8/8/8/2b5/KB5k w - - 0 1', '8/8/8/8/8/8/1b6/KB5k w - - 0 1',
      '8/8/8/8/8/8/b7/KB3B1k w - - 0 1', '8/8/8/8/1b6/8/B1k5/K7 b - - 0 1', '8/8/8/8/1n6/8/B7/K1k5 b - - 2 1',
      '8/8/8/8/8/8/P7/K6k w - - 0 1', '4k3/8/8/8/8/8/8/4K2R w K - 100 80', '4k3/8/8/8/8/8/8/4K2R w K - 99 80',
      '4k3/8/8/8/8/8/8/4K2R w K - 150 80',
      '8/8/8/2p5/1pP5/1P6/8/k1K5 w - - 0 1',                              // dead for FIDE, playable for chess.js
    ];
    for (const fen of fens) {
      same((c) => ['isCheck', 'inCheck', 'isCheckmate', 'isStalemate', 'isInsufficientMaterial', 'isDrawByFiftyMoves',
        'isThreefoldRepetition', 'isDraw', 'isGameOver'].map((p) => c[p]()).concat([c.moves()]), fromFen(fen), fen);
    }
  });

  test('threefold repetition as chess.js counts it (positions since load, undo uncounts)', () => {
    const dance = ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8'];
    same((c) => {
      const seen = [];
      for (const m of dance) { c.move(m); seen.push(c.isThreefoldRepetition(), c.isDraw(), c.isGameOver()); }
      c.undo();
      seen.push(c.isThreefoldRepetition());
      c.move('Ng8');
      seen.push(c.isThreefoldRepetition());
      return seen;
    });
    // The position loaded counts once; put() does not count.
    same((c) => {
      const seen = [];
      for (const m of ['Kd2', 'Kd7', 'Ke1', 'Ke8', 'Kd2', 'Kd7', 'Ke1', 'Ke8']) { c.move(m); seen.push(c.isThreefoldRepetition()); }
      return seen;
    }, fromFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1'));
  });

  test('attackers, isAttacked, squareColor, turn, moveNumber', () => {
    const build = fromFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    for (const sq of ['e5', 'd5', 'f7', 'c3', 'a1', 'h8', 'e8', 'z9']) {
      same((c) => [c.attackers(sq), c.attackers(sq, 'w'), c.attackers(sq, 'b'), c.isAttacked(sq, 'w'),
        c.isAttacked(sq, 'b'), c.squareColor(sq)], build, sq);
    }
    same((c) => [c.turn(), c.moveNumber(), c.move('e5'), c.turn(), c.moveNumber()], afterMoves(['e4']));
  });

  test('perft', () => {
    same((c) => [c.perft(1), c.perft(2), c.perft(0)]);
    same((c) => c.perft(3), fromFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'));
  });
});

describe('headers and comments', () => {
  test('header, setHeader, removeHeader, getHeaders', () => {
    same((c) => [c.header('White', 'Ann', 'Black', 'Bob', 'Odd'), c.getHeaders()]);
    same((c) => [c.setHeader('Event', 'Cup'), c.setHeader('Custom', 'x'), c.setHeader('Round', undefined),
      c.setHeader('Other', undefined), c.header()]);
    same((c) => [c.removeHeader('White'), c.removeHeader('ECO'), c.removeHeader('Nope'), c.setHeader('Nope', 'y'),
      c.removeHeader('Nope'), c.getHeaders(), c.pgn()]);
  });

  test('comments: set, get, remove, prune, the deprecated names', () => {
    same((c) => {
      c.setComment('start {braces}');
      c.move('e4');
      c.setComment('king pawn');
      c.move('e5');
      c.setComment('reply');
      const a = [c.getComment(), c.getComments()];
      c.undo();
      const b = [c.getComment(), c.getComments(), c.removeComment(), c.getComment(), c.deleteComment()];
      c.move('c5');
      c.setComment('sicilian');
      return [a, b, c.pgn(), c.deleteComments(), c.getComments(), c.removeComments()];
    });
  });
});

describe('PGN', () => {
  const tricky = [
    '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *',
    '[Event "Casual"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 {first} e5 (1... c5 {sicilian} 2. Nf3 (2. c3)) 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0',
    '{Before} 1.e4 $1 e5 $2 $14 2.Nf3!? Nc6?! 3.Bc4!! Bc5?? ; rest of line\n4. c3 1/2-1/2',
    '[FEN "8/8/8/8/8/4K3/8/4k3 b - - 0 1"]\n[SetUp "1"]\n\n1... Kd1 2. Kd4 *',
    '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"]\n\n1. 0-0 0-0-0 2. Rae1 *',
    '[fen "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O *',
    '1. e4 e5 2. Nf3 Nc6 { game ends } 0-1 {marker comment}',
    '1. e4 e5 2. Nf3 Nc6 *   ',
    '[Result "1-0"]\n\n1. e4 *',
    '1. e4 e5 (1... d5 2. exd5 (2. e5 f6 (2... c5)) Qxd5) 2. d4 *',
    '1.e4 e5 2.Nf3 Nc6 3.Bb5 3...a6',
    '1. e2e4 e7e5 2. Ng1f3 *',
    '1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 Ke7 5. Ke1 Ke8 *',
    '',
    '{only a comment}',
    '[Event "x"]',
    '1. e4 {a} {b} e5',
    '1. e4 e5 ( 2.',
    '[Event "x"\n1. e4',
    '1. e4 e9',
    '1. e4 e5 2. Qxf7',
    '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 *',
    '[SetUp "1"]\n\n1. e4 *',
    '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O *',
    '[FEN "not a fen"]\n\n1. e4 *',
    '1. e4 e5 2. Nf3 Nf6 3. Nxe5 d6 4. Nf3 Nxe4 5. d4 *',
  ];

  test('loadPgn of tricky PGN: same game, headers, comments, or the same error', () => {
    for (const text of tricky) {
      for (const options of [undefined, { strict: true }]) {
        same((c) => { c.loadPgn(text, options); return [c.history(), c.getComments(), c.header()]; },
          undefined, `loadPgn(${JSON.stringify(text)}, ${JSON.stringify(options)})`, { atomic: true });
      }
    }
  });

  test('syntax errors carry a location like chess.js\'s parser', () => {
    for (const text of ['1. e4 e5 ( 2.', '[Event "x"\n1. e4', '1. e4 {a} {b} e5', '1. e4 e5\n2. Nf3 )']) {
      const errorOf = (M) => { try { new M.Chess().loadPgn(text); } catch (e) { return e; } return null; };
      const expected = errorOf(Reference);
      const actual = errorOf(Compat);
      assert.equal(actual.name, expected.name);
      assert.equal(actual.message, expected.message);
      assert.deepEqual(actual.location.start, expected.location.start);
      assert.equal(actual.found, expected.found);
    }
  });

  test('newlineChar', () => {
    const text = '[White "A"]\r\r1. e4 e5\r2. Nf3 *';
    same((c) => { c.loadPgn(text, { newlineChar: '\r' }); return [c.history(), c.getHeaders()]; });
  });

  test('pgn(): comments, black to move first, wrapping, newline', () => {
    const long = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'Re1', 'b5', 'Bb3', 'd6', 'c3',
      'O-O', 'h3', 'Nb8', 'd4', 'Nbd7'];
    for (const options of [undefined, { maxWidth: 5 }, { maxWidth: 20 }, { maxWidth: 40, newline: '<br />' },
      { maxWidth: 80 }, { newline: '\r\n' }]) {
      same((c) => {
        c.setComment('the start');
        long.forEach((m, i) => { c.move(m); if (i % 3 === 0) c.setComment(`a somewhat longer comment after ply ${i + 1}`); });
        return c.pgn(options);
      }, undefined, `pgn(${JSON.stringify(options)})`);
    }
    same((c) => [c.move('Kd1'), c.pgn(), c.pgn({ maxWidth: 10 })], fromFen('8/8/8/8/8/4K3/8/4k3 b - - 0 1'));
    same((c) => { c.setComment('empty game'); return c.pgn(); });
    same((c) => { c.setHeader('Result', '1-0'); c.move('e4'); return c.pgn(); });
  });

  test('a game round-trips through pgn() and loadPgn()', () => {
    same((c) => {
      const text = c.pgn({ maxWidth: 30 });
      c.loadPgn(text);
      return [c.pgn({ maxWidth: 30 }) === text, c.history()];
    }, afterMoves(['d4', 'd5', 'c4', 'e6', 'Nc3', 'Nf6', 'Bg5', 'Be7', 'e3', 'O-O']));
  });
});

describe('the documented differences', () => {
  test('hash(): equal for equal positions, different for others (values are not chess.js\'s)', () => {
    const a = new Compat.Chess();
    const b = new Compat.Chess();
    assert.match(a.hash(), /^[0-9a-f]{1,16}$/);
    a.move('Nf3'); a.move('Nf6'); a.move('Ng1'); a.move('Ng8');
    assert.equal(a.hash(), b.hash());
    b.move('e4');
    assert.notEqual(a.hash(), b.hash());
    // Transpositions meet.
    const c = new Compat.Chess();
    const d = new Compat.Chess();
    for (const m of ['e4', 'e5', 'Nf3']) c.move(m);
    for (const m of ['Nf3', 'e5', 'e4']) d.move(m);
    assert.equal(c.hash(), d.hash());
  });

  test('loadPgn() that fails leaves the game as it was (chess.js leaves it half loaded)', () => {
    const game = new Compat.Chess();
    game.move('d4');
    game.setHeader('White', 'Ann');
    assert.throws(() => game.loadPgn('1. e4 e5 2. Qxf7'), { message: 'Invalid move in PGN: Qxf7' });
    assert.deepEqual(game.history(), ['d4']);
    assert.equal(game.getHeaders().White, 'Ann');
  });

  test('moves({square}) writes full SAN (chess.js drops the disambiguation there)', () => {
    const fen = '4k3/8/8/8/8/8/4K3/R6R w - - 0 1';
    const ours = new Compat.Chess(fen).moves({ square: 'a1' });
    assert.ok(ours.includes('Rad1'), ours.join(' '));
    // What ours lists is playable.
    for (const san of ours) new Compat.Chess(fen).move(san);
  });

  test('pawns on the first or last rank have no moves (chess.js throws a TypeError from moves())', () => {
    const fen = '4k2P/8/8/8/8/8/8/4K3 w - - 0 1';
    const ours = new Compat.Chess(fen, { skipValidation: true });
    assert.deepEqual(ours.moves({ square: 'h8' }), []);
    assert.equal(ours.moves().length, 5);
    assert.throws(() => new Reference.Chess(fen, { skipValidation: true }).moves(), TypeError);
  });
});
