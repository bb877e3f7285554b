// escaque: the public JavaScript API (the package's main entry point).
//
//   import { init, Chess } from 'escaque';
//   await init();
//   const game = new Chess();
//   game.move('e4'); game.move('Cf6', { language: 'es' }); game.move({ from: 'g1', to: 'f3' });
//
// Every result is a plain JS value copied out of WebAssembly: nothing needs
// .delete() except, optionally, the game itself (dispose(), or `using`); a
// FinalizationRegistry frees games that are simply dropped.
//
// Arguments are type-checked here, before anything reaches WebAssembly, so a
// wrong argument is an InvalidArgumentError and never a runtime abort. Every
// refusal leaves the game exactly as it was.
import { loadEscaque } from './loader.mjs';

let module = null;
let loading = null;

// Loads the WebAssembly module once; later calls return the same promise.
// options: {wasmBinary} bytes of escaque.wasm, or {locateFile(name, dir)}, or {url} of escaque.wasm.
export function init(options = {}) {
  if (module) return Promise.resolve();
  if (loading) return loading;
  if (options === null || typeof options !== 'object') {
    return Promise.reject(new InvalidArgumentError('init(options): options must be an object'));
  }
  const { wasmBinary, locateFile, url } = options;
  if (wasmBinary !== undefined && !(wasmBinary instanceof ArrayBuffer || ArrayBuffer.isView(wasmBinary))) {
    return Promise.reject(new InvalidArgumentError('init(options): wasmBinary must be an ArrayBuffer or typed array'));
  }
  if (locateFile !== undefined && typeof locateFile !== 'function') {
    return Promise.reject(new InvalidArgumentError('init(options): locateFile must be a function'));
  }
  if (url !== undefined && typeof url !== 'string' && !(url instanceof URL)) {
    return Promise.reject(new InvalidArgumentError('init(options): url must be a string or URL'));
  }
  const locate = locateFile ?? (url !== undefined ? () => String(url) : undefined);
  loading = loadEscaque({ wasmBinary, locateFile: locate }).then(
    (m) => { module = m; },
    (e) => { loading = null; throw e; });
  return loading;
}

export function isInitialized() { return module !== null; }

function wasm() {
  if (!module) throw new NotInitializedError('escaque is not initialized: await init() first');
  return module;
}

// ---- errors ----

export class EscaqueError extends Error {
  constructor(message, code, details = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    Object.assign(this, details);
  }
}
export class InvalidArgumentError extends EscaqueError {
  constructor(message, details) { super(message, 'INVALID_ARGUMENT', details); }
}
export class NotInitializedError extends EscaqueError {
  constructor(message) { super(message, 'NOT_INITIALIZED'); }
}
export class DisposedError extends EscaqueError {
  constructor(message) { super(message, 'DISPOSED'); }
}
// code: ILLEGAL_MOVE, NO_SUCH_PIECE, MOVE_SYNTAX, EMPTY_MOVE, WRONG_PROMOTION
export class IllegalMoveError extends EscaqueError {}
// code: AMBIGUOUS_MOVE; candidates: the SAN of the legal moves that fit
export class AmbiguousMoveError extends IllegalMoveError {}
export class InvalidFenError extends EscaqueError {}
export class PgnParseError extends EscaqueError {}
export class GameOverError extends EscaqueError {}
// code: NOTHING_TO_UNDO, NOTHING_TO_REDO
export class HistoryError extends EscaqueError {}
// code: NO_DRAW_OFFER, OWN_DRAW_OFFER, DRAW_OFFER_STANDS, AGREEMENT_TOO_EARLY
export class DrawOfferError extends EscaqueError {}

const ERROR_CLASSES = {
  INVALID_ARGUMENT: InvalidArgumentError,
  ILLEGAL_MOVE: IllegalMoveError,
  NO_SUCH_PIECE: IllegalMoveError,
  MOVE_SYNTAX: IllegalMoveError,
  EMPTY_MOVE: IllegalMoveError,
  WRONG_PROMOTION: IllegalMoveError,
  NOT_STANDARD: IllegalMoveError,
  AMBIGUOUS_MOVE: AmbiguousMoveError,
  INVALID_FEN: InvalidFenError,
  PGN_PARSE: PgnParseError,
  GAME_OVER: GameOverError,
  NOTHING_TO_UNDO: HistoryError,
  NOTHING_TO_REDO: HistoryError,
  NO_DRAW_OFFER: DrawOfferError,
  OWN_DRAW_OFFER: DrawOfferError,
  DRAW_OFFER_STANDS: DrawOfferError,
  AGREEMENT_TOO_EARLY: DrawOfferError,
};

