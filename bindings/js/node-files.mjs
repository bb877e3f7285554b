// Node's side of loader.mjs: reads escaque.wasm from disk (Node's fetch() cannot read files).
// Imported statically by the package's "node" entries (index.node.mjs, rules.node.mjs,
// compat/chess.node.mjs) and on demand by loader.mjs otherwise; never by a browser entry, so
// browser bundles carry no `node:` import.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { _useNodeFiles } from './api.mjs';

export const nodeFiles = {
  // where: a path, a file: URL string, or a URL object.
  read: (where) => readFile(typeof where === 'string' && /^file:/i.test(where) ? new URL(where) : where),
  // The directory of a file: URL, as a path (Emscripten's scriptDirectory in Node).
  directory: (url) => fileURLToPath(new URL('.', url)),
};

// Registered with the loader inside api.mjs (the package ships api.mjs with the loader in it:
// scripts/minify-js.mjs); a loader imported on its own takes `nodeFiles` from its dynamic import.
_useNodeFiles(nodeFiles);
