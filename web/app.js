// The escaque app's entry point (web/index.html loads it bundled: dist/app-bundle.js, made by
// scripts/bundle-app.mjs); the app itself is in web/app/.
//
// The rules' WebAssembly starts compiling first (app/start-rules.js), before the app's modules are
// evaluated: ES modules run in import order, so the init() there is under way while the app's
// modules run. main.js awaits the same init().
import './app/start-rules.js';
import './app/main.js';
