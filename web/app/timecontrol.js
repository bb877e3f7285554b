// Time controls and the chess-clock arithmetic, as pure functions (no timers,
// no DOM): the clock Worker runs them against performance.now(), Node tests run
// them against numbers. All times are milliseconds.
//
// A time control:
//   { untimed: true }                                   no clock at all
//   { periods: [{ moves, time }], increment, delay, delayMode }
//     periods: moves = how many moves this period lasts (0 = the rest of the game),
//              time  = the time this period adds; the first period's time is the start time.
//     increment: Fischer increment added after each completed move.
//     delay, delayMode 'simple' (US delay: the main time does not run during the
//              first `delay` of each turn, FIDE Art. 6.2b) or 'bronstein' (the main time runs,
//              and at the press the time used, up to `delay`, is given back).

export const MINUTE = 60_000;
export const SECOND = 1_000;

/** Presets offered by the new-game dialog (names as players say them). */
export const PRESETS = [
  { id: '1+0', tc: suddenDeath(1 * MINUTE, 0) },
  { id: '3+2', tc: suddenDeath(3 * MINUTE, 2 * SECOND) },
  { id: '5+0', tc: suddenDeath(5 * MINUTE, 0) },
  { id: '10+5', tc: suddenDeath(10 * MINUTE, 5 * SECOND) },
  { id: '15+10', tc: suddenDeath(15 * MINUTE, 10 * SECOND) },
  { id: '30+0', tc: suddenDeath(30 * MINUTE, 0) },
  { id: '90/40+30+30s', tc: {
    periods: [{ moves: 40, time: 90 * MINUTE }, { moves: 0, time: 30 * MINUTE }],
    increment: 30 * SECOND, delay: 0, delayMode: 'none' } },
  { id: 'untimed', tc: { untimed: true } },
];

export function suddenDeath(time, increment = 0) {
  return { periods: [{ moves: 0, time }], increment, delay: 0, delayMode: 'none' };
}

/**
 * Checks a time control; returns it normalised, or throws an Error naming the bad field.
 * @param {any} tc
 */
export function validateTimeControl(tc) {
  if (tc === null || typeof tc !== 'object') throw new Error('time control: must be an object');
  if (tc.untimed) return { untimed: true };
  const { periods, increment = 0, delay = 0, delayMode = delay > 0 ? 'simple' : 'none' } = tc;
  if (!Array.isArray(periods) || periods.length === 0) {
    throw new Error('time control: at least one period is needed');
  }
  const checked = periods.map((p, i) => {
    const where = `time control: period ${i + 1}`;
    if (!Number.isFinite(p?.time) || p.time <= 0) throw new Error(`${where}: time must be more than 0`);
    if (!Number.isInteger(p.moves) || p.moves < 0) throw new Error(`${where}: moves must be a whole number ≥ 0`);
    if (p.moves === 0 && i !== periods.length - 1) {
      throw new Error(`${where}: only the last period may last the rest of the game`);
    }
    return { moves: p.moves, time: p.time };
  });
  const last = checked[checked.length - 1];
  if (last.moves !== 0) {
    // "40/90 min" with no later period: the same period repeats (PGN "40/5400" means that too).
    checked.push({ moves: -last.moves, time: last.time });
  }
  if (!Number.isFinite(increment) || increment < 0) throw new Error('time control: increment must be ≥ 0');
  if (!Number.isFinite(delay) || delay < 0) throw new Error('time control: delay must be ≥ 0');
  if (!['none', 'simple', 'bronstein'].includes(delayMode)) {
    throw new Error(`time control: delay mode must be none, simple or bronstein, got ${delayMode}`);
  }
  if (delayMode === 'none' && delay > 0) throw new Error('time control: a delay needs a delay mode');
  if (delay > 0 && increment > 0) throw new Error('time control: use either an increment or a delay, not both');
  return { periods: checked, increment, delay: delayMode === 'none' ? 0 : delay, delayMode };
}

// The period a player is in after `moves` completed moves, and whether a new one begins now.
// A negative `moves` (added by validateTimeControl) marks a period that repeats every |moves| moves.
function periodAfter(tc, moves) {
  let start = 0;
  for (let i = 0; i < tc.periods.length; i++) {
    const p = tc.periods[i];
    if (p.moves === 0) return { index: i, begins: false };
    if (p.moves < 0) return { index: i, begins: (moves - start) % -p.moves === 0 && moves > start };
    if (moves < start + p.moves) return { index: i, begins: false };
    if (moves === start + p.moves) return { index: i + 1, begins: true };
    start += p.moves;
  }
  return { index: tc.periods.length - 1, begins: false };
}

