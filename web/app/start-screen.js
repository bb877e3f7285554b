// The start screen: what the person wants on a first visit (and whenever no game is in progress):
// play the computer (level and colour), play a friend, or the analysis board. The last choice is
// remembered (in the settings) and offered first next time. A card in the side panel, not a modal:
// the board stays usable under it (a first visit can move a piece at once: two people, untimed).
import { LEVELS, levelById } from './levels.js';

const $ = (id) => document.getElementById(id);

/**
 * settings: the app's settings object ({startChoice}); save(): stores them; act(choice): does it
 * ({mode: 'engine'|'friend'|'analysis', level, color}).
 */
export function setUpStartScreen({ settings, save, act }) {
  const level = $('start-level');
  for (const l of LEVELS) level.append(new Option(l.name, l.id));
  const last = settings.startChoice;
  level.value = levelById(last?.level ?? 'club').id;
  $('start-color').value = ['w', 'b', 'random'].includes(last?.color) ? last.color : 'w';
  for (const mode of ['engine', 'friend', 'analysis']) {
    const button = $(`start-${mode}`);
    if (last?.mode === mode) button.dataset.last = 'true';
    button.addEventListener('click', () => {
      const choice = { mode, level: level.value, color: $('start-color').value };
      settings.startChoice = choice;
      save();
      for (const m of ['engine', 'friend', 'analysis']) delete $(`start-${m}`).dataset.last;
      button.dataset.last = 'true';
      // The analysis board takes the focus itself when it opens.
      hideStartScreen({ focusBoard: mode !== 'analysis' });
      act(choice);
    });
  }
  $('start-dismiss').addEventListener('click', () => hideStartScreen());
}


export function showStartScreen() {
  $('start').hidden = false;
  const last = document.querySelector('#start button[data-last]');
  $('start-last').textContent = last ? `Last time: ${last.textContent.toLowerCase()}.` : '';
}
// Hiding the card while it holds the focus (a choice made from the keyboard) hands the focus to the board
// the card sat beside (its square in the tab order), where the game is played, not back to the page's
// start; `focusBoard: false` leaves it to whoever shows next.
export function hideStartScreen({ focusBoard = true } = {}) {
  const hadFocus = $('start').contains(document.activeElement);
  $('start').hidden = true;
  if (hadFocus && focusBoard) $('board')?.focusSquare?.();
}
