// The evaluation graph of <escaque-game> (docs/viewer.md): the mainline's [%eval] values as a small
// inline SVG — White's advantage above the middle line, Black's below, mates at the edges, the
// current move marked. No rules; plain DOM.
import { h } from './dom.js';

const W = 200;
const H = 48;
const CAP = 600;   // centipawns at the edge of the graph (mates are drawn there)

/** An eval ({cp} from White's side, or {mate}) as a number in [-CAP, CAP]. */
export function evalValue(e) {
  if (e.mate !== undefined) return e.mate > 0 || Object.is(e.mate, 0) ? CAP : -CAP;
  return Math.max(-CAP, Math.min(CAP, e.cp));
}

/** "+0.35", "−1.20", "#3", "#−2": an eval as text, White's view. */
export function evalText(e) {
  if (!e) return '';
  if (e.mate !== undefined) return `#${e.mate < 0 ? '−' : ''}${Math.abs(e.mate)}`;
  const v = (Math.abs(e.cp) / 100).toFixed(2);
  return e.cp > 0 ? `+${v}` : e.cp < 0 ? `−${v}` : '0.00';
}

/** "White is better by 0.35 pawns", for screen readers. */
export function evalWords(e) {
  if (!e) return '';
  if (e.mate !== undefined) return `${e.mate > 0 ? 'White' : 'Black'} mates in ${Math.abs(e.mate)}`;
  if (e.cp === 0) return 'equal';
  return `${e.cp > 0 ? 'White' : 'Black'} is better by ${(Math.abs(e.cp) / 100).toFixed(2)} pawns`;
}

const el = (name, attrs) => h(`svg:${name}`, attrs);

/**
 * Draws the graph of `moves` (the mainline) into a new <svg>; null when no move has an eval.
 * `onPick(index)` is called with the mainline index nearest a click.
 */
export function evalGraph(moves, onPick) {
  const points = [];
  moves.forEach((n, i) => { if (n.eval) points.push([i, evalValue(n.eval)]); });
  if (!points.length) return null;
  const last = Math.max(1, moves.length - 1);
  const x = (i) => (i / last) * W;
  const y = (v) => H / 2 - (v / CAP) * (H / 2 - 1);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', class: 'graph', part: 'eval-graph',
    role: 'img' });
  const first = moves.findIndex((n) => n.eval);
  const lastEval = moves.findLastIndex((n) => n.eval);
  svg.setAttribute('aria-label', `Evaluation graph, moves ${first + 1} to ${lastEval + 1}: from ${evalText(moves[first].eval)} ` +
    `to ${evalText(moves[lastEval].eval)} (White's view). Click to go to a move.`);
  const line = points.map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  svg.append(
    el('rect', { x: 0, y: 0, width: W, height: H, class: 'bg' }),
    el('polygon', { points: `${x(points[0][0]).toFixed(1)},${H} ${line} ${x(points.at(-1)[0]).toFixed(1)},${H}`, class: 'area' }),
    el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'mid' }),
    el('polyline', { points: line, class: 'curve' }),
  );
  const marker = el('line', { x1: 0, y1: 0, x2: 0, y2: H, class: 'now' });
  marker.style.display = 'none';
  svg.append(marker);
  svg.addEventListener('click', (e) => {
    const r = svg.getBoundingClientRect();
    if (r.width > 0) onPick(Math.round(((e.clientX - r.left) / r.width) * last));
  });
  return {
    svg,
    /** Marks mainline index i (or nothing for -1). */
    mark(i) {
      marker.style.display = i < 0 ? 'none' : '';
      if (i >= 0) { marker.setAttribute('x1', x(i)); marker.setAttribute('x2', x(i)); }
    },
  };
}
