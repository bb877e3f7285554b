#!/usr/bin/env node
// What cross-origin isolation costs a first visit, apart from the app: a trivial page (one
// stylesheet, one module script) served twice from memory — plain, and with the
// Cross-Origin-Opener-Policy / Cross-Origin-Embedder-Policy headers that scripts/serve.mjs sends so
// that the Engine's stop() can use a SharedArrayBuffer — and visited in fresh browser contexts of
// headless Chromium. Prints when the stylesheet was requested and when the script ran (ms after
// navigation start). With the headers Chromium moves the page to a new, isolated renderer process
// once the response arrives, before it parses a byte (docs/benchmarks.md, "Cold first visit").
//
//   node bench/isolation-cost.mjs [visits=5]
import { createServer } from 'node:http';

import { chromium } from 'playwright-core';

const visits = Number(process.argv[2] ?? 5);
const FILES = {
  '/': ['text/html', '<!doctype html><html><head><link rel="stylesheet" href="s.css">'
    + '<script type="module" src="a.js"></script></head><body><p>page</p></body></html>'],
  '/s.css': ['text/css', 'p { color: #333 }'],
  '/a.js': ['text/javascript', 'performance.mark("ran");'],
};

function serve(isolated) {
  const server = createServer((req, res) => {
    const file = FILES[req.url];
    if (!file) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, {
      'Content-Type': file[0],
      ...(isolated ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {}),
    });
    res.end(file[1]);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run'],
});
const servers = { plain: await serve(false), isolated: await serve(true) };
const results = { plain: { css: [], ran: [] }, isolated: { css: [], ran: [] } };
for (let i = 0; i < visits; i++) {
  for (const kind of ['plain', 'isolated']) {  // alternated, so both see the same machine
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${servers[kind].address().port}/`);
    await page.waitForFunction(() => performance.getEntriesByName('ran').length);
    const t = await page.evaluate(() => ({
      css: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/s.css')).startTime,
      ran: performance.getEntriesByName('ran')[0].startTime,
      isolated: self.crossOriginIsolated,
    }));
    if (t.isolated !== (kind === 'isolated')) throw new Error(`${kind}: crossOriginIsolated is ${t.isolated}`);
    results[kind].css.push(t.css);
    results[kind].ran.push(t.ran);
    await context.close();
  }
}
await browser.close();
for (const s of Object.values(servers)) s.close();
for (const [kind, r] of Object.entries(results)) {
  const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`${kind.padEnd(8)} stylesheet requested at ${fmt(r.css)} ms (median ${median(r.css).toFixed(0)}); `
    + `script ran at ${fmt(r.ran)} ms (median ${median(r.ran).toFixed(0)})`);
}
