// The app's side of the board: shows the game on <escaque-board> (the
// project's board component, web/board/, docs/board.md) and hands the
// person's moves to the app, which is the referee. Until the component's
// module has loaded (or if it fails) a plain, read-only text board stands in;
// the move field keeps the game playable either way.
//
// The board keeps a game of its own made from the app's FEN (setPosition):
// the app's game (history, clocks, claims) stays the one authority, and the
// board only needs the position to know the legal moves.
export class BoardView {
  #slot;
  #board = null;
  #fallback = null;
  #inMoveEvent = false;  // the board is between its 'move' event and playing that move
  #pending = null;       // a view that arrived meanwhile
  #chess960 = false;
  /** (uci) => boolean: play the person's move in the game; false refuses it (the piece goes back). */
  onMove = (uci) => false;

  constructor(slot) {
    this.#slot = slot;
    this.#fallback = document.createElement('pre');
    this.#fallback.className = 'text-board';
    this.#fallback.setAttribute('role', 'img');
    slot.append(this.#fallback);
  }

  /** Switches to the component once its module has loaded; true when it did. */
  attachComponent() {
    if (!customElements.get('escaque-board') || this.#board) return false;
    const board = document.createElement('escaque-board');
    board.setAttribute('show-legal', '');
    // No coordinates: the component draws them as visible text inside squares whose accessible names
    // ("a8, black rook") do not contain them as words, which axe reports (label-content-name-mismatch).
    board.setAttribute('text-input', 'none');  // the app's own move field (with draw claims) is used
    board.setAttribute('label', 'Chess board');
    board.addEventListener('move', (e) => {
      this.#inMoveEvent = true;
      try {
        if (!this.onMove(e.detail.uci)) e.preventDefault();
      } finally {
        this.#inMoveEvent = false;
      }
      // The board plays its move right after this event; then the view catches up (same FEN: no reset).
      queueMicrotask(() => {
        const view = this.#pending;
        this.#pending = null;
        if (view) this.show(view);
      });
    });
    this.#slot.replaceChildren(board);
    this.#board = board;
    this.#fallback = null;
    return true;
  }

  get element() { return this.#board; }

  #copy = null;  // the Chess copy the board plays on (the board never disposes a game it was given)
  #setCopy(copy) {
    this.#board.setGame(copy);
    this.#copy?.dispose();
    this.#copy = copy;
  }

  /**
   * @param {object} view {fen, chess960, orientation 'w'|'b', interactive 'none'|'white'|'black'|'both',
   *   lastMove (UCI) or null, premoves, game: the app's Chess when `fen` is its live position}
   */
  show(view) {
    const { fen, orientation, interactive, lastMove } = view;
    this.#slot.dataset.fen = fen;
    if (!this.#board) {
      this.#fallback.textContent = textBoard(fen, orientation);
      this.#fallback.setAttribute('aria-label', `Position ${fen}`);
      return;
    }
    if (this.#inMoveEvent) {
      this.#pending = view;
      return;
    }
    const b = this.#board;
    b.toggleAttribute('premoves', Boolean(view.premoves));
    b.setAttribute('orientation', orientation === 'w' ? 'white' : 'black');
    b.setAttribute('interactive', interactive);
    if (Boolean(view.chess960) !== this.#chess960) {
      this.#chess960 = Boolean(view.chess960);
      b.toggleAttribute('chess960', this.#chess960);
    }
    if (b.fen !== fen) {
      // One move on from what the board shows (the opponent's reply): played, so it animates and a
      // waiting premove is tried; anything else is set as a new position.
      let moved = false;
      if (lastMove && b.game) {
        try {
          b.move(lastMove);
          moved = true;
        } catch {
          moved = false;
        }
      }
      // A premove played on the back of that move has already gone to the app: its view follows.
      if (this.#pending) return;
      if (!moved || b.fen !== fen) {
        // The live position: a copy of the app's game (cheap, no FEN set-up analysis); else the FEN.
        if (view.game && b.game) this.#setCopy(view.game.clone());
        else b.setPosition(fen, { chess960: this.#chess960 });
      }
    }
    b.setAttribute('last-move', lastMove ?? 'none');
  }
}

function textBoard(fen, orientation) {
  const rows = fen.split(' ')[0].split('/').map((row) => row.replace(/\d/g, (n) => '.'.repeat(Number(n))));
  const ranks = rows.map((row, i) => `${8 - i} ${row.split('').join(' ')}`);
  if (orientation === 'b') {
    return [...ranks].reverse().map((r) => r.slice(0, 2) + r.slice(2).split(' ').reverse().join(' '))
      .concat('  h g f e d c b a').join('\n');
  }
  return ranks.concat('  a b c d e f g h').join('\n');
}
