// Exercises every export of escaque/compat/chess.js (the chess.js 1.x API) and
// the position functions of the main entry it builds on; checked with
// `tsc -p tests/types`. Never run: only its types matter. Written as chess.js
// users write it, so that switching the import is all it takes.
import {
  BISHOP, BLACK, Chess, DEFAULT_POSITION, KING, KNIGHT, Move, PAWN, QUEEN, ROOK, SEVEN_TAG_ROSTER, SQUARES, WHITE,
  validateFen, xoroshiro128,
} from 'escaque/compat/chess.js';
import type { Color, Piece, PieceSymbol, Square } from 'escaque/compat/chess.js';
import { perft, positionMoves } from 'escaque';
import type { PositionMove } from 'escaque';

export function compatUsage(): void {
  const chess = new Chess();
  const fromFen = new Chess(DEFAULT_POSITION, { skipValidation: true });
  const pieces: PieceSymbol[] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
  const colors: Color[] = [WHITE, BLACK];
  const squares: Square[] = SQUARES;
  const roster: Record<string, string> = SEVEN_TAG_ROSTER;
  const check: { ok: boolean; error?: string } = validateFen(DEFAULT_POSITION);
  const next: () => bigint = xoroshiro128(1n);

  chess.clear({ preserveHeaders: true });
  chess.load(DEFAULT_POSITION, { skipValidation: false, preserveHeaders: false });
  chess.reset();
  const fen: string = chess.fen({ forceEnpassantSquare: true });

  const sans: string[] = chess.moves();
  const fromSquare: string[] = chess.moves({ square: 'e2' });
  const ofPiece: string[] = chess.moves({ piece: 'n' });
  const verbose: Move[] = chess.moves({ verbose: true, square: 'g1', piece: 'n' });
  const either: string[] | Move[] = chess.moves({ verbose: Math.random() > 0.5 });
  const m: Move = chess.move('e4', { strict: true });
  chess.move({ from: 'e7', to: 'e5' });
  chess.move({ from: 'g1', to: 'f3', promotion: 'q' });
  chess.move(null);
  const fields: [Color, Square, Square, PieceSymbol, PieceSymbol | undefined, PieceSymbol | undefined] =
    [m.color, m.from, m.to, m.piece, m.captured, m.promotion];
  const text: string[] = [m.flags, m.san, m.lan, m.before, m.after];
  const predicates: boolean[] = [m.isCapture(), m.isPromotion(), m.isEnPassant(), m.isKingsideCastle(),
    m.isQueensideCastle(), m.isBigPawn()];
  const undone: Move | null = chess.undo();
  const history: string[] = chess.history();
  const verboseHistory: Move[] = chess.history({ verbose: true });
  const nodes: number = chess.perft(2);

  const piece: Piece | undefined = chess.get('e2');
  const found: Square[] = chess.findPiece({ type: 'k', color: 'w' });
  const placed: boolean = chess.put({ type: 'q', color: 'b' }, 'd4');
  const removed: Piece | undefined = chess.remove('d4');
  const board: ({ square: Square; type: PieceSymbol; color: Color } | null)[][] = chess.board();
  const ascii: string = chess.ascii();
  const shade: 'light' | 'dark' | null = chess.squareColor('a1');
  const turn: Color = chess.turn();
  const turned: boolean = chess.setTurn('b');
  const moveNumber: number = chess.moveNumber();
  const hash: string = chess.hash();
  const attackers: Square[] = chess.attackers('e4', 'w');
  const state: boolean[] = [chess.isAttacked('e4', 'b'), chess.isCheck(), chess.inCheck(), chess.isCheckmate(),
    chess.isStalemate(), chess.isInsufficientMaterial(), chess.isThreefoldRepetition(), chess.isDrawByFiftyMoves(),
    chess.isDraw(), chess.isGameOver()];

  const pgn: string = chess.pgn({ newline: '\n', maxWidth: 72 });
  chess.loadPgn(pgn, { strict: false, newlineChar: '\r?\n' });
  const headers: Record<string, string | null> = chess.header('White', 'Ann');
  const set: Record<string, string> = chess.setHeader('Black', 'Bob');
  const gone: boolean = chess.removeHeader('Black');
  const all: Record<string, string> = chess.getHeaders();
  chess.setComment('a comment');
  const comment: string = chess.getComment();
  const removedComment: string = chess.removeComment();
  const deletedComment: string = chess.deleteComment();
  const comments: { fen: string; comment: string }[] = chess.getComments();
  const removedComments: { fen: string; comment: string }[] = chess.removeComments();
  const deletedComments: { fen: string; comment: string }[] = chess.deleteComments();
  const rightsSet: boolean = chess.setCastlingRights('w', { k: false, q: true });
  const rights: { k: boolean; q: boolean } = chess.getCastlingRights('b');

  const listed: PositionMove[] = positionMoves(fen);
  const first: [string, string] = [listed[0].uci, listed[0].san];
  const leaves: number = perft(fen, 3);

  void [fromFen, pieces, colors, squares, roster, check, next, sans, fromSquare, ofPiece, verbose, either, fields,
    text, predicates, undone, history, verboseHistory, nodes, piece, found, placed, removed, board, ascii, shade,
    turn, turned, moveNumber, hash, attackers, state, headers, set, gone, all, comment, removedComment,
    deletedComment, comments, removedComments, deletedComments, rightsSet, rights, first, leaves, new Move(chess, {
      color: 'w', from: 0, to: 0, piece: 'k', flags: 128,
    })];
}
