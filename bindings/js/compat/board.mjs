// The position model of escaque/compat/chess.js: a 64-square board plus the
// FEN fields, with chess.js's own semantics where they differ from FIDE's or
// escaque's (kept on purpose, since reproducing chess.js is this module's job):
//   - the en passant square is remembered after a double step only when an
//     enemy pawn stands beside the pawn (chess.js's "internal" square, which
//     enters repetition keys), and FEN shows it only when the capture is legal;
//   - castling rights are cleared by any move from or to a corner square;
//   - put()/remove() may leave positions without kings, which the model holds
//     (escaque's generator refuses them; chessjs-moves.mjs generates as chess.js does).
// Legal move generation is not here: escaque computes it (see chess.mjs).
//
// Squares are 0..63 in chess.js's SQUARES order: a8 = 0, h8 = 7, a1 = 56, h1 = 63.
// Pieces are FEN letters ('P', 'n', ...); null is an empty square.

import { FILES, attacks, attackers, colorOf, isAttacked, placementOf, squareIndex, squareName } from '../squares.mjs';

export { FILES, colorOf, squareIndex, squareName };
export const EMPTY = -1;  // squareIndex's answer for a name that is not a square

// Move flags, as bits (the order of FLAG_LETTERS is chess.js's flag string order).
export const BIT = { NORMAL: 1, CAPTURE: 2, BIG_PAWN: 4, EP_CAPTURE: 8, PROMOTION: 16, KSIDE: 32, QSIDE: 64, NULL: 128 };
const FLAG_LETTERS = [[1, 'n'], [2, 'c'], [4, 'b'], [8, 'e'], [16, 'p'], [32, 'k'], [64, 'q'], [128, '-']];
export function flagString(bits) {
  let s = '';
  for (const [bit, letter] of FLAG_LETTERS) if (bits & bit) s += letter;
  return s;
}

// Castling rights: bit 1 king side, 2 queen side, per colour.
export const KSIDE = 1;
export const QSIDE = 2;

export const typeOf = (p) => p.toLowerCase();
export const pieceChar = (type, color) => (color === 'w' ? type.toUpperCase() : type.toLowerCase());
export const swap = (c) => (c === 'w' ? 'b' : 'w');

// Corner squares whose rook castles: [colour, side, square].
const ROOK_CORNERS = [['w', QSIDE, 56], ['w', KSIDE, 63], ['b', QSIDE, 0], ['b', KSIDE, 7]];

export class Board {
  constructor() { this.clear(); }

  clear() {
    this.squares = new Array(64).fill(null);
    this.kings = { w: EMPTY, b: EMPTY };
    this.turn = 'w';
    this.castling = { w: 0, b: 0 };
    this.ep = EMPTY;
    this.halfMoves = 0;
    this.moveNumber = 1;
    this.history = [];
    this.nullSkew = 0;
  }

  copyFrom(other) {
    this.squares = other.squares.slice();
    this.#restore(other);
    this.history = other.history.slice();
    this.nullSkew = other.nullSkew;
  }

