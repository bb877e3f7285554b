// Pointer input (mouse, touch and pen alike, through pointer events):
//  - left button / touch / pen: press on a piece and drag it to a square, or
//    click the piece then click the target (click-click);
//  - right button: drag from one square to another to draw an arrow, click a
//    square to circle it (a left click clears these annotations).
// The board's rectangle is read once per press, never while a move is being
// applied, so dropping a piece forces no layout.
import { squareAtPoint } from './geometry.js';

const DRAG_THRESHOLD_PX = 4;

export function attachPointer(board, ctl) {
  let press = null;  // {id, button, from, rect, x, y, dragging, wasSelected, el}

  const squareAt = (e, rect) =>
    squareAtPoint(e.clientX - rect.left, e.clientY - rect.top, rect.width, ctl.orientation());

  board.addEventListener('contextmenu', (e) => e.preventDefault());

  board.addEventListener('pointerdown', (e) => {
    if (press || ctl.busy()) return;
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 2) return;
    const rect = board.getBoundingClientRect();
    const square = squareAt(e, rect);
    if (!square) return;
    if (e.button === 2) {
      press = { id: e.pointerId, button: 2, from: square, rect };
      board.setPointerCapture?.(e.pointerId);
      e.preventDefault();
      return;
    }
    ctl.clearUserAnnotations();
    const wasSelected = ctl.selected() === square;
    const acted = ctl.activate(square, 'pointer', e.timeStamp);
    if (acted === 'moved' || !ctl.selected()) return;
    e.preventDefault();  // no text selection or scrolling while a piece is held
    press = { id: e.pointerId, button: 0, from: ctl.selected(), rect, x: e.clientX, y: e.clientY,
      dragging: false, wasSelected, el: ctl.pieceElement(ctl.selected()) };
    board.setPointerCapture?.(e.pointerId);
  });

  board.addEventListener('pointermove', (e) => {
    if (!press || e.pointerId !== press.id || press.button !== 0 || !press.el) return;
    if (!press.dragging) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD_PX) return;
      press.dragging = true;
      press.el.classList.add('drag');
      press.el.dataset.at = 'drag';
    }
    const size = press.rect.width / 8;
    const x = e.clientX - press.rect.left - size / 2;
    const y = e.clientY - press.rect.top - size / 2;
    press.el.style.transform = `translate(${x}px,${y}px) scale(1.08)`;
    ctl.hover(squareAt(e, press.rect));
  });

  const finish = (e, cancelled) => {
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    press = null;
    ctl.hover(null);
    if (p.button === 2) {
      const to = cancelled ? null : squareAt(e, p.rect);
      if (to === p.from) ctl.toggleCircle(to);
      else if (to) ctl.toggleArrow(p.from, to);
      return;
    }
    const to = cancelled ? null : squareAt(e, p.rect);
    if (!p.dragging) {
      // A click: a second click on the selected piece puts it down again.
      if (to === p.from && p.wasSelected) ctl.deselect();
      return;
    }
    if (to && to !== p.from) {
      const result = ctl.activate(to, 'pointer', e.timeStamp, true);
      if (result === 'moved' || result === 'pending') return;
      ctl.deselect();
    }
    ctl.snapBack();
  };
  board.addEventListener('pointerup', (e) => finish(e, false));
  board.addEventListener('pointercancel', (e) => finish(e, true));
  board.addEventListener('lostpointercapture', (e) => { if (press && e.pointerId === press.id) finish(e, true); });
}
