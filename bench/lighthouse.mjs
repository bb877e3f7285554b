#!/usr/bin/env node
// Lighthouse on the served app (issue 6's bar: Performance ≥ 95, Accessibility 100, Best Practices 100),
// in Debian's Chromium, desktop and mobile presets. Prints each category's score, the metrics behind
// Performance and every audit that is not passed.
//
//   node bench/lighthouse.mjs                      serves web/ + dist/ itself (scripts/serve.mjs, free port)
//   node bench/lighthouse.mjs --url http://localhost:8080/ --preset mobile --runs 3
//   node bench/lighthouse.mjs --page embed.html    another page of the same server
//   node bench/lighthouse.mjs --json out-dir       also writes each full report (JSON)
//
// Exit status 1 when a run misses a bar. `npm run build` first (the app loads dist/).
//
// Lighthouse is installed on first use into .cache/tools, not as a devDependency: it pulls in
// puppeteer and platform-specific packages the project does not otherwise need, and keeping it out of
// package-lock.json keeps `npm ci` small and installable from this machine's registry. 12.8.2 is the
// newest release that runs on Node 20 (13.x needs Node ≥ 22.19).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { startServer } from '../scripts/serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOOLS = join(ROOT, '.cache', 'tools');
export const LIGHTHOUSE_VERSION = '12.8.2';
export const BARS = { performance: 0.95, accessibility: 1, 'best-practices': 1 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// DEVELOPERS.md's Chromium flags: no sandbox as root, no GPU, and no background networking (the
// machine has no network access and none should be attempted).
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Installs Lighthouse into .cache/tools if needed; returns {lighthouse, desktopConfig, chromeLauncher}. */
export async function loadLighthouse() {
  const modules = join(TOOLS, 'node_modules');
  const entry = join(modules, 'lighthouse', 'core', 'index.js');
  let installed = '';
  try {
    installed = JSON.parse(readFileSync(join(modules, 'lighthouse', 'package.json'), 'utf8')).version;
  } catch { /* not installed */ }
  if (!existsSync(entry) || installed !== LIGHTHOUSE_VERSION) {
    mkdirSync(TOOLS, { recursive: true });
    if (!existsSync(join(TOOLS, 'package.json'))) writeFileSync(join(TOOLS, 'package.json'), '{"private":true}\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { cwd: TOOLS, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  const lh = await import(pathToFileURL(entry).href);
  const chromeLauncher = await import(pathToFileURL(join(modules, 'chrome-launcher', 'dist', 'index.js')).href);
  return { lighthouse: lh.default, desktopConfig: lh.desktopConfig, chromeLauncher };
}

/**
 * One Lighthouse run of `url` with `preset` ('desktop' | 'mobile') in a fresh headless Chromium.
 * Returns {preset, scores: {category: 0..1}, metrics: {id: display value}, failing: [{id, title, score,
 * display}], benchmarkIndex, lhr}.
 */
export async function runLighthouse(url, preset, tools) {
  const { lighthouse, desktopConfig, chromeLauncher } = tools ?? await loadLighthouse();
  const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const config = preset === 'desktop' ? desktopConfig : undefined;  // the default config is mobile
    const { lhr } = await lighthouse(url, flags, config);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]));
    const metrics = Object.fromEntries(['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time',
      'cumulative-layout-shift', 'speed-index', 'interactive']
      .map((id) => [id, lhr.audits[id]?.displayValue ?? '?']));
    const failing = [];
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        const scored = a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric' ||
          a.scoreDisplayMode === 'metricSavings';
        if (!scored || a.score === null || a.score >= 1) continue;
        failing.push({ category: c, id: a.id, title: a.title, score: a.score, weight: ref.weight,
          display: a.displayValue ?? '',
          items: (Array.isArray(a.details?.items) ? a.details.items : []).slice(0, 5).map(describeItem) });
      }
    }
    return { preset, scores, metrics, failing, benchmarkIndex: lhr.environment?.benchmarkIndex, lhr };
  } finally {
    await chrome.kill();
  }
}

function describeItem(item) {
  const node = item.node?.snippet ?? item.node?.selector;
  if (node) return `${node}${item.node?.explanation ? ` — ${item.node.explanation.split('\n')[0]}` : ''}`;
  if (item.url) return `${item.url}${item.wastedBytes ? ` (${Math.round(item.wastedBytes / 1024)} KiB to save)` : ''}`;
  if (item.description) return item.description;
  return JSON.stringify(item).slice(0, 160);
}

/** true when a run's scores meet every bar. */
export function meetsBars(scores) {
  return Object.entries(BARS).every(([c, bar]) => (scores[c] ?? 0) >= bar);
}

function parseArgs(argv) {
  const args = { url: null, page: '', presets: ['desktop', 'mobile'], runs: 1, json: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--url') args.url = value();
    else if (a === '--page') args.page = value();
    else if (a === '--preset') {
      const p = value();
      if (!['desktop', 'mobile', 'both'].includes(p)) throw new Error(`--preset: desktop, mobile or both, not ${p}`);
      args.presets = p === 'both' ? ['desktop', 'mobile'] : [p];
    } else if (a === '--runs') {
      args.runs = Number(value());
      if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error('--runs: a positive integer');
    } else if (a === '--json') args.json = value();
    else throw new Error(`unknown argument ${a} (see the comment at the top of bench/lighthouse.mjs)`);
  }
  return args;
}

const pct = (s) => (s === null ? '–' : String(Math.round(s * 100)));

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const tools = await loadLighthouse();
  let server = null;
  let base = args.url;
  if (!base) {
    server = await startServer({ port: 0 });
    base = `http://localhost:${server.address().port}/`;
  }
  const url = new URL(args.page, base).href;
  console.log(`Lighthouse ${LIGHTHOUSE_VERSION} on ${url}; Chromium ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}; ` +
    `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  let allMet = true;
  try {
    for (const preset of args.presets) {
      for (let run = 1; run <= args.runs; run++) {
        const r = await runLighthouse(url, preset, tools);
        const met = meetsBars(r.scores);
        allMet &&= met;
        console.log(`\n${preset} run ${run}: performance ${pct(r.scores.performance)}, accessibility ` +
          `${pct(r.scores.accessibility)}, best practices ${pct(r.scores['best-practices'])} (seo ` +
          `${pct(r.scores.seo)}) — ${met ? 'bars met' : 'BARS NOT MET'}; benchmarkIndex ${r.benchmarkIndex}, ` +
          `load ${loadavg()[0].toFixed(1)}`);
        console.log(`  ${Object.entries(r.metrics).map(([k, v]) => `${k} ${v}`).join(', ')}`);
        for (const f of r.failing) {
          console.log(`  [${f.category}] ${f.id} (score ${f.score}, weight ${f.weight}): ${f.title}` +
            `${f.display ? ` — ${f.display}` : ''}`);
          for (const item of f.items) console.log(`      ${item}`);
        }
        if (args.json) {
          mkdirSync(args.json, { recursive: true });
          writeFileSync(join(args.json, `lighthouse-${preset}-${run}.json`), JSON.stringify(r.lhr, null, 1));
        }
      }
    }
  } finally {
    server?.close();
  }
  process.exitCode = allMet ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(`bench/lighthouse.mjs: ${e.message}`);
    process.exit(2);
  });
}
