// Local persistence: the game in progress, the list of finished games and the settings, in
// localStorage (synchronous, so a write made on a move is complete before anything else can happen;
// survives reloads, closed tabs and restarts).
//
// Nothing here throws: storage that is full (quota), disabled or throwing on access (some private
// modes) gives {ok: false, error} on writes and {text: null, error} on reads, and the caller says so to
// the person (main.js, recovery.js). What is read is raw text: recovery.js checks its shape, so that a
// damaged or older-format entry is reported and kept, never silently dropped.
export const KEYS = {
  current: 'escaque.app.current',
  finished: 'escaque.app.finished',
  settings: 'escaque.app.settings',
  // Text that could not be restored (a damaged game or list), kept for the person to export.
  kept: 'escaque.app.kept',
};
export const MAX_FINISHED = 200;

// localStorage itself can throw on access (a SecurityError where storage is disabled).
function area() {
  try {
    const s = globalThis.localStorage;
    if (!s) return { error: 'this browser gives the page no local storage' };
    return { storage: s };
  } catch (e) {
    return { error: `local storage cannot be used here (${e.message})` };
  }
}

/** The raw text under `key`: {text: string|null, error: string|null}. */
export function readText(key) {
  const { storage, error } = area();
  if (!storage) return { text: null, error };
  try {
    return { text: storage.getItem(key), error: null };
  } catch (e) {
    return { text: null, error: `local storage cannot be read (${e.message})` };
  }
}

/** Stores `text` under `key`: {ok: true} or {ok: false, error, quota} (quota: the storage is full). */
export function writeText(key, text) {
  const { storage, error } = area();
  if (!storage) return { ok: false, error, quota: false };
  try {
    storage.setItem(key, text);
    return { ok: true };
  } catch (e) {
    const quota = e?.name === 'QuotaExceededError' || e?.code === 22;
    return { ok: false, quota, error: quota ? 'the browser\'s storage for this site is full'
      : `local storage cannot be written (${e.message})` };
  }
}

export function writeJson(key, value) { return writeText(key, JSON.stringify(value)); }

export function remove(key) {
  const { storage } = area();
  try { storage?.removeItem(key); } catch { /* nothing to remove */ }
}

export function loadSettings(defaults) {
  const { text } = readText(KEYS.settings);
  try {
    const saved = text === null ? {} : JSON.parse(text);
    if (saved && typeof saved === 'object' && !Array.isArray(saved)) {
      // Only known settings of the right type: an older or damaged entry cannot break the app.
      const out = { ...defaults };
      for (const [k, v] of Object.entries(saved)) if (k in defaults && typeof v === typeof defaults[k]) out[k] = v;
      return out;
    }
  } catch { /* damaged settings: the defaults (settings are not the person's work) */ }
  return { ...defaults };
}
export const saveSettings = (settings) => writeJson(KEYS.settings, settings);
