// The legal-move page (legal-moves.html, the first demo of the package): lists the legal moves (UCI
// notation) of the FEN in the text field, or the parser's error message, through the package's public
// API as any page would use it ('escaque' is mapped to /dist/index.mjs by the page's import map).
import { Position, init } from 'escaque';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const form = document.getElementById('fen-form');
const fenInput = document.getElementById('fen');
const resetButton = document.getElementById('reset');
const errorBox = document.getElementById('fen-error');
const statusLine = document.getElementById('status');
const moveList = document.getElementById('moves');

function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = false;
  fenInput.setAttribute('aria-invalid', 'true');
  statusLine.textContent = 'No moves: the FEN is not valid.';
  moveList.replaceChildren();
}

function showMoves(moves) {
  errorBox.hidden = true;
  errorBox.textContent = '';
  fenInput.removeAttribute('aria-invalid');
  const count = moves.length;
  const countEl = document.createElement('span');
  countEl.id = 'move-count';
  countEl.textContent = String(count);
  statusLine.replaceChildren(countEl, count === 1 ? ' legal move' : ' legal moves');
  moveList.replaceChildren(...moves.map((uci) => {
    const item = document.createElement('li');
    item.textContent = uci;
    return item;
  }));
}

// The FEN's legal moves, or the parser's message (what, where, why).
function legalMoves(fen) {
  let position;
  try {
    position = Position.fromFen(fen);
  } catch (e) {
    return { ok: false, error: e.message };
  }
  try {
    return { ok: true, moves: position.movesUci() };
  } finally {
    position.dispose();
  }
}

function update() {
  const result = legalMoves(fenInput.value);
  if (result.ok) showMoves(result.moves);
  else showError(result.error);
  document.body.dataset.fen = fenInput.value;  // lets tests wait for this FEN's answer
}

async function main() {
  try {
    await init();
  } catch (e) {
    statusLine.textContent = `Could not load the WebAssembly module: ${e.message}`;
    return;
  }
  fenInput.value = START_FEN;
  fenInput.disabled = false;
  resetButton.disabled = false;
  fenInput.addEventListener('input', () => update());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
  });
  resetButton.addEventListener('click', () => {
    fenInput.value = START_FEN;
    update();
    fenInput.focus();
  });
  update();
  document.body.dataset.ready = 'true';
}

main();
