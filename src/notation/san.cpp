#include "san.h"

#include "../core/fen.h"
#include "../core/movegen.h"
#include "san_syntax.h"

namespace escaque {

namespace {

const char* color_name(Color c) { return c == WHITE ? "white" : "black"; }
const char* color_title(Color c) { return c == WHITE ? "White" : "Black"; }

const char* piece_name(PieceType pt) {
  static constexpr const char* NAMES[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
  return pt < PIECE_TYPE_NB ? NAMES[pt] : "piece";
}

bool is_castling_king_side(Move m) { return m.to() > m.from(); }

// "+" if m gives check, "#" if it mates, "" otherwise. One copy of the position, one move made,
// and only in check one count of the replies.
const char* check_suffix(const Position& pos, Move m) {
  Position after = pos;
  UndoInfo undo;
  after.do_move(m, undo);
  if (!after.in_check()) return "";
  return count_legal_moves(after) == 0 ? "#" : "+";
}

// The SAN of m without its check/mate suffix ("--" for no move or a move by the wrong side);
// `legal` is the move list if the caller already has it (parse_san's messages, the Position
// binding), else it is generated here, and only when two pieces of the same kind can reach the
// square.
std::string san_body(const Position& pos, Move m, Language lang, const MoveList* legal) {
  if (!m.is_ok()) return "--";
  const Color us = pos.side_to_move();
  const Piece pc = pos.moved_piece(m);
  if (pc == NO_PIECE || color_of(pc) != us) return "--";  // not a legal move: see the contract
  const PieceType pt = type_of(pc);
  const Square from = m.from(), to = m.to();
  std::string s;

  if (m.kind() == CASTLING) {
    s = is_castling_king_side(m) ? "O-O" : "O-O-O";
  } else if (pt == PAWN) {
    if (pos.is_capture(m)) {
      s += char('a' + file_of(from));
      s += 'x';
    }
    s += square_name(to);
    if (m.kind() == PROMOTION) {
      s += '=';
      s += piece_symbol(lang, m.promotion());
    }
  } else {
    s += piece_symbol(lang, pt);
    // Other pieces of this kind that could go to `to`, ignoring pins; the legal list settles it.
    Bitboard rivals = pt == KING ? 0 : pos.pieces(us, pt) & attacks_bb(pt, to, pos.pieces()) & ~square_bb(from);
    if (rivals) {
      MoveList generated;
      if (!legal) {
        generate_moves<GEN_ALL>(pos, generated);
        legal = &generated;
      }
      bool any = false, sameFile = false, sameRank = false;
      for (Move x : *legal) {
        if (x.to() != to || x.from() == from || !(rivals & square_bb(x.from())) || x.kind() == CASTLING) continue;
        any = true;
        sameFile |= file_of(x.from()) == file_of(from);
        sameRank |= rank_of(x.from()) == rank_of(from);
      }
      // PGN: the file if it tells the pieces apart, else the rank, else both.
      if (any && (!sameFile || sameRank)) s += char('a' + file_of(from));
      if (any && sameFile) s += char('1' + rank_of(from));
    }
    if (pos.is_capture(m)) s += 'x';
    s += square_name(to);
  }
  return s;
}

// The SAN of m, suffix included.
std::string san_of(const Position& pos, Move m, Language lang, const MoveList* legal) {
  std::string s = san_body(pos, m, lang, legal);
  if (s == "--") return s;
  return s + check_suffix(pos, m);
}

}  // namespace

std::string move_to_san(const Position& pos, Move m, Language lang) { return san_of(pos, m, lang, nullptr); }

std::string move_to_san_body(const Position& pos, Move m, const MoveList& legal, Language lang) {
  return san_body(pos, m, lang, &legal);
}

std::string move_to_lan(const Position& pos, Move m, Language lang) {
  if (!m.is_ok()) return "--";
  const Piece pc = pos.moved_piece(m);
  if (pc == NO_PIECE || color_of(pc) != pos.side_to_move()) return "--";
  std::string s;
  if (m.kind() == CASTLING) {
    s = is_castling_king_side(m) ? "O-O" : "O-O-O";
  } else {
    s += piece_symbol(lang, type_of(pc));
    s += square_name(m.from());
    s += pos.is_capture(m) ? 'x' : '-';
    s += square_name(m.to());
    if (m.kind() == PROMOTION) {
      s += '=';
      s += piece_symbol(lang, m.promotion());
    }
  }
  return s + check_suffix(pos, m);
}

const char* san_error_name(SanError e) {
  switch (e) {
    case SanError::None: return "None";
    case SanError::Empty: return "Empty";
    case SanError::Syntax: return "Syntax";
    case SanError::NoSuchPiece: return "NoSuchPiece";
    case SanError::Illegal: return "Illegal";
    case SanError::Ambiguous: return "Ambiguous";
    case SanError::WrongPromotion: return "WrongPromotion";
    case SanError::NotStandard: return "NotStandard";
  }
  return "?";
}

namespace {

using san_detail::SanSyntax;

// Matches a parsed move against the position. One instance per parse_san call.
class Matcher {
 public:
  Matcher(const Position& pos, const SanSyntax& syn, Language lang, std::string_view written)
      : pos_(pos), syn_(syn), lang_(lang), written_(written), us_(pos.side_to_move()) {
    generate_moves<GEN_ALL>(pos, legal_);
  }
  SanResult run();

