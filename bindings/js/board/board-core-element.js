// <escaque-board-core>: the rules-free board core (board-core.js) as a custom
// element, for a page that keeps the game itself — the app does (its
// GameController is the one source of truth), and so can a page using other
// chess rules. It draws the state it is given and fires the core's intents as
// events; it never imports the escaque package.
//
//   const board = document.createElement('escaque-board-core');
//   board.set({ fen, dests: new Map([['e2', ['e3', 'e4']]]), interactive: 'white', lastMove: null });
//   board.addEventListener('move', (e) => { ... e.detail.from, e.detail.to, e.detail.promotion ... });
//
// Events (detail as the core gives it; they bubble and cross the shadow boundary):
// `move` {from, to, promotion?, source} — play it and set the new position, or do nothing and the
// piece goes back; `premove` {premove}; `select` {square, piece, targets, premove};
// `annotate` {arrows, highlights}; `navigate` {where: 'first'|'prev'|'next'|'last'} (PageUp, …).
// Attributes: `coordinates` and `theme` (styling only, as on <escaque-board>).
import { addLanguages } from './announce.js';
import { LANGUAGES } from './announce-languages.js';
import { BoardCore } from './board-core.js';

addLanguages(LANGUAGES);   // BoardCore's `language` option: Spanish, French, German and Dutch

const ElementBase = typeof HTMLElement === 'undefined' ? class {} : HTMLElement;

export class EscaqueBoardCore extends ElementBase {
  #core;

  constructor() {
    super();
    this.#core = new BoardCore(this, { onIntent: (type, detail) => {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    } });
  }

  /** Changes part of the state (BoardCore.set: throws on a bad field, changing nothing). */
  set(changes) { this.#core.set(changes); }
  get state() { return this.#core.state; }
  get fen() { return this.#core.state.fen; }
  get orientation() { return this.#core.state.orientation; }
  get interactive() { return this.#core.state.interactive; }
  get selected() { return this.#core.selected; }
  announce(text) { this.#core.announce(text); }
  announceMove(move, outcome) { this.#core.announceMove(move, outcome); }
  focusSquare(square) { this.#core.focusSquare(square); }
  squareAt(clientX, clientY) { return this.#core.squareAt(clientX, clientY); }
  cancelPremove(announce = true) { this.#core.cancelPremove(announce); }
}

if (typeof customElements !== 'undefined' && !customElements.get('escaque-board-core')) {
  customElements.define('escaque-board-core', EscaqueBoardCore);
}

export { BoardCore, START_FEN } from './board-core.js';
