// The move-tree view: a PGN game tree (escaque/pgn's shape) as a move list — move numbers, comments,
// NAG glyphs and nested variations — with the current move highlighted and every move clickable.
// Rules-free: it imports nothing of the package (docs/board.md, "The move tree").
//
// As an element (move-tree-element.js registers <escaque-move-tree>; import 'escaque/board/move-tree'):
//
//   const list = document.querySelector('escaque-move-tree');
//   list.game = readPgnGame(text);            // property: a game tree (attribute: none — trees are data)
//   list.current = list.game.moves[3];        // the node shown as current (null: the start)
//   list.addEventListener('nodeselect', (e) => { e.detail.node; e.detail.path; e.detail.ply; e.detail.id });
//   attribute `label`: the list's accessible name ("Moves")
//
// Or inside any element of your own:  const view = new MoveTreeView(container, { onSelect(node, info) {} });
//   view.set({ game, current });  view.current = node;  container.shadowRoot / document must adopt MOVE_TREE_CSS.
//
// A person picks a move by clicking it, or with the keyboard: Tab reaches the current move (one tab
// stop for the whole list), ← → go back and forth along the line, ↑ ↓ switch to the previous / next
// alternative played from the same position, Home / End the start and the line's end; each fires
// `nodeselect` (the owner decides what to show; the view highlights `current` once it is set).
// Screen readers hear each move in words ("12, White, knight takes e5, check, good move"), and the
// comments as text where they stand; `aria-current="step"` marks the current move.
import { h, sheet } from './dom.js';
import { indexTree, moveLabel, moveNumberText, nagGlyph, STEP_KEYS } from './game-tree.js';

export const MOVE_TREE_CSS = `
:host{display:block}
.tree{overflow:auto;max-height:var(--escaque-moves-height,none);line-height:1.6;font-size:var(--escaque-moves-font-size,.95rem);
color:var(--escaque-moves-color,#1d1d22);background:var(--escaque-panel,#fff);overscroll-behavior:contain;padding:.25em .4em}
.tree p{margin:.2em 0}
.run{display:block}
.run,.var.block{content-visibility:auto;overflow-clip-margin:4px}
.move{all:unset;cursor:pointer;padding:0 .2em;border-radius:.25em;font-weight:600;white-space:nowrap}
.move:hover{background:var(--escaque-move-hover,rgba(20,110,210,.14))}
.move:focus-visible{outline:2px solid var(--escaque-focus,#0a58ca);outline-offset:1px}
.move[aria-current]{background:var(--escaque-current-move,#0a58ca);color:var(--escaque-current-move-text,#fff)}
.var .move{font-weight:400}
.num{color:var(--escaque-move-number,#5b5b66);margin-left:.25em;font-variant-numeric:tabular-nums}
.nag{color:var(--escaque-nag,#b3261e);font-weight:700}
.move[aria-current] .nag{color:inherit}
.comment{color:var(--escaque-comment,#1f5130);font-style:italic;margin:0 .25em}
.var{color:var(--escaque-variation,#3b3b44)}
.var.block{display:block;margin:.1em 0 .1em 1em;padding-left:.5em;border-left:2px solid var(--escaque-variation-rule,#c8c8d0)}
.result{font-weight:700;margin-left:.4em}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;margin:0}
`;

export class MoveTreeView {
  #root;
  #onSelect;
  #tree = null;
  #current = null;
  #buttons = new Map();   // node -> its button
  #label;
  #revealing = null;   // the frame that will scroll the current move into view
  #chars = 0;          // characters drawn (chunk sizes)

