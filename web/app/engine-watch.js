// Watching the engine's Worker (engine-player.js): a worker that died or stopped answering is noticed
// and the caller restarts the engine.
//   - Death: every engine worker holds a Web Lock of its own while it lives (engine-watch-lock.js); the
//     page queues a request for the same lock behind the worker's, which the browser grants the moment
//     the worker ends (no polling, no window in which a death goes unseen).
//   - No answer: a worker that answered before must answer a ping (the engine's "uci") within
//     PING_MS; a search must end within its own time limit (the engine's hard limit for the clock it
//     was given, src/engine/timeman.cpp) and GRACE_MS more.
export const POLL_MS = 20;  // while a new worker has not asked for its lock yet
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

/**
 * A new engine worker for `role` ('player' or 'adviser') of this page: its URL (the worker reads its
 * lock's name there) and the name of the lock it will hold.
 */
export function newWorker(role) {
  const lock = `escaque-engine ${PAGE} ${role} ${Math.random().toString(36).slice(2, 10)}`;
  const url = new URL('./engine-watch-worker.js', import.meta.url);
  url.searchParams.set('lock', lock);
  return { url, lock };
}

const asked = (list, lock) => list.some((l) => l.name === lock);

/** Is the worker holding `lock` alive? true / false, or null where the browser cannot tell (no Web Locks). */
export async function workerAlive(lock) {
  if (!globalThis.navigator?.locks?.query) return null;
  const { held, pending } = await navigator.locks.query();
  return asked(held, lock) || asked(pending, lock);
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
 * Rejects with EngineFault once the worker holding `lock` has ended; `stop()` ends the watch. A worker
 * still starting (its lock not asked for yet) is waited for: the page holds the lock meanwhile, so that
 * the worker's request waits behind it, and lets it go once that request is there. Then the page's own
 * request waits behind the worker's hold and is granted when the worker ends. A worker that ends before
 * it asks is left to the caller's time bounds. Without Web Locks it never rejects (the other checks remain).
 */
export function deathWatch(lock) {
  const locks = globalThis.navigator?.locks;
  const abort = new AbortController();
  let stopped = false;
  const promise = new Promise((_, reject) => {
    if (!locks?.request) return;
    (async () => {
      // Free: the worker has not asked yet. Taken only if free, so a worker's hold is never waited on here.
      await locks.request(lock, { ifAvailable: true }, async (free) => {
        while (free && !stopped && !asked((await locks.query()).pending, lock)) {
          await new Promise((r) => { setTimeout(r, POLL_MS); });
        }
      });
      if (stopped) return;
      // The worker has the lock (or asked and waits behind the page's, which was just let go): granted
      // when it ends.
      await locks.request(lock, { signal: abort.signal }, () => {});
      if (!stopped) reject(new EngineFault('the engine\'s worker has ended'));
    })().catch(() => { /* aborted: the watch was stopped */ });
  });
  promise.catch(() => {});
  return { promise, stop() { stopped = true; abort.abort(); } };
}
