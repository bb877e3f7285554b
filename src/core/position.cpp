#include "position.h"

#include <cstring>

namespace escaque {

namespace {
void init_tables_once() {
  static const bool done = [] {
    init_bitboards();
    zobrist::init();
    return true;
  }();
  (void)done;
}
}  // namespace

Position::Position() {
  init_tables_once();
  clear();
}

void Position::clear() {
  std::memset(byType_, 0, sizeof byType_);
  std::memset(byColor_, 0, sizeof byColor_);
  std::memset(castlingPath_, 0, sizeof castlingPath_);
  std::memset(castlingKingPath_, 0, sizeof castlingKingPath_);
  std::memset(castlingLoss_, 0, sizeof castlingLoss_);
  for (auto& p : board_) p = NO_PIECE;
  for (auto& s : castlingRook_) s = SQ_NONE;
  checkers_ = 0;
  key_ = 0;
  sideToMove_ = WHITE;
  castling_ = 0;
  epSquare_ = SQ_NONE;
  rule50_ = 0;
  gamePly_ = 0;
  chess960_ = false;
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  byType_[type_of(p)] |= square_bb(s);
  byColor_[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  byType_[type_of(p)] ^= square_bb(s);
  byColor_[color_of(p)] ^= square_bb(s);
  board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard fromTo = square_bb(from) | square_bb(to);
  byType_[type_of(p)] ^= fromTo;
  byColor_[color_of(p)] ^= fromTo;
  board_[from] = NO_PIECE;
  board_[to] = p;
}

void Position::add_castling_right(Color c, Square rookSquare) {
  Square ksq = king_square(c);
  bool kingSide = rookSquare > ksq;
  int idx = castling_index(c, kingSide);
  castling_ |= 1 << idx;
  castlingRook_[idx] = rookSquare;
}

void Position::set_clocks(int rule50, int fullmoveNumber) {
  rule50_ = std::uint16_t(rule50);
  if (fullmoveNumber < 1) fullmoveNumber = 1;
  gamePly_ = std::uint16_t(2 * (fullmoveNumber - 1) + (sideToMove_ == BLACK));
}

void Position::update_castling_tables() {
  std::memset(castlingLoss_, 0, sizeof castlingLoss_);
  for (int idx = 0; idx < 4; ++idx) {
    castlingPath_[idx] = castlingKingPath_[idx] = 0;
    if (!(castling_ & (1 << idx))) continue;
    Color c = Color(idx / 2);
    bool kingSide = idx % 2 == 0;
    Square ksq = king_square(c), rsq = castlingRook_[idx];
    Square kto = castling_king_to(c, kingSide), rto = castling_rook_to(c, kingSide);
    castlingPath_[idx] = (between_bb(ksq, kto) | between_bb(rsq, rto)) & ~(square_bb(ksq) | square_bb(rsq));
    castlingKingPath_[idx] = between_bb(ksq, kto);
    castlingLoss_[ksq] |= 1 << idx;
    castlingLoss_[rsq] |= 1 << idx;
  }
}

void Position::finish_setup() {
  update_castling_tables();
  if (epSquare_ != SQ_NONE && !en_passant_is_legal(epSquare_)) epSquare_ = SQ_NONE;
  checkers_ = attackers_to(king_square(sideToMove_)) & pieces(~sideToMove_);
  key_ = compute_key();
}

void Position::set_startpos() {
  clear();
  const PieceType back[8] = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
  for (int f = 0; f < 8; ++f) {
    put_piece(make_piece(WHITE, back[f]), make_square(f, 0));
    put_piece(make_piece(WHITE, PAWN), make_square(f, 1));
    put_piece(make_piece(BLACK, PAWN), make_square(f, 6));
    put_piece(make_piece(BLACK, back[f]), make_square(f, 7));
  }
  add_castling_right(WHITE, SQ_H1);
  add_castling_right(WHITE, SQ_A1);
  add_castling_right(BLACK, SQ_H8);
  add_castling_right(BLACK, SQ_A8);
  finish_setup();
}

Key Position::compute_key() const {
  Key k = 0;
  for (int s = 0; s < 64; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::psq[board_[s]][s];
  k ^= zobrist::castling[castling_];
  if (epSquare_ != SQ_NONE) k ^= zobrist::enPassantFile[file_of(epSquare_)];
  if (sideToMove_ == BLACK) k ^= zobrist::sideToMove;
  return k;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) |
         (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
         (knight_attacks(s) & byType_[KNIGHT]) |
         (rook_attacks(s, occupied) & (byType_[ROOK] | byType_[QUEEN])) |
         (bishop_attacks(s, occupied) & (byType_[BISHOP] | byType_[QUEEN])) |
         (king_attacks(s) & byType_[KING]);
}

Bitboard Position::pinned(Color c) const {
  Square ksq = king_square(c);
  Bitboard occupied = pieces();
  Bitboard snipers = ((rook_attacks(ksq, 0) & pieces(~c, ROOK, QUEEN)) |
                      (bishop_attacks(ksq, 0) & pieces(~c, BISHOP, QUEEN)));
  Bitboard result = 0;
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard between = between_bb(ksq, s) & ~square_bb(s) & occupied;
    if (between && !more_than_one(between)) result |= between & pieces(c);
  }
  return result;
}

// Is an en passant capture onto ep legal for the side to move? Rare, so it
// simulates the capture on the occupancy and looks for any attack on the king
// (this also covers the horizontal double pin along the fifth rank).
bool Position::en_passant_is_legal(Square ep) const {
  Color us = sideToMove_, them = ~us;
  Square captured = Square(ep - pawn_push(us));
  if (board_[captured] != make_piece(them, PAWN) || !empty(ep)) return false;
  Bitboard candidates = pawn_attacks(them, ep) & pieces(us, PAWN);
  Square ksq = king_square(us);
  while (candidates) {
    Square from = pop_lsb(candidates);
    Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
    Bitboard attackers = attackers_to(ksq, occ) & pieces(them) & ~square_bb(captured);
    if (!attackers) return true;
  }
  return false;
}

void Position::do_move(Move m, UndoInfo& undo) {
  undo = {key_, checkers_, rule50_, NO_PIECE, castling_, epSquare_};

  const Color us = sideToMove_, them = ~us;
  const Square from = m.from();
  Square to = m.to();
  const Piece pc = board_[from];
  Key k = key_ ^ zobrist::sideToMove;
  if (epSquare_ != SQ_NONE) {
    k ^= zobrist::enPassantFile[file_of(epSquare_)];
    epSquare_ = SQ_NONE;
  }
  ++rule50_;
  ++gamePly_;

  if (m.kind() == CASTLING) {
    // "King takes rook": to is the rook's square.
    bool kingSide = to > from;
    Square rfrom = to;
    Square kto = castling_king_to(us, kingSide), rto = castling_rook_to(us, kingSide);
    Piece rook = board_[rfrom];
    remove_piece(from);
    remove_piece(rfrom);
    put_piece(pc, kto);
    put_piece(rook, rto);
    k ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][kto] ^ zobrist::psq[rook][rfrom] ^ zobrist::psq[rook][rto];
  } else {
    if (m.kind() == EN_PASSANT) {
      Square capsq = Square(to - pawn_push(us));
      undo.captured = board_[capsq];
      remove_piece(capsq);
      k ^= zobrist::psq[undo.captured][capsq];
    } else if (board_[to] != NO_PIECE) {
      undo.captured = board_[to];
      remove_piece(to);
      k ^= zobrist::psq[undo.captured][to];
      rule50_ = 0;
    }
    move_piece(from, to);
    k ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][to];

    if (type_of(pc) == PAWN) {
      rule50_ = 0;
      if (m.kind() == PROMOTION) {
        Piece promoted = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promoted, to);
        k ^= zobrist::psq[pc][to] ^ zobrist::psq[promoted][to];
      } else if ((int(to) ^ int(from)) == 16) {
        Square ep = Square((from + to) / 2);
        // Cheap filter first: an enemy pawn must stand next to the pawn.
        if (pawn_attacks(us, ep) & pieces(them, PAWN)) {
          sideToMove_ = them;  // en_passant_is_legal looks from the mover's view
          if (en_passant_is_legal(ep)) {
            epSquare_ = ep;
            k ^= zobrist::enPassantFile[file_of(ep)];
          }
          sideToMove_ = us;
        }
      }
    }
  }

  if (castling_ && (castlingLoss_[from] | castlingLoss_[to])) {
    k ^= zobrist::castling[castling_];
    castling_ &= ~(castlingLoss_[from] | castlingLoss_[to]);
    k ^= zobrist::castling[castling_];
  }

  sideToMove_ = them;
  key_ = k;
  checkers_ = attackers_to(king_square(them)) & pieces(us);
}

