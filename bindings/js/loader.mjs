// Loads the escaque module (escaque.mjs, the hand-written runtime, and
// escaque.wasm, which sit next to this file in dist/) in Node and in browsers.
//
//   import { loadEscaque } from './dist/loader.mjs';
//   const escaque = await loadEscaque();
//   escaque.legalMovesUci(fen)  -> {ok: true, moves: [...]} | {ok: false, error}
//
// The names on the returned module are internal: the public API is
// dist/index.mjs (bindings/index.mjs, docs/api.md), which loads through here.
// Go through this loader so that callers do not depend on how the .wasm file
// is found.
import createEscaqueModule from './escaque.mjs';

const WASM_FILE = 'escaque.wasm';

const inNode = typeof process === 'object' && typeof process.versions === 'object' &&
    typeof process.versions.node === 'string';

// Options (all optional):
//   wasmBinary  the bytes of escaque.wasm (ArrayBuffer or typed array); skips any lookup
//   locateFile  (fileName, scriptDirectory) -> URL or path of fileName, as in Emscripten
export async function loadEscaque({ wasmBinary, locateFile } = {}) {
  const moduleArgs = {};
  if (wasmBinary === undefined && inNode) {
    // fetch() exists in Node 18+ but cannot read file paths: read the bytes here instead.
    wasmBinary = await readWasmInNode(locateFile);
  }
  if (wasmBinary !== undefined) moduleArgs.wasmBinary = wasmBinary;
  else if (locateFile) moduleArgs.locateFile = locateFile;
  return createEscaqueModule(moduleArgs);
}

async function readWasmInNode(locateFile) {
  const { readFile } = await import('node:fs/promises');
  const { fileURLToPath } = await import('node:url');
  const defaultUrl = new URL(WASM_FILE, import.meta.url);
  let where = defaultUrl;
  if (locateFile) {
    const here = fileURLToPath(new URL('.', import.meta.url));
    where = locateFile(WASM_FILE, here);
    if (typeof where === 'string' && where.startsWith('file:')) where = new URL(where);
  }
  try {
    return await readFile(where);
  } catch (e) {
    throw new Error(`escaque: cannot read the WebAssembly module at ${where}: ${e.message}`);
  }
}
