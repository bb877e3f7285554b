#include "book.h"

#include <algorithm>
#include <vector>

#include "../core/fen.h"
#include "../core/uci_move.h"
#include "insertion_sort.h"

namespace escaque {

namespace {

// Main lines of the common openings, 6 to 16 plies each, in UCI notation (e1g1 is White's short
// castling), which replay with the plain UCI move parser. Several lines share their first moves on
// purpose: the weights then follow how often a move is the main line.
constexpr std::string_view LINES[] = {
    // Open games
    // Ruy Lopez, closed
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8",
    // Ruy Lopez, Marshall
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 e8g8 c2c3 d7d5",
    // Ruy Lopez, open
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f6e4 d2d4 b7b5 a4b3 d7d5 d4e5 c8e6",
    // Ruy Lopez, exchange
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 f7f6",
    // Berlin
    "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 d2d4 e4d6 b5c6 d7c6 d4e5 d6f5 d1d8 e8d8",
    // Giuoco Piano
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d3 d7d6 e1g1 e8g8",
    // Giuoco Piano
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 d7d6 c2c3 e8g8",
    // Two Knights, quiet
    "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8e7 e1g1 e8g8",
    // Scotch
    "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6 d4c6 b7c6 e4e5 d8e7 d1e2 f6d5 c2c4",
    // Four Knights, Scotch
    "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6 d2d4 e5d4 f3d4 f8b4",
    // Petroff
    "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4 d2d4 d6d5 f1d3",
    // Philidor
    "e2e4 e7e5 g1f3 d7d6 d2d4 g8f6 b1c3 b8d7 f1c4 f8e7 e1g1 e8g8",
    // Vienna
    "e2e4 e7e5 b1c3 g8f6 f2f4 d7d5 f4e5 f6e4 g1f3 f8e7",
    // King's Gambit
    "e2e4 e7e5 f2f4 e5f4 g1f3 g7g5 h2h4 g5g4 f3e5 g8f6",
    // Sicilian
    // Najdorf
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5 d4b3 c8e6",
    // Dragon
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 g7g6 c1e3 f8g7 f2f3 e8g8",
    // Scheveningen
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 e7e6 f1e2 f8e7 e1g1 e8g8",
    // Richter-Rauzer
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 b8c6 c1g5 e7e6 d1d2 a7a6 e1c1",
    // Sveshnikov
    "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g8f6 b1c3 e7e5 d4b5 d7d6 c1g5 a7a6 b5a3 b7b5",
    // Taimanov
    "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6 b1c3 d8c7 f1e2 a7a6 e1g1 g8f6",
    // Kan
    "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6 f1d3 g8f6 e1g1 d8c7",
    // Rossolimo
    "e2e4 c7c5 g1f3 b8c6 f1b5 g7g6 e1g1 f8g7 f1e1 e7e5",
    // Moscow
    "e2e4 c7c5 g1f3 d7d6 f1b5 c8d7 b5d7 d8d7 e1g1 b8c6",
    // Alapin
    "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5 d2d4 c5d4 g1f3 b8c6 c3d4 d7d6",
    // Closed Sicilian
    "e2e4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7 d2d3 d7d6",
    // French, Caro-Kann and other replies to 1.e4
    // French, classical
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7 e4e5 f6d7 g5e7 d8e7 f2f4 e8g8",
    // French, Winawer
    "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4 e4e5 c7c5 a2a3 b4c3 b2c3 g8e7",
    // French, Tarrasch
    "e2e4 e7e6 d2d4 d7d5 b1d2 g8f6 e4e5 f6d7 f1d3 c7c5 c2c3 b8c6",
    // French, advance
    "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5 c2c3 b8c6 g1f3 d8b6 a2a3",
    // French, exchange
    "e2e4 e7e6 d2d4 d7d5 e4d5 e6d5 g1f3 g8f6 f1d3",
    // Caro-Kann, classical
    "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5 e4g3 f5g6 h2h4 h7h6 g1f3 b8d7",
    // Caro-Kann, advance
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5 g1f3 e7e6 f1e2 c6c5",
    // Caro-Kann, exchange
    "e2e4 c7c6 d2d4 d7d5 e4d5 c6d5 f1d3 b8c6 c2c3 g8f6 c1f4",
    // Scandinavian
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6 g1f3 c7c6 f1c4 c8f5",
    // Pirc
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6 c1e3 f8g7 d1d2 c7c6",
    // Modern
    "e2e4 g7g6 d2d4 f8g7 b1c3 d7d6 c1e3 a7a6",
    // Alekhine
    "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6 g1f3 c8g4 f1e2 e7e6 e1g1 f8e7",
    // Queen's pawn: 1...d5
    // QGD, Tartakower
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3 h7h6 g5h4 b7b6",
    // QGD, 5.Bf4
    "d2d4 d7d5 c2c4 e7e6 g1f3 g8f6 b1c3 f8e7 c1f4 e8g8 e2e3 c7c5",
    // QGD, exchange
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c4d5 e6d5 c1g5 c7c6 d1c2 f8e7 e2e3",
    // Tarrasch
    "d2d4 d7d5 c2c4 e7e6 b1c3 c7c5 c4d5 e6d5 g1f3 b8c6 g2g3 g8f6 f1g2 f8e7 e1g1 e8g8",
    // Slav
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4 a2a4 c8f5 e2e3 e7e6 f1c4 f8b4 e1g1",
    // Semi-Slav, Meran
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 e7e6 e2e3 b8d7 f1d3 d5c4 d3c4 b7b5 c4d3",
    // Queen's Gambit accepted
    "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6 f1c4 c7c5 e1g1 a7a6",
    // London
    "d2d4 g8f6 g1f3 d7d5 c1f4 e7e6 e2e3 c7c5 c2c3 b8c6 b1d2 f8d6",
    // Colle
    "d2d4 d7d5 g1f3 g8f6 e2e3 e7e6 f1d3 c7c5 c2c3 b8c6 b1d2 f8d6",
    // Queen's pawn: Indian defences
    // Nimzo-Indian, Rubinstein
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 e2e3 e8g8 f1d3 d7d5 g1f3 c7c5 e1g1",
    // Nimzo-Indian, classical
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 d1c2 e8g8 a2a3 b4c3 c2c3 b7b6",
    // Queen's Indian
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6 g2g3 c8a6 b2b3 f8b4 c1d2 b4e7",
    // Catalan
    "d2d4 g8f6 c2c4 e7e6 g1f3 d7d5 g2g3 f8e7 f1g2 e8g8 e1g1 d5c4",
    // Catalan
    "d2d4 g8f6 c2c4 e7e6 g2g3 d7d5 f1g2 f8e7 g1f3 e8g8 e1g1 d5c4 d1c2 a7a6",
    // King's Indian
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8 f1e2 e7e5 e1g1 b8c6 d4d5 c6e7",
    // King's Indian, fianchetto
    "d2d4 g8f6 c2c4 g7g6 g2g3 f8g7 f1g2 e8g8 b1c3 d7d6 g1f3",
    // Grünfeld
    "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5 c4d5 f6d5 e2e4 d5c3 b2c3 f8g7 g1f3 c7c5",
    // Modern Benoni
    "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6 b1c3 e6d5 c4d5 d7d6 e2e4 g7g6",
    // Benko
    "d2d4 g8f6 c2c4 c7c5 d4d5 b7b5 c4b5 a7a6 b5a6 c8a6 b1c3 d7d6",
    // Trompowsky
    "d2d4 g8f6 c1g5 f6e4 g5f4 c7c5 f2f3 d8a5 c2c3 e4f6",
    // Dutch
    "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6 g1f3 f8e7 e1g1 e8g8 c2c4 d7d6",
    // Flank openings
    // English, four knights
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5 c4d5 f6d5 f1g2 d5b6",
    // English
    "c2c4 g8f6 b1c3 e7e5 g1f3 b8c6 g2g3 f8b4 f1g2 e8g8",
    // English, symmetrical
    "c2c4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7 g1f3 g8f6 e1g1 e8g8",
    // English into the QGD
    "c2c4 e7e6 b1c3 d7d5 d2d4 g8f6",
    // Reti
    "g1f3 d7d5 g2g3 g8f6 f1g2 c7c6 e1g1 c8g4 d2d3 b8d7",
    // into the King's Indian
    "g1f3 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 d2d4 e8g8",
};
constexpr int LINE_COUNT = int(sizeof LINES / sizeof LINES[0]);

struct Entry {
  Key key;
  Move move;
  int weight;
};

// Built on first use: every line replayed from the start gives one (position, move) pair per move;
// sorting the pairs brings repeats together, which merge into one entry whose weight counts how many
// lines play that move there; then each position's entries are ordered by falling weight. A line
// whose move does not parse stops there (the unit test replays every line to the end, so that never
// happens in a released build).
class BookTable {
 public:
  BookTable() {
    std::vector<Entry> pairs;
    for (std::string_view line : LINES) add_line(line, pairs);
    insertion_sort(pairs.begin(), pairs.end(), [](const Entry& a, const Entry& b) {
      return a.key != b.key ? a.key < b.key : a.move.raw() < b.move.raw();
    });
    for (const Entry& p : pairs) {
      if (!entries_.empty() && entries_.back().key == p.key && entries_.back().move == p.move)
        ++entries_.back().weight;
      else
        entries_.push_back(p);
    }
    insertion_sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
      return a.key != b.key ? a.key < b.key : a.weight > b.weight;
    });
    for (std::size_t i = 0; i < entries_.size(); ++i)
      if (i == 0 || entries_[i].key != entries_[i - 1].key) ++positions_;
  }

