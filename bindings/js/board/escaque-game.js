// <escaque-game>: a viewer for annotated PGN (docs/viewer.md). The board (the rules-free core), the
// move tree with comments, NAGs and nested variations, navigation by buttons, keys, wheel and swipe,
// clocks and evals from [%clk]/[%eval] (with an eval graph), a picker for files of many games, and an
// `analyse` event for the host page. The PGN is read by the package (escaque/pgn, WebAssembly); the
// positions come from its rules (Position), each computed the first time it is shown.
//
//   <script type="module" src="/dist/board/escaque-game.js"></script>     (or: import 'escaque/game')
//   <escaque-game src="/games/club-2026.pgn" orientation="black" ply="last"></escaque-game>
//   <escaque-game>[Event "…"] 1. e4 e5 …</escaque-game>          (inline: the element's text)
//   el.pgn = text;  el.game = treeFromReadPgnGame;  el.addEventListener('analyse', (e) => e.detail.fen)
//
// Attributes: src, pgn, orientation (white|black), ply (a mainline ply, or "last"), game-index (in a
// file of many), coordinates, theme, piece-set, analyse (shows the Analyse button).
// Properties: pgn, game (the tree shown), games (every record read), node (the current node),
// ready (a Promise), and the methods goTo(node|null), first(), prev(), next(), last(), flip().
// Events: `nodechange` {node, ply, fen}; `load` {games, errors}; `analyse` {fen, pgn, ply, node, uci};
// `error` {message} (bad PGN, unreachable src: also shown inside the element, nothing thrown).
import { init, Position } from '../rules.mjs';
import { readPgn } from '../pgn.mjs';

import { BoardCore } from './board-core.js';
import { h, sheet } from './dom.js';
import { evalGraph, evalText, evalWords } from './eval-graph.js';
import { GAME_CSS } from './game-styles.js';
import { indexTree, moveLabel, STEP_KEYS } from './game-tree.js';
import { kingSquare } from './game-state.js';
import { MoveTreeView, moveTreeSheet } from './move-tree.js';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const ElementBase = typeof HTMLElement === 'undefined' ? class {} : HTMLElement;

let gameSheet = null;
function sheets() {
  gameSheet ??= sheet(GAME_CSS);
  return gameSheet ? [moveTreeSheet(), gameSheet] : [];
}

