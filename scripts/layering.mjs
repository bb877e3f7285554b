// What may include or import what (docs/architecture.md), checked from the sources themselves:
//
//   node scripts/layering.mjs          prints every violation and cycle; exit 1 if any
//   import { cppViolations, jsImportGraph, findCycles } from './layering.mjs'   (tests/node/layering.test.mjs)
//
// C++: each folder under src/ may include only the folders below it in LAYERS (and itself).
// JS: the static import graph of the package's, the board's and the app's modules has no cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { staticImports } from './lib/module-imports.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Lowest first. A folder may include itself and any folder before it.
export const LAYERS = ['core', 'rules', 'notation', 'engine', 'uci'];

function walk(dir, keep, out = []) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, keep, out);
    else if (keep(name)) out.push(path);
  }
  return out;
}

const INCLUDE = /^\s*#\s*include\s+"([^"]+)"/gm;

/** C++ includes that cross the layers the wrong way: [{file, include, from, to}]. */
export function cppViolations(root = ROOT) {
  const found = [];
  const src = join(root, 'src');
  for (const file of walk(src, (n) => /\.(h|cpp|inc)$/.test(n))) {
    const from = relative(src, file).split(sep)[0];
    const fromRank = LAYERS.indexOf(from);
    if (fromRank < 0) continue;
    for (const [, include] of readFileSync(file, 'utf8').matchAll(INCLUDE)) {
      const target = relative(src, resolve(dirname(file), include)).split(sep)[0];
      const toRank = LAYERS.indexOf(target);
      if (toRank > fromRank) found.push({ file: relative(root, file), include, from, to: target });
    }
  }
  return found;
}

// Static imports and re-exports ("import ... from 'x'", "import 'x'", "export ... from 'x'");
// dynamic import() is a lazy edge and may close no cycle at load time, so it is not followed.

/** Relative static imports of the JS modules under `dirs`: Map(file -> [imported files]). */
export function jsImportGraph(dirs, root = ROOT) {
  const graph = new Map();
  const files = dirs.flatMap((d) => walk(join(root, d), (n) => /\.(mjs|js)$/.test(n) && !n.endsWith('.min.js')));
  for (const file of files) {
    const edges = [];
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) edges.push(relative(root, resolve(dirname(file), spec)));
      else edges.push(spec);  // a package name (resolved by the caller if it wants to)
    }
    graph.set(relative(root, file), edges);
  }
  return graph;
}

/** Every cycle of a graph (Map node -> [nodes]), each as the list of its nodes. */
export function findCycles(graph) {
  const cycles = [];
  const state = new Map();  // node -> 1 on the stack, 2 done
  const stack = [];
  const visit = (node) => {
    state.set(node, 1);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 1) cycles.push(stack.slice(stack.indexOf(next)).concat(next));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 2);
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The modules `start` reaches through static imports (itself included). */
export function reachable(graph, start) {
  const seen = new Set();
  const todo = [start];
  while (todo.length) {
    const node = todo.pop();
    if (seen.has(node)) continue;
    seen.add(node);
    for (const next of graph.get(node) ?? []) todo.push(next);
  }
  return seen;
}

export const JS_DIRS = ['bindings', 'web', 'bin'];

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bad = cppViolations();
  for (const v of bad) console.log(`C++ layering: ${v.file} (${v.from}) includes "${v.include}" (${v.to})`);
  const cycles = findCycles(jsImportGraph(JS_DIRS));
  for (const c of cycles) console.log(`JS import cycle: ${c.join(' -> ')}`);
  if (bad.length || cycles.length) process.exit(1);
  console.log('layering: no C++ include against the layers, no JS import cycle');
}
