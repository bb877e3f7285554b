// PGN files: a game downloaded as a .pgn file; a file of several games listed (players, result, date)
// to pick one from.
import { readPgn } from 'escaque/pgn';

/** The games of a PGN text, by their tags only: [{index, tags} | {index, error}]. */
export function listGames(text) {
  const out = [];
  for (const record of readPgn(text, { headersOnly: true })) {
    out.push(record.error ? { index: record.index, error: record.error.message }
      : { index: record.index, tags: record.game.tags });
  }
  return out;
}

/** The game tree of game `index` (0-based) of a PGN text; its parse error when it is bad. */
export function readGameAt(text, index) {
  for (const record of readPgn(text)) {
    if (record.index !== index) continue;
    if (record.error) throw record.error;
    return record.game;
  }
  throw new Error(`the file has no game ${index + 1}`);
}

const known = (v) => (v && !/^\?+$/.test(v) && v !== '????.??.??' ? v : null);

/** "Carlsen – Nepomniachtchi, 1-0, 2021.12.03" ("?" for what the file does not say). */
export function gameLabel({ tags, index }) {
  const white = known(tags.White) ?? '?';
  const black = known(tags.Black) ?? '?';
  const parts = [`${white} – ${black}`, tags.Result ?? '*'];
  const date = known(tags.Date?.replace(/\.\?\?/g, ''));
  if (date) parts.push(date);
  const event = known(tags.Event);
  if (event) parts.push(event);
  return `${index + 1}. ${parts.join(', ')}`;
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