  /**
   * @param {Element} container where the list is drawn (its content is replaced)
   * @param {{onSelect?: (node: object|null, info: object|null) => void, label?: string}} options
   */
  constructor(container, { onSelect = () => {}, label = 'Moves' } = {}) {
    this.#onSelect = onSelect;
    this.#label = label;
    this.#root = h('div', { class: 'tree', part: 'moves', role: 'group', 'aria-label': label });
    container.replaceChildren(this.#root);
    this.#root.addEventListener('click', (e) => {
      const button = e.target.closest?.('.move');
      if (button) this.#pick(this.#tree.byId(button.id));
    });
    this.#root.addEventListener('keydown', (e) => this.#key(e));
  }

  get element() { return this.#root; }
  get tree() { return this.#tree; }
  get current() { return this.#current; }
  set current(node) { this.set({ current: node }); }
  set label(text) { this.#label = text; this.#root.setAttribute('aria-label', text); }

  /** {game?, tree?, current?}: a new game redraws the list; a new current only moves the highlight. */
  set({ game, tree, current } = {}) {
    if (tree !== undefined || game !== undefined) {
      this.#tree = tree ?? (game ? indexTree(game) : null);
      this.#current = null;
      this.#draw();
    }
    if (current !== undefined) {
      if (current !== null && !this.#tree?.has(current)) throw new RangeError('MoveTreeView: current is not a node of the game');
      this.#highlight(current);
    }
  }

  /** The button of a node (tests, focus handling), or null. */
  buttonOf(node) { return this.#buttons.get(node) ?? null; }
  /** Moves keyboard focus to the current move (or the first one). */
  focus() { (this.#buttons.get(this.#current) ?? this.#root.querySelector('.move'))?.focus(); }

  #pick(node) {
    if (node === undefined || (node !== null && !this.#tree.has(node))) return;
    this.#onSelect(node, node === null ? null : this.#tree.info(node));
  }

  #key(e) {
    const where = STEP_KEYS[e.key];
    if (!this.#tree || !where || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    // keys step from the move shown (Enter or a click picks the focused one)
    const to = this.#tree.step(this.#current, where);
    if (to === undefined || to === this.#current) return;
    this.#pick(to);
    queueMicrotask(() => this.focus());
  }

  #highlight(node) {
    const old = this.#buttons.get(this.#current);
    if (old) { old.removeAttribute('aria-current'); old.tabIndex = -1; }
    this.#current = node;
    const button = this.#buttons.get(node);
    const stop = button ?? this.#root.querySelector('.move');
    if (stop) stop.tabIndex = 0;
    if (button) {
      button.setAttribute('aria-current', 'step');
      // At the next frame, not now: reading the layout here would force it in the middle of the
      // owner's update (a whole list's layout on a first render), and again once the owner is done.
      if (this.#revealing === null && typeof requestAnimationFrame === 'function') {
        this.#revealing = requestAnimationFrame(() => {
          this.#revealing = null;
          this.#revealCurrent();
        });
      }
    }
  }

  // Scrolls the list (only the list, never the page) so that the current move is in view.
  #revealCurrent() {
    const button = this.#buttons.get(this.#current);
    if (!button?.isConnected) return;
    const box = this.#root;
    if (box.scrollHeight <= box.clientHeight) return;
    const b = button.getBoundingClientRect();
    const r = box.getBoundingClientRect();
    if (b.top < r.top) box.scrollTop -= r.top - b.top + 8;
    else if (b.bottom > r.bottom) box.scrollTop += b.bottom - r.bottom + 8;
  }

  #draw() {
    this.#buttons.clear();
    const root = this.#root;
    const t = this.#tree;
    if (!t) { root.replaceChildren(); return; }
    const game = t.game;
    // Built detached and put in place at once; each piece is a clone of a prototype (part()).
    const out = document.createDocumentFragment();
    if (game.comments?.length) {
      const p = h('p', { class: 'run' });
      const from = this.#chars;
      for (const c of game.comments) p.append(this.#comment(c), ' ');
      estimate(out.appendChild(p), this.#chars - from);
    }
    const main = h('p', { class: 'line' });
    this.#line(main, game.moves, 0);
    if (game.result && game.result !== '*') {
      const r = part('result', game.result);
      r.title = { '1-0': 'White won', '0-1': 'Black won', '1/2-1/2': 'Draw' }[game.result] ?? '';
      (main.lastChild?.className === 'run' ? main.lastChild : main.appendChild(part('run'))).append(r);
    }
    out.append(main);
    root.replaceChildren(out);
    this.#highlight(null);
  }

  // One line of moves into `box`: the mainline as runs of moves between the blocks of its variations,
  // deeper variations inline, in parentheses. A run ends at a variation's block, or after a comment
  // once it holds ~500 characters: the runs and blocks are the list's chunks, laid out and painted
  // only near the view (content-visibility), sized until then from their characters (estimate()).
  #line(box, line, depth) {
    let run = depth ? box : null;
    let needNumber = true;
    let from = 0;
    const end = () => { if (run && !depth) estimate(run, this.#chars - from); run = null; };
    for (const node of line) {
      const info = this.#tree.info(node);
      if (!run) { run = box.appendChild(part('run')); from = this.#chars; }
      if (node.commentsBefore?.length) {
        for (const c of node.commentsBefore) run.append(this.#comment(c), ' ');
        needNumber = true;
      }
      if (info.color === 'w' || needNumber) run.append(part('num', moveNumberText(info)));
      run.append(this.#button(node, info), ' ');
      needNumber = false;
      for (const c of node.comments ?? []) { run.append(this.#comment(c), ' '); needNumber = true; }
      if (needNumber && this.#chars - from > 500) end();
      for (const v of node.variations ?? []) {
        if (!v.length) continue;
        const el = part(depth ? 'var' : 'block');
        el.setAttribute('aria-label', `Variation, instead of ${moveNumberText(info)} ${node.san}`);
        const at = this.#chars;
        this.#line(el, v, depth + 1);
        if (el.lastChild.nodeType === 3) el.lastChild.remove();   // no space before ')'
        el.append(part('hidden', ')'));
        if (depth) run.append(el, ' ');
        else {
          end();   // the rest of the line: a new run after the block
          estimate(box.appendChild(el), this.#chars - at);
        }
        needNumber = true;
      }
    }
    end();
  }

  #comment(text) {
    this.#chars += text.length;
    return part('comment', text);
  }

  #button(node, info) {
    // The name is the words (a visually hidden span, not an aria-label, so that no visible text is left
    // out of the name: axe's label-content-name-mismatch); the SAN and glyphs are what the eye reads.
    const b = part('move');
    b.id = info.id;
    const [words, seen] = b.childNodes;
    words.textContent = moveLabel(info);
    seen.textContent = node.san;
    this.#chars += node.san.length + 5;
    if (node.nags?.length) seen.append(part('nag', node.nags.map(nagGlyph).join('')));
    this.#buttons.set(node, b);
    return b;
  }
}

// A chunk's height before it is first laid out (then the browser remembers the real one): ~40
// characters a line.
function estimate(el, chars) {
  el.style.containIntrinsicBlockSize = `auto ${Math.ceil(chars / 40) * 1.6 + 0.5}em`;
}

// The pieces of the list, made once and cloned (a clone costs less than an element built and set
// up attribute by attribute). A variation starts with its `(`; parentheses are not read aloud.
let protos = null;
function part(kind, text) {
  if (!protos) {
    const hidden = (...text) => h('span', { 'aria-hidden': 'true' }, ...text);
    protos = {
      move: h('button', { class: 'move', type: 'button', tabindex: -1 }, h('span', { class: 'sr' }), hidden()),
      num: h('span', { class: 'num', 'aria-hidden': 'true' }),
      hidden: hidden(),
      block: h('div', { class: 'var block', role: 'group' }, hidden('(')),
      var: h('span', { class: 'var', role: 'group' }, hidden('(')),
    };
    for (const k of ['nag', 'comment', 'result', 'run']) protos[k] = h('span', { class: k });
  }
  const e = protos[kind].cloneNode(true);
  if (text !== undefined) e.textContent = text;
  return e;
}

let treeSheet = null;
/** MOVE_TREE_CSS as a constructed stylesheet (allowed under a strict style-src CSP), or null. */
export const moveTreeSheet = () => (treeSheet ??= sheet(MOVE_TREE_CSS));
