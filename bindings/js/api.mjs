// escaque's API without the Engine: init, Chess, Setup, Position, the errors. The package's two
// entries re-export it: index.mjs ('escaque', which adds the Engine) and rules.mjs ('escaque/rules').
// The Engine (engine.mjs) imports it too; nothing here imports the Engine, so the modules form no
// cycle and escaque/rules loads none of the Engine's files.
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
import { loadEscaque, useNodeFiles } from './loader.mjs';
import {
  EscaqueError, InvalidArgumentError, NotInitializedError, DisposedError, IllegalMoveError, AmbiguousMoveError,
  InvalidFenError, PgnParseError, GameOverError, HistoryError, DrawOfferError, InvalidPositionError, EngineError,
  EscaqueLoadError,
} from './errors.mjs';
import { Setup, colorArgument, squareArgument } from './setup.mjs';
import { asciiBoard, attackers, isAttacked, squareColor } from './squares.mjs';

export { Setup };

let module = null;
let loading = null;

// Loads the rules' WebAssembly module (escaque-rules.wasm; an Engine's worker loads the search itself)
// once; later calls return the same promise. options: {wasmBinary} its bytes, or {locateFile(name,
// dir)}, or {url} of it.
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
  // A failure to load is an EscaqueLoadError (code fetch-failed, not-webassembly, wrong-module or
  // start-failed, and the url); init() can then be called again.
  loading = loadEscaque({ wasmBinary, locateFile, url: url === undefined ? undefined : String(url) }).then(
    (m) => { module = m; ioSetUp(m); },
    (e) => { loading = null; throw e; });
  return loading;
}

export function isInitialized() { return module !== null; }

function wasm() {
  if (!module) throw new NotInitializedError('escaque is not initialized: await init() first');
  return module;
}

// ---- the hot path ----
//
// The calls an app makes per move go through plain WebAssembly exports
// (game_binding.cpp, "the hot path") that exchange bytes through one static
// buffer. Each either succeeds or returns 0 with the game unchanged; the
// JSON path (the handles of escaque.mjs) is then taken, which reports the error.

let ioAt = 0;         // address of the exchange buffer in WebAssembly memory
let ioTextMax = 0;    // longest text argument the fast calls accept (bytes)
const utf8 = new TextDecoder();
const utf8Encoder = new TextEncoder();

function ioSetUp(m) {
  ioAt = m._escaque_io();
  ioTextMax = m._escaque_io_text_max();
}

// Writes `text` at io + at as UTF-8; its byte length, or -1 if longer than ioTextMax.
function ioWrite(heap, text, at) {
  const n = text.length;
  if (n > ioTextMax) return -1;
  const base = ioAt + at;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) {
      const { read, written } = utf8Encoder.encodeInto(text, heap.subarray(base, base + ioTextMax));
      return read === n ? written : -1;
    }
    heap[base + i] = c;
  }
  return n;
}

// Bytes at heap[at, at + n) as text (ASCII fast, UTF-8 otherwise).
function readText(heap, at, n) {
  for (let i = at, end = at + n; i < end; i++) {
    if (heap[i] >= 0x80) return utf8.decode(heap.subarray(at, at + n));
  }
  return String.fromCharCode.apply(null, heap.subarray(at, at + n));
}

// Short ASCII text at heap[at, at + n) (SAN, n <= 7), interned: the bytes packed into one number
// (7 bits each, exact below 2^53) key a cache of the strings already made, so the same SAN read
// again allocates nothing. Longer or non-ASCII text goes through readText.
const asciiCache = new Map();
const ASCII_CACHE_MAX = 1 << 16;
function asciiText(heap, at, n) {
  if (n > 7) return readText(heap, at, n);
  let packed = 0;
  for (let i = 0; i < n; i++) {
    const c = heap[at + i];
    if (c >= 0x80) return readText(heap, at, n);
    packed = packed * 128 + c;
  }
  packed = packed * 8 + n;  // the length tells "\0a" from "a" apart
  let text = asciiCache.get(packed);
  if (text === undefined) {
    text = readText(heap, at, n);
    if (asciiCache.size < ASCII_CACHE_MAX) asciiCache.set(packed, text);
  }
  return text;
}

