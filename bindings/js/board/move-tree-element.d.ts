// Types of the move-tree view (move-tree.js) and <escaque-move-tree> (move-tree-element.js), the entry
// 'escaque/board/move-tree' (docs/viewer.md). Rules-free: a game tree in, events out.
import type { PgnGame, PgnNode } from '../pgn.js';

export interface MoveInfo {
  node: PgnNode;
  /** The array of nodes holding the move, and its index there. */
  line: PgnNode[];
  index: number;
  /** Moves from the start, this one included. */
  ply: number;
  /** The move number and side ('w' | 'b'). */
  number: number;
  color: 'w' | 'b';
  /** The move played before it (null: the start), and the node a variation's first move is an alternative to. */
  parent: PgnNode | null;
  owner: PgnNode | null;
  /** 0 on the mainline, 1 in its variations, … */
  depth: number;
  /** The id of its button in the list. */
  id: string;
}

export interface NodeSelectDetail {
  /** The node picked; null for the start position. */
  node: PgnNode | null;
  /** The nodes from the start to it, itself included. */
  path: PgnNode[];
  ply: number;
  id: string | null;
}

export const MOVE_TREE_CSS: string;
export function moveTreeSheet(): CSSStyleSheet | null;

export class MoveTreeView {
  constructor(container: Element, options?: { onSelect?: (node: PgnNode | null, info: MoveInfo | null) => void; label?: string });
  readonly element: HTMLElement;
  current: PgnNode | null;
  label: string;
  set(changes: { game?: PgnGame | null; current?: PgnNode | null }): void;
  buttonOf(node: PgnNode): HTMLButtonElement | null;
  focus(): void;
}

export interface EscaqueMoveTreeEventMap extends HTMLElementEventMap {
  nodeselect: CustomEvent<NodeSelectDetail>;
}

export class EscaqueMoveTree extends HTMLElement {
  /** The game tree drawn (escaque/pgn's shape); setting it redraws, current back to null. */
  game: PgnGame | null;
  /** The node marked current; a node of another tree throws RangeError. */
  current: PgnNode | null;
  readonly view: MoveTreeView;
  focus(): void;
  addEventListener<K extends keyof EscaqueMoveTreeEventMap>(type: K,
    listener: (this: EscaqueMoveTree, ev: EscaqueMoveTreeEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap { 'escaque-move-tree': EscaqueMoveTree; }
}
