#include "bench.h"

#include "../core/fen.h"
#include "../core/uci_move.h"
#include "clock.h"

namespace escaque {

const std::vector<std::string>& bench_positions() {
  // Openings, middlegames and endgames of different kinds; the first six are
  // the well-known perft test positions.
  static const std::vector<std::string> positions = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      // Positions reached by common opening lines (Sicilian, Nimzo-Indian, Ruy Lopez, Slav, Caro-Kann,
      // English, French).
      "r2q1rk1/3nbppp/p2pbn2/1p2p3/4P1P1/1NN1BP2/PPPQ3P/2KR1B1R w - - 0 12",
      "r1bq1rk1/pp1n1ppp/4pn2/b1p5/2BP4/P1N1PN2/1P3PPP/R1BQ1RK1 w - - 1 10",
      "r1b2rk1/2q1bppp/p2p1n2/npp1p3/3PP3/2P2N1P/PPB2PP1/RNBQR1K1 w - - 1 12",
      "rn1q1rk1/pp3ppp/2p1p3/8/PbBPb3/4PN2/1P2QPPP/R1B2RK1 w - - 0 11",
      "r2qkb1r/pp2nppp/2n1p3/3pP3/Q1PNb3/4B3/PP2BPPP/RN2K2R w KQkq - 3 10",
      "r2q1rk1/ppp1b1pp/1nn1bp2/4p3/1P6/P1NP1NP1/4PPBP/R1BQ1RK1 w - - 0 11",
      "r3k1r1/ppqbnp1Q/2n1p3/3pP3/3p1P2/P1P5/2P1N1PP/R1B1KB1R w KQq - 1 12",
      // Endgames: rook mate, king and pawn, rook endings, queen against rook, a pawn chain with a
      // bishop, the Lucena position, a back-rank mate.
      "8/8/8/4k3/8/8/8/R3K3 w Q - 0 1",
      "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1",
      "8/5pk1/6p1/8/1r6/6P1/R4PK1/8 w - - 0 1",
      "8/8/8/3k4/8/8/2r4Q/K7 w - - 0 1",
      "8/3k4/2p1p3/1pPpPp2/1P1P1P2/3K4/8/5B2 w - - 0 1",
      "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
      "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
  };
  return positions;
}

BenchResult run_bench(int depth, const BenchProgress& progress, const nnue::Network* net) {
  BenchResult result;
  auto tt = std::make_unique<TranspositionTable>();  // default size: 16 MiB
  tt->resize(TranspositionTable::DEFAULT_MB);
  auto searcher = std::make_unique<Searcher>(*tt);
  searcher->set_network(net);
  SearchLimits limits;
  limits.depth = depth;
  SearchOptions options;
  const std::vector<Key> noHistory;
  const std::int64_t start = now_ms();
  int index = 0;
  for (const std::string& fen : bench_positions()) {
    ++index;
    Position pos;
    if (parse_fen(fen, pos)) continue;  // cannot happen: the list is fixed and tested
    tt->clear();
    searcher->clear_history();
    SearchResult r = searcher->search(pos, noHistory, limits, options, {});
    result.nodes += r.nodes;
    std::string move = r.bestMove.is_ok() ? move_to_uci(pos, r.bestMove) : "(none)";
    result.bestMoves.push_back(move);
    if (progress)
      progress("position " + std::to_string(index) + "/" + std::to_string(bench_positions().size()) + " nodes " +
           std::to_string(r.nodes) + " bestmove " + move + " fen " + fen);
  }
  result.timeMs = now_ms() - start;
  return result;
}

}  // namespace escaque
