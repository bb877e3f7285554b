// Shared by the chess.js-compatibility tests (tests/node/compat-chessjs*.test.mjs): a seeded random
// generator, so that every run plays the same games and call sequences, and the way both libraries'
// answers are compared (Move instances as plain data, an exception as its message).

/** Mulberry32: a small seeded generator of floats in [0, 1). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Move instances (and arrays of them) as plain data, so that the two libraries' Move classes compare by content. */
export function normalize(value) {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object' && value.constructor?.name === 'Move') return { ...value };
  return value;
}

/** What a call gave: `{ value }` (normalized) or `{ error }` with the thrown message. */
export function outcome(fn) {
  try {
    return { value: normalize(fn()) };
  } catch (e) {
    return { error: e.message };
  }
}
