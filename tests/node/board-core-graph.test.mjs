// The board core has no rules inside (docs/board.md): walks the static and dynamic imports of
// bindings/js/board/board-core.js and board-core-element.js, file by file, and fails on any module
// of the escaque package (dist/, bindings/ outside the board's folder, a bare 'escaque' specifier) or any import it cannot
// follow. <escaque-board> (escaque-board.js) does import the package: the walk must find that, so
// the check is known to see imports at all.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { dynamicImports, staticImports } from '../../scripts/lib/module-imports.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BOARD = new URL('../../bindings/js/board/', import.meta.url);

// Every import specifier of a module: static imports and re-exports (also multi-line), dynamic imports.
const specifiers = (source) => [...staticImports(source), ...dynamicImports(source)];

// {files: the module graph from `entry` (paths relative to the repository), package: imports of the package}.
function walk(entry) {
  const files = new Set();
  const pkg = [];
  const todo = [new URL(entry, BOARD)];
  while (todo.length) {
    const url = todo.pop();
    const path = relative(ROOT, fileURLToPath(url));
    if (files.has(path)) continue;
    files.add(path);
    for (const spec of specifiers(readFileSync(url, 'utf8'))) {
      const target = spec.startsWith('.') ? new URL(spec, url) : null;
      const rel = target && relative(ROOT, fileURLToPath(target));
      if (!target || /^dist\//.test(rel) || (/^bindings\//.test(rel) && !/^bindings\/js\/board\//.test(rel)) ||
          /^escaque(\/|$)/.test(spec)) {
        pkg.push(`${path} imports ${spec}`);
        continue;
      }
      assert.ok(existsSync(target), `${path} imports ${spec}, which does not exist`);
      todo.push(target);
    }
  }
  return { files, pkg };
}

test('the board core and its element import nothing of the package', { timeout: 10_000 }, () => {
  for (const entry of ['board-core.js', 'board-core-element.js']) {
    const { files, pkg } = walk(entry);
    assert.deepEqual(pkg, [], `${entry}'s module graph reaches the package`);
    for (const f of ['bindings/js/board/board-core.js', 'bindings/js/board/view.js', 'bindings/js/board/pointer.js', 'bindings/js/board/keyboard.js',
      'bindings/js/board/promotion.js', 'bindings/js/board/announce.js', 'bindings/js/board/annotations.js']) {
      assert.ok(files.has(f), `${entry}: the walk reached ${f} (${[...files].join(', ')})`);
    }
  }
});

test('the same walk sees the package where it is imported (<escaque-board>)', { timeout: 10_000 }, () => {
  assert.deepEqual(walk('escaque-board.js').pkg, ['bindings/js/board/escaque-board.js imports ../index.mjs']);
  assert.deepEqual(walk('game-state.js').pkg, [], 'the game-state helpers read plain move data only');
  const tree = walk('move-tree-element.js');
  assert.deepEqual(tree.pkg, [], 'the move-tree view draws a plain game tree, without the rules');
  assert.ok(tree.files.has('bindings/js/board/game-tree.js'));
});
