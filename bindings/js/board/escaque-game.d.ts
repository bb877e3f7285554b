// Types of <escaque-game> (escaque-game.js, the entry 'escaque/game'; docs/viewer.md), and the JSX
// intrinsic elements of every escaque element, so that TSX checks them without wrapper packages.
import type { PgnGame, PgnNode, PgnRecord } from '../pgn.js';

export interface GameNodeChangeDetail { node: PgnNode | null; ply: number; fen: string; }
export interface GameLoadDetail { games: number; errors: number; }
export interface GameAnalyseDetail {
  /** The position shown, and how it was reached from the game's start. */
  fen: string;
  ply: number;
  node: PgnNode | null;
  uci: string[];
  san: string[];
  startFen: string;
  game: PgnGame | null;
  /** The PGN text read (null when a tree was set as a property). */
  pgn: string | null;
}
export interface GameErrorDetail { message: string; }

export interface EscaqueGameEventMap extends Omit<HTMLElementEventMap, 'error' | 'load'> {
  nodechange: CustomEvent<GameNodeChangeDetail>;
  load: CustomEvent<GameLoadDetail>;
  analyse: CustomEvent<GameAnalyseDetail>;
  error: CustomEvent<GameErrorDetail>;
}

/** "2:58", "1:02:03", "0:09.5". */
export function clockText(ms: number): string;

export class EscaqueGame extends HTMLElement {
  /** Resolves once the current source is read and its first game shown (bad PGN too: see `error`). */
  readonly ready: Promise<void>;
  /** The PGN text (one game or many); setting it loads it. */
  pgn: string;
  /** The game tree shown; setting one shows it (no PGN text involved). */
  game: PgnGame | null;
  /** Every record read from the PGN text: games and errors. */
  readonly games: PgnRecord[];
  /** The node shown (null: the start) and the position. */
  readonly node: PgnNode | null;
  readonly ply: number;
  readonly fen: string;
  /** Shows the position after `node` (null: the start); RangeError for a node of another game. */
  goTo(node: PgnNode | null, announce?: boolean): void;
  first(): void;
  prev(): void;
  next(): void;
  last(): void;
  flip(): void;
  addEventListener<K extends keyof EscaqueGameEventMap>(type: K,
    listener: (this: EscaqueGame, ev: EscaqueGameEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** The attributes of <escaque-game> (all strings, as in HTML). */
export interface EscaqueGameAttributes {
  src?: string;
  pgn?: string;
  orientation?: 'white' | 'black';
  ply?: number | string;
  game?: number | string;
  coordinates?: boolean | '';
  theme?: string;
  'board-theme'?: string;
  pieces?: string;
  'piece-set'?: string;
  analyse?: boolean | '';
  label?: string;
}

/** What JSX may put on any escaque element: its attributes plus the usual ones. */
export type EscaqueJsxProps<E, A> = Partial<A> & EscaqueJsxBase<E>;
export interface EscaqueJsxBase<E> {
  id?: string;
  class?: string;
  className?: string;
  style?: unknown;
  slot?: string;
  hidden?: boolean;
  ref?: unknown;
  key?: string | number;
  children?: unknown;
  [data: `data-${string}`]: string | undefined;
  [aria: `aria-${string}`]: string | undefined;
  /** Never used: ties the props to the element's class. */
  __element?: E;
}

export interface EscaqueIntrinsicElements {
  'escaque-game': EscaqueJsxProps<EscaqueGame, EscaqueGameAttributes>;
  'escaque-move-tree': EscaqueJsxProps<HTMLElement, { label?: string }>;
  'escaque-board': EscaqueJsxProps<HTMLElement, Record<string, string | boolean | number | undefined>>;
  'escaque-board-core': EscaqueJsxProps<HTMLElement, { coordinates?: boolean | ''; theme?: string; 'board-theme'?: string; pieces?: string }>;
}

declare global {
  interface HTMLElementTagNameMap { 'escaque-game': EscaqueGame; }
  // Classic JSX (Preact, Solid, React before 19 with the global namespace).
  namespace JSX {
    interface IntrinsicElements extends EscaqueIntrinsicElements {}
  }
}
