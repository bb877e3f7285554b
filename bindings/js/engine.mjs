// The Engine class: escaque's search in a worker (a Web Worker in browsers, a
// worker_threads Worker in Node), so that thinking never blocks the caller.
//
//   import { Engine } from 'escaque';
//   const engine = new Engine();
//   const { bestMove } = await engine.bestMove('startpos', { movetime: 500 });
//   const analysis = engine.analyse(fen, { multiPv: 3, infinite: true });
//   for await (const info of analysis) show(info);   // until analysis.stop()
//
// How "stop" reaches a synchronous WebAssembly search: the worker's search
// polls a SharedArrayBuffer every ~1000 nodes (engine-worker.mjs). Where there
// is no SharedArrayBuffer (a browser page that is not crossOriginIsolated),
// stop() terminates the worker at once and answers with the best move of the
// last info line (or any legal move); a new worker is made when next needed.
// Either way stop() answers within a few milliseconds once the search runs.
//
// Docs: docs/api.md ("Engine"); design: docs/engine.md.
import {
  AmbiguousMoveError, Chess, DisposedError, EngineError, EscaqueError, IllegalMoveError, InvalidArgumentError,
  InvalidFenError, Position, init, isInitialized,
} from './api.mjs';
import { CONTROL, createControl } from './engine-protocol.mjs';
import { inNode, nodeBuiltin, nodeProcess } from './node-builtin.mjs';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MAX_MULTIPV = 256;
// With shared memory, how long stop() waits for the worker's own bestmove
// before it answers from the info lines instead (a search polls every ~1 ms,
// so this fires only when the worker is slow to get the CPU or has not yet
// reached the search, e.g. while it loads).
const STOP_GRACE_MS = 15;

// escaque.wasm as compiled by the first worker, per location (config.wasmUrl; '' = the
// default, next to engine-worker.mjs): later workers (other engines, or a replacement after a
// forced stop) are instantiated from it without compiling again. (The main thread's module, from
// init(), is the rules' alone: escaque-rules.wasm.)
const compiledWasm = new Map();
// The same for the Engine's module with the network (escaque-engine.wasm or its scalar build, which a
// worker loads when "Use NNUE" is set), per config.wasmUrl.
const compiledNet = new Map();


// limit name -> [smallest value, is it a number]
const LIMITS = {
  depth: 1, nodes: 1, movetime: 1, wtime: -Infinity, btime: -Infinity, winc: 0, binc: 0, movestogo: 1, mate: 1,
};
const FLAGS = ['infinite', 'ponder'];

function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

// The caller's limits, checked -> {limits: the search's limits as data (known keys only), waitsForStop}.
function checkLimits(limits, what, { needLimit }) {
  if (limits === undefined) limits = {};
  if (limits === null || typeof limits !== 'object' || Array.isArray(limits)) {
    throw new InvalidArgumentError(`${what}: limits must be an object, got ${describe(limits)}`);
  }
  const checked = {};
  let bounded = false;
  for (const [key, value] of Object.entries(limits)) {
    if (value === undefined) continue;
    if (key in LIMITS) {
      const min = LIMITS[key];
      if (!Number.isSafeInteger(value) || value < min) {
        const range = min === -Infinity ? 'an integer' : `an integer >= ${min}`;
        throw new InvalidArgumentError(`${what}: limits.${key} must be ${range}, got ${describe(value)}`);
      }
      // A clock already below zero (some GUIs send that) means "move at once".
      checked[key] = key === 'wtime' || key === 'btime' ? Math.max(0, value) : value;
      if (key !== 'winc' && key !== 'binc' && key !== 'movestogo') bounded = true;
    } else if (FLAGS.includes(key)) {
      if (typeof value !== 'boolean') {
        throw new InvalidArgumentError(`${what}: limits.${key} must be a boolean, got ${describe(value)}`);
      }
      checked[key] = value;
    } else if (key === 'searchmoves') {
      if (!Array.isArray(value) || value.length === 0 || !value.every((m) => typeof m === 'string' && /^\S+$/.test(m))) {
        throw new InvalidArgumentError(`${what}: limits.searchmoves must be a non-empty array of UCI moves like "e2e4"`);
      }
      checked.searchmoves = [...value];
    } else if (key === 'multiPv' || key === 'onInfo') {
      // options of analyse()/bestMove(), not limits
    } else {
      throw new InvalidArgumentError(
        `${what}: unknown limit "${key}" (expected ${[...Object.keys(LIMITS), ...FLAGS, 'searchmoves'].join(', ')})`);
    }
  }
  if (limits.infinite && limits.ponder) {
    throw new InvalidArgumentError(`${what}: limits.infinite and limits.ponder exclude each other`);
  }
  if (needLimit && !bounded && !limits.infinite && !limits.ponder) {
    throw new InvalidArgumentError(
      `${what}: give a limit (depth, nodes, movetime, mate, wtime/btime) or infinite: true (then call stop())`);
  }
  return { limits: checked, waitsForStop: Boolean(limits.infinite || limits.ponder || !bounded) };
}

