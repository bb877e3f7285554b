// Types of the evaluation graph (eval-graph.js), the entry 'escaque/board/eval-graph' (docs/viewer.md,
// "The eval graph"). Rules-free: a mainline's evals in, an <svg> out.
import type { PgnEval } from '../pgn.js';

/** What the graph reads of a mainline move (a PgnNode has all of it). */
export interface EvalGraphMove {
  san: string;
  /** NAGs: 6 (?!), 2 (?) and 4 (??) put a dot in the mark's colour on the move's point. */
  nags?: readonly number[];
  /** The evaluation after the move; a move without one has no point. */
  eval?: PgnEval;
}

export interface EvalGraph {
  /** The graph: class "graph", part "eval-graph", role "img" with a summary as its label. */
  svg: SVGSVGElement;
  /** Marks mainline index `index` (the move shown); -1: none. */
  mark(index: number): void;
}

/**
 * The graph of a mainline's evals; null when no move has one. `onPick(index)`: the mainline index nearest
 * a click. `fen`: the game's start (its side to move and move number: a mate in 0 is the side to move's
 * loss, and the dots' titles name their moves). A mating move (SAN ending in `#`) with no eval is drawn as a
 * mate in 0.
 */
export function evalGraph(moves: readonly EvalGraphMove[], onPick: (index: number) => void,
  options?: { fen?: string }): EvalGraph | null;

/** An eval as a number in [−600, 600] (centipawns, White's view; a mate at the edge). */
export function evalValue(e: PgnEval, sideToMove?: 'w' | 'b'): number;
/** "+0.35", "−1.20", "#3", "#−2". */
export function evalText(e: PgnEval | null | undefined): string;
/** "White is better by 0.35 pawns", "Black mates in 2", "checkmate", for screen readers. */
export function evalWords(e: PgnEval | null | undefined): string;
