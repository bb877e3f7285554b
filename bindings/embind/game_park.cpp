// Games kept in JavaScript while not in use (bindings/js/api.mjs, "parked games"): a game's whole
// state as bytes, and the game made again from them, so that a Chess object dropped without
// dispose() holds no WebAssembly memory once it has been parked.
//
// The bytes are this module's own memory layout (positions, move records and the outcome copied as
// they are; the outcome's result is a pointer to a static string), so only the same loaded module
// reads them back: they are never stored or sent anywhere. A malformed buffer makes no game (0).
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <emscripten/bind.h>

#include "game_handle.h"
#include "rules_io.h"

namespace escaque {

struct GameBytes {
  template <typename T>
  static void put(std::string& out, const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  template <typename T>
  static void put_list(std::string& out, const std::vector<T>& list) {
    static_assert(std::is_trivially_copyable_v<T>);
    put(out, std::uint32_t(list.size()));
    out.append(reinterpret_cast<const char*>(list.data()), list.size() * sizeof(T));
  }
  static void put_text(std::string& out, std::string_view text) {
    put(out, std::uint32_t(text.size()));
    out.append(text);
  }

  // Reads back what put* wrote; `ok` turns false (and stays) past the end.
  struct Reader {
    std::string_view in;
    bool ok = true;
    template <typename T>
    void get(T& value) {
      if (!ok || in.size() < sizeof value) { ok = false; return; }
      std::memcpy(&value, in.data(), sizeof value);
      in.remove_prefix(sizeof value);
    }
    template <typename T>
    void get_list(std::vector<T>& list) {
      std::uint32_t n = 0;
      get(n);
      if (!ok || in.size() / sizeof(T) < n) { ok = false; return; }
      list.resize(n);
      std::memcpy(list.data(), in.data(), n * sizeof(T));
      in.remove_prefix(n * sizeof(T));
    }
    void get_text(std::string& text) {
      std::uint32_t n = 0;
      get(n);
      if (!ok || in.size() < n) { ok = false; return; }
      text.assign(in.substr(0, n));
      in.remove_prefix(n);
    }
  };

  static void save(const js::GameHandle& handle, std::string& out) {
    const Game& g = handle.game();
    put(out, g.start_);
    put(out, g.pos_);
    put(out, g.outcome_);
    put(out, g.drawOffer_);
    put(out, g.claimedMove_);
    put(out, g.endedAtPly_);
    put_list(out, g.history_);
    put_list(out, g.redo_);
    put(out, std::uint32_t(handle.tags().size()));
    for (const PgnTag& tag : handle.tags()) {
      put_text(out, tag.name);
      put_text(out, tag.value);
    }
    put_text(out, handle.importedTermination);
    put(out, handle.importedPly);
  }

  static js::GameHandle* restore(std::string_view bytes) {
    Reader r{bytes};
    auto* handle = new js::GameHandle();
    Game& g = handle->game();
    r.get(g.start_);
    r.get(g.pos_);
    r.get(g.outcome_);
    r.get(g.drawOffer_);
    r.get(g.claimedMove_);
    r.get(g.endedAtPly_);
    r.get_list(g.history_);
    r.get_list(g.redo_);
    std::uint32_t tags = 0;
    r.get(tags);
    for (std::uint32_t i = 0; r.ok && i < tags; i++) {
      PgnTag tag;
      r.get_text(tag.name);
      r.get_text(tag.value);
      handle->tags().push_back(std::move(tag));
    }
    r.get_text(handle->importedTermination);
    r.get(handle->importedPly);
    if (!r.ok || !r.in.empty()) {
      delete handle;
      return nullptr;
    }
    handle->changed();
    return handle;
  }
};

}  // namespace escaque

EMSCRIPTEN_BINDINGS(escaque_game_park) {
  using namespace emscripten;
  // The game's bytes, as a view of the module's memory valid until the next call (the caller copies
  // them, then deletes the game). The game is not changed.
  function("parkGame", optional_override([](const escaque::js::GameHandle& h) {
             static std::string bytes;  // keeps its capacity: parking allocates nothing once warm
             bytes.clear();
             escaque::GameBytes::save(h, bytes);
             return val(typed_memory_view(bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data())));
           }));
  // A new game from the bytes parkGame gave (a Uint8Array), or null when they are not such bytes.
  function("unparkGame", optional_override([](const std::string& bytes) { return escaque::GameBytes::restore(bytes); }),
           allow_raw_pointers());
}
