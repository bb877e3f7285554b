// The standard starting position, for the modules that need it without the rules (early-board.js,
// before the package is evaluated) and with them (game.js, the analysis board's tree).
export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
