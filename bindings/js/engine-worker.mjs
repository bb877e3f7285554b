// The worker behind the Engine class (bindings/js/engine.mjs) and the WASM UCI
// command line (bin/escaque-uci.mjs): escaque.wasm (the same module init() loads
// on the main thread; here its search's exports, engine_exports.cpp) with one
// UCI session, in a Web Worker (browsers) or a worker_threads Worker (Node).
//
// The NNUE network is not in escaque.wasm but in the Engine's own module,
// escaque-engine.wasm (its search built for SIMD128), or escaque-engine-scalar.wasm
// where WebAssembly.validate says SIMD128 is missing. The worker switches to it
// when "Use NNUE" is set to true (a new session, the options set so far replayed),
// or starts with it when told so (init's `net`: the command line). Pages that never
// ask for the network never download it.
//
// The search is synchronous WebAssembly: while it runs, this worker's event
// loop is blocked and no message gets in. "stop" and "ponderhit" therefore
// arrive through a SharedArrayBuffer (when the host has one) that the search
// polls every ~1000 nodes through poll() below. Without one, the host stops a
// search by terminating this worker (see engine.mjs).
//
// Messages in (from the host):
//   {type: 'init', control: SharedArrayBuffer | null, module?: WebAssembly.Module, wasmUrl?: string,
//    netModule?: WebAssembly.Module, net?: boolean, simd?: boolean}
//                                     first, once (module: escaque.wasm compiled by the host's init() or an
//                                     earlier worker, so that a worker starts in milliseconds; else it
//                                     compiles the file at wasmUrl, default next to this file, and sends it
//                                     back as {type: 'compiled', module}; netModule: the same for the
//                                     Engine's module with the network, sent back as {type: 'compiled',
//                                     module, net: true}; net: start with that module; simd: false picks
//                                     its scalar build, true the SIMD128 one, absent: as the host supports)
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
// Messages out, besides the answers: {type: 'ready', sharedStop, simd} once loaded (simd: which build of the
// Engine's module it would load), {type: 'fatal', error} if loading failed.
import createEscaqueModule from './runtime.mjs';
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
let session = null;   // EngineHandle (escaque.mjs, bindings/embind/engine_exports.cpp)
let describe = null;  // () => {name, author, options}
let current = null;   // the search running now: {id, ponderhitSeen, onLine(line), onReport(info)}
let net = null;       // how the Engine's module with the network is found: {wasmUrl, module, simd}
let hasNet = false;   // the session runs in that module
// The options set, replayed into a new session: lower-case name -> [name, value] (the latest value, in
// the order first set, as engine.mjs replays them to a new worker; buttons are not replayed).
const options = new Map();
function remember(name, value, answer) {
  if (answer.ok && value !== '') options.set(name.toLowerCase(), [name, value]);
}

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
// Its details (a FEN's offset, kind and detail; a move's index) go along.
const failure = ({ ok, code, message, ...details }) => ({ name: ERROR_NAMES[code] ?? 'Error', code, message, details });

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

// A module with one SIMD128 function (i8x16.splat, i8x16.popcnt): valid only where SIMD128 is.
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11];
function simdSupported() {
  try {
    return WebAssembly.validate(new Uint8Array(SIMD_PROBE));
  } catch {
    return false;
  }
}

// The Engine's module with the network: next to escaque.wasm when the host says where that is, else
// next to this file, written out as new URL('…', import.meta.url) so that bundlers emit both files.
function netUrl(wasmUrl, simd) {
  const file = simd ? 'escaque-engine.wasm' : 'escaque-engine-scalar.wasm';
  if (wasmUrl) return new URL(file, new URL(wasmUrl, import.meta.url));
  return simd ? new URL('./escaque-engine.wasm', import.meta.url) : new URL('./escaque-engine-scalar.wasm', import.meta.url);
}

