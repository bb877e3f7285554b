// PGN of the app's game: the package writes the movetext, Result and
// Termination; the app adds who played, when, the time control and %clk.
import { pgnTimeControl, pgnTimeDelay } from './timecontrol.js';
import { levelById } from './levels.js';

export function playerName(player) {
  if (!player) return '?';
  // "escaque (Club player, ≈ 1400)": the level's name without a second pair of brackets.
  if (player.type === 'engine') return `escaque (${levelById(player.level).name.replace(/ \((.*)\)$/, ', $1')})`;
  return player.name || 'Player';
}

/** @param {import('./game.js').GameController} ctrl */
export function gamePgn(ctrl, language = 'en') {
  const { record } = ctrl;
  const date = record.started.slice(0, 10).replaceAll('-', '.');
  const headers = {
    Event: record.casual ? 'Casual game' : 'Game',
    Site: 'escaque app',
    Date: date,
    White: playerName(record.players.w),
    Black: playerName(record.players.b),
    TimeControl: pgnTimeControl(record.tc),
  };
  const delay = pgnTimeDelay(record.tc);
  if (delay) headers.TimeDelay = delay;
  if (record.setup.chess960) headers.Variant = 'Chess960';
  // %clk needs a time for every move from the first; moves imported from a PGN have none.
  const clocks = [];
  for (const c of record.clocks) {
    if (c === null || c === undefined) break;
    clocks.push(Math.max(0, c));
  }
  let text = ctrl.game.pgn({ language, clocks: clocks.length === record.clocks.length ? clocks : [], headers });
  const extra = ctrl.extraOutcome;
  if (extra) {
    // An ending the package has no word for (both flags down): its result replaces "*".
    text = text.replace(/\[Result "[^"]*"\]/, `[Result "${extra.result}"]`)
      .replace(/\[Termination "[^"]*"\]/, `[Termination "${extra.termination}"]`)
      .replace(/\*\s*$/, `${extra.result}\n`);
  }
  return text;
}
