// The service worker: precaches everything the app needs (HTML, JS, WebAssembly,
// pieces, styles) at install, then answers from the cache first, so after the
// first visit the app loads and plays with the network off. A new version
// (a change of VERSION or of the list) installs beside the old one and takes
// over when the page asks (web/app/offline.js: "A new version is ready").
const VERSION = 'escaque-app-8';

// Paths relative to this file (web/ is served at /, dist/ at /dist/): the page, the app's one script
// (dist/app-bundle.js: the app, the board and the package's JS, built by scripts/bundle-app.mjs), and
// what that script loads apart: the clock's Worker, the engine's Worker and its WebAssembly, the rules'
// WebAssembly, the sounds, and the analysis board's PGN file reader (dist/app-pgn-worker.js, the Worker
// bundled with the package's PGN reader). tests/node/app-sw.test.mjs checks that this list names every file the app loads.
const PRECACHE = [
  './',
  'index.html',
  'style.css',
  'favicon.svg',
  'manifest.webmanifest',
  'dist/app-bundle.js',
  'app/clock-worker.js',
  'app/engine-watch-worker.js',
  'app/engine-watch-lock.js',
  'dist/app-pgn-worker.js',
  'app/timecontrol.js',
  'app/openings-index.json',
  'sounds/capture.wav',
  'sounds/check.wav',
  'sounds/end.wav',
  'sounds/low.wav',
  'sounds/move.wav',
  'dist/escaque-rules.wasm',
  'dist/escaque.wasm',
  'dist/engine-worker.mjs',
  'dist/escaque.mjs',
  'dist/runtime.mjs',
  'dist/engine-protocol.mjs',
  'dist/node-builtin.mjs',
];

// Kept on first use instead: the Engine's modules with the NNUE network (~230 KB gzip each), which the
// engine's worker loads only when "Use NNUE" is set (escaque-engine.wasm where the browser has SIMD128,
// escaque-engine-scalar.wasm where not; dist/engine-worker.mjs). A first visit does not download them;
// once one has been fetched, it is answered from the cache like the files above, offline included.
// tests/node/app-sw.test.mjs checks that every file the app loads is in one list or the other.
const ON_DEMAND = [
  'dist/escaque-engine.wasm',
  'dist/escaque-engine-scalar.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(VERSION);
    // 'no-cache': revalidated with the server (never a stale file), but a file the page has just
    // loaded costs a 304, not a second download.
    await cache.addAll(PRECACHE.map((path) => new Request(new URL(path, self.registration.scope), { cache: 'no-cache' })));
    // The very first install has no page to disturb: take over at once.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== VERSION) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(VERSION);
    const hit = await cache.match(request, { ignoreSearch: true });
    // A Worker's script, answered with the request's own URL: the Worker's location keeps its query
    // (the engine's worker reads its lock's name there: app/engine-watch-lock.js).
    if (hit) return request.destination === 'worker' ? new Response(hit.body, hit) : hit;
    const scope = new URL(self.registration.scope).pathname;
    const path = new URL(request.url).pathname;
    if (path.startsWith(scope) && ON_DEMAND.includes(path.slice(scope.length))) {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    }
    if (request.mode === 'navigate') {
      try {
        return await fetch(request);
      } catch {
        // Offline: the app's own addresses (its folder, with or without a query) are the app's page;
        // any other page (embed.html, the demos) is not kept offline and says so, instead of
        // showing the app under its address (issue 15, bug 10).
        const path = new URL(request.url).pathname;
        const scope = new URL(self.registration.scope).pathname;
        if (path === scope || path === `${scope}index.html`) {
          return (await cache.match(new URL('index.html', self.registration.scope))) ?? Response.error();
        }
        return offlinePage(path.slice(scope.length));
      }
    }
    return fetch(request);
  })());
});

// The answer for a page that is not kept offline: a short page that says so (no script, no style
// beyond its own attribute-free markup).
function offlinePage(name) {
  const safe = name.replace(/[^A-Za-z0-9._/-]/g, '');
  const body = '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    + '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title></head>'
    + `<body><main><h1>Offline</h1><p>The page ${safe} is not available offline. `
    + '<a href="./">Open the escaque app</a>, which works offline.</p></main></body></html>';
  return new Response(body, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
