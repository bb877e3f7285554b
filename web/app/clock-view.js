// Draws the two clocks from the Worker's ticks. The running side's time is
// extrapolated from the tick's timestamp to the moment of drawing, so what is
// shown is exact even when ticks queued up behind a busy main thread. Between
// ticks a running clock is redrawn when what it shows changes (the next second,
// the next tenth under 10 s or in a delay, the low-time mark), not every frame:
// a frame loop kept the page drawing ~60 times a second for a text that changes
// once (13 % of a core in headless Chromium, 2 s of CPU in 15 s of a 5+0 game).
import { formatClock, lowTimeThreshold, movesToGo } from './timecontrol.js';

// A redraw this late past its time means the page was held up: it is drawn at once (see #requestFrame).
const OVERDUE_MS = 50;

export class ClockView {
  #els;
  #orientation = 'w';
  #last = null;
  #names = { w: 'White', b: 'Black' };
  onLowTime = () => {};
  #warned = { w: false, b: false };

  constructor(top, bottom) { this.#els = { top, bottom }; }

  setOrientation(side) { this.#orientation = side; this.#redraw(); }
  setNames(names) { this.#names = names; this.#redraw(); }
  resetWarnings() { this.#warned = { w: false, b: false }; }

  #elFor(side) { return side === this.#orientation ? this.#els.bottom : this.#els.top; }

  /** tick: {w, b, delay, running, at} (null times = untimed); clock: the state, for moves to go. */
  show(tick, clock) {
    const last = this.#last;
    this.#last = { tick, clock };
    // The same clock still running, its next change already due (the Worker ticks every second): the
    // redraw then extrapolates from this newer tick; nothing to draw before.
    if (this.#timer && last && last.clock === clock && last.tick.running === tick.running && !this.#overdue()) return;
    // Drawn at the next frame, not now: ticks that queued up behind a busy main thread cost nothing
    // but the last one; the first frame after the main thread frees up shows the time of that frame.
    this.#requestFrame();
  }
  #frame = 0;
  #timer = 0;
  #dueAt = 0;  // when the running clock's text next changes (performance.now()), 0 when none is due
  // Whether the redraw that was due has been held back (the main thread was busy, or the machine is):
  // the text shown is then stale, and waiting for a frame request's own frame would leave it so longer.
  #overdue() { return this.#dueAt > 0 && performance.now() - this.#dueAt > OVERDUE_MS; }
  #requestFrame() {
    clearTimeout(this.#timer);
    this.#timer = 0;
    if (this.#overdue()) {
      // Drawn in this task, the first one after the hold-up: the next frame shows it (a frame requested
      // now could come a frame later on a loaded machine: 355 ms after a 2-s block in the test loop).
      cancelAnimationFrame(this.#frame);
      this.#onFrame();
      return;
    }
    if (!this.#frame) this.#frame = requestAnimationFrame(() => this.#onFrame());
  }
  #onFrame() {
    this.#frame = 0;
    this.#dueAt = 0;
    if (!this.#last) return;
    const next = this.#redraw();
    // A running clock: drawn again at the frame after its text next changes.
    if (Number.isFinite(next)) {
      const wait = Math.max(1, Math.ceil(next));
      this.#dueAt = performance.now() + wait;
      this.#timer = setTimeout(() => this.#requestFrame(), wait);
    }
  }

  // Draws both clocks as of now; returns the milliseconds until the running clock's text or state next
  // changes (Infinity when no clock runs).
  #redraw() {
    if (!this.#last) return Infinity;
    const { tick, clock } = this.#last;
    const now = performance.timeOrigin + performance.now();
    let next = Infinity;
    for (const side of ['w', 'b']) {
      const el = this.#elFor(side);
      let ms = tick[side];
      const running = tick.running === side;
      let delay = running ? tick.delay : 0;
      if (running && ms !== null) {
        const since = Math.max(0, now - tick.at);
        const delayUsed = Math.min(delay, since);
        delay -= delayUsed;
        if (clock?.tc?.delayMode === 'simple') ms -= since - delayUsed;
        else ms -= since;
      }
      setText(el.querySelector('.clock-name'), this.#names[side]);
      setText(el.querySelector('.clock-time'), ms === null ? '–' : formatClock(ms));
      const extra = [];
      if (delay > 0) extra.push(`delay ${Math.ceil(delay / 100) / 10} s`);
      const togo = clock && !clock.tc?.untimed ? movesToGo(clock, side) : null;
      if (togo !== null) extra.push(`${togo} to go`);
      setText(el.querySelector('.clock-extra'), extra.join(' · '));
      el.classList.toggle('running', running);
      el.classList.toggle('flagged', clock?.flagged === side);
      const threshold = lowTimeThreshold(clock?.tc);
      const low = ms !== null && threshold !== null && ms < threshold;
      el.classList.toggle('low', low);
      el.classList.toggle('untimed', ms === null);  // no time to show: the bar names the player only
      el.dataset.side = side;
      el.dataset.ms = ms === null ? '' : String(Math.max(0, Math.round(ms)));
      el.dataset.at = String(Math.round(now));  // the moment data-ms is the time of (ms since the epoch)
      const label = ms === null ? `${this.#names[side]} (no clock)` : `${this.#names[side]} clock: ${formatClock(ms)}`;
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      if (low && running && !this.#warned[side]) {
        this.#warned[side] = true;
        this.onLowTime(side);
      }
      if (running && ms !== null) next = Math.min(next, untilChange(ms, delay, threshold));
    }
    return next;
  }
}

// Milliseconds until a running clock with `ms` left (and `delay` of a delay left) shows something else:
// its text (formatClock: whole seconds rounded up above 9.9 s, tenths below), the delay's tenths, or
// the low-time mark. Never more than a second; a wake-up a little early only redraws the same text.
function untilChange(ms, delay, threshold) {
  let wait = ms > 9_900 ? ms - Math.max(9_900, (Math.ceil(ms / 1000) - 1) * 1000)
    : ms > 0 ? ms - (Math.ceil(ms / 100) - 1) * 100 : 1000;
  if (delay > 0) wait = Math.min(wait, delay - (Math.ceil(delay / 100) - 1) * 100);
  if (threshold !== null && ms >= threshold) wait = Math.min(wait, ms - threshold + 1);
  return Math.min(wait, 1000);
}

// Writes only changes: most frames change nothing but the tenths or nothing at all.
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
