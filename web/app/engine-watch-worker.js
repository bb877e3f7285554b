// The engine's Worker as the app starts it: the package's worker (dist/engine-worker.mjs) plus a Web
// Lock that this worker holds for as long as it lives, so that the page sees the moment it dies
// (terminated by the browser, crashed, closed): the lock is released with it (engine-watch.js).
// The lock's name comes from this script's URL: ?page=<page id>&role=<player|adviser>.
import '../dist/engine-worker.mjs';

const params = new URL(self.location.href).searchParams;
const name = `escaque-engine ${params.get('page')} ${params.get('role')} ${Math.random().toString(36).slice(2)}`;
self.navigator.locks?.request(name, () => new Promise(() => { /* held until this worker ends */ }));
