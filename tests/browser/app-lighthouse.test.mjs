// Lighthouse on the served app (issue 6's bar: Performance ≥ 95, Accessibility 100, Best Practices
// 100), desktop preset, in Debian's Chromium (bench/lighthouse.mjs runs both presets and prints every
// audit not passed). Lighthouse is installed on first use into .cache/tools (see bench/lighthouse.mjs).
//
// Accessibility and Best Practices do not depend on the machine's speed: they must be 100. Performance
// is timing (Total Blocking Time counts every main-thread task's wall time over 50 ms): on this
// machine's two cores shared by many jobs (load average far above the core count) a task of 25 ms of
// CPU takes 200 ms of wall time, so then the score is reported and not judged, as in app-perf.
//
// Opt-in (ESCAQUE_LIGHTHOUSE=1, or `npm run test:lighthouse`): installing Lighthouse on a fresh machine
// takes about two minutes and a run about 45 s, which `npm test` cannot afford within its 15-minute bar
// (issue 2); accessibility stays covered in `npm test` by the axe-core tests (app-a11y, board-a11y).
import assert from 'node:assert/strict';
import { cpus, loadavg } from 'node:os';
import { after, before, test } from 'node:test';

import { loadLighthouse, runLighthouse } from '../../bench/lighthouse.mjs';
import { startServer } from '../../scripts/serve.mjs';

const ENABLED = process.env.ESCAQUE_LIGHTHOUSE === '1';
let server;
let baseUrl;
let tools;
before(async () => {
  if (!ENABLED) return;
  tools = await loadLighthouse();
  server = await startServer({ port: 0 });
  baseUrl = `http://localhost:${server.address().port}/`;
});
after(() => new Promise((resolve) => (server ? server.close(resolve) : resolve())));

test('Lighthouse, desktop: Accessibility 100, Best Practices 100, Performance ≥ 95 when the machine is not overloaded',
  { timeout: 180_000, skip: !ENABLED && 'opt-in: ESCAQUE_LIGHTHOUSE=1 (npm run test:lighthouse)' }, async (t) => {
    const loadBefore = loadavg()[0];
    const r = await runLighthouse(baseUrl, 'desktop', tools);
    const load = Math.max(loadBefore, loadavg()[0]);
    const pct = (c) => Math.round(r.scores[c] * 100);
    t.diagnostic(`performance ${pct('performance')}, accessibility ${pct('accessibility')}, best practices ` +
      `${pct('best-practices')}, seo ${pct('seo')}; ${Object.entries(r.metrics).map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
      `benchmarkIndex ${r.benchmarkIndex}, load average ${load.toFixed(1)}`);
    for (const f of r.failing) t.diagnostic(`not passed: [${f.category}] ${f.id} ${f.display} ${f.items.join(' | ')}`);
    const notPassed = (category) => r.failing.filter((f) => f.category === category && f.weight > 0).map((f) => f.id);
    assert.equal(r.scores.accessibility, 1, `accessibility audits not passed: ${notPassed('accessibility')}`);
    assert.equal(r.scores['best-practices'], 1, `best-practices audits not passed: ${notPassed('best-practices')}`);
    if (load > cpus().length * 2) {
      t.diagnostic(`performance not judged: machine overloaded (load average ${load.toFixed(1)} on ${cpus().length} cores)`);
      return;
    }
    assert.ok(r.scores.performance >= 0.95, `performance ${pct('performance')}: ${notPassed('performance')}`);
  });