// Turns a {ok: false, code, message, ...} answer from WebAssembly into the error to throw.
function toError(failure) {
  const { ok, code, message, ...details } = failure;
  const Class = ERROR_CLASSES[code] ?? EscaqueError;
  if (Class === InvalidArgumentError) return new InvalidArgumentError(message, details);
  return new Class(message, code, details);
}

function check(answer) {
  if (!answer.ok) throw toError(answer);
  return answer;
}

// ---- argument checks ----

const SQUARE = /^[a-h][1-8]$/;
const PROMOTION = /^[nbrq]$/;

function expectString(value, what) {
  if (typeof value !== 'string') throw new InvalidArgumentError(`${what} must be a string, got ${describe(value)}`);
}
function expectOptions(options, what) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') {
    throw new InvalidArgumentError(`${what}: options must be an object, got ${describe(options)}`);
  }
  return options;
}
function expectColor(color, what) {
  if (color === 'w' || color === 'white') return 0;
  if (color === 'b' || color === 'black') return 1;
  throw new InvalidArgumentError(`${what}: color must be 'w' or 'b', got ${describe(color)}`);
}
function expectLanguage(language, what) {
  if (language === undefined) return 'en';
  expectString(language, `${what}: language`);
  return language;
}
function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

// ---- moves ----

// The public shape of a move; `id` (the internal 16-bit encoding) is kept non-enumerable.
function publicMove(raw) {
  const { id, ...move } = raw;
  Object.defineProperty(move, 'id', { value: id, enumerable: false });
  return move;
}

// {from, to, promotion?} -> UCI text; castling as king to its destination or king takes rook.
function objectToUci(input) {
  const { from, to, promotion } = input;
  if (typeof from !== 'string' || !SQUARE.test(from)) {
    throw new InvalidArgumentError(`move: "from" must be a square like "e2", got ${describe(from)}`);
  }
  if (typeof to !== 'string' || !SQUARE.test(to)) {
    throw new InvalidArgumentError(`move: "to" must be a square like "e4", got ${describe(to)}`);
  }
  if (promotion !== undefined && (typeof promotion !== 'string' || !PROMOTION.test(promotion.toLowerCase()))) {
    throw new InvalidArgumentError(`move: "promotion" must be one of n, b, r, q, got ${describe(promotion)}`);
  }
  return from + to + (promotion ? promotion.toLowerCase() : '');
}

// ---- the game ----

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { if (!handle.isDeleted()) handle.delete(); })
  : null;

export class Chess {
  #handle;

  // new Chess(): the standard start position. (A FEN string is accepted too, as in Chess.fromFen.)
  constructor(fen) {
    const m = wasm();
    if (Chess.#pending) {
      this.#adopt(Chess.#pending);
      Chess.#pending = null;
    } else if (fen === undefined) {
      this.#adopt(new m.GameHandle());
    } else {
      expectString(fen, 'new Chess(fen): fen');
      this.#adopt(check(m.GameHandle.fromFen(fen, false)).game);
    }
  }

  static fromFen(fen, options) {
    expectString(fen, 'Chess.fromFen(fen): fen');
    const { chess960 = false } = expectOptions(options, 'Chess.fromFen');
    if (typeof chess960 !== 'boolean') throw new InvalidArgumentError('Chess.fromFen: chess960 must be a boolean');
    return Chess.#wrap(check(wasm().GameHandle.fromFen(fen, chess960)).game);
  }

  // Chess960 start position by Scharnagl number (0..959; 518 is the standard setup).
  static chess960(index) {
    if (!Number.isInteger(index) || index < 0 || index > 959) {
      throw new InvalidArgumentError(`Chess.chess960(index): index must be an integer 0..959, got ${describe(index)}`);
    }
    return Chess.#wrap(check(wasm().GameHandle.chess960(index)).game);
  }

