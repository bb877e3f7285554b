#!/usr/bin/env node
// The Node PGN reader's memory does not grow with the file (issue 17, "Big input"): files of 10,000
// and 100,000 random legal games (tests/support/random-pgn.mjs, seeded: ≈ 20 and 200 MB) read with
// readPgnStream(createReadStream(file)), in full and headers-only, each in a child process of its own
// with a small V8 heap (--max-old-space-size=64: a reader that kept the file or its games would die
// of it). The child samples process.memoryUsage() after every game and reports the peaks of the JS
// heap, of RSS and of the WebAssembly memory (the module's heap, which grows and never shrinks).
// The figures go in docs/benchmarks.md.
//
//   npm run build && node bench/pgn-stream-memory.mjs [games...=10000 100000]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { randomPgn } from '../tests/support/random-pgn.mjs';

const HEAP_MB = 64;
const self = fileURLToPath(import.meta.url);

if (process.argv[2] === '--child') {
  // One reading: node --max-old-space-size=64 pgn-stream-memory.mjs --child FILE MODE
  const [, , , file, mode] = process.argv;
  const { createReadStream } = await import('node:fs');
  const { init, _heapSize } = await import('../dist/index.mjs');
  const { readPgnStream } = await import('../dist/pgn.mjs');
  await init();
  const peak = { heapUsed: 0, rss: 0, wasm: 0 };
  let games = 0, errors = 0, moves = 0;
  const started = process.cpuUsage();
  for await (const r of readPgnStream(createReadStream(file), { headersOnly: mode === 'headers' })) {
    games++;
    if (r.error) errors++;
    else moves += r.game.moves?.length ?? 0;
    if (games % 50 === 0) {
      const m = process.memoryUsage();
      peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
      peak.rss = Math.max(peak.rss, m.rss);
      peak.wasm = Math.max(peak.wasm, _heapSize());
    }
  }
  const cpu = process.cpuUsage(started);
  console.log(JSON.stringify({ games, errors, moves, peak, cpuS: (cpu.user + cpu.system) / 1e6 }));
  process.exit(0);
}

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
if (!sizes.length) sizes.push(10_000, 100_000);
const dir = mkdtempSync(join(tmpdir(), 'escaque-pgn-memory-'));
const MB = (b) => (b / 2 ** 20).toFixed(1);
try {
  const pgn = await randomPgn({ seed: 17, distinct: 300 });
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; node ${process.version}; ` +
    `child heap limit --max-old-space-size=${HEAP_MB}`);
  for (const n of sizes) {
    const file = join(dir, `${n}.pgn`);
    await pgn.writeFile(file, n);
    const size = statSync(file).size;
    for (const mode of ['full', 'headers']) {
      const out = execFileSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, self, '--child', file, mode],
        { encoding: 'utf8', maxBuffer: 1 << 20 });
      const r = JSON.parse(out.trim().split('\n').at(-1));
      if (r.games !== n || r.errors) throw new Error(`${n} games, ${mode}: read ${r.games} games, ${r.errors} errors`);
      console.log(`${String(n).padStart(6)} games, ${MB(size).padStart(6)} MiB, ${mode.padEnd(7)}: ` +
        `peak JS heap ${MB(r.peak.heapUsed)} MiB, peak RSS ${MB(r.peak.rss)} MiB, ` +
        `WebAssembly memory ${MB(r.peak.wasm)} MiB, ${r.cpuS.toFixed(1)} CPU-s` +
        (mode === 'full' ? `, ${r.moves} moves` : ''));
    }
    rmSync(file);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