const SQUARE_NAMES = [];
for (let i = 0; i < 64; i++) SQUARE_NAMES.push('abcdefgh'[i & 7] + ((i >> 3) + 1));
const PIECE_LETTERS = 'pnbrqk';
const NO_PIECE = 255;
// escaque::OutcomeReason values (src/rules/outcome.h).
const OUTCOME_CHECKMATE = 1;
const OUTCOME_STALEMATE = 2;

// UCI text of a move id (game_binding.cpp write_description's encoding;
// castling stored king-takes-rook), cached: standard games write castling as
// the king's two-square step, Chess960 games as king takes rook.
const uciCache = [new Array(65536), new Array(65536)];
function uciOf(id, chess960) {
  const cache = uciCache[chess960 ? 1 : 0];
  let uci = cache[id];
  if (uci === undefined) {
    const from = id & 63;
    let to = (id >> 6) & 63;
    const kind = id >> 14;
    if (kind === 3 && !chess960) to = (from & 56) + (to > from ? 6 : 2);
    uci = SQUARE_NAMES[from] + SQUARE_NAMES[to] + (kind === 1 ? 'nbrq'[(id >> 12) & 3] : '');
    cache[id] = uci;
  }
  return uci;
}

// The public move object from a packed description at heap[at]; also the
// offset just past it (for lists).
let nextDescription = 0;
function readMove(heap, at) {
  const flags = heap[at + 9];
  const sanLength = heap[at + 11];
  const san = readText(heap, at + 12, sanLength);
  const move = { from: SQUARE_NAMES[heap[at + 2]], to: SQUARE_NAMES[heap[at + 3]],
    color: heap[at + 4] ? 'b' : 'w', piece: PIECE_LETTERS[heap[at + 5]] };
  const promotion = heap[at + 6];
  if (promotion !== NO_PIECE) move.promotion = PIECE_LETTERS[promotion];
  const captured = heap[at + 7];
  if (captured !== NO_PIECE) move.captured = PIECE_LETTERS[captured];
  const rookFrom = heap[at + 8];
  if (rookFrom !== NO_PIECE) move.rookFrom = SQUARE_NAMES[rookFrom];
  move.san = san;
  move.uci = SQUARE_NAMES[heap[at + 2]] + SQUARE_NAMES[heap[at + 10]] +
    (promotion !== NO_PIECE ? PIECE_LETTERS[promotion] : '');
  move.flags = {
    capture: (flags & 1) !== 0,
    enPassant: (flags & 2) !== 0,
    castle: (flags & 4) ? ((flags & 8) ? 'king' : 'queen') : false,
    promotion: (flags & 16) !== 0,
    check: (flags & 32) !== 0,
    checkmate: (flags & 64) !== 0,
  };
  nextDescription = at + 12 + sanLength;
  return move;
}

// ---- errors ----

// The classes live in errors.mjs (each with its name written out, so that minifying keeps it).
export {
  EscaqueError, InvalidArgumentError, NotInitializedError, DisposedError, IllegalMoveError, AmbiguousMoveError,
  InvalidFenError, PgnParseError, GameOverError, HistoryError, DrawOfferError, InvalidPositionError, EngineError,
  EscaqueLoadError,
};

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

// The public shape of a move: without `id`, the internal 16-bit encoding.
function publicMove(raw) {
  const { id, ...move } = raw;
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

// Positions dropped without dispose() are freed by the garbage collector's FinalizationRegistry.
const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { if (!handle.isDeleted()) handle.delete(); })
  : null;

// Games need no dispose() at all, even when dropped inside one synchronous loop (where no
// FinalizationRegistry callback can run): at most LIVE_GAMES games hold WebAssembly memory at once.
// Making or using one more parks the game that became live longest ago: its whole state is copied
// into a byte array held by the Chess object (bindings/embind/game_park.cpp) and its WebAssembly memory
// freed; its next call makes it live again from those bytes, transparently. A parked game is plain
// JavaScript memory, which the garbage collector takes with the object.
const LIVE_GAMES = 64;
const liveGames = new Array(LIVE_GAMES).fill(null);
let liveNext = 0;  // the slot the next live game takes (its occupant is parked)
let parkedSize;    // (game) -> bytes it holds while parked, 0 when live (set in the class)
// Private, for tests and benches: how many games stay live, and a game's parked bytes.
export const _LIVE_GAMES = LIVE_GAMES;
export function _parkedSize(game) { return parkedSize(game); }

