// The two-click confirmation of the game's grave buttons (Resign): no blocking confirm() dialog. The
// first click asks ("Resign as White? Click again to confirm.") and marks the button
// (data-confirm="pending"); a second click within `ms` confirms. Each question lapses with its own time
// only: the timer of an earlier question (confirmed, or lapsed and asked again) never cancels a later one.

/**
 * say(text): the page's message line; said(): what it shows now (a lapsed question is cleared only if it
 * is still what is shown). Returns confirmAction(button, question): true when this click confirms.
 */
export function confirmer({ say, said, ms = 3000 }) {
  const timers = new WeakMap();  // button -> the timer of its open question
  return function confirmAction(button, question) {
    clearTimeout(timers.get(button));
    timers.delete(button);
    if (button.dataset.confirm === 'pending') {
      delete button.dataset.confirm;
      return true;
    }
    button.dataset.confirm = 'pending';
    say(question);
    timers.set(button, setTimeout(() => {
      timers.delete(button);
      delete button.dataset.confirm;
      if (said() === question) say('');  // the question lapses with its time
    }, ms));
    return false;
  };
}
