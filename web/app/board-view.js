// The app's side of the board: draws the app's game on the rules-free board
// core (<escaque-board-core>, escaque/board/core; docs/board.md)
// and hands the person's moves to the app, which is the referee. One source of
// truth: the position, the legal destinations, the check and the last move
// all come from the app's game (GameController), and a move shows on the board
// only once the app has played it — a refused one simply goes back.
//
// Before the rules have loaded there is no game yet: the board shows the
// saved or starting position with no legal moves known (`dests: null`), so a
// piece of the side to move is held as a premove is, and offered as a move the
// moment the game's legal moves arrive.
import 'escaque/board/core';
import { destsOf, findMove, kingSquare } from 'escaque/board/game-state';

export class BoardView {
  #board;
  #shownFen = null;
  #movesGame = null;       // the game and position (FEN + chess960) #moves and #dests are for
  #movesKey = null;
  #moves = null;           // the game's legal moves there, listed when a piece is first picked up
  #dests = null;
  /** (uci) => boolean: play the person's move in the game; false refuses it (the piece goes back). */
  onMove = (uci) => false;
  /** (where: 'first'|'prev'|'next'|'last') => void: the board's keys asked to step through the game. */
  onNavigate = (where) => {};

  constructor(slot) {
    const board = document.createElement('escaque-board-core');
    board.id = 'board';
    board.setAttribute('coordinates', '');
    board.set({ label: 'Chess board', showLegal: true });
    board.addEventListener('move', (e) => {
      const move = findMove(this.#moves ?? [], e.detail);
      if (move) this.onMove(move.uci);
    });
    board.addEventListener('navigate', (e) => this.onNavigate(e.detail.where));
    slot.replaceChildren(board);
    this.#board = board;
  }

  get element() { return this.#board; }

  /** The language of the board's square names and announcements ('en', 'es', …). */
  setLanguage(language) { this.#board.set({ language }); }

  /**
   * @param {object} view {fen, chess960, orientation 'w'|'b', interactive 'none'|'white'|'black'|'both',
   *   lastMove (UCI) or null, premoves, game: the app's Chess when `fen` is its live position (else null),
   *   move: the move that led to `fen` (to announce it), outcome: the game's outcome once it is over}
   */
  show(view) {
    const { fen, game } = view;
    let dests = null;
    let check = null;
    if (game) {
      const key = `${fen} ${Boolean(view.chess960)}`;
      if (game !== this.#movesGame || key !== this.#movesKey) {
        this.#movesGame = game;
        this.#movesKey = key;
        this.#moves = null;
        this.#dests = () => destsOf(this.#moves ??= game.moves());
      }
      dests = this.#dests;
      if (game.inCheck()) check = kingSquare(fen, game.turn());
    } else if (view.interactive === 'none') {
      dests = NO_MOVES;
    }
    const previous = this.#shownFen;
    this.#shownFen = fen;
    const last = view.lastMove;
    this.#board.set({
      fen, dests, check, orientation: view.orientation === 'b' ? 'black' : 'white', interactive: view.interactive,
      premoves: Boolean(view.premoves), lastMove: last ? { from: last.slice(0, 2), to: last.slice(2, 4) } : null,
    });
    // One move on from what the board showed: say it, as a person at the board would see it.
    if (view.move && previous !== fen && view.move.before === previous) this.#board.announceMove(view.move, view.outcome);
  }
}

const NO_MOVES = new Map();
