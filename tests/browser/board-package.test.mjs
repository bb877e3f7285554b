// <escaque-board> as the npm package ships it: dist/board/escaque-board.js
// (minified there by the build, scripts/minify-js.mjs) loads on its own and reaches dist/index.mjs by
// the same relative import its source uses in bindings/js/board/; and a page's own
// piece images through the piece-set URL template.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { minifiedText } from '../../scripts/minify-js.mjs';
import { drawnPieces, drag, events, mountBoards, openBoardPage, useServedChromium } from './board-helpers.mjs';

const env = useServedChromium();
const DIST_BOARD = new URL('../../dist/board/escaque-board.js', import.meta.url);

describe('board as packaged', () => {
  let context;
  after(async () => { await context?.close(); });

  test('package.json exports escaque/board from dist/board/, with types', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    // Browser builds as the main entry (docs/api.md, "Bundlers"): production builds and webpack get the file
    // that loads escaque.wasm next to dist/index.mjs; Vite's dev server, esbuild and Rollup by default the
    // variant holding the module (tests/browser/bundlers.mjs opens both); Node the plain file.
    assert.deepEqual(pkg.exports['./board'], { types: './dist/board/escaque-board.d.ts',
      browser: { production: './dist/board/escaque-board.js', webpack: './dist/board/escaque-board.js',
        development: './dist/board/escaque-board.inline.js', default: './dist/board/escaque-board.inline.js' },
      node: './dist/board/escaque-board.js', default: './dist/board/escaque-board.inline.js' });
    assert.ok(pkg.files.includes('dist/board/'));
    for (const file of ['escaque-board.js', 'escaque-board.inline.js']) {
      assert.ok(pkg.sideEffects.includes(`./dist/board/${file}`), `importing ${file} registers the element`);
    }
  });

  test("import 'escaque/board' resolves to dist/board/ and is safe without a DOM", async () => {
    assert.equal(import.meta.resolve('escaque/board'), DIST_BOARD.href);
    const mod = await import('escaque/board');
    assert.equal(typeof mod.EscaqueBoard, 'function');
    assert.equal(mod.START_FEN, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  });

  test('dist/board/escaque-board.js runs from /dist/board/ and plays', async () => {
    assert.ok(existsSync(DIST_BOARD), 'dist/board/ is missing: run npm run build (cmake copies bindings/js/board/ there)');
    assert.equal(readFileSync(DIST_BOARD, 'utf8'), await minifiedText(fileURLToPath(new URL('../../bindings/js/', import.meta.url)),
      fileURLToPath(new URL('../../dist/', import.meta.url)), 'board/escaque-board.js'), 'dist/board/ is stale');
    context = await env.browser.newContext();
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
    const loaded = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    await page.route('**/package-fixture.html', (route) => route.fulfill({ contentType: 'text/html', body:
      '<!doctype html><meta charset="utf-8"><title>fixture</title>' +
      '<script type="module" src="/dist/board/escaque-board.js"></script>' +
      '<div style="width:320px"><escaque-board id="b0" interactive="both"></escaque-board></div>' }));
    await page.goto(env.baseUrl + 'package-fixture.html');
    await page.waitForFunction(() => customElements.get('escaque-board') !== undefined);
    await page.evaluate(() => document.getElementById('b0').ready);
    await page.evaluate(() => document.getElementById('b0').move('e4'));
    assert.match(await page.evaluate(() => document.getElementById('b0').fen), /4P3/);
    assert.ok(loaded.includes('/dist/index.mjs'));
    assert.deepEqual(problems, []);
  });

  test('piece-set URL template: one image per piece, from the page', async () => {
    const opened = await openBoardPage(env);
    const { page } = opened;
    await mountBoards(page, [{ interactive: 'both', 'piece-set': '/favicon.svg?piece={code}' }]);
    const srcs = await page.evaluate(() => [...document.getElementById('b0').shadowRoot.querySelectorAll('img.piece')]
      .map((i) => new URL(i.src).search).sort());
    assert.equal(srcs.length, 32);
    assert.equal(srcs.filter((s) => s === '?piece=wP').length, 8);
    assert.equal(srcs.filter((s) => s === '?piece=bK').length, 1);
    await drag(page, 'g1', 'f3');
    assert.deepEqual((await events(page, 'b0', 'move')).map((m) => m.san), ['Nf3']);
    assert.equal((await drawnPieces(page)).f3, 'wn');
    await opened.context.close();
  });
});
