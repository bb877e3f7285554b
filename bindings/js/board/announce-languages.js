// The board's words in Spanish, French, German and Dutch (announce.js has English and the reader of
// these tables), added with addLanguages(LANGUAGES) by the elements that take a `language`:
// <escaque-board> (escaque-board.js) and <escaque-board-core> (board-core-element.js, the BoardCore
// class of 'escaque/board/core'). <escaque-game> speaks English and does not carry them. A call, not an
// import for its effect, so that no bundler's tree shaking (package.json "sideEffects") drops it.
import { table } from './announce.js';

export const LANGUAGES = {
  es: table('peón caballo alfil torre dama rey', '000110', 'blanco blanca', 'negro negra', false,
    'de|a|captura en|jaque|jaque mate|al paso|corona en|enroque corto|enroque largo|vacía|Tablero de ajedrez|' +
    'Escribe una jugada|Jugada ilegal|Coronar en|Prejugada|Prejugada cancelada|seleccionado|blancas|negras|Tablas|' +
    'ahogado|posición muerta|quíntuple repetición|regla de los 75 movimientos|jugada posible'),
  fr: table('pion cavalier fou tour dame roi', '000110', 'blanc blanche', 'noir noire', false,
    'de|à|prend en|échec|échec et mat|en passant|promu en|petit roque|grand roque|vide|Échiquier|Saisir un coup|' +
    'Coup illégal|Promouvoir en|Coup anticipé|Coup anticipé annulé|sélectionné|les blancs|les noirs|Partie nulle|' +
    'pat|position morte|quintuple répétition|règle des 75 coups|coup possible'),
  de: table('Bauer Springer Läufer Turm Dame König', '000010', 'weißer weiße', 'schwarzer schwarze', true,
    'von|nach|schlägt auf|Schach|Schachmatt|en passant|wird zur|kurze Rochade|lange Rochade|leer|Schachbrett|' +
    'Zug eingeben|Unzulässiger Zug|Umwandeln in|Vorauszug|Vorauszug gelöscht|ausgewählt|Weiß|Schwarz|Remis|Patt|' +
    'tote Stellung|fünfmalige Stellungswiederholung|75-Züge-Regel|möglicher Zug'),
  nl: table('pion paard loper toren dame koning', '020000', 'witte witte wit', 'zwarte zwarte zwart', true,
    'van|naar|slaat op|schaak|schaakmat|en passant|promoveert tot|korte rokade|lange rokade|leeg|Schaakbord|' +
    'Typ een zet|Onreglementaire zet|Promoveren tot|Voorzet|Voorzet geannuleerd|geselecteerd|wit|zwart|Remise|pat|' +
    'dode stelling|vijfvoudige herhaling|75-zettenregel|mogelijke zet'),
};
