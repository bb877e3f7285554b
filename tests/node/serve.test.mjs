// scripts/serve.mjs: serves web/ and dist/ with the right types, and nothing else.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';

import { chooseEncoding, startServer } from '../../scripts/serve.mjs';

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

// Raw bytes and headers, with the request headers given.
function fetchRaw(path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  const wasm = readFileSync(new URL('../../dist/escaque.wasm', import.meta.url));
  const html = readFileSync(new URL('../../web/index.html', import.meta.url));

  test("the app's page is not cross-origin isolated (no process swap); every other page and file is", async () => {
    for (const path of ['/', '/index.html']) {
      const r = await fetchRaw(path);
      assert.equal(r.status, 200, path);
      assert.equal(r.headers['cross-origin-opener-policy'], undefined, path);
      assert.equal(r.headers['cross-origin-embedder-policy'], undefined, path);
    }
    for (const path of ['/embed.html', '/dist/escaque.wasm', '/dist/app-bundle.js', '/app/clock-worker.js']) {
      const r = await fetchRaw(path);
      assert.equal(r.status, 200, path);
      assert.equal(r.headers['cross-origin-opener-policy'], 'same-origin', path);
      assert.equal(r.headers['cross-origin-embedder-policy'], 'require-corp', path);
    }
  });

  test('brotli when the browser accepts it, gzip otherwise; the bytes decode to the file', async () => {
    const br = await fetchRaw('/dist/escaque.wasm', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(Number(br.headers['content-length']), br.body.length);
    assert.ok(br.body.length < wasm.length / 2, `${br.body.length} of ${wasm.length}`);
    assert.deepEqual(brotliDecompressSync(br.body), wasm);
    const gz = await fetchRaw('/', { 'Accept-Encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gz.body), html);
    assert.equal(gz.headers['content-type'], 'text/html; charset=utf-8');
  });

  test('no Accept-Encoding, or every coding refused: the file as it is', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0', 'compress']) {
      const r = await fetchRaw('/dist/escaque.wasm', accept === undefined ? {} : { 'Accept-Encoding': accept });
      assert.equal(r.headers['content-encoding'], undefined, String(accept));
      assert.deepEqual(r.body, wasm, String(accept));
    }
  });

  test('sounds (already dense) are not compressed; HEAD gives the compressed length and no body', async () => {
    const wav = await fetchRaw('/sounds/move.wav', { 'Accept-Encoding': 'br, gzip' });
    assert.equal(wav.headers['content-encoding'], undefined);
    const get = await fetchRaw('/app.js', { 'Accept-Encoding': 'br' });
    const head = await fetchRaw('/app.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    assert.equal(head.headers['content-length'], get.headers['content-length']);
    assert.equal(head.body.length, 0);
  });

  test('a file changed while the server runs is served (and compressed) anew, never stale', async () => {
    const root = mkdtempSync(join(tmpdir(), 'escaque-serve-'));
    mkdirSync(join(root, 'web'));
    const file = join(root, 'web', 'x.js');
    writeFileSync(file, 'export const version = 1;\n'.repeat(50));
    const other = await startServer({ port: 0, root });
    const at = (path) => new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: other.address().port, path, headers: { 'Accept-Encoding': 'br' } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve(brotliDecompressSync(Buffer.concat(chunks)).toString()));
        });
      req.on('error', reject);
      req.end();
    });
    try {
      assert.match(await at('/x.js'), /version = 1;/);
      writeFileSync(file, 'export const version = 22;\n'.repeat(50));  // another size, and a later mtime
      assert.match(await at('/x.js'), /version = 22;/);
      writeFileSync(file, 'export const version = 33;\n'.repeat(50));  // the same size
      assert.match(await at('/x.js'), /version = 33;/);
    } finally {
      await new Promise((resolve) => other.close(resolve));
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('the choice of coding follows the q-values', () => {
    assert.equal(chooseEncoding('gzip, deflate, br'), 'br');
    assert.equal(chooseEncoding('br;q=0, gzip'), 'gzip');
    assert.equal(chooseEncoding('BR; q=0.5'), 'br');
    assert.equal(chooseEncoding('*'), 'br');
    assert.equal(chooseEncoding('*;q=0, gzip;q=0.1'), 'gzip');
    assert.equal(chooseEncoding('deflate'), 'identity');
    assert.equal(chooseEncoding(''), 'identity');
    assert.equal(chooseEncoding(undefined), 'identity');
  });
});