/** "1:02:03" / "2:58" / "0:09.5" from milliseconds. */
export function clockText(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const ss = String(s % 60).padStart(2, '0');
  const tenths = s < 10 && ms % 1000 ? `.${Math.floor((ms % 1000) / 100)}` : '';
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}${tenths}`;
}

// The FEN after a null move: the other side to move, no en passant square.
function nullMoveFen(fen) {
  const f = fen.split(' ');
  f[1] = f[1] === 'w' ? 'b' : 'w';
  f[3] = '-';
  if (f[1] === 'w') f[5] = String(Number(f[5]) + 1);
  return f.join(' ');
}

// The position after `node`, by the package's rules: played from the nearest position already known on
// its path (`fens`, node -> FEN), so a game costs nothing until a move is shown. Only the node asked
// for, and every 16th ply on the way (where the next steps back start), is written out as a FEN.
function fenAfter(game, tree, fens, node) {
  if (node === null) return game.fen ?? START_FEN;
  if (fens.has(node)) return fens.get(node);
  const path = tree.path(node);
  let k = path.length - 1;
  while (k >= 0 && !fens.has(path[k])) k--;
  const chess960 = !!game.chess960;
  let pos = Position.fromFen(k >= 0 ? fens.get(path[k]) : (game.fen ?? START_FEN), { chess960 });
  try {
    for (let i = k + 1; i < path.length; i++) {
      if (path[i].uci === '0000') {
        const fen = nullMoveFen(pos.fen());
        pos.dispose();
        pos = Position.fromFen(fen, { chess960 });
      } else pos.play(path[i].uci);
      if (i % 16 === 15 || i === path.length - 1) fens.set(path[i], pos.fen());
    }
  } finally {
    pos.dispose();
  }
  return fens.get(node);
}

// A page's first PGN read compiles the package's WebAssembly function by function (V8 compiles it
// lazily) and fills its move tables: 15-20 ms of main-thread CPU. Done once while a `src` file is still
// on its way (the thread waits for it anyway), that wait pays for it, not the first render. Never for a
// PGN already at hand: that would only move the same work.
let warmed = false;
function warmUp() {
  if (warmed) return;
  warmed = true;
  try { [...readPgn('1. e4 $1 {a [%clk 0:01:00] [%eval 0.1]} (1. d4) e5 *')]; } catch { /* the real read reports */ }
}

function gameTitle(record) {
  if (record.error) return `Game ${record.index + 1}: unreadable (line ${record.error.line})`;
  const t = record.game.tags;
  const parts = [`${t.White ?? '?'} – ${t.Black ?? '?'}`];
  if (t.Event && t.Event !== '?') parts.push(t.Event);
  if (t.Date && !t.Date.startsWith('?')) parts.push(t.Date.replace(/\.\?\?/g, ''));
  if (record.game.result !== '*') parts.push(record.game.result);
  return `${record.index + 1}. ${parts.join(', ')}`;
}

export class EscaqueGame extends ElementBase {
  static get observedAttributes() {
    return ['src', 'pgn', 'orientation', 'ply', 'game-index', 'coordinates', 'theme', 'piece-set', 'analyse'];
  }

  #ui;
  #core;
  #tree = null;       // indexTree of the game shown
  #fens = new Map();
  #node = null;
  #records = [];
  #graph = null;
  #ready;
  #loading = 0;       // generation of the last load (a newer load wins)
  #connected = false;
  #swipe = null;
  #wheel = 0;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = sheets();
    this.#ui = this.#build(root);
    this.#core = new BoardCore(this.#ui.board, { onIntent: (type, detail) => {
      if (type === 'navigate') this.#step(detail.where);
    } });
    this.#core.set({ animation: 120 });
    this.#ready = init();
    this.#ready.catch(() => {});   // reported by the load that awaits it
  }

  #build(root) {
    const ui = {};
    const player = (cls) => h('div', { class: `player ${cls}`, part: 'player' }, h('span', { class: 'name' }), h('span', { class: 'clock' }));
    ui.select = h('select');
    ui.picker = h('label', { class: 'picker', part: 'picker', hidden: '' }, h('span', {}, 'Game '), ui.select);
    ui.error = h('p', { class: 'error', role: 'alert', part: 'error', hidden: '' });
    ui.title = h('p', { class: 'title', part: 'title' });
    ui.top = player('top');
    ui.bottom = player('bottom');
    ui.board = h('div', { class: 'board-host', part: 'board' });
    for (const [k, glyph, label] of [['first', '«', 'First position'], ['prev', '◀', 'Previous move'], ['next', '▶', 'Next move'],
      ['last', '»', 'Last position'], ['flip', '⇅', 'Flip board']]) {
      // An icon button: the glyph is hidden from assistive technology and the name is the button's own
      // (visually hidden) text, not an aria-label, so the visible text and the accessible name never
      // disagree (axe's label-content-name-mismatch).
      ui[k] = h('button', { class: k, type: 'button', title: label }, h('span', { 'aria-hidden': 'true' }, glyph), h('span', { class: 'sr' }, label));
      ui[k].addEventListener('click', () => this[k]());
    }
    ui.analyse = h('button', { class: 'analyse', type: 'button', hidden: '' }, 'Analyse');
    ui.eval = h('span', { class: 'eval' });
    ui.nav = h('div', { class: 'nav', role: 'group', 'aria-label': 'Game navigation', part: 'nav' },
      ui.first, ui.prev, ui.next, ui.last, ui.flip, ui.eval, ui.analyse);
    ui.graphBox = h('div', { class: 'graph-box' });
    ui.moves = h('div', { class: 'moves-box' });
    ui.live = h('p', { class: 'sr', 'aria-live': 'polite', part: 'announcement' });
    ui.wrap = h('div', { class: 'game', part: 'game' }, ui.picker, ui.error, ui.title,
      h('div', { class: 'main' }, h('div', { class: 'board-col' }, ui.top, ui.board, ui.bottom, ui.nav),
        h('div', { class: 'side' }, ui.graphBox, ui.moves)),
      ui.live);
    root.append(ui.wrap);
    ui.view = new MoveTreeView(ui.moves, { onSelect: (node) => this.goTo(node, true) });

    ui.analyse.addEventListener('click', () => this.#emit('analyse', this.#analysis()));
    ui.select.addEventListener('change', () => this.#show(Number(ui.select.value)));
    ui.wrap.addEventListener('keydown', (e) => this.#key(e));
    ui.board.addEventListener('wheel', (e) => this.#onWheel(e), { passive: false });
    ui.board.addEventListener('pointerdown', (e) => { this.#swipe = { x: e.clientX, y: e.clientY, id: e.pointerId }; });
    ui.board.addEventListener('pointerup', (e) => this.#onSwipe(e));
    ui.board.addEventListener('pointercancel', () => { this.#swipe = null; });
    return ui;
  }

  connectedCallback() {
    if (this.#connected) return;
    this.#connected = true;
    this.#applyBoardAttributes();
    this.#ui.analyse.hidden = !this.hasAttribute('analyse');
    this.#reload();
  }

  attributeChangedCallback(name, old, value) {
    if (!this.#connected || old === value) return;
    if (name === 'src' || name === 'pgn') this.#reload();
    else if (name === 'game-index') { const i = Number(value); if (Number.isInteger(i)) this.#show(i); }
    else if (name === 'ply') this.#startAt();
    else if (name === 'analyse') this.#ui.analyse.hidden = value === null;
    else this.#applyBoardAttributes();
  }

  #applyBoardAttributes() {
    const o = this.getAttribute('orientation') === 'black' ? 'black' : 'white';
    this.#core.set({ orientation: o, pieceSet: this.getAttribute('piece-set') ?? '' });
    // styling attributes of the board core live on its host
    for (const a of ['coordinates', 'theme']) {
      const v = this.getAttribute(a);
      if (v === null) this.#ui.board.removeAttribute(a); else this.#ui.board.setAttribute(a, v);
    }
    this.#players();
  }

  // ---- loading ----

  /** Resolves once the games of the current source are read and the first is shown. */
  get ready() { return this.#pending ?? Promise.resolve(); }
  #pending = null;

  get pgn() { return this.#pgnText ?? ''; }
  set pgn(text) { this.#load(() => String(text ?? '')); }
  #pgnText = null;

  /** The game tree shown (a copy is not made: do not change it while shown), or null. */
  get game() { return this.#tree?.game ?? null; }
  set game(tree) { this.#load(null, tree); }
  get games() { return this.#records.map((r) => ({ ...r })); }
  get node() { return this.#node; }
  get ply() { return this.#node === null ? 0 : this.#tree.info(this.#node).ply; }
  /** Shows a mainline ply (a number or "last"), as the attribute does (frameworks set properties). */
  set ply(value) { this.setAttribute('ply', String(value)); }
  get fen() { return this.#tree ? fenAfter(this.#tree.game, this.#tree, this.#fens, this.#node) : START_FEN; }

  #reload() {
    const src = this.getAttribute('src');
    if (src) {
      this.#load(async () => {
        let res;
        try { res = await fetch(new URL(src, document.baseURI)); } catch (e) { throw new Error(`could not load ${src}: ${e.message}`); }
        if (!res.ok) throw new Error(`could not load ${src}: HTTP ${res.status}`);
        return res.text();
      }, undefined, true);
    } else if (this.hasAttribute('pgn')) this.#load(() => this.getAttribute('pgn'));
    else {
      const script = this.querySelector('script[type="application/x-chess-pgn"], script[type="text/plain"]');
      const text = (script ?? this).textContent;
      if (text.trim()) this.#load(() => text);
    }
  }

  #load(getText, tree, remote = false) {
    const generation = ++this.#loading;
    const run = async () => {
      // The text is asked for at once, so that a `src` file downloads while the rules load.
      let arrived = false;
      const pending = tree === undefined ? Promise.resolve().then(getText).finally(() => { arrived = true; }) : null;
      pending?.catch(() => {});   // reported below, after the rules
      try {
        await this.#ready;
      } catch (e) {
        return this.#fail(`The chess rules could not load: ${e.message}`);
      }
      if (remote && !arrived) warmUp();
      let records;
      if (tree !== undefined) {
        records = [{ index: 0, offset: 0, line: 1, column: 1, game: tree }];
        this.#pgnText = null;
      } else {
        let text;
        try { text = await pending; } catch (e) {
          if (generation === this.#loading) this.#fail(`The game could not be loaded: ${e.message}.`);
          return;
        }
        if (generation !== this.#loading) return;
        this.#pgnText = text;
        try { records = [...readPgn(text)]; } catch (e) { return this.#fail(`The PGN could not be read: ${e.message}`); }
      }
      if (generation !== this.#loading) return;
      this.#records = records;
      if (!records.length) return this.#fail('The PGN holds no game.');
      // The picker, for a file of several games (a select costs a style and layout pass to fill).
      this.#ui.select.replaceChildren(...(records.length > 1 ? records.map((r, i) => h('option', { value: i }, gameTitle(r))) : []));
      this.#ui.picker.hidden = records.length < 2;
      const wanted = Number(this.getAttribute('game-index') ?? 0);
      const errors = records.filter((r) => r.error).length;
      this.#show(Number.isInteger(wanted) && wanted >= 0 && wanted < records.length ? wanted : 0);
      this.#emit('load', { games: records.length, errors });
    };
    this.#pending = run();
    return this.#pending;
  }

  #fail(message) {
    this.#tree = null;
    this.#node = null;
    this.#ui.error.textContent = message;
    this.#ui.error.hidden = false;
    this.#ui.view.set({ game: null });
    this.#ui.title.textContent = '';
    this.#ui.graphBox.replaceChildren();
    this.#graph = null;
    this.#core.set({ fen: START_FEN, lastMove: null, check: null });
    this.#setNav();
    this.#emit('error', { message });
  }

  // Shows record i of the file read (a bad one: its message, where it is).
  #show(i) {
    const record = this.#records[i];
    if (!record) return;
    if (this.#records.length > 1) this.#ui.select.value = String(i);
    if (record.error) {
      const e = record.error;
      return this.#fail(`Game ${i + 1} could not be read: ${e.message}.`);
    }
    let tree;
    try {
      tree = indexTree(record.game);
    } catch (e) {
      return this.#fail(`Game ${i + 1} could not be shown: ${e.message}`);
    }
    this.#ui.error.hidden = true;
    this.#tree = tree;
    this.#node = null;
    this.#fens = new Map();
    this.#ui.view.set({ tree });
    this.#ui.title.textContent = this.#records.length > 1 ? '' : gameTitle(record).replace(/^1\. /, '');
    this.#ui.title.hidden = !this.#ui.title.textContent;
    this.#graph = evalGraph(tree.game.moves, (k) => this.goTo(tree.game.moves[k] ?? null, true), { fen: tree.game.fen });
    this.#ui.graphBox.replaceChildren(...(this.#graph ? [this.#graph.svg] : []));
    this.#players();
    this.#startAt();
  }

  #startAt() {
    if (!this.#tree) return;
    const moves = this.#tree.game.moves;
    const p = this.getAttribute('ply');
    const k = p === 'last' ? moves.length : Math.max(0, Math.min(moves.length, Number.parseInt(p ?? '0', 10) || 0));
    this.goTo(k ? moves[k - 1] : null);
  }

  // ---- navigation ----

  /** Shows the position after `node` (null: the start). RangeError for a node of another game. */
  goTo(node, announce = false) {
    if (!this.#tree) return;
    if (!this.#tree.has(node)) throw new RangeError('goTo: the node is not in the game shown');
    let fen;
    try {
      fen = fenAfter(this.#tree.game, this.#tree, this.#fens, node);
    } catch (e) {   // a tree set as a property with a move its position does not allow
      return this.#fail(`The move ${node.san} could not be played: ${e.message}`);
    }
    const before = this.#node;
    this.#node = node;
    let lastMove = null;
    let check = null;
    if (node) {
      if (node.uci !== '0000') lastMove = { from: node.uci.slice(0, 2), to: node.uci.slice(2, 4) };
      if (/[+#]/.test(node.san)) check = kingSquare(fen, fen.split(' ')[1]);
    }
    const info = node ? this.#tree.info(node) : null;
    this.#core.set({ fen, lastMove, check,
      label: info ? `Position after ${info.number}${info.color === 'w' ? '.' : '…'} ${node.san}` : 'Starting position' });
    this.#ui.view.current = node;
    this.#graph?.mark(info && info.depth === 0 ? info.index : -1);
    this.#clocks();
    this.#ui.eval.textContent = node?.eval ? evalText(node.eval) : '';
    this.#ui.eval.title = node?.eval ? `Evaluation: ${evalWords(node.eval)}` : '';
    this.#setNav();
    if (announce) this.#say(this.#words(node));
    if (before !== node) this.#emit('nodechange', { node, ply: info?.ply ?? 0, fen });
  }

  first() { this.#step('first'); }
  prev() { this.#step('prev'); }
  next() { this.#step('next'); }
  last() { this.#step('last'); }
  flip() {
    const o = this.#core.state.orientation === 'white' ? 'black' : 'white';
    this.setAttribute('orientation', o);
  }

  #step(where) {
    const to = this.#tree?.step(this.#node, where);
    if (to !== undefined && to !== this.#node) this.goTo(to, true);
  }

  #key(e) {
    const where = STEP_KEYS[e.key];
    if (!where || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.('select')) return;
    e.preventDefault();
    this.#step(where);
  }

  #onWheel(e) {
    if (!this.#tree || e.ctrlKey) return;
    e.preventDefault();
    // One step per notch (±100 in most browsers); a touchpad's many small deltas add up to one step per 60.
    this.#wheel += e.deltaMode === 1 ? e.deltaY * 30 : e.deltaY;
    if (Math.abs(this.#wheel) < 60) return;
    const down = this.#wheel > 0;
    this.#wheel = 0;
    this.#step(down ? 'next' : 'prev');
  }

  #onSwipe(e) {
    const s = this.#swipe;
    this.#swipe = null;
    if (!s || s.id !== e.pointerId || e.pointerType === 'mouse') return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (Math.abs(dx) < 40 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    this.#step(dx < 0 ? 'next' : 'prev');   // swipe left: forward, as turning a page
  }

  #setNav() {
    const t = this.#tree;
    const atStart = !t || this.#node === null;
    const atEnd = !t || t.next(this.#node) === null;
    this.#ui.first.disabled = atStart;
    this.#ui.prev.disabled = atStart;
    this.#ui.next.disabled = atEnd;
    this.#ui.last.disabled = atEnd;
    this.#ui.analyse.disabled = !t;
  }

  // ---- what is shown beside the board ----

  #players() {
    const tags = this.#tree?.game.tags ?? {};
    const name = (c) => {
      const n = tags[c] && tags[c] !== '?' ? tags[c] : c;
      const elo = tags[`${c}Elo`];
      return elo && elo !== '?' && elo !== '-' ? `${n} (${elo})` : n;
    };
    const black = this.#core.state.orientation === 'black';
    this.#ui.top.firstChild.textContent = name(black ? 'White' : 'Black');
    this.#ui.bottom.firstChild.textContent = name(black ? 'Black' : 'White');
    this.#clocks();
  }

  #clocks() {
    const clock = { w: null, b: null };
    if (this.#tree) {
      for (const n of this.#tree.path(this.#node)) if (n.clock !== undefined) clock[this.#tree.info(n).color] = n.clock;
    }
    const black = this.#core.state.orientation === 'black';
    const turn = this.fen.split(' ')[1];
    for (const [el, c] of [[this.#ui.top, black ? 'w' : 'b'], [this.#ui.bottom, black ? 'b' : 'w']]) {
      const span = el.lastChild;
      span.textContent = clock[c] === null ? '' : clockText(clock[c]);
      span.hidden = clock[c] === null;
      el.classList.toggle('to-move', !!this.#tree && turn === c);
    }
  }

  // What a screen reader hears on a move: its words, its eval, its comments.
  #words(node) {
    if (node === null) return 'Starting position';
    const sentences = [moveLabel(this.#tree.info(node))];
    if (node.eval) sentences.push(`Evaluation: ${evalWords(node.eval)}`);
    const comments = [...(node.comments ?? [])];
    if (comments.length) sentences.push(`Comment: ${comments.join(' ')}`);
    if (this.#tree.next(node) === null && this.#tree.info(node).depth === 0 && this.#tree.game.result !== '*') {
      sentences.push(`Game over, ${this.#tree.game.result}`);
    }
    // A full stop between sentences, none after one that already ends in . ! or ? (a comment's own).
    return sentences.reduce((text, next) => `${text}${/[.!?…]["'”’)]?$/.test(text) ? '' : '.'} ${next}`);
  }

  #say(text) {
    // A change of text is what a polite live region reads; the same text twice needs a reset.
    this.#ui.live.textContent = this.#ui.live.textContent === text ? `${text} ` : text;
  }

  #analysis() {
    const node = this.#node;
    const path = this.#tree ? this.#tree.path(node) : [];
    return { fen: this.fen, ply: path.length, node, uci: path.map((n) => n.uci), san: path.map((n) => n.san),
      startFen: this.#tree?.game.fen ?? START_FEN, game: this.#tree?.game ?? null, pgn: this.#pgnText };
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('escaque-game')) {
  customElements.define('escaque-game', EscaqueGame);
}
