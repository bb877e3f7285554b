#!/usr/bin/env node
// A small static server for development: web/ at the root and dist/ (the
// WebAssembly build) under /dist/. Nothing else is reachable.
//
//   node scripts/serve.mjs            http://localhost:8080 (PORT overrides)
//   import { startServer } from './serve.mjs'   (tests: port 0 = any free port)
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

import { BUNDLES, bundleApp, newerThan } from './bundle-app.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wav': 'audio/wav',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',  // required by WebAssembly.instantiateStreaming
  '.txt': 'text/plain; charset=utf-8',
};

// Text and WebAssembly shrink to a third or less; the sounds (PCM) and anything unknown are sent as
// they are. Brotli at quality 5: all of web/ and dist/ in ≈ 0.1 s of CPU, within 2 % of quality 9
// (which takes 3 s, mostly on escaque.wasm); quality 11 would save 10 % more for 4.5 s.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.wasm', '.txt']);
const ENCODERS = {
  br: (bytes) => promisify(brotliCompress)(bytes, { params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

// The encoding to send, from the request's Accept-Encoding: brotli, else gzip, else none ('identity').
// A coding listed with q=0 is refused.
export function chooseEncoding(acceptEncoding = '') {
  const accepted = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  for (const coding of ['br', 'gzip']) {
    const q = accepted.has(coding) ? accepted.get(coding) : (accepted.get('*') ?? 0);
    if (q > 0) return coding;
  }
  return 'identity';
}

// Compressed bodies, kept per file, coding and version (modification time and size), so each file is
// compressed once per change (the files are a few hundred KB in all).
const compressedCache = new Map();
function compressedBody(file, info, coding) {
  const key = `${coding}:${file}`;
  const version = `${info.mtimeMs}:${info.size}`;
  const hit = compressedCache.get(key);
  if (hit && hit.version === version) return hit.body;
  const body = readFile(file).then((bytes) => ENCODERS[coding](bytes));
  compressedCache.set(key, { version, body });
  body.catch(() => compressedCache.delete(key));
  return body;
}

// Compresses (brotli, what browsers ask for) every compressible file of web/ and dist/ once the server
// listens, one after another, so that a first visit is not served at the pace of compression. A request
// arriving meanwhile shares the work already under way for its file (the cache holds promises).
async function precompress(root) {
  const pending = [join(root, 'web'), join(root, 'dist')];
  while (pending.length) {
    const dir = pending.pop();
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;  // no dist/ yet: files are compressed when asked for
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile() && COMPRESSIBLE.has(extname(path))) {
        try {
          await compressedBody(path, await stat(path), 'br');
        } catch { /* gone meanwhile */ }
      }
    }
  }
}

// The app's script, dist/app-bundle.js, is built from web/ and dist/ (scripts/bundle-app.mjs; the build
// makes it), and so is the PGN file reader's Worker, dist/app-pgn-worker.js: one keeper each. For development the server keeps it current: checked when the server starts, and before
// it is served, rebuilt when a file it is made of is newer. Written only when its text changes, so an
// unchanged bundle keeps its Last-Modified (a 304 to a revalidation). Without esbuild (not installed)
// the file is served as it is.
function bundleKeeper(root, which) {
  let inputs = null;
  let builtAt = 0;  // when the sources were last read (ms since the epoch, as file times)
  let pending = null;
  const rebuild = async () => {
    const startedAt = Date.now();
    const { code, inputs: used } = await bundleApp(root, which);
    const file = join(root, which.out);
    let old = null;
    try {
      old = await readFile(file, 'utf8');
    } catch { /* not built yet */ }
    if (old !== code) {
      // Written aside, then renamed: another server (test files run side by side) never reads half a file.
      await mkdir(join(root, 'dist'), { recursive: true });
      const aside = `${file}.${process.pid}.tmp`;
      await writeFile(aside, code);
      await rename(aside, file);
    }
    inputs = used;
    builtAt = startedAt;
  };
  return function ensureFresh() {
    if (!pending && (inputs === null || newerThan(inputs, builtAt))) {
      pending = rebuild().catch(() => { /* esbuild missing or a syntax error: serve what there is */ })
        .finally(() => { pending = null; });
    }
    return pending ?? Promise.resolve();
  };
}

// Maps a URL path to a file under web/ or dist/, or null when it points
// anywhere else (including attempts to climb out with "..").
function fileFor(urlPath, root) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const [base, rest] = decoded.startsWith('/dist/')
    ? [join(root, 'dist'), decoded.slice('/dist/'.length)]
    : [join(root, 'web'), decoded.slice(1)];
  const file = normalize(join(base, rest === '' ? 'index.html' : rest));
  return file.startsWith(base + sep) ? file : null;
}

