// UciSession::enable_host_signals: the synchronous search of a host without
// threads (the WASM worker of bindings/js/engine.mjs) learns about "stop" and
// "ponderhit" by polling the host, and streams its lines to the host's writer.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/fen.h"
#include "core/uci_move.h"
#include "uci/uci_session.h"

namespace escaque {
namespace {

using Signal = UciSession::HostSignal;

struct HostedSession {
  UciSession session;
  std::vector<std::string> lines;  // what the writer received, in order
  int polls = 0;
  int stopAfterPolls = -1;       // answer Stop from this poll on (-1: never)
  int ponderhitAfterPolls = -1;  // answer PonderHit once, at this poll

  HostedSession() {
    session.enable_host_signals(
        [this] {
          ++polls;
          if (ponderhitAfterPolls >= 0 && polls == ponderhitAfterPolls) return Signal::PonderHit;
          if (stopAfterPolls >= 0 && polls >= stopAfterPolls) return Signal::Stop;
          return Signal::None;
        },
        [this](std::string_view line) { lines.emplace_back(line); });
  }
  std::string handle(const std::string& line) {
    std::string out;
    session.handle(line, out);
    return out;
  }
  std::string bestmove() const {
    for (const auto& l : lines)
      if (l.rfind("bestmove ", 0) == 0) return l;
    return "";
  }
};

bool legal_in(const std::string& fen, const std::string& bestmoveLine) {
  Position pos;
  if (parse_fen(fen, pos)) return false;
  std::string uci = bestmoveLine.substr(9, bestmoveLine.find_first_of(" \n", 9) - 9);
  return parse_uci_move(pos, uci).error == UciMoveError::None;
}

const char* const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(UciHostSignals, InfiniteSearchRunsUntilThePollSaysStop) {
  HostedSession h;
  h.stopAfterPolls = 200;  // ~200 000 nodes
  std::string out = h.handle("go infinite");
  EXPECT_EQ(out, "") << "lines go to the writer, not to handle()'s reply";
  EXPECT_EQ(h.polls, 200);
  ASSERT_FALSE(h.bestmove().empty());
  EXPECT_TRUE(legal_in(START, h.bestmove())) << h.bestmove();
  EXPECT_EQ(h.lines.back(), h.bestmove()) << "bestmove is the last line";
  EXPECT_EQ(h.lines.front().rfind("info depth 1 ", 0), 0u) << h.lines.front();
  for (const auto& l : h.lines) EXPECT_EQ(l.back(), '\n');
}

TEST(UciHostSignals, StopAtTheFirstPollStillGivesALegalMove) {
  const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  HostedSession h;
  h.stopAfterPolls = 1;
  h.handle("position fen " + kiwipete);
  h.handle("go infinite");
  EXPECT_EQ(h.polls, 1);
  EXPECT_TRUE(legal_in(kiwipete, h.bestmove())) << h.bestmove();
}

TEST(UciHostSignals, PonderhitTurnsAPonderSearchIntoATimedOne) {
  HostedSession h;
  h.ponderhitAfterPolls = 50;
  h.handle("position startpos moves e2e4");
  h.handle("go ponder wtime 500 btime 500");
  EXPECT_GE(h.polls, 50);
  ASSERT_FALSE(h.bestmove().empty()) << "the search ended on its own clock after ponderhit";
  EXPECT_EQ(h.bestmove().rfind("bestmove ", 0), 0u);
}

TEST(UciHostSignals, BoundedSearchesAndRefusalsAreUnchanged) {
  HostedSession h;
  h.handle("go depth 4");
  EXPECT_NE(h.bestmove(), "");
  bool depth4 = false;
  for (const auto& l : h.lines) depth4 = depth4 || l.rfind("info depth 4 ", 0) == 0;
  EXPECT_TRUE(depth4);
  h.lines.clear();
  std::string out = h.handle("go depth x");
  EXPECT_NE(out.find("needs an integer, got 'x'"), std::string::npos) << out;
  EXPECT_TRUE(h.lines.empty());
  out = h.handle("isready");
  EXPECT_EQ(out, "readyok\n");
}

}  // namespace
}  // namespace escaque
