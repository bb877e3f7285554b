// The app's side of the board: shows a position on <escaque-board> (the
// project's board component, web/board/) and hands the person's moves to the
// app, which decides whether they are played. Until the component is defined
// (or if its module fails to load) a plain, read-only text board stands in, so
// the game stays playable through the move field.
export class BoardView {
  #slot;
  #board = null;
  #fallback = null;
  onMove = (move) => false;  // {from, to, promotion}; return true when the app played it

  constructor(slot) {
    this.#slot = slot;
    this.#fallback = document.createElement('pre');
    this.#fallback.className = 'text-board';
    this.#fallback.setAttribute('role', 'img');
    slot.append(this.#fallback);
  }

  /** Switches to the component once its module has loaded. */
  attachComponent() {
    if (!customElements.get('escaque-board')) return false;
    const board = document.createElement('escaque-board');
    board.setAttribute('show-legal', '');
    board.setAttribute('coordinates', '');
    board.addEventListener('move', (e) => {
      // The app is the referee: the component's own move is cancelled and the app sets the position
      // it decides on (the same move when it is accepted).
      e.preventDefault();
      const { from, to, promotion } = e.detail;
      this.onMove({ from, to, promotion });
    });
    this.#slot.replaceChildren(board);
    this.#board = board;
    this.#fallback = null;
    return true;
  }

  get element() { return this.#board; }

  /**
   * @param {object} view {fen, orientation 'w'|'b', interactive 'none'|'white'|'black'|'both', lastMove, check}
   */
  show({ fen, orientation, interactive, lastMove }) {
    this.#slot.dataset.fen = fen;
    if (this.#board) {
      const b = this.#board;
      if (typeof b.setPosition === 'function') b.setPosition(fen);
      else b.setAttribute('fen', fen);
      b.setAttribute('orientation', orientation === 'w' ? 'white' : 'black');
      b.setAttribute('interactive', interactive);
      if (lastMove) b.setAttribute('last-move', lastMove);
      else b.removeAttribute('last-move');
      return;
    }
    this.#fallback.textContent = textBoard(fen, orientation);
    this.#fallback.setAttribute('aria-label', `Position ${fen}`);
  }
}

function textBoard(fen, orientation) {
  const rows = fen.split(' ')[0].split('/').map((row) => row.replace(/\d/g, (n) => '.'.repeat(Number(n))));
  const ranks = rows.map((row, i) => `${8 - i} ${row.split('').join(' ')}`);
  const files = '  a b c d e f g h';
  if (orientation === 'b') {
    return [...ranks].reverse().map((r) => r.slice(0, 2) + r.slice(2).split(' ').reverse().join(' '))
      .concat('  h g f e d c b a').join('\n');
  }
  return ranks.concat(files).join('\n');
}
