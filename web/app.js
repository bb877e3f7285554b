// The escaque app's entry point (web/index.html loads it bundled: dist/app-bundle.js, made by
// scripts/bundle-app.mjs); the app itself is in web/app/.
//
// ES modules run in import order. First the first screen's layout from storage (app/early-layout.js:
// no rules needed), so that the browser can paint it while the rest is evaluated; then the board, which
// shows the start position and takes a first move before the rules are evaluated (app/early-board.js);
// then the rules' WebAssembly starts compiling (app/start-rules.js), before the app's modules are
// evaluated, so the init() there is under way while they run. main.js awaits the same init().
import './app/early-layout.js';
import './app/early-board.js';
import './app/start-rules.js';
import './app/main.js';
