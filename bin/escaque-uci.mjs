#!/usr/bin/env node
// escaque's WebAssembly build as a UCI engine on stdin/stdout: the same
// UciSession as build/native/escaque-uci, so the two answer identically.
//
//   node bin/escaque-uci.mjs                       interactive / piped commands
//   node bin/escaque-uci.mjs "go perft 5" quit     commands as arguments run first
//
// The session runs in a worker thread (dist/engine-worker.mjs, the Engine
// class's worker) so that this thread keeps reading stdin while it searches:
// "stop" and "ponderhit" reach the search through shared memory, "isready" is
// answered at once, and "go infinite" / "go ponder" work as in the native
// binary. As there, any other command stops a running search first, and the
// bestmove of an infinite or ponder search waits for "stop" (or "ponderhit").
// The process ends on `quit` or at the end of input (after a bounded search
// has finished; an infinite one is stopped).
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';

function writeOut(text) {
  // fs.writeSync on fd 1 so that every reply is out before the next (possibly
  // long) command runs, whether stdout is a terminal, a pipe or a file.
  const bytes = Buffer.from(text, 'utf8');
  for (let done = 0; done < bytes.length;) {
    try {
      done += writeSync(1, bytes, done, bytes.length - done);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;  // non-blocking pipe is full: retry
      if (e.code === 'EPIPE') process.exit(0);  // reader went away
      throw e;
    }
  }
}

function fail(message) {
  process.stderr.write(`escaque-uci: ${message}\n(run "npm run build" to create dist/)\n`);
  process.exit(1);
}

let protocol;
try {
  // Imported here rather than statically so that a missing build gets a hint.
  protocol = await import('../dist/engine-protocol.mjs');
} catch (e) {
  fail(e.message);
}
const { CONTROL } = protocol;
const control = new Int32Array(new SharedArrayBuffer(CONTROL.SLOTS * 4));
const worker = new Worker(new URL('../dist/engine-worker.mjs', import.meta.url));
worker.on('error', (e) => fail(e.message));
// The command line runs the Engine's module with the network and the UCI text session (pages load
// escaque.wasm, which has neither; cmake/wasm.cmake): escaque-engine.wasm (SIMD128), or its scalar
// build where SIMD128 is missing or ESCAQUE_WASM_SIMD=0 asks for it (ESCAQUE_WASM_SIMD=1: the SIMD
// build, or an error where it cannot run).
const simdChoice = process.env.ESCAQUE_WASM_SIMD;
if (simdChoice !== undefined && simdChoice !== '0' && simdChoice !== '1') {
  fail(`ESCAQUE_WASM_SIMD must be 0 (the scalar build) or 1 (the SIMD128 build), got ${JSON.stringify(simdChoice)}`);
}
const simd = simdChoice === undefined ? undefined : simdChoice === '1';
worker.postMessage({ type: 'init', control: control.buffer, net: true, ...(simd === undefined ? {} : { simd }) });

let nextId = 1;
const pending = new Map();   // line id -> resolve(done message): lines sent, not yet done
const searches = new Map();  // line id of a "go" -> {waitsForStop, released, held, running, readyWaiting}
let search = null;           // the "go" that stdin's next stop/ponderhit/isready is about
let quitting = false;

const BOUNDED = new Set(['depth', 'nodes', 'movetime', 'mate', 'wtime', 'btime', 'perft']);

function answerReady(s) {
  for (; s.readyWaiting > 0; s.readyWaiting--) writeOut('readyok\n');
}

worker.on('message', (m) => {
  if (m.type === 'output') {
    const s = searches.get(m.id);
    if (s && s.waitsForStop && !s.released && m.text.startsWith('bestmove')) s.held = m.text;
    else writeOut(m.text);
    if (s && !s.running) {
      s.running = true;  // the search really runs: isready is answered at once from now on
      answerReady(s);
    }
  } else if (m.type === 'done') {
    if (m.text) writeOut(m.text);
    const s = searches.get(m.id);
    if (s) {
      answerReady(s);
      searches.delete(m.id);
      // An infinite or ponder search can end by itself (a mate found, the depth limit reached),
      // but UCI holds its bestmove until "stop" or "ponderhit": it stays the current search and
      // release() writes the bestmove then.
      const holding = s.held && s.waitsForStop && !s.released;
      if (!holding) {
        if (s.held) writeOut(s.held);  // released meanwhile, or quitting
        s.held = null;
        if (search === s) search = null;
      }
    }
    pending.get(m.id)?.(m);
    pending.delete(m.id);
    if (m.quit) process.exit(0);
  } else if (m.type === 'fatal') {
    fail(m.error.message);
  }
});

// Ends a running search's wait: its bestmove goes out now (or as soon as it is made).
function release(s, signal) {
  Atomics.store(control, signal, s.id);
  s.released = true;
  if (s.held) {
    writeOut(s.held);
    s.held = null;
  }
}

function send(line) {
  const id = nextId++;
  const words = line.trim().split(/\s+/);
  if (words[0] === 'go') {
    const bounded = words.some((w) => BOUNDED.has(w));
    search = {
      id, released: false, held: null, running: false, readyWaiting: 0,
      waitsForStop: words.includes('infinite') || words.includes('ponder') || !bounded,
    };
    searches.set(id, search);
  }
  worker.postMessage({ type: 'line', id, line });
  return new Promise((resolve) => pending.set(id, resolve));
}

// One line from stdin: what the native binary does with it while a search may be running.
function onLine(line) {
  if (quitting) return;
  const cmd = line.trim().split(/\s+/)[0];
  if (search) {
    if (cmd === 'isready') {
      // At once if the search runs; if the "go" has not started yet (or fails), after it has.
      if (search.running) writeOut('readyok\n');
      else search.readyWaiting++;
      return;
    }
    if (cmd === 'ponderhit') return release(search, CONTROL.PONDERHIT);
    release(search, CONTROL.STOP);  // stop, quit, and anything else that changes the session's state
    search = null;
    if (cmd === 'stop') return;
  } else if (cmd === 'stop' || cmd === 'ponderhit') {
    return;  // nothing to stop
  }
  if (cmd === 'quit') quitting = true;
  send(line);
}

// Commands given as arguments run first, each to its end, before stdin is read.
for (const arg of process.argv.slice(2)) {
  const reply = await send(arg);
  if (reply.quit) process.exit(0);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
lines.on('line', (line) => {
  onLine(line);
  if (quitting) lines.close();
});
lines.on('close', async () => {
  if (quitting) return;  // the worker's answer to quit ends the process
  // End of input: a bounded search finishes, an infinite or ponder one is stopped.
  if (search?.waitsForStop) release(search, CONTROL.STOP);
  await new Promise((resolve) => {
    const check = () => (pending.size === 0 ? resolve() : setTimeout(check, 5));
    check();
  });
  process.exit(0);
});
