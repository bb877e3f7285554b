// Type usage of escaque/board (bindings/js/board/escaque-board.d.ts, shipped as dist/board/):
//   npx tsc -p tests/types/tsconfig.board.json   (after a build has copied dist/board/)
import 'escaque/board';
import { EscaqueBoard, START_FEN, type BoardMoveDetail } from 'escaque/board';
const b = document.querySelector('escaque-board')!;
const c: EscaqueBoard = b;
c.addEventListener('move', (e) => { const d: BoardMoveDetail = e.detail; if (d.san === 'e4') e.preventDefault(); });
c.addEventListener('gameover', (e) => console.log(e.detail.outcome.result));
c.setPosition(START_FEN);
const m = c.move('e4'); console.log(m.san, c.ply, c.plyCount, c.orientation, c.premove?.from);
c.setArrows([{ from: 'e2', to: 'e4' }]);
await c.ready;

// The rules-free core (escaque/board/core): state in, intents out.
import 'escaque/board/core';
import { BoardCore, type BoardCoreState, type BoardMoveIntent } from 'escaque/board/core';
const core = document.createElement('escaque-board-core');
const state: Partial<BoardCoreState> = { fen: START_FEN, dests: new Map([['e2', ['e3', 'e4']], ['e7', [{ to: 'e8', promotion: 'q' }]]]),
  interactive: 'white', lastMove: { from: 'e2', to: 'e4' }, check: null };
core.set(state);
core.set({ dests: () => ({ g1: ['f3', 'h3'] }) });
core.addEventListener('move', (e) => { const i: BoardMoveIntent = e.detail; console.log(i.from, i.to, i.promotion, i.source); });
core.addEventListener('navigate', (e) => console.log(e.detail.where));
// A board editor: any piece anywhere (free), and a press on a square that picks nothing up.
core.set({ free: true, interactive: 'both' });
const dropped: string | null = core.squareAt(10, 10); console.log(dropped);
core.addEventListener('square', (e) => { const s: string = e.detail.square; const k: 'pointer' | 'keyboard' = e.detail.source; console.log(s, k); });
const plain = new BoardCore(document.createElement('div'), { onIntent: (type, detail) => console.log(type, detail) });
plain.announceMove({ from: 'e2', to: 'e4', color: 'w', piece: 'p' });
const o = c.outcome; if (o !== null) console.log(o.result);
