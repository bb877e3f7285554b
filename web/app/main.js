// The app: wires the game controller, the clock, the board, the move list,
// the engine and the dialogs to the page (web/index.html).
import { Chess, init } from 'escaque';
import { Clock } from './clock.js';
import { ClockView } from './clock-view.js';
import { EnginePlayer, engineAvailable, formatScore } from './engine-player.js';
import { GameController, newRecord } from './game.js';
import { MoveList } from './movelist.js';
import { setMoveNavEnds } from './move-nav.js';
import { gamePgn, playerName } from './pgn.js';
import { confirmer } from './confirm.js';
import { play as sound, setSoundEnabled } from './sound.js';
import * as store from './storage.js';
import { keepRaw, readCurrent, readFinished, saveFinished } from './recovery.js';
import { saveResult, showRecovery, wireRecovery } from './problems-view.js';
import { TabOwner } from './tab-owner.js';
import { movesToGo, other } from './timecontrol.js';
import { setUpReview } from './review.js';
import { hideStartScreen, showStartScreen } from './start-screen.js';
import { onStartChoice, settings } from './early-layout.js';
import { board } from './early-board.js';
import { lookOfBoard } from './board-look.js';
import { drawMaterial, material } from './material.js';
import { loadOpenings, openingOf } from './openings.js';

const $ = (id) => document.getElementById(id);
const COLOR = { w: 'White', b: 'Black' };

// The settings and the stored game's JSON were read, and the first screen's layout drawn, by
// early-layout.js, before the package and this module were evaluated.
const clock = new Clock();
const ctrl = new GameController(clock);
const clockView = new ClockView($('clock-top'), $('clock-bottom'));
// The board was built by early-board.js (before the package and this module were evaluated); it shows
// the game from the first render after the rules have loaded.
const moveList = new MoveList($('move-list'));
const engine = new EnginePlayer();
// Which tab plays the game (tab-owner.js): a tab that does not own it shows it read-only.
const tabs = new TabOwner();
let started = false;       // the game is loaded (start-up done)
let viewPly = null;        // null: the current position; n: the position after n plies of the record
let flipped = false;       // the user's own flip, on top of the automatic orientation
let engineThinking = null; // token of the engine's pending move
let lastChoices = null;    // for the rematch
let review = null;         // the post-game review (review.js), set up once the game is loaded

// ---- the game's events ----

// Only the owning tab saves; a failure (storage full or disabled) is told once and the game goes on.
ctrl.addEventListener('save', () => {
  if (tabs.owner) saveResult(tabs.saveGame(ctrl.record));
  renderExport();  // the clock's answer to a press brings that move's %clk time
});
ctrl.addEventListener('change', () => {
  if (viewPly !== null && viewPly > ctrl.record.moves.length) viewPly = null;
  render();
  afterChange();
});
ctrl.addEventListener('end', () => {
  // What was said during the game (an offer, the resignation question) ends with it; a message about
  // the ending itself (a granted claim, the engine's acceptance) is shown after this.
  showStatus('');
  delete $('resign').dataset.confirm;
  engine.stop();
  engine.stopAnalysis();
  sound('end');
  // The result is shown first; the finished-games list (the record itself is already stored) next.
  const { record } = ctrl;
  setTimeout(() => {
    if (ctrl.record !== record || !tabs.owner) return;
    const o = ctrl.outcome();
    const saved = saveFinished({
      id: record.id, date: record.started, white: playerName(record.players.w),
      black: playerName(record.players.b), result: o.result, reason: o.reason,
      description: o.description, pgn: gamePgn(ctrl, 'en'),
    });
    saveResult(saved);
    tabs.finishedChanged();
    renderFinished();
  }, 0);
});
clock.addEventListener('tick', (e) => clockView.show(e.detail, clock.state));
clock.addEventListener('flag', (e) => {
  document.body.dataset.flag = JSON.stringify({ side: e.detail.side, flagAt: e.detail.flagAt,
    detectedAt: e.detail.detectedAt, receivedAt: e.detail.receivedAt,
    handledAt: performance.timeOrigin + performance.now() });
});
engine.onRestart = (why) => {
  document.body.dataset.engineRestarts = String(engine.restarts);
  showStatus(`The engine stopped (${why}): it was restarted and thinks again.`);
};
clockView.onLowTime = (side) => { if (ctrl.playerType(side) === 'human') sound('low'); };

// ---- what the app does after every change: engine's turn, hints, automatic casual draws ----

function afterChange() {
  if (ctrl.over || !tabs.owner) return;
  const side = ctrl.turn();
  if (settings.casualDraws && ctrl.game.canClaimDraw()) {
    ctrl.claimDraw();
    return;
  }
  if (ctrl.playerType(side) === 'engine') {
    engine.stopAnalysis();
    // Already thinking about this very position (an offer or a setting changed meanwhile): let it think.
    const t = engineThinking;
    if (t && t.record === ctrl.record && t.plies === ctrl.record.moves.length) return;
    engineMove();
  } else if (settings.hints && !analysisBoard?.isOpen) {
    analyse();
  }
}

function position() {
  const r = ctrl.record;
  return { fen: r.setup.fen, moves: [...r.moves], chess960: r.setup.chess960 };
}

