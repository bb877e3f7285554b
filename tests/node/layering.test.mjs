// What may include or import what (docs/architecture.md), checked on the sources: C++ includes follow
// the src/ layers, the JS modules of the package, the app and the CLI have no import cycle, and web/
// reaches the package only by its name.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { JS_DIRS, cppViolations, findCycles, jsImportGraph } from '../../scripts/layering.mjs';

describe('C++ layers: core <- rules <- notation <- engine <- uci', () => {
  test('no include against the layers in src/', () => {
    assert.deepEqual(cppViolations(), []);
  });

  test('the check catches an include from a lower layer into a higher one', () => {
    const root = mkdtempSync(join(tmpdir(), 'layering-'));
    try {
      mkdirSync(join(root, 'src/core'), { recursive: true });
      mkdirSync(join(root, 'src/engine'), { recursive: true });
      writeFileSync(join(root, 'src/engine/search.h'), '#pragma once\n');
      writeFileSync(join(root, 'src/core/position.cpp'), '#include "position.h"\n  #include "../engine/search.h"\n');
      assert.deepEqual(cppViolations(root), [{ file: 'src/core/position.cpp', include: '../engine/search.h',
        from: 'core', to: 'engine' }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('JS modules', () => {
  test('no import cycle among bindings/, web/ and bin/', () => {
    assert.deepEqual(findCycles(jsImportGraph(JS_DIRS)), []);
  });

  test('the cycle finder finds a cycle of three and ignores a lazy import()', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    assert.deepEqual(findCycles(graph), [['a', 'b', 'c', 'a']]);
    const root = mkdtempSync(join(tmpdir(), 'layering-'));
    try {
      mkdirSync(join(root, 'm'));
      writeFileSync(join(root, 'm/x.mjs'), "import { y } from './y.mjs';\nexport const x = 1;\n");
      writeFileSync(join(root, 'm/y.mjs'), "export const y = 2;\nexport async function later() { return import('./x.mjs'); }\n");
      assert.deepEqual(findCycles(jsImportGraph(['m'], root)), []);
      writeFileSync(join(root, 'm/y.mjs'), "export { x } from './x.mjs';\n");
      assert.deepEqual(findCycles(jsImportGraph(['m'], root)), [['m/x.mjs', 'm/y.mjs', 'm/x.mjs']]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("web/ imports the package by its name, never by a path into dist/ or bindings/", () => {
    // The one exception: a module Worker's script has no import map and is not bundled, so the app's
    // wrapper around the package's engine worker names that file by its served path.
    const workerScripts = new Set(['web/app/engine-watch-worker.js']);
    for (const [file, imports] of jsImportGraph(['web'])) {
      if (workerScripts.has(file)) continue;
      for (const target of imports) {
        assert.ok(!/^(dist|bindings)\//.test(target), `${file} imports ${target} by path`);
      }
    }
  });
});
