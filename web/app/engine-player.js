// The engine as an opponent and as an adviser, through the package's Engine
// (its search runs in its own Worker, so the page never waits on it).
// A build without Engine leaves the app playable by two people (the package's namespace is read, so a
// missing export is `undefined`, not a load error). The package is imported statically: the app loads
// it anyway, and a dynamic import() of it would make scripts/bundle-app.mjs wrap the package's modules,
// whose WebAssembly glue uses top-level await, in lazy initialisers that deadlock on the package's
// index <-> engine.mjs import cycle.
import * as pkg from 'escaque';

import { EngineFault, GRACE_MS, PING_MS, START_MS, deathWatch, newWorker, searchBound, within, workerAlive }
  from './engine-watch.js';
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
  // A mate in 0: the side to move is mated (whatever the sign of the 0).
  if (score.type === 'mate') {
    const whiteMates = score.value === 0 ? sideToMove === 'b' : sign * score.value > 0;
    return `${whiteMates ? '+' : '-'}M${Math.abs(score.value)}`;
  }
  const pawns = (sign * score.value) / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

// How many times one move is searched again after a fault before the app gives up on it.
const RETRIES = 3;

export class EnginePlayer {
  #player = null;   // plays the games
  #playerLock = null;  // the Web Lock its worker holds while it lives (engine-watch.js)
  #adviser = null;  // hints, review and the analysis board: full strength, its own worker
  #adviserReady = null;  // settles once the adviser has answered "Use NNUE"
  #playerNet = false;   // the player's engine took "Use NNUE" (its full-strength searches use the network)
  #adviserNet = null;   // the same for the adviser; null until it has answered
  #analyses = 0;  // counts analyse() and stopAnalysis() calls: an analysis asked for and then stopped does not start
  #level = null;
  #analysis = null;
  #answered = false;  // the player's current worker has answered (so a ping has PING_MS, not START_MS)
  #moveNow = false;   // "Move now" came while this move's search was not sent yet (the worker starting, the
                      // network's module loading): the search is stopped as soon as it is sent
  /** Called with a message when the engine's worker died or stopped answering and was restarted. */
  onRestart = null;
  /** How many times the engine has been restarted (diagnostics, tests). */
  restarts = 0;

