// Local persistence: the game in progress and the list of finished games, in
// localStorage (synchronous, so a write made on a move is complete before
// anything else can happen; survives reloads, closed tabs and restarts).
const CURRENT = 'escaque.app.current';
const FINISHED = 'escaque.app.finished';
const SETTINGS = 'escaque.app.settings';
const MAX_FINISHED = 200;

function read(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;  // unreadable storage (privacy mode, damaged JSON): start clean, never crash
  }
}
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;  // quota or disabled storage: the game goes on; the caller may warn
  }
}

export const loadCurrent = () => read(CURRENT, null);
export const saveCurrent = (record) => write(CURRENT, record);
export const clearCurrent = () => { try { localStorage.removeItem(CURRENT); } catch { /* nothing to clear */ } };

export const loadFinished = () => read(FINISHED, []);
/** Adds (or replaces, by id) a finished game: {id, date, white, black, result, termination, pgn}. */
export function saveFinished(entry) {
  const list = loadFinished().filter((g) => g.id !== entry.id);
  list.unshift(entry);
  return write(FINISHED, list.slice(0, MAX_FINISHED));
}
export function deleteFinished(id) { return write(FINISHED, loadFinished().filter((g) => g.id !== id)); }

export const loadSettings = (defaults) => ({ ...defaults, ...read(SETTINGS, {}) });
export const saveSettings = (settings) => write(SETTINGS, settings);
