// A game evaluated move by move, for the post-game review (review.js) and the analysis board's "Analyse
// the game" (analysis/analysis.js): the adviser evaluates every position of a line at a fixed depth, each
// move that lost much is graded an inaccuracy, mistake or blunder (drops of 0.5 / 1 / 2 pawns from the
// mover's side, evaluations capped at ±10); the package's eval graph (escaque/board/eval-graph) draws them.

// Depth 14: the 34 positions of Morphy – Duke (1858) in about 4 s, in Node and in headless Chromium on a
// loaded 2-core machine; depth 8 swung by 4 pawns between neighbouring quiet positions, 16 took 14 s
// (node bench/game-analysis-depth.mjs; docs/benchmarks.md, "Session 20").
export const DEPTH = 14;
export const CAP = 10;
const GRADES = [[2, 'blunder'], [1, 'mistake'], [0.5, 'inaccuracy']];
/** The NAG of each grade, as the analysis board writes it (?!, ?, ??), and which the eval graph dots. */
const GRADE_NAG = { inaccuracy: 6, mistake: 2, blunder: 4 };
// NAGs 1 to 6 assess the move itself (!, ?, !!, ??, !?, ?!); a move has at most one of them.
export const isAssessment = (n) => n >= 1 && n <= 6;
// The comment annotateMoves writes on a graded move ("Mistake (−1.3). Best was Nf3."); ", as marked"
// when the move already had the grade's own mark from the person ("Mistake (−1.3), as marked. …").
const AUTO_COMMENT = /^(Inaccuracy|Mistake|Blunder) \(−\d+\.\d\)(, as marked)?\.( Best was \S+\.)?$/;

/** Classifies a drop (pawns, from the mover's point of view); null when it is fine. */
export function grade(drop) {
  for (const [limit, name] of GRADES) if (drop >= limit) return name;
  return null;
}

/** The side to move `ply` half-moves after the position `fen`. */
export function sideAt(fen, ply) {
  const first = fen.split(' ')[1] === 'b' ? 1 : 0;
  return (first + ply) % 2 === 0 ? 'w' : 'b';
}

/** An engine score ({type: 'cp'|'mate', value}, the side to move's view) as a PGN eval, White's view. */
export function whiteEval(score, side) {
  const sign = side === 'w' ? 1 : -1;
  return score.type === 'mate' ? { mate: sign * score.value } : { cp: sign * score.value + 0 };  // + 0: no −0
}

/** whiteEval's inverse: a PGN eval (White's view) as an engine score from the side to move's view. */
export function sideScore(e, side) {
  const sign = side === 'w' ? 1 : -1;
  return e.mate !== undefined ? { type: 'mate', value: sign * e.mate + 0 } : { type: 'cp', value: sign * e.cp + 0 };
}

/** An engine's eval ({cp} or {mate}, White's view; never a mate in 0) in pawns, capped at ±CAP (a mate at the cap). */
export function evalPawns(e) {
  if (e.mate !== undefined) return e.mate > 0 ? CAP : -CAP;
  return Math.max(-CAP, Math.min(CAP, e.cp / 100));
}

/**
 * Evaluates the start of a line and the position after each of its moves (UCI), by `engine.evaluate`
 * (a search to `depth`, DEPTH unless told), after `engine.newEvaluation()` where there is one. Returns one entry per position: {value (pawns, White's view,
 * capped; null when unknown), eval ({cp}|{mate}, White's view; null for a position without a search),
 * best (the SAN of the engine's move there, null where none)}. A position with no move (mate, stalemate)
 * has no search: its value is `finalValue` when it is the last one. onStep(done, total) before each
 * position; null as soon as `cancelled()` says so; the engine's error when it fails before the last
 * position, or an Error when its search was stopped by something else (a score short of the depth is not
 * written as the depth's).
 */
export async function evaluateLine(engine, { fen, chess960, moves, finalValue = null },
  { depth = DEPTH, onStep = () => {}, cancelled = () => false } = {}) {
  // The engine forgets what earlier searches left in its hash table and move ordering (where it can): the
  // same line then gets the same evaluations every time, on the play screen and on the analysis board.
  await engine.newEvaluation?.();
  const out = [];
  for (let ply = 0; ply <= moves.length; ply++) {
    if (cancelled()) return null;  // (stopped before this search began: no search to stop)
    onStep(ply, moves.length + 1);
    const side = sideAt(fen, ply);
    let entry = { value: null, eval: null, best: null };
    try {
      const r = await engine.evaluate({ fen, moves: moves.slice(0, ply), chess960 }, depth);
      if (r.stopped) {
        if (cancelled()) return null;
        throw new Error('another analysis took the engine before this one ended');
      }
      if (r.bestMove && r.score) {  // no move here (mate, stalemate): no search; the result says how it ended
        const e = whiteEval(r.score, side);
        entry = { value: evalPawns(e), eval: e, best: r.bestMoveSan ?? null };
      }
    } catch (e) {
      if (ply < moves.length) throw e;  // the engine failed (the last position may have no search at all)
    }
    if (cancelled()) return null;
    if (entry.value === null && ply === moves.length) entry.value = finalValue;
    out.push(entry);
  }
  return out;
}

