// escaque/compat/chess.js: the Chess class of chess.js 1.x on escaque.
//
//   import { Chess } from 'escaque/compat/chess.js';
//   const chess = new Chess();          // synchronous: this module awaited init()
//   chess.move('e4'); chess.moves({ verbose: true }); chess.pgn();
//
// Same method names, arguments, return shapes and exceptions as chess.js 1.4.0
// (docs/api.md lists the known differences). escaque generates the legal moves
// and their SAN (positionMoves() of the main API); this file keeps chess.js's
// game state and reproduces chess.js's semantics where they are not FIDE's:
// isThreefoldRepetition (three occurrences in the moves played, by chess.js's
// position identity), isInsufficientMaterial (chess.js's fixed list, not the
// dead-position rule), isDraw/isGameOver (no fivefold or 75-move rule), moves
// still listed after those draws. The main escaque API stays FIDE-exact.
import { init, positionMoves, perft as positionPerft } from '../api.mjs';
import { Board, BIT, EMPTY, KSIDE, QSIDE, colorOf, flagString, pieceChar, squareIndex, squareName, typeOf } from './board.mjs';
import { validateFen, completeFen } from './fen.mjs';
import { chessJsMoves, chessJsPerft } from './chessjs-moves.mjs';
import { parsePgn } from './pgn.mjs';
import { asciiBoard, squareColor as squareColorOf } from '../squares.mjs';

await init();

export { validateFen };

export const WHITE = 'w';
export const BLACK = 'b';
export const PAWN = 'p';
export const KNIGHT = 'n';
export const BISHOP = 'b';
export const ROOK = 'r';
export const QUEEN = 'q';
export const KING = 'k';
export const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const SQUARES = Array.from({ length: 64 }, (_, i) => squareName(i));

export const SEVEN_TAG_ROSTER = {
  Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?', Result: '*',
};
// Supplemental tags, in the order chess.js's pgn() writes them (null = absent).
const SUPPLEMENTAL_TAGS = [
  'WhiteTitle', 'BlackTitle', 'WhiteElo', 'BlackElo', 'WhiteUSCF', 'BlackUSCF', 'WhiteNA', 'BlackNA',
  'WhiteType', 'BlackType', 'EventDate', 'EventSponsor', 'Section', 'Stage', 'Board', 'Opening',
  'Variation', 'SubVariation', 'ECO', 'NIC', 'Time', 'UTCTime', 'UTCDate', 'TimeControl', 'SetUp', 'FEN',
  'Termination', 'Annotator', 'Mode', 'PlyCount',
];
const headerTemplate = () => ({ ...SEVEN_TAG_ROSTER, ...Object.fromEntries(SUPPLEMENTAL_TAGS.map((t) => [t, null])) });

const NULL_SAN = '--';
const PROMOTION_ORDER = 'nbrq';
// chess.js's generation order: direction lists (as [row step, file step]; row 0 is rank 8).
const DIRECTIONS = {
  n: [[-1, -2], [-2, -1], [-2, 1], [-1, 2], [1, 2], [2, 1], [2, -1], [1, -2]],
  b: [[-1, -1], [-1, 1], [1, 1], [1, -1]],
  r: [[-1, 0], [0, 1], [1, 0], [0, -1]],
  q: [[-1, -1], [-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1]],
};
DIRECTIONS.k = DIRECTIONS.q;
// DIRECTION_INDEX[piece][(rowStep + 2) * 5 + fileStep + 2]: the direction's place in chess.js's list.
const DIRECTION_INDEX = Object.fromEntries(Object.entries(DIRECTIONS).map(([piece, list]) => {
  const table = new Array(25).fill(-1);
  list.forEach(([r, f], j) => { table[(r + 2) * 5 + f + 2] = j; });
  return [piece, table];
}));

// xoroshiro128** (Blackman & Vigna), which chess.js exports: a generator of
// 64-bit BigInts from a 128-bit BigInt state.
export function xoroshiro128(state) {
  const MASK = 0xffffffffffffffffn;
  const rotl = (x, k) => ((x << k) | (x >> (64n - k))) & MASK;
  return function next() {
    let s0 = state & MASK;
    let s1 = (state >> 64n) & MASK;
    const result = (rotl((s0 * 5n) & MASK, 7n) * 9n) & MASK;
    s1 ^= s0;
    s0 = (rotl(s0, 24n) ^ s1 ^ (s1 << 16n)) & MASK;
    s1 = rotl(s1, 37n);
    state = (s1 << 64n) | s0;
    return result;
  };
}