// The static factories of Chess and Position hand the constructor a ready handle through this slot
// (a private field cannot be set on an object the constructor did not build).
let pendingHandle = null;
function wrap(Class, handle) {
  pendingHandle = handle;
  try {
    return new Class();
  } finally {
    pendingHandle = null;
  }
}
// The handle a constructor adopts: a factory's (wrap), the start position's (no FEN) or a FEN's
// (`what`: 'Chess' or 'Position'; `field`: where the answer of HandleClass.fromFen holds it).
function constructorHandle(fen, handleClass, what, field) {
  const handle = pendingHandle;
  pendingHandle = null;
  if (handle) return handle;
  const Handle = wasm()[handleClass];
  if (fen === undefined) return new Handle();
  expectString(fen, `new ${what}(fen): fen`);
  return check(Handle.fromFen(fen, false))[field];
}
// X.fromFen(fen, {chess960}): the handle, checked.
function fromFenHandle(fen, options, handleClass, what, field) {
  expectString(fen, `${what}.fromFen(fen): fen`);
  const { chess960 = false } = expectOptions(options, `${what}.fromFen`);
  if (typeof chess960 !== 'boolean') throw new InvalidArgumentError(`${what}.fromFen: chess960 must be a boolean`);
  return check(wasm()[handleClass].fromFen(fen, chess960))[field];
}

// structuredClone() and postMessage() copy an object's own enumerable properties, and a game's state
// is in private fields and WebAssembly: without this they would silently give an empty object. A
// symbol cannot be cloned, so with one as a property they throw a DataCloneError that says why and
// what to do instead ("Symbol(…) could not be cloned.").
const NOT_CLONEABLE_GAME = Symbol('a Chess game cannot be cloned or posted: use game.clone(), or send game.pgn() '
  + 'and rebuild it with Chess.fromPgn()');
const NOT_CLONEABLE_POSITION = Symbol('a Position cannot be cloned or posted: use position.clone(), or send '
  + 'position.fen() and rebuild it with Position.fromFen()');

export class Chess {
  // The class's name in consoles and constructor.name: a minifier renames the class itself.
  static name = 'Chess';
  // (See NOT_CLONEABLE_GAME.)
  notCloneable = NOT_CLONEABLE_GAME;
  #handle;
  #at = 0;            // the handle's address: the key of the hot-path exports (0: parked or disposed)
  #chess960 = false;  // fixed for a game: how castling is written in UCI
  #slot = -1;         // this game's index in liveGames while it is live
  #parked = null;     // the game's bytes while it is parked (Uint8Array)

  // new Chess(): the standard start position. (A FEN string is accepted too, as in Chess.fromFen.)
  constructor(fen) {
    this.#adopt(constructorHandle(fen, 'GameHandle', 'Chess', 'game'));
  }

  static fromFen(fen, options) {
    return wrap(Chess, fromFenHandle(fen, options, 'GameHandle', 'Chess', 'game'));
  }

  // Chess960 start position by Scharnagl number (0..959; 518 is the standard setup).
  static chess960(index) {
    if (!Number.isInteger(index) || index < 0 || index > 959) {
      throw new InvalidArgumentError(`Chess.chess960(index): index must be an integer 0..959, got ${describe(index)}`);
    }
    return wrap(Chess, check(wasm().GameHandle.chess960(index)).game);
  }

