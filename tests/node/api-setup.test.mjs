// Position editing in the main API: class Setup (put/remove/clear, side to move, castling rights,
// en passant, counters), judged only when a game starts from it (Chess.fromSetup), and the board
// queries of Chess (ascii, attackers, isAttacked, squareColor, checkers) and the pure
// canClaimDraw(intendedMove). Adversarial: edits that make illegal positions, then starting a
// game must fail with a clear error and change nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  Chess, InvalidArgumentError, InvalidFenError, InvalidPositionError, IllegalMoveError, Setup, _heapInUse, init,
} from '../../dist/index.mjs';

await init();

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const K = (color) => ({ type: 'k', color });

// Asserts that starting a game from `setup` throws InvalidPositionError with `reason`, a message
// matching `why`, and leaves the setup (its FEN) and WebAssembly's heap as they were.
function refused(setup, reason, why) {
  const fen = setup.fen();
  assert.throws(() => Chess.fromSetup(setup), InvalidPositionError);
  // Measured around a second refusal: the first may grow the buffer its message is written to.
  const heap = _heapInUse();
  assert.throws(() => Chess.fromSetup(setup), (e) => {
    assert.ok(e instanceof InvalidPositionError, `${e.name}: ${e.message}`);
    assert.equal(e.name, 'InvalidPositionError');
    assert.equal(e.code, 'INVALID_POSITION');
    assert.equal(e.reason, reason, e.message);
    assert.equal(e.fen, fen);
    assert.ok(e.message.includes(fen), e.message);
    assert.match(e.message, why);
    assert.ok(Number.isInteger(e.offset));
    // detail: the why alone, the end of the message, with no place in the text
    assert.match(e.detail, why);
    assert.ok(e.message.endsWith(`: ${e.detail}`), `${e.message} / ${e.detail}`);
    assert.doesNotMatch(e.detail, /character|field/);
    return true;
  });
  assert.equal(setup.fen(), fen, 'the setup is unchanged');
  assert.equal(_heapInUse(), heap, 'no game was left behind in WebAssembly memory');
}

