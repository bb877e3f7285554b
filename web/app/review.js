// Post-game review: the engine evaluates every position of the finished game
// (fixed depth), the evaluations are drawn as an SVG graph whose points jump
// to that position, and each move that lost much is named an inaccuracy,
// mistake or blunder (drops of 0.5 / 1 / 2 pawns, evaluations capped at ±10).
import { whiteScore } from './engine-player.js';

const SVG = 'http://www.w3.org/2000/svg';
const DEPTH = 8;
const CAP = 10;
const GRADES = [[2, 'blunder'], [1, 'mistake'], [0.5, 'inaccuracy']];

/** Classifies a drop (pawns, from the mover's point of view); null when it is fine. */
export function grade(drop) {
  for (const [limit, name] of GRADES) if (drop >= limit) return name;
  return null;
}

export function setUpReview({ ctrl, engine, navigate, available }) {
  const button = document.getElementById('run-review');
  button.addEventListener('click', async () => {
    if (!available()) return;
    const { record } = ctrl;
    const sans = ctrl.game.history();
    button.disabled = true;
    const scores = [];
    try {
      for (let ply = 0; ply <= record.moves.length; ply++) {
        button.textContent = `Analysing… ${ply}/${record.moves.length}`;
        const position = { fen: record.setup.fen, moves: record.moves.slice(0, ply), chess960: record.setup.chess960 };
        const side = sideAt(record.setup.fen, ply);
        let s;
        try {
          const r = await engine.evaluate(position, DEPTH);
          s = whiteScore(r.score, side);
        } catch {
          s = null;  // a final position with no moves (mate, stalemate) has no search: use the result
        }
        if (s === null && ply === record.moves.length) s = finalScore(ctrl.outcome());
        scores.push(s === null ? 0 : Math.max(-CAP, Math.min(CAP, s)));
      }
    } finally {
      button.disabled = false;
      button.textContent = 'Analyse the game';
    }
    draw(scores, sans, record, navigate);
  });
}

function sideAt(fen, ply) {
  const first = fen.split(' ')[1] === 'b' ? 1 : 0;
  return (first + ply) % 2 === 0 ? 'w' : 'b';
}

function finalScore(o) {
  if (o.result === '1-0') return CAP;
  if (o.result === '0-1') return -CAP;
  return 0;
}

function draw(scores, sans, record, navigate) {
  const width = 300;
  const height = 100;
  const x = (i) => (scores.length < 2 ? 0 : (i / (scores.length - 1)) * width);
  const y = (s) => height / 2 - (s / CAP) * (height / 2);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'Evaluation of the game, move by move (White above the line)');
  const mid = document.createElementNS(SVG, 'line');
  Object.entries({ x1: 0, x2: width, y1: height / 2, y2: height / 2, class: 'axis' }).forEach(([k, v]) => mid.setAttribute(k, v));
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', scores.map((s, i) => `${x(i)},${y(s)}`).join(' '));
  line.setAttribute('class', 'eval');
  svg.append(mid, line);
  const notes = [];
  const firstSide = sideAt(record.setup.fen, 0);
  scores.forEach((s, i) => {
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('cx', x(i));
    dot.setAttribute('cy', y(s));
    dot.setAttribute('r', 2.5);
    dot.dataset.ply = String(i);
    const title = document.createElementNS(SVG, 'title');
    title.textContent = i === 0 ? `Start: ${s.toFixed(2)}` : `${sans[i - 1]}: ${s.toFixed(2)}`;
    dot.append(title);
    dot.addEventListener('click', () => navigate(i));
    if (i > 0) {
      const mover = sideAt(record.setup.fen, i - 1);
      const drop = mover === 'w' ? scores[i - 1] - s : s - scores[i - 1];
      const g = grade(drop);
      if (g) {
        dot.setAttribute('class', g);
        notes.push({ ply: i, san: sans[i - 1], grade: g, drop, mover });
      }
    }
    svg.append(dot);
  });
  document.getElementById('review-graph').replaceChildren(svg);
  document.getElementById('review-notes').replaceChildren(...notes.map((n) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    const moveNo = Math.floor((n.ply - 1 + (firstSide === 'b' ? 1 : 0)) / 2) + 1;
    b.textContent = `${moveNo}${n.mover === 'w' ? '.' : '…'} ${n.san}: ${n.grade} (−${n.drop.toFixed(1)})`;
    b.addEventListener('click', () => navigate(n.ply));
    li.append(b);
    return li;
  }));
}
