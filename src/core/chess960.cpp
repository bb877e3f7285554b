#include "chess960.h"

namespace escaque {

std::string chess960_back_rank(int index) {
  if (index < 0 || index > 959) return {};
  std::string rank(8, ' ');
  int n = index;
  rank[2 * (n % 4) + 1] = 'B';  // light-squared bishop: b, d, f or h
  n /= 4;
  rank[2 * (n % 4)] = 'B';      // dark-squared bishop: a, c, e or g
  n /= 4;
  auto place_on_empty = [&rank](int k, char piece) {
    for (char& c : rank)
      if (c == ' ' && k-- == 0) {
        c = piece;
        return;
      }
  };
  place_on_empty(n % 6, 'Q');
  n /= 6;
  // The ten ways to put two knights on the five squares left.
  static const int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                     {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  place_on_empty(knights[n][1], 'N');  // the later square first, so the first index stays valid
  place_on_empty(knights[n][0], 'N');
  // Rook, king, rook on the three squares left, in that order.
  place_on_empty(0, 'R');
  place_on_empty(0, 'K');
  place_on_empty(0, 'R');
  return rank;
}

int chess960_index(const std::string& backRank) {
  for (int i = 0; i < 960; ++i)
    if (chess960_back_rank(i) == backRank) return i;
  return -1;
}

bool set_chess960_start(Position& pos, int index) {
  std::string rank = chess960_back_rank(index);
  if (rank.empty()) return false;
  pos.clear();
  pos.set_chess960(true);
  for (int f = 0; f < 8; ++f) {
    PieceType pt = rank[f] == 'R' ? ROOK : rank[f] == 'N' ? KNIGHT : rank[f] == 'B' ? BISHOP
                 : rank[f] == 'Q' ? QUEEN : KING;
    pos.put_piece(make_piece(WHITE, pt), make_square(f, 0));
    pos.put_piece(make_piece(WHITE, PAWN), make_square(f, 1));
    pos.put_piece(make_piece(BLACK, PAWN), make_square(f, 6));
    pos.put_piece(make_piece(BLACK, pt), make_square(f, 7));
  }
  for (int f = 0; f < 8; ++f)
    if (rank[f] == 'R') {
      pos.add_castling_right(WHITE, make_square(f, 0));
      pos.add_castling_right(BLACK, make_square(f, 7));
    }
  pos.finish_setup();
  return true;
}

}  // namespace escaque
