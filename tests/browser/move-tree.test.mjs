// <escaque-move-tree> (bindings/js/board/move-tree.js): a game tree read by escaque/pgn drawn as a
// move list — numbers, NAG glyphs, comments, nested variations — with moves read in words, picked by
// click and keyboard (nodeselect events), the current move marked; axe-core finds nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';

const env = useServedChromium();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PGN = readFileSync(new URL('../data/viewer/annotated.pgn', import.meta.url), 'utf8');

describe('<escaque-move-tree>', { timeout: 120_000 }, () => {
  let context;
  let page;
  const problems = [];
  before(async () => {
    context = await env.browser.newContext({ viewport: { width: 800, height: 700 } });
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    await page.goto(env.baseUrl + 'embed.html');
    await page.evaluate(async (pgn) => {
      const { init } = await import('/dist/rules.mjs');
      const { readPgnGame } = await import('/dist/pgn.mjs');
      await import('/dist/board/move-tree-element.js');
      await init();
      const main = document.querySelector('main');
      main.replaceChildren();
      const h = document.createElement('h1');
      h.textContent = 'Move tree fixture';
      const list = document.createElement('escaque-move-tree');
      list.setAttribute('label', 'Moves of the fixture');
      main.append(h, list);
      window.picked = [];
      list.addEventListener('nodeselect', (e) => {
        window.picked.push({ san: e.detail.node?.san ?? null, ply: e.detail.ply, path: e.detail.path.map((n) => n.san) });
        list.current = e.detail.node;
      });
      list.game = readPgnGame(pgn);
      window.list = list;
    }, PGN);
  });
  after(async () => {
    assert.deepEqual(problems, []);
    await context?.close();
  });

  const labels = () => page.evaluate(() => [...window.list.shadowRoot.querySelectorAll('.move')].map((b) => b.querySelector('.sr').textContent));

  test('each move button is named by its words alone (what a screen reader says)', async () => {
    const names = await page.evaluate(() => [...window.list.shadowRoot.querySelectorAll('.move')].slice(0, 3)
      .map((b) => [b.querySelector('.sr').textContent, b.querySelector('[aria-hidden=true]').textContent]));
    assert.deepEqual(names, [['1, White, pawn to e4', 'e4'], ['1, Black, pawn to e5', 'e5'], ['2, White, knight to f3, good move', 'Nf3!']]);
    const snapshot = await page.locator('escaque-move-tree').ariaSnapshot();
    assert.match(snapshot, /button "2, White, knight to f3, good move"/);
    assert.match(snapshot, /A blunder: the knight is lost for a pawn\./);   // comments are read as text
  });

  test('every move is read in words: number, colour, piece, capture, check, NAG', async () => {
    const all = await labels();
    assert.equal(all.length, 16);   // 11 mainline moves, 5 in variations
    assert.equal(all[0], '1, White, pawn to e4');
    assert.ok(all.includes('2, White, knight to f3, good move'), all.join(' | '));
    assert.ok(all.includes('4, White, knight takes e5, blunder'));
    assert.ok(all.includes('5, Black, knight to f3, check'));
    assert.ok(all.includes('6, White, g-pawn takes f3'));
    assert.ok(all.includes('2, Black, e-pawn takes f4'));
    assert.ok(all.includes('3, White, e-pawn takes d5'));
    assert.ok(all.includes('3, Black, pawn to a6, dubious move'));
  });

  test('numbers, glyphs, comments and nested variations as they stand in the PGN', async () => {
    const text = await page.evaluate(() => {
      const copy = window.list.shadowRoot.querySelector('.tree').cloneNode(true);
      for (const words of copy.querySelectorAll('.sr')) words.remove();
      return copy.textContent.replace(/\s+/g, ' ').trim();
    });
    assert.match(text, /^An opening note before the first move\./);
    assert.match(text, / 1\.e4 e5 2\.Nf3! The main move\. /);
    // the variation of 2. Nf3 holds a variation of 2... exf4, and the mainline resumes with a number
    assert.match(text, /\(2\.f4 exf4 \(2…d5 3\.exd5\) 3\.Nf3\) ?2…Nc6 3\.Bb5 The Spanish\. 3…a6\?! /);
    assert.match(text, /4\.Nxe5\?\? A blunder: the knight is lost for a pawn\./);
    assert.match(text, /1-0$/);
    // %clk / %eval commands are data, not comment text
    assert.doesNotMatch(text, /%clk|%eval/);
    const groups = await page.evaluate(() => [...window.list.shadowRoot.querySelectorAll('[role=group]')].map((g) => g.getAttribute('aria-label')));
    assert.deepEqual(groups, ['Moves of the fixture', 'Variation, instead of 2. Nf3', 'Variation, instead of 2… exf4']);
  });

  test('a click fires nodeselect with the node, its ply and its path; the move is then marked current', async () => {
    const button = page.locator('escaque-move-tree .move', { hasText: 'exd5' });
    await button.click();
    const last = await page.evaluate(() => window.picked.at(-1));
    assert.deepEqual(last, { san: 'exd5', ply: 5, path: ['e4', 'e5', 'f4', 'd5', 'exd5'] });
    assert.equal(await button.getAttribute('aria-current'), 'step');
    assert.equal(await page.locator('escaque-move-tree .move[aria-current]').count(), 1);
    assert.equal(await button.getAttribute('tabindex'), '0');
  });

  test('keyboard: ← → along the line, ↑ ↓ between alternatives, Home and End', async () => {
    const current = () => page.evaluate(() => window.list.current?.san ?? null);
    const press = async (key) => { await page.keyboard.press(key); await page.waitForTimeout(20); return current(); };
    await page.locator('escaque-move-tree .move', { hasText: 'exd5' }).click();
    assert.equal(await press('ArrowLeft'), 'd5');
    assert.equal(await press('ArrowUp'), 'exf4');      // the move d5 is an alternative to
    assert.equal(await press('ArrowDown'), 'd5');
    assert.equal(await press('ArrowLeft'), 'f4');
    assert.equal(await press('ArrowUp'), 'Nf3');       // back to the mainline move
    assert.equal(await press('ArrowRight'), 'Nc6');
    assert.equal(await press('End'), 'gxf3');
    assert.equal(await press('ArrowRight'), 'gxf3');    // the end of the line stays put
    assert.equal(await press('Home'), null);
    assert.equal(await press('ArrowRight'), 'e4');
    // focus follows the current move: one tab stop
    assert.equal(await page.evaluate(() => window.list.shadowRoot.activeElement?.querySelector('.sr').textContent), '1, White, pawn to e4');
  });

  test('a current node from another tree is refused, the highlight stays', async () => {
    const error = await page.evaluate(() => {
      try { window.list.current = { san: 'e4', variations: [] }; return null; } catch (e) { return e.message; }
    });
    assert.match(error, /not a node of the game/);
    assert.equal(await page.evaluate(() => window.list.current?.san), 'e4');
  });

  test('comments, SAN and tags are shown as text, never read as markup', async () => {
    const seen = await page.evaluate(async () => {
      const { readPgnGame } = await import('/dist/pgn.mjs');
      const list = document.createElement('escaque-move-tree');
      document.body.append(list);
      const game = readPgnGame('{<i>before</i>} 1. e4 {<img src=x onerror="window.pwned=1"> & "quoted" &amp;} e5 (1... c5 {a <b>b</b>}) *');
      game.moves[1].san = 'e5"><b>x</b>';   // a hand-made tree: whatever its strings hold
      list.game = game;
      await new Promise((r) => requestAnimationFrame(r));
      const root = list.shadowRoot;
      const out = { text: root.querySelector('.tree').textContent.replace(/\s+/g, ' ').trim(),
        elements: root.querySelectorAll('img, i, b').length, buttons: root.querySelectorAll('.move').length,
        label: root.querySelector('.var').getAttribute('aria-label'), pwned: window.pwned ?? null };
      list.remove();
      return out;
    });
    assert.equal(seen.elements, 0);
    assert.equal(seen.pwned, null);
    assert.equal(seen.buttons, 3);
    assert.match(seen.text, /^<i>before<\/i> /);
    assert.match(seen.text, /<img src=x onerror="window\.pwned=1"> & "quoted" &amp;/);
    assert.match(seen.text, /e5"><b>x<\/b>/);
    assert.match(seen.text, /a <b>b<\/b>/);
    assert.equal(seen.label, 'Variation, instead of 1… e5"><b>x</b>');
  });

  test('axe-core: no violations', async () => {
    await page.evaluate(AXE);
    const v = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    assert.deepEqual(v.violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join('; ')}`), []);
  });
});
