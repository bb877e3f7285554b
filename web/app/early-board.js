// The first screen's board, built and taking the first move before the rules are loaded or even
// evaluated: web/app.js imports this module right after early-layout.js, so that it runs in the
// bundle's second task, before the package's modules (the rules) and the app's. The board core
// (escaque/board/core) imports nothing of the package, so nothing here waits for the WebAssembly.
//
// What the board can show without the rules: the position of a game with no moves yet (a first
// visit's new game, or a saved game at its start), read from the saved record's JSON. There the board
// takes the first move if a person is to make it: it holds the move as a premove until the game's
// legal moves reach it (main.js's first render after the game has started), then plays it if legal.
// A saved game with moves needs the rules to know its position, so it shows when they are ready.
//
// 'escaque-interactive' is marked here when the board takes that move (bench/app-startup.mjs measures
// a cold visit's click at the mark); main.js marks it once the game is loaded otherwise.
import { BoardView } from './board-view.js';
import { lookOfBoard } from './board-look.js';
import { saved, settings } from './early-layout.js';
import { START_FEN } from 'escaque/board/core';

/** The view of the saved (or first) game's start position, or null (a game with moves, or damaged). */
function earlyViewOf(record) {
  if (!record) {
    // A first visit's game: two people, untimed, White to move.
    return { fen: START_FEN, orientation: 'w', interactive: 'white', lastMove: null, chess960: false, premoves: false,
      game: null };
  }
  const atStart = record.version === 1 && Array.isArray(record.moves) && record.moves.length === 0;
  if (!atStart || typeof record.setup?.fen !== 'string') return null;
  const { fen } = record.setup;
  const humans = ['w', 'b'].filter((s) => record.players?.[s]?.type === 'human');
  const toMove = fen.split(' ')[1] === 'b' ? 'b' : 'w';
  const finished = record.ending !== null && record.ending !== undefined;
  const interactive = !finished && record.players?.[toMove]?.type === 'human' ? (toMove === 'w' ? 'white' : 'black')
    : 'none';
  return { fen, orientation: humans.length === 1 ? humans[0] : 'w', interactive, lastMove: null,
    chess960: Boolean(record.setup.chess960), premoves: false, game: null };
}

/** The game's board (main.js draws the game on it once the rules have loaded). */
export const board = new BoardView(document.getElementById('board-slot'));
lookOfBoard(board.element, settings);
board.setLanguage(settings.language === 'figurine' ? 'en' : settings.language);

/** What the board shows until the game is loaded (null: nothing early, the game's position comes later). */
let earlyView = null;
try {
  earlyView = earlyViewOf(saved);
  if (earlyView) {
    board.show(earlyView);
    document.getElementById('fen-out').value = earlyView.fen;
  }
} catch {
  earlyView = null;  // a damaged record: nothing early; main.js's start-up deals with it
}
performance.mark('escaque-board-loaded');
if (/^(white|black)$/.test(earlyView?.interactive ?? '')) performance.mark('escaque-interactive');

// Then one turn of the event loop: the browser paints the board (and takes a first click) before the
// package's modules are evaluated.
await new Promise((resolve) => setTimeout(resolve, 0));
