// Captured pieces and the material difference, from the position alone: what each side has taken is
// what the other side has lost from the start position of the game (counted by kind; a promoted pawn
// counts as the piece it became, so it shows as a pawn taken and a piece gained).
const VALUE = { p: 1, n: 3, b: 3, r: 5, q: 9 };
const ORDER = ['q', 'r', 'b', 'n', 'p'];
const FIGURINE = { w: { p: '♙', n: '♘', b: '♗', r: '♖', q: '♕' }, b: { p: '♟', n: '♞', b: '♝', r: '♜', q: '♛' } };
const NAMES = { p: ['pawn', 'pawns'], n: ['knight', 'knights'], b: ['bishop', 'bishops'], r: ['rook', 'rooks'],
  q: ['queen', 'queens'] };

function count(fen) {
  const c = { w: { p: 0, n: 0, b: 0, r: 0, q: 0 }, b: { p: 0, n: 0, b: 0, r: 0, q: 0 } };
  for (const ch of fen.split(' ')[0]) {
    const kind = ch.toLowerCase();
    if (kind in VALUE) c[ch === kind ? 'b' : 'w'][kind]++;
  }
  return c;
}

/**
 * For each side: the pieces it has taken (the other colour's), and its material lead (0 when not ahead).
 * @returns {{w: {taken: string[], lead: number}, b: {taken: string[], lead: number}}}
 */
export function material(startFen, fen) {
  const start = count(startFen);
  const now = count(fen);
  const score = (side) => ORDER.reduce((sum, k) => sum + VALUE[k] * now[side][k], 0);
  const diff = score('w') - score('b');
  const taken = (by) => {
    const victim = by === 'w' ? 'b' : 'w';
    return ORDER.flatMap((k) => Array(Math.max(0, start[victim][k] - now[victim][k])).fill(k));
  };
  return { w: { taken: taken('w'), lead: Math.max(0, diff) }, b: { taken: taken('b'), lead: Math.max(0, -diff) } };
}

/** Draws one side's taken pieces (figurines of the taken colour) and its lead into `el`. */
export function drawMaterial(el, side, { taken, lead }) {
  const victim = side === 'w' ? 'b' : 'w';
  const key = `${taken.join('')}${lead}`;
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.dataset.lead = String(lead);
  const seen = document.createElement('span');
  seen.setAttribute('aria-hidden', 'true');
  seen.textContent = taken.map((k) => FIGURINE[victim][k]).join('') + (lead ? ` +${lead}` : '');
  const words = document.createElement('span');
  words.className = 'visually-hidden';
  const kinds = ORDER.filter((k) => taken.includes(k)).map((k) => {
    const n = taken.filter((x) => x === k).length;
    return `${n} ${NAMES[k][n === 1 ? 0 : 1]}`;
  });
  words.textContent = taken.length ? `, has taken ${kinds.join(', ')}${lead ? `, ${lead} ahead` : ''}` : '';
  el.replaceChildren(seen, words);
}
