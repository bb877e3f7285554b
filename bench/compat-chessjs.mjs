#!/usr/bin/env node
// escaque/compat/chess.js against chess.js 1.4.0 on the same seeded random
// games: per ply moves() + move(san) + isGameOver(), the loop a chess.js user
// writes. Each library runs in its own process; CPU seconds are measured.
//   node bench/compat-chessjs.mjs [games]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const games = Number(process.argv[2] === "--child" ? process.argv[4] : process.argv[2] ?? 100);

async function run(lib) {
  const { Chess } = await import(lib === 'chess.js' ? 'chess.js' : '../dist/compat/chess.mjs');
  let seed = 12345;
  const rand = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x80000000; };
  let plies = 0;
  let sanHash = 0;
  const start = process.cpuUsage();
  for (let g = 0; g < games; g++) {
    const chess = new Chess();
    while (!chess.isGameOver()) {
      const moves = chess.moves();
      const san = moves[Math.floor(rand() * moves.length)];
      chess.move(san);
      plies++;
      for (let i = 0; i < san.length; i++) sanHash = (sanHash * 31 + san.charCodeAt(i)) >>> 0;
    }
  }
  const used = process.cpuUsage(start);
  const seconds = (used.user + used.system) / 1e6;
  return { lib, games, plies, sanHash, cpuSeconds: +seconds.toFixed(2), pliesPerCpuSecond: Math.round(plies / seconds) };
}

if (process.argv[2] === '--child') {
  console.log(JSON.stringify(await run(process.argv[3] === 'chess.js' ? 'chess.js' : 'escaque', games)));
} else {
  const self = fileURLToPath(import.meta.url);
  const results = ['chess.js', 'escaque'].map((lib) => {
    const r = spawnSync(process.execPath, [self, '--child', lib, String(games)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout);
  });
  for (const r of results) console.log(JSON.stringify(r));
  const [ref, ours] = results;
  if (ref.plies !== ours.plies || ref.sanHash !== ours.sanHash) throw new Error('the two libraries played different games');
  console.log(`escaque/compat/chess.js: ${(ours.pliesPerCpuSecond / ref.pliesPerCpuSecond).toFixed(1)}x chess.js`);
}
