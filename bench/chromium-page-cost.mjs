// What a browser test's new page costs in each of Debian's two Chromium builds: the browser's own headless
// mode (/usr/bin/chromium) and the old headless shell (/usr/bin/chromium-headless-shell), both driven by
// playwright-core as tests/browser/harness.mjs drives them. Per round and build: a new context and page that
// opens the app until it is ready (body[data-ready]), then closes. The builds alternate round by round (this
// machine is shared: compare the ratio). CPU is the whole machine's busy time (/proc/stat), since the pages
// run in Chromium's processes, not this one.
//
//   node bench/chromium-page-cost.mjs [--rounds 8]
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { chromium } from 'playwright-core';

import { startServer } from '../scripts/serve.mjs';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '8' } } });
const rounds = Number(values.rounds);
const BUILDS = { browser: '/usr/bin/chromium', shell: '/usr/bin/chromium-headless-shell' };
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run'];

function busyJiffies() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return f[0] + f[1] + f[2] + f[5] + f[6];  // user nice system irq softirq
}

const server = await startServer({ port: 0 });
const base = `http://127.0.0.1:${server.address().port}/`;
const browsers = {};
for (const [name, path] of Object.entries(BUILDS)) {
  if (!existsSync(path)) throw new Error(`${path} not found (apt-get install ${name === 'shell' ? 'chromium-headless-shell' : 'chromium'})`);
  browsers[name] = await chromium.launch({ executablePath: path, headless: true, args: ARGS });
}
const results = Object.fromEntries(Object.keys(BUILDS).map((n) => [n, { cpu: [], wall: [] }]));
for (let round = 0; round <= rounds; round++) {
  for (const name of Object.keys(BUILDS)) {
    const before = busyJiffies();
    const t0 = performance.now();
    const context = await browsers[name].newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await context.close();
    if (round === 0) continue;  // warm-up
    results[name].cpu.push((busyJiffies() - before) / 100);
    results[name].wall.push(performance.now() - t0);
  }
}
for (const b of Object.values(browsers)) await b.close();
server.close();

const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[s.length >> 1]; };
console.log(`Chromium ${browsers.browser.version()}; ${rounds} rounds, the app opened in a new context each`);
for (const [name, r] of Object.entries(results)) {
  console.log(`${name.padEnd(8)} ${BUILDS[name].padEnd(34)} CPU ${median(r.cpu).toFixed(2)} s  wall ${Math.round(median(r.wall))} ms (medians)`);
}
console.log(`shell / browser CPU: ${(median(results.shell.cpu) / median(results.browser.cpu)).toFixed(2)}`);