 private:
  SanResult fail(SanError kind, std::string message) const {
    SanResult r;
    r.kind = kind;
    r.message = std::move(message);
    return r;
  }
  SanResult castling();
  std::string san(Move m) const { return san_of(pos_, m, lang_, &legal_); }
  std::string list_in_san(const MoveList& moves) const;
  // The input as quoted in messages (built only when there is a message to write).
  std::string shown() const { return san_detail::quote_input(written_); }
  // The pieces the text could mean, from what it says about kind and origin (pins and checks ignored).
  Bitboard described_pieces(PieceType pt) const;
  std::string describe_pieces(PieceType pt) const;
  SanResult no_legal_match(PieceType pt);
  std::string castling_obstacle(bool kingSide) const;

  const Position& pos_;
  const SanSyntax& syn_;
  Language lang_;
  std::string_view written_;  // the input without annotation glyphs
  Color us_;
  MoveList legal_;
};

std::string Matcher::list_in_san(const MoveList& moves) const {
  std::string s;
  for (int k = 0; k < moves.size; ++k) {
    if (k) s += k + 1 == moves.size ? " or " : ", ";
    s += san(moves.moves[k]);
  }
  return s;
}

Bitboard Matcher::described_pieces(PieceType pt) const {
  Bitboard b = pos_.pieces(us_, pt);
  if (syn_.fromFile >= 0) b &= file_bb(syn_.fromFile);
  if (syn_.fromRank >= 0) b &= rank_bb(syn_.fromRank);
  return b;
}

// "white knight", "white knight on the g-file", "white knight on rank 1", "white knight on g1".
std::string Matcher::describe_pieces(PieceType pt) const {
  std::string s = std::string(color_name(us_)) + " " + piece_name(pt);
  if (syn_.fromFile >= 0 && syn_.fromRank >= 0)
    s += " on " + square_name(make_square(syn_.fromFile, syn_.fromRank));
  else if (syn_.fromFile >= 0)
    s += std::string(" on the ") + char('a' + syn_.fromFile) + "-file";
  else if (syn_.fromRank >= 0)
    s += " on rank " + std::to_string(syn_.fromRank + 1);
  return s;
}

std::string Matcher::castling_obstacle(bool kingSide) const {
  const int idx = castling_index(us_, kingSide);
  const char* wing = kingSide ? "kingside" : "queenside";
  if (!pos_.can_castle(castling_right(us_, kingSide)))
    return std::string(color_title(us_)) + " has no right to castle " + wing;
  if (pos_.in_check()) return std::string("the ") + color_name(us_) + " king is in check";
  if (pos_.castling_path(idx) & pos_.pieces())
    return std::string("there are pieces between the ") + color_name(us_) + " king and rook";
  return "the king would pass through or land on an attacked square";
}

SanResult Matcher::castling() {
  for (Move m : legal_)
    if (m.kind() == CASTLING && is_castling_king_side(m) == syn_.kingSide) {
      SanResult r;
      r.move = m;
      return r;
    }
  return fail(SanError::Illegal, shown() + " is illegal: " + castling_obstacle(syn_.kingSide));
}

SanResult Matcher::run() {
  if (syn_.castling) return castling();

  // Which kind of piece moves: the one written; with no letter, a pawn, except that a full
  // origin square (UCI style "g1f3") means whatever stands there.
  PieceType pt = syn_.piece;
  const bool fullOrigin = syn_.fromFile >= 0 && syn_.fromRank >= 0;
  if (pt == NO_PIECE_TYPE && fullOrigin) {
    Square from = make_square(syn_.fromFile, syn_.fromRank);
    Piece pc = pos_.piece_on(from);
    if (pc == NO_PIECE || color_of(pc) != us_)
      return fail(SanError::NoSuchPiece, shown() + ": there is no " + color_name(us_) + " piece on " +
                                             square_name(from));
    pt = type_of(pc);
  } else if (pt == NO_PIECE_TYPE) {
    pt = PAWN;
  }

  // Promotions that cannot be, whatever the position.
  const int lastRank = us_ == WHITE ? 7 : 0;
  if (syn_.promotionWritten) {
    if (pt != PAWN)
      return fail(SanError::WrongPromotion, shown() + ": only pawns promote, and this move is a " +
                                                piece_name(pt) + " move");
    if (syn_.promotion == KING || syn_.promotion == PAWN)
      return fail(SanError::WrongPromotion,
                  shown() + ": a pawn cannot promote to a " + piece_name(syn_.promotion) +
                      " (only to a queen, rook, bishop or knight)");
    if (rank_of(syn_.to) != lastRank)
      return fail(SanError::WrongPromotion, shown() + ": a " + color_name(us_) + " pawn promotes only on rank " +
                                                std::to_string(lastRank + 1) + ", not on " + square_name(syn_.to));
  }

  // Candidates. Castling written as a king move counts twice over: onto the rook (king takes rook,
  // never an ordinary move) first, and onto the king's castling square only if no ordinary king
  // move goes there (in Chess960 "Kg1" may be a plain step).
  MoveList exact, byKingSquare;
  for (Move m : legal_) {
    Square from = m.from();
    if (type_of(pos_.piece_on(from)) != pt) continue;
    if (syn_.fromFile >= 0 && file_of(from) != syn_.fromFile) continue;
    if (syn_.fromRank >= 0 && rank_of(from) != syn_.fromRank) continue;
    if (m.kind() == CASTLING) {
      Square kingTo = Position::castling_king_to(us_, is_castling_king_side(m));
      if (m.to() == syn_.to) exact.add(m);
      else if (kingTo == syn_.to && kingTo != from) byKingSquare.add(m);
      continue;
    }
    if (m.to() != syn_.to) continue;
    // A pawn move without an origin file is a push: a capture names its file (E9).
    if (pt == PAWN && syn_.fromFile < 0 && file_of(from) != file_of(m.to())) continue;
    if (syn_.promotionWritten && m.promotion() != syn_.promotion) continue;
    exact.add(m);
  }
  const MoveList& found = exact.size ? exact : byKingSquare;

  if (found.size == 0) return no_legal_match(pt);
  if (!syn_.promotionWritten && found.moves[0].kind() == PROMOTION) {
    SanResult r = fail(SanError::WrongPromotion,
                       shown() + ": the pawn reaches the last rank and must promote; write " + list_in_san(found));
    r.candidates.assign(found.begin(), found.end());
    return r;
  }
  if (found.size > 1) {
    SanResult r = fail(SanError::Ambiguous, shown() + " is ambiguous: " + list_in_san(found));
    r.candidates.assign(found.begin(), found.end());
    return r;
  }
  SanResult r;
  r.move = found.moves[0];
  return r;
}

SanResult Matcher::no_legal_match(PieceType pt) {
  const Square to = syn_.to;
  const Bitboard described = described_pieces(pt);
  // A lower-case file letter that is also a piece letter ("bc3" for Bc3): say so if that would work.
  std::string hint;
  if (syn_.piece == NO_PIECE_TYPE && syn_.fileLetterPiece != NO_PIECE_TYPE && syn_.fromRank < 0) {
    for (Move m : legal_)
      if (m.to() == to && m.kind() != CASTLING && type_of(pos_.piece_on(m.from())) == syn_.fileLetterPiece) {
        hint = std::string(" (a lower-case ") + char('a' + syn_.fromFile) + " is a file; a " +
               piece_name(syn_.fileLetterPiece) + " move is written with a capital " +
               std::string(piece_symbol(lang_, syn_.fileLetterPiece)) + ": " + san(m) + ")";
        break;
      }
  }
  if (!described) {
    std::string what = (syn_.fromFile >= 0 || syn_.fromRank >= 0) ? "there is no " + describe_pieces(pt)
                                                                   : std::string(color_title(us_)) + " has no " +
                                                                         piece_name(pt);
    return fail(SanError::NoSuchPiece, shown() + ": " + what + hint);
  }

  // Pieces that could reach `to` if pins and checks did not matter.
  Bitboard reach = 0;
  if (pt == PAWN) {
    const int up = pawn_push(us_);
    const bool pushWritten = syn_.fromFile < 0 || syn_.fromFile == file_of(to);
    if (pushWritten && pos_.empty(to) && relative_rank(us_, rank_of(to)) >= 2) {
      Square one = Square(to - up);
      if (!pos_.empty(one)) reach |= square_bb(one);
      else if (relative_rank(us_, rank_of(to)) == 3) reach |= square_bb(Square(one - up));
    }
    // Captures only where the origin file is written (a capture names its file: E9).
    Piece victim = pos_.piece_on(to);
    bool target = (victim != NO_PIECE && color_of(victim) != us_) || to == pos_.en_passant_square();
    if (syn_.fromFile >= 0 && syn_.fromFile != file_of(to) && target) reach |= pawn_attacks(~us_, to);
    reach &= described;
  } else {
    reach = described & attacks_bb(pt, to, pos_.pieces());
  }
  // A king written onto a castling square it cannot step to: explain why castling is not possible.
  if (pt == KING && (described & pos_.pieces(us_, KING))) {
    const Square ksq = pos_.king_square(us_);
    for (bool kingSide : {true, false}) {
      bool right = pos_.can_castle(castling_right(us_, kingSide));
      Square kingTo = Position::castling_king_to(us_, kingSide);
      bool ontoRook = right && to == pos_.castling_rook_square(castling_index(us_, kingSide));
      bool ontoKingSquare = to == kingTo && to != ksq && !(king_attacks(ksq) & square_bb(to)) &&
                            relative_rank(us_, rank_of(ksq)) == 0;
      if (ontoRook || ontoKingSquare)
        return fail(SanError::Illegal, shown() + " is illegal: castling " + (kingSide ? "kingside" : "queenside") +
                                           " is not possible: " + castling_obstacle(kingSide));
    }
  }
  if (!reach) {
    std::string extra = hint;
    if (pt == PAWN && syn_.fromFile < 0) {
      MoveList captures;
      for (Move m : legal_)
        if (m.to() == to && type_of(pos_.piece_on(m.from())) == PAWN) captures.add(m);
      if (captures.size) extra = " (a pawn capture names its file: " + list_in_san(captures) + ")";
    }
    return fail(SanError::NoSuchPiece, shown() + ": no " + describe_pieces(pt) + " can move to " +
                                           square_name(to) + extra);
  }
  Piece occupant = pos_.piece_on(to);
  if (occupant != NO_PIECE && color_of(occupant) == us_)
    return fail(SanError::Illegal, shown() + " is illegal: " + square_name(to) + " is occupied by a " +
                                       color_name(us_) + " " + piece_name(type_of(occupant)));
  if (pt == KING)
    return fail(SanError::Illegal, shown() + " is illegal: the " + color_name(us_) + " king would be in check on " +
                                       square_name(to));
  return fail(SanError::Illegal, shown() + " is illegal: it leaves the " + color_name(us_) + " king in check");
}

}  // namespace

namespace {

// The common case without generating every legal move: a knight, bishop, rook or queen move, or a
// plain pawn push or capture, while not in check, that exactly one piece can legally make. It gives
// the Matcher's answer for those; everything else (castling, king moves, promotions, en passant,
// check, a UCI-style origin square, no candidate or several) goes to the Matcher, which also words
// every error. Reading a PGN file is mostly this (one SAN per move).
bool quick_match(const Position& pos, const SanSyntax& syn, Move& out) {
  if (syn.castling || syn.promotionWritten || pos.in_check()) return false;
  const Color us = pos.side_to_move();
  const Square to = syn.to;
  const Piece target = pos.piece_on(to);
  if (target != NO_PIECE && color_of(target) == us) return false;
  Bitboard origin = ~Bitboard(0);
  if (syn.fromFile >= 0) origin &= file_bb(syn.fromFile);
  if (syn.fromRank >= 0) origin &= rank_bb(syn.fromRank);
  Bitboard candidates = 0;
  const PieceType pt = syn.piece;
  if (pt == KNIGHT || pt == BISHOP || pt == ROOK || pt == QUEEN) {
    candidates = attacks_bb(pt, to, pos.pieces()) & pos.pieces(us, pt);
  } else if (pt == NO_PIECE_TYPE) {
    if (syn.fromFile >= 0 && syn.fromRank >= 0) return false;  // "g1f3": whatever stands on g1
    if (rank_of(to) == (us == WHITE ? 7 : 0) || to == pos.en_passant_square()) return false;
    const Piece pawn = make_piece(us, PAWN);
    if (syn.fromFile < 0) {  // a push: onto the third rank or further (from the mover's side)
      if (target != NO_PIECE || relative_rank(us, rank_of(to)) < 2) return false;
      const int up = us == WHITE ? 8 : -8;
      const Square one = Square(to - up);
      if (pos.piece_on(one) == pawn) {
        candidates = square_bb(one);
      } else if (pos.piece_on(one) == NO_PIECE && rank_of(to) == (us == WHITE ? 3 : 4) &&
                 pos.piece_on(Square(to - 2 * up)) == pawn) {
        candidates = square_bb(Square(to - 2 * up));
      }
    } else {  // a capture names its file
      if (target == NO_PIECE) return false;
      candidates = pawn_attacks(~us, to) & pos.pieces(us, PAWN);
    }
  } else {
    return false;
  }
  candidates &= origin;
  if (!candidates) return false;
  const Bitboard pinned = pos.pinned(us);
  const Square king = pos.king_square(us);
  Square found = SQ_NONE;
  while (candidates) {
    const Square from = pop_lsb(candidates);
    if ((pinned & square_bb(from)) && !aligned(from, to, king)) continue;
    if (found != SQ_NONE) return false;  // ambiguous: the Matcher says so
    found = from;
  }
  if (found == SQ_NONE) return false;
  out = Move(found, to);
  return true;
}

}  // namespace

SanResult parse_san(const Position& pos, std::string_view text, Language lang, const SanParseOptions& options) {
  SanSyntax syn;
  san_detail::SyntaxError err = san_detail::parse_san_syntax(text, lang, syn);
  if (err.kind != SanError::None) {
    SanResult r;
    r.kind = err.kind;
    r.message = std::move(err.message);
    r.offset = err.offset;
    return r;
  }
  SanResult r;
  if (!quick_match(pos, syn, r.move)) r = Matcher(pos, syn, lang, san_detail::strip_glyphs(text)).run();
  if (r.ok() && options.strict) {
    std::string standard = move_to_san(pos, r.move, lang);
    std::string_view written = san_detail::strip_glyphs(text);
    std::string_view bare = std::string_view(standard);
    if (!bare.empty() && (bare.back() == '+' || bare.back() == '#')) bare.remove_suffix(1);
    if (written != standard && written != bare) {
      Move m = r.move;
      r = SanResult();
      r.kind = SanError::NotStandard;
      r.message = "'" + san_detail::quote_input(written) + "' is " + standard + " written in a non-standard way";
      r.candidates.push_back(m);
    }
  }
  return r;
}

}  // namespace escaque