describe('Setup: editing', () => {
  test('new Setup() is an empty board; fromFen reads the six fields (the last four optional)', () => {
    assert.equal(new Setup().fen(), '8/8/8/8/8/8/8/8 w - - 0 1');
    assert.equal(Setup.fromFen(START).fen(), START);
    assert.equal(new Setup(START).fen(), START);
    assert.equal(Setup.fromFen('8/8/8/8/8/8/8/8').fen(), '8/8/8/8/8/8/8/8 w - - 0 1');
    const s = Setup.fromFen('r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 30');
    assert.equal(s.turn(), 'w');
    assert.equal(s.castling(), 'Kq');
    assert.deepEqual(s.castlingRights('w'), { king: true, queen: false });
    assert.deepEqual(s.castlingRights('black'), { king: false, queen: true });
    assert.equal(s.enPassant(), 'd6');
    assert.equal(s.halfMoveClock(), 0);
    assert.equal(s.moveNumber(), 30);
  });

  test('illegal positions load for editing (no kings, pawns on the back rank, the wrong side in check)', () => {
    for (const fen of ['8/8/8/8/8/8/8/8 w - - 0 1', 'P7/8/8/8/8/8/8/K6k w - - 0 1', 'kQ6/8/8/8/8/8/8/K7 w - - 0 1',
      'KKKK4/8/8/8/8/8/8/kkkk4 b KQkq e3 7 9']) {
      assert.equal(Setup.fromFen(fen).fen(), fen);
    }
  });

  test('FEN syntax errors carry their detail without the FEN, as the core\'s do', () => {
    assert.throws(() => Setup.fromFen('8/8/8/8/8/8/8/8 x'), (e) => {
      assert.ok(e instanceof InvalidFenError);
      assert.equal(e.detail, 'the side to move must be w or b, not "x"');
      assert.equal(e.message, `${e.detail} in FEN "8/8/8/8/8/8/8/8 x"`);
      return true;
    });
  });

  test('FEN syntax errors are InvalidFenError with an offset and the FEN', () => {
    for (const [fen, why] of [
      ['', /1 to 6 fields/], ['8/8/8/8/8/8/8 w - - 0 1', /7 ranks, not 8/], ['9/8/8/8/8/8/8/8 w', /not a piece letter/],
      ['8/8/8/8/8/8/8/7 w', /rank 1 has 7 squares/], ['8/8/8/8/8/8/8/ppppppppp w', /more than 8 squares/],
      ['8/8/8/8/8/8/8/8 x', /side to move must be w or b/], ['8/8/8/8/8/8/8/8 w KX', /not a castling field/],
      ['8/8/8/8/8/8/8/8 w - e9', /not an en passant square/], ['8/8/8/8/8/8/8/8 w - - x', /halfmove clock/],
      ['8/8/8/8/8/8/8/8 w - - 0 0', /fullmove number/], ['8/8/8/8/8/8/8/8 w - - 0 1 extra', /1 to 6 fields/],
    ]) {
      assert.throws(() => Setup.fromFen(fen), (e) => e instanceof InvalidFenError && e.code === 'INVALID_FEN' &&
        why.test(e.message) && e.message.includes(JSON.stringify(fen)) && Number.isInteger(e.offset), fen);
    }
    assert.throws(() => Setup.fromFen(42), InvalidArgumentError);
    assert.throws(() => Setup.fromFen(START, { chess960: 'yes' }), InvalidArgumentError);
  });

  test('put / remove / get / clear', () => {
    const s = new Setup();
    assert.equal(s.put(K('w'), 'e1'), s, 'put returns the setup (chainable)');
    s.put({ type: 'K', color: 'black' }, 'e8').put({ type: 'q', color: 'w' }, 'd1');
    assert.deepEqual(s.get('d1'), { type: 'q', color: 'w' });
    assert.deepEqual(s.get('e8'), { type: 'k', color: 'b' });
    assert.equal(s.get('a1'), null);
    s.put({ type: 'n', color: 'b' }, 'd1');  // replaces
    assert.deepEqual(s.remove('d1'), { type: 'n', color: 'b' });
    assert.equal(s.remove('d1'), null);
    assert.equal(s.fen(), '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    // A second king of a colour is allowed while editing (judged when a game starts).
    s.put(K('w'), 'a1');
    assert.equal(s.fen(), '4k3/8/8/8/8/8/8/K3K3 w - - 0 1');
    s.setCastling('KQ').setEnPassant('e3').setHalfMoveClock(12).setMoveNumber(40).setTurn('b');
    assert.equal(s.clear(), s);
    assert.equal(s.fen(), '8/8/8/8/8/8/8/8 b - - 12 40', 'clear keeps the side to move and the counters');
  });

  test('bad arguments: InvalidArgumentError naming the call, the setup unchanged', () => {
    const s = Setup.fromFen(START);
    for (const [fn, why] of [
      [() => s.put({ type: 'x', color: 'w' }, 'e4'), /Setup.put: piece.type must be one of p, n, b, r, q, k/],
      [() => s.put({ type: 'q', color: 'red' }, 'e4'), /Setup.put: color must be 'w' or 'b', got "red"/],
      [() => s.put({ type: 'q', color: 'w' }, 'e9'), /Setup.put\(piece, square\): square must be like "e4", got "e9"/],
      [() => s.put('Q', 'e4'), /piece must be \{type, color\}/],
      [() => s.put(null, 'e4'), /piece must be \{type, color\}, got null/],
      [() => s.put({ type: 'qq', color: 'w' }, 'e4'), /piece.type/],
      [() => s.remove('i1'), /Setup.remove\(square\)/],
      [() => s.get(11), /Setup.get\(square\): square must be like "e4", got number 11/],
      [() => s.setTurn('x'), /Setup.setTurn/],
      [() => s.setCastling('KK'), /repeats a letter/],
      [() => s.setCastling('KQz'), /Setup.setCastling/],
      [() => s.setCastling(''), /Setup.setCastling/],
      [() => s.setCastlingRights('w', { king: 'yes' }), /rights.king must be a boolean/],
      [() => s.setCastlingRights('w', null), /rights must be/],
      [() => s.setEnPassant('e'), /Setup.setEnPassant/],
      [() => s.setHalfMoveClock(-1), /integer 0 or more/],
      [() => s.setHalfMoveClock(1.5), /integer 0 or more/],
      [() => s.setMoveNumber(0), /integer 1 or more/],
      [() => s.setChess960(1), /must be a boolean/],
    ]) {
      assert.throws(fn, (e) => e instanceof InvalidArgumentError && e.code === 'INVALID_ARGUMENT' && why.test(e.message));
      assert.equal(s.fen(), START);
    }
  });

  test('castling rights and en passant setters', () => {
    const s = Setup.fromFen(START);
    s.setCastlingRights('w', { king: false });
    assert.equal(s.castling(), 'Qkq');
    s.setCastlingRights('b', { king: false, queen: false });
    assert.equal(s.castling(), 'Q');
    s.setCastlingRights('w', { king: true });
    assert.equal(s.castling(), 'KQ');
    s.setCastling('-');
    assert.deepEqual(s.castlingRights('w'), { king: false, queen: false });
    // Shredder-FEN files count for the side of the king they are on.
    const c960 = Setup.fromFen('rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1', { chess960: true });
    assert.deepEqual(c960.castlingRights('w'), { king: true, queen: true });
    assert.equal(c960.isChess960(), true);
    s.setEnPassant('e3');
    assert.equal(s.enPassant(), 'e3');
    s.setEnPassant(null);
    assert.equal(s.enPassant(), null);
  });

  test('structuredClone(setup) throws a DataCloneError that says to use clone() or send fen()', () => {
    const setup = Setup.fromFen('8/8/8/8/8/8/8/K6k w - - 0 1');
    assert.throws(() => structuredClone(setup), (e) => e.name === 'DataCloneError' && e.message.includes('a Setup')
      && e.message.includes('setup.clone()') && e.message.includes('Setup.fromFen()'));
    assert.equal(setup.fen(), '8/8/8/8/8/8/8/K6k w - - 0 1');
  });

  test('clone() is independent; a Setup survives structuredClone through fen()', () => {
    const a = Setup.fromFen(START);
    const b = a.clone();
    b.remove('e2');
    assert.equal(a.fen(), START);
    assert.notEqual(b.fen(), START);
    assert.equal(Setup.fromFen(structuredClone(b.fen())).fen(), b.fen());
  });
});

describe('Chess.fromSetup: validation when the game starts', () => {
  test('a legal edit starts a game; the game and the setup are independent', () => {
    const setup = new Chess().setup();
    setup.remove('g1');
    setup.put({ type: 'n', color: 'w' }, 'f3').setTurn('b');
    const game = Chess.fromSetup(setup);
    assert.equal(game.fen(), 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1');
    game.move('e5');
    setup.clear();
    assert.equal(game.turn(), 'w');
    assert.equal(game.get('f3').type, 'n');
  });

  test('no king / two kings', () => {
    const s = Setup.fromFen(START);
    s.remove('e1');
    refused(s, 'KingCount', /white has 0 kings; each side needs exactly one/);
    s.put(K('w'), 'e1').put(K('b'), 'a5');
    refused(s, 'KingCount', /black has 2 kings/);
    refused(new Setup(), 'KingCount', /white has 0 kings/);
  });

  test('the side not to move in check; too many checkers', () => {
    const s = new Setup().put(K('w'), 'e1').put(K('b'), 'e8').put({ type: 'r', color: 'w' }, 'e4').setTurn('w');
    refused(s, 'OpponentInCheck', /black is in check but it is white's turn|black is in check/);
    s.setTurn('b');
    assert.equal(Chess.fromSetup(s).checkers().join(), 'e4');
    s.put({ type: 'q', color: 'w' }, 'h5').put({ type: 'n', color: 'w' }, 'f6');
    refused(s, 'TooManyCheckers', /checked by 3 pieces/);
  });

  test('castling rights without their king or rook, after edits', () => {
    const s = Setup.fromFen(START);
    s.remove('h1');
    refused(s, 'CastlingRights', /castling right K needs a white rook on h1/);
    s.setCastlingRights('w', { king: false });
    s.remove('e8');
    s.put(K('b'), 'd8');
    refused(s, 'CastlingRights', /castling right k needs the black king on e8, but it is on d8/);
    s.setCastlingRights('b', { king: false, queen: false });
    assert.equal(Chess.fromSetup(s).fen(), 'rnbk1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Q - 0 1');
  });

  test('en passant squares that no pawn made', () => {
    const s = Setup.fromFen(START).setEnPassant('e3');
    refused(s, 'EnPassantSquare', /en passant square must be on rank 6|with white to move/);
    s.setTurn('b');
    refused(s, 'EnPassantSquare', /en passant on e3 needs a white pawn on e4/);
    s.remove('e2');
    s.put({ type: 'p', color: 'w' }, 'e4');
    // Accepted (the game's FEN names the square only when a capture there is legal, as FEN does).
    assert.equal(Chess.fromSetup(s).fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    s.remove('d7');
    s.put({ type: 'p', color: 'b' }, 'd4');
    assert.deepEqual(Chess.fromSetup(s).moves().filter((m) => m.flags.enPassant).map((m) => m.san), ['dxe3']);
    s.setHalfMoveClock(5);
    refused(s, 'EnPassantSquare', /halfmove clock must be 0/);
  });

  test('pawns on the back rank; more pieces than a game can have', () => {
    const s = Setup.fromFen(START).setCastling('-').put({ type: 'p', color: 'b' }, 'a1');
    refused(s, 'PawnOnBackRank', /a pawn stands on a1; pawns can never be on rank 1 or 8/);
    const crowd = Setup.fromFen(START);
    for (const sq of ['a3', 'b3', 'c3']) crowd.put({ type: 'q', color: 'w' }, sq);
    refused(crowd, 'TooManyPieces', /white has 19 pieces and 8 pawns; at most 16 and 8 are possible/);
    // Promoted pieces need missing pawns: a fourth queen with one pawn gone is one too many.
    const promoted = Setup.fromFen('4k3/8/8/8/8/8/1PPPPPPP/QQQQK3 w - - 0 1');
    refused(promoted, 'ImpossiblePromotions', /pieces beyond the starting set but only 1 pawns could have promoted/);
  });

  test('not a Setup: InvalidArgumentError', () => {
    for (const bad of [START, null, {}, { fen: () => START }]) {
      assert.throws(() => Chess.fromSetup(bad), (e) => e instanceof InvalidArgumentError && /must be a Setup/.test(e.message));
    }
  });

  test('Chess960 setups start Chess960 games', () => {
    const setup = Chess.chess960(0).setup();
    assert.equal(setup.isChess960(), true);
    const game = Chess.fromSetup(setup);
    assert.equal(game.isChess960(), true);
    assert.equal(game.fen(), Chess.chess960(0).fen());
  });
});

describe('Chess: board queries', () => {
  test('ascii()', () => {
    const g = Chess.fromFen('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    assert.equal(g.ascii(), [
      '   +------------------------+',
      ' 8 | .  .  .  .  k  .  .  . |',
      ' 7 | .  .  .  .  .  .  .  . |',
      ' 6 | .  .  .  .  .  .  .  . |',
      ' 5 | .  .  .  .  .  .  .  . |',
      ' 4 | .  .  .  .  .  .  .  . |',
      ' 3 | .  .  .  .  .  .  .  . |',
      ' 2 | .  .  .  .  P  .  .  . |',
      ' 1 | .  .  .  .  K  .  .  . |',
      '   +------------------------+',
      '     a  b  c  d  e  f  g  h'].join('\n'));
    assert.equal(g.setup().ascii(), g.ascii());
  });

  test('attackers / isAttacked: pinned pieces count, blockers stop sliders, default colour = side to move', () => {
    // White: Kg1, Rd1, Bb3 (pinned? no), Nf3; black: Kg8, Qd8, Bb4 pinning Nc3 to Ke1 variant.
    const g = Chess.fromFen('3q2k1/8/8/3p4/1b6/1BN2N2/8/3RK3 w - - 0 1');
    assert.deepEqual(g.attackers('d5'), ['b3', 'c3', 'd1'].sort((a, b) => order(a) - order(b)));
    assert.deepEqual(g.attackers('d5', 'w'), g.attackers('d5'));
    assert.deepEqual(g.attackers('d5', 'black'), ['d8']);
    assert.equal(g.isAttacked('e1', 'b'), false, 'c3 blocks the bishop');
    assert.equal(g.isAttacked('c3', 'b'), true);
    assert.equal(g.isAttacked('d4', 'b'), false, 'pawns attack diagonally forward only');
    assert.equal(g.isAttacked('e4', 'b'), true);
    assert.equal(g.isAttacked('d6', 'w'), false, 'd5 blocks the rook');
    assert.throws(() => g.isAttacked('d5'), InvalidArgumentError, 'isAttacked needs a colour');
    assert.throws(() => g.attackers('z9'), /attackers\(square\): square must be like "e4"/);
  });

  test('squareColor and checkers', () => {
    const g = new Chess();
    assert.equal(g.squareColor('a1'), 'dark');
    assert.equal(g.squareColor('h1'), 'light');
    assert.equal(g.squareColor('e4'), 'light');
    assert.equal(g.squareColor('d4'), 'dark');
    assert.throws(() => g.squareColor('a0'), InvalidArgumentError);
    assert.deepEqual(g.checkers(), []);
    for (const m of ['f3', 'e5', 'g4', 'Qh4']) g.move(m);
    assert.deepEqual(g.checkers(), ['h4']);
    const double = Chess.fromFen('4k3/8/8/8/1b6/8/8/R3K2r w - - 0 1');
    assert.deepEqual(double.checkers(), ['b4', 'h1']);
  });

  test('the queries change nothing', () => {
    const g = new Chess();
    g.move('e4');
    const fen = g.fen();
    g.ascii(); g.attackers('e5'); g.checkers(); g.setup().clear();
    assert.equal(g.fen(), fen);
    assert.deepEqual(g.history(), ['e4']);
  });
});

const order = (sq) => (8 - Number(sq[1])) * 8 + sq.charCodeAt(0) - 97;

describe('canClaimDraw(intendedMove): a pure query', () => {
  // Knights out and back: after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1, black's Ng8 repeats
  // the start position a third time.
  const repeat = () => {
    const g = new Chess();
    for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']) g.move(m);
    return g;
  };

  test('with the move that repeats: true; the game is unchanged (no move, no offer)', () => {
    const g = repeat();
    const fen = g.fen();
    const heap = _heapInUse();
    assert.equal(g.canClaimDraw(), false);
    assert.equal(g.canClaimDraw('Ng8'), true);
    assert.equal(g.canClaimDraw({ from: 'f6', to: 'g8' }), true);
    assert.equal(g.canClaimDraw('f6g8'), true);
    assert.equal(g.fen(), fen);
    assert.equal(g.history().length, 7);
    assert.equal(g.drawOffer(), null);
    assert.equal(g.isGameOver(), false);
    assert.equal(_heapInUse(), heap, 'the copy it judged on is freed');
    // claimDraw agrees (and then ends the game).
    assert.equal(g.claimDraw('Ng8').granted, true);
  });

  test('with a move that does not repeat: false, and no move or offer made', () => {
    const g = repeat();
    assert.equal(g.canClaimDraw('e5'), false);
    assert.equal(g.history().length, 7);
    assert.equal(g.drawOffer(), null);
  });

  test('50 moves: the move that completes them', () => {
    const g = Chess.fromFen('4k3/8/8/8/8/8/8/R3K3 w - - 99 80');
    assert.equal(g.canClaimDraw(), false);
    assert.equal(g.canClaimDraw('Ra2'), true);
    assert.equal(g.canClaimDraw('Ra8+'), true);
    assert.equal(g.fen(), '4k3/8/8/8/8/8/8/R3K3 w - - 99 80');
  });

  test('an illegal intended move throws as claimDraw does; bad input is InvalidArgumentError', () => {
    const g = repeat();
    assert.throws(() => g.canClaimDraw('Ke2'), IllegalMoveError);
    assert.throws(() => g.canClaimDraw(42), InvalidArgumentError);
    assert.equal(g.history().length, 7);
  });
});
