// What the app needs from the dev server (scripts/serve.mjs): revalidation
// answered 304 (so the service worker's precache does not download the app a
// second time), and the right types for the manifest and the sounds.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, test } from 'node:test';

import { startServer } from '../../scripts/serve.mjs';

let server;
let port;
before(async () => {
  server = await startServer({ port: 0 });
  port = server.address().port;
});
after(() => new Promise((resolve) => server.close(resolve)));

function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let length = 0;
      res.on('data', (c) => (length += c.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, length }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a revalidation with If-Modified-Since is answered 304 with no body', async () => {
  const first = await get('/dist/escaque.wasm');
  assert.equal(first.status, 200);
  assert.ok(first.length > 100_000);
  const modified = first.headers['last-modified'];
  assert.ok(modified && !Number.isNaN(Date.parse(modified)));
  const again = await get('/dist/escaque.wasm', { 'If-Modified-Since': modified });
  assert.equal(again.status, 304);
  assert.equal(again.length, 0);
  // An older copy gets the file.
  const older = new Date(Date.parse(modified) - 1000).toUTCString();
  assert.equal((await get('/dist/escaque.wasm', { 'If-Modified-Since': older })).status, 200);
  assert.equal((await get('/dist/escaque.wasm', { 'If-Modified-Since': 'garbage' })).status, 200);
});

test('manifest and sounds have their types', async () => {
  assert.equal((await get('/manifest.webmanifest')).headers['content-type'], 'application/manifest+json');
  assert.equal((await get('/sounds/move.wav')).headers['content-type'], 'audio/wav');
  assert.match((await get('/sw.js')).headers['content-type'], /^text\/javascript/);
});
