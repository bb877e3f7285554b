// examples/vue (docs/viewer.md "Frameworks"): the example as it is in the repository, built by Vite
// with its own config (@vitejs/plugin-vue, escaque-* declared custom elements), escaque resolved as an
// installed dependency (a symlink in node_modules), run in headless Chromium under its strict CSP: the
// PGN bound as a property (:pgn.prop), the element's events into Vue state (@nodechange, @analyse), and
// a reactive attribute (orientation).
import { test } from 'node:test';

import { useBuiltExample } from '../browser/example-app.mjs';
import { checkViewerExample } from './viewer-example.mjs';

// Vite and the packages below are locked devDependencies (package.json): nothing is installed here.
const env = useBuiltExample('vue', ['vue', '@vitejs/plugin-vue']);

test('the Vue example builds with Vite and runs in Chromium', { timeout: 120_000 }, () => checkViewerExample(env));