function engineLimits(side) {
  const state = clock.state;
  if (!state || ctrl.record.tc.untimed) return { movetime: 1000 };
  const tc = ctrl.record.tc;
  const now = performance.timeOrigin + performance.now();
  const left = (s) => {
    let ms = state.remaining[s];
    if (state.running === s) ms -= Math.max(0, now - state.turnStart);
    return Math.max(1, Math.floor(ms));
  };
  // The engine knows increments; a delay is time per move it does not bank, close to an increment.
  const inc = Math.floor(tc.increment + tc.delay);
  const limits = { wtime: left('w'), btime: left('b'), winc: inc, binc: inc };
  const togo = movesToGo(state, side);
  if (togo) limits.movestogo = togo;
  return limits;
}

// Runs fn once the page has painted what the task that called this changed (a new game, the person's move),
// so that the frame showing it is not held up by the work of starting a search. A task queued from a
// frame callback runs after that frame; a hidden tab has no frames, so 100 ms at most.
function afterPaint(fn) {
  let done = false;
  const channel = new MessageChannel();
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    // A port with a message handler lives until it is closed: one pair per engine move otherwise.
    channel.port1.close();
    fn();
  };
  channel.port1.onmessage = run;
  requestAnimationFrame(() => channel.port2.postMessage(null));  // dropped once port1 is closed
  const timer = setTimeout(run, 100);
}

function engineMove() {
  const { record } = ctrl;
  const side = ctrl.turn();
  const plies = record.moves.length;
  const token = { record, plies };
  engineThinking = token;
  render();
  afterPaint(() => {
    // A new game, a take-back or the end of the game meanwhile: no search.
    if (engineThinking === token) engineSearch(token, side);
  });
}

async function engineSearch(token, side) {
  const { record, plies } = token;
  performance.mark('escaque-engine-thinking');
  try {
    const onInfo = settings.hints ? (info) => showThinking(info, side) : undefined;
    // The limits are asked again if the move is searched again (a restarted engine): the clock ran on.
    const result = await engine.move(position(), record.players[side].level, () => engineLimits(side), onInfo);
    if (engineThinking !== token || ctrl.record !== record || record.moves.length !== plies || ctrl.over) return;
    engineThinking = null;
    const offer = ctrl.game.drawOffer();
    let note = '';
    if (offer === other(side)) {
      // A person's offer: the engine takes it when it judges its own position worse.
      const bad = result.score && (result.score.type === 'mate' ? result.score.value < 0 : result.score.value <= -50);
      if (bad) {
        try {
          ctrl.acceptDraw();
          showStatus('The engine accepts the draw.');
          return;
        } catch {
          // Too early for an agreement (Art. 5.2.3 needs a move by each): declined.
        }
      }
      ctrl.declineDraw();
      note = 'The engine declines the draw.';
    }
    if (!result.bestMove || result.bestMove === '(none)') return;
    const t0 = performance.now();
    const move = ctrl.play(result.bestMove);
    moveSound(move);
    performance.measure('escaque-engine-move-applied', { start: t0 });
    if (note) showStatus(note);
  } catch (e) {
    if (engineThinking === token) engineThinking = null;
    showStatus(`The engine could not move: ${e.message}`);
  } finally {
    if (engineThinking === token) engineThinking = null;
    render();
  }
}

async function analyse() {
  const side = ctrl.turn();
  $('thinking').hidden = false;
  engine.analyse(position(), (info) => showThinking(info, side));
}

function showThinking(info, side) {
  $('thinking').hidden = false;
  $('think-depth').textContent = String(info.depth);
  $('think-eval').textContent = formatScore(info.score, side);
  $('think-pv').textContent = (info.san ?? info.pv ?? []).slice(0, 8).join(' ');
}

function moveSound(move) {
  if (move.flags?.check) sound('check');
  else if (move.captured) sound('capture');
  else sound('move');
}

// ---- moves from the person ----

function humanMove(input, language = 'en') {
  if (viewPly !== null) { viewPly = null; render(); }
  if (!tabs.owner) {
    showStatus('This game is being played in another tab: "Play here" to play it in this one.');
    render();
    return false;
  }
  if (ctrl.over || ctrl.playerType(ctrl.turn()) !== 'human') return false;
  try {
    const move = ctrl.play(input, language);
    moveSound(move);
    showStatus('');
    return true;
  } catch (e) {
    showMoveError(e.message);
    render();
    return false;
  }
}

// A move made on the board before the game has started (the board takes one as soon as it shows the
// start position, before the rules have loaded: see early-board.js) is held by the board, which
// offers it once the game's legal moves reach it (the first render after the game has started).
function wireBoard() {
  board.onMove = (uci) => Boolean(ctrl.record) && humanMove(uci);
  board.onNavigate = (where) => {
    if (!ctrl.record) return;
    const last = ctrl.record.moves.length;
    navigate({ first: 0, last, prev: (viewPly ?? last) - 1, next: (viewPly ?? last) + 1 }[where]);
  };
}

// Typed moves: the chosen notation first, then English (so "Nf3" works with any setting). A text neither
// plays is told in the notation that reads it as a move (one not legal here), else in the chosen one:
// "Ab4: no black bishop can move to b4", not English's "'A' at character 1 is not a piece letter".
function typedMove(text) {
  const lang = settings.language === 'figurine' ? 'en' : settings.language;
  if (lang === 'en') return { text, language: 'en' };
  const own = refusal(text, lang);
  if (own === null) return { text, language: lang };
  const english = refusal(text, 'en');
  if (english === null) return { text, language: 'en' };
  return { text, language: own === 'MOVE_SYNTAX' && english !== 'MOVE_SYNTAX' ? 'en' : lang };
}

