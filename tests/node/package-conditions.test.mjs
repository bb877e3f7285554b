// The "browser" and "node" export conditions, as a bundler resolves them: esbuild bundles
// `import { init, Chess } from 'escaque'` (and the other entries) for the browser with no
// externals, and no `node:` import is left; bundled for Node, the same code finds Node's file
// access (index.node.mjs) and plays.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import esbuild from 'esbuild';

import { ROOT, requireFile, runOk } from './helpers.mjs';

const work = mkdtempSync(join(tmpdir(), 'escaque-conditions-'));
after(() => rmSync(work, { recursive: true, force: true }));

before(() => {
  requireFile(`${ROOT}dist/index.mjs`, 'run scripts/build.sh wasm first');
  // A project with escaque installed (as a link to this repository: its package.json is the package's).
  mkdirSync(join(work, 'node_modules'));
  symlinkSync(ROOT, join(work, 'node_modules', 'escaque'), 'dir');
  writeFileSync(join(work, 'package.json'), '{"name": "consumer", "private": true, "type": "module"}\n');
});

// An import of node:… (static, dynamic or require) in bundled code.
const NODE_IMPORT = /\bfrom\s*["']node:|\bimport\s*\(\s*["'`]node:|\brequire\s*\(\s*["'`]node:|\bimport\s*["']node:/;

async function bundle(source, options) {
  const entry = join(work, `entry-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(entry, source);
  const result = await esbuild.build({
    entryPoints: [entry], bundle: true, format: 'esm', write: false, logLevel: 'silent', metafile: true,
    absWorkingDir: work, ...options,
  });
  return { text: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
}

for (const [entry, names] of [['escaque', 'init, Chess'], ['escaque/rules', 'init, Chess'],
  ['escaque/compat/chess.js', 'Chess']]) {
  test(`a browser bundle of ${entry} has no node: import`, { timeout: 60_000 }, async () => {
    const { text, inputs } = await bundle(`import { ${names} } from '${entry}';\nglobalThis.x = [${names}];\n`,
      { platform: 'browser' });
    const match = NODE_IMPORT.exec(text);
    assert.equal(match, null, `node: import in the bundle: ${match && text.slice(match.index - 80, match.index + 80)}`);
    assert.ok(!inputs.some((f) => /node-files|\.node\.mjs$/.test(f)), inputs.join('\n'));
    // (The loader ships inside dist/api.mjs: scripts/minify-js.mjs.)
    assert.ok(inputs.some((f) => /dist\/api\.mjs$/.test(f)), inputs.join('\n'));
    // Minified too (what a production build does).
    const min = await bundle(`import { ${names} } from '${entry}';\nglobalThis.x = [${names}];\n`,
      { platform: 'browser', minify: true });
    assert.equal(NODE_IMPORT.exec(min.text), null);
  });
}

test('a Node bundle takes the node entry and plays', { timeout: 60_000 }, async () => {
  const { text, inputs } = await bundle(`
    import { init, Chess } from 'escaque';
    await init({ url: ${JSON.stringify(`${ROOT}dist/escaque-rules.wasm`)} });
    const g = new Chess();
    g.move('e4');
    console.log(g.fen());
  `, { platform: 'node' });
  assert.ok(inputs.some((f) => /dist\/index\.node\.mjs$/.test(f)), inputs.join('\n'));
  assert.ok(inputs.some((f) => /dist\/node-files\.mjs$/.test(f)));
  const file = join(work, 'node-bundle.mjs');
  writeFileSync(file, text);
  assert.equal(runOk(process.execPath, [file], work).trim(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
});

test('Node resolves the node entries (import and require)', { timeout: 60_000 }, () => {
  writeFileSync(join(work, 'resolve.mjs'), `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    console.log(JSON.stringify([import.meta.resolve('escaque'), import.meta.resolve('escaque/rules'),
      import.meta.resolve('escaque/compat/chess.js'), require.resolve('escaque')]));
  `);
  const resolved = JSON.parse(runOk(process.execPath, ['resolve.mjs'], work)).map((u) => u.replace(/^.*\/dist\//, ''));
  assert.deepEqual(resolved, ['index.node.mjs', 'rules.node.mjs', 'compat/chess.node.mjs', 'index.cjs']);
});

test('the browser entry (dist/index.mjs) still works in Node, loading its file access on demand', { timeout: 60_000 }, () => {
  writeFileSync(join(work, 'direct.mjs'), `
    import { init, Chess } from ${JSON.stringify(`${ROOT}dist/index.mjs`)};
    await init();
    console.log(new Chess().moves().length);
  `);
  assert.equal(runOk(process.execPath, ['direct.mjs'], work).trim(), '20');
  // And its source names no node: module at all.
  for (const file of ['index.mjs', 'loader.mjs', 'errors.mjs', 'setup.mjs', 'squares.mjs', 'escaque.mjs', 'rules.mjs']) {
    assert.equal(NODE_IMPORT.exec(readFileSync(`${ROOT}dist/${file}`, 'utf8')), null, file);
  }
});
