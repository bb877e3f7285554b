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
  game.ply = 3;
  game.ply = 'last';
  // @ts-expect-error the node is read-only (goTo moves)
  game.node = null;
}
const tree = document.createElement('escaque-move-tree');
const t: EscaqueMoveTree = tree;
t.addEventListener('nodeselect', (e) => { const n = e.detail.node?.san; void n; });

// JSX props are typed (classic global namespace)
const props: JSX.IntrinsicElements['escaque-game'] = { src: '/x.pgn', orientation: 'black', ply: 'last', analyse: true };
// @ts-expect-error orientation is white or black
const bad: JSX.IntrinsicElements['escaque-game'] = { orientation: 'left' };
void props; void bad;

// The eval graph (escaque/board/eval-graph): a mainline's evals in, an <svg> and a marker out.
import { evalGraph, evalText, evalValue, evalWords } from '../../bindings/js/board/eval-graph.js';
import type { EvalGraph, EvalGraphMove } from '../../bindings/js/board/eval-graph.js';
const mainline: EvalGraphMove[] = [{ san: 'e4', eval: { cp: 30 } }, { san: 'e5', nags: [2], eval: { mate: -3 } }];
const drawn: EvalGraph | null = evalGraph(mainline, (i: number) => { void i; }, { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' });
if (drawn) { const svg: SVGSVGElement = drawn.svg; drawn.mark(-1); void svg; }
const v: number = evalValue({ mate: 0 }, 'b');
const words: string = evalWords(mainline[1].eval) + evalText(null);
void v; void words;
// @ts-expect-error the side to move is 'w' or 'b'
evalValue({ cp: 1 }, 'white');
