// <escaque-board>: the embeddable chess board (docs/board.md). A thin custom
// element that wraps an escaque `Chess` game around the rules-free board core
// (board-core.js): the game decides what is legal and keeps the history
// (undo, redo, navigation, PGN); the core draws the state the element hands
// it and reports what a person does; the element turns those intents into
// moves on the game and into the documented events.
//
//   <script type="module" src="/dist/board/escaque-board.js"></script>   (or: import 'escaque/board')
//   <escaque-board fen="..." interactive="white" show-legal coordinates></escaque-board>
//
// The rules come from the escaque package (WebAssembly). The sources sit in bindings/js/board/ beside
// the package's bindings/js/index.mjs exactly as the build lays them out in dist/ (dist/board/ beside
// dist/index.mjs), so this relative import is the same in the repository and in the package.
import { init, Chess } from '../index.mjs';

import { addLanguages, moveWords, words } from './announce.js';
import { LANGUAGES } from './announce-languages.js';
import { BoardCore, START_FEN } from './board-core.js';
import { buildEntry } from './entry.js';
import { destsOf, findMove, kingSquare } from './game-state.js';
import { isSquare, parsePlacement, turnOf } from './geometry.js';

export { START_FEN };
const OFF = new Set(['none', 'false', 'off']);
const NO_DESTS = new Map();

// Importable where there is no DOM (server-side rendering, Node tools): the
// class then exists but is never registered.
const ElementBase = typeof HTMLElement === 'undefined' ? class {} : HTMLElement;
addLanguages(LANGUAGES);   // the `language` attribute: Spanish, French, German and Dutch

export class EscaqueBoard extends ElementBase {
  static get observedAttributes() {
    return ['fen', 'pgn', 'orientation', 'interactive', 'last-move', 'check', 'animation', 'piece-set',
      'language', 'announce', 'label', 'text-input', 'show-legal', 'premoves', 'chess960', 'auto-queen'];
  }

  #core;
  #entry;
  #chess = null;
  #ownsChess = false;
  #ready;
  #pendingPgn = null;      // a PGN given before the rules had loaded
  #fen = START_FEN;        // the position before the rules have loaded
  #viewPly = null;         // null = the live position; else a ply of the game shown
  #moves = null;           // the live position's legal moves (cached until the game changes)
  #dests = null;           // the core's dests for them (the same object while the position stays)
  #history = null;         // verbose history, for navigation
  #last = null;            // the game's last move, {from, to}

