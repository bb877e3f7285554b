// The worker behind the Engine class (bindings/js/engine.mjs) and the WASM UCI
// command line (bin/escaque-uci.mjs): escaque.wasm (the same module init() loads
// on the main thread; here its search's exports, engine_exports.cpp) with one
// UCI session, in a Web Worker (browsers) or a worker_threads Worker (Node).
//
// The search is synchronous WebAssembly: while it runs, this worker's event
// loop is blocked and no message gets in. "stop" and "ponderhit" therefore
// arrive through a SharedArrayBuffer (when the host has one) that the search
// polls every ~1000 nodes through poll() below. Without one, the host stops a
// search by terminating this worker (see engine.mjs).
//
// Messages in (from the host):
//   {type: 'init', control: SharedArrayBuffer | null, module?: WebAssembly.Module, wasmUrl?: string}
//                                     first, once (module: escaque.wasm compiled by the host's init() or an
//                                     earlier worker, so that a worker starts in milliseconds; else it
//                                     compiles the file at wasmUrl, default next to this file, and sends it
//                                     back as {type: 'compiled', module})
//   {type: 'describe', seq}           answered {type: 'reply', seq, value: {name, author, options}}
//   {type: 'option', seq, name, value}  sets an engine option (value as text, '' for a button);
//                                     answered {type: 'reply', seq, value: {ok, note?} | {ok: false, code, message}}
//   {type: 'newGame', seq}            forgets the game; answered {type: 'reply', seq, value: {ok: true}}
//   {type: 'search', id, position: {fen, moves, chess960}, limits, multiPv}
//                                     limits: {depth, nodes, ..., infinite, ponder, searchmoves} as data;
//                                     answered {type: 'started', id, fallback}, then
//                                     {type: 'info', id, info}... (the engine's reports, as objects, SAN
//                                     included), then {type: 'bestmove', id, bestMove, ponder, ...} or
//                                     {type: 'error', id, error: {name, code, message}}
//   {type: 'line', id, line}          raw UCI mode (the CLI): a search's lines are streamed as
//                                     {type: 'output', id, text}; then {type: 'done', id, text, quit}
//                                     (text: the rest of the reply; quit: the session ended)
// Messages out, besides the answers: {type: 'ready'} once loaded, {type: 'fatal', error} if loading failed.
import createEscaqueModule from './escaque.mjs';
import { CONTROL, SIGNAL } from './engine-protocol.mjs';
import { inNode, nodeBuiltin } from './node-builtin.mjs';

let port;  // {post(message), onMessage(handler)}
if (inNode) {
  // No top-level await in this module: bundlers build workers as classic scripts by default (Vite:
  // IIFE), which cannot have one. Until the import has resolved, messages wait for it in order; after
  // it they are posted at once, which matters: a search runs synchronously and streams its lines
  // while it runs, when no promise callback could. (No message arrives before then: the handler is
  // attached after the import too.)
  let parentPort = null;
  const parent = nodeBuiltin('worker_threads').then((m) => (parentPort = m.parentPort));
  port = { post: (m) => { if (parentPort) parentPort.postMessage(m); else parent.then((p) => p.postMessage(m)); },
    onMessage: (h) => { parent.then((p) => p.on('message', h)); } };
} else {
  port = { post: (m) => self.postMessage(m), onMessage: (h) => { self.onmessage = (e) => h(e.data); } };
}

let control = null;   // Int32Array over the host's SharedArrayBuffer, or null
let session = null;   // EngineHandle (escaque.mjs, bindings/wasm/engine_exports.cpp)
let describe = null;  // () => {name, author, options}
let current = null;   // the search running now: {id, ponderhitSeen, onLine(line), onReport(info)}

// Called by the search every ~1000 nodes: 0 = go on, 1 = stop, 2 = ponderhit.
function poll() {
  if (!control || !current) return SIGNAL.NONE;
  if (Atomics.load(control, CONTROL.STOP) >= current.id) return SIGNAL.STOP;
  if (!current.ponderhitSeen && Atomics.load(control, CONTROL.PONDERHIT) >= current.id) {
    current.ponderhitSeen = true;
    return SIGNAL.PONDERHIT;
  }
  return SIGNAL.NONE;
}

// Every line a UCI session's search writes (info ..., bestmove ...), as it is written (raw mode).
function onSearchLine(text) {
  current?.onLine?.(text.replace(/\n$/, ''));
}

// Every report of a structured search (engine_exports.cpp: an object, SAN included), as it comes.
function onSearchReport(info) {
  current?.onReport?.(info);
}

