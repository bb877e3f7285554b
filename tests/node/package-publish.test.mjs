// The package as npm would publish it: `npm pack --dry-run` lists exactly the files that should
// ship (no test, source or build file; every file an entry point reaches), package.json has the
// fields a public package needs, every "exports" target is in the tarball, and `npm publish
// --dry-run` warns about nothing but the missing login.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import { dynamicImports, importMetaUrls, staticImports } from '../../scripts/lib/module-imports.mjs';
import { ROOT, requireFile, runOk } from './helpers.mjs';
import { packageFiles } from './package-files.mjs';

const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));

// Every path named by an "exports" tree.
function targets(node) {
  if (typeof node === 'string') return [node];
  if (node === null || typeof node !== 'object') return [];
  return Object.values(node).flatMap(targets);
}

test('npm pack --dry-run: exactly the files that should ship', { timeout: 120_000 }, () => {
  requireFile(`${ROOT}dist/index.mjs`, 'run scripts/build.sh wasm first');
  const [info] = JSON.parse(runOk('npm', ['pack', '--dry-run', '--json'], ROOT));
  const files = info.files.map((f) => f.path).sort();
  assert.deepEqual(files, packageFiles());
  assert.equal(info.name, 'escaque');
  assert.equal(info.version, pkg.version);
  // Every entry point, type declaration and bin is in the tarball.
  const shipped = new Set(files);
  for (const target of [...targets(pkg.exports), pkg.main, pkg.module, pkg.types, ...Object.values(pkg.bin)]) {
    const path = target.replace(/^\.\//, '');
    if (path.endsWith('/')) continue;
    assert.ok(shipped.has(path), `${target} (package.json) is not in the tarball`);
  }
  // What the shipped modules import or load (workers, WebAssembly) is shipped too, and so is the
  // source map each minified file names.
  let followed = 0;
  for (const file of files.filter((f) => /\.(mjs|cjs|js)$/.test(f) && f.startsWith('dist/'))) {
    const text = readFileSync(`${ROOT}${file}`, 'utf8');
    const map = /\n\/\/# sourceMappingURL=(\S+)\n?$/.exec(text)?.[1];
    const specs = [...staticImports(text), ...dynamicImports(text), ...importMetaUrls(text), ...(map ? [map] : [])];
    for (const spec of specs.filter((s) => s.startsWith('.') || /^[\w-]+\.(?:wasm|mjs|js|map)$/.test(s))) {
      const resolved = new URL(spec, `file:///${file}`).pathname.slice(1);
      assert.ok(shipped.has(resolved), `${file} imports ${spec}, which is not shipped`);
      followed++;
    }
  }
  assert.ok(followed > 40, `only ${followed} imports found in the shipped modules (the scan is wrong)`);
});

test('package.json: public, licensed, described', () => {
  assert.equal(pkg.private, undefined, 'not private');
  assert.equal(pkg.license, 'MIT');
  assert.match(readFileSync(`${ROOT}LICENSE`, 'utf8'), /^MIT License\n\nCopyright \(c\) 2026 the escaque contributors/);
  assert.match(pkg.version, /^0\.\d+\.\d+$/, '0.x until issue 13\'s bars are met');
  assert.ok(pkg.description.length > 40 && !/C\+\+20, compiled natively/.test(pkg.description));
  assert.ok(pkg.keywords.includes('chess') && pkg.keywords.includes('webassembly'));
  assert.deepEqual(pkg.repository, { type: 'git', url: 'git+https://github.com/escaque/escaque.git' });
  assert.equal(pkg.homepage, 'https://github.com/escaque/escaque#readme');
  assert.deepEqual(pkg.bugs, { url: 'https://github.com/escaque/escaque/issues' });
  assert.equal(typeof pkg.author, 'string');
  assert.deepEqual(pkg.dependencies ?? {}, {}, 'no runtime dependency');
  // The CHANGELOG describes this version.
  assert.match(readFileSync(`${ROOT}CHANGELOG.md`, 'utf8'), new RegExp(`^## ${pkg.version.replace(/\./g, '\\.')}\\b`, 'm'));
  // Export conditions: browsers never get the Node entries, Node gets them.
  for (const entry of ['.', './rules', './compat/chess.js']) {
    const conditions = pkg.exports[entry];
    for (const target of targets(conditions.browser)) assert.ok(!/node/.test(target), `${entry}: browser -> ${target}`);
    assert.match(conditions.node, /\.node\.mjs$/, `${entry}: node -> ${conditions.node}`);
    assert.ok(Object.keys(conditions).indexOf('browser') < Object.keys(conditions).indexOf('default'));
  }
  // Production browser builds (Vite, webpack, Parcel) and webpack's development builds get the files
  // with the WebAssembly and the worker beside them; Vite's dev server (`development`: it pre-bundles
  // dependencies where no `new URL('…', import.meta.url)` file follows), a browser build with no such
  // condition (esbuild) and a build with neither `browser` nor `node` (Rollup's node-resolve by default)
  // get the self-contained entries, which hold both. (Key order matters: the first condition a resolver
  // has wins, so `production` and `webpack` come before `development`.)
  for (const [entry, file] of [['.', 'index'], ['./rules', 'rules']]) {
    const { browser } = pkg.exports[entry];
    assert.deepEqual(Object.entries(browser), [['production', `./dist/${file}.mjs`], ['webpack', `./dist/${file}.mjs`],
      ['development', `./dist/${file}.inline.mjs`], ['default', `./dist/${file}.inline.mjs`]], entry);
    assert.equal(pkg.exports[entry].default, `./dist/${file}.inline.mjs`, entry);
    assert.equal(pkg.exports[entry].production, undefined, entry);
  }
});

test('the npm README starts with install and usage; its links work from the npm page', () => {
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  assert.equal(headings[0], 'Usage');
  assert.ok(readme.indexOf('npm install escaque') < readme.indexOf('## Usage'));
  assert.ok(!/npm (start|test)\b/.test(readme.slice(0, readme.indexOf('## Developing'))),
    'the repository\'s npm start / npm test come after the user sections');
  // Relative links would point into a repository the npm page may not resolve: every link is
  // absolute, and a link into this repository names a file that exists.
  for (const [, href] of readme.matchAll(/\]\(([^)]+)\)/g)) {
    assert.match(href, /^https:\/\//, `relative link ${href}`);
    const local = /^https:\/\/github\.com\/escaque\/escaque\/blob\/main\/(.+?)(#.*)?$/.exec(href);
    if (local) assert.ok(existsSync(`${ROOT}${local[1]}`), `${href}: ${local[1]} does not exist`);
  }
  assert.ok(existsSync(`${ROOT}CONTRIBUTING.md`));
  assert.match(readFileSync(`${ROOT}CONTRIBUTING.md`, 'utf8'), /npm start/);
});

test('npm publish --dry-run: no warning but the (expected) missing login', { timeout: 120_000 }, () => {
  const r = spawnSync('npm', ['publish', '--dry-run', '--offline'], { cwd: ROOT, encoding: 'utf8', timeout: 110_000 });
  assert.equal(r.status, 0, r.stderr);
  const warnings = r.stderr.split('\n').filter((l) => /\bwarn/i.test(l) && !/requires you to be logged in/.test(l));
  assert.deepEqual(warnings, []);
  assert.match(r.stdout + r.stderr, new RegExp(`escaque@${pkg.version.replace(/\./g, '\\.')}`));
});
