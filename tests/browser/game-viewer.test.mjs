// <escaque-game> (bindings/js/board/escaque-game.js, docs/viewer.md): a PGN from a property, the
// element's text, an attribute or a src URL; navigation by buttons, keys, wheel, swipe, the move list
// and the eval graph; variations; what a screen reader hears (moves in words, comments); clocks and
// evals; the picker of a many-game file; orientation, ply and the analyse event; bad PGN shown inside
// the element with the rest of the page unharmed; axe-core.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';

const env = useServedChromium();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ANNOTATED = readFileSync(new URL('../data/viewer/annotated.pgn', import.meta.url), 'utf8');
const TWO = readFileSync(new URL('../data/viewer/two-games.pgn', import.meta.url), 'utf8');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// A page (web/embed.html's origin and CSP) whose <main> holds the given viewers: [{id, attrs, text}].
async function mount(page, viewers) {
  await page.evaluate(async (viewers) => {
    await import('/dist/board/escaque-game.js');
    const main = document.querySelector('main');
    const h = document.createElement('h1');
    h.textContent = 'Viewer fixture';
    main.replaceChildren(h);
    window.events = {};
    for (const v of viewers) {
      const el = document.createElement('escaque-game');
      el.id = v.id;
      for (const [k, val] of Object.entries(v.attrs ?? {})) el.setAttribute(k, val);
      if (v.text) el.textContent = v.text;
      window.events[v.id] = [];
      for (const type of ['nodechange', 'load', 'analyse', 'error']) {
        el.addEventListener(type, (e) => window.events[v.id].push({ type, ply: e.detail.ply, fen: e.detail.fen,
          message: e.detail.message, uci: e.detail.uci, games: e.detail.games, errors: e.detail.errors }));
      }
      main.append(el);
      if (v.pgn) el.pgn = v.pgn;
    }
    await Promise.all([...main.querySelectorAll('escaque-game')].map((el) => el.ready));
  }, viewers);
}

const state = (page, id) => page.evaluate((id) => {
  const el = document.getElementById(id);
  return { san: el.node?.san ?? null, ply: el.ply, fen: el.fen,
    live: el.shadowRoot.querySelector('[aria-live]').textContent.trim(),
    current: el.shadowRoot.querySelector('.move[aria-current] .sr')?.textContent ?? null,
    error: el.shadowRoot.querySelector('.error').hidden ? null : el.shadowRoot.querySelector('.error').textContent };
}, id);