  // The first game of a PGN text, its mainline played; {language} of the movetext's piece letters.
  static fromPgn(pgn, options) {
    expectString(pgn, 'Chess.fromPgn(pgn): pgn');
    const { language } = expectOptions(options, 'Chess.fromPgn');
    const lang = expectLanguage(language, 'Chess.fromPgn');
    return Chess.#wrap(check(wasm().GameHandle.fromPgn(pgn, lang)).game);
  }

  // The factories hand the constructor a ready handle through this slot (a private
  // field cannot be set on an object the constructor did not build).
  static #pending = null;
  static #wrap(handle) {
    Chess.#pending = handle;
    try {
      return new Chess();
    } finally {
      Chess.#pending = null;
    }
  }

  #adopt(handle) {
    this.#handle = handle;
    registry?.register(this, handle, this);
  }

  #h() {
    if (!this.#handle) throw new DisposedError('this game has been disposed');
    return this.#handle;
  }

  // A deep copy (handy to branch off an analysis).
  clone() { return Chess.#wrap(this.#h().clone()); }

  // Frees the game's WebAssembly memory now; any later call throws DisposedError. Idempotent.
  dispose() {
    if (!this.#handle) return;
    registry?.unregister(this);
    this.#handle.delete();
    this.#handle = undefined;
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.dispose(); }
  get disposed() { return !this.#handle; }

  // ---- moves ----
  moves(options) {
    const { language } = expectOptions(options, 'moves');
    return this.#h().moves(expectLanguage(language, 'moves')).map(publicMove);
  }
  movesUci() { return this.#h().movesUci(); }
  movesFrom(square) {
    if (typeof square !== 'string' || !SQUARE.test(square)) {
      throw new InvalidArgumentError(`movesFrom(square): square must be like "e2", got ${describe(square)}`);
    }
    return this.moves().filter((m) => m.from === square);
  }

  // input: SAN in any supported language (lenient), UCI ("e2e4", "e7e8q"), or {from, to, promotion}.
  move(input, options) {
    const { language } = expectOptions(options, 'move');
    const lang = expectLanguage(language, 'move');
    const text = this.#inputText(input, 'move');
    return publicMove(check(this.#h().playText(text, lang)).move);
  }

  // SAN of a move in the current position, in `language` (default English); the move is not played.
  san(input, language) {
    const lang = expectLanguage(language, 'san');
    const text = this.#inputText(input, 'san');
    const found = check(this.#h().parse(text, 'en'));
    if (lang === 'en') return found.move.san;
    return check(this.#h().parse(found.move.uci, lang)).move.san;
  }

  #inputText(input, what) {
    if (typeof input === 'string') return input;
    if (input !== null && typeof input === 'object') return objectToUci(input);
    throw new InvalidArgumentError(`${what}(input): a move must be a string or {from, to, promotion}, got ${describe(input)}`);
  }

  // Takes back the last move; returns it, or null when there is none.
  undo() {
    const r = this.#h().undo();
    if (!r.ok && r.code === 'NOTHING_TO_UNDO') return null;
    return publicMove(check(r).move);
  }
  // Replays the last undone move; returns it, or null when there is none.
  redo() {
    const r = this.#h().redo();
    if (!r.ok && r.code === 'NOTHING_TO_REDO') return null;
    return publicMove(check(r).move);
  }

  history(options) {
    const { verbose = false, language } = expectOptions(options, 'history');
    if (typeof verbose !== 'boolean') throw new InvalidArgumentError('history: verbose must be a boolean');
    const list = this.#h().history(verbose, expectLanguage(language, 'history'));
    return verbose ? list.map(publicMove) : list;
  }

  // ---- state ----
  fen() { return this.#h().fen(); }
  // board()[0] is rank 8, board()[0][0] is a8: {square, type, color} or null.
  board() {
    const squares = this.#h().board();
    const rows = [];
    for (let rank = 7; rank >= 0; rank--) {
      const row = [];
      for (let file = 0; file < 8; file++) {
        const c = squares[rank * 8 + file];
        row.push(c === '.' ? null : {
          square: 'abcdefgh'[file] + (rank + 1),
          type: c.toLowerCase(),
          color: c === c.toUpperCase() ? 'w' : 'b',
        });
      }
      rows.push(row);
    }
    return rows;
  }
  get(square) {
    if (typeof square !== 'string' || !SQUARE.test(square)) {
      throw new InvalidArgumentError(`get(square): square must be like "e2", got ${describe(square)}`);
    }
    const c = this.#h().board()[(Number(square[1]) - 1) * 8 + (square.charCodeAt(0) - 97)];
    return c === '.' ? null : { type: c.toLowerCase(), color: c === c.toUpperCase() ? 'w' : 'b' };
  }
  turn() { return this.#h().turn(); }
  isChess960() { return this.#h().isChess960(); }
  inCheck() { return this.#h().inCheck(); }
  isCheckmate() { return this.#h().isCheckmate(); }
  isStalemate() { return this.#h().isStalemate(); }
  isDeadPosition() { return this.#h().isDeadPosition(); }
  isInsufficientMaterial() { return this.#h().isInsufficientMaterial(); }
  canCheckmate(color) { return this.#h().canCheckmate(expectColor(color, 'canCheckmate')); }
  repetitionCount() { return this.#h().repetitionCount(); }
  isGameOver() { return this.#h().isOver(); }
  outcome() { return this.#h().outcome(); }

  // ---- draws and other endings ----
  canClaimDraw() { return this.#h().canClaimDraw(); }
  // Claim by the player to move, optionally with an intended move (Art. 9.2/9.3): see docs/api.md.
  claimDraw(intendedMove) {
    let id = -1;
    if (intendedMove !== undefined) {
      const text = this.#inputText(intendedMove, 'claimDraw');
      id = check(this.#h().parse(text, 'en')).move.id;
    }
    const { ok, ...result } = check(this.#h().claimDraw(id));
    return result;
  }
  // The colour whose draw offer stands, or null.
  drawOffer() { return this.#h().drawOffer() || null; }
  offerDraw(color) { check(this.#h().offerDraw(expectColor(color, 'offerDraw'))); }
  // By the opponent of whoever offered.
  acceptDraw() { check(this.#h().acceptDraw(this.#responder())); }
  declineDraw() { check(this.#h().declineDraw(this.#responder())); }
  #responder() {
    const offer = this.#h().drawOffer();
    if (!offer) throw new DrawOfferError('no draw offer stands', 'NO_DRAW_OFFER');
    return offer === 'w' ? 1 : 0;
  }
  resign(color) { check(this.#h().resign(expectColor(color, 'resign'))); }
  flag(color) { check(this.#h().flag(expectColor(color, 'flag'))); }

  // ---- PGN ----
  // options: {language, clocks: milliseconds left after each move, headers: {Name: value}, lineWidth}
  pgn(options) {
    const { language, clocks = [], headers = {}, lineWidth = 80 } = expectOptions(options, 'pgn');
    const lang = expectLanguage(language, 'pgn');
    if (!Array.isArray(clocks) || !clocks.every((c) => Number.isFinite(c) && c >= 0)) {
      throw new InvalidArgumentError('pgn: clocks must be an array of non-negative numbers (milliseconds)');
    }
    if (headers === null || typeof headers !== 'object' ||
        !Object.entries(headers).every(([, v]) => typeof v === 'string')) {
      throw new InvalidArgumentError('pgn: headers must be an object of string values');
    }
    if (!Number.isInteger(lineWidth) || lineWidth < 0) {
      throw new InvalidArgumentError('pgn: lineWidth must be a non-negative integer');
    }
    return check(this.#h().pgn(lang, clocks, Object.entries(headers), lineWidth)).text;
  }
  // The tags read by Chess.fromPgn, as {Name: value}.
  headers() { return Object.fromEntries(this.#h().headers()); }
}

// Private: bytes allocated in the WebAssembly heap (leak tests).
export function _heapInUse() { return wasm().heapInUse(); }
export function _heapSize() { return wasm().HEAPU8.length; }

// Private: the raw WebAssembly module (the Engine's worker drives its UCI session through it).
export function _wasmModule() { return wasm(); }

// The search engine in a worker (issue 4; docs/api.md "Engine"). EngineError lives
// here, not in engine.mjs, because engine.mjs imports this module (a class cannot
// extend one from a module that is still being evaluated).
// code: ENGINE_FAILED (the worker could not load, or died)
export class EngineError extends EscaqueError {
  constructor(message) { super(message, 'ENGINE_FAILED'); }
}
export { Engine } from './engine.mjs';
