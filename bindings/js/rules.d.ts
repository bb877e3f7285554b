// escaque/rules: the package's API without the Engine, on the rules-only build of the module
// (bindings/js/rules.mjs). The types are index.d.ts's.
export {
  Color, ColorName, PieceSymbol, PromotionSymbol, Square, Language, InitOptions, MoveFlags, Move,
  HistoryMove, MoveObject, MoveInput, Piece, BoardPiece, OutcomeReasonName, Outcome, ClaimResult,
  PgnOptions, PositionMoveRef, PositionMove, ErrorCode, LoadErrorCode, FenErrorKind, CastlingRights,
  PgnImportWarning,
  init, isInitialized, Chess, Position, Setup, positionMoves, perft,
  EscaqueError, InvalidArgumentError, NotInitializedError, DisposedError, IllegalMoveError,
  AmbiguousMoveError, InvalidFenError, PgnParseError, GameOverError, HistoryError, DrawOfferError,
  InvalidPositionError, EscaqueLoadError,
} from './index.js';
