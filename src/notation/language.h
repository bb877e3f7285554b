// Piece letters of the languages escaque writes and reads moves in.
//
// FIDE's Laws (Appendix E.3) let every player use the initial of the piece's
// name in their own language, and recommend figurines in print. Pawns have no
// letter in any language. The tables here are the only place those letters
// live: SAN output, long algebraic output and the SAN parser all ask them.
#pragma once

#include <optional>
#include <string_view>

#include "../core/types.h"

namespace escaque {

enum class Language { English, Spanish, French, German, Dutch, Figurine };

inline constexpr Language ALL_LANGUAGES[] = {Language::English, Language::Spanish, Language::French,
                                             Language::German,  Language::Dutch,   Language::Figurine};

// "en", "es", "fr", "de", "nl", "figurine".
const char* language_code(Language lang);
// "English", "Spanish", ... (in English, for messages and menus).
const char* language_name(Language lang);

// Accepts the codes above, ISO 639-2 codes (eng, spa, fra/fre, deu/ger, nld/dut), English and native
// names (spanish, español, deutsch, nederlands, ...), "fig"/"figurines", any ASCII case, and a region
// tail after '-' or '_' on a code ("es-AR", "en_GB") so a browser's navigator.language works as is.
std::optional<Language> parse_language(std::string_view name);

// The symbol written for a piece: "N", "C", "S", "♘" (UTF-8), ...; empty for a pawn.
// Figurines are always the white set: most software prints them that way for both colours,
// so a move reads the same whichever side plays it.
std::string_view piece_symbol(Language lang, PieceType pt);

// The piece an uppercase ASCII letter stands for in lang, or NO_PIECE_TYPE.
// In Figurine, the English letters are accepted too: figurines cannot be typed on a keyboard.
PieceType piece_from_letter(Language lang, char upper);

// The piece a UTF-8 chess figurine (U+2654..U+265F, white or black set) stands for, pawn included,
// and how many bytes it takes (3); {NO_PIECE_TYPE, 0} when text does not start with a figurine.
struct FigurineMatch {
  PieceType type;
  int length;
};
FigurineMatch figurine_at(std::string_view text);

// The piece letters of lang in K Q R B N order, space separated, for messages: "R D T A C".
std::string_view letter_list(Language lang);

}  // namespace escaque
