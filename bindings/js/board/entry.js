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
  return { entry, input, labelText };
}
