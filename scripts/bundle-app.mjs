#!/usr/bin/env node
// The app's JavaScript as one file: web/app.js with everything it imports (the app, the board
// component, the package's runtime JS) bundled and minified into dist/app-bundle.js, which
// web/index.html loads. A first visit then fetches one script instead of 33 modules: over HTTP/1.1
// (six connections) those took five or six request rounds, and the board waited for the last
// (docs/benchmarks.md, "Cold first visit"). Modules loaded by a dynamic import() (the board
// component, the new-game dialog, the service-worker registration) are in the file too but are
// evaluated only when imported, as before. Workers (the clock's, the engine's), the WebAssembly
// files and the sounds stay separate files. The one Worker that imports the package by its name,
// the analysis board's PGN file reader (web/app/analysis/pgn-worker.js: `import ... from
// 'escaque/pgn'`, as a project that installed the package writes it), is bundled the same way into
// its own file, dist/app-pgn-worker.js.
//
//   node scripts/bundle-app.mjs        writes dist/app-bundle.js and dist/app-pgn-worker.js
//                                      (scripts/build.sh runs it after the WebAssembly build;
//                                      scripts/serve.mjs rebuilds each when one of its sources changes)
//   import { bundleApp } from ...      {code, inputs}: the bundle and the source files it was made of
//                                      (bundleApp(root, PGN_WORKER) for the Worker's)
//
// esbuild is a devDependency already (scripts/board-size.mjs); the output is a build product like the
// rest of dist/, never committed.
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLE = 'dist/app-bundle.js';
/** The bundles: the page's script, and the PGN file reader's Worker (both in dist/, so the
 *  package's `new URL(..., import.meta.url)` fix-up below is the same for both). */
export const APP = { entry: 'web/app.js', out: BUNDLE };
export const PGN_WORKER = { entry: 'web/app/analysis/pgn-worker.js', out: 'dist/app-pgn-worker.js' };
export const BUNDLES = [APP, PGN_WORKER];

// The URL path a file is served at (scripts/serve.mjs: web/ at /, dist/ at /dist/), and back.
function servedPath(root, file) {
  const rel = relative(root, file).split(sep).join('/');
  return rel.startsWith('dist/') ? `/${rel}` : `/${rel.replace(/^web\//, '')}`;
}

// The app imports the package by its name ('escaque', 'escaque/board'), which esbuild resolves through
// package.json's own "exports" (a package may import itself by name), exactly as a project that
// installed it would. web/ is then inside the package as esbuild sees it, so package.json's
// "sideEffects" lists "./web/**": without it the app's side-effect imports (web/app.js imports
// ./app/main.js for what it does) would be dropped as unused. Relative imports are plain files. The one fix-up: `import.meta.url` in a
// bundled file is turned into that file's own served URL, so that
// `new URL('./clock-worker.js', import.meta.url)` keeps naming /app/clock-worker.js (and the package's
// `new URL('./escaque.wasm', import.meta.url)` /dist/escaque.wasm) from inside dist/app-bundle.js.
function ownUrls(root) {
  return {
    name: 'own-urls',
    setup(build) {
      build.onLoad({ filter: /\.m?js$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const source = await readFile(args.path, 'utf8');
        // This file's URL relative to the bundle's (/dist/app-bundle.js): "../app/clock.js", "escaque.mjs".
        const rel = posix.relative(posix.dirname(servedPath(root, join(root, BUNDLE))), servedPath(root, args.path));
        return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
          loader: 'js' };
      });
    },
  };
}

/** Bundles the app (or `which` of BUNDLES); returns {code (string), inputs (absolute paths of the files in it)}. */
export async function bundleApp(root = ROOT, which = APP) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, which.entry)], bundle: true, format: 'esm', platform: 'browser', target: 'es2022',
    // ESCAQUE_BUNDLE_MINIFY=0: readable, for profiling (function names in the DevTools profiler).
    minify: process.env.ESCAQUE_BUNDLE_MINIFY !== '0', legalComments: 'none', logLevel: 'silent',
    write: false, metafile: true, outfile: join(root, which.out),
    absWorkingDir: root,  // the metafile's input paths are relative to it
    // The package's Node-only branches (reading the .wasm from disk, worker_threads) stay as they are.
    external: ['node:*'],
    // A production build, as webpack's and Vite's are: package.json "exports" then gives the package's
    // files with the WebAssembly and the worker beside them (served from dist/, precached by the service
    // worker), not the self-contained entries that esbuild would take by default.
    conditions: ['production'],
    plugins: [ownUrls(root)],
    banner: { js: `// Generated by scripts/bundle-app.mjs from ${which.entry} and what it imports: do not edit.` },
  });
  const inputs = Object.keys(result.metafile.inputs).map((p) => join(root, p));
  return { code: result.outputFiles[0].text, inputs };
}

/** Writes one bundle (dist/app-bundle.js by default); returns its inputs. */
export async function writeBundle(root = ROOT, which = APP) {
  const { code, inputs } = await bundleApp(root, which);
  mkdirSync(join(root, 'dist'), { recursive: true });
  const aside = join(root, `${which.out}.${process.pid}.tmp`);
  writeFileSync(aside, code);
  renameSync(aside, join(root, which.out));  // a server reading it meanwhile sees the old or the new file
  return inputs;
}

/** Whether a file of `inputs` was changed (or removed) after `time` (ms since the epoch). */
export function newerThan(inputs, time) {
  return inputs.some((file) => {
    try {
      return statSync(file).mtimeMs > time;
    } catch {
      return true;  // a source gone: rebuild (and fail loudly if it is still imported)
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    for (const which of BUNDLES) {
      const inputs = await writeBundle(ROOT, which);
      console.log(`bundle-app: ${which.out} from ${inputs.length} files`);
    }
  } catch (e) {
    console.error(`bundle-app: ${e.message}`);
    process.exit(1);
  }
}