// null if `text` is a legal move here in `language`, else the refusal's code (MOVE_SYNTAX: not a move).
function refusal(text, language) {
  const copy = ctrl.game.clone();
  try {
    copy.move(text, { language });
    return null;
  } catch (e) {
    return e.code ?? 'ERROR';
  } finally {
    copy.dispose();
  }
}

$('move-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = $('move-input').value.trim();
  if (!text) return;
  const { language } = typedMove(text);
  if (humanMove(text, language)) {
    $('move-input').value = '';
    showMoveError('');
    renderActions();
  }
});
$('move-input').addEventListener('input', () => { showMoveError(''); renderActions(); });

$('claim-with-move').addEventListener('click', () => {
  const text = $('move-input').value.trim();
  if (!text) return;
  try {
    const { language } = typedMove(text);
    const move = trialMove(text, language);  // throws if illegal: nothing changes then
    const result = ctrl.claimDraw(text, language);
    $('move-input').value = '';
    showMoveError('');
    renderActions();
    showStatus(`Claim ${result.granted ? 'granted' : 'refused'}: ${claimExplanation(result.explanation, move)}`);
  } catch (e) {
    showMoveError(e.message);
  }
});

// The package explains a claim as "granted: …" / "refused: …" and names the intended move in UCI;
// the app says "Claim granted:" itself and names the move as the player wrote it, in SAN.
function claimExplanation(explanation, move) {
  const text = explanation.replace(/^(granted|refused): /, '');
  return move ? text.replaceAll(move.uci, move.san) : text;
}

// The move `text` would be, played on a copy of the game; throws if it is not legal.
function trialMove(text, language) {
  const copy = ctrl.game.clone();
  try {
    return copy.move(text, { language });
  } finally {
    copy.dispose();
  }
}

// Whether the typed text is a legal move that makes a draw claim good (Art. 9.2.1/9.3.1).
function claimableTypedMove() {
  const text = $('move-input').value.trim();
  if (!text) return false;
  try {
    const { language } = typedMove(text);
    return ctrl.game.canClaimDraw(trialMove(text, language).uci);
  } catch {
    return false;  // not a legal move here
  }
}

function showMoveError(message) {
  $('move-error').textContent = message;
  $('move-error').hidden = !message;
  $('move-input').toggleAttribute('aria-invalid', Boolean(message));
}

// ---- actions ----

function humanSide() {
  const humans = ['w', 'b'].filter((s) => ctrl.playerType(s) === 'human');
  return humans.length === 1 ? humans[0] : ctrl.turn();
}

$('claim-draw').addEventListener('click', () => {
  const result = ctrl.claimDraw();
  if (!result.granted) showStatus(`Claim refused: ${result.explanation}`);
});
$('offer-draw').addEventListener('click', () => {
  try {
    ctrl.offerDraw(humanSide());
    showStatus(`${COLOR[humanSide()]} offers a draw.`);
  } catch (e) {
    showStatus(e.message);
  }
});
$('accept-draw').addEventListener('click', () => act(() => ctrl.acceptDraw()));
$('decline-draw').addEventListener('click', () => act(() => { ctrl.declineDraw(); showStatus(''); }));
$('resign').addEventListener('click', () => {
  const side = humanSide();
  if (confirmAction($('resign'), `Resign as ${COLOR[side]}? Click again to confirm.`)) act(() => ctrl.resign(side));
});
$('take-back').addEventListener('click', () => {
  engineThinking = null;
  engine.stop();
  act(() => ctrl.takeBack());
});
$('stop-engine').addEventListener('click', () => engine.stop());
$('flip').addEventListener('click', () => { flipped = !flipped; render(); });
$('new-game').addEventListener('click', () => newGameDialog());
$('rematch').addEventListener('click', () => newGameDialog(true));

function act(fn) {
  try {
    fn();
  } catch (e) {
    showStatus(e.message);
  }
}

// A second click within 3 s confirms (no blocking confirm() dialog): confirm.js.
const confirmAction = confirmer({ say: showStatus, said: () => $('notice').textContent });

// ---- navigation ----

moveList.onSelect = (ply) => { viewPly = ply === ctrl.record.moves.length ? null : ply; render(); };
$('nav-first').addEventListener('click', () => navigate(0));
$('nav-prev').addEventListener('click', () => navigate((viewPly ?? ctrl.record.moves.length) - 1));
$('nav-next').addEventListener('click', () => navigate((viewPly ?? ctrl.record.moves.length) + 1));
$('nav-last').addEventListener('click', () => navigate(ctrl.record.moves.length));
$('back-to-game').addEventListener('click', () => navigate(ctrl.record.moves.length));
document.addEventListener('keydown', (e) => {
  if (analysisBoard?.isOpen) return;
  if (e.target.closest?.('input, textarea, select, escaque-board-core, dialog')) return;
  if (e.key === 'ArrowLeft') navigate((viewPly ?? ctrl.record.moves.length) - 1);
  else if (e.key === 'ArrowRight') navigate((viewPly ?? ctrl.record.moves.length) + 1);
});

// A move typed while the board has the focus ("e4", "Nf3", "O-O"): the board's `typing` intent (a printable
// key it has no use for) takes the focus to the move field, where the browser then types it, so a keyboard
// player need not Tab there first.
board.onTyping = () => {
  const field = $('move-input');
  if (!field.disabled && !field.readOnly && !field.closest('[hidden]')) field.focus();
};

