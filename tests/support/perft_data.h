// Reader for tests/data/perft.epd:
//   [960 ]<FEN, 6 fields> ;D1 <n> ;D2 <n> ... ;Dk <n>
// '#' starts a comment line; blank lines are ignored. Every depth from 1 up
// must be listed, in order: a malformed line is an error, never skipped, so
// a damaged data file cannot make the suite pass vacuously.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace escaque::test {

struct PerftCase {
  std::string fen;
  bool chess960 = false;
  std::vector<std::uint64_t> counts;  // counts[d - 1] = perft(d)
  int line = 0;                       // 1-based line number in the file
};

// ESCAQUE_PERFT_FILE overrides the data file (to run the suite against another set).
inline std::string perft_file_path() {
  if (const char* p = std::getenv("ESCAQUE_PERFT_FILE"); p && *p) return p;
  return ESCAQUE_TEST_DATA "/perft.epd";  // one literal: GCC 12 warns falsely on the string +
}

inline bool parse_perft_line(const std::string& raw, int lineNo, PerftCase& out, std::string& error) {
  std::string line = raw;
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  out = PerftCase{};
  out.line = lineNo;
  if (line.rfind("960 ", 0) == 0) {
    out.chess960 = true;
    line = line.substr(4);
  }
  size_t semi = line.find(';');
  if (semi == std::string::npos) {
    error = "line " + std::to_string(lineNo) + ": no ';D1' count";
    return false;
  }
  out.fen = line.substr(0, semi);
  while (!out.fen.empty() && out.fen.back() == ' ') out.fen.pop_back();
  size_t at = semi;
  while (at != std::string::npos && at < line.size()) {
    size_t next = line.find(';', at + 1);
    std::string item = line.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
    while (!item.empty() && item.back() == ' ') item.pop_back();
    std::string expectTag = "D" + std::to_string(out.counts.size() + 1) + " ";
    if (item.rfind(expectTag, 0) != 0 || item.size() == expectTag.size()) {
      error =
          "line " + std::to_string(lineNo) + ": expected '" + expectTag + "<count>', found '" + item + "'";
      return false;
    }
    std::string digits = item.substr(expectTag.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos) {
      error = "line " + std::to_string(lineNo) + ": bad count '" + digits + "'";
      return false;
    }
    out.counts.push_back(std::stoull(digits));
    at = next;
  }
  return true;
}

inline std::vector<PerftCase> load_perft_file(const std::string& path, std::string& error) {
  std::vector<PerftCase> cases;
  std::ifstream in(path);
  if (!in) {
    error = "cannot open " + path;
    return cases;
  }
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#' || line.find_first_not_of(" \t\r") == std::string::npos) continue;
    PerftCase c;
    if (!parse_perft_line(line, n, c, error)) return {};
    cases.push_back(std::move(c));
  }
  if (cases.empty()) error = path + " holds no positions";
  return cases;
}

// ESCAQUE_PERFT_MAX_NODES caps the expected count of any single perft run
// (the sanitizer build sets it to stay short); unset or 0 = no cap.
inline std::uint64_t perft_node_cap() {
  const char* p = std::getenv("ESCAQUE_PERFT_MAX_NODES");
  if (!p || !*p) return 0;
  return std::strtoull(p, nullptr, 10);
}

}  // namespace escaque::test
