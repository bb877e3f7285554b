// The module's runtime (dist/runtime.mjs): starts a module (escaque-rules.wasm, escaque.wasm or an
// Engine's module) with Emscripten's glue (dist/escaque.mjs: embind's runtime and the imports the
// module needs) and gives its exports (bindings/embind/rules_io.h, game_binding.cpp,
// position_binding.cpp, position_query_binding.cpp, engine_exports.cpp) a small object surface.
// Internal: users go through index.mjs (which loads this through loader.mjs) and the Engine's worker
// (engine-worker.mjs).
//
//   const m = await createEscaqueModule({ module, engineHost });
//   m.HEAP8 / m.HEAPU8 / m.HEAPU16  views of the module's memory (the glue renews them when it grows)
//   m._escaque_*             the exports, as Emscripten names them (the WebAssembly functions themselves)
//   m.GameHandle, m.PositionHandle, m.EngineHandle, m.positionMoves(fen), m.positionPerft(fen, depth),
//   m.parkGame(game), m.unparkGame(bytes): embind's (below); m.engineDescribe(), m.heapInUse(),
//   m.wasmModule (the compiled WebAssembly.Module, for a worker), m.hasSearch
//
// No eval, no new Function (the glue is built with -sDYNAMIC_EXECUTION=0: pages with a strict
// Content-Security-Policy load it).
import createEscaqueGlue from './escaque.mjs';

// Options: module, a compiled module (a WebAssembly.Module: loader.mjs compiles it, and a worker gets
// it from its host or compiles it itself); it is only instantiated here, so that this file names no
// .wasm file that a bundler would emit. engineHost: {poll() -> 0 nothing | 1 stop | 2 ponderhit,
// write(line), report(info)}, what a searching EngineHandle(true) asks and tells its host
// (engine-worker.mjs): write gets a UCI session's lines, report each SearchInfo of go() as an
// object; without it a search is never stopped and its lines and reports are dropped.
export default async function createEscaqueModule({ module, engineHost }) {
  let failed;
  const failure = new Promise((resolve, reject) => { failed = reject; });
  let m = null;  // the glue's Module, once started (the imports below are called only then)
  // The search's import (bindings/embind/engine-imports.js declares it); write() and report() are
  // called by the module itself (engine_exports.cpp), on the glue's Module.engineHost.
  const host = { escaque_engine_poll: () => (engineHost ? engineHost.poll() : 0) };
  m = await Promise.race([failure, createEscaqueGlue({
    engineHost,
    // Never asked for a file: the module is instantiated here, from `module`.
    locateFile: (file) => file,
    instantiateWasm(imports, started) {
      Object.assign(imports.env, host);
      // The search's clock (std::chrono): nanoseconds into *out; realtime for id 0, else monotonic.
      // (The glue's own takes performance.now() for monotonic only where it knows the environment, and
      // Node is not among those it is built for.)
      imports.wasi_snapshot_preview1.clock_time_get = (id, precision, out) => {
        const ms = id === 0 ? Date.now() : performance.now();
        new DataView(m.HEAPU8.buffer).setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
        return 0;
      };
      WebAssembly.instantiate(module, imports).then((instance) => started(instance, module), failed);
      return {};
    },
  })]);
  m.wasmModule = module;
  const x = m.asm;
  m.hasSearch = typeof m.EngineHandle === 'function';  // false for escaque-rules.wasm
  // The exports themselves rather than the glue's forwarding wrappers.
  for (const name of Object.keys(x)) {
    if (typeof x[name] === 'function') m['_' + name] = x[name];
  }

  // embind's classes and functions are the glue's: m.GameHandle (game_embind.cpp), m.PositionHandle
  // (position_binding.cpp), m.EngineHandle (engine_exports.cpp, in the modules with the search),
  // m.positionMoves(fen), m.positionPerft(fen, depth) (position_query_binding.cpp), m.parkGame(game),
  // m.unparkGame(bytes) (game_park.cpp). Their answers are plain objects, {ok: true, ...} or
  // {ok: false, code, message, ...}; a handle they make is the caller's to delete().
  // {name, author, options: [{name, type, default?, min?, max?}]}: the engine's options.
  m.engineDescribe = () => m.EngineHandle.describe();
  // Bytes currently allocated by malloc: the leak tests watch it stay flat.
  m.heapInUse = () => x.escaque_heap_in_use();
  return m;
}
