// PGN through the package (issue 14): results kept by Chess.fromPgn / pgn(), historical games
// played on after an automatic draw, glyph runs, null moves in variations; the game tree
// (readPgnGame / writePgn, commands as fields, lossless round trips, structuredClone); many games
// (readPgn over a string, readPgnStream over Node and web streams cut anywhere, bad games reported
// with index, line and column, headers only); the tree helpers. Garbage never aborts.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { before, describe, test } from 'node:test';

import { Chess, InvalidArgumentError, PgnParseError, init } from '../../dist/index.mjs';
import {
  addVariation, fromChess, mainline, pathTo, promoteVariation, readPgn, readPgnGame, readPgnStream, removeVariation,
  toChess, writePgn,
} from '../../dist/pgn.mjs';
import { ROOT } from './helpers.mjs';

const T = { timeout: 60_000 };
before(() => init());

const DANCE = '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 ';
const DATA = `${ROOT}tests/data/pgn/`;
const dataFiles = () => readdirSync(DATA).filter((f) => f.endsWith('.pgn')).map((f) => [f, readFileSync(DATA + f, 'utf8')]);

function games(text, options) {
  return [...readPgn(text, options)];
}

// Tags equal except for the Seven Tag Roster defaults a writer adds.
function sameTree(back, original, where) {
  const defaults = { Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?', Result: original.result };
  for (const [name, value] of Object.entries(back.tags)) {
    if (name in original.tags) assert.equal(value, original.tags[name], `${where}: tag ${name}`);
    else assert.equal(value, defaults[name], `${where}: added tag ${name}`);
  }
  for (const name of Object.keys(original.tags)) assert.ok(name in back.tags, `${where}: tag ${name} lost`);
  const { tags: _a, ...restBack } = back;
  const { tags: _b, ...restOriginal } = original;
  assert.deepEqual(restBack, restOriginal, where);
}

describe('results kept (Chess.fromPgn, pgn())', () => {
  test('a decisive result read and written back is that result, as a resignation', T, () => {
    const g = Chess.fromPgn('[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0');
    assert.deepEqual([g.outcome().result, g.outcome().reason, g.outcome().by], ['1-0', 'resignation', 'b']);
    assert.equal(g.isGameOver(), true);
    const text = g.pgn();
    assert.match(text, /\[Result "1-0"\]/);
    assert.match(text, /2\. Nf3 Nc6 1-0\n$/);
    assert.doesNotMatch(text, /unterminated/);
    assert.deepEqual(g.importWarnings(), []);
    const back = Chess.fromPgn(text);
    assert.deepEqual(back.outcome(), g.outcome());
    assert.equal(back.pgn(), text);
  });

  test('flag falls, agreements, adjudications and claims round-trip as such', T, () => {
    const flagged = Chess.fromPgn('[Result "0-1"]\n[Termination "time forfeit"]\n\n1. e4 e5 2. Nf3 Nc6 0-1');
    assert.deepEqual([flagged.outcome().reason, flagged.outcome().by], ['timeout', 'w']);
    assert.match(flagged.pgn(), /\[Termination "time forfeit"\]/);
    assert.equal(Chess.fromPgn(flagged.pgn()).outcome().reason, 'timeout');

    const agreed = Chess.fromPgn('1. d4 d5 2. c4 e6 1/2-1/2');
    assert.equal(agreed.outcome().reason, 'agreement');
    assert.match(agreed.pgn(), /\[Result "1\/2-1\/2"\][^]*e6 1\/2-1\/2\n$/);
    assert.equal(Chess.fromPgn(agreed.pgn()).outcome().reason, 'agreement');

    const adjudicated = Chess.fromPgn('[Result "1-0"]\n[Termination "adjudication"]\n\n1. e4 e5 1-0');
    assert.match(adjudicated.pgn(), /\[Termination "adjudication"\]/);
    assert.equal(adjudicated.outcome().result, '1-0');

    const claimed = Chess.fromPgn('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2');
    assert.equal(claimed.outcome().reason, 'threefold-repetition');

    const tagOnly = Chess.fromPgn('[Result "0-1"]\n\n1. e4 e5 *');
    assert.equal(tagOnly.outcome().result, '0-1');
    const going = Chess.fromPgn('[Result "*"]\n\n1. e4 e5 *');
    assert.equal(going.isGameOver(), false);
    assert.match(going.pgn(), /\[Termination "unterminated"\]/);
  });

  test('the moves win over the file, with a typed warning', T, () => {
    const mate = Chess.fromPgn('[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0');
    assert.equal(mate.outcome().result, '0-1');
    assert.deepEqual(mate.importWarnings(), [{ kind: 'result-contradicted',
      message: 'the file gives the result 1-0, but the moves decide it: Black wins by checkmate (FIDE Art. 5.1.1)' }]);
    const bare = Chess.fromPgn('[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]\n\n1. Ra2 Kd7 0-1');
    assert.equal(bare.outcome().reason, 'resignation-vs-insufficient-material');
    assert.equal(bare.importWarnings()[0].kind, 'result-contradicted');
    const early = Chess.fromPgn('1. e4 1/2-1/2');
    assert.equal(early.isGameOver(), false);
    assert.equal(early.importWarnings()[0].kind, 'result-not-applied');
    assert.deepEqual(new Chess().importWarnings(), []);
  });

  test('pgn({headers}) overrides what the game derives, Result and Termination included', T, () => {
    const g = new Chess();
    g.move('e4');
    g.move('e5');
    const text = g.pgn({ headers: { Result: '1-0', Termination: 'abandoned', White: 'A' } });
    assert.match(text, /\[White "A"\]/);
    assert.match(text, /\[Result "1-0"\]/);
    assert.match(text, /\[Termination "abandoned"\]/);
    assert.match(text, /1\. e4 e5 1-0\n$/);
    assert.equal(Chess.fromPgn(text).outcome().result, '1-0');
    assert.throws(() => g.pgn({ headers: { Result: 'white won' } }),
      (e) => e instanceof InvalidArgumentError && /Result header must be/.test(e.message));
    assert.equal(g.isGameOver(), false);  // the game itself is untouched
  });

  test('historical games go on past fivefold repetition, 75 moves and dead positions', T, () => {
    const g = Chess.fromPgn(`[Result "1-0"]\n\n${DANCE}9. e4 e5 1-0`);
    assert.equal(g.history().length, 18);
    const o = g.outcome();
    assert.deepEqual([o.result, o.reason, o.endedAtPly], ['1/2-1/2', 'fivefold-repetition', 16]);
    assert.deepEqual(g.importWarnings().map((w) => w.kind), ['played-on', 'result-contradicted']);
    const text = g.pgn();
    assert.match(text, /9\. e4 e5 1\/2-1\/2\n$/);
    const back = Chess.fromPgn(text);
    assert.deepEqual(back.history(), g.history());
    assert.equal(back.outcome().endedAtPly, 16);
    assert.deepEqual(back.importWarnings().map((w) => w.kind), ['played-on']);
    // Undo walks back into the game: at the draw it is an ordinary ended game.
    g.undo();
    g.undo();
    assert.equal(g.outcome().endedAtPly, undefined);
    assert.equal(g.outcome().reason, 'fivefold-repetition');
    g.undo();
    assert.equal(g.isGameOver(), false);

    const dead = Chess.fromPgn('[FEN "1b2k3/8/8/8/8/8/8/4K2R w - - 0 1"]\n\n1. Rh2 Bxh2 2. Kf2 Bd6 1/2-1/2');
    assert.deepEqual([dead.outcome().reason, dead.outcome().endedAtPly, dead.history().length], ['dead-position', 2, 4]);
  });

  test('glyph runs read like python-chess; null moves in variations', T, () => {
    const g = Chess.fromPgn('1. e4!!? e5 !!!? 2. Nf3?!? *');
    assert.deepEqual(g.history(), ['e4', 'e5', 'Nf3']);
    const tree = readPgnGame('1. e4!!? e5 !!!? (1... -- 2. d4 Z0) (1... Z0) 2. Nf3?!? *');
    assert.deepEqual(tree.moves.map((n) => n.nags), [[3, 2], [3, 5], [6, 2]]);
    const [v1, v2] = tree.moves[1].variations;
    assert.deepEqual(v1.map((n) => [n.san, n.uci]), [['--', '0000'], ['d4', 'd2d4'], ['--', '0000']]);
    assert.deepEqual(v2.map((n) => n.san), ['--']);
    assert.match(writePgn(tree), /\(1\.\.\. -- 2\. d4 --\) \(1\.\.\. --\)/);
    // A null move in the mainline cannot be a Chess game: refused with where.
    assert.throws(() => toChess(readPgnGame('1. e4 -- 2. d4 *')), (e) => e instanceof PgnParseError && /null move/.test(e.message));
  });
});

describe('game trees', () => {
  const ANNOTATED = `[Event "Tree"]
[White "A"]
[Black "B"]
[Result "0-1"]

{The game} 1. e4 {[%clk 0:03:00] [%eval 0.3]} e5 $1 {Good [%clk 0:02:59.5] [%emt 0:00:01.25]
[%cal Ge7e5,Rd2d4] [%eval #-3,20]} 2. Nf3 (2. f4 {King's gambit} exf4 (2... d5 $5) 3. Nf3) {Back to the main line}
2... Nc6 ; a rest-of-line comment
3. Bb5 a6!? 0-1`;

  test('moves, comments, NAGs, commands as fields, variations', T, () => {
    const g = readPgnGame(ANNOTATED);
    assert.equal(g.tags.White, 'A');
    assert.equal(g.result, '0-1');
    assert.equal(g.fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    assert.equal(g.chess960, false);
    assert.deepEqual(g.comments, ['The game']);
    const [e4, e5, nf3, nc6, bb5, a6] = mainline(g);
    assert.deepEqual(e4, { san: 'e4', uci: 'e2e4', nags: [], commentsBefore: [], comments: [], clock: 180000,
      eval: { cp: 30 }, variations: [] });
    assert.deepEqual(e5, { san: 'e5', uci: 'e7e5', nags: [1], commentsBefore: [], comments: ['Good'], clock: 179500,
      emt: 1250, eval: { mate: -3, depth: 20 }, commands: { cal: 'Ge7e5,Rd2d4' }, variations: [] });
    assert.equal(nf3.variations.length, 1);
    const [f4, exf4, nf3b] = nf3.variations[0];
    assert.deepEqual([f4.san, f4.comments, exf4.variations[0][0].san, exf4.variations[0][0].nags, nf3b.san],
      ['f4', ["King's gambit"], 'd5', [5], 'Nf3']);
    assert.deepEqual(nc6.commentsBefore, ['Back to the main line']);
    assert.deepEqual(nc6.comments, ['a rest-of-line comment']);
    assert.deepEqual([bb5.san, a6.san, a6.nags], ['Bb5', 'a6', [5]]);
    assert.deepEqual(structuredClone(g), g);
    assert.deepEqual(JSON.parse(JSON.stringify(g)), g);
  });

  test('every kind of value crosses from WebAssembly exactly (the wire format)', T, () => {
    const long = 'x'.repeat(70) + ' é ' + '日本 😀';
    const g = readPgnGame(`[Event "${long}"]\n[MyOwnTag "v"]\n[White "Ünal"]\n[White "second"]\n` +
      '[FEN "5r1k/4P3/8/8/8/8/8/4K3 w - - 0 1"]\n\n' +
      `{${long}} 1. exf8=Q+ {[%clk 999999999999:00:00] [%emt 0:00:00.001] [%eval -0.05,7] [%__proto__ p] [%cal Ga1a2]} ` +
      '(1. e8=N {[%eval #-12] [%clk bad]} Kh7 $0 $255) Kh7 {a  b [%clk 1:00] c} {} 2. Qf5+ {[%eval x,5] [%eval 1.5]} *');
    assert.deepEqual(g.tags, { Event: long, MyOwnTag: 'v', White: 'Ünal', FEN: '5r1k/4P3/8/8/8/8/8/4K3 w - - 0 1' });
    assert.equal(g.fen, '5r1k/4P3/8/8/8/8/8/4K3 w - - 0 1');
    assert.deepEqual(g.comments, [long]);
    const [promo, kh7, qf5] = g.moves;
    assert.deepEqual([promo.san, promo.uci, promo.clock, promo.emt, promo.eval], ['exf8=Q+', 'e7f8q', Number(999999999999n * 3600000n), 1,
      { cp: -5, depth: 7 }]);
    assert.deepEqual(Object.keys(promo.commands), ['__proto__', 'cal']);
    assert.equal(Object.getPrototypeOf(promo.commands), Object.prototype);
    assert.equal(promo.commands.cal, 'Ga1a2');
    assert.deepEqual(promo.variations[0].map((n) => [n.san, n.uci, n.nags, n.eval, n.commands]),
      [['e8=N', 'e7e8n', [], { mate: -12 }, { clk: 'bad' }], ['Kh7', 'h8h7', [0, 255], undefined, undefined]]);
    assert.deepEqual([kh7.comments, kh7.clock], [['a b c'], 60000]);
    assert.deepEqual([qf5.san, qf5.eval, qf5.commands], ['Qf5+', { cp: 150 }, { eval: 'x,5' }]);
    assert.deepEqual(readPgnGame(writePgn(g)).moves, g.moves);
  });

  test('writePgn writes everything; reading it back gives the same tree; writing is stable', T, () => {
    const g = readPgnGame(ANNOTATED);
    const oneLine = writePgn(g, { lineWidth: 0 });
    assert.match(oneLine, /\{\[%eval 0\.30\] \[%clk 0:03:00\]\}/);
    assert.match(oneLine, /\{Good \[%eval #-3,20\] \[%clk 0:02:59\.5\] \[%emt 0:00:01\.25\] \[%cal Ge7e5,Rd2d4\]\}/);
    const text = writePgn(g);
    for (const line of text.split('\n')) assert.ok(line.length <= 80 || !line.includes(' '), line);
    const back = readPgnGame(text);
    sameTree(back, g, 'annotated');
    assert.equal(writePgn(back), text);
    assert.match(writePgn(g, { comments: false, variations: false, nags: false, lineWidth: 0 }),
      /\n1\. e4 e5 2\. Nf3 Nc6 3\. Bb5 a6 0-1\n$/);
  });

  test('every game of the repository\'s PGN files round-trips', T, () => {
    let count = 0;
    for (const [name, text] of dataFiles()) {
      for (const r of readPgn(text)) {
        assert.equal(r.error, undefined, `${name}: ${r.error?.message}`);
        const again = readPgnGame(writePgn(r.game));
        sameTree(again, r.game, `${name} game ${r.index}`);
        assert.equal(writePgn(again), writePgn(r.game));
        count++;
      }
    }
    assert.ok(count >= 13, `${count} games`);
  });

  test('helpers: path, add / remove / promote variations, to and from Chess', T, () => {
    const g = readPgnGame('1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *');
    const [, e5, nf3] = g.moves;
    assert.deepEqual(pathTo(g, nf3).map((n) => n.san), ['e4', 'e5', 'Nf3']);
    const c5 = e5.variations[0][0];
    assert.deepEqual(pathTo(g, e5.variations[0][1]).map((n) => n.san), ['e4', 'c5', 'Nf3']);

    const line = addVariation(g, nf3, ['Bc4', 'Nf6', 'd2d3']);
    assert.deepEqual(line.map((n) => [n.san, n.uci]), [['Bc4', 'f1c4'], ['Nf6', 'g8f6'], ['d3', 'd2d3']]);
    assert.throws(() => addVariation(g, nf3, ['Bc4', 'Bc4']), (e) => e.code === 'NO_SUCH_PIECE' || e.code === 'ILLEGAL_MOVE');
    assert.equal(nf3.variations.length, 1);  // nothing added by the refused call

    const atNf6 = toChess(g, line[1]);
    assert.deepEqual(atNf6.history(), ['e4', 'e5', 'Bc4', 'Nf6']);
    assert.equal(toChess(g).history().length, 4);

    assert.equal(promoteVariation(g, c5), true);
    assert.deepEqual(g.moves.map((n) => n.san), ['e4', 'c5', 'Nf3']);
    assert.deepEqual(g.moves[1].variations.map((v) => v.map((n) => n.san)), [['e5', 'Nf3', 'Nc6']]);
    assert.equal(promoteVariation(g, g.moves[1]), false);
    assert.match(writePgn(g), /1\. e4 c5 \(1\.\.\. e5 2\. Nf3 \(2\. Bc4 Nf6 3\. d3\) 2\.\.\. Nc6\) 2\. Nf3 \*/);
    assert.equal(removeVariation(g, g.moves[1].variations[0][0]), true);
    assert.deepEqual(g.moves[1].variations, []);
    assert.equal(removeVariation(g, g.moves[0]), false);
    assert.throws(() => pathTo(g, { san: 'e4' }), InvalidArgumentError);

    const chess = Chess.fromPgn('[White "W"]\n\n1. d4 d5 2. c4 1-0');
    const tree = fromChess(chess);
    assert.deepEqual([tree.tags.White, tree.tags.Result, tree.result, tree.moves.length], ['W', '1-0', '1-0', 3]);
    assert.equal(toChess(tree).outcome().reason, 'resignation');
  });
});

describe('many games', () => {
  const FILE = '[Event "one"]\n\n1. e4 {é} e5 1-0\n\n[Event "two"]\n\n1. e4 e5?? 2. Qz9 *\n\n' +
    '[Event "three"]\n[White "Ünal"]\n\n1. d4 d5 1/2-1/2\n[Event "four"]\n1. c4 (1. Nf3 (\n';

  test('a string: games one at a time, bad ones reported with index, line, column, and offsets in bytes', T, () => {
    const records = games(FILE);
    assert.deepEqual(records.map((r) => [r.index, r.line, r.column, r.game?.tags.Event ?? r.error.kind]),
      [[0, 1, 1, 'one'], [1, 5, 1, 'bad-move'], [2, 9, 1, 'three'], [3, 13, 1, 'unclosed-variation']]);
    const bytes = Buffer.from(FILE);
    for (const r of records) assert.equal(bytes.subarray(r.offset, r.offset + 7).toString(), '[Event ');
    const e = records[1].error;
    assert.ok(e instanceof PgnParseError);
    assert.deepEqual([e.code, e.kind, e.line, e.column, e.game, e.offset], ['PGN_PARSE', 'bad-move', 7, 15, 1, records[1].offset]);
    assert.match(e.message, /^line 7, column 15: 'Qz9' is not a move/);
    assert.deepEqual([records[3].error.line, records[3].error.column], [14, 15]);
    assert.deepEqual(games(new Uint8Array(bytes)).map((r) => r.offset), records.map((r) => r.offset));
  });

  test('streams cut anywhere give the same records (Node Readable, web ReadableStream)', T, async () => {
    const whole = JSON.stringify(games(FILE));
    const bytes = Buffer.from(FILE);
    for (const size of [1, 2, 3, 7, 64, 1 << 20]) {
      const pieces = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
      const fromNode = [];
      for await (const r of readPgnStream(Readable.from(pieces))) fromNode.push(r);
      assert.equal(JSON.stringify(fromNode), whole, `Readable, pieces of ${size}`);
      const web = new ReadableStream({ start(c) { for (const p of pieces) c.enqueue(new Uint8Array(p)); c.close(); } });
      const fromWeb = [];
      for await (const r of readPgnStream(web)) fromWeb.push(r);
      assert.equal(JSON.stringify(fromWeb), whole, `ReadableStream, pieces of ${size}`);
    }
    await assert.rejects(async () => { for await (const r of readPgnStream(42)) void r; }, InvalidArgumentError);
  });

  test('a file without line breaks streams in bounded pieces', T, async () => {
    const game = '[Event "x"] [Round "7"] 1. e4 e5 2. Nf3 {no line breaks here} Nc6 1-0 ';
    const count = Math.ceil((5 << 20) / game.length);
    const oneLine = game.repeat(count);
    let n = 0;
    async function* pieces() { for (let i = 0; i < oneLine.length; i += 65536) yield oneLine.slice(i, i + 65536); }
    for await (const r of readPgnStream(pieces(), { headersOnly: true })) {
      assert.equal(r.error, undefined);
      assert.deepEqual(r.game.tags, { Event: 'x', Round: '7' });
      assert.equal(r.offset, n * game.length);
      n++;
    }
    assert.equal(n, count);
  });

  test('headers only', T, () => {
    const records = games(FILE, { headersOnly: true });
    assert.deepEqual(records.map((r) => r.game ? r.game : r.error.kind),
      [{ tags: { Event: 'one' } }, { tags: { Event: 'two' } }, { tags: { Event: 'three', White: 'Ünal' } },
        { tags: { Event: 'four' } }]);
    const bad = games('[Event "a"]\n1. e4 *\n[Event b]\n1. d4 *\n[Event "c"]\n', { headersOnly: true });
    assert.deepEqual(bad.map((r) => r.error ? [r.index, r.error.line, r.error.column] : r.game.tags.Event),
      ['a', [1, 3, 8], 'c']);
  });

  test('garbage never aborts: every refusal has game index, line and column', T, () => {
    let seed = 7;
    const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const pieces = ['[Event "x"]\n', '1.', ' e4', ' e5', ' {c', '}', ' (', ')', ' $', '!!?', ' Nf3', ' --', '\n', ' 1-0',
      ' *', '"', ';x\n', '%esc\n', ' Qh9', '\u00e9', '\u0001', '[', ']', ' 0-0', ' Z0', '1/2'];
    for (let i = 0; i < 300; i++) {
      let text = '';
      for (let k = rand(60); k > 0; k--) text += pieces[rand(pieces.length)];
      let index = 0;
      for (const r of readPgn(text)) {
        assert.equal(r.index, index++);
        if (r.error) {
          assert.ok(r.error instanceof PgnParseError, text);
          assert.ok(Number.isInteger(r.error.line) && r.error.line >= 1, text);
          assert.ok(Number.isInteger(r.error.column) && r.error.column >= 1, text);
          assert.equal(r.error.game, r.index);
        } else {
          writePgn(r.game);
        }
      }
    }
    assert.throws(() => [...readPgn(42)], InvalidArgumentError);
    assert.throws(() => [...readPgn('', { headersOnly: 'yes' })], InvalidArgumentError);
    assert.throws(() => [...readPgn('*', { language: 'xx' })], InvalidArgumentError);
    assert.throws(() => readPgnGame(''), (e) => e instanceof PgnParseError && e.line === 1);
    assert.throws(() => writePgn({}), InvalidArgumentError);
  });
});
