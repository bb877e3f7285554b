// The package as npm would publish it: `npm pack` holds exactly the files the
// API needs, and, unpacked into a fresh project's node_modules, `import
// 'escaque'` loads the WebAssembly module from inside the package and plays.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { ROOT, requireFile, runOk } from './helpers.mjs';
import { packageFiles } from './package-files.mjs';

const work = mkdtempSync(join(tmpdir(), 'escaque-pack-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('npm pack: the files, and an installed copy that works', () => {
  requireFile(`${ROOT}dist/index.mjs`, 'run scripts/build.sh (WASM build) first');
  const [info] = JSON.parse(runOk('npm', ['pack', '--json', '--pack-destination', work], ROOT));
  assert.deepEqual(info.files.map((f) => f.path).sort(), packageFiles());

  const project = join(work, 'project');
  const installed = join(project, 'node_modules', 'escaque');
  mkdirSync(installed, { recursive: true });
  runOk('tar', ['-xzf', join(work, info.filename), '-C', installed, '--strip-components=1'], work);
  writeFileSync(join(project, 'package.json'), '{"type": "module"}\n');
  writeFileSync(join(project, 'main.mjs'), `
    import { init, Chess } from 'escaque';
    await init();
    const g = new Chess();
    g.move('e4');
    g.move('Sf6', { language: 'de' });
    console.log(JSON.stringify({ history: g.history(), fen: g.fen() }));
  `);
  const out = JSON.parse(runOk(process.execPath, ['main.mjs'], project));
  assert.deepEqual(out.history, ['e4', 'Nf6']);
  assert.equal(out.fen, 'rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2');

  // escaque/rules: the same API on the rules-only module, installed the same way.
  writeFileSync(join(project, 'rules.mjs'), `
    import * as rules from 'escaque/rules';
    import { _wasmModule } from 'escaque';
    await rules.init();
    const g = new rules.Chess();
    g.move('d4');
    console.log(JSON.stringify({ history: g.history(), engine: 'Engine' in rules,
      search: typeof _wasmModule().EngineHandle === 'function' }));
  `);
  const rulesOut = JSON.parse(runOk(process.execPath, ['rules.mjs'], project));
  assert.deepEqual(rulesOut, { history: ['d4'], engine: false, search: false });
});
