// The component's DOM: an ARIA grid of 64 squares (screen order, relabelled on
// flip), a layer of absolutely positioned pieces moved by CSS transforms, an
// SVG overlay for arrows and a live region (the typed-move field is
// <escaque-board>'s: entry.js). Nothing here
// reads layout, so updates never force a synchronous reflow.
import { cellOf, squareAtCell } from './geometry.js';

export function buildView(root, { makeSprite }) {
  const board = document.createElement('div');
  board.className = 'board';
  board.setAttribute('role', 'grid');
  board.setAttribute('part', 'board');
  const cells = [];
  for (let row = 0; row < 8; row++) {
    const rowEl = document.createElement('div');
    rowEl.className = 'row';
    rowEl.setAttribute('role', 'row');
    for (let col = 0; col < 8; col++) {
      const cell = document.createElement('div');
      cell.className = (col + row) % 2 ? 'sq dark' : 'sq';
      cell.setAttribute('role', 'gridcell');
      cell.tabIndex = -1;
      cell.dataset.col = col;
      cell.dataset.row = row;
      rowEl.append(cell);
      cells.push(cell);
    }
    board.append(rowEl);
  }
  // Coordinates sit in their own hidden layer, not inside the squares, so a
  // square's accessible name is exactly its label ("a8, black rook").
  const coords = document.createElement('div');
  coords.className = 'coords';
  coords.setAttribute('aria-hidden', 'true');
  coords.setAttribute('part', 'coordinates');
  for (let i = 0; i < 8; i++) {
    const file = coordinate(`f${i % 2 ? '' : ' dk'}`);
    file.style.left = `${i * 12.5}%`;
    const rank = coordinate(`r${i % 2 ? ' dk' : ''}`);
    rank.style.top = `${i * 12.5}%`;
    coords.append(file, rank);
  }
  board.append(coords);
  const pieces = document.createElement('div');
  pieces.className = 'pieces';
  pieces.setAttribute('aria-hidden', 'true');
  pieces.setAttribute('part', 'pieces');
  board.append(pieces);

  const live = document.createElement('div');
  live.className = 'sr';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  live.setAttribute('part', 'announcement');

  // The frame holds the grid and, when open, the promotion picker (a dialog
  // may not be a child of a grid).
  const frame = document.createElement('div');
  frame.className = 'frame';
  frame.append(board);
  root.append(makeSprite(), frame, live);
  return { frame, board, cells, coords, pieces, live };
}

function coordinate(kind) {
  const span = document.createElement('span');
  span.className = `co ${kind}`;
  span.setAttribute('aria-hidden', 'true');
  return span;
}

// Writes each cell's square name and the coordinates for an orientation.
export function orientCells(cells, coords, orientation) {
  for (const cell of cells) cell.dataset.square = squareAtCell(+cell.dataset.col, +cell.dataset.row, orientation);
  const files = coords.querySelectorAll('.f');
  const ranks = coords.querySelectorAll('.r');
  for (let i = 0; i < 8; i++) {
    files[i].textContent = squareAtCell(i, 7, orientation)[0];
    ranks[i].textContent = squareAtCell(0, i, orientation)[1];
  }
}

export const cellIndex = (square, orientation) => {
  const [col, row] = cellOf(square, orientation);
  return row * 8 + col;
};

export const placeTransform = (square, orientation) => {
  const [col, row] = cellOf(square, orientation);
  return `translate(${col * 100}%,${row * 100}%)`;
};

// Keeps one element per piece on the board, reusing elements so that a piece
// that moves slides (CSS transition on transform) instead of reappearing.
export class PieceLayer {
  constructor(layer, makePiece) {
    this.layer = layer;
    this.makePiece = makePiece;
    this.bySquare = new Map();
  }

  at(square) { return this.bySquare.get(square) ?? null; }

  sync(placement, orientation) {
    const old = this.bySquare;
    const next = new Map();
    const pending = [];
    for (const [sq, code] of placement) {
      const el = old.get(sq);
      if (el && el.dataset.code === code) {
        next.set(sq, el);
        old.delete(sq);
      } else pending.push([sq, code]);
    }
    for (const [sq, code] of pending) {
      let best = null;
      let bestDistance = Infinity;
      for (const [from, el] of old) {
        if (el.dataset.code !== code) continue;
        const d = Math.abs(from.charCodeAt(0) - sq.charCodeAt(0)) + Math.abs(from.charCodeAt(1) - sq.charCodeAt(1));
        if (d < bestDistance) { best = from; bestDistance = d; }
      }
      let el;
      if (best) {
        el = old.get(best);
        old.delete(best);
      } else {
        el = this.makePiece(code);
        el.classList.add('piece');
        el.dataset.code = code;
        this.layer.append(el);
      }
      next.set(sq, el);
    }
    for (const el of old.values()) el.remove();
    this.bySquare = next;
    // Writes only what changed (a piece left mid-drag or after a flip counts).
    for (const [sq, el] of next) {
      const t = placeTransform(sq, orientation);
      if (el.dataset.at !== t) {
        el.dataset.at = t;
        el.style.transform = t;
      }
      el.classList.remove('drag');
    }
  }

  clear() {
    for (const el of this.bySquare.values()) el.remove();
    this.bySquare = new Map();
  }
}
