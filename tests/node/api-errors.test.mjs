// Errors: every class the package exports keeps its name after minifying (esbuild renames
// classes), and init() failures are typed EscaqueLoadErrors with a code and the URL, tested for
// each code: a missing file, a file that is not WebAssembly, a WebAssembly module that is not
// escaque's; from disk (Node's path) and over HTTP (the browsers' fetch path).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import esbuild from 'esbuild';

import * as escaque from '../../dist/index.mjs';
import { loadEscaque } from '../../dist/loader.mjs';
// The loader on its own throws its own file's classes: the package ships api.mjs with the loader and
// the error classes inside (scripts/minify-js.mjs), so init() throws the classes 'escaque' exports and
// the standalone dist/loader.mjs those of dist/errors.mjs.
import * as loaderErrors from '../../dist/errors.mjs';
import { ROOT } from './helpers.mjs';
import { LINE_LIMIT } from '../../scripts/minify-js.mjs';

const { EscaqueError, EscaqueLoadError, init, isInitialized } = escaque;
const API_CLASSES = ['Chess', 'Position', 'Setup', 'Engine'];
const work = mkdtempSync(join(tmpdir(), 'escaque-errors-'));
after(() => rmSync(work, { recursive: true, force: true }));

// The smallest valid WebAssembly module (no sections), and one that exports a function "f".
const EMPTY_MODULE = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
const OTHER_MODULE = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
  1, 4, 1, 0x60, 0, 0,            // type section: () -> ()
  3, 2, 1, 0,                     // function section: one function of type 0
  7, 5, 1, 1, 0x66, 0, 0,         // export section: "f" = function 0
  10, 4, 1, 2, 0, 0x0b]);         // code section: an empty body
const CORRUPT_MODULE = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff]);
const HTML = '<!doctype html><title>404 Not Found</title>';

const errorClasses = () => Object.entries(escaque).filter(([, v]) => typeof v === 'function' &&
  (v === Error || v.prototype instanceof Error));

describe('error names', () => {
  test('every exported error class is named as exported, and is an EscaqueError', () => {
    const classes = errorClasses();
    assert.ok(classes.length >= 14, classes.map(([n]) => n).join());
    for (const [name, Class] of classes) {
      const e = Object.create(Class.prototype);
      assert.equal(e.name, name);
      assert.ok(Class === EscaqueError || Class.prototype instanceof EscaqueError, name);
    }
  });

  test('names survive minifying (esbuild --minify, the whole browser entry)', { timeout: 60_000 }, async () => {
    const out = join(work, 'minified.mjs');
    await esbuild.build({
      entryPoints: [`${ROOT}dist/index.mjs`], bundle: true, minify: true, format: 'esm', platform: 'browser',
      outfile: out, logLevel: 'silent',
    });
    const text = readFileSync(out, 'utf8');
    assert.ok(!/class InvalidArgumentError\b/.test(text), 'the bundle is minified (classes renamed)');
    const minified = await import(pathToFileURL(out).href);
    for (const [name] of errorClasses()) {
      const Class = minified[name];
      assert.equal(typeof Class, 'function', `${name} exported by the bundle`);
      const e = name === 'EscaqueLoadError' ? new Class('m', 'fetch-failed', 'x.wasm') : new Class('message', 'CODE');
      assert.equal(e.name, name);
      assert.equal(String(e), `${name}: message`.replace(': message', `: ${e.message}`));
      assert.match(e.stack, new RegExp(`^${name}: `));
    }
    // A real error thrown by the minified API: not initialized.
    assert.throws(() => new minified.Chess(), (e) => e.name === 'NotInitializedError' && e.code === 'NOT_INITIALIZED');
    // The API's classes keep their names too (what a console shows for a game: "Chess {…}", not "s {…}").
    for (const name of API_CLASSES) assert.equal(minified[name].name, name);
  });

  test('the API\'s classes are named as exported in every shipped entry (the files are minified)', async () => {
    for (const entry of ['index.mjs', 'index.inline.mjs', 'index.node.mjs', 'rules.mjs', 'rules.inline.mjs']) {
      const m = await import(`${ROOT}dist/${entry}`);
      for (const name of API_CLASSES) {
        if (name === 'Engine' && entry.startsWith('rules')) continue;  // escaque/rules has no Engine
        assert.equal(m[name]?.name, name, `${entry}: ${name}`);
      }
    }
  });
});

// What a person sees in the terminal when a script leaves an escaque error uncaught: Node prints the source
// line the error was thrown from, and the shipped files are minified (scripts/minify-js.mjs); with every
// file on one line that was all of api.mjs, 20 KB of code before the message.
describe('an uncaught error in a Node script', () => {
  test('prints the error and a short excerpt of the package, not the whole minified file', { timeout: 30_000 }, () => {
    const script = join(work, 'uncaught.mjs');
    writeFileSync(script, `import { init, Chess } from ${JSON.stringify(pathToFileURL(`${ROOT}dist/index.node.mjs`).href)};
await init();
new Chess().move('Ke3');
`);
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 25_000 });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /IllegalMoveError: Ke3: no white king can move to e3/);
    // The message, the stack and one line of the package (at most about LINE_LIMIT characters), not
    // the 20 KB a single-line file printed.
    assert.ok(run.stderr.length < 2 * LINE_LIMIT + 1500, `${run.stderr.length} characters on stderr:\n${run.stderr.slice(0, 400)}…`);
  });

  test('no shipped JavaScript file has a line longer than about LINE_LIMIT', () => {
    for (const file of ['api.mjs', 'engine.mjs', 'index.mjs', 'pgn.mjs', 'setup.mjs', 'loader.mjs']) {
      const longest = Math.max(...readFileSync(`${ROOT}dist/${file}`, 'utf8').split('\n').map((l) => l.length));
      // esbuild breaks a line at its first chance after the limit: a long string or name can run over.
      assert.ok(longest <= 4 * LINE_LIMIT, `dist/${file}: a line of ${longest} characters`);
    }
  });
});

