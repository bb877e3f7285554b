// The module's runtime (dist/escaque.mjs): instantiates escaque.wasm and gives
// its plain exports (bindings/wasm/rules_io.h, game_binding.cpp, position_binding.cpp,
// position_query_binding.cpp, engine_exports.cpp) a small object surface.
// Hand-written instead of Emscripten's glue: the module is linked standalone
// (no embind, no JS library), so it needs little from JavaScript: a note when
// its memory grows, a clock, and for the search its host's two functions.
// Internal: users go through index.mjs (which loads this through loader.mjs)
// and the Engine's worker (engine-worker.mjs).
//
//   const m = await createEscaqueModule({ module, engineHost });
//   m.HEAP8 / m.HEAPU8 / m.HEAPU16  views of the module's memory (renewed when it grows)
//   m._escaque_*             the exports, as Emscripten named them
//   m.GameHandle, m.PositionHandle, m.EngineHandle, m.engineDescribe(),
//   m.positionMoves(fen), m.positionPerft(fen, depth), m.answer(n),
//   m.heapInUse(), m.wasmModule (the compiled WebAssembly.Module, for a worker), m.hasSearch
//
// No eval, no new Function (pages with a strict Content-Security-Policy load it).

const utf8Encoder = new TextEncoder();
const utf8 = new TextDecoder();

