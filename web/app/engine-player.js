// The engine as an opponent and as an adviser, through the package's Engine
// (its search runs in its own Worker, so the page never waits on it).
// A build without Engine leaves the app playable by two people (the package's namespace is read, so a
// missing export is `undefined`, not a load error). The package is imported statically: the app loads
// it anyway, and a dynamic import() of it would make scripts/bundle-app.mjs wrap the package's modules,
// whose WebAssembly glue uses top-level await, in lazy initialisers that deadlock on the package's
// index <-> engine.mjs import cycle.
import * as pkg from 'escaque';

import { levelById, levelOptions } from './levels.js';

let EngineClass;

export async function engineAvailable() {
  if (EngineClass !== undefined) return EngineClass !== null;
  EngineClass = typeof pkg.Engine === 'function' ? pkg.Engine : null;
  return EngineClass !== null;
}

/** Score from White's point of view, in pawns (mate as ±(100 − distance)), for display and graphs. */
export function whiteScore(score, sideToMove) {
  if (!score) return null;
  const sign = sideToMove === 'w' ? 1 : -1;
  if (score.type === 'mate') return sign * (score.value > 0 ? 100 - score.value : -100 - score.value);
  return (sign * score.value) / 100;
}

export function formatScore(score, sideToMove) {
  if (!score) return '–';
  const sign = sideToMove === 'w' ? 1 : -1;
  if (score.type === 'mate') return `${sign * score.value > 0 ? '+' : '-'}M${Math.abs(score.value)}`;
  const pawns = (sign * score.value) / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

export class EnginePlayer {
  #player = null;   // plays the games
  #adviser = null;  // hints and review: full strength, its own worker
  #level = null;
  #analysis = null;

  async #opponent(levelId) {
    if (!(await engineAvailable())) throw new Error('the engine is not available in this build');
    const level = levelById(levelId);
    // OwnBook: games against the engine vary from the first move (src/engine/book.cpp).
    if (!this.#player) this.#player = new EngineClass({ options: { Hash: 16, OwnBook: true } });
    if (this.#level !== level.id) {
      for (const [name, value] of Object.entries(levelOptions(level))) {
        try {
          await this.#player.setOption(name, value);
        } catch {
          // An engine without strength limits plays at full strength rather than not at all.
        }
      }
      this.#level = level.id;
    }
    return this.#player;
  }

  /**
   * The engine's move for the game `position` ({fen, moves, chess960}); `clock` gives its limits:
   * {wtime, btime, winc, binc, movestogo} or {movetime}.
   */
  async move(position, levelId, limits, onInfo) {
    const engine = await this.#opponent(levelId);
    const result = await engine.bestMove(position, limits, onInfo ? { onInfo } : {});
    return result;
  }

  /** Stops the engine's current search: it answers at once with its best move so far. */
  stop() { this.#player?.stop(); }

  /** Streams the adviser's thinking on `position` until stopAnalysis(); onInfo(info). */
  async analyse(position, onInfo) {
    this.stopAnalysis();
    if (!(await engineAvailable())) return;
    this.#adviser ??= new EngineClass({ options: { Hash: 16 } });
    const analysis = this.#adviser.analyse(position, { infinite: true });
    this.#analysis = analysis;
    try {
      for await (const info of analysis) {
        if (this.#analysis !== analysis) break;
        onInfo(info);
      }
    } catch {
      // Stopped or replaced: nothing to report.
    }
  }
  stopAnalysis() {
    const a = this.#analysis;
    this.#analysis = null;
    a?.stop?.();
  }

  /** A fixed-depth evaluation (post-game review), by the adviser. */
  async evaluate(position, depth) {
    if (!(await engineAvailable())) throw new Error('the engine is not available in this build');
    this.stopAnalysis();
    this.#adviser ??= new EngineClass({ options: { Hash: 16 } });
    return this.#adviser.bestMove(position, { depth });
  }
}
