// The opening table (web/app/openings.txt) and its index (web/app/openings.js): every line is well
// formed and legal, every position is named once, transpositions and later moves keep the name; the
// index the app reads (web/app/openings-index.json, made by scripts/openings-index.mjs) is the table's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';

import { Chess, init } from 'escaque';

const TEXT = readFileSync(new URL('../../web/app/openings.txt', import.meta.url), 'utf8');
let openings;

describe('opening table', { timeout: 60_000 }, () => {
  let entries;
  let index;
  before(async () => {
    await init();
    openings = await import('../../web/app/openings.js');
    entries = openings.parseOpenings(TEXT);
    index = openings.indexOpenings(entries, Chess);
  });

  const name = (moves) => {
    const chess = new Chess();
    const fens = [chess.fen()];
    for (const m of moves) { chess.move(m); fens.push(chess.fen()); }
    chess.dispose();
    return openings.openingOf(index, fens);
  };

  test('a few hundred lines, each legal, each ECO code A00–E99', () => {
    assert.ok(entries.length >= 300, `${entries.length} openings`);
    for (const e of entries) assert.match(e.eco, /^[A-E]\d\d$/);
    assert.ok(index.size >= 300, `${index.size} positions`);
  });

  test('no two lines name the same moves', () => {
    const seen = new Map();
    for (const e of entries) {
      const key = e.moves.join(' ');
      assert.ok(!seen.has(key), `line ${e.line} repeats line ${seen.get(key)}: ${key}`);
      seen.set(key, e.line);
    }
  });

  test('named as the game goes; the deepest known position wins', () => {
    assert.equal(name([]), null, 'the start position is no opening');
    assert.deepEqual(name(['e4']), { eco: 'B00', name: 'King\'s Pawn Opening' });
    assert.deepEqual(name(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']), { eco: 'C60', name: 'Ruy Lopez' });
    assert.deepEqual(name(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'h3']),
      { eco: 'C84', name: 'Ruy Lopez: Closed Variation' }, 'a move out of the table keeps the last name');
    assert.deepEqual(name(['d4', 'Nf6', 'c4', 'e6', 'Nc3', 'Bb4']), { eco: 'E20', name: 'Nimzo-Indian Defence' });
  });

  test('transpositions are named by the position reached', () => {
    assert.deepEqual(name(['Nf3', 'Nc6', 'e4', 'e5', 'Bb5']), { eco: 'C60', name: 'Ruy Lopez' });
    assert.deepEqual(name(['c4', 'e6', 'Nc3', 'd5', 'd4']), { eco: 'D31', name: 'Queen\'s Gambit Declined: Queen\'s Knight Variation' });
  });

  test('a bad line is refused with its line number', async () => {
    assert.throws(() => openings.parseOpenings('Z00\tNowhere\te4\n'), /line 1: "Z00" is not an ECO code/);
    assert.throws(() => openings.parseOpenings('# c\nC20 no tabs e4 e5\n'), /line 2: expected ECO, name and moves/);
    assert.throws(() => openings.indexOpenings(openings.parseOpenings('C20\tBad\te4 e5 Ke3\n'), Chess),
      /openings line 1 \(Bad\): Ke3: /);
  });

  test('the index the app reads is the table\'s, up to date, and read back whole', async () => {
    const committed = readFileSync(new URL('../../web/app/openings-index.json', import.meta.url), 'utf8');
    const { currentIndexText } = await import('../../scripts/openings-index.mjs');
    assert.equal(committed, await currentIndexText(),
      'web/app/openings-index.json is out of date with openings.txt: run node scripts/openings-index.mjs');
    assert.deepEqual(openings.readIndex(JSON.parse(committed)), index);
  });

  test('a malformed index row is refused with its number', () => {
    assert.throws(() => openings.readIndex({}), /expected an array/);
    assert.throws(() => openings.readIndex([['k', 'C20', 'Ok'], ['k', 'C20']]), /row 2: expected \[position, ECO, name\]/);
    assert.throws(() => openings.readIndex([['k', 5, 'x']]), /row 1: /);
  });
});
