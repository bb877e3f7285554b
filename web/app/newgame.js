// The new-game / rematch dialog: opponent, colour and level, start position
// (standard, Chess960 random or numbered, FEN or PGN) and time control
// (presets or custom, with the category the Laws give it).
import { LEVELS, levelById } from './levels.js';
import {
  MINUTE, SECOND, PRESETS, category, describeTimeControl, pgnTimeControl, validateTimeControl,
} from './timecontrol.js';

const $ = (id) => document.getElementById(id);

export function setUpNewGameDialog() {
  const preset = $('ng-preset');
  for (const p of PRESETS) preset.append(new Option(p.id === 'untimed' ? 'Untimed' : p.id, p.id));
  preset.append(new Option('Custom…', 'custom'));
  preset.value = 'untimed';
  const level = $('ng-level');
  for (const l of LEVELS) level.append(new Option(l.name, l.id));
  level.value = 'club';
  const form = $('new-game-form');
  form.addEventListener('input', () => refresh());
  refresh();
}

function refresh() {
  const form = $('new-game-form');
  const custom = $('ng-preset').value === 'custom';
  $('ng-custom').hidden = !custom;
  const engine = form.elements.opponent.value === 'engine';
  for (const el of form.querySelectorAll('.engine-only')) el.hidden = !engine;
  for (const el of form.querySelectorAll('.humans-only')) el.hidden = engine;
  try {
    const tc = timeControlFromForm();
    $('ng-tc-summary').textContent = tc.untimed ? 'Untimed: no clock.'
      : `${describeTimeControl(tc)} — ${category(tc)} (PGN TimeControl "${pgnTimeControl(tc)}")`;
    $('ng-start').disabled = false;
  } catch (e) {
    $('ng-tc-summary').textContent = e.message;
    $('ng-start').disabled = true;
  }
}

/** The time control the dialog describes; throws with the reason when the custom fields are wrong. */
export function timeControlFromForm() {
  const id = $('ng-preset').value;
  if (id !== 'custom') return PRESETS.find((p) => p.id === id).tc;
  const num = (el) => Number(el.value || 0);
  const base = num($('ng-base')) * MINUTE;
  const increment = num($('ng-inc')) * SECOND;
  const delay = num($('ng-delay')) * SECOND;
  const periodMoves = Math.trunc(num($('ng-period-moves')));
  const second = num($('ng-period2')) * MINUTE;
  const periods = [{ moves: periodMoves, time: base }];
  if (periodMoves > 0 && second > 0) periods.push({ moves: 0, time: second });
  return validateTimeControl({ periods, increment, delay, delayMode: delay > 0 ? $('ng-delay-mode').value : 'none' });
}

// The FEN of a Chess960 position handed over by the position editor, while the dialog shows it (a PGN
// says so itself, in its Variant tag).
let chess960Fen = null;

/**
 * Opens the dialog, preset from `previous` (a rematch swaps colours). On Start, `start(choices)` starts
 * the game; if it throws (a FEN the rules refuse...), the dialog stays open with what was typed and shows
 * why, next to the field at fault. `position` ({text: a FEN or PGN, chess960}): the dialog is set to start
 * from it. Resolves with the choices of the game started, or null (cancelled).
 */
export function askNewGame(previous = null, start = () => {}, position = null) {
  const dialog = $('new-game-dialog');
  const form = $('new-game-form');
  showError(null);
  if (previous) {
    form.elements.opponent.value = previous.opponent;
    $('ng-color').value = previous.color;
    $('ng-level').value = previous.level;
  }
  if (position) {  // from the position editor or the analysis board: the game starts there
    form.elements.start.value = 'fen';
    $('ng-position').value = position.text;
  }
  chess960Fen = position?.chess960 ? position.text : null;
  refresh();
  return new Promise((resolve) => {
    const done = (value) => {
      form.removeEventListener('submit', onSubmit);
      $('ng-cancel').removeEventListener('click', onCancel);
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      resolve(value);
    };
    const onSubmit = (e) => {
      e.preventDefault();
      let choices;
      try {
        choices = readChoices();
      } catch (err) {
        showError(err.message, err.field);
        return;
      }
      try {
        start(choices);
      } catch (err) {
        showError(`Could not start that game: ${err.message}`,
          choices.fen !== undefined || choices.pgn !== undefined ? 'ng-position' : null);
        return;
      }
      done(choices);
    };
    const onCancel = (e) => { e.preventDefault(); done(null); };
    form.addEventListener('submit', onSubmit);
    $('ng-cancel').addEventListener('click', onCancel);
    dialog.addEventListener('cancel', onCancel);
    dialog.showModal();
  });
}

// The dialog's error line (null: none), and the field it is about marked invalid (the fields that can be
// at fault name #ng-error in aria-describedby, web/index.html); editing that field clears both.
function showError(message, field = null) {
  const error = $('ng-error');
  error.textContent = message ?? '';
  error.hidden = !message;
  for (const el of $('new-game-form').querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  if (!message || !field) return;
  const el = $(field);
  el.setAttribute('aria-invalid', 'true');
  el.addEventListener('input', () => showError(null), { once: true });
  el.focus();
}

const fieldError = (message, field) => Object.assign(new Error(message), { field });

function readChoices() {
  const form = $('new-game-form');
  const opponent = form.elements.opponent.value;
  let color = $('ng-color').value;
  if (color === 'random') color = Math.random() < 0.5 ? 'w' : 'b';
  const choices = {
    opponent, color, level: levelById($('ng-level').value).id,
    casual: $('ng-casual').checked, autoFlip: $('ng-autoflip').checked,
    tc: timeControlFromForm(),
  };
  const start = form.elements.start.value;
  if (start === '960random') choices.chess960Index = Math.floor(Math.random() * 960);
  if (start === '960number') {
    const n = Number($('ng-960').value);
    if (!Number.isInteger(n) || n < 0 || n > 959) throw fieldError('Chess960 number: a whole number from 0 to 959', 'ng-960');
    choices.chess960Index = n;
  }
  if (start === 'fen') {
    const text = $('ng-position').value.trim();
    if (!text) throw fieldError('Paste a FEN or a PGN to start from', 'ng-position');
    if (/^\s*\[|\b1\.\s*\S/.test(text)) choices.pgn = text;
    else {
      choices.fen = text;
      // Castling rights named by rook files (Shredder-FEN, "HFhf") only exist in Chess960; a Chess960
      // position from the editor says so itself (its rights may read "KQkq", X-FEN).
      choices.chess960 = text === chess960Fen ||
        (/^[A-Ha-h]+$/.test(text.split(/\s+/)[2] ?? '') && !/^[KQkq]+$/.test(text.split(/\s+/)[2]));
    }
  }
  return choices;
}
