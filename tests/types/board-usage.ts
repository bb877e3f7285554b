// Type usage of escaque/board (web/board/escaque-board.d.ts, shipped as dist/board/):
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