function navigate(ply) {
  const last = ctrl.record.moves.length;
  const p = Math.max(0, Math.min(last, ply));
  viewPly = p === last ? null : p;
  render();
}

// ---- export ----

// The game's PGN as exported (copied, shown, downloaded): after a review of this game, with the review
// written in (analysis/review-pgn.js, in English SAN as the analysis board writes it); else in the
// language of the settings. A string, or a promise while the reviewed PGN is first written (when the
// review ends: reviewChanged); then kept, so that a copy stays in the click's own task and a step
// through the moves writes nothing again. Should the review fail to be written in, the PGN without it.
let reviewedExport = null;  // {analysed, text}: the reviewed PGN of the review `analysed`
function exportPgn() {
  const analysed = review?.analysed();
  if (!analysed) return gamePgn(ctrl, pgnLanguage());
  if (reviewedExport?.analysed === analysed) return reviewedExport.text;
  return import('./analysis/review-pgn.js').then(({ reviewedPgn }) => {
    const text = reviewedPgn(gamePgn(ctrl, 'en'), analysed);
    reviewedExport = { analysed, text };
    return text;
  }).catch((e) => {
    showStatus(`The PGN is given without the review, which could not be written into it: ${e?.message ?? e}`);
    return gamePgn(ctrl, pgnLanguage());
  });
}
// The review was written or cleared: the PGN box shows it, unless it holds a finished game's PGN.
function reviewChanged() {
  reviewedExport = null;
  Promise.resolve(exportPgn()).then(() => { if (!boxHoldsOther) renderExport(); });
}
$('copy-pgn').addEventListener('click', async () => copy(await exportPgn(), 'PGN', $('pgn-out'), showPgnBox));
$('copy-fen').addEventListener('click', () => copy($('fen-out').value, 'FEN', $('fen-out')));
$('show-pgn').addEventListener('click', () => {
  const out = $('pgn-out');
  out.hidden = !out.hidden;
  $('show-pgn').setAttribute('aria-expanded', String(!out.hidden));
  renderExport();
});
function pgnLanguage() { return settings.language; }
$('download-pgn').addEventListener('click', async () => {
  const { downloadPgn } = await import('./analysis/pgn-files.js');
  const text = await exportPgn();
  downloadPgn(text, { White: playerName(ctrl.record.players.w), Black: playerName(ctrl.record.players.b),
    Date: ctrl.record.started.slice(0, 10) });
  showStatus('PGN downloaded.');
});

// ---- the analysis board (analysis/analysis.js; loaded when first opened) ----

let analysisBoard = null;
async function analysisUi() {
  if (!analysisBoard) {
    const { AnalysisBoard } = await import('./analysis/analysis.js');
    analysisBoard ??= new AnalysisBoard({
      engine, available: () => engineReady,
      onClose: () => { render(); afterChange(); $('open-analysis').focus(); },
      notify: (text) => { $('an-notice').textContent = text; },
      showOpening: (fens, chess960) => showOpening($('an-opening'), fens, chess960),
      lookOfBoard: (el) => lookOfBoard(el, settings),
      playFrom: (text, chess960) => newGameDialog(false, { text, chess960 }),
    });
  }
  return analysisBoard;
}

/**
 * Opens the analysis board: on the last analysis (pgn null), or on a game's PGN at position `ply`, with the
 * review's evaluations of that game (`analysed`) written in.
 */
async function openAnalysis(pgn = null, ply = null, analysed = null) {
  if (!ctrl.record) return;
  let ui;
  try {
    ui = await analysisUi();
  } catch (e) {
    showStatus(`The analysis board could not load: ${e.message}`);
    return;
  }
  if (settings.hints) { engine.stopAnalysis(); $('thinking').hidden = true; }
  review?.stop();  // the board's engine lines take the adviser: a review under way stops, its button freed
  if (pgn === null) ui.open();
  else ui.openPgn(pgn, ply, orientation(), analysed);
}
$('open-analysis').addEventListener('click', () => openAnalysis());
$('analyse-game').addEventListener('click', () => openAnalysis(gamePgn(ctrl, 'en'), viewPly ?? ctrl.record.moves.length,
  review?.analysed()));

// Refused — no navigator.clipboard outside a secure context (the app over http on a LAN address), or a
// browser's permission — the text is shown selected in `field` (`show()` opens it first) and focused,
// so that Ctrl+C copies it.
async function copy(text, what, field = null, show = () => {}) {
  try {
    await navigator.clipboard.writeText(text);
    showStatus(`${what} copied.`);
  } catch {
    if (!field) { showStatus(`${what} could not be copied here.`); return; }
    show();
    if (field.value !== text) field.value = text;  // what was to be copied, whatever show() writes later
    field.focus();
    field.select();
    showStatus(`${what} could not be copied here: it is selected in its field, Ctrl+C (⌘C) copies it.`);
  }
}
function showPgnBox() {
  $('pgn-out').hidden = false;
  $('show-pgn').setAttribute('aria-expanded', 'true');
  renderExport();
}

// ---- new game ----

// The new-game dialog's module is not needed to play the game on the board: it loads after the board
// takes moves (one request fewer before that), or at once if the dialog is asked for first.
let newGameModule = null;
function newGameUi() {
  newGameModule ??= import('./newgame.js').then((m) => {
    m.setUpNewGameDialog();
    return m;
  });
  return newGameModule;
}

