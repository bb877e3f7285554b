// Helpers of the <escaque-board> browser tests: a page with fresh boards in
// it, square coordinates on screen, and the events each board fired.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';

import { useServedChromium } from './harness.mjs';

export { useServedChromium };

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// Opens web/embed.html (the component under the page's strict CSP) and
// records everything that goes wrong on it.
export async function openBoardPage(env, { viewport = { width: 900, height: 900 }, hasTouch = false,
  reducedMotion = 'no-preference' } = {}) {
  const context = await env.browser.newContext({ viewport, hasTouch, reducedMotion });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(env.baseUrl + 'embed.html');
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return { context, page, problems };
}

// For a describe block: opens the board page before its tests (handing `{ page, context, problems }` to `onOpen`) and,
// after them, asserts that nothing went wrong on it (console errors or warnings, page errors, CSP
// violations) and closes it.
export function useBoardPage(env, onOpen, options) {
  let opened;
  before(async () => {
    opened = await openBoardPage(env, options);
    onOpen(opened);
  });
  after(async () => {
    if (!opened) return;
    try {
      assert.deepEqual(opened.problems, []);
      assert.deepEqual(await cspViolations(opened.page), []);
    } finally {
      await opened.context.close();
    }
  });
}

// Replaces the page's content by boards with the given attributes (one per
// entry), each in a box `width` pixels wide; events are logged per board id.
export async function mountBoards(page, boards, width = 400) {
  await page.evaluate(async ({ boards, width }) => {
    const main = document.querySelector('main');
    const heading = document.createElement('h1');
    heading.textContent = 'Board fixture';
    main.replaceChildren(heading);
    window.boardEvents = {};
    const ready = [];
    for (const [i, attrs] of boards.entries()) {
      const box = document.createElement('div');
      box.style.width = `${width}px`;
      box.className = 'fixture';
      const board = document.createElement('escaque-board');
      board.id = attrs.id ?? `b${i}`;
      for (const [k, v] of Object.entries(attrs)) if (k !== 'id') board.setAttribute(k, v);
      const log = (window.boardEvents[board.id] = []);
      for (const type of ['move', 'change', 'select', 'gameover', 'premove', 'navigate', 'annotate', 'flip',
        'inputerror', 'error']) {
        board.addEventListener(type, (e) => {
          const d = e.detail ?? {};
          log.push({ type, san: d.san ?? d.move?.san, from: d.from, to: d.to, promotion: d.promotion,
            source: d.source, square: d.square, premove: d.premove, ply: d.ply, fen: d.fen,
            outcome: d.outcome ? { result: d.outcome.result, reason: d.outcome.reason } : undefined,
            message: d.message });
        });
      }
      box.append(board);
      main.append(box);
      ready.push(board.ready);
    }
    await Promise.all(ready);
  }, { boards, width });
}

export const events = (page, id = 'b0', type) =>
  page.evaluate(({ id, type }) => window.boardEvents[id].filter((e) => !type || e.type === type), { id, type });

export const boardFen = (page, id = 'b0') => page.evaluate((id) => document.getElementById(id).fen, id);

// The screen centre of a square of the board element that `selector` finds, as it is oriented now.
export async function squareCenterIn(page, selector, square) {
  const box = await page.locator(`${selector} .board`).boundingBox();
  const orientation = await page.evaluate((sel) => document.querySelector(sel).orientation, selector);
  const f = square.charCodeAt(0) - 97;
  const r = square.charCodeAt(1) - 49;
  const col = orientation === 'black' ? 7 - f : f;
  const row = orientation === 'black' ? r : 7 - r;
  const cell = box.width / 8;
  return { x: box.x + (col + 0.5) * cell, y: box.y + (row + 0.5) * cell };
}

// The screen centre of a square of board `id`.
export const squareCenter = (page, square, id = 'b0') => squareCenterIn(page, `#${id}`, square);

export async function drag(page, from, to, id = 'b0', { button = 'left' } = {}) {
  const a = await squareCenter(page, from, id);
  const b = await squareCenter(page, to, id);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up({ button });
}

export async function clickSquare(page, square, id = 'b0') {
  const p = await squareCenter(page, square, id);
  await page.mouse.click(p.x, p.y);
}

// Piece code ("wn") drawn on each square, read from the piece layer's
// transforms (what the user sees), not from the game.
export async function drawnPieces(page, id = 'b0') {
  return page.evaluate((id) => {
    const board = document.getElementById(id);
    const out = {};
    for (const el of board.shadowRoot.querySelectorAll('.pieces .piece')) {
      const m = /translate\((\d+)%, ?(\d+)%\)/.exec(el.style.transform);
      if (!m) { out.dragging = el.dataset.code; continue; }
      const col = Number(m[1]) / 100;
      const row = Number(m[2]) / 100;
      const sq = board.orientation === 'black'
        ? 'abcdefgh'[7 - col] + (row + 1) : 'abcdefgh'[col] + (8 - row);
      out[sq] = el.dataset.code;
    }
    return out;
  }, id);
}

export const liveText = (page, id = 'b0') =>
  page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('[role=status]').textContent, id);

export const cspViolations = (page) => page.evaluate(() => window.__csp);
