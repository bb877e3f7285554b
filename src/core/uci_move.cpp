#include "uci_move.h"

#include <array>
#include <cstdint>

#include "../core/fen.h"
#include "../core/movegen.h"

namespace escaque {

namespace {

// Squares numbered file first (a1 a2 ... a8 b1 ...): the order of their names in UCI text.
constexpr std::array<std::uint8_t, 64> FILE_MAJOR = [] {
  std::array<std::uint8_t, 64> t{};
  for (int s = 0; s < 64; ++s) t[std::size_t(s)] = std::uint8_t((s & 7) * 8 + (s >> 3));
  return t;
}();

}  // namespace

std::string move_to_uci(const Position& pos, Move m) {
  if (m == Move::none()) return "0000";
  Square to = m.to();
  if (m.kind() == CASTLING && !pos.is_chess960())
    to = Position::castling_king_to(pos.side_to_move(), m.to() > m.from());
  std::string s = square_name(m.from()) + square_name(to);
  if (m.kind() == PROMOTION) s += "nbrq"[m.promotion() - KNIGHT];
  return s;
}

Move match_uci(const Position& pos, const MoveList& legal, std::string_view text) {
  if (text.size() != 4 && text.size() != 5) return Move::none();
  // The squares read here rather than by parse_square (fen.cpp): this is on the package's per-move paths.
  const unsigned f0 = unsigned(text[0] - 'a'), r0 = unsigned(text[1] - '1');
  const unsigned f1 = unsigned(text[2] - 'a'), r1 = unsigned(text[3] - '1');
  if ((f0 | r0 | f1 | r1) > 7) return Move::none();
  const Square from = make_square(int(f0), int(r0)), to = make_square(int(f1), int(r1));
  PieceType promo = NO_PIECE_TYPE;
  if (text.size() == 5) {
    switch (text[4] | 0x20) {  // either case
      case 'q': promo = QUEEN; break;
      case 'r': promo = ROOK; break;
      case 'b': promo = BISHOP; break;
      case 'n': promo = KNIGHT; break;
      default: return Move::none();
    }
  }
  for (const Move m : legal) {
    if (m.from() != from) continue;
    if (m.kind() == CASTLING) {
      // King onto its rook always; king two squares sideways in standard chess.
      const Square kto = Position::castling_king_to(pos.side_to_move(), m.to() > m.from());
      if (promo == NO_PIECE_TYPE && (to == m.to() || (!pos.is_chess960() && to == kto && kto != from))) return m;
    } else if (m.to() == to && (m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE) == promo) {
      return m;
    }
  }
  return Move::none();
}

UciMoveResult parse_uci_move(const Position& pos, std::string_view text) {
  UciMoveResult r;
  const MoveList moves = legal_moves(pos);
  r.move = match_uci(pos, moves, text);
  if (r.move != Move::none()) return r;
  // Refused: say why.
  auto fail = [&](UciMoveError e, std::string msg) {
    r.error = e;
    r.message = std::move(msg);
    return r;
  };
  const std::string shown(text);
  if (text.size() != 4 && text.size() != 5)
    return fail(UciMoveError::Syntax, "'" + shown + "' is not a UCI move (like e2e4 or e7e8q)");
  const Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
  if (from == SQ_NONE || to == SQ_NONE)
    return fail(UciMoveError::Syntax, "'" + shown + "' is not a UCI move: squares are a1..h8");
  if (text.size() == 5 && std::string_view("qrbnQRBN").find(text[4]) == std::string_view::npos)
    return fail(UciMoveError::Syntax, "'" + shown + "': the promotion letter must be q, r, b or n");
  const Piece pc = pos.piece_on(from);
  if (pc == NO_PIECE || color_of(pc) != pos.side_to_move())
    return fail(UciMoveError::NoPiece, "'" + shown + "': there is no " +
                                           (pos.side_to_move() == WHITE ? "white" : "black") + " piece on " +
                                           square_name(from));
  const bool promotes = type_of(pc) == PAWN && rank_of(to) == (pos.side_to_move() == WHITE ? 7 : 0);
  if (promotes && text.size() == 4)
    for (const Move m : moves)
      if (m.from() == from && m.to() == to)
        return fail(UciMoveError::Syntax, "'" + shown + "' needs a promotion piece (q, r, b or n)");
  return fail(UciMoveError::Illegal, "'" + shown + "' is not a legal move in this position");
}

// No comparisons: a 64-bit mask of the from squares in file-first numbering, one mask of to
// squares per from square, and the move of each (from, to) pair; reading the masks' bits in
// order gives the sorted list. The four promotions of a pawn share their pair and come out
// together, in letter order.
void write_in_uci_order(const Position& pos, const MoveList& list, std::uint16_t* out) {
  thread_local std::uint64_t toMask[64];        // all zero between calls
  thread_local std::uint16_t moveAt[64][64];    // valid for the pairs set in the masks
  const bool kingStepCastling = !pos.is_chess960();
  std::uint64_t fromMask = 0;
  for (const Move m : list) {
    const unsigned from = FILE_MAJOR[m.from()];
    Square to = m.to();
    if (m.kind() == CASTLING && kingStepCastling)
      to = Position::castling_king_to(pos.side_to_move(), to > m.from());
    fromMask |= std::uint64_t(1) << from;
    const unsigned dest = FILE_MAJOR[to];
    toMask[from] |= std::uint64_t(1) << dest;
    moveAt[from][dest] = m.raw();
  }
  int n = 0;
  for (std::uint64_t f = fromMask; f; f &= f - 1) {
    const int from = __builtin_ctzll(f);
    const std::uint64_t dests = toMask[from];
    toMask[from] = 0;
    for (std::uint64_t t = dests; t; t &= t - 1) {
      const Move m(moveAt[from][__builtin_ctzll(t)]);
      if (m.kind() == PROMOTION) {
        for (PieceType pt : {BISHOP, KNIGHT, QUEEN, ROOK})
          out[n++] = Move::make(m.from(), m.to(), PROMOTION, pt).raw();
      } else {
        out[n++] = m.raw();
      }
    }
  }
}

}  // namespace escaque
