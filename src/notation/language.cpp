#include "language.h"

#include <string>

namespace escaque {

namespace {

struct LanguageInfo {
  const char* code;
  const char* name;
  // Indexed by PieceType: PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING.
  std::string_view symbols[PIECE_TYPE_NB];
  std::string_view letterList;  // K Q R B N order
};

// FIDE Appendix E gives R D T A C for Spanish, F for the French bishop (fou) and L for the Dutch one
// (loper); the rest are the usual national initials: French roi, dame, tour, fou, cavalier; German
// König, Dame, Turm, Läufer, Springer; Dutch koning, dame, toren, loper, paard.
constexpr LanguageInfo LANGUAGES[] = {
    {"en", "English", {"", "N", "B", "R", "Q", "K"}, "K Q R B N"},
    {"es", "Spanish", {"", "C", "A", "T", "D", "R"}, "R D T A C"},
    {"fr", "French", {"", "C", "F", "T", "D", "R"}, "R D T F C"},
    {"de", "German", {"", "S", "L", "T", "D", "K"}, "K D T L S"},
    {"nl", "Dutch", {"", "P", "L", "T", "D", "K"}, "K D T L P"},
    {"figurine", "Figurine",
     {"", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
     "\u2654 \u2655 \u2656 \u2657 \u2658 (or K Q R B N)"},
};

const LanguageInfo& info(Language lang) { return LANGUAGES[static_cast<int>(lang)]; }

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

}  // namespace

const char* language_code(Language lang) { return info(lang).code; }
const char* language_name(Language lang) { return info(lang).name; }

std::optional<Language> parse_language(std::string_view name) {
  // Trim blanks, then drop a region tail: "es-AR" -> "es".
  while (!name.empty() && (name.front() == ' ' || name.front() == '\t')) name.remove_prefix(1);
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
  std::string key = ascii_lower(name);
  if (size_t cut = key.find_first_of("-_"); cut != std::string::npos && cut >= 2 && cut <= 3) key.resize(cut);

  struct Alias {
    const char* text;
    Language lang;
  };
  static constexpr Alias ALIASES[] = {
      {"en", Language::English},       {"eng", Language::English},      {"english", Language::English},
      {"es", Language::Spanish},       {"spa", Language::Spanish},      {"spanish", Language::Spanish},
      {"espa\u00f1ol", Language::Spanish}, {"espanol", Language::Spanish}, {"castellano", Language::Spanish},
      {"fr", Language::French},        {"fra", Language::French},       {"fre", Language::French},
      {"french", Language::French},    {"fran\u00e7ais", Language::French}, {"francais", Language::French},
      {"de", Language::German},        {"deu", Language::German},       {"ger", Language::German},
      {"german", Language::German},    {"deutsch", Language::German},
      {"nl", Language::Dutch},         {"nld", Language::Dutch},        {"dut", Language::Dutch},
      {"dutch", Language::Dutch},      {"nederlands", Language::Dutch},
      {"figurine", Language::Figurine}, {"figurines", Language::Figurine}, {"fig", Language::Figurine},
  };
  for (const Alias& a : ALIASES)
    if (key == a.text) return a.lang;
  return std::nullopt;
}

std::string_view piece_symbol(Language lang, PieceType pt) {
  if (pt >= PIECE_TYPE_NB) return {};
  return info(lang).symbols[pt];
}

PieceType piece_from_letter(Language lang, char upper) {
  const LanguageInfo& table = info(lang == Language::Figurine ? Language::English : lang);
  for (int pt = KNIGHT; pt <= KING; ++pt)
    if (table.symbols[pt].size() == 1 && table.symbols[pt][0] == upper) return PieceType(pt);
  return NO_PIECE_TYPE;
}

FigurineMatch figurine_at(std::string_view text) {
  // U+2654..U+265F are E2 99 94..9F: white king, queen, rook, bishop, knight, pawn, then the black set.
  if (text.size() < 3 || static_cast<unsigned char>(text[0]) != 0xE2 || static_cast<unsigned char>(text[1]) != 0x99)
    return {NO_PIECE_TYPE, 0};
  unsigned last = static_cast<unsigned char>(text[2]);
  if (last < 0x94 || last > 0x9F) return {NO_PIECE_TYPE, 0};
  static constexpr PieceType ORDER[6] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
  return {ORDER[(last - 0x94) % 6], 3};
}

std::string_view letter_list(Language lang) { return info(lang).letterList; }

}  // namespace escaque
