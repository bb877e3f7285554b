// Draws the two clocks from the Worker's ticks. The running side's time is
// extrapolated from the tick's timestamp to the moment of drawing, so what is
// shown is exact even when ticks queued up behind a busy main thread.
import { formatClock, lowTimeThreshold, movesToGo } from './timecontrol.js';

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
    this.#last = { tick, clock };
    // Drawn at the next frame, not now: ticks that queued up behind a busy main thread cost nothing
    // but the last one. A running clock is redrawn every frame (extrapolated), so what is shown is
    // never more than a frame old — also in the first frame after the main thread frees up.
    if (!this.#frame) this.#frame = requestAnimationFrame(() => this.#onFrame());
  }
  #frame = 0;
  #onFrame() {
    this.#frame = 0;
    if (!this.#last) return;
    this.#redraw();
    if (this.#last.tick.running) this.#frame = requestAnimationFrame(() => this.#onFrame());
  }

  #redraw() {
    if (!this.#last) return;
    const { tick, clock } = this.#last;
    const now = performance.timeOrigin + performance.now();
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
      const label = ms === null ? `${this.#names[side]} (no clock)` : `${this.#names[side]} clock: ${formatClock(ms)}`;
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      if (low && running && !this.#warned[side]) {
        this.#warned[side] = true;
        this.onLowTime(side);
      }
    }
  }
}

// Writes only changes: most frames change nothing but the tenths or nothing at all.
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
