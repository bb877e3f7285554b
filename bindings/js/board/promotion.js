// The promotion picker: a button per piece offered (queen, rook, bishop,
// knight, in that order) stacked in the promotion square's column from the
// edge, over a dimmed board. Works with pointer and keyboard (focus starts on
// the first; arrows, Enter, Escape); resolves to the chosen type or null when
// dismissed. It imports nothing: the board loads it only when it may move pieces (board-core.js), and
// hands it the promotion square's cell and the words.
const ORDER = ['q', 'r', 'b', 'n'];

/** host: the board's frame; cell: [column, row] of the promotion square as drawn; w: the board's words. */
export function pickPromotion(host, { cell, color, pieces = ORDER, w, makePiece }) {
  return new Promise((resolve) => {
    const layer = document.createElement('div');
    layer.className = 'promo';
    layer.setAttribute('role', 'dialog');
    layer.setAttribute('part', 'promotion');
    layer.setAttribute('aria-label', w.promotion);
    const [col, row] = cell;
    const down = row === 0;
    const buttons = ORDER.filter((t) => pieces.includes(t)).map((type, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.piece = type;
      b.setAttribute('aria-label', `${w.promotion} ${w.pieces['pnbrqk'.indexOf(type)]}`);
      b.style.gridColumn = String(col + 1);
      b.style.gridRow = String(down ? row + 1 + i : row + 1 - i);
      b.append(makePiece(color + type));
      return b;
    });
    layer.append(...buttons);
    const finish = (type) => {
      layer.remove();
      resolve(type);
    };
    layer.addEventListener('pointerdown', (e) => {
      e.stopPropagation();
      const b = e.target.closest('button');
      e.preventDefault();
      finish(b ? b.dataset.piece : null);
    });
    layer.addEventListener('contextmenu', (e) => e.preventDefault());
    layer.addEventListener('keydown', (e) => {
      e.stopPropagation();
      const i = buttons.indexOf(e.target);
      if (e.key === 'Escape') finish(null);
      else if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); finish(buttons[Math.max(i, 0)].dataset.piece); }
      else if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Tab') {
        e.preventDefault();
        const step = e.key === 'ArrowUp' || (e.key === 'Tab' && e.shiftKey) ? -1 : 1;
        buttons[(i + step + buttons.length) % buttons.length].focus();
      }
    });
    host.append(layer);
    buttons[0].focus({ preventScroll: true });
  });
}
