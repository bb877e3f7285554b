// Watching the engine's Worker (engine-player.js): a worker that died or stopped answering is noticed
// and the caller restarts the engine.
//   - Death: every engine worker holds a Web Lock while it lives (engine-watch-worker.js); a lock seen
//     and then gone means the worker has ended. Checked every POLL_MS while a search runs.
//   - No answer: a worker that answered before must answer a ping (the engine's "uci") within
//     PING_MS; a search must end within its own time limit (the engine's hard limit for the clock it
//     was given, src/engine/timeman.cpp) and GRACE_MS more.
export const POLL_MS = 250;
export const PING_MS = 1000;
export const START_MS = 15_000;  // a new worker: loading and compiling on a busy machine
export const GRACE_MS = 1000;

/** A worker that died or does not answer: the caller restarts the engine and tries again. */
export class EngineFault extends Error {
  constructor(message) {
    super(message);
    this.name = 'EngineFault';
  }
}

const PAGE = Math.random().toString(36).slice(2, 10);

/** The URL of the engine worker for `role` ('player' or 'adviser') of this page. */
export function workerUrl(role) {
  const url = new URL('./engine-watch-worker.js', import.meta.url);
  url.searchParams.set('page', PAGE);
  url.searchParams.set('role', role);
  return url;
}

/** Is a worker of `role` alive? true / false, or null where the browser cannot tell (no Web Locks). */
export async function workerAlive(role) {
  if (!globalThis.navigator?.locks?.query) return null;
  const { held } = await navigator.locks.query();
  const prefix = `escaque-engine ${PAGE} ${role} `;
  return held.some((l) => l.name?.startsWith(prefix));
}

/** `promise`, or a rejection with EngineFault(`message`) after `ms`. */
export function within(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new EngineFault(message)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The longest a search with `limits` may take (ms), or Infinity: movetime; with a clock, the engine's
 * hard limit, at most a third of the time left (nine tenths when one move is to go) plus the increment.
 */
export function searchBound(limits) {
  if (Number.isFinite(limits.movetime)) return limits.movetime;
  if (!Number.isFinite(limits.wtime) && !Number.isFinite(limits.btime)) return Infinity;
  const time = Math.max(limits.wtime ?? 0, limits.btime ?? 0);
  const inc = Math.max(limits.winc ?? 0, limits.binc ?? 0);
  return (limits.movestogo === 1 ? time * 0.9 : time / 3) + inc;
}

/**
 * Rejects with EngineFault once a worker of `role`, seen alive, is gone; `stop()` ends the watch.
 * Without Web Locks it never rejects (the other checks remain).
 */
export function deathWatch(role) {
  let timer = 0;
  let stopped = false;
  let seen = false;
  const promise = new Promise((_, reject) => {
    const check = async () => {
      const alive = await workerAlive(role).catch(() => null);
      if (stopped || alive === null) return;
      if (alive) seen = true;
      else if (seen) { reject(new EngineFault('the engine\'s worker has ended')); return; }
      timer = setTimeout(check, POLL_MS);
    };
    check();
  });
  promise.catch(() => {});
  return { promise, stop() { stopped = true; clearTimeout(timer); } };
}
