// The eval graph's pure helpers (bindings/js/board/eval-graph.js, escaque/board/eval-graph): evals as
// graph values (capped, mates at the edges, a mate in 0 as the side to move's loss), as text and in words.
// The drawing is tested in the browser (game-viewer, app-analysis, app-engine).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { evalText, evalValue, evalWords } from '../../bindings/js/board/eval-graph.js';

test('values: centipawns capped at ±600, mates at the edge by their sign', () => {
  assert.deepEqual([{ cp: 35 }, { cp: -35 }, { cp: 2500 }, { cp: -900 }, { mate: 3 }, { mate: -1 }].map((e) => evalValue(e)),
    [35, -35, 600, -600, 600, -600]);
});

test('a mate in 0 (#0, #-0) is the side to move\'s loss, whatever the sign of the zero', () => {
  for (const e of [{ mate: 0 }, { mate: -0 }]) {
    assert.equal(evalValue(e, 'w'), -600, 'White to move is mated');
    assert.equal(evalValue(e, 'b'), 600, 'Black to move is mated');
  }
  // Without the side: the zero's sign (−0 is Black mating), as before.
  assert.deepEqual([evalValue({ mate: 0 }), evalValue({ mate: -0 })], [600, -600]);
});

test('text and words', () => {
  assert.deepEqual([{ cp: 35 }, { cp: -120 }, { cp: 0 }, { mate: 3 }, { mate: -2 }, { mate: -0 }, null].map(evalText),
    ['+0.35', '−1.20', '0.00', '#3', '#−2', '#−0', '']);
  assert.deepEqual([{ cp: 35 }, { cp: -120 }, { cp: 0 }, { mate: 3 }, { mate: -2 }, { mate: 0 }, undefined].map(evalWords),
    ['White is better by 0.35 pawns', 'Black is better by 1.20 pawns', 'equal', 'White mates in 3', 'Black mates in 2',
      'checkmate', '']);
});