// Options: module, escaque.wasm compiled (a WebAssembly.Module: loader.mjs compiles it, and a
// worker gets it from its host or compiles it itself); it is only instantiated here, so that this
// file names no .wasm file that a bundler would emit. engineHost: {poll() -> 0 nothing |
// 1 stop | 2 ponderhit, write(line), report(info)}, what a searching EngineHandle(true) asks and
// tells its host (engine-worker.mjs): write gets a UCI session's lines, report each SearchInfo of
// go() as an object; without it a search is never stopped and its lines and reports are dropped.
export default async function createEscaqueModule({ module, engineHost }) {
  const m = {};
  let memory = null;
  const views = () => {
    m.HEAP8 = new Int8Array(memory.buffer);
    m.HEAPU8 = new Uint8Array(memory.buffer);
    m.HEAPU16 = new Uint16Array(memory.buffer);
  };
  const aborted = () => { throw new Error('escaque: the WebAssembly module aborted'); };
  const imports = {
    env: {
      emscripten_notify_memory_growth: () => views(),
      escaque_engine_poll: () => (engineHost ? engineHost.poll() : 0),
      escaque_engine_write: (at, n) => { if (engineHost) engineHost.write(utf8.decode(m.HEAPU8.subarray(at, at + n))); },
      escaque_engine_report: (at, n) => {
        if (engineHost?.report) engineHost.report(JSON.parse(utf8.decode(m.HEAPU8.subarray(at, at + n))));
      },
    },
    wasi_snapshot_preview1: {
      proc_exit: aborted,
      // The search's clock (std::chrono): nanoseconds into *out; realtime for id 0, else monotonic.
      clock_time_get: (id, precision, out) => {
        const ms = id === 0 ? Date.now() : performance.now();
        new DataView(memory.buffer).setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
        return 0;
      },
    },
  };
  const instance = await WebAssembly.instantiate(module, imports);
  m.wasmModule = module;
  const x = instance.exports;
  m.hasSearch = typeof x.escaque_engine_new === 'function';  // false for escaque-rules.wasm
  memory = x.memory;
  views();
  x._initialize();  // the C++ static constructors
  for (const name of Object.keys(x)) {
    if (typeof x[name] === 'function') m['_' + name] = x[name];
  }

  // ---- the JSON calls (rules_io.h) ----
  // Writes the argument strings into the input buffer: (uint32 length, UTF-8 bytes) each.
  const args = (...strings) => {
    const bytes = strings.map((s) => utf8Encoder.encode(s));
    let at = x.escaque_input(bytes.reduce((n, b) => n + 4 + b.length, 0));
    const heap = m.HEAPU8;
    for (const b of bytes) {
      const n = b.length;
      heap[at] = n; heap[at + 1] = n >> 8; heap[at + 2] = n >> 16; heap[at + 3] = n >>> 24;
      heap.set(b, at + 4);
      at += 4 + n;
    }
  };
  // The JSON answer of a call that returned its length n.
  const json = (n) => {
    const at = x.escaque_output();
    return JSON.parse(utf8.decode(m.HEAPU8.subarray(at, at + n)));
  };
  const text = (value, what) => {
    if (typeof value !== 'string') throw new TypeError(`${what}: expected a string, got ${typeof value}`);
    return value;
  };
  // {ok, [name]: address} -> {ok, [name]: new Handle(address)}.
  const adopt = (answer, name, Handle) => {
    if (answer.ok) answer[name] = new Handle(answer[name]);
    return answer;
  };

  // What both handles are: an object's address in WebAssembly memory; delete() frees it.
  class Handle {
    constructor(at, free) { this.at = at; this.free = free; }
    address() { return this.at; }
    delete() {
      if (this.at) this.free(this.at);
      this.at = 0;
    }
    isDeleted() { return this.at === 0; }
  }

  // A game (escaque::Game and its tags).
  class GameHandle extends Handle {
    constructor(at = x.escaque_game_new()) { super(at, x.escaque_game_delete); }
    static fromFen(fen, chess960) {
      args(text(fen, 'fromFen'));
      return adopt(json(x.escaque_game_from_fen(chess960 ? 1 : 0)), 'game', GameHandle);
    }
    static chess960(index) { return adopt(json(x.escaque_game_chess960(index)), 'game', GameHandle); }
    static fromPgn(pgn, lang) {
      args(text(pgn, 'fromPgn'), text(lang, 'fromPgn'));
      return adopt(json(x.escaque_game_from_pgn()), 'game', GameHandle);
    }
    clone() { return new GameHandle(x.escaque_game_clone(this.at)); }
    isChess960() { return x.escaque_game_is_chess960(this.at) !== 0; }
    parse(move, lang) { args(move, lang); return json(x.escaque_game_parse(this.at)); }
    // escaque_play with the move and language as arguments (a text too long for the exchange buffer).
    playArgs(move, lang) { args(move, lang); return x.escaque_play(this.at, -1, 0); }
    history(verbose, lang) { args(lang); return json(x.escaque_game_history(this.at, verbose ? 1 : 0)); }
    // 64 characters a1, b1, ..., h8: FEN piece letters, '.' for an empty square.
    board() {
      const n = x.escaque_game_board(this.at);
      const at = x.escaque_io();
      return String.fromCharCode.apply(null, m.HEAPU8.subarray(at, at + n));
    }
    isDeadPosition() { return x.escaque_game_is_dead_position(this.at) !== 0; }
    isInsufficientMaterial() { return x.escaque_game_is_insufficient_material(this.at) !== 0; }
    canCheckmate(color) { return x.escaque_game_can_checkmate(this.at, color) !== 0; }
    outcome() { return json(x.escaque_game_outcome(this.at)); }
    claimDraw(intendedId) { return json(x.escaque_game_claim_draw(this.at, intendedId)); }
    // 'w' or 'b', whose draw offer stands; '' when none.
    drawOffer() { return ['', 'w', 'b'][x.escaque_game_draw_offer(this.at) + 1]; }
    resign(color) { return json(x.escaque_game_act(this.at, 0, color)); }
    flag(color) { return json(x.escaque_game_act(this.at, 1, color)); }
    offerDraw(color) { return json(x.escaque_game_act(this.at, 2, color)); }
    acceptDraw(color) { return json(x.escaque_game_act(this.at, 3, color)); }
    declineDraw(color) { return json(x.escaque_game_act(this.at, 4, color)); }
    // clocks: milliseconds left after each move; tags: [[name, value], ...].
    pgn(lang, clocks, tags, lineWidth) {
      args(lang, clocks.map((c) => Math.min(Math.trunc(c), 2 ** 52).toFixed(0)).join(' '), ...tags.flat());
      return json(x.escaque_game_pgn(this.at, lineWidth));
    }
    headers() { return json(x.escaque_game_headers(this.at)); }
  }

  // A board and its move stack.
  class PositionHandle extends Handle {
    constructor(at = x.escaque_position_new()) { super(at, x.escaque_position_delete); }
    static fromFen(fen, chess960) {
      args(text(fen, 'fromFen'));
      return adopt(json(x.escaque_position_from_fen(chess960 ? 1 : 0)), 'position', PositionHandle);
    }
    clone() { return new PositionHandle(x.escaque_position_clone(this.at)); }
    isChess960() { return x.escaque_position_is_chess960(this.at) !== 0; }
  }

  // The search's Engine (engine_exports.cpp): structured calls for the JS Engine's worker, and
  // the UCI text session over it for the WASM command line (escaque-engine.wasm and escaque-engine-scalar.wasm only). hostSignals:
  // its searches ask engineHost whether to stop and stream to it; without, a text "go" answers
  // with all its lines at once and needs a limit.
  const textSession = typeof x.escaque_engine_handle === 'function';
  class EngineHandle extends Handle {
    constructor(hostSignals) { super(x.escaque_engine_new(hostSignals ? 1 : 0), x.escaque_engine_delete); }
    // One UCI command line; what it answers at once (plain text).
    handle(line) {
      if (!textSession) {
        throw new Error('this module has no UCI text session: it is in escaque-engine.wasm, not escaque.wasm');
      }
      args(text(line, 'handle'));
      const n = x.escaque_engine_handle(this.at);
      const at = x.escaque_output();
      return utf8.decode(m.HEAPU8.subarray(at, at + n));
    }
    running() { return x.escaque_engine_running(this.at) !== 0; }
    // {ok: true, fallback: first legal move (UCI) or ''} or {ok: false, code, message, index?|offset?};
    // after a failure the engine has no position.
    setPosition(fen, chess960, moves) {
      args(text(fen, 'setPosition'), ...moves.map((mv) => text(mv, 'setPosition')));
      return json(x.escaque_engine_set_position(this.at, chess960 ? 1 : 0));
    }
    // limits: {depth, nodes, movetime, wtime, btime, winc, binc, movestogo, mate, infinite, ponder,
    // searchmoves} (numbers, booleans, UCI strings; absent = none). Reports go to engineHost.report
    // while it runs. {ok: true, bestMove, ponder, bestMoveSan, ponderSan, book} or {ok: false, code, message}.
    go(limits, multiPv) {
      args(...(limits.searchmoves ?? []).map((mv) => text(mv, 'go')));
      const n = (v, none = 0) => (v === undefined ? none : v);
      return json(x.escaque_engine_go(this.at, n(limits.depth), n(limits.nodes), n(limits.movetime),
        n(limits.wtime, -1), n(limits.btime, -1), n(limits.winc), n(limits.binc), n(limits.movestogo),
        n(limits.mate), (limits.infinite ? 1 : 0) | (limits.ponder ? 2 : 0), multiPv));
    }
    // {ok: true, note?} or {ok: false, code: 'INVALID_OPTION' | 'UNKNOWN_OPTION', message}.
    setOption(name, value) {
      args(text(name, 'setOption'), text(value, 'setOption'));
      return json(x.escaque_engine_set_option(this.at));
    }
    newGame() { x.escaque_engine_new_game(this.at); }
  }

  m.GameHandle = GameHandle;
  m.EngineHandle = EngineHandle;
  m.PositionHandle = PositionHandle;
  // {name, author, options: [{name, type, default?, min?, max?}]}: the engine's options (engine_exports.cpp).
  m.engineDescribe = () => json(x.escaque_engine_describe());
  // The JSON answer of n bytes an export left in the output buffer (escaque_play, escaque_undo and
  // escaque_redo give a refusal's length as a negative count).
  m.answer = json;
  m.positionMoves = (fen) => { args(text(fen, 'positionMoves')); return json(x.escaque_position_moves()); };
  m.positionPerft = (fen, depth) => {
    args(text(fen, 'positionPerft'));
    return json(x.escaque_position_perft(depth));
  };
  m.heapInUse = () => x.escaque_heap_in_use();
  return m;
}
