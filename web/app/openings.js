// The opening's name and ECO code as the game goes. The table, web/app/openings.txt (typed from published
// opening theory), is indexed by position, so that transpositions are named too. Indexing plays every
// line's moves (about 2,000 SAN moves through the rules): ≈ 1 s of a phone's main thread, so it is done
// once, ahead of time, by scripts/openings-index.mjs, into web/app/openings-index.json (committed; the
// test tests/node/app-openings.test.mjs fails when it is out of date with the table). The app fetches
// that file after the board takes moves (it is not needed to play: the first visit stays small) and only
// reads it into a Map. A game is named by the last of its positions found in the table.
const INDEX_URL = new URL('./openings-index.json', import.meta.url);

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
 * are played from the start with `Chess` (the package's class, passed in so that the app's page, which
 * only reads the prepared index, does not depend on it here); an illegal one is an Error naming the
 * table's line.
 */
export function indexOpenings(entries, Chess) {
  const index = new Map();
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
  }
  return index;
}

/** The index as the JSON text of web/app/openings-index.json: [[key, eco, name], …] in the table's order. */
export function indexJson(index) {
  const rows = [...index].map(([key, { eco, name }]) => `  ${JSON.stringify([key, eco, name])}`);
  return `[\n${rows.join(',\n')}\n]\n`;
}

/** web/app/openings-index.json's rows back as the index; an Error saying which row is malformed. */
export function readIndex(rows) {
  if (!Array.isArray(rows)) throw new Error('openings index: expected an array of [position, ECO, name] rows');
  const index = new Map();
  rows.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== 3 || !row.every((f) => typeof f === 'string')) {
      throw new Error(`openings index row ${i + 1}: expected [position, ECO, name] strings`);
    }
    const [key, eco, name] = row;
    if (!index.has(key)) index.set(key, { eco, name });
  });
  return index;
}

let loading = null;
/** Fetches the prepared index once; resolves with it (null when it cannot be had: tried again next time). */
export function loadOpenings() {
  loading ??= fetch(INDEX_URL).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
    return r.json();
  }).then(readIndex).catch(() => {
    loading = null;  // offline before the index was cached, or the like: tried again later
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
