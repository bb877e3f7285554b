// FEN and X-FEN / Shredder-FEN: a strict parser with typed errors, semantic
// validation, and the writer.
//
// Leniency (this header is its reference; docs/api.md shows the same rules from JS): the two move counters may be omitted
// (they default to "0 1"); runs of spaces between fields are accepted. Nothing
// else is guessed: every other deviation is an error naming the field, the
// character offset in the input, and the reason.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace escaque {

enum class FenErrorKind {
  None,
  Empty,              // nothing but blanks
  FieldCount,         // not 4 or 6 fields
  BoardRankCount,     // not 8 ranks separated by '/'
  BoardRankLength,    // a rank describes fewer or more than 8 squares
  BoardCharacter,     // not one of PNBRQKpnbrqk1-8/
  SideToMove,         // not 'w' or 'b'
  CastlingSyntax,     // not '-' or letters KQkqA-Ha-h, or repeated
  EnPassantSyntax,    // not '-' or a square
  HalfmoveClock,      // not a non-negative integer
  FullmoveNumber,     // not a positive integer
  KingCount,          // not exactly one king per side
  PawnOnBackRank,     // a pawn on rank 1 or 8
  OpponentInCheck,    // the side not to move is in check
  TooManyCheckers,    // more than two pieces give check: unreachable
  TooManyPieces,      // more than 16 pieces or 8 pawns for one side
  ImpossiblePromotions,  // more extra pieces than missing pawns
  CastlingRights,     // a right without its king and rook on their squares
  EnPassantSquare,    // an e.p. square with no pawn that could just have advanced two squares
};

const char* fen_error_name(FenErrorKind kind);

struct FenError {
  FenErrorKind kind = FenErrorKind::None;
  int field = 0;        // 1 = placement .. 6 = fullmove number; 0 = whole string
  int offset = 0;       // character offset in the input where the problem is
  std::string message;  // human-readable: what, where, why
  std::string detail;   // the why alone ("white has 0 kings; each side needs exactly one"), for a
                        // person who edits a board rather than the text
  explicit operator bool() const { return kind != FenErrorKind::None; }
};

struct FenOptions {
  // Chess960: castling letters name the rook's file (Shredder) or the
  // outermost rook (X-FEN KQkq). In standard chess K/Q need the king on e1/e8
  // and the rook on h/a.
  bool chess960 = false;
  // Skip the plausibility checks (pawns on back ranks, piece counts, more
  // than two checkers). Syntax is always checked, and so is what the move
  // generator relies on: one king per side, the side not to move not in check.
  // Used for puzzles and analysis of odd positions.
  bool validate = true;
  // When set, contradictions that have one playable reading are normalised
  // instead of refused, and each is described here (one sentence each):
  //  - an en passant square that no pawn could just have passed (wrong rank,
  //    no pawn in front of it, squares behind it occupied) is dropped;
  //  - an en passant square with a non-zero halfmove clock: if a pawn can take
  //    there, a pawn has just moved and the clock becomes 0; if none can, the
  //    square is dropped and the clock kept.
  // (An en passant square no pawn can take, with a zero clock, is standard FEN:
  // both modes drop it silently, as it changes nothing in play.)
  // For hosts that must play whatever a GUI sends (UCI); null = strict.
  std::vector<std::string>* repairs = nullptr;
};

// Parses fen into pos. On error pos is left unchanged and the error returned.
FenError parse_fen(std::string_view fen, Position& pos, const FenOptions& options = {});

// Writes FEN. Castling uses KQkq unless a rook is not the outermost one on its
// side (Chess960), where the file letter is written (X-FEN); shredder=true
// always writes file letters (HAha).
std::string to_fen(const Position& pos, bool shredder = false);

inline constexpr const char* START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Helpers shared with notation code.
char piece_to_char(Piece p);  // 'P', 'n', ...; '.' for none
std::string square_name(Square s);
Square parse_square(std::string_view s);  // SQ_NONE if not "a1".."h8"

}  // namespace escaque
