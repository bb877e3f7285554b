// The component's size bar: its JS (CSS inside) bundled and minified with
// esbuild, gzip -9, pieces and the WebAssembly package excluded, at most 15 KB
// (scripts/board-size.mjs; the peer libraries' figures are in docs/benchmarks.md).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

describe('board size', () => {
  test('component JS, minified + gzip -9, pieces excluded: at most 15 KB', async () => {
    const { boardSize, BOARD_BUDGET_BYTES } = await import('../../scripts/board-size.mjs');
    const { min, gzip } = await boardSize();
    console.log(`escaque-board: ${min} B minified, ${gzip} B gzip (budget ${BOARD_BUDGET_BYTES} B)`);
    assert.ok(min > 10_000, 'the bundle holds the component (not an empty stub)');
    assert.ok(gzip <= BOARD_BUDGET_BYTES, `${gzip} B gzip`);
  });
});
