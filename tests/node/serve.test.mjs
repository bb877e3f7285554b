// scripts/serve.mjs: serves web/ and dist/ with the right types, and nothing else.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';

import { startServer } from '../../scripts/serve.mjs';

let server;
let port;
before(async () => {
  server = await startServer({ port: 0 });
  port = server.address().port;
});
after(() => new Promise((resolve) => server.close(resolve)));

// Raw request: the path is sent exactly as given (no client-side "..").
function get(path, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('dev server', () => {
  test('the page, its script and the WASM package, with correct MIME types', async () => {
    const page = await get('/');
    assert.equal(page.status, 200);
    assert.match(page.type, /^text\/html/);
    assert.match(page.body, /<title>escaque/);
    assert.match((await get('/app.js')).type, /^text\/javascript/);
    assert.match((await get('/dist/loader.mjs')).type, /^text\/javascript/);
    assert.match((await get('/dist/escaque.mjs')).type, /^text\/javascript/);
    const wasm = await get('/dist/escaque.wasm');
    assert.equal(wasm.type, 'application/wasm');  // instantiateStreaming insists on it
    assert.equal(wasm.body.slice(0, 4), '\0asm');
    assert.equal((await get('/?fen=x#y')).status, 200);
  });

  test('nothing outside web/ and dist/ is reachable', async () => {
    for (const path of ['/../package.json', '/dist/../package.json', '/%2e%2e/package.json',
      '/..%2fpackage.json', '/dist/..%2f..%2fpackage.json', '/dist/%2e%2e/CMakeLists.txt',
      '/../../../../etc/passwd', '/%00', '/bad%zzescape', '/web/index.html', '/dist/', '/dist',
      '/no-such-file']) {
      const r = await get(path);
      assert.equal(r.status, 404, path);
      assert.doesNotMatch(r.body, /"name": "escaque"|root:/, path);
    }
  });

  test('only GET and HEAD', async () => {
    assert.equal((await get('/', 'POST')).status, 405);
    const head = await get('/', 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
  });

  test('a port in use is an error, not a silent second server', async () => {
    await assert.rejects(startServer({ port }), /EADDRINUSE/);
  });
});
