// The chess clock, in its own dedicated Worker: the authority for both players'
// remaining time. It charges each turn as now − turnStart (no tick counting),
// posts display updates, and posts the flag itself at the exact time, so a busy
// or throttled page can neither delay nor miss a flag.
//
// Messages in:  {type: 'set', clock}   replace the state (new game, restore after reload)
//               {type: 'start', side}  start `side`'s clock now
//               {type: 'press', side}  `side` completed a move now
//               {type: 'stop'}         stop both clocks (pause, game over), charging the time used
// Messages out: {type: 'state', clock, cause, at}      after every change (the page persists it)
//               {type: 'tick', w, b, delay, running, at} display values, after every change and once a
//                                                       second while running
//               {type: 'flag', side, flagAt, detectedAt, clock}
//               {type: 'error', message}               a refused request (e.g. press by the wrong side)
import * as tc from './timecontrol.js';

// Time on a clock shared with the page: timeOrigin + performance.now() (epoch-based, monotonic), plus
// the time the machine slept: performance.now() may stand still during sleep while Date.now() does
// not, so a forward jump of the wall clock beyond the monotonic one is added (backward jumps, i.e.
// wall-clock corrections, are ignored).
let sleptOffset = 0;
function now() {
  const mono = performance.timeOrigin + performance.now();
  const gap = Date.now() - (mono + sleptOffset);
  if (gap > 1000) sleptOffset += gap;
  return mono + sleptOffset;
}

// The page's ClockView extrapolates a running clock from the last tick and redraws itself when its text
// changes, so the ticks need not follow the tenths: once a second is enough to notice a machine that slept
// (see now()) and hand the view fresh values. (Every 100 ms, as before, woke the Worker and posted to the
// page ten times a second for nothing: the view dropped nine of ten.) The flag has a timer of its own.
const TICK_MS = 1000;
let clock = null;
let timer = 0;

function post(message) { self.postMessage(message); }
function postState(cause) { post({ type: 'state', clock: serialisable(clock), cause, at: now() }); }

// Infinity does not survive JSON (the page stores the state): untimed clocks send null.
function serialisable(c) {
  return { ...c, remaining: { w: finite(c.remaining.w), b: finite(c.remaining.b) } };
}
function finite(x) { return Number.isFinite(x) ? x : null; }
function revive(c) {
  return { ...c, remaining: { w: c.remaining.w ?? Infinity, b: c.remaining.b ?? Infinity } };
}

function tick() {
  clearTimeout(timer);
  timer = 0;
  if (!clock) return;
  const t = now();
  if (clock.running && t >= tc.flagTime(clock)) return flag(t);
  post({
    type: 'tick', at: t, running: clock.running,
    w: finite(tc.mainTimeAt(clock, 'w', t)), b: finite(tc.mainTimeAt(clock, 'b', t)),
    delay: clock.running ? tc.delayLeftAt(clock, clock.running, t) : 0,
  });
  if (!clock.running) return;
  // Wake a second later or exactly at the flag, whichever comes first.
  const untilFlag = tc.flagTime(clock) - t;
  timer = setTimeout(tick, Math.max(0, Math.min(TICK_MS, untilFlag)));
}

function flag(t) {
  const side = clock.running;
  const flagAt = tc.flagTime(clock);
  clock = tc.fallFlag(clock);
  post({ type: 'flag', side, flagAt, detectedAt: t, clock: serialisable(clock) });
  postState('flag');
  tick();
}

self.onmessage = ({ data }) => {
  const t = now();
  try {
    switch (data.type) {
      case 'set':
        clock = revive(data.clock);
        postState('set');
        break;
      case 'start':
        clock = tc.start(clock, data.side, t);
        postState('start');
        break;
      case 'press':
        if (!clock.running) throw new Error('clock: no clock is running');
        if (clock.running !== data.side) throw new Error(`clock: it is not ${data.side}'s clock that runs`);
        if (t >= tc.flagTime(clock)) return flag(t);  // the flag fell before the move arrived
        clock = tc.press(clock, t);
        postState('press');
        break;
      case 'stop':
        if (clock) clock = tc.stop(clock, t);
        postState('stop');
        break;
      default:
        throw new Error(`clock: unknown message ${data.type}`);
    }
  } catch (e) {
    post({ type: 'error', message: e.message });
  }
  tick();
};
