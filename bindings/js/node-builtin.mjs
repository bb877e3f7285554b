// What the code that runs in Node and in browsers (the loader, the Engine and its worker) asks of
// Node, written so that browser bundlers see nothing of Node in it:
//   nodeProcess  Node's `process`, or undefined elsewhere. Read from globalThis: a bare `process`
//                makes Parcel bundle a polyfill of it (and fail when none is installed).
//   inNode       whether this runs in Node.
//   nodeBuiltin('worker_threads') -> the built-in module's namespace (only ever called in Node).
//                The specifier is computed, not written out: webpack 5 stops the build at any
//                `node:` specifier it meets (UnhandledSchemeError), and other bundlers would bundle
//                a stub or warn.
//   nodeImport(url) -> import(url), hidden from bundlers (only ever called in Node).
// This file is the one place with bundler directives in comments; scripts/minify-js.mjs keeps them.
export const nodeProcess = globalThis.process;

export const inNode = typeof nodeProcess === 'object' && nodeProcess !== null &&
    typeof nodeProcess.versions === 'object' && typeof nodeProcess.versions.node === 'string';

export function nodeImport(url) {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ url);
}

export function nodeBuiltin(name) {
  return nodeImport(['node', name].join(':'));
}