// ---- Engine jobs ----

function errorData(e) {
  return { name: e?.name ?? 'Error', code: e?.code, message: e?.message ?? String(e) };
}

// The worker's errors keep the package's classes and codes (engine.mjs revives them).
const ERROR_NAMES = {
  INVALID_FEN: 'InvalidFenError', ILLEGAL_MOVE: 'IllegalMoveError', MOVE_SYNTAX: 'IllegalMoveError',
  NO_SUCH_PIECE: 'IllegalMoveError', INVALID_ARGUMENT: 'InvalidArgumentError',
};
const failure = (answer) => ({ name: ERROR_NAMES[answer.code] ?? 'Error', code: answer.code, message: answer.message });

function search({ id, position, limits, multiPv }) {
  try {
    const root = session.setPosition(position.fen, position.chess960, position.moves);
    if (!root.ok) {
      port.post({ type: 'error', id, error: failure(root) });
      return;
    }
    // The host's answer to a stop it must force (no shared memory): any legal move beats none.
    port.post({ type: 'started', id, fallback: root.fallback || null });
    let last = null;  // the latest report of the first PV
    current = {
      id,
      ponderhitSeen: false,
      onReport(info) {
        if (info.multipv === 1) last = info;
        port.post({ type: 'info', id, info });
      },
    };
    const result = session.go(limits, multiPv);
    current = null;
    if (!result.ok) {
      port.post({ type: 'error', id, error: failure(result) });
      return;
    }
    const { bestMove, ponder, bestMoveSan, ponderSan } = result;
    port.post({ type: 'bestmove', id, bestMove, ponder, bestMoveSan, ponderSan, last });
  } catch (e) {
    current = null;
    port.post({ type: 'error', id, error: errorData(e) });
  }
}

// ---- raw UCI mode (bin/escaque-uci.mjs) ----

function rawLine({ id, line }) {
  if (/^\s*go(\s|$)/.test(line)) {
    current = { id, ponderhitSeen: false, onLine: (l) => port.post({ type: 'output', id, text: l + '\n' }) };
  }
  let text = '';
  try {
    text = session.handle(line);
  } finally {
    current = null;
  }
  port.post({ type: 'done', id, text, quit: !session.running() });
}

// ---- start-up ----

async function compileWasm(wasmUrl) {
  const url = wasmUrl ? new URL(wasmUrl, import.meta.url) : new URL('./escaque.wasm', import.meta.url);
  if (inNode && url.protocol === 'file:') {
    const { readFile } = await nodeBuiltin('fs/promises');
    let bytes;
    try {
      bytes = await readFile(url);
    } catch (e) {
      throw new Error(`cannot read the engine's WebAssembly module at ${url}: ${e.message}`);
    }
    return WebAssembly.compile(bytes);
  }
  try {
    return await WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' }));
  } catch {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

// The module, instantiated from `compiled` when the host has it (no compilation at all).
async function loadEngine(compiled, wasmUrl) {
  const wasm = compiled ?? await compileWasm(wasmUrl);
  if (!compiled) port.post({ type: 'compiled', module: wasm });
  return createEscaqueModule({ module: wasm, engineHost: { poll, write: onSearchLine, report: onSearchReport } });
}

const queue = [];
let loaded = false;

function handle(message) {
  switch (message.type) {
    case 'describe':
      port.post({ type: 'reply', seq: message.seq, value: describe() });
      break;
    case 'option':
      port.post({ type: 'reply', seq: message.seq, value: session.setOption(message.name, message.value) });
      break;
    case 'newGame':
      session.newGame();
      port.post({ type: 'reply', seq: message.seq, value: { ok: true } });
      break;
    case 'search':
      search(message);
      break;
    case 'line':
      rawLine(message);
      break;
    default:
      port.post({ type: 'fatal', error: { name: 'Error', message: `engine worker: unknown message ${message.type}` } });
  }
}

async function start(init) {
  control = init.control ? new Int32Array(init.control) : null;
  try {
    const escaque = await loadEngine(init.module, init.wasmUrl);
    session = new escaque.EngineHandle(true);
    describe = escaque.engineDescribe;
    loaded = true;
    port.post({ type: 'ready', sharedStop: control !== null });
    for (const message of queue.splice(0)) handle(message);
  } catch (e) {
    port.post({ type: 'fatal', error: errorData(e) });
  }
}

port.onMessage((message) => {
  if (message.type === 'init') start(message);
  else if (!loaded) queue.push(message);
  else handle(message);
});
