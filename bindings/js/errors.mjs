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
// instance's own enumerable fields stay its details.
const named = (Class, name) => {
  Object.defineProperty(Class.prototype, 'name', { value: name, writable: true, configurable: true });
  return Class;
};
named(EscaqueError, 'EscaqueError');

export class InvalidArgumentError extends EscaqueError {
  constructor(message, details) { super(message, 'INVALID_ARGUMENT', details); }
}
named(InvalidArgumentError, 'InvalidArgumentError');
export class NotInitializedError extends EscaqueError {
  constructor(message) { super(message, 'NOT_INITIALIZED'); }
}
named(NotInitializedError, 'NotInitializedError');
export class DisposedError extends EscaqueError {
  constructor(message) { super(message, 'DISPOSED'); }
}
named(DisposedError, 'DisposedError');
// code: ILLEGAL_MOVE, NO_SUCH_PIECE, MOVE_SYNTAX, EMPTY_MOVE, WRONG_PROMOTION
export class IllegalMoveError extends EscaqueError {}
named(IllegalMoveError, 'IllegalMoveError');
// code: AMBIGUOUS_MOVE; candidates: the SAN of the legal moves that fit
export class AmbiguousMoveError extends IllegalMoveError {}
named(AmbiguousMoveError, 'AmbiguousMoveError');
export class InvalidFenError extends EscaqueError {}
named(InvalidFenError, 'InvalidFenError');
export class PgnParseError extends EscaqueError {}
named(PgnParseError, 'PgnParseError');
export class GameOverError extends EscaqueError {}
named(GameOverError, 'GameOverError');
// code: NOTHING_TO_UNDO, NOTHING_TO_REDO
export class HistoryError extends EscaqueError {}
named(HistoryError, 'HistoryError');
// code: NO_DRAW_OFFER, OWN_DRAW_OFFER, DRAW_OFFER_STANDS, AGREEMENT_TOO_EARLY
export class DrawOfferError extends EscaqueError {}
named(DrawOfferError, 'DrawOfferError');
// code: INVALID_POSITION. A position edited with put()/remove()/setTurn()/... that no game can
// start from (Chess.fromSetup): `reason` is the core's rule broken (e.g. 'KingCount'), `fen` the
// position, `offset` where in that FEN.
export class InvalidPositionError extends EscaqueError {
  constructor(message, details) { super(message, 'INVALID_POSITION', details); }
}
named(InvalidPositionError, 'InvalidPositionError');
// code: ENGINE_FAILED (the worker could not load, or died)
export class EngineError extends EscaqueError {
  constructor(message) { super(message, 'ENGINE_FAILED'); }
}
named(EngineError, 'EngineError');

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
