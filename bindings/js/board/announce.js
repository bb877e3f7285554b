// Moves and squares in plain words, for the ARIA live region and the square
// labels: English, Spanish, French, German and Dutch, plus the FIDE Laws'
// Appendix F convention for blind players (files Anna ... Hector, ranks as
// German numbers, "Kurze/Lange Rochade"), chosen with announce="appendix-f".

const FILE_NAMES_F = ['Anna', 'Bella', 'Cesar', 'David', 'Eva', 'Felix', 'Gustav', 'Hector'];
const RANK_NAMES_F = ['eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht'];

// Per language: piece names [p n b r q k], grammatical gender per piece
// (0 masculine/common, 1 feminine, 2 Dutch neuter), colour words by gender,
// and the connecting words. `order` puts the colour before or after the noun.
const WORDS = {
  en: {
    pieces: ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'], gender: [0, 0, 0, 0, 0, 0],
    w: ['white'], b: ['black'], colourFirst: true,
    from: 'from', to: 'to', takes: 'takes', check: 'check', mate: 'checkmate', ep: 'en passant',
    promotes: 'promotes to', castleK: 'castles kingside', castleQ: 'castles queenside',
    empty: 'empty', board: 'Chess board', input: 'Type a move', illegal: 'Illegal move',
    promotion: 'Promote to', premove: 'Premove', premoveCancelled: 'Premove cancelled',
    selected: 'selected', white: 'white', black: 'black',
    draw: 'Draw', stalemate: 'stalemate', dead: 'dead position', five: 'fivefold repetition',
    seventyFive: '75-move rule',
  },
  es: {
    pieces: ['peón', 'caballo', 'alfil', 'torre', 'dama', 'rey'], gender: [0, 0, 0, 1, 1, 0],
    w: ['blanco', 'blanca'], b: ['negro', 'negra'], colourFirst: false,
    from: 'de', to: 'a', takes: 'captura en', check: 'jaque', mate: 'jaque mate', ep: 'al paso',
    promotes: 'corona en', castleK: 'enroque corto', castleQ: 'enroque largo',
    empty: 'vacía', board: 'Tablero de ajedrez', input: 'Escribe una jugada', illegal: 'Jugada ilegal',
    promotion: 'Coronar en', premove: 'Prejugada', premoveCancelled: 'Prejugada cancelada',
    selected: 'seleccionado', white: 'blancas', black: 'negras',
    draw: 'Tablas', stalemate: 'ahogado', dead: 'posición muerta', five: 'quíntuple repetición',
    seventyFive: 'regla de los 75 movimientos',
  },
  fr: {
    pieces: ['pion', 'cavalier', 'fou', 'tour', 'dame', 'roi'], gender: [0, 0, 0, 1, 1, 0],
    w: ['blanc', 'blanche'], b: ['noir', 'noire'], colourFirst: false,
    from: 'de', to: 'à', takes: 'prend en', check: 'échec', mate: 'échec et mat', ep: 'en passant',
    promotes: 'promu en', castleK: 'petit roque', castleQ: 'grand roque',
    empty: 'vide', board: "Échiquier", input: 'Saisir un coup', illegal: 'Coup illégal',
    promotion: 'Promouvoir en', premove: 'Coup anticipé', premoveCancelled: 'Coup anticipé annulé',
    selected: 'sélectionné', white: 'les blancs', black: 'les noirs',
    draw: 'Partie nulle', stalemate: 'pat', dead: 'position morte', five: 'quintuple répétition',
    seventyFive: 'règle des 75 coups',
  },
  de: {
    pieces: ['Bauer', 'Springer', 'Läufer', 'Turm', 'Dame', 'König'], gender: [0, 0, 0, 0, 1, 0],
    w: ['weißer', 'weiße'], b: ['schwarzer', 'schwarze'], colourFirst: true,
    from: 'von', to: 'nach', takes: 'schlägt auf', check: 'Schach', mate: 'Schachmatt', ep: 'en passant',
    promotes: 'wird zur', castleK: 'kurze Rochade', castleQ: 'lange Rochade',
    empty: 'leer', board: 'Schachbrett', input: 'Zug eingeben', illegal: 'Unzulässiger Zug',
    promotion: 'Umwandeln in', premove: 'Vorauszug', premoveCancelled: 'Vorauszug gelöscht',
    selected: 'ausgewählt', white: 'Weiß', black: 'Schwarz',
    draw: 'Remis', stalemate: 'Patt', dead: 'tote Stellung', five: 'fünfmalige Stellungswiederholung',
    seventyFive: '75-Züge-Regel',
  },
  nl: {
    pieces: ['pion', 'paard', 'loper', 'toren', 'dame', 'koning'], gender: [0, 2, 0, 0, 0, 0],
    w: ['witte', 'witte', 'wit'], b: ['zwarte', 'zwarte', 'zwart'], colourFirst: true,
    from: 'van', to: 'naar', takes: 'slaat op', check: 'schaak', mate: 'schaakmat', ep: 'en passant',
    promotes: 'promoveert tot', castleK: 'korte rokade', castleQ: 'lange rokade',
    empty: 'leeg', board: 'Schaakbord', input: 'Typ een zet', illegal: 'Onreglementaire zet',
    promotion: 'Promoveren tot', premove: 'Voorzet', premoveCancelled: 'Voorzet geannuleerd',
    selected: 'geselecteerd', white: 'wit', black: 'zwart',
    draw: 'Remise', stalemate: 'pat', dead: 'dode stelling', five: 'vijfvoudige herhaling',
    seventyFive: '75-zettenregel',
  },
};
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
export function squareLabel(square, code, language, style) {
  const name = squareWords(square, style);
  return code ? `${name}, ${pieceWords(code[0], code[1], language)}` : `${name}, ${words(language).empty}`;
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
