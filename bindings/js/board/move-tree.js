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
.tree p,.line{margin:.2em 0}
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
  #chars = 0;          // characters drawn, and each chunk's (#draw)
  #sizes = [];

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
    // One HTML text, parsed at once (no style attribute in it: a strict CSP's style-src), then each
    // chunk's estimated height and the buttons by their ids.
    this.#sizes = [];
    let html = '';
    if (game.comments?.length) {
      const from = this.#chars;
      html = `<p class="run">${this.#comments(game.comments)}</p>`;
      this.#sizes.push(this.#chars - from);
    }
    const r = game.result;
    root.innerHTML = `${html}<div class="line">${this.#line(game.moves, 0, r && r !== '*'
      ? `<span class="result" title="${{ '1-0': 'White won', '0-1': 'Black won', '1/2-1/2': 'Draw' }[r] ?? ''}">${esc(r)}</span>` : '')}</div>`;
    // A chunk's height before it is first laid out (then the browser keeps the real one): ~40 characters a line.
    root.querySelectorAll('.run,.block').forEach((c, i) => {
      c.style.containIntrinsicBlockSize = `auto ${Math.ceil(this.#sizes[i] / 40) * 1.6 + 0.5}em`;
    });
    for (const b of root.querySelectorAll('.move')) this.#buttons.set(t.byId(b.id), b);
    this.#highlight(null);
  }

  // One line of moves as HTML: the mainline as runs of moves between the blocks of its variations,
  // deeper variations inline, in parentheses (not read aloud). A run ends at a variation's block, or
  // after a comment once it holds ~500 characters: the runs and blocks are the list's chunks, laid out
  // and painted only near the view (content-visibility), sized until then from their characters.
  #line(line, depth, tail = '') {
    let html = '';
    let text = '';   // the run being written (all of a variation)
    let from = this.#chars;
    let needNumber = true;
    const end = () => {
      if (text) { html += `<span class="run">${text}</span>`; this.#sizes.push(this.#chars - from); }
      text = '';
      from = this.#chars;
    };
    for (const node of line) {
      const info = this.#tree.info(node);
      if (node.commentsBefore?.length) {
        text += this.#comments(node.commentsBefore);
        needNumber = true;
      }
      if (info.color === 'w' || needNumber) text += `<span class="num" aria-hidden="true">${moveNumberText(info)}</span>`;
      // The name is the words (a visually hidden span, not an aria-label, so that no visible text is
      // left out of the name: axe's label-content-name-mismatch); the SAN and glyphs are what the eye reads.
      text += `<button class="move" type="button" tabindex="-1" id="${info.id}"><span class="sr">${esc(moveLabel(info))}</span>` +
        `<span aria-hidden="true">${esc(node.san)}${node.nags?.length ? `<span class="nag">${node.nags.map(nagGlyph).join('')}</span>` : ''}</span></button> `;
      this.#chars += node.san.length + 5;
      needNumber = !!node.comments?.length;
      if (needNumber) text += this.#comments(node.comments);
      if (!depth && needNumber && this.#chars - from > 500) end();
      for (const v of node.variations ?? []) {
        if (!v.length) continue;
        if (!depth) end();
        const open = `role="group" aria-label="Variation, instead of ${moveNumberText(info)} ${esc(node.san)}"><span aria-hidden="true">(</span>`;
        const inner = `${this.#line(v, depth + 1).trimEnd()}<span aria-hidden="true">)</span>`;
        if (depth) text += `<span class="var" ${open}${inner}</span> `;
        else {
          html += `<div class="var block" ${open}${inner}</div>`;
          this.#sizes.push(this.#chars - from);
          from = this.#chars;
        }
        needNumber = true;
      }
    }
    text += tail;
    if (depth) return text;
    end();
    return html;
  }

  #comments(list) {
    let html = '';
    for (const c of list) {
      this.#chars += c.length;
      html += `<span class="comment">${esc(c)}</span> `;
    }
    return html;
  }
}

const esc = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

let treeSheet = null;
/** MOVE_TREE_CSS as a constructed stylesheet (allowed under a strict style-src CSP), or null. */
export const moveTreeSheet = () => (treeSheet ??= sheet(MOVE_TREE_CSS));
