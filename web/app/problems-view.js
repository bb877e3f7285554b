// What the page says about storage: saved data it could not restore (with the raw text, to copy or
// keep) and a game that cannot be saved (told once, with the way to keep the game: its PGN). The
// elements are in web/index.html (#recovery, #storage-warning).
const $ = (id) => document.getElementById(id);

/**
 * Shows what could not be restored: items [{message, raw}] (raw: the text as it was stored, or null).
 * Adds to what is shown already.
 */
export function showRecovery(items) {
  if (!items.length) return;
  const box = $('recovery');
  const raws = [];
  for (const { message, raw } of items) {
    $('recovery-list').append(Object.assign(document.createElement('li'), { textContent: message }));
    if (raw !== null && raw !== undefined) raws.push(raw);
  }
  const text = $('recovery-text');
  if (raws.length) {
    text.value = [text.value, ...raws].filter(Boolean).join('\n\n');
    text.hidden = false;
    $('recovery-text-label').hidden = false;
    $('recovery-copy').hidden = false;
  }
  box.hidden = false;
}

let copyWired = false;
export function wireRecovery(copy) {
  if (copyWired) return;
  copyWired = true;
  $('recovery-copy').addEventListener('click', () => copy($('recovery-text').value, 'The saved text', $('recovery-text')));
  $('recovery-dismiss').addEventListener('click', () => { $('recovery').hidden = true; });
}

let told = false;
/**
 * A save failed (result {ok: false, error}): the person is told once, until saving works again
 * (then the notice goes, and a later failure is told again).
 */
export function saveResult(result) {
  const box = $('storage-warning');
  if (result.ok) {
    if (told) { told = false; box.hidden = true; }
    return;
  }
  if (told || result.superseded) return;
  told = true;
  $('storage-warning-text').textContent = `This game cannot be saved: ${result.error}. It goes on in this tab; ` +
    'to keep it, copy or show its PGN before closing the tab.';
  box.hidden = false;
}
