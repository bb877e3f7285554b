// The evaluation graph (docs/viewer.md, "The eval graph"): a game's mainline evals as a small inline SVG —
// White's advantage in white above the middle line, Black's below, mates at the edges — with a dot on each
// move marked ?! / ? / ?? (an inaccuracy, mistake or blunder: NAG 6, 2, 4) in its mark's colour, and the
// move shown marked. Used by <escaque-game> and by the app's post-game review and analysis board. No rules;
// plain DOM; the graph stretches to its box (the dots and lines keep their width in screen pixels).
import { h } from './dom.js';
import { indexTree, moveNumberText } from './game-tree.js';

const W = 200;
const H = 48;
const PAD = 3;     // the first and last moves, and the evals at the cap, this far inside (a dot there is whole)
const CAP = 600;   // centipawns at the edge of the graph (mates are drawn there)
// The marks with a dot (their NAGs), by class: what a game analysis writes.
const MARKS = { 6: 'inaccuracy', 2: 'mistake', 4: 'blunder' };

/**
 * An eval ({cp} from White's side, or {mate}) as a number in [-CAP, CAP]. A mate in 0 (`#0`, `#-0`: the
 * side to move is mated) is told apart by `sideToMove` where given (the sign of a zero otherwise).
 */
export function evalValue(e, sideToMove) {
  if (e.mate === 0 && sideToMove) return sideToMove === 'w' ? -CAP : CAP;
  if (e.mate !== undefined) return e.mate > 0 || Object.is(e.mate, 0) ? CAP : -CAP;
  return Math.max(-CAP, Math.min(CAP, e.cp));
}

/** "+0.35", "−1.20", "#3", "#−2": an eval as text, White's view. */
export function evalText(e) {
  if (!e) return '';
  if (e.mate !== undefined) return `#${e.mate < 0 || Object.is(e.mate, -0) ? '−' : ''}${Math.abs(e.mate)}`;
  const v = (Math.abs(e.cp) / 100).toFixed(2);
  return e.cp > 0 ? `+${v}` : e.cp < 0 ? `−${v}` : '0.00';
}

/** "White is better by 0.35 pawns", for screen readers. */
export function evalWords(e) {
  if (!e) return '';
  if (e.mate === 0) return 'checkmate';
  if (e.mate !== undefined) return `${e.mate > 0 ? 'White' : 'Black'} mates in ${Math.abs(e.mate)}`;
  if (e.cp === 0) return 'equal';
  return `${e.cp > 0 ? 'White' : 'Black'} is better by ${(Math.abs(e.cp) / 100).toFixed(2)} pawns`;
}

const el = (name, attrs) => h(`svg:${name}`, attrs);

/**
 * Draws the graph of `moves` (the mainline: nodes {san, nags?, eval?}) into a new <svg>; null when no move
 * has an eval. `onPick(index)` is called with the mainline index nearest a click. `fen`: the game's start
 * (whose side moves first, and the first move's number, for a mate in 0 and the dots' titles). Returns
 * {svg, mark(i)}: mark(i) marks mainline index i (-1: none).
 */
export function evalGraph(moves, onPick, { fen } = {}) {
  // Each move's number and colour, as the move list numbers them: the side to move after it is the other
  // colour; its label is "12. Nf3" / "12… Nf3".
  const tree = indexTree({ fen, moves });
  const sideAfter = (i) => (tree.info(moves[i]).color === 'w' ? 'b' : 'w');
  const label = (i) => `${moveNumberText(tree.info(moves[i]))} ${moves[i].san}`;
  // A mating move (SAN ending in #) is a mate in 0 when no eval is written after it, as engines write none
  // there: the graph runs to the winner's edge instead of stopping a move short.
  const evals = moves.map((n) => n.eval ?? (n.san?.endsWith('#') ? { mate: 0 } : null));
  const points = [];
  evals.forEach((e, i) => { if (e) points.push([i, evalValue(e, sideAfter(i))]); });
  if (!points.some(([i]) => moves[i].eval)) return null;
  const last = Math.max(1, moves.length - 1);
  const x = (i) => PAD + (i / last) * (W - 2 * PAD);
  const y = (v) => H / 2 - (v / CAP) * (H / 2 - PAD);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', class: 'graph', part: 'eval-graph',
    role: 'img' });
  const [first, lastEval] = [points[0][0], points.at(-1)[0]];
  const said = (i) => (moves[i].eval ? evalText(moves[i].eval) : 'checkmate');
  svg.setAttribute('aria-label', `Evaluation graph from ${label(first)} (${said(first)}) ` +
    `to ${label(lastEval)} (${said(lastEval)}), White's view. Click to go to a move.`);
  const line = points.map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  // Black's share (the background) and White's (the area under the curve) span the moves with evals, out to
  // the graph's edges where the first and last moves have one; beyond them (moves not analysed) the graph
  // is left empty rather than drawn as anyone's.
  const [[i0, v0], [i1, v1]] = [points[0], points.at(-1)];
  const left = (i0 === 0 ? 0 : x(i0)).toFixed(1);
  const right = (i1 === moves.length - 1 ? W : x(i1)).toFixed(1);
  const area = `${left},${H} ${left},${y(v0).toFixed(1)} ${line} ${right},${y(v1).toFixed(1)} ${right},${H}`;
  svg.append(
    el('rect', { x: left, y: 0, width: (right - left).toFixed(1), height: H, class: 'bg' }),
    el('polygon', { points: area, class: 'area' }),
    el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'mid' }),
    el('polyline', { points: line, class: 'curve' }),
  );
  const marker = el('line', { x1: 0, y1: 0, x2: 0, y2: H, class: 'now' });
  marker.style.display = 'none';
  svg.append(marker);
  // A dot is a zero-length stroke with round caps: round at any stretch of the graph.
  for (const [i, v] of points) {
    const kind = (moves[i].nags ?? []).map((g) => MARKS[g]).find(Boolean);
    if (!kind) continue;
    svg.append(h('svg:path', { d: `M${x(i).toFixed(1)} ${y(v).toFixed(1)}h0`, class: `mark ${kind}`, 'data-index': String(i) },
      h('svg:title', {}, `${label(i)}: ${kind}, ${said(i)}`)));
  }
  svg.addEventListener('click', (e) => {
    const r = svg.getBoundingClientRect();
    if (r.width <= 0) return;
    const at = (((e.clientX - r.left) / r.width) * W - PAD) / (W - 2 * PAD);  // x's inverse
    onPick(Math.max(0, Math.min(moves.length - 1, Math.round(at * last))));
  });
  return {
    svg,
    mark(i) {
      marker.style.display = i < 0 ? 'none' : '';
      if (i >= 0) { marker.setAttribute('x1', x(i)); marker.setAttribute('x2', x(i)); }
    },
  };
}
