// The app's clock arithmetic (web/app/timecontrol.js), on plain numbers: every
// kind of time control, FIDE categories, PGN TimeControl both ways, display.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  MINUTE, SECOND, PRESETS, suddenDeath, validateTimeControl, category, pgnTimeControl, pgnTimeDelay,
  parsePgnTimeControl, describeTimeControl, newClock, start, press, stop, fallFlag, mainTimeAt,
  delayLeftAt, flagTime, movesToGo, formatClock, lowTimeThreshold,
} from '../../web/app/timecontrol.js';

const T0 = 1_000_000;  // an arbitrary monotonic origin: nothing may assume 0

// Plays `turns` as [side-to-move's thinking time in ms, ...] from T0; returns the clock and the time.
function play(tc, turns) {
  let clock = start(newClock(tc), 'w', T0);
  let now = T0;
  for (const used of turns) {
    now += used;
    clock = press(clock, now);
  }
  return { clock, now };
}

describe('sudden death and Fischer increment', () => {
  test('each turn is charged exactly now − turnStart', () => {
    const { clock } = play(suddenDeath(5 * MINUTE), [1234, 5678, 1]);
    assert.equal(clock.remaining.w, 5 * MINUTE - 1234 - 1);
    assert.equal(clock.remaining.b, 5 * MINUTE - 5678);
    assert.equal(clock.running, 'b');
    assert.deepEqual(clock.moves, { w: 2, b: 1 });
  });

  test('increment is added after every completed move, including the first', () => {
    const { clock } = play(suddenDeath(3 * MINUTE, 2 * SECOND), [500, 10_000, 2_500]);
    assert.equal(clock.remaining.w, 3 * MINUTE - 500 + 2000 - 2500 + 2000);
    assert.equal(clock.remaining.b, 3 * MINUTE - 10_000 + 2000);
  });

  test('the running clock shows the time left at any instant; the other one is frozen', () => {
    const clock = start(newClock(suddenDeath(MINUTE)), 'w', T0);
    assert.equal(mainTimeAt(clock, 'w', T0 + 12_345), MINUTE - 12_345);
    assert.equal(mainTimeAt(clock, 'b', T0 + 12_345), MINUTE);
    assert.equal(flagTime(clock), T0 + MINUTE);
  });

  test('a press at or after the flag time is refused: the flag stands', () => {
    const clock = start(newClock(suddenDeath(MINUTE)), 'w', T0);
    assert.throws(() => press(clock, T0 + MINUTE), /White's flag has fallen/);
    assert.equal(press(clock, T0 + MINUTE - 1).remaining.w, 1);
  });

  test('fallFlag: time 0, clocks stopped, flag recorded', () => {
    const clock = fallFlag(start(newClock(suddenDeath(MINUTE)), 'w', T0));
    assert.equal(clock.remaining.w, 0);
    assert.equal(clock.running, null);
    assert.equal(clock.flagged, 'w');
    assert.equal(flagTime(clock), Infinity);
  });

  test('stop (pause) charges the time used and stops', () => {
    const clock = stop(start(newClock(suddenDeath(MINUTE)), 'b', T0), T0 + 700);
    assert.equal(clock.remaining.b, MINUTE - 700);
    assert.equal(clock.running, null);
    assert.equal(mainTimeAt(clock, 'b', T0 + 99_999), MINUTE - 700);
  });
});

describe('delay (FIDE Art. 6.2b)', () => {
  const simple = { periods: [{ moves: 0, time: MINUTE }], delay: 5 * SECOND, delayMode: 'simple' };
  const bronstein = { ...simple, delayMode: 'bronstein' };

  test('simple delay: the main time does not run during the delay', () => {
    const clock = start(newClock(simple), 'w', T0);
    assert.equal(mainTimeAt(clock, 'w', T0 + 4_999), MINUTE);
    assert.equal(delayLeftAt(clock, 'w', T0 + 3_000), 2_000);
    assert.equal(mainTimeAt(clock, 'w', T0 + 7_000), MINUTE - 2_000);
    assert.equal(press(clock, T0 + 4_000).remaining.w, MINUTE);      // within the delay: unchanged
    assert.equal(press(clock, T0 + 8_000).remaining.w, MINUTE - 3_000);
  });

  test('Bronstein: the main time runs, the time used up to the delay is given back', () => {
    const clock = start(newClock(bronstein), 'w', T0);
    assert.equal(mainTimeAt(clock, 'w', T0 + 3_000), MINUTE - 3_000);
    assert.equal(press(clock, T0 + 3_000).remaining.w, MINUTE);
    assert.equal(press(clock, T0 + 8_000).remaining.w, MINUTE - 3_000);
  });

  test('with less time than the delay, the two differ in when the flag falls', () => {
    const low = { ...newClock(simple), remaining: { w: 2_000, b: MINUTE } };
    assert.equal(flagTime(start(low, 'w', T0)), T0 + 7_000);  // 5 s of delay, then 2 s
    const lowB = { ...newClock(bronstein), remaining: { w: 2_000, b: MINUTE } };
    assert.equal(flagTime(start(lowB, 'w', T0)), T0 + 2_000);
    assert.equal(press(start(low, 'w', T0), T0 + 6_000).remaining.w, 1_000);
    assert.throws(() => press(start(lowB, 'w', T0), T0 + 2_000), /flag has fallen/);
  });

  test('delay never adds time: saved delay is not banked', () => {
    const { clock } = play(simple, [100, 100, 100, 100]);
    assert.deepEqual(clock.remaining, { w: MINUTE, b: MINUTE });
  });
});

describe('multi-period controls', () => {
  const classical = PRESETS.find((p) => p.id === '90/40+30+30s').tc;

  test('90/40 + 30 min + 30 s: the second period\'s time comes after the 40th move', () => {
    const turns = Array(80).fill(60_000);  // one minute a move for both
    let { clock } = play(classical, turns.slice(0, 78));  // 39 moves each
    assert.equal(clock.remaining.w, 90 * MINUTE - 39 * 60_000 + 39 * 30_000);
    assert.equal(movesToGo(clock, 'w'), 1);
    ({ clock } = play(classical, turns));  // 40 each
    assert.equal(clock.remaining.w, 90 * MINUTE - 40 * 60_000 + 40 * 30_000 + 30 * MINUTE);
    assert.equal(clock.remaining.b, clock.remaining.w);
    assert.equal(movesToGo(clock, 'w'), null);
    ({ clock } = play(classical, Array(82).fill(60_000)));  // 41 each: no more time added
    assert.equal(clock.remaining.w, 90 * MINUTE - 41 * 30_000 + 30 * MINUTE);
  });

  test('a single moves/time period repeats (40/5400: 90 min every 40 moves)', () => {
    const tc = { periods: [{ moves: 40, time: 90 * MINUTE }] };
    let { clock } = play(tc, Array(80).fill(1000));
    assert.equal(clock.remaining.w, 180 * MINUTE - 40_000);
    ({ clock } = play(tc, Array(160).fill(1000)));
    assert.equal(clock.remaining.w, 270 * MINUTE - 80_000);
    assert.equal(movesToGo(clock, 'w'), 40);
    ({ clock } = play(tc, Array(161).fill(1000)));
    assert.equal(movesToGo(clock, 'w'), 39);
  });

  test('the time-control flag is checked against the period it is in', () => {
    const tc = { periods: [{ moves: 2, time: 10_000 }, { moves: 0, time: MINUTE }] };
    const { clock } = play(tc, [4000, 1, 4000, 1]);  // White: 2 moves in 8 s
    assert.equal(clock.remaining.w, 2_000 + MINUTE);
  });
});

describe('untimed', () => {
  test('never flags; counts moves', () => {
    const { clock } = play({ untimed: true }, [1e9, 1e9, 1e9]);
    assert.equal(clock.remaining.w, Infinity);
    assert.equal(flagTime(clock), Infinity);
    assert.deepEqual(clock.moves, { w: 2, b: 1 });
    assert.equal(formatClock(Infinity), '–');
  });
});

describe('categories (FIDE Laws 2023: base + 60 × increment)', () => {
  const cases = [
    ['1+0', 'blitz'], ['3+2', 'blitz'], ['5+0', 'blitz'], ['10+5', 'rapid'], ['15+10', 'rapid'],
    ['30+0', 'rapid'], ['90/40+30+30s', 'standard'], ['untimed', 'untimed'],
  ];
  for (const [id, want] of cases) {
    test(`${id} is ${want}`, () => assert.equal(category(PRESETS.find((p) => p.id === id).tc), want));
  }
  test('the boundaries: 10 min is blitz, 10 min + 1 s increment is rapid, 60 min is standard', () => {
    assert.equal(category(suddenDeath(10 * MINUTE)), 'blitz');
    assert.equal(category(suddenDeath(9 * MINUTE, SECOND)), 'blitz');
    assert.equal(category(suddenDeath(10 * MINUTE, SECOND)), 'rapid');
    assert.equal(category(suddenDeath(59 * MINUTE, 0)), 'rapid');
    assert.equal(category(suddenDeath(50 * MINUTE, 10 * SECOND)), 'standard');
    assert.equal(category({ periods: [{ moves: 0, time: 5 * MINUTE }], delay: 5000, delayMode: 'simple' }), 'blitz');
    assert.equal(category({ periods: [{ moves: 0, time: 6 * MINUTE }], delay: 5000, delayMode: 'simple' }), 'rapid');
  });
});

describe('PGN TimeControl tag', () => {
  test('written as the PGN standard says', () => {
    assert.equal(pgnTimeControl(suddenDeath(5 * MINUTE)), '300');
    assert.equal(pgnTimeControl(suddenDeath(3 * MINUTE, 2 * SECOND)), '180+2');
    assert.equal(pgnTimeControl(PRESETS.find((p) => p.id === '90/40+30+30s').tc), '40/5400+30:1800+30');
    assert.equal(pgnTimeControl({ periods: [{ moves: 40, time: 90 * MINUTE }] }), '40/5400');
    assert.equal(pgnTimeControl({ untimed: true }), '-');
  });
  test('delay goes to its own tag', () => {
    const tc = { periods: [{ moves: 0, time: MINUTE }], delay: 5000, delayMode: 'bronstein' };
    assert.equal(pgnTimeDelay(tc), '5 bronstein');
    assert.equal(pgnTimeDelay(suddenDeath(MINUTE)), null);
  });
  test('read back to the same control', () => {
    for (const { tc } of PRESETS) {
      const back = parsePgnTimeControl(pgnTimeControl(tc));
      assert.equal(pgnTimeControl(back), pgnTimeControl(tc));
    }
    const delayed = parsePgnTimeControl('300', '5 simple');
    assert.equal(delayed.delay, 5000);
    assert.equal(delayed.delayMode, 'simple');
    assert.equal(parsePgnTimeControl('?'), null);
    assert.equal(parsePgnTimeControl('*180'), null);
  });
  test('bad values are named', () => {
    assert.throws(() => parsePgnTimeControl('5 min'), /cannot read "5 min"/);
    assert.throws(() => parsePgnTimeControl('300', '5 seconds'), /TimeDelay "5 seconds"/);
  });
});

describe('validation', () => {
  test('bad controls are refused with the field named', () => {
    assert.throws(() => validateTimeControl({ periods: [] }), /at least one period/);
    assert.throws(() => validateTimeControl({ periods: [{ moves: 0, time: 0 }] }), /period 1: time/);
    assert.throws(() => validateTimeControl({ periods: [{ moves: 0, time: 1 }, { moves: 0, time: 1 }] }),
      /period 1: only the last period/);
    assert.throws(() => validateTimeControl({ periods: [{ moves: 1.5, time: 1 }] }), /moves must be a whole/);
    assert.throws(() => validateTimeControl({ ...suddenDeath(1), increment: -1 }), /increment/);
    assert.throws(() => validateTimeControl({ ...suddenDeath(1), delay: 5, delayMode: 'fast' }), /delay mode/);
    assert.throws(() => validateTimeControl({ ...suddenDeath(1), increment: 5, delay: 5, delayMode: 'simple' }),
      /either an increment or a delay/);
  });
  test('descriptions', () => {
    assert.equal(describeTimeControl(suddenDeath(3 * MINUTE, 2 * SECOND)), '3 min + 2 s per move');
    assert.equal(describeTimeControl(PRESETS.find((p) => p.id === '90/40+30+30s').tc),
      '40 moves in 90 min, then 30 min + 30 s per move');
    assert.equal(describeTimeControl({ periods: [{ moves: 0, time: MINUTE }], delay: 5000, delayMode: 'simple' }),
      '1 min with a 5 s simple (US) delay');
  });
});

describe('display', () => {
  test('rounds up like a clock; tenths under 10 s', () => {
    assert.equal(formatClock(5 * MINUTE), '5:00');
    assert.equal(formatClock(5 * MINUTE - 1), '5:00');
    assert.equal(formatClock(5 * MINUTE - 1000), '4:59');
    assert.equal(formatClock(10_000), '0:10');
    assert.equal(formatClock(9_950), '0:10');
    assert.equal(formatClock(9_900), '0:09.9');
    assert.equal(formatClock(50), '0:00.1');
    assert.equal(formatClock(0), '0:00.0');
    assert.equal(formatClock(-5), '0:00.0');
    assert.equal(formatClock(90 * MINUTE), '1:30:00');
  });
});

describe('low-time warning threshold', () => {
  test('an eighth of the starting time, between 10 and 60 seconds', () => {
    const at = (id) => lowTimeThreshold(PRESETS.find((p) => p.id === id).tc);
    assert.equal(at('1+0'), 10 * SECOND);          // 7.5 s, raised to 10 s
    assert.equal(at('3+2'), 22.5 * SECOND);
    assert.equal(at('5+0'), 37.5 * SECOND);
    assert.equal(at('10+5'), 60 * SECOND);         // 75 s, capped at 60 s
    assert.equal(at('90/40+30+30s'), 60 * SECOND); // from the first period's time
    assert.equal(lowTimeThreshold(suddenDeath(8 * MINUTE)), 60 * SECOND);
    assert.equal(at('untimed'), null);
    assert.equal(lowTimeThreshold(null), null);
  });
});
