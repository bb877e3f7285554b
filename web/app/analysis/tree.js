// The analysis board's game tree: an escaque/pgn game tree (PgnGame: the mainline, each move's
// variations, comments and NAGs) and where the board is in it (a node, or null for the start).
// A move made where the line already goes on with it steps into that move; any other move made
// before the end of a line becomes a new variation there; one made at the end of a line extends it.
// Nothing here draws: analysis.js draws the tree, the board and the engine's lines.
import { Chess } from 'escaque';
import { addVariation, pathTo, promoteVariation, readPgnGame, removeVariation, toChess, writePgn } from 'escaque/pgn';
import { START_FEN } from 'escaque/board/core';
import { isAssessment, sideAt } from '../game-analysis.js';
import { parsePgnTimeControl } from '../timecontrol.js';


export class AnalysisTree {
  /** @type {import('escaque/pgn').PgnGame} */
  game;
  /** The node the board shows (its position is after that move); null: the start position. */
  node = null;
  #chess = null;  // the Chess at `node`, made when first asked for

  constructor(game) {
    this.game = game;
  }

  /** A tree from PGN text (its first game); PgnParseError (with line and column) when it is bad. */
  static fromPgn(text) { return new AnalysisTree(readPgnGame(text)); }

  /** An empty tree from a FEN; InvalidPositionError (with the reason) when the rules refuse it. */
  static fromFen(fen = START_FEN, chess960 = false) {
    const chess = Chess.fromFen(fen, { chess960 });  // throws on a position the rules refuse
    const normal = chess.fen();
    chess.dispose();
    return new AnalysisTree({ tags: {}, fen: normal, chess960, comments: [], moves: [], result: '*' });
  }

  /** The Chess at the node shown (owned by the tree: do not dispose it). */
  get chess() {
    if (!this.#chess) {
      this.#chess = this.node ? toChess(this.game, this.node) : Chess.fromFen(this.game.fen, { chess960: this.game.chess960 });
    }
    return this.#chess;
  }
  get fen() { return this.chess.fen(); }

  /** The moves from the start to the node shown (itself included). */
  path() { return this.node ? pathTo(this.game, this.node) : []; }

  /**
   * Each side's clock at the node shown, in ms (null where unknown): the [%clk] of that side's last move
   * on the way there; before a side's first move, the TimeControl tag's first period when the game's
   * moves carry clocks at all.
   */
  clocks() {
    let base = null;
    if (this.game.moves.some((n) => n.clock !== undefined)) {
      try { base = parsePgnTimeControl(this.game.tags.TimeControl ?? '?')?.periods?.[0]?.time ?? null; } catch { base = null; }
    }
    const clock = { w: base, b: base };
    this.path().forEach((n, i) => { if (n.clock !== undefined) clock[sideAt(this.game.fen, i)] = n.clock; });
    return clock;
  }

  /** The engine's view of the position shown: the start and the moves (for repetitions). */
  position() {
    return { fen: this.game.fen, moves: this.path().map((n) => n.uci), chess960: this.game.chess960 };
  }

  /** The line holding `node` and its index there ({line: game.moves, index: -1} for the start). */
  where(node = this.node) {
    if (node === null) return { line: this.game.moves, index: -1 };
    const walk = (line) => {
      for (let i = 0; i < line.length; i++) {
        if (line[i] === node) return { line, index: i };
        for (const v of line[i].variations) {
          const found = walk(v);
          if (found) return found;
        }
      }
      return null;
    };
    return walk(this.game.moves);
  }

  /** The moves that follow the node shown: the line's next move first, then its alternatives. */
  next() {
    const { line, index } = this.where();
    const main = line[index + 1];
    return main ? [main, ...main.variations.map((v) => v[0])] : [];
  }

  /** Goes to `node` (null: the start). */
  go(node) {
    if (node === this.node) return;
    this.#chess?.dispose();
    this.#chess = null;
    this.node = node;
  }
  forward() { const [n] = this.next(); if (n) this.go(n); return Boolean(n); }
  back() {
    const path = this.path();
    if (!path.length) return false;
    this.go(path.length > 1 ? path.at(-2) : null);
    return true;
  }
  toStart() { this.go(null); }
  /** The end of the line the node shown is on. */
  toEnd() { const { line } = this.where(); if (line.length) this.go(line.at(-1)); }

  /**
   * Plays `uci` from the node shown: steps into it when it is already there, otherwise adds it (a new
   * variation when the line goes on with another move). IllegalMoveError when it is not legal here.
   */
  play(uci) {
    const known = this.next().find((n) => n.uci === uci);
    if (known) { this.go(known); return known; }
    const { line, index } = this.where();
    let node;
    if (index + 1 < line.length) {
      [node] = addVariation(this.game, line[index + 1], [uci]);
    } else {
      const copy = this.chess.clone();
      try {
        const m = copy.move(uci);
        node = { san: m.san, uci: m.uci, nags: [], commentsBefore: [], comments: [], variations: [] };
      } finally {
        copy.dispose();
      }
      line.push(node);
    }
    this.go(node);
    return node;
  }

  /** The first move of the variation the node shown is in; null on the mainline. */
  variationStart() {
    const found = this.where();
    if (!found || found.line === this.game.moves) return null;
    return found.line[0];
  }
  /** Whether the node shown is in a variation (which can be promoted or deleted). */
  inVariation() { return this.variationStart() !== null; }

  /** Makes the variation the node shown is in the main continuation of its line (one level up). */
  promote() {
    const start = this.variationStart();
    return start ? promoteVariation(this.game, start) : false;
  }

  /** Deletes the variation the node shown is in; the board goes to the move before it. */
  deleteVariation() {
    const start = this.variationStart();
    if (!start) return false;
    const before = pathTo(this.game, start).slice(0, -1).at(-1) ?? null;
    if (!removeVariation(this.game, start)) return false;
    this.#chess?.dispose();
    this.#chess = null;
    this.node = before;
    return true;
  }

  /** The comment after the node shown (after the game's start: the game's first comment). */
  get comment() { return (this.node ? this.node.comments : this.game.comments).join(' '); }
  set comment(text) {
    const list = text.trim() ? [text.trim()] : [];
    if (this.node) this.node.comments = list;
    else this.game.comments = list;
  }

  /**
   * The mark of the move shown: the NAG of a move assessment, 1 to 6 (!, ?, !!, ??, !?, ?!), or null (none,
   * or at the start). Setting one replaces the move's other assessment and keeps its other NAGs ($14 …);
   * null takes it off.
   */
  get mark() { return this.node?.nags.find(isAssessment) ?? null; }
  set mark(nag) {
    if (!this.node) return;
    if (nag !== null && !(Number.isInteger(nag) && isAssessment(nag))) throw new RangeError(`mark: ${nag} is not a NAG from 1 to 6`);
    const others = this.node.nags.filter((n) => !isAssessment(n));
    this.node.nags = nag === null ? others : [nag, ...others];
  }

  /** The tree as PGN, with its variations, comments and NAGs. */
  pgn() { return writePgn(this.game); }

  dispose() { this.#chess?.dispose(); this.#chess = null; }
}
