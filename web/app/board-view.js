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
// moment the game's legal moves arrive. A move half made then (a piece picked up
// or dragged, not yet put down) is not lost when they arrive: the board lets go
// of a selection whenever its legal moves change, so the game's first view waits
// until the piece is put down (the move is then held and played at once) or let go.
import 'escaque/board/core';
import { destsOf, findMove, kingSquare } from 'escaque/board/game-state';

export class BoardView {
  #board;
  #shownFen = null;
  #movesGame = null;       // the game and position (FEN + chess960) #moves and #dests are for
  #movesKey = null;
  #moves = null;           // the game's legal moves there, listed when a piece is first picked up
  #dests = null;
  #waiting = null;         // the game's first view, while a move begun before it is half made
  /** (uci) => boolean: play the person's move in the game; false refuses it (the piece goes back). */
  onMove = (uci) => false;
  /** (where: 'first'|'prev'|'next'|'last') => void: the board's keys asked to step through the game. */
  onNavigate = (where) => {};
  /** (key) => void: a printable key pressed on a square (the board's `typing` intent): the app may take the
   *  focus to its move field there and then, and the browser types the key into it. */
  onTyping = (key) => {};

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
    board.addEventListener('typing', (e) => this.onTyping(e.detail.key));
    board.addEventListener('select', (e) => {
      if (e.detail.square !== null || !this.#waiting) return;
      const view = this.#waiting;
      this.#waiting = null;
      // After the board has finished with the selection (a premove is set right after it is let go).
      queueMicrotask(() => { if (!this.#waiting && !this.#board.selected) this.show(view); });
    });
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
    const now = this.#board.state;
    if (game && now.dests === null && this.#board.selected && fen === now.fen &&
        (view.orientation === 'b' ? 'black' : 'white') === now.orientation) {
      this.#waiting = view;
      return;
    }
    this.#waiting = null;
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