  // The first game of a PGN text, its mainline played; {language} of the movetext's piece letters.
  static fromPgn(pgn, options) {
    expectString(pgn, 'Chess.fromPgn(pgn): pgn');
    const { language } = expectOptions(options, 'Chess.fromPgn');
    const lang = expectLanguage(language, 'Chess.fromPgn');
    const answer = check(wasm().GameHandle.fromPgn(pgn, lang));
    const game = wrap(Chess, answer.game);
    game.#importWarnings = answer.warnings;
    return game;
  }
  // What Chess.fromPgn accepted but did not take as the file said it (docs/api.md): [{kind, message}].
  #importWarnings = [];
  importWarnings() { return this.#importWarnings.map((w) => ({ ...w })); }

  // A game from an edited position (class Setup), which is judged here by the rules of
  // Chess.fromFen (one king a side, the side not to move not in check, castling rights with their
  // king and rook at home, an en passant square behind a pawn that just moved, no pawn on the back
  // rank, piece counts a game can reach): when it fails, InvalidPositionError (code
  // INVALID_POSITION) says what, where and why, with `reason` (the rule broken), `fen`, `offset`
  // (into fen) and `detail` (the why alone); the setup is left as it was.
  static fromSetup(setup) {
    if (!(setup instanceof Setup)) {
      throw new InvalidArgumentError(`Chess.fromSetup(setup): setup must be a Setup, got ${describe(setup)}`);
    }
    const fen = setup.fen();
    const answer = wasm().GameHandle.fromFen(fen, setup.isChess960());
    if (!answer.ok) {
      throw new InvalidPositionError(`Chess.fromSetup: no game can start from ${fen}: ${answer.message}`,
          { reason: answer.kind, fen, offset: answer.offset, detail: answer.detail });
    }
    return wrap(Chess, answer.game);
  }

  #adopt(handle) {
    this.#handle = handle;
    this.#at = handle.address();
    this.#chess960 = handle.isChess960();
    this.#goLive();
  }
  // Takes the next slot of liveGames, parking its occupant.
  #goLive() {
    const slot = liveNext;
    liveNext = slot + 1 === LIVE_GAMES ? 0 : slot + 1;
    liveGames[slot]?.#park();
    liveGames[slot] = this;
    this.#slot = slot;
  }
  #park() {
    this.#parked = module.parkGame(this.#handle).slice();
    this.#handle.delete();
    this.#handle = undefined;
    this.#at = 0;
    this.#slot = -1;
  }
  // A parked game made live again; DisposedError for a disposed one.
  #revive() {
    const bytes = this.#parked;
    if (!bytes) throw new DisposedError('this game has been disposed');
    const handle = module.unparkGame(bytes);
    if (!handle) throw new EscaqueError('a parked game could not be restored (unparkGame)', 'INTERNAL');
    this.#parked = null;
    this.#handle = handle;
    this.#at = handle.address();
    this.#goLive();
  }

  #h() {
    if (!this.#handle) this.#revive();
    return this.#handle;
  }
  // The handle's address, for the hot-path exports.
  #a() {
    if (!this.#at) this.#revive();
    return this.#at;
  }

  // A deep copy (handy to branch off an analysis).
  clone() { return wrap(Chess, this.#h().copy()); }

  // Frees the game's memory now; any later call throws DisposedError. Idempotent. Optional: a
  // dropped game's memory is reclaimed anyway (see LIVE_GAMES).
  dispose() {
    if (this.#handle) {
      liveGames[this.#slot] = null;
      this.#handle.delete();
    }
    this.#handle = undefined;
    this.#at = 0;
    this.#slot = -1;
    this.#parked = null;
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.dispose(); }
  get disposed() { return !this.#handle && !this.#parked; }
  static {
    parkedSize = (game) => (game.#parked ? game.#parked.length : 0);
  }

  // ---- moves ----
  moves(options) {
    const { language } = expectOptions(options, 'moves');
    const lang = expectLanguage(language, 'moves');
    const at = this.#a();
    const m = module;
    // A language name too long for the buffer is no language: English, as for any unknown name.
    const langLength = lang === 'en' ? 0 : Math.max(0, ioWrite(m.HEAPU8, lang, 0));
    const n = m._escaque_moves(at, langLength);
    if (n < 0) throw new EscaqueError('moves: the move list does not fit the exchange buffer', 'INTERNAL');
    const heap = m.HEAPU8;
    const list = new Array(n);
    let p = ioAt;
    for (let i = 0; i < n; i++) {
      list[i] = readMove(heap, p);
      p = nextDescription;
    }
    return list;
  }
  movesUci() {
    const at = this.#a();
    const m = module;
    const n = m._escaque_move_ids(at);
    const ids = m.HEAPU16;
    const base = ioAt >> 1;
    const chess960 = this.#chess960;
    const list = new Array(n);
    for (let i = 0; i < n; i++) list[i] = uciOf(ids[base + i], chess960);
    return list;
  }
  movesFrom(square) {
    if (typeof square !== 'string' || !SQUARE.test(square)) {
      throw new InvalidArgumentError(`movesFrom(square): square must be like "e2", got ${describe(square)}`);
    }
    return this.moves().filter((m) => m.from === square);
  }

  // input: SAN in any supported language (lenient), UCI ("e2e4", "e7e8q"), or {from, to, promotion}.
  move(input, options) {
    const lang = options === undefined ? 'en' : expectLanguage(expectOptions(options, 'move').language, 'move');
    const text = typeof input === 'string' ? input : this.#inputText(input, 'move');
    const at = this.#a();
    const m = module;
    const heap = m.HEAPU8;
    const textLength = ioWrite(heap, text, 0);
    const langLength = textLength < 0 || lang === 'en' ? 0 : ioWrite(heap, lang, textLength);
    // The text and language in the exchange buffer, or (too long for it) through embind.
    const played = textLength >= 0 && langLength >= 0 ? m._escaque_play(at, textLength, langLength)
      : this.#h().playText(text, lang);
    if (played) return readMove(module.HEAPU8, ioAt);
    throw toError(this.#h().playRefusal(text, lang));
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
  undo() { return this.#played(module._escaque_undo(this.#a()), 'undo', 'NOTHING_TO_UNDO'); }
  // Replays the last undone move; returns it, or null when there is none.
  redo() { return this.#played(module._escaque_redo(this.#a()), 'redo', 'NOTHING_TO_REDO'); }
  // What escaque_undo or escaque_redo answered: 1, the move they wrote; 0, refused with nothing changed,
  // and the handle's own undo or redo (asked again, refused again) says why: thrown as its error, or null
  // for the refusal `nothing` (nothing to do).
  #played(n, name, nothing) {
    if (n > 0) return readMove(module.HEAPU8, ioAt);
    const refusal = this.#h()[name]();
    if (refusal.code === nothing) return null;
    throw toError(refusal);
  }

  history(options) {
    const { verbose = false, language } = expectOptions(options, 'history');
    if (typeof verbose !== 'boolean') throw new InvalidArgumentError('history: verbose must be a boolean');
    const list = this.#h().history(verbose, expectLanguage(language, 'history'));
    return verbose ? list.map(publicMove) : list;
  }

  // ---- state ----
  fen() {
    const m = module;
    const n = m._escaque_fen(this.#a());
    return readText(m.HEAPU8, ioAt, n);
  }
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
  // The board as text, rank 8 first (as chess.js's ascii()).
  ascii() { return asciiBoard(this.#squares()); }
  // Squares (a8..h1 order) of the `color` pieces (default: the side to move) that attack `square`:
  // pieces that could capture there, pinned ones included (as chess.js's attackers()).
  attackers(square, color) {
    const i = squareArgument(square, 'attackers(square)');
    const c = color === undefined ? this.turn() : colorArgument(color, 'attackers');
    return attackers(this.#squares(), c, i);
  }
  isAttacked(square, color) {
    const i = squareArgument(square, 'isAttacked(square, color)');
    return isAttacked(this.#squares(), colorArgument(color, 'isAttacked'), i);
  }
  // 'light' or 'dark'.
  squareColor(square) { return squareColor(squareArgument(square, 'squareColor(square)')); }
  // Squares of the pieces giving check to the side to move ([] when not in check).
  checkers() {
    const squares = this.#squares();
    const us = this.turn();
    const king = squares.indexOf(us === 'w' ? 'K' : 'k');
    return king < 0 ? [] : attackers(squares, us === 'w' ? 'b' : 'w', king);
  }
  // The current position as an editable Setup (plain data; this game is not touched).
  setup() { return Setup.fromFen(this.fen(), { chess960: this.#chess960 }); }
  // The board as 64 FEN letters or null, a8 first (squares.mjs's layout).
  #squares() {
    const board = this.#h().board();  // a1 first
    const squares = new Array(64);
    for (let i = 0; i < 64; i++) {
      const c = board.charAt(i);
      squares[(7 - (i >> 3)) * 8 + (i & 7)] = c === '.' ? null : c;
    }
    return squares;
  }
  turn() { return module._escaque_turn(this.#a()) ? 'b' : 'w'; }
  isChess960() { this.#a(); return this.#chess960; }
  inCheck() { return module._escaque_in_check(this.#a()) !== 0; }
  isCheckmate() { return module._escaque_outcome_reason(this.#a()) === OUTCOME_CHECKMATE; }
  isStalemate() { return module._escaque_outcome_reason(this.#a()) === OUTCOME_STALEMATE; }
  isDeadPosition() { return this.#h().isDeadPosition(); }
  isInsufficientMaterial() { return this.#h().isInsufficientMaterial(); }
  canCheckmate(color) { return this.#h().canCheckmate(expectColor(color, 'canCheckmate')); }
  repetitionCount() { return module._escaque_repetition_count(this.#a()); }
  isGameOver() { return module._escaque_is_over(this.#a()) !== 0; }
  outcome() { return this.#h().outcome(); }

  // ---- draws and other endings ----
  // Whether the player to move may claim a draw now (threefold repetition, 50 moves), or, with
  // an intended move (Art. 9.2.1.1/9.3.1), whether claimDraw(intendedMove) would be granted. A pure
  // query: the game is not changed (no move, no offer); an intended move that is not legal throws
  // IllegalMoveError as claimDraw would.
  canClaimDraw(intendedMove) {
    if (intendedMove === undefined) return module._escaque_can_claim_draw(this.#a()) !== 0;
    const text = this.#inputText(intendedMove, 'canClaimDraw');
    const id = check(this.#h().parse(text, 'en')).move.id;
    const copy = this.#h().copy();  // claimDraw plays a refused claim's move: on a copy
    try {
      const answer = copy.claimDraw(id);
      return answer.ok && answer.granted;
    } finally {
      copy.delete();
    }
  }
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
    return check(this.#h().pgn(lang, clocks, Object.entries(headers), Math.min(lineWidth, 2 ** 31 - 1))).text;
  }
  // The tags read by Chess.fromPgn, as {Name: value}.
  headers() { return Object.fromEntries(this.#h().headers()); }
}

// ---- a bare position ----

// A board and its own move stack, without a game's rules: no outcome, no
// claims, no repetition or dead-position analysis, no SAN history. For loops
// that play and take back many moves (perft, playouts, analysis tools), where
// Chess's per-move bookkeeping would dominate. Moves are UCI or English SAN
// text, or the numeric ids that moveIds() lists.
export class Position {
  static name = 'Position';  // (as Chess.name)
  // (See NOT_CLONEABLE_GAME.)
  notCloneable = NOT_CLONEABLE_POSITION;
  #handle;
  #at = 0;
  #chess960 = false;
  // The status word of the current position (escaque_position_status), or -1 until asked:
  // one call answers every state query of a position; play and undo forget it.
  #status = -1;

  // new Position(): the standard start position; new Position(fen) as Position.fromFen(fen).
  constructor(fen) {
    this.#adopt(constructorHandle(fen, 'PositionHandle', 'Position', 'position'));
  }

  static fromFen(fen, options) {
    return wrap(Position, fromFenHandle(fen, options, 'PositionHandle', 'Position', 'position'));
  }

  #adopt(handle) {
    this.#handle = handle;
    this.#at = handle.address();
    this.#chess960 = handle.isChess960();
    registry?.register(this, handle, this);
  }
  #a() {
    if (!this.#at) throw new DisposedError('this position has been disposed');
    return this.#at;
  }

  // A copy with the same board and move stack.
  clone() { this.#a(); return wrap(Position, this.#handle.copy()); }
  dispose() {
    if (!this.#handle) return;
    registry?.unregister(this);
    this.#handle.delete();
    this.#handle = undefined;
    this.#at = 0;
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.dispose(); }
  get disposed() { return !this.#handle; }

  // The legal moves as ids (a new array each call, in UCI order); uci(id) and san(id) name them.
  moveIds() {
    const m = module;
    const n = m._escaque_position_move_ids(this.#a());
    const ids = m.HEAPU16;
    const base = ioAt >> 1;
    const list = new Array(n);
    for (let i = 0; i < n; i++) list[i] = ids[base + i];
    return list;
  }
  // (movesUci writes over moveIds' fresh array: a tagged array holds strings as well as small integers,
  // so this allocates nothing more; moves() fills its own, see there.)
  movesUci() {
    const list = this.moveIds();
    const chess960 = this.#chess960;
    for (let i = 0; i < list.length; i++) list[i] = uciOf(list[i], chess960);
    return list;
  }
  // The legal moves as frozen {id, uci, from, to, promotion?} objects, in UCI order (a new
  // array each call; the objects are shared by every call and position, one per move and kind of
  // game, so listing the moves allocates nothing else). play/san/sanAndPlay take them or their id.
  moves() {
    const m = module;
    const n = m._escaque_position_move_ids(this.#a());
    const ids = m.HEAPU16;
    const base = ioAt >> 1;
    const cache = moveCache[this.#chess960 ? 1 : 0];
    // Filled with the objects straight away: an array of small integers first changes its elements'
    // kind on the first object (3-4 % of the anchors' random games, bench/ab-builds.mjs both ways;
    // push() instead of new Array(n): 7-10 % slower).
    const list = new Array(n);
    for (let i = 0; i < n; i++) {
      const id = ids[base + i];
      list[i] = cache[id] ?? newPositionMove(cache, id, this.#chess960);
    }
    return list;
  }
  // UCI text of a move id (castling as e1g1, or king takes rook in Chess960).
  uci(id) {
    this.#a();
    if (!Number.isInteger(id) || id < 0 || id > 0xFFFF) {
      throw new InvalidArgumentError(`uci(id): id must be a move id from moveIds(), got ${describe(id)}`);
    }
    return uciOf(id, this.#chess960);
  }

  // Plays a legal move (id, UCI or English SAN); anything else throws IllegalMoveError, position unchanged.
  play(move) {
    const at = this.#a();
    if (!module._escaque_position_play_id(at, this.#id(move, 'play'))) this.#illegal(move, 'play');
    this.#status = -1;
  }
  // Plays a legal move like play() and returns its SAN (as san() would have before the move), in
  // one call: the check/mate suffix comes from the replies, which the next query reuses.
  sanAndPlay(move) {
    const m = module;
    const n = m._escaque_position_san_play(this.#a(), this.#id(move, 'sanAndPlay'));
    if (!n) this.#illegal(move, 'sanAndPlay');
    this.#status = -1;
    return asciiText(m.HEAPU8, ioAt, n);
  }
  // Takes back the last move played; false when there is none.
  undo() {
    this.#status = -1;
    return module._escaque_position_undo(this.#a()) !== 0;
  }
  // Moves played on this position (its undo depth).
  plies() { return module._escaque_position_plies(this.#a()); }

  // SAN of a legal move (id, UCI or English SAN), without playing it.
  san(move) {
    const m = module;
    const n = m._escaque_position_san(this.#a(), this.#id(move, 'san'));
    if (!n) this.#illegal(move, 'san');
    return asciiText(m.HEAPU8, ioAt, n);
  }

  #id(move, what) {
    if (typeof move === 'object' && move !== null) {
      const id = move.id;  // a move from moves() (those objects only: their id is known to fit)
      if ((moveCache[0][id] === move || moveCache[1][id] === move)) move = id;
    }
    if (typeof move === 'number') {
      if (!Number.isInteger(move)) throw new InvalidArgumentError(`${what}(move): ${move} is not a move id`);
      return move;
    }
    if (typeof move !== 'string') {
      throw new InvalidArgumentError(
        `${what}(move): a move must be an id, a UCI or SAN string or a move from moves(), got ${describe(move)}`);
    }
    const m = module;
    const n = ioWrite(m.HEAPU8, move, 0);
    return n < 0 ? -1 : m._escaque_position_find(this.#at, n);
  }
  #illegal(move, what) {
    throw new IllegalMoveError(`${what}(${describe(move)}): not a legal move in ${this.fen()}`, 'ILLEGAL_MOVE');
  }

  fen() {
    const m = module;
    const n = m._escaque_position_fen(this.#a());
    return readText(m.HEAPU8, ioAt, n);
  }
  // A string equal for two positions exactly when they are the same position in FIDE's sense
  // (Art. 9.2.3: pieces, side to move, castling rights, en passant possibility): repetition tables.
  key() {
    const m = module;
    m._escaque_position_key(this.#a());  // 18 words (escaque_position_key)
    const w = m.HEAPU16;
    const b = ioAt >> 1;
    return String.fromCharCode(w[b], w[b + 1], w[b + 2], w[b + 3], w[b + 4], w[b + 5], w[b + 6], w[b + 7],
      w[b + 8], w[b + 9], w[b + 10], w[b + 11], w[b + 12], w[b + 13], w[b + 14], w[b + 15], w[b + 16], w[b + 17]);
  }
  // How often the current position has occurred on this Position's move stack, itself included
  // (FIDE's "same position", as key()): 3 means a threefold repetition since the moves kept here.
  repetitionCount() { return module._escaque_position_repetitions(this.#a()); }
  #state() {
    const at = this.#a();
    return this.#status >= 0 ? this.#status : (this.#status = module._escaque_position_status(at));
  }
  turn() { return (this.#state() & 8) ? 'b' : 'w'; }
  isChess960() { this.#a(); return this.#chess960; }
  inCheck() { return (this.#state() & 1) !== 0; }
  isCheckmate() { return (this.#state() & 3) === 3; }
  isStalemate() { return (this.#state() & 3) === 2; }
  // The narrow, material-only test (K v K, K+minor v K, bishops all on one colour).
  isInsufficientMaterial() { return (this.#state() & 4) !== 0; }
  // Half-moves since the last capture or pawn move (the 50-move rule's count).
  halfMoveClock() { return this.#state() >> 8; }
}

// Position#moves()'s objects, one per move id and kind of game, made on first use.
const moveCache = [new Array(65536), new Array(65536)];
function newPositionMove(cache, id, chess960) {
  const uci = uciOf(id, chess960);
  const move = { id, uci, from: uci.slice(0, 2), to: uci.slice(2, 4) };
  if (uci.length === 5) move.promotion = uci[4];
  return (cache[id] = Object.freeze(move));
}

// Private: bytes allocated in the WebAssembly heap (leak tests).
export function _heapInUse() { return wasm().heapInUse(); }
export function _heapSize() { return wasm().HEAPU8.length; }

// Private: the raw WebAssembly module (the Engine's worker drives its UCI session through it).
export function _wasmModule() { return wasm(); }

// Private: Node's file access for the loader, from node-files.mjs (through here, not loader.mjs: the
// package ships api.mjs with the loader inside, scripts/minify-js.mjs).
export { useNodeFiles as _useNodeFiles };

// ---- positions without a game (used by escaque/compat/chess.js) ----

// The legal moves of the position `fen` as [{uci, san}], in generation order, by
// the rules of movement alone: unlike Chess#moves(), no game-ending rule (dead
// position, repetition, move counters) empties the list, and FEN's plausibility
// checks (piece counts, pawns on the back rank) are off, as for puzzles. The FEN
// must still have one king per side and the side not to move out of check.
export function positionMoves(fen) {
  expectString(fen, 'positionMoves(fen): fen');
  const packed = check(wasm().positionMoves(fen)).moves;
  const words = packed === '' ? [] : packed.split(' ');
  const list = [];
  for (let i = 0; i < words.length; i += 2) list.push({ uci: words[i], san: words[i + 1] });
  return list;
}

// The number of leaf nodes of the legal move tree of `fen` at `depth` (0..10), as positionMoves().
export function perft(fen, depth) {
  expectString(fen, 'perft(fen, depth): fen');
  if (!Number.isInteger(depth) || depth < 0 || depth > 10) {
    throw new InvalidArgumentError(`perft(fen, depth): depth must be an integer 0..10, got ${describe(depth)}`);
  }
  return check(wasm().positionPerft(fen, depth)).nodes;
}