describe('<escaque-game>', { timeout: 180_000 }, () => {
  let context;
  let page;
  const problems = [];
  before(async () => {
    context = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, hasTouch: true });
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    await page.route('**/fixtures/annotated.pgn', (r) => r.fulfill({ body: ANNOTATED, contentType: 'application/x-chess-pgn' }));
    await page.route('**/fixtures/missing.pgn', (r) => r.fulfill({ status: 404, body: 'not here' }));
    await page.goto(env.baseUrl + 'embed.html');
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  });
  after(async () => {
    // a 404 for the missing src is the one console error the page may show
    assert.deepEqual(problems.filter((p) => !/404/.test(p)), []);
    await context?.close();
  });

  test('web/embed.html as served: the viewer from a plain <script type="module">, its src file, the analyse hook', async () => {
    // before mount() replaces the page's content: the demo exactly as a visitor gets it
    const viewer = page.locator('#viewer');
    assert.deepEqual(await viewer.evaluate((el) => [el.games.length, el.game.tags.White, el.game.moves.length]),
      [2, 'Adolf Anderssen', 45]);
    assert.deepEqual(await page.locator('#viewer select option').allTextContents(), [
      '1. Adolf Anderssen – Lionel Kieseritzky, London casual game, 1851.06.21, 1-0',
      '2. Paul Morphy – Duke Karl of Brunswick and Count Isouard, Paris, Italian Opera, 1858, 1-0']);
    await viewer.evaluate((el) => el.goTo(el.game.moves[44]));
    assert.equal(await viewer.evaluate((el) => el.node.san), 'Be7#');
    await page.locator('#viewer .nav .analyse').click();
    const fen = await viewer.evaluate((el) => el.fen);
    assert.equal(await page.evaluate(() => document.getElementById('play').fen), fen);
    assert.match(await page.textContent('#viewer-status'), /^Position sent to the board above: /);
    // the eval graph is there: the file has engine evaluations
    assert.equal(await page.locator('#viewer svg.graph').count(), 1);
  });

  test('the PGN from a property, the element text, the pgn attribute and a src URL', async () => {
    await mount(page, [
      { id: 'prop', pgn: ANNOTATED },
      { id: 'text', text: TWO },
      { id: 'attr', attrs: { pgn: '1. d4 d5 2. c4 *', ply: 'last' } },
      { id: 'src', attrs: { src: 'fixtures/annotated.pgn', ply: '3' } },
    ]);
    assert.equal((await state(page, 'prop')).fen, START);
    assert.equal((await state(page, 'text')).fen, START);
    assert.equal((await state(page, 'attr')).fen, 'rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2');
    const src = await state(page, 'src');
    assert.equal(src.san, 'Nf3');
    assert.equal(src.ply, 3);
    assert.equal(await page.evaluate(() => document.getElementById('src').games.length), 1);
  });

  test('a src file is fetched while the rules load, not after them', async () => {
    // The rules' WebAssembly is held back until the PGN file is asked for (or 15 s): a viewer that asked
    // for its file only once the rules were loaded would leave the order "wasm asked, wasm sent, pgn asked".
    const fresh = await env.browser.newContext();
    try {
      const p = await fresh.newPage();
      const order = [];
      let release;
      const asked = new Promise((resolve) => { release = resolve; });
      await p.route('**/dist/escaque-rules.wasm', async (route) => {
        order.push('wasm asked');
        await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        order.push('wasm sent');
        await route.continue();
      });
      await p.route('**/fixtures/overlap.pgn', (route) => {
        order.push('pgn asked');
        release();
        return route.fulfill({ body: ANNOTATED, contentType: 'application/x-chess-pgn' });
      });
      await p.route('**/overlap.html', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en">' +
        '<head><meta charset="utf-8"><title>src</title><script type="module" src="/dist/board/escaque-game.js"></script></head>' +
        '<body><escaque-game src="fixtures/overlap.pgn" ply="3"></escaque-game></body></html>' }));
      await p.goto(env.baseUrl + 'overlap.html');
      const shown = await p.evaluate(async () => {
        await customElements.whenDefined('escaque-game');
        const el = document.querySelector('escaque-game');
        await el.ready;
        return [el.node?.san, el.games.length];
      });
      assert.deepEqual(order, ['wasm asked', 'pgn asked', 'wasm sent']);
      assert.deepEqual(shown, ['Nf3', 1]);
    } finally {
      await fresh.close();
    }
  });

  test('buttons: next, previous, last, first; disabled at the ends', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED }]);
    const click = (cls) => page.locator(`#g .nav .${cls}`).click();
    assert.equal(await page.locator('#g .nav .prev').isDisabled(), true);
    await click('next');
    await click('next');
    assert.equal((await state(page, 'g')).san, 'e5');
    await click('prev');
    assert.equal((await state(page, 'g')).san, 'e4');
    await click('last');
    const last = await state(page, 'g');
    assert.equal(last.san, 'gxf3');
    assert.equal(last.fen, 'r1bqkbnr/1ppp1ppp/p7/1B6/3PP3/5P2/PPP2P1P/RNBQK2R b KQkq - 0 6');
    assert.equal(await page.locator('#g .nav .next').isDisabled(), true);
    // the list scrolled itself (not the page) to keep the current move in view, at the next frame
    const inView = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const root = document.getElementById('g').shadowRoot;
      const list = root.querySelector('.tree').getBoundingClientRect();
      const move = root.querySelector('.move[aria-current]').getBoundingClientRect();
      resolve({ scrolled: root.querySelector('.tree').scrollTop > 0, inside: move.top >= list.top && move.bottom <= list.bottom });
    }))));
    await page.evaluate(() => {   // narrow: the list under the board, 6 rem high
      const el = document.getElementById('g');
      el.style.width = '320px';
      el.style.setProperty('--escaque-moves-height', '6rem');
    });
    await click('prev');
    await click('next');
    assert.deepEqual(await inView(), { scrolled: true, inside: true });
    await click('first');
    assert.equal((await state(page, 'g')).fen, START);
  });

  test('keys: ← → Home End, ↑ ↓ into and out of a variation, from the navigation buttons', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED }]);
    await page.locator('#g .nav .flip').focus();
    const press = async (key) => { await page.keyboard.press(key); return (await state(page, 'g')).san; };
    assert.equal(await press('ArrowRight'), 'e4');
    assert.equal(await press('ArrowRight'), 'e5');
    assert.equal(await press('ArrowRight'), 'Nf3');
    assert.equal(await press('ArrowDown'), 'f4');      // the variation 2. f4
    const f4 = await state(page, 'g');
    assert.equal(f4.fen, 'rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq - 0 2');
    assert.equal(await press('ArrowRight'), 'exf4');
    assert.equal(await press('ArrowDown'), 'd5');      // the nested variation 2... d5
    assert.equal(await press('ArrowRight'), 'exd5');
    assert.equal(await press('End'), 'exd5');          // the end of this line
    assert.equal(await press('ArrowLeft'), 'd5');
    assert.equal(await press('ArrowUp'), 'exf4');
    assert.equal(await press('ArrowLeft'), 'f4');
    assert.equal(await press('ArrowUp'), 'Nf3');       // back on the mainline
    assert.equal(await press('End'), 'gxf3');
    assert.equal(await press('Home'), null);
    // the page did not scroll away under the keys
    assert.equal(await page.evaluate(() => window.scrollY), 0);
  });

  test('the board keys PageDown / PageUp step too (the core\'s navigate intent)', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED }]);
    await page.locator('#g .board-host').evaluate((b) => b.shadowRoot.querySelector('.sq[tabindex="0"]').focus());
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    assert.equal((await state(page, 'g')).san, 'e5');
    await page.keyboard.press('PageUp');
    assert.equal((await state(page, 'g')).san, 'e4');
  });

  test('wheel over the board: down is forward, up is back; the page does not scroll', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED }]);
    const box = await page.locator('#g .board-host').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 3; i++) { await page.mouse.wheel(0, 100); await page.waitForTimeout(30); }
    assert.equal((await state(page, 'g')).san, 'Nf3');
    await page.mouse.wheel(0, -100);
    await page.waitForTimeout(30);
    assert.equal((await state(page, 'g')).san, 'e5');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
  });

  test('swipe on the board (touch): left is forward, right is back; a short or vertical one does nothing', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED, attrs: { ply: '2' } }]);
    const swipe = (dx, dy) => page.locator('#g .board-host').evaluate((board, [dx, dy]) => {
      const r = board.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const target = board.shadowRoot.querySelector('.board');
      const ev = (type, cx, cy) => target.dispatchEvent(new PointerEvent(type, { pointerId: 7, pointerType: 'touch',
        clientX: cx, clientY: cy, bubbles: true, composed: true, isPrimary: true }));
      ev('pointerdown', x, y);
      ev('pointermove', x + dx / 2, y + dy / 2);
      ev('pointerup', x + dx, y + dy);
    }, [dx, dy]);
    await swipe(-120, 10);
    assert.equal((await state(page, 'g')).san, 'Nf3');
    await swipe(120, -5);
    assert.equal((await state(page, 'g')).san, 'e5');
    await swipe(20, 0);
    await swipe(-60, 90);
    assert.equal((await state(page, 'g')).san, 'e5');
  });

  test('screen readers: one full stop between sentences, also after a comment that ends with one', async () => {
    await mount(page, [{ id: 'g', pgn: '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 {A mistake!} 4. Qxf7# {Scholar\'s mate.} 1-0' }]);
    await page.locator('#g .nav .flip').focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    assert.equal((await state(page, 'g')).live, '3, Black, knight to f6. Comment: A mistake!');
    await page.keyboard.press('End');
    // It read "… Comment: Scholar's mate.. Game over, 1-0".
    assert.equal((await state(page, 'g')).live, '4, White, queen takes f7, checkmate. Comment: Scholar\'s mate. Game over, 1-0');
  });

  test('the move list and the eval graph are clickable', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED }]);
    await page.locator('#g .move', { hasText: 'exd5' }).click();
    const s = await state(page, 'g');
    assert.equal(s.san, 'exd5');
    assert.equal(s.fen, 'rnbqkbnr/ppp2ppp/8/3Pp3/5P2/8/PPPP2PP/RNBQKBNR b KQkq - 0 3');
    const graph = await page.locator('#g svg.graph').boundingBox();
    await page.mouse.click(graph.x + graph.width - 2, graph.y + graph.height / 2);
    assert.equal((await state(page, 'g')).san, 'gxf3');
    await page.mouse.click(graph.x + 1, graph.y + graph.height / 2);
    assert.equal((await state(page, 'g')).san, 'e4');
  });

  test('the eval graph: a dot on each move marked ?!, ? or ??, titled; a mate in 0 at the mated side\'s edge', async () => {
    // [%eval #0] after Black's mate: White, to move, is mated (drawn at the bottom, not as White mating).
    await mount(page, [{ id: 'g', pgn: '1. f3 $6 {[%eval -0.55]} e5 {[%eval -0.40]} 2. g4 $4 {[%eval #-1]} Qh4# $1 {[%eval #0]} 0-1' }]);
    const graph = await page.locator('#g svg.graph').evaluate((svg) => ({
      dots: [...svg.querySelectorAll('path.mark')].map((p) => [p.dataset.index, p.getAttribute('class'), p.textContent]),
      curve: svg.querySelector('polyline.curve').getAttribute('points'),
    }));
    assert.deepEqual(graph.dots, [['0', 'mark inaccuracy', '1. f3: inaccuracy, −0.55'], ['2', 'mark blunder', '2. g4: blunder, #−1']],
      'Qh4#\'s ! is no dot');
    assert.match(graph.curve, / 197\.0,45\.0$/, 'the mate in 0 at Black\'s edge (the bottom)');
    // A dot is round at any stretch of the graph, and a click on it goes to its move.
    const dot = await page.locator('#g path.mark.blunder').boundingBox();
    assert.ok(Math.abs(dot.width - dot.height) < 1.5 && dot.width >= 5, JSON.stringify(dot));
    await page.mouse.click(dot.x + dot.width / 2, dot.y + dot.height / 2);
    assert.equal((await state(page, 'g')).san, 'g4');
  });

  test('the eval graph: a mating move with no eval after it is a mate in 0 at the winner\'s edge; no evals, no graph', async () => {
    // Engines write no eval after a mate (there is nothing to search): the graph still ends at White's edge.
    await mount(page, [{ id: 'g', pgn: '1. e4 {[%eval 0.30]} e5 {[%eval 0.25]} 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0' }]);
    const graph = await page.locator('#g svg.graph').evaluate((svg) => ({
      curve: svg.querySelector('polyline.curve').getAttribute('points'),
      bg: svg.querySelector('rect.bg').getAttribute('width'),
      label: svg.getAttribute('aria-label'),
    }));
    assert.equal(graph.curve, '3.0,22.9 35.3,23.1 197.0,3.0');
    assert.equal(graph.bg, '200.0', 'the shares drawn to the right edge, through the mate');
    assert.equal(graph.label, 'Evaluation graph from 1. e4 (+0.30) to 4. Qxf7# (checkmate), White\'s view. Click to go to a move.');
    // A mate alone is no evaluation: a game without evals has no graph.
    await mount(page, [{ id: 'g', pgn: '1. f3 e5 2. g4 Qh4# 0-1' }]);
    assert.equal(await page.locator('#g svg.graph').count(), 0);
  });

  test('screen readers: moves in words with their NAGs, evals and comments; the comments are text in the list', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED }]);
    await page.locator('#g .nav .flip').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    const s = await state(page, 'g');
    assert.equal(s.live, '2, White, knight to f3, good move. Evaluation: White is better by 0.30 pawns. Comment: The main move.');
    assert.equal(s.current, '2, White, knight to f3, good move');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    assert.match((await state(page, 'g')).live, /^4, White, knight takes e5, blunder\. Evaluation: Black is better by 1\.20 pawns\. Comment: A blunder: the knight is lost for a pawn\.$/);
    await page.keyboard.press('End');
    assert.match((await state(page, 'g')).live, /6, White, g-pawn takes f3.*Game over, 1-0$/);
    const snapshot = await page.locator('#g').ariaSnapshot();
    assert.match(snapshot, /The Spanish\./);
    assert.match(snapshot, /group "Variation, instead of 2\. Nf3"/);
    assert.match(snapshot, /img "Evaluation graph/);
    // the board is named by the position it shows
    assert.equal(await page.locator('#g .board-host').evaluate((b) => b.shadowRoot.querySelector('[role=grid]').getAttribute('aria-label')),
      'Position after 6. gxf3');
  });

  test('clocks and evals from %clk / %eval follow the move shown; check is marked', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED, attrs: { ply: '6' } }]);
    const shown = () => page.evaluate(() => {
      const r = document.getElementById('g').shadowRoot;
      return { top: r.querySelector('.player.top').textContent, bottom: r.querySelector('.player.bottom').textContent,
        eval: r.querySelector('.eval').textContent, toMove: r.querySelector('.to-move')?.classList.contains('bottom') ? 'bottom' : 'top' };
    });
    assert.deepEqual(await shown(), { top: 'Beta2:40', bottom: 'Alpha2:50', eval: '+0.50', toMove: 'bottom' });
    await page.locator('#g .nav .next').click();
    assert.deepEqual(await shown(), { top: 'Beta2:40', bottom: 'Alpha2:30', eval: '−1.20', toMove: 'top' });
    await page.locator('#g .move', { hasText: 'Nf3+' }).click();
    assert.equal(await page.locator('#g .board-host').evaluate((b) => b.shadowRoot.querySelector('.sq.chk')?.getAttribute('aria-label')),
      'e1, white king');
  });

  test('orientation and ply attributes; flip; the analyse event', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED, attrs: { orientation: 'black', ply: '4', analyse: '', theme: 'green',
      'piece-set': 'geometric' } }]);
    assert.equal((await state(page, 'g')).san, 'Nc6');
    // the board's styling attributes reach the board
    assert.deepEqual(await page.locator('#g .board-host').evaluate((b) => [getComputedStyle(b.shadowRoot.querySelector('.sq.dark')).backgroundColor,
      b.shadowRoot.querySelector('.pieces use').getAttribute('href').slice(0, 9)]), ['rgb(111, 143, 78)', '#piece-g-']);
    const names = () => page.evaluate(() => [...document.getElementById('g').shadowRoot.querySelectorAll('.player .name')].map((n) => n.textContent));
    assert.deepEqual(await names(), ['Alpha', 'Beta']);   // White on top when Black is at the bottom
    await page.locator('#g .nav .flip').click();
    assert.equal(await page.evaluate(() => document.getElementById('g').getAttribute('orientation')), 'white');
    assert.deepEqual(await names(), ['Beta', 'Alpha']);
    await page.locator('#g .nav .analyse').click();
    const e = await page.evaluate(() => window.events.g.find((x) => x.type === 'analyse'));
    assert.equal(e.fen, 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    assert.deepEqual(e.uci, ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
  });

  test('a file of many games: the picker lists them and shows the one chosen', async () => {
    await mount(page, [{ id: 'g', pgn: TWO + '\n[Event "Broken"]\n\n1. e4 e5 2. Ke3 *\n' }]);
    const options = await page.locator('#g select option').allTextContents();
    assert.deepEqual(options, ['1. Anna – Bella, First, 1-0', '2. Cesar – David, Second, 0-1', 'Game 3: unreadable (line 17)']);
    assert.equal(await page.locator('#g .picker').isVisible(), true);
    await page.locator('#g select').selectOption('1');
    await page.locator('#g .nav .last').click();
    const s = await state(page, 'g');
    assert.equal(s.san, 'Qh4#');
    assert.equal(s.fen, 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    assert.equal(await page.locator('#g .move').count(), 4);
    await page.locator('#g select').selectOption('2');
    assert.match((await state(page, 'g')).error, /^Game 3 could not be read: line 17, column 13: illegal move 'Ke3'/);
    await page.locator('#g select').selectOption('0');
    assert.equal((await state(page, 'g')).error, null);
    assert.equal(await page.locator('#g .move').count(), 7);
  });

  test('bad PGN: a clear message inside the element; the other viewers and the page go on', async () => {
    await mount(page, [
      { id: 'bad', pgn: '1. e4 e5 2. Ke3 *' },
      { id: 'junk', pgn: 'hello world' },
      { id: 'missing', attrs: { src: 'fixtures/missing.pgn' } },
      { id: 'good', pgn: ANNOTATED },
    ]);
    assert.equal((await state(page, 'bad')).error, "Game 1 could not be read: line 1, column 13: illegal move 'Ke3': no white king can move to e3.");
    assert.match((await state(page, 'junk')).error, /'hello' is not a move/);
    assert.equal((await state(page, 'missing')).error, 'The game could not be loaded: could not load fixtures/missing.pgn: HTTP 404.');
    assert.equal(await page.locator('#bad [role=alert]').isVisible(), true);
    assert.equal(await page.locator('#bad .nav .next').isDisabled(), true);
    const errs = await page.evaluate(() => window.events.bad.filter((e) => e.type === 'error').length);
    assert.equal(errs, 1);
    await page.locator('#good .nav .next').click();
    assert.equal((await state(page, 'good')).san, 'e4');
    // a good PGN afterwards clears the message
    await page.evaluate(() => { document.getElementById('bad').pgn = '1. e4 *'; return document.getElementById('bad').ready; });
    assert.equal((await state(page, 'bad')).error, null);
    assert.equal(await page.locator('#bad .move').count(), 1);
  });

  test('a game tree set as a property; a node of another game is refused', async () => {
    await mount(page, [{ id: 'g' }]);
    const r = await page.evaluate(async () => {
      const { readPgnGame } = await import('/dist/pgn.mjs');
      const el = document.getElementById('g');
      el.game = readPgnGame('1. e4 c5 2. Nf3 *');
      await el.ready;
      el.goTo(el.game.moves[2]);
      let refused = null;
      try { el.goTo({ san: 'e4', uci: 'e2e4', variations: [] }); } catch (e) { refused = e.message; }
      const fen = el.fen;
      // a hand-made tree whose second move is not legal: shown as an error when reached, nothing thrown
      el.game = { tags: {}, fen: el.game.fen, chess960: false, comments: [], result: '*', moves: [
        { san: 'e4', uci: 'e2e4', nags: [], commentsBefore: [], comments: [], variations: [] },
        { san: 'Ke7', uci: 'e8e6', nags: [], commentsBefore: [], comments: [], variations: [] }] };
      await el.ready;
      el.next();
      const afterFirst = el.fen;
      el.next();
      return { fen, refused, afterFirst, error: el.shadowRoot.querySelector('.error').textContent };
    });
    assert.equal(r.fen, 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
    assert.match(r.refused, /not in the game shown/);
    assert.equal(r.afterFirst, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    assert.match(r.error, /^The move Ke7 could not be played: .*e8e6/);
  });

  test('a container that gives it no width: the intrinsic 40 rem (the list beside the board), or --escaque-game-size', async () => {
    await mount(page, [{ id: 'g', pgn: ANNOTATED }]);
    const widths = await page.evaluate(async () => {
      const el = document.getElementById('g');
      const box = document.createElement('span');
      box.style.display = 'inline-block';
      el.replaceWith(box);
      box.append(el);
      const a = el.getBoundingClientRect().width;
      el.style.setProperty('--escaque-game-size', '20rem');
      const b = el.getBoundingClientRect().width;
      const side = getComputedStyle(el.shadowRoot.querySelector('.main')).gridTemplateColumns.split(' ').length;
      return [a, b, side];
    });
    assert.deepEqual(widths, [640, 320, 1]);   // 40 rem; 20 rem (narrow: the list under the board)
  });

  test('axe-core: no violations (a game with variations, evals and clocks; the picker; an error)', async () => {
    await mount(page, [{ id: 'a', pgn: ANNOTATED, attrs: { ply: '7', analyse: '', coordinates: '' } },
      { id: 'b', pgn: TWO }, { id: 'c', pgn: '1. e4 e5 2. Ke3 *' }]);
    await page.evaluate(AXE);
    const v = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    assert.deepEqual(v.violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join('; ')}`), []);
  });
});

// The viewer only shows positions: the board's promotion picker (promotion.js, loaded by a board that
// may move pieces) is never fetched for it; an interactive board on the same page fetches it once.
test('a page with only viewers never fetches the promotion picker; an interactive board does, once', { timeout: 60_000 }, async () => {
  const context = await env.browser.newContext();
  try {
    const page = await context.newPage();
    const fetched = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.route('**/viewer-only.html', (r) => r.fulfill({ contentType: 'text/html', body:
      '<!doctype html><html lang="en"><title>viewer only</title><script type="module" src="/dist/board/escaque-game.js"></script>' +
      `<escaque-game id="v" ply="last">${ANNOTATED.replace(/</g, '&lt;')}</escaque-game>` }));
    await page.goto(env.baseUrl + 'viewer-only.html');
    await page.waitForFunction(() => document.getElementById('v')?.game?.moves.length > 0);
    await page.evaluate(() => document.getElementById('v').ready);
    await page.keyboard.press('Tab');   // keyboard focus on the viewer (its board takes navigation keys, not moves)
    assert.ok(fetched.some((p) => p.endsWith('/board-core.js')), fetched.join(' '));
    assert.deepEqual(fetched.filter((p) => p.endsWith('/promotion.js')), []);
    await page.evaluate(async () => {
      await import('/dist/board/escaque-board.js');
      const b = document.createElement('escaque-board');
      b.setAttribute('interactive', 'both');
      document.body.append(b);
      await b.ready;
    });
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/promotion.js')));
    assert.deepEqual(fetched.filter((p) => p.endsWith('/promotion.js')), ['/dist/board/promotion.js']);
  } finally {
    await context.close();
  }
});
