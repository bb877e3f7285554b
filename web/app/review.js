// Post-game review on the play screen: "Analyse the game" evaluates every position of the finished game
// (game-analysis.js), draws the evaluation graph whose points jump to their position, and lists each move
// that lost much as an inaccuracy, mistake or blunder. The review belongs to the game it was run on: another
// game (a new one, the other tab's) clears it and stops a run under way, and so does the analysis board
// taking the engine (`stop()`); the button stops a run too.
import { evalGraph } from 'escaque/board/eval-graph';

import { CAP, DEPTH, annotateMoves, evaluateLine, moveLabel, summary } from './game-analysis.js';

const LABEL = 'Analyse the game';

// changed(): called when a review is shown or cleared (the exported PGN carries the one shown).
export function setUpReview({ ctrl, engine, navigate, available, changed = () => {} }) {
  const button = document.getElementById('run-review');
  const graph = document.getElementById('review-graph');
  const notes = document.getElementById('review-notes');
  const told = document.getElementById('review-summary');
  let shown = null;    // the record whose review (or error) is shown
  let running = null;  // {record, stopped} of the run under way
  let drawn = null;    // the graph shown ({svg, mark})
  let analysed = null; // the shown review's evaluations (evaluateLine's answer)
  let shownPly = 0;    // the position shown on the play screen (sync's)

  const clear = () => {
    const had = analysed !== null;
    told.textContent = ''; graph.replaceChildren(); notes.replaceChildren(); shown = null; drawn = null; analysed = null;
    if (had) changed();
  };
  const stop = () => {
    if (!running) return;
    running.stopped = true;
    engine.stopEvaluation();
  };
  const note = (text) => {
    const li = document.createElement('li');
    li.textContent = text;
    notes.replaceChildren(li);
  };

  button.addEventListener('click', async () => {
    if (running) { stop(); return; }
    if (!available()) return;
    const { record } = ctrl;
    const sans = ctrl.game.history();
    const { fen, chess960 } = record.setup;
    const run = { record, stopped: false };
    running = run;
    clear();
    button.setAttribute('aria-pressed', 'true');
    const label = (done) => `Stop analysing (${done}/${record.moves.length})`;
    button.textContent = label(0);  // at once: the engine first forgets earlier searches
    let line;
    try {
      line = await evaluateLine(engine, { fen, chess960, moves: record.moves, finalValue: finalValue(ctrl.outcome()) }, {
        onStep: (done) => { button.textContent = label(done); },
        cancelled: () => run.stopped || ctrl.record !== record,
      });
    } catch (e) {
      if (ctrl.record === record && !run.stopped) { note(`The engine could not analyse the game: ${e.message}`); shown = record; }
      return;
    } finally {
      running = null;
      button.removeAttribute('aria-pressed');
      button.textContent = LABEL;
    }
    if (line === null) return;  // stopped, or another game is shown now
    shown = record;
    analysed = line;
    changed();
    // The graph's moves, written as the analysis board writes them (annotateMoves): each one's eval (none
    // for a final mate or stalemate, which has no search) and the mark of its grade. An unknown value is
    // left out of the grades and the summary, as there.
    const moves = sans.map((san) => ({ san, nags: [], comments: [] }));
    const graded = annotateMoves(moves, line, fen);
    told.textContent = `${sans.length} half-moves at depth ${DEPTH}: ${summary(graded, line.map((p) => p.value), fen)}.`;
    drawn = evalGraph(moves, (i) => navigate(i + 1), { fen });
    graph.replaceChildren(drawn?.svg ?? '');
    drawn?.mark(shownPly - 1);
    if (graded.length === 0) { note('No inaccuracy, mistake or blunder.'); return; }
    notes.replaceChildren(...graded.map((n) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      const best = line[n.ply - 1].best;
      b.textContent = `${moveLabel(fen, n.ply, sans[n.ply - 1])}: ${n.grade} (−${n.drop.toFixed(1)})${best ? `, best was ${best}` : ''}`;
      b.addEventListener('click', () => navigate(n.ply));
      li.append(b);
      return li;
    }));
  });

  return {
    /**
     * After each change of what is shown: a review of another game is cleared, its run stopped; the graph
     * marks the move shown (`ply`: the position after that many moves).
     */
    sync(ply) {
      if (running && running.record !== ctrl.record) stop();
      if (shown && shown !== ctrl.record) clear();
      shownPly = ply;
      drawn?.mark(ply - 1);
    },
    /** The engine is wanted elsewhere (the analysis board): a run under way stops, its button freed. */
    stop,
    /** The evaluations of the game shown, when its review has run (for the analysis board); else null. */
    analysed: () => (shown === ctrl.record ? analysed : null),
  };
}

function finalValue(o) {
  if (o?.result === '1-0') return CAP;
  if (o?.result === '0-1') return -CAP;
  return 0;
}
