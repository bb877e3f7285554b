// The service worker: precaches everything the app needs (HTML, JS, WebAssembly,
// pieces, styles) at install, then answers from the cache first, so after the
// first visit the app loads and plays with the network off. A new version
// (a change of VERSION or of the list) installs beside the old one and takes
// over when the page asks (web/app/offline.js: "A new version is ready").
const VERSION = 'escaque-app-1';

// Paths relative to this file (web/ is served at /, dist/ at /dist/).
// tests/node/app-sw.test.mjs checks that this list names every file the app loads.
const PRECACHE = [
  './',
  'index.html',
  'app.js',
  'style.css',
  'favicon.svg',
  'manifest.webmanifest',
  'app/board-view.js',
  'app/clock-view.js',
  'app/clock-worker.js',
  'app/clock.js',
  'app/engine-player.js',
  'app/game.js',
  'app/levels.js',
  'app/main.js',
  'app/movelist.js',
  'app/newgame.js',
  'app/offline.js',
  'app/pgn.js',
  'app/review.js',
  'app/sound.js',
  'app/storage.js',
  'app/timecontrol.js',
  'board/annotations.js',
  'board/announce.js',
  'board/escaque-board.js',
  'board/geometry.js',
  'board/keyboard.js',
  'board/pieces.js',
  'board/pointer.js',
  'board/promotion.js',
  'board/styles.js',
  'board/view.js',
  'sounds/capture.wav',
  'sounds/check.wav',
  'sounds/end.wav',
  'sounds/low.wav',
  'sounds/move.wav',
  'dist/index.mjs',
  'dist/loader.mjs',
  'dist/escaque.mjs',
  'dist/escaque.wasm',
  'dist/engine.mjs',
  'dist/engine-worker.mjs',
  'dist/engine-protocol.mjs',
  'dist/escaque-engine.mjs',
  'dist/escaque-engine.wasm',
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
    if (hit) return hit;
    if (request.mode === 'navigate') {
      // Any page of the app offline: the app's page.
      try {
        return await fetch(request);
      } catch {
        return (await cache.match(new URL('index.html', self.registration.scope))) ?? Response.error();
      }
    }
    return fetch(request);
  })());
});
