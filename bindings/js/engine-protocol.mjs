// What the Engine class (engine.mjs), its worker (engine-worker.mjs) and the
// WASM UCI command line (bin/escaque-uci.mjs) agree on. Internal.

// Int32 slots of the SharedArrayBuffer through which a host signals a running
// search. Search ids only grow, so "stop search N" is STOP >= N: a stop that
// arrives before its search has started is not lost, and never stops a later one.
export const CONTROL = { STOP: 0, PONDERHIT: 1, SLOTS: 2 };
// What the worker's poll() answers the search (bindings/engine_binding.cpp).
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

const INT_FIELDS = new Set(['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'hashfull', 'time', 'currmovenumber']);

// "info depth 5 seldepth 7 multipv 1 score cp 23 lowerbound nodes 1234 nps 5000 hashfull 3 time 12 pv e2e4 e7e5"
// -> {depth, seldepth, multipv, score: {type: 'cp'|'mate', value, bound: 'exact'|'lower'|'upper'},
//     nodes, nps, hashfull, time, pv: [...]}; null for lines without a score (info string ...).
export function parseInfoLine(line) {
  const w = line.trim().split(/\s+/);
  if (w[0] !== 'info') return null;
  const info = { depth: 0, seldepth: 0, multipv: 1, score: null, nodes: 0, nps: 0, hashfull: 0, time: 0, pv: [] };
  for (let i = 1; i < w.length; i++) {
    const key = w[i];
    if (key === 'string') return null;
    if (key === 'pv') {
      info.pv = w.slice(i + 1);
      break;
    }
    if (key === 'score') {
      const type = w[i + 1];
      const value = Number(w[i + 2]);
      if ((type !== 'cp' && type !== 'mate') || !Number.isFinite(value)) return null;
      info.score = { type, value, bound: 'exact' };
      i += 2;
      if (w[i + 1] === 'lowerbound' || w[i + 1] === 'upperbound') {
        info.score.bound = w[i + 1] === 'lowerbound' ? 'lower' : 'upper';
        i++;
      }
      continue;
    }
    if (INT_FIELDS.has(key)) {
      info[key] = Number(w[i + 1]);
      i++;
    }
  }
  return info.score ? info : null;
}
