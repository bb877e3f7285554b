// escaque/rules: the package's API without the Engine, on the rules-only build of the
// module (escaque-rules.wasm: the rules without the search; 66 KB gzip against the full
// escaque.wasm's 100 KB). For pages that never run an engine.
//
//   import { init, Chess } from 'escaque/rules';
//   await init();
//
// Everything else is index.mjs's: the same classes, errors and state, so the two entries
// must not both be used in one page (whichever init() runs first loads its module).
import { init as initModule } from './index.mjs';

export {
  isInitialized, Chess, Position, positionMoves, perft,
  EscaqueError, InvalidArgumentError, NotInitializedError, DisposedError, IllegalMoveError,
  AmbiguousMoveError, InvalidFenError, PgnParseError, GameOverError, HistoryError, DrawOfferError,
} from './index.mjs';

// init() of index.mjs, loading escaque-rules.wasm (next to this file) unless the options say
// where a module is (url, locateFile or wasmBinary).
export function init(options = {}) {
  if (options === null || typeof options !== 'object' ||
      options.url !== undefined || options.locateFile !== undefined || options.wasmBinary !== undefined) {
    return initModule(options);
  }
  // Written out as `new URL('...', import.meta.url)` so that bundlers (Vite) emit the file.
  return initModule({ ...options, url: new URL('escaque-rules.wasm', import.meta.url) });
}
