// The embedding demo: wires the page's buttons to the two boards' methods.
const play = document.getElementById('play');
const replay = document.getElementById('replay');
const status = document.getElementById('play-status');

document.getElementById('play-undo').addEventListener('click', () => play.undo());
document.getElementById('play-flip').addEventListener('click', () => play.flip());
document.getElementById('play-reset').addEventListener('click', () => play.setPosition('start'));
document.getElementById('play-language').addEventListener('change', (e) => { play.language = e.target.value; });
play.addEventListener('gameover', (e) => { status.textContent = e.detail.outcome.description; });
play.addEventListener('change', () => { if (!play.outcome || play.outcome.result === '*') status.textContent = ''; });

const plyText = document.getElementById('replay-ply');
const showPly = () => { plyText.textContent = `move ${replay.ply} of ${replay.plyCount}`; };
for (const [id, step] of [['first', 'first'], ['prev', 'previous'], ['next', 'next'], ['last', 'last']]) {
  document.getElementById(`replay-${id}`).addEventListener('click', () => replay[step]());
}
replay.addEventListener('navigate', showPly);
replay.addEventListener('change', showPly);
// The viewer's analyse hook: the position shown goes to the board to play on.
const viewer = document.getElementById('viewer');
const viewerStatus = document.getElementById('viewer-status');
viewer.addEventListener('analyse', (e) => {
  play.setPosition(e.detail.fen);
  viewerStatus.textContent = `Position sent to the board above: ${e.detail.fen}`;
});
viewer.addEventListener('error', (e) => { viewerStatus.textContent = e.detail.message; });

document.body.dataset.ready = 'false';
Promise.all([play.ready, replay.ready, viewer.ready]).then(() => {
  showPly();
  document.body.dataset.ready = 'true';
});
