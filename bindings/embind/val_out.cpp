#include "val_out.h"

#include <utility>

namespace escaque::js {

using emscripten::val;

void ValOut::put(val v) {
  if (open_.empty()) {
    done_ = std::move(v);
    return;
  }
  Open& o = open_.back();
  if (key_) {
    o.container.set(key_, v);
    key_ = nullptr;
  } else {
    o.container.set(o.count++, v);
  }
}

void ValOut::open(char bracket) {
  val container = bracket == '{' ? val::object() : val::array();
  put(container);
  open_.push_back(Open{std::move(container), 0});
}

void ValOut::close(char) { open_.pop_back(); }

void ValOut::string(std::string_view s) { put(val(std::string(s))); }
void ValOut::number(double v) { put(val(v)); }
void ValOut::boolean(bool b) { put(val(b)); }
void ValOut::null() { put(val::null()); }

}  // namespace escaque::js
