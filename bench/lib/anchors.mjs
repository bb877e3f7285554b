// What the benchmarks that drive ../shared/bench/anchors share: numeric --name options, where the
// anchors are, and the environment their peers are found through.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** opt('games', 100): the number after --games in the command line, else the default. */
export function numberOption(name, dflt, args = process.argv.slice(2)) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
}

/** The escaque adapter of a games benchmark: the Chess class with --chess, else Position. */
export function escaqueAdapter(args = process.argv.slice(2)) {
  return args.includes('--chess') ? 'bench/adapters/escaque-game.mjs' : 'bench/adapters/escaque.mjs';
}

/** The shared anchors' folder: ANCHORS_DIR, else ../shared/bench/anchors beside the repository. */
export function anchorsDir() {
  const dir = process.env.ANCHORS_DIR ??
    [resolve(ROOT, '../shared/bench/anchors'), resolve(ROOT, '../../shared/bench/anchors')]
      .find((d) => existsSync(join(d, 'games.mjs')));
  if (!dir) throw new Error('set ANCHORS_DIR to the shared anchors directory');
  return dir;
}

/** Where the peers are installed: ANCHORS_NODE_MODULES, else .cache/peers/node_modules. */
export const peersDir = () => process.env.ANCHORS_NODE_MODULES ?? join(ROOT, '.cache/peers/node_modules');