// ---- legal moves (from escaque) in chess.js's order ----

// Sort key reproducing chess.js's generation order: squares a8..h1, per piece its
// direction order then distance (pawns: push, double push, then the two
// captures; promotions n, b, r, q), castling last (king side first).
function orderKey(m) {
  if (m.flags & BIT.KSIDE) return 1e6;
  if (m.flags & BIT.QSIDE) return 1e6 + 1;
  const dr = (m.to >> 3) - (m.from >> 3);
  const df = (m.to & 7) - (m.from & 7);
  let sub;
  if (m.piece === 'p') {
    const promo = m.promotion ? PROMOTION_ORDER.indexOf(m.promotion) : 0;
    if (df === 0) sub = Math.abs(dr) === 2 ? 10 : promo;
    else sub = (m.color === 'w' ? df === -1 : df === 1) ? 20 + promo : 30 + promo;
  } else {
    const dist = Math.max(Math.abs(dr), Math.abs(df));
    const step = m.piece === 'n' ? 1 : dist;
    sub = DIRECTION_INDEX[m.piece][(dr / step + 2) * 5 + df / step + 2] * 10 + dist;
  }
  return m.from * 100 + sub;
}

// The legal moves of a position, by escaque, as chess.js's internal moves
// {color, from, to, piece, captured?, promotion?, flags, san}: cached by FEN. Positions escaque
// refuses but chess.js plays in (a side without its king, the side not to move in check) get
// chess.js's own generation (chessjs-moves.mjs), with SAN written here as chess.js writes it.
const moveCache = new Map();
const CACHE_SIZE = 64;

function legalMoves(board) {
  if (!kingsKnown(board)) return jsLegalMoves(board);
  const fen = board.engineFen();
  let list = moveCache.get(fen);
  if (list) return list;
  if (list === null) return jsLegalMoves(board);  // refused before
  let found;
  try {
    found = positionMoves(fen);
  } catch {
    remember(fen, null);
    return jsLegalMoves(board);
  }
  const sq = board.squares;
  const us = board.turn;
  list = found.map(({ uci, san }) => {
    const from = squareIndex(uci.slice(0, 2));
    const to = squareIndex(uci.slice(2, 4));
    const piece = typeOf(sq[from]);
    const move = { color: us, from, to, piece, flags: BIT.NORMAL, san };
    if (piece === 'k' && Math.abs((to & 7) - (from & 7)) === 2) {
      move.flags = (to & 7) > (from & 7) ? BIT.KSIDE : BIT.QSIDE;
    } else if (sq[to]) {
      move.captured = typeOf(sq[to]);
      move.flags = BIT.CAPTURE;
    } else if (piece === 'p' && (to & 7) !== (from & 7)) {
      move.captured = 'p';
      move.flags = BIT.EP_CAPTURE;
    } else if (piece === 'p' && Math.abs(to - from) === 16) {
      move.flags = BIT.BIG_PAWN;
    }
    if (uci.length === 5) {
      move.promotion = uci[4];
      move.flags |= BIT.PROMOTION;
    }
    return move;
  });
  return remember(fen, sortMoves(list));
}

// Are the kings where the board's record of them says? chess.js judges checks by that record,
// which undo() and history()'s replay restore from before an edit (put/remove of a king) or a
// captured king: where it is stale, chess.js's own generation (which reads it) decides.
function kingsKnown(board) {
  const { squares, kings } = board;
  return (kings.w === EMPTY ? !squares.includes('K') : squares[kings.w] === 'K') &&
    (kings.b === EMPTY ? !squares.includes('k') : squares[kings.b] === 'k');
}

function sortMoves(list) {
  const keys = new Map(list.map((m) => [m, orderKey(m)]));
  return list.sort((a, b) => keys.get(a) - keys.get(b));
}
function remember(key, list) {
  if (moveCache.size >= CACHE_SIZE) moveCache.delete(moveCache.keys().next().value);
  moveCache.set(key, list);
  return list;
}