void Position::undo_move(Move m, const UndoInfo& undo) {
  const Color them = sideToMove_, us = ~them;
  const Square from = m.from(), to = m.to();
  sideToMove_ = us;
  --gamePly_;

  if (m.kind() == CASTLING) {
    bool kingSide = to > from;
    Square kto = castling_king_to(us, kingSide), rto = castling_rook_to(us, kingSide);
    Piece king = board_[kto], rook = board_[rto];
    remove_piece(kto);
    remove_piece(rto);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.kind() == PROMOTION) {
      remove_piece(to);
      put_piece(make_piece(us, PAWN), to);
    }
    move_piece(to, from);
    if (undo.captured != NO_PIECE) {
      Square capsq = m.kind() == EN_PASSANT ? Square(to - pawn_push(us)) : to;
      put_piece(undo.captured, capsq);
    }
  }

  key_ = undo.key;
  checkers_ = undo.checkers;
  rule50_ = undo.rule50;
  castling_ = undo.castling;
  epSquare_ = undo.epSquare;
}

void Position::do_null_move(UndoInfo& undo) {
  undo = {key_, checkers_, rule50_, NO_PIECE, castling_, epSquare_};
  if (epSquare_ != SQ_NONE) key_ ^= zobrist::enPassantFile[file_of(epSquare_)];
  epSquare_ = SQ_NONE;
  key_ ^= zobrist::sideToMove;
  sideToMove_ = ~sideToMove_;
  ++rule50_;
  ++gamePly_;
  checkers_ = 0;  // null moves are never made in check
}

