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
import { indexTree, moveLabel, moveNumberText, nagGlyph } from './game-tree.js';

export const MOVE_TREE_CSS = `
:host{display:block}
.tree{overflow:auto;max-height:var(--escaque-moves-height,none);line-height:1.6;font-size:var(--escaque-moves-font-size,.95rem);
color:var(--escaque-moves-color,inherit);overscroll-behavior:contain;padding:.25em .4em}
.tree p{margin:.2em 0}
.line{display:block}
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
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

export class MoveTreeView {
  #root;
  #onSelect;
  #tree = null;
  #current = null;
  #buttons = new Map();   // node -> its button
  #label;

  /**
   * @param {Element} container where the list is drawn (its content is replaced)
   * @param {{onSelect?: (node: object|null, info: object|null) => void, label?: string}} options
   */
  constructor(container, { onSelect = () => {}, label = 'Moves' } = {}) {
    this.#onSelect = onSelect;
    this.#label = label;
    this.#root = document.createElement('div');
    this.#root.className = 'tree';
    this.#root.setAttribute('part', 'moves');
    this.#root.setAttribute('role', 'group');
    this.#root.setAttribute('aria-label', label);
    container.replaceChildren(this.#root);
    this.#root.addEventListener('click', (e) => {
      const button = e.target.closest?.('.move');
      if (button) this.#pick(this.#tree.byId(button.dataset.id));
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
    if (!this.#tree || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = this.#tree;
    const here = this.#current;   // keys step from the move shown (Enter or a click picks the focused one)
    let to;
    switch (e.key) {
      case 'ArrowRight': to = t.next(here) ?? undefined; break;   // none at a line's end
      case 'ArrowLeft': to = here === null ? undefined : t.prev(here); break;
      case 'ArrowDown': case 'ArrowUp': {
        const alts = t.alternatives(here);
        const k = alts.indexOf(here) + (e.key === 'ArrowDown' ? 1 : -1);
        to = alts[k];
        break;
      }
      case 'Home': to = null; break;
      case 'End': to = t.lineEnd(here); break;
      default: return;
    }
    e.preventDefault();
    if (to === undefined || to === here) return;
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
      this.#reveal(button);
    }
  }

  // Scrolls the list (only the list, never the page) so that the button is in view.
  #reveal(button) {
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
    root.replaceChildren();
    const t = this.#tree;
    if (!t) return;
    const game = t.game;
    if (game.comments?.length) {
      const p = document.createElement('p');
      for (const c of game.comments) p.append(comment(c), ' ');
      root.append(p);
    }
    const main = document.createElement('p');
    main.className = 'line';
    this.#line(main, game.moves, 0);
    if (game.result && game.result !== '*') {
      const r = document.createElement('span');
      r.className = 'result';
      r.textContent = game.result;
      r.title = { '1-0': 'White won', '0-1': 'Black won', '1/2-1/2': 'Draw' }[game.result] ?? '';
      main.append(r);
    }
    root.append(main);
    this.#highlight(null);
  }

  // One line of moves into `box`; variations of a mainline move open a block, deeper ones stay inline.
  #line(box, line, depth) {
    let box2 = box;
    let needNumber = true;
    for (const node of line) {
      const info = this.#tree.info(node);
      if (node.commentsBefore?.length) {
        for (const c of node.commentsBefore) box2.append(comment(c), ' ');
        needNumber = true;
      }
      if (info.color === 'w' || needNumber) {
        const num = document.createElement('span');
        num.className = 'num';
        num.setAttribute('aria-hidden', 'true');
        num.textContent = moveNumberText(info);
        box2.append(num);
      }
      box2.append(this.#button(node, info), ' ');
      needNumber = false;
      for (const c of node.comments ?? []) { box2.append(comment(c), ' '); needNumber = true; }
      const variations = (node.variations ?? []).filter((v) => v.length);
      for (const v of variations) {
        const block = depth === 0;
        const el = document.createElement(block ? 'div' : 'span');
        el.className = block ? 'var block' : 'var';
        el.setAttribute('role', 'group');
        el.setAttribute('aria-label', `Variation, instead of ${moveNumberText(info)} ${node.san}`);
        const open = document.createElement('span');
        open.setAttribute('aria-hidden', 'true');
        open.textContent = '(';
        const close = open.cloneNode(true);
        close.textContent = ')';
        el.append(open);
        this.#line(el, v, depth + 1);
        if (el.lastChild?.nodeType === 3) el.lastChild.remove();   // no space before ')'
        el.append(close);
        if (block) {
          // The rest of the line continues after the block, in a new run of text.
          box.append(el);
          box2 = document.createElement('span');
          box.append(box2, ' ');
        } else box2.append(el, ' ');
        needNumber = true;
      }
    }
  }

  #button(node, info) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.id = info.id;
    b.dataset.id = info.id;
    b.tabIndex = -1;
    // The name is the words (a hidden span), the SAN and glyphs are what the eye reads.
    const words = document.createElement('span');
    words.className = 'sr';
    words.textContent = moveLabel(info);
    const seen = document.createElement('span');
    seen.setAttribute('aria-hidden', 'true');
    seen.append(node.san);
    if (node.nags?.length) {
      const g = document.createElement('span');
      g.className = 'nag';
      g.textContent = node.nags.map(nagGlyph).join('');
      seen.append(g);
    }
    b.append(words, seen);
    this.#buttons.set(node, b);
    return b;
  }
}

function comment(text) {
  const c = document.createElement('span');
  c.className = 'comment';
  c.textContent = text;
  return c;
}

let sheet = null;
/** MOVE_TREE_CSS as a constructed stylesheet (allowed under a strict style-src CSP), or null. */
export function moveTreeSheet() {
  if (!sheet && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(MOVE_TREE_CSS);
  }
  return sheet;
}
