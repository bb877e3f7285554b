// Two tabs, one game: which tab of the app owns the running game (plays it, runs its clock and its
// engine, saves it), through a Web Lock held for as long as the tab keeps the game. The other tabs show
// the game live and read-only (the owner sends every saved state over a BroadcastChannel, and
// localStorage's 'storage' event carries writes too) and wait in line for the lock: when the owning tab
// closes, the next one takes the game over by itself; "Play here" takes it at once (the lock is stolen
// and the tab that had it becomes a viewer).
//
// Every save carries a revision (rev), one more than the newest the owner has seen: a tab never writes
// over a stored game newer than the one it knows (saveGame refuses and reports 'superseded'), so an older
// state never overwrites a newer one, whatever the timing.
//
// Events: 'role' (detail {owner, why: 'start' | 'free' | 'taken' | 'takeover' | 'superseded'}),
//         'game' (detail {record}: a newer state from the owning tab, for a viewer to show),
//         'finished' (the finished games changed in another tab).
import { KEYS, readText, writeJson } from './storage.js';

const LOCK = 'escaque.app.game-owner';
const CHANNEL = 'escaque.app';
const RETRY_MS = 150;

const revOf = (record) => (Number.isInteger(record?.rev) ? record.rev : 0);

export class TabOwner extends EventTarget {
  id = `t${Math.random().toString(36).slice(2, 10)}`;
  owner = false;
  /** The newest game state this tab knows (stored, received or saved by itself). */
  latest = null;
  #channel = null;
  #release = null;   // ends the hold of the lock
  #waiting = null;   // AbortController of the queued lock request

  constructor() {
    super();
    if (typeof BroadcastChannel === 'function') {
      this.#channel = new BroadcastChannel(CHANNEL);
      this.#channel.onmessage = ({ data }) => this.#message(data);
    }
    addEventListener('storage', (e) => {
      if (e.key === KEYS.current && e.newValue) {
        try { this.#offer(JSON.parse(e.newValue)); } catch { /* a damaged write: the next one will do */ }
      } else if (e.key === KEYS.finished) this.dispatchEvent(new Event('finished'));
    });
  }

  /** Without Web Locks (an old browser, an insecure origin) every tab owns its game, as before. */
  get locking() { return Boolean(globalThis.navigator?.locks); }

  /** Settles this tab's role: resolves true (owner) or false (viewer, queued for the lock). */
  async start() {
    if (!this.locking) return this.#become(true, 'start');
    const tryLock = () => new Promise((resolve) => {
      navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => {
        if (!lock) { resolve(false); return undefined; }
        resolve(true);
        return this.#hold();
      }).catch(() => this.#lost());
    });
    // Twice: a reloaded page's previous document may not have released the lock yet.
    let got = await tryLock();
    if (!got) got = await new Promise((r) => setTimeout(r, RETRY_MS)).then(tryLock);
    if (got) return this.#become(true, 'start');
    this.#queue();
    // The owner's game may be newer than storage holds (storage full): ask for it.
    this.#channel?.postMessage({ type: 'want-game' });
    return this.#become(false, 'start');
  }

  /** "Play here": takes the game from the tab that owns it now. */
  async takeOver() {
    if (this.owner) return;
    if (!this.locking) { this.#become(true, 'takeover'); return; }
    this.#waiting?.abort();
    this.#waiting = null;
    await new Promise((resolve) => {
      navigator.locks.request(LOCK, { steal: true }, () => { resolve(); return this.#hold(); })
        .catch(() => this.#lost());
    });
    this.#become(true, 'takeover');
  }

  // The lock is held until #release() (never, in practice: until the tab closes or another steals it).
  #hold() { return new Promise((resolve) => { this.#release = resolve; }); }

  // Waits in line: granted when the owning tab closes (or gives the game up).
  #queue() {
    const waiting = new AbortController();
    this.#waiting = waiting;
    let granted = false;
    navigator.locks.request(LOCK, { signal: waiting.signal }, () => {
      granted = true;
      this.#waiting = null;
      this.#become(true, 'free');
      return this.#hold();
    }).catch(() => { if (granted || this.#waiting === waiting) this.#lost(); });
  }

  // Our hold ended without our asking: another tab stole the lock.
  #lost() {
    this.#release?.();
    this.#release = null;
    if (this.owner) this.#become(false, 'taken');
    if (!this.#waiting) this.#queue();
  }

  #become(owner, why) {
    this.owner = owner;
    this.dispatchEvent(new CustomEvent('role', { detail: { owner, why } }));
    return owner;
  }

  // A state from elsewhere: kept if newer than what this tab knows.
  #offer(record) {
    if (!record || typeof record !== 'object' || revOf(record) <= revOf(this.latest)) return;
    this.latest = record;
    if (!this.owner) this.dispatchEvent(new CustomEvent('game', { detail: { record } }));
  }

  #message(data) {
    if (data?.type === 'game') this.#offer(data.record);
    else if (data?.type === 'finished') this.dispatchEvent(new Event('finished'));
    else if (data?.type === 'want-game' && this.owner && this.latest) this.#channel.postMessage({ type: 'game', record: this.latest });
  }

  /** The stored game and what this tab received, whichever is newer (for a tab that becomes owner). */
  newest(stored) {
    if (stored && revOf(stored) > revOf(this.latest)) this.latest = stored;
    return this.latest;
  }

  /**
   * Saves the game (owner only): {ok, error?, quota?, superseded?}. Refused when the stored game is
   * newer than the newest this tab knows (another tab wrote meanwhile): then this tab gives up the game.
   */
  saveGame(record) {
    if (!this.owner) return { ok: false, error: 'this tab does not own the game' };
    const { text } = readText(KEYS.current);
    let stored = null;
    try { stored = text ? JSON.parse(text) : null; } catch { /* damaged: recovery.js has kept it */ }
    if (revOf(stored) > revOf(this.latest)) {
      this.latest = stored;
      // Give the lock up and wait in line again: this tab shows the newer game.
      this.#release?.();
      this.#release = null;
      this.#become(false, 'superseded');
      if (this.locking && !this.#waiting) this.#queue();
      return { ok: false, superseded: true, error: 'another tab saved a newer game' };
    }
    record.rev = revOf(this.latest) + 1;
    this.latest = record;
    // Sent even when storage fails (full, disabled): the other tabs still show the game.
    this.#channel?.postMessage({ type: 'game', record });
    return writeJson(KEYS.current, record);
  }

  /** Tells the other tabs that the finished games changed. */
  finishedChanged() { this.#channel?.postMessage({ type: 'finished' }); }
}