// chess.js's moves where escaque refuses the position, keyed by everything they depend on (the
// internal en passant square and the rights, which engineFen() filters).
function jsLegalMoves(board) {
  const key = `js ${board.placement()} ${board.turn} ${board.castling.w} ${board.castling.b} ${board.ep} ${board.kings.w} ${board.kings.b}`;
  const cached = moveCache.get(key);
  if (cached) return cached;
  const list = sortMoves(chessJsMoves(board));
  for (const m of list) m.san = formatSan(board, m, list);
  return remember(key, list);
}

// Does the side to move have a legal move (chess.js's sense)? Without writing SAN.
function hasLegalMove(board) {
  if (!kingsKnown(board)) return chessJsMoves(board).length > 0;
  const fen = board.engineFen();
  const known = moveCache.get(fen);
  if (known) return known.length > 0;
  if (known === null) return chessJsMoves(board).length > 0;  // refused before
  try {
    return positionMoves(fen).length > 0;
  } catch {
    remember(fen, null);
    return chessJsMoves(board).length > 0;
  }
}

// SAN of an internal move of the side to move, as chess.js writes it from the move's fields:
// disambiguated against `legal` (the moves it counts as legal here), '+' or '#' from the position
// after it. For the positions only chess.js plays in, and for moves of the history replayed over a
// board edited by put()/remove() since (no longer legal there).
function formatSan(board, move, legal) {
  let san;
  if (move.flags & BIT.KSIDE) san = 'O-O';
  else if (move.flags & BIT.QSIDE) san = 'O-O-O';
  else {
    san = '';
    if (move.piece !== 'p') {
      const rivals = legal.filter((l) => l.piece === move.piece && l.from !== move.from && l.to === move.to);
      let disambiguation = '';
      if (rivals.length > 0) {
        const sameRank = rivals.some((l) => l.from >> 3 === move.from >> 3);
        const sameFile = rivals.some((l) => (l.from & 7) === (move.from & 7));
        const from = squareName(move.from);
        disambiguation = sameRank && sameFile ? from : sameFile ? from[1] : from[0];
      }
      san += move.piece.toUpperCase() + disambiguation;
    }
    if (move.flags & (BIT.CAPTURE | BIT.EP_CAPTURE)) san += `${move.piece === 'p' ? squareName(move.from)[0] : ''}x`;
    san += squareName(move.to);
    if (move.promotion) san += `=${move.promotion.toUpperCase()}`;
  }
  board.make(move);
  try {
    if (board.kingAttacked(board.turn)) san += hasLegalMove(board) ? '+' : '#';
  } finally {
    board.unmake();
  }
  return san;
}

function nullMove(color) {
  return { color, from: 0, to: 0, piece: 'k', flags: BIT.NULL, san: NULL_SAN };
}