// "Use NNUE" set to true (the engine's own reading: the name and the value in any case).
const wantsNet = (name, value) => /^use nnue$/i.test(name) && String(value).toLowerCase() === 'true';

// The session moves to the module with the network, then takes the option; meanwhile messages wait.
// If that module cannot be loaded, the option is refused and the session stays as it was.
async function switchToNet(message) {
  loaded = false;
  let answer;
  try {
    const escaque = await loadEngine(net.module, null, true);
    const next = new escaque.EngineHandle(true);
    for (const [name, value] of options.values()) next.setOption(name, value);
    session.delete();
    session = next;
    describe = escaque.engineDescribe;
    hasNet = true;
    answer = session.setOption(message.name, message.value);
    remember(message.name, message.value, answer);
  } catch (e) {
    answer = { ok: false, code: 'INVALID_OPTION', message: `${message.name}: the engine's network could not be ` +
      `loaded (${e?.message ?? e}); keeping the hand-written evaluation` };
  }
  port.post({ type: 'reply', seq: message.seq, value: answer });
  loaded = true;
  drain();
}

async function compileWasm(wasmUrl, withNet) {
  let url;
  try {
    url = withNet ? netUrl(wasmUrl, net.simd)
      : wasmUrl ? new URL(wasmUrl, import.meta.url) : new URL('./escaque.wasm', import.meta.url);
  } catch (e) {
    // Started from a Blob (the self-contained entries): nothing is beside it, and the network's module is
    // not inlined.
    if (withNet && (import.meta.url.startsWith('blob:') || String(wasmUrl ?? '').startsWith('blob:'))) {
      throw new Error('the self-contained entry (index.inline.mjs) holds escaque.wasm but not the network\'s ' +
        'module: give new Engine({ wasmUrl }) the absolute URL of a served escaque.wasm with escaque-engine.wasm beside it');
    }
    throw new Error(`no address for the engine's ${withNet ? 'network module' : 'WebAssembly module'}: ${e.message}`);
  }
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

// The module, instantiated from `compiled` when the host has it (no compilation at all); withNet:
// the Engine's module with the network instead of escaque.wasm.
async function loadEngine(compiled, wasmUrl, withNet = false) {
  const wasm = compiled ?? await compileWasm(withNet ? net.wasmUrl : wasmUrl, withNet);
  if (!compiled) port.post(withNet ? { type: 'compiled', module: wasm, net: true } : { type: 'compiled', module: wasm });
  return createEscaqueModule({ module: wasm, engineHost: { poll, write: onSearchLine, report: onSearchReport } });
}

const queue = [];
let loaded = false;

// The messages that waited for the module, in order (one of them may make them wait again).
function drain() {
  while (loaded && queue.length > 0) handle(queue.shift());
}

function handle(message) {
  switch (message.type) {
    case 'describe':
      port.post({ type: 'reply', seq: message.seq, value: describe() });
      break;
    case 'option':
      if (!hasNet && wantsNet(message.name, message.value)) {
        switchToNet(message);
      } else {
        const answer = session.setOption(message.name, message.value);
        remember(message.name, message.value, answer);
        port.post({ type: 'reply', seq: message.seq, value: answer });
      }
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
  net = { wasmUrl: init.wasmUrl, module: init.netModule, simd: init.simd ?? simdSupported() };
  try {
    const escaque = init.net ? await loadEngine(init.netModule, null, true) : await loadEngine(init.module, init.wasmUrl);
    hasNet = Boolean(init.net);
    session = new escaque.EngineHandle(true);
    describe = escaque.engineDescribe;
    loaded = true;
    port.post({ type: 'ready', sharedStop: control !== null, simd: net.simd });
    drain();
  } catch (e) {
    port.post({ type: 'fatal', error: errorData(e) });
  }
}

port.onMessage((message) => {
  if (message.type === 'init') start(message);
  else if (!loaded) queue.push(message);
  else handle(message);
});
