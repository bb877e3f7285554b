// PGN reading speed (issue 14): escaque's readPgn (C++ reader, one call per megabyte of input whose
// trees come back as bytes (bindings/embind/pgn_wire.h) decoded game by game, every move of every
// variation checked and given as SAN + UCI, [%...] commands parsed) against
// chessops's parsePgn + replay of every node (walk + parseSan + play) and chess.js's loadPgn, in
// the same run, alternated round by round; and readPgn's headers-only mode in MB/s.
//
//   npm run build && node --expose-gc bench/pgn-compare.mjs [--games 10000] [--rounds 3] [--chessjs 300]
//
// Last, readPgnStream's memory: the file streamed from disk once and ten times in a row (10x the
// games), peak JS heap and WebAssembly memory sampled after every game.
//
// The input is generated here, seeded (the same file every run): random legal games of 30-140
// plies from escaque's Position, with Seven Tag Roster + lichess-like tags, a [%clk] on every move,
// [%eval] in half the games, NAGs, text comments and 1-4 move variations on a few percent of the
// moves. chess.js is slow, so it reads the first --chessjs games only (games/s is what is compared).
import { createReadStream, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';

import { Chess as ChessJs } from 'chess.js';
import { parsePgn, startingPosition, walk } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { Position, _heapSize, init } from '../dist/index.mjs';
import { readPgn, readPgnStream, writePgn } from '../dist/pgn.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const GAMES = opt('games', 10000);
const ROUNDS = opt('rounds', 3);
const CHESSJS = opt('chessjs', 300);

await init();

// ---- the input ----
let seed = 20261125;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor((seed / 2147483648) * n); };
const clock = (ms) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
const COMMENTS = ['A sharp idea.', 'Inaccuracy. Nf3 was best.', 'The only move.', 'White is better here',
  'Mistake: this loses a pawn', 'Black resigns soon after.'];
function randomLine(pos, plies) {
  const sans = [];
  for (let i = 0; i < plies; i++) {
    const moves = pos.moves();
    if (!moves.length) break;
    sans.push(pos.sanAndPlay(moves[rand(moves.length)]));
  }
  return sans;
}
function makeGame(n) {
  const pos = new Position();
  const plies = 30 + rand(111);
  const evals = rand(2) === 0;
  const clocks = [180000, 180000];
  let text = '';
  let mated = false;
  for (let ply = 0; ply < plies; ply++) {
    const moves = pos.moves();
    if (!moves.length) { mated = pos.inCheck(); break; }
    const before = ply % 2 === 0 ? `${ply / 2 + 1}. ` : `${(ply - 1) / 2 + 1}... `;
    const branch = rand(100) < 4 ? pos.clone() : null;
    const san = pos.sanAndPlay(moves[rand(moves.length)]);
    clocks[ply % 2] = Math.max(0, clocks[ply % 2] - rand(9000) + 2000);
    text += `${before}${san}`;
    if (rand(100) < 3) text += ` $${1 + rand(6)}`;
    let comment = evals ? `[%eval ${(rand(400) - 200) / 100}] ` : '';
    comment += `[%clk ${clock(clocks[ply % 2])}]`;
    if (rand(100) < 3) comment = `${COMMENTS[rand(COMMENTS.length)]} ${comment}`;
    text += ` { ${comment} } `;
    if (branch) {
      const line = randomLine(branch, 1 + rand(4));
      branch.dispose();
      if (line.length) text += `(${before}${line.join(' ')}) `;
    }
  }
  pos.dispose();
  const result = mated ? (plies % 2 ? '1-0' : '0-1') : ['1-0', '0-1', '1/2-1/2'][rand(3)];
  const tags = [['Event', 'Rated Blitz game'], ['Site', `https://example.org/g${n}`], ['Date', '2024.03.09'],
    ['Round', '-'], ['White', `player${rand(5000)}`], ['Black', `player${rand(5000)}`], ['Result', result],
    ['WhiteElo', String(1200 + rand(1500))], ['BlackElo', String(1200 + rand(1500))], ['TimeControl', '180+0'],
    ['ECO', `B${String(rand(100)).padStart(2, '0')}`], ['Termination', 'Normal']];
  return `${tags.map(([k, v]) => `[${k} "${v}"]`).join('\n')}\n\n${text}${result}\n\n`;
}
const gameTexts = [];
for (let i = 0; i < GAMES; i++) gameTexts.push(makeGame(i));
const text = gameTexts.join('');
const file = join(tmpdir(), `pgn-compare-${GAMES}.pgn`);
writeFileSync(file, text);
const bytes = Buffer.from(text);  // headers only reads the file's bytes, as a database lister would
const mb = bytes.length / 1e6;
console.log(`input: ${GAMES} games, ${mb.toFixed(1)} MB (${file})`);

