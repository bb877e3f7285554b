// The move list: SAN in the chosen language, one row per move number, each
// move a button that shows the position after it (navigation never changes
// the game itself).
export class MoveList {
  #ol;
  onSelect = (ply) => {};

  constructor(ol) {
    this.#ol = ol;
    ol.addEventListener('click', (e) => {
      const button = e.target.closest('button[data-ply]');
      if (button) this.onSelect(Number(button.dataset.ply));
    });
  }

  /**
   * @param {string[]} sans the game's moves in SAN
   * @param {number} firstPly ply number of the first move (0 = White's first move of move 1)
   * @param {number|null} viewPly the ply shown (null = the current position)
   */
  render(sans, firstPly, viewPly) {
    const items = [];
    let li = null;
    sans.forEach((san, i) => {
      const ply = firstPly + i;  // 0-based: even = White
      if (!li || ply % 2 === 0) {
        li = document.createElement('li');
        li.value = Math.floor(ply / 2) + 1;
        items.push(li);
        if (ply % 2 === 1) li.append(placeholder());
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.dataset.ply = String(i + 1);  // positions: 0 = start, i + 1 = after move i
      b.textContent = san;
      const current = viewPly === null ? i === sans.length - 1 : viewPly === i + 1;
      if (current) b.setAttribute('aria-current', 'step');
      li.append(b);
    });
    this.#ol.replaceChildren(...items);
    this.#ol.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' });
  }
}

function placeholder() {
  const span = document.createElement('span');
  span.className = 'move placeholder';
  span.textContent = '…';
  return span;
}