/** The new-game dialog; `position` ({text: a FEN or PGN, chess960}): set to start from it (the editor's position,
 *  the analysis board's line). */
async function newGameDialog(rematch = false, position = null) {
  let previous = lastChoices;
  if (rematch && previous) previous = { ...previous, color: previous.color === 'w' ? 'b' : 'w' };
  let ui;
  try {
    ui = await newGameUi();
  } catch (e) {
    newGameModule = null;  // a later click tries again
    showStatus(`The new-game dialog could not load: ${e.message}`);
    return;
  }
  // The game starts from inside the dialog: a position the rules refuse is told there, the text kept.
  await ui.askNewGame(previous, startGame, position);
}

function startGame(choices) {
  if (choices.opponent === 'engine' && !engineReady) throw new Error('the engine is not available in this build');
  const human = { type: 'human', name: choices.opponent === 'engine' ? 'You' : '' };
  const bot = { type: 'engine', level: choices.level };
  const players = choices.opponent === 'engine'
    ? (choices.color === 'w' ? { w: human, b: bot } : { w: bot, b: human })
    : { w: { type: 'human', name: 'White' }, b: { type: 'human', name: 'Black' } };
  const record = newRecord({ ...choices, players });
  record.choices = choices;
  engineThinking = null;
  engine.stop();
  engine.stopAnalysis();
  lastChoices = choices;
  viewPly = null;
  flipped = false;
  clockView.resetWarnings();
  $('thinking').hidden = true;
  $('move-input').value = '';  // the last game's typed move and its error are not this game's
  showMoveError('');
  ctrl.start(record);
  hideStartScreen();
  showStatus('');
}

// ---- settings ----

function applySettings() {
  document.documentElement.dataset.theme = settings.theme;
  lookOfBoard(board.element, settings);
  lookOfBoard(document.getElementById('an-board'), settings);
  lookOfBoard(document.getElementById('ed-board'), settings);
  setSoundEnabled(settings.sound);
  board.setLanguage(settings.language === 'figurine' ? 'en' : settings.language);
}
$('open-settings').addEventListener('click', () => {
  const f = $('settings-form');
  f.elements.language.value = settings.language;
  f.elements.theme.value = settings.theme;
  f.elements.hints.checked = settings.hints;
  f.elements.sound.checked = settings.sound;
  f.elements.casualDraws.checked = settings.casualDraws;
  f.elements.boardTheme.value = settings.boardTheme;
  f.elements.pieceSet.value = settings.pieceSet;
  f.elements.coordinates.checked = settings.coordinates;
  $('settings-dialog').showModal();
});
$('settings-form').addEventListener('change', () => {
  const f = $('settings-form');
  Object.assign(settings, {
    language: f.elements.language.value, theme: f.elements.theme.value, hints: f.elements.hints.checked,
    sound: f.elements.sound.checked, casualDraws: f.elements.casualDraws.checked,
    boardTheme: f.elements.boardTheme.value, pieceSet: f.elements.pieceSet.value, coordinates: f.elements.coordinates.checked,
  });
  store.saveSettings(settings);
  applySettings();
  if (!settings.hints) { engine.stopAnalysis(); $('thinking').hidden = true; }
  render();
  afterChange();
});

// ---- drawing ----

// Messages about what just happened (a refused claim, the engine's answer to an offer): their own line,
// which the turn/result status never overwrites.
function showStatus(text) {
  $('notice').textContent = text;
}

function orientation() {
  const { players, autoFlip } = ctrl.record;
  let side = 'w';
  const humans = ['w', 'b'].filter((s) => players[s].type === 'human');
  if (humans.length === 1) side = humans[0];
  else if (autoFlip && !ctrl.over) side = ctrl.turn();
  return flipped ? other(side) : side;
}

function render() {
  const { record, game } = ctrl;
  review?.sync(viewPly ?? record.moves.length);  // a review of another game is cleared; its graph marks the move shown
  const history = game.history({ verbose: true });
  const live = viewPly === null;
  const fen = live ? game.fen() : (viewPly === 0 ? record.setup.fen : history[viewPly - 1].after);
  const last = live ? history.at(-1) : history[viewPly - 1];
  const side = ctrl.turn();
  const humanToMove = !ctrl.over && ctrl.playerType(side) === 'human';
  const orient = orientation();
  // Against the engine the person's colour stays interactive during the engine's turn (premoves).
  const humans = ['w', 'b'].filter((s) => record.players[s].type === 'human');
  let interactive = 'none';
  if (live && !ctrl.over && tabs.owner) {
    if (humans.length === 1) interactive = humans[0] === 'w' ? 'white' : 'black';
    else if (humanToMove) interactive = side === 'w' ? 'white' : 'black';
  }
  board.show({
    fen, orientation: orient, lastMove: last ? last.uci : null, chess960: record.setup.chess960,
    interactive, premoves: humans.length === 1, game: live ? game : null, move: last ?? null,
    outcome: ctrl.over ? ctrl.outcome() : null,
  });
  clockView.setOrientation(orient);
  renderMaterial(fen, orient);
  const shownPlies = live ? history.length : viewPly;
  showOpening($('opening'), [record.setup.fen, ...history.slice(0, shownPlies).map((m) => m.after)], record.setup.chess960);
  clockView.setNames({ w: playerName(record.players.w), b: playerName(record.players.b) });
  const firstPly = history.length ? plyOf(history[0].before) : 0;
  moveList.render(game.history({ language: settings.language }), firstPly, viewPly);
  $('viewing').hidden = live;
  setMoveNavEnds('nav', { atStart: shownPlies === 0, atEnd: live });
  $('fen-out').value = fen;
  document.body.dataset.plies = String(record.moves.length);
  document.body.dataset.fen = game.fen();
  renderStatus();
  renderActions();
  renderExport();
}