  constructor() {
    super();
    this.#core = new BoardCore(this, { onIntent: (type, detail) => this.#onIntent(type, detail) });
    this.#entry = buildEntry(this.#core.root);
    this.#entry.entry.addEventListener('submit', (e) => {
      e.preventDefault();
      this.#typedMove(this.#entry.input.value);
    });
    this.#entry.input.addEventListener('input', () => this.#entry.input.removeAttribute('aria-invalid'));
    this.#ready = init().then(() => this.#onReady(), (error) => {
      this.#emit('error', { error, message: `escaque could not load: ${error.message}` });
      throw error;
    });
    this.#ready.catch(() => {});
  }

  connectedCallback() { this.#push(); }

  attributeChangedCallback(name, oldValue, value) {
    if (oldValue === value) return;
    if (name === 'fen') {
      if (value !== null) this.#guard(() => this.setPosition(value));
    } else if (name === 'pgn') {
      if (value !== null) this.#guard(() => this.loadPgn(value));
    } else {
      const before = this.#core.state.orientation;
      this.#push();
      if (name === 'orientation' && this.orientation !== before) this.#emit('flip', { orientation: this.orientation });
    }
  }

  // ---- properties ----

  /** Resolves once the WebAssembly rules are loaded and the position is live. */
  get ready() { return this.#ready; }
  /** The Chess instance the board plays on (null until ready). */
  get game() { return this.#chess; }
  get fen() { return this.#chess && !this.#chess.disposed ? this.#chess.fen() : this.#fen; }
  set fen(value) { this.setPosition(value); }
  get pgn() { return this.#chess ? this.#chess.pgn() : ''; }
  set pgn(value) { this.loadPgn(value); }
  get orientation() { return this.getAttribute('orientation') === 'black' ? 'black' : 'white'; }
  set orientation(value) { this.setAttribute('orientation', value === 'black' ? 'black' : 'white'); }
  get interactive() {
    const v = this.getAttribute('interactive');
    if (v === null || OFF.has(v)) return 'none';
    return v === 'white' || v === 'black' ? v : 'both';
  }
  set interactive(value) { this.setAttribute('interactive', String(value)); }
  get language() { return this.getAttribute('language') || 'en'; }
  set language(value) { this.setAttribute('language', value); }
  get turn() { return turnOf(this.fen); }
  get selected() { return this.#core.selected; }
  get lastMove() { return this.#shownLastMove(); }
  get premove() { return this.#core.state.premove; }
  get arrows() { return this.#core.state.arrows; }
  set arrows(list) { this.setArrows(list); }
  get highlights() { return this.#core.state.highlights; }
  set highlights(list) { this.setHighlights(list); }
  /** The ply shown: plyCount when showing the live position. */
  get ply() { return this.#viewPly ?? this.plyCount; }
  set ply(value) { this.goTo(value); }
  get plyCount() { return this.#historyList().length; }
  /** The game's outcome once it is over; null while it goes on (and before the rules have loaded). */
  get outcome() { return this.#chess && this.#chess.isGameOver() ? this.#chess.outcome() : null; }

  // ---- methods ----

  /** Shows a FEN as a new game (throws the package's InvalidFenError when it is not valid). */
  setPosition(fen, { chess960 = this.hasAttribute('chess960') } = {}) {
    if (typeof fen !== 'string') throw new TypeError('setPosition(fen): fen must be a string');
    if (fen.trim() === '' || fen.trim() === 'start') fen = START_FEN;
    if (!this.#chess) {
      if (!parsePlacement(fen)) throw new SyntaxError(`setPosition: "${fen}" is not a FEN board`);
      this.#fen = fen;
      this.#pendingPgn = null;  // the latest call wins
      this.#push();
      return;
    }
    this.#adopt(Chess.fromFen(fen, { chess960 }), true, 'position');
  }

  /** Loads the first game of a PGN text; shows its final position (navigable). */
  loadPgn(pgn, { language } = {}) {
    if (!this.#chess) {
      this.#pendingPgn = { pgn, language };
      return;
    }
    this.#adopt(Chess.fromPgn(pgn, language ? { language } : undefined), true, 'pgn');
  }

  /** Plays on a Chess instance the caller owns (the board never disposes it). */
  setGame(chess) {
    if (!(chess instanceof Chess)) throw new TypeError('setGame(chess): expected an escaque Chess instance');
    this.#adopt(chess, false, 'game');
  }

  /** Redraws from the game after it was changed outside the board. */
  refresh() {
    if (!this.#chess) return;
    this.#invalidate();
    this.#push();
  }

  /**
   * Plays a move given as SAN (English, or `language`), UCI or {from, to, promotion}.
   * Returns the package's move object; throws its IllegalMoveError when illegal. No `move`
   * event (that is for moves a person makes on the board); `change` fires.
   */
  move(input, { language = 'en' } = {}) {
    const played = this.#live().move(input, { language });
    this.#afterMove(played, 'api');
    return played;
  }

  /** Takes back the last move; returns it, or null at the start. */
  undo() {
    const undone = this.#live().undo();
    if (!undone) return null;
    this.#core.cancelPremove(false);
    this.#changed('undo', undone);
    return undone;
  }

  /** Replays the last undone move; returns it, or null. */
  redo() {
    const redone = this.#live().redo();
    if (!redone) return null;
    this.#changed('redo', redone);
    return redone;
  }

  flip() { this.orientation = this.orientation === 'white' ? 'black' : 'white'; }

  /** Shows the position after `ply` half-moves (0 = the start); the game itself is unchanged. */
  goTo(ply) {
    if (!this.#chess) return;
    const list = this.#historyList();
    const n = Math.max(0, Math.min(list.length, Math.trunc(Number(ply) || 0)));
    this.#viewPly = n === list.length ? null : n;
    this.#push();
    const move = n > 0 ? list[n - 1] : null;
    if (move) this.#core.announce(moveWords(move, this.language, this.#style()));
    this.#emit('navigate', { ply: n, plyCount: list.length, fen: this.#shownFen(), move });
  }
  first() { this.goTo(0); }
  previous() { this.goTo(this.ply - 1); }
  next() { this.goTo(this.ply + 1); }
  last() { this.goTo(this.plyCount); }

  /** Arrows: [{from, to, color?}]. Replaces the current ones (user-drawn ones too). */
  setArrows(list = []) {
    this.#core.set({ arrows: checkList(list, (a) => isSquare(a?.from) && isSquare(a?.to), 'setArrows: {from, to}')
      .map(({ from, to, color }) => (color ? { from, to, color } : { from, to })) });
  }
  /** Circled squares: [{square, color?}]. */
  setHighlights(list = []) {
    this.#core.set({ highlights: checkList(list, (h) => isSquare(h?.square), 'setHighlights: {square}')
      .map(({ square, color }) => (color ? { square, color } : { square })) });
  }
  clearAnnotations() { this.#core.set({ arrows: [], highlights: [] }); }
  cancelPremove() { this.#core.cancelPremove(); }

  /** Moves keyboard focus to a square. */
  focusSquare(square) { this.#core.focusSquare(square); }

  // ---- the game ----

  #onReady() {
    if (this.#pendingPgn) {
      const { pgn, language } = this.#pendingPgn;
      this.#pendingPgn = null;
      this.#guard(() => this.#adopt(Chess.fromPgn(pgn, language ? { language } : undefined), true, 'pgn'));
    }
    if (!this.#chess) {
      try {
        this.#adopt(Chess.fromFen(this.#fen, { chess960: this.hasAttribute('chess960') }), true, 'position');
      } catch (error) {
        this.#emit('error', { error, message: error.message });
        this.#adopt(new Chess(), true, 'position');
      }
    }
    this.#emit('ready', { fen: this.fen });
  }

  #adopt(chess, owned, source) {
    const old = this.#chess;
    if (old && old !== chess && this.#ownsChess) old.dispose();
    this.#chess = chess;
    this.#ownsChess = owned;
    this.#viewPly = null;
    this.#invalidate();
    this.#push();
    this.#emit('change', { fen: this.fen, move: null, source });
  }

  #live() {
    if (!this.#chess) throw new Error('escaque-board: not ready yet (await board.ready)');
    return this.#chess;
  }

  // After any change of the game; `played` is the move just made (else the last move is looked up).
  #invalidate(played) {
    this.#moves = null;
    this.#dests = null;
    this.#history = null;
    const last = played ?? this.#historyList().at(-1);
    this.#last = last ? { from: last.from, to: last.to } : null;
  }

  #legalMoves() {
    this.#moves ??= this.#chess.moves();
    return this.#moves;
  }

  #historyList() {
    if (!this.#history) this.#history = this.#chess ? this.#chess.history({ verbose: true }) : [];
    return this.#history;
  }

  #shownFen() {
    if (!this.#chess) return this.#fen;
    if (this.#viewPly === null) return this.#chess.fen();
    const list = this.#historyList();
    return this.#viewPly === 0 ? list[0]?.before ?? this.#chess.fen() : list[this.#viewPly - 1].after;
  }

  #shownLastMove() {
    const attr = this.getAttribute('last-move');
    if (attr && OFF.has(attr)) return null;
    if (attr && /^[a-h][1-8][a-h][1-8]/.test(attr)) return { from: attr.slice(0, 2), to: attr.slice(2, 4) };
    if (this.#viewPly === null) return this.#last;
    const m = this.#viewPly > 0 ? this.#historyList()[this.#viewPly - 1] : null;
    return m ? { from: m.from, to: m.to } : null;
  }

  #afterMove(played, source) {
    this.#viewPly = null;
    this.#invalidate(played);
    this.#push();
    const over = this.#chess.isGameOver() ? this.#chess.outcome() : null;
    this.#core.announceMove(played, over);
    this.#emit('change', { fen: this.fen, move: played, source });
    if (over) this.#emit('gameover', { outcome: over });
  }

  #changed(source, move) {
    this.#viewPly = null;
    this.#invalidate();
    this.#push();
    this.#emit('change', { fen: this.fen, move, source });
  }

  // Offers a person's move to the page (cancelable `move` event), then plays it.
  #commit(move, source) {
    const detail = { from: move.from, to: move.to, promotion: move.promotion, san: move.san, uci: move.uci,
      piece: move.piece, color: move.color, captured: move.captured, flags: move.flags, source, fen: this.fen,
      move };
    if (!this.#emit('move', detail, true)) return false;
    this.#afterMove(this.#chess.move(move.uci), source);
    return true;
  }

  // Whether a person may move the side to move now (the live position of a game going on).
  #mayMove() {
    const who = this.interactive;
    return Boolean(this.#chess) && this.#viewPly === null && !this.#chess.isGameOver() &&
      (who === 'both' || who[0] === this.turn);
  }

  // ---- the core's intents ----

  #onIntent(type, detail) {
    if (type === 'move') {
      if (!this.#chess || !this.#mayMove()) return;
      const move = findMove(this.#legalMoves(), detail);
      if (move) this.#commit(move, detail.source);
    } else if (type === 'navigate') {
      const where = detail.where;
      if (where === 'first') this.first();
      else if (where === 'last') this.last();
      else if (where === 'prev') this.previous();
      else this.next();
    } else if (type === 'typing') {
      // A move typed while a square has the focus: its first character takes the focus to the move
      // field (`text-input`), where the browser types it.
      const { entry, input } = this.#entry;
      if (!entry.hidden && !input.disabled) input.focus();
    } else {
      this.#emit(type, detail);  // select, premove, annotate: as they are
    }
  }

  #typedMove(text) {
    const input = this.#entry.input;
    const fail = (message) => {
      input.setAttribute('aria-invalid', 'true');
      this.#core.announce(message);
      this.#emit('inputerror', { text, message });
    };
    text = text.trim();
    if (!text) return;
    if (!this.#chess) return fail('not ready');
    if (!this.#mayMove()) return fail(`${words(this.language).illegal}: ${text}`);
    // Identify the move on a copy: the page may still refuse it, and the game's
    // redo list must not change.
    const probe = this.#chess.clone();
    let played = null;
    let error = null;
    try {
      for (const language of new Set([this.language, 'en'])) {
        try {
          played = probe.move(text, { language });
          break;
        } catch (e) {
          error ??= e;
        }
      }
    } finally {
      probe.dispose();
    }
    if (!played) return fail(`${words(this.language).illegal}: ${error.message}`);
    const move = this.#legalMoves().find((m) => m.uci === played.uci);
    if (move && this.#commit(move, 'text')) input.value = '';
  }

  // ---- the core's state ----

  // Hands the core everything it draws, from the attributes and the game.
  #push() {
    const chess = this.#chess;
    const live = this.#viewPly === null;
    const on = (name) => this.hasAttribute(name) && !OFF.has(this.getAttribute(name));
    const fen = this.#shownFen();
    let dests = null;
    let check = null;
    if (chess) {
      const going = live && !chess.isGameOver();
      // Asked for by the core only when a piece is picked up (or a premove is due).
      dests = going ? (this.#dests ??= () => destsOf(this.#legalMoves())) : NO_DESTS;
      const checkAttr = this.getAttribute('check');
      if (live && !(checkAttr && OFF.has(checkAttr)) && chess.inCheck()) check = kingSquare(fen, turnOf(fen));
    }
    const interactive = !chess || (live && !chess.isGameOver()) ? this.interactive : 'none';
    const raw = this.getAttribute('animation');
    const announce = this.getAttribute('announce');
    this.#guard(() => this.#core.set({
      fen, orientation: this.orientation, interactive, premoves: on('premoves'), dests,
      lastMove: this.#shownLastMove(), check, showLegal: on('show-legal'), autoQueen: this.hasAttribute('auto-queen'),
      animation: raw === null || raw === '' ? 200 : OFF.has(raw) ? 0 : Number.parseFloat(raw),
      language: this.language, announce: announce === 'appendix-f' || announce === 'none' ? announce : 'words',
      label: this.getAttribute('label') ?? '', pieceSet: this.getAttribute('piece-set') ?? '',
    }));
    const { entry, labelText } = this.#entry;
    const shown = this.interactive !== 'none' && on('text-input');
    if (entry.hidden === shown) entry.hidden = !shown;
    labelText.textContent = words(this.language).input;
  }

  #style() { return this.getAttribute('announce') === 'appendix-f' ? 'appendix-f' : 'words'; }

  #emit(type, detail, cancelable = false) {
    return this.dispatchEvent(new CustomEvent(type, { detail, cancelable, bubbles: true, composed: true }));
  }

  // Attribute changes cannot throw to anyone: report bad values as an `error` event.
  #guard(fn) {
    try {
      fn();
    } catch (error) {
      this.#emit('error', { error, message: error.message });
    }
  }
}

function checkList(list, ok, what) {
  if (!Array.isArray(list)) throw new TypeError(`${what}: expected an array`);
  for (const item of list) if (!ok(item)) throw new TypeError(`${what}: bad entry ${JSON.stringify(item)}`);
  return list;
}

if (typeof customElements !== 'undefined' && !customElements.get('escaque-board')) {
  customElements.define('escaque-board', EscaqueBoard);
}
