// Post-game review on the play screen: "Analyse the game" evaluates every position of the finished game
// (game-analysis.js), draws the evaluation graph whose points jump to their position, and lists each move
// that lost much as an inaccuracy, mistake or blunder.
import { CAP, evalGraphSvg, evaluateLine, gradeMoves, moveLabel } from './game-analysis.js';

export function setUpReview({ ctrl, engine, navigate, available }) {
  const button = document.getElementById('run-review');
  button.addEventListener('click', async () => {
    if (!available()) return;
    const { record } = ctrl;
    const sans = ctrl.game.history();
    const { fen, chess960 } = record.setup;
    button.disabled = true;
    let line;
    try {
      line = await evaluateLine(engine, { fen, chess960, moves: record.moves, finalValue: finalValue(ctrl.outcome()) }, {
        onStep: (done, total) => { button.textContent = `Analysing… ${done}/${total - 1}`; },
      });
    } catch (e) {
      const li = document.createElement('li');
      li.textContent = `The engine could not analyse the game: ${e.message}`;
      document.getElementById('review-notes').replaceChildren(li);
      return;
    } finally {
      button.disabled = false;
      button.textContent = 'Analyse the game';
    }
    const values = line.map((p) => p.value ?? 0);
    const graded = gradeMoves(values, fen, { played: sans, best: line.map((p) => p.best) });
    const labels = values.map((_, i) => (i === 0 ? 'Start' : sans[i - 1]));
    document.getElementById('review-graph').replaceChildren(evalGraphSvg(values, labels, graded, navigate));
    document.getElementById('review-notes').replaceChildren(...graded.map((n) => {
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
}

function finalValue(o) {
  if (o?.result === '1-0') return CAP;
  if (o?.result === '0-1') return -CAP;
  return 0;
}
