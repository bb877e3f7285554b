// Types of the rules-free board core (board-core.js) and its element <escaque-board-core>
// (board-core-element.js), shipped as escaque/board/core (docs/board.md, "The core").
import type { BoardArrow, BoardHighlight, Orientation, Interactive, Premove, BoardSelectDetail } from './escaque-board.js';
import type { PromotionSymbol, Square } from '../index.js';

export declare const START_FEN: string;

/** A legal target of a piece: its square, or {to, promotion} (one entry per promotion piece). */
export type DestTarget = Square | { to: Square; promotion?: PromotionSymbol };
/** Legal destinations: from-square to targets; null = not known yet (moves wait as premoves do). */
export type Dests = Map<Square, DestTarget[]> | Partial<Record<Square, DestTarget[]>>;

export interface BoardCoreState {
  /** A FEN, or only its placement field. */
  fen: string;
  /** Side to move; default: the FEN's second field. */
  turn: 'w' | 'b' | null;
  orientation: Orientation;
  interactive: Interactive;
  /** With a one-colour `interactive`: that colour may premove during the other's turn. */
  premoves: boolean;
  /** The legal moves of the side to move, or a function returning them (called when a piece is picked up). */
  dests: Dests | (() => Dests) | null;
  lastMove: { from: Square; to: Square } | null;
  /** The square of a king in check. */
  check: Square | null;
  arrows: BoardArrow[];
  highlights: BoardHighlight[];
  premove: Premove | null;
  /** A board editor: any piece of a colour `interactive` allows may be moved to any square, whatever
   *  `dests` and the turn say (the `move` intent then carries no promotion). */
  free: boolean;
  showLegal: boolean;
  autoQueen: boolean;
  /** Piece slide in ms (0 whenever the user prefers reduced motion). */
  animation: number;
  language: string;
  announce: 'words' | 'appendix-f' | 'none';
  label: string;
  /** Empty (the built-in set) or a URL template with {color}, {piece} or {code}. */
  pieceSet: string;
}

export interface BoardMoveIntent {
  from: Square; to: Square; promotion?: PromotionSymbol; source: 'pointer' | 'keyboard' | 'premove';
}

export interface BoardCoreIntents {
  move: BoardMoveIntent;
  premove: { premove: Premove | null };
  select: BoardSelectDetail;
  annotate: { arrows: BoardArrow[]; highlights: BoardHighlight[] };
  navigate: { where: 'first' | 'prev' | 'next' | 'last' };
  /** A printable key the board has no use for, pressed on a square (no Ctrl, Alt or Meta): an owner with a
   *  move field may focus it during the event, and the browser then types the key there. */
  typing: { key: string };
  /** A press or Enter on a square that neither picked a piece up nor moved one (an empty square, a piece
   *  `interactive` does not allow): a board editor puts its chosen piece there. */
  square: { square: Square; source: 'pointer' | 'keyboard' };
}

/** A played move as the package describes it (only these fields are read, to say it in words). */
export interface AnnouncedMove {
  from: Square; to: Square; color: 'w' | 'b'; piece: string; captured?: string; promotion?: string;
  flags?: { castle?: 'king' | 'queen' | null; enPassant?: boolean; check?: boolean; checkmate?: boolean };
}

export declare class BoardCore {
  constructor(host: Element, options?: {
    onIntent?: <K extends keyof BoardCoreIntents>(type: K, detail: BoardCoreIntents[K]) => void;
  });
  readonly root: ShadowRoot;
  readonly state: BoardCoreState;
  readonly placement: Map<Square, string>;
  readonly selected: Square | null;
  set(changes: Partial<BoardCoreState>): void;
  announce(text: string): void;
  announceMove(move: AnnouncedMove, outcome?: { reason: string } | null): void;
  focusSquare(square?: Square): void;
  /** The square under a viewport point (clientX/clientY), as the board is oriented; null off the board. */
  squareAt(clientX: number, clientY: number): Square | null;
  cancelPremove(announce?: boolean): void;
}

export type EscaqueBoardCoreEventMap = HTMLElementEventMap & { [K in keyof BoardCoreIntents]: CustomEvent<BoardCoreIntents[K]> };

export declare class EscaqueBoardCore extends HTMLElement {
  set(changes: Partial<BoardCoreState>): void;
  readonly state: BoardCoreState;
  readonly fen: string;
  readonly orientation: Orientation;
  readonly interactive: Interactive;
  readonly selected: Square | null;
  announce(text: string): void;
  announceMove(move: AnnouncedMove, outcome?: { reason: string } | null): void;
  focusSquare(square?: Square): void;
  /** The square under a viewport point (clientX/clientY), as the board is oriented; null off the board. */
  squareAt(clientX: number, clientY: number): Square | null;
  cancelPremove(announce?: boolean): void;
  addEventListener<K extends keyof BoardCoreIntents>(type: K,
    listener: (this: EscaqueBoardCore, ev: CustomEvent<BoardCoreIntents[K]>) => unknown,
    options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap { 'escaque-board-core': EscaqueBoardCore; }
}
