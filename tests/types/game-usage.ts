// Checked by tsc (npm run typecheck): the types of <escaque-game> and <escaque-move-tree>.
import type { EscaqueGame, GameAnalyseDetail } from '../../bindings/js/board/escaque-game.js';
import type { EscaqueMoveTree } from '../../bindings/js/board/move-tree-element.js';

const game: EscaqueGame | null = document.querySelector('escaque-game');
if (game) {
  game.addEventListener('analyse', (e) => {
    const d: GameAnalyseDetail = e.detail;
    const fen: string = d.fen;
    const moves: string[] = d.uci;
    void fen; void moves;
  });
  game.addEventListener('nodechange', (e) => { const ply: number = e.detail.ply; void ply; });
  game.pgn = '1. e4 e5 *';
  void game.ready.then(() => game.goTo(game.game?.moves[0] ?? null));
  // @ts-expect-error ply is read-only
  game.ply = 3;
}
const tree = document.createElement('escaque-move-tree');
const t: EscaqueMoveTree = tree;
t.addEventListener('nodeselect', (e) => { const n = e.detail.node?.san; void n; });

// JSX props are typed (classic global namespace)
const props: JSX.IntrinsicElements['escaque-game'] = { src: '/x.pgn', orientation: 'black', ply: 'last', analyse: true };
// @ts-expect-error orientation is white or black
const bad: JSX.IntrinsicElements['escaque-game'] = { orientation: 'left' };
void props; void bad;