// ---- the readers ----
function escaque() {
  let games = 0, nodes = 0;
  const count = (line) => { for (const n of line) { nodes++; for (const v of n.variations) count(v); } };
  for (const r of readPgn(text)) {
    if (r.error) throw r.error;
    games++;
    count(r.game.moves);
  }
  return { games, nodes };
}
function escaqueHeaders() {
  let games = 0;
  for (const r of readPgn(bytes, { headersOnly: true })) {
    if (r.error) throw r.error;
    games++;
  }
  return { games };
}
function chessops() {
  let games = 0, nodes = 0;
  for (const game of parsePgn(text)) {
    const start = startingPosition(game.headers);
    if (start.isErr) throw start.error;
    walk(game.moves, start.value, (pos, node) => {
      const move = parseSan(pos, node.san);
      if (!move) throw new Error(`chessops: illegal ${node.san}`);
      pos.play(move);
      nodes++;
    });
    games++;
  }
  return { games, nodes };
}
function chessjs() {
  let games = 0;
  for (let i = 0; i < Math.min(CHESSJS, GAMES); i++) {
    new ChessJs().loadPgn(gameTexts[i]);
    games++;
  }
  return { games };
}

function measure(fn) {
  globalThis.gc?.();  // run with --expose-gc: no reader pays for the garbage of the one before
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = fn();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(cpu0);
  return { ...r, wall, cpu: (c.user + c.system) / 1e6 };
}

const rows = { escaque: [], chessops: [], chessjs: [], headers: [] };
for (let round = 1; round <= ROUNDS; round++) {
  const order = round % 2 ? ['escaque', 'chessops', 'chessjs', 'headers'] : ['headers', 'chessjs', 'chessops', 'escaque'];
  for (const name of order) {
    const fn = { escaque, chessops, chessjs, headers: escaqueHeaders }[name];
    const r = measure(fn);
    rows[name].push(r);
    const extra = name === 'headers' ? `${(mb / r.cpu).toFixed(1)} MB/CPU-s, ${(mb / r.wall).toFixed(1)} MB/s`
      : `${(r.games / r.cpu).toFixed(0)} games/CPU-s, ${(r.games / r.wall).toFixed(0)} games/s`;
    console.log(`round ${round} ${name.padEnd(8)} ${r.games} games${r.nodes ? `, ${r.nodes} nodes` : ''}: ` +
      `${r.cpu.toFixed(2)} CPU-s, ${r.wall.toFixed(2)} s wall -> ${extra}`);
  }
}
const median = (list) => { const s = [...list].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const rate = (name, key) => median(rows[name].map((r) => r.games / r[key]));
for (const key of ['cpu', 'wall']) {
  const e = rate('escaque', key), c = rate('chessops', key), j = rate('chessjs', key);
  const h = median(rows.headers.map((r) => mb / r[key]));
  console.log(`median (${key === 'cpu' ? 'per CPU-second' : 'wall'}): escaque ${e.toFixed(0)} games/s, ` +
    `chessops ${c.toFixed(0)} (escaque ${(e / c).toFixed(2)}x), chess.js ${j.toFixed(1)} (escaque ${(e / j).toFixed(1)}x); ` +
    `headers only ${h.toFixed(1)} MB/s`);
}

// ---- round trip: every game written and read back gives the same tree ----
{
  let same = 0, total = 0;
  for (const r of readPgn(text)) {
    total++;
    const back = [...readPgn(writePgn(r.game))];
    if (back.length === 1 && isDeepStrictEqual(back[0].game, r.game)) same++;
    else console.log(`round trip differs: game ${r.index}`);
  }
  console.log(`round trip: ${same} of ${total} games read back identical (tags, moves, comments, NAGs, commands, variations, result)`);
}

// ---- the stream reader's memory: 1x and 10x the file ----
async function streamPeak(times) {
  async function* pieces() {
    for (let i = 0; i < times; i++) for await (const chunk of createReadStream(file)) yield chunk;
  }
  globalThis.gc?.();
  let games = 0, heap = 0, wasm = 0;
  for await (const r of readPgnStream(pieces())) {
    if (r.error) throw r.error;
    games++;
    if (games % 100 === 0) {
      heap = Math.max(heap, process.memoryUsage().heapUsed);
      wasm = Math.max(wasm, _heapSize());
    }
  }
  return { games, heap, wasm };
}
for (const times of [1, 10]) {
  const r = await streamPeak(times);
  console.log(`readPgnStream over ${times}x the file: ${r.games} games, peak JS heap ${(r.heap / 1e6).toFixed(1)} MB, ` +
    `WebAssembly memory ${(r.wasm / 1e6).toFixed(1)} MB`);
}