// A rejection that is an EscaqueLoadError with this code and url, whose message names the url.
function loadError(code, url, classes = { EscaqueError, EscaqueLoadError }) {
  return (e) => {
    assert.ok(e instanceof classes.EscaqueLoadError, `${e?.name}: ${e?.message}`);
    assert.ok(e instanceof classes.EscaqueError);
    assert.equal(e.name, 'EscaqueLoadError');
    assert.equal(e.code, code, e.message);
    assert.equal(e.url, url);
    if (url !== null) assert.ok(e.message.includes(url), e.message);
    return true;
  };
}

describe('init() failures are typed (files on disk)', () => {
  const html = join(work, 'page.wasm');
  const other = join(work, 'other.wasm');
  const empty = join(work, 'empty.wasm');
  const corrupt = join(work, 'corrupt.wasm');
  before(() => {
    writeFileSync(html, HTML);
    writeFileSync(other, OTHER_MODULE);
    writeFileSync(empty, EMPTY_MODULE);
    writeFileSync(corrupt, CORRUPT_MODULE);
  });

  test('a missing file: fetch-failed', async () => {
    const missing = join(work, 'missing.wasm');
    await assert.rejects(init({ url: missing }), loadError('fetch-failed', missing));
    await assert.rejects(init({ url: pathToFileURL(missing) }), loadError('fetch-failed', pathToFileURL(missing).href));
    await assert.rejects(init({ locateFile: () => missing }), loadError('fetch-failed', missing));
    assert.equal(isInitialized(), false);
  });

  test('a file that is not WebAssembly: not-webassembly, saying what it looks like', async () => {
    await assert.rejects(init({ url: html }), (e) => loadError('not-webassembly', html)(e) &&
      /looks like HTML/.test(e.message) && /"<!doctype html><"/.test(e.message));
    await assert.rejects(init({ url: corrupt }), loadError('not-webassembly', corrupt));
    await assert.rejects(init({ wasmBinary: new TextEncoder().encode('hello') }), loadError('not-webassembly', null));
    await assert.rejects(init({ wasmBinary: new ArrayBuffer(0) }), loadError('not-webassembly', null));
    assert.equal(isInitialized(), false);
  });

  test('WebAssembly that is not escaque: wrong-module, naming what is missing', async () => {
    await assert.rejects(init({ url: other }), (e) => loadError('wrong-module', other)(e) &&
      /lacks the exports memory, _initialize, escaque_io/.test(e.message));
    await assert.rejects(init({ url: empty }), loadError('wrong-module', empty));
    await assert.rejects(init({ wasmBinary: OTHER_MODULE }), loadError('wrong-module', null));
    assert.equal(isInitialized(), false);
  });

  test('after failures init() still loads, and loading it again is free', async () => {
    await init();
    assert.equal(isInitialized(), true);
    assert.equal(new escaque.Chess().moves().length, 20);
  });
});

describe('load failures over HTTP (the browsers\' fetch path)', () => {
  let server;
  let base;
  const wasm = readFileSync(`${ROOT}dist/escaque-rules.wasm`);
  before(async () => {
    server = createServer((req, res) => {
      const send = (status, type, body) => { res.writeHead(status, { 'content-type': type }); res.end(body); };
      if (req.url === '/escaque.wasm') send(200, 'application/wasm', wasm);
      else if (req.url === '/octet.wasm') send(200, 'application/octet-stream', wasm);
      else if (req.url === '/page.wasm') send(200, 'text/html', HTML);
      else if (req.url === '/streamed-html.wasm') send(200, 'application/wasm', HTML);
      else if (req.url === '/other.wasm') send(200, 'application/wasm', OTHER_MODULE);
      else send(404, 'text/html', HTML);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => server.close());

  test('HTTP 404: fetch-failed with the status', async () => {
    await assert.rejects(loadEscaque({ url: `${base}/missing.wasm` }),
      (e) => loadError('fetch-failed', `${base}/missing.wasm`, loaderErrors)(e) && /HTTP 404/.test(e.message));
  });
  test('nobody listening: fetch-failed', async () => {
    const url = 'http://127.0.0.1:9/escaque.wasm';
    await assert.rejects(loadEscaque({ url }), loadError('fetch-failed', url, loaderErrors));
  });
  test('an HTML page, with or without a wasm MIME type: not-webassembly', async () => {
    await assert.rejects(loadEscaque({ url: `${base}/page.wasm` }), loadError('not-webassembly', `${base}/page.wasm`, loaderErrors));
    await assert.rejects(loadEscaque({ url: `${base}/streamed-html.wasm` }),
      loadError('not-webassembly', `${base}/streamed-html.wasm`, loaderErrors));
  });
  test('another module: wrong-module', async () => {
    await assert.rejects(loadEscaque({ url: `${base}/other.wasm` }), loadError('wrong-module', `${base}/other.wasm`, loaderErrors));
  });
  test('escaque.wasm, streamed (application/wasm) or not, loads', { timeout: 60_000 }, async () => {
    for (const file of ['escaque.wasm', 'octet.wasm']) {
      const m = await loadEscaque({ url: `${base}/${file}` });
      assert.match(m.positionMoves('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1').moves, /^a2a3 a3 /);
    }
  });
});
