// The page's handle on the clock Worker (clock-worker.js): sends it the game's
// events and re-dispatches what it posts as DOM events:
//   'tick'  detail {w, b, delay, running, at}   display values
//   'state' detail {clock, cause, at}           the authoritative state (persist it)
//   'flag'  detail {side, flagAt, detectedAt, clock}
//   'clockerror' detail {message}
import { newClock } from './timecontrol.js';

export class Clock extends EventTarget {
  #worker;
  /** The last state the Worker reported (what the page stores). */
  state = null;
  /**
   * A passive clock only shows time (a tab that watches a game another tab owns): it reports no flag and
   * no state, so the game is never ended or saved from this copy; the owning tab's clock decides.
   */
  passive = false;

  constructor() {
    super();
    this.#worker = new Worker(new URL('./clock-worker.js', import.meta.url), { type: 'module', name: 'clock' });
    this.#worker.onmessage = ({ data }) => {
      if (this.passive && (data.type === 'flag' || data.type === 'state')) return;
      if (data.type === 'flag') data.receivedAt = performance.timeOrigin + performance.now();
      if (data.type === 'state' || data.type === 'flag') this.state = data.clock;
      const name = data.type === 'error' ? 'clockerror' : data.type;
      this.dispatchEvent(new CustomEvent(name, { detail: data }));
    };
  }

  /** A fresh clock for time control `tc`, not running. */
  reset(tc) { this.set(serialisable(newClock(tc))); }
  /** Replace the state (restore); `clock` as the Worker reported it. */
  set(clock) {
    this.state = clock;
    this.#worker.postMessage({ type: 'set', clock });
  }
  start(side) { this.#worker.postMessage({ type: 'start', side }); }
  press(side) { this.#worker.postMessage({ type: 'press', side }); }
  stop() { this.#worker.postMessage({ type: 'stop' }); }
  /** The next 'state' event (after a request), as a promise. */
  nextState() {
    return new Promise((resolve) => this.addEventListener('state', (e) => resolve(e.detail), { once: true }));
  }
}

function serialisable(c) {
  const f = (x) => (Number.isFinite(x) ? x : null);
  return { ...c, remaining: { w: f(c.remaining.w), b: f(c.remaining.b) } };
}
