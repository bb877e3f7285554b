// escaque/rules (the API without the Engine, on the rules-only module): its exports type-check
// as the main entry's do; checked with `tsc -p tests/types`. Never run.
import {
  Chess, IllegalMoveError, Position, init, isInitialized, perft, positionMoves,
} from 'escaque/rules';
import type { Move, Outcome, Square } from 'escaque/rules';

export async function rulesOnly(): Promise<void> {
  await init();
  await init({ url: '/static/escaque-rules.wasm' });
  const ready: boolean = isInitialized();
  const game = new Chess();
  const m: Move = game.move('e4');
  const to: Square = m.to;
  const outcome: Outcome = game.outcome();
  const pos = Position.fromFen('8/8/8/8/8/8/8/K6k w - - 0 1');
  const n: number = perft('8/8/8/8/8/8/8/K6k w - - 0 1', 2) + positionMoves('8/8/8/8/8/8/8/K6k w - - 0 1').length;
  try { game.move('e5e4'); } catch (e) { if (e instanceof IllegalMoveError) void e.code; }
  void [ready, to, outcome, pos, n];
}
