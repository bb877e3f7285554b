// The engine's lines on the analysis board: the evaluation bar, the list of lines (MultiPV, SAN with
// move numbers, depth, evaluation) and the best moves as arrows. Info events come as fast as the
// engine sends them (several a millisecond with MultiPV 3 at low depths): they are only kept here and
// drawn at most every DRAW_MS (at an animation frame), and only what changed is touched, so the main
// thread does a few small draws a second (no task near 50 ms, even on a busy machine).
import { formatScore, whiteScore } from '../engine-player.js';
import { sideScore } from '../game-analysis.js';

// Arrow colours by rank: the best line strongest.
const ARROW_COLORS = ['rgba(21, 101, 192, 0.85)', 'rgba(21, 101, 192, 0.5)', 'rgba(21, 101, 192, 0.35)',
  'rgba(21, 101, 192, 0.25)', 'rgba(21, 101, 192, 0.2)'];

const DRAW_MS = 150;

/** Share of the bar that is White's (0..1) for a score from White's side (pawns, mate as ±(100 − n)). */
export function whiteShare(pawns) {
  if (pawns === null) return 0.5;
  if (Math.abs(pawns) >= 50) return pawns > 0 ? 1 : 0;  // a mate
  return 1 / (1 + Math.exp(-0.4 * pawns));
}

export class EngineLines {
  #els;
  #lines = new Map();  // multipv -> latest info
  #fen = '';
  #timer = 0;
  #frame = 0;
  #lastDraw = -Infinity;
  #shown = { lines: '', arrows: '', bar: '' };
  #multiPv = 3;
  #known = null;
  /** (arrows) => void: the best moves, to draw on the board. */
  onArrows = () => {};
  /** (uci) => void: a line was clicked: play its first move. */
  onPlay = () => {};

  /** els: {bar (the bar's fill), barText, list (ol), depth} */
  constructor(els) { this.#els = els; }

  /**
   * A new position (or line count): what was shown is cleared. known: the position's evaluation from the
   * game ([%eval]: {cp} or {mate}, White's view), shown by the bar until the engine has a line.
   */
  reset(fen, multiPv, known = null) {
    this.#fen = fen;
    this.#known = known;
    this.#multiPv = multiPv;
    this.#lines.clear();
    // null: nothing known to be shown, so the next draw replaces the list even with no line (the lines a
    // stopped search left there belong to the position before).
    this.#shown = { lines: null, arrows: '', bar: null };
    this.#lastDraw = -Infinity;  // a new position is drawn at once (cleared), not after DRAW_MS
    this.#schedule();
  }

  /** An info event of the search of the current position. */
  add(info) {
    if (!info || !info.pv?.length || info.multipv > this.#multiPv) return;
    // A bound (a search that failed high or low) replaces nothing exact: its line is not a line yet.
    const bound = info.score?.bound && info.score.bound !== 'exact';
    if (bound && this.#lines.has(info.multipv)) return;
    this.#lines.set(info.multipv, info);
    this.#schedule();
  }

  /**
   * The lines now shown, best first (tests, the bar). While a new iteration re-ranks the moves, a rank
   * can still hold its previous line, whose first move a better rank now has: that one is left out.
   */
  get lines() {
    const seen = new Set();
    return [...this.#lines.values()].sort((a, b) => a.multipv - b.multipv).filter((info) => {
      if (seen.has(info.pv[0])) return false;
      seen.add(info.pv[0]);
      return true;
    });
  }

  #schedule() {
    if (this.#timer) return;
    const wait = Math.max(0, this.#lastDraw + DRAW_MS - performance.now());
    this.#timer = setTimeout(() => {
      this.#frame = requestAnimationFrame(() => {
        this.#timer = 0;
        this.#lastDraw = performance.now();
        this.#draw();
      });
    }, wait);
  }

  /** Draws what is pending at once: the search has stopped, and what is shown now is what stays. */
  flush() {
    if (!this.#timer) return;
    clearTimeout(this.#timer);
    cancelAnimationFrame(this.#frame);
    this.#timer = 0;
    this.#lastDraw = performance.now();
    this.#draw();
  }

  #draw() {
    const fields = this.#fen.split(' ');
    const side = fields[1] === 'b' ? 'b' : 'w';
    const fullmove = Math.max(1, Number(fields[5]) || 1);
    const lines = this.lines;
    const best = lines[0];
    const { bar, barText, list, depth } = this.#els;
    const score = best ? best.score : this.#known ? sideScore(this.#known, side) : null;
    const pawns = score ? whiteScore(score, side) : null;
    const evalText = score ? formatScore(score, side) : '';
    const barKey = `${evalText} ${best?.depth}`;
    if (barKey !== this.#shown.bar) {
      this.#shown.bar = barKey;
      bar.style.setProperty('--white', `${(whiteShare(pawns) * 100).toFixed(1)}%`);
      barText.textContent = evalText;  // none without an evaluation: the badge is hidden (style.css)
      bar.dataset.eval = evalText;
      depth.textContent = best ? String(best.depth) : '–';
    }
    const linesKey = lines.map((l) => `${l.multipv} ${formatScore(l.score, side)} ${(l.san ?? l.pv).slice(0, 12).join(' ')}`).join('\n');
    if (linesKey !== this.#shown.lines) {
      this.#shown.lines = linesKey;
      list.replaceChildren(...this.#items(lines, side, fullmove));
    }
    const arrows = lines.map((info, i) => ({ from: info.pv[0].slice(0, 2), to: info.pv[0].slice(2, 4),
      color: ARROW_COLORS[i] }));
    const arrowsKey = arrows.map((a) => a.from + a.to).join(' ');
    if (arrowsKey !== this.#shown.arrows) {
      this.#shown.arrows = arrowsKey;
      this.onArrows(arrows);
    }
  }

  #items(lines, side, fullmove) {
    return lines.map((info) => {
      const li = document.createElement('li');
      li.dataset.multipv = String(info.multipv);
      const score = document.createElement('b');
      score.className = 'line-eval';
      score.textContent = formatScore(info.score, side);
      // The line is a button: a click plays its first move on the board (into the tree).
      const moves = document.createElement('button');
      moves.type = 'button';
      moves.className = 'line-moves';
      moves.textContent = numbered(info.san ?? info.pv, side, fullmove);
      const first = info.pv[0];
      moves.addEventListener('click', () => this.onPlay(first));
      li.append(score, ' ', moves);
      return li;
    });
  }
}

/** "12. Nf3 Nc6 13. d4" (or "12… Nc6 13. d4" with Black to move), the first 12 moves. */
export function numbered(moves, side, fullmove) {
  let n = fullmove;
  let white = side === 'w';
  const out = [];
  moves.slice(0, 12).forEach((m, i) => {
    if (white) out.push(`${n}.`);
    else if (i === 0) out.push(`${n}…`);
    out.push(m);
    if (!white) n++;
    white = !white;
  });
  return out.join(' ');
}
