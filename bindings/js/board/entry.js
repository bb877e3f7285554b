// <escaque-board>'s typed-move field: a form under the board (`text-input`
// attribute, off unless asked for). Reading the text needs the rules, so it
// belongs to the element, not to the rules-free core.
export function buildEntry(root) {
  const entry = document.createElement('form');
  entry.className = 'entry';
  entry.setAttribute('part', 'entry');
  entry.hidden = true;
  const label = document.createElement('label');
  const labelText = document.createElement('span');
  const input = document.createElement('input');
  input.type = 'text';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('autocapitalize', 'off');
  input.setAttribute('enterkeyhint', 'send');
  label.append(labelText);
  label.htmlFor = 'move-input';
  input.id = 'move-input';
  entry.append(label, input);
  root.append(entry);
  // A move typed while a square has the focus: its first character takes the focus to the field, where
  // the browser types it (the board keeps its own keys; Ctrl, Alt and Meta stay the browser's).
  root.addEventListener('keydown', (e) => {
    if (entry.hidden || input.disabled || !e.target.closest?.('.sq')) return;
    if (e.key.length !== 1 || e.key === ' ' || e.ctrlKey || e.altKey || e.metaKey || e.defaultPrevented) return;
    input.focus();
  });
  return { entry, input, labelText };
}
