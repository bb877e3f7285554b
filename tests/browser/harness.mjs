// Shared set-up of the browser tests: the dev server on a free port and
// Debian's Chromium, headless, with the flags this machine needs (no sandbox
// as root; no background networking, which the closed network would refuse).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before } from 'node:test';

import { chromium } from 'playwright-core';

import { startServer } from '../../scripts/serve.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

// Registers before/after hooks in the calling test file; the returned object's
// `browser` and `baseUrl` are filled in once the hooks have run.
export function useServedChromium() {
  const env = { browser: null, baseUrl: '' };
  let server;
  before(async () => {
    assert.ok(existsSync(CHROMIUM), `${CHROMIUM} not found (apt-get install chromium; scripts/setup.sh does)`);
    server = await startServer({ port: 0 });
    env.baseUrl = `http://127.0.0.1:${server.address().port}/`;
    env.browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, { timeout: 120_000 });  // a hang in start-up fails instead of stalling CI
  after(async () => {
    await env.browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  }, { timeout: 60_000 });
  return env;
}

// The same Chromium, for tests that serve something else than web/ + dist/.
export function launchChromium() {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} not found (apt-get install chromium; scripts/setup.sh does)`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}
