// The opening's name and ECO code as the game goes: the table web/app/openings.txt (typed from
// published opening theory), fetched after the board takes moves (it is not needed to play: the
// first visit stays small) and indexed by position, so that transpositions are named too. A game is
// named by the last of its positions found in the table.
import { Chess } from 'escaque';

const TABLE_URL = new URL('./openings.txt', import.meta.url);
// The index is built in slices of at most SLICE_MS of work, between which the page runs (slices of 40
// lines were tasks of 60–140 ms on the loaded test machine; time-boxed, none reaches 50 ms).
const SLICE_MS = 8;

/** The table's lines as entries: [{eco, name, moves: string[], line}]; an Error naming the line when one is bad. */
export function parseOpenings(text) {
  const out = [];
  text.split('\n').forEach((raw, i) => {
    const lineText = raw.replace(/\r$/, '');
    if (!lineText.trim() || lineText.startsWith('#')) return;
    const fields = lineText.split('\t');
    if (fields.length !== 3) throw new Error(`openings line ${i + 1}: expected ECO, name and moves separated by tabs`);
    const [eco, name, moves] = fields;
    if (!/^[A-E]\d\d$/.test(eco)) throw new Error(`openings line ${i + 1}: "${eco}" is not an ECO code (A00–E99)`);
    if (!name.trim()) throw new Error(`openings line ${i + 1}: no name`);
    out.push({ eco, name: name.trim(), moves: moves.trim().split(/\s+/), line: i + 1 });
  });
  return out;
}

/** The position part of a FEN that names an opening: placement, side to move, castling, en passant. */
export function positionKey(fen) { return fen.split(' ').slice(0, 4).join(' '); }

/**
 * The index: position key -> {eco, name} (the first entry listed for a position wins). Each entry's moves
 * are played from the start; an illegal one is an Error naming the table's line. `pause()` is awaited
 * between slices (the browser: a yield to the page; tests: nothing).
 */
export async function indexOpenings(entries, pause = async () => {}) {
  const index = new Map();
  let sliceStart = performance.now();
  for (const entry of entries) {
    const chess = new Chess();
    try {
      for (const san of entry.moves) {
        try {
          chess.move(san);
        } catch (e) {
          throw new Error(`openings line ${entry.line} (${entry.name}): ${san}: ${e.message}`);
        }
      }
      const key = positionKey(chess.fen());
      if (!index.has(key)) index.set(key, { eco: entry.eco, name: entry.name });
    } finally {
      chess.dispose();
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await pause();
      sliceStart = performance.now();
    }
  }
  return index;
}

let loading = null;
/** Fetches and indexes the table once; resolves with the index (null when it cannot be had). */
export function loadOpenings(pause) {
  loading ??= fetch(TABLE_URL).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
    return r.text();
  }).then((text) => indexOpenings(parseOpenings(text), pause)).catch(() => {
    loading = null;  // offline before the table was cached, or the like: tried again later
    return null;
  });
  return loading;
}

/** The opening of a game from its positions (FENs, the start first): the last one in the table, or null. */
export function openingOf(index, fens) {
  if (!index) return null;
  for (let i = fens.length - 1; i >= 0; i--) {
    const found = index.get(positionKey(fens[i]));
    if (found) return found;
  }
  return null;
}
