// PGN files: a game downloaded as a .pgn file; a file of several games listed (players, result, date)
// to pick one from. A file of any size is listed by a Worker (pgn-worker.js, bundled as
// dist/app-pgn-worker.js) that streams it through the package's reader in headers-only mode: the page
// gets the games in batches as they are read and never parses the file itself. What the page keeps is
// the File (the browser's handle, not its text) and each game's tags and byte offset; a game picked
// is read alone, from its slice of the file.
import { readPgn } from 'escaque/pgn';

const WORKER_URL = new URL('../../dist/app-pgn-worker.js', import.meta.url);

/**
 * Lists the games of `file` (a File or Blob) in a Worker. handlers: onGames(games, bytes) for each
 * batch ({index, offset, line, column, tags} | {index, offset, line, column, error}, in file order;
 * bytes read so far), onDone(count), onFailed(message). Returns cancel(), which ends the Worker.
 */
export function listGamesOf(file, { onGames, onDone, onFailed }) {
  const worker = new Worker(WORKER_URL, { type: 'module', name: 'pgn-file' });
  let ended = false;
  const end = () => { ended = true; worker.terminate(); };
  worker.addEventListener('message', ({ data }) => {
    if (ended) return;
    if (data.type === 'games') onGames(data.games, data.bytes);
    else if (data.type === 'done') { end(); onDone(data.count); }
    else if (data.type === 'failed') { end(); onFailed(data.message); }
  });
  worker.addEventListener('error', (e) => {
    if (ended) return;
    end();
    onFailed(e.message || 'the file reader stopped');
  });
  worker.postMessage({ file });
  return end;
}

/**
 * The game tree of a listed game: its slice of the file (from its offset to the next game's, or the
 * end) read in full. A parse error names the line and column in the whole file.
 */
export async function readListedGame(file, entry, nextOffset = file.size) {
  const text = await file.slice(entry.offset, nextOffset).text();
  for (const record of readPgn(text)) {
    if (!record.error) return record.game;
    const e = record.error;
    const line = entry.line + e.line - 1;
    const column = e.line === 1 ? entry.column + e.column - 1 : e.column;
    e.message = e.message.replace(/^line \d+, column \d+:/, `line ${line}, column ${column}:`);
    e.line = line;
    e.column = column;
    throw e;
  }
  throw new Error(`the file has no game ${entry.index + 1}`);
}

/**
 * A count with its thousands grouped, as English writes it ("10,000"), without the browser's Intl: a
 * page's first toLocaleString() loads the locale's data, 40–80 ms of one task on this machine, which
 * fell in the frame that first shows a file's games (docs/benchmarks.md, session 9).
 */
export function thousands(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A tag's value, or null where the tag says "unknown" ("?", "????.??.??", "-" as an Elo is written, empty). */
export const known = (v) => (v && !/^[?.-]*$/.test(v) ? v : null);

/** "Carlsen – Nepomniachtchi, 1-0, 2021.12.03, World Championship" ("?" for a player the tags do not name). */
function describe(tags) {
  const white = known(tags.White) ?? '?';
  const black = known(tags.Black) ?? '?';
  const parts = [`${white} – ${black}`, tags.Result ?? '*'];
  const date = known(tags.Date?.replace(/\.\?\?/g, ''));
  if (date) parts.push(date);
  const event = known(tags.Event);
  if (event) parts.push(event);
  return parts.join(', ');
}

/** A file's game in its list: "1. Carlsen – Nepomniachtchi, 1-0, 2021.12.03" (its place, then its tags). */
export function gameLabel({ tags, index }) {
  return `${index + 1}. ${describe(tags)}`;
}

/**
 * The heading of a game on the analysis board, from its tags (as gameLabel, without the place); null for a
 * game whose tags name neither player nor the event (moves made on the board, a FEN loaded).
 */
export function gameTitle(tags = {}) {
  return known(tags.White) || known(tags.Black) || known(tags.Event) ? describe(tags) : null;
}

/** A file name from a game's tags: "white-black-date.pgn" (letters, digits and dashes). */
export function pgnFileName(tags = {}) {
  const part = (v) => (known(v) ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const name = [part(tags.White), part(tags.Black), part(tags.Date)].filter(Boolean).join('-');
  return `${name || 'escaque-game'}.pgn`;
}

/** Saves `text` as a .pgn file (the browser's download). */
export function downloadPgn(text, tags) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = pgnFileName(tags);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
