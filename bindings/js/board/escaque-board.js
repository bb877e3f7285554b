// <escaque-board>: an embeddable, accessible chess board (docs/board.md).
//
//   <script type="module" src="/dist/board/escaque-board.js"></script>   (or: import 'escaque/board')
//   <escaque-board fen="..." interactive="white" show-legal coordinates></escaque-board>
//
// The rules come from the escaque package (WebAssembly). The sources sit in bindings/js/board/ beside
// the package's bindings/js/index.mjs exactly as the build lays them out in dist/ (dist/board/ beside
// dist/index.mjs), so this relative import is the same in the repository and in the package.
import { init, Chess } from '../index.mjs';

import { drawWords, moveWords, pieceWords, squareLabel, squareWords, words } from './announce.js';
import { createAnnotationLayer, drawAnnotations, toggle } from './annotations.js';
import { isSquare, parsePlacement, premoveTargets, turnOf } from './geometry.js';
import { attachKeyboard } from './keyboard.js';
import { PIECE_CSS, PIECE_SPRITE } from './pieces.js';
import { attachPointer } from './pointer.js';
import { pickPromotion } from './promotion.js';
import { BOARD_CSS } from './styles.js';
import { PieceLayer, buildView, cellIndex, orientCells } from './view.js';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SVG_NS = 'http://www.w3.org/2000/svg';
const OFF = new Set(['none', 'false', 'off']);

let sheet = null;
function styleSheet() {
  if (!sheet && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(BOARD_CSS + PIECE_CSS);
  }
  return sheet;
}

// Importable where there is no DOM (server-side rendering, Node tools): the
// class then exists but is never registered.
const ElementBase = typeof HTMLElement === 'undefined' ? class {} : HTMLElement;

export class EscaqueBoard extends ElementBase {
  static get observedAttributes() {
    return ['fen', 'pgn', 'orientation', 'interactive', 'last-move', 'check', 'animation', 'piece-set',
      'language', 'announce', 'label', 'text-input', 'show-legal', 'premoves', 'chess960'];
  }