  // The state besides the squares, from another board or a history entry (copies of its objects: a
  // snapshot made by copyFrom may share the history entry).
  #restore(state) {
    this.kings = { ...state.kings };
    this.turn = state.turn;
    this.castling = { ...state.castling };
    this.ep = state.ep;
    this.halfMoves = state.halfMoves;
    this.moveNumber = state.moveNumber;
  }

  set(i, piece) {
    const old = this.squares[i];
    if (old && typeOf(old) === 'k' && this.kings[colorOf(old)] === i) this.kings[colorOf(old)] = EMPTY;
    this.squares[i] = piece;
    if (piece && typeOf(piece) === 'k') this.kings[colorOf(piece)] = i;
  }

  // Does the piece on `from` attack `to` (pieces between block sliders)? (squares.mjs)
  attacks(from, to) { return attacks(this.squares, from, to); }

  // Squares of the `color` pieces that attack `target`, in a8..h1 order.
  attackers(color, target) { return attackers(this.squares, color, target); }

  isAttacked(color, target) { return isAttacked(this.squares, color, target); }

  kingAttacked(color) {
    const k = this.kings[color];
    return k !== EMPTY && this.isAttacked(swap(color), k);
  }

  placement() {
    return placementOf(this.squares);
  }

  castlingString() {
    const { w, b } = this.castling;
    const s = (w & KSIDE ? 'K' : '') + (w & QSIDE ? 'Q' : '') + (b & KSIDE ? 'k' : '') + (b & QSIDE ? 'q' : '');
    return s || '-';
  }

  // chess.js's FEN: the en passant square only when a pawn can legally take there.
  fen({ forceEnpassantSquare = false } = {}) {
    let ep = '-';
    if (this.ep !== EMPTY) {
      if (forceEnpassantSquare || this.epCaptureIsLegal()) ep = squareName(this.ep);
    }
    return `${this.placement()} ${this.turn} ${this.castlingString()} ${ep} ${this.halfMoves} ${this.moveNumber}`;
  }

  epCaptureIsLegal() {
    const us = this.turn;
    const pawnAt = this.ep + (us === 'w' ? 8 : -8);
    const pawn = pieceChar('p', us);
    for (const df of [1, -1]) {
      const f = (pawnAt & 7) + df;
      if (f < 0 || f > 7 || pawnAt + df < 0 || pawnAt + df > 63) continue;
      const from = pawnAt + df;
      if (this.squares[from] !== pawn) continue;
      this.make({ color: us, from, to: this.ep, piece: 'p', captured: 'p', flags: BIT.EP_CAPTURE });
      const legal = !this.kingAttacked(us);
      this.unmake();
      if (legal) return true;
    }
    return false;
  }

  // The identity of the position for repetitions and hash(): placement, turn,
  // castling rights and chess.js's internal en passant square (its file: the
  // rank follows from the turn) — the terms of chess.js's Zobrist hash, which
  // this reproduces term by term, skew included: chess.js does not update its
  // hash when it makes a null move (side and en passant terms stay), and
  // nullSkew holds those missed terms (bit 8 side, bits 0-7 en passant files)
  // until the next load, as chess.js's hash keeps them.
  key() {
    const side = (this.turn === 'b' ? 1 : 0) ^ (this.nullSkew >> 8);
    const ep = (this.ep === EMPTY ? 0 : 1 << (this.ep & 7)) ^ (this.nullSkew & 255);
    return `${this.placement()} ${side} ${this.castling.w * 4 + this.castling.b} ${ep}`;
  }

  // The FEN escaque is asked about: castling rights only with king and rook at
  // home, en passant only when a pawn could just have made the double step
  // (other rights and squares could not be used in chess.js either, except in
  // positions chess.js mishandles; see docs/api.md).
  engineFen() {
    const sq = this.squares;
    let castling = '';
    if (sq[60] === 'K') castling += (this.castling.w & KSIDE && sq[63] === 'R' ? 'K' : '') + (this.castling.w & QSIDE && sq[56] === 'R' ? 'Q' : '');
    if (sq[4] === 'k') castling += (this.castling.b & KSIDE && sq[7] === 'r' ? 'k' : '') + (this.castling.b & QSIDE && sq[0] === 'r' ? 'q' : '');
    let ep = '-';
    if (this.ep !== EMPTY) {
      const forward = this.turn === 'w' ? -8 : 8;  // the direction the side to move's pawns go
      const pawnSq = this.ep - forward;
      const origin = this.ep + forward;
      const row = this.ep >> 3;
      if (row === (this.turn === 'w' ? 2 : 5) && sq[pawnSq] === pieceChar('p', swap(this.turn)) &&
          !sq[this.ep] && !sq[origin]) {
        ep = squareName(this.ep);
      }
    }
    return `${this.placement()} ${this.turn} ${castling || '-'} ${ep}`;
  }

  // Plays an internal move {color, from, to, piece, captured, promotion, flags} as chess.js does.
  make(move) {
    const us = this.turn;
    const them = swap(us);
    this.history.push({
      move, kings: { ...this.kings }, turn: us, castling: { ...this.castling },
      ep: this.ep, halfMoves: this.halfMoves, moveNumber: this.moveNumber,
    });
    if (move.flags & BIT.NULL) {
      this.nullSkew ^= 256 | (this.ep === EMPTY ? 0 : 1 << (this.ep & 7));
      if (us === 'b') this.moveNumber++;
      this.halfMoves++;
      this.turn = them;
      this.ep = EMPTY;
      return;
    }
    const sq = this.squares;
    sq[move.to] = sq[move.from];
    sq[move.from] = null;
    if (move.flags & BIT.EP_CAPTURE) sq[move.to + (us === 'w' ? 8 : -8)] = null;
    if (move.promotion) sq[move.to] = pieceChar(move.promotion, us);
    if (sq[move.to] && typeOf(sq[move.to]) === 'k') {
      this.kings[us] = move.to;
      if (move.flags & BIT.KSIDE) { sq[move.to - 1] = sq[move.to + 1]; sq[move.to + 1] = null; }
      if (move.flags & BIT.QSIDE) { sq[move.to + 1] = sq[move.to - 2]; sq[move.to - 2] = null; }
      this.castling[us] = 0;
    }
    for (const [color, side, corner] of ROOK_CORNERS) {
      if (color === us && move.from === corner) this.castling[us] &= ~side;
      if (color === them && move.to === corner) this.castling[them] &= ~side;
    }
    this.ep = EMPTY;
    if (move.flags & BIT.BIG_PAWN) {
      const enemyPawn = pieceChar('p', them);
      const f = move.to & 7;
      if ((f > 0 && sq[move.to - 1] === enemyPawn) || (f < 7 && sq[move.to + 1] === enemyPawn)) {
        this.ep = move.to + (us === 'w' ? 8 : -8);
      }
    }
    if (move.piece === 'p' || move.flags & (BIT.CAPTURE | BIT.EP_CAPTURE)) this.halfMoves = 0;
    else this.halfMoves++;
    if (us === 'b') this.moveNumber++;
    this.turn = them;
  }

  unmake() {
    const old = this.history.pop();
    if (!old) return null;
    const { move } = old;
    this.#restore(old);
    if (move.flags & BIT.NULL) return move;
    const us = this.turn;
    const them = swap(us);
    const sq = this.squares;
    sq[move.from] = pieceChar(move.piece, us);
    sq[move.to] = null;
    if (move.captured) {
      if (move.flags & BIT.EP_CAPTURE) sq[move.to + (us === 'w' ? 8 : -8)] = pieceChar('p', them);
      else sq[move.to] = pieceChar(move.captured, them);
    }
    if (move.flags & BIT.KSIDE) { sq[move.to + 1] = sq[move.to - 1]; sq[move.to - 1] = null; }
    if (move.flags & BIT.QSIDE) { sq[move.to - 2] = sq[move.to + 1]; sq[move.to + 1] = null; }
    return move;
  }

  // After put()/remove()/setCastlingRights(): rights need the king and rook at home.
  updateCastlingRights() {
    const sq = this.squares;
    if (sq[60] !== 'K' || sq[56] !== 'R') this.castling.w &= ~QSIDE;
    if (sq[60] !== 'K' || sq[63] !== 'R') this.castling.w &= ~KSIDE;
    if (sq[4] !== 'k' || sq[0] !== 'r') this.castling.b &= ~QSIDE;
    if (sq[4] !== 'k' || sq[7] !== 'r') this.castling.b &= ~KSIDE;
  }

  // After put()/remove(): chess.js 1.4.0 means to keep the en passant square
  // only while the pawn that made it and a pawn to take it stand, but its test
  // compares empty squares (undefined) with null, so every edit clears the
  // square. Reproduced as it behaves.
  updateEnPassantSquare() {
    this.ep = EMPTY;
  }
}