/**
 * The moves that lost much: for each position i > 0 whose value and the one before are known, the drop
 * from the mover's side. [{ply: i, grade, drop, mover}] (ply: the position after the move, 1 = after the
 * first move). With `played` (the moves' SAN) and `best` (the engine's SAN at each position), a move the
 * engine itself chose there is not graded: its drop is the two searches' noise, not the move's.
 */
export function gradeMoves(values, fen, { played = [], best = [] } = {}) {
  const graded = [];
  for (let i = 1; i < values.length; i++) {
    if (values[i] === null || values[i - 1] === null) continue;
    if (best[i - 1] && best[i - 1] === played[i - 1]) continue;
    const mover = sideAt(fen, i - 1);
    const drop = mover === 'w' ? values[i - 1] - values[i] : values[i] - values[i - 1];
    const g = grade(drop);
    if (g) graded.push({ ply: i, grade: g, drop, mover });
  }
  return graded;
}

/**
 * Writes a game analysis into PGN tree nodes (escaque/pgn's PgnNode: the moves played from `fen`, evaluated
 * by evaluateLine as `line`, one entry per position): each move's [%eval], and for a move that lost much a
 * mark (unless it has one) and a comment naming the engine's move ("Mistake (−1.3). Best was Nf3."); what
 * an earlier analysis wrote is replaced. Returns gradeMoves's answer.
 */
export function annotateMoves(nodes, line, fen) {
  const graded = gradeMoves(line.map((p) => p.value), fen, { played: nodes.map((n) => n.san), best: line.map((p) => p.best) });
  const byPly = new Map(graded.map((g) => [g.ply, g]));
  nodes.forEach((node, i) => {
    const { eval: e } = line[i + 1];
    if (e) node.eval = e;
    // What an earlier run wrote goes: its comment, and the mark that came with it (not the person's
    // own mark that the comment says was there already).
    node.comments = node.comments.filter((c) => {
      const auto = AUTO_COMMENT.exec(c);
      if (auto && !auto[2]) node.nags = node.nags.filter((n) => n !== GRADE_NAG[auto[1].toLowerCase()]);
      return !auto;
    });
    const g = byPly.get(i + 1);
    if (!g) return;
    const marked = node.nags.includes(GRADE_NAG[g.grade]);
    if (!node.nags.some(isAssessment)) node.nags = [GRADE_NAG[g.grade], ...node.nags];
    const best = line[i].best;
    const words = `${g.grade[0].toUpperCase()}${g.grade.slice(1)} (−${g.drop.toFixed(1)})${marked ? ', as marked' : ''}.`;
    node.comments.push(best ? `${words} Best was ${best}.` : words);
  });
  return graded;
}

/**
 * Each side's average loss per move in centipawns (lichess's "average centipawn loss"): the mean of the
 * drops from the mover's side (a gain counts as 0), over the moves whose values before and after are
 * known, with values capped at ±CAP; null for a side with no such move.
 */
export function averageLoss(values, fen) {
  const sum = { w: 0, b: 0 };
  const n = { w: 0, b: 0 };
  for (let i = 1; i < values.length; i++) {
    if (values[i] === null || values[i - 1] === null) continue;
    const mover = sideAt(fen, i - 1);
    const drop = mover === 'w' ? values[i - 1] - values[i] : values[i] - values[i - 1];
    sum[mover] += Math.max(0, drop) * 100;
    n[mover]++;
  }
  return { w: n.w ? Math.round(sum.w / n.w) : null, b: n.b ? Math.round(sum.b / n.b) : null };
}

const PLURAL = { inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders' };

/**
 * Each side's graded moves counted and its average loss, in words: "White 1 inaccuracy, 0 mistakes,
 * 2 blunders, average loss 85 cp; Black 0 inaccuracies, 1 mistake, 0 blunders, average loss 31 cp"
 * (graded: gradeMoves's answer; values and fen: what it graded).
 */
export function summary(graded, values, fen) {
  const count = { w: { inaccuracy: 0, mistake: 0, blunder: 0 }, b: { inaccuracy: 0, mistake: 0, blunder: 0 } };
  for (const g of graded) count[g.mover][g.grade]++;
  const loss = averageLoss(values, fen);
  const side = (s) => ['inaccuracy', 'mistake', 'blunder'].map((k) => `${count[s][k]} ${count[s][k] === 1 ? k : PLURAL[k]}`)
    .concat(loss[s] === null ? [] : [`average loss ${loss[s]} cp`]).join(', ');
  return `White ${side('w')}; Black ${side('b')}`;
}

/** "12. Nf3" / "12… Nf3": the move that led to position `ply` of a line from `fen`. */
export function moveLabel(fen, ply, san) {
  const fields = fen.split(' ');
  const firstBlack = fields[1] === 'b' ? 1 : 0;
  const number = Number(fields[5]) || 1;
  const moveNo = number + Math.floor((ply - 1 + firstBlack) / 2);
  return `${moveNo}${sideAt(fen, ply - 1) === 'w' ? '.' : '…'} ${san}`;
}