function plyOf(fen) {
  const f = fen.split(' ');
  return (Number(f[5] || 1) - 1) * 2 + (f[1] === 'b' ? 1 : 0);
}

function renderStatus() {
  const banner = $('result');
  if (ctrl.over) {
    const o = ctrl.outcome();
    banner.hidden = false;
    const { headline, outcome } = resultForViewer(o);
    banner.replaceChildren(Object.assign(document.createElement('strong'), { textContent: headline }),
      ` ${o.result} · ${o.description}`);
    banner.dataset.outcome = outcome;
    banner.dataset.reason = o.reason;
    banner.dataset.result = o.result;
    $('status').textContent = 'Game over.';
    document.body.dataset.result = o.result;
    document.body.dataset.reason = o.reason;
    return;
  }
  banner.hidden = true;
  delete document.body.dataset.result;
  delete document.body.dataset.reason;
  const side = ctrl.turn();
  const who = ctrl.playerType(side) === 'engine'
    ? `${COLOR[side]} (engine) is thinking…` : `${COLOR[side]} to move.`;
  $('status').textContent = ctrl.game.inCheck() ? `${who} Check.` : who;
}

// The result as the person at the board sees it: against the engine "You won" / "You lost" (coloured
// win / loss), between two people on one device who won; a draw is a draw.
function resultForViewer(o) {
  if (o.result === '1/2-1/2') return { headline: 'Draw', outcome: 'draw' };
  const winner = o.result === '1-0' ? 'w' : 'b';
  const humans = ['w', 'b'].filter((s) => ctrl.playerType(s) === 'human');
  if (humans.length === 1) {
    return humans[0] === winner ? { headline: 'You won', outcome: 'win' } : { headline: 'You lost', outcome: 'loss' };
  }
  return { headline: `${COLOR[winner]} won`, outcome: 'decisive' };
}

// The opening of the position shown (openings.js; the table arrives after the board takes moves).
let openingIndex = null;
function showOpening(el, fens, chess960) {
  const found = chess960 ? null : openingOf(openingIndex, fens);
  el.hidden = !found;
  if (!found) return;
  if (el.dataset.eco === found.eco && el.dataset.name === found.name) return;
  el.dataset.eco = found.eco;
  el.dataset.name = found.name;
  const eco = Object.assign(document.createElement('span'), { className: 'eco', textContent: found.eco });
  el.replaceChildren(eco, found.name);
}

function renderMaterial(fen, orient) {
  const m = material(ctrl.record.setup.fen, fen);
  for (const side of ['w', 'b']) drawMaterial($(side === orient ? 'captured-bottom' : 'captured-top'), side, m[side]);
}

function renderActions() {
  const viewer = !tabs.owner;
  // A tab that only shows the game offers no action on it (as if it were over), but "Play here".
  const over = ctrl.over || viewer;
  const side = ctrl.turn();
  const humanToMove = !over && ctrl.playerType(side) === 'human';
  const offer = over ? null : ctrl.game.drawOffer();
  $('tab-banner').hidden = !viewer;
  if (started) document.body.dataset.role = viewer ? 'viewer' : 'owner';
  $('new-game').disabled = viewer;
  $('claim-draw').hidden = !(humanToMove && ctrl.game.canClaimDraw());
  $('claim-with-move').hidden = !(humanToMove && claimableTypedMove());
  moveFieldUsable(humanToMove, over);
  const offerer = humanSide();
  $('offer-draw').hidden = over || offer !== null;
  $('resign').hidden = over;
  const responder = offer ? other(offer) : null;
  $('offer').hidden = !(offer && ctrl.playerType(responder) === 'human');
  // Art. 5.2.3: an agreement needs a move by each player; before that an offer can only be declined.
  // The package counts plies as the FEN does (from move 1), so the app does the same.
  const agreeable = plyOf(ctrl.game.fen()) >= 2;
  $('accept-draw').hidden = !agreeable;
  $('offer-text').textContent = !offer ? '' : agreeable ? `${COLOR[offer]} offers a draw.`
    : `${COLOR[offer]} offers a draw; it can be agreed only after both players have made a move (FIDE Art. 5.2.3).`;
  $('take-back').hidden = !(ctrl.record.casual && !over && ctrl.record.moves.length > 0);
  $('stop-engine').hidden = !engineThinking;
  $('rematch').hidden = !ctrl.over || viewer || !lastChoices;
  $('review').hidden = !ctrl.over || viewer || !engineReady;
  document.getElementById('app').dataset.offerer = offerer;
  // The move that ended the game was typed: the focus, dropped with the field, goes to the next step.
  if (over && focusWasTyping) {
    if ($('rematch').hidden) board.element.focusSquare(); else $('rematch').focus();
  }
}

