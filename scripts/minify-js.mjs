#!/usr/bin/env node
// The package's JavaScript as shipped: each readable source file of bindings/js/ minified into dist/
// (same name, same relative imports), with its source map beside it (`x.mjs.map`, the readable
// sources inside, linked by a `//# sourceMappingURL` comment). Type declarations (`.d.ts`, `.d.cts`)
// are copied as they are. The build runs it (cmake/wasm.cmake).
//
// Two files are shipped with their private helpers inside (HUBS below): api.mjs carries the loader,
// the runtime, the error classes, Setup and the board geometry; engine.mjs carries its message
// protocol. What `import 'escaque'` + init() downloads is then index.mjs, api.mjs, engine.mjs and
// node-builtin.mjs instead of ten files: 2.6 KB gzip less (names minified across the files, one
// gzip stream; docs/benchmarks.md, "Session 9: the package as shipped"). The helpers' own files stay
// in dist/ for their other users (the Engine's worker, compat/, the tests); they hold no state that
// two copies could split (errors.mjs's classes reach users only through api.mjs; node-files.mjs
// registers with api.mjs's loader).
//
//   node scripts/minify-js.mjs <source dir> <output dir> <file>...   (files relative to the source dir)
//
// Minified files keep what other tools read in them:
// - exports keep their names; the error classes set `name` explicitly (errors.mjs), so a renamed
//   class still reads e.g. "InvalidArgumentError";
// - `new Worker(new URL('./x', import.meta.url))` and `new URL('./x.wasm', import.meta.url)` stay in
//   that form, which is how bundlers find the worker and the WebAssembly;
// - a file with bundler directives in comments (`/* webpackIgnore: true */`, `/* @vite-ignore */`:
//   node-builtin.mjs) keeps its whitespace, since esbuild drops every comment when it minifies
//   whitespace; its names and syntax are still minified.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const DIRECTIVE = /\/\*\s*(?:webpackIgnore|@vite-ignore)\b/;
/**
 * The longest line esbuild writes, about (it breaks a line at the first chance after this). Each break
 * costs gzip a little: at 300 characters `escaque/rules` grew 220 B past its 85 KiB bar; at 2000 it
 * grows 31 B and Node's report of an uncaught error shows at most ~2 KB of the package.
 */
export const LINE_LIMIT = 2000;

// The files shipped with the private modules they import inside; anything else they import stays an
// import. (The inlined files must not be imported by the package's other files for their state.)
export const HUBS = {
  'api.mjs': ['loader.mjs', 'runtime.mjs', 'errors.mjs', 'setup.mjs', 'squares.mjs'],
  'engine.mjs': ['engine-protocol.mjs'],
};

// Self-contained variants of the files that start the module themselves (the board's elements and the
// chess.js-compatible class): the same code with one import swapped for a self-contained entry's, for
// what package.json "exports" sends to those entries (esbuild's and Rollup's defaults, Vite's dev
// server). variant: [the file it is made from, the import swapped, the import put instead].
export const SELF_CONTAINED_VARIANTS = {
  'board/escaque-board.inline.js': ['board/escaque-board.js', '../index.mjs', '../index.inline.mjs'],
  'board/escaque-game.inline.js': ['board/escaque-game.js', '../rules.mjs', '../rules.inline.mjs'],
  'compat/chess.inline.mjs': ['compat/chess.mjs', '../api.mjs', '../index.inline.mjs'],
};

// An esbuild plugin that keeps every relative import as written but `swapped`, written as `instead`.
const swapImport = (swapped, instead) => ({
  name: 'swap-import',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      return { path: args.path === swapped ? instead : args.path, external: true };
    });
  },
});

// An esbuild plugin that marks every relative import as external except the hub's own helpers.
const keepImports = (inlined) => ({
  name: 'keep-imports',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const name = args.path.replace(/^\.\//, '');
      return args.kind === 'import-statement' && inlined.includes(name) ? undefined : { path: args.path, external: true };
    });
  },
});

// esbuild's options for one file, from `sourceDir` to `outDir`.
function options(sourceDir, outDir, file) {
  const variant = SELF_CONTAINED_VARIANTS[file];
  const from = join(sourceDir, variant ? variant[0] : file);
  const inlined = HUBS[file];
  const bundling = inlined ? { bundle: true, plugins: [keepImports(inlined)], external: ['node:*'] }
    : variant ? { bundle: true, plugins: [swapImport(variant[1], variant[2])] } : { bundle: false };
  return {
    entryPoints: [from], outfile: join(outDir, file), logLevel: 'warning',
    ...bundling,
    // (A CommonJS file stays CommonJS: no format, so esbuild adds no module helpers.)
    format: file.endsWith('.cjs') ? undefined : 'esm', platform: 'neutral',
    minifyIdentifiers: true, minifySyntax: true, minifyWhitespace: !DIRECTIVE.test(readFileSync(from, 'utf8')),
    // Comments that must survive are the directives above; license text is the package's LICENSE.
    legalComments: 'none',
    // Lines of at most about LINE_LIMIT characters: Node prints the line an uncaught error was thrown
    // from, and one 20 KB line (api.mjs) filled a person's terminal with the package's code.
    lineLimit: LINE_LIMIT,
    sourcemap: 'linked', sourcesContent: true,
  };
}

/** Minifies (or copies) `files` from `sourceDir` to `outDir`; returns the paths written. */
export async function minifyFiles(sourceDir, outDir, files) {
  const { build } = await import('esbuild');
  const written = [];
  for (const file of files) {
    const to = join(outDir, file);
    mkdirSync(dirname(to), { recursive: true });
    if (/\.d\.c?ts$/.test(file)) {
      copyFileSync(join(sourceDir, file), to);
      written.push(to);
      continue;
    }
    await build({ ...options(sourceDir, outDir, file), write: true });
    written.push(to, `${to}.map`);
  }
  return written;
}

/** The text minifyFiles writes for `file` (to check that a shipped file is current). */
export async function minifiedText(sourceDir, outDir, file) {
  const { build } = await import('esbuild');
  const result = await build({ ...options(sourceDir, outDir, file), write: false });
  return result.outputFiles.find((f) => !f.path.endsWith('.map')).text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [sourceDir, outDir, ...files] = process.argv.slice(2);
  if (!sourceDir || !outDir || files.length === 0) {
    console.error('usage: node scripts/minify-js.mjs <source dir> <output dir> <file>...');
    process.exit(2);
  }
  await minifyFiles(sourceDir, outDir, files);
}
