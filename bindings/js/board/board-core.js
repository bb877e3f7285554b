// The board core: a chess board with no rules inside (docs/board.md, "The core").
//
// It draws a state — the position, orientation, side to move, last move,
// check square, legal destinations, arrows, circles and a premove — and
// turns what a person does (pointer, keyboard, promotion picker) into
// intents for its owner: `move` {from, to, promotion?, source}, `premove`,
// `select`, `annotate`, `navigate`, `typing` {key} (a printable key the
// board has no use for, pressed on a square: an owner with a move field
// focuses it there and then, and the browser types the key into it) and
// `square` {square, source} (a press or Enter on a square that picked up no
// piece and moved none: a board editor's "put a piece here"). It never decides legality: a piece may
// go where the owner's `dests` say, and a move is on the board only once the
// owner has played it and handed back the new state (a refused move's piece
// goes back by itself, since the position did not change). It never imports
// the escaque package (tests/node/board-core-graph.test.mjs checks that).
//
//   const core = new BoardCore(hostElement, { onIntent(type, detail) { ... } });
//   core.set({ fen, dests: new Map([['e2', ['e3', 'e4']], ...]), interactive: 'white' });
//
// <escaque-board> (escaque-board.js) wraps a `Chess` game around it for
// embedders; the app (web/app/board-view.js) drives it from its own game.
import { drawWords, moveWords, pieceWords, squareLabel, squareWords, words } from './announce.js';
import { createAnnotationLayer, drawAnnotations, toggle } from './annotations.js';
import { cellOf, isSquare, parsePlacement, premoveTargets, squareAtPoint, squareName, turnOf } from './geometry.js';
import { attachKeyboard } from './keyboard.js';
import { PIECE_CSS, PIECE_SETS, PIECE_SPRITE } from './pieces.js';
import { attachPointer } from './pointer.js';
import { BOARD_CSS } from './styles.js';
import { PieceLayer, buildView, cellIndex, orientCells } from './view.js';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SVG_NS = 'http://www.w3.org/2000/svg';
const PROMOTIONS = ['q', 'r', 'b', 'n'];

// The promotion picker is loaded by the first board that may move a piece (interactive set), not by
// every board: a board that only shows positions (the game viewer) never needs it or fetches it.
// A failed load (offline, a missing file) is forgotten, so the next promotion tries again.
let picker = null;
const loadPicker = () => (picker ??= import('./promotion.js').catch((e) => { picker = null; throw e; }));

// Every field of the state, with its default. `dests` null: not known yet (a
// piece of the side to move may be picked; its move waits as a premove does
// and is offered the moment `dests` arrive, if they allow it).
const DEFAULTS = {
  fen: START_FEN, turn: null, orientation: 'white', interactive: 'none', premoves: false, dests: null,
  lastMove: null, check: null, arrows: [], highlights: [], premove: null, free: false,
  showLegal: false, autoQueen: false, animation: 200, language: 'en', announce: 'words', label: '', pieceSet: '',
};

let sheet = null;
function styleSheet() {
  if (!sheet && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(BOARD_CSS + PIECE_CSS);
  }
  return sheet;
}

export class BoardCore {
  #host;
  #onIntent;
  #view;
  #pieces;
  #annot;
  #s = { ...DEFAULTS };
  #placement = parsePlacement(START_FEN);
  #turn = 'w';
  #targets = new Map();    // for the picked piece: target square -> promotion pieces offered ([] if none)
  #selected = null;
  #premoveMode = false;    // the selection is a premove (not the mover's turn, or dests not known yet)
  #premoveCode = '';       // the piece the premove moves ("wn"): gone from its square = premove dropped
  #userDrawn = new WeakSet();  // annotations a person drew (a left click or a new position clears only these)
  #busy = false;
  #focus = 52;             // the cell in the tab order (e2 from White's side)
  #marked = [];
  #labels = new Map();
  #reducedMotion = null;

