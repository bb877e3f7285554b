// The game tree's small helpers: tags, command comments ([%clk ...]), clock and eval values.
#include <cstdlib>

#include "pgn.h"

namespace escaque {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// A command found in a comment, with where its value sits (for set_command).
struct CommandSpan {
  PgnCommand command;
  std::size_t argsBegin, argsEnd;  // between the name and the ']'
};

// Calls f(CommandSpan) for every well-formed [%name args] in text.
template <class F>
void scan_commands(std::string_view text, F&& f) {
  std::size_t i = 0;
  while ((i = text.find("[%", i)) != std::string_view::npos) {
    std::size_t nameBegin = i + 2, j = nameBegin;
    while (j < text.size() && is_name_char(text[j])) ++j;
    if (j == nameBegin || j >= text.size() || (text[j] != ']' && !is_space(text[j]))) {
      i = nameBegin;
      continue;
    }
    std::size_t close = text.find(']', j);
    if (close == std::string_view::npos) return;
    CommandSpan span{{text.substr(nameBegin, j - nameBegin), trim(text.substr(j, close - j))}, j, close};
    f(span);
    i = close + 1;
  }
}

// Parses digits (at least one) into value; false on anything else or overflow past 10^12.
bool parse_digits(std::string_view s, std::int64_t& value) {
  if (s.empty() || s.size() > 12) return false;
  value = 0;
  for (char c : s) {
    if (!is_digit(c)) return false;
    value = value * 10 + (c - '0');
  }
  return true;
}

}  // namespace

PgnGame::PgnGame() { start.set_startpos(); }

const std::string* PgnGame::tag(std::string_view name) const {
  for (const PgnTag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

void PgnGame::set_tag(std::string_view name, std::string value) {
  for (PgnTag& t : tags)
    if (t.name == name) {
      t.value = std::move(value);
      return;
    }
  tags.push_back(PgnTag{std::string(name), std::move(value)});
}

int PgnGame::remove_tag(std::string_view name) {
  int removed = 0;
  for (std::size_t i = 0; i < tags.size();) {
    if (tags[i].name == name) {
      tags.erase(tags.begin() + std::ptrdiff_t(i));
      ++removed;
    } else {
      ++i;
    }
  }
  return removed;
}

std::vector<PgnCommand> parse_commands(std::string_view comment) {
  std::vector<PgnCommand> out;
  parse_commands(comment, out);
  return out;
}

void parse_commands(std::string_view comment, std::vector<PgnCommand>& out) {
  out.clear();
  scan_commands(comment, [&](const CommandSpan& s) { out.push_back(s.command); });
}

std::optional<std::string_view> find_command(const MoveNode& node, std::string_view name) {
  for (const std::string& c : node.commentsAfter) {
    std::optional<std::string_view> found;
    scan_commands(c, [&](const CommandSpan& s) {
      if (!found && s.command.name == name) found = s.command.value;
    });
    if (found) return found;
  }
  return std::nullopt;
}

void set_command(std::string& comment, std::string_view name, std::string_view value) {
  bool replaced = false;
  scan_commands(comment, [&](const CommandSpan& s) {
    if (replaced || s.command.name != name) return;
    comment.replace(s.argsBegin, s.argsEnd - s.argsBegin, " " + std::string(value));
    replaced = true;
  });
  if (replaced) return;
  if (!comment.empty() && !is_space(comment.back())) comment += ' ';
  comment += "[%";
  comment += name;
  comment += ' ';
  comment += value;
  comment += ']';
}

std::optional<std::int64_t> parse_clock(std::string_view text) {
  // One pass (it runs for every [%clk] of a file): up to three groups [[H:]M:]S, the groups after
  // the first 0..59 and two digits, each group 1 to 12 digits; then maybe '.' and the fraction's
  // digits (at least one), read to the millisecond.
  text = trim(text);
  const char* p = text.data();
  const char* const end = p + text.size();
  std::int64_t total = 0;
  for (int groups = 1;; ++groups) {
    const char* const first = p;
    while (p < end && is_digit(*p)) ++p;
    const std::string_view group(first, std::size_t(p - first));
    std::int64_t v;
    if (!parse_digits(group, v)) return std::nullopt;
    if (groups > 1 && (group.size() != 2 || v > 59)) return std::nullopt;
    total = total * 60 + v;
    if (p == end || *p == '.') break;
    if (*p != ':' || groups == 3) return std::nullopt;
    ++p;
  }
  std::int64_t fractionMillis = 0;
  if (p < end) {  // at the '.'
    if (++p == end) return std::nullopt;
    std::int64_t scale = 100;
    for (; p < end; ++p) {
      if (!is_digit(*p)) return std::nullopt;
      fractionMillis += (*p - '0') * scale;
      scale /= 10;
    }
  }
  return total * 1000 + fractionMillis;
}

std::string format_clock(std::int64_t ms) {
  std::string sign;
  if (ms < 0) {
    sign = "-";
    ms = -ms;
  }
  std::int64_t seconds = ms / 1000, tenths = (ms % 1000) / 100;
  auto two = [](std::int64_t v) { return std::string(v < 10 ? "0" : "") + std::to_string(v); };
  std::string s = sign + std::to_string(seconds / 3600) + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60);
  if (tenths) s += "." + std::to_string(tenths);
  return s;
}

std::optional<PgnEval> parse_eval(std::string_view text) {
  text = trim(text);
  if (std::size_t comma = text.find(','); comma != std::string_view::npos) text = text.substr(0, comma);
  PgnEval e;
  if (!text.empty() && text.front() == '#') {
    e.mate = true;
    text.remove_prefix(1);
  }
  bool negative = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  std::size_t dot = text.find('.');
  std::int64_t whole;
  if (!parse_digits(text.substr(0, dot), whole) || whole > 100000) return std::nullopt;
  if (e.mate) {
    if (dot != std::string_view::npos) return std::nullopt;
    e.value = int(negative ? -whole : whole);
    return e;
  }
  std::int64_t cp = whole * 100;
  if (dot != std::string_view::npos) {
    std::string_view frac = text.substr(dot + 1);
    if (frac.empty()) return std::nullopt;
    for (char c : frac)
      if (!is_digit(c)) return std::nullopt;
    cp += (frac[0] - '0') * 10;
    if (frac.size() > 1) cp += frac[1] - '0';
    if (frac.size() > 2 && frac[2] >= '5') cp += 1;  // rounds half away from zero (sign applied below)
  }
  e.value = int(negative ? -cp : cp);
  return e;
}

}  // namespace escaque
