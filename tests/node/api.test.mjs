// The package API (dist/index.mjs): every Chess method, error classes, codes
// and messages, state unchanged after refusals, PGN round trips, localized
// SAN, Chess960 and draw claims. Expected values are facts of the positions
// (worked out by hand) or the C++ core's own messages.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { inspect } from 'node:util';

import {
  AmbiguousMoveError, Chess, DisposedError, DrawOfferError, EscaqueError, GameOverError, IllegalMoveError,
  InvalidArgumentError, InvalidFenError, PgnParseError, Position, init, isInitialized,
} from '../../dist/index.mjs';
import { FENS } from './helpers.mjs';

before(() => init());

function play(game, moves) {
  for (const m of moves) game.move(m);
  return game;
}

// Asserts fn throws an error of Class with `code`; returns the error for more checks.
function throwsCode(fn, Class, code, messagePattern) {
  let caught;
  assert.throws(fn, (e) => { caught = e; return true; });
  assert.ok(caught instanceof Class, `expected ${Class.name}, got ${caught?.name}: ${caught?.message}`);
  assert.ok(caught instanceof EscaqueError);
  assert.equal(caught.code, code);
  assert.equal(caught.name, caught.constructor.name);
  if (messagePattern) assert.match(caught.message, messagePattern);
  return caught;
}

// A snapshot of everything observable, to prove a refusal changed nothing.
function snapshot(game) {
  return {
    fen: game.fen(), history: game.history(), outcome: game.outcome(), offer: game.drawOffer(),
    reps: game.repetitionCount(), moves: game.movesUci(),
  };
}

