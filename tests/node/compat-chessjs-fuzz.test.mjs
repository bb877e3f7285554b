// escaque/compat/chess.js against chess.js 1.4.0 under random sequences of API
// calls: moves in every input form, undo, null moves, put/remove mid-game,
// castling rights, comments, headers, load/loadPgn of the game's own FEN/PGN.
// After every call: the same return value (or the same error message), and
// the same fen(), moves(), predicates, history(), headers, comments and pgn().
//
// Edits may leave a side without its king or the side not to move in check
// (chess.js's own generation then plays, as chess.js does); edits that put a
// pawn on the first or last rank (where chess.js itself throws a TypeError) are
// not attempted: docs/api.md lists that difference.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as Reference from 'chess.js';
import * as Compat from '../../dist/compat/chess.mjs';
import { seededRandom, normalize, outcome } from './compat-helpers.mjs';

const SEQUENCES = Number(process.env.ESCAQUE_COMPAT_SEQUENCES ?? 60);
const CALLS = 40;

function compareAll(ref, ours, where) {
  for (const p of ['fen', 'turn', 'moveNumber', 'isCheck', 'isCheckmate', 'isStalemate', 'isDraw',
    'isInsufficientMaterial', 'isThreefoldRepetition', 'isGameOver', 'history', 'getHeaders', 'getComments', 'pgn',
    'moves', 'ascii']) {
    assert.deepEqual(ours[p](), ref[p](), `${p}() after ${where} in ${ref.fen()}`);
  }
  assert.deepEqual(ours.getCastlingRights('w'), ref.getCastlingRights('w'), where);
  assert.deepEqual(ours.getCastlingRights('b'), ref.getCastlingRights('b'), where);
}

// Would the position after an edit be one both libraries play in?
function playable(ref) {
  const fen = ref.fen();
  const placement = fen.split(' ')[0];
  const rows = placement.split('/');
  if (/[pP]/.test(rows[0] + rows[7])) return false;
  // Castling rights without king and rook at home (undo() after put()/remove() restores old rights):
  // chess.js would castle with whatever stands in the corner.
  const at = (sq) => ref.get(sq);
  const is = (sq, type, color) => at(sq)?.type === type && at(sq)?.color === color;
  for (const [color, home, corners] of [['w', 'e1', { k: 'h1', q: 'a1' }], ['b', 'e8', { k: 'h8', q: 'a8' }]]) {
    const rights = ref.getCastlingRights(color);
    for (const side of ['k', 'q']) {
      if (rights[side] && !(is(home, 'k', color) && is(corners[side], 'r', color))) return false;
    }
  }
  return true;
}

const SQUARES = Reference.SQUARES;