// A position argument -> {fen, moves, chess960}. Accepts 'startpos', a FEN, {fen?, moves?, chess960?},
// or an escaque Chess game (its start position and the moves played).
function normalizePosition(position, what) {
  if (position === 'startpos') return { fen: START_FEN, moves: [], chess960: false };
  if (typeof position === 'string') return { fen: position, moves: [], chess960: false };
  if (position instanceof Chess) {
    const history = position.history({ verbose: true });
    return {
      fen: history.length ? history[0].before : position.fen(),
      moves: history.map((m) => m.uci),
      chess960: position.isChess960(),
    };
  }
  if (position !== null && typeof position === 'object' && !Array.isArray(position)) {
    const { fen = START_FEN, moves = [], chess960 = false } = position;
    if (typeof fen !== 'string' || /[\r\n]/.test(fen)) {
      throw new InvalidArgumentError(`${what}: position.fen must be a FEN string, got ${describe(fen)}`);
    }
    if (!Array.isArray(moves) || !moves.every((m) => typeof m === 'string' && /^\S+$/.test(m))) {
      throw new InvalidArgumentError(`${what}: position.moves must be an array of moves like "e2e4"`);
    }
    if (typeof chess960 !== 'boolean') {
      throw new InvalidArgumentError(`${what}: position.chess960 must be a boolean, got ${describe(chess960)}`);
    }
    return { fen: fen === 'startpos' ? START_FEN : fen, moves: [...moves], chess960 };
  }
  throw new InvalidArgumentError(
    `${what}: position must be "startpos", a FEN, {fen, moves} or a Chess game, got ${describe(position)}`);
}

// The worker's {name, code, message, details} -> the error class it was, with its details.
function reviveError({ name, code, message, details }) {
  const Class = { InvalidArgumentError, InvalidFenError, IllegalMoveError, AmbiguousMoveError, DisposedError }[name];
  if (Class === InvalidArgumentError || Class === DisposedError) return new Class(message);
  if (Class) return new Class(message, code, details);
  if (code) return new EscaqueError(message, code);
  return new EngineError(`engine: ${message}`);
}

// The result of a search, from the worker's bestmove and the last info of the first PV.
function searchResult(bestMove, ponder, bestMoveSan, ponderSan, last, lines, stopped) {
  return {
    bestMove,
    ponder,
    bestMoveSan,
    ponderSan,
    score: last?.score ?? null,
    depth: last?.depth ?? 0,
    seldepth: last?.seldepth ?? 0,
    nodes: last?.nodes ?? 0,
    nps: last?.nps ?? 0,
    time: last?.time ?? 0,
    // A search stopped mid-iteration may play a move better than the last line's first one:
    // then the PV is that move and its expected reply.
    pv: last && last.pv[0] === bestMove ? last.pv : bestMove ? [bestMove, ...(ponder ? [ponder] : [])] : [],
    san: last && last.pv[0] === bestMove ? last.san
      : bestMoveSan ? [bestMoveSan, ...(ponderSan ? [ponderSan] : [])] : [],
    lines: [...lines.values()].sort((a, b) => a.multipv - b.multipv),
    stopped,
  };
}

