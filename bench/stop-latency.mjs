#!/usr/bin/env node
// How fast "stop" is answered: from the moment stop is sent to the moment a
// legal bestmove is back, at random moments of infinite searches, for
//   native   build/native/escaque-uci (UCI over pipes: go infinite ... stop)
//   wasm-cli node bin/escaque-uci.mjs  (same, the WASM session in a worker thread)
//   engine   the Engine class in Node (dist/index.mjs; shared-memory stop)
//   engine-terminate  the same with {sharedMemory: false} (stop terminates the worker)
//
//   node bench/stop-latency.mjs [count=20] [which=native,wasm-cli,engine,engine-terminate]
//
// Prints one line per front end: max / 95th percentile / median in ms, plus the
// lateness of a 1 ms timer in this process over the same period (how loaded the
// machine is: no stop can be answered faster than the host gets the CPU).
// The browser figure comes from tests/browser/engine-worker.test.mjs.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const count = Number(process.argv[2] ?? 20);
const which = (process.argv[3] ?? 'native,wasm-cli,engine,engine-terminate').split(',');

const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
];
// Random moments: right away, in the first iterations, deep into the search.
const WAITS = [0, 1, 5, 20, 60, 150, 300];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const waitFor = (k) => WAITS[k % WAITS.length] + Math.random() * 20;

// Timer lateness sampled while the measurement runs.
function startLatenessProbe() {
  const late = [];
  let running = true;
  (async () => {
    while (running) {
      const t = performance.now();
      await sleep(1);
      late.push(performance.now() - t - 1);
    }
  })();
  return () => { running = false; return late; };
}

function stats(values) {
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { max: s.at(-1), p95: at(0.95), median: at(0.5) };
}

async function uciProgram(command, args, startProbe) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let partial = '';
  let waiter = null;  // {re, resolve}: resolved by the first later line matching re
  child.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      if (waiter && waiter.re.test(line)) {
        const w = waiter;
        waiter = null;
        w.resolve(line);
      }
    }
  });
  const until = (re) => new Promise((resolve) => { waiter = { re, resolve }; });
  const send = (line) => child.stdin.write(line + '\n');
  let reply = until(/^uciok$/);
  send('uci');
  await reply;
  const stopProbe = startProbe();
  const latencies = [];
  for (let k = 0; k < count; k++) {
    send(`position fen ${FENS[k % 3]}`);
    reply = until(/^readyok$/);
    send('isready');
    await reply;
    send('go infinite');
    await sleep(waitFor(k));
    reply = until(/^bestmove \S+/);
    const t0 = performance.now();
    send('stop');
    await reply;
    latencies.push(performance.now() - t0);
  }
  const late = stopProbe();
  send('quit');
  await new Promise((r) => child.on('exit', r));
  return { latencies, late };
}

async function engineApi(sharedMemory, startProbe) {
  const { init, Engine } = await import(`${ROOT}dist/index.mjs`);
  await init();
  const engine = new Engine({ sharedMemory });
  await engine.bestMove('startpos', { depth: 5 });  // warm: loaded and searched once
  const stopProbe = startProbe();
  const latencies = [];
  for (let k = 0; k < count; k++) {
    const search = engine.bestMove(FENS[k % 3], { infinite: true });
    await sleep(waitFor(k));
    const t0 = performance.now();
    await engine.stop();
    latencies.push(performance.now() - t0);
    await search;
  }
  const late = stopProbe();
  await engine.dispose();
  return { latencies, late };
}

const RUNNERS = {
  native: (probe) => uciProgram(`${ROOT}build/native/escaque-uci`, [], probe),
  'wasm-cli': (probe) => uciProgram(process.execPath, [`${ROOT}bin/escaque-uci.mjs`], probe),
  engine: (probe) => engineApi(true, probe),
  'engine-terminate': (probe) => engineApi(false, probe),
};

console.log(`stop latency, ${count} stops each; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (const name of which) {
  const { latencies, late: lateness } = await RUNNERS[name](startLatenessProbe);
  const late = stats(lateness);
  const s = stats(latencies);
  console.log(`${name.padEnd(17)} max ${s.max.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  median ${s.median.toFixed(1)} ms` +
    `   (1 ms timer late by: max ${late.max.toFixed(1)} ms, median ${late.median.toFixed(1)} ms)`);
}