/**
 * FIDE category (Laws 2023, Appendices A and B): the allotted time plus 60 × increment per player,
 * ≤ 10 min blitz, < 60 min rapid, otherwise standard. With several periods, all periods'
 * time counts; a delay counts like an increment (it is the "time per move" of the control).
 */
export function category(tc) {
  if (tc.untimed) return 'untimed';
  const v = validateTimeControl(tc);
  const base = v.periods.filter((p) => p.moves >= 0).reduce((sum, p) => sum + p.time, 0);
  const total = base + 60 * (v.increment + v.delay);
  if (total <= 10 * MINUTE) return 'blitz';
  if (total < 60 * MINUTE) return 'rapid';
  return 'standard';
}

/** PGN TimeControl tag (PGN standard 9.6.1): "300+2", "40/5400+30:1800+30", "-" when untimed. */
export function pgnTimeControl(tc) {
  if (tc.untimed) return '-';
  const v = validateTimeControl(tc);
  const seconds = (ms) => String(Math.round(ms / 1000));
  const inc = v.increment > 0 ? `+${seconds(v.increment)}` : '';
  return v.periods.filter((p) => p.moves >= 0)
    .map((p) => (p.moves > 0 ? `${p.moves}/` : '') + seconds(p.time) + inc)
    .join(':');
}

/** A delay has no field in the PGN standard: the app writes it in its own tag, e.g. "5 simple". */
export function pgnTimeDelay(tc) {
  return !tc.untimed && tc.delay > 0 ? `${Math.round(tc.delay / 1000)} ${tc.delayMode}` : null;
}

/** Reads a PGN TimeControl value back ("?" and "*…" sandclock give null: not playable here). */
export function parsePgnTimeControl(text, delayTag = null) {
  const value = String(text).trim();
  if (value === '-') return { untimed: true };
  if (value === '?' || value === '' || value.startsWith('*')) return null;
  const periods = [];
  let increment = 0;
  for (const field of value.split(':')) {
    const m = /^(?:(\d+)\/)?(\d+)(?:\+(\d+(?:\.\d+)?))?$/.exec(field);
    if (!m) throw new Error(`TimeControl "${value}": cannot read "${field}"`);
    periods.push({ moves: m[1] ? Number(m[1]) : 0, time: Number(m[2]) * 1000 });
    if (m[3]) increment = Number(m[3]) * 1000;
  }
  let delay = 0;
  let delayMode = 'none';
  if (delayTag) {
    const d = /^(\d+(?:\.\d+)?)\s+(simple|bronstein)$/.exec(String(delayTag).trim());
    if (!d) throw new Error(`TimeDelay "${delayTag}": expected e.g. "5 simple" or "5 bronstein"`);
    delay = Number(d[1]) * 1000;
    delayMode = d[2];
  }
  return validateTimeControl({ periods, increment, delay, delayMode });
}

/** Human description: "5 min + 3 s", "40 moves in 90 min, then 30 min; + 30 s per move". */
export function describeTimeControl(tc) {
  if (tc.untimed) return 'untimed';
  const v = validateTimeControl(tc);
  const t = (ms) => (ms % MINUTE === 0 ? `${ms / MINUTE} min` : `${ms / 1000} s`);
  const parts = v.periods.filter((p) => p.moves >= 0)
    .map((p) => (p.moves > 0 ? `${p.moves} moves in ${t(p.time)}` : t(p.time)));
  let text = parts.join(', then ');
  const repeat = v.periods.find((p) => p.moves < 0);
  if (repeat) text += `, repeating every ${-repeat.moves} moves`;
  if (v.increment > 0) text += ` + ${v.increment / 1000} s per move`;
  if (v.delay > 0) text += ` with a ${v.delay / 1000} s ${v.delayMode === 'simple' ? 'simple (US)' : 'Bronstein'} delay`;
  return text;
}

// ---- the clock state ----
//
// { tc, remaining: {w, b}, moves: {w, b}, running: 'w'|'b'|null, turnStart, flagged: null|'w'|'b' }
// `turnStart` is a time on whatever monotonic clock the caller uses (performance.timeOrigin + now()).

export function newClock(tc) {
  const v = tc.untimed ? { untimed: true } : validateTimeControl(tc);
  const start = v.untimed ? Infinity : v.periods[0].time;
  return { tc: v, remaining: { w: start, b: start }, moves: { w: 0, b: 0 }, running: null, turnStart: 0,
    flagged: null };
}

/** Starts `side`'s clock at `now` (game start, or resume after a pause). */
export function start(clock, side, now) {
  return { ...clock, running: side, turnStart: now };
}

