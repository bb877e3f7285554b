// The escaque app's entry point (web/index.html); the app itself is in web/app/.
//
// The rules (WebAssembly) start loading first: init() needs only the package's own small module graph,
// so the module compiles while the app's modules (preloaded by index.html, already in flight) arrive
// and run, instead of after all of them. main.js awaits the same init().
import { init } from './dist/index.mjs';

init().catch(() => { /* main.js calls init() again and shows the error */ });
import('./app/main.js');
