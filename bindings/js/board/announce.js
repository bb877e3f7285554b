// Moves and squares in plain words, for the ARIA live region and the square
// labels: English here, Spanish, French, German and Dutch added by
// announce-languages.js (imported by the elements that take a language:
// <escaque-board>, <escaque-board-core>), plus the FIDE Laws'
// Appendix F convention for blind players (files Anna ... Hector, ranks as
// German numbers, "Kurze/Lange Rochade"), chosen with announce="appendix-f".

const FILE_NAMES_F = ['Anna', 'Bella', 'Cesar', 'David', 'Eva', 'Felix', 'Gustav', 'Hector'];
const RANK_NAMES_F = ['eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht'];

// Per language, one table read by table(): the piece names [p n b r q k], the grammatical gender of
// each (0 masculine/common, 1 feminine, 2 Dutch neuter), the colour words by gender, whether the colour
// comes before the noun, and the other words, in the order of KEYS, between bars.
const KEYS = ('from to takes check mate ep promotes castleK castleQ empty board input illegal promotion premove ' +
  'premoveCancelled selected white black draw stalemate dead five seventyFive target').split(' ');
export function table(pieces, gender, w, b, colourFirst, text) {
  const t = { pieces: pieces.split(' '), gender: [...gender].map(Number), w: w.split(' '), b: b.split(' '), colourFirst };
  text.split('|').forEach((word, i) => { t[KEYS[i]] = word; });
  return t;
}
const WORDS = {
  en: table('pawn knight bishop rook queen king', '000000', 'white', 'black', true,
    'from|to|takes|check|checkmate|en passant|promotes to|castles kingside|castles queenside|empty|Chess board|' +
    'Type a move|Illegal move|Promote to|Premove|Premove cancelled|selected|white|black|Draw|stalemate|' +
    'dead position|fivefold repetition|75-move rule|possible move'),
};

/** Adds languages ({code: table(…)}): announce-languages.js adds Spanish, French, German and Dutch. */
export function addLanguages(tables) { Object.assign(WORDS, tables); }

const F_PIECES = ['Bauer', 'Springer', 'Läufer', 'Turm', 'Dame', 'König'];
const TYPES = 'pnbrqk';

// The word table for a language code such as "es", "es-AR" or "DE".
export function words(language) {
  return WORDS[String(language ?? 'en').slice(0, 2).toLowerCase()] ?? WORDS.en;
}

export function squareWords(square, style) {
  if (style !== 'appendix-f') return square;
  return `${FILE_NAMES_F[square.charCodeAt(0) - 97]} ${RANK_NAMES_F[square.charCodeAt(1) - 49]}`;
}

// "white knight" / "caballo blanco" / "Weißer Springer"; capitalised as a
// sentence start when `start` is set.
export function pieceWords(color, type, language, start = false) {
  const w = words(language);
  const i = TYPES.indexOf(type);
  const g = w.gender[i];
  const colourList = w[color];
  const colour = colourList[Math.min(g, colourList.length - 1)];
  const text = w.colourFirst ? `${colour} ${w.pieces[i]}` : `${w.pieces[i]} ${colour}`;
  return start ? text[0].toUpperCase() + text.slice(1) : text;
}

// The accessible name of a square: "e4, white knight" / "e4, empty".
// A square's label: "e4, empty", "d5, black pawn"; with `target` (a legal destination of the piece
// picked up, shown as a dot) ", possible move" after it.
export function squareLabel(square, code, language, style, target = false) {
  const name = squareWords(square, style);
  const label = code ? `${name}, ${pieceWords(code[0], code[1], language)}` : `${name}, ${words(language).empty}`;
  return target ? `${label}, ${words(language).target}` : label;
}

// A played move (the package's move object) in full words:
// "White knight from g1 to f3, check", "Caballo blanco de g1 a f3, jaque".
export function moveWords(move, language, style) {
  if (style === 'appendix-f') return appendixF(move);
  const w = words(language);
  let text;
  if (move.flags?.castle) {
    const side = move.flags.castle === 'king' ? w.castleK : w.castleQ;
    text = `${w[move.color === 'w' ? 'white' : 'black']}: ${side}`;
    text = text[0].toUpperCase() + text.slice(1);
  } else {
    text = `${pieceWords(move.color, move.piece, language, true)} ${w.from} ${move.from} ` +
      (move.captured ? `${w.takes} ${move.to}` : `${w.to} ${move.to}`);
    if (move.captured && move.flags?.enPassant) text += ` ${w.ep}`;
    if (move.promotion) text += `, ${w.promotes} ${w.pieces[TYPES.indexOf(move.promotion)]}`;
  }
  if (move.flags?.checkmate) text += `, ${w.mate}`;
  else if (move.flags?.check) text += `, ${w.check}`;
  return text;
}

function appendixF(move) {
  let text;
  if (move.flags?.castle) text = move.flags.castle === 'king' ? 'Kurze Rochade' : 'Lange Rochade';
  else {
    text = `${F_PIECES[TYPES.indexOf(move.piece)]} ${squareWords(move.from, 'appendix-f')} ` +
      `${move.captured ? 'schlägt ' : ''}${squareWords(move.to, 'appendix-f')}`;
    if (move.promotion) text += `, ${F_PIECES[TYPES.indexOf(move.promotion)]}`;
  }
  if (move.flags?.checkmate) text += ', Schachmatt';
  else if (move.flags?.check) text += ', Schach';
  return text;
}

const DRAW_REASONS = { stalemate: 'stalemate', 'dead-position': 'dead', 'fivefold-repetition': 'five',
  'seventy-five-moves': 'seventyFive' };

// The end of a game the board itself reached by a move, in words ("Draw:
// stalemate"); null for checkmate (the move's words already say it) and for
// results the page decides (claims, resignation, time).
export function drawWords(outcome, language) {
  const key = DRAW_REASONS[outcome?.reason];
  if (!key) return null;
  const w = words(language);
  return `${w.draw}: ${w[key]}`;
}
