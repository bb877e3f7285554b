#include "book.h"

#include <algorithm>
#include <vector>

#include "../core/fen.h"
#include "../notation/san.h"

namespace escaque {

namespace {

// Main lines of the common openings, 10 to 16 plies each, in SAN. Several lines share their first
// moves on purpose: the weights then follow how often a move is the main line.
constexpr std::string_view LINES[] = {
    // Open games
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O",        // Ruy Lopez, closed
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 O-O c3 d5",        // Ruy Lopez, Marshall
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Nxe4 d4 b5 Bb3 d5 dxe5 Be6",      // Ruy Lopez, open
    "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6",                            // Ruy Lopez, exchange
    "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6 Bxc6 dxc6 dxe5 Nf5 Qxd8+ Kxd8",  // Berlin
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O",                       // Giuoco Piano
    "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 d6 c3 O-O",                       // Giuoco Piano
    "e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7 O-O O-O",                             // Two Knights, quiet
    "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6 e5 Qe7 Qe2 Nd5 c4",       // Scotch
    "e4 e5 Nf3 Nc6 Nc3 Nf6 d4 exd4 Nxd4 Bb4",                           // Four Knights, Scotch
    "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5 Bd3",                         // Petroff
    "e4 e5 Nf3 d6 d4 Nf6 Nc3 Nbd7 Bc4 Be7 O-O O-O",                     // Philidor
    "e4 e5 Nc3 Nf6 f4 d5 fxe5 Nxe4 Nf3 Be7",                            // Vienna
    "e4 e5 f4 exf4 Nf3 g5 h4 g4 Ne5 Nf6",                               // King's Gambit
    // Sicilian
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6",              // Najdorf
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6 Be3 Bg7 f3 O-O",              // Dragon
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 e6 Be2 Be7 O-O O-O",             // Scheveningen
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6 Bg5 e6 Qd2 a6 O-O-O",        // Richter-Rauzer
    "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5 Ndb5 d6 Bg5 a6 Na3 b5",      // Sveshnikov
    "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nc3 Qc7 Be2 a6 O-O Nf6",             // Taimanov
    "e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6 Bd3 Nf6 O-O Qc7",                     // Kan
    "e4 c5 Nf3 Nc6 Bb5 g6 O-O Bg7 Re1 e5",                              // Rossolimo
    "e4 c5 Nf3 d6 Bb5+ Bd7 Bxd7+ Qxd7 O-O Nc6",                         // Moscow
    "e4 c5 c3 Nf6 e5 Nd5 d4 cxd4 Nf3 Nc6 cxd4 d6",                      // Alapin
    "e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 d3 d6",                                // Closed Sicilian
    // French, Caro-Kann and other replies to 1.e4
    "e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7 e5 Nfd7 Bxe7 Qxe7 f4 O-O",             // French, classical
    "e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+ bxc3 Ne7",                      // French, Winawer
    "e4 e6 d4 d5 Nd2 Nf6 e5 Nfd7 Bd3 c5 c3 Nc6",                        // French, Tarrasch
    "e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6 a3",                              // French, advance
    "e4 e6 d4 d5 exd5 exd5 Nf3 Nf6 Bd3",                                // French, exchange
    "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6 h4 h6 Nf3 Nd7",              // Caro-Kann, classical
    "e4 c6 d4 d5 e5 Bf5 Nf3 e6 Be2 c5",                                 // Caro-Kann, advance
    "e4 c6 d4 d5 exd5 cxd5 Bd3 Nc6 c3 Nf6 Bf4",                         // Caro-Kann, exchange
    "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 c6 Bc4 Bf5",                    // Scandinavian
    "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6",                               // Pirc
    "e4 g6 d4 Bg7 Nc3 d6 Be3 a6",                                       // Modern
    "e4 Nf6 e5 Nd5 d4 d6 Nf3 Bg4 Be2 e6 O-O Be7",                       // Alekhine
    // Queen's pawn: 1...d5
    "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6",                 // QGD, Tartakower
    "d4 d5 c4 e6 Nf3 Nf6 Nc3 Be7 Bf4 O-O e3 c5",                        // QGD, 5.Bf4
    "d4 d5 c4 e6 Nc3 Nf6 cxd5 exd5 Bg5 c6 Qc2 Be7 e3",                  // QGD, exchange
    "d4 d5 c4 e6 Nc3 c5 cxd5 exd5 Nf3 Nc6 g3 Nf6 Bg2 Be7 O-O O-O",      // Tarrasch
    "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5 e3 e6 Bxc4 Bb4 O-O",           // Slav
    "d4 d5 c4 c6 Nf3 Nf6 Nc3 e6 e3 Nbd7 Bd3 dxc4 Bxc4 b5 Bd3",          // Semi-Slav, Meran
    "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5 O-O a6",                       // Queen's Gambit accepted
    "d4 Nf6 Nf3 d5 Bf4 e6 e3 c5 c3 Nc6 Nbd2 Bd6",                       // London
    "d4 d5 Nf3 Nf6 e3 e6 Bd3 c5 c3 Nc6 Nbd2 Bd6",                       // Colle
    // Queen's pawn: Indian defences
    "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5 O-O",                    // Nimzo-Indian, Rubinstein
    "d4 Nf6 c4 e6 Nc3 Bb4 Qc2 O-O a3 Bxc3+ Qxc3 b6",                    // Nimzo-Indian, classical
    "d4 Nf6 c4 e6 Nf3 b6 g3 Ba6 b3 Bb4+ Bd2 Be7",                       // Queen's Indian
    "d4 Nf6 c4 e6 Nf3 d5 g3 Be7 Bg2 O-O O-O dxc4",                      // Catalan
    "d4 Nf6 c4 e6 g3 d5 Bg2 Be7 Nf3 O-O O-O dxc4 Qc2 a6",               // Catalan
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7",         // King's Indian
    "d4 Nf6 c4 g6 g3 Bg7 Bg2 O-O Nc3 d6 Nf3",                           // King's Indian, fianchetto
    "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3 Bg7 Nf3 c5",            // Grünfeld
    "d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6 e4 g6",                        // Modern Benoni
    "d4 Nf6 c4 c5 d5 b5 cxb5 a6 bxa6 Bxa6 Nc3 d6",                      // Benko
    "d4 Nf6 Bg5 Ne4 Bf4 c5 f3 Qa5+ c3 Nf6",                             // Trompowsky
    "d4 f5 g3 Nf6 Bg2 e6 Nf3 Be7 O-O O-O c4 d6",                        // Dutch
    // Flank openings
    "c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5 cxd5 Nxd5 Bg2 Nb6",                    // English, four knights
    "c4 Nf6 Nc3 e5 Nf3 Nc6 g3 Bb4 Bg2 O-O",                             // English
    "c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 Nf3 Nf6 O-O O-O",                      // English, symmetrical
    "c4 e6 Nc3 d5 d4 Nf6",                                              // English into the QGD
    "Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4 d3 Nbd7",                             // Reti
    "Nf3 Nf6 c4 g6 Nc3 Bg7 e4 d6 d4 O-O",                               // into the King's Indian
};
constexpr int LINE_COUNT = int(sizeof LINES / sizeof LINES[0]);

struct Entry {
  Key key;
  Move move;
  int weight;
};

// Built on first use: every line replayed from the start, one entry per (position, move), sorted by
// key and, within a key, by falling weight. A line whose move does not parse stops there (the unit
// test replays every line to the end, so that never happens in a released build).
class BookTable {
 public:
  BookTable() {
    for (std::string_view line : LINES) add_line(line);
    std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
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
  void add_line(std::string_view line) {
    Position pos;
    parse_fen(START_FEN, pos);
    while (!line.empty()) {
      const std::size_t space = line.find(' ');
      const std::string_view token = line.substr(0, space);
      line = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
      const SanResult r = parse_san(pos, token);
      if (!r.ok()) return;
      add(pos.key(), r.move);
      UndoInfo undo;
      pos.do_move(r.move, undo);
    }
  }
  void add(Key key, Move move) {
    for (Entry& e : entries_)
      if (e.key == key && e.move == move) {
        ++e.weight;
        return;
      }
    entries_.push_back({key, move, 1});
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
std::string_view book_line(int index) { return index >= 0 && index < LINE_COUNT ? LINES[index] : std::string_view{}; }
int book_position_count() { return table().positions(); }

}  // namespace escaque
