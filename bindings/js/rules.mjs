// escaque/rules: the package's API without the Engine, for pages that never run an engine. init()
// loads the same rules-only module (escaque-rules.wasm) as the main entry's does.
//
//   import { init, Chess } from 'escaque/rules';
//   await init();
//
// Everything is api.mjs's (the same as index.mjs's, less the Engine): the same classes, errors and
// state, so the two entries share one module in a page.
export {
  init, isInitialized, Chess, Position, Setup, positionMoves, perft,
  EscaqueError, InvalidArgumentError, NotInitializedError, DisposedError, IllegalMoveError,
  AmbiguousMoveError, InvalidFenError, PgnParseError, GameOverError, HistoryError, DrawOfferError,
  InvalidPositionError, EscaqueLoadError,
} from './api.mjs';