  // The entries of one position, most played first.
  std::pair<const Entry*, const Entry*> find(Key key) const {
    auto lo = std::lower_bound(entries_.begin(), entries_.end(), key,
                               [](const Entry& e, Key k) { return e.key < k; });
    auto hi = lo;
    while (hi != entries_.end() && hi->key == key) ++hi;
    return {entries_.data() + (lo - entries_.begin()), entries_.data() + (hi - entries_.begin())};
  }
  int positions() const { return positions_; }

 private:
  static void add_line(std::string_view line, std::vector<Entry>& pairs) {
    Position pos;
    parse_fen(START_FEN, pos);
    while (!line.empty()) {
      const std::size_t space = line.find(' ');
      const std::string_view token = line.substr(0, space);
      line = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
      const UciMoveResult r = parse_uci_move(pos, token);
      if (r.error != UciMoveError::None) return;
      pairs.push_back({pos.key(), r.move, 1});
      UndoInfo undo;
      pos.do_move(r.move, undo);
    }
  }

  std::vector<Entry> entries_;
  int positions_ = 0;
};

const BookTable& table() {
  static const BookTable book;
  return book;
}

}  // namespace

int book_moves(const Position& pos, BookMove* out, int capacity) {
  if (pos.is_chess960()) return 0;
  auto [first, last] = table().find(pos.key());
  int n = 0;
  for (const Entry* e = first; e != last; ++e) {
    if (n < capacity) out[n] = {e->move, e->weight};
    ++n;
  }
  return n;
}

Move pick_book_move(const Position& pos, std::uint64_t random) {
  if (pos.is_chess960()) return Move::none();
  auto [first, last] = table().find(pos.key());
  int total = 0;
  for (const Entry* e = first; e != last; ++e) total += e->weight;
  if (total == 0) return Move::none();
  int ticket = int(random % std::uint64_t(total));
  for (const Entry* e = first; e != last; ++e) {
    if (ticket < e->weight) return e->move;
    ticket -= e->weight;
  }
  return Move::none();  // not reached
}

int book_line_count() { return LINE_COUNT; }
std::string_view book_line(int index) {
  return index >= 0 && index < LINE_COUNT ? LINES[index] : std::string_view{};
}
int book_position_count() { return table().positions(); }

}  // namespace escaque
