// The error classes of escaque's API (re-exported by index.mjs; docs/api.md "Errors").
//
// Every class sets its `name` as a string literal: a minifier renames classes (`class E extends
// Error`), so a name taken from `new.target.name` or `constructor.name` would read "E" in a
// production bundle. tests/node/api-errors.test.mjs minifies this file and checks every name.

export class EscaqueError extends Error {
  constructor(message, code, details = {}) {
    super(message);
    this.code = code;
    Object.assign(this, details);
  }
}
// The name lives on each prototype (not on the instances), so it is set once per class and an
// instance's own enumerable fields stay its details. The class itself is named too (for stack traces
// and consoles).
const named = (Class, name) => {
  Object.defineProperty(Class.prototype, 'name', { value: name, writable: true, configurable: true });
  Object.defineProperty(Class, 'name', { value: name, configurable: true });
  return Class;
};
named(EscaqueError, 'EscaqueError');

// A subclass `name` of `Base`. With a `code`, every instance has that code: new Class(message, details);
// without, the code is given per instance: new Class(message, code, details).
function errorClass(name, Base, code) {
  return named(code === undefined ? class extends Base {} : class extends Base {
    constructor(message, details) { super(message, code, details); }
  }, name);
}

export const InvalidArgumentError = errorClass('InvalidArgumentError', EscaqueError, 'INVALID_ARGUMENT');
export const NotInitializedError = errorClass('NotInitializedError', EscaqueError, 'NOT_INITIALIZED');
export const DisposedError = errorClass('DisposedError', EscaqueError, 'DISPOSED');
// code: ILLEGAL_MOVE, NO_SUCH_PIECE, MOVE_SYNTAX, EMPTY_MOVE, WRONG_PROMOTION
export const IllegalMoveError = errorClass('IllegalMoveError', EscaqueError);
// code: AMBIGUOUS_MOVE; candidates: the SAN of the legal moves that fit
export const AmbiguousMoveError = errorClass('AmbiguousMoveError', IllegalMoveError);
export const InvalidFenError = errorClass('InvalidFenError', EscaqueError);
export const PgnParseError = errorClass('PgnParseError', EscaqueError);
export const GameOverError = errorClass('GameOverError', EscaqueError);
// code: NOTHING_TO_UNDO, NOTHING_TO_REDO
export const HistoryError = errorClass('HistoryError', EscaqueError);
// code: NO_DRAW_OFFER, OWN_DRAW_OFFER, DRAW_OFFER_STANDS, AGREEMENT_TOO_EARLY
export const DrawOfferError = errorClass('DrawOfferError', EscaqueError);
// code: INVALID_POSITION. A position edited with put()/remove()/setTurn()/... that no game can
// start from (Chess.fromSetup): `reason` is the core's rule broken (e.g. 'KingCount'), `fen` the
// position, `offset` where in that FEN.
export const InvalidPositionError = errorClass('InvalidPositionError', EscaqueError, 'INVALID_POSITION');
// code: ENGINE_FAILED (the worker could not load, or died)
export const EngineError = errorClass('EngineError', EscaqueError, 'ENGINE_FAILED');

// init() could not load the WebAssembly module; `url`: where it looked (null for init({wasmBinary}));
// `cause`: the underlying error, if any. code:
//   fetch-failed     the file could not be read or downloaded (missing, HTTP error, offline)
//   not-webassembly  the bytes are not a WebAssembly module (e.g. an HTML 404 page)
//   wrong-module     a WebAssembly module, but not escaque's (or of another version)
//   start-failed     escaque's module, but it failed while starting
export class EscaqueLoadError extends EscaqueError {
  constructor(message, code, url, cause) {
    super(message, code, { url });
    if (cause !== undefined) Object.defineProperty(this, 'cause', { value: cause, configurable: true, writable: true });
  }
}
named(EscaqueLoadError, 'EscaqueLoadError');