// The package's own worker, next to this file. A WorkerLink given this very URL starts it with the
// `new Worker(new URL('./engine-worker.mjs', import.meta.url), {type: 'module'})` written out below,
// the form bundlers (Vite, webpack 5, Parcel) recognise: they then bundle engine-worker.mjs with its
// imports as a worker of its own, where a URL held in a variable is copied as a bare file whose
// imports no longer resolve. This URL itself is not written in that form (import.meta.url goes
// through a variable), so that bundlers do not also copy engine-worker.mjs as a bare file; in a
// bundle it only names the default (Node, which bundles nothing, starts the file it points to).
const thisModule = import.meta.url;
const DEFAULT_WORKER = new URL('./engine-worker.mjs', thisModule);

// One worker and its messages. Made lazily; replaced after a forced stop or a crash.
class WorkerLink {
  #queue = [];       // messages posted before the worker exists (Node creates it after an import)
  #send = null;
  #setBusy = null;
  #busy = false;
  #kill = null;

  constructor(url, wasmUrl, control, onMessage, onFailure) {
    this.dead = false;
    this.onMessage = onMessage;
    this.onFailure = onFailure;
    let resolve, reject;
    this.ready = new Promise((res, rej) => { resolve = res; reject = rej; });
    this.ready.catch(() => {});
    this.#start(url, wasmUrl, control, resolve, reject).catch((e) => this.fail(e instanceof EscaqueError ? e
      : new EngineError(`cannot start the engine worker (${url}): ${e?.message ?? e}`)));
  }

  async #start(url, wasmUrl, control, readyResolve, readyReject) {
    this.readyReject = readyReject;
    const receive = (message) => {
      if (this.dead) return;
      if (message.type === 'ready') readyResolve(message);
      else if (message.type === 'compiled') {
        const cache = message.net ? compiledNet : compiledWasm;
        if (!cache.has(wasmUrl)) cache.set(wasmUrl, message.module);
      }
      else if (message.type === 'fatal') this.fail(new EngineError(`engine worker failed: ${message.error.message}`));
      else this.onMessage(message);
    };
    const broken = (why) => this.fail(new EngineError(`engine worker stopped unexpectedly: ${why}`));
    if (inNode) {
      const { Worker } = await nodeBuiltin('worker_threads');
      if (this.dead) return;
      // The worker inherits Node's options, except one that only a main script may have.
      const execArgv = nodeProcess.execArgv.filter((a, i, all) => !a.startsWith('--input-type') &&
          all[i - 1] !== '--input-type');
      const worker = new Worker(url, { execArgv });
      worker.on('message', receive);
      worker.on('error', (e) => broken(e?.message ?? String(e)));
      worker.on('exit', (code) => broken(`exit code ${code}`));
      this.#send = (m) => worker.postMessage(m);
      this.#kill = () => { worker.terminate().catch(() => {}); };
      this.#setBusy = (busy) => (busy ? worker.ref() : worker.unref());
    } else {
      const worker = url === DEFAULT_WORKER
        ? new Worker(new URL('./engine-worker.mjs', import.meta.url), { type: 'module' })
        : new Worker(url, { type: 'module' });
      worker.onmessage = (e) => receive(e.data);
      worker.onerror = (e) => { e.preventDefault?.(); broken(e.message || `cannot load ${url}`); };
      worker.onmessageerror = () => broken('a message could not be read');
      this.#send = (m) => worker.postMessage(m);
      this.#kill = () => worker.terminate();
      this.#setBusy = () => {};
    }
    const init = { type: 'init', control: control?.buffer ?? null, wasmUrl: wasmUrl || undefined };
    try {
      this.#send({ ...init, module: compiledWasm.get(wasmUrl),
        netModule: compiledNet.get(wasmUrl) });
    } catch {  // a host that cannot pass a compiled module along: the worker compiles its own
      this.#send(init);
    }
    for (const m of this.#queue.splice(0)) this.#send(m);
    this.#setBusy(this.#busy);
  }

  post(message) {
    if (this.dead) return;
    if (this.#send) this.#send(message);
    else this.#queue.push(message);
  }

  setBusy(busy) {
    this.#busy = busy;
    if (this.#setBusy && !this.dead) this.#setBusy(busy);
  }

  fail(error) {
    if (this.dead) return;
    this.readyReject?.(error);
    this.terminate();
    this.onFailure(this, error);
  }

  terminate() {
    if (this.dead) return;
    this.dead = true;
    this.#queue.length = 0;
    this.#kill?.();
  }
}

export class Engine {
  static name = 'Engine';  // (as Chess.name: a minifier renames the class)
  #url;
  #wasmUrl;               // where the worker's escaque.wasm is, as a string ('' = next to engine-worker.mjs)
  #control;               // Int32Array over a SharedArrayBuffer, or null
  #link = null;           // the current WorkerLink
  #nextId = 1;            // search ids (they only grow: see engine-protocol.mjs)
  #seq = 0;
  #jobs = new Map();      // search id -> job, in the order sent
  #replies = new Map();   // seq -> {resolve, reject, message}
  #options = new Map();   // option name (lower case) -> {name, value}, replayed to a new worker
  #multiPv = 1;
  #listeners = { info: new Set(), bestmove: new Set() };
  #disposed = false;

  /**
   * @param {{options?: Record<string, string|number|boolean>, workerUrl?: string|URL, wasmUrl?: string|URL,
   *   sharedMemory?: boolean}} [config]
   *   options: UCI options set before the first search (Hash, MultiPV, UCI_Elo, ...); ready() reports a refused one.
   *     "Use NNUE" is off by default here (the worker starts on escaque.wasm, without the network); true
   *     loads the Engine's module with it (on by default natively and in bin/escaque-uci.mjs).
   *   workerUrl: where engine-worker.mjs is (default: next to this file).
   *   wasmUrl: where escaque.wasm is for the worker (default: next to the worker). The modules with
   *     the NNUE network (escaque-engine.wasm, escaque-engine-scalar.wasm), which the worker loads when
   *     "Use NNUE" is set to true, are looked for next to it.
   *   sharedMemory: false to stop searches by terminating the worker even where SharedArrayBuffer exists.
   */
  constructor(config = {}) {
    if (config === null || typeof config !== 'object') {
      throw new InvalidArgumentError(`new Engine(config): config must be an object, got ${describe(config)}`);
    }
    const { options = {}, workerUrl, wasmUrl, sharedMemory = true } = config;
    if (typeof sharedMemory !== 'boolean') {
      throw new InvalidArgumentError(`new Engine(config): config.sharedMemory must be a boolean, got ${describe(sharedMemory)}`);
    }
    if (options === null || typeof options !== 'object') {
      throw new InvalidArgumentError('new Engine(config): config.options must be an object of UCI option values');
    }
    if (wasmUrl !== undefined && typeof wasmUrl !== 'string' && typeof wasmUrl?.href !== 'string') {
      throw new InvalidArgumentError(`new Engine(config): config.wasmUrl must be a string or URL, got ${describe(wasmUrl)}`);
    }
    this.#url = workerUrl !== undefined ? workerUrl : DEFAULT_WORKER;
    // Resolved against the page (as a fetch would), not against the worker's own URL.
    this.#wasmUrl = wasmUrl === undefined ? '' : resolveUrl(wasmUrl);
    // sharedMemory: false forces the fallback (stop by terminating the worker), as on a page
    // that is not crossOriginIsolated; for tests and for hosts that forbid SharedArrayBuffer.
    const shared = sharedMemory ? createControl() : null;
    this.#control = shared ? new Int32Array(shared) : null;
    for (const [name, value] of Object.entries(options)) this.#recordOption(name, value, 'new Engine(config)');
  }

  /** True when stop() reaches the search through shared memory (else it terminates the worker). */
  get sharedMemoryStop() { return this.#control !== null; }
  /** True while a search (or a held infinite/ponder result) is pending. */
  get searching() { return this.#jobs.size > 0; }
  get disposed() { return this.#disposed; }

  // ---- events ----

  /** on('info', fn(info)) or on('bestmove', fn(result)); returns a function that unsubscribes. */
  on(event, listener) {
    const set = this.#listeners[event];
    if (!set) throw new InvalidArgumentError(`engine.on(event): event must be "info" or "bestmove", got ${describe(event)}`);
    if (typeof listener !== 'function') throw new InvalidArgumentError('engine.on(event, listener): listener must be a function');
    set.add(listener);
    return () => set.delete(listener);
  }
  off(event, listener) { this.#listeners[event]?.delete(listener); }
  #emit(event, value) {
    for (const listener of this.#listeners[event]) callSafely(listener, value);
  }

  // ---- set-up ----

  /** Starts the worker (if not yet) and resolves with the engine's name and UCI options. */
  async ready() {
    this.#alive('ready');
    const { name, author, options } = await this.#call({ type: 'describe' });
    await this.#link?.configured;
    return { name, author, options, sharedMemoryStop: this.sharedMemoryStop };
  }

  /**
   * Sets an engine option by its UCI name (Hash, UCI_Elo, OwnBook, ...; a button without value).
   * Stops a running search first. Rejects with InvalidArgumentError if the engine refuses the option
   * (it keeps its value); a value the engine clamps into range (UCI_Elo, Skill Level) is accepted.
   */
  async setOption(name, value) {
    this.#alive('setOption');
    const option = this.#recordOption(name, value, 'engine.setOption');
    if (option === null) return;  // MultiPV: applied per search
    await this.#stopCurrent();
    await this.#setOptionNow(option);
  }

  #setOptionNow({ name, value }) {
    return this.#call({ type: 'option', name, value: value === undefined ? '' : String(value) }).then((answer) => {
      if (answer.ok) return;
      this.#options.delete(name.toLowerCase());
      throw new InvalidArgumentError(`engine.setOption: ${answer.message}`);
    });
  }

  #recordOption(name, value, what) {
    if (typeof name !== 'string' || !/^\S(.*\S)?$/.test(name) || /[\r\n]/.test(name) || /(^|\s)value(\s|$)/.test(name)) {
      throw new InvalidArgumentError(`${what}: option name must be a non-empty string, got ${describe(name)}`);
    }
    if (value !== undefined && typeof value !== 'string' && typeof value !== 'boolean' &&
        !(typeof value === 'number' && Number.isFinite(value))) {
      throw new InvalidArgumentError(`${what}: option ${name}: value must be a string, number or boolean, got ${describe(value)}`);
    }
    if (typeof value === 'string' && /[\r\n]/.test(value)) {
      throw new InvalidArgumentError(`${what}: option ${name}: value must be one line`);
    }
    const key = name.toLowerCase();
    if (key === 'multipv') {
      this.#multiPv = checkMultiPv(value, `${what}: option MultiPV`);
      return null;
    }
    if (key === 'uci_chess960') {
      throw new InvalidArgumentError(`${what}: UCI_Chess960 follows the position: pass {fen, chess960: true} or a Chess960 game`);
    }
    const option = { name, value };
    if (value !== undefined) this.#options.set(key, option);  // buttons (Clear Hash) are not replayed
    return option;
  }

  /** Forgets the game: clears the hash table and the move-ordering history (UCI ucinewgame). */
  async newGame() {
    this.#alive('newGame');
    await this.#stopCurrent();
    await this.#call({ type: 'newGame' });
  }

  // ---- searching ----

  /**
   * Searches `position` within `limits` and resolves with the best move. A search already running is
   * stopped first (its own promise resolves with its move). With infinite or ponder, resolves after
   * stop() (or ponderhit() and the search's end).
   * @param options {onInfo?(info)}: info lines of this search only.
   */
  bestMove(position, limits, options = {}) {
    return this.#search('bestMove', position, limits, options, { needLimit: true, multiPv: this.#multiPv });
  }

  /**
   * Analyses `position` with `multiPv` lines (default: the MultiPV option) until a limit, or until
   * stop() when none is given. Returns an Analysis: an async iterable of info events with .result
   * and .stop(). Breaking out of a for-await loop over it stops it.
   */
  analyse(position, options = {}) {
    const what = 'engine.analyse';
    let multiPv = this.#multiPv;
    let promise;
    let onInfo;
    const analysis = new Analysis();
    try {
      if (options === null || typeof options !== 'object') {
        throw new InvalidArgumentError(`${what}: options must be an object, got ${describe(options)}`);
      }
      if (options.multiPv !== undefined) multiPv = checkMultiPv(options.multiPv, `${what}: multiPv`);
      onInfo = options.onInfo;
      if (onInfo !== undefined && typeof onInfo !== 'function') throw new InvalidArgumentError(`${what}: onInfo must be a function`);
      promise = this.#search(what, position, options, { onInfo: (info) => { analysis._push(info); onInfo?.(info); } },
        { needLimit: false, multiPv, analysis });
    } catch (e) {
      promise = Promise.reject(e);
    }
    if (!analysis.result) analysis._attach(promise, () => {});
    return analysis;
  }

  #search(what, position, limits, options, { needLimit, multiPv, analysis }) {
    try {
      this.#alive(what);
      if (options === null || typeof options !== 'object') {
        throw new InvalidArgumentError(`${what}: options must be an object, got ${describe(options)}`);
      }
      if (options.onInfo !== undefined && typeof options.onInfo !== 'function') {
        throw new InvalidArgumentError(`${what}: onInfo must be a function`);
      }
      const pos = normalizePosition(position, what);
      const { limits: checked, waitsForStop } = checkLimits(limits, what, { needLimit });
      if (limits?.ponder && !this.#control) {
        throw new InvalidArgumentError(`${what}: ponder needs SharedArrayBuffer (a crossOriginIsolated page) to receive ponderhit`);
      }
      // A stop that comes before the worker has reached the search (it may still be loading)
      // is answered with a legal move found here: load escaque in this thread too, quietly,
      // and find that move now (a browser compiles WebAssembly code on its first call, which
      // can take long enough to matter to stop()).
      if (!isInitialized()) init().then(() => mainThreadMove(pos), () => {});
      // One search at a time: a new one supersedes the running one.
      for (const job of this.#jobs.values()) this.#stopJob(job);
      const id = this.#nextId++;
      const job = {
        id, what, waitsForStop, onInfo: options.onInfo, analysis, started: false, fallback: null, last: null,
        lines: new Map(), held: null, stopRequested: false, ponderhit: false, settled: false, timer: null,
        message: { type: 'search', id, position: pos, limits: checked, multiPv }, mainFallback: mainThreadMove(pos),
      };
      job.promise = new Promise((resolve, reject) => { job.resolve = resolve; job.reject = reject; });
      this.#jobs.set(id, job);
      analysis?._attach(job.promise, () => this.#stopJob(job));
      this.#send(job.message);
      return job.promise;
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /**
   * Stops the running search; resolves with its result (null if nothing was running).
   * Answers within a few milliseconds of the call while a search runs.
   */
  stop() {
    if (this.#disposed) return Promise.resolve(null);
    const jobs = [...this.#jobs.values()];
    if (jobs.length === 0) return Promise.resolve(null);
    for (const job of jobs) this.#stopJob(job);
    return jobs[jobs.length - 1].promise;
  }

  /** The opponent played the expected move: a `ponder: true` search goes on as a normal one. */
  ponderhit() {
    for (const job of this.#jobs.values()) {
      if (job.ponderhit) continue;
      job.ponderhit = true;
      if (this.#control) Atomics.store(this.#control, CONTROL.PONDERHIT, job.id);
      if (job.held) this.#settle(job, job.held);
    }
  }

  #stopCurrent() {
    const jobs = [...this.#jobs.values()];
    for (const job of jobs) this.#stopJob(job);
    return Promise.allSettled(jobs.map((j) => j.promise));
  }

  #stopJob(job) {
    if (job.stopRequested || job.settled) return;
    job.stopRequested = true;
    if (job.held) return this.#settle(job, job.held);
    if (this.#control && this.#link && !this.#link.dead) {
      Atomics.store(this.#control, CONTROL.STOP, Math.max(job.id, Atomics.load(this.#control, CONTROL.STOP)));
      job.timer = setTimeout(() => this.#force(job), STOP_GRACE_MS);
    } else {
      this.#force(job);
    }
  }

  // Answers a stop that the worker has not answered in time (or cannot hear: no shared memory)
  // with the best move of the last info line, else any legal move; never with an illegal one.
  #force(job) {
    if (job.settled) return;
    const best = job.last?.pv[0] ?? job.fallback ?? job.mainFallback ?? mainThreadMove(job.message.position);
    if (!best) {  // nothing known yet: answer as soon as the worker reaches this search
      job.forceOnStart = true;
      return;
    }
    const fromInfo = job.last?.pv[0] === best;
    const ponder = fromInfo ? job.last.pv[1] ?? null : null;
    this.#settle(job, searchResult(best, ponder, fromInfo ? job.last.san[0] : null,
      fromInfo && ponder ? job.last.san[1] ?? null : null, job.last, job.lines, true));
    // With shared memory the worker sees the stop flag and ends this search by itself, and stays
    // warm (its compiled code, its hash table). Without, it would search on: replace it.
    const link = this.#link;
    if (!this.#control && link && !link.dead) {
      link.terminate();
      this.#link = null;
      this.#resend();
    }
  }

  // After a forced termination: what the old worker had not answered goes to a new one.
  #resend() {
    const pending = [...this.#replies.values()].map((r) => r.message);
    const searches = [...this.#jobs.values()].filter((j) => !j.settled);
    if (pending.length === 0 && searches.length === 0) return;
    for (const m of pending) this.#send(m);
    for (const job of searches) {
      job.started = false;
      this.#send(job.message);
    }
  }

  #settle(job, result, error) {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    this.#jobs.delete(job.id);
    if (error) job.reject(error);
    else {
      this.#emit('bestmove', result);
      job.resolve(result);
    }
    this.#updateBusy();
  }

  // ---- the worker ----

  #linkNow() {
    if (!this.#link || this.#link.dead) {
      const link = new WorkerLink(this.#url, this.#wasmUrl, this.#control, (m) => this.#receive(m), (l, e) => this.#failed(l, e));
      this.#link = link;
      // Options set so far apply to a new worker too; ready() reports one the engine refuses.
      link.configured = Promise.all([...this.#options.values()].map((option) => this.#setOptionNow(option)));
      link.configured.catch(() => {});
    }
    return this.#link;
  }

  #send(message) {
    this.#linkNow().post(message);
    this.#updateBusy();
  }

  // A request to the worker ({type: 'describe' | 'option' | 'newGame', ...}); resolves with its answer.
  #call(request) {
    return new Promise((resolve, reject) => {
      const seq = this.#seq++;
      const message = { ...request, seq };
      this.#replies.set(seq, { resolve, reject, message });
      this.#send(message);
    });
  }

  #receive(message) {
    switch (message.type) {
      case 'reply': {
        const reply = this.#replies.get(message.seq);
        if (!reply) return;  // a replayed option
        this.#replies.delete(message.seq);
        reply.resolve(message.value);
        this.#updateBusy();
        return;
      }
      case 'started': {
        const job = this.#jobs.get(message.id);
        if (!job) return;
        job.started = true;
        job.fallback = message.fallback;
        if (job.forceOnStart) this.#force(job);
        return;
      }
      case 'info': {
        const job = this.#jobs.get(message.id);
        if (!job || job.settled) return;
        const { info } = message;
        if (info.multipv === 1) job.last = info;
        if (info.score.bound === 'exact' || !job.lines.has(info.multipv)) job.lines.set(info.multipv, info);
        if (job.onInfo) callSafely(job.onInfo, info);
        this.#emit('info', info);
        return;
      }
      case 'bestmove': {
        const job = this.#jobs.get(message.id);
        if (!job) return;
        const last = message.last ?? job.last;
        const result = searchResult(message.bestMove, message.ponder, message.bestMoveSan, message.ponderSan,
          last, job.lines, job.stopRequested);
        // UCI: an infinite or ponder search answers only after stop (or ponderhit).
        if (job.waitsForStop && !job.stopRequested && !job.ponderhit) job.held = result;
        else this.#settle(job, result);
        return;
      }
      case 'error': {
        const job = this.#jobs.get(message.id);
        if (job) this.#settle(job, null, reviveError(message.error));
        return;
      }
    }
  }

  #failed(link, error) {
    if (link !== this.#link) return;
    this.#link = null;
    for (const job of [...this.#jobs.values()]) this.#settle(job, null, error);
    for (const reply of this.#replies.values()) reply.reject(error);
    this.#replies.clear();
    this.#updateBusy();
  }

  // Node: the worker keeps the process alive only while something waits for it.
  #updateBusy() {
    this.#link?.setBusy(this.#jobs.size > 0 || this.#replies.size > 0);
  }

  #alive(what) {
    if (this.#disposed) throw new DisposedError(`${what}: this engine has been disposed`);
  }

  // ---- the end ----

  /** Stops any search (its promise resolves with its move) and ends the worker. Idempotent. */
  async dispose() {
    if (this.#disposed) return;
    const stopping = this.#stopCurrent();
    this.#disposed = true;
    await stopping;
    this.terminate();
  }
  [Symbol.asyncDispose ?? Symbol.for('Symbol.asyncDispose')]() { return this.dispose(); }

  /** Ends the worker at once; whatever is pending rejects with DisposedError. */
  terminate() {
    this.#disposed = true;
    const error = new DisposedError('the engine was terminated');
    const link = this.#link;
    this.#link = null;
    link?.terminate();
    for (const job of [...this.#jobs.values()]) this.#settle(job, null, error);
    for (const reply of this.#replies.values()) reply.reject(error);
    this.#replies.clear();
  }
}

// An absolute URL string for config.wasmUrl, resolved as fetch() (browsers) or readFile() (Node: a
// file path, relative to the current directory) would in this thread; the worker would otherwise
// resolve a relative one against its own location.
function resolveUrl(url) {
  if (typeof url !== 'string') return new URL(url.href).href;  // a URL (or any object with an href)
  try {
    if (!inNode) return new URL(url, globalThis.location?.href).href;
    if (/^[a-z][a-z0-9+.-]+:/i.test(url)) return new URL(url).href;  // a URL (not a drive letter)
    const asUrlPath = (path) => path.replace(/\\/g, '/').replace(/[%#?]/g, encodeURIComponent);
    const cwd = asUrlPath(nodeProcess.cwd());
    return new URL(asUrlPath(url), `file://${cwd.startsWith('/') ? '' : '/'}${cwd}/`).href;
  } catch (e) {
    throw new InvalidArgumentError(`new Engine(config): config.wasmUrl ${describe(url)} is not a valid URL or path`);
  }
}

// A legal move of `position` computed in this thread, if escaque is initialized here (the Engine
// starts that itself); null otherwise. The last resort of a stop that comes before the worker has one.
// Through the public Position (the worker checked this position and its moves; should one still be
// refused here, there is no move to offer).
function mainThreadMove(position) {
  if (!isInitialized()) return null;
  let board = null;
  try {
    board = Position.fromFen(position.fen, { chess960: position.chess960 });
    for (const move of position.moves) board.play(move);
    return board.movesUci()[0] ?? null;
  } catch {
    return null;
  } finally {
    board?.dispose();
  }
}

// A caller's callback: its bug is reported (as an uncaught error, later) but must not break the
// engine's message handling.
function callSafely(callback, value) {
  try {
    callback(value);
  } catch (e) {
    setTimeout(() => { throw e; });
  }
}

function checkMultiPv(value, what) {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (!Number.isInteger(n) || n < 1 || n > MAX_MULTIPV) {
    throw new InvalidArgumentError(`${what} must be an integer from 1 to ${MAX_MULTIPV}, got ${describe(value)}`);
  }
  return n;
}

/** A running analysis: async iterable of info events; result; stop(). */
class Analysis {
  #stopSearch = () => {};
  #infos = [];
  #waiters = new Set();
  #done = false;
  #error = null;
  #lines = new Map();
  result;

  _attach(promise, stopSearch) {
    this.#stopSearch = stopSearch;
    this.result = promise.then(
      (r) => { this.#finish(null); return r; },
      (e) => { this.#finish(e); throw e; });
    this.result.catch(() => {});  // an iterator or .result reports it; never unhandled here
  }

  _push(info) {
    this.#infos.push(info);
    if (info.score.bound === 'exact' || !this.#lines.has(info.multipv)) this.#lines.set(info.multipv, info);
    this.#wake();
  }

  #finish(error) {
    this.#done = true;
    this.#error = error;
    this.#wake();
  }
  #wake() {
    for (const w of this.#waiters) w();
    this.#waiters.clear();
  }

  /** The latest line for each multipv rank (exact scores preferred), best first. */
  get lines() { return [...this.#lines.values()].sort((a, b) => a.multipv - b.multipv); }
  get done() { return this.#done; }

  /** Stops the analysis; resolves with its result. */
  async stop() {
    this.#stopSearch();
    return this.result;
  }

  [Symbol.asyncIterator]() {
    let next = 0;
    const iterator = {
      next: async () => {
        while (next >= this.#infos.length && !this.#done) {
          await new Promise((resolve) => this.#waiters.add(resolve));
        }
        if (next < this.#infos.length) return { value: this.#infos[next++], done: false };
        if (this.#error) throw this.#error;
        return { value: undefined, done: true };
      },
      return: async () => {
        next = Infinity;
        if (!this.#done) await this.stop().catch(() => {});
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() { return iterator; },
    };
    return iterator;
  }
}
