// Starts loading the rules (the package's WebAssembly) as soon as the app's script runs: web/app.js
// imports this module before app/main.js, so the compile overlaps the evaluation of the app's modules.
// main.js calls init() again (the same promise) and shows the error if it failed.
import { init } from 'escaque';

// The rules alone (escaque-rules.wasm): the engine's worker loads the search (escaque.wasm) when the
// app first needs it, after the board is interactive; both are precached for offline use (sw.js).
init().catch(() => { /* main.js reports it */ });

// Then one turn of the event loop before the app's modules are evaluated: the browser hands the
// WebAssembly's bytes (preloaded by index.html) to the compiler, which works on other threads while
// the app evaluates, and the app's start-up is not one long task with the package's (Lighthouse
// counts each task's time over 50 ms as blocking).
await new Promise((resolve) => setTimeout(resolve, 0));
