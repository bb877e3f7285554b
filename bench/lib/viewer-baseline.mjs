// The viewer's files (bindings/js/board/) at a git revision, minified as the build ships dist/board/
// (scripts/minify-js.mjs) so that a before/after pair parses the same kind of file, into `dir` beside
// dist/board/ (their imports of ../rules.mjs and ../pgn.mjs then reach the package as built).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { minifyFiles } from '../../scripts/minify-js.mjs';
import { startServer } from '../../scripts/serve.mjs';

export async function unpackViewerBaseline(rev, dir) {
  rmSync(dir, { recursive: true, force: true });
  const unpacked = mkdtempSync(join(tmpdir(), 'escaque-viewer-baseline-'));
  try {
    execFileSync('sh', ['-c', `git archive ${JSON.stringify(rev)} bindings/js/board | tar -x --strip-components=2 -C ${JSON.stringify(unpacked)}`]);
    const files = readdirSync(join(unpacked, 'board')).filter((f) => f.endsWith('.js')).map((f) => `board/${f}`);
    await minifyFiles(unpacked, join(unpacked, 'out'), files);
    cpSync(join(unpacked, 'out', 'board'), dir, { recursive: true });
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

// What both viewer benches start with: the app served here, Debian's Chromium, and the variants to
// alternate ('board-baseline' first when a baseline revision is given, unpacked beside dist/board/).
export async function startViewerBench(baseline) {
  const server = await startServer({ port: 0 });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  const variants = baseline ? ['board-baseline', 'board'] : ['board'];
  if (baseline) await unpackViewerBaseline(baseline, 'dist/board-baseline');
  return { server, base, browser, variants };
}
