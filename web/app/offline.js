// Registers the service worker (web/sw.js) and offers the update when a new
// version has been installed: the page keeps running the old version until the
// person chooses to reload, so a game is never cut off by a deploy.
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url), { scope: new URL('../', import.meta.url).pathname })
    .then((registration) => {
      const offer = (worker) => {
        if (!worker || !navigator.serviceWorker.controller) return;  // first install: nothing to update
        document.getElementById('update').hidden = false;
        document.getElementById('reload-update').onclick = () => worker.postMessage({ type: 'skip-waiting' });
      };
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => { if (worker.state === 'installed') offer(worker); });
      });
    })
    .catch(() => { /* no offline support (e.g. a file:// page): the app still works online */ });
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !sessionStorage.getItem('escaque.update')) return;
    reloading = true;
    location.reload();
  });
  document.getElementById('reload-update').addEventListener('click', () => sessionStorage.setItem('escaque.update', '1'));
}
