// The play screen's PGN of a reviewed game: the game's PGN with the review written in, as the analysis board
// writes it (each move's [%eval], and the marks and comments of the moves that lost much), so that a
// download or a copy after "Analyse the game" carries what the review found. Loaded with the first such
// export (escaque/pgn reads and writes the tree).
import { readPgnGame, writePgn } from 'escaque/pgn';

import { annotateMoves } from '../game-analysis.js';

/**
 * `pgn`: the game's PGN in English SAN (gamePgn(ctrl, 'en')); `line`: the review's evaluations of that
 * game (evaluateLine's answer, one entry per position). The PGN is written by escaque/pgn, in English SAN
 * as the PGN standard's export format has it and as the analysis board writes it.
 */
export function reviewedPgn(pgn, line) {
  const game = readPgnGame(pgn);
  annotateMoves(game.moves.slice(0, line.length - 1), line, game.fen);
  return writePgn(game);
}
