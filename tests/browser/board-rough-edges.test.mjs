// The board's rough edges as a web developer meets them (issue 16, issue 15 bugs 1 and 9), each
// checked as a person would see it:
//  - keyboard focus on a square leaves its piece visible (the pixels at the piece's centre are the
//    piece's, and the focus ring is drawn), on an embedded board and on the app's;
//  - `outcome` is null while the game goes on;
//  - a board whose container gives it no width gets a sensible size, not its 10rem minimum;
//  - coordinates stay inside their squares and off the pieces at every size from 200 px up;
//  - the typed-move field is off unless the page asks for it (`text-input`).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { mountBoards, useBoardPage, useServedChromium } from './board-helpers.mjs';

const env = useServedChromium();
const WHITE_FILL = [0xfb, 0xfb, 0xf7];
const FOCUS = [0x0a, 0x58, 0xca];

// RGBA of a point of a PNG screenshot, decoded by Chromium itself on a blank page.
async function pixels(context, png, points) {
  const page = await context.newPage();
  try {
    return await page.evaluate(async ({ b64, points }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      return points.map(([x, y]) => [...g.getImageData(x, y, 1, 1).data].slice(0, 3));
    }, { b64: png.toString('base64'), points });
  } finally {
    await page.close();
  }
}

const near = (a, b, tolerance = 12) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

// Focuses `square` of the board `selector` (a host element with the core's shadow root) from the
// keyboard and returns the colours at the piece's centre and on the ring (inside the square's edge).
async function focusedSquareColours(page, context, selector, square) {
  // Keyboard focus, as a person gives it: Tab until the board's square has it, then the arrows.
  await page.evaluate(({ selector, square }) => {
    const host = document.querySelector(selector);
    const cell = host.shadowRoot.querySelector(`[data-square="${square}"]`);
    cell.tabIndex = 0;
    document.activeElement?.blur?.();
  }, { selector, square });
  await page.keyboard.press('Tab');  // a key press first: focus from script then counts as keyboard focus
  await page.evaluate(({ selector, square }) => {
    document.querySelector(selector).shadowRoot.querySelector(`[data-square="${square}"]`).focus();
  }, { selector, square });
  const visible = await page.evaluate(({ selector, square }) =>
    document.querySelector(selector).shadowRoot.querySelector(`[data-square="${square}"]`).matches(':focus-visible'),
  { selector, square });
  assert.ok(visible, 'the square shows keyboard focus');
  const box = await page.evaluate(({ selector, square }) => {
    const r = document.querySelector(selector).shadowRoot.querySelector(`[data-square="${square}"]`).getBoundingClientRect();
    return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
  }, { selector, square });
  const png = await page.screenshot({ clip: box });
  const [centre, ring] = await pixels(context, png, [[Math.round(box.width / 2), Math.round(box.height * 0.6)],
    [Math.round(box.width / 2), 1]]);
  return { centre, ring };
}

// How many pixels of the coordinates' glyphs a piece covers (pieces are drawn above them), from
// three screenshots of the board: with everything, without the pieces, without pieces and coordinates.
async function labelPixelsUnderPieces(page, context, id) {
  const box = await page.locator(`#${id} .board`).boundingBox();
  const show = (coordinates, pieces) => page.evaluate(({ id, coordinates, pieces }) => {
    const b = document.getElementById(id);
    b.toggleAttribute('coordinates', coordinates);
    b.shadowRoot.querySelector('.pieces').style.visibility = pieces ? '' : 'hidden';
  }, { id, coordinates, pieces });
  const shot = () => page.screenshot({ clip: box, animations: 'disabled', fullPage: true });
  await show(true, true);
  const all = await shot();
  await show(true, false);
  const noPieces = await shot();
  await show(false, false);
  const empty = await shot();
  await show(true, true);
  const compare = await context.newPage();
  try {
    return await compare.evaluate(async (images) => {
      const data = await Promise.all(images.map(async (b64) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.width;
        canvas.height = img.height;
        const g = canvas.getContext('2d');
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, img.width, img.height).data;
      }));
      const [a, c, d] = data;
      const differs = (x, y, i) => Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]) > 60;
      const w = Math.round(Math.sqrt(a.length / 4));
      const where = new Map();
      for (let i = 0; i < a.length; i += 4) {
        if (!(differs(c, d, i) && differs(a, c, i))) continue;
        const p = i / 4;
        const cell = `${Math.floor((p % w) / (w / 8))},${Math.floor(Math.floor(p / w) / (w / 8))}`;
        where.set(cell, (where.get(cell) ?? 0) + 1);
      }
      return Object.fromEntries(where);
    }, [all, noPieces, empty].map((png) => png.toString('base64')));
  } finally {
    await compare.close();
  }
}