// chess.js strips check marks, annotation glyphs and the first '=' before comparing SAN.
const strippedSan = (san) => san.replace(/=/, '').replace(/[+#]?[?!]*$/, '');

// The piece a SAN string is about, as chess.js guesses it (undefined: any piece).
function inferPieceType(san) {
  const first = san.charAt(0);
  if (first >= 'a' && first <= 'h') return /[a-h]\d.*[a-h]\d/.test(san) ? undefined : 'p';
  const lower = first.toLowerCase();
  return lower === 'o' ? 'k' : lower;
}

// ---- Move ----

const DESCRIBE = Symbol('describe');

export class Move {
  // chess.js's class names, set explicitly: the shipped file is minified, which renames classes.
  static { Object.defineProperty(this, 'name', { value: 'Move' }); }
  color;
  from;
  to;
  piece;
  captured;
  promotion;
  /** @deprecated chess.js keeps it until 2.0; use isCapture() and the other predicates. */
  flags;
  san;
  lan;
  before;
  after;

  // (chess, internal move): as chess.js, built by the Chess methods.
  constructor(chess, internal) {
    const { san, before, after } = chess[DESCRIBE](internal);
    this.color = internal.color;
    this.piece = internal.piece;
    this.from = squareName(internal.from);
    this.to = squareName(internal.to);
    this.san = san;
    this.lan = this.from + this.to;
    this.before = before;
    this.after = after;
    this.flags = flagString(internal.flags);
    if (internal.captured) this.captured = internal.captured;
    if (internal.promotion) {
      this.promotion = internal.promotion;
      this.lan += internal.promotion;
    }
  }

  isCapture() { return this.flags.includes('c'); }
  isPromotion() { return this.flags.includes('p'); }
  isEnPassant() { return this.flags.includes('e'); }
  isKingsideCastle() { return this.flags.includes('k'); }
  isQueensideCastle() { return this.flags.includes('q'); }
  isBigPawn() { return this.flags.includes('b'); }
}

// ---- Chess ----

// A 64-bit FNV-1a hash of a position key, as unpadded hex like chess.js's hash().
function hashKey(key) {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < key.length; i++) {
    h ^= BigInt(key.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16);
}

export class Chess {
  static { Object.defineProperty(this, 'name', { value: 'Chess' }); }
  #board = new Board();
  #header = {};
  #comments = {};
  #positionCount = new Map();

  constructor(fen = DEFAULT_POSITION, { skipValidation = false } = {}) {
    this.load(fen, { skipValidation });
  }

  // ---- set-up ----

  clear({ preserveHeaders = false } = {}) {
    this.#board.clear();
    this.#comments = {};
    this.#header = preserveHeaders ? this.#header : headerTemplate();
    this.#positionCount = new Map();
    // The board is empty: SetUp/FEN come back with load() or put().
    this.#header.SetUp = null;
    this.#header.FEN = null;
  }

  load(fen, { skipValidation = false, preserveHeaders = false } = {}) {
    if (typeof fen !== 'string') throw new TypeError(`Invalid FEN: expected a string, got ${typeof fen}`);
    fen = completeFen(fen);
    if (!skipValidation) {
      const { ok, error } = validateFen(fen);
      if (!ok) throw new Error(error);
    }
    const fields = fen.split(/\s+/);
    this.clear({ preserveHeaders });
    const b = this.#board;
    let row = 0;
    let file = 0;
    for (const c of fields[0] ?? '') {
      if (c === '/') {
        row++;
        file = 0;
      } else if (c >= '0' && c <= '9') {
        file += Number(c);
      } else if (/[pnbrqk]/i.test(c) && row < 8 && file < 8) {
        const i = row * 8 + file;
        const color = colorOf(c);
        // As chess.js's put(): a second king of one colour is not placed.
        if (typeOf(c) !== 'k' || b.kings[color] === EMPTY) b.set(i, c);
        file++;
      } else {
        file++;
      }
    }
    b.turn = fields[1] === 'b' ? 'b' : 'w';
    const rights = fields[2] ?? '';
    b.castling.w = (rights.includes('K') ? KSIDE : 0) | (rights.includes('Q') ? QSIDE : 0);
    b.castling.b = (rights.includes('k') ? KSIDE : 0) | (rights.includes('q') ? QSIDE : 0);
    b.ep = fields[3] === '-' || fields[3] === undefined ? EMPTY : squareIndex(fields[3]);
    b.halfMoves = parseInt(fields[4], 10);
    b.moveNumber = parseInt(fields[5], 10);
    this.#updateSetup(fen);
    this.#incPositionCount();
  }

  reset() { this.load(DEFAULT_POSITION); }

  // SetUp/FEN headers follow the start position while no move has been played.
  #updateSetup(fen) {
    if (this.#board.history.length > 0) return;
    if (fen !== DEFAULT_POSITION) {
      this.#header.SetUp = '1';
      this.#header.FEN = fen;
    } else {
      this.#header.SetUp = null;
      this.#header.FEN = null;
    }
  }

  fen({ forceEnpassantSquare = false } = {}) { return this.#board.fen({ forceEnpassantSquare }); }

  get(square) {
    const i = squareIndex(square);
    const p = i === EMPTY ? null : this.#board.squares[i];
    return p ? { type: typeOf(p), color: colorOf(p) } : undefined;
  }

  findPiece(piece) {
    if ((piece.color !== 'w' && piece.color !== 'b') || !['p', 'n', 'b', 'r', 'q', 'k'].includes(piece.type)) return [];
    const want = pieceChar(piece.type, piece.color);
    const found = [];
    this.#board.squares.forEach((p, i) => { if (p === want) found.push(squareName(i)); });
    return found;
  }

  put({ type, color }, square) {
    if (typeof type !== 'string') throw new TypeError(`put: piece type must be a string, got ${typeof type}`);
    const t = type.toLowerCase();
    const i = squareIndex(square);
    if (!'pnbrqk'.includes(t) || t.length !== 1 || (color !== 'w' && color !== 'b') || i === EMPTY) return false;
    const b = this.#board;
    if (t === 'k' && !(b.kings[color] === EMPTY || b.kings[color] === i)) return false;
    b.set(i, pieceChar(t, color));
    this.#afterEdit();
    return true;
  }

  remove(square) {
    const piece = this.get(square);
    const i = squareIndex(square);
    if (i !== EMPTY) this.#board.set(i, null);
    this.#afterEdit();
    return piece;
  }

  #afterEdit() {
    const b = this.#board;
    b.updateCastlingRights();
    b.updateEnPassantSquare();
    // SAN recorded for earlier moves may not fit the edited board any more.
    for (const h of b.history) h.move = { ...h.move, san: undefined };
    this.#updateSetup(this.fen());
  }

  // ---- queries ----

  turn() { return this.#board.turn; }
  moveNumber() { return this.#board.moveNumber; }

  squareColor(square) {
    const i = squareIndex(square);
    return i === EMPTY ? null : squareColorOf(i);
  }

  board() {
    const rows = [];
    for (let r = 0; r < 8; r++) {
      const row = [];
      for (let f = 0; f < 8; f++) {
        const i = r * 8 + f;
        const p = this.#board.squares[i];
        row.push(p ? { square: squareName(i), type: typeOf(p), color: colorOf(p) } : null);
      }
      rows.push(row);
    }
    return rows;
  }

  ascii() { return asciiBoard(this.#board.squares); }

  attackers(square, attackedBy) {
    const i = squareIndex(square);
    if (i === EMPTY) return [];
    return this.#board.attackers(attackedBy || this.#board.turn, i);
  }

  isAttacked(square, attackedBy) {
    const i = squareIndex(square);
    return i !== EMPTY && this.#board.isAttacked(attackedBy, i);
  }

  isCheck() { return this.#board.kingAttacked(this.#board.turn); }
  inCheck() { return this.isCheck(); }
  isCheckmate() { return this.isCheck() && this.#legal().length === 0; }
  isStalemate() { return !this.isCheck() && this.#legal().length === 0; }

  // chess.js's list, not the dead-position rule: K v K, K+N or K+B v K, and
  // bishops only, all on squares of one colour.
  isInsufficientMaterial() {
    const counts = { p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 };
    const bishopColors = [];
    let pieces = 0;
    this.#board.squares.forEach((p, i) => {
      if (!p) return;
      const t = typeOf(p);
      counts[t]++;
      pieces++;
      if (t === 'b') bishopColors.push(((i >> 3) + (i & 7)) % 2);
    });
    if (pieces === 2) return true;
    if (pieces === 3 && (counts.b === 1 || counts.n === 1)) return true;
    if (pieces === counts.b + 2) {
      const dark = bishopColors.reduce((a, c) => a + c, 0);
      return dark === 0 || dark === bishopColors.length;
    }
    return false;
  }

  // chess.js's rule: the current position has occurred three times in the moves
  // played since the last load (not FIDE's claim, which also counts the move
  // about to be played).
  isThreefoldRepetition() { return (this.#positionCount.get(this.#board.key()) ?? 0) >= 3; }
  isDrawByFiftyMoves() { return this.#board.halfMoves >= 100; }
  isDraw() {
    return this.isDrawByFiftyMoves() || this.isStalemate() || this.isInsufficientMaterial() ||
      this.isThreefoldRepetition();
  }
  isGameOver() { return this.isCheckmate() || this.isDraw(); }

  hash() { return hashKey(this.#board.key()); }

  perft(depth) {
    // chess.js counts the legal moves for any depth below 1.
    const d = Math.max(1, Math.trunc(depth) || 1);
    if (!kingsKnown(this.#board)) return chessJsPerft(this.#board, d);
    try {
      return positionPerft(this.#board.engineFen(), d);
    } catch {
      return chessJsPerft(this.#board, d);  // a position only chess.js plays in
    }
  }

  // ---- moves ----

  #legal() { return legalMoves(this.#board); }

  #movesFor({ square, piece } = {}) {
    let list = this.#legal();
    if (square) {
      const i = squareIndex(String(square).toLowerCase());
      if (i === EMPTY) return [];
      list = list.filter((m) => m.from === i);
    }
    if (piece) {
      const p = String(piece).toLowerCase();
      list = list.filter((m) => m.piece === p);
    }
    return list;
  }

  moves({ verbose = false, square = undefined, piece = undefined } = {}) {
    const list = this.#movesFor({ square, piece });
    return verbose ? list.map((m) => new Move(this, m)) : list.map((m) => m.san);
  }

  // SAN, FEN before and after of an internal move in the current position.
  [DESCRIBE](internal) {
    const b = this.#board;
    const before = b.fen();
    const san = internal.san ?? this.#sanOf(internal);
    b.make(internal);
    const after = b.fen();
    b.unmake();
    return { san, before, after };
  }

  #sanOf(internal) {
    if (internal.flags & BIT.NULL) return NULL_SAN;
    const legal = this.#legal();
    const m = legal.find((l) => l.from === internal.from && l.to === internal.to && l.promotion === internal.promotion);
    return m ? m.san : formatSan(this.#board, internal, legal);
  }

  move(move, { strict = false } = {}) {
    let found = null;
    if (typeof move === 'string') {
      found = this.#moveFromSan(move, strict);
    } else if (move === null) {
      found = this.#moveFromSan(NULL_SAN, strict);
    } else if (typeof move === 'object') {
      found = this.#legal().find((m) => move.from === squareName(m.from) && move.to === squareName(m.to) &&
        (!m.promotion || move.promotion === m.promotion)) ?? null;
    }
    if (!found) {
      throw new Error(`Invalid move: ${typeof move === 'string' ? move : JSON.stringify(move)}`);
    }
    if (found.flags & BIT.NULL && this.isCheck()) throw new Error('Null move not allowed when in check');
    const pretty = new Move(this, found);
    this.#board.make(found);
    this.#incPositionCount();
    return pretty;
  }

  // chess.js's SAN reader: exact SAN first (decorations ignored), then, unless
  // strict, its permissive forms: "e2e4", "Pe2-e4", "Nge7" with a needless
  // file or rank, a capture without "x", "0-0".
  #moveFromSan(text, strict) {
    let clean = strippedSan(text);
    if (!strict) {
      if (clean === '0-0') clean = 'O-O';
      else if (clean === '0-0-0') clean = 'O-O-O';
    }
    if (clean === NULL_SAN) return nullMove(this.#board.turn);

    const inferred = inferPieceType(clean);
    let list = this.#movesFor({ piece: inferred });
    for (const m of list) if (clean === strippedSan(m.san)) return m;
    if (strict) return null;

    let piece;
    let from;
    let to;
    let promotion;
    let overlyDisambiguated = false;
    let parts = clean.match(/([pnbrqkPNBRQK])?([a-h][1-8])x?-?([a-h][1-8])([qrbnQRBN])?/) ??
      clean.match(/([pnbrqkPNBRQK])?([a-h]?[1-8]?)x?-?([a-h][1-8])([qrbnQRBN])?/);
    if (parts) {
      [, piece, from, to, promotion] = parts;
      if (from.length === 1) overlyDisambiguated = true;
    }
    list = this.#movesFor({ piece: piece || inferred });
    if (!to) return null;
    for (const m of list) {
      const fromName = squareName(m.from);
      if (!from) {
        // Perhaps a capture written without its "x".
        if (clean === strippedSan(m.san).replace('x', '')) return m;
      } else if ((!piece || piece.toLowerCase() === m.piece) && from === fromName && to === squareName(m.to) &&
          (!promotion || promotion.toLowerCase() === m.promotion)) {
        return m;
      } else if (overlyDisambiguated && (!piece || piece.toLowerCase() === m.piece) && to === squareName(m.to) &&
          (from === fromName[0] || from === fromName[1]) && (!promotion || promotion.toLowerCase() === m.promotion)) {
        return m;
      }
    }
    return null;
  }

  undo() {
    const key = this.#board.key();
    const move = this.#board.unmake();
    if (!move) return null;
    const pretty = new Move(this, move);
    this.#decPositionCount(key);
    return pretty;
  }

  setTurn(color) {
    if (this.#board.turn === color) return false;
    this.move(NULL_SAN);
    return true;
  }

  // Replays the moves from the start: calls visit(internal move) in each position before it.
  #replay(visit) {
    const b = this.#board;
    const undone = [];
    while (b.history.length > 0) undone.push(b.unmake());
    try {
      while (undone.length > 0) {
        const move = undone.pop();
        visit(move);
        b.make(move);
      }
    } finally {
      while (undone.length > 0) b.make(undone.pop());
    }
  }

  history({ verbose = false } = {}) {
    const list = [];
    this.#replay((m) => list.push(verbose ? new Move(this, m) : (m.san ?? this.#sanOf(m))));
    return list;
  }

  // ---- repetition bookkeeping (chess.js counts positions reached by load and move) ----

  #incPositionCount() {
    const key = this.#board.key();
    this.#positionCount.set(key, (this.#positionCount.get(key) ?? 0) + 1);
  }

  #decPositionCount(key) {
    const n = this.#positionCount.get(key) ?? 0;
    if (n <= 1) this.#positionCount.delete(key);
    else this.#positionCount.set(key, n - 1);
  }

  // ---- castling rights ----

  setCastlingRights(color, rights) {
    const b = this.#board;
    for (const [side, bit] of [[KING, KSIDE], [QUEEN, QSIDE]]) {
      if (rights[side] !== undefined) {
        if (rights[side]) b.castling[color] |= bit;
        else b.castling[color] &= ~bit;
      }
    }
    b.updateCastlingRights();
    const result = this.getCastlingRights(color);
    return (rights[KING] === undefined || rights[KING] === result[KING]) &&
      (rights[QUEEN] === undefined || rights[QUEEN] === result[QUEEN]);
  }

  getCastlingRights(color) {
    const bits = this.#board.castling[color] ?? 0;
    return { [KING]: (bits & KSIDE) !== 0, [QUEEN]: (bits & QSIDE) !== 0 };
  }

  // ---- headers ----

  /** @deprecated as in chess.js: use setHeader() and getHeaders(). */
  header(...args) {
    for (let i = 0; i < args.length; i += 2) {
      if (typeof args[i] === 'string' && typeof args[i + 1] === 'string') this.#header[args[i]] = args[i + 1];
    }
    return this.#header;
  }

  setHeader(key, value) {
    this.#header[key] = value ?? SEVEN_TAG_ROSTER[key] ?? null;
    return this.getHeaders();
  }

  removeHeader(key) {
    if (key in this.#header) {
      this.#header[key] = SEVEN_TAG_ROSTER[key] || null;
      return true;
    }
    return false;
  }

  getHeaders() {
    const present = {};
    for (const [key, value] of Object.entries(this.#header)) if (value !== null) present[key] = value;
    return present;
  }

  // ---- comments (keyed by FEN, as in chess.js) ----

  getComment() { return this.#comments[this.fen()]; }
  setComment(comment) { this.#comments[this.fen()] = comment.replace('{', '[').replace('}', ']'); }
  removeComment() {
    const fen = this.fen();
    const comment = this.#comments[fen];
    delete this.#comments[fen];
    return comment;
  }
  /** @deprecated renamed removeComment() */
  deleteComment() { return this.removeComment(); }

  // Keeps only the comments of positions of the game as played.
  #pruneComments() {
    const kept = {};
    const keep = (fen) => { if (fen in this.#comments) kept[fen] = this.#comments[fen]; };
    this.#replay(() => keep(this.fen()));
    keep(this.fen());
    this.#comments = kept;
  }

  getComments() {
    this.#pruneComments();
    return Object.keys(this.#comments).map((fen) => ({ fen, comment: this.#comments[fen] }));
  }
  removeComments() {
    this.#pruneComments();
    return Object.keys(this.#comments).map((fen) => {
      const comment = this.#comments[fen];
      delete this.#comments[fen];
      return { fen, comment };
    });
  }
  /** @deprecated renamed removeComments() */
  deleteComments() { return this.removeComments(); }

  // ---- PGN ----

  pgn({ newline = '\n', maxWidth = 0 } = {}) {
    const out = [];
    let headerExists = false;
    for (const key in this.#header) {
      if (this.#header[key]) out.push(`[${key} "${this.#header[key]}"]${newline}`);
      headerExists = true;
    }
    const b = this.#board;
    if (headerExists && b.history.length) out.push(newline);

    const withComment = (text) => {
      const comment = this.#comments[this.fen()];
      if (comment === undefined) return text;
      return `${text}${text.length > 0 ? ' ' : ''}{${comment}}`;
    };
    const moves = [];
    let current = '';
    if (b.history.length === 0) moves.push(withComment(''));
    let first = true;
    this.#replay((m) => {
      current = withComment(current);
      if (first && m.color === 'b') {
        const prefix = `${b.moveNumber}. ...`;
        current = current ? `${current} ${prefix}` : prefix;
      } else if (m.color === 'w') {
        if (current.length) moves.push(current);
        current = `${b.moveNumber}.`;
      }
      first = false;
      current += ` ${m.san ?? this.#sanOf(m)}`;
    });
    if (current.length) moves.push(withComment(current));
    moves.push(this.#header.Result || '*');

    if (maxWidth === 0) return out.join('') + moves.join(' ');
    return out.join('') + wrapMovetext(moves, maxWidth, newline);
  }

  // Atomic, unlike chess.js: a PGN that fails (syntax, illegal move, bad FEN)
  // leaves the game as it was.
  loadPgn(pgn, { strict = false, newlineChar = '\r?\n' } = {}) {
    const saved = this.#snapshot();
    try {
      this.#loadPgn(pgn, strict, newlineChar);
    } catch (e) {
      this.#restore(saved);
      throw e;
    }
  }

  #loadPgn(pgn, strict, newlineChar) {
    if (newlineChar !== '\r?\n') pgn = pgn.replace(new RegExp(newlineChar, 'g'), '\n');
    const parsed = parsePgn(pgn);
    this.reset();
    const { headers } = parsed;
    let fen = '';
    for (const key in headers) {
      if (key.toLowerCase() === 'fen') fen = headers[key];
      this.header(key, headers[key]);
    }
    if (!strict) {
      if (fen) this.load(fen, { preserveHeaders: true });
    } else if (headers.SetUp === '1') {
      if (!('FEN' in headers)) throw new Error('Invalid PGN: FEN tag must be supplied with SetUp tag');
      this.load(headers.FEN, { preserveHeaders: true });
    }
    for (let node = parsed.root; node; node = node.variations[0]) {
      if (node.move) {
        const move = this.#moveFromSan(node.move, strict);
        if (move == null) throw new Error(`Invalid move in PGN: ${node.move}`);
        this.#board.make(move);
        this.#incPositionCount();
      }
      if (node.comment !== undefined) this.#comments[this.fen()] = node.comment;
    }
    const { result } = parsed;
    if (result && Object.keys(this.#header).length && this.#header.Result !== result) {
      this.setHeader('Result', result);
    }
  }

  #snapshot() {
    const board = new Board();
    board.copyFrom(this.#board);
    return { board, header: { ...this.#header }, comments: { ...this.#comments }, counts: new Map(this.#positionCount) };
  }

  #restore({ board, header, comments, counts }) {
    this.#board = board;
    this.#header = header;
    this.#comments = comments;
    this.#positionCount = counts;
  }
}

// chess.js's line wrapping of the movetext: `moves` are "N. white black"
// groups (with comments), wrapped at maxWidth; groups holding a comment may be
// broken between words.
function wrapMovetext(moves, maxWidth, newline) {
  const out = [];
  const dropTrailingSpace = () => {
    if (out.length > 0 && out[out.length - 1] === ' ') {
      out.pop();
      return true;
    }
    return false;
  };
  const wrapWords = (width, group) => {
    for (const word of group.split(' ')) {
      if (!word) continue;
      if (width + word.length > maxWidth) {
        while (dropTrailingSpace()) width--;
        out.push(newline);
        width = 0;
      }
      out.push(word);
      width += word.length;
      out.push(' ');
      width++;
    }
    if (dropTrailingSpace()) width--;
    return width;
  };
  let width = 0;
  for (let i = 0; i < moves.length; i++) {
    if (width + moves[i].length > maxWidth && moves[i].includes('{')) {
      width = wrapWords(width, moves[i]);
      continue;
    }
    if (width + moves[i].length > maxWidth && i !== 0) {
      if (out[out.length - 1] === ' ') out.pop();
      out.push(newline);
      width = 0;
    } else if (i !== 0) {
      out.push(' ');
      width++;
    }
    out.push(moves[i]);
    width += moves[i].length;
  }
  return out.join('');
}