// The move field and "Play": while the other side (the engine) is to move the field is read-only, not
// disabled, so that a person who typed a move keeps the focus there and types the next one once the
// engine has moved (a disabled field drops the focus to the page's start). When the game is over, or
// this tab only shows it, both are disabled. Sets focusWasTyping for renderActions' last step.
let focusWasTyping = false;
function moveFieldUsable(humanToMove, over) {
  const field = $('move-input');
  const play = $('play-move');
  focusWasTyping = document.activeElement === field || document.activeElement === play;
  if (document.activeElement === play && !humanToMove && !over) field.focus();
  field.disabled = over;
  field.readOnly = !over && !humanToMove;
  if (field.readOnly) field.setAttribute('aria-disabled', 'true');
  else field.removeAttribute('aria-disabled');
  play.disabled = !humanToMove;
}

let exportShown = 0;  // the latest renderExport (an earlier one still waiting writes nothing)
let boxHoldsOther = false;  // the PGN box holds a finished game's PGN (the list's "PGN")
function renderExport() {
  if ($('pgn-out').hidden) return;
  const mine = ++exportShown;
  const write = (text) => {
    if (mine !== exportShown || $('pgn-out').hidden) return;
    boxHoldsOther = false;
    // The same text is not written again: that would drop a selection in it (copy()'s fallback).
    if ($('pgn-out').value !== text) $('pgn-out').value = text;
    $('pgn-out').setAttribute('aria-label', 'PGN of the game');
  };
  const text = exportPgn();
  if (typeof text === 'string') write(text);
  else text.then(write);
}

function renderFinished() {
  const items = readFinished().list.map((g) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'PGN';
    b.setAttribute('aria-label', `PGN of ${g.white} – ${g.black}`);
    // The PGN box is in the Export box, far above this list: the focus goes there (and scrolls it into
    // view), and the box is named by the game it now holds until it shows the game in progress again.
    b.addEventListener('click', () => {
      exportShown++;  // a write of the game in progress still waiting is dropped
      boxHoldsOther = true;
      $('pgn-out').hidden = false;
      $('pgn-out').value = g.pgn;
      $('pgn-out').setAttribute('aria-label', `PGN of ${g.white} – ${g.black}, ${g.date.slice(0, 10)}`);
      $('show-pgn').setAttribute('aria-expanded', 'true');
      $('pgn-out').focus();
    });
    const reviewButton = document.createElement('button');
    reviewButton.type = 'button';
    reviewButton.textContent = 'Review';
    reviewButton.setAttribute('aria-label', `Review ${g.white} – ${g.black}, ${g.date.slice(0, 10)}`);
    // The game on the play screen, reviewed there: its evaluations go with it.
    reviewButton.addEventListener('click', () => openAnalysis(g.pgn, 0, g.id === ctrl.record?.id ? review?.analysed() : null));
    // The ending in words ("Black wins by checkmate (FIDE Art. 5.1.1)"); an entry stored without them
    // (older versions) shows its reason code.
    const ending = typeof g.description === 'string' && g.description ? g.description : `(${g.reason})`;
    li.append(`${g.date.slice(0, 10)} ${g.white} – ${g.black} ${g.result} · ${ending} `, b, ' ', reviewButton);
    return li;
  });
  $('finished-list').replaceChildren(...items);
  $('finished-empty').hidden = items.length > 0;
}

// ---- start-up ----

// 'escaque-interactive': the board takes moves (measured by bench/app-startup.mjs). On the start position
// of a game with no moves yet, early-board.js has marked it before the rules were loaded (the board
// holds that first move until the game has started); otherwise here, once the game is loaded.
// 'escaque-game-ready': the game is loaded.
function markInteractive() {
  if (!performance.getEntriesByName('escaque-interactive').length) performance.mark('escaque-interactive');
}

let engineReady = false;

// Lets the browser paint and take input between the steps of start-up, so that they run as tasks of
// their own rather than one long task (Lighthouse's Total Blocking Time counts every task's time over
// 50 ms). scheduler.yield() resumes ahead of other queued work; setTimeout where it does not exist.
function yieldToBrowser() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// What storage holds, read back (recovery.js): the good parts are used, the rest is reported and its raw
// text kept (under its own key when storage allows, and on the page to copy).
function recoverStored() {
  const current = readCurrent();
  const finished = readFinished();
  const items = [];
  const storageErrors = new Set();
  for (const [part, raw] of [[current, current.raw], [finished, finished.raw]]) {
    for (const p of part.problems) {
      if (p.what === 'storage') { storageErrors.add(p.message); continue; }
      items.push({ message: p.message, raw: null });
    }
    if (raw !== null) {
      const kept = keepRaw(part === current ? 'game' : 'finished', part.problems.map((p) => p.message).join(' '), raw);
      // With its text safe, the finished list is written back with the good entries only, so that the
      // next visit starts clean (the game in progress is written over by the next save anyway).
      if (kept.ok && part === finished) store.writeJson(store.KEYS.finished, finished.list);
      items.push({ message: kept.ok ? 'Its text is kept below (and in this browser\'s storage) to copy.'
        : 'Its text is shown below to copy (it could not be kept in storage).', raw });
    }
  }
  for (const message of storageErrors) items.push({ message: `Saved games cannot be read: ${message}.`, raw: null });
  showRecovery(items);
  return current.record;
}

const FIRST_GAME = { opponent: 'human', color: 'w', level: 'club', casual: true, autoFlip: false, tc: { untimed: true } };