describe('board rough edges', { timeout: 180_000 }, () => {
  let page;
  let context;
  useBoardPage(env, (opened) => ({ page, context } = opened));

  test('keyboard focus leaves the focused square\'s piece visible, with its ring drawn', async () => {
    await mountBoards(page, [{ interactive: 'both', coordinates: '' }], 400);
    const { centre, ring } = await focusedSquareColours(page, context, '#b0', 'e2');
    assert.ok(near(centre, WHITE_FILL), `the white pawn on e2 is hidden under the focused square: ${centre}`);
    assert.ok(near(ring, FOCUS, 40), `the focus ring is drawn: ${ring}`);
  });

  test('outcome is null while the game goes on, the outcome once it is over', async () => {
    await mountBoards(page, [{ interactive: 'both' }]);
    assert.equal(await page.evaluate(() => document.getElementById('b0').outcome), null, 'at the start');
    const after = await page.evaluate(() => {
      const b = document.getElementById('b0');
      const seen = [];
      for (const m of ['f3', 'e5', 'g4']) { b.move(m); seen.push(b.outcome); }
      b.move('Qh4#');
      return { during: seen, end: b.outcome && { result: b.outcome.result, reason: b.outcome.reason } };
    });
    assert.deepEqual(after.during, [null, null, null]);
    assert.deepEqual(after.end, { result: '0-1', reason: 'checkmate' });
  });

  test('a container with no width: the board takes a sensible intrinsic size', async () => {
    const sizes = await page.evaluate(async () => {
      const main = document.querySelector('main');
      main.replaceChildren();
      const out = {};
      for (const [name, style] of [['inline-block', 'display:inline-block'], ['float', 'float:left'],
        ['flex row', 'display:flex'], ['absolute', 'position:absolute;top:0;left:0']]) {
        const box = document.createElement('div');
        box.style.cssText = style;
        const b = document.createElement('escaque-board');
        b.setAttribute('coordinates', '');
        box.append(b);
        main.append(box);
        await b.ready;
        out[name] = Math.round(b.shadowRoot.querySelector('.board').getBoundingClientRect().width);
        box.remove();
      }
      return out;
    });
    for (const [name, width] of Object.entries(sizes)) {
      assert.ok(width >= 320 && width <= 480, `${name}: ${width} px wide`);
    }
  });

  for (const size of [200, 240, 300, 360, 480, 800]) {
    test(`coordinates at ${size} px: legible, inside their squares, off the pieces`, async () => {
      await mountBoards(page, [{ coordinates: '' }, { coordinates: '', orientation: 'black' }], size);
      for (const id of ['b0', 'b1']) {
        const problems = await page.evaluate((id) => {
          const root = document.getElementById(id).shadowRoot;
          const boardBox = root.querySelector('.board').getBoundingClientRect();
          const cell = boardBox.width / 8;
          const out = [];
          for (const label of root.querySelectorAll('.co')) {
            const range = document.createRange();
            range.selectNodeContents(label);
            const r = range.getBoundingClientRect();  // the glyphs' box
            const px = Number.parseFloat(getComputedStyle(label).fontSize);
            if (px < 8) out.push(`${label.textContent}: ${px} px font`);
            const col = Math.floor((r.left + r.width / 2 - boardBox.left) / cell);
            const row = Math.floor((r.top + r.height / 2 - boardBox.top) / cell);
            const sq = { left: boardBox.left + col * cell, top: boardBox.top + row * cell };
            if (r.left < sq.left - 0.5 || r.top < sq.top - 0.5 || r.right > sq.left + cell + 0.5 ||
              r.bottom > sq.top + cell + 0.5) out.push(`${label.textContent} leaves its square`);
          }
          return out;
        }, id);
        assert.deepEqual(problems, [], `${id} at ${size} px`);
        // Squares (screen column, row) where a piece covers pixels of a coordinate, and how many.
        const hidden = Object.entries(await labelPixelsUnderPieces(page, context, id)).filter(([, n]) => n > 2);
        assert.deepEqual(hidden, [], `${id} at ${size} px: coordinates under pieces`);
      }
    });
  }

  test('the typed-move field is off unless asked for', async () => {
    await mountBoards(page, [{ interactive: 'both' }, { interactive: 'both', 'text-input': '' },
      { interactive: 'none', 'text-input': '' }]);
    const shown = await page.evaluate(() => ['b0', 'b1', 'b2'].map((id) => {
      const input = document.getElementById(id).shadowRoot.querySelector('input');
      return input.getClientRects().length > 0;
    }));
    assert.deepEqual(shown, [false, true, false]);
  });
});

describe('the app board: keyboard focus', { timeout: 120_000 }, () => {
  test('the focused square\'s piece stays visible', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(env.baseUrl);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      const selector = '#board-slot > *';
      const { centre, ring } = await focusedSquareColours(page, context, selector, 'e2');
      assert.ok(near(centre, WHITE_FILL), `the white pawn on e2 is hidden under the focused square: ${centre}`);
      assert.ok(near(ring, FOCUS, 40), `the focus ring is drawn: ${ring}`);
    } finally {
      await context.close();
    }
  });
});
