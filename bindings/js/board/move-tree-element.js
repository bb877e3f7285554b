// <escaque-move-tree>: the move-tree view (move-tree.js; docs/viewer.md) as an element, the entry
// 'escaque/board/move-tree'. Kept apart from the view so that <escaque-game>, which draws the view in
// its own shadow root, does not carry (or register) this element.
import { MoveTreeView, moveTreeSheet } from './move-tree.js';

export { MoveTreeView, MOVE_TREE_CSS, moveTreeSheet } from './move-tree.js';

const ElementBase = typeof HTMLElement === 'undefined' ? class {} : HTMLElement;

/** <escaque-move-tree>: MoveTreeView as an element; fires `nodeselect` {node, path, ply, id}. */
export class EscaqueMoveTree extends ElementBase {
  static get observedAttributes() { return ['label']; }
  #view;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const s = moveTreeSheet();
    if (s) root.adoptedStyleSheets = [s];
    const host = document.createElement('div');
    host.className = 'host';
    root.append(host);
    this.#view = new MoveTreeView(host, { label: this.getAttribute('label') || 'Moves', onSelect: (node, info) => {
      const detail = { node, id: info?.id ?? null, ply: info?.ply ?? 0, path: this.#view.tree.path(node) };
      this.dispatchEvent(new CustomEvent('nodeselect', { detail, bubbles: true, composed: true }));
    } });
  }

  attributeChangedCallback(name, _old, value) {
    if (name === 'label') this.#view.label = value || 'Moves';
  }

  get game() { return this.#view.tree?.game ?? null; }
  set game(game) { this.#view.set({ game }); }
  get current() { return this.#view.current; }
  set current(node) { this.#view.current = node; }
  get view() { return this.#view; }
  /** Focuses the current move (the list's one tab stop). */
  focus() { this.#view.focus(); }
}

if (typeof customElements !== 'undefined' && !customElements.get('escaque-move-tree')) {
  customElements.define('escaque-move-tree', EscaqueMoveTree);
}