function randomCall(ref, rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const r = rand();
  const moves = ref.moves({ verbose: false });
  if (r < 0.45 && moves.length) {
    const san = pick(moves);
    return [`move(${san})`, (c) => c.move(san)];
  }
  if (r < 0.55 && moves.length) {
    const m = ref.moves({ verbose: true, square: pick(ref.moves({ verbose: true })).from })[0];
    const forms = [m.lan, { from: m.from, to: m.to, promotion: m.promotion }, `${m.piece.toUpperCase()}${m.from}${m.to}`];
    const input = pick(forms);
    return [`move(${JSON.stringify(input)})`, (c) => c.move(input)];
  }
  if (r < 0.62) return ['undo()', (c) => c.undo()];
  if (r < 0.65) return ['move(--)', (c) => c.move('--')];
  if (r < 0.72) {
    const square = pick(SQUARES);
    const piece = { type: pick(['p', 'n', 'b', 'r', 'q', 'k']), color: pick(['w', 'b']) };
    return [`put(${JSON.stringify(piece)}, ${square})`, (c) => c.put(piece, square), true];
  }
  if (r < 0.78) {
    // A king now and then: the positions without one are chess.js's to play (chessjs-moves.mjs).
    const king = ref.findPiece({ type: 'k', color: pick(['w', 'b']) })[0];
    const square = king && rand() < 0.3 ? king : pick(SQUARES);
    return [`remove(${square})`, (c) => c.remove(square), true];
  }
  if (r < 0.81) {
    const color = pick(['w', 'b']);
    const rights = { k: rand() < 0.5, q: rand() < 0.5 };
    return [`setCastlingRights(${color}, ${JSON.stringify(rights)})`, (c) => c.setCastlingRights(color, rights)];
  }
  if (r < 0.85) {
    const text = pick(['note', 'with {braces}', '', 'a; b']);
    return [`setComment(${text})`, (c) => c.setComment(text)];
  }
  if (r < 0.87) return ['removeComment()', (c) => c.removeComment()];
  if (r < 0.9) {
    const key = pick(['White', 'Black', 'Event', 'Custom', 'Result']);
    const value = `v${Math.floor(rand() * 9)}`;
    return rand() < 0.7 ? [`setHeader(${key}, ${value})`, (c) => c.setHeader(key, value)]
      : [`removeHeader(${key})`, (c) => c.removeHeader(key)];
  }
  if (r < 0.94) {
    const text = ref.pgn();
    const strict = rand() < 0.5;
    return [`loadPgn(own pgn, strict ${strict})`, (c) => c.loadPgn(text, { strict })];
  }
  if (r < 0.97) {
    const fen = ref.fen();
    const preserveHeaders = rand() < 0.5;
    return [`load(${fen})`, (c) => c.load(fen, { preserveHeaders })];
  }
  const color = pick(['w', 'b']);
  return [`setTurn(${color})`, (c) => c.setTurn(color)];
}

test('random API call sequences give the same answers and states as chess.js', () => {
  const rand = seededRandom(99);
  let calls = 0;
  let crashes = 0;
  let kingless = 0;  // calls compared in a position without a king of each side
  for (let s = 0; s < SEQUENCES; s++) {
    const ref = new Reference.Chess();
    const ours = new Compat.Chess();
    for (let i = 0; i < CALLS; i++) {
      if (ref.isGameOver()) break;
      const [what, call, edits] = randomCall(ref, rand);
      if (edits) {
        // Try the edit on a copy of the position first; skip it if it leaves an unplayable one.
        const probe = new Reference.Chess(ref.fen(), { skipValidation: true });
        outcome(() => call(probe));
        if (!playable(probe)) continue;
      }
      const expected = outcome(() => call(ref));
      const actual = outcome(() => call(ours));
      assert.deepEqual(actual, expected, `${what} (call ${i} of sequence ${s})`);
      calls++;
      // A loadPgn() that throws leaves chess.js half loaded and ours unchanged (docs/api.md): end here.
      if (expected.error !== undefined && what.startsWith('loadPgn')) break;
      // undo() after an edit can restore a position that is not playable (a pawn on the back rank; castling
      // rights without king and rook at home: docs/api.md): end here.
      if (!playable(ref)) break;

      const placement = ref.fen().split(' ')[0];
      if (placement.split('K').length !== 2 || placement.split('k').length !== 2) kingless++;
      try {
        compareAll(ref, ours, what);
      } catch (e) {
        // chess.js itself can fail after a king was removed mid-game: history() replays the game
        // and, where a castling right of the replayed past meets the missing king, its move
        // generator throws a TypeError (leaving its board half replayed). Not behaviour to
        // reproduce: end the sequence there.
        if (e instanceof TypeError && /node_modules\/chess\.js\//.test(e.stack)) { crashes++; break; }
        throw new Error(`sequence ${s}, call ${i} (${what}) in ${ref.fen()}: ${e.message}`);
      }
    }
  }
  assert.ok(calls > SEQUENCES * 10, `only ${calls} calls`);
  assert.ok(crashes < SEQUENCES / 10, `chess.js failed in ${crashes} sequences`);
  assert.ok(kingless > SEQUENCES / 4, `only ${kingless} calls compared without both kings`);
  console.log(`# ${calls} calls, ${kingless} of them without both kings; chess.js failed itself in ${crashes} sequences`);
});