void Position::undo_null_move(const UndoInfo& undo) {
  sideToMove_ = ~sideToMove_;
  --gamePly_;
  key_ = undo.key;
  checkers_ = undo.checkers;
  rule50_ = undo.rule50;
  epSquare_ = undo.epSquare;
}

bool Position::gives_check(Move m) const {
  Position copy = *this;
  UndoInfo undo;
  copy.do_move(m, undo);
  return copy.in_check();
}

bool Position::is_consistent() const {
  Bitboard all = 0;
  for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) {
    if (all & byType_[pt]) return false;
    all |= byType_[pt];
  }
  if ((byColor_[WHITE] & byColor_[BLACK]) || all != pieces()) return false;
  for (int s = 0; s < 64; ++s) {
    Piece p = board_[s];
    if (p == NO_PIECE) {
      if (all & square_bb(Square(s))) return false;
    } else if (!(pieces(color_of(p), type_of(p)) & square_bb(Square(s)))) {
      return false;
    }
  }
  if (count(WHITE, KING) != 1 || count(BLACK, KING) != 1) return false;
  if (key_ != compute_key()) return false;
  if (checkers_ != (attackers_to(king_square(sideToMove_)) & pieces(~sideToMove_))) return false;
  if (attackers_to(king_square(~sideToMove_)) & pieces(sideToMove_)) return false;
  for (int idx = 0; idx < 4; ++idx) {
    if (!(castling_ & (1 << idx))) continue;
    Color c = Color(idx / 2);
    if (piece_on(castlingRook_[idx]) != make_piece(c, ROOK)) return false;
  }
  return true;
}

bool Position::operator==(const Position& o) const {
  // Only the rooks of rights still held count: a lost right leaves its old
  // rook square behind in castlingRook_, which must not make equal positions differ.
  for (int idx = 0; idx < 4; ++idx)
    if ((castling_ & (1 << idx)) && castlingRook_[idx] != o.castlingRook_[idx]) return false;
  return std::memcmp(board_, o.board_, sizeof board_) == 0 && sideToMove_ == o.sideToMove_ &&
         castling_ == o.castling_ && epSquare_ == o.epSquare_ && rule50_ == o.rule50_ &&
         gamePly_ == o.gamePly_ && key_ == o.key_ && checkers_ == o.checkers_;
}

}  // namespace escaque
