// Type declarations of escaque's public API (bindings/js/index.mjs; docs/api.md).
// They need no particular `lib`: Symbol.dispose is declared here for projects
// whose lib predates it (the same declaration @types/node makes).

declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

export type Color = 'w' | 'b';
export type ColorName = Color | 'white' | 'black';
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
export type PromotionSymbol = 'n' | 'b' | 'r' | 'q';
export type Square = `${'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h'}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;
/** "en", "es", "fr", "de", "nl", "figurine", or any name/code parse_language accepts ("es-AR", "deutsch"). */
export type Language = 'en' | 'es' | 'fr' | 'de' | 'nl' | 'figurine' | (string & {});

export interface InitOptions {
  /** The bytes of escaque-rules.wasm: no lookup at all. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /** Where to find a file of the package, as Emscripten's locateFile. */
  locateFile?: (fileName: string, scriptDirectory: string) => string;
  /** URL (or path in Node) of escaque-rules.wasm. */
  url?: string | { readonly href: string };
}

export function init(options?: InitOptions): Promise<void>;
export function isInitialized(): boolean;

export interface MoveFlags {
  capture: boolean;
  enPassant: boolean;
  castle: false | 'king' | 'queen';
  promotion: boolean;
  check: boolean;
  checkmate: boolean;
}

export interface Move {
  from: Square;
  to: Square;
  color: Color;
  piece: PieceSymbol;
  promotion?: PromotionSymbol;
  captured?: PieceSymbol;
  /** Castling only: the square of the rook that castles. */
  rookFrom?: Square;
  san: string;
  uci: string;
  flags: MoveFlags;
}

export interface HistoryMove extends Move {
  before: string;
  after: string;
}

export interface MoveObject {
  from: Square | string;
  to: Square | string;
  promotion?: PromotionSymbol | string;
}

export type MoveInput = string | MoveObject;

export interface Piece {
  type: PieceSymbol;
  color: Color;
}
export interface BoardPiece extends Piece {
  square: Square;
}

export type OutcomeReasonName =
  | 'none' | 'checkmate' | 'stalemate' | 'dead-position' | 'fivefold-repetition' | 'seventy-five-moves'
  | 'threefold-repetition' | 'fifty-moves' | 'agreement' | 'resignation'
  | 'resignation-vs-insufficient-material' | 'timeout' | 'timeout-vs-insufficient-material' | (string & {});

export interface Outcome {
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
  reason: OutcomeReasonName;
  winner: Color | null;
  /** Whose act ended the game (resigned, flag fell, claimed, accepted); null when the board decided. */
  by: Color | null;
  /** PGN Termination tag value. */
  termination: string;
  description: string;
  /** Only when moves were played on after this automatic draw (an imported historical game): the ply it happened at. */
  endedAtPly?: number;
}

export interface ClaimResult {
  granted: boolean;
  grounds: OutcomeReasonName;
  intendedMovePlayed: boolean;
  explanation: string;
}

export interface PgnOptions {
  language?: Language;
  /** Milliseconds left on the mover's clock after each move, written as [%clk]. */
  clocks?: number[];
  headers?: Record<string, string>;
  /** Longest movetext line; 0 = one line. */
  lineWidth?: number;
}

export class Chess {
  constructor(fen?: string);
  static fromFen(fen: string, options?: { chess960?: boolean }): Chess;
  static chess960(index: number): Chess;
  static fromPgn(pgn: string, options?: { language?: Language }): Chess;
  /**
   * A game from an edited position, judged here by Chess.fromFen's rules; throws
   * InvalidPositionError (what, where, why; the setup unchanged) when no game can start from it.
   */
  static fromSetup(setup: Setup): Chess;
  /**
   * A symbol, so that `structuredClone(game)` and `postMessage(game)` throw a DataCloneError that says
   * to use `clone()`, or to send `pgn()` and rebuild with `Chess.fromPgn()` (a game's state is in
   * WebAssembly: a copy of its properties would be an empty object).
   */
  readonly notCloneable: symbol;
  clone(): Chess;
  dispose(): void;
  [Symbol.dispose](): void;
  readonly disposed: boolean;

  /** The legal moves, in ascending order of their UCI text (as `movesUci()`). */
  moves(options?: { language?: Language }): Move[];
  /** The legal moves as UCI text, in ascending order (`a2a3` … `h7h8r`). */
  movesUci(): string[];
  movesFrom(square: Square | string): Move[];
  move(input: MoveInput, options?: { language?: Language }): Move;
  san(input: MoveInput, language?: Language): string;
  undo(): Move | null;
  redo(): Move | null;
  history(options?: { verbose?: false; language?: Language }): string[];
  history(options: { verbose: true; language?: Language }): HistoryMove[];

  fen(): string;
  board(): (BoardPiece | null)[][];
  get(square: Square | string): Piece | null;
  /** The board as text, rank 8 first (chess.js's ascii() layout). */
  ascii(): string;
  /** Squares of the `color` pieces (default: the side to move) that attack `square`, pinned ones included; a8..h1 order. */
  attackers(square: Square | string, color?: ColorName): Square[];
  isAttacked(square: Square | string, color: ColorName): boolean;
  squareColor(square: Square | string): 'light' | 'dark';
  /** Squares of the pieces giving check to the side to move ([] when not in check). */
  checkers(): Square[];
  /** The current position as an editable Setup (this game is not touched). */
  setup(): Setup;
  turn(): Color;
  isChess960(): boolean;
  inCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isDeadPosition(): boolean;
  isInsufficientMaterial(): boolean;
  canCheckmate(color: ColorName): boolean;
  repetitionCount(): number;
  isGameOver(): boolean;
  outcome(): Outcome;

  /**
   * Whether the player to move may claim a draw now, or with `intendedMove` whether
   * claimDraw(intendedMove) would be granted. Changes nothing; an illegal move throws IllegalMoveError.
   */
  canClaimDraw(intendedMove?: MoveInput): boolean;
  claimDraw(intendedMove?: MoveInput): ClaimResult;
  drawOffer(): Color | null;
  offerDraw(color: ColorName): void;
  acceptDraw(): void;
  declineDraw(): void;
  resign(color: ColorName): void;
  flag(color: ColorName): void;

  pgn(options?: PgnOptions): string;
  headers(): Record<string, string>;
  /** What Chess.fromPgn accepted but did not take as the file said it ([] for other games). */
  importWarnings(): PgnImportWarning[];
}

export interface CastlingRights {
  king: boolean;
  queen: boolean;
}

/**
 * A position being edited: plain data (nothing to dispose). Edits check only their arguments;
 * whether a game can start from the position is judged by Chess.fromSetup.
 */
export class Setup {
  /** An empty board, white to move, no castling rights; with a FEN, as Setup.fromFen(fen). */
  constructor(fen?: string);
  /** Reads a FEN's syntax (the last four fields optional) without judging the position; throws InvalidFenError. */
  static fromFen(fen: string, options?: { chess960?: boolean }): Setup;
  /** As Chess#notCloneable: `structuredClone(setup)` throws, saying to use `clone()` or send `fen()`. */
  readonly notCloneable: symbol;
  clone(): Setup;
  get(square: Square | string): Piece | null;
  /** Puts a piece on a square, replacing what stood there. */
  put(piece: Piece | { type: PieceSymbol | Uppercase<PieceSymbol>; color: ColorName }, square: Square | string): this;
  /** The piece taken off, or null when the square was empty. */
  remove(square: Square | string): Piece | null;
  /** Empties the board, the castling rights and the en passant square (side to move and counters stay). */
  clear(): this;
  board(): (BoardPiece | null)[][];
  turn(): Color;
  setTurn(color: ColorName): this;
  /** The FEN castling field: 'KQkq', 'Kq', 'HAha' (Chess960 files) or '-'. */
  castling(): string;
  setCastling(field: string): this;
  castlingRights(color: ColorName): CastlingRights;
  /** A side left out keeps its right. */
  setCastlingRights(color: ColorName, rights: Partial<CastlingRights>): this;
  enPassant(): Square | null;
  setEnPassant(square: Square | string | null): this;
  halfMoveClock(): number;
  setHalfMoveClock(n: number): this;
  moveNumber(): number;
  setMoveNumber(n: number): this;
  isChess960(): boolean;
  setChess960(on: boolean): this;
  /** The FEN as the position stands, whether or not a game could start from it. */
  fen(): string;
  ascii(): string;
  attackers(square: Square | string, color?: ColorName): Square[];
  isAttacked(square: Square | string, color: ColorName): boolean;
  squareColor(square: Square | string): 'light' | 'dark';
}

/**
 * A board and its own move stack, without a game's rules (no outcome, claims,
 * repetition or dead-position analysis): for loops that play and take back
 * many moves. Moves are ids from moveIds(), UCI text, or English SAN.
 */
/** A legal move of a Position, as Position#moves() lists it (frozen, shared by every list). */
export interface PositionMoveRef {
  /** The move id (as moveIds() lists it). */
  readonly id: number;
  /** UCI text: castling as e1g1, or king takes rook in Chess960. */
  readonly uci: string;
  readonly from: Square;
  /** The UCI destination (the rook's square for Chess960 castling). */
  readonly to: Square;
  readonly promotion?: 'n' | 'b' | 'r' | 'q';
}

export class Position {
  constructor(fen?: string);
  static fromFen(fen: string, options?: { chess960?: boolean }): Position;
  /** As Chess#notCloneable: `structuredClone(position)` throws, saying to use `clone()` or send `fen()`. */
  readonly notCloneable: symbol;
  clone(): Position;
  dispose(): void;
  [Symbol.dispose](): void;
  readonly disposed: boolean;

  /** The legal moves as ids (a new array each call), in ascending order of their UCI text. */
  moveIds(): number[];
  /** The legal moves as frozen objects shared between calls, in UCI order (a new array each call). */
  moves(): PositionMoveRef[];
  /** Equal for two positions exactly when they are the same position (FIDE Art. 9.2.3). */
  key(): string;
  /** How often the current position occurs on this Position's move stack, itself included. */
  repetitionCount(): number;
  /** The legal moves' UCI text, in ascending order. */
  movesUci(): string[];
  uci(id: number): string;
  san(move: number | string | PositionMoveRef): string;
  /** Throws IllegalMoveError (position unchanged) unless the move is legal. */
  play(move: number | string | PositionMoveRef): void;
  /** play() that returns the move's SAN (as san() before the move), in one call. */
  sanAndPlay(move: number | string | PositionMoveRef): string;
  /** False when no move has been played on this position. */
  undo(): boolean;
  plies(): number;

  fen(): string;
  turn(): Color;
  isChess960(): boolean;
  inCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isInsufficientMaterial(): boolean;
  halfMoveClock(): number;
}

export type ErrorCode =
  | 'INVALID_ARGUMENT' | 'NOT_INITIALIZED' | 'DISPOSED'
  | 'ILLEGAL_MOVE' | 'NO_SUCH_PIECE' | 'MOVE_SYNTAX' | 'EMPTY_MOVE' | 'WRONG_PROMOTION' | 'NOT_STANDARD'
  | 'AMBIGUOUS_MOVE' | 'INVALID_FEN' | 'PGN_PARSE' | 'GAME_OVER' | 'NOTHING_TO_UNDO' | 'NOTHING_TO_REDO'
  | 'NO_DRAW_OFFER' | 'OWN_DRAW_OFFER' | 'DRAW_OFFER_STANDS' | 'AGREEMENT_TOO_EARLY'
  | 'INVALID_POSITION' | 'ENGINE_FAILED' | LoadErrorCode;

/** Why init() could not load the WebAssembly module (EscaqueLoadError's code). */
export type LoadErrorCode = 'fetch-failed' | 'not-webassembly' | 'wrong-module' | 'start-failed';

/** The rule a FEN or an edited position breaks (the core's FenErrorKind names). */
export type FenErrorKind =
  | 'Empty' | 'FieldCount' | 'BoardRankCount' | 'BoardRankLength' | 'BoardCharacter' | 'SideToMove'
  | 'CastlingSyntax' | 'EnPassantSyntax' | 'HalfmoveClock' | 'FullmoveNumber' | 'KingCount' | 'PawnOnBackRank'
  | 'OpponentInCheck' | 'TooManyCheckers' | 'TooManyPieces' | 'ImpossiblePromotions' | 'CastlingRights'
  | 'EnPassantSquare' | 'Syntax' | (string & {});

export class EscaqueError extends Error {
  readonly code: ErrorCode;
  constructor(message: string, code: ErrorCode, details?: object);
}
export class InvalidArgumentError extends EscaqueError {}
export class NotInitializedError extends EscaqueError {}
export class DisposedError extends EscaqueError {}
export class IllegalMoveError extends EscaqueError {
  /** Syntax errors: byte offset of the offending character. */
  readonly offset?: number;
  /** WRONG_PROMOTION without a piece: the promotions that fit (SAN). */
  readonly candidates?: string[];
  /** Engine searches: the index in `position.moves` of the move refused. */
  readonly index?: number;
}
export class AmbiguousMoveError extends IllegalMoveError {
  readonly candidates: string[];
}
export class InvalidFenError extends EscaqueError {
  readonly offset?: number;
  /** The rule the FEN breaks. */
  readonly kind?: FenErrorKind;
  /** What is wrong, without where in the text ("white has 0 kings; each side needs exactly one"): for a
   * person who edits a board rather than the FEN. */
  readonly detail?: string;
}
/** code INVALID_POSITION: Chess.fromSetup could not start a game from the edited position. */
export class InvalidPositionError extends EscaqueError {
  readonly code: 'INVALID_POSITION';
  /** The rule the position breaks (KingCount, OpponentInCheck, CastlingRights, ...). */
  readonly reason: FenErrorKind;
  /** The position, as Setup#fen() wrote it. */
  readonly fen: string;
  /** Where in `fen` the fault is. */
  readonly offset: number;
  /** What is wrong, without where in `fen` ("white has 0 kings; each side needs exactly one"). */
  readonly detail: string;
  constructor(message: string, details?: object);
}
/** init() could not load the WebAssembly module. */
export class EscaqueLoadError extends EscaqueError {
  readonly code: LoadErrorCode;
  /** Where it looked; null for init({ wasmBinary }). */
  readonly url: string | null;
  readonly cause?: unknown;
  constructor(message: string, code: LoadErrorCode, url: string | null, cause?: unknown);
}
export class PgnParseError extends EscaqueError {
  readonly kind?: string;
  readonly line?: number;
  readonly column?: number;
  /** From readPgn / readPgnStream: the 0-based index of the bad game and its byte offset. */
  readonly game?: number;
  readonly offset?: number;
}
export class GameOverError extends EscaqueError {}
export class HistoryError extends EscaqueError {}
export class DrawOfferError extends EscaqueError {}

// ---- the Engine (issue 4; docs/api.md "Engine") ----

declare global {
  interface SymbolConstructor {
    readonly asyncDispose: unique symbol;
  }
}

/** The engine's worker could not load, or died. code: ENGINE_FAILED */
export class EngineError extends EscaqueError {}

/** A position to search: "startpos", a FEN, {fen, moves (UCI), chess960}, or a Chess game (its moves played). */
export type EnginePosition =
  | 'startpos'
  | string
  | { fen?: string; moves?: readonly string[]; chess960?: boolean }
  | Chess;

/** UCI "go" parameters. Times in milliseconds. */
export interface SearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
  /** Find a mate in this many moves. */
  mate?: number;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  /** Search until stop(). */
  infinite?: boolean;
  /** Search on the opponent's time until ponderhit() or stop() (needs shared memory). */
  ponder?: boolean;
  /** Only these root moves (UCI). */
  searchmoves?: readonly string[];
}

export interface EngineScore {
  /** Centipawns, or moves to mate (negative: being mated), from the side to move's view. */
  type: 'cp' | 'mate';
  value: number;
  /** lower/upper: an aspiration-window fail, the true score is at least/at most value. */
  bound: 'exact' | 'lower' | 'upper';
}

/** One report of a search (the engine's SearchInfo, as data; the same fields as a UCI info line). */
export interface EngineInfo {
  depth: number;
  seldepth: number;
  /** 1-based rank of this line (MultiPV). */
  multipv: number;
  score: EngineScore;
  nodes: number;
  nps: number;
  /** Permille of the hash table in use. */
  hashfull: number;
  /** Milliseconds since the search started. */
  time: number;
  /** The principal variation in UCI. */
  pv: string[];
  /** The same in SAN (English). */
  san: string[];
}

export interface BestMoveResult {
  /** UCI; null when the side to move has no legal move (mate or stalemate). */
  bestMove: string | null;
  /** The expected reply (UCI), if any. */
  ponder: string | null;
  bestMoveSan: string | null;
  ponderSan: string | null;
  /** From the last info line of the first PV; null if none came. */
  score: EngineScore | null;
  depth: number;
  seldepth: number;
  nodes: number;
  nps: number;
  time: number;
  /** Starts with bestMove: the last line's PV, or [bestMove, ponder] when a stopped iteration found a better move. */
  pv: string[];
  san: string[];
  /** The latest line of each MultiPV rank, best first. */
  lines: EngineInfo[];
  /** True when the search ended by stop() (or was superseded or disposed). */
  stopped: boolean;
}

export interface EngineOption {
  name: string;
  type: 'spin' | 'check' | 'combo' | 'button' | 'string' | (string & {});
  default?: number | boolean | string;
  min?: number;
  max?: number;
}

export interface EngineDescription {
  name: string;
  author: string;
  options: EngineOption[];
  /** True when stop() reaches the search through a SharedArrayBuffer. */
  sharedMemoryStop: boolean;
}

export interface EngineConfig {
  /** UCI options set before the first search (e.g. {Hash: 64, MultiPV: 2, UCI_Elo: 1500}). "Use NNUE" is false by default here (the worker starts on escaque.wasm, which has no network, and downloads nothing more); true makes it load escaque-engine.wasm (~230 KB gzip) and evaluate full-strength searches with the network, which plays stronger (the native engine and the command line `escaque-uci` have it on by default). */
  options?: Record<string, string | number | boolean>;
  /** URL of engine-worker.mjs (default: next to the package's engine.mjs). */
  workerUrl?: string | { readonly href: string };
  /** URL (in Node also a file path) of escaque.wasm for the worker (default: next to engine-worker.mjs). The modules with the NNUE network (escaque-engine.wasm, escaque-engine-scalar.wasm), loaded when "Use NNUE" is set, are looked for next to it. */
  wasmUrl?: string | { readonly href: string };
  /** false: stop by terminating the worker even where SharedArrayBuffer exists. */
  sharedMemory?: boolean;
}

export interface SearchOptions {
  /** Info lines of this search only. */
  onInfo?: (info: EngineInfo) => void;
}

export interface AnalysisOptions extends SearchLimits, SearchOptions {
  /** Number of lines (1..256); default: the MultiPV option. */
  multiPv?: number;
}

/** A running analysis: iterate its info lines; its result; stop it. Breaking out of a for-await stops it. */
export interface Analysis extends AsyncIterable<EngineInfo> {
  readonly result: Promise<BestMoveResult>;
  /** The latest line of each MultiPV rank, best first. */
  readonly lines: EngineInfo[];
  readonly done: boolean;
  stop(): Promise<BestMoveResult>;
}

export class Engine {
  constructor(config?: EngineConfig);
  readonly sharedMemoryStop: boolean;
  readonly searching: boolean;
  readonly disposed: boolean;
  ready(): Promise<EngineDescription>;
  /** An engine option by its UCI name. `setOption('Use NNUE', true)` (default false in this Engine) loads the module with the NNUE network; where it cannot be loaded it rejects with InvalidArgumentError and the engine keeps the hand-written evaluation. Limited strengths (UCI_LimitStrength, Skill Level) always evaluate by hand. */
  setOption(name: string, value?: string | number | boolean): Promise<void>;
  newGame(): Promise<void>;
  bestMove(position: EnginePosition, limits: SearchLimits, options?: SearchOptions): Promise<BestMoveResult>;
  analyse(position: EnginePosition, options?: AnalysisOptions): Analysis;
  stop(): Promise<BestMoveResult | null>;
  ponderhit(): void;
  on(event: 'info', listener: (info: EngineInfo) => void): () => void;
  on(event: 'bestmove', listener: (result: BestMoveResult) => void): () => void;
  off(event: 'info' | 'bestmove', listener: (value: never) => void): void;
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
  terminate(): void;
}

/** A legal move of a position given by FEN (positionMoves). */
export interface PositionMove {
  uci: string;
  san: string;
}
/**
 * The legal moves of `fen` by the rules of movement alone: no game-ending rule empties the
 * list and FEN's plausibility checks are off; throws InvalidFenError.
 */
export function positionMoves(fen: string): PositionMove[];
/** Leaf nodes of the legal move tree of `fen` at `depth` (0..10). */
export function perft(fen: string, depth: number): number;

// ---- PGN import warnings (Chess#importWarnings; the trees are escaque/pgn: pgn.d.ts) ----

/** What Chess.fromPgn accepted but did not take as the file said it. */
export interface PgnImportWarning {
  kind: 'result-contradicted' | 'played-on' | 'result-not-applied';
  message: string;
}
