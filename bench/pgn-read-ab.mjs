// PGN reading, before against after (issue 14): readPgn of two builds of the package (two dist/
// folders, e.g. main's and this branch's) over the same text, alternated round by round in one
// process, in games per CPU-second; the full tree (every node visited) or headers only.
//
//   node --expose-gc bench/pgn-read-ab.mjs <distA> <distB> [--games 10000] [--rounds 3] [--headers]
//
// The text is bench/pgn-compare.mjs's generated file (run that once first: it writes
// $TMPDIR/pgn-compare-10000.pgn), cut to its first --games games.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const dists = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--games' || args[i] === '--rounds') i++;
  else if (!args[i].startsWith('--')) dists.push(args[i]);
}
if (dists.length !== 2) {
  console.error('usage: node --expose-gc bench/pgn-read-ab.mjs <distA> <distB> [--games N] [--rounds N] [--headers]');
  process.exit(2);
}
const GAMES = opt('games', 10000);
const ROUNDS = opt('rounds', 3);
const HEADERS = args.includes('--headers');

const whole = readFileSync(join(tmpdir(), 'pgn-compare-10000.pgn'), 'utf8');
let cut = 0;
for (let i = 0; i < GAMES; i++) {
  const k = whole.indexOf('\n[Event ', cut + 1);
  if (k < 0) { cut = whole.length; break; }
  cut = k + 1;
}
const text = whole.slice(0, cut);
const bytes = Buffer.from(text);

const readers = [];
for (const dist of dists) {
  const url = (file) => pathToFileURL(resolve(dist, file)).href;
  const { init } = await import(url('index.mjs'));
  const { readPgn } = await import(url('pgn.mjs'));
  await init();
  readers.push({ dist, readPgn, rates: [] });
}

function read(readPgn) {
  let games = 0, nodes = 0;
  const count = (line) => { for (const n of line) { nodes++; for (const v of n.variations) count(v); } };
  for (const r of readPgn(HEADERS ? bytes : text, { headersOnly: HEADERS })) {
    if (r.error) throw r.error;
    games++;
    if (!HEADERS) count(r.game.moves);
  }
  return { games, nodes };
}

console.log(`${HEADERS ? 'headers only' : 'full trees'}: ${(bytes.length / 1e6).toFixed(1)} MB; load average ` +
  (await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' '));
for (let round = 1; round <= ROUNDS; round++) {
  for (const r of round % 2 ? readers : [...readers].reverse()) {
    globalThis.gc?.();
    const c0 = process.cpuUsage();
    const { games, nodes } = read(r.readPgn);
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1e6;
    r.rates.push(HEADERS ? bytes.length / 1e6 / cpu : games / cpu);
    console.log(`round ${round} ${r.dist}: ${games} games${HEADERS ? '' : `, ${nodes} nodes`}, ${cpu.toFixed(2)} CPU-s -> ` +
      `${r.rates.at(-1).toFixed(HEADERS ? 1 : 0)} ${HEADERS ? 'MB' : 'games'}/CPU-s`);
  }
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const [a, b] = readers.map((r) => median(r.rates));
console.log(`median: A ${a.toFixed(HEADERS ? 1 : 0)}, B ${b.toFixed(HEADERS ? 1 : 0)} ${HEADERS ? 'MB' : 'games'}/CPU-s: ` +
  `B/A ${(b / a).toFixed(2)}x`);
