// Markdown tables from bench/anchors-compare.sh's results, with escaque's
// ratios against each peer measured in the same run (wall and CPU time).
//   node bench/anchors-summary.mjs [dir]   (default .cache/anchors-results)
import { existsSync, readFileSync } from 'node:fs';

const dir = process.argv[2] ?? new URL('../.cache/anchors-results', import.meta.url).pathname;
const load = (name) => (existsSync(`${dir}/${name}`) ? JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) : null);
const f0 = (x) => Math.round(x).toLocaleString('en-US');
const f2 = (x) => x.toFixed(2);
const ratio = (a, b) => `${(a / b).toFixed(1)}x`;

console.log('### games\n');
console.log('| library | games | total plies | SAN hash | plies/s wall (median) | plies/CPU-s (median) | escaque ÷ this (wall, CPU) |');
console.log('|---|---|---|---|---|---|---|');
const games = ['escaque', 'chessops', 'kokopu', 'chessjs', 'escaque-game'].map((n) => load(`games-${n}.json`)).filter(Boolean);
const esc = games[0];
for (const g of games) {
  const r = g === esc ? '' : `${ratio(esc.pliesPerSecond.median, g.pliesPerSecond.median)}, ${ratio(esc.pliesPerCpuSecond.median, g.pliesPerCpuSecond.median)}`;
  console.log(`| ${g.adapter} ${g.version} | ${g.options.games} × ${g.runs} | ${g.plies} | ${g.sanHash} | ${f0(g.pliesPerSecond.median)} | ${f0(g.pliesPerCpuSecond.median)} | ${r} |`);
}

console.log('\n### perft (Mnps, median; every leaf played except the UCI row)\n');
const perfts = ['escaque', 'chessops', 'kokopu', 'chessjs', 'escaque-uci'].map((n) => load(`perft-${n}.json`)).filter(Boolean);
const key = (e) => `${e.id} d${e.depth}`;
const rows = new Map();
for (const p of perfts) {
  for (const e of p.results ?? p.entries ?? []) {
    if (e.skipped || !e.nps) continue;
    if (!rows.has(key(e))) rows.set(key(e), {});
    rows.get(key(e))[p.adapter] = e;
  }
}
const names = perfts.map((p) => p.adapter);
console.log(`| position | ${names.join(' | ')} | escaque ÷ chessops (wall, CPU) |`);
console.log(`|---|${names.map(() => '---').join('|')}|---|`);
for (const [k, r] of rows) {
  const cell = (n) => (r[n] ? `${f2(r[n].nps.median / 1e6)} (CPU ${f2(r[n].npsCpu.median / 1e6)})` : '');
  const e = r.escaque, c = r.chessops;
  const rr = e && c ? `${ratio(e.nps.median, c.nps.median)}, ${ratio(e.npsCpu.median, c.npsCpu.median)}` : '';
  console.log(`| ${k} | ${names.map(cell).join(' | ')} | ${rr} |`);
}

const cold = load('coldstart.json');
if (cold) {
  console.log('\n### cold start (ms, median of 5 fresh processes)\n');
  console.log('```');
  console.log(JSON.stringify(cold.results ?? cold, null, 1).slice(0, 4000));
  console.log('```');
}
