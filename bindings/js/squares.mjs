// Board geometry over a plain 64-square array, shared by the main API (Chess, Setup) and
// escaque/compat/chess.js: which pieces attack a square, and the board as text.
//
// Squares are 0..63 from a8 (0) to h1 (63), row by row as FEN writes them; a square holds a FEN
// piece letter ('P', 'n', ...) or null.

export const FILES = 'abcdefgh';

export const squareName = (i) => FILES[i & 7] + (8 - (i >> 3));
// The index of a square name like "e4", or -1.
export function squareIndex(name) {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const f = name.charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 49;
  if (f < 0 || f > 7 || r < 0 || r > 7) return -1;
  return (7 - r) * 8 + f;
}
export const colorOf = (p) => (p === p.toUpperCase() ? 'w' : 'b');
// 'light' or 'dark' (a1 is dark).
export const squareColor = (i) => (((i >> 3) + (i & 7)) % 2 === 0 ? 'light' : 'dark');

const sign = (x) => (x > 0 ? 1 : x < 0 ? -1 : 0);

// Does the piece on `from` attack `to` (pieces in between block the sliders)?
export function attacks(squares, from, to) {
  const piece = squares[from];
  if (!piece || from === to) return false;
  const dr = (to >> 3) - (from >> 3);
  const df = (to & 7) - (from & 7);
  switch (piece.toLowerCase()) {
    case 'p': return Math.abs(df) === 1 && dr === (colorOf(piece) === 'w' ? -1 : 1);
    case 'n': return (Math.abs(dr) === 1 && Math.abs(df) === 2) || (Math.abs(dr) === 2 && Math.abs(df) === 1);
    case 'k': return Math.max(Math.abs(dr), Math.abs(df)) === 1;
    case 'b': if (Math.abs(dr) !== Math.abs(df)) return false; break;
    case 'r': if (dr !== 0 && df !== 0) return false; break;
    case 'q': if (dr !== 0 && df !== 0 && Math.abs(dr) !== Math.abs(df)) return false; break;
    default: return false;
  }
  const step = sign(dr) * 8 + sign(df);
  for (let s = from + step; s !== to; s += step) if (squares[s]) return false;
  return true;
}

// The squares (names, a8..h1 order) of the `color` pieces that attack `target`.
export function attackers(squares, color, target) {
  const found = [];
  for (let i = 0; i < 64; i++) {
    const p = squares[i];
    if (p && colorOf(p) === color && attacks(squares, i, target)) found.push(squareName(i));
  }
  return found;
}

export function isAttacked(squares, color, target) {
  for (let i = 0; i < 64; i++) {
    const p = squares[i];
    if (p && colorOf(p) === color && attacks(squares, i, target)) return true;
  }
  return false;
}

// The piece placement field of a FEN (rank 8 first; runs of empty squares as digits).
export function placementOf(squares) {
  let s = '';
  for (let r = 0; r < 8; r++) {
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = squares[r * 8 + f];
      if (!p) { empty++; continue; }
      if (empty) s += empty;
      s += p;
      empty = 0;
    }
    if (empty) s += empty;
    if (r < 7) s += '/';
  }
  return s;
}

// The board as text, rank 8 first (chess.js's ascii() layout):
//    +------------------------+
//  8 | r  n  b  q  k  b  n  r |
//  ...
//    +------------------------+
//      a  b  c  d  e  f  g  h
export function asciiBoard(squares) {
  let s = '   +------------------------+\n';
  for (let r = 0; r < 8; r++) {
    s += ` ${8 - r} |`;
    for (let f = 0; f < 8; f++) s += ` ${squares[r * 8 + f] ?? '.'} `;
    s += '|\n';
  }
  return s + '   +------------------------+\n     a  b  c  d  e  f  g  h';
}
