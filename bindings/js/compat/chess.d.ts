// Type declarations of escaque/compat/chess.js: the API of chess.js 1.4.0's
// Chess class (same names, argument forms and return shapes), on escaque.
// docs/api.md ("chess.js compatibility") lists the known differences.

export type Color = 'w' | 'b';
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
export type Square = `${'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h'}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

export const WHITE: 'w';
export const BLACK: 'b';
export const PAWN: 'p';
export const KNIGHT: 'n';
export const BISHOP: 'b';
export const ROOK: 'r';
export const QUEEN: 'q';
export const KING: 'k';
export const DEFAULT_POSITION: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** a8, b8, ..., h1 (chess.js's order). */
export const SQUARES: Square[];
export const SEVEN_TAG_ROSTER: Record<string, string>;

export interface Piece {
  color: Color;
  type: PieceSymbol;
}

/** chess.js's internal move shape, as the Move constructor takes it (built by Chess). */
export interface InternalMove {
  color: Color;
  from: number;
  to: number;
  piece: PieceSymbol;
  captured?: PieceSymbol;
  promotion?: PieceSymbol;
  flags: number;
}

export class Move {
  color: Color;
  from: Square;
  to: Square;
  piece: PieceSymbol;
  captured?: PieceSymbol;
  promotion?: PieceSymbol;
  /**
   * 'n' normal, 'c' capture, 'b' double pawn step, 'e' en passant, 'p' promotion, 'k'/'q' castling,
   * '-' null move. @deprecated as in chess.js: use isCapture() and the other predicates.
   */
  flags: string;
  san: string;
  /** from + to (+ promotion), e.g. "e7e8q". */
  lan: string;
  /** FEN before and after the move. */
  before: string;
  after: string;
  constructor(chess: Chess, internal: InternalMove);
  isCapture(): boolean;
  isPromotion(): boolean;
  isEnPassant(): boolean;
  isKingsideCastle(): boolean;
  isQueensideCastle(): boolean;
  isBigPawn(): boolean;
}

export function validateFen(fen: string): { ok: boolean; error?: string };
/** xoroshiro128**: a generator of 64-bit BigInts from a 128-bit state (exported by chess.js). */
export function xoroshiro128(state: bigint): () => bigint;

export interface MovesOptions {
  verbose?: boolean;
  square?: Square;
  piece?: PieceSymbol;
}

export class Chess {
  constructor(fen?: string, options?: { skipValidation?: boolean });
  clear(options?: { preserveHeaders?: boolean }): void;
  load(fen: string, options?: { skipValidation?: boolean; preserveHeaders?: boolean }): void;
  reset(): void;
  fen(options?: { forceEnpassantSquare?: boolean }): string;

  get(square: Square): Piece | undefined;
  findPiece(piece: Piece): Square[];
  put(piece: { type: PieceSymbol; color: Color }, square: Square): boolean;
  remove(square: Square): Piece | undefined;
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][];
  ascii(): string;
  squareColor(square: Square): 'light' | 'dark' | null;
  turn(): Color;
  setTurn(color: Color): boolean;
  moveNumber(): number;
  hash(): string;

  attackers(square: Square, attackedBy?: Color): Square[];
  isAttacked(square: Square, attackedBy: Color): boolean;
  isCheck(): boolean;
  inCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isInsufficientMaterial(): boolean;
  isThreefoldRepetition(): boolean;
  isDrawByFiftyMoves(): boolean;
  isDraw(): boolean;
  isGameOver(): boolean;

  moves(): string[];
  moves(options: { verbose: true; square?: Square; piece?: PieceSymbol }): Move[];
  moves(options: { verbose?: false; square?: Square; piece?: PieceSymbol }): string[];
  moves(options: MovesOptions): string[] | Move[];
  move(move: string | { from: string; to: string; promotion?: string } | null, options?: { strict?: boolean }): Move;
  undo(): Move | null;
  history(): string[];
  history(options: { verbose: true }): Move[];
  history(options: { verbose?: false }): string[];
  history(options: { verbose: boolean }): string[] | Move[];
  perft(depth: number): number;

  pgn(options?: { newline?: string; maxWidth?: number }): string;
  loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string }): void;
  /** @deprecated as in chess.js: use setHeader() and getHeaders(). */
  header(...args: string[]): Record<string, string | null>;
  setHeader(key: string, value: string): Record<string, string>;
  removeHeader(key: string): boolean;
  getHeaders(): Record<string, string>;

  getComment(): string;
  setComment(comment: string): void;
  removeComment(): string;
  /** @deprecated renamed removeComment() */
  deleteComment(): string;
  getComments(): { fen: string; comment: string }[];
  removeComments(): { fen: string; comment: string }[];
  /** @deprecated renamed removeComments() */
  deleteComments(): { fen: string; comment: string }[];

  setCastlingRights(color: Color, rights: Partial<Record<'k' | 'q', boolean>>): boolean;
  getCastlingRights(color: Color): { k: boolean; q: boolean };
}
