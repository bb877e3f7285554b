// Reading back what storage holds, whatever state it is in: the game in progress and the finished
// games are checked for their shape before the app uses them. What cannot be used is reported
// (problems: {what, message}) and its raw text is kept (under KEYS.kept when storage allows, and in
// memory for the page to show and copy); what can be used is kept: a game with one bad move among good
// ones is restored up to that move. Nothing here throws: the app always starts.
import { Chess } from 'escaque';
import { KEYS, MAX_FINISHED, readText, writeJson } from './storage.js';

const MAX_KEPT = 10;
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const SIDES = ['w', 'b'];

/** Parses JSON text: {value} or {error} (a message saying where it broke). */
function parse(text) {
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    return { error: `not readable as JSON (${e.message})` };
  }
}

/**
 * What is wrong with the shape of a stored game record (version 1, as game.js's newRecord makes it), or
 * null. Moves are checked by the rules later (salvageMoves).
 */
export function recordShapeProblem(r) {
  if (!isObject(r)) return 'it is not a game record';
  if (r.version !== 1) return `it has format version ${JSON.stringify(r.version)}, this app reads version 1`;
  if (typeof r.id !== 'string') return 'it has no game id';
  if (!isObject(r.setup) || typeof r.setup.fen !== 'string') return 'it has no start position';
  if (!Array.isArray(r.moves) || !r.moves.every((m) => typeof m === 'string')) return 'its move list is damaged';
  if (!isObject(r.players) || !SIDES.every((s) => isObject(r.players[s]) && ['human', 'engine'].includes(r.players[s].type))) {
    return 'its players are damaged';
  }
  if (!isObject(r.tc)) return 'its time control is damaged';
  if (r.clock !== null && r.clock !== undefined && !(isObject(r.clock) && isObject(r.clock.remaining) && isObject(r.clock.moves))) {
    return 'its clock is damaged';
  }
  if (r.ending !== null && r.ending !== undefined && !isObject(r.ending)) return 'its ending is damaged';
  return null;
}

/**
 * Replays a record's moves one by one: {record, problem}. A move the rules refuse ends the game there:
 * the moves before it are kept; the ending, the offer and the clock (which belonged to the full game)
 * are dropped, and the clocks start afresh. Throws only if the start position itself is refused.
 */
export function salvageMoves(record) {
  const game = Chess.fromFen(record.setup.fen, { chess960: Boolean(record.setup.chess960) });
  try {
    let good = 0;
    let refused = null;
    for (const uci of record.moves) {
      try {
        game.move(uci);
      } catch (e) {
        refused = `move ${good + 1} (${uci}) cannot be played: ${e.message}`;
        break;
      }
      good++;
    }
    const clocks = Array.isArray(record.clocks) ? record.clocks : [];
    const fixed = { ...record, clocks: record.moves.map((_, i) => (Number.isFinite(clocks[i]) ? clocks[i] : null)) };
    if (!refused) return { record: fixed, problem: null };
    return {
      record: { ...fixed, moves: record.moves.slice(0, good), clocks: fixed.clocks.slice(0, good), offer: null,
        ending: null, result: undefined, clock: null, pliesBeforeClock: 0 },
      problem: `${refused}; the game is restored up to the move before it (${good} of ${record.moves.length} ` +
        'half-moves), with its clocks reset',
    };
  } finally {
    game.dispose();
  }
}

/**
 * The game in progress, as stored: {record|null, problems, raw}. record is usable by
 * GameController.restore (checked and, if need be, cut at its first bad move); null if there is none or
 * none could be read. Needs the rules (init()) loaded.
 */
export function readCurrent() {
  const { text, error } = readText(KEYS.current);
  if (error) return { record: null, problems: [{ what: 'storage', message: error }], raw: null };
  if (text === null) return { record: null, problems: [], raw: null };
  const parsed = parse(text);
  const shape = parsed.error ?? recordShapeProblem(parsed.value);
  if (shape) return { record: null, problems: [{ what: 'game', message: `The saved game could not be restored: ${shape}.` }], raw: text };
  try {
    const { record, problem } = salvageMoves(parsed.value);
    const problems = problem ? [{ what: 'game', message: `The saved game was damaged: ${problem}.` }] : [];
    return { record, problems, raw: problem ? text : null };
  } catch (e) {
    return { record: null, problems: [{ what: 'game', message: `The saved game could not be restored: its start position is refused (${e.message}).` }], raw: text };
  }
}

/** One finished-games entry as the list shows it, or null if it is not one. */
function finishedEntry(g) {
  if (!isObject(g)) return null;
  const text = ['id', 'date', 'white', 'black', 'result', 'reason', 'pgn'];
  if (!text.every((k) => typeof g[k] === 'string')) return null;
  return g;
}

/** The finished games: {list, problems, raw}; entries of the wrong shape are left out and reported. */
export function readFinished() {
  const { text, error } = readText(KEYS.finished);
  if (error) return { list: [], problems: [{ what: 'storage', message: error }], raw: null };
  if (text === null) return { list: [], problems: [], raw: null };
  const parsed = parse(text);
  if (parsed.error || !Array.isArray(parsed.value)) {
    const why = parsed.error ?? 'it is not a list';
    return { list: [], problems: [{ what: 'finished', message: `The list of finished games could not be read: ${why}.` }], raw: text };
  }
  const list = parsed.value.map(finishedEntry).filter(Boolean);
  const bad = parsed.value.length - list.length;
  if (!bad) return { list, problems: [], raw: null };
  return { list, problems: [{ what: 'finished', message: `${bad} of ${parsed.value.length} finished games could not be read and are not listed.` }], raw: text };
}

/** Adds (or replaces, by id) a finished game: {id, date, white, black, result, reason, description, pgn}. */
export function saveFinished(entry) {
  const { list } = readFinished();
  return writeJson(KEYS.finished, [entry, ...list.filter((g) => g.id !== entry.id)].slice(0, MAX_FINISHED));
}

/** Puts raw text that could not be restored aside (newest first, at most MAX_KEPT): {ok, error}. */
export function keepRaw(what, why, text) {
  let kept = [];
  const { text: old } = readText(KEYS.kept);
  const parsed = old === null ? { value: [] } : parse(old);
  if (Array.isArray(parsed.value)) kept = parsed.value.filter((k) => isObject(k) && typeof k.text === 'string');
  if (kept.some((k) => k.text === text)) return { ok: true };  // kept at an earlier visit already
  return writeJson(KEYS.kept, [{ at: new Date().toISOString(), what, why, text }, ...kept].slice(0, MAX_KEPT));
}
