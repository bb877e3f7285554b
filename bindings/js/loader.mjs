// Loads the rules' module (escaque-rules.wasm, started by runtime.mjs with Emscripten's glue, all next to
// this file in dist/) in Node and in browsers.
//
//   import { loadEscaque } from './dist/loader.mjs';
//   const escaque = await loadEscaque();
//   escaque.positionMoves(fen)  -> {ok: true, moves: 'e2e4 e4 g1f3 Nf3 ...'} | {ok: false, code, message, offset}
//
// The names on the returned module are internal: the public API is
// dist/index.mjs (bindings/js/index.mjs, docs/api.md), which loads through here.
// Go through this loader so that callers do not depend on how the .wasm file
// is found.
//
// Every failure is an EscaqueLoadError whose code says what went wrong and whose url says where:
// fetch-failed, not-webassembly, wrong-module, start-failed (errors.mjs).
//
// No `node:` import here, so that browser bundles carry none: in Node the file is read by
// node-files.mjs, which the package's "node" entries (index.node.mjs, rules.node.mjs,
// compat/chess.node.mjs) import statically and which is imported on demand otherwise.
import createEscaqueModule from './runtime.mjs';
import { EscaqueLoadError } from './errors.mjs';
import { inNode, nodeImport } from './node-builtin.mjs';


// What escaque.mjs needs of a module: one without these exports is someone else's.
const REQUIRED_EXPORTS = ['memory', '_initialize', 'escaque_io', 'escaque_input', 'escaque_play',
  'escaque_position_play_id'];

// Node's file access: {read(where) -> bytes, directory(url) -> path}, set by node-files.mjs.
let files = null;
export function useNodeFiles(access) { files = access; }

async function nodeFiles() {
  if (!files) {
    // Not a literal specifier, so that bundlers for browsers do not follow it (Node bundles get
    // node-files.mjs through the "node" entries, which import it statically).
    // (It registers itself with api.mjs's copy of this loader; this copy takes its export.)
    files ??= (await nodeImport(`${directoryOf(import.meta.url)}node-files.mjs`)).nodeFiles;
  }
  return files;
}

// Options (all optional):
//   wasmBinary  the bytes of a module (ArrayBuffer or typed array); skips any lookup
//   url         URL of a module (in Node also a file path)
//   locateFile  (fileName, scriptDirectory) -> URL or path of fileName, as in Emscripten
export async function loadEscaque({ wasmBinary, locateFile, url } = {}) {
  let where = null;
  let module;
  if (wasmBinary !== undefined) {
    module = await compile(wasmBinary, null);
  } else {
    if (url !== undefined) where = url;
    else if (locateFile) where = locateFile('escaque-rules.wasm', inNode ? (await nodeFiles()).directory(import.meta.url) : directoryOf(import.meta.url));
    // Written out as `new URL('escaque-rules.wasm', import.meta.url)` so that bundlers find and emit the file.
    else where = new URL('escaque-rules.wasm', import.meta.url);
    module = await download(where);
  }
  const shown = where === null ? null : String(where);
  const exported = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  const missing = REQUIRED_EXPORTS.filter((name) => !exported.has(name));
  if (missing.length > 0) {
    throw new EscaqueLoadError(`escaque: the WebAssembly module ${from(shown)}is not escaque's (or not this version's): ` +
        `it lacks the exports ${missing.join(', ')}`, 'wrong-module', shown);
  }
  try {
    return await createEscaqueModule({ module });
  } catch (e) {
    const wrong = e instanceof WebAssembly.LinkError;
    throw new EscaqueLoadError(wrong
      ? `escaque: the WebAssembly module ${from(shown)}is not escaque's (or not this version's): ${e.message}`
      : `escaque: the WebAssembly module ${from(shown)}failed to start: ${e?.message ?? e}`,
    wrong ? 'wrong-module' : 'start-failed', shown, e);
  }
}

// The URL of the directory of a file's URL, with its '/' (not written as new URL of '.' and import.meta.url,
// which Parcel takes for a file to bundle).
const directoryOf = (url) => url.slice(0, url.lastIndexOf('/') + 1);

const from = (url) => (url === null ? '(given as wasmBinary) ' : `at ${url} `);

// A module from a URL (in Node: a file path or file: URL, or an http(s) URL).
async function download(where) {
  const shown = String(where);
  const web = /^(https?|data|blob):/i.test(shown) || (!inNode && !/^file:/i.test(shown));
  if (!web) {
    let bytes;
    try {
      bytes = await (await nodeFiles()).read(where);
    } catch (e) {
      throw new EscaqueLoadError(`escaque: cannot read the WebAssembly module at ${shown}: ${e.message}`,
          'fetch-failed', shown, e);
    }
    return compile(bytes, shown);
  }
  let response;
  try {
    response = await fetch(where, { credentials: 'same-origin' });
  } catch (e) {
    throw new EscaqueLoadError(`escaque: cannot fetch the WebAssembly module at ${shown}: ${e?.message ?? e}`,
        'fetch-failed', shown, e);
  }
  if (!response.ok) {
    throw new EscaqueLoadError(`escaque: cannot fetch the WebAssembly module at ${shown}: HTTP ${response.status} ` +
        `${response.statusText}`.trimEnd() + notEmitted(shown, response.status), 'fetch-failed', shown);
  }
  // Compiled while it downloads when the server says application/wasm (otherwise streaming refuses it).
  const type = response.headers.get('content-type') ?? '';
  if (typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/i.test(type)) {
    try {
      return await WebAssembly.compileStreaming(response);
    } catch (e) {
      throw notWasm(shown, e);
    }
  }
  let bytes;
  try {
    bytes = await response.arrayBuffer();
  } catch (e) {
    throw new EscaqueLoadError(`escaque: cannot fetch the WebAssembly module at ${shown}: ${e?.message ?? e}`,
        'fetch-failed', shown, e);
  }
  return compile(bytes, shown);
}

// The package's own file, under its own name, missing: what a bundler that does not emit the files named by
// the pattern new URL(file, import.meta.url) leaves (esbuild; Rollup without an asset plugin).
function notEmitted(shown, status) {
  const file = /\/(escaque(?:-rules)?\.wasm)$/.exec(shown.replace(/[?#].*$/, ''))?.[1];
  return status === 404 && file
    ? ` (your bundler did not emit ${file} next to the script: copy node_modules/escaque/dist/${file} there, or ` +
      'pass init({ url }) with where you serve it)'
    : '';
}

// Compiles bytes, after a look at their first four (a WebAssembly module starts with "\0asm").
async function compile(bytes, shown) {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes)
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 8 || view[0] !== 0 || view[1] !== 0x61 || view[2] !== 0x73 || view[3] !== 0x6d) {
    const head = String.fromCharCode(...view.subarray(0, 16)).replace(/[^\x20-\x7e]/g, '.');
    const looks = /^\s*</.test(head) ? ' (it looks like HTML or XML: a server\'s error page?)' : '';
    throw new EscaqueLoadError(`escaque: the file ${from(shown)}is not a WebAssembly module: it starts with ` +
        `${JSON.stringify(head)} instead of "\\0asm"${looks}`, 'not-webassembly', shown);
  }
  try {
    return await WebAssembly.compile(view);
  } catch (e) {
    throw notWasm(shown, e);
  }
}

function notWasm(shown, e) {
  return new EscaqueLoadError(`escaque: the file ${from(shown)}is not a valid WebAssembly module: ${e?.message ?? e}`,
      'not-webassembly', shown, e);
}
