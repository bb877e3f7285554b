// The web page (web/ + dist/) in headless Chromium: it loads the WebAssembly
// module under its strict Content-Security-Policy, lists legal moves for a
// typed FEN, shows the parser's message for a bad one, and logs nothing to
// the console.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import { useServedChromium } from './harness.mjs';

const FENS = {
  start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  kiwipete: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  endgame: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  stalemate: '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1',
};

const env = useServedChromium();

// A page that records console messages, page errors, failed requests and CSP
// violations (the listener is installed by the DevTools protocol, so the
// page's own CSP does not block it).
async function openPage() {
  const page = await env.browser.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  return { page, problems };
}

async function cspViolations(page) {
  return page.evaluate(() => window.__cspViolations);
}

async function typeFen(page, fen) {
  await page.fill('#fen', fen);
  await page.waitForFunction((f) => document.body.dataset.fen === f, fen);
}

async function shownCount(page) {
  return Number(await page.textContent('#move-count'));
}

describe('legal-move page', () => {
  let page;
  let problems;

  before(async () => {
    ({ page, problems } = await openPage());
    await page.goto(`${env.baseUrl}legal-moves.html`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  });

  after(async () => {
    await page?.close();
  });

  test('the page declares the strict CSP', async () => {
    const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    // The one inline script allowed is the import map, by its hash (the page imports 'escaque' by name).
    const map = await page.textContent('script[type="importmap"]');
    const hash = createHash('sha256').update(map).digest('base64');
    assert.match(csp, new RegExp(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
    assert.deepEqual(JSON.parse(map), { imports: { escaque: '/dist/index.mjs' } });
    assert.match(csp, /default-src 'self'/);
    assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'/);  // 'wasm-unsafe-eval' is the only relaxation
  });

  test('start position shown on load: 20 moves', async () => {
    assert.equal(await page.inputValue('#fen'), FENS.start);
    assert.equal(await shownCount(page), 20);
    const moves = await page.$$eval('#moves li', (items) => items.map((li) => li.textContent));
    assert.equal(moves.length, 20);
    assert.ok(moves.includes('e2e4') && moves.includes('g1f3'));
    assert.equal(await page.isHidden('#fen-error'), true);
  });

  test('typed FENs: Kiwipete 48, endgame 14, stalemate 0', async () => {
    await typeFen(page, FENS.kiwipete);
    assert.equal(await shownCount(page), 48);
    assert.equal(await page.locator('#moves li').count(), 48);
    assert.ok((await page.$$eval('#moves li', (l) => l.map((x) => x.textContent))).includes('e1c1'));
    await typeFen(page, FENS.endgame);
    assert.equal(await shownCount(page), 14);
    await typeFen(page, FENS.stalemate);
    assert.equal(await shownCount(page), 0);
    assert.equal(await page.locator('#moves li').count(), 0);
  });

  test('a bad FEN shows the parser\'s message and marks the field invalid', async () => {
    await typeFen(page, 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    assert.equal(await page.isVisible('#fen-error'), true);
    const message = await page.textContent('#fen-error');
    assert.match(message, /field 1/);
    assert.equal(await page.getAttribute('#fen', 'aria-invalid'), 'true');
    assert.equal(await page.locator('#moves li').count(), 0);
    assert.equal(await page.locator('#move-count').count(), 0);
    assert.match(await page.textContent('#status'), /not valid/);

    await typeFen(page, '');
    assert.match(await page.textContent('#fen-error'), /empty/);
  });

  test('recovering from a bad FEN clears the error; the button restores the start', async () => {
    await typeFen(page, 'nonsense');
    await typeFen(page, FENS.kiwipete);
    assert.equal(await page.isHidden('#fen-error'), true);
    assert.equal(await page.getAttribute('#fen', 'aria-invalid'), null);
    assert.equal(await shownCount(page), 48);
    await page.click('#reset');
    assert.equal(await page.inputValue('#fen'), FENS.start);
    assert.equal(await shownCount(page), 20);
  });

  test('form controls are labelled', async () => {
    assert.equal(await page.textContent('label[for="fen"]'), 'Position (FEN)');
    const accessible = await page.getByLabel('Position (FEN)').count();
    assert.equal(accessible, 1);
    assert.equal(await page.getByRole('button', { name: 'Start position' }).count(), 1);
    assert.equal(await page.getByRole('alert', { includeHidden: true }).count(), 1);
    assert.equal(await page.getAttribute('#fen', 'aria-describedby'), 'fen-help fen-error');
  });

  test('no console errors or warnings, no failed requests, no CSP violations', async () => {
    assert.deepEqual(problems, []);
    assert.deepEqual(await cspViolations(page), []);
  });
});

describe('the checks above can fail', () => {
  test('a CSP violation on the page is detected', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${env.baseUrl}legal-moves.html`);
    await page.waitForSelector('body[data-ready="true"]');
    // An inline script is exactly what the policy forbids.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.inlineRan = true';
      document.body.append(s);
    });
    await page.waitForFunction(() => window.__cspViolations.length > 0);
    assert.equal(await page.evaluate(() => window.inlineRan), undefined);
    assert.match((await cspViolations(page)).join('\n'), /script-src/);
    assert.ok(problems.some((p) => p.startsWith('console.error')), problems.join('\n'));
    await page.close();
  });

  test('a missing file is reported as a problem', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${env.baseUrl}no-such-file.js`);
    assert.ok(problems.some((p) => p.startsWith('HTTP 404')), problems.join('\n'));
    await page.close();
  });
});
