// bindings/js/board/game-tree.js: the viewer's rules-free index of a PGN game tree (move numbers and
// colours from the start FEN, next / previous / alternatives across nested variations) and the words
// a screen reader hears for a SAN move and its NAGs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { indexTree, moveLabel, nagGlyph, nagWords, sanWords } from '../../bindings/js/board/game-tree.js';

const node = (san, variations = [], nags = []) => ({ san, uci: '', nags, commentsBefore: [], comments: [], variations });

// 1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3
function game(fen) {
  const c3 = node('c3');
  const nf3b = node('Nf3', [[c3]]);
  const c5 = node('c5');
  const e5 = node('e5', [[c5, nf3b]]);
  const e4 = node('e4');
  const nf3 = node('Nf3');
  return { fen, moves: [e4, e5, nf3], nodes: { e4, e5, nf3, c5, nf3b, c3 } };
}

test('numbers, colours, plies and parents through nested variations', { timeout: 5_000 }, () => {
  const g = game('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  const t = indexTree(g);
  const { e4, e5, nf3, c5, nf3b, c3 } = g.nodes;
  assert.equal(t.size, 6);
  assert.deepEqual([t.info(c5).number, t.info(c5).color, t.info(c5).ply, t.info(c5).depth], [1, 'b', 2, 1]);
  assert.deepEqual([t.info(c3).number, t.info(c3).color, t.info(c3).ply, t.info(c3).depth], [2, 'w', 3, 2]);
  assert.equal(t.prev(c5), e4);
  assert.equal(t.prev(c3), c5);
  assert.equal(t.next(c5), nf3b);
  assert.equal(t.next(nf3), null);
  assert.equal(t.next(null), e4);
  assert.deepEqual(t.alternatives(e5), [e5, c5]);
  assert.deepEqual(t.alternatives(c5), [e5, c5]);
  assert.deepEqual(t.alternatives(c3), [nf3b, c3]);
  assert.deepEqual(t.path(c3), [e4, c5, c3]);
  assert.equal(t.lineEnd(c5), nf3b);
  assert.equal(t.lineEnd(null), nf3);
  assert.deepEqual([...t.nodes()].map((n) => n.san), ['e4', 'e5', 'c5', 'Nf3', 'c3', 'Nf3']);
  assert.equal(t.byId(t.info(c3).id), c3);
  assert.throws(() => t.info(node('e4')), /not in this game tree/);
});

test('a start position with Black to move at move 23', { timeout: 5_000 }, () => {
  const g = game('8/8/8/8/8/8/8/K6k b - - 4 23');
  const t = indexTree(g);
  assert.deepEqual([t.info(g.nodes.e4).number, t.info(g.nodes.e4).color], [23, 'b']);
  assert.deepEqual([t.info(g.nodes.e5).number, t.info(g.nodes.e5).color], [24, 'w']);
});

test('bad trees are refused with what is wrong', { timeout: 5_000 }, () => {
  assert.throws(() => indexTree(null), /expected a game tree/);
  assert.throws(() => indexTree({ moves: [{ nags: [] }] }), /without its SAN/);
  const n = node('e4');
  assert.throws(() => indexTree({ moves: [n, n] }), /appears twice/);
});

test('SAN in words, NAGs as glyphs and words', { timeout: 5_000 }, () => {
  assert.equal(sanWords('Nxe5+'), 'knight takes e5, check');
  assert.equal(sanWords('exd6'), 'e-pawn takes d6');
  assert.equal(sanWords('e8=Q#'), 'pawn to e8, promotes to queen, checkmate');
  assert.equal(sanWords('Rdxd1'), 'rook from d takes d1');
  assert.equal(sanWords('Qh4e1'), 'queen from h4 to e1');
  assert.equal(sanWords('O-O-O+'), 'castles queenside, check');
  assert.equal(sanWords('O-O'), 'castles kingside');
  assert.equal(sanWords('--'), 'null move');
  assert.equal(nagGlyph(1), '!');
  assert.equal(nagGlyph(16), '±');
  assert.equal(nagGlyph(17), '∓');
  assert.equal(nagWords(17), 'Black is better');
  assert.equal(nagGlyph(19), '−+');
  assert.equal(nagGlyph(18), '+−');
  assert.equal(nagGlyph(15), '⩱');
  assert.equal(nagGlyph(45), '=∞');
  assert.equal(nagWords(41), 'Black has the attack');
  assert.equal(nagGlyph(13), '∞');
  assert.equal(nagGlyph(250), '$250');
  assert.equal(nagWords(4), 'blunder');
  const g = game('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  g.nodes.nf3.nags = [1, 14];
  assert.equal(moveLabel(indexTree(g).info(g.nodes.nf3)), '2, White, knight to f3, good move, White is slightly better');
});
