// Shared set-up of the browser tests: the dev server on a free port and
// Debian's Chromium, headless, with the flags this machine needs (no sandbox
// as root; no background networking, which the closed network would refuse).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before } from 'node:test';

import { chromium } from 'playwright-core';

import { startServer } from '../../scripts/serve.mjs';

// Debian's Chromium in two builds of the same version: the browser (`chromium`, whose headless mode is the
// whole browser without a window) and the old headless shell (`chromium-headless-shell`: the same Blink
// and V8 without the browser's UI layers, what Playwright itself drives for headless runs). The suite runs
// on the shell: here it costs half the CPU (a new page 0.45 CPU-s against 1.35; the whole browser section
// 6m12s against 11m21s, docs/benchmarks.md "Session 25"). full-chromium.test.mjs plays the app and the
// embed page on the browser itself; CHROMIUM_PATH=/usr/bin/chromium runs every file there.
export const CHROMIUM_FULL = '/usr/bin/chromium';
export const CHROMIUM_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(CHROMIUM_SHELL) ? CHROMIUM_SHELL : CHROMIUM_FULL);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

// Registers before/after hooks in the calling test file; the returned object's
// `browser` and `baseUrl` are filled in once the hooks have run.
// executablePath: another Chromium than the suite's (full-chromium.test.mjs: the browser itself).
export function useServedChromium({ executablePath = CHROMIUM } = {}) {
  const env = { browser: null, baseUrl: '' };
  let server;
  before(async () => {
    server = await startServer({ port: 0 });
    env.baseUrl = `http://127.0.0.1:${server.address().port}/`;
    env.browser = await launchChromium(executablePath);
  }, { timeout: 120_000 });  // a hang in start-up fails instead of stalling CI
  after(async () => {
    await env.browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  }, { timeout: 60_000 });
  return env;
}

// The suite's Chromium (or another), for tests that serve something else than web/ + dist/.
export function launchChromium(executablePath = CHROMIUM) {
  assert.ok(existsSync(executablePath), `${executablePath} not found (scripts/setup.sh installs it from apt)`);
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
