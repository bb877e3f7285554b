// The packed package, installed into an empty project, through its other entry
// points: `import … from 'escaque/compat/chess.js'` (synchronous new Chess()
// after the import) and `require('escaque')` (the CommonJS entry's promises),
// and tsc over a consumer of each (ESM .mts, CommonJS .cts) against the
// installed type declarations.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ROOT, requireFile, runOk } from './helpers.mjs';

const work = mkdtempSync(join(tmpdir(), 'escaque-compat-pack-'));
const project = join(work, 'project');
after(() => rmSync(work, { recursive: true, force: true }));

before(() => {
  requireFile(`${ROOT}dist/compat/chess.mjs`, 'run scripts/build.sh (WASM build) first');
  const [info] = JSON.parse(runOk('npm', ['pack', '--json', '--pack-destination', work], ROOT));
  const installed = join(project, 'node_modules', 'escaque');
  mkdirSync(installed, { recursive: true });
  runOk('tar', ['-xzf', join(work, info.filename), '-C', installed, '--strip-components=1'], work);
  writeFileSync(join(project, 'package.json'), '{"name": "consumer", "private": true}\n');
});

test('import from escaque/compat/chess.js: new Chess() works right after the import', () => {
  writeFileSync(join(project, 'compat.mjs'), `
    import { Chess, validateFen } from 'escaque/compat/chess.js';
    const chess = new Chess();
    chess.move('e4'); chess.move('e5'); chess.move({ from: 'g1', to: 'f3' });
    console.log(JSON.stringify({ pgn: chess.pgn({ maxWidth: 0 }).split('\\n').pop(), ok: validateFen(chess.fen()).ok }));
  `);
  const out = JSON.parse(runOk(process.execPath, ['compat.mjs'], project));
  assert.deepEqual(out, { pgn: '1. e4 e5 2. Nf3 *', ok: true });
});

test('require(\'escaque\'): init() and loadCompat() resolve to the ready APIs', () => {
  writeFileSync(join(project, 'main.cjs'), `
    const escaque = require('escaque');
    (async () => {
      const { Chess } = await escaque.init();
      const game = new Chess();
      game.move('d4');
      const compat = await escaque.loadCompat();
      const chess = new compat.Chess();
      chess.move('d4');
      console.log(JSON.stringify({ main: game.fen(), compat: chess.fen(), keys: Object.keys(escaque).sort() }));
    })().catch((e) => { console.error(e); process.exit(1); });
  `);
  const out = JSON.parse(runOk(process.execPath, ['main.cjs'], project));
  const fen = 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1';
  assert.deepEqual(out, { main: fen, compat: fen, keys: ['init', 'loadCompat'] });
});

test('tsc: the installed types serve an ESM consumer of both entries and a CommonJS consumer', () => {
  writeFileSync(join(project, 'esm.mts'), `
    import { Chess } from 'escaque/compat/chess.js';
    import { positionMoves } from 'escaque';
    const moves: string[] = new Chess().moves();
    const listed: { uci: string; san: string }[] = positionMoves('8/8/8/8/8/8/8/K6k w - - 0 1');
    // @ts-expect-error: verbose moves are Move objects, not strings
    const wrong: string[] = new Chess().moves({ verbose: true });
    export { moves, listed, wrong };
  `);
  writeFileSync(join(project, 'cjs.cts'), `
    import escaque = require('escaque');
    export async function f(): Promise<string> {
      const api = await escaque.init();
      const compat = await escaque.loadCompat();
      // @ts-expect-error: the CommonJS entry has no Chess of its own
      escaque.Chess;
      return new api.Chess().fen() + new compat.Chess().fen();
    }
  `);
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true,
      lib: ['ES2022', 'DOM', 'ESNext.Disposable'], types: [] },
    files: ['esm.mts', 'cjs.cts'],
  }));
  runOk(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], project);
});
