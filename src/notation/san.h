// Standard Algebraic Notation (SAN) out and lenient algebraic notation in, in
// several languages (see docs/notation.md for everything the parser accepts).
//
//   move_to_san(pos, m)              "Nbd2", "exd5", "e8=Q+", "O-O", "Qh4e1#"
//   move_to_lan(pos, m)              "Ng1-f3", "e2-e4", "Bf1xb5+", "e7-e8=Q", "O-O"
//   parse_san(pos, "Cf6xe4", Language::Spanish)
//
// Output follows the PGN standard exactly (Export format SAN): piece letter,
// then the least disambiguation that makes the move unique among the legal
// moves (origin file if that is enough, else the rank, else both), 'x' on
// captures (pawn captures always with the origin file), "=Q" promotions,
// O-O / O-O-O for castling (Chess960 included), '+' check, '#' mate.
//
// Input reads what people write on scoresheets and in books: zeros for
// castling, long algebraic, ':' captures, e.p. marks, annotation glyphs,
// missing or superfluous 'x', '+' and '#', promotions with or without '=',
// UCI strings. It never guesses between two moves: if the text fits more than
// one legal move the answer is Ambiguous, with the candidates.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "../core/position.h"
#include "language.h"

namespace escaque {

struct MoveList;

// m must be legal in pos. Move::none() and Move::null() give "--" (PGN's null move).
std::string move_to_san(const Position& pos, Move m, Language lang = Language::English);
// The same without the check/mate suffix ("+", "#"), for callers that find check and mate out
// themselves (the Position binding plays the move and lists the replies anyway); `legal` is the
// list of pos's legal moves, which settles disambiguation without generating it again.
std::string move_to_san_body(const Position& pos, Move m, const MoveList& legal,
                             Language lang = Language::English);
// Long algebraic as scoresheets write it: origin and destination always, '-' or 'x' between.
std::string move_to_lan(const Position& pos, Move m, Language lang = Language::English);

enum class SanError {
  None,
  Empty,           // nothing but blanks
  Syntax,          // not a move at all; the message names the offending character
  NoSuchPiece,     // no piece of the kind written can even reach the square (or stands where written)
  Illegal,         // such a move exists on the board but the rules forbid it (own king in check,
                   // destination holds an own piece, castling conditions)
  Ambiguous,       // more than one legal move fits; candidates lists them
  WrongPromotion,  // a pawn reaches the last rank without a piece, or a promotion is written where
                   // none can happen (not the last rank, not a pawn, promotion to king or pawn)
  NotStandard,     // strict parsing only: a legal move, but not written in standard SAN
};

const char* san_error_name(SanError e);

struct SanResult {
  Move move;                    // Move::none() unless kind == None
  SanError kind = SanError::None;
  std::string message;          // empty on success; otherwise what, where and why, in English
  std::vector<Move> candidates; // Ambiguous: the legal moves that fit;
                                // WrongPromotion without a piece: the promotions that fit
  int offset = -1;              // Syntax: byte offset of the offending character in the input
  bool ok() const { return kind == SanError::None; }
};

struct SanParseOptions {
  // Accept only what move_to_san writes (the check/mate suffix and annotation glyphs stay
  // optional). A legal move written any other way gives NotStandard, naming the standard form.
  bool strict = false;
};

SanResult parse_san(const Position& pos, std::string_view text, Language lang = Language::English,
                    const SanParseOptions& options = {});

}  // namespace escaque
