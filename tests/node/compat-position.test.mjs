// positionMoves() and perft() of the main entry: the position primitives that
// escaque/compat/chess.js builds on. Counts are the published perft figures;
// the dead-position and odd-material cases are ones the game API refuses.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { Chess, InvalidArgumentError, InvalidFenError, init, perft, positionMoves } from '../../dist/index.mjs';

before(() => init());

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

test('positionMoves lists the same moves as a game, as {uci, san}', () => {
  for (const fen of [START, KIWIPETE, '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1']) {
    const game = Chess.fromFen(fen);
    assert.deepEqual(positionMoves(fen), game.moves().map(({ uci, san }) => ({ uci, san })), fen);
  }
  // Castling is the king's two-square step in UCI; SAN carries check and mate marks.
  const castles = positionMoves('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  assert.ok(castles.some((m) => m.uci === 'e1g1' && m.san === 'O-O'));
  assert.ok(castles.some((m) => m.uci === 'e1c1' && m.san === 'O-O-O'));
  assert.ok(positionMoves('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1').some((m) => m.san === 'Ra8#'));
});

test('positionMoves goes on where the game has ended, and without plausibility checks', () => {
  // K v K: a dead position, so the game lists nothing; the position still has king moves.
  const bare = '8/8/8/8/8/8/8/K6k w - - 0 1';
  assert.deepEqual(new Chess(bare).moves(), []);
  assert.deepEqual(positionMoves(bare).map((m) => m.san).sort(), ['Ka2', 'Kb1', 'Kb2']);
  // Eleven knights (more than promotions could make: the game API's FEN check refuses it) and a pawn
  // on the back rank.
  const knights = 'NNNNNNNN/NNN5/8/8/8/8/8/k6K b - - 0 1';
  assert.throws(() => Chess.fromFen(knights), InvalidFenError);
  assert.deepEqual(positionMoves(knights).map((m) => m.san).sort(), ['Ka2', 'Kb1', 'Kb2']);
  assert.deepEqual(positionMoves('P6k/8/8/8/8/8/p7/K7 w - - 0 1'), [
    { uci: 'a1a2', san: 'Kxa2' }, { uci: 'a1b2', san: 'Kb2' }]);
  // Checkmated and stalemated sides have no moves.
  assert.deepEqual(positionMoves('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1'), []);
  assert.deepEqual(positionMoves('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'), []);
});

test('what the move generator cannot take is refused with a reason', () => {
  assert.throws(() => positionMoves('8/8/8/8/8/8/8/K7 w - - 0 1'), (e) => e instanceof InvalidFenError &&
    e.code === 'INVALID_FEN' && /black has 0 kings/.test(e.message));
  assert.throws(() => positionMoves('8/8/8/8/8/8/8/Kk6 w - - 0 1'), /black is in check but it is white's turn/);
  assert.throws(() => positionMoves('8/8/8/8/8/8/8/K6k x - - 0 1'), InvalidFenError);
  assert.throws(() => positionMoves(42), InvalidArgumentError);
});

test('perft counts the published figures', () => {
  assert.equal(perft(START, 0), 1);
  assert.equal(perft(START, 1), 20);
  assert.equal(perft(START, 3), 8902);
  assert.equal(perft(KIWIPETE, 2), 2039);
  assert.equal(perft('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 4), 43238);
  for (const bad of [-1, 11, 1.5, '3']) assert.throws(() => perft(START, bad), InvalidArgumentError);
  assert.throws(() => perft('x', 1), InvalidFenError);
});
