// Shared by the framework example tests (tests/browser/react-example, tests/frameworks/*): copies
// examples/<name> to a temporary folder, resolves `escaque` and the framework's packages there as
// installed dependencies (symlinks into this repository and its locked node_modules: nothing is
// installed), builds it with Vite and its own vite.config.mjs, serves the output and starts Chromium.
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

import { build } from 'vite';

import { startServer } from '../../scripts/serve.mjs';
import { launchChromium } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Registers the before/after hooks; `packages` are node_modules paths (e.g. '@vitejs/plugin-vue').
 * The returned object's `dir` (built pages under dir/web), `baseUrl` and `browser` are filled in once
 * the hooks have run.
 */
export function useBuiltExample(name, packages) {
  const env = { dir: '', baseUrl: '', browser: null };
  let server;
  before(async () => {
    env.dir = await mkdtemp(join(tmpdir(), `escaque-${name}-`));
    const app = join(env.dir, 'app');
    await cp(join(ROOT, 'examples', name), app, { recursive: true, filter: (src) => !/node_modules|dist$/.test(src) });
    await mkdir(join(app, 'node_modules'), { recursive: true });
    await symlink(ROOT, join(app, 'node_modules', 'escaque'), 'dir');
    for (const pkg of packages) {
      await mkdir(dirname(join(app, 'node_modules', pkg)), { recursive: true });
      await symlink(join(ROOT, 'node_modules', pkg), join(app, 'node_modules', pkg), 'dir');
    }
    await build({ root: app, logLevel: 'error', configFile: join(app, 'vite.config.mjs'),
      build: { outDir: join(env.dir, 'web'), emptyOutDir: true } });
    server = await startServer({ port: 0, root: env.dir });
    env.baseUrl = `http://127.0.0.1:${server.address().port}/`;
    env.browser = await launchChromium();
  }, { timeout: 240_000 });
  after(async () => {
    await env.browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
    if (env.dir) await rm(env.dir, { recursive: true, force: true });
  }, { timeout: 60_000 });
  return env;
}

/** Page errors, console errors (and warnings with `warnings`), and failed responses, collected. */
export function collectProblems(page, { warnings = false } = {}) {
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    const bad = m.type() === 'error' || (warnings && m.type() === 'warning');
    if (bad && !/Failed to load resource/.test(m.text())) problems.push(m.text());
  });
  page.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`); });
  return problems;
}
