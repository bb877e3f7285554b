// The analysis board's tree (web/app/analysis/tree.js) on the package's PGN game trees: moves that
// follow, extend or branch; promote and delete; comments; PGN out and back; bad input refused with the
// tree unchanged. Also the .pgn file helpers (web/app/analysis/pgn-files.js).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { init } from 'escaque';
import { readPgn } from 'escaque/pgn';

let AnalysisTree;
let files;

describe('analysis tree', { timeout: 60_000 }, () => {
  before(async () => {
    await init();
    ({ AnalysisTree } = await import('../../web/app/analysis/tree.js'));
    files = await import('../../web/app/analysis/pgn-files.js');
  });

  const sans = (line) => line.map((n) => n.san);

  test('a move at the end extends the line; the same move again only steps into it', () => {
    const t = AnalysisTree.fromFen();
    t.play('e2e4');
    t.play('e7e5');
    assert.deepEqual(sans(t.game.moves), ['e4', 'e5']);
    t.toStart();
    const node = t.play('e2e4');
    assert.equal(node, t.game.moves[0], 'stepped into the existing move');
    assert.equal(t.game.moves[0].variations.length, 0, 'no variation made');
  });

  test('another move before the end becomes a variation; promote and delete it', () => {
    const t = AnalysisTree.fromPgn('1. e4 e5 2. Nf3 Nc6 *');
    t.forward();
    t.forward();                       // after 1... e5
    t.play('f1c4');                    // 2. Bc4 instead of 2. Nf3
    t.play('g8f6');
    assert.deepEqual(sans(t.game.moves), ['e4', 'e5', 'Nf3', 'Nc6']);
    assert.deepEqual(t.game.moves[2].variations.map(sans), [['Bc4', 'Nf6']]);
    assert.equal(t.inVariation(), true);
    assert.equal(t.fen.split(' ')[0], 'rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR');
    assert.equal(t.promote(), true);
    assert.deepEqual(sans(t.game.moves), ['e4', 'e5', 'Bc4', 'Nf6']);
    assert.deepEqual(t.game.moves[2].variations.map(sans), [['Nf3', 'Nc6']]);
    assert.equal(t.inVariation(), false);
    assert.equal(t.promote(), false, 'the mainline has nothing to be promoted over');
    t.go(t.game.moves[2].variations[0][1]);  // 2... Nc6 in the variation
    assert.equal(t.deleteVariation(), true);
    assert.equal(t.node, t.game.moves[1], 'the board goes to the move before the variation');
    assert.deepEqual(t.game.moves[2].variations, []);
  });

  test('comments and NAGs survive PGN out and back, with the variations', () => {
    const t = AnalysisTree.fromPgn('1. e4 e5 2. Nf3 $1 (2. f4 {the gambit} exf4) 2... Nc6 *');
    t.toEnd();
    t.comment = 'developing';
    const again = AnalysisTree.fromPgn(t.pgn());
    assert.deepEqual(sans(again.game.moves), ['e4', 'e5', 'Nf3', 'Nc6']);
    assert.deepEqual(again.game.moves[2].nags, [1]);
    assert.deepEqual(again.game.moves[2].variations[0][0].comments, ['the gambit']);
    assert.deepEqual(again.game.moves[3].comments, ['developing']);
    t.comment = '   ';
    assert.deepEqual(t.node.comments, [], 'an empty comment removes it');
  });

  test('a move\'s mark: one assessment (NAG 1-6) at a time, other NAGs kept, none at the start, in the PGN', () => {
    const t = AnalysisTree.fromPgn('1. e4 e5 2. Qh5 $14 Nc6 *');
    assert.equal(t.mark, null, 'the start: no move to mark');
    t.mark = 3;  // nothing to mark: ignored
    assert.equal(t.game.comments.length + t.game.moves[0].nags.length, 0);
    t.forward(); t.forward(); t.forward();  // Qh5, which has $14 (White slightly better)
    assert.equal(t.node.san, 'Qh5');
    assert.equal(t.mark, null);
    t.mark = 6;
    assert.deepEqual(t.node.nags, [6, 14]);
    t.mark = 2;
    assert.deepEqual(t.node.nags, [2, 14], 'one assessment replaces the other');
    assert.match(t.pgn(), /2\. Qh5 \$2 \$14 Nc6/);
    const back = AnalysisTree.fromPgn(t.pgn());
    back.forward(); back.forward(); back.forward();
    assert.equal(back.mark, 2, 'the mark survives PGN out and back');
    t.mark = null;
    assert.deepEqual(t.node.nags, [14]);
    for (const bad of [0, 7, 2.5, '1']) assert.throws(() => { t.mark = bad; }, RangeError);
    assert.deepEqual(t.node.nags, [14], 'a bad mark changes nothing');
  });

  test('illegal moves and bad input are refused and change nothing', () => {
    const t = AnalysisTree.fromPgn('1. d4 d5 *');
    const before = t.pgn();
    assert.throws(() => t.play('e2e5'), /illegal|not legal/i);
    assert.equal(t.pgn(), before);
    assert.throws(() => AnalysisTree.fromFen('8/8/8/8/8/8/8/8 w - - 0 1'), /king/i);
    assert.throws(() => AnalysisTree.fromPgn('1. e4 e5 2. Ke3 *'), /Ke3/);
  });

  test('the engine gets the start and the moves; a tree from a FEN keeps it', () => {
    const t = AnalysisTree.fromFen('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    t.play('e2e4');
    assert.deepEqual(t.position(), { fen: '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', moves: ['e2e4'], chess960: false });
    assert.match(t.pgn(), /\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 w - - 0 1"\]/);
  });

  test('clocks at the node shown: each side\'s last [%clk] on the way there, the TimeControl before its first move', () => {
    const t = AnalysisTree.fromPgn('[TimeControl "180+2"]\n\n1. e4 {[%clk 0:03:01]} e5 {[%clk 0:02:58.5]} '
      + '2. Nf3 {[%clk 0:02:40]} (2. Nc3 {[%clk 0:00:05.2]} Nf6) Nc6 *');
    assert.deepEqual(t.clocks(), { w: 180_000, b: 180_000 }, 'the start: the first period of the TimeControl');
    t.forward();
    assert.deepEqual(t.clocks(), { w: 181_000, b: 180_000 }, 'after 1. e4: Black has not moved yet');
    t.forward(); t.forward(); t.forward();
    assert.deepEqual(t.clocks(), { w: 160_000, b: 178_500 }, 'a move without a clock keeps the side\'s last one');
    const nc3 = t.game.moves[2].variations[0][0];
    t.go(t.game.moves[2].variations[0][1]);
    assert.deepEqual(t.clocks(), { w: nc3.clock, b: 178_500 }, 'in a variation: its own clocks, then the line before it');
    // Black to move first (a FEN): the first move is Black's.
    const b = AnalysisTree.fromPgn('[FEN "4k3/8/8/8/8/8/8/4K3 b - - 0 1"]\n\n1... Kd7 {[%clk 0:01:00]} 2. Kd2 *');
    b.forward();
    assert.deepEqual(b.clocks(), { w: null, b: 60_000 }, 'no TimeControl: White\'s clock unknown');
    // No [%clk] anywhere: no clocks, whatever the TimeControl says; a TimeControl that cannot be read: none.
    assert.deepEqual(AnalysisTree.fromPgn('[TimeControl "300"]\n\n1. e4 *').clocks(), { w: null, b: null });
    assert.deepEqual(AnalysisTree.fromPgn('[TimeControl "odd"]\n\n1. e4 {[%clk 0:01:00]} *').clocks(), { w: null, b: null });
    assert.deepEqual(AnalysisTree.fromFen().clocks(), { w: null, b: null });
  });

  test('.pgn files: games listed by their tags, a game read from its slice of the file, file names', async () => {
    const text = '[White "Ana"]\n[Black "Ben"]\n[Date "2024.03.01"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'
      + '[White "?"]\n[Black "Dan"]\n\n1. d4 *\n\n'
      + '[White "Émile"]\n[Black "Fay"]\n\n1. e4 e5\n2. Ke3 *\n';
    // The entries as the Worker (pgn-worker.js) lists them: tags and where each game starts.
    const list = [...readPgn(text, { headersOnly: true })]
      .map((r) => ({ index: r.index, offset: r.offset, line: r.line, column: r.column, tags: r.game.tags }));
    assert.equal(list.length, 3);
    assert.equal(files.gameLabel(list[0]), '1. Ana – Ben, 1-0, 2024.03.01');
    assert.equal(files.gameLabel(list[1]), '2. ? – Dan, *');
    assert.equal(files.gameTitle(list[0].tags), 'Ana – Ben, 1-0, 2024.03.01');
    assert.equal(files.gameTitle(list[1].tags), '? – Dan, *');
    assert.equal(files.gameTitle({ Event: '?', White: '?', Black: '?', Date: '????.??.??', Result: '*' }), null);
    assert.equal(files.gameTitle({}), null);
    // What a tag says for "unknown": the player strips above and below the board read tags the same way.
    assert.deepEqual(['?', '????.??.??', '-', '', undefined, 'Ana', '2450', '2024.03.01'].map(files.known),
      [null, null, null, null, null, 'Ana', '2450', '2024.03.01']);
    assert.equal(files.gameTitle({ Event: 'Casual', Result: '1-0' }), '? – ?, 1-0, Casual');
    const file = new Blob([text]);
    assert.deepEqual(sans((await files.readListedGame(file, list[1], list[2].offset)).moves), ['d4']);
    assert.deepEqual(sans((await files.readListedGame(file, list[0], list[1].offset)).moves), ['e4']);
    // Without the next game's offset (not listed yet), the slice runs to the end: still the one game.
    assert.deepEqual(sans((await files.readListedGame(file, list[1])).moves), ['d4']);
    // A bad game's error names its line and column in the whole file, as reading the whole file does
    // (the slice starts at line 13; offsets are bytes, "É" is two).
    const whole = [...readPgn(text)][2].error;
    assert.match(whole.message, /^line 17, column 4: illegal move .Ke3./);
    await assert.rejects(files.readListedGame(file, list[2]),
      (e) => e.message === whole.message && e.line === 17 && e.column === 4);
    assert.equal(files.pgnFileName({ White: 'Émile Zola', Black: 'Ben', Date: '2024.03.01' }), 'Emile-Zola-Ben-2024-03-01.pgn');
    assert.equal(files.pgnFileName({ White: '?', Black: '?' }), 'escaque-game.pgn');
  });

  test('counts are written with their thousands grouped, as toLocaleString(\'en\') writes them', () => {
    for (const n of [0, 7, 42, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 20_123_456]) {
      assert.equal(files.thousands(n), n.toLocaleString('en'), String(n));
    }
  });
});
