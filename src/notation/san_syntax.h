// First stage of SAN input: text -> what was written (SanSyntax), with no
// reference to a position. The second stage (san.cpp) matches it against the
// legal moves. Keeping the stages apart keeps each readable and lets the
// grammar be tested on its own.
//
// Internal to src/notation; the public API is san.h.
#pragma once

#include <string>
#include <string_view>

#include "../core/types.h"
#include "language.h"
#include "san.h"

namespace escaque::san_detail {

struct SanSyntax {
  bool castling = false;
  bool kingSide = false;
  // The piece written; NO_PIECE_TYPE when no letter or figurine was given (then the move is a pawn
  // move, or with a full origin square, UCI style, whatever stands on that square).
  PieceType piece = NO_PIECE_TYPE;
  int fromFile = -1;  // 0..7 or -1
  int fromRank = -1;
  Square to = SQ_NONE;
  bool promotionWritten = false;
  PieceType promotion = NO_PIECE_TYPE;  // may be KING or PAWN: the matcher reports WrongPromotion
  // When the origin file was written with a letter that is also a piece letter of the language
  // in upper case (English b, Spanish a/c/d, ...), that piece: used only to hint in error messages.
  PieceType fileLetterPiece = NO_PIECE_TYPE;
  // The move itself without annotations, check marks and e.p. (for messages and strict mode).
  std::string_view body;
};

struct SyntaxError {
  SanError kind = SanError::None;  // None, Empty or Syntax
  std::string message;
  int offset = -1;
};

// Parses text; on failure returns the error and leaves out untouched except for body.
SyntaxError parse_san_syntax(std::string_view text, Language lang, SanSyntax& out);

// text made safe to quote in a message: invalid UTF-8 and control bytes become \xNN, and long
// inputs are cut to their first 40 characters followed by "...".
std::string quote_input(std::string_view text);

// Strips trailing annotation glyphs (!, ?, !!, ?!, ...) and blanks: strict mode's view of the input.
std::string_view strip_glyphs(std::string_view text);

}  // namespace escaque::san_detail
