// The engine's Worker as the app starts it: a Web Lock that this worker holds for as long as it lives,
// so that the page learns the moment it dies (terminated by the browser, crashed, closed): the lock is
// released with it (engine-watch.js); then the package's worker (dist/engine-worker.mjs).
// Modules run in the order of their imports: the lock is asked for first.
import './engine-watch-lock.js';
import '../dist/engine-worker.mjs';