  // The player's engine (started by #startPlayer) set to the level `levelId`.
  async #opponent(levelId) {
    const level = levelById(levelId);
    if (this.#level !== level.id) {
      for (const [name, value] of Object.entries(levelOptions(level))) {
        // Refused: an engine without strength limits plays at full strength rather than not at all; one
        // whose network cannot be loaded plays with the hand-written evaluation.
        const taken = await this.#player.setOption(name, value).then(() => true, () => false);
        if (name === 'Use NNUE') this.#playerNet = taken && value === true;
      }
      this.#level = level.id;
    }
    return this.#player;
  }

  #startPlayer() {
    if (this.#player) return;
    // OwnBook: games against the engine vary from the first move (src/engine/book.cpp).
    const { url, lock } = newWorker('player');
    this.#player = new EngineClass({ options: { Hash: 16, OwnBook: true }, workerUrl: url });
    this.#playerLock = lock;
    this.#answered = false;
  }

  /**
   * The engine's move for the game `position` ({fen, moves, chess960}); `limits()` gives its limits
   * (asked again for a search made again): {wtime, btime, winc, binc, movestogo} or {movetime}.
   * A worker that dies or stops answering is noticed (engine-watch.js), the engine restarted and the
   * move searched again.
   */
  async move(position, levelId, limits, onInfo) {
    this.#moveNow = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#watchedMove(position, levelId, typeof limits === 'function' ? limits() : limits, onInfo);
      } catch (e) {
        const fault = e instanceof EngineFault || e?.name === 'EngineError';
        if (!fault || attempt > RETRIES) throw e;
        this.#restart();
        this.onRestart?.(e.message);
      }
    }
  }

  async #watchedMove(position, levelId, limits, onInfo) {
    // A worker that ended while idle (the browser may end a background tab's workers): start afresh.
    if (this.#player && this.#answered && (await workerAlive(this.#playerLock)) === false) {
      throw new EngineFault('the engine\'s worker has ended');
    }
    // The worker's death is watched through the whole turn: its set-up (which may load the network's
    // module, seconds on a slow line), the ping and the search.
    if (!(await engineAvailable())) throw new Error('the engine is not available in this build');
    this.#startPlayer();
    const watch = deathWatch(this.#playerLock);
    const orDeath = (promise) => Promise.race([promise, watch.promise]);
    try {
      // A change of level may load the network's module (full strength): as long as a new worker's start.
      const levelChange = this.#level !== levelById(levelId).id;
      const setUp = this.#opponent(levelId);
      const limit = () => (this.#answered ? PING_MS : START_MS);
      const engine = await orDeath(within(setUp, levelChange ? START_MS : limit(), 'the engine does not answer'));
      // Ping: a worker that stopped answering is noticed before the search is sent to it.
      await orDeath(within(engine.ready(), limit(), 'the engine does not answer'));
      this.#answered = true;
      const search = engine.bestMove(position, limits, onInfo ? { onInfo } : {});
      search.catch(() => {});
      if (this.#moveNow) this.stop();
      return await orDeath(within(search, searchBound(limits) + GRACE_MS, 'the engine did not answer in its time'));
    } finally {
      watch.stop();
    }
  }

  // A new engine (a new worker) for the next search; the old one's pending work is rejected.
  #restart() {
    this.restarts++;
    const old = this.#player;
    this.#player = null;
    this.#playerLock = null;
    this.#level = null;
    this.#answered = false;
    this.#playerNet = false;
    try { old?.terminate(); } catch { /* already gone */ }
  }

  /** Is the player's engine searching now, its search sent to its worker (diagnostics, tests)? */
  get searching() { return this.#player?.searching ?? false; }

  /**
   * The evaluation each engine searches with now (diagnostics, tests): 'network' (NNUE), 'hand-written',
   * or null where that engine has not been used yet. The player at a limited level evaluates by hand.
   */
  get evaluation() {
    const player = this.#level === null ? null
      : this.#playerNet && levelById(this.#level).elo === null ? 'network' : 'hand-written';
    const adviser = this.#adviserNet === null ? null : this.#adviserNet ? 'network' : 'hand-written';
    return { player, adviser };
  }

  /** Stops the engine's current search: it answers at once with its best move so far. */
  stop() {
    // Before the search is sent (this.#player is not searching yet): stopped once it is.
    this.#moveNow = !this.#player?.searching;
    // Without shared memory the Engine stops a search by ending its worker: the next one is new.
    if (this.#player && !this.#player.sharedMemoryStop && this.#player.searching) this.#answered = false;
    this.#player?.stop();
  }

  /**
   * Streams the adviser's thinking on `position` until stopAnalysis(); onInfo(info). multiPv: how many
   * lines (1–5; the hints use 1).
   */
  async analyse(position, onInfo, { multiPv = 1 } = {}) {
    this.stopAnalysis();
    const asked = ++this.#analyses;
    if (!(await engineAvailable())) return;
    const adviser = await this.#adviserEngine();
    if (asked !== this.#analyses) return;  // stopped or replaced meanwhile
    const analysis = adviser.analyse(position, { infinite: true, multiPv });
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
    this.#analyses++;
    const a = this.#analysis;
    this.#analysis = null;
    a?.stop?.();
  }

  /**
   * A fixed-depth evaluation (the game analysis), by the adviser. A search stopped before its depth (by
   * stopEvaluation(), or by another evaluation or analysis taking the adviser) answers with
   * `stopped: true`: its score is not the depth's.
   */
  async evaluate(position, depth) {
    return (await this.#adviserForEvaluation()).bestMove(position, { depth });
  }
  /** Stops the adviser's evaluation under way (a game analysis cancelled): it answers `stopped`. */
  stopEvaluation() { this.#adviser?.stop(); }
  /**
   * Before a game analysis: the adviser forgets its hash table and move ordering, so that a game analysed
   * twice (on the play screen, then on the analysis board) gets the same evaluations and marks.
   */
  async newEvaluation() {
    await (await this.#adviserForEvaluation()).newGame();
  }
  // The adviser, its infinite analysis (hints, the analysis board's lines) stopped: an evaluation's turn.
  async #adviserForEvaluation() {
    if (!(await engineAvailable())) throw new Error('the engine is not available in this build');
    this.stopAnalysis();
    return this.#adviserEngine();
  }

  // The adviser, made on first use. It is always at full strength, so it evaluates with the NNUE network:
  // its module is fetched then (web/sw.js keeps it). Where it cannot be loaded (offline before it was ever
  // cached) the option is refused and the adviser keeps the hand-written evaluation.
  async #adviserEngine() {
    if (!this.#adviser) {
      this.#adviser = new EngineClass({ options: { Hash: 16 }, workerUrl: newWorker('adviser').url });
      this.#adviserReady = this.#adviser.setOption('Use NNUE', true)
        .then(() => { this.#adviserNet = true; }, () => { this.#adviserNet = false; });
    }
    await this.#adviserReady;
    return this.#adviser;
  }
}
