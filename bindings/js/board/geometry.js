// Squares, orientation and piece placement: pure functions, no DOM.
// A placement is a Map from square name ("e4") to a piece code: colour + type,
// e.g. "wn" for a white knight (the package's 'w'/'b' and 'pnbrqk').

export const FILES = 'abcdefgh';

export const squareName = (file, rank) => FILES[file] + (rank + 1);
export const fileOf = (square) => square.charCodeAt(0) - 97;
export const rankOf = (square) => square.charCodeAt(1) - 49;
export const isSquare = (s) => typeof s === 'string' && /^[a-h][1-8]$/.test(s);

// Screen cell (column, row from the top-left) of a square for an orientation.
export function cellOf(square, orientation) {
  const f = fileOf(square);
  const r = rankOf(square);
  return orientation === 'black' ? [7 - f, r] : [f, 7 - r];
}

export function squareAtCell(col, row, orientation) {
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  return orientation === 'black' ? squareName(7 - col, row) : squareName(col, 7 - row);
}

// The square under a point given relative to the board's top-left corner.
export function squareAtPoint(x, y, size, orientation) {
  const cell = size / 8;
  return squareAtCell(Math.floor(x / cell), Math.floor(y / cell), orientation);
}

// The placement field of a FEN, read without the WebAssembly module so the
// board can paint before the package has loaded. Returns null when malformed
// (the package reports the precise error once it is ready).
export function parsePlacement(fen) {
  const field = typeof fen === 'string' ? fen.trim().split(/\s+/)[0] : '';
  const rows = field.split('/');
  if (rows.length !== 8) return null;
  const placement = new Map();
  for (let i = 0; i < 8; i++) {
    let file = 0;
    for (const ch of rows[i]) {
      if (ch >= '1' && ch <= '8') file += ch.charCodeAt(0) - 48;
      else {
        const type = ch.toLowerCase();
        if (!'pnbrqk'.includes(type) || file > 7) return null;
        placement.set(squareName(file, 7 - i), (ch === type ? 'b' : 'w') + type);
        file++;
      }
    }
    if (file !== 8) return null;
  }
  return placement;
}

export const turnOf = (fen) => (String(fen).trim().split(/\s+/)[1] === 'b' ? 'b' : 'w');

const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const KING = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
const ROOK = KING.filter(([a, b]) => a === 0 || b === 0);
const BISHOP = KING.filter(([a, b]) => a !== 0 && b !== 0);

// Where a piece could go on a later turn, ignoring whose turn it is and what
// stands in between (premove targets: the position will have changed by the
// time the move is tried, and the package decides then whether it is legal).
export function premoveTargets(placement, from) {
  const code = placement.get(from);
  if (!code) return [];
  const [color, type] = code;
  const f = fileOf(from);
  const r = rankOf(from);
  const out = [];
  const add = (df, dr) => {
    const nf = f + df;
    const nr = r + dr;
    if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) out.push(squareName(nf, nr));
  };
  const slide = (dirs) => dirs.forEach(([df, dr]) => { for (let k = 1; k < 8; k++) add(df * k, dr * k); });
  if (type === 'n') KNIGHT.forEach(([a, b]) => add(a, b));
  else if (type === 'k') {
    KING.forEach(([a, b]) => add(a, b));
    const home = color === 'w' ? 0 : 7;
    if (r === home) {
      for (const [sq, c] of placement) {  // castling: onto the own rook or to the c/g file
        if (c === color + 'r' && rankOf(sq) === home) out.push(sq);
      }
      add(2 - f, 0);
      add(6 - f, 0);
    }
  } else if (type === 'r') slide(ROOK);
  else if (type === 'b') slide(BISHOP);
  else if (type === 'q') slide(KING);
  else {
    const dir = color === 'w' ? 1 : -1;
    add(0, dir);
    if (r === (color === 'w' ? 1 : 6)) add(0, 2 * dir);
    add(-1, dir);
    add(1, dir);
  }
  return [...new Set(out)].filter((sq) => sq !== from);
}
