// class Setup: a position being edited (docs/api.md "Editing a position: Setup").
//
//   const setup = game.setup();                 // or new Setup() (empty board), Setup.fromFen(fen)
//   setup.remove('h1');
//   setup.put({ type: 'q', color: 'w' }, 'h1').setTurn('b').setCastlingRights('w', { king: false });
//   const next = Chess.fromSetup(setup);       // validated here: InvalidPositionError if no game can start
//
// Plain JavaScript data: nothing in WebAssembly, nothing to dispose; sent or cloned as its fen()
// (structuredClone(setup) throws, saying so). Edits check only their arguments (a square must be a
// square); whether the position is one a game can start from is decided when one starts
// (Chess.fromSetup), by the same FEN rules as Chess.fromFen, so a position may pass through illegal
// states while it is edited.
import { InvalidArgumentError, InvalidFenError } from './errors.mjs';
import { asciiBoard, attackers, colorOf, isAttacked, placementOf, squareColor, squareIndex, squareName } from './squares.mjs';

const PIECE_TYPES = 'pnbrqk';
const CASTLING_LETTER = /^[KQkqA-Ha-h]$/;

function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

// Index of a square name, or InvalidArgumentError naming the call.
export function squareArgument(square, what) {
  const i = squareIndex(square);
  if (i < 0) throw new InvalidArgumentError(`${what}: square must be like "e4", got ${describe(square)}`);
  return i;
}
export function colorArgument(color, what) {
  if (color === 'w' || color === 'white') return 'w';
  if (color === 'b' || color === 'black') return 'b';
  throw new InvalidArgumentError(`${what}: color must be 'w' or 'b', got ${describe(color)}`);
}
function counterArgument(value, min, what) {
  if (!Number.isInteger(value) || value < min || value > 0xFFFFFFF) {
    throw new InvalidArgumentError(`${what} must be an integer ${min} or more, got ${describe(value)}`);
  }
  return value;
}

// Its state is in private fields, which structuredClone() and postMessage() do not copy: as a game, a
// Setup carries a symbol so that they throw, saying what to do, instead of giving an empty object.
const NOT_CLONEABLE_SETUP = Symbol('a Setup cannot be cloned or posted: use setup.clone(), or send setup.fen() '
  + 'and rebuild it with Setup.fromFen()');

export class Setup {
  static name = 'Setup';  // (as Chess.name: a minifier renames the class)
  notCloneable = NOT_CLONEABLE_SETUP;
  #squares = new Array(64).fill(null);  // a8 = 0 ... h1 = 63: FEN letters or null
  #turn = 'w';
  #castling = '';        // FEN castling letters (KQkq, or Shredder/X-FEN files), '' for none
  #enPassant = null;     // square name or null
  #halfMoves = 0;
  #moveNumber = 1;
  #chess960 = false;

  // new Setup(): an empty board, white to move, no castling rights. new Setup(fen): Setup.fromFen(fen).
  constructor(fen) {
    if (fen !== undefined) this.#load(fen, false);
  }

