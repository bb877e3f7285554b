// The board's look from the app's settings (the board package's themes and piece sets, docs/board.md),
// on the game's board (from early-board.js, before the rules load) and the analysis board alike.
const BOARD_THEMES = ['', 'green', 'blue', 'grey', 'walnut', 'high-contrast'];

/** Applies settings {coordinates, boardTheme, pieceSet} to a board element (<escaque-board-core>). */
export function lookOfBoard(el, settings) {
  if (!el) return;
  el.toggleAttribute('coordinates', settings.coordinates);
  const theme = BOARD_THEMES.includes(settings.boardTheme) ? settings.boardTheme : '';
  if (theme) el.setAttribute('theme', theme);
  else el.removeAttribute('theme');
  el.set({ pieceSet: settings.pieceSet === 'geometric' ? 'geometric' : '' });
}
