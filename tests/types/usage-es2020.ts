// The declarations must also compile in a project with an old `lib` (no DOM,
// no Disposable, no URL): checked with tests/types/tsconfig.es2020.json.
import { Chess, init } from 'escaque';
import type { Move } from 'escaque';

export async function oldLib(): Promise<string> {
  await init({ url: 'escaque.wasm' });
  const game = new Chess();
  const move: Move = game.move('e4');
  game[Symbol.dispose]();
  return move.san;
}