function reply(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text + '\n');
}

// The app's page (web/index.html), served without cross-origin isolation (see the headers below).
const APP_DOCUMENTS = new Set(['/', '/index.html']);

export function startServer({ port = 8080, host = '127.0.0.1', root = ROOT } = {}) {
  const keepers = new Map(BUNDLES.map((which) => [`/${which.out}`, bundleKeeper(root, which)]));
  const ensureBundles = () => Promise.all([...keepers.values()].map((ensure) => ensure()));
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(res, 405, 'method not allowed');
    const path = new URL(req.url, 'http://localhost').pathname;
    if (keepers.has(path)) await keepers.get(path)();
    const file = fileFor(path, root);
    if (!file) return reply(res, 404, 'not found');
    let info;
    try {
      info = await stat(file);
    } catch {
      return reply(res, 404, 'not found');
    }
    if (!info.isFile()) return reply(res, 404, 'not found');
    // Last-Modified lets a revalidation (no-cache, and the app's service worker precaching the
    // files the page has just loaded) be answered 304 instead of sending the file twice.
    const modified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
    const since = Date.parse(req.headers['if-modified-since'] ?? '');
    if (since >= modified.getTime()) {
      res.writeHead(304, { 'Last-Modified': modified.toUTCString(), 'Cache-Control': 'no-cache' });
      return res.end();
    }
    const coding = COMPRESSIBLE.has(extname(file)) ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
    let body = null;
    if (coding !== 'identity') {
      try {
        body = await compressedBody(file, info, coding);
      } catch {
        return reply(res, 404, 'not found');
      }
    }
    res.writeHead(200, {
      'Content-Type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body ? body.length : info.size,
      ...(body ? { 'Content-Encoding': coding } : {}),
      'Vary': 'Accept-Encoding',
      'Cache-Control': 'no-cache',
      'Last-Modified': modified.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
      // Cross-origin isolation gives pages SharedArrayBuffer, through which the Engine's stop()
      // reaches a search running in a worker (bindings/js/engine.mjs). The app's page goes without:
      // an isolated page is moved to a new renderer process once its response arrives, ~110 ms
      // of every visit before a byte is parsed (bench/isolation-cost.mjs), and the app needs no
      // ponder; its Engine stops a search by ending the worker instead (docs/app.md).
      ...(APP_DOCUMENTS.has(path) ? {} : {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      }),
    });
    if (req.method === 'HEAD') return res.end();
    if (body) res.end(body);
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      ensureBundles().then(() => precompress(root)).catch(() => { /* compressed on demand instead */ });
      resolve(server);
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.PORT ?? 8080);
  try {
    const server = await startServer({ port, host: process.env.HOST ?? '127.0.0.1' });
    const { port: actual } = server.address();
    console.log(`escaque: serving web/ and dist/ at http://localhost:${actual}  (Ctrl+C stops)`);
  } catch (e) {
    console.error(`escaque: cannot listen on port ${port}: ${e.message}` +
        (e.code === 'EADDRINUSE' ? ' (set PORT to use another port)' : ''));
    process.exit(1);
  }
}
