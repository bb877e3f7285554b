// The game analysis shared by the post-game review and the analysis board (web/app/game-analysis.js):
// grades, evals from White's side, the moves that lost much (not the engine's own choices), move labels
// from a FEN's move number, and evaluateLine on the package's real Engine (mate and stalemate ends,
// Black to move first, cancelling).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { Engine, init } from 'escaque';

let ga;
let engine;
const adviser = { evaluate: (position, depth) => engine.bestMove(position, { depth }) };

describe('game analysis', { timeout: 120_000 }, () => {
  before(async () => {
    await init();
    ga = await import('../../web/app/game-analysis.js');
    engine = new Engine();
  });
  after(() => engine?.dispose());

  test('grades: inaccuracy from 0.5 pawns, mistake from 1, blunder from 2', () => {
    assert.deepEqual([0, 0.49, 0.5, 0.99, 1, 1.99, 2, 20].map(ga.grade),
      [null, null, 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']);
  });

  test('scores to White\'s view; mates at the cap', () => {
    assert.deepEqual(ga.whiteEval({ type: 'cp', value: 35 }, 'w'), { cp: 35 });
    assert.deepEqual(ga.whiteEval({ type: 'cp', value: 35 }, 'b'), { cp: -35 });
    assert.deepEqual(ga.whiteEval({ type: 'mate', value: 2 }, 'b'), { mate: -2 });
    assert.equal(ga.evalPawns({ cp: 150 }), 1.5);
    assert.equal(ga.evalPawns({ cp: -2500 }), -ga.CAP);
    assert.equal(ga.evalPawns({ mate: 3 }), ga.CAP);
    assert.equal(ga.evalPawns({ mate: -1 }), -ga.CAP);
    // sideScore is whiteEval's inverse.
    for (const score of [{ type: 'cp', value: 35 }, { type: 'cp', value: -120 }, { type: 'mate', value: 2 }, { type: 'mate', value: -4 }]) {
      for (const side of ['w', 'b']) assert.deepEqual(ga.sideScore(ga.whiteEval(score, side), side), score);
    }
    assert.deepEqual(ga.sideScore({ cp: 0 }, 'b'), { type: 'cp', value: 0 });
    assert.ok(Object.is(ga.sideScore({ cp: 0 }, 'b').value, 0), 'no −0');
    assert.equal(ga.sideAt('4k3/8/8/8/8/8/8/4K3 b - - 0 1', 0), 'b');
  });

  test('the eval shown for a mate in 0 is the mating side\'s, from White\'s view', async () => {
    const { formatScore } = await import('../../web/app/engine-player.js');
    const mated = ({ type: 'mate', value: 0 });
    assert.deepEqual([formatScore(mated, 'w'), formatScore(mated, 'b'), formatScore({ type: 'mate', value: -0 }, 'b')],
      ['-M0', '+M0', '+M0']);
    assert.deepEqual([formatScore({ type: 'mate', value: 3 }, 'b'), formatScore({ type: 'mate', value: -2 }, 'w')], ['-M3', '-M2']);
    assert.equal(ga.sideAt('4k3/8/8/8/8/8/8/4K3 b - - 0 1', 3), 'w');
  });

  test('the moves that lost much, from each mover\'s side; the engine\'s own choice is not graded', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    // White 0.3 → 0.2 (fine), Black lets it go to 1.4 (mistake, −1.2), White drops to −1.0 (blunder), null unknown.
    const values = [0.3, 0.2, 1.4, -1.0, null, 0];
    assert.deepEqual(ga.gradeMoves(values, start).map(({ ply, grade, mover }) => [ply, grade, mover]),
      [[2, 'mistake', 'b'], [3, 'blunder', 'w']]);
    const [m] = ga.gradeMoves(values, start);
    assert.ok(Math.abs(m.drop - 1.2) < 1e-9);
    // The same drop, but the move played was the engine's best there: not graded.
    const graded = ga.gradeMoves(values, start, { played: ['e4', 'c5', 'Nf3'], best: ['e4', 'e5', 'Nf3'] });
    assert.deepEqual(graded.map((g) => g.ply), [2]);
    // Black moving first: the first drop is Black's.
    assert.deepEqual(ga.gradeMoves([0, 1], '4k3/8/8/8/8/8/8/4K3 b - - 0 1').map((g) => g.mover), ['b']);
  });

  test('annotateMoves writes evals, marks and comments into tree nodes; a second run replaces its own, keeps the person\'s', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const node = (san, extra = {}) => ({ san, nags: [], comments: [], variations: [], ...extra });
    // e4 fine; c5 a mistake (−1.2) where e5 was best; Nf3 a blunder (−2.4) but the person marked it !? already.
    const nodes = [node('e4'), node('c5', { comments: ['Sicilian'] }), node('Nf3', { nags: [5, 14] })];
    const line = [{ value: 0.3, best: 'e4' }, { value: 0.2, eval: { cp: 20 }, best: 'e5' },
      { value: 1.4, eval: { cp: 140 }, best: 'd4' }, { value: -1.0, eval: { cp: -100 }, best: null }];
    const graded = ga.annotateMoves(nodes, line, start);
    assert.deepEqual(graded.map((g) => [g.ply, g.grade]), [[2, 'mistake'], [3, 'blunder']]);
    assert.deepEqual(nodes.map((n) => n.eval), [{ cp: 20 }, { cp: 140 }, { cp: -100 }]);
    assert.deepEqual(nodes.map((n) => n.nags), [[], [2], [5, 14]]);  // the person's !? stays the only assessment
    assert.deepEqual(nodes.map((n) => n.comments), [[], ['Sicilian', 'Mistake (−1.2). Best was e5.'], ['Blunder (−2.4). Best was d4.']]);
    // Analysed again with other values: c5 is now fine; what the first run wrote goes, the person's stays.
    line[2] = { value: 0.25, eval: { cp: 25 }, best: 'd4' };
    line[3] = { value: 0.2, eval: { cp: 20 }, best: null };
    ga.annotateMoves(nodes, line, start);
    assert.deepEqual(nodes.map((n) => n.nags), [[], [], [5, 14]]);
    assert.deepEqual(nodes.map((n) => n.comments), [[], ['Sicilian'], []]);
    assert.deepEqual(nodes[1].eval, { cp: 25 });
  });

  test('annotateMoves: the person\'s own mark equal to the grade\'s stays when a later run finds the move fine', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const node = (san, extra = {}) => ({ san, nags: [], comments: [], variations: [], ...extra });
    // c5 marked ? (NAG 2) by the person; the analysis finds it a mistake (−1.2) too.
    const nodes = [node('e4'), node('c5', { nags: [2] }), node('Nf3')];
    const line = [{ value: 0.3, best: 'e4' }, { value: 0.2, eval: { cp: 20 }, best: 'e5' },
      { value: 1.4, eval: { cp: 140 }, best: 'd4' }, { value: 1.3, eval: { cp: 130 }, best: null }];
    ga.annotateMoves(nodes, line, start);
    assert.deepEqual(nodes[1].nags, [2], 'one mark, not two');
    assert.deepEqual(nodes[1].comments, ['Mistake (−1.2), as marked. Best was e5.']);
    // Run again, same values: the same result (nothing doubled, nothing lost).
    ga.annotateMoves(nodes, line, start);
    assert.deepEqual(nodes[1].nags, [2]);
    assert.deepEqual(nodes[1].comments, ['Mistake (−1.2), as marked. Best was e5.']);
    // Run again with c5 now fine: the analysis's comment goes, the person's mark stays.
    line[2] = { value: 0.25, eval: { cp: 25 }, best: 'd4' };
    line[3] = { value: 0.2, eval: { cp: 20 }, best: null };
    ga.annotateMoves(nodes, line, start);
    assert.deepEqual(nodes[1].nags, [2]);
    assert.deepEqual(nodes[1].comments, []);
    // A mark the analysis added itself still goes when the move is found fine (the test above).
  });

  test('average loss per move, each side apart: gains count as nothing, unknown values are skipped', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const values = [0.3, 0.2, 1.4, -1.0, null, 0.5, 0.5];
    // moves: W 0.3→0.2 (10), B 0.2→1.4 (120), W 1.4→-1.0 (240), B -1.0→null (skip), W null→0.5 (skip), B 0.5→0.5 (0)
    assert.deepEqual(ga.averageLoss(values, start), { w: 125, b: 60 });
    assert.deepEqual(ga.averageLoss([0.2], start), { w: null, b: null });
    assert.deepEqual(ga.averageLoss([0, 3], start), { w: 0, b: null }, 'a gain is no loss');
    // The summary in words: the graded moves of each side counted (singular for one), with its average loss.
    assert.equal(ga.summary(ga.gradeMoves(values, start), values, start),
      'White 0 inaccuracies, 0 mistakes, 1 blunder, average loss 125 cp; Black 0 inaccuracies, 1 mistake, 0 blunders, average loss 60 cp');
    assert.equal(ga.summary([], [0.2], start),
      'White 0 inaccuracies, 0 mistakes, 0 blunders; Black 0 inaccuracies, 0 mistakes, 0 blunders', 'no loss known: none told');
  });

  test('move labels count from the FEN\'s move number', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    assert.equal(ga.moveLabel(start, 1, 'e4'), '1. e4');
    assert.equal(ga.moveLabel(start, 2, 'e5'), '1… e5');
    assert.equal(ga.moveLabel(start, 3, 'Nf3'), '2. Nf3');
    const black40 = '4k3/8/8/8/8/8/8/4K3 b - - 3 40';
    assert.equal(ga.moveLabel(black40, 1, 'Kd7'), '40… Kd7');
    assert.equal(ga.moveLabel(black40, 2, 'Kd2'), '41. Kd2');
  });

  test('a line evaluated on the real engine: a mate at its end takes the result, the mating move is no blunder', async () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const steps = [];
    const line = await ga.evaluateLine(adviser, { fen, chess960: false, moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'], finalValue: -ga.CAP },
      { depth: 6, onStep: (done, total) => steps.push(`${done}/${total}`) });
    assert.deepEqual(steps, ['0/5', '1/5', '2/5', '3/5', '4/5']);
    assert.equal(line.length, 5);
    assert.deepEqual(line[3].eval, { mate: -1 }, 'after 2. g4 Black mates in one');
    assert.equal(line[3].value, -ga.CAP);
    assert.equal(line[2].best !== null, true, 'the engine\'s move before 2. g4 is named');
    assert.equal(line[4].value, -ga.CAP, 'the mated position: the side to move lost');
    assert.equal(line[4].eval, null, 'no [%eval] for a position that has no search');
    const graded = ga.gradeMoves(line.map((p) => p.value), fen, { played: ['f3', 'e5', 'g4', 'Qh4#'], best: line.map((p) => p.best) });
    assert.ok(graded.some((g) => g.ply === 3 && g.grade === 'blunder'), JSON.stringify(graded));
    assert.ok(!graded.some((g) => g.ply === 4), 'the mate itself lost nothing');
  });

  test('a search stopped by something else is not taken for the depth\'s: an error, or null when cancelled', async () => {
    const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    const deep = { evaluate: (position, depth) => {
      setTimeout(() => engine.stop(), 30);  // another user of the engine stops it
      return engine.bestMove(position, { depth });
    } };
    await assert.rejects(ga.evaluateLine(deep, { fen, chess960: false, moves: ['e2a6'] }, { depth: 40 }),
      /another analysis took the engine before this one ended/);
    let cancel = false;
    const stopping = { evaluate: (position, depth) => {
      setTimeout(() => { cancel = true; engine.stop(); }, 30);  // the person's Stop
      return engine.bestMove(position, { depth });
    } };
    assert.equal(await ga.evaluateLine(stopping, { fen, chess960: false, moves: ['e2a6'] }, { depth: 40, cancelled: () => cancel }), null);
  });

  test('a stalemate at the end is worth the final value; a cancelled run gives null', async () => {
    const fen = 'k7/8/1QK5/8/8/8/8/8 w - - 0 60';
    const line = await ga.evaluateLine(adviser, { fen, chess960: false, moves: ['b6c7'], finalValue: 0 }, { depth: 4 });
    assert.equal(line[1].value, 0, 'Qc7 stalemates: the final value');
    let n = 0;
    const cut = await ga.evaluateLine(adviser, { fen, chess960: false, moves: ['b6c7'], finalValue: 0 },
      { depth: 4, cancelled: () => ++n >= 1 });
    assert.equal(cut, null);
  });

  test('the same line gets the same evaluations every time: the engine forgets earlier searches first', async () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const moves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'b5a4', 'g8f6', 'e1g1', 'f8e7'];
    let resets = 0;
    const forgetting = { ...adviser, newEvaluation: async () => { resets++; await engine.newGame(); } };
    const evals = async () => (await ga.evaluateLine(forgetting, { fen, chess960: false, moves }, { depth: 10 })).map((p) => p.eval);
    const first = await evals();
    // Other searches in between leave their entries in the hash table and their move ordering.
    await engine.bestMove({ fen: 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4' }, { depth: 12 });
    await engine.bestMove({ fen, moves: moves.slice(0, 5) }, { depth: 11 });
    assert.deepEqual(await evals(), first);
    assert.equal(resets, 2, 'once a run');
  });

  test('stopped while the engine forgets: no search begins, null', async () => {
    let cancel = false;
    let searches = 0;
    const slow = {
      newEvaluation: async () => { cancel = true; },  // the person presses Stop meanwhile
      evaluate: async (position, depth) => { searches++; return engine.bestMove(position, { depth }); },
    };
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    assert.equal(await ga.evaluateLine(slow, { fen, chess960: false, moves: ['e2e4'] }, { depth: 12, cancelled: () => cancel }), null);
    assert.equal(searches, 0);
  });
});