  // Reads a FEN's syntax (six fields; the last four may be left out) without judging the
  // position: kings missing, pawns on the back rank, the wrong side in check all load, for editing.
  // options.chess960: castling letters as X-FEN/Shredder-FEN, and games started in Chess960 mode.
  static fromFen(fen, options) {
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw new InvalidArgumentError(`Setup.fromFen: options must be an object, got ${describe(options)}`);
    }
    const chess960 = options?.chess960 ?? false;
    if (typeof chess960 !== 'boolean') throw new InvalidArgumentError('Setup.fromFen: chess960 must be a boolean');
    const setup = new Setup();
    setup.#load(fen, chess960);
    return setup;
  }

  #load(fen, chess960) {
    if (typeof fen !== 'string') throw new InvalidArgumentError(`Setup.fromFen(fen): fen must be a string, got ${describe(fen)}`);
    const bad = (message, offset) => new InvalidFenError(`${message} in FEN ${JSON.stringify(fen)}`, 'INVALID_FEN',
        { offset, kind: 'Syntax', detail: message });
    const fields = fen.trim().split(/\s+/);
    if (fields.length > 6 || fields[0] === '') throw bad('a FEN has 1 to 6 fields', 0);
    const [placement, turn = 'w', castling = '-', ep = '-', half = '0', full = '1'] = fields;
    const squares = new Array(64).fill(null);
    const ranks = placement.split('/');
    if (ranks.length !== 8) throw bad(`the piece placement has ${ranks.length} ranks, not 8`, 0);
    let offset = 0;
    ranks.forEach((rank, r) => {
      let file = 0;
      for (const c of rank) {
        if (c >= '1' && c <= '8') file += Number(c);
        else if (PIECE_TYPES.includes(c.toLowerCase())) {
          if (file < 8) squares[r * 8 + file] = c;
          file++;
        } else throw bad(`${JSON.stringify(c)} is not a piece letter or a digit 1-8`, offset);
        offset++;
        if (file > 8) throw bad(`rank ${8 - r} has more than 8 squares`, offset - 1);
      }
      if (file < 8) throw bad(`rank ${8 - r} has ${file} squares, not 8`, offset);
      offset++;
    });
    if (turn !== 'w' && turn !== 'b') throw bad(`the side to move must be w or b, not ${JSON.stringify(turn)}`, placement.length + 1);
    if (castling !== '-' && ![...castling].every((c) => CASTLING_LETTER.test(c))) {
      throw bad(`${JSON.stringify(castling)} is not a castling field (KQkq, files A-H/a-h, or -)`, placement.length + 3);
    }
    if (ep !== '-' && squareIndex(ep) < 0) throw bad(`${JSON.stringify(ep)} is not an en passant square or -`, fen.indexOf(ep));
    if (!/^\d+$/.test(half)) throw bad(`the halfmove clock must be a number, not ${JSON.stringify(half)}`, fen.indexOf(half));
    if (!/^\d+$/.test(full) || Number(full) < 1) {
      throw bad(`the fullmove number must be a number from 1, not ${JSON.stringify(full)}`, fen.lastIndexOf(full));
    }
    this.#squares = squares;
    this.#turn = turn;
    this.#castling = castling === '-' ? '' : castling;
    this.#enPassant = ep === '-' ? null : ep;
    this.#halfMoves = Number(half);
    this.#moveNumber = Number(full);
    this.#chess960 = chess960;
  }

  // An independent copy.
  clone() { return Setup.fromFen(this.fen(), { chess960: this.#chess960 }); }

  // ---- the pieces ----

  get(square) {
    const p = this.#squares[squareArgument(square, 'Setup.get(square)')];
    return p ? { type: p.toLowerCase(), color: colorOf(p) } : null;
  }
  // Puts a piece on a square (replacing what stood there); returns the setup.
  put(piece, square) {
    if (piece === null || typeof piece !== 'object') {
      throw new InvalidArgumentError(`Setup.put(piece, square): piece must be {type, color}, got ${describe(piece)}`);
    }
    const { type, color } = piece;
    if (typeof type !== 'string' || type.length !== 1 || !PIECE_TYPES.includes(type.toLowerCase())) {
      throw new InvalidArgumentError(`Setup.put: piece.type must be one of p, n, b, r, q, k, got ${describe(type)}`);
    }
    const c = colorArgument(color, 'Setup.put');
    const i = squareArgument(square, 'Setup.put(piece, square)');
    this.#squares[i] = c === 'w' ? type.toUpperCase() : type.toLowerCase();
    return this;
  }
  // Takes the piece off a square; returns it ({type, color}), or null when the square was empty.
  remove(square) {
    const i = squareArgument(square, 'Setup.remove(square)');
    const p = this.#squares[i];
    this.#squares[i] = null;
    return p ? { type: p.toLowerCase(), color: colorOf(p) } : null;
  }
  // Empties the board; also the castling rights and the en passant square (the side to move and
  // the counters stay). Returns the setup.
  clear() {
    this.#squares.fill(null);
    this.#castling = '';
    this.#enPassant = null;
    return this;
  }
  // board()[0] is rank 8, board()[0][0] is a8: {square, type, color} or null (as Chess#board()).
  board() {
    const rows = [];
    for (let r = 0; r < 8; r++) {
      const row = [];
      for (let f = 0; f < 8; f++) {
        const p = this.#squares[r * 8 + f];
        row.push(p ? { square: squareName(r * 8 + f), type: p.toLowerCase(), color: colorOf(p) } : null);
      }
      rows.push(row);
    }
    return rows;
  }

  // ---- the other FEN fields ----

  turn() { return this.#turn; }
  setTurn(color) { this.#turn = colorArgument(color, 'Setup.setTurn'); return this; }

  // The FEN castling field: 'KQkq', 'Kq', 'HAha' (Chess960 files), or '-'.
  castling() { return this.#castling || '-'; }
  setCastling(field) {
    if (typeof field !== 'string' || (field !== '-' && (field === '' || ![...field].every((c) => CASTLING_LETTER.test(c))))) {
      throw new InvalidArgumentError(`Setup.setCastling: field must be FEN castling letters (KQkq, files A-H/a-h) or '-', got ${describe(field)}`);
    }
    if (new Set(field).size !== field.length) {
      throw new InvalidArgumentError(`Setup.setCastling: ${JSON.stringify(field)} repeats a letter`);
    }
    this.#castling = field === '-' ? '' : field;
    return this;
  }
  // {king, queen}: whether `color` may still castle on each side (by the castling field; file
  // letters count for the side of the king they are on).
  castlingRights(color) {
    const c = colorArgument(color, 'Setup.castlingRights');
    const rights = { king: false, queen: false };
    const home = c === 'w' ? 56 : 0;
    const king = this.#squares.findIndex((p, i) => i >= home && i < home + 8 && p === (c === 'w' ? 'K' : 'k'));
    for (const letter of this.#castling) {
      if (colorOf(letter) !== c) continue;
      const l = letter.toLowerCase();
      if (l === 'k') rights.king = true;
      else if (l === 'q') rights.queen = true;
      else if (king >= 0) rights[l.charCodeAt(0) - 97 > king - home ? 'king' : 'queen'] = true;
    }
    return rights;
  }
  // Grants or takes away castling rights of `color`: {king?: boolean, queen?: boolean} (a side left
  // out keeps its right). Written as K/Q/k/q (in Chess960: the outermost rook on that side).
  setCastlingRights(color, rights) {
    const c = colorArgument(color, 'Setup.setCastlingRights');
    if (rights === null || typeof rights !== 'object') {
      throw new InvalidArgumentError(`Setup.setCastlingRights: rights must be {king?, queen?}, got ${describe(rights)}`);
    }
    for (const side of ['king', 'queen']) {
      if (rights[side] !== undefined && typeof rights[side] !== 'boolean') {
        throw new InvalidArgumentError(`Setup.setCastlingRights: rights.${side} must be a boolean, got ${describe(rights[side])}`);
      }
    }
    const now = this.castlingRights(c);
    const king = rights.king ?? now.king;
    const queen = rights.queen ?? now.queen;
    const ours = (k, q) => (c === 'w' ? (k ? 'K' : '') + (q ? 'Q' : '') : (k ? 'k' : '') + (q ? 'q' : ''));
    const theirs = [...this.#castling].filter((l) => colorOf(l) !== c).join('');
    this.#castling = c === 'w' ? ours(king, queen) + theirs : theirs + ours(king, queen);
    return this;
  }

  // The square a pawn may be taken en passant on, or null.
  enPassant() { return this.#enPassant; }
  setEnPassant(square) {
    this.#enPassant = square === null ? null : squareName(squareArgument(square, 'Setup.setEnPassant(square)'));
    return this;
  }
  halfMoveClock() { return this.#halfMoves; }
  setHalfMoveClock(n) { this.#halfMoves = counterArgument(n, 0, 'Setup.setHalfMoveClock(n): n'); return this; }
  moveNumber() { return this.#moveNumber; }
  setMoveNumber(n) { this.#moveNumber = counterArgument(n, 1, 'Setup.setMoveNumber(n): n'); return this; }
  isChess960() { return this.#chess960; }
  setChess960(on) {
    if (typeof on !== 'boolean') throw new InvalidArgumentError(`Setup.setChess960(on): on must be a boolean, got ${describe(on)}`);
    this.#chess960 = on;
    return this;
  }

  // ---- reading it ----

  // The FEN of the position as it stands (whether or not a game could start from it).
  fen() {
    return `${placementOf(this.#squares)} ${this.#turn} ${this.castling()} ${this.#enPassant ?? '-'} ${this.#halfMoves} ${this.#moveNumber}`;
  }
  ascii() { return asciiBoard(this.#squares); }
  // Squares of the `color` pieces (default: the side to move) that attack `square`, a8..h1 order.
  attackers(square, color) {
    const i = squareArgument(square, 'Setup.attackers(square)');
    return attackers(this.#squares, color === undefined ? this.#turn : colorArgument(color, 'Setup.attackers'), i);
  }
  isAttacked(square, color) {
    const i = squareArgument(square, 'Setup.isAttacked(square, color)');
    return isAttacked(this.#squares, colorArgument(color, 'Setup.isAttacked'), i);
  }
  squareColor(square) { return squareColor(squareArgument(square, 'Setup.squareColor(square)')); }
}