// The start screen's choices (start-screen.js); one made before the game has loaded waits for it.
let markStarted;
const gameLoaded = new Promise((resolve) => { markStarted = resolve; });
onStartChoice(startChoice);
async function startChoice({ mode, level, color }) {
  await gameLoaded;
  if (mode === 'analysis') { openAnalysis(); return; }
  try {
    if (mode === 'engine') {
      const side = color === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : color;
      startGame({ ...FIRST_GAME, opponent: 'engine', color: side, level });
    } else {
      startGame(FIRST_GAME);
    }
  } catch (e) {
    showStatus(e.message);
  }
}

// This tab owns the game now: it plays on from the newest state it knows (stored or received).
function becomeOwner(stored) {
  clock.passive = false;
  const record = tabs.newest(stored);
  let restored = false;
  if (record) {
    try {
      engineThinking = null;
      ctrl.restore(structuredClone(record));
      lastChoices = record.choices ?? lastChoices;
      restored = true;
    } catch (e) {
      showRecovery([{ message: `The saved game could not be restored: ${e.message}.`, raw: JSON.stringify(record) }]);
    }
  }
  if (!restored) startGame(FIRST_GAME);
  // Nothing in progress (a first visit, or the last game is over): ask what the person wants.
  if (!restored || ctrl.over) showStartScreen();
  render();
  afterChange();
}

// Another tab owns the game: this one shows it, live and read-only, with a clock that only shows time.
function becomeViewer() {
  engineThinking = null;
  engine.stop();
  engine.stopAnalysis();
  $('thinking').hidden = true;
  clock.passive = true;
  if (tabs.latest) showOwnersGame(tabs.latest);
  else render();
}

function showOwnersGame(record) {
  try {
    ctrl.restore(structuredClone(record));
    lastChoices = record.choices ?? lastChoices;
  } catch (e) {
    showStatus(`The other tab's game cannot be shown: ${e.message}`);
  }
}

let lastRoleChange = 'start';
tabs.addEventListener('role', (e) => {
  if (!started) return;
  const { owner, why } = e.detail;
  if (owner) {
    becomeOwner(readCurrent().record);
    if (why === 'free') {
      showStatus(lastRoleChange === 'superseded' ? 'A newer state of the game, saved elsewhere, is played here now.'
        : 'The tab that had this game closed: it is played here now.');
    }
  } else {
    becomeViewer();
    showStatus(why === 'taken' ? 'The game is now played in another tab.'
      : why === 'superseded' ? 'Another tab saved a newer state of the game: it is shown here.' : '');
  }
  lastRoleChange = why;
});
tabs.addEventListener('game', (e) => { if (started && !tabs.owner) showOwnersGame(e.detail.record); });
tabs.addEventListener('finished', () => { if (started) renderFinished(); });
$('play-here').addEventListener('click', async () => {
  await tabs.takeOver();
  showStatus('');
});
$('storage-copy-pgn').addEventListener('click', async () => copy(await exportPgn(), 'PGN', $('pgn-out'), showPgnBox));
$('storage-show-pgn').addEventListener('click', () => {
  showPgnBox();
  $('pgn-out').focus();
});
wireRecovery(copy);

async function main() {
  // The board (early-board.js) shows the saved game's start position, or a first visit's, and holds a
  // move made there until the game below has started.
  performance.mark('escaque-main');
  wireBoard();
  applySettings();
  // Which tab plays the game: the Web Lock's answer comes from the browser process, so it is asked for
  // now and read once the rules are ready (nothing is shown or saved for it before `started`).
  const ownership = tabs.start();
  try {
    await init();
    performance.mark('escaque-wasm-ready');
  } catch (e) {
    $('status').textContent = `Could not load the chess module: ${e.message}`;
    return;
  }
  // The rules build their attack tables on their first position (≈ 25 ms of a desktop's CPU, in
  // WebAssembly's baseline tier: four times that on a phone): here, in a task of its own, rather than
  // inside the game's start-up below.
  await yieldToBrowser();
  new Chess().dispose();
  await yieldToBrowser();
  engineReady = await engineAvailable();
  // Whatever storage holds (damaged, older, unreadable), the app starts: a fresh game at worst.
  let stored = null;
  try {
    stored = recoverStored();
  } catch (e) {
    showRecovery([{ message: `Saved games could not be read: ${e.message}.`, raw: null }]);
  }
  await ownership;
  const owner = tabs.owner;  // as it is now: another tab may have taken the game since the answer
  started = true;
  markStarted();
  if (owner) {
    becomeOwner(stored);
  } else {
    clock.passive = true;
    tabs.newest(stored);
    if (tabs.latest) showOwnersGame(tabs.latest);
    if (!ctrl.record) startGame(FIRST_GAME);  // nothing stored yet: the start position, until the owner saves
  }
  review = setUpReview({ ctrl, engine, navigate, available: () => engineReady, changed: reviewChanged });
  document.getElementById('app').setAttribute('aria-busy', 'false');
  // A handle for diagnostics and the browser tests (read-only use).
  window.__escaque = { ctrl, clock, tabs, engine };
  document.body.dataset.ready = 'true';
  renderActions();
  performance.mark('escaque-game-ready');
  markInteractive();
  // Not needed to play: after the first paint.
  setTimeout(() => {
    renderFinished();
    newGameUi().catch(() => { /* retried when the dialog is asked for */ });
    import('./offline.js').then((m) => m.registerServiceWorker(), () => { /* no offline support this visit */ });
    loadOpenings().then((index) => {
      if (!index) return;
      openingIndex = index;
      render();
      analysisBoard?.refresh();
    });
  }, 0);
}

main();
