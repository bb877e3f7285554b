// Big PGN files for tests and benchmarks (issue 17, "Big input"): random legal games played by the
// package's own Position from a seed, so every run makes the same file. `distinct` games are played
// (30-140 plies each, a [%clk] comment on every move); game i of the file has the moves of played
// game i % distinct under tags of its own (White "White i", Round "i"), so a file of 100,000 games
// costs no more to make than one of a few hundred, and any game's expected moves are known.
//
//   const pgn = await randomPgn({ seed: 17, distinct: 300 });
//   pgn.gameText(i)         the PGN text of game i (ends with a blank line)
//   pgn.expected(i)         {tags, sans}: what reading game i must give
//   await pgn.writeFile(path, games)   writes games 0 .. games-1; returns the size in bytes
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

import { seededRandom } from '../node/compat-helpers.mjs';

const clockText = (ms) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

export async function randomPgn({ seed = 17, distinct = 300, dist = '../../dist/index.mjs' } = {}) {
  const { Position, init } = await import(new URL(dist, import.meta.url));
  await init();
  const random = seededRandom(seed);
  const pick = (n) => Math.floor(random() * n);
  const played = [];
  for (let g = 0; g < distinct; g++) {
    const pos = new Position();
    const plies = 30 + pick(111);
    const clocks = [180_000, 180_000];
    const sans = [];
    let movetext = '';
    let mated = false;
    for (let ply = 0; ply < plies; ply++) {
      const moves = pos.moves();
      if (!moves.length) { mated = pos.inCheck(); break; }
      const san = pos.sanAndPlay(moves[pick(moves.length)]);
      sans.push(san);
      clocks[ply % 2] = Math.max(0, clocks[ply % 2] - pick(9000) + 2000);
      movetext += `${ply % 2 === 0 ? `${ply / 2 + 1}. ` : ''}${san} {[%clk ${clockText(clocks[ply % 2])}]} `;
    }
    pos.dispose();
    const result = mated ? (sans.length % 2 ? '1-0' : '0-1') : ['1-0', '0-1', '1/2-1/2', '*'][pick(4)];
    played.push({ sans, movetext: movetext + result, result });
  }
  const tagsOf = (i) => {
    const game = played[i % distinct];
    return { Event: 'Random games', Site: 'escaque tests', Date: '2026.11.26', Round: String(i + 1),
      White: `White ${i + 1}`, Black: `Black ${i % 977}`, Result: game.result };
  };
  const gameText = (i) => {
    const tags = Object.entries(tagsOf(i)).map(([k, v]) => `[${k} "${v}"]`).join('\n');
    return `${tags}\n\n${played[i % distinct].movetext}\n\n`;
  };
  return {
    gameText,
    expected: (i) => ({ tags: tagsOf(i), sans: played[i % distinct].sans }),
    async writeFile(path, games) {
      const out = createWriteStream(path);
      let bytes = 0;
      for (let i = 0; i < games; i++) {
        const text = gameText(i);
        bytes += Buffer.byteLength(text);
        if (!out.write(text)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'finish');
      return bytes;
    },
  };
}
