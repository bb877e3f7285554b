// The first thing an engine Worker of the app does (engine-watch-worker.js imports this module before the
// package's worker): ask for the Web Lock that it then holds for as long as it lives. Asked for before the
// engine's WebAssembly loads, so that the page sees the request (held, or waiting behind the page's own
// hold while engine-watch.js starts its watch) from the worker's first moment on.
// The lock's name is in the worker's URL, ?lock=<name>, as the page made it (engine-watch.js newWorker).
const name = new URL(self.location.href).searchParams.get('lock');
self.navigator.locks?.request(name, () => new Promise(() => { /* held until this worker ends */ }));