/** Main time that a running clock shows at `now` (the delay not counted). */
export function mainTimeAt(clock, side, now) {
  const left = clock.remaining[side];
  if (clock.running !== side || clock.tc.untimed) return left;
  const elapsed = Math.max(0, now - clock.turnStart);
  if (clock.tc.delayMode === 'simple') return left - Math.max(0, elapsed - clock.tc.delay);
  return left - elapsed;  // Fischer, sudden death, Bronstein: the main time runs from the first instant
}

/** What is left of this turn's delay at `now` (simple delay shows it as its own countdown). */
export function delayLeftAt(clock, side, now) {
  if (clock.running !== side || clock.tc.untimed || !clock.tc.delay) return 0;
  return Math.max(0, clock.tc.delay - Math.max(0, now - clock.turnStart));
}

/** When the running side's flag falls, on the caller's clock; Infinity when nothing runs. */
export function flagTime(clock) {
  if (!clock.running || clock.tc.untimed || clock.flagged) return Infinity;
  const left = clock.remaining[clock.running];
  return clock.turnStart + left + (clock.tc.delayMode === 'simple' ? clock.tc.delay : 0);
}

/**
 * The running side completes a move at `now`: its time is charged (now − turnStart, less the
 * delay), the increment is added, a new period's time is added when this move ends a period,
 * and the opponent's clock starts. Throws if the flag had already fallen by `now`.
 */
export function press(clock, now) {
  const side = clock.running;
  if (!side) throw new Error('clock: no clock is running');
  if (clock.tc.untimed) {
    return { ...clock, moves: { ...clock.moves, [side]: clock.moves[side] + 1 }, running: other(side),
      turnStart: now };
  }
  if (now >= flagTime(clock)) throw new Error(`clock: ${side === 'w' ? 'White' : 'Black'}'s flag has fallen`);
  const elapsed = Math.max(0, now - clock.turnStart);
  const { tc } = clock;
  // Simple and Bronstein delay charge the same at the press (elapsed beyond the delay); they
  // differ in when the flag falls, which flagTime() handles.
  const charged = tc.delay > 0 ? Math.max(0, elapsed - tc.delay) : elapsed;
  const moves = clock.moves[side] + 1;
  let left = clock.remaining[side] - charged + tc.increment;
  const period = periodAfter(tc, moves);
  if (period.begins) left += tc.periods[period.index].time;
  return { ...clock, remaining: { ...clock.remaining, [side]: left }, moves: { ...clock.moves, [side]: moves },
    running: other(side), turnStart: now };
}

/** Stops the running clock at `now`, charging the time used (a pause; or the game ended). */
export function stop(clock, now) {
  if (!clock.running || clock.tc.untimed) return { ...clock, running: null };
  const side = clock.running;
  const left = Math.max(0, mainTimeAt(clock, side, now));
  return { ...clock, remaining: { ...clock.remaining, [side]: left }, running: null };
}

/** Marks the running side's flag as fallen: its time is 0 and the clocks stop. */
export function fallFlag(clock) {
  const side = clock.running;
  if (!side) return clock;
  return { ...clock, remaining: { ...clock.remaining, [side]: 0 }, running: null, flagged: side };
}

/** Moves still to make in the current period (null in a rest-of-game period). */
export function movesToGo(clock, side) {
  if (clock.tc.untimed) return null;
  let start = 0;
  const made = clock.moves[side];
  for (const p of clock.tc.periods) {
    if (p.moves === 0) return null;
    if (p.moves < 0) return -p.moves - ((made - start) % -p.moves);
    if (made < start + p.moves) return start + p.moves - made;
    start += p.moves;
  }
  return null;
}

export function other(side) { return side === 'w' ? 'b' : 'w'; }

/**
 * Below how much time a clock warns (colour and sound): an eighth of the starting time, but never
 * under 10 s nor over 60 s — 10 s at 1+0, 22.5 s at 3+2, 37.5 s at 5+0, 60 s from 8 minutes up.
 * Untimed games have no threshold (null).
 */
export function lowTimeThreshold(tc) {
  if (!tc || tc.untimed || !tc.periods?.length) return null;
  return Math.min(60 * SECOND, Math.max(10 * SECOND, tc.periods[0].time / 8));
}

/**
 * Clock text as shown: h:mm:ss from an hour up, m:ss, and tenths under 10 s ("0:09.4").
 * Rounds up, as clocks do: 0.05 s left shows 0:00.1, and 0:00.0 only when the flag has fallen.
 */
export function formatClock(ms) {
  if (!Number.isFinite(ms)) return '–';
  const t = Math.max(0, ms);
  if (t <= 9_900) {  // above 9.9 s, tenths would round up to "0:10.0"; show 0:10 instead
    const tenths = Math.ceil(t / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