  /**
   * @param {Element} host an element with no shadow root yet: the board is drawn in one it attaches
   * @param {{onIntent?: (type: string, detail: object) => void}} options
   */
  constructor(host, { onIntent = () => {} } = {}) {
    this.#host = host;
    this.#onIntent = onIntent;
    const root = host.attachShadow({ mode: 'open' });
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
    orientCells(this.#view.cells, this.#view.coords, 'white');
    const ctl = this.#controller();
    attachPointer(this.#view.board, ctl);
    attachKeyboard(this.#view.board, ctl);
    if (typeof matchMedia === 'function') {
      this.#reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
      this.#reducedMotion.addEventListener?.('change', () => this.#applyAnimation());
    }
    this.#applyAnimation();
    this.#applyLanguage();
    this.#render();
  }

  /** The shadow root's parts: `frame` (board + picker) and the live region; owners may append after them. */
  get root() { return this.#host.shadowRoot; }
  get frame() { return this.#view.frame; }
  /** A copy of the state (what was set, with defaults; `turn` resolved from the FEN when not given). */
  get state() {
    return { ...this.#s, turn: this.#turn, arrows: this.#s.arrows.map((a) => ({ ...a })),
      highlights: this.#s.highlights.map((h) => ({ ...h })), premove: this.#s.premove ? { ...this.#s.premove } : null };
  }
  get placement() { return new Map(this.#placement); }
  get selected() { return this.#selected; }

  /**
   * Changes part of the state and redraws. Throws (and changes nothing) on a bad field:
   * fen (a FEN or its placement field), turn ('w'|'b', default: the FEN's), orientation
   * ('white'|'black'), interactive ('none'|'white'|'black'|'both'), premoves, dests (null, or a Map
   * or object from square to targets: a square, or {to, promotion} — one entry per promotion piece —
   * or a function returning one, called only when a piece is picked up),
   * lastMove ({from, to} or null), check (a square or null), arrows ([{from, to, color?}]),
   * highlights ([{square, color?}]), premove ({from, to, promotion?} or null), free (a board editor: any
   * piece of a colour `interactive` allows may go to any square, `dests` and the turn aside), showLegal,
   * autoQueen, animation (ms), language, announce ('words'|'appendix-f'|'none'), label, pieceSet.
   */
  set(changes) {
    const next = { ...this.#s };
    for (const [key, value] of Object.entries(changes)) {
      if (!(key in DEFAULTS)) throw new TypeError(`BoardCore.set: unknown field "${key}"`);
      next[key] = value;
    }
    if ('fen' in changes && !('turn' in changes)) next.turn = null;  // a new FEN says whose turn it is
    const placement = 'fen' in changes ? parsePlacement(next.fen) : this.#placement;
    if (!placement) throw new SyntaxError(`BoardCore.set: fen "${next.fen}" has no valid board (8 ranks of pieces and digits)`);
    const turn = next.turn ?? turnOf(next.fen);
    if (turn !== 'w' && turn !== 'b') throw new TypeError(`BoardCore.set: turn "${turn}" is not 'w' or 'b'`);
    if (next.orientation !== 'white' && next.orientation !== 'black') {
      throw new TypeError(`BoardCore.set: orientation "${next.orientation}" is not 'white' or 'black'`);
    }
    if (!['none', 'white', 'black', 'both'].includes(next.interactive)) {
      throw new TypeError(`BoardCore.set: interactive "${next.interactive}" is not none, white, black or both`);
    }
    const dests = 'dests' in changes ? normaliseDests(next.dests) : this.#s.dests;
    next.dests = dests;
    checkMove(next.lastMove, 'lastMove');
    checkMove(next.premove, 'premove');
    if (next.check != null && !isSquare(next.check)) throw new TypeError(`BoardCore.set: check "${next.check}" is not a square`);
    checkList(next.arrows, (a) => isSquare(a?.from) && isSquare(a?.to), 'arrows: {from, to}');
    checkList(next.highlights, (h) => isSquare(h?.square), 'highlights: {square}');

    const old = this.#s;
    const oldTurn = this.#turn;
    const moved = placement !== this.#placement && next.fen !== old.fen;
    this.#s = next;
    this.#placement = placement;
    this.#turn = turn;
    if (next.premove && next.premove !== old.premove) this.#premoveCode = placement.get(next.premove.from) ?? '';
    if (next.interactive !== 'none') loadPicker().catch(() => { /* reported when a promotion needs it */ });
    if (moved || dests !== old.dests || next.interactive !== old.interactive || turn !== oldTurn) {
      this.#deselect();
    }
    if (next.orientation !== old.orientation) {
      orientCells(this.#view.cells, this.#view.coords, next.orientation);
      this.#labels.clear();
    }
    if (next.pieceSet !== old.pieceSet) this.#pieces.clear();
    if (next.animation !== old.animation) this.#applyAnimation();
    if (next.language !== old.language || next.label !== old.label || next.announce !== old.announce) this.#applyLanguage();
    if (moved) this.#clearUserAnnotations();
    this.#render();
    if (next.arrows !== old.arrows || next.highlights !== old.highlights || next.orientation !== old.orientation) {
      this.#drawAnnotations();
    }
    if (next.premove && (moved || dests !== old.dests || turn !== oldTurn)) this.#schedulePremove();
  }

  /** Says something in the live region (unless `announce` is 'none'). */
  announce(text) {
    if (this.#s.announce === 'none') return;
    this.#view.live.textContent = text;
  }

  /** Announces a played move (the package's move object, plain data) in words, and a draw it caused. */
  announceMove(move, outcome = null) {
    const ending = outcome && drawWords(outcome, this.#s.language);
    this.announce(moveWords(move, this.#s.language, this.#style()) + (ending ? `. ${ending}` : ''));
  }

  /**
   * The square under a point of the viewport (clientX/clientY, as pointer events give them), as the board is
   * oriented now; null off the board. For an owner that takes drops from outside the board.
   */
  squareAt(clientX, clientY) {
    const r = this.#view.board.getBoundingClientRect();
    return squareAtPoint(clientX - r.left, clientY - r.top, r.width, this.#s.orientation);
  }

  /** Moves keyboard focus to a square (default: the square in the tab order). */
  focusSquare(square = this.#view.cells[this.#focus].dataset.square) {
    if (!isSquare(square)) throw new TypeError(`focusSquare: "${square}" is not a square`);
    this.#focusCell(cellIndex(square, this.#s.orientation));
  }

  /** Drops a waiting premove (`premove` intent with null; announced unless `announce` is false), as Escape does. */
  cancelPremove(announce = true) { this.#cancelPremove(announce); }

  // ---- input ----

  #controller() {
    return {
      orientation: () => this.#s.orientation,
      busy: () => this.#busy,
      selected: () => this.#selected,
      pieceElement: (sq) => this.#pieces.at(sq),
      activate: (sq, source, t0, isDrop) => this.#activate(sq, source, t0, isDrop),
      deselect: () => { this.#deselect(); this.#render(); },
      snapBack: () => this.#render(),
      hover: (sq) => this.#hover(sq),
      clearUserAnnotations: () => this.#clearUserAnnotations(),
      toggleArrow: (from, to) => this.#toggleAnnotation('arrows', { from, to }, (a) => a.from + a.to),
      toggleCircle: (square) => this.#toggleAnnotation('highlights', { square }, (c) => c.square),
      navigate: (where) => this.#onIntent('navigate', { where }),
      typing: (key) => this.#onIntent('typing', { key }),
      escape: () => {
        if (this.#selected) { this.#deselect(); this.#render(); } else this.#cancelPremove(true);
      },
      focusCell: (i, focus = true) => this.#focusCell(i, focus),
    };
  }

  // Whether a person may pick up a piece of `color` now: 'move', 'premove' or null.
  #mayPick(color) {
    const who = this.#s.interactive;
    if (this.#busy || who === 'none' || (who !== 'both' && who[0] !== color)) return null;
    if (this.#s.free) return 'move';  // a board editor: any piece, either side's, to any square
    const premoves = who !== 'both' && Boolean(this.#s.premoves);
    if (!this.#s.dests) return this.#turn === color || premoves ? 'premove' : null;
    if (this.#turn === color) return 'move';
    return premoves ? 'premove' : null;
  }

  // A press / Enter on a square. Returns 'moved', 'pending' (promotion picker
  // open), 'premove', 'selected', 'refused' or 'none'.
  #activate(square, source, t0, isDrop = false) {
    if (this.#busy) return 'none';
    if (source === 'keyboard') this.#focusCell(cellIndex(square, this.#s.orientation));
    if (this.#selected) {
      if (square === this.#selected) {
        if (source !== 'keyboard') return 'selected';
        this.#deselect();
        this.#render();
        return 'none';
      }
      if (this.#targets.has(square)) return this.#tryMove(this.#selected, square, source, t0);
    }
    const code = this.#placement.get(square);
    if (!isDrop && code && this.#mayPick(code[0])) {
      this.#select(square);
      return 'selected';
    }
    if (this.#selected && source === 'keyboard') this.announce(words(this.#s.language).illegal);
    if (!this.#selected && this.#s.premove && !isDrop) this.#cancelPremove(true);
    const onSquare = !this.#selected && !isDrop;
    this.#deselect();
    this.#render();
    if (onSquare) this.#onIntent('square', { square, source });
    return isDrop ? 'refused' : 'none';
  }

  #select(square) {
    const code = this.#placement.get(square);
    this.#selected = square;
    this.#premoveMode = this.#mayPick(code[0]) === 'premove';
    this.#targets = new Map();
    if (this.#s.free) {
      for (let i = 0; i < 64; i++) this.#targets.set(squareName(i & 7, i >> 3), []);
      this.#targets.delete(square);
    } else if (this.#premoveMode) {
      for (const to of premoveTargets(this.#placement, square)) this.#targets.set(to, []);
    } else {
      for (const [to, pieces] of this.#destsFrom(square) ?? []) this.#targets.set(to, pieces);
    }
    this.#render();
    this.announce(`${squareWords(square, this.#style())}, ${pieceWords(code[0], code[1], this.#s.language)}, ` +
      `${words(this.#s.language).selected}`);
    this.#onIntent('select', { square, piece: { color: code[0], type: code[1] }, targets: [...this.#targets.keys()],
      premove: this.#premoveMode });
  }

  #deselect() {
    const had = this.#selected;
    this.#selected = null;
    this.#targets = new Map();
    this.#premoveMode = false;
    if (had) this.#onIntent('select', { square: null, piece: null, targets: [], premove: false });
  }

  #tryMove(from, to, source, t0) {
    const code = this.#placement.get(from);
    if (this.#premoveMode) {
      const promoting = code[1] === 'p' && (to[1] === '8' || to[1] === '1');
      const set = (promotion) => {
        this.#deselect();
        this.#setPremove(promotion ? { from, to, promotion } : { from, to }, code);
      };
      if (!promoting) {
        set(undefined);
        return 'premove';
      }
      this.#askPromotion(to, code[0], PROMOTIONS, source === 'keyboard').then((type) => {
        if (type) set(type);
        else { this.#deselect(); this.#render(); }
      });
      return 'pending';
    }
    const pieces = this.#targets.get(to);
    if (pieces.length) {
      this.#pieces.at(from)?.classList.remove('drag');
      const fenAsked = this.#s.fen;
      this.#askPromotion(to, code[0], pieces, source === 'keyboard').then((type) => {
        if (type && this.#s.fen === fenAsked) this.#commit({ from, to, promotion: type }, source);
        else { this.#deselect(); this.#render(); }
      });
      return 'pending';
    }
    return this.#commit({ from, to }, source, t0);
  }

  async #askPromotion(square, color, pieces, refocus) {
    if (this.#s.autoQueen && pieces.includes('q')) return 'q';
    this.#busy = true;
    try {
      const { pickPromotion } = await loadPicker();
      return await pickPromotion(this.#view.frame, { cell: cellOf(square, this.#s.orientation), color, pieces,
        w: words(this.#s.language), makePiece: (code) => this.#makePiece(code, true) });
    } finally {
      this.#busy = false;
      this.#focusCell(this.#focus, refocus);
    }
  }

  // Hands a person's move to the owner. The owner plays it (and sets the new
  // position, at once or later) or refuses it (the piece goes back).
  #commit(move, source, t0) {
    const fen = this.#s.fen;
    this.#selected = null;
    this.#targets = new Map();
    this.#premoveMode = false;
    this.#onIntent('move', { ...move, source });
    if (this.#s.fen === fen) {  // not played (yet): the piece goes back meanwhile
      this.#deselectNotice();
      this.#render();
    }
    if (t0 !== undefined && typeof performance?.measure === 'function') {
      performance.measure('escaque-board:move', { start: t0, end: performance.now() });
    }
    return 'moved';
  }

  #destsFrom(square) {
    const d = this.#s.dests;
    return (typeof d === 'function' ? d() : d)?.get(square);
  }

  #deselectNotice() { this.#onIntent('select', { square: null, piece: null, targets: [], premove: false }); }

  #setPremove(premove, code) {
    this.#s = { ...this.#s, premove };
    this.#premoveCode = code;
    this.#render();
    const w = words(this.#s.language);
    this.announce(`${w.premove}: ${squareWords(premove.from, this.#style())} ${w.to} ${squareWords(premove.to, this.#style())}`);
    this.#onIntent('premove', { premove: { ...premove } });
  }

  // After a new position: offer the waiting premove as a move once it is its
  // colour's turn and `dests` allow it; drop it (and say so) if they do not,
  // or if it may not wait for a later turn.
  #schedulePremove() {
    queueMicrotask(() => {
      const pm = this.#s.premove;
      const code = this.#premoveCode;
      if (!pm || !this.#s.dests || this.#busy) return;
      if (this.#turn !== code[0]) {
        if (!this.#s.premoves || this.#s.interactive === 'none') this.#cancelPremove(true);
        return;
      }
      const pieces = this.#placement.get(pm.from) === code && this.#mayPick(code[0]) === 'move'
        ? this.#destsFrom(pm.from)?.get(pm.to) : undefined;
      const ok = pieces && (pm.promotion ? pieces.includes(pm.promotion) : pieces.length === 0);
      if (!ok) {
        this.#cancelPremove(true);
        return;
      }
      this.#s = { ...this.#s, premove: null };
      this.#commit(pm.promotion ? { from: pm.from, to: pm.to, promotion: pm.promotion } : { from: pm.from, to: pm.to },
        'premove');
    });
  }

  #cancelPremove(announce) {
    if (!this.#s.premove) return;
    this.#s = { ...this.#s, premove: null };
    if (announce) this.announce(words(this.#s.language).premoveCancelled);
    this.#onIntent('premove', { premove: null });
    this.#render();
  }

  #toggleAnnotation(kind, item, key) {
    this.#userDrawn.add(item);
    this.#s = { ...this.#s, [kind]: toggle(this.#s[kind], item, key) };
    this.#drawAnnotations();
    this.#onIntent('annotate', { arrows: this.state.arrows, highlights: this.state.highlights });
  }

  // What a person drew goes with the next left click or the next position.
  #clearUserAnnotations() {
    const arrows = this.#s.arrows.filter((a) => !this.#userDrawn.has(a));
    const highlights = this.#s.highlights.filter((c) => !this.#userDrawn.has(c));
    if (arrows.length === this.#s.arrows.length && highlights.length === this.#s.highlights.length) return;
    this.#s = { ...this.#s, arrows, highlights };
    this.#drawAnnotations();
    this.#onIntent('annotate', { arrows: this.state.arrows, highlights: this.state.highlights });
  }

  // ---- drawing ----

  #render() {
    const { orientation, lastMove, premove, check } = this.#s;
    this.#pieces.sync(this.#placement, orientation);
    const cells = this.#view.cells;
    for (const cell of this.#marked) cell.classList.remove('last', 'sel', 'dest', 'cap', 'chk', 'pre');
    this.#marked = [];
    const mark = (square, ...classes) => {
      const cell = cells[cellIndex(square, orientation)];
      cell.classList.add(...classes);
      this.#marked.push(cell);
    };
    if (lastMove) {
      mark(lastMove.from, 'last');
      mark(lastMove.to, 'last');
    }
    if (this.#selected) {
      mark(this.#selected, 'sel');
      if (this.#s.showLegal) {
        const own = this.#placement.get(this.#selected)?.[0];
        for (const to of this.#targets.keys()) {
          const there = this.#placement.get(to);
          mark(to, 'dest', ...(there && there[0] !== own ? ['cap'] : []));
        }
      }
    }
    if (premove) {
      mark(premove.from, 'pre');
      mark(premove.to, 'pre');
    }
    if (check) mark(check, 'chk');
    this.#updateLabels(false);
  }

  #updateLabels(all) {
    const { language } = this.#s;
    const style = this.#style();
    const cells = this.#view.cells;
    // The picked piece's destinations are named as such where they are shown (show-legal's dots).
    const targets = this.#selected && this.#s.showLegal ? this.#targets : null;
    for (let i = 0; i < 64; i++) {
      const cell = cells[i];
      const sq = cell.dataset.square;
      const code = this.#placement.get(sq) ?? '';
      const target = targets?.has(sq) ?? false;
      const key = target ? `${code}+` : code;
      if (all || this.#labels.get(sq) !== key) {
        cell.setAttribute('aria-label', squareLabel(sq, code, language, style, target));
        this.#labels.set(sq, key);
      }
      const selected = sq === this.#selected;
      if ((cell.getAttribute('aria-selected') === 'true') !== selected) cell.setAttribute('aria-selected', String(selected));
      const tab = i === this.#focus ? 0 : -1;
      if (cell.tabIndex !== tab) cell.tabIndex = tab;
    }
  }

  #drawAnnotations() {
    drawAnnotations(this.#annot, this.#s.arrows, this.#s.highlights, this.#s.orientation);
  }

  #hover(square) {
    const cells = this.#view.cells;
    const i = square && this.#targets.has(square) ? cellIndex(square, this.#s.orientation) : -1;
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

  #makePiece(code, standalone = false) {
    const set = this.#s.pieceSet;
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
    use.setAttribute('href', `#${PIECE_SETS[set] ?? PIECE_SETS.classic}${code[1]}`);
    svg.append(use);
    if (standalone) svg.setAttribute('aria-hidden', 'true');
    return svg;
  }

  #applyAnimation() {
    let ms = Number(this.#s.animation);
    if (!Number.isFinite(ms) || ms < 0) ms = 200;
    if (this.#reducedMotion?.matches) ms = 0;
    this.#view.board.style.setProperty('--anim', `${ms}ms`);
  }

  #applyLanguage() {
    this.#view.board.setAttribute('aria-label', this.#s.label || words(this.#s.language).board);
    this.#updateLabels(true);
  }

  #style() { return this.#s.announce === 'appendix-f' ? 'appendix-f' : 'words'; }
}

// dests as given (Map or object; targets as squares or {to, promotion}) ->
// Map<from, Map<to, promotion pieces>>; the same object in gives the same Map out. A function is
// called (once) only when the dests are needed: the owner need not list the legal moves of a
// position nobody touches.
const normalised = new WeakMap();
function normaliseDests(dests) {
  if (dests === null || dests === undefined) return null;
  if (normalised.has(dests)) return normalised.get(dests);
  if (typeof dests === 'function') {
    let map = null;
    const lazy = () => (map ??= normaliseDests(dests()));
    normalised.set(dests, lazy);
    return lazy;
  }
  if (typeof dests !== 'object') throw new TypeError('BoardCore.set: dests must be a Map, an object, a function or null');
  const out = new Map();
  for (const [from, list] of dests instanceof Map ? dests : Object.entries(dests)) {
    if (!isSquare(from) || !Array.isArray(list)) throw new TypeError(`BoardCore.set: dests entry "${from}" is not a square and a list`);
    const targets = new Map();
    for (const t of list) {
      const to = typeof t === 'string' ? t : t?.to;
      if (!isSquare(to)) throw new TypeError(`BoardCore.set: dests target ${JSON.stringify(t)} from ${from} is not a square`);
      if (!targets.has(to)) targets.set(to, []);
      const promotion = typeof t === 'object' ? t.promotion : undefined;
      if (promotion) {
        if (!PROMOTIONS.includes(promotion)) throw new TypeError(`BoardCore.set: promotion "${promotion}" is not q, r, b or n`);
        targets.get(to).push(promotion);
      }
    }
    out.set(from, targets);
  }
  normalised.set(dests, out);
  return out;
}

function checkMove(m, what) {
  if (m !== null && m !== undefined && !(isSquare(m.from) && isSquare(m.to))) {
    throw new TypeError(`BoardCore.set: ${what} ${JSON.stringify(m)} is not {from, to} squares`);
  }
}

function checkList(list, ok, what) {
  if (!Array.isArray(list)) throw new TypeError(`BoardCore.set: ${what}: expected an array`);
  for (const item of list) if (!ok(item)) throw new TypeError(`BoardCore.set: ${what}: bad entry ${JSON.stringify(item)}`);
}