describe('construction', () => {
  test('init is idempotent and reports readiness', async () => {
    await init();
    await init({ wasmBinary: new Uint8Array(0) });  // already loaded: options are not even looked at
    assert.equal(isInitialized(), true);
  });

  test('new Chess() is the standard start position', () => {
    const g = new Chess();
    assert.equal(g.fen(), FENS.start);
    assert.equal(g.turn(), 'w');
    assert.equal(g.isChess960(), false);
    assert.deepEqual(g.history(), []);
  });

  test('fromFen reads a position; new Chess(fen) too', () => {
    assert.equal(Chess.fromFen(FENS.kiwipete).fen(), FENS.kiwipete);
    assert.equal(new Chess(FENS.endgame).fen(), FENS.endgame);
    assert.equal(Chess.fromFen(FENS.foolsMate).turn(), 'w');
  });

  test('fromFen errors are InvalidFenError with the core message and offset', () => {
    const e = throwsCode(() => Chess.fromFen('bad'), InvalidFenError, 'INVALID_FEN',
      /expected 6 space-separated fields/);
    assert.equal(typeof e.offset, 'number');
    const kings = throwsCode(() => Chess.fromFen('8/8/8/8/8/8/8/8 w - - 0 1'), InvalidFenError, 'INVALID_FEN', /king/i);
    assert.equal(kings.kind, 'KingCount');
    assert.equal(kings.detail, 'white has 0 kings; each side needs exactly one');
    assert.equal(kings.message, `FEN piece placement field (field 1), at character 1: ${kings.detail}`);
    // The same from Position (one writer of the answer).
    const p = throwsCode(() => Position.fromFen('8/8/8/8/8/8/8/8 w - - 0 1'), InvalidFenError, 'INVALID_FEN', /king/i);
    assert.deepEqual([p.kind, p.detail, p.offset], [kings.kind, kings.detail, kings.offset]);
    throwsCode(() => Chess.fromFen(42), InvalidArgumentError, 'INVALID_ARGUMENT', /fen must be a string/);
    throwsCode(() => Chess.fromFen(FENS.start, { chess960: 'yes' }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => Chess.fromFen(FENS.start, 7), InvalidArgumentError, 'INVALID_ARGUMENT');
  });

  test('Chess.chess960: 518 is the standard setup, 0 is BBQNNRKR, bad indexes refused', () => {
    assert.equal(Chess.chess960(518).fen().split(' ')[0], FENS.start.split(' ')[0]);
    const g = Chess.chess960(0);
    assert.equal(g.fen().split(' ')[0], 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR');
    assert.equal(g.isChess960(), true);
    assert.equal(g.moves().length, 20);
    for (const bad of [-1, 960, 1.5, '3', null, undefined]) {
      throwsCode(() => Chess.chess960(bad), InvalidArgumentError, 'INVALID_ARGUMENT', /0\.\.959/);
    }
  });

  test('clone is independent', () => {
    const g = play(new Chess(), ['e4']);
    const c = g.clone();
    c.move('e5');
    assert.deepEqual(g.history(), ['e4']);
    assert.deepEqual(c.history(), ['e4', 'e5']);
  });

  test('dispose frees the game; later calls throw DisposedError; dispose twice is fine', () => {
    const g = new Chess();
    assert.equal(g.disposed, false);
    g.dispose();
    g.dispose();
    assert.equal(g.disposed, true);
    throwsCode(() => g.fen(), DisposedError, 'DISPOSED');
    throwsCode(() => g.move('e4'), DisposedError, 'DISPOSED');
    const h = new Chess();
    h[Symbol.dispose]();
    assert.equal(h.disposed, true);
  });
});

describe('moves', () => {
  test('moves() lists objects matching movesUci()', () => {
    const g = new Chess();
    const moves = g.moves();
    assert.equal(moves.length, 20);
    assert.deepEqual(moves.map((m) => m.uci).sort(), g.movesUci().sort());
    const nf3 = moves.find((m) => m.san === 'Nf3');
    assert.deepEqual(nf3, {
      from: 'g1', to: 'f3', color: 'w', piece: 'n', san: 'Nf3', uci: 'g1f3',
      flags: { capture: false, enPassant: false, castle: false, promotion: false, check: false, checkmate: false },
    });
    assert.equal('id' in nf3, false, 'the internal encoding is not part of a move');
  });

  test('moves() in another language', () => {
    const sans = new Chess().moves({ language: 'de' }).map((m) => m.san);
    assert.ok(sans.includes('Sf3') && sans.includes('e4') && !sans.includes('Nf3'));
  });

  test('movesFrom', () => {
    assert.deepEqual(new Chess().movesFrom('e2').map((m) => m.san).sort(), ['e3', 'e4']);
    assert.deepEqual(new Chess().movesFrom('e4'), []);
    throwsCode(() => new Chess().movesFrom('z9'), InvalidArgumentError, 'INVALID_ARGUMENT');
  });

  test('captures, en passant, promotions, castling and check flags', () => {
    const ep = Chess.fromFen(FENS.enPassant).move('exf6');
    assert.equal(ep.captured, 'p');
    assert.equal(ep.flags.enPassant, true);
    assert.equal(ep.flags.capture, true);

    const promo = Chess.fromFen(FENS.promotions).move('gxh1=Q');
    assert.deepEqual([promo.promotion, promo.captured, promo.flags.promotion, promo.flags.capture],
      ['q', 'n', true, true]);

    const castle = Chess.fromFen(FENS.kiwipete).move('O-O-O');
    assert.deepEqual([castle.from, castle.to, castle.rookFrom, castle.flags.castle, castle.uci],
      ['e1', 'c1', 'a1', 'queen', 'e1c1']);

    const mate = play(new Chess(), ['f3', 'e5', 'g4']).move('Qh4');
    assert.equal(mate.san, 'Qh4#');
    assert.deepEqual([mate.flags.check, mate.flags.checkmate], [true, true]);
  });

  test('move accepts SAN, lenient SAN, UCI and objects', () => {
    const g = new Chess();
    assert.equal(g.move('e2e4').san, 'e4');
    assert.equal(g.move('e7-e5').san, 'e5');
    assert.equal(g.move({ from: 'g1', to: 'f3' }).san, 'Nf3');
    assert.equal(g.move('Ng8-f6').san, 'Nf6');
    assert.equal(g.move('Bf1:c4').san, 'Bc4');
    assert.equal(g.move('Bc5').san, 'Bc5');
    assert.equal(g.move('0-0').san, 'O-O');
    const p = Chess.fromFen('8/P6k/8/8/8/8/8/K7 w - - 0 1');
    assert.equal(p.move({ from: 'a7', to: 'a8', promotion: 'N' }).san, 'a8=N');
  });

  test('localized SAN input in every language', () => {
    const cases = { en: 'Nf3', es: 'Cf3', fr: 'Cf3', de: 'Sf3', nl: 'Pf3', figurine: '♘f3' };
    for (const [language, text] of Object.entries(cases)) {
      const g = new Chess();
      assert.equal(g.move(text, { language }).uci, 'g1f3', language);
    }
    // Spanish: A = bishop (alfil), D = queen (dama), R = king (rey).
    const g = play(new Chess(), ['e4', 'e5']);
    assert.equal(g.move('Ac4', { language: 'es' }).san, 'Bc4');
    assert.equal(g.move('Dh4', { language: 'es-AR' }).san, 'Qh4');
  });

  test('illegal moves: IllegalMoveError with the core message; state unchanged', () => {
    const g = play(new Chess(), ['e4']);
    const before = snapshot(g);
    throwsCode(() => g.move('Ne5'), IllegalMoveError, 'NO_SUCH_PIECE', /^Ne5: no black knight can move to e5$/);
    const syntax = throwsCode(() => g.move('zz'), IllegalMoveError, 'MOVE_SYNTAX', /'z' at character 1/);
    assert.equal(syntax.offset, 0);
    throwsCode(() => g.move(''), IllegalMoveError, 'EMPTY_MOVE');
    throwsCode(() => g.move('e2e4'), IllegalMoveError, 'NO_SUCH_PIECE');
    throwsCode(() => g.move({ from: 'e8', to: 'e6' }), IllegalMoveError, 'NO_SUCH_PIECE');
    // Illegal by the rules: the king would walk into check.
    const k = Chess.fromFen('4k3/8/8/8/8/8/8/r3K3 w - - 0 1');
    throwsCode(() => k.move('Kf1'), IllegalMoveError, 'ILLEGAL_MOVE', /Kf1/);
    assert.equal(k.move('Kd2').san, 'Kd2');
    assert.deepEqual(snapshot(g), before);
  });

  test('ambiguous moves list their candidates', () => {
    const g = play(new Chess(), ['d4', 'e5', 'Nf3', 'e4']);
    const before = snapshot(g);
    const e = throwsCode(() => g.move('Nd2'), AmbiguousMoveError, 'AMBIGUOUS_MOVE', /Nd2/);
    assert.ok(e instanceof IllegalMoveError);
    assert.deepEqual(e.candidates.sort(), ['Nbd2', 'Nfd2']);
    assert.deepEqual(snapshot(g), before);
    assert.equal(g.move('Nbd2').from, 'b1');
  });

  test('a text too long for the exchange buffer, a game that is over, a language in French: one refusal each', () => {
    const g = new Chess();
    const before = snapshot(g);
    // 300 bytes: past the 256 the fast path's buffer takes, and no SAN is that long.
    throwsCode(() => g.move('N'.repeat(300)), IllegalMoveError, 'MOVE_SYNTAX', /300 bytes long/);
    throwsCode(() => g.move('Cf3'.padEnd(280, ' ')), IllegalMoveError, 'MOVE_SYNTAX');
    assert.deepEqual(snapshot(g), before);
    play(g, ['e4', 'e5']);
    assert.equal(g.move('Fc4', { language: 'fr' }).san, 'Bc4');
    play(g, ['Nc6', 'Qh5', 'Nf6']);
    assert.equal(g.move('Dxf7#', { language: 'fr' }).san, 'Qxf7#');
    const over = snapshot(g);
    throwsCode(() => g.move('Ke7'), GameOverError, 'GAME_OVER', /checkmate/);
    throwsCode(() => g.move('x'.repeat(300)), GameOverError, 'GAME_OVER');
    assert.deepEqual(snapshot(g), over);
  });

  test('promotion without a piece: WRONG_PROMOTION with the promotions as candidates', () => {
    const g = Chess.fromFen(FENS.promotions);
    const e = throwsCode(() => g.move({ from: 'g2', to: 'g1' }), IllegalMoveError, 'WRONG_PROMOTION');
    assert.deepEqual(e.candidates, ['g1=Q', 'g1=R', 'g1=B', 'g1=N+']);
  });

  test('bad arguments are InvalidArgumentError before reaching WebAssembly', () => {
    const g = new Chess();
    const before = snapshot(g);
    for (const bad of [42, null, undefined, true, ['e4']]) {
      throwsCode(() => g.move(bad), InvalidArgumentError, 'INVALID_ARGUMENT');
    }
    throwsCode(() => g.move({ from: 'e2' }), InvalidArgumentError, 'INVALID_ARGUMENT', /"to"/);
    throwsCode(() => g.move({ from: 'e2', to: 'e4', promotion: 'k' }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => g.move('e4', 'es'), InvalidArgumentError, 'INVALID_ARGUMENT', /options must be an object/);
    throwsCode(() => g.move('e4', { language: 3 }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => g.move('e4', { language: 'klingon' }), InvalidArgumentError, 'INVALID_ARGUMENT',
      /unknown language "klingon"/);
    throwsCode(() => g.resign('red'), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => g.canCheckmate(0), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => g.history({ verbose: 1 }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => g.pgn({ clocks: [-1] }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => g.pgn({ headers: { White: 1 } }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => g.get('i1'), InvalidArgumentError, 'INVALID_ARGUMENT');
    assert.deepEqual(snapshot(g), before);
  });

  test('san() names a move without playing it, in any language', () => {
    const g = new Chess();
    assert.equal(g.san('g1f3'), 'Nf3');
    assert.equal(g.san({ from: 'g1', to: 'f3' }, 'de'), 'Sf3');
    assert.equal(g.san('Nf3', 'figurine'), '♘f3');
    assert.equal(g.san('Nf3', 'nl'), 'Pf3');
    assert.deepEqual(g.history(), []);
    throwsCode(() => g.san('Nf4'), IllegalMoveError, 'NO_SUCH_PIECE');
  });
});

describe('history', () => {
  test('undo and redo return the moves and restore the positions', () => {
    const g = new Chess();
    assert.equal(g.undo(), null);
    assert.equal(g.redo(), null);
    play(g, ['e4', 'e5', 'Nf3']);
    const afterNf3 = g.fen();
    assert.equal(g.undo().san, 'Nf3');
    assert.equal(g.undo().san, 'e5');
    assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    assert.equal(g.redo().san, 'e5');
    assert.equal(g.redo().san, 'Nf3');
    assert.equal(g.fen(), afterNf3);
    assert.equal(g.redo(), null);
    // A move taken back, then a resignation: the game is over, so redo is refused with why, and nothing
    // changes; undo still takes back a move (and the resignation with it).
    g.undo();
    g.resign('b');
    throwsCode(() => g.redo(), GameOverError, 'GAME_OVER');
    assert.equal(g.fen(), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    assert.equal(g.outcome().reason, 'resignation');
    assert.equal(g.undo().san, 'e5');
  });

  test('history: SAN strings, localized, and verbose with FENs before and after', () => {
    const g = play(new Chess(), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    assert.deepEqual(g.history(), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    assert.deepEqual(g.history({ language: 'fr' }), ['e4', 'e5', 'Cf3', 'Cc6', 'Fb5']);
    const v = g.history({ verbose: true });
    assert.equal(v.length, 5);
    assert.equal(v[0].before, FENS.start);
    assert.equal(v[4].after, g.fen());
    assert.equal(v[1].after, v[2].before);
    assert.equal(v[4].piece, 'b');
  });
});

describe('state', () => {
  test('board() and get()', () => {
    const b = new Chess().board();
    assert.equal(b.length, 8);
    assert.deepEqual(b[0][0], { square: 'a8', type: 'r', color: 'b' });
    assert.deepEqual(b[7][4], { square: 'e1', type: 'k', color: 'w' });
    assert.equal(b[4][4], null);
    assert.deepEqual(new Chess().get('d8'), { type: 'q', color: 'b' });
    assert.equal(new Chess().get('e4'), null);
  });

  test('check, checkmate and outcome', () => {
    const g = play(new Chess(), ['f3', 'e5', 'g4', 'Qh4#']);
    assert.equal(g.inCheck(), true);
    assert.equal(g.isCheckmate(), true);
    assert.equal(g.isGameOver(), true);
    assert.deepEqual(g.outcome(), {
      result: '0-1', reason: 'checkmate', winner: 'b', by: null, termination: 'normal',
      description: 'Black wins by checkmate (FIDE Art. 5.1.1)',
    });
    assert.deepEqual(g.moves(), []);
    assert.deepEqual(g.movesUci(), []);
    const before = snapshot(g);
    throwsCode(() => g.move('a3'), GameOverError, 'GAME_OVER', /Black wins by checkmate/);
    throwsCode(() => g.claimDraw(), GameOverError, 'GAME_OVER');
    throwsCode(() => g.resign('w'), GameOverError, 'GAME_OVER');
    assert.deepEqual(snapshot(g), before);
    g.undo();
    assert.equal(g.isGameOver(), false);
    assert.equal(g.outcome().reason, 'none');
  });

  test('stalemate, dead position, insufficient material, canCheckmate', () => {
    const s = Chess.fromFen(FENS.stalemate);
    assert.equal(s.isStalemate(), true);
    assert.equal(s.inCheck(), false);
    assert.equal(s.outcome().result, '1/2-1/2');

    const kk = Chess.fromFen('k7/8/8/8/8/8/8/K7 w - - 0 1');
    assert.equal(kk.isDeadPosition(), true);
    assert.equal(kk.isInsufficientMaterial(), true);
    assert.equal(kk.outcome().reason, 'dead-position');

    const kr = Chess.fromFen('k7/8/8/8/8/8/8/KR6 w - - 0 1');
    assert.equal(kr.isDeadPosition(), false);
    assert.equal(kr.canCheckmate('w'), true);
    assert.equal(kr.canCheckmate('black'), false);
  });

  test('repetitionCount', () => {
    const g = new Chess();
    assert.equal(g.repetitionCount(), 1);
    play(g, ['Nf3', 'Nf6', 'Ng1', 'Ng8']);
    assert.equal(g.repetitionCount(), 2);
  });
});

describe('draws and endings', () => {
  const shuffle = ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8'];

  test('threefold repetition is claimed, not automatic', () => {
    const g = play(new Chess(), shuffle);
    assert.equal(g.isGameOver(), false);
    assert.equal(g.canClaimDraw(), true);
    const c = g.claimDraw();
    assert.deepEqual([c.granted, c.grounds, c.intendedMovePlayed], [true, 'threefold-repetition', false]);
    assert.deepEqual(g.outcome(), {
      result: '1/2-1/2', reason: 'threefold-repetition', winner: null, by: 'w', termination: 'normal',
      description: 'Draw by threefold repetition, claimed by White (FIDE Art. 9.2)',
    });
  });

  test('claim with an intended move that repeats: granted, move not made', () => {
    const g = play(new Chess(), shuffle.slice(0, 7));
    assert.equal(g.canClaimDraw(), false);
    const c = g.claimDraw('Ng8');
    assert.equal(c.granted, true);
    assert.equal(c.intendedMovePlayed, false);
    assert.match(c.explanation, /Art\. 9\.2\.1/);
    assert.equal(g.history().length, 7);
    assert.equal(g.outcome().by, 'b');
  });

  test('refused claim with an intended move: the move is made and stands as a draw offer', () => {
    const g = new Chess();
    const c = g.claimDraw('e4');
    assert.deepEqual([c.granted, c.intendedMovePlayed], [false, true]);
    assert.match(c.explanation, /^refused/);
    assert.deepEqual(g.history(), ['e4']);
    assert.equal(g.drawOffer(), 'w');
    const before = snapshot(g);
    throwsCode(() => g.claimDraw('Ke2'), IllegalMoveError, 'NO_SUCH_PIECE');
    assert.deepEqual(snapshot(g), before);
  });

  test('fifty-move rule claim', () => {
    const g = Chess.fromFen('k7/8/8/8/8/8/8/KR6 w - - 99 80');
    assert.equal(g.canClaimDraw(), false);
    g.move('Rb2');
    assert.equal(g.canClaimDraw(), true);
    const c = g.claimDraw();
    assert.deepEqual([c.granted, c.grounds], [true, 'fifty-moves']);
  });

  test('draw offers: accept, decline, errors', () => {
    const early = new Chess();
    early.offerDraw('w');
    throwsCode(() => early.acceptDraw(), DrawOfferError, 'AGREEMENT_TOO_EARLY', /Art\. 5\.2\.3/);
    throwsCode(() => early.offerDraw('w'), DrawOfferError, 'DRAW_OFFER_STANDS');
    assert.equal(early.drawOffer(), 'w');

    const g = play(new Chess(), ['e4', 'e5']);
    throwsCode(() => g.acceptDraw(), DrawOfferError, 'NO_DRAW_OFFER');
    throwsCode(() => g.declineDraw(), DrawOfferError, 'NO_DRAW_OFFER');
    g.offerDraw('b');
    g.declineDraw();
    assert.equal(g.drawOffer(), null);
    g.offerDraw('w');
    g.acceptDraw();
    assert.deepEqual([g.outcome().reason, g.outcome().result, g.outcome().by], ['agreement', '1/2-1/2', 'b']);
  });

  test('an offer lapses when the opponent moves', () => {
    const g = play(new Chess(), ['e4']);
    g.offerDraw('w');
    g.move('e5');
    assert.equal(g.drawOffer(), null);
  });

  test('resign and flag, with the insufficient-material exceptions', () => {
    const r = new Chess();
    r.resign('b');
    assert.deepEqual([r.outcome().result, r.outcome().reason, r.outcome().winner], ['1-0', 'resignation', 'w']);
    throwsCode(() => r.flag('w'), GameOverError, 'GAME_OVER');

    const f = Chess.fromFen('k7/8/8/8/8/8/8/KR6 w - - 0 1');
    f.flag('b');
    assert.deepEqual([f.outcome().result, f.outcome().reason, f.outcome().termination],
      ['1-0', 'timeout', 'time forfeit']);

    const d = Chess.fromFen('k7/8/8/8/8/8/8/KR6 w - - 0 1');
    d.flag('w');
    assert.deepEqual([d.outcome().result, d.outcome().reason, d.outcome().winner],
      ['1/2-1/2', 'timeout-vs-insufficient-material', null]);

    const rd = Chess.fromFen('k7/8/8/8/8/8/8/KR6 w - - 0 1');
    rd.resign('w');
    assert.equal(rd.outcome().reason, 'resignation-vs-insufficient-material');
  });
});

describe('PGN', () => {
  test('export, import, same moves and position (round trip)', () => {
    const g = play(new Chess(), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'O-O']);
    const text = g.pgn({ headers: { White: 'Alice', Black: 'Bob' } });
    assert.match(text, /\[White "Alice"\]/);
    assert.match(text, /1\. e4 e5 2\. Nf3 Nc6 3\. Bb5 a6 4\. Bxc6 dxc6 5\. O-O \*/);
    const back = Chess.fromPgn(text);
    assert.deepEqual(back.history(), g.history());
    assert.equal(back.fen(), g.fen());
    assert.equal(back.headers().White, 'Alice');
    assert.equal(back.pgn(), text);
  });

  test('localized export and clocks', () => {
    const g = play(new Chess(), ['e4', 'e5', 'Nf3']);
    const es = g.pgn({ language: 'es', clocks: [60_000, 59_000, 58_500], lineWidth: 0 });
    assert.match(es, /1\. e4 \{\[%clk 0:01:00\]\} 1\.\.\. e5 \{\[%clk 0:00:59\]\} 2\. Cf3 \{\[%clk 0:00:58(\.5)?\]\}/);
    assert.match(g.pgn({ language: 'de' }), /2\. Sf3/);
  });

  test('localized import: fromPgn({language}) reads the piece letters of that language', () => {
    const es = play(new Chess(), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']).pgn({ language: 'es' });
    assert.match(es, /2\. Cf3 Cc6 3\. Ab5/);
    assert.deepEqual(Chess.fromPgn(es, { language: 'es' }).history(), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    throwsCode(() => Chess.fromPgn(es), PgnParseError, 'PGN_PARSE', /Cf3/);
    throwsCode(() => Chess.fromPgn(es, { language: 'xx' }), InvalidArgumentError, 'INVALID_ARGUMENT');
  });

  test('finished games carry result and Termination', () => {
    const g = play(new Chess(), ['f3', 'e5', 'g4', 'Qh4#']);
    const text = g.pgn();
    assert.match(text, /\[Result "0-1"\]/);
    assert.match(text, /Qh4# 0-1/);
    assert.equal(Chess.fromPgn(text).isCheckmate(), true);
  });

  test('Chess960 games round trip', () => {
    const g = Chess.chess960(0);
    play(g, ['e4', 'e5']);
    const back = Chess.fromPgn(g.pgn());
    assert.equal(back.isChess960(), true);
    assert.equal(back.fen(), g.fen());
  });

  test('parse errors: PgnParseError with line and column', () => {
    const e = throwsCode(() => Chess.fromPgn('[Event "x"]\n\n1. e4 e5 2. Ke3 *'), PgnParseError, 'PGN_PARSE',
      /illegal move 'Ke3'/);
    assert.deepEqual([e.line, e.column, e.kind], [3, 13, e.kind]);
    assert.equal(typeof e.kind, 'string');
    throwsCode(() => Chess.fromPgn(''), PgnParseError, 'PGN_PARSE', /no game/);
    throwsCode(() => Chess.fromPgn(null), InvalidArgumentError, 'INVALID_ARGUMENT');
  });
});

describe('Chess960', () => {
  test('castling as an object: king to its destination, or king takes rook, in both variants', () => {
    const cases = [
      ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', false, { from: 'e1', to: 'h1' }, 'e1g1'],
      ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', false, { from: 'e1', to: 'g1' }, 'e1g1'],
      ['rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1', true, { from: 'b1', to: 'g1' }, 'b1h1'],
      ['rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1', true, { from: 'b1', to: 'h1' }, 'b1h1'],
    ];
    for (const [fen, chess960, input, uci] of cases) {
      const m = Chess.fromFen(fen, { chess960 }).move(input);
      assert.deepEqual([m.san, m.to, m.uci, m.flags.castle], ['O-O', 'g1', uci, 'king'], JSON.stringify(input));
    }
  });

  test('castling from a Chess960 FEN: O-O lands the king on g1, rook on f1', () => {
    const g = Chess.fromFen('rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1', { chess960: true });
    const m = g.move('O-O');
    assert.deepEqual([m.from, m.to, m.rookFrom, m.flags.castle, m.san], ['b1', 'g1', 'h1', 'king', 'O-O']);
    assert.equal(g.fen().split(' ')[0], 'rk5r/8/8/8/8/8/8/R4RK1');
    const again = Chess.fromFen(g.fen(), { chess960: true });
    assert.equal(again.fen(), g.fen());
    assert.equal(again.move('O-O-O').to, 'c8');
  });
});

describe('robustness', () => {
  // A deterministic generator so that a failure can be replayed.
  function rng(seed) {
    let x = seed >>> 0;
    return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 2 ** 32; };
  }
  const ALPHABET = 'abcdefgh12345678KQRBNPxX+#=-:0Oo ()/!?$ep.CDTARSLF\u265e\u00e9\u0000{}[]"';

  test('random text as moves, FENs and PGN never aborts and never changes the game', () => {
    const random = rng(20261122);
    const text = (n) => Array.from({ length: Math.floor(random() * n) },
      () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
    const g = play(new Chess(), ['e4', 'e5', 'Nf3']);
    const before = snapshot(g);
    let played = 0;
    for (let i = 0; i < 5000; i++) {
      const t = text(8);
      try {
        g.move(t, { language: ['en', 'es', 'de', 'figurine'][i % 4] });
        played++;
        g.undo();
      } catch (e) {
        assert.ok(e instanceof EscaqueError, `move(${JSON.stringify(t)}) threw ${e}`);
      }
      for (const fn of [() => Chess.fromFen(text(60)), () => Chess.fromPgn(text(80))]) {
        try { fn().dispose(); } catch (e) { assert.ok(e instanceof EscaqueError, String(e)); }
      }
    }
    assert.deepEqual(snapshot(g), before);
    assert.ok(played > 0, 'some random texts are legal moves (e.g. "d6")');
  });
});

// A game's state is in WebAssembly and private fields: a copy of its own properties would be an empty
// object. structuredClone and postMessage must refuse it and say what to do instead (issue 13).
describe('structuredClone and postMessage', () => {
  const refused = (what, copyWith, rebuildWith) => (e) =>
    e.name === 'DataCloneError' && e.message.includes(what) && e.message.includes(copyWith) && e.message.includes(rebuildWith);

  test('a Chess game: DataCloneError saying to use clone() or send its PGN; the game is unchanged', () => {
    const game = play(new Chess(), ['e4', 'e5', 'Nf3']);
    const fen = game.fen();
    assert.throws(() => structuredClone(game), refused('a Chess game', 'game.clone()', 'Chess.fromPgn()'));
    assert.throws(() => structuredClone({ state: { game } }), refused('a Chess game', 'game.clone()', 'game.pgn()'));
    const { port1, port2 } = new MessageChannel();
    try {
      assert.throws(() => port1.postMessage(game), refused('a Chess game', 'game.clone()', 'Chess.fromPgn()'));
    } finally {
      port1.close();
      port2.close();
    }
    assert.equal(game.fen(), fen);
    game.move('Nc6');
    // What the message offers works: the PGN rebuilds the game; clone() copies it.
    assert.equal(Chess.fromPgn(structuredClone(game.pgn())).fen(), game.fen());
    assert.equal(game.clone().fen(), game.fen());
  });

  test('a Position: DataCloneError saying to use clone() or send its FEN', () => {
    const pos = new Position();
    pos.play('e2e4');
    assert.throws(() => structuredClone(pos), refused('a Position', 'position.clone()', 'Position.fromFen()'));
    assert.equal(Position.fromFen(structuredClone(pos.fen())).fen(), pos.fen());
  });

  test('consoles and constructor.name say Chess and Position', () => {
    assert.equal(new Chess().constructor.name, 'Chess');
    assert.equal(new Position().constructor.name, 'Position');
    assert.match(inspect(new Chess()), /^Chess \{/);
  });
});
