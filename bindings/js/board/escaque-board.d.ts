// Types of the <escaque-board> custom element (docs/board.md); the rules-free core it wraps is typed in
// board-core-element.d.ts (escaque/board/core).
import type { Chess, Move, Outcome, PromotionSymbol, Square, MoveInput, Language } from '../index.js';

export declare const START_FEN: string;

export type Orientation = 'white' | 'black';
export type Interactive = 'none' | 'white' | 'black' | 'both';
export type MoveSource = 'pointer' | 'keyboard' | 'text' | 'premove';

export interface BoardArrow { from: Square; to: Square; color?: string; }
export interface BoardHighlight { square: Square; color?: string; }
export interface Premove { from: Square; to: Square; promotion?: PromotionSymbol; }

export interface BoardMoveDetail {
  from: Square; to: Square; promotion?: PromotionSymbol; san: string; uci: string;
  piece: Move['piece']; color: Move['color']; captured?: Move['piece']; flags: Move['flags'];
  source: MoveSource; /** FEN before the move. */ fen: string; move: Move;
}
export interface BoardChangeDetail {
  fen: string; move: Move | null;
  source: 'pointer' | 'keyboard' | 'text' | 'premove' | 'api' | 'undo' | 'redo' | 'position' | 'pgn' | 'game';
}
export interface BoardSelectDetail {
  square: Square | null; piece: { color: 'w' | 'b'; type: Move['piece'] } | null; targets: Square[]; premove: boolean;
}
export interface BoardNavigateDetail { ply: number; plyCount: number; fen: string; move: Move | null; }

export interface EscaqueBoardEventMap extends Omit<HTMLElementEventMap, 'error'> {
  move: CustomEvent<BoardMoveDetail>;
  change: CustomEvent<BoardChangeDetail>;
  select: CustomEvent<BoardSelectDetail>;
  gameover: CustomEvent<{ outcome: Outcome }>;
  premove: CustomEvent<{ premove: Premove | null }>;
  navigate: CustomEvent<BoardNavigateDetail>;
  annotate: CustomEvent<{ arrows: BoardArrow[]; highlights: BoardHighlight[] }>;
  /** A press or Enter on a square that picked no piece up and moved none. */
  square: CustomEvent<{ square: Square; source: 'pointer' | 'keyboard' }>;
  flip: CustomEvent<{ orientation: Orientation }>;
  ready: CustomEvent<{ fen: string }>;
  inputerror: CustomEvent<{ text: string; message: string }>;
  error: CustomEvent<{ error: unknown; message: string }>;
}

export declare class EscaqueBoard extends HTMLElement {
  readonly ready: Promise<void>;
  readonly game: Chess | null;
  fen: string;
  pgn: string;
  orientation: Orientation;
  interactive: Interactive;
  language: Language;
  readonly turn: 'w' | 'b';
  readonly selected: Square | null;
  readonly lastMove: { from: Square; to: Square } | null;
  readonly premove: Premove | null;
  arrows: BoardArrow[];
  highlights: BoardHighlight[];
  ply: number;
  readonly plyCount: number;
  /** The game's outcome once it is over (checkmate, a draw, a resignation …); null while it goes on. */
  readonly outcome: Outcome | null;

  setPosition(fen: string, options?: { chess960?: boolean }): void;
  loadPgn(pgn: string, options?: { language?: Language }): void;
  setGame(chess: Chess): void;
  refresh(): void;
  move(input: MoveInput, options?: { language?: Language }): Move;
  undo(): Move | null;
  redo(): Move | null;
  flip(): void;
  goTo(ply: number): void;
  first(): void;
  previous(): void;
  next(): void;
  last(): void;
  setArrows(arrows: BoardArrow[]): void;
  setHighlights(highlights: BoardHighlight[]): void;
  clearAnnotations(): void;
  cancelPremove(): void;
  focusSquare(square?: Square): void;

  addEventListener<K extends keyof EscaqueBoardEventMap>(type: K,
    listener: (this: EscaqueBoard, ev: EscaqueBoardEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap { 'escaque-board': EscaqueBoard; }
}