  #view;
  #pieces;
  #annot;
  #chess = null;
  #ownsChess = false;
  #ready;
  #pendingPgn = null;      // a PGN given before the rules had loaded
  #fen = START_FEN;
  #placement = parsePlacement(START_FEN);
  #orientation = 'white';
  #selected = null;
  #dests = new Map();      // target square -> legal moves (several for a promotion)
  #premoveMode = false;    // the selection is a premove (not the mover's turn)
  #premove = null;         // {from, to, promotion?} waiting for its turn
  #premoveCode = '';       // the piece it moves ("wn"): gone from its square = premove dropped
  #legal = null;           // from square -> legal moves, for the current position
  #history = null;         // verbose history, for navigation
  #viewPly = null;         // null = the live position; else a ply of the game shown
  #lastMove = null;
  #arrows = [];
  #circles = [];
  #userDrawn = new WeakSet();  // annotations a person drew (a left click clears only these)
  #busy = false;
  #focus = 52;             // the cell in the tab order (e2 from White's side)
  #marked = [];            // cells carrying highlight classes
  #labels = new Map();     // square -> code its label describes
  #reducedMotion = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open', delegatesFocus: false });
    const s = styleSheet();
    if (s) root.adoptedStyleSheets = [s];
    this.#view = buildView(root, { makeSprite: () => {
      const t = document.createElement('template');
      t.innerHTML = PIECE_SPRITE;
      return t.content.firstChild;
    } });
    this.#pieces = new PieceLayer(this.#view.pieces, (code) => this.#makePiece(code));
    this.#annot = createAnnotationLayer();
    this.#view.board.append(this.#annot);
    orientCells(this.#view.cells, this.#view.coords, this.#orientation);
    attachPointer(this.#view.board, this.#controller());
    attachKeyboard(this.#view.board, this.#controller());
    this.#view.entry.addEventListener('submit', (e) => {
      e.preventDefault();
      this.#typedMove(this.#view.input.value);
    });
    this.#view.input.addEventListener('input', () => this.#view.input.removeAttribute('aria-invalid'));
    this.#ready = init().then(() => this.#onReady(), (error) => {
      this.#emit('error', { error, message: `escaque could not load: ${error.message}` });
      throw error;
    });
    this.#ready.catch(() => {});
  }

  connectedCallback() {
    if (typeof matchMedia === 'function' && !this.#reducedMotion) {
      this.#reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
      this.#reducedMotion.addEventListener?.('change', () => this.#applyAnimation());
    }
    this.#applyAnimation();
    this.#applyLanguage();
    this.#render();
  }

  attributeChangedCallback(name, oldValue, value) {
    if (oldValue === value) return;
    switch (name) {
      case 'fen':
        if (value !== null) this.#guard(() => this.setPosition(value));
        break;
      case 'pgn':
        if (value !== null) this.#guard(() => this.loadPgn(value));
        break;
      case 'orientation':
        this.#setOrientation(value === 'black' ? 'black' : 'white');
        break;
      case 'animation':
        this.#applyAnimation();
        break;
      case 'language':
      case 'announce':
      case 'label':
        this.#applyLanguage();
        break;
      case 'piece-set':
        this.#pieces.clear();
        this.#render();
        break;
      default:
        this.#render();
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
  get orientation() { return this.#orientation; }
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
  get selected() { return this.#selected; }
  get lastMove() { return this.#shownLastMove(); }
  get premove() { return this.#premove ? { ...this.#premove } : null; }
  get arrows() { return this.#arrows.map((a) => ({ ...a })); }
  set arrows(list) { this.setArrows(list); }
  get highlights() { return this.#circles.map((c) => ({ ...c })); }
  set highlights(list) { this.setHighlights(list); }
  /** The ply shown: plyCount when showing the live position. */
  get ply() { return this.#viewPly ?? this.plyCount; }
  set ply(value) { this.goTo(value); }
  get plyCount() { return this.#chess ? this.#historyList().length : 0; }
  get outcome() { return this.#chess ? this.#chess.outcome() : null; }

  // ---- methods ----

  /** Shows a FEN as a new game (throws the package's InvalidFenError when it is not valid). */
  setPosition(fen, { chess960 = this.hasAttribute('chess960') } = {}) {
    if (typeof fen !== 'string') throw new TypeError('setPosition(fen): fen must be a string');
    if (fen.trim() === '' || fen.trim() === 'start') fen = START_FEN;
    if (!this.#chess) {
      const placement = parsePlacement(fen);
      if (!placement) throw new SyntaxError(`setPosition: "${fen}" is not a FEN board`);
      this.#fen = fen;
      this.#placement = placement;
      this.#pendingPgn = null;  // the latest call wins
      this.#render();
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
    this.#legal = null;
    this.#history = null;
    const last = this.#historyList().at(-1);
    this.#sync(last ? { from: last.from, to: last.to } : null);
  }

  /**
   * Plays a move given as SAN (English, or `language`), UCI or {from, to, promotion}.
   * Returns the package's move object; throws its IllegalMoveError when illegal. No `move`
   * event (that is for moves a person makes on the board); `change` fires.
   */
  move(input, { language = 'en' } = {}) {
    const chess = this.#live();
    const played = chess.move(input, { language });
    this.#afterMove(played, 'api');
    return played;
  }

  /** Takes back the last move; returns it, or null at the start. */
  undo() {
    const chess = this.#live();
    const undone = chess.undo();
    if (!undone) return null;
    this.#cancelPremove(false);
    this.#changed('undo', undone);
    return undone;
  }

  /** Replays the last undone move; returns it, or null. */
  redo() {
    const chess = this.#live();
    const redone = chess.redo();
    if (!redone) return null;
    this.#changed('redo', redone);
    return redone;
  }

  flip() { this.orientation = this.#orientation === 'white' ? 'black' : 'white'; }

  /** Shows the position after `ply` half-moves (0 = the start); the game itself is unchanged. */
  goTo(ply) {
    if (!this.#chess) return;
    const list = this.#historyList();
    const n = Math.max(0, Math.min(list.length, Math.trunc(Number(ply) || 0)));
    this.#viewPly = n === list.length ? null : n;
    this.#deselect();
    this.#placement = parsePlacement(n === 0 ? (list[0]?.before ?? this.#chess.fen()) : list[n - 1].after);
    this.#render();
    const move = n > 0 ? list[n - 1] : null;
    if (move) this.#announce(moveWords(move, this.language, this.#style()));
    this.#emit('navigate', { ply: n, plyCount: list.length, fen: n === 0 ? list[0]?.before ?? this.fen : move.after,
      move });
  }
  first() { this.goTo(0); }
  previous() { this.goTo(this.ply - 1); }
  next() { this.goTo(this.ply + 1); }
  last() { this.goTo(this.plyCount); }

  /** Arrows: [{from, to, color?}]. Replaces the current ones (user-drawn ones too). */
  setArrows(list = []) {
    this.#arrows = checkList(list, (a) => isSquare(a?.from) && isSquare(a?.to), 'setArrows: {from, to}')
      .map(({ from, to, color }) => (color ? { from, to, color } : { from, to }));
    this.#drawAnnotations();
  }
  /** Circled squares: [{square, color?}]. */
  setHighlights(list = []) {
    this.#circles = checkList(list, (h) => isSquare(h?.square), 'setHighlights: {square}')
      .map(({ square, color }) => (color ? { square, color } : { square }));
    this.#drawAnnotations();
  }
  clearAnnotations() {
    this.#arrows = [];
    this.#circles = [];
    this.#drawAnnotations();
  }
  cancelPremove() { this.#cancelPremove(true); }

  /** Moves keyboard focus to a square. */
  focusSquare(square = this.#view.cells[this.#focus].dataset.square) {
    if (!isSquare(square)) throw new TypeError(`focusSquare: "${square}" is not a square`);
    this.#focusCell(cellIndex(square, this.#orientation));
  }

  // ---- internals: game state ----

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
    this.#legal = null;
    this.#history = null;
    this.#viewPly = null;
    this.#deselect();
    const last = this.#historyList().at(-1);
    this.#sync(last ? { from: last.from, to: last.to } : null);
    this.#emit('change', { fen: this.#fen, move: null, source });
    if (source === 'position' || source === 'game') this.#schedulePremove();
  }

  #live() {
    if (!this.#chess) throw new Error('escaque-board: not ready yet (await board.ready)');
    return this.#chess;
  }

  #sync(lastMove) {
    this.#clearUserAnnotations();
    this.#fen = this.#chess.fen();
    this.#placement = parsePlacement(this.#fen);
    this.#lastMove = lastMove;
    this.#render();
  }

  #afterMove(played, source, t0) {
    this.#legal = null;
    this.#history = null;
    this.#viewPly = null;
    this.#selected = null;
    this.#dests = new Map();
    this.#sync({ from: played.from, to: played.to });
    const over = this.#chess.isGameOver() ? this.#chess.outcome() : null;
    const ending = over && drawWords(over, this.language);
    this.#announce(moveWords(played, this.language, this.#style()) + (ending ? `. ${ending}` : ''));
    if (t0 !== undefined && typeof performance?.measure === 'function') {
      performance.measure('escaque-board:move', { start: t0, end: performance.now() });
    }
    this.#emit('change', { fen: this.#fen, move: played, source });
    if (over) this.#emit('gameover', { outcome: over });
    if (source === 'api') this.#schedulePremove();
  }

  #changed(source, move) {
    this.#legal = null;
    this.#history = null;
    this.#viewPly = null;
    this.#deselect();
    const last = this.#historyList().at(-1);
    this.#sync(last ? { from: last.from, to: last.to } : null);
    this.#emit('change', { fen: this.#fen, move, source });
  }

  #legalFrom(square) {
    if (!this.#legal) {
      this.#legal = new Map();
      for (const m of this.#chess.moves()) {
        if (!this.#legal.has(m.from)) this.#legal.set(m.from, []);
        this.#legal.get(m.from).push(m);
      }
    }
    return this.#legal.get(square) ?? [];
  }

  #historyList() {
    if (!this.#history) this.#history = this.#chess ? this.#chess.history({ verbose: true }) : [];
    return this.#history;
  }

  #shownLastMove() {
    const attr = this.getAttribute('last-move');
    if (attr && OFF.has(attr)) return null;
    if (attr && /^[a-h][1-8][a-h][1-8]/.test(attr)) return { from: attr.slice(0, 2), to: attr.slice(2, 4) };
    if (this.#viewPly !== null) {
      const m = this.#viewPly > 0 ? this.#historyList()[this.#viewPly - 1] : null;
      return m ? { from: m.from, to: m.to } : null;
    }
    return this.#lastMove;
  }

  // Whether a person may pick up a piece of `color` now: 'move', 'premove' or null.
  #mayPick(color) {
    if (this.#viewPly !== null || this.#busy) return null;
    const who = this.interactive;
    if (who === 'none' || (who !== 'both' && who[0] !== color)) return null;
    const premoves = who !== 'both' && this.hasAttribute('premoves') && !OFF.has(this.getAttribute('premoves'));
    // Before the rules have loaded, a move of the side to move waits for them as a premove waits for its
    // turn: played as soon as they are ready if it is legal, else dropped (and announced).
    if (!this.#chess) return turnOf(this.#fen) === color || premoves ? 'premove' : null;
    if (this.#chess.isGameOver()) return null;
    if (turnOf(this.#fen) === color) return 'move';
    return premoves ? 'premove' : null;
  }

  // ---- internals: input ----

  #controller() {
    return {
      orientation: () => this.#orientation,
      busy: () => this.#busy,
      selected: () => this.#selected,
      pieceElement: (sq) => this.#pieces.at(sq),
      activate: (sq, source, t0, isDrop) => this.#activate(sq, source, t0, isDrop),
      deselect: () => { this.#deselect(); this.#render(); },
      snapBack: () => this.#render(),
      hover: (sq) => this.#hover(sq),
      clearUserAnnotations: () => this.#clearUserAnnotations(),
      toggleArrow: (from, to) => {
        const arrow = { from, to };
        this.#userDrawn.add(arrow);
        this.#arrows = toggle(this.#arrows, arrow, (a) => a.from + a.to);
        this.#drawAnnotations();
        this.#emit('annotate', { arrows: this.arrows, highlights: this.highlights });
      },
      toggleCircle: (square) => {
        const circle = { square };
        this.#userDrawn.add(circle);
        this.#circles = toggle(this.#circles, circle, (c) => c.square);
        this.#drawAnnotations();
        this.#emit('annotate', { arrows: this.arrows, highlights: this.highlights });
      },
      navigate: (where) => (where === 'first' ? this.first() : where === 'last' ? this.last()
        : where === 'prev' ? this.previous() : this.next()),
      escape: () => {
        if (this.#selected) { this.#deselect(); this.#render(); } else this.#cancelPremove(true);
      },
      focusCell: (i, focus = true) => this.#focusCell(i, focus),
    };
  }

  // A press / Enter on a square. Returns 'moved', 'pending' (promotion picker
  // open), 'premove', 'selected', 'refused' or 'none'.
  #activate(square, source, t0, isDrop = false) {
    if (this.#busy) return 'none';
    if (source === 'keyboard') this.#focusCell(cellIndex(square, this.#orientation));
    if (this.#selected) {
      if (square === this.#selected) {
        if (source === 'keyboard') {
          this.#deselect();
          this.#render();
          return 'none';
        }
        return 'selected';
      }
      if (this.#dests.has(square)) return this.#tryMove(this.#selected, square, source, t0);
    }
    const code = this.#placement.get(square);
    if (!isDrop && code && this.#mayPick(code[0])) {
      this.#select(square);
      return 'selected';
    }
    if (this.#selected && source === 'keyboard') this.#announce(words(this.language).illegal);
    if (!this.#selected && this.#premove && !isDrop) this.#cancelPremove(true);
    this.#deselect();
    this.#render();
    return isDrop ? 'refused' : 'none';
  }

  #select(square) {
    const code = this.#placement.get(square);
    this.#selected = square;
    this.#premoveMode = this.#mayPick(code[0]) === 'premove';
    this.#dests = new Map();
    if (this.#premoveMode) {
      for (const to of premoveTargets(this.#placement, square)) this.#dests.set(to, []);
    } else {
      for (const m of this.#legalFrom(square)) {
        for (const to of m.rookFrom ? [m.to, m.rookFrom] : [m.to]) {
          if (!this.#dests.has(to)) this.#dests.set(to, []);
          this.#dests.get(to).push(m);
        }
      }
    }
    this.#render();
    this.#announce(`${squareWords(square, this.#style())}, ${pieceWords(code[0], code[1], this.language)}, ` +
      `${words(this.language).selected}`);
    this.#emit('select', { square, piece: { color: code[0], type: code[1] }, targets: [...this.#dests.keys()],
      premove: this.#premoveMode });
  }

  #deselect() {
    const had = this.#selected;
    this.#selected = null;
    this.#dests = new Map();
    this.#premoveMode = false;
    if (had) this.#emit('select', { square: null, piece: null, targets: [], premove: false });
  }

  #tryMove(from, to, source, t0) {
    const code = this.#placement.get(from);
    const promoting = code[1] === 'p' && (to[1] === '8' || to[1] === '1');
    if (this.#premoveMode) {
      const set = (promotion) => {
        this.#premove = promotion ? { from, to, promotion } : { from, to };
        this.#premoveCode = code;
        this.#deselect();
        this.#render();
        const w = words(this.language);
        this.#announce(`${w.premove}: ${squareWords(from, this.#style())} ${w.to} ${squareWords(to, this.#style())}`);
        this.#emit('premove', { premove: { ...this.#premove } });
      };
      if (!promoting) {
        set(undefined);
        return 'premove';
      }
      this.#askPromotion(to, code[0], source === 'keyboard').then((type) => {
        if (type) set(type);
        else { this.#deselect(); this.#render(); }
      });
      return 'pending';
    }
    const candidates = this.#dests.get(to);
    if (candidates.some((m) => m.promotion)) {
      this.#pieces.at(from)?.classList.remove('drag');
      const fenAsked = this.#fen;
      this.#askPromotion(to, code[0], source === 'keyboard').then((type) => {
        const chosen = type && this.#fen === fenAsked && candidates.find((m) => m.promotion === type);
        if (chosen) this.#commit(chosen, source);
        else { this.#deselect(); this.#render(); }
      });
      return 'pending';
    }
    // Chess960 can offer a king both a step and castling to the same square:
    // the step wins there, and castling is a drop on the rook.
    const move = candidates.find((m) => m.rookFrom === to) ?? candidates.find((m) => !m.flags.castle) ?? candidates[0];
    return this.#commit(move, source, t0);
  }

  async #askPromotion(square, color, refocus) {
    if (this.hasAttribute('auto-queen')) return 'q';
    this.#busy = true;
    try {
      return await pickPromotion(this.#view.frame, { square, color, orientation: this.#orientation,
        language: this.language, makePiece: (code) => this.#makePiece(code, true) });
    } finally {
      this.#busy = false;
      this.#focusCell(this.#focus, refocus);
    }
  }

  // Offers a person's move to the page (cancelable `move` event), then plays it.
  #commit(move, source, t0) {
    const detail = { from: move.from, to: move.to, promotion: move.promotion, san: move.san, uci: move.uci,
      piece: move.piece, color: move.color, captured: move.captured, flags: move.flags, source, fen: this.#fen,
      move };
    if (!this.#emit('move', detail, true)) {
      this.#deselect();
      this.#render();
      return 'refused';
    }
    const played = this.#chess.move(move.uci);
    this.#afterMove(played, source, t0);
    return 'moved';
  }

  #typedMove(text) {
    const input = this.#view.input;
    const fail = (message) => {
      input.setAttribute('aria-invalid', 'true');
      this.#announce(message);
      this.#emit('inputerror', { text, message });
    };
    text = text.trim();
    if (!text) return;
    if (!this.#chess) return fail('not ready');
    const color = turnOf(this.#fen);
    if (this.#mayPick(color) !== 'move') return fail(`${words(this.language).illegal}: ${text}`);
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
    const move = this.#legalFrom(played.from).find((m) => m.uci === played.uci);
    if (move && this.#commit(move, 'text') === 'moved') input.value = '';
  }

  // After the opponent's move: play the waiting premove if it is now legal,
  // drop it (and say so) if not; keep it while it is still not its turn.
  #schedulePremove() {
    if (!this.#premove) return;
    queueMicrotask(() => {
      const pm = this.#premove;
      const code = this.#premoveCode;
      if (!pm || !this.#chess || turnOf(this.#fen) !== code[0]) return;
      this.#premove = null;
      const move = this.#placement.get(pm.from) === code && this.#mayPick(code[0]) === 'move'
        ? this.#legalFrom(pm.from).find((m) => (m.to === pm.to || m.rookFrom === pm.to) &&
          (m.promotion ?? null) === (pm.promotion ?? null))
        : null;
      if (!move) {
        this.#announce(words(this.language).premoveCancelled);
        this.#emit('premove', { premove: null });
        this.#render();
        return;
      }
      this.#commit(move, 'premove');
    });
  }

  #cancelPremove(announce) {
    if (!this.#premove) return;
    this.#premove = null;
    if (announce) this.#announce(words(this.language).premoveCancelled);
    this.#emit('premove', { premove: null });
    this.#render();
  }

  // ---- internals: drawing ----

  #render() {
    if (!this.#view) return;
    this.#pieces.sync(this.#placement, this.#orientation);
    const cells = this.#view.cells;
    for (const cell of this.#marked) cell.classList.remove('last', 'sel', 'dest', 'cap', 'chk', 'pre');
    this.#marked = [];
    const mark = (square, ...classes) => {
      const cell = cells[cellIndex(square, this.#orientation)];
      cell.classList.add(...classes);
      this.#marked.push(cell);
    };
    const last = this.#shownLastMove();
    if (last) {
      mark(last.from, 'last');
      mark(last.to, 'last');
    }
    if (this.#selected) {
      mark(this.#selected, 'sel');
      if (this.hasAttribute('show-legal') && !OFF.has(this.getAttribute('show-legal'))) {
        for (const to of this.#dests.keys()) {
          mark(to, 'dest', ...(this.#placement.has(to) && this.#placement.get(to)[0] !== this.#placement.get(this.#selected)[0]
            ? ['cap'] : []));
        }
      }
    }
    if (this.#premove) {
      mark(this.#premove.from, 'pre');
      mark(this.#premove.to, 'pre');
    }
    const checkAttr = this.getAttribute('check');
    if (this.#chess && this.#viewPly === null && !(checkAttr && OFF.has(checkAttr)) && this.#chess.inCheck()) {
      const king = turnOf(this.#fen) + 'k';
      for (const [sq, code] of this.#placement) if (code === king) mark(sq, 'chk');
    }
    this.#updateLabels(false);
  }

  #updateLabels(all) {
    const language = this.language;
    const style = this.#style();
    const cells = this.#view.cells;
    for (let i = 0; i < 64; i++) {
      const cell = cells[i];
      const sq = cell.dataset.square;
      const code = this.#placement.get(sq) ?? '';
      if (all || this.#labels.get(sq) !== code) {
        cell.setAttribute('aria-label', squareLabel(sq, code, language, style));
        this.#labels.set(sq, code);
      }
      const selected = sq === this.#selected;
      if ((cell.getAttribute('aria-selected') === 'true') !== selected) {
        cell.setAttribute('aria-selected', String(selected));
      }
      const tab = i === this.#focus ? 0 : -1;
      if (cell.tabIndex !== tab) cell.tabIndex = tab;
    }
    const entryShown = this.interactive !== 'none' && !OFF.has(this.getAttribute('text-input') ?? '');
    if (this.#view.entry.hidden === entryShown) this.#view.entry.hidden = !entryShown;
  }

  // What a person drew goes with the next left click or the next move.
  #clearUserAnnotations() {
    const arrows = this.#arrows.filter((a) => !this.#userDrawn.has(a));
    const circles = this.#circles.filter((c) => !this.#userDrawn.has(c));
    if (arrows.length === this.#arrows.length && circles.length === this.#circles.length) return;
    this.#arrows = arrows;
    this.#circles = circles;
    this.#drawAnnotations();
    this.#emit('annotate', { arrows: this.arrows, highlights: this.highlights });
  }

  #drawAnnotations() {
    drawAnnotations(this.#annot, this.#arrows, this.#circles, this.#orientation);
  }

  #hover(square) {
    const cells = this.#view.cells;
    const i = square && this.#dests.has(square) ? cellIndex(square, this.#orientation) : -1;
    for (let k = 0; k < 64; k++) {
      if ((k === i) !== cells[k].classList.contains('hover')) cells[k].classList.toggle('hover', k === i);
    }
  }

  #focusCell(i, focus = true) {
    if (i === this.#focus && !focus) return;
    this.#focus = i;
    this.#updateLabels(false);
    if (focus) this.#view.cells[i].focus({ preventScroll: true });
  }

  #setOrientation(orientation) {
    if (orientation === this.#orientation) return;
    this.#orientation = orientation;
    orientCells(this.#view.cells, this.#view.coords, orientation);
    this.#labels.clear();
    this.#render();
    this.#drawAnnotations();
    this.#emit('flip', { orientation });
  }

  #makePiece(code, standalone = false) {
    const set = this.getAttribute('piece-set');
    if (set && set.includes('{')) {
      const img = document.createElement('img');
      img.src = set.replaceAll('{color}', code[0]).replaceAll('{piece}', code[1].toUpperCase())
        .replaceAll('{code}', code[0] + code[1].toUpperCase());
      img.alt = '';
      img.draggable = false;
      img.className = `piece ${code[0]}`;
      return img;
    }
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', '0 0 100 100');
    svg.setAttribute('class', `piece ${code[0]}`);
    const use = document.createElementNS(SVG_NS, 'use');
    use.setAttribute('href', `#piece-${code[1]}`);
    svg.append(use);
    if (standalone) svg.setAttribute('aria-hidden', 'true');
    return svg;
  }

  #applyAnimation() {
    const raw = this.getAttribute('animation');
    let ms = raw === null || raw === '' ? 200 : OFF.has(raw) ? 0 : Number.parseFloat(raw);
    if (!Number.isFinite(ms) || ms < 0) ms = 200;
    if (this.#reducedMotion?.matches) ms = 0;
    this.#view.board.style.setProperty('--anim', `${ms}ms`);
  }

  #applyLanguage() {
    const w = words(this.language);
    this.#view.board.setAttribute('aria-label', this.getAttribute('label') || w.board);
    this.#view.labelText.textContent = w.input;
    this.#updateLabels(true);
  }

  #style() { return this.getAttribute('announce') === 'appendix-f' ? 'appendix-f' : 'words'; }

  #announce(text) {
    if (this.getAttribute('announce') === 'none') return;
    this.#view.live.textContent = text;
  }

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
