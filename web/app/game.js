// The game in progress: the package's Chess game, the players, the clock, the
// ways a game ends, and the record that is stored after every change.
//
// Every end-of-game rule is the package's (outcome(), claimDraw(), offers,
// resign(), flag()); this file decides *when* to call them and keeps a record
// from which the same game (position, offer, ending, clocks) can be rebuilt.
//
// Events: 'change' (anything shown changed), 'end' (detail: outcome), 'error' (detail: message).
import { Chess } from 'escaque';
import { START_FEN } from 'escaque/board/core';
import { other } from './timecontrol.js';

/**
 * A new game record.
 * @param {object} o {fen?, chess960?, chess960Index?, pgn?, tc, players: {w, b}, casual, autoFlip}
 */
export function newRecord(o) {
  let game;
  if (o.pgn) game = Chess.fromPgn(o.pgn);
  else if (o.chess960Index !== undefined) game = Chess.chess960(o.chess960Index);
  else game = Chess.fromFen(o.fen || START_FEN, { chess960: Boolean(o.chess960) });
  const history = game.history({ verbose: true });
  const setupFen = history.length ? history[0].before : game.fen();
  const record = {
    version: 1,
    id: `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    started: new Date().toISOString(),
    setup: { fen: setupFen, chess960: game.isChess960(), chess960Index: o.chess960Index ?? null },
    importedHeaders: o.pgn ? game.headers() : null,
    moves: history.map((m) => m.uci),
    clocks: history.map(() => null),
    offer: game.drawOffer(),
    ending: null,
    tc: o.tc,
    clock: null,
    players: o.players,
    casual: Boolean(o.casual),
    autoFlip: Boolean(o.autoFlip),
  };
  game.dispose();
  return record;
}

/** Rebuilds the package game a record describes; throws if the record is damaged. */
export function replay(record) {
  const game = Chess.fromFen(record.setup.fen, { chess960: record.setup.chess960 });
  for (const uci of record.moves) game.move(uci);
  if (record.offer && !game.isGameOver() && game.drawOffer() !== record.offer) game.offerDraw(record.offer);
  const e = record.ending;
  if (e && !game.isGameOver()) {
    if (e.kind === 'resign') game.resign(e.color);
    else if (e.kind === 'flag') game.flag(e.color);
    else if (e.kind === 'agree') game.acceptDraw();
    else if (e.kind === 'claim') game.claimDraw(...(e.intended ? [e.intended] : []));
  }
  return game;
}

export class GameController extends EventTarget {
  /** @type {Chess} */ game;
  record;
  #clock;
  #awaitingPress = null;  // the side whose press is on its way to the clock Worker
  /** An app-level outcome the package has no word for (both flags down). */
  extraOutcome = null;

  constructor(clock) {
    super();
    this.#clock = clock;
    clock.addEventListener('state', (e) => this.#onClockState(e.detail));
    clock.addEventListener('flag', (e) => this.#onFlag(e.detail));
  }

  get timed() { return !this.record.tc.untimed; }
  get over() { return this.extraOutcome !== null || this.game.isGameOver(); }
  outcome() { return this.extraOutcome ?? this.game.outcome(); }
  turn() { return this.game.turn(); }
  playerType(side) { return this.record.players[side].type; }

  /** Starts a new game from a record made by newRecord(); its clock starts (FIDE Art. 6.5). */
  start(record) {
    this.game?.dispose();
    this.record = record;
    record.pliesBeforeClock = record.moves.length;
    this.extraOutcome = record.ending?.kind === 'both-flags' ? bothFlagsOutcome() : null;
    this.game = replay(record);
    this.#clock.reset(record.tc);
    if (!this.over && this.timed) this.#clock.start(this.game.turn());
    this.#changed();
  }

  /**
   * Resumes a stored game. The clock continues from its stored state; a turn that was running when the
   * page went away kept running meanwhile, as a real clock would (turnStart is absolute time).
   */
  restore(record) {
    this.game?.dispose();
    this.record = record;
    this.game = replay(record);
    this.extraOutcome = record.ending?.kind === 'both-flags' ? bothFlagsOutcome() : null;
    const clock = record.clock;
    if (clock) {
      const plies = clock.moves.w + clock.moves.b;
      const played = record.moves.length - (record.pliesBeforeClock ?? 0);
      if (clock.running && plies < played && !this.over) {
        // The page went away between a move and the clock's answer: the press happened at savedAt.
        this.#clock.set({ ...clock, running: null });
        this.#clock.set({ ...clock, running: this.game.turn(), turnStart: record.savedAt });
      } else {
        this.#clock.set(clock);
      }
    } else {
      this.#clock.reset(record.tc);
      if (!this.over && this.timed) this.#clock.start(this.game.turn());
    }
    this.#changed();
  }

  /**
   * Plays a move for the side to move (SAN in `language`, UCI, or {from, to, promotion}).
   * Returns the move, or throws the package's error (nothing changes then).
   */
  play(input, language = 'en') {
    if (this.over) throw new Error('the game is over');
    const side = this.game.turn();
    const move = this.game.move(input, { language });
    this.#afterMove(side, move);
    return move;
  }

  #afterMove(side, move) {
    this.record.moves.push(move.uci);
    this.record.clocks.push(null);  // filled in by the clock's answer
    this.record.offer = this.game.drawOffer();
    if (this.timed && !this.record.clock?.flagged) {
      this.#awaitingPress = side;
      if (this.game.isGameOver()) this.#clock.stop();  // a move that ends the game stops the clocks
      else this.#clock.press(side);
    }
    this.#checkEnd();
    this.#changed();
  }

  /** Claim a draw (threefold / 50 moves), optionally with the intended move (Art. 9.2.1/9.3.1). */
  claimDraw(intended, language = 'en') {
    if (this.over) throw new Error('the game is over');
    const side = this.game.turn();
    let move = null;
    if (intended !== undefined) move = this.game.clone().move(intended, { language });  // throws if illegal
    const before = this.game.history().length;
    const result = this.game.claimDraw(move ? move.uci : undefined);
    if (result.granted) {
      this.record.ending = { kind: 'claim', color: side, intended: move?.uci ?? null };
      this.#checkEnd();
      this.#changed();
    } else if (this.game.history().length > before) {
      this.#afterMove(side, this.game.history({ verbose: true }).at(-1));
    } else {
      this.#changed();
    }
    return result;
  }

  offerDraw(side) {
    this.game.offerDraw(side);
    this.record.offer = this.game.drawOffer();
    this.#changed();
  }
  acceptDraw() {
    this.game.acceptDraw();
    this.record.ending = { kind: 'agree' };
    this.#checkEnd();
    this.#changed();
  }
  declineDraw() {
    this.game.declineDraw();
    this.record.offer = null;
    this.#changed();
  }
  resign(side) {
    this.game.resign(side);
    this.record.ending = { kind: 'resign', color: side };
    this.#checkEnd();
    this.#changed();
  }

  /** Takes back the last move, or the last two when that gives the move back to a person (casual only). */
  takeBack() {
    if (!this.record.casual) throw new Error('take-backs are for casual games');
    if (this.over) throw new Error('the game is over');
    const humanSides = ['w', 'b'].filter((s) => this.playerType(s) === 'human');
    let undone = 0;
    const uncount = { w: 0, b: 0 };
    do {
      if (this.record.moves.length === 0) break;
      const move = this.game.undo();
      if (!move) break;
      this.record.moves.pop();
      this.record.clocks.pop();
      uncount[move.color]++;
      undone++;
    } while (humanSides.length === 1 && this.game.turn() !== humanSides[0]);
    if (!undone) return 0;
    this.record.offer = this.game.drawOffer();
    if (this.timed) {
      // The clocks keep the time used; the side now to move gets the running clock.
      this.#clock.stop();
      this.#restartFor = { side: this.game.turn(), uncount };
    }
    this.#changed();
    return undone;
  }
  #restartFor = null;

  #onClockState({ clock, cause }) {
    if (!this.record) return;
    this.record.clock = clock;
    if (cause === 'press' || (cause === 'stop' && this.#awaitingPress)) {
      const mover = this.#awaitingPress;
      this.#awaitingPress = null;
      if (mover) this.record.clocks[this.record.clocks.length - 1] = clock.remaining[mover];
    }
    if (cause === 'stop' && this.#restartFor) {
      // The moves taken back no longer count towards their period (movesToGo, period time).
      const { side, uncount } = this.#restartFor;
      this.#restartFor = null;
      const moves = { w: Math.max(0, clock.moves.w - uncount.w), b: Math.max(0, clock.moves.b - uncount.b) };
      this.#clock.set({ ...clock, running: null, moves });
      this.#clock.start(side);
    }
    this.dispatchEvent(new Event('save'));
  }

  #onFlag({ side, clock }) {
    if (!this.record) return;
    this.record.clock = clock;
    if (this.#awaitingPress === side && this.game.turn() !== side && this.record.ending === null) {
      // The flag fell before the clock received this player's last move: the move is not completed
      // (Art. 6.8: a move is completed when the clock is pressed), so it is taken back.
      this.game.undo();
      this.record.moves.pop();
      this.record.clocks.pop();
      this.#awaitingPress = null;
    }
    if (this.over) return;
    const opponent = other(side);
    if (clock.remaining[opponent] !== null && clock.remaining[opponent] <= 0) {
      // Both flags down (Art. 6.12.2 / blitz B9): a draw. The Worker names the first one, so this
      // happens only with a clock that was already at zero (a stored or edited state).
      this.record.ending = { kind: 'both-flags' };
      this.extraOutcome = bothFlagsOutcome();
    } else {
      this.game.flag(side);
      this.record.ending = { kind: 'flag', color: side };
    }
    this.#checkEnd();
    this.#changed();
  }

  #checkEnd() {
    if (!this.over) return;
    if (this.timed && this.record.clock?.running) this.#clock.stop();
    this.record.result = this.outcome().result;
    this.dispatchEvent(new CustomEvent('end', { detail: this.outcome() }));
  }

  #changed() {
    this.record.savedAt = performance.timeOrigin + performance.now();
    this.dispatchEvent(new Event('save'));
    this.dispatchEvent(new Event('change'));
  }

  /** Milliseconds left after each move so far, for PGN %clk (null entries where unknown). */
  clocksAfterMoves() { return this.record.clocks; }
}

function bothFlagsOutcome() {
  return {
    result: '1/2-1/2', reason: 'both-flags', winner: null, by: null, termination: 'time forfeit',
    description: 'Draw: both flags have fallen (FIDE Art. 6.12)',
  };
}
