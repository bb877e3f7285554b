// examples/svelte (docs/viewer.md "Frameworks"): the example as it is in the repository, built by Vite
// with its own config (@sveltejs/vite-plugin-svelte), escaque resolved as an installed dependency (a
// symlink in node_modules), run in headless Chromium under its strict CSP: the PGN given as a prop
// (Svelte sets it as a property), the element's events into Svelte state (onnodechange, onanalyse),
// and a reactive attribute (orientation).
import { test } from 'node:test';

import { useBuiltExample } from '../browser/example-app.mjs';
import { checkViewerExample } from './viewer-example.mjs';

// Vite and the packages below are locked devDependencies (package.json): nothing is installed here.
const env = useBuiltExample('svelte', ['svelte', '@sveltejs/vite-plugin-svelte']);

test('the Svelte example builds with Vite and runs in Chromium', { timeout: 120_000 }, () => checkViewerExample(env));
