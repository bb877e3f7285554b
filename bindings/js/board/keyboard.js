// Keyboard input on the square grid (a roving tabindex: one square is in the
// tab order, the arrows move it in screen directions). Enter or Space picks a
// piece up and puts it down, Escape cancels; PageUp/PageDown (and Home/End
// with Ctrl) step through the game's positions. Any other printable character
// (no Ctrl, Alt or Meta) is the `typing` intent: the owner may take the focus
// to a move field during it, and the browser then types the character there.
export function attachKeyboard(board, ctl) {
  // A click can focus a square too: it becomes the tab stop.
  board.addEventListener('focusin', (e) => {
    const cell = e.target.closest?.('.sq');
    if (cell) ctl.focusCell(+cell.dataset.row * 8 + +cell.dataset.col, false);
  });
  board.addEventListener('keydown', (e) => {
    const cell = e.target.closest?.('.sq');
    if (!cell) return;
    let col = +cell.dataset.col;
    let row = +cell.dataset.row;
    switch (e.key) {
      case 'ArrowLeft': col = Math.max(0, col - 1); break;
      case 'ArrowRight': col = Math.min(7, col + 1); break;
      case 'ArrowUp': row = Math.max(0, row - 1); break;
      case 'ArrowDown': row = Math.min(7, row + 1); break;
      case 'Home': if (e.ctrlKey) { ctl.navigate('first'); e.preventDefault(); return; } col = 0; break;
      case 'End': if (e.ctrlKey) { ctl.navigate('last'); e.preventDefault(); return; } col = 7; break;
      case 'PageUp': ctl.navigate('prev'); e.preventDefault(); return;
      case 'PageDown': ctl.navigate('next'); e.preventDefault(); return;
      case 'Enter':
      case ' ':
        e.preventDefault();
        ctl.activate(cell.dataset.square, 'keyboard', e.timeStamp);
        return;
      case 'Escape':
        ctl.escape();
        return;
      default:
        if (e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey && !e.defaultPrevented) ctl.typing(e.key);
        return;
    }
    e.preventDefault();
    ctl.focusCell(row * 8 + col);
  });
}
