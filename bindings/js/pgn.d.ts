// escaque/pgn: PGN game trees, many games, streams (bindings/pgn.mjs; docs/api.md "PGN game trees").
import type { Chess, Language, PgnParseError } from './index.js';

export type PgnResult = '1-0' | '0-1' | '1/2-1/2' | '*';
/** [%eval]: centipawns from White's side, or moves to mate (negative: Black mates); depth if written. */
export interface PgnEval {
  cp?: number;
  mate?: number;
  depth?: number;
}
/** A move of a game tree: plain data (JSON- and structuredClone-able). */
export interface PgnNode {
  /** Standard SAN ("--" for a null move). */
  san: string;
  /** UCI ("0000" for a null move; king takes rook in Chess960). */
  uci: string;
  /** Numeric annotation glyphs, $1..$255 ("!" is 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6). */
  nags: number[];
  /** Comments before the move (start of a variation, or after the previous move's variations). */
  commentsBefore: string[];
  /** Comments after the move, their [%...] commands taken out into the fields below. */
  comments: string[];
  /** [%clk]: milliseconds left on the mover's clock. */
  clock?: number;
  /** [%emt]: milliseconds the move took. */
  emt?: number;
  eval?: PgnEval;
  /** Every other [%name value] command ([%cal], [%csl] ...), by name. */
  commands?: Record<string, string>;
  /** Alternatives to this move, each from the position before it. */
  variations: PgnNode[][];
}
export interface PgnGame {
  tags: Record<string, string>;
  /** The start position (from the FEN tag, else the standard one). */
  fen: string;
  chess960: boolean;
  /** Comments before the first move. */
  comments: string[];
  /** The mainline. */
  moves: PgnNode[];
  /** The termination marker ("*" when the file had none). */
  result: PgnResult;
}
export interface PgnReadOptions {
  /** Piece letters of the movetext (figurines always work). */
  language?: Language;
  /** Tags only: records' games are {tags}, the movetext is skipped. */
  headersOnly?: boolean;
}
interface PgnRecordBase {
  /** 0-based index of the game in the input (bad games count). */
  index: number;
  /** Byte offset (UTF-8) where the game starts in the input. */
  offset: number;
  /** 1-based line and column where the game starts. */
  line: number;
  column: number;
}
export interface PgnGameRecord<G = PgnGame> extends PgnRecordBase {
  game: G;
  error?: undefined;
}
export interface PgnErrorRecord extends PgnRecordBase {
  game?: undefined;
  /** kind, line, column (of the fault), game (= index), offset. */
  error: PgnParseError;
}
export type PgnRecord<G = PgnGame> = PgnGameRecord<G> | PgnErrorRecord;
export type PgnHeaders = { tags: Record<string, string> };
export interface PgnWriteOptions {
  /** Longest line (80); 0 = the movetext on one line. */
  lineWidth?: number;
  comments?: boolean;
  variations?: boolean;
  nags?: boolean;
}
/** Anything a stream of PGN can come as: Node Readable, web ReadableStream, (async) iterables. */
export type PgnSource =
  | AsyncIterable<Uint8Array | ArrayBuffer | string>
  | Iterable<Uint8Array | ArrayBuffer | string>
  | { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; releaseLock(): void } };

export function readPgn(text: string | Uint8Array, options: PgnReadOptions & { headersOnly: true }): Generator<PgnRecord<PgnHeaders>, void>;
export function readPgn(text: string | Uint8Array, options?: PgnReadOptions): Generator<PgnRecord, void>;
export function readPgnStream(stream: PgnSource, options: PgnReadOptions & { headersOnly: true }): AsyncGenerator<PgnRecord<PgnHeaders>, void>;
export function readPgnStream(stream: PgnSource, options?: PgnReadOptions): AsyncGenerator<PgnRecord, void>;
/** The first game of a text as a tree; PgnParseError when it is bad or missing. */
export function readPgnGame(text: string, options?: { language?: Language }): PgnGame;
export function writePgn(games: PgnGame | PgnGame[], options?: PgnWriteOptions): string;
export function mainline(game: PgnGame): PgnNode[];
/** The nodes played from the start to reach `node`, itself included. */
export function pathTo(game: PgnGame, node: PgnNode): PgnNode[];
/** A new variation (an alternative to `node`) from SAN or UCI moves; returns the new line. */
export function addVariation(game: PgnGame, node: PgnNode, moves: string[], options?: { language?: Language }): PgnNode[];
/** Removes the variation starting with `node`; false if it starts none. */
export function removeVariation(game: PgnGame, node: PgnNode): boolean;
/** Makes the variation starting with `node` the main continuation; false if it starts none. */
export function promoteVariation(game: PgnGame, node: PgnNode): boolean;
/** A Chess game at `node` (node included), or the whole game with its result when left out. */
export function toChess(game: PgnGame, node?: PgnNode): Chess;
export function fromChess(chess: Chess): PgnGame;
