// Prepended to dist/escaque.mjs (emcc --extern-pre-js).
//
// Emscripten 3.1.6 emits its Node code paths for CommonJS: they call require()
// and read __dirname, neither of which exists inside an ES module. Define both
// at module scope when running under Node; in browsers and workers nothing is
// imported and both stay undefined (the glue never touches them there).
const escaqueInNode = typeof process === 'object' && typeof process.versions === 'object' &&
    typeof process.versions.node === 'string';
const require = escaqueInNode ? (await import('node:module')).createRequire(import.meta.url) : undefined;
const __dirname = escaqueInNode
    ? require('node:path').dirname(require('node:url').fileURLToPath(import.meta.url)) : undefined;
