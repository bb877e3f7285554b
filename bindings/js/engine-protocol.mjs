// What the Engine class (engine.mjs), its worker (engine-worker.mjs) and the
// WASM UCI command line (bin/escaque-uci.mjs) agree on: the shared control
// block of stop and ponderhit. (Search reports travel as data, made in C++:
// bindings/embind/engine_exports.cpp.) Internal.

// Int32 slots of the SharedArrayBuffer through which a host signals a running
// search. Search ids only grow, so "stop search N" is STOP >= N: a stop that
// arrives before its search has started is not lost, and never stops a later one.
export const CONTROL = { STOP: 0, PONDERHIT: 1, SLOTS: 2 };
// What the worker's poll() answers the search (escaque_engine_poll, bindings/embind/engine_exports.cpp).
export const SIGNAL = { NONE: 0, STOP: 1, PONDERHIT: 2 };

// A shared control block when this context can have one (always in Node's
// worker_threads; in browsers only when the page is crossOriginIsolated).
export function createControl() {
  if (typeof SharedArrayBuffer !== 'function') return null;
  if (typeof globalThis.crossOriginIsolated === 'boolean' && !globalThis.crossOriginIsolated) return null;
  try {
    return new SharedArrayBuffer(CONTROL.SLOTS * 4);
  } catch {
    return null;
  }
}
